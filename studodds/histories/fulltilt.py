"""Reader for Full Tilt Poker stud hand histories (Stud Hi, Stud H/L, Razz, 5 Card Stud;
cash games, sit & gos and tournaments).

>>> hands, problems = parse_text(_EXAMPLE)
>>> hand = hands[0]
>>> hand.room, hand.game, hand.small_bet, hand.big_bet, hand.ante, hand.bring_in
('Full Tilt Poker', 'razz', 2.0, 4.0, 0.5, 1.0)
>>> hand.hero, cards_str(hand.hero_cards), cards_str(hand.up_cards["Villain"])
('Hero', '4c 2h 8h', 'Kd')
>>> [(a.player, a.kind, a.amount) for a in hand.streets[0].actions]
[('Hero', 'ante', 0.5), ('Villain', 'ante', 0.5), ('Villain', 'bring-in', 1.0), ('Hero', 'fold', 0.0)]
>>> hand.uncalled, hand.collected, hand.total_pot, problems
({'Villain': 1.0}, {'Villain': 1.0}, 1.0, [])

The lines are PokerStars' in other words: no colon after the player's name (``Hero antes
$0.50``, ``Villain brings in for $1``), ``raises to $6`` (the street's total), ``calls
$2`` (what the call adds), ``, and is all in``, ``Uncalled bet of $2 returned to NAME``,
``wins the pot ($5.50)`` (or the main pot and the side pots). The hero's hole cards come
in their own brackets on the first street (``Dealt to Hero [5h 3c] [Td]``). Tournament
summaries ("Full Tilt Poker Tournament Summary") hold no hands: formats.py calls them
summaries and no reader is asked. Hands of other games are skipped; lines the reader does
not know are kept as warnings; player chat and table notices (``NAME sits down``, ``NAME
adds $50`` by players not dealt in, ``5 seconds left to act``, the summary's ``Duration
95s``) are skipped quietly.
"""

from __future__ import annotations

import re

from ..cards import cards_str
from .amounts import DECIMAL_POINT
from .builder import HandBuilder
from .game_names import game_of
from .record import BadCard, HandError
from .stars_layout import StarsLayout

NUMBERS = DECIMAL_POINT  # how the room writes amounts (amounts.py)
amount = NUMBERS.parse

ROOM = "Full Tilt Poker"

_ = cards_str  # used by the module doctest

_EXAMPLE = """\
Full Tilt Poker Game #1: Table Example - $2/$4 Ante $0.50 - Limit Razz - 12:00:00 ET - 2012/01/01
Seat 1: Hero ($100)
Seat 2: Villain ($80)
Hero antes $0.50
Villain antes $0.50
*** 3RD STREET ***
Dealt to Hero [4c 2h] [8h]
Dealt to Villain [Kd]
Villain is high with [Kd]
Villain brings in for $1
Hero folds
Uncalled bet of $1 returned to Villain
Villain mucks
Villain wins the pot ($1)
*** SUMMARY ***
Total pot $1 | Rake $0
Seat 1: Hero folded on 3rd St.
Seat 2: Villain collected ($1), mucked
"""

_HEADER_RE = re.compile(r"^Full ?Tilt ?Poker (?:Game|Hand) #(?P<id>\d+):\s*(?P<rest>.*)$")

_NUM = r"[\d,]*\.?\d+"
_CUR = r"(?:[$€£]|[A-Z]{3}\s?)?"
_STAKES_RE = re.compile(
    rf"(?:^|\s|-){_CUR}(?P<sb>{_NUM})\s*/\s*{_CUR}(?P<bb>{_NUM})"
    rf"(?:\s+Ante\s+{_CUR}(?P<ante>{_NUM}))?"
)
_TOURNAMENT_RE = re.compile(r"\((?P<t>\d+)\),\s*Table\b|Tournament\s*#?(?P<t2>\d+)")
# A mixed game is named between the stakes and the game: "- $2/$4 Ante $0.40 - HORSE - Limit
# Razz -".
_MIXES = ("7-Game", "8-Game", "9-Game", "10-Game", "HA", "HEROS", "HO", "HOE", "HORSE", "HOSE",
          "OA", "OE", "SE")
_MIX_RE = re.compile(r"\s-\s(" + "|".join(re.escape(m) for m in _MIXES) + r")\s-\s")
_LIMIT_PART_RE = re.compile(r"^(?:Limit|Fixed Limit|No Limit|Pot Limit|Cap No Limit)\s+(.*)$")

_SEAT_RE = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^()]*\d[^()]*)\)(?P<rest>.*)$")

