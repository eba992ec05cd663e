"""Reader for the open Poker Hand History format (PHH, uoftcprg/phh-std): TOML files of
televised and research hands. Stud variants: ``F7S`` (seven-card stud), ``F7S/8`` (stud
hi/lo eight or better), ``FR`` (razz); hands of other variants (hold'em, draw) are skipped
silently. A ``.phh`` file holds one hand; a ``.phhs`` file holds several, one TOML table
each (``[1]``, ``[2]`` ...).

>>> hands, problems = parse_text(_EXAMPLE)
>>> hand = hands[0]
>>> hand.game, hand.small_bet, hand.big_bet, hand.ante, hand.bring_in, hand.hero
('razz', 20.0, 40.0, 5.0, 10.0, None)
>>> hand.players, hand.door_cards() == (("Ann", parse_card("8h")), ("Bo", parse_card("Kd")))
(('Ann', 'Bo'), True)
>>> [(a.player, a.kind, a.amount, a.to) for a in hand.streets[0].actions]
[('Ann', 'ante', 5.0, None), ('Bo', 'ante', 5.0, None), ('Bo', 'bring-in', 10.0, None), \
('Ann', 'complete', 20.0, 20.0), ('Bo', 'fold', 0.0, None)]
>>> hand.uncalled, hand.collected, hand.total_pot, problems
({'Ann': 10.0}, {'Ann': 30.0}, 30.0, [])

The record follows pokerstars.py's conventions: antes are the first actions of 3rd street
(they do not count towards its bets), ``pb`` is the bring-in, ``cbr X`` completes, bets or
raises to X (``to`` is X, ``amount`` what the action puts in), ``cc`` checks or calls, a
player whose chips run out is all in, and a bet nobody matched is returned at the end of
its street (``uncalled``, ``returned``), as the dealer would. PHH writes no winner: when
everyone else folds the last player collects the pot; after a showdown ``collected`` comes
from the file's ``winnings`` field when it has one, else stays empty.

Players are in the file's order, p1 first: the seat to the dealer's left, as the format
says, which is the order our rules break ties in. Names come from ``players`` (else "p1",
"p2" ...), seat numbers from ``seats`` (else 1, 2 ...). The hand's id is its ``hand``
field, else its table's name in a ``.phhs`` file, else the file's name (``source``), else
its number in the file. ``event`` is kept as the tournament.

PHH files have no hero: the hole cards a broadcast shows are known for every player alike.
Every card the file knows (dealt, or shown with ``sm``) is the record's shown cards for a
player whose hole cards are known, and none is the hero's. ``??`` is a card the broadcast
did not show (so is a card known in part, ``?h``): a player dealt ``????6h`` or ``??????``
is an unknown hand, hole cards unseen unless an ``sm`` shows them later (the cards in the
order dealt, from the first: ``sm 7d7c`` shows the hole cards and leaves the river unseen).
The record's up cards run to the first unknown one, so a player whose door card is unknown
has none; the replay leaves out a street on which a live player's up card is unknown.
``d db X`` on 7th street is the community card of a card shortage. A token that is no card
at all cuts the hand short as in pokerstars.py: the streets dealt before it are kept.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import math
import re
import tomllib
from pathlib import PurePath

from ..cards import parse_card
from ..games import Game, get_game
from .builder import HandBuilder
from .dates import BadDate, stamp
from .game_names import game_of
from .record import BadCard, HandError, HandHistory, ParseProblem

PHH = "PHH"

# The format's variant codes for the stud games, to games.py ids.

_EXAMPLE = """\
variant = 'FR'
antes = [5, 5]
bring_in = 10
small_bet = 20
big_bet = 40
starting_stacks = [500, 400]
players = ['Ann', 'Bo']
hand = 7
actions = ['d dh p1 4c2h8h', 'd dh p2 5s6dKd', 'p2 pb', 'p1 cbr 20', 'p2 f']
"""

# The format's card: a rank and a suit, either of them "?" when unknown ("??", "?h", "A?").
_CARD_RE = re.compile(r"[2-9TJQKA?][cdhs?]")


def _number(value, what: str, line: int, *, zero: bool = False, inf: bool = False) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise HandError(line, f"{what} is {value!r}, not a number")
    x = float(value)
    if math.isnan(x) or (math.isinf(x) and not inf) or x < 0 or (x == 0 and not zero):
        raise HandError(line, f"{what} is {value!r}: it must be a positive number")
    return x


def _cards(text: str, line: int) -> list[int | None]:
    """'5d2s??' -> the cards, None for each unknown one (a card known only in part, '?h',
    is unknown: studodds cannot hold half a card)."""
    chunks = [text[i:i + 2] for i in range(0, len(text), 2)]
    out: list[int | None] = []
    for chunk in chunks:
        if not _CARD_RE.fullmatch(chunk):
            raise BadCard(line, f"impossible card {chunk!r} in {text!r}")
        out.append(None if "?" in chunk else parse_card(chunk))
    known = [c for c in out if c is not None]
    if len(set(known)) != len(known):
        raise HandError(line, f"a card is repeated in {text!r}")
    return out


def _agrees(have: list[int | None], slots: list[int], cards: list[int | None]) -> bool:
    """Whether cards shown in these places contradict none of the cards known there."""
    return all(c is None or have[k] is None or have[k] == c
               for k, c in zip(slots, cards, strict=True))


def _street_plan(game: Game) -> tuple[list[str], list[int], list[bool]]:
    """Street names ('3rd' ...), the street of each card position, and whether it is up."""
    names, street_of, up = [], [], []
    for i, street in enumerate(game.streets):
        names.append(street.name.split()[0])
        street_of += [i] * (street.down + street.up)
        up += [False] * street.down + [True] * street.up
    return names, street_of, up


def _clock(given: object) -> tuple[int, int, int] | None:
    """(hour, minute, second) of PHH's ``time``: a TOML time, or a quoted "21:01:02"."""
    if isinstance(given, (dt.time, dt.datetime)):
        return given.hour, given.minute, given.second
    if isinstance(given, str):
        parts = given.split(":")
        if 2 <= len(parts) <= 3 and all(p.isdigit() for p in parts):
            hour, minute, *second = (int(p) for p in parts)
            return hour, minute, second[0] if second else 0
    return None


