"""Reader for Ongame stud hand histories (Seven Card Stud, Stud Hi/Lo, Razz).

>>> hands, problems = parse_text(_EXAMPLE)
>>> hand = hands[0]
>>> hand.room, hand.game, hand.small_bet, hand.big_bet, hand.ante, hand.bring_in
('Ongame', 'razz', 2.0, 4.0, 0.5, 1.0)
>>> hand.hero, hand.hero_cards == parse_cards("4c 2h 8h"), hand.door_cards()[1][1] == parse_card("Kd")
('Hero', True, True)
>>> [(a.player, a.kind, a.amount) for a in hand.streets[0].actions]
[('Hero', 'ante', 0.5), ('Villain', 'ante', 0.5), ('Villain', 'bring-in', 1.0), ('Hero', 'fold', 0.0)]
>>> hand.uncalled, hand.collected, hand.total_pot, problems
({'Villain': 1.0}, {'Villain': 1.0}, 1.0, [])

A hand runs from ``***** History for hand R5-...-N *****`` to ``***** End of hand ...
*****``; a tournament hand names its tournament there, ``***** History for hand T5-...-N
(TOURNAMENT: "NAME", S-512-77, buy-in: $10) *****``, plays in chips and writes an all-in
``[all in]``. The ``Table:`` line names the game and stakes (``LIMIT SEVEN_CARD_STUD
$0.10/$0.20, ante: $0.02``); hands of other games are skipped silently. Seats are
``Seat 2: Hero ($30)`` or ``($30 in chips)``. ``User:`` names
the hero, whose three cards are dealt face up in the file (``Dealing to Hero: [Jh, 9d,
Ac]``); the other players' hole cards are written ``-`` and their rivers are not written at
all. Streets are ``Dealing pocket cards`` (3rd), ``Dealing 4th street`` ... and ``Dealing
river`` (7th). Ongame writes no line for an uncalled bet going back: it is worked out
(builder.HandBuilder.settle_uncalled). The summary's ``Main pot: $2.35 won by Hero ($2.24)``
gives the pot and what each winner collected after the rake (a hi/lo pot's halves:
``Yan ($0.86 High), Hero ($0.86 Low)``); the seat lines give the
cards shown (``[Jh, 9d, Ac, 7h, Js, 5c, 9h] (TWO_PAIR JACK, NINE)``).
"""

from __future__ import annotations

import re

from ..cards import parse_card, parse_cards
from .amounts import DECIMAL_POINT
from .builder import HandBuilder
from .game_names import game_of
from .record import HandError, ParseProblem
from .studhand import CUR, NUM, card, cards, read_hands
from .studlines import hand_chunks

NUMBERS = DECIMAL_POINT  # how the room writes amounts (amounts.py)
amount = NUMBERS.parse

ROOM = "Ongame"

# parse_card and parse_cards are used by the module doctest.
_ = parse_card, parse_cards

_EXAMPLE = """\
***** History for hand R5-1-1 *****
Start hand: Wed Jan  1 12:00:00 GMT+0100 2020
Table: Example [1] (LIMIT RAZZ $2/$4, ante: $0.50, Real money)
User: Hero
Players in round: 2
Seat 1: Hero ($100)
Seat 2: Villain ($80)
Hero posts ante $0.50
Villain posts ante $0.50
---
Dealing pocket cards
Dealing to Hero: [4c, 2h, 8h]
Dealing to Villain: [-, -, Kd]
Villain small bring in $1
Hero folds
---
Summary:
Main pot: $1 won by Villain ($1)
Rake taken: $0
Seat 1: Hero ($99.50), net: -$0.50
Seat 2: Villain ($80.50), net: +$0.50
***** End of hand R5-1-1 *****
"""

# A tournament hand names its tournament in the header: "(TOURNAMENT: "NAME", S-512-77,
# buy-in: $10)", the name and the buy-in optional.
_HEADER_RE = re.compile(
    r"^\*{5} History for hand (?P<id>[A-Za-z0-9]+(?:-\d+)+)"
    r"(?: \(TOURNAMENT:(?: \"[^\"]*\",?)?(?: (?P<tid>[-A-Za-z\d]+))?(?:, buy-in: [^()]*)?\))?"
    r" \*{5}$")
