"""Reader for KingsClub stud hand histories (Seven Card Stud, Stud Hi/Lo, Razz, 2-7 Razz).

>>> hands, problems = parse_text(_EXAMPLE)
>>> hand = hands[0]
>>> hand.room, hand.game, hand.small_bet, hand.big_bet, hand.ante, hand.bring_in
('KingsClub', 'razz27', 20.0, 40.0, 5.0, 5.0)
>>> hand.hero, cards_str(hand.hero_cards), cards_str(hand.up_cards["Villain"])
('Hero', '4c 2h 8h 7d', 'Kd 3s')
>>> [(a.player, a.kind, a.amount) for a in hand.streets[0].actions if a.kind != "ante"]
[('Villain', 'bring-in', 5.0), ('Hero', 'complete', 20.0), ('Villain', 'call', 15.0)]
>>> hand.uncalled, hand.collected, hand.total_pot, hand.rake, problems
({'Hero': 20.0}, {'Hero': 48.0}, 50.0, 2.0, [])

What the file says differently from PokerStars:

- The first street has no header: the antes, the first cards and the first betting round
  come straight after the seats; every ``*** NTH STREET ***`` header that follows starts
  the next street, whatever its number says (the room numbers them one behind: its
  ``*** 3RD STREET ***`` deals the fourth card).
- Other players' hole cards and river are written ``X`` (``Dealt to Villain: [X X Kd]``,
  then ``[3s]`` on the next street, ``[X]`` on the river): only the hero's are known,
  until a player ``shows`` them.
- ``calls 40`` and ``raises to 40`` give the player's total on the street, not what the
  call adds; on the first street ``bets`` completes the bring-in.
- A bet nobody calls is often not written as returned (``Uncalled bet (44) returned to
  NAME`` when it is): it is returned here, as the rules have it (the highest total on the
  last street bet, less the next highest), and is not part of the pot. The file gives no
  total pot: it is what was won plus the rake.
- The file may leave a pot out: a side pot won when the other players folded, while a
  player all in for less waits for the showdown, has no ``wins`` line. The summary's
  ``Seat 2: NAME (12,298.50) -450.50`` (the stack after the hand, the net) gives it: what a
  player won is the net plus what he put in and did not get back.
- The table is written ``Table 'NAME'`` or ``Table ID 'NAME' 6-max``; a tournament's
  ``Table 'T1234 [2]'``: tournament 1234.
"""

from __future__ import annotations

import dataclasses
import re

from ..cards import cards_str
from .amounts import DECIMAL_POINT
from .builder import HandBuilder
from .game_names import game_of
from .record import HandError
from .studlines import cards, read_hands

NUMBERS = DECIMAL_POINT  # how the room writes amounts (amounts.py)
amount = NUMBERS.parse

ROOM = "KingsClub"

_ = cards_str  # used by the module doctest

_EXAMPLE = """\
#1: Limit 2-7 Razz - 20/40
2021-01-01 12:00:00
Table 'Example Mix'
Seat 1: Hero (400)
Seat 2: Villain (300)
Hero: posts ante 5
Villain: posts ante 5
Dealt to Hero: [4c 2h 8h]
Dealt to Villain: [X X Kd]
Villain brings in for 5
Hero bets 20
Villain calls 20
*** 3RD STREET ***
Dealt to Hero: [7d]
Dealt to Villain: [3s]
Villain checks
Hero bets 20
Villain folds
*** SUMMARY ***
Seat 1: Hero (423) +23
Seat 2: Villain (275) -25
Rake 2
Hero wins pot (48)
"""

_HEADER_RE = re.compile(r"^#(?P<id>\d+): (?P<rest>.+ - [\d,.]+\s*/\s*[\d,.]+)\s*$")
_STAKES_RE = re.compile(r" - (?P<sb>[\d,.]+)\s*/\s*(?P<bb>[\d,.]+)\s*$")

_NUM = r"[$€£]?[\d,]*\.?\d+"
_SEAT_RE = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^()]*\d[^()]*)\)$")
_STREET_RE = re.compile(r"^\*\*\* (?P<name>[^*]+?) \*\*\*(?P<rest>.*)$")
_DEALT_RE = re.compile(r"^Dealt to (?P<rest>.+): \[(?P<cards>[^\[\]]*)\]$")
_ALL_IN = (r"(?P<allin>,? and is all[- ]in| \(all[- ]in\)|,? all[- ]in)?"
           r"(?: and has reached the .* cap)?(?: \(disconnect\))?")
