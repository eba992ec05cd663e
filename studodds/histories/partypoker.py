"""Reader for PartyPoker stud hand histories (7 Card Stud, 7 Card Stud Hi-Lo, Razz).

A hand starts ``Game #10399817763 starts.`` (or at ``***** Hand History for Game ... *****``,
which files other tools converted to this layout tag with the site: ``(Party)``) and its
header names the stakes and the game: ``$0.50/$1 USD 7 Card Stud - Monday, ...``. A
tournament's header may name them, ``FL 7 Card Stud $6 USD Buy-in Trny:69784932 Level:2
Stakes-Antes(60/120-10) - ...``, or leave them to the lines after the seats (``Trny:
88002233 Level: 2``, ``Stakes-Antes(60/120 -10)``); with neither they are read from the
betting (builder.HandBuilder.stakes_from_actions).
Seats are ``Seat 7: Name ( $31.15 USD )``; the players dealt in are those who post an ante
(all the seated players when nobody does). Streets: ``** Dealing **`` (3rd street), then
``** Dealing Fourth street **`` ... ``** Dealing River **``. Amounts are in brackets,
``Name calls [$0.25 USD]``, and are always the chips the action puts in (a raise too:
``raises [$2 USD]`` after a $1 bet of one's own makes it $3; ``double bets [$10 USD]`` is
a 4th-street bet of the big bet); ``is all-In [$x]`` is a bet, raise or call by what it
puts in.

The file writes the hero's cards only (``Dealt to Hero [  3h 8c 7c ]``): the other players'
up cards are not in it. A player who shows or mucks face up at the showdown
(``shows [ Ad, Qd, Ah, 2d, 7d, Th, 6d ]``, written in the order dealt: two down, four up,
the river) has all their cards known from then on, up cards included; the others' stay
unknown, so who should have brought it in or acted first cannot always be told.

``wins $13.20 USD`` includes an uncalled bet returned (the file writes no return); the
hand builder finds it from the actions (builder.HandBuilder). Lines the reader does not know are
warnings; "does not show cards", "There was no qualifying low hand", the low announced
after a show (``shows8,5,3,2,A  for low.``, checked against the cards shown), the
tournament results and the table lines are read without one. ``Name opens`` says who acts first on the street: a first action by
anyone else is a warning.
"""

from __future__ import annotations

import re
from collections import Counter

from ..cards import card_str, parse_card
from .amounts import EITHER
from .builder import HandBuilder
from .builder import street_name as _street_name
from .game_names import game_of
from .record import BadCard, HandError, HandHistory, ParseProblem

NUMBERS = EITHER  # how the room writes amounts (amounts.py)
amount = NUMBERS.parse_optional

PARTYPOKER = "PartyPoker"

_OTHER_GAME_RE = re.compile(r"Hold'?em|Omaha|Draw|Badugi|Lowball", re.IGNORECASE)

_STARTS_RE = re.compile(r"^Game #(?P<id>\d+) starts\.$")
# Files other tools converted to this layout tag the banner with the site: "***** Hand
# History for Game N ***** (Party)"; their ids may hold letters.
_HISTORY_RE = re.compile(
    r"^\*{5} Hand History [Ff]or Game (?P<id>\w+) \*{5}(?:\s*\([^()]*\))?$")
_NUM = r"[^\s\[\]()/]*\d[^\s\[\]()/]*"
_STAKES_RE = re.compile(rf"(?P<sb>{_NUM})\s*/\s*(?P<bb>{_NUM})")
_TOURNAMENT_RE = re.compile(r"(?:Trny|Tourney|Tournament)\s*(?:ID|#|:)?\s*:?\s*(?P<t>\d+)",
                            re.IGNORECASE)
# Tournaments repeat the level after the seats, and some name the stakes only there:
# "Trny: 88002233 Level: 2", "Stakes-Antes(60/120 -10)" (Blinds(...) in flop games).
_LEVEL_RE = re.compile(r"^Trny:\s*(?P<t>\d+)\s+Level:\s*\d+$")
_STAKES_LINE_RE = re.compile(r"^(?:Blinds|Stakes)(?:-Antes)?\(\s*(?P<sb>[^/()]*?\d[^/()]*?)\s*/"
                             r"\s*(?P<bb>[^/()-]*?\d[^/()-]*?)(?:\s*-\s*[^()]*\d[^()]*)?\s*\)$")
_SEAT_RE = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \(\s*(?P<stack>[^()]*?)\s*\)$")
_STREET_RE = re.compile(r"^\*\* Dealing(?: (?P<which>\w+)(?: [Ss]treet)?)? \*\*$")
_STREET_WORDS = {"second": "2nd", "third": "3rd", "fourth": "4th", "fifth": "5th",
                 "sixth": "6th", "seventh": "7th"}
