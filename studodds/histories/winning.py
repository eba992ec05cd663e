"""Reader for Winning Poker Network stud hand histories (Americas Cardroom, BlackChip, True
Poker, Ya Poker, WinningPoker: one network, one layout at a time, whatever the skin): the
``Game started at:`` layout (2016; Seven Cards Stud, Seven Cards Stud HiLow, Razz) and the
``Hand #N - 7Stud(Fixed Limit)`` layout of 2019 on (7Stud, 7Stud H/L; cash and
tournaments).

>>> hands, problems = parse_text(_EXAMPLE)
>>> hand = hands[0]
>>> hand.room, hand.game, hand.small_bet, hand.big_bet, hand.ante, hand.bring_in
('Winning Poker Network', 'stud7', 1.0, 2.0, 0.15, 0.4)
>>> hand.hero, hand.hero_cards == parse_cards("5d Ah Jh"), hand.up_cards["Nee"] == parse_cards("2d")
('Hero', True, True)
>>> [(a.player, a.kind, a.amount, a.to) for a in hand.streets[0].actions[2:]]
[('Nee', 'bring-in', 0.4, None), ('Hero', 'complete', 1.0, 1.0), ('Nee', 'fold', 0.0, None)]
>>> hand.uncalled, hand.collected, hand.total_pot, hand.rake, problems
({'Hero': 0.6}, {'Hero': 1.1}, 1.1, 0.0, [])

A hand runs from ``Game started at:`` to ``Game ended at:``; ``Game ID: N 1/2 TABLE
(Seven Cards Stud)`` gives its number, the small and big bet and the game (hands of other
games are skipped silently). Cards come one a line: ``Player Hero received card: [5d]``
for a card the file shows, ``Player Nee received a card.`` for a hole card it hides; the
hero is the player whose hole cards are shown. The first street (3rd in seven-card
stud) has no header; the street headers then name the street before: ``*** Third street
***`` opens 4th street, and so on to ``*** Sixth street ***`` for 7th street (the river).
An amount in brackets is the chips the action puts in (``raises (4)`` after a bet of 2 by
a player with nothing in is a raise to 4; ``calls (0.60)`` adds 0.60); ``allin (X)``
puts in X and is a call, bet or raise by what it faces. ``Pot: 8.15. Rake 0.11. JP fee
0.04`` is the pot after the rake and the jackpot fee, which the record adds back
(``total_pot`` is every chip put in; ``rake`` counts the fee); ``Collects: X`` in the
summary is what each player took. ``Player Xena allin`` with no amount (a player
disconnected, as fpdb reads it) puts in the rest of her stack.

The 2019 layout is PokerStars' without the colon after the name
(:class:`Layout2019`): ``Hand #N - 7Stud(Fixed Limit) - $0.04/$0.08 - DATE UTC`` or
``Game Hand #N - Tournament #T - 7Stud H/L(Fixed Limit) - Level 4 (200.00/400.00)- DATE
UTC`` (small and big bet), the table line (``Gorham 8-max``, ``Table '12' 8-max``),
``Dealt to Walt [Qc] [Qs]`` (another player's up cards only), ``raises $1.00 to $1.00``
(the street's total), a ``Main pot $5.10 | Rake $0.00`` line under each street header
(skipped), ``NAME collected $20.90 from main pot``; the summary's ``Total pot $20.90 |
Rake $0.19 | JP Fee $0.01`` is after the rake and the fee, which the record adds back.
"""

from __future__ import annotations

import re

from ..cards import parse_cards
from .amounts import DECIMAL_POINT
from .builder import HandBuilder
from .game_names import game_of
from .record import HandError, HandHistory, ParseProblem
from .stars_layout import StarsLayout
from .studhand import NUM, card, cards, read_hands

NUMBERS = DECIMAL_POINT  # how the room writes amounts (amounts.py)
amount = NUMBERS.parse

ROOM = "Winning Poker Network"

_ = parse_cards  # used by the module doctest

