"""The decisions that cost the most, and the luck at showdown, over the hands imported:
each hand's decisions priced once (review/decisions.py) and stored, then asked of the
database as often as wanted.

Pricing needs each hand as its reader gave it (the hole cards apart from the up cards,
the uncalled bets, who went all in for what): the stored rows are a summary of it, so the
hand is read again from its source file: the bytes the import kept in the database
(source_files.py), or for a hand imported before the database kept them, the file at the
path the import recorded. That is what `studodds replay --decisions` prices (and `studodds
review replay --decisions`, the command each decision names), so all give
the same numbers. A hand of those older imports whose file is gone (moved, deleted) is
left unpriced and counted; it is priced once its file is back.

A hand priced is recorded in the `priced` table with the settings it was priced with
(ranges, precision, seed): pricing again skips it, even when it gave no decision or could
not be priced (the problem is kept), unless the settings differ; then its rows are
replaced. One transaction per hand: a killed run keeps every hand it finished.

Luck (luck_of) is stored per showdown hand and street: the player's expected share of
the chips they could win (equity_share, every shown card known), that pot in chips (pot:
what the player could win, the pots they were in at the end, rake not taken) and the
share they won (won). A session is a source file: the readers give no date yet
(hand_rows.py leaves played_at empty), and a file is how a room writes a session."""

from __future__ import annotations

import json
import shlex
import sqlite3
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from typing import TYPE_CHECKING
from urllib.parse import urlencode

from .. import __version__
from .hand_import import _transaction
from .player_stats import Filters, where_clause
from .pricing_outcomes import Ranges, Unpriced
from .stored_hands import rooms_with

if TYPE_CHECKING:  # pricing loads the odds engine: only when there is something to price
    from .pricing import _Priced

# decisions.DECISION_PRECISION, which the queries need not load the engine to know.
DEFAULT_PRECISION = 0.0025

ALL_HANDS = Filters()


@dataclass(frozen=True)
class PricingResult:
    """What a pricing run did: hands priced now (with their decisions and luck rows),
    hands priced before with the same settings, hands that could not be."""

    priced: int = 0
    decisions: int = 0
    luck_rows: int = 0
    already: int = 0
    unpriced: tuple[Unpriced, ...] = ()


# What the stored prices and luck mean, beyond their settings: raised when a definition
# changes, so that hands priced before are priced again once. 2: a street's luck among
# the players who reach the showdown (histories/session.py), no longer every player in;
# one range for every opponent only for those who put chips in by choice, and an
# opponent no hand of whose range fits his board at random (decisions.py).
DEFINITIONS = 2


def _where(filters: Filters, player: str | None) -> tuple[list[str], list]:
    """The filters' SQL (player_stats.where_clause), for ``player`` when one is given (else
    filters.player, else each hand's hero): what every query of this module narrows by."""
    return where_clause(filters if player is None else replace(filters, player=player))


def _settings(ranges: Ranges, precision: float, seed: int) -> str:
    return json.dumps({"ranges": ranges, "precision": precision, "seed": seed,
                       "definitions": DEFINITIONS}, sort_keys=True)