class _Hand:
    """One hand, action by action: the format's betting words (``pb``, ``cc``, ``cbr X``)
    worked out against the players' stacks, the hand itself kept by the one hand builder
    (builder.py)."""

    def __init__(self, fields: dict, game_id: str, hand_id: str, line_of):
        self.start = line_of(None)
        self.game = get_game(game_id)
        self.names_of_streets, self.street_of, self.is_up = _street_plan(self.game)
        self.warnings: list[str] = []
        self._read_fields(fields)
        self.hh = HandBuilder(PHH, hand_id, self.start, game_id, self.small_bet,
                              self.big_bet, tournament=self.tournament,
                              hidden_up_cards=True, broadcast=True)
        self.hh.warnings = self.warnings
        self.hh.played_at = self.played_at
        for seat, name, stack in zip(self.seat_numbers, self.names, self.stacks_in,
                                     strict=True):
            self.hh.seat(self.start, seat, name, stack)
            self.hh.dealt[name] = []
        self.remaining = dict(zip(self.names, self.stacks_in, strict=True))
        self.folded: set[str] = set()
        self.all_in: set[str] = set()
        self.betting_checked = False
        self.street_starts: list[int] = []  # action index where each street began
        self.acted = False

    # -- fields
    def _read_fields(self, f: dict) -> None:
        line = self.start
        stacks = f.get("starting_stacks")
        if not isinstance(stacks, list) or len(stacks) < 2:
            raise HandError(line, "starting_stacks must list the stack of each player (two "
                                   "or more)")
        n = len(stacks)
        if n > self.game.max_players:
            raise HandError(line, f"{n} players, but {self.game.name} seats at most "
                                   f"{self.game.max_players}")
        self.stacks_in = [_number(s, f"starting stack {i + 1}", line, inf=True)
                          for i, s in enumerate(stacks)]
        antes = f.get("antes")
        if not isinstance(antes, list) or len(antes) != n:
            raise HandError(line, f"antes must list one ante for each of the {n} players")
        self.antes = [_number(a, f"ante {i + 1}", line, zero=True) for i, a in enumerate(antes)]
        self.bring_in = _number(f.get("bring_in"), "bring_in", line)
        self.small_bet = _number(f.get("small_bet"), "small_bet", line)
        self.big_bet = _number(f.get("big_bet"), "big_bet", line)
        self.names = [f"p{i + 1}" for i in range(n)]
        players = f.get("players")
        if players is not None:
            ok = (isinstance(players, list) and len(players) == n
                  and all(isinstance(p, str) and p.strip() for p in players)
                  and len({p.strip() for p in players}) == n)
            if ok:
                self.names = [p.strip() for p in players]
            else:
                self._warn(line, f"players {players!r} is not {n} different names: the "
                                 "players are called p1, p2 ...")
        self.seat_numbers = list(range(1, n + 1))
        seats = f.get("seats")
        if seats is not None:
            ok = (isinstance(seats, list) and len(seats) == n
                  and all(isinstance(s, int) and not isinstance(s, bool) and s > 0
                          for s in seats) and len(set(seats)) == n)
            if ok:
                self.seat_numbers = list(seats)
            else:
                self._warn(line, f"seats {seats!r} is not {n} different seat numbers: the "
                                 "seats are numbered 1, 2 ...")
        self.played_at = self._played_at(f, line)
        event = f.get("event")
        self.tournament = event.strip() if isinstance(event, str) and event.strip() else None
        winnings = f.get("winnings")
        self.winnings: dict[str, float] | None = None
        if winnings is not None:
            if (isinstance(winnings, list) and len(winnings) == n
                    and all(isinstance(w, (int, float)) and not isinstance(w, bool)
                            and math.isfinite(w) and w >= 0 for w in winnings)):
                self.winnings = {p: float(w) for p, w in zip(self.names, winnings,
                                                             strict=True) if w > 0}
            else:
                self._warn(line, f"winnings {winnings!r} is not one amount per player: "
                                 "left out")

    def _played_at(self, f: dict, line: int) -> str | None:
        """The hand's date from ``year``, ``month``, ``day``, ``time`` (and ``time_zone``,
        else ``time_zone_abbreviation``): the day alone, "YYYY-MM-DD", without a time."""
        year, month, day = f.get("year"), f.get("month"), f.get("day")
        if year is None and month is None and day is None:
            return None
        shown = f"{year}/{month}/{day}"
        if (not isinstance(year, int) or not isinstance(month, int)
                or not isinstance(day, int)
                or any(isinstance(part, bool) for part in (year, month, day))):
            self._warn(line, f"the date {shown} (year, month, day) is not three whole "
                             "numbers: the hand is kept without its date")
            return None
        given = f.get("time")
        zone = f.get("time_zone") or f.get("time_zone_abbreviation")
        try:
            if given is None:
                return stamp(year, month, day, 0, 0, 0, shown=shown)[:10]
            clock = _clock(given)
            if clock is None:
                raise BadDate(f"the time {given!r} is not HH:MM:SS")
            return stamp(year, month, day, *clock,
                         zone=zone if isinstance(zone, str) and zone.strip() else None,
                         shown=f"{shown} {given}")
        except BadDate as exc:
            self._warn(line, f"{exc}: the hand is kept without its date")
            return None

    def _warn(self, line: int, text: str) -> None:
        self.warnings.append(f"line {line}: {text}")

    # -- actions
    @property
    def cards(self) -> dict[str, list[int | None]]:
        return self.hh.dealt

    def player(self, label: str, line: int) -> str:
        match = re.fullmatch(r"p(\d+)", label)
        if match is None or not 1 <= int(match[1]) <= len(self.names):
            raise HandError(line, f"{label!r} is not a player of this hand (p1 to "
                                   f"p{len(self.names)})")
        return self.names[int(match[1]) - 1]

    def feed(self, index: int, action: str, line: int) -> None:
        words = action.split("#", 1)[0].split()
        if not words:
            return  # a no-op or a commentary
        if words[0] == "d":
            if len(words) == 4 and words[1] == "dh":
                self._deal(index, self.player(words[2], line), words[3], line)
                return
            if len(words) == 3 and words[1] == "db":
                self._board(index, words[2], line)
                return
            raise HandError(line, f"cannot read the dealer's action {action!r}")
        name = self.player(words[0], line)
        kind, args = (words[1], words[2:]) if len(words) > 1 else ("", [])
        if kind == "sm" and len(args) <= 1:
            self._show(name, args[0] if args else None, line)
            return
        if (kind, len(args)) not in (("pb", 0), ("cc", 0), ("f", 0), ("cbr", 1)):
            raise HandError(line, f"cannot read the action {action!r} (stud actions: pb, "
                                   "cbr, cc, f, sm)")
        self._bet(name, kind, args, action, line)

    def _new_street(self, index: int, street: int, line: int) -> None:
        hh = self.hh
        if street != len(hh.streets):
            expected = self.names_of_streets[len(hh.streets)] if len(hh.streets) < len(
                self.names_of_streets) else None
            raise HandError(line, f"cards of {self.names_of_streets[street]} street dealt "
                                   f"out of order (expected {expected} street)")
        self._close_street()
        if street == 0:  # the antes, before the first street opens with them
            for name, ante in zip(self.names, self.antes, strict=True):
                if ante > 0:
                    amount = min(ante, self.remaining[name])
                    self.remaining[name] -= amount
                    all_in = self.remaining[name] <= 0
                    if all_in:
                        self.all_in.add(name)
                    hh.ante(line, name, amount, all_in)
        hh.street(line)
        self.street_starts.append(index)
        self.betting_checked = False
        self.acted = False

    def _deal(self, index: int, name: str, text: str, line: int) -> None:
        hh = self.hh
        cards = _cards(text, line)
        if not cards:
            raise HandError(line, f"no cards dealt to {name}")
        have = self.cards[name]
        if name in self.folded:
            raise HandError(line, f"cards dealt to {name}, who folded")
        if hh.community is not None:
            raise HandError(line, f"a card dealt to {name} after the community card")
        positions = range(len(have), len(have) + len(cards))
        if positions[-1] >= len(self.street_of):
            raise HandError(line, f"{name} is dealt more than {len(self.street_of)} cards")
        streets = {self.street_of[k] for k in positions}
        if len(streets) != 1:
            raise HandError(line, f"{text!r} deals {name} the cards of two streets")
        (street,) = streets
        if street == len(hh.streets):
            self._new_street(index, street, line)
        elif street != len(hh.streets) - 1:
            raise HandError(line, f"{name}'s cards of {self.names_of_streets[street]} street "
                                   "are dealt out of order")
        elif self.acted:
            raise HandError(line, f"{name} is dealt a card after the betting began")
        hh.deal(line, name, cards)

    def _board(self, index: int, text: str, line: int) -> None:
        hh = self.hh
        cards = _cards(text, line)
        last = len(self.names_of_streets) - 1
        if not self.game.community_card_rule or len(cards) != 1 or cards[0] is None:
            raise HandError(line, f"board cards {text!r}: stud has none but one community "
                                   "card turned on the river after a card shortage")
        if hh.community is not None or len(hh.streets) not in (last, last + 1):
            raise HandError(line, f"the community card {text} is not turned for the river")
        if len(hh.streets) == last:
            self._new_street(index, last, line)
        elif hh.current.dealt:
            raise HandError(line, f"the community card {text} after rivers were dealt")
        hh.turn_community(line, cards[0])

    def _check_deal(self, line: int) -> None:
        """Before a street's betting: every live player holds that street's cards."""
        if self.betting_checked:
            return
        self.betting_checked = True
        s = len(self.hh.streets) - 1
        want = self.street_of.index(s) + self.street_of.count(s)
        if self.hh.community is not None:
            want -= 1
        for name in self.names:
            have = len(self.cards[name])
            if name not in self.folded and have and have != want:
                raise HandError(line, f"{name} holds {have} cards on "
                                       f"{self.names_of_streets[s]} street, not {want} "
                                       "(a card the file does not know is written ??)")

    def _bet(self, name: str, kind: str, args: list[str], action: str, line: int) -> None:
        hh = self.hh
        if not hh.streets:
            raise HandError(line, f"{action!r} before the cards are dealt")
        if not self.cards[name]:
            raise HandError(line, f"{name} acts but was dealt no cards")
        if name in self.folded:
            raise HandError(line, f"{name} acts after folding")
        if name in self.all_in:
            raise HandError(line, f"{name} acts after going all in")
        self._check_deal(line)
        self.acted = True
        first = len(hh.streets) == 1
        before, high = hh.committed(name), hh.top_bet()
        left = self.remaining[name]
        to = None
        if kind == "f":
            self.folded.add(name)
            hh.act(line, name, "fold")
            return
        if kind == "pb":
            if not first or high > 0:
                raise HandError(line, f"{name} brings it in, but only the first action of "
                                       f"{self.names_of_streets[0]} street may")
            amount, kind = min(self.bring_in, left), "bring-in"
        elif kind == "cc":
            need = max(high - before, 0.0)
            amount = min(need, left)
            kind = "call" if amount > 0 else "check"
        else:
            try:
                to = float(args[0])
            except ValueError:
                raise HandError(line, f"{action!r}: {args[0]!r} is not an amount") from None
            if not math.isfinite(to) or to <= before or to <= high:
                raise HandError(line, f"{action!r}: {name} must raise to more than the bet "
                                       f"({high:g}) and than they put in ({before:g})")
            if first and high < self.small_bet:
                kind = "complete"
            elif high > 0:
                kind = "raise"
            else:
                kind = "bet"
            amount = to - before
            if amount > left:
                self.hh.doubt(line, f"{action!r}: {name} has only {left:g} behind: all in "
                                   f"for {left:g}")
                amount = left
        amount = round(amount, 10)
        self.remaining[name] = left - amount
        all_in = amount > 0 and self.remaining[name] <= 1e-9
        if all_in:
            self.all_in.add(name)
        hh.act(line, name, kind, put_in=amount, all_in=all_in)

    def _close_street(self) -> None:
        """A bet nobody matched goes back to who made it, when its street ends: the chips
        behind count it back (the builder records the return, builder.settle_uncalled)."""
        if not self.hh.streets:
            return
        ranked = sorted(self.hh.current.committed.items(), key=lambda kv: kv[1],
                        reverse=True)
        if ranked:
            excess = round(ranked[0][1] - (ranked[1][1] if len(ranked) > 1 else 0.0), 10)
            if excess > 0:
                self.remaining[ranked[0][0]] += excess

    def _show(self, name: str, text: str | None, line: int) -> None:
        """``sm CARDS`` shows the player's cards in the order dealt, from the first, as the
        format reads it: fewer cards than held leave the rest unseen (``sm 7d7c``: the hole
        cards, not the river; ``sm ????``: kept face down). A file that lists the down
        cards only is read so where the cards from the first would contradict the up cards.
        ``sm -`` shows the cards dealt; ``sm`` alone mucks."""
        if text is None or text == "-":
            return  # mucked, or shown as dealt: nothing new
        cards = _cards(text, line)
        have = self.cards[name]
        if len(cards) > len(have):
            raise HandError(line, f"{name} shows {len(cards)} cards but holds {len(have)}")
        slots = list(range(len(cards)))
        down = [k for k in range(len(have)) if not self.is_up[k]]
        if (len(cards) == len(down) < len(have) and not _agrees(have, slots, cards)
                and _agrees(have, down, cards)):
            slots = down
        self.hh.fill(line, name, {k: c for k, c in zip(slots, cards, strict=True)
                                  if c is not None})

    # -- result
    def build(self, end_line: int, cut: ParseProblem | None = None) -> HandHistory:
        hh = self.hh
        if not hh.streets:
            raise HandError(end_line, "no cards dealt")
        dealt_in = [n for n in self.names if self.cards[n]]
        if len(dealt_in) < 2:
            raise HandError(end_line, "fewer than two players were dealt cards")
        for name in dealt_in:
            have = self.cards[name]
            gap = next((k for k, c in enumerate(have) if self.is_up[k] and c is None),
                       len(have))
            if any(c is not None for k, c in enumerate(have) if self.is_up[k] and k > gap):
                hh.doubt(self.start, f"{name}'s up cards are not all shown: those after the "
                                    "unknown one are left out")
        hh.settle_uncalled()
        if cut is None:
            hh.total_pot = round(hh.put_in() - sum(hh.uncalled.values()), 10)
            live = [n for n in dealt_in if n not in self.folded]
            if len(live) == 1:
                hh.collect(end_line, live[0], hh.total_pot)
            elif self.winnings:
                hh.collected = dict(self.winnings)
        return dataclasses.replace(hh.build(end_line), cut=cut)


