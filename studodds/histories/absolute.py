"""Reader for Absolute Poker and UltimateBet stud hand histories (Seven Card Stud, Seven
Card Hi/Lo, Razz): the two rooms of the Cereus network wrote the same layout.

>>> hands, problems = parse_text(_EXAMPLE)
>>> hand = hands[0]
>>> hand.room, hand.game, hand.small_bet, hand.big_bet, hand.ante, hand.bring_in
('Absolute Poker', 'stud7hl8', 0.02, 0.04, 0.01, 0.01)
>>> hand.hero, hand.hero_cards == parse_cards("Tc 5c 7s"), hand.up_cards["Villain"] == parse_cards("3s")
('Hero', True, True)
>>> [(a.player, a.kind, a.amount) for a in hand.streets[0].actions[2:]]
[('Villain', 'bring-in', 0.01), ('Hero', 'fold', 0.0)]
>>> hand.uncalled, hand.collected, hand.total_pot, hand.rake, problems
({'Villain': 0.01}, {'Villain': 0.02}, 0.02, 0.0, [])

A hand starts with ``Stage #N: GAME  Normal $0.02/$0.04 - DATE`` (the game, and the small
and big bet; hands of other games are skipped silently; UltimateBet writes ``Stage
#C241220000:``). Seats are ``Seat 1 - NAME ($0.17 in chips)``, actions ``NAME - Ante
$0.01``, ``NAME - Bring-In $0.01``, ``NAME - Calls $0.01`` (amounts are the chips put in,
``All-In(Raise) $1.15`` too; ``Raises $A to $B`` raises to B). Each street lists every
live player's cards so far, ``NAME - Pocket [H H Js 10d]``, ``H`` for a card face down
that the file hides; the hero's cards are all given (and repeated, unchanged, after the
hero folds). An uncalled bet going back is written ``NAME - returned ($0.50) : not
called`` in some files and not at all in others: then it is worked out
(builder.HandBuilder.settle_uncalled). ``NAME Collects $0.19 from main pot`` is what a
player took; ``Total Pot($0.43) | Rake ($0.04)`` the pot and the rake; shown cards come
from ``NAME - Shows [...]`` and from the summary's seat lines (``HI: [Mucked] [10s 3s]``:
the cards after the word).
"""

from __future__ import annotations

import re

from ..cards import parse_cards
from .amounts import DECIMAL_POINT
from .builder import HandBuilder
from .game_names import game_of
from .record import HandError
from .studhand import CUR, NUM, card, cards, read_hands
from .studlines import hand_chunks

NUMBERS = DECIMAL_POINT  # how the room writes amounts (amounts.py)
amount = NUMBERS.parse

ROOM = "Absolute Poker"

_ = parse_cards  # used by the module doctest

_EXAMPLE = """\
Stage #1: Seven Card Hi/Lo  Normal $0.02/$0.04 - 2020-01-01 12:00:00 (ET)
Seat 1 - Hero ($1 in chips)
Seat 2 - Villain ($2 in chips)
Hero - Ante $0.01
Villain - Ante $0.01
*** 3rd STREET ***
Hero - Pocket [10c 5c 7s]
Villain - Pocket [H H 3s]
Villain - Bring-In $0.01
Hero - Folds
Villain Collects $0.02 from main pot
*** SUMMARY ***
Total Pot($0.02) | Rake ($0)
Seat 1: Hero Folded on the 3rd STREET
Seat 2: Villain won Total ($0.02)
"""

# UltimateBet (the same network, the same layout) numbers its hands "Stage #C241220000:".
_HEADER_RE = re.compile(r"^Stage\s+#C?(?P<id>\d+)(?::\s*|\s+)(?P<rest>.*)$")
_STAKES_RE = re.compile(rf"{CUR}(?P<sb>{NUM})\s*/\s*{CUR}(?P<bb>{NUM})")
_TOURNAMENT_RE = re.compile(r"(?:Tourney|Tournament|Turbo|STT|MTT)\s*(?:ID)?\s*#?\s*(?P<t>\d+)",
                            re.IGNORECASE)
_SEAT_RE = re.compile(rf"^Seat (?P<seat>\d+) - (?P<name>.+) \({CUR}(?P<stack>{NUM}) in chips\)"
                      r"(?: .*)?$")
_STREET_RE = re.compile(r"^\*\*\* (?P<name>[^*]+?) \*\*\*(?: .*)?$")
_STREETS = {"1ST STREET": "1st", "2ND STREET": "2nd", "3RD STREET": "3rd", "4TH STREET": "4th",
            "5TH STREET": "5th", "6TH STREET": "6th", "7TH STREET": "7th"}