def price_decisions(connection: sqlite3.Connection, filters: Filters = ALL_HANDS, *,
                    player: str | None = None, ranges: Ranges = None,
                    precision: float = DEFAULT_PRECISION, seed: int = 1,
                    progress: Callable[[int, int], None] | None = None,
                    executor=None) -> PricingResult:
    """Price and store the decisions (and the luck) of ``player`` (default filters.player,
    else each hand's hero) in every hand the filters keep that is not priced yet with these
    settings. progress(done, total) after each hand; executor: a batch executor
    (batch/executors.py) whose workers price the hands (None: this process)."""
    if ranges:
        from .pricing import check_ranges
        check_ranges(ranges)
    settings = _settings(ranges, precision, seed)
    where, args = _where(filters, player)
    rows = connection.execute(
        "SELECT h.id, h.room, h.hand_id, h.source, s.player, p.settings, h.file, h.fingerprint "
        "FROM seats s JOIN hands h ON h.id = s.hand "
        "LEFT JOIN priced p ON p.hand = s.hand AND p.player = s.player "
        f"WHERE {' AND '.join(where)} ORDER BY h.source, h.id", args).fetchall()
    to_do = [r for r in rows if r[5] != settings]
    already = len(rows) - len(to_do)
    if not to_do:  # nothing to price: the odds engine stays unloaded
        if progress is not None:
            progress(0, 0)
        return PricingResult(already=already)
    from .pricing import hands_to_price, priced_hands
    tasks, unpriced = hands_to_price(connection, to_do, ranges, precision, seed)
    total = len(tasks)
    if progress is not None:
        progress(0, total)
    priced = decisions = luck_rows = 0
    for done, result in enumerate(priced_hands(tasks, executor), 1):
        _store(connection, result, settings)
        priced += 1
        decisions += len(result.decisions)
        luck_rows += len(result.luck)
        if result.problem is not None:
            unpriced.append(_unpriced_of(rows, result))
        if progress is not None:
            progress(done, total)
    return PricingResult(priced, decisions, luck_rows, already, tuple(unpriced))


def _unpriced_of(rows: list, result: _Priced) -> Unpriced:
    row = next(r for r in rows if r[0] == result.row)
    return Unpriced(row[1], row[2], row[3], result.problem or "")


def _store(connection: sqlite3.Connection, result: _Priced, settings: str) -> None:
    """One hand's rows, replacing any priced with other settings, in one transaction."""
    with _transaction(connection):
        for table in ("decisions", "luck"):
            connection.execute(f"DELETE FROM {table} WHERE hand = ? AND player = ?",
                               (result.row, result.player))
        connection.executemany(
            "INSERT INTO decisions (hand, street, action_index, player, kind, facing, pot, "
            "big_bet, equity, equity_se, method, ranges, needed, cost_big_bets, "
            "computed_with) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(result.row, d.street, d.action_index, d.player, d.kind, d.facing, d.pot,
              d.big_bet, d.equity, d.equity_se, d.method, d.ranges, d.needed,
              d.cost_big_bets, d.computed_with) for d in result.decisions])
        connection.executemany(
            "INSERT INTO luck (hand, player, street, equity_share, pot, won) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [(result.row, row.player, row.street, row.expected_share, result.luck_pot,
              row.won_share) for row in result.luck])
        connection.execute(
            "INSERT OR REPLACE INTO priced (hand, player, settings, problem, computed_with) "
            "VALUES (?, ?, ?, ?, ?)",
            (result.row, result.player, settings, result.problem, __version__))


# --------------------------------------------------------------------- the costly list

@dataclass(frozen=True)
class CostlyDecision:
    """A stored decision with its hand, and where to see it: the replay's command line and
    the page's link to the hand at that street."""

    room: str
    hand_id: str
    source: str
    played_at: str | None
    game: str
    player: str
    street: str
    action_index: int
    kind: str
    pot: float
    facing: float
    needed: float | None
    equity: float
    equity_se: float
    ranges: str
    cost_big_bets: float
    replay: str
    link: str

    def to_dict(self) -> dict:
        return asdict(self)


def replay_command(hand_id: str, player: str, hero: str | None, *, room: str | None = None,
                   database: str | None = None, ranges: Ranges = None,
                   precision: float = DEFAULT_PRECISION) -> str:
    """The command line that replays the hand with the player's decisions priced, read from
    the database (review/stored_hands.py), so it works whatever became of the file. room:
    only when hands of several rooms share the id; database: the --db the list was asked
    with, if any; ranges and precision: those the decisions were priced with, so the
    replay shows the same prices."""
    words = ["studodds", "review", "replay", hand_id, "--decisions"]
    if room is not None:
        words += ["--room", room]
    if player != hero:
        words += ["--hero", player]
    if isinstance(ranges, str):
        words += ["--ranges", ranges]
    elif ranges:
        for name, text in ranges.items():
            words += ["--ranges", f"{name}={text}"]
    if precision != DEFAULT_PRECISION:  # the replay's default too (a test holds them equal)
        words += ["--precision", f"{precision:g}"]
    if database is not None:
        words += ["--db", database]
    return " ".join(shlex.quote(w) for w in words)