def _hand(fields: dict, game_id: str, hand_id: str, finder) -> HandHistory:
    """One hand from its table: read to the end, or to a bad card (then re-read up to the
    street it spoils, which is left out with the streets after it)."""
    line_of = finder()
    actions = fields.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise HandError(line_of(None), "actions must be a list of action strings")
    builder = _Hand(fields, game_id, hand_id, line_of)
    last = line_of(None)
    try:
        for index, action in enumerate(actions):
            last = line_of(action)
            builder.feed(index, action, last)
    except BadCard as bad:
        words = action.split("#", 1)[0].split()
        showdown = words[:1] != ["d"]  # a shown card: every street read so far is kept
        kept = len(builder.hh.streets) if showdown or _starts_street(builder, words) else \
            len(builder.hh.streets) - 1
        if kept <= 0:
            raise
        if showdown:
            note = "the showdown from this action on is left out"
        else:
            names = ", ".join(builder.names_of_streets[:kept])
            note = f"only the streets before it are kept ({names} street)"
        stop = builder.street_starts[kept] if kept < len(builder.street_starts) else index
        line_of = finder()
        again = _Hand(fields, game_id, hand_id, line_of)
        for i, act in enumerate(actions[:stop]):
            again.feed(i, act, line_of(act))
        problem = ParseProblem(hand_id, bad.line, f"{bad.message}: {note}")
        hand = again.build(bad.line, cut=None if showdown else problem)
        return dataclasses.replace(hand, cut=problem)
    return builder.build(last)