_DEALT_RE = re.compile(r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\[\]]*)\]$")
_AMOUNT = r"\[(?P<amt>[^\[\]]*)\]"
_ACTIONS = (
    ("ante", re.compile(rf"^posts ante {_AMOUNT}$")),
    ("bring-in", re.compile(rf"^bring-ins {_AMOUNT}$")),
    ("complete", re.compile(rf"^completes {_AMOUNT}$")),
    ("bet", re.compile(rf"^bets {_AMOUNT}$")),
    # The first bet on 4th street after an open pair, when it is of the big bet.
    ("bet", re.compile(rf"^double bets {_AMOUNT}$")),
    ("raise", re.compile(rf"^raises {_AMOUNT}$")),
    ("call", re.compile(rf"^calls {_AMOUNT}$")),
    ("all-in", re.compile(rf"^is all-In\s*{_AMOUNT}$", re.IGNORECASE)),
    ("check", re.compile(r"^checks$")),
    ("fold", re.compile(r"^folds$")),
)
_SHOWS_RE = re.compile(r"^(?P<verb>shows|doesn't show) \[(?P<cards>[^\[\]]*)\].*$")
# The low half announced after the show, ranks only: "shows8,5,3,2,A  for low."
_LOW_RE = re.compile(r"^shows\s*(?P<low>(?:10|[2-9TJQKA])(?:,(?:10|[2-9TJQKA])){4})\s+for low\.?$")
_WINS_RE = re.compile(r"^wins (?P<amt>.+?)(?: from (?:the )?(?:main|side) pot.*| with .*)?$")
_QUIET_AFTER_NAME = re.compile(
    r"^(?:does not show cards\.?|has (?:joined|left) the table.*|is sitting out"
    r"|is disconnected.*|has been reconnected.*|will be using his time bank.*"
    r"|has timed out.*|is no longer sitting out|sits out)$", re.IGNORECASE)
_NOISE = tuple(re.compile(p) for p in (
    r"^#Game No\s*:", r"^Table ", r"^Seat \d+ is the button$",
    r"^Total number of players\s*:", r"^There was no qualifying low hand$",
    r"^Game #\d+ starts\.$", r"^\*{5} Hand History",
    # Tournament results, after the hand.
    r"^Player .+ finished in \d+.*$", r"^Congratulations to player .+ for winning tournament.*$",
))
_STAKES_WHERE = "in the header or after the seats"
_NO_HAND = ("no hand starts in this PartyPoker file: a hand starts at 'Game #N starts.' or "
            "'***** Hand History for Game N *****'")
_CARD_RE = re.compile(r"^(10|[2-9TJQKA])([cdhs])$", re.IGNORECASE)


def _cards(text: str, line: int) -> list[int]:
    out = []
    for token in text.replace(",", " ").split():
        match = _CARD_RE.match(token)
        if match is None:
            raise BadCard(line, f"impossible card {token!r}")
        rank = "T" if match.group(1) == "10" else match.group(1).upper()
        out.append(parse_card(rank + match.group(2).lower()))
    return out


