"""Reader for Bovada (formerly Bodog) stud hand histories (7CARD, 7CARD HiLo, RAZZ).

>>> hands, problems = parse_text(_EXAMPLE)
>>> hand = hands[0]
>>> hand.room, hand.game, hand.small_bet, hand.big_bet, hand.ante, hand.bring_in
('Bovada', 'razz', 2.0, 4.0, 0.5, 1.0)
>>> hand.players, hand.hero, cards_str(hand.hero_cards)
(('Seat+1', 'Seat+2'), 'Seat+1', '4c 2h 8h 7d')
>>> cards_str(hand.up_cards["Seat+2"]), cards_str(hand.shown["Seat+2"])
('Kd 3s', 'Ad Qc Kd 3s')
>>> [(a.player, a.kind, a.amount) for a in hand.streets[0].actions if a.kind != "ante"]
[('Seat+2', 'bring-in', 1.0), ('Seat+1', 'complete', 2.0), ('Seat+2', 'call', 1.0)]
>>> hand.uncalled, hand.collected, hand.total_pot, hand.rake, problems
({'Seat+1': 2.0}, {'Seat+1': 5.0}, 5.0, 0.0, [])

What the file says differently from PokerStars:

- Players are their seats (``Seat+3``); the hero is the seat marked ``[ME]``.
- Every player's cards are written as they are dealt, hole cards and river included
  (``Seat+2 : Card dealt to a spot [Ad Qc Kd]``: two hole cards, then the door card):
  the other players' hole cards are read as shown, since the file gives them.
- The streets may have no headers: a street begins when cards are dealt after its
  betting (``*** HOLE CARDS ***``, ``*** 4TH STREET *** ... *** RIVER ***`` are read when
  present).
- The header gives no stakes: the small bet is the size of a complete on the first street
  or a bet on the second, the big bet that of a bet on a later street (or a double bet
  on an open pair, ``D bets``); the one missing is half or twice the other, and both are
  0 when the hand had no full bet.
- ``Raises $0.10`` gives the street's total; ``Calls`` what the call adds; ``Hand
  result`` (``Hand Result-Side Pot`` for a side pot) is what a player won; the
  ``Showdown`` and ``Does not show`` lines (the best five cards, or the cards already
  dealt) add nothing, nor does a tournament's ``Ranking 7`` (the place a player finished).
- The skins write the same layout under their names (``Bodog UK Hand #``, ``Bodog.eu``,
  ``Bodog.com``, ``Bodog Canada``, ``Bodog88``, ``Ignition``), the hand number may start
  with a ``C``.
"""

from __future__ import annotations

import dataclasses
import re

from ..cards import cards_str
from .amounts import DECIMAL_POINT
from .builder import HandBuilder
from .game_names import game_of
from .studlines import cards, read_hands

NUMBERS = DECIMAL_POINT  # how the room writes amounts (amounts.py)
amount = NUMBERS.parse

ROOM = "Bovada"

_ = cards_str  # used by the module doctest

_EXAMPLE = """\
Bovada Hand #1 TBL#2 RAZZ Fixed Limit - 2012-01-01 12:00:00
Seat+1 [ME]: $100 in chips
Seat+2: $80 in chips
Seat+1 [ME] : Ante chip $0.50
Seat+2 : Ante chip $0.50
*** 3RD STREET ***
Seat+1 [ME] : Card dealt to a spot [4c 2h 8h]
Seat+2 : Card dealt to a spot [Ad Qc Kd]
Seat+2 : Bring_in chip $1
Seat+1 [ME] : Bets $2
Seat+2 : Calls $1
Seat+1 [ME] : Card dealt to a spot [7d]
Seat+2 : Card dealt to a spot [3s]
Seat+2 : Checks
Seat+1 [ME] : Bets $2
Seat+2 : Folds
Seat+1 [ME] : Return uncalled portion of bet $2
Seat+1 [ME] : Does not show [4c 2h 8h 7d] (High Card)
Seat+1 [ME] : Hand result $5
*** SUMMARY ***
Total Pot($5) | Rake ($0)
Seat 1:  $5 [Does not show]
Seat 2:  Folded on the 4TH STREET
"""

# The network's skins write the same layout under their own names; the hand number may
# start with a "C" ("Hand #C2700000001").
_HEADER_RE = re.compile(r"^(?:Bovada|Ignition|Bodog(?:\.com|\.eu| UK| Canada|88)?) "
                        r"Hand #C?(?P<id>\d+):?(?P<rest>.*)$")