_EXAMPLE = """\
Game started at: 2020/1/1 12:00:00
Game ID: 1 1/2 Example (Seven Cards Stud)
Seat 1: Hero (10).
Seat 5: Nee (50).
Player Hero ante (0.15)
Player Nee ante (0.15)
Player Hero received card: [5d]
Player Hero received card: [Ah]
Player Nee received a card.
Player Nee received a card.
Player Hero received card: [Jh]
Player Nee received card: [2d]
Player Nee bring in (0.40)
Player Hero raises (1)
Player Nee folds
Uncalled bet (0.60) returned to Hero
Player Hero mucks cards
------ Summary ------
Pot: 1.10. Rake 0
*Player Hero mucks (does not show cards). Bets: 0.55. Collects: 1.10. Wins: 0.55.
Player Nee does not show cards.Bets: 0.55. Collects: 0. Loses: 0.55.
Game ended at: 2020/1/1 12:00:30
"""

_START_RE = re.compile(r"^Game started at: \d{4}/\d+/\d+")
_END_RE = re.compile(r"^Game ended at: ")
_GAME_RE = re.compile(rf"^Game ID: (?P<id>\d+) (?P<sb>{NUM})/(?P<bb>{NUM})(?P<rest>.*)$")
_TOURNAMENT_RE = re.compile(r"(?:Tournament|TID|T)[ #:]*(?P<t>\d{3,})", re.IGNORECASE)
_SEAT_RE = re.compile(rf"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>{NUM})\)\.?"
                      r"(?: is sitting out)?$")
_STREET_RE = re.compile(r"^\*\*\* .* \*\*\*$")
_SUMMARY_RE = re.compile(r"^-+ Summary -+$")
_CARD_RE = re.compile(r"^Player (?P<name>.+) received (?:card: \[(?P<card>[^\[\]]*)\]|"
                      r"(?P<hidden>a card)\.)$")
_ACTION_RE = re.compile(
    rf"^Player (?P<name>.+) (?P<kind>(?:posts )?ante|bring in|bets|raises|calls|caps|cap|allin"
    rf"|checks|folds)(?: \((?P<a>{NUM})\))?$")
_UNCALLED_RE = re.compile(rf"^Uncalled bet \((?P<a>{NUM})\) returned to (?P<name>.+)$")
_POT_RE = re.compile(rf"^Pot: (?P<pot>{NUM})\.?(?P<rest>.*)$")
_FEE_RE = re.compile(rf"(?:Rake|JP fee|Jackpot fee|fee)\s*:?\s*(?P<a>{NUM})", re.IGNORECASE)
_RESULT_RE = re.compile(r"^\*?Player (?P<name>.+?) (?:shows|mucks|does not show)\b(?P<rest>.*)$")
_SHOWN_RE = re.compile(r"\[(?P<cards>[^\[\]]+)\]")
_COLLECTS_RE = re.compile(rf"Collects: (?P<a>{NUM})")
_QUIET_RE = re.compile(r"^Player .+ (?:mucks cards|shows cards|does not show cards|"
                       r"is sitting out|sits out|is timed out|has returned)\.?$")

_PLAIN = {"bring in": "bring-in", "bets": "bet", "raises": "raise", "calls": "call",
          "caps": "raise", "cap": "raise", "checks": "check", "folds": "fold"}


def _split(text: str):
    """(hand id, first line, [(line number, line)]) for every hand, its ``Game started
    at:`` line first (the hand's date); the id is filled in from the ``Game ID:`` line
    (the line number until then)."""
    chunks: list[tuple[str, int, list[tuple[int, str]]]] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().lstrip("\ufeff").strip()
        if _START_RE.match(line):
            chunks.append((f"line {n}", n, [(n, line)]))
        elif line and chunks:
            game = _GAME_RE.match(line)
            if game and len(chunks[-1][2]) == 1:
                chunks[-1] = (game["id"], chunks[-1][1], chunks[-1][2])
            chunks[-1][2].append((n, line))
    return chunks


