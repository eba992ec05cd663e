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
- A player who brought it in and raises later on the street writes the raise's total
  without the bring-in: after ``brings in 10€``, ``raises -6.10€ to 18.90€`` is 28.90€.
- Stud hi/lo: each half is collected on its own line, ``collected 30€ from pot(HI)``.
- A bet nobody calls is never written as returned: the file counts it in the pot and in
  what its bettor "collected". Here it is returned, as the rules have it (the highest
  total on the last street bet, less the next highest), and left out of the pot and of
  what was won. The file's ``Total pot`` is what was collected, after the rake: the pot
  here is that plus the rake, as at PokerStars.

The export layout (play money) writes ``*** THIRD ***`` ... ``*** SEVENTH ***`` and
``bring-in 0.02``, and no card dealt, not even the hero's: the cards are those shown down,
listed in the order dealt (builder option ``cards_from_shown``).
"""

from __future__ import annotations

import dataclasses
import re
from typing import ClassVar

from ..cards import cards_str
from .amounts import DECIMAL_POINT
from .builder import HandBuilder
from .game_names import game_of
from .record import HandError, HandHistory
from .stars_layout import StarsLayout

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
_ALL_IN = r"(?P<allin>,? and is all[- ]in)?"
_ACTIONS = (
    # "brings in 10€" (history), "bring-in 0.02" (export)
    ("bring-in", re.compile(rf"^(?:brings[- ]in|bring-in)(?: for)? {_AMT}{_ALL_IN}$")),
    ("complete", re.compile(rf"^completes(?: it)?(?: to)? {_AMT}{_ALL_IN}$")),
    ("bet", re.compile(rf"^bets {_AMT}{_ALL_IN}$")),
    # The raise may be negative after one's own bring-in: "raises -6.10€ to 18.90€".
    ("raise", re.compile(rf"^raises (?:-?[$€£]?{_NUM}{_CUR} )?to {_AMT}{_ALL_IN}$")),
    ("call", re.compile(rf"^calls {_AMT}{_ALL_IN}$")),
    ("check", re.compile(r"^checks$")),
    ("fold", re.compile(r"^folds$")),
)
_ANTE_RE = re.compile(rf"^posts (?:the )?ante {_AMT}{_ALL_IN}$")
_SHOWS_RE = re.compile(r"^(?:shows|mucks|showed) \[(?P<cards>[^\[\]]*)\]")
# "from pot", "from side pot #1", a stud hi/lo half "from pot(HI)" / "from pot (LO)".
_COLLECTED_RE = re.compile(rf"^collected {_AMT} from (?:the )?(?:(?:main|side) )?pot(?: ?#?\d+)?"
                           r"(?: ?\((?:HI|LO)\))?$")
_TOTAL_RE = re.compile(rf"^Total pot (?P<pot>[$€£]?{_NUM}{_CUR})(?:\s|\||$)")
_RAKE_RE = re.compile(rf"\|\s*Rake (?P<rake>[$€£]?{_NUM}{_CUR})")
_QUIET_RE = re.compile(
    r"^(?:mucks|doesn't show.*|does not show.*|is sitting out|sits out|has returned"
    r"|stands up|sits down|is disconnected|is connected|has timed out.*|leaves the table"
    r"|joins the table.*|is all-in|wins the tournament.*|finished the tournament.*)$"
)
_NOISE_RE = re.compile(r"^(?:Table: .*|Board: .*|\*\*\* ANTE/BLINDS \*\*\*)$")


class Winamax(StarsLayout):
    """Winamax's words for the PokerStars layout."""

    ROOM = ROOM
    NUMBERS = NUMBERS
    HEADER = _HEADER_RE
    NO_HAND = ("no hand starts in this Winamax file: a hand starts at 'Winamax Poker - ... "
               "HandId: #N-N-N - ...'")
    SEAT = _SEAT_RE
    SEAT_NOISE = _NOISE_RE
    # The history layout's "*** 3rd STREET ***", the export layout's "*** THIRD ***".
    STREETS: ClassVar[dict[str, str]] = {
        **StarsLayout.STREETS,
        "THIRD": "3rd", "FOURTH": "4th", "FIFTH": "5th", "SIXTH": "6th", "SEVENTH": "7th"}
    SHOWDOWNS = ("SHOW DOWN", "SHOWDOWN")
    QUIET_SECTIONS = ("ANTE/BLINDS", "PRE-FLOP")
    ANTE = _ANTE_RE
    ACTIONS = _ACTIONS
    SHOWS = _SHOWS_RE
    WINS = _COLLECTED_RE
    QUIET = _QUIET_RE
    NOISE = _NOISE_RE
    CHAT = False
    TOTAL = _TOTAL_RE
    RAKE = _RAKE_RE
    NO_RAKE = 0.0  # "| No rake"

    def start(self, line: int, header: re.Match[str]) -> HandBuilder | None:
        rest = header["rest"]
        after_id = rest[rest.index("HandId:"):]
        stakes = _STAKES_RE.search(after_id)
        game = game_of(ROOM, after_id[: stakes.start()] if stakes else after_id)
        if game is None:
            return None
        builder = HandBuilder(ROOM, header["id"], line, game, needs_summary="summary",
                              cards_from_shown=True)
        if stakes is None:
            raise HandError(line, "no stakes (ante/small bet/big bet) in the header")
        values = [amount(v) for v in stakes["stakes"].split("/") if re.search(r"\d", v)]
        if len(values) < 2:
            raise HandError(line, "no stakes (ante/small bet/big bet) in the header")
        builder.small_bet, builder.big_bet = values[-2], values[-1]
        if len(values) >= 3:
            builder.ante_size = values[0]
        tournament = _TOURNAMENT_RE.search(rest)
        builder.tournament = tournament["t"] if tournament else None
        builder.date(line, rest)
        return builder

    def act(self, n: int, name: str, kind: str, chips: float, all_in: bool) -> None:
        """A raise by the player who brought it in on this street leaves the bring-in out
        of its total (fpdb's WinamaxToFpdb reads it so): after ``brings in 10€``,
        ``raises -6.10€ to 18.90€`` is 28.90€ in all."""
        hh = self.hh
        if kind == "raise" and hh.streets:
            chips += sum(a.amount for a in hh.current.actions
                         if a.player == name and a.kind == "bring-in")
        hh.act(n, name, kind, chips, all_in=all_in)

    def finish(self, hand: HandHistory) -> HandHistory:
        """Return the bet nobody called, which the file leaves in the pot and in what its
        bettor collected; the pot before the rake."""
        if hand.cut is not None:
            return hand
        extra = self.hh.settle_uncalled(last_street_only=True)
        collected = dict(hand.collected)
        if extra and self.hh.returned:
            _, bettor, _ = self.hh.returned[-1]
            if collected.get(bettor, 0.0) >= extra - 1e-9:
                collected[bettor] = round(collected[bettor] - extra, 10)
        total = hand.total_pot
        if total is not None:
            total = round(total + (hand.rake or 0.0) - extra, 10)
        elif collected:
            total = round(sum(collected.values()) + (hand.rake or 0.0), 10)
        return dataclasses.replace(hand, uncalled=dict(self.hh.uncalled),
                                   returned=tuple(self.hh.returned), collected=collected,
                                   total_pot=total)


parse_text = Winamax.parse_text


__all__ = ["ROOM", "parse_text"]
