"""The stats of stud for one player over the hands imported, filtered: each one a sum in
SQL over the facts stat_facts.py worked out at import. docs/review.md defines each stat;
STATS below is that list in code, the order the command shows them in."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date

from .stat_facts import STREETS


class FilterError(ValueError):
    """A filter given in a form the stats do not read (stakes, a date)."""


@dataclass(frozen=True)
class Filters:
    """Which hands count. player None: the hero of each hand (the player the file deals
    hole cards to)."""

    player: str | None = None
    game: str | None = None
    stakes: tuple[float, float] | None = None  # small bet, big bet
    since: str | None = None  # ISO dates, both included
    until: str | None = None
    room: str | None = None
    opponent: str | None = None


_STAKES_RE = re.compile(r"^\s*(\d+(?:\.\d+)?|\.\d+)\s*/\s*(\d+(?:\.\d+)?|\.\d+)\s*$")


def parse_stakes(text: str) -> tuple[float, float]:
    """'0.04/0.08' -> (0.04, 0.08): the small bet and the big bet."""
    found = _STAKES_RE.match(text.replace("$", "").replace("€", "").replace("£", ""))
    if found is None:
        raise FilterError(f"stakes {text!r} are not SMALL/BIG: write the small bet and the "
                          "big bet, e.g. --stakes 2/4 or --stakes 0.04/0.08")
    small, big = float(found[1]), float(found[2])
    if small > big:
        raise FilterError(f"stakes {text!r}: the small bet comes first, then the big bet, e.g. "
                          f"--stakes {found[2]}/{found[1]}")
    return small, big


def parse_date(text: str, option: str) -> str:
    """An ISO date (2024-03-31), checked: the stats compare dates as text."""
    try:
        return date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        raise FilterError(f"{option} {text!r} is not a date: write it YYYY-MM-DD, e.g. "
                          f"{option} 2024-03-31") from None


@dataclass(frozen=True)
class Stat:
    """One stat: ``count`` of ``out_of`` (a share), or a total when out_of is None."""

    key: str
    label: str
    count: float
    out_of: float | None = None

    @property
    def value(self) -> float | None:
        if self.out_of is None:
            return self.count
        return self.count / self.out_of if self.out_of else None

    def to_dict(self) -> dict:
        return {"stat": self.key, "label": self.label, "value": self.value,
                "count": self.count, "out_of": self.out_of}


@dataclass(frozen=True)
class PlayerStats:
    """The stats (STATS' order, then aggression on each street played); players: the
    names counted (several when the hero is each hand's own); undated: hands left out of a
    date filter for having no date."""

    players: tuple[str, ...]
    stats: tuple[Stat, ...]
    undated: int = 0

    def __getitem__(self, key: str) -> Stat:
        return next(s for s in self.stats if s.key == key)

    def to_dict(self) -> dict:
        return {"players": list(self.players), "undated_hands_left_out": self.undated,
                "stats": [s.to_dict() for s in self.stats]}


# (key, label, count's SQL, out of's SQL or None): a share is count / out of.
STATS: tuple[tuple[str, str, str, str | None], ...] = (
    ("hands", "hands", "COUNT(*)", None),
    ("net", "net (chips)", "ROUND(COALESCE(SUM(s.net), 0), 2)", None),
    ("bb_per_100", "net in big bets per 100 hands",
     "COALESCE(SUM(s.net / NULLIF(h.big_bet, 0)), 0)", "COUNT(*) / 100.0"),
    ("voluntary", "voluntarily in on 3rd (VPIP)", "SUM(s.voluntary)", "COUNT(*)"),
    ("raised_first", "completes or raises on 3rd", "SUM(s.raised_first)", "COUNT(*)"),
    ("defended", "bring-in defended against a completion", "SUM(s.defended)",
     "SUM(s.faced_completion)"),
    ("stole", "steal attempts", "SUM(s.stole)", "SUM(s.steal_chance)"),
    ("folded_to_steal", "folds to a steal", "SUM(s.folded_to_steal)", "SUM(s.faced_steal)"),
    ("went_to_showdown", "went to showdown (of hands seeing 4th)",
     "SUM(s.went_to_showdown)", "SUM(s.saw_second)"),
    ("won_at_showdown", "won at showdown", "SUM(s.won_at_showdown)",
     "SUM(s.went_to_showdown)"),
    ("won_without_showdown", "won without showdown", "SUM(s.won_without_showdown)",
     "COUNT(*)"),
)


def _aggression(street: str) -> tuple[str, str, str, str]:
    return (f"aggression_{street}", f"aggression on {street} (bets and raises per call)",
            f"SUM(s.aggressive_{street})", f"SUM(s.calls_{street})")


def where_clause(filters: Filters, *, heroless: bool = False) -> tuple[list[str], list]:
    """The filters as SQL conditions (to join with AND) and their parameters, over the
    seats ``s`` of the player joined to their hands ``h``: every query of the review that
    the filters narrow (the stats, the costly list, the luck, the plots) uses these.
    heroless (no player given): the seats of the hands that name no hero, in place of the
    heroes' seats (hands_without_hero)."""
    where: list[str] = []
    args: list[object] = []
    if filters.player is None:
        where.append("h.hero IS NULL" if heroless else "s.is_hero")
    else:
        where.append("s.player = ?")
        args.append(filters.player)
    if filters.game is not None:
        where.append("h.game = ?")
        args.append(filters.game)
    if filters.stakes is not None:
        # Amounts are read from text as floats: equal within a thousandth of a cent.
        where.append("abs(h.small_bet - ?) < 1e-5 AND abs(h.big_bet - ?) < 1e-5")
        args += list(filters.stakes)
    if filters.since is not None:
        where.append("h.played_at >= ?")
        args.append(filters.since)
    if filters.until is not None:
        where.append("h.played_at < date(?, '+1 day')")
        args.append(filters.until)
    if filters.room is not None:
        where.append("h.room = ? COLLATE NOCASE")
        args.append(filters.room)
    if filters.opponent is not None:
        where.append("EXISTS (SELECT 1 FROM seats o WHERE o.player = ? AND o.hand = s.hand "
                     "AND o.player <> s.player)")
        args.append(filters.opponent)
    return where, args


def absent_players(connection: sqlite3.Connection, names: Iterable[str]) -> list[str]:
    """The names no seat of the database holds (a range given to nobody, say)."""
    return [name for name in names if not connection.execute(
        "SELECT 1 FROM seats WHERE player = ? LIMIT 1", (name,)).fetchone()]


def hands_without_hero(connection: sqlite3.Connection, filters: Filters) -> int:
    """The hands the filters keep but for their hero: those whose file names none (PHH,
    a hand a room wrote for an observer), which the default player, each hand's hero,
    leaves out. 0 when the filters name a player."""
    if filters.player is not None:
        return 0
    where, args = where_clause(filters, heroless=True)
    return connection.execute(
        "SELECT COUNT(DISTINCT h.id) FROM seats s JOIN hands h ON h.id = s.hand "
        f"WHERE {' AND '.join(where)}", args).fetchone()[0]


def _either(names: list[str]) -> str:
    quoted = [repr(name) for name in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def names_not_found(connection: sqlite3.Connection, filters: Filters,
                    labels: Mapping[str, str] | None = None) -> list[str]:
    """What a filter names that the database has not (a player, an opponent, a room), each
    said with the nearest names it has: a filter that matches nothing gives no hands, and
    "nobody" alone would not say why. Player names match as the files write them."""
    labels = labels or {}  # how the filters are named where asked ('Player' on the page)
    said = []
    for option, name in (("--player", filters.player), ("--opponent", filters.opponent)):
        option = labels.get(option, option)
        if name is None or connection.execute(
                "SELECT 1 FROM seats WHERE player = ? LIMIT 1", (name,)).fetchone():
            continue
        alike = [row[0] for row in connection.execute(
            "SELECT player FROM seats WHERE player LIKE ? GROUP BY player "
            "ORDER BY COUNT(*) DESC LIMIT 3", (f"%{name}%",))]
        most = [row[0] for row in connection.execute(
            "SELECT player FROM seats GROUP BY player ORDER BY COUNT(*) DESC, player "
            "LIMIT 5")]
        hint = (f"did you mean {_either(alike)}? (names must match exactly, capitals "
                "included)" if alike else
                f"the players with the most hands: {', '.join(most) or 'none yet'}")
        said.append(f"{option} {name!r}: no player of that name in the database; {hint}")
    if filters.room is not None and not connection.execute(
            "SELECT 1 FROM hands WHERE room = ? COLLATE NOCASE LIMIT 1",
            (filters.room,)).fetchone():
        rooms = [row[0] for row in connection.execute(
            "SELECT DISTINCT room FROM hands ORDER BY room")]
        alike = [room for room in rooms if filters.room.lower() in room.lower()]
        listed = ", ".join(rooms) or "none yet"
        said.append(f"{labels.get('--room', '--room')} {filters.room!r}: no hands from that "
                    "room in the database; "
                    + (f"did you mean {_either(alike)}? (the rooms it has: {listed})" if alike
                       else f"the rooms it has: {listed}"))
    return said


def player_stats(connection: sqlite3.Connection, filters: Filters = Filters()) -> PlayerStats:
    """The stats of filters.player (or each hand's hero) over the hands the filters keep:
    one pass over the player's seats, each sum computed once however many stats use it."""
    where, args = where_clause(filters)
    rows = STATS + tuple(_aggression(street) for street in STREETS)
    sums = list(dict.fromkeys(sql for _, _, count, out_of in rows
                              for sql in (count, out_of) if sql is not None))
    select = ", ".join(sums + ["json_group_array(DISTINCT s.player)"])
    sql = (f"SELECT {select} FROM seats s JOIN hands h ON h.id = s.hand "
           f"WHERE {' AND '.join(where)}")
    *values, players = connection.execute(sql, args).fetchone()
    value = dict(zip(sums, values, strict=True))
    stats = []
    for key, label, count, out_of in rows:
        total = None if out_of is None else value[out_of] or 0
        if key == "aggression_2nd" and not (value[count] or total):
            continue  # five-card stud's first street, in none of these hands
        stats.append(Stat(key, label, value[count] or 0, total))
    return PlayerStats(tuple(sorted(json.loads(players))), tuple(stats),
                       _undated(connection, filters))


def _undated(connection: sqlite3.Connection, filters: Filters) -> int:
    """Hands the date filter left out for having no date (the other filters kept)."""
    if filters.since is None and filters.until is None:
        return 0
    where, args = where_clause(Filters(filters.player, filters.game, filters.stakes, None,
                                       None, filters.room, filters.opponent))
    sql = (f"SELECT COUNT(*) FROM seats s JOIN hands h ON h.id = s.hand "
           f"WHERE {' AND '.join(where)} AND h.played_at IS NULL")
    return connection.execute(sql, args).fetchone()[0]