def _read(hand_id: str, start: int, lines, holder: list[HandBuilder]) -> HandBuilder | None:
    started, lines = lines[0], lines[1:]
    head = _GAME_RE.match(lines[0][1]) if lines else None
    if head is None:
        raise HandError(start, "no Game ID: line after Game started at:")
    n, line = lines[0]
    game = game_of(ROOM, head["rest"])
    if game is None:
        return None  # another game: not ours
    tournament = _TOURNAMENT_RE.search(head["rest"])
    recorder = HandBuilder(ROOM, hand_id, start, game, amount(head["sb"]), amount(head["bb"]),
                        tournament=tournament["t"] if tournament else None,
                        opens_first_street=True)
    recorder.date(*started)
    holder.append(recorder)
    summary = False
    for n, line in lines[1:]:
        if _END_RE.match(line):
            break
        if summary:
            _summary_line(recorder, n, line)
            continue
        seat = _SEAT_RE.match(line)
        if seat and not recorder.streets:
            recorder.seat(n, int(seat["seat"]), seat["name"], amount(seat["stack"]))
            continue
        if _SUMMARY_RE.match(line):
            recorder.showdown()
            summary = True
            continue
        if _STREET_RE.match(line):
            # The header names the street before the one it opens (see the docstring).
            k = len(recorder.streets)
            recorder.street(n, recorder.order[k] if k < len(recorder.order) else "8th")
            continue
        dealt = _CARD_RE.match(line)
        if dealt:
            recorder.deal(n, dealt["name"], [None if dealt["hidden"] else card(dealt["card"], n)])
            continue
        action = _ACTION_RE.match(line)
        if action and action["name"] in recorder.stacks:
            _action(recorder, n, action)
            continue
        uncalled = _UNCALLED_RE.match(line)
        if uncalled:
            recorder.return_uncalled(n, uncalled["name"], amount(uncalled["a"]))
            continue
        if not _QUIET_RE.match(line):
            recorder.warn(n, line)
    if not summary:
        raise HandError(lines[-1][0], "hand is truncated: no Summary")
    return recorder


def _action(recorder: HandBuilder, n: int, match: re.Match[str]) -> None:
    name, kind = match["name"], match["kind"]
    if kind in ("checks", "folds"):
        recorder.act(n, name, _PLAIN[kind])
        return
    if match["a"] is None and kind == "allin":
        chips = _rest_of_stack(recorder, n, name)
    elif match["a"] is None:
        raise HandError(n, f"no amount for {name}'s {kind}")
    else:
        chips = amount(match["a"])
    if kind.endswith("ante"):
        recorder.ante(n, name, chips)
        return
    if kind == "allin":
        facing = recorder.outstanding(name)
        top = recorder.top_bet()
        kind = "calls" if chips <= facing + 1e-9 else ("bets" if top == 0 else "raises")
        recorder.act(n, name, _PLAIN[kind], put_in=chips, all_in=True)
        return
    recorder.act(n, name, _PLAIN[kind], put_in=chips)


def _rest_of_stack(recorder: HandBuilder, n: int, name: str) -> float:
    """``Player NAME allin`` with no amount (fpdb: a disconnected player's all-in): what
    is left of the stack after the antes, the bring-in and the earlier streets."""
    spent = sum(a.amount for s in recorder.streets for a in s.actions if a.player == name)
    rest = round(recorder.stacks[name] - spent, 10)
    if rest <= 0:
        raise HandError(n, f"{name} is all in with no amount and no chips left")
    return rest


def _summary_line(recorder: HandBuilder, n: int, line: str) -> None:
    pot = _POT_RE.match(line)
    if pot:
        fees = sum(amount(f["a"]) for f in _FEE_RE.finditer(pot["rest"]))
        recorder.rake = round(fees, 10)
        recorder.total_pot = round(amount(pot["pot"]) + fees, 10)
        return
    result = _RESULT_RE.match(line)
    if result and result["name"] in recorder.stacks:
        name, rest = result["name"], result["rest"]
        shown = _SHOWN_RE.search(rest.split("Bets:")[0])
        if shown:
            recorder.show(n, name, cards(shown["cards"].split(), n))
        collects = _COLLECTS_RE.search(rest)
        if collects and amount(collects["a"]) > 0:
            recorder.collect(n, name, amount(collects["a"]))
        return
    recorder.warn(n, line)


# -- the layout of 2019 on