def page_link(room: str, hand_id: str, street: str, player: str) -> str:
    """The page's address of the hand at that street: the hand by its room and id in the
    review database (the page's server reads the database, never a path from a link)."""
    return "/#" + urlencode({"replay": hand_id, "room": room, "street": street,
                             "player": player})


def costly_decisions(connection: sqlite3.Connection, filters: Filters = ALL_HANDS, *,
                     player: str | None = None, limit: int = 20,
                     database: str | None = None) -> tuple[CostlyDecision, ...]:
    """The stored decisions that cost something, worst first (ties: room, hand id, street
    order, action), at most ``limit``. database: the database's file as the user named it
    (--db), for each decision's replay command; None for the default one."""
    where, args = _where(filters, player)
    rows = connection.execute(
        "SELECT h.room, h.hand_id, h.source, h.played_at, h.game, h.hero, d.player, "
        "d.street, d.action_index, d.kind, d.pot, d.facing, d.needed, d.equity, "
        "d.equity_se, d.ranges, d.cost_big_bets, p.settings "
        "FROM decisions d JOIN hands h ON h.id = d.hand "
        "JOIN seats s ON s.hand = d.hand AND s.player = d.player "
        "LEFT JOIN priced p ON p.hand = d.hand AND p.player = d.player "
        f"WHERE d.cost_big_bets > 0 AND {' AND '.join(where)} "
        "ORDER BY d.cost_big_bets DESC, h.room, h.hand_id, d.street, d.action_index "
        "LIMIT ?", [*args, limit]).fetchall()
    out = []
    for (room, hand_id, source, played_at, game, hero, name, street, index, kind, pot,
         facing, needed, equity, se, used, cost, settings) in rows:
        priced_with = json.loads(settings) if settings else {}
        out.append(CostlyDecision(
            room, hand_id, source, played_at, game, name, street, index, kind, pot, facing,
            needed, equity, se, used, cost,
            replay_command(hand_id, name, hero, database=database,
                           room=room if len(rooms_with(connection, hand_id)) > 1 else None,
                           ranges=priced_with.get("ranges"),
                           precision=priced_with.get("precision", DEFAULT_PRECISION)),
            page_link(room, hand_id, street, name)))
    return tuple(out)


def showdowns_not_priced(connection: sqlite3.Connection, filters: Filters = ALL_HANDS, *,
                         player: str | None = None) -> tuple[int, int]:
    """(the player's showdowns among the hands the filters keep that no pricing has seen
    yet, those priced under older definitions than DEFINITIONS): the first are not in
    luck_summary, the second are in it the old way, until `review costly` prices them."""
    where, args = _where(filters, player)
    waiting, older = connection.execute(
        "SELECT COALESCE(SUM(p.hand IS NULL), 0), COALESCE(SUM(p.hand IS NOT NULL AND "
        "COALESCE(json_extract(p.settings, '$.definitions'), 1) < ?), 0) "
        "FROM seats s JOIN hands h ON h.id = s.hand "
        "LEFT JOIN priced p ON p.hand = s.hand AND p.player = s.player "
        f"WHERE s.went_to_showdown AND {' AND '.join(where)}",
        [DEFINITIONS, *args]).fetchone()
    return waiting, older


# ------------------------------------------------------------------------------ luck