_NO_HAND = ("no hand starts in this Ongame file: a hand starts at "
            "'***** History for hand ID *****'")
_END_RE = re.compile(r"^\*{5} End of hand .*\*{5}$")
_TABLE_RE = re.compile(r"^Table: (?P<table>.*?) \((?P<desc>.*)\)$")
_STAKES_RE = re.compile(rf"{CUR}(?P<sb>{NUM})\s*/\s*{CUR}(?P<bb>{NUM})")
_TOURNAMENT_RE = re.compile(r"Tournament\s*(?:ID)?[:#]?\s*(?P<t>\d+)", re.IGNORECASE)
_USER_RE = re.compile(r"^User: (?P<name>.+)$")
_SEAT_RE = re.compile(rf"^Seat (?P<seat>\d+): (?P<name>.+) \({CUR}(?P<stack>{NUM})(?: in chips)?\)$")
_STREET_RE = re.compile(r"^Dealing (?:(?P<pocket>pocket cards)|(?P<n>\d)(?:st|nd|rd|th) street"
                        r"|(?P<river>river))$", re.IGNORECASE)
_DEAL_RE = re.compile(r"^Dealing to (?P<name>.+): \[(?P<cards>[^\[\]]*)\]$")
_ALL_IN = r"(?P<allin>,? (?:and is )?all[ -]in| \[all in\])?"
_ACTIONS = (
    ("ante", re.compile(rf"^posts ante {CUR}(?P<a>{NUM}){_ALL_IN}$")),
    ("bring-in", re.compile(rf"^(?:small |big )?brings? in(?: for)? {CUR}(?P<a>{NUM}){_ALL_IN}$")),
    ("complete", re.compile(rf"^completes(?: to)? {CUR}(?P<to>{NUM}){_ALL_IN}$")),
    ("bet", re.compile(rf"^bets {CUR}(?P<a>{NUM}){_ALL_IN}$")),
    ("raise", re.compile(rf"^raises (?:{CUR}(?:{NUM}) )?to {CUR}(?P<to>{NUM}){_ALL_IN}$")),
    ("raise", re.compile(rf"^raises {CUR}(?P<to>{NUM}){_ALL_IN}$")),
    ("call", re.compile(rf"^calls {CUR}(?P<a>{NUM}){_ALL_IN}$")),
    ("check", re.compile(r"^checks$")),
    ("fold", re.compile(r"^folds$")),
)
_POT_RE = re.compile(rf"^(?:Main|Side) pot(?: \d+)?: {CUR}(?P<pot>{NUM})(?: won by (?P<won>.*))?$")
# A hi/lo pot's halves: "won by Yan ($0.86 High), Hero ($0.86 Low)".
_WINNER_RE = re.compile(rf"(?P<name>.+?) \({CUR}(?P<a>{NUM})(?: (?:High|Low))?\)(?:, |$)")
_RAKE_RE = re.compile(rf"^Rake taken: {CUR}(?P<rake>{NUM})$")
_SUMMARY_SEAT_RE = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \(.*?\), net: [^,]*"
                              r"(?:, \[(?P<cards>[^\[\]]*)\].*)?$")
_QUIET_RE = re.compile(r"^(?:Start hand: |Players in round: |---$|Dealing pocket cards$"
                       r"|Button: seat \d+$)")