_AMT = rf"\$?(?P<amt>{NUM})"
_ALL_IN = r"(?P<allin> and is all-in)?"
_HEADER2_RE = re.compile(r"^(?:Game )?Hand #(?P<id>\d+) - (?P<rest>.*)$")
# "(Fixed Limit) - $0.04/$0.08 - DATE", "(Fixed Limit) - Level 4 (200.00/400.00)- DATE"
_STAKES2_RE = re.compile(rf"\) - (?:Level \S+ \()?\$?(?P<sb>{NUM})/\$?(?P<bb>{NUM})\)?\s?- ")
_TOURNAMENT2_RE = re.compile(r"\bTournament #(?P<t>\d+)")
_TOTAL2_RE = re.compile(rf"^Total pot \$?(?P<pot>{NUM})(?: \| Rake \$?(?P<rake>{NUM}))?"
                        rf"(?: \| JP Fee \$?(?P<fee>{NUM}))?$")
_NO_HAND = ("no hand starts in this Winning Poker Network file: a hand starts at 'Game "
            "started at: DATE' or at 'Hand #N - 7Stud(Fixed Limit) - ...'")


class Layout2019(StarsLayout):
    """The Winning Poker Network's layout of 2019 on: PokerStars' in its own words."""

    ROOM = ROOM
    NUMBERS = NUMBERS
    HEADER = _HEADER2_RE
    NO_HAND = _NO_HAND
    # "Gorham 8-max", "Table '12' 8-max (Play Money) Seat #3 is the button"
    SEAT_NOISE = re.compile(r"^.+ \d+-max(?: \(Play Money\))?(?: Seat #\d+ is the button)?$")
    ANTE = re.compile(rf"^posts ante {_AMT}{_ALL_IN}$")
    ACTIONS = (
        ("bring-in", re.compile(rf"^brings[- ]in(?: low)? {_AMT}{_ALL_IN}$")),
        ("bet", re.compile(rf"^bets {_AMT}{_ALL_IN}$")),
        ("raise", re.compile(rf"^raises \$?(?:{NUM}) to {_AMT}{_ALL_IN}$")),
        ("call", re.compile(rf"^calls {_AMT}{_ALL_IN}$")),
        ("check", re.compile(r"^checks$")),
        ("fold", re.compile(r"^folds$")),
    )
    WINS = re.compile(rf"^collected {_AMT} from (?:main |side )?pot(?: ?-?\d+)?$")
    UNCALLED = re.compile(rf"^Uncalled bet \({_AMT}\) returned to (?P<name>.+)$")
    QUIET = re.compile(r"^(?:does not show|mucks (?:hand|cards)|is sitting out|sits out|"
                       r"has timed out|is disconnected|is connected|has returned)$")
    # The pot and rake under each street header: the summary tells them.
    NOISE = re.compile(rf"^Main pot \$?(?:{NUM})(?: \| .*)?$")
    TOTAL = re.compile(r"(?!)")  # never: summary_line reads the total with the fees
    SUMMARY_WON = re.compile(rf"\bwon \(?{_AMT}\)?")

    def start(self, line: int, header: re.Match[str]) -> HandBuilder | None:
        rest = header["rest"]
        game = game_of(ROOM, rest)
        if game is None:
            return None
        stakes = _STAKES2_RE.search(rest)
        if stakes is None:
            raise HandError(line, "no stakes (small bet/big bet) in the header")
        tournament = _TOURNAMENT2_RE.search(rest)
        builder = HandBuilder(ROOM, header["id"], line, game, amount(stakes["sb"]),
                              amount(stakes["bb"]), needs_summary="*** SUMMARY ***",
                              tournament=tournament["t"] if tournament else None)
        builder.date(line, rest)
        return builder

    def summary_line(self, n: int, line: str) -> None:
        """``Total pot $20.90 | Rake $0.19 | JP Fee $0.01``: the pot after the rake and the
        fee; the record's pot is every chip put in, its rake the two together."""
        total = _TOTAL2_RE.match(line)
        if total is None:
            super().summary_line(n, line)
            return
        fees = sum(amount(f) for f in (total["rake"], total["fee"]) if f is not None)
        self.hh.rake = round(fees, 10)
        self.hh.total_pot = round(amount(total["pot"]) + fees, 10)


def parse_text(text: str) -> tuple[list[HandHistory], list[ParseProblem]]:
    """All stud hands in ``text`` and the problems of those that could not be read: the
    file is in one layout or the other."""
    chunks = _split(text)
    if chunks:
        return read_hands(chunks, _read)
    return Layout2019.parse_text(text)