_NUM = r"[\d,]*\.?\d+"
_AMT = rf"(?P<amt>[$€£]?{_NUM})"
_TOURNAMENT_RE = re.compile(r"Tournament\s*#?(?:M-)?(?P<t>\d+)", re.IGNORECASE)
_SEAT_RE = re.compile(rf"^(?P<name>.+?)(?P<me>\s+\[ME\])?\s?: [$€£]?(?P<stack>{_NUM}) in chips"
                      r"(?:\s.*)?$")
_PLAYER_RE = re.compile(r"^(?P<name>.+?)(?P<me>\s+\[ME\])?\s+: (?P<rest>.+)$")
# "Folds(timeout)", "Bring_in chip (timeout) $1": how the action came, not what it was.
_HOW_RE = re.compile(r"\s?\((?:timeout|auto|disconnect(?:ed)?)\)", re.IGNORECASE)
_STREET_RE = re.compile(r"^\*\*\* (?P<name>[^*]+?) \*\*\*(?P<rest>.*)$")
_ALL_IN = r"(?P<allin>\s?\(All-in\))?"
_ACTIONS = (
    ("bring-in", re.compile(rf"^(?:Bring_in chip|Bring in|Big blind/Bring in) {_AMT}{_ALL_IN}$")),
    ("double", re.compile(rf"^(?:D bets|Double bets) {_AMT}{_ALL_IN}$")),
    ("bet", re.compile(rf"^[Bb]ets {_AMT}{_ALL_IN}$")),
    ("raise", re.compile(rf"^[Rr]aises (?:[$€£]?{_NUM} to )?{_AMT}{_ALL_IN}$")),
    ("call", re.compile(rf"^Calls? {_AMT}{_ALL_IN}$")),
    ("check", re.compile(r"^Checks?$")),
    ("fold", re.compile(r"^Folds?$")),
    ("all-in", re.compile(rf"^All-in(?:\((?P<what>raise|bet|call)[^)]*\))? (?:[$€£]?{_NUM} to )?{_AMT}$")),
)
_ANTE_RE = re.compile(rf"^Ante chip {_AMT}{_ALL_IN}$")
_DEALT_RE = re.compile(r"^Card dealt to a spot \[(?P<cards>[^\[\]]*)\]$")
_RETURN_RE = re.compile(rf"^Return uncalled portion of bet {_AMT}$")
_RESULT_RE = re.compile(rf"^Hand [Rr]esult(?:-Side ?[Pp]ot)? {_AMT}$")
_QUIET_RE = re.compile(
    r"^(?:Showdown|Does not show|Mucks|Seat |Table |Sit ?out|Leave|Enter|Re-?join|Stand|Ranking"
    r"|Sitting out|Sitout|Chat|Time ?out|Big Blind|Small Blind|Misses|Set dealer).*$"
)
_TOTAL_RE = re.compile(rf"^Total Pot\s*\({_AMT}\)(?:\s*\|\s*Rake\s*\((?P<rake>[$€£]?{_NUM})\))?")


