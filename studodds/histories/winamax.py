"""Reader for Winamax stud hand histories (7-Card Stud, 7-Card Stud Hi/Lo, Razz; cash games
and tournaments).

>>> hands, problems = parse_text(_EXAMPLE)
>>> hand = hands[0]
>>> hand.room, hand.game, hand.small_bet, hand.big_bet, hand.ante, hand.bring_in
('Winamax', 'razz', 2.0, 4.0, 0.5, 1.0)
>>> hand.hero, cards_str(hand.hero_cards), cards_str(hand.up_cards["Villain"])
('Hero', '4c 2h 8h', 'Kd')
>>> [(a.player, a.kind, a.amount) for a in hand.streets[0].actions]
[('Hero', 'ante', 0.5), ('Villain', 'ante', 0.5), ('Villain', 'bring-in', 1.0), ('Hero', 'fold', 0.0)]
>>> hand.uncalled, hand.collected, hand.total_pot, problems
({'Villain': 1.0}, {'Villain': 1.0}, 1.0, [])

What the file says differently from PokerStars:

- The stakes are ``(ante/small bet/big bet)``: ``(5€/25€/50€)``.
- Other players' hole cards and river are written ``X`` (``Dealt to Villain [X X Kd]``);
  only the hero's are known, until a player shows them.
- ``raises 25€ to 50€`` gives the raise and the street's total; ``calls`` what the call
  adds.
- A bet nobody calls is never written as returned: the file counts it in the pot and in
  what its bettor "collected". Here it is returned, as the rules have it (the highest
  total on the last street bet, less the next highest), and left out of the pot and of
  what was won. The file's ``Total pot`` is what was collected, after the rake: the pot
  here is that plus the rake, as at PokerStars.
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

ROOM = "Winamax"

_ = cards_str  # used by the module doctest

_EXAMPLE = """\
Winamax Poker - CashGame - HandId: #1-1-1 - Razz fixed limit (0.50€/2€/4€) - 2016/01/01 12:00:00 UTC
Table: 'Example' 6-max (real money)
Seat 1: Hero (100€)
Seat 2: Villain (80€)
*** ANTE/BLINDS ***
Hero posts ante 0.50€
Villain posts ante 0.50€
*** 3rd STREET ***
Dealt to Hero [4c 2h 8h]
Dealt to Villain [X X Kd]
Villain brings in 1€
Hero folds
Villain collected 2€ from pot
*** SUMMARY ***
Total pot 2€ | No rake
Seat 2: Villain won 2€
"""

_HEADER_RE = re.compile(r"^Winamax Poker - (?P<rest>.*HandId: #(?P<id>[\w-]+).*)$")
_NUM = r"[\d,]*\.?\d+"
_CUR = r"(?:[$€£]|\s?(?:EUR|USD|GBP))?"
_AMT = rf"(?P<amt>[$€£]?{_NUM}{_CUR})"
_STAKES_RE = re.compile(r"\((?P<stakes>[^()]*\d[^()]*/[^()]*)\)")
_TOURNAMENT_RE = re.compile(r'Tournament "(?P<t>[^"]*)"')

_SEAT_RE = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^()]*\d[^()]*)\)$")
_STREET_RE = re.compile(r"^\*\*\* (?P<name>[^*]+?) \*\*\*(?P<rest>.*)$")
_STREETS = {"2ND STREET": "2nd", "3RD STREET": "3rd", "4TH STREET": "4th",
            "5TH STREET": "5th", "6TH STREET": "6th", "7TH STREET": "7th"}
_DEALT_RE = re.compile(r"^\[(?P<a>[^\[\]]*)\](?: \[(?P<b>[^\[\]]*)\])?$")
_ALL_IN = r"(?P<allin>,? and is all[- ]in)?"
_ACTIONS = (
    ("bring-in", re.compile(rf"^brings[- ]in(?: for)? {_AMT}{_ALL_IN}$")),
    ("complete", re.compile(rf"^completes(?: it)?(?: to)? {_AMT}{_ALL_IN}$")),
    ("bet", re.compile(rf"^bets {_AMT}{_ALL_IN}$")),
    ("raise", re.compile(rf"^raises (?:[$€£]?{_NUM}{_CUR} )?to {_AMT}{_ALL_IN}$")),
    ("call", re.compile(rf"^calls {_AMT}{_ALL_IN}$")),
    ("check", re.compile(r"^checks$")),
    ("fold", re.compile(r"^folds$")),
)
_ANTE_RE = re.compile(rf"^posts (?:the )?ante {_AMT}{_ALL_IN}$")
_SHOWS_RE = re.compile(r"^(?:shows|mucks|showed) \[(?P<cards>[^\[\]]*)\]")
_COLLECTED_RE = re.compile(rf"^collected {_AMT} from (?:the )?(?:(?:main|side) )?pot(?: ?#?\d+)?$")
_TOTAL_RE = re.compile(rf"^Total pot {_AMT}(?:\s|\||$)")
_RAKE_RE = re.compile(rf"\|\s*Rake (?P<amt>[$€£]?{_NUM}{_CUR})")
_SUMMARY_SEAT_RE = re.compile(r"^Seat (?P<seat>\d+): (?P<rest>.*)$")
_SUMMARY_CARDS_RE = re.compile(r"(?:showed|mucked) \[(?P<cards>[^\[\]]*)\]")
_QUIET_RE = re.compile(
    r"^(?:mucks|doesn't show.*|does not show.*|is sitting out|sits out|has returned"
    r"|stands up|sits down|is disconnected|is connected|has timed out.*|leaves the table"
    r"|joins the table.*|is all-in|wins the tournament.*|finished the tournament.*)$"
)
_NOISE_RE = re.compile(r"^(?:Table: .*|Board: .*|\*\*\* ANTE/BLINDS \*\*\*)$")


def _start(n: int, header: re.Match[str]) -> HandBuilder | None:
    rest = header["rest"]
    after_id = rest[rest.index("HandId:"):]
    stakes = _STAKES_RE.search(after_id)
    game = game_of(ROOM, after_id[: stakes.start()] if stakes else after_id)
    if game is None:
        return None
    builder = HandBuilder(ROOM, header["id"], n, game, needs_summary="summary")
    if stakes is None:
        raise HandError(n, "no stakes (ante/small bet/big bet) in the header")
    values = [amount(v) for v in stakes["stakes"].split("/") if re.search(r"\d", v)]
    if len(values) < 2:
        raise HandError(n, "no stakes (ante/small bet/big bet) in the header")
    builder.small_bet, builder.big_bet = values[-2], values[-1]
    if len(values) >= 3:
        builder.ante_size = values[0]
    tournament = _TOURNAMENT_RE.search(rest)
    builder.tournament = tournament["t"] if tournament else None
    return builder


def _feed(b: HandBuilder, n: int, line: str) -> None:
    if b.section == "seats":
        seat = _SEAT_RE.match(line)
        if seat:
            b.seat(n, int(seat["seat"]), seat["name"], amount(seat["stack"]))
            return
        if _NOISE_RE.match(line):
            return
        b.section = "antes"
    street = _STREET_RE.match(line)
    if street:
        name = street["name"].strip().upper()
        if name in _STREETS:
            b.street(n, _STREETS[name])
        elif name in ("SHOW DOWN", "SHOWDOWN"):
            b.showdown()
        elif name == "SUMMARY":
            b.summary(n)
        elif name not in ("ANTE/BLINDS", "PRE-FLOP"):
            b.warn(n, line)
        return
    if b.section == "summary":
        _summary_line(b, n, line)
        return
    if line.startswith("Dealt to "):
        _dealt(b, n, line[len("Dealt to "):])
        return
    prefixed = b.name_prefix(line, " ")
    if prefixed:
        _player_line(b, n, line, *prefixed)
        return
    if not _NOISE_RE.match(line):
        b.warn(n, line)


def _dealt(b: HandBuilder, n: int, text: str) -> None:
    for name in b.names:
        if text.startswith(name + " ["):
            match = _DEALT_RE.match(text[len(name) + 1:])
            if match is None:
                raise HandError(n, f"cannot read the cards dealt to {name}")
            first = cards(match["a"], n)
            second = cards(match["b"], n) if match["b"] is not None else None
            if len(b.streets) == 1 or second is None:
                b.deal_street(n, name, first + (second or ()))
            else:
                b.deal_street(n, name, second, earlier=first)
            return
    raise HandError(n, f"cards dealt to a player who is not seated: {text!r}")


def _player_line(b: HandBuilder, n: int, line: str, name: str, rest: str) -> None:
    ante = _ANTE_RE.match(rest)
    if ante:
        b.ante(n, name, amount(ante["amt"]), bool(ante["allin"]))
        return
    for kind, regex in _ACTIONS:
        match = regex.match(rest)
        if match is None:
            continue
        groups = match.groupdict()
        chips = amount(groups["amt"]) if groups.get("amt") else 0.0
        b.act(n, name, kind, chips, all_in=bool(groups.get("allin")))
        return
    shows = _SHOWS_RE.match(rest)
    if shows:
        b.show(n, name, cards(shows["cards"], n))
        return
    collected = _COLLECTED_RE.match(rest)
    if collected:
        b.collect(n, name, amount(collected["amt"]))
        return
    if not _QUIET_RE.match(rest):
        b.warn(n, line)


def _summary_line(b: HandBuilder, n: int, line: str) -> None:
    total = _TOTAL_RE.match(line)
    if total:
        rake = _RAKE_RE.search(line)
        b.total_pot = amount(total["amt"])
        b.rake = amount(rake["amt"]) if rake else 0.0  # "| No rake"
        return
    seat = _SUMMARY_SEAT_RE.match(line)
    if seat:
        named = b.name_prefix(seat["rest"], " ")
        shown = _SUMMARY_CARDS_RE.search(seat["rest"])
        if named and shown:
            b.show(n, named[0], cards(shown["cards"], n))
        return
    if not _NOISE_RE.match(line):
        b.warn(n, line)


def _finish(b: HandBuilder, hand):
    """Return the bet nobody called, which the file leaves in the pot and in what its
    bettor collected; the pot before the rake."""
    if hand.cut is not None:
        return hand
    extra = b.settle_uncalled(last_street_only=True)
    collected = dict(hand.collected)
    if extra and b.returned:
        _, bettor, _ = b.returned[-1]
        if collected.get(bettor, 0.0) >= extra - 1e-9:
            collected[bettor] = round(collected[bettor] - extra, 10)
    total = hand.total_pot
    if total is not None:
        total = round(total + (hand.rake or 0.0) - extra, 10)
    elif collected:
        total = round(sum(collected.values()) + (hand.rake or 0.0), 10)
    return dataclasses.replace(hand, uncalled=dict(b.uncalled), returned=tuple(b.returned),
                               collected=collected, total_pot=total)


def parse_text(text: str):
    """All stud hands in ``text`` and the problems of those that could not be read."""
    return read_hands(text, _HEADER_RE, _start, _feed, _finish)


__all__ = ["ROOM", "parse_text"]
