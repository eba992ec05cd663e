"""Reader for PokerStars stud hand histories (7 Card Stud, Stud Hi/Lo, Razz).

>>> hands, problems = parse_text(_EXAMPLE)
>>> hand = hands[0]
>>> hand.game, hand.small_bet, hand.big_bet, hand.ante, hand.bring_in
('razz', 2.0, 4.0, 0.5, 1.0)
>>> hand.hero, cards_str(hand.hero_cards)
('Hero', '4c 2h 8h')
>>> hand.door_cards() == (("Hero", parse_card("8h")), ("Villain", parse_card("Kd")))
True
>>> [(a.player, a.kind, a.amount) for a in hand.streets[0].actions]
[('Hero', 'ante', 0.5), ('Villain', 'ante', 0.5), ('Villain', 'bring-in', 1.0), ('Hero', 'fold', 0.0)]
>>> hand.folded_on("Hero"), hand.uncalled, hand.collected, hand.total_pot, problems
('3rd', {'Villain': 1.0}, {'Villain': 1.0}, 1.0, [])

Hands are separated by their header lines (``PokerStars Hand #...:``, ``PokerStars Game
#...:``, ``PokerStars Home Game #...:``, in capitals in some exports); blank lines between
them are ignored, and so are an archive's numbered separators (``*********** # 2
**************``) and the space it puts before every line. Hands of other games (hold'em, draw) are
skipped silently. A stud hand that cannot be trusted (no summary, a duplicated card, dealt
cards that contradict earlier ones, streets out of order) becomes a :class:`ParseProblem`
and the rest of the file is still read. A token that is no card at all (``[of]``) only
cuts the hand short: the streets read to their end before it are kept, and
:attr:`HandHistory.cut` says where (a bad card on 3rd street leaves nothing to keep: a
problem). Lines the reader does not
know are kept in :attr:`HandHistory.warnings` as ``"line N: text"``; informational lines
(joins, leaves, chat, "Betting is capped", ...) are skipped without a warning.

Amounts are floats in the hand's own unit (dollars, euros or tournament chips). Antes are
recorded as the first actions of the 3rd street. An action's ``amount`` is what it puts
into the pot: ``raises $0.04 to $0.08`` by a player who had already called $0.02 on that
street puts in $0.06 (``to`` is 0.08); antes do not count towards a street's bets.

Card shortage (seven-card stud with eight players on 7th street): the river is one
community card turned face up for everyone, written ``*** RIVER *** [6h]`` with no
"Dealt to" river lines, and ``Board [6h]`` in the summary. It is kept in
:attr:`HandHistory.community` and is nobody's own card: the hero's cards, up cards and
shown cards are the players' own (six at most); a "shows" line with seven cards, the
community card among them, is read as the six own cards. A ``Board`` line that does not
match the river is a warning.
"""

from __future__ import annotations

import re
from typing import ClassVar

from ..cards import card_str, cards_str, parse_card
from .amounts import DECIMAL_POINT
from .builder import HandBuilder
from .formats import POKERSTARS
from .game_names import find_game
from .record import HandError
from .stars_layout import StarsLayout
from .studlines import cards

NUMBERS = DECIMAL_POINT  # how the room writes amounts (amounts.py)
_amount = NUMBERS.parse

# cards_str and parse_card are used by the module doctest.
_ = cards_str, parse_card

_EXAMPLE = """\
PokerStars Hand #1: Razz Limit ($2/$4 USD) - 2020/01/01 12:00:00 ET
Table 'Example' 8-max
Seat 1: Hero ($100 in chips)
Seat 2: Villain ($80 in chips)
Hero: posts the ante $0.50
Villain: posts the ante $0.50
*** 3rd STREET ***
Dealt to Hero [4c 2h 8h]
Dealt to Villain [Kd]
Villain: brings in for $1
Hero: folds
Uncalled bet ($1) returned to Villain
Villain collected $1 from pot
Villain: doesn't show hand
*** SUMMARY ***
Total pot $1 | Rake $0
Seat 1: Hero folded on the 3rd Street (didn't bet)
Seat 2: Villain collected ($1)
"""


_HEADER_RE = re.compile(r"^\ufeff?\s*(?i:PokerStars)\b[^#]*#(?P<id>\d+):\s*(?P<rest>.*)$")