def _read(hand_id: str, start: int, lines, holder: list[HandBuilder]) -> HandBuilder | None:
    recorder: HandBuilder | None = None
    names: list[str] = []
    summary = False
    pot_total = 0.0
    tournament = None
    started: tuple[int, str] | None = None  # "Start hand: Mon Sep 13 22:31:30 GMT+0100 2010"
    for n, line in lines:
        if recorder is None:
            if line.startswith("Start hand:"):
                started = (n, line)
            header = _HEADER_RE.match(line)
            if header:
                tournament = header["tid"]
                continue
            table = _TABLE_RE.match(line)
            if table is None:
                continue  # "Start hand:" and the like
            game = game_of(ROOM, table["desc"])
            if game is None:
                return None  # another game: not ours
            stakes = _STAKES_RE.search(table["desc"])
            if stakes is None:
                raise HandError(n, "no stakes (small bet/big bet) on the Table: line")
            named = _TOURNAMENT_RE.search(table["desc"])
            recorder = HandBuilder(ROOM, hand_id, start, game, amount(stakes["sb"]),
                                amount(stakes["bb"]),
                                tournament=tournament or (named["t"] if named else None),
                                opens_first_street=True, uncalled="settle")
            if started is not None:
                recorder.date(*started)
            holder.append(recorder)
            continue
        if _END_RE.match(line):
            break
        if _USER_RE.match(line):
            continue  # the hero: the one player whose hole cards are given
        seat = _SEAT_RE.match(line)
        if seat and not summary and not recorder.streets:
            recorder.seat(n, int(seat["seat"]), seat["name"], amount(seat["stack"]))
            names = sorted(recorder.stacks, key=len, reverse=True)
            continue
        if line == "Summary:":
            recorder.showdown()
            summary = True
            continue
        if summary:
            pot_total = _summary_line(recorder, n, line, pot_total)
            continue
        street = _STREET_RE.match(line)
        if street:
            name = (recorder.order[0] if street["pocket"] else
                    recorder.order[-1] if street["river"] else f"{street['n']}th")
            name = {"1th": "1st", "2th": "2nd", "3th": "3rd"}.get(name, name)
            recorder.street(n, name)
            continue
        deal = _DEAL_RE.match(line)
        if deal:
            for token in (t.strip() for t in deal["cards"].split(",")):
                recorder.deal(n, deal["name"], [None if token in ("-", "") else card(token, n)])
            continue
        if _player_line(recorder, names, n, line) or _QUIET_RE.match(line):
            continue
        recorder.warn(n, line)
    if recorder is None:
        raise HandError(start, "no Table: line with the game and stakes")
    if not summary:
        raise HandError(lines[-1][0] if lines else start, "hand is truncated: no Summary:")
    return recorder


def _player_line(recorder: HandBuilder, names: list[str], n: int, line: str) -> bool:
    for name in names:
        if not line.startswith(name + " "):
            continue
        rest = line[len(name) + 1:]
        for kind, regex in _ACTIONS:
            match = regex.match(rest)
            if match is None:
                continue
            all_in = bool(match["allin"]) if "allin" in regex.groupindex else False
            if kind == "ante":
                recorder.ante(n, name, amount(match["a"]), all_in)
            elif "to" in regex.groupindex:
                recorder.act(n, name, kind, to=amount(match["to"]), all_in=all_in)
            else:
                a = amount(match["a"]) if "a" in regex.groupindex else 0.0
                recorder.act(n, name, kind, put_in=a, all_in=all_in)
            return True
    return False


def _summary_line(recorder: HandBuilder, n: int, line: str, pot_total: float) -> float:
    pot = _POT_RE.match(line)
    if pot:
        pot_total = round(pot_total + amount(pot["pot"]), 10)
        recorder.total_pot = pot_total
        won = pot["won"] or ""
        winners = list(_WINNER_RE.finditer(won))
        for winner in winners:
            recorder.collect(n, winner["name"], amount(winner["a"]))
        if "".join(w.group(0) for w in winners) != won:
            recorder.doubt(n, f"{line} (only part of this line was read: the winners not read are left out)")
        return pot_total
    rake = _RAKE_RE.match(line)
    if rake:
        recorder.rake = amount(rake["rake"])
        return pot_total
    seat = _SUMMARY_SEAT_RE.match(line)
    if seat:
        if seat["cards"]:
            tokens = [t.strip() for t in seat["cards"].split(",")]
            recorder.show(n, seat["name"], cards(tokens, n))
        return pot_total
    recorder.warn(n, line)
    return pot_total


def parse_text(text: str):
    """All stud hands in ``text`` and the problems of those that could not be read."""
    chunks = hand_chunks(text, _HEADER_RE, keep_header=True)
    if not chunks and text.strip():
        return [], [ParseProblem(None, 1, _NO_HAND)]
    return read_hands(chunks, _read)