@dataclass(frozen=True)
class LuckSession:
    """Luck over a session's showdown hands (session: a source file; None: all of them),
    street by street: the chips the player could expect (equity share x pot) against the
    chips won (won share x pot), summed over the showdowns that have that street, and the
    same in big bets (each hand's own). A street's figures count only the hands that
    have it: five-card stud's 2nd street none of seven-card stud's, whose 5th and 6th
    street five-card stud has not (its last card comes on 5th)."""

    source: str | None
    showdowns: int
    won_chips: float  # over every showdown of the session
    won_big_bets: float
    expected_chips: dict[str, float]
    expected_big_bets: dict[str, float]
    street_showdowns: dict[str, int]  # the showdowns that have each street
    street_won_chips: dict[str, float]  # the chips won in those showdowns
    street_won_big_bets: dict[str, float]

    @property
    def luck_chips(self) -> dict[str, float]:
        return {s: self.street_won_chips[s] - e for s, e in self.expected_chips.items()}

    @property
    def luck_big_bets(self) -> dict[str, float]:
        return {s: self.street_won_big_bets[s] - e for s, e in self.expected_big_bets.items()}

    def to_dict(self) -> dict:
        return {"source": self.source, "showdowns": self.showdowns,
                "won_chips": self.won_chips, "won_big_bets": self.won_big_bets,
                "expected_chips": self.expected_chips,
                "expected_big_bets": self.expected_big_bets,
                "street_showdowns": self.street_showdowns,
                "street_won_chips": self.street_won_chips,
                "street_won_big_bets": self.street_won_big_bets,
                "luck_chips": self.luck_chips, "luck_big_bets": self.luck_big_bets}


@dataclass(frozen=True)
class LuckSummary:
    sessions: tuple[LuckSession, ...]
    total: LuckSession

    def to_dict(self) -> dict:
        return {"sessions": [s.to_dict() for s in self.sessions],
                "total": self.total.to_dict()}


def luck_summary(connection: sqlite3.Connection, filters: Filters = ALL_HANDS, *,
                 player: str | None = None) -> LuckSummary:
    """Per session (a source file, in the order first imported) and over all of them."""
    where, args = _where(filters, player)
    rows = connection.execute(
        "SELECT h.source, h.id, h.game, h.big_bet, l.street, l.equity_share, l.pot, l.won "
        "FROM luck l JOIN hands h ON h.id = l.hand "
        "JOIN seats s ON s.hand = l.hand AND s.player = l.player "
        f"WHERE {' AND '.join(where)} ORDER BY h.id", args).fetchall()
    by_source: dict[str, list] = {}
    for row in rows:
        by_source.setdefault(row[0], []).append(row)
    sessions = tuple(_session(source, found) for source, found in by_source.items())
    return LuckSummary(sessions, _session(None, rows))


def _session(source: str | None, rows: list) -> LuckSession:
    won: dict[int, tuple[float, float]] = {}
    expected: dict[str, float] = {}
    expected_bb: dict[str, float] = {}
    hands: dict[str, int] = {}
    street_won: dict[str, float] = {}
    street_won_bb: dict[str, float] = {}
    for _, hand, _, big_bet, street, share, pot, won_share in rows:
        won[hand] = (won_share * pot, won_share * pot / big_bet)
        expected[street] = expected.get(street, 0.0) + share * pot
        expected_bb[street] = expected_bb.get(street, 0.0) + share * pot / big_bet
        hands[street] = hands.get(street, 0) + 1
        street_won[street] = street_won.get(street, 0.0) + won_share * pot
        street_won_bb[street] = street_won_bb.get(street, 0.0) + won_share * pot / big_bet
    # In table order whatever the games: 2nd, 3rd, ... (a street's number leads its name).
    streets = sorted(expected, key=lambda s: int(s.rstrip("ndrth")))

    def rounded(values: dict[str, float]) -> dict[str, float]:
        return {s: round(values[s], 6) for s in streets}
    return LuckSession(source, len(won),
                       round(sum(c for c, _ in won.values()), 6),
                       round(sum(b for _, b in won.values()), 6),
                       rounded(expected), rounded(expected_bb),
                       {s: hands[s] for s in streets}, rounded(street_won),
                       rounded(street_won_bb))