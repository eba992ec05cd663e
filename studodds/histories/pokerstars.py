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

import dataclasses
import re

from ..cards import NotationError, card_str, cards_str, parse_card
from .amounts import DECIMAL_POINT, AmountError
from .formats import POKERSTARS
from .game_names import find_game
from .record import Action, BadCard, HandError, HandHistory, ParseProblem, Street
from .streets import street_names

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

# The owner of the community card in _Builder.owner (never a player's name: names have
# no leading NUL).
_COMMUNITY_OWNER = "\0community"

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


class _Builder:
    """Collects one hand, line by line."""

    def __init__(self, hand_id: str, header_line: int, header: str):
        self.hand_id = hand_id
        self.header_line = header_line
        self.game: str | None = None
        self.mix: str | None = None
        self.tournament: str | None = None
        self.small_bet = self.big_bet = 0.0
        self._parse_header(header)
        self.seat_list: list[tuple[int, str]] = []
        self.stack_of: dict[str, float] = {}
        self.names: list[str] = []  # longest first, for matching
        self.section = "seats"  # seats -> antes -> street -> showdown -> summary
        self.streets: list[tuple[str, dict[str, tuple[int, ...]], list[Action]]] = []
        self.antes: list[Action] = []
        self.committed: dict[str, float] = {}
        self.hero: str | None = None
        self.hero_cards: list[int] = []
        self.up: dict[str, list[int]] = {}
        self.shown: dict[str, tuple[int, ...]] = {}
        self.owner: dict[int, str] = {}
        self.collected: dict[str, float] = {}
        self.summary_won: dict[str, float] = {}
        self.uncalled: dict[str, float] = {}
        self.returned: list[tuple[str, str, float]] = []
        self.total_pot: float | None = None
        self.rake: float | None = None
        self.warnings: list[str] = []
        self.saw_summary = False
        self.community: int | None = None
        self.community_line = 0
        # For a hand cut short by a bad card: how many streets were read to their end, and
        # the cards shown before the street in progress began.
        self.complete = 0
        self.shown_before_street: dict[str, tuple[int, ...]] = {}

    # -- header
    def _parse_header(self, rest: str) -> None:
        game_id, game = find_game(POKERSTARS, rest, leftmost=True)
        if game_id is None or game is None:
            return  # not a stud hand
        self.game = game_id
        tournament = _TOURNAMENT_RE.search(rest)
        self.tournament = tournament["t"] if tournament else None
        before = rest[: game.start()]
        mix = _MIX_RE.search(before)
        if mix:
            self.mix = next(m for m in _MIXES if m.lower() == mix.group(0).lower())
        elif before.rstrip().endswith("("):
            words = before.rstrip()[:-1].split()
            self.mix = words[-1] if words else None
        stakes = _STAKES_RE.search(rest)
        if stakes is None:
            raise HandError(self.header_line, "no stakes (small bet/big bet) in the header")
        self.small_bet, self.big_bet = _amount(stakes["sb"]), _amount(stakes["bb"])

    # -- helpers
    def _name_prefix(self, line: str, sep: str) -> tuple[str, str] | None:
        """(name, rest) when ``line`` is a known player name then ``sep``."""
        for name in self.names:
            if line.startswith(name) and line[len(name):].startswith(sep):
                return name, line[len(name) + len(sep):]
        return None

    def _warn(self, n: int, line: str) -> None:
        self.warnings.append(f"line {n}: {line}")

    @property
    def street(self) -> tuple[str, dict[str, tuple[int, ...]], list[Action]]:
        return self.streets[-1]

    # -- lines
    def feed(self, n: int, line: str) -> None:
        if self.section == "seats":
            seat = _SEAT_RE.match(line)
            if seat:
                name = seat["name"]
                if name in self.stack_of:
                    raise HandError(n, f"player {name!r} is seated twice")
                self.seat_list.append((int(seat["seat"]), name))
                self.stack_of[name] = _amount(seat["stack"])
                self.names = sorted(self.stack_of, key=len, reverse=True)
                return
            if line.startswith("Table '"):
                return
            self.section = "antes"
        street = _STREET_RE.match(line)
        if street:
            self._street_header(n, street["name"].strip().upper(), street["rest"].strip())
            return
        if self.section == "summary":
            self._summary_line(n, line)
            return
        if line.startswith("Dealt to "):
            self._dealt(n, line)
            return
        prefixed = self._name_prefix(line, ": ")
        if prefixed:
            self._player_line(n, line, *prefixed)
            return
        if self._other_line(line):
            return
        if not any(p.match(line) for p in _NOISE_RES):
            self._warn(n, line)

    def _order(self) -> tuple[str, ...]:
        # PokerStars deals seven-card games only: their streets before the game is known.
        return street_names(self.game or "stud7")

    def _street_header(self, n: int, name: str, rest: str) -> None:
        if name in _STREET_NAMES or name in ("SHOW DOWN", "SUMMARY"):
            self.complete = len(self.streets)  # a new section ends the street before it
        if name in _STREET_NAMES:
            self.shown_before_street = dict(self.shown)
            if self.section in ("showdown", "summary"):
                raise HandError(n, f"*** {name} *** after the showdown or summary")
            short = _STREET_NAMES[name]
            order = self._order()
            expected = order[len(self.streets)] if len(self.streets) < len(order) else None
            if short != expected:
                raise HandError(n, f"*** {name} *** out of order (expected {expected} street)")
            community = _COMMUNITY_RE.match(rest) if short == "7th" else None
            if community:
                self._turn_community(n, community["cards"])
            elif rest:
                self._warn(n, f"*** {name} *** {rest}")
            dealt: dict[str, tuple[int, ...]] = {}
            actions: list[Action] = list(self.antes) if not self.streets else []
            self.streets.append((short, dealt, actions))
            self.committed = {}
            self.section = "street"
        elif name == "SHOW DOWN":
            if self.section == "summary":
                raise HandError(n, "*** SHOW DOWN *** after the summary")
            self.section = "showdown"
        elif name == "SUMMARY":
            if self.section == "summary":
                raise HandError(n, "a second *** SUMMARY ***")
            self.section = "summary"
            self.saw_summary = True
        else:
            self._warn(n, f"*** {name} *** {rest}".rstrip())

    def _turn_community(self, n: int, text: str) -> None:
        """``*** RIVER *** [6h]``: the card shortage's community card, nobody's own."""
        cards = _cards(text, n)
        if len(cards) != 1:
            raise HandError(n, f"the community card is one card, not [{text}]")
        (card,) = cards
        self._claim(cards, _COMMUNITY_OWNER, n)
        self.community = card
        self.community_line = n

    def _dealt(self, n: int, line: str) -> None:
        if self.section != "street":
            raise HandError(n, "cards dealt outside a street")
        name = None
        for candidate in self.names:
            if line.startswith(f"Dealt to {candidate} ["):
                name = candidate
                break
        if name is None:
            raise HandError(n, f"cards dealt to a player who is not seated: {line!r}")
        match = _BRACKETS_RE.match(line[len("Dealt to ") + len(name) + 1:])
        if match is None:
            raise HandError(n, f"cannot read the dealt cards: {line!r}")
        first = _cards(match["a"], n)
        new = _cards(match["b"], n) if match["b"] is not None else None
        street_name, dealt, _ = self.street
        if name in dealt:
            raise HandError(n, f"{name} is dealt twice on the {street_name} street")
        if street_name == "3rd":
            if new is not None:
                raise HandError(n, f"earlier cards given on 3rd street: {line!r}")
            if len(first) == 3:
                if self.hero is not None:
                    raise HandError(n, f"two players have their hole cards shown: {line!r}")
                self.hero = name
                self.hero_cards = list(first)
                self.up[name] = [first[2]]
            elif len(first) == 1:
                self.up[name] = [first[0]]
            else:
                raise HandError(n, f"{len(first)} cards dealt on 3rd street: {line!r}")
            self._claim(first, name, n)
            dealt[name] = first
            return
        known = self.hero_cards if name == self.hero else self.up.get(name, [])
        if street_name == "7th" and self.community is not None:
            # The river is the community card: nobody gets a card of their own. A line
            # repeating a player's cards (with the community card as the new one) is
            # tolerated and adds nothing.
            if new not in (None, (self.community,)):
                raise HandError(n, f"a river dealt to {name}, but the river is the "
                                    f"community card {card_str(self.community)}: {line!r}")
            if list(first) != known:
                raise HandError(n, f"{name}'s earlier cards do not match: {line!r}")
            return
        if new is None or len(new) != 1:
            raise HandError(n, f"expected [earlier cards] [new card]: {line!r}")
        if list(first) != known:
            raise HandError(n, f"{name}'s earlier cards do not match: {line!r}")
        if name == self.hero:
            self.hero_cards.append(new[0])
            if street_name != "7th":
                self.up[name].append(new[0])
        elif street_name != "7th":
            self.up.setdefault(name, []).append(new[0])
        self._claim(new, name, n)
        dealt[name] = new

    def _player_line(self, n: int, line: str, name: str, rest: str) -> None:
        for kind, regex in _ACTION_RES:
            match = regex.match(rest)
            if match is None:
                continue
            if kind == "fold" and match["cards"]:
                self._show(name, _cards(match["cards"], n), n)
            self._action(n, name, kind, match)
            return
        shows = _SHOWS_RE.match(rest)
        if shows:
            self._show(name, _cards(shows["cards"], n), n)
            return
        if _QUIET_AFTER_NAME_RE.match(rest):
            return
        self._warn(n, line)

    def _show(self, name: str, cards: tuple[int, ...], n: int) -> None:
        """Cards revealed by ``name``; the longest list seen is kept. After a card shortage
        the community card may be listed as the seventh card: it is not the player's own
        and is left out (six own cards at most)."""
        if self.community is not None:
            cards = tuple(c for c in cards if c != self.community)
            if len(cards) > 6:
                raise HandError(n, f"{name} shows {len(cards)} cards of their own, but the "
                                    f"river was the community card {card_str(self.community)}")
        self._claim(cards, name, n)
        before = set(self.shown.get(name, ()))
        if not (before <= set(cards) or set(cards) <= before):
            raise HandError(n, f"{name}'s shown cards disagree with the cards shown before")
        if len(cards) > len(before):
            self.shown[name] = cards

    def _action(self, n: int, name: str, kind: str, match: re.Match[str]) -> None:
        all_in = bool(match.groupdict().get("allin"))
        amount = _amount(match["amt"]) if "amt" in match.groupdict() else 0.0
        if kind == "ante":
            action = Action(name, "ante", amount, None, all_in)
            if self.streets:
                self.street[2].append(action)  # a late ante; rare, kept where it appears
            else:
                self.antes.append(action)
            return
        if self.section != "street":
            raise HandError(n, f"{name} acts outside a street")
        before = self.committed.get(name, 0.0)
        to = None
        if kind in ("raise", "complete"):
            to = amount
            amount = round(to - before, 10)
            if amount < 0:
                raise HandError(n, f"{name} raises to less than already put in")
        self.committed[name] = before + amount
        self.street[2].append(Action(name, kind, amount, to, all_in))

    def _other_line(self, line: str) -> bool:
        """Lines that do not start with "NAME: ": returns, collections."""
        match = _UNCALLED_RE.match(line)
        if match and match["name"] in self.stack_of:
            name = match["name"]
            self.uncalled[name] = self.uncalled.get(name, 0.0) + _amount(match["amt"])
            street = self.streets[-1][0] if self.streets else "3rd"
            self.returned.append((street, name, _amount(match["amt"])))
            return True
        match = _COLLECTED_RE.match(line)
        if match and match["name"] in self.stack_of:
            name = match["name"]
            self.collected[name] = self.collected.get(name, 0.0) + _amount(match["amt"])
            return True
        return False

    def _summary_line(self, n: int, line: str) -> None:
        total = _TOTAL_RE.match(line)
        if total:
            self.total_pot = _amount(total["pot"])
            self.rake = _amount(total["rake"]) if total["rake"] is not None else None
            return
        seat = _SUMMARY_SEAT_RE.match(line)
        if seat:
            rest = seat["rest"]
            name = None
            for candidate in self.names:
                if rest.startswith(candidate + " "):
                    name = candidate
                    break
            if name is None:
                self._warn(n, line)
                return
            cards = _SUMMARY_CARDS_RE.search(rest)
            if cards:
                self._show(name, _cards(cards["cards"], n), n)
            for won in _SUMMARY_WON_RE.finditer(rest):
                self.summary_won[name] = self.summary_won.get(name, 0.0) + _amount(won["amt"])
            return
        board = _BOARD_RE.match(line)
        if board:
            self._board(n, line, board["cards"])
            return
        if line.startswith("Board ") or any(p.match(line) for p in _NOISE_RES):
            return
        self._warn(n, line)

    def _board(self, n: int, line: str, text: str) -> None:
        """``Board [6h]``: in stud only after a card shortage; it must be the river's card."""
        tokens = text.split()
        if self.community is None:
            self.warnings.append(f"line {n}: {line} (no community card was turned on the river)")
        elif tokens != [card_str(self.community)]:
            self.warnings.append(
                f"line {n}: {line} (the river turned the community card "
                f"{card_str(self.community)}, line {self.community_line})"
            )

    # -- result
    def build(self, last_line: int) -> HandHistory:
        if not self.seat_list:
            raise HandError(self.header_line, "no seats")
        if not self.streets:
            raise HandError(last_line, "hand is truncated: no 3rd street")
        if not self.saw_summary:
            raise HandError(last_line, "hand is truncated: no *** SUMMARY ***")
        dealt_in = set(self.streets[0][1])
        if not dealt_in:
            raise HandError(last_line, "no cards dealt on 3rd street")
        self._check_cards(last_line)
        seats = tuple(sorted((s, p) for s, p in self.seat_list if p in dealt_in))
        antes = [a.amount for a in self.antes]
        bring_ins = [a.amount for s in self.streets for a in s[2] if a.kind == "bring-in"]
        collected = self.collected or dict(self.summary_won)
        return HandHistory(
            room=POKERSTARS,
            hand_id=self.hand_id,
            game=self.game or "",
            mix=self.mix,
            tournament=self.tournament,
            small_bet=self.small_bet,
            big_bet=self.big_bet,
            ante=max(antes) if antes else None,
            bring_in=bring_ins[0] if bring_ins else None,
            seats=seats,
            stacks={p: self.stack_of[p] for _, p in seats},
            hero=self.hero,
            hero_cards=tuple(self.hero_cards),
            up_cards={p: tuple(self.up[p]) for _, p in seats if p in self.up},
            streets=tuple(Street(name, dict(d), tuple(a)) for name, d, a in self.streets),
            shown=dict(self.shown),
            collected=collected,
            total_pot=self.total_pot,
            rake=self.rake,
            warnings=tuple(self.warnings),
            uncalled=dict(self.uncalled),
            returned=tuple(self.returned),
            community=self.community,
        )

    def _claim(self, cards, name: str, line: int) -> None:
        """Record ``cards`` as ``name``'s; a card already seen with another player is an error."""
        for card in cards:
            other = self.owner.setdefault(card, name)
            if other != name:
                if _COMMUNITY_OWNER in (other, name):
                    player = name if other == _COMMUNITY_OWNER else other
                    raise HandError(line, f"{card_str(card)} is the community card and "
                                           f"also {player}'s own card")
                raise HandError(line, f"{card_str(card)} is dealt to both {other} and {name}")

    def build_cut(self, cut: BadCard) -> HandHistory:
        """The hand up to a bad card: every street read to its end before it (all of them
        when the bad card is in the showdown or summary), with ``cut`` saying where."""
        at_end = self.section in ("showdown", "summary")
        k = len(self.streets) if at_end else self.complete
        if k == 0 or not self.seat_list:
            raise cut  # not one street to keep
        kept = {name for name, _, _ in self.streets[:k]}
        if at_end:
            note = "the showdown from this line on is left out"
        else:
            note = (f"only the streets before it are kept ({', '.join(self._order()[:k])} "
                    "street)")
            self.streets = self.streets[:k]
            self.shown = self.shown_before_street
            self.collected, self.summary_won = {}, {}
            self.total_pot = self.rake = None
            self.hero_cards = self.hero_cards[: 2 + k]
            self.up = {name: cards[: min(k, 4)] for name, cards in self.up.items()}
            if k < 5:
                self.community = None
            self.returned = [r for r in self.returned if r[0] in kept]
            self.uncalled = {}
            for _, name, amount in self.returned:
                self.uncalled[name] = self.uncalled.get(name, 0.0) + amount
        self.saw_summary = True
        hand = self.build(cut.line)
        problem = ParseProblem(self.hand_id, cut.line, f"{cut.message}: {note}")
        return dataclasses.replace(hand, cut=problem)

    def _check_cards(self, line: int) -> None:
        full = 7 if self.community is None else 6  # own cards: the community card is not
        for name, cards in self.shown.items():
            known = self.hero_cards if name == self.hero else self.up.get(name, [])
            if len(cards) == full and not set(known) <= set(cards):
                raise HandError(line, f"{name}'s shown cards do not contain the cards dealt")