_AMT = rf"(?P<amt>{_NUM})"
_ACTIONS = (
    ("bring-in", re.compile(rf"^brings[- ]in(?: low| high)?(?: for)? {_AMT}{_ALL_IN}$")),
    ("complete", re.compile(rf"^completes(?: it)? to {_AMT}{_ALL_IN}$")),
    ("bet", re.compile(rf"^bets {_AMT}{_ALL_IN}$")),
    ("raise", re.compile(rf"^raises(?: {_NUM})? to {_AMT}{_ALL_IN}$")),
    ("call", re.compile(rf"^calls {_AMT}{_ALL_IN}$")),
    ("check", re.compile(r"^checks(?: \(disconnect\))?$")),
    ("fold", re.compile(r"^folds(?: \(disconnect\))?$")),
)
_ANTE_RE = re.compile(rf"^posts (?:the )?ante {_AMT}{_ALL_IN}$")
_SHOWS_RE = re.compile(r"^(?:shows|mucks|showed) \[(?P<cards>[^\[\]]*)\]")
# "wins pot (99)", "wins side pot 1 (40)", "wins (279.50) from pot"
_WINS_RE = re.compile(rf"^(?:wins|ties for|collected) (?:the )?(?:(?:main |side )?pot(?: #?\d+)? )?"
                      rf"\((?P<amt>{_NUM})\)(?: from (?:the )?pot)?$")
_UNCALLED_RE = re.compile(rf"^Uncalled bet \({_AMT}\) returned to (?P<name>.+)$")
_TOURNAMENT_RE = re.compile(r"^Table (?:ID )?'T(?P<t>\d+) \[\d+\]'")
_RAKE_RE = re.compile(rf"^Rake {_AMT}$")
_QUIET_RE = re.compile(
    r"^(?:mucks|doesn't show.*|does not show.*|is sitting out|sits out|has returned"
    r"|stands up|sits down|is disconnected|is connected|has timed out.*|leaves the table"
    r"|joins the table.*|cashed out the hand.*|finished the tournament.*"
    r"|wins the tournament.*|wins .* bounty .*|split the .* bounty .*|wins .* for eliminating .*"
    r"|wins .* for splitting .*)$"
)
_NOISE_RE = re.compile(r"^(?:\d{4}-\d\d-\d\d \d\d:\d\d:\d\d.*|Table (?:ID )?'.*'.*|Seat \d+: .*)$")
# The summary's "Seat 2: NAME (12,298.50) -450.50": the stack after the hand, and the net.
_NET_RE = re.compile(rf"^Seat \d+: (?P<name>.+) \((?P<stack>{_NUM})\) (?P<sign>[+-]?)(?P<net>{_NUM})$")