_MIXES = ("HORSE", "HOSE", "8-Game", "Triple Stud", "Mixed Games", "Mixed Stud")

_MIX_RE = re.compile("|".join(re.escape(m) for m in _MIXES), re.IGNORECASE)

_CUR = r"(?:[$€£¥₹]|Rs\.\s)?"

_NUM = r"\d[\d,]*(?:\.\d+)?|\.\d+"

_AMT = rf"{_CUR}(?P<amt>{_NUM})"

_STAKES_RE = re.compile(
    rf"\((?:[^()]*?[A-Za-z][^()]*?,\s*)?(?:ante\s+{_CUR}(?:{_NUM}),\s*)?{_CUR}(?P<sb>{_NUM})\s*/\s*"
    rf"{_CUR}(?P<bb>{_NUM})(?:\s+[A-Z]{{3}})?\)"
)

_TOURNAMENT_RE = re.compile(r"Tournament\s+#(?P<t>\d+)", re.IGNORECASE)

_SEAT_RE = re.compile(
    rf"^Seat (?P<seat>\d+): (?P<name>.+) \({_CUR}(?P<stack>{_NUM}) in chips(?:,[^)]*)?\)"
    r"(?P<rest>.*)$"
)

_COMMUNITY_RE = re.compile(r"^\[(?P<cards>[^\[\]]*)\]$")

_BOARD_RE = re.compile(r"^Board \[(?P<cards>[^\[\]]*)\]$")

_ALL_IN = r"(?P<allin> and is all-in)?(?: and has reached the .* cap)?(?: \(disconnect\))?"

_ACTION_RES = (
    ("ante", re.compile(rf"^posts (?:the )?ante {_AMT}{_ALL_IN}$")),
    ("bring-in", re.compile(rf"^brings[- ]in(?: low| high)? for {_AMT}{_ALL_IN}$")),
    ("complete", re.compile(rf"^completes it to {_AMT}{_ALL_IN}$")),
    ("bet", re.compile(rf"^bets {_AMT}{_ALL_IN}$")),
    ("raise", re.compile(rf"^raises {_CUR}(?:{_NUM}) to {_AMT}{_ALL_IN}$")),
    ("call", re.compile(rf"^calls {_AMT}{_ALL_IN}$")),
    ("check", re.compile(r"^checks(?: \(disconnect\))?$")),
    ("fold", re.compile(r"^folds(?: \(disconnect\))?(?: \[(?P<cards>[^\[\]]*)\])?$")),
)

_SHOWS_RE = re.compile(r"^(?:shows|mucks|showed) \[(?P<cards>[^\[\]]*)\](?: \(.*\))?$")

_QUIET_AFTER_NAME_RE = re.compile(
    r"^(?:mucks hand|doesn't show hand|is sitting out|sits out|sitting out|is away"
    r"|has timed out.*|is disconnected|is connected|has returned|stands up.*)$"
)

_UNCALLED_RE = re.compile(rf"^Uncalled bet \({_AMT}\) returned to (?P<name>.+)$")

_COLLECTED_RE = re.compile(
    rf"^(?P<name>.+) collected {_AMT} from (?:the )?(?:(?:main|side) )?pot(?:-\d+)?$"
)

_TOTAL_RE = re.compile(
    rf"^Total pot {_CUR}(?P<pot>{_NUM})(?P<mid>.*?)(?:\s*\|\s*Rake {_CUR}(?P<rake>{_NUM}))?"
    r"(?:\s*\|.*)?$"
)

_SUMMARY_SEAT_RE = re.compile(r"^Seat (?P<seat>\d+): (?P<rest>.*)$")

_SUMMARY_CARDS_RE = re.compile(r"(?:showed|mucked) \[(?P<cards>[^\[\]]*)\]")

_SUMMARY_WON_RE = re.compile(rf"(?:collected|won) \({_AMT}\)")

