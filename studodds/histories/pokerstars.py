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

Hands are separated by their header lines (``PokerStars Hand #...:`` or ``PokerStars Game
#...:``); blank lines between them are ignored. Hands of other games (hold'em, draw) are
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

from ..cards import NotationError, card_str, cards_str, parse_card
from .amounts import DECIMAL_POINT
from .builder import HandBuilder, read_hands
from .formats import POKERSTARS
from .game_names import find_game
from .record import BadCard, HandError, HandHistory, ParseProblem

NUMBERS = DECIMAL_POINT  # how the room writes amounts (amounts.py)
_amount = NUMBERS.parse

# cards_str is used by the module doctest.
_ = cards_str

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


_HEADER_RE = re.compile(r"^\ufeff?\s*PokerStars\b[^#]*#(?P<id>\d+):\s*(?P<rest>.*)$")

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

_STREET_RE = re.compile(r"^\*\*\* (?P<name>[^*]+?) \*\*\*(?P<rest>.*)$")

_STREET_NAMES = {
    "3RD STREET": "3rd", "4TH STREET": "4th", "5TH STREET": "5th", "6TH STREET": "6th",
    "7TH STREET": "7th", "RIVER": "7th",
}

_COMMUNITY_RE = re.compile(r"^\[(?P<cards>[^\[\]]*)\]$")

_BOARD_RE = re.compile(r"^Board \[(?P<cards>[^\[\]]*)\]$")

_BRACKETS_RE = re.compile(r"^\[(?P<a>[^\[\]]*)\](?: \[(?P<b>[^\[\]]*)\])?$")

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
_NOISE_RES = tuple(
    re.compile(p)
    for p in (
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
    )
)

_CARD_TOKEN_RE = re.compile(r"^[2-9TJQKA][cdhs]$")


def _cards(text: str, line: int) -> tuple[int, ...]:
    out = []
    for token in text.split():
        if not _CARD_TOKEN_RE.match(token):
            raise BadCard(line, f"impossible card {token!r}")
        try:
            out.append(parse_card(token))
        except NotationError as exc:  # pragma: no cover - the regex above already checks
            raise HandError(line, str(exc)) from None
    if len(set(out)) != len(out):
        raise HandError(line, f"a card is repeated in [{text}]")
    return tuple(out)


class _Hand:
    """Reads one hand's lines into the one hand builder (builder.py)."""

    def __init__(self, hand_id: str, header_line: int, header: str):
        self.hand_id = hand_id
        self.header_line = header_line
        self.hh: HandBuilder | None = None  # None: not a stud hand
        self._parse_header(header)

    # -- header
    def _parse_header(self, rest: str) -> None:
        game_id, game = find_game(POKERSTARS, rest, leftmost=True)
        if game_id is None or game is None:
            return  # not a stud hand
        tournament = _TOURNAMENT_RE.search(rest)
        before = rest[: game.start()]
        mix = _MIX_RE.search(before)
        if mix:
            mix = next(m for m in _MIXES if m.lower() == mix.group(0).lower())
        elif before.rstrip().endswith("("):
            words = before.rstrip()[:-1].split()
            mix = words[-1] if words else None
        stakes = _STAKES_RE.search(rest)
        if stakes is None:
            raise HandError(self.header_line, "no stakes (small bet/big bet) in the header")
        self.hh = HandBuilder(POKERSTARS, self.hand_id, self.header_line, game_id,
                              _amount(stakes["sb"]), _amount(stakes["bb"]),
                              tournament=tournament["t"] if tournament else None,
                              mix=mix or None, needs_summary="*** SUMMARY ***")

    # -- lines
    def feed(self, n: int, line: str) -> None:
        hh = self.hh
        if hh.section == "seats":
            seat = _SEAT_RE.match(line)
            if seat:
                hh.seat(n, int(seat["seat"]), seat["name"], _amount(seat["stack"]))
                return
            if line.startswith("Table '"):
                return
            hh.section = "antes"
        street = _STREET_RE.match(line)
        if street:
            self._street_header(n, street["name"].strip().upper(), street["rest"].strip())
            return
        if hh.section == "summary":
            self._summary_line(n, line)
            return
        if line.startswith("Dealt to "):
            self._dealt(n, line)
            return
        prefixed = hh.name_prefix(line, ": ")
        if prefixed:
            self._player_line(n, line, *prefixed)
            return
        if self._other_line(n, line):
            return
        if not any(p.match(line) for p in _NOISE_RES):
            hh.warn(n, line)

    def _street_header(self, n: int, name: str, rest: str) -> None:
        hh = self.hh
        if name in _STREET_NAMES:
            if hh.ended:
                raise HandError(n, f"*** {name} *** after the showdown or summary")
            short = _STREET_NAMES[name]
            hh.street(n, short)
            community = _COMMUNITY_RE.match(rest) if short == "7th" else None
            if community:
                cards = _cards(community["cards"], n)
                if len(cards) != 1:
                    raise HandError(n, f"the community card is one card, not "
                                       f"[{community['cards']}]")
                hh.turn_community(n, cards[0])
                self.community_line = n
            elif rest:
                hh.warn(n, f"*** {name} *** {rest}")
        elif name == "SHOW DOWN":
            if hh.section == "summary":
                raise HandError(n, "*** SHOW DOWN *** after the summary")
            hh.showdown()
        elif name == "SUMMARY":
            if hh.section == "summary":
                raise HandError(n, "a second *** SUMMARY ***")
            hh.summary(n)
        else:
            hh.warn(n, f"*** {name} *** {rest}".rstrip())

    def _dealt(self, n: int, line: str) -> None:
        hh = self.hh
        if hh.section != "street":
            raise HandError(n, "cards dealt outside a street")
        name = next((c for c in hh.names if line.startswith(f"Dealt to {c} [")), None)
        if name is None:
            raise HandError(n, f"cards dealt to a player who is not seated: {line!r}")
        match = _BRACKETS_RE.match(line[len("Dealt to ") + len(name) + 1:])
        if match is None:
            raise HandError(n, f"cannot read the dealt cards: {line!r}")
        first = _cards(match["a"], n)
        new = _cards(match["b"], n) if match["b"] is not None else None
        street = hh.current.name
        if street == "3rd":
            if new is not None:
                raise HandError(n, f"earlier cards given on 3rd street: {line!r}")
            if len(first) not in (1, 3):
                raise HandError(n, f"{len(first)} cards dealt on 3rd street: {line!r}")
            hh.deal_street(n, name, first)
            return
        if street == "7th" and hh.community is not None:
            # The river is the community card: nobody gets a card of their own. A line
            # repeating a player's cards (with the community card as the new one) is
            # tolerated and adds nothing.
            if new not in (None, (hh.community,)):
                raise HandError(n, f"a river dealt to {name}, but the river is the "
                                    f"community card {card_str(hh.community)}: {line!r}")
            hh._check_earlier(n, name, first)
            return
        if new is None or len(new) != 1:
            raise HandError(n, f"expected [earlier cards] [new card]: {line!r}")
        hh.deal_street(n, name, new, earlier=first)

    def _player_line(self, n: int, line: str, name: str, rest: str) -> None:
        for kind, regex in _ACTION_RES:
            match = regex.match(rest)
            if match is None:
                continue
            if kind == "fold" and match["cards"]:
                self._show(name, _cards(match["cards"], n), n)
            all_in = bool(match.groupdict().get("allin"))
            chips = _amount(match["amt"]) if "amt" in match.groupdict() else None
            if kind == "ante":
                self.hh.ante(n, name, chips, all_in)
            else:
                self.hh.act(n, name, kind, chips, all_in=all_in)
            return
        shows = _SHOWS_RE.match(rest)
        if shows:
            self._show(name, _cards(shows["cards"], n), n)
            return
        if _QUIET_AFTER_NAME_RE.match(rest):
            return
        self.hh.warn(n, line)

    def _show(self, name: str, cards: tuple[int, ...], n: int) -> None:
        """Cards revealed by ``name``. After a card shortage the community card may be
        listed as the seventh card: it is not the player's own and is left out (six own
        cards at most)."""
        community = self.hh.community
        if community is not None:
            cards = tuple(c for c in cards if c != community)
            if len(cards) > 6:
                raise HandError(n, f"{name} shows {len(cards)} cards of their own, but the "
                                    f"river was the community card {card_str(community)}")
        self.hh.show(n, name, cards)

    def _other_line(self, n: int, line: str) -> bool:
        """Lines that do not start with "NAME: ": returns, collections."""
        match = _UNCALLED_RE.match(line)
        if match and match["name"] in self.hh.stacks:
            self.hh.return_uncalled(n, match["name"], _amount(match["amt"]))
            return True
        match = _COLLECTED_RE.match(line)
        if match and match["name"] in self.hh.stacks:
            self.hh.collect(n, match["name"], _amount(match["amt"]))
            return True
        return False

    def _summary_line(self, n: int, line: str) -> None:
        hh = self.hh
        total = _TOTAL_RE.match(line)
        if total:
            hh.total_pot = _amount(total["pot"])
            hh.rake = _amount(total["rake"]) if total["rake"] is not None else None
            return
        seat = _SUMMARY_SEAT_RE.match(line)
        if seat:
            rest = seat["rest"]
            name = next((c for c in hh.names if rest.startswith(c + " ")), None)
            if name is None:
                hh.warn(n, line)
                return
            cards = _SUMMARY_CARDS_RE.search(rest)
            if cards:
                self._show(name, _cards(cards["cards"], n), n)
            for won in _SUMMARY_WON_RE.finditer(rest):
                hh.summary_won[name] = hh.summary_won.get(name, 0.0) + _amount(won["amt"])
            return
        board = _BOARD_RE.match(line)
        if board:
            self._board(n, line, board["cards"])
            return
        if line.startswith("Board ") or any(p.match(line) for p in _NOISE_RES):
            return
        hh.warn(n, line)

    def _board(self, n: int, line: str, text: str) -> None:
        """``Board [6h]``: in stud only after a card shortage; it must be the river's card."""
        community = self.hh.community
        if community is None:
            self.hh.warnings.append(f"line {n}: {line} (no community card was turned on "
                                    "the river)")
        elif text.split() != [card_str(community)]:
            self.hh.warnings.append(f"line {n}: {line} (the river turned the community card "
                                    f"{card_str(community)}, line {self.community_line})")


def _chunks(text: str):
    chunks: list[tuple[str, int, list[tuple[int, str]]]] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().lstrip("\ufeff")
        header = _HEADER_RE.match(line)
        if header:
            chunks.append((header["id"], n, [(n, header["rest"])]))
        elif line and chunks:
            chunks[-1][2].append((n, line))
    return chunks


def _read(hand_id: str, start: int, lines, holder: list[HandBuilder]) -> HandBuilder | None:
    (_, header), *rest = lines
    hand = _Hand(hand_id, start, header)
    if hand.hh is None:
        return None  # another game: not ours
    holder.append(hand.hh)
    for n, line in rest:
        hand.feed(n, line)
    return hand.hh


def parse_text(text: str) -> tuple[list[HandHistory], list[ParseProblem]]:
    """All stud hands in ``text`` and the problems of those that could not be read."""
    return read_hands(_chunks(text), _read)