class _Builder(HandBuilder):
    """A KingsClub hand: each player's net as the summary gives it."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.nets: dict[str, float] = {}


def _start(n: int, header: re.Match[str]) -> _Builder | None:
    rest = header["rest"]
    game = game_of(ROOM, rest)
    if game is None:
        return None
    builder = _Builder(ROOM, header["id"], n, game, needs_summary="summary")
    stakes = _STAKES_RE.search(rest)
    if stakes is None:  # pragma: no cover - the header pattern requires them
        raise HandError(n, "no stakes (small bet/big bet) in the header")
    builder.small_bet, builder.big_bet = amount(stakes["sb"]), amount(stakes["bb"])
    return builder


def _feed(b: _Builder, n: int, line: str) -> None:
    if b.section == "seats":
        seat = _SEAT_RE.match(line)
        if seat:
            b.seat(n, int(seat["seat"]), seat["name"], amount(seat["stack"]))
            return
        tournament = _TOURNAMENT_RE.match(line)
        if tournament:
            b.tournament = tournament["t"]  # "Table 'T1234 [2]'": tournament 1234, table 2
        if _NOISE_RE.match(line):
            if b.played_at is None and line[:1].isdigit():
                b.date(n, line)
            return  # the date and table lines come before the seats
        b.section = "antes"
    street = _STREET_RE.match(line)
    if street:
        name = street["name"].strip().upper()
        if name == "SUMMARY":
            b.summary(n)
        elif name in ("SHOW DOWN", "SHOWDOWN"):
            b.showdown()
        elif name.endswith("STREET") or name == "RIVER":
            if b.street_started() or not b.streets:
                b.street(n)
        else:
            b.warn(n, line)
        return
    dealt = _DEALT_RE.match(line)
    if dealt and b.section != "summary":
        name = dealt["rest"]
        if name not in b.stacks:
            raise HandError(n, f"cards dealt to a player who is not seated: {name!r}")
        if not b.streets:
            b.street(n)
        b.deal_street(n, name, cards(dealt["cards"], n))
        return
    uncalled = _UNCALLED_RE.match(line)
    if uncalled and uncalled["name"] in b.stacks:
        b.return_uncalled(n, uncalled["name"], amount(uncalled["amt"]))
        return
    rake = _RAKE_RE.match(line)
    if rake:
        b.rake = amount(rake["amt"])
        return
    if b.section == "summary" and _NOISE_RE.match(line):
        net = _NET_RE.match(line)
        if net and net["name"] in b.stacks:
            b.nets[net["name"]] = amount(net["net"]) * (-1 if net["sign"] == "-" else 1)
        return
    prefixed = b.name_prefix(line, ": ")
    if prefixed:
        ante = _ANTE_RE.match(prefixed[1])
        if ante:
            b.ante(n, prefixed[0], amount(ante["amt"]), bool(ante["allin"]))
            return
    prefixed = b.name_prefix(line, " ")
    if prefixed:
        _player_line(b, n, line, *prefixed)
        return
    if b.name_prefix(line, ": ") is None:
        b.warn(n, line)
    # "NAME: text" other than an ante: chat, skipped


def _player_line(b: HandBuilder, n: int, line: str, name: str, rest: str) -> None:
    for kind, regex in _ACTIONS:
        match = regex.match(rest)
        if match is None:
            continue
        groups = match.groupdict()
        chips = amount(groups["amt"]) if groups.get("amt") else 0.0
        b.act(n, name, kind, to=chips, all_in=bool(groups.get("allin")))
        return
    shows = _SHOWS_RE.match(rest)
    if shows:
        b.showdown_unmarked()
        b.show(n, name, cards(shows["cards"], n))
        return
    wins = _WINS_RE.match(rest)
    if wins:
        b.collect(n, name, amount(wins["amt"]))
        return
    if not _QUIET_RE.match(rest):
        b.warn(n, line)


def _finish(b: _Builder, hand):
    """The returned bet the file leaves out, a pot the file leaves out, and the pot: what
    was won plus the rake."""
    collected = dict(hand.collected)
    warnings = list(hand.warnings)
    if hand.cut is None:
        b.settle_uncalled(last_street_only=True)
        if hand.rake is None:
            hand = dataclasses.replace(hand, rake=_rake_from_nets(b, hand))
        _unwritten_pots(b, hand, collected)
    total = None
    if collected:
        total = round(sum(collected.values()) + (hand.rake or 0.0), 10)
        chips = round(hand.put_in() - sum(b.uncalled.values()), 10)
        if hand.cut is None and abs(total - chips) > 0.005:
            warnings.append(f"the pot won ({_chips(total)}) is not the chips put in "
                            f"({_chips(chips)})")
    return dataclasses.replace(hand, uncalled=dict(b.uncalled), returned=tuple(b.returned),
                               collected=collected, total_pot=total, warnings=tuple(warnings))


def _rake_from_nets(b: _Builder, hand) -> float | None:
    """The rake when no ``Rake`` line gives it: the nets add up to minus the rake (None
    when a player's net is missing, or the nets add up to more than nothing)."""
    if not b.nets or not set(b.nets) >= set(hand.players):
        return None
    rake = round(-sum(b.nets.values()), 10)
    if rake < -0.005:
        return None
    return rake if rake > 0.005 else 0.0


def _unwritten_pots(b: _Builder, hand, collected: dict[str, float]) -> None:
    """A pot no ``wins`` line gives (a side pot won when the other players folded, with a
    player all in for less): the chips put in are more than what was won and raked, and
    the summary's nets say who took the rest. What a player won is the net plus what he put
    in and did not get back; taken only when it accounts for the missing chips exactly."""
    chips = hand.put_in() - sum(b.uncalled.values())
    missing = round(chips - sum(collected.values()) - (hand.rake or 0.0), 10)
    if missing <= 0.005:
        return
    more = {}
    for name, net in b.nets.items():
        put_in = sum(a.amount for s in hand.streets for a in s.actions if a.player == name)
        won = round(net + put_in - b.uncalled.get(name, 0.0), 10)
        if won - collected.get(name, 0.0) > 0.005:
            more[name] = won
    if abs(sum(more.values()) - sum(collected.get(p, 0.0) for p in more) - missing) <= 0.005:
        collected.update(more)


def _chips(x: float) -> str:
    return f"{x:,.2f}".rstrip("0").rstrip(".")


def parse_text(text: str):
    """All stud hands in ``text`` and the problems of those that could not be read."""
    return read_hands(text, _HEADER_RE, _start, _feed, _finish)


__all__ = ["ROOM", "parse_text"]