class _Hand:
    def __init__(self, hand_id: str, start: int):
        self.hand_id, self.start = hand_id, start
        self.builder: HandBuilder | None = None  # made by the header line
        self.header_seen = False
        self.skip = False
        self.seats: list[tuple[int, str, float, int]] = []
        self.anted: list[str] = []
        self.names: list[str] = []
        self.dealt_in: list[str] = []
        self.pending = False  # a street opened whose hidden cards are not dealt yet
        self.hero: str | None = None
        self.antes: list[tuple[str, float, int]] = []  # posted before the deal
        self.at_showdown = False  # a bad card from here on is the showdown's
        self.opener: tuple[str, int] | None = None  # "Name opens" on the open street

    @property
    def hh(self) -> HandBuilder:
        """The hand's builder, once the header has made it (feed reads no further line
        before)."""
        assert self.builder is not None, "the header makes the builder"
        return self.builder

    # -- the header, before the first street
    def header(self, line: str, n: int) -> bool:
        game = game_of(PARTYPOKER, line)
        if game is None:
            if _OTHER_GAME_RE.search(line):
                self.skip = True
                return True
            return False
        # A tournament header may name no stakes: they come on their own line after the
        # seats, else from the betting (build).
        stakes = _STAKES_RE.search(line)
        small = (amount(stakes["sb"]) or 0.0) if stakes else 0.0
        big = (amount(stakes["bb"]) or 0.0) if stakes else 0.0
        tournament = _TOURNAMENT_RE.search(line)
        self.builder = HandBuilder(PARTYPOKER, self.hand_id, n, game, small, big,
                                   tournament=tournament["t"] if tournament else None,
                                   hidden_up_cards=True, uncalled="settle",
                                   pot_from_chips=True)
        self.builder.date(n, line)
        self.header_seen = True
        return True

    def level_line(self, n: int, line: str) -> bool:
        """A tournament's "Trny: N Level: N" or "Stakes-Antes(60/120-10)" line."""
        hh = self.hh
        level = _LEVEL_RE.match(line)
        if level:
            hh.tournament = hh.tournament or level["t"]
            return True
        stakes = _STAKES_LINE_RE.match(line)
        if stakes is None:
            return False
        small, big = amount(stakes["sb"]), amount(stakes["bb"])
        if not hh.small_bet:
            hh.small_bet, hh.big_bet = small or 0.0, big or 0.0
        elif (small, big) != (hh.small_bet, hh.big_bet):
            hh.doubt(n, f"{line} (the header says {hh.small_bet:g}/{hh.big_bet:g}: the header's stakes are kept)")
        return True

    def feed(self, n: int, line: str) -> None:
        if self.skip:
            return
        if not self.header_seen:
            if self.header(line, n) or any(p.match(line) for p in _NOISE):
                return
            raise HandError(n, f"no game in the header: {line!r}")
        hh = self.hh
        if not hh.streets and self.level_line(n, line):
            return
        seat = _SEAT_RE.match(line)
        if seat and not hh.streets:
            name, stack = seat["name"], amount(seat["stack"]) or 0.0
            self.seats.append((int(seat["seat"]), name, stack, n))
            self.names = sorted([s[1] for s in self.seats], key=len, reverse=True)
            return
        street = _STREET_RE.match(line)
        if street:
            self.open_street(street["which"], n)
            return
        dealt = _DEALT_RE.match(line)
        if dealt and dealt["name"] in self.names:
            self.deal_hero(dealt["name"], _cards(dealt["cards"], n), n)
            return
        if any(line.startswith(name + ": ") for name in self.names):
            return  # chat
        prefixed = self.name_prefix(line)
        if prefixed:
            self.player_line(n, line, *prefixed)
            return
        if not any(p.match(line) for p in _NOISE):
            hh.warn(n, line)

    def name_prefix(self, line: str) -> tuple[str, str] | None:
        for name in self.names:
            if line.startswith(name + " "):
                return name, line[len(name) + 1:]
        return None

    def open_street(self, which: str | None, n: int) -> None:
        hh = self.hh
        self.flush()
        index = len(hh.streets)
        if index == 0:
            self.seat_players(n)
        if which is not None:
            word = which.lower()
            named = hh.order[-1] if word == "river" else _STREET_WORDS.get(word)
            expected = hh.order[index] if index < len(hh.order) else None
            if index == 0 or named != expected:
                raise HandError(n, f"** Dealing {which} ** out of order (expected "
                                   f"{expected or 'no further'} street)")
        elif index != 0:
            raise HandError(n, "a second ** Dealing ** (3rd street) in the hand")
        hh.street(n, _street_name(hh, index, n))
        self.pending = True

    def seat_players(self, n: int) -> None:
        """At the first deal: the players dealt in are those who anted (all when none did)."""
        hh = self.hh
        dealt = set(self.anted) or {name for _, name, _, _ in self.seats}
        for seat, name, stack, line in self.seats:
            if name in dealt:
                hh.seat(line, seat, name, stack)
        self.dealt_in = [name for _, name, _, _ in sorted(self.seats) if name in dealt]
        for name, chips, line in self.antes:
            hh.ante(line, name, chips)

    def flush(self) -> None:
        """Deal the hidden cards of the open street to everyone still in but the hero."""
        hh = self.hh
        if not self.pending:
            return
        self.pending = False
        index = len(hh.streets) - 1
        want = hh._cards_by(index + 1) - hh._cards_by(index)
        folded = {a.player for s in hh.streets for a in s.actions if a.kind == "fold"}
        for name in self.dealt_in:
            if name in folded or name in hh.current.dealt:
                continue
            hh.deal(hh.header_line, name, [None] * want)

    def deal_hero(self, name: str, cards: list[int], n: int) -> None:
        hh = self.hh
        if not hh.streets or not self.pending:
            raise HandError(n, "cards dealt outside a street")
        if name not in self.dealt_in:
            raise HandError(n, f"cards dealt to {name}, who is not dealt in")
        if self.hero not in (None, name):
            raise HandError(n, f"two players have their cards dealt face up: {self.hero} "
                               f"and {name}")
        self.hero = name
        hh.deal(n, name, list(cards), hero=True)

    def player_line(self, n: int, line: str, name: str, rest: str) -> None:
        hh = self.hh
        for kind, regex in _ACTIONS:
            match = regex.match(rest)
            if match is None:
                continue
            chips = amount(match["amt"]) if "amt" in match.groupdict() else 0.0
            if kind == "ante":
                if hh.streets:
                    hh.ante(n, name, chips or 0.0)
                else:
                    self.anted.append(name)
                    self.antes.append((name, chips or 0.0, n))
                return
            self.flush()
            if not hh.streets:
                raise HandError(n, f"{name} acts before the cards are dealt")
            if self.opener is not None:
                opener, at = self.opener
                if opener != name:
                    hh.doubt(n, f"{line} (line {at}: {opener} opens)")
                self.opener = None
            if kind == "all-in":
                self.all_in(name, chips or 0.0, n)
            elif kind in ("check", "fold"):
                hh.act(n, name, kind)
            else:
                hh.act(n, name, kind, put_in=chips or 0.0)
            return
        if rest == "opens":
            self.opener = (name, n)
            return
        shows = _SHOWS_RE.match(rest)
        if shows:
            self.flush()
            self.at_showdown = True
            cards = _cards(shows["cards"], n)
            hh.known(name, n)
            hh.reveal(n, name, cards)  # in the order dealt, when they fit the deal
            hh.show(n, name, cards)
            return
        low = _LOW_RE.match(rest)
        if low:
            self.announced_low(n, line, name, low["low"])
            return
        wins = _WINS_RE.match(rest)
        won = amount(wins["amt"]) if wins else None
        if won is not None:
            self.flush()
            hh.win(n, name, won)
            return
        if _QUIET_AFTER_NAME.match(rest):
            return
        hh.warn(n, line)

    def announced_low(self, n: int, line: str, name: str, low: str) -> None:
        """"shows8,5,3,2,A  for low.": the low of cards already shown, nothing new; a
        low that is not among them is a warning."""
        ranks = Counter(card_str(c)[0] for c in self.hh.shown.get(name, ()))
        named = Counter("T" if r == "10" else r for r in low.split(","))
        if named - ranks:
            self.hh.doubt(n, f"{line} ({name}'s shown cards do not make this low)")

    def all_in(self, name: str, chips: float, n: int) -> None:
        hh = self.hh
        total, top = hh.committed(name) + chips, hh.top_bet()
        first = len(hh.streets) == 1
        completed = any(a.kind == "complete" for a in hh.current.actions)
        if total <= top + 1e-9:
            hh.act(n, name, "call", put_in=chips, all_in=True)
        elif first and not completed:
            hh.act(n, name, "complete", put_in=chips, all_in=True)
        elif top > 0 or first:
            hh.act(n, name, "raise", put_in=chips, all_in=True)
        else:
            hh.act(n, name, "bet", put_in=chips, all_in=True)

    def build(self) -> HandHistory:
        self.flush()
        self.hh.showdown()
        if not self.hh.small_bet or not self.hh.big_bet:
            self.hh.stakes_from_actions(self.hh.header_line, _STAKES_WHERE)
        return self.hh.build(self.hh.header_line)