def _starts_street(builder: _Hand, words: list[str]) -> bool:
    """Whether the deal that held a bad card would have begun a new street (so the street in
    progress was read to its end)."""
    if words[1:2] == ["db"]:
        return len(builder.hh.streets) < len(builder.names_of_streets)
    if len(words) != 4 or words[2] not in [f"p{i + 1}" for i in range(len(builder.names))]:
        return False
    have = len(builder.cards[builder.names[int(words[2][1:]) - 1]])
    return have < len(builder.street_of) and builder.street_of[have] == len(builder.hh.streets)


def _line_finder(lines: list[str], start: int):
    """line_of(action): the line of the text an action is written on, searching on from
    the last one found (actions repeat: 'p2 cc'); line_of(None): the hand's first line."""
    cursor = start

    def line_of(needle: str | None) -> int:
        nonlocal cursor
        if needle is None:
            return start
        quoted = (f"'{needle}'", f'"{needle}"')
        for n in range(cursor, len(lines) + 1):
            if any(q in lines[n - 1] for q in quoted):
                cursor = n
                return n
        return cursor
    return line_of


def _tables(doc: dict, lines: list[str], source: str | None):
    """(hand id, fields, first line) of every hand in the document."""
    stem = PurePath(source).stem if source else None
    if "variant" in doc:
        return [(stem or "1", doc, 1)]
    out = []
    for number, (key, value) in enumerate(doc.items(), start=1):
        if isinstance(value, dict) and "variant" in value:
            header = re.compile(rf"^\s*\[\s*['\"]?{re.escape(key)}['\"]?\s*\]")
            start = next((n for n, text in enumerate(lines, start=1) if header.match(text)), 1)
            out.append((key or str(number), value, start))
    return out