class _Builder(HandBuilder):
    """A Bovada hand: the bets seen, for the stakes the header does not give."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.small_seen: list[float] = []
        self.big_seen: list[float] = []


def _start(n: int, header: re.Match[str]) -> _Builder | None:
    rest = header["rest"]
    game = game_of(ROOM, re.sub(r"TBL#\S*", "", rest.split(" - ")[0]))
    if game is None:
        return None
    builder = _Builder(ROOM, header["id"], n, game, needs_summary="summary")
    tournament = _TOURNAMENT_RE.search(rest)
    builder.tournament = tournament["t"] if tournament else None
    builder.date(n, rest)
    return builder


def _feed(b: _Builder, n: int, line: str) -> None:
    if b.section == "seats":
        seat = _SEAT_RE.match(line)
        if seat:
            name = seat["name"].strip()
            number = re.search(r"\d+", name)
            b.seat(n, int(number.group(0)) if number else len(b.seats) + 1, name,
                   amount(seat["stack"]))
            if seat["me"]:
                b.mark_hero(name)
            return
        b.section = "antes"
    street = _STREET_RE.match(line)
    if street:
        name = street["name"].strip().upper()
        if name == "SUMMARY":
            b.summary(n)
        elif name in ("SHOW DOWN", "SHOWDOWN"):
            b.showdown()
        elif name.endswith("STREET") or name in ("HOLE CARDS", "RIVER"):
            if b.street_started() or not b.streets:
                b.street(n)
        else:
            b.warn(n, line)
        return
    if b.section == "summary":
        _summary_line(b, n, line)
        return
    player = _PLAYER_RE.match(line)
    if player is None or player["name"].strip() not in b.stacks:
        if player is None or not _QUIET_RE.match(player["rest"]):
            b.warn(n, line)
        return
    _player_line(b, n, line, player["name"], _HOW_RE.sub("", player["rest"]).strip())


def _player_line(b: _Builder, n: int, line: str, name: str, rest: str) -> None:
    ante = _ANTE_RE.match(rest)
    if ante:
        b.ante(n, name, amount(ante["amt"]), bool(ante["allin"]))
        return
    dealt = _DEALT_RE.match(rest)
    if dealt:
        if not b.streets or name in b.current.dealt or (
                b.section == "street" and any(a.kind != "ante" for a in b.current.actions)):
            b.street(n)
        b.deal_street(n, name, cards(dealt["cards"], n))
        return
    for kind, regex in _ACTIONS:
        match = regex.match(rest)
        if match is None:
            continue
        groups = match.groupdict()
        chips = amount(groups["amt"]) if groups.get("amt") else 0.0
        all_in = bool(groups.get("allin"))
        if kind == "all-in":
            kind, all_in = _all_in_kind(b, name, chips, groups.get("what")), True
        elif kind == "double":
            kind = "bet"
            b.big_seen.append(chips)
        elif kind == "bet" and not all_in:
            (b.small_seen if len(b.streets) <= 2 else b.big_seen).append(chips)
        b.act(n, name, kind, chips, all_in=all_in)
        return
    returned = _RETURN_RE.match(rest)
    if returned:
        b.return_uncalled(n, name, amount(returned["amt"]))
        return
    result = _RESULT_RE.match(rest)
    if result:
        b.collect(n, name, amount(result["amt"]))
        return
    if rest.startswith("Showdown"):
        # The hand goes to the showdown face up: the hero's too (the others' count as
        # shown anyway, the file giving their cards).
        b.showdown_unmarked()
        b.show(n, name, [c for c in b.dealt.get(name, ()) if c is not None])
        return
    if not _QUIET_RE.match(rest):
        b.warn(n, line)


def _all_in_kind(b: _Builder, name: str, chips: float, what: str | None) -> str:
    """What an ``All-in`` was: a call when it does not top the street's bet, else a bet
    (nothing bet yet) or a raise (written with the street's total)."""
    if what in ("raise", "bet", "call"):
        return what
    if not b.streets:
        return "bet"
    if b.committed(name) + chips <= b.top_bet() + 1e-9:
        return "call"
    return "bet" if b.top_bet() == 0 else "raise"


def _summary_line(b: HandBuilder, n: int, line: str) -> None:
    total = _TOTAL_RE.match(line)
    if total:
        b.total_pot = amount(total["amt"])
        b.rake = amount(total["rake"]) if total["rake"] else None
    # "Seat 1:  Folded on the 5TH STREET", "Seat+1:   with High Card [...]": repeats


def _finish(b: _Builder, hand):
    """The stakes, from the bets seen (the header does not give them); the rake, when the
    total names none (``Total Pot($150)``, and always in a tournament): the pot less what
    the ``Hand result`` lines paid out."""
    small = min(b.small_seen) if b.small_seen else None
    big = max(b.big_seen) if b.big_seen else None
    if small is None and big is not None:
        small = big / 2
    if big is None and small is not None:
        big = small * 2
    rake = hand.rake
    if rake is None and hand.total_pot is not None and hand.collected and hand.cut is None:
        left = round(hand.total_pot - sum(hand.collected.values()), 10)
        rake = left if left >= 0 else None
    return dataclasses.replace(hand, small_bet=small or 0.0, big_bet=big or 0.0, rake=rake)


def parse_text(text: str):
    """All stud hands in ``text`` and the problems of those that could not be read."""
    return read_hands(text, _HEADER_RE, _start, _feed, _finish)


__all__ = ["ROOM", "parse_text"]