_ALL_IN = r"(?P<allin> \(?[Aa]ll[ -][Ii]n\)?)?"
_ACTIONS = (
    ("ante", re.compile(rf"^Ante {CUR}(?P<a>{NUM}){_ALL_IN}$", re.IGNORECASE)),
    ("bring-in", re.compile(rf"^Bring[- ]In {CUR}(?P<a>{NUM}){_ALL_IN}\.?$", re.IGNORECASE)),
    ("complete", re.compile(rf"^Completes? (?:to )?{CUR}(?P<to>{NUM}){_ALL_IN}$", re.IGNORECASE)),
    ("bet", re.compile(rf"^Bets {CUR}(?P<a>{NUM}){_ALL_IN}$", re.IGNORECASE)),
    ("raise", re.compile(rf"^(?:Raises|All-In\(Raise\)) (?:{CUR}(?:{NUM}) )?to {CUR}(?P<to>{NUM})"
                         rf"{_ALL_IN}$", re.IGNORECASE)),
    ("raise", re.compile(rf"^Raises {CUR}(?P<a>{NUM}){_ALL_IN}$", re.IGNORECASE)),
    ("call", re.compile(rf"^Calls {CUR}(?P<a>{NUM}){_ALL_IN}$", re.IGNORECASE)),
    # "All-In $1", "All-In(Raise) $1.15": the chips it puts in (a call, bet or raise).
    ("all-in", re.compile(rf"^All-In(?:\(Raise\))? {CUR}(?P<a>{NUM})$", re.IGNORECASE)),
    ("check", re.compile(r"^Checks$", re.IGNORECASE)),
    ("fold", re.compile(r"^Folds$", re.IGNORECASE)),
)
_POCKET_RE = re.compile(r"^Pocket \[(?P<cards>[^\[\]]*)\]$")
_SHOWS_RE = re.compile(r"^(?:Shows|Mucks) \[(?P<cards>[^\[\]]*)\](?: .*)?$")
_COLLECTS_RE = re.compile(rf"^(?P<name>.+) Collects {CUR}(?P<a>{NUM}) from (?:main|side) pot.*$")
# "NAME - returned ($0.50) : not called": the uncalled bet, as the file writes it.
_RETURNED_RE = re.compile(rf"^(?:Uncalled bet \({CUR}(?P<a>{NUM})\) returned to (?P<name>.+)|"
                          rf"(?P<name2>.+) - [Rr]eturned (?:{CUR}(?P<a2>{NUM})|"
                          rf"\({CUR}(?P<a3>{NUM})\) : not called))$")
_TOTAL_RE = re.compile(rf"^Total Pot\s*\({CUR}(?P<pot>{NUM})\)(?:\s*\|\s*Rake\s*\({CUR}"
                       rf"(?P<rake>{NUM})\))?")
_SUMMARY_SEAT_RE = re.compile(r"^Seat (?P<seat>\d+): (?P<rest>.*)$")
# "[Kh Kc Jh Qs 8c Ts 9s - B:Qs,...]", "HI: [Mucked] [10s 3s]": the cards, not the word.
_SUMMARY_CARDS_RE = re.compile(r"\[(?!Mucked\])(?P<cards>[^\[\]\-]*?)(?: - [^\[\]]*)?\]")
_QUIET_RE = re.compile(r"^(?:Table\b|.* - (?:Sitout|Sits? out|Returned to table|"
                       r"is sitting out|Disconnected|Reconnected).*$|.* - Mucks$)")


def _read(hand_id: str, start: int, lines, holder: list[HandBuilder]) -> HandBuilder | None:
    header = _HEADER_RE.match(lines[0][1])
    assert header is not None  # hand_chunks cuts each hand at its header (keep_header)
    rest = header["rest"]
    game = game_of(ROOM, rest)
    if game is None:
        return None  # another game: not ours
    stakes = _STAKES_RE.search(rest)
    if stakes is None:
        raise HandError(start, "no stakes (small bet/big bet) in the Stage line")
    tournament = _TOURNAMENT_RE.search(rest)
    recorder = HandBuilder(ROOM, hand_id, start, game, amount(stakes["sb"]), amount(stakes["bb"]),
                        tournament=tournament["t"] if tournament else None,
                        opens_first_street=True, uncalled="settle")
    recorder.date(start, rest)
    holder.append(recorder)
    names: list[str] = []
    section = "seats"
    for n, line in lines[1:]:
        seat = _SEAT_RE.match(line)
        if seat and section == "seats":
            recorder.seat(n, int(seat["seat"]), seat["name"], amount(seat["stack"]))
            names = sorted(recorder.stacks, key=len, reverse=True)
            continue
        street = _STREET_RE.match(line)
        if street:
            section = _street(recorder, n, street["name"].strip().upper(), section)
            continue
        if section == "summary":
            _summary_line(recorder, n, line)
            continue
        if _player_line(recorder, names, n, line) or _other_line(recorder, n, line):
            continue
        if not _QUIET_RE.match(line):
            recorder.warn(n, line)
    if section != "summary":
        raise HandError(lines[-1][0], "hand is truncated: no *** SUMMARY ***")
    return recorder