def parse_text(text: str) -> tuple[list[HandHistory], list[ParseProblem]]:
    """All stud hands in ``text`` and the problems of those that could not be read."""
    hands: list[HandHistory] = []
    problems: list[ParseProblem] = []
    chunks: list[tuple[int, str, str, list[tuple[int, str]]]] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().lstrip("\ufeff")
        header = _HEADER_RE.match(line)
        if header:
            chunks.append((n, header["id"], header["rest"], []))
        elif line and chunks:
            chunks[-1][3].append((n, line))
    for start, hand_id, rest, lines in chunks:
        last = lines[-1][0] if lines else start
        try:
            builder = _Builder(hand_id, start, rest)
            if builder.game is None:
                continue  # another game: not ours
            for n, line in lines:
                builder.feed(n, line)
            hands.append(builder.build(last))
        except BadCard as exc:
            try:
                hands.append(builder.build_cut(exc))
            except Exception:  # noqa: BLE001 - nothing to keep: the bad card is the problem
                problems.append(ParseProblem(hand_id, exc.line, exc.message))
        except HandError as exc:
            problems.append(ParseProblem(hand_id, exc.line, exc.message))
        except AmountError as exc:  # the room's number style has no such amount
            problems.append(ParseProblem(hand_id, start, str(exc)))
        except Exception as exc:  # noqa: BLE001 - bad input must never raise
            problems.append(ParseProblem(hand_id, start, f"internal error: {exc!r}"))
    return hands, problems