def parse_text(text: str) -> tuple[list[HandHistory], list[ParseProblem]]:
    """All stud hands in a PartyPoker file's text and the problems of those not read."""
    hands: list[HandHistory] = []
    problems: list[ParseProblem] = []
    chunks: list[tuple[str, int, list[tuple[int, str]]]] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().strip("\ufeff\x00").strip()
        if not line:
            continue
        starts = _STARTS_RE.match(line) or _HISTORY_RE.match(line)
        if starts:
            same = chunks and chunks[-1][0] == starts["id"] and not any(
                _HISTORY_RE.match(x) for _, x in chunks[-1][2])
            if not same:
                chunks.append((starts["id"], n, []))
                if _STARTS_RE.match(line):
                    continue
            chunks[-1][2].append((n, line))
            continue
        if chunks:
            chunks[-1][2].append((n, line))
    if not chunks and text.strip():
        problems.append(ParseProblem(None, 1, _NO_HAND))
    for hand_id, start, lines in chunks:
        hand = _Hand(hand_id, start)
        try:
            for n, line in lines:
                hand.feed(n, line)
            if hand.skip:
                continue
            if hand.builder is None:
                raise HandError(start, "no game in the header")
            hands.append(hand.build())
        except BadCard as bad:
            try:
                if hand.builder is None:
                    raise
                if hand.at_showdown:
                    hand.hh.showdown()
                if not hand.hh.small_bet or not hand.hh.big_bet:
                    hand.hh.stakes_from_actions(hand.hh.header_line, _STAKES_WHERE)
                hands.append(hand.hh.build_cut(bad))
            except HandError as exc:
                problems.append(ParseProblem(hand_id, exc.line, exc.message))
            except Exception as exc:  # noqa: BLE001 - bad input must never raise
                problems.append(ParseProblem(hand_id, start, f"internal error: {exc!r}"))
        except HandError as exc:
            problems.append(ParseProblem(hand_id, exc.line, exc.message))
        except Exception as exc:  # noqa: BLE001 - bad input must never raise
            problems.append(ParseProblem(hand_id, start, f"internal error: {exc!r}"))
    return hands, problems