_ALL_IN = r"(?P<allin>,? and is all[- ]in)?"
_AMT = rf"(?P<amt>{_CUR}{_NUM})"
_ACTIONS = (
    ("ante", re.compile(rf"^antes {_AMT}{_ALL_IN}$")),
    ("bring-in", re.compile(rf"^brings in for {_AMT}{_ALL_IN}$")),
    ("complete", re.compile(rf"^completes it to {_AMT}{_ALL_IN}$")),
    ("bet", re.compile(rf"^bets {_AMT}{_ALL_IN}$")),
    ("raise", re.compile(rf"^raises (?:{_CUR}{_NUM} )?to {_AMT}{_ALL_IN}$")),
    ("call", re.compile(rf"^calls {_AMT}{_ALL_IN}$")),
    ("check", re.compile(r"^checks$")),
    ("fold", re.compile(r"^folds(?: \[(?P<cards>[^\[\]]*)\])?$")),
)
_SHOWS_RE = re.compile(r"^(?:shows|mucks|showed) \[(?P<cards>[^\[\]]*)\]")
_WINS_RE = re.compile(
    rf"^(?:wins|ties for) (?:the )?(?:(?:main|side) )?pot(?: #?\d+)? \((?P<amt>{_CUR}{_NUM})\)"
)
_QUIET_RE = re.compile(
    r"^(?:mucks|is (?:low|high) with \[.*\]|has \d+ seconds? left to act|has timed out.*"
    r"|is sitting out|sits out|has returned|stands up|sits down|is feeling .*"
    r"|has been disconnected.*|has reconnected|is disconnected|is connected"
    r"|has requested TIME|adds .*|re-buys .*|rebuys .*|is being treated as all-in.*"
    r"|finished the tournament.*|wins the tournament.*|doesn't show.*|has left the table"
    r"|leaves the table|joins the table.*|seat is reserved.*|is sitting out.*)$"
)
# An ante is returned too ("Ante of $0.40 returned to NAME") when nobody can play against it.
_UNCALLED_RE = re.compile(
    rf"^(?:Uncalled bet|Ante) of (?P<amt>{_CUR}{_NUM}) returned to (?P<name>.+)$")
_TOTAL_RE = re.compile(
    rf"^Total pot (?P<pot>{_CUR}{_NUM})(?P<mid>.*?)(?:\|\s*Rake (?P<rake>{_CUR}{_NUM}))?\s*$"
)
_NOISE_RE = re.compile(
    r"^(?:The button is in seat #\d+|Board: .*|Table .*|.* said, \".*|Time has expired.*"
    r"|Hand #\d+ has been canceled|This hand has been .*|.* is low with .*"
    # The table's notices while the hand runs, of players not dealt in, and the clock.
    rf"|.+ (?:sits down|stands up|adds {_CUR}{_NUM})|\d+ seconds? left to act"
    # The summary's length of the hand (2006 files).
    r"|Duration \d+s)$"
)


class FullTilt(StarsLayout):
    """Full Tilt Poker's words for the PokerStars layout."""

    ROOM = ROOM
    NUMBERS = NUMBERS
    HEADER = _HEADER_RE
    SEAT = _SEAT_RE
    ACTIONS = _ACTIONS
    SHOWS = _SHOWS_RE
    WINS = _WINS_RE
    UNCALLED = _UNCALLED_RE
    QUIET = _QUIET_RE
    NOISE = _NOISE_RE
    TOTAL = _TOTAL_RE

    def start(self, line: int, header: re.Match[str]) -> HandBuilder | None:
        rest = header["rest"]
        parts = [p.strip() for p in rest.split(" - ")]
        game = None
        for part in parts[1:]:
            limit = _LIMIT_PART_RE.match(part)
            if limit:
                game = game_of(ROOM, limit.group(1))
                break
        else:
            game = next((g for g in (game_of(ROOM, part) for part in parts[1:]) if g), None)
        if game is None:
            return None  # hold'em, Omaha, draw ...: not ours
        builder = HandBuilder(ROOM, header["id"], line, game, needs_summary="summary")
        builder.date(line, rest)
        stakes = next((m for m in map(_STAKES_RE.search, parts[1:]) if m), None)
        if stakes is None:
            raise HandError(line, "no stakes (small bet/big bet) in the header")
        builder.small_bet, builder.big_bet = amount(stakes["sb"]), amount(stakes["bb"])
        if stakes["ante"]:
            builder.ante_size = amount(stakes["ante"])
        tournament = _TOURNAMENT_RE.search(rest)
        if tournament:
            builder.tournament = tournament["t"] or tournament["t2"]
        mix = _MIX_RE.search(rest)
        builder.mix = mix.group(1) if mix else None
        return builder


parse_text = FullTilt.parse_text


__all__ = ["ROOM", "BadCard", "parse_text"]