# Lines that carry no information for us; skipped without a warning.
_NOISE_PATTERNS = (
    r"^Table '.*'",
    r".* joins the table at seat #\d+$",
    r".* leaves the table$",
    r".* (?:is|has been) disconnected$",
    r".* is connected$",
    r".* has returned$",
    r".* has timed out(?: while disconnected)?$",
    r".* is sitting out$",
    r".* sits out$",
    r".* was removed from the table.*$",
    r'.* said, ".*"?$',
    r".* will be allowed to play.*$",
    r".* finished the tournament.*$",
    r".* wins the tournament.*$",
    r".* re-buys and receives.*$",
    r".* takes the add-on.*$",
    r".* wins (?:the )?.* bounty.*$",
    r"^Betting is capped$",
    r"^Pair on board - a double bet is allowed$",
    r"^No low hand qualified$",
    r"^.* cashed out the hand.*$",
    r"^Board .*$",
    r"^\*{5,}\s*#\s*\d+\s*\*{5,}$",  # an archive's "*********** # 2 ***********" between hands
)
_NOISE_RE = re.compile("|".join(_NOISE_PATTERNS))

class PokerStars(StarsLayout):
    """PokerStars' own words for its layout; the card shortage's community river is its
    own hook."""

    ROOM = POKERSTARS
    NUMBERS = NUMBERS
    HEADER = _HEADER_RE
    SEAT = _SEAT_RE
    SEAT_NOISE = re.compile(r"^Table '")
    STREETS: ClassVar[dict[str, str]] = {**StarsLayout.STREETS, "RIVER": "7th"}
    ACTOR = ": "
    ACTIONS = _ACTION_RES
    SHOWS = _SHOWS_RE
    WINS = re.compile(r"(?!)")  # never: PokerStars writes "NAME collected" without a colon
    COLLECTED = _COLLECTED_RE
    UNCALLED = _UNCALLED_RE
    QUIET = _QUIET_AFTER_NAME_RE
    NOISE = _NOISE_RE
    CHAT = False
    TOTAL = _TOTAL_RE
    SUMMARY_WON = _SUMMARY_WON_RE

    def start(self, line: int, header: re.Match[str]) -> HandBuilder | None:
        rest = header["rest"]
        game_id, game = find_game(POKERSTARS, rest, leftmost=True)
        if game_id is None or game is None:
            return None  # not a stud hand
        tournament = _TOURNAMENT_RE.search(rest)
        before = rest[: game.start()]
        mix: str | None = None
        mix_named = _MIX_RE.search(before)
        if mix_named:
            mix = next(m for m in _MIXES if m.lower() == mix_named.group(0).lower())
        elif before.rstrip().endswith("("):
            words = before.rstrip()[:-1].split()
            mix = words[-1] if words else None
        stakes = _STAKES_RE.search(rest)
        if stakes is None:
            raise HandError(line, "no stakes (small bet/big bet) in the header")
        builder = HandBuilder(POKERSTARS, header["id"], line, game_id, _amount(stakes["sb"]),
                              _amount(stakes["bb"]),
                              tournament=tournament["t"] if tournament else None,
                              mix=mix or None, needs_summary="*** SUMMARY ***")
        builder.date(line, rest)
        return builder

    def street_rest(self, n: int, name: str, rest: str) -> None:
        """``*** RIVER *** [6h]``: the card shortage's community card, nobody's own."""
        community = _COMMUNITY_RE.match(rest) if self.hh.current.name == "7th" else None
        if community is None:
            self.hh.warn(n, f"*** {name} *** {rest}")
            return
        shown = cards(community["cards"], n)
        card = shown[0] if len(shown) == 1 else None
        if card is None:
            raise HandError(n, f"the community card is one card, not [{community['cards']}]")
        self.hh.turn_community(n, card)
        self.community_line = n

    def deal_new(self, n: int, name: str, new, held) -> None:
        community = self.hh.community
        if self.hh.current.name != "7th" or community is None:
            super().deal_new(n, name, new, held)
            return
        # The river is the community card: nobody gets a card of their own. A line
        # repeating a player's cards (with the community card as the new one) is
        # tolerated and adds nothing.
        if new not in (None, (community,)):
            raise HandError(n, f"a river dealt to {name}, but the river is the community "
                               f"card {card_str(community)}")
        self.hh.check_earlier(n, name, held)

    def summary_line(self, n: int, line: str) -> None:
        board = _BOARD_RE.match(line)
        if board is None:
            super().summary_line(n, line)
            return
        community = self.hh.community
        if community is None:
            self.hh.warnings.append(f"line {n}: {line} (no community card was turned on "
                                    "the river)")
        elif board["cards"].split() != [card_str(community)]:
            self.hh.warnings.append(f"line {n}: {line} (the river turned the community card "
                                    f"{card_str(community)}, line {self.community_line})")


parse_text = PokerStars.parse_text