def _toml_line(message: str) -> int:
    match = re.search(r"line (\d+)", message)
    return int(match[1]) if match else 1


def parse_text(text: str, source: str | None = None
               ) -> tuple[list[HandHistory], list[ParseProblem]]:
    """All stud hands in a PHH or PHHS text and the problems of those that could not be read.
    ``source`` (the file's name) names a hand that carries no id of its own."""
    hands: list[HandHistory] = []
    problems: list[ParseProblem] = []
    try:
        doc = tomllib.loads(text.lstrip("\ufeff"))
    except tomllib.TOMLDecodeError as exc:
        return [], [ParseProblem(None, _toml_line(str(exc)),
                                 f"not a readable PHH file (TOML): {exc}")]
    except Exception as exc:  # noqa: BLE001 - bad input must never raise
        return [], [ParseProblem(None, 1, f"internal error: {exc!r}")]
    lines = text.splitlines()
    for default_id, fields, start in _tables(doc, lines, source):
        hand_id = default_id
        try:
            variant = fields.get("variant")
            game_id = game_of(PHH, variant) if isinstance(variant, str) else None
            if game_id is None:
                continue  # another game: not ours
            given = fields.get("hand")
            if isinstance(given, (str, int)) and not isinstance(given, bool) and \
                    str(given).strip():
                hand_id = str(given).strip()
            hands.append(_hand(fields, game_id, hand_id, functools.partial(_line_finder, lines, start)))
        except HandError as exc:
            problems.append(ParseProblem(hand_id, exc.line, exc.message))
        except Exception as exc:  # noqa: BLE001 - bad input must never raise
            problems.append(ParseProblem(hand_id, start, f"internal error: {exc!r}"))
    return hands, problems