def _street(recorder: HandBuilder, n: int, name: str, section: str) -> str:
    if name in _STREETS or name == "RIVER":
        if section in ("showdown", "summary"):
            raise HandError(n, f"*** {name} *** after the showdown")
        recorder.street(n, recorder.order[-1] if name == "RIVER" else _STREETS[name])
        return "streets"
    if name == "SHOW DOWN":
        recorder.showdown()
        return "showdown"
    if name == "SUMMARY":
        if section == "summary":
            raise HandError(n, "a second *** SUMMARY ***")
        recorder.showdown()
        return "summary"
    recorder.warn(n, f"*** {name} ***")
    return section


def _player_line(recorder: HandBuilder, names: list[str], n: int, line: str) -> bool:
    for name in names:
        if not line.startswith(name + " - "):
            continue
        rest = line[len(name) + 3:]
        pocket = _POCKET_RE.match(rest)
        if pocket:
            _pocket(recorder, n, name, pocket["cards"].split())
            return True
        shows = _SHOWS_RE.match(rest)
        if shows:
            recorder.show(n, name, cards(shows["cards"].split(), n))
            return True
        for kind, regex in _ACTIONS:
            match = regex.match(rest)
            if match is None:
                continue
            groups = match.groupdict()
            all_in = bool(groups.get("allin")) or kind == "all-in"
            if kind == "ante":
                recorder.ante(n, name, amount(match["a"]), all_in)
            elif kind == "all-in":
                chips = amount(match["a"])
                top = recorder.top_bet()
                kind = ("call" if chips <= recorder.outstanding(name) + 1e-9 else
                        "bet" if top == 0 else "raise")
                recorder.act(n, name, kind, put_in=chips, all_in=True)
            elif groups.get("to") is not None:
                recorder.act(n, name, kind, to=amount(match["to"]), all_in=all_in)
            else:
                chips = amount(match["a"]) if "a" in groups else 0.0
                recorder.act(n, name, kind, put_in=chips, all_in=all_in)
            return True
    return False


def _pocket(recorder: HandBuilder, n: int, name: str, tokens: list[str]) -> None:
    """A player's cards so far: the ones beyond those already dealt are this street's."""
    have = recorder.dealt.get(name, [])
    for i, token in enumerate(tokens):
        got = None if token.upper() == "H" else card(token, n)
        if i < len(have):
            if have[i] != got:
                raise HandError(n, f"{name}'s earlier cards do not match: {' '.join(tokens)}")
            continue
        recorder.deal(n, name, [got])


def _other_line(recorder: HandBuilder, n: int, line: str) -> bool:
    collects = _COLLECTS_RE.match(line)
    if collects and collects["name"] in recorder.stacks:
        recorder.collect(n, collects["name"], amount(collects["a"]))
        return True
    returned = _RETURNED_RE.match(line)
    if returned:
        name = returned["name"] or returned["name2"]
        if name in recorder.stacks:
            chips = returned["a"] or returned["a2"] or returned["a3"]
            recorder.return_uncalled(n, name, amount(chips))
            return True
    return False


def _summary_line(recorder: HandBuilder, n: int, line: str) -> None:
    total = _TOTAL_RE.match(line)
    if total:
        recorder.total_pot = amount(total["pot"])
        recorder.rake = amount(total["rake"]) if total["rake"] is not None else None
        return
    seat = _SUMMARY_SEAT_RE.match(line)
    if seat:
        rest = seat["rest"]
        name = next((p for p in sorted(recorder.stacks, key=len, reverse=True)
                     if rest.startswith(p + " ")), None)
        if name is None:
            recorder.warn(n, line)
            return
        shown = _SUMMARY_CARDS_RE.search(rest)
        if shown and shown["cards"].strip():
            recorder.show(n, name, cards(shown["cards"].split(), n))
        return
    if not _QUIET_RE.match(line):
        recorder.warn(n, line)


def parse_text(text: str):
    """All stud hands in ``text`` and the problems of those that could not be read."""
    return read_hands(hand_chunks(text, _HEADER_RE, keep_header=True), _read)
