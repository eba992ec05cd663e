"""Reader for Everleaf stud hand histories (7 Card Stud, 7 Card Stud Hi/Lo, Razz).

>>> hands, problems = parse_text(_EXAMPLE)
>>> hand = hands[0]
>>> hand.room, hand.game, hand.small_bet, hand.big_bet, hand.ante, hand.bring_in
('Everleaf', 'stud7', 0.05, 0.1, 0.01, 0.02)
>>> hand.hero, hand.hero_cards == parse_cards("Qc 3c Kd"), hand.up_cards["Villain"] == parse_cards("2h")
('Hero', True, True)
>>> [(a.player, a.kind, a.amount, a.to) for a in hand.streets[0].actions[2:]]
[('Villain', 'bring-in', 0.02, None), ('Hero', 'complete', 0.05, 0.05), ('Villain', 'fold', 0.0, None)]
>>> hand.uncalled, hand.collected, hand.total_pot, problems
({'Hero': 0.03}, {'Hero': 0.06}, None, [])

A hand starts with ``Everleaf Gaming Game #N`` and ``***** Hand history for game #N
*****``; the next line gives the stakes and the game (``$0.05/$0.10 7 Card Stud - DATE``;
hands of other games are skipped silently). Amounts are written ``[$ 0.10 USD]`` (the
chips the action puts in: ``raises [$ 0.20 USD]`` after a bet of 0.10 by a player with
nothing in is a raise to 0.20), except ``posts bring-in $0.02.`` and ``completes to
$0.05.``. Streets are ``** Dealing down cards **`` (3rd) and ``**** dealing 4th street
****`` ... ``**** dealing river ****`` (7th). There is no summary: ``wins $ 0.98 USD from
main pot`` gives what each player took (the file gives no total pot and no rake), and
Everleaf writes no line for an uncalled bet going back, so it is worked out
(builder.HandBuilder.settle_uncalled).

The layouts read:
- July 2011: no cards at all before the showdown, only ``shows [ 5d, 8d, Kd, 7d, 9d, Jh,
  Qc ]``.
- August 2011: ``Dealt to NAME [ c1, c2, c3 ].`` (the hero's, with a full stop) and
  ``Dealt to NAME [ c ].`` (an up card), ``** Dealing 4th Street **`` ... ``** Dealing
  River **``, amounts in ``EURO``. Its showdown lists a player's three down cards in no
  set order (the up cards stay in their places): the hero's river is known from the deal,
  another player's only as one of the three cards shown down.
- The layout Everleaf writes for hold'em (2008 on, lower-case ranks: ``Dealt to EricBlade
  [ qc, 3c ]``), read for stud as ``Dealt to NAME [ c1, c2, c3 ]`` on 3rd street for the
  hero, ``Dealt to NAME [ c ]`` for a door card or a later card, assumed from that layout.
- Tournaments: ``500/1000 7 Card Stud``, chips with thousands commas (``[ 1,000 Chips]``).
  Players' table chat (``NAME: gl all``) and the room's notices are skipped.
- The Partouche skin: ``Partouche Poker Gibraltar`` then ``*** Historique des Mains pour
  la partie N ***``, `` €0.05/ €0.10 7 Card Stud``, a seat ``( new player )`` (not dealt
  in), the French notices.
Either case of rank letter is read.
"""

from __future__ import annotations

import re

from ..cards import parse_cards
from .amounts import DECIMAL_POINT
from .builder import HandBuilder
from .game_names import game_of
from .record import HandError, ParseProblem
from .streets import first_street
from .studhand import CUR, NUM, cards, read_hands
from .studlines import hand_chunks

NUMBERS = DECIMAL_POINT  # how the room writes amounts (amounts.py)
amount = NUMBERS.parse

ROOM = "Everleaf"

_ = parse_cards  # used by the module doctest

_EXAMPLE = """\
Everleaf Gaming Game #1
***** Hand history for game #1 *****
$0.05/$0.10 7 Card Stud - 2020/01/01 - 12:00:00
Table Example
Total number of players: 2
Seat 1: Hero (  $ 1 USD )
Seat 2: Villain (  $ 2 USD )
Hero: posts ante [$ 0.01 USD]
Villain: posts ante [$ 0.01 USD]
** Dealing down cards **
Dealt to Hero [ qc, 3c, kd ]
Dealt to Villain [ 2h ]
Villain posts bring-in $0.02.
Hero completes to $0.05.
Villain folds
Hero does not show cards
Hero wins $ 0.06 USD from main pot
"""

# The hand's header: Everleaf's, and the Partouche skin's in French.
_HEADERS = (re.compile(r"^\*{5} Hand history for game #(?P<id>\d+) \*{5}$"),
            re.compile(r"^\*{3} Historique des Mains pour la partie (?P<id>\d+) \*{3}$"))
_NO_HAND = ("no hand starts in this Everleaf file: a hand starts at '***** Hand history "
            "for game #N *****' (Partouche: '*** Historique des Mains pour la partie N ***')")
# Hold'em writes "Blinds  €0.01/ €0.02 NL Hold'em" (Partouche: two spaces, a space before
# each sign): matched so that such a hand is skipped as another game.
_GAME_RE = re.compile(rf"^(?:Blinds\s+)?{CUR}(?P<sb>{NUM})\s?/\s?{CUR}(?P<bb>{NUM})\s*(?P<rest>.*)$")
_TOURNAMENT_RE = re.compile(r"(?:Tourney|Tournament)\s*(?:ID)?\s*#?\s*(?P<t>\d+)", re.IGNORECASE)
_SEAT_RE = re.compile(rf"^Seat (?P<seat>\d+): (?P<name>.+?) \(\s*{CUR}\s*(?P<stack>{NUM})"
                      r"(?:\s*[A-Za-z]+)?\s*\)$")
_THIRD_RE = re.compile(r"^\*\* Dealing down cards \*\*")
# "**** dealing 4th street ****" (2008 to July 2011), "** Dealing 4th Street **" (August 2011).
_STREET_RE = re.compile(r"^(?P<stars>\*\*|\*\*\*\*) dealing (?:(?P<n>\d)(?:st|nd|rd|th) street|"
                        r"(?P<river>river)) (?P=stars)", re.IGNORECASE)
_DEALT_RE = re.compile(r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\[\]]*)\]\.?$")
_MONEY = rf"\[?\s*{CUR}\s*(?P<a>{NUM})\s*(?:[A-Za-z]+)?\s*\]?\.?"
_ALL_IN = r"(?P<allin>\s*\(?[Aa]ll[ -][Ii]n\)?)?"
_ACTIONS = (
    ("ante", re.compile(rf"^: posts ante {_MONEY}{_ALL_IN}$")),
    ("bring-in", re.compile(rf"^:? posts bring-in {_MONEY}{_ALL_IN}$")),
    ("complete", re.compile(rf"^:? completes to {_MONEY}{_ALL_IN}$")),
    ("bet", re.compile(rf"^:? bets {_MONEY}{_ALL_IN}$")),
    ("raise", re.compile(rf"^:? raises {_MONEY}{_ALL_IN}$")),
    ("call", re.compile(rf"^:? calls {_MONEY}{_ALL_IN}$")),
    ("check", re.compile(r"^:? checks$")),
    ("fold", re.compile(r"^:? folds$")),
)
_SHOWS_RE = re.compile(r"^ (?:shows|mucks) \[(?P<cards>[^\[\]]*)\].*$")
_WINS_RE = re.compile(rf"^ wins (?:(?:high|low) )?\(?\s*{CUR}\s*(?P<a>{NUM})\s*(?:[A-Za-z]+)?\)?"
                      r"(?: from (?:the )?(?:main|side) pot.*)?.*$")
_QUIET_RE = re.compile(r"^(?:Everleaf Gaming Game #\d+|Partouche Poker.*|Table .*|"
                       r"Seat \d+ is the button|Total number of players: \d+|.* sits out|"
                       r".* does not show cards|.* is sitting out|.* has left the table|"
                       r".* has joined the table|"
                       r"Seat \d+: .+ \( new player \)|"  # sat down for the next hand
                       r".+ has disconnected and has been given a further \d+ seconds to react|"
                       r".+ est d[ée]connect[ée] et dispose de \d+ secondes suppl[ée]mentaires "
                       r"pour agir)$")
# "NAME: text" from a seated player is table chat unless the text is an action's word.
_ACTION_WORD_RE = re.compile(r"^: (?:posts|bets|raises|calls|checks|folds|completes|shows|"
                             r"mucks|wins|does)\b")


def _header(line: str) -> re.Match[str] | None:
    for pattern in _HEADERS:
        match = pattern.match(line)
        if match:
            return match
    return None


def _read(hand_id: str, start: int, lines, holder: list[HandBuilder]) -> HandBuilder | None:
    head = _GAME_RE.match(lines[0][1]) if lines else None
    if head is None:
        raise HandError(start, "no stakes and game after the hand's header")
    game = game_of(ROOM, head["rest"])
    if game is None:
        return None  # another game: not ours
    tournament = _TOURNAMENT_RE.search(head["rest"])
    recorder = HandBuilder(ROOM, hand_id, start, game, amount(head["sb"]), amount(head["bb"]),
                        tournament=tournament["t"] if tournament else None,
                        opens_first_street=True, uncalled="settle")
    recorder.date(lines[0][0], lines[0][1])
    holder.append(recorder)
    names: list[str] = []
    for n, line in lines[1:]:
        seat = _SEAT_RE.match(line)
        if seat and not recorder.streets:
            recorder.seat(n, int(seat["seat"]), seat["name"], amount(seat["stack"]))
            names = sorted(recorder.stacks, key=len, reverse=True)
            continue
        if _THIRD_RE.match(line):
            recorder.street(n, recorder.order[0])
            continue
        street = _STREET_RE.match(line)
        if street:
            name = recorder.order[-1] if street["river"] else f"{street['n']}th"
            recorder.street(n, {"2th": "2nd", "3th": "3rd"}.get(name, name))
            continue
        dealt = _DEALT_RE.match(line)
        if dealt:
            _dealt(recorder, n, dealt["name"], dealt["cards"])
            continue
        if _player_line(recorder, names, n, line) or _QUIET_RE.match(line):
            continue
        recorder.warn(n, line)
    if not recorder.collected:
        raise HandError(lines[-1][0], "hand is truncated: nobody wins a pot")
    return recorder


def _tokens(text: str) -> list[str]:
    return [t.strip() for t in text.replace(",", " ").split()]


def _dealt(recorder: HandBuilder, n: int, name: str, text: str) -> None:
    """``Dealt to NAME [ ... ]``: three cards to the hero on the first street (two down,
    one up), else one card; a door card of another player comes after two hidden ones."""
    new = cards(_tokens(text), n)
    name = recorder.known(name, n)
    first = len(recorder.streets) == 1
    if first and len(new) == 1 and not recorder.dealt.get(name):
        for _ in range(first_street(recorder.game).down):
            recorder.deal(n, name, [None])
    for c in new:
        recorder.deal(n, name, [c])


def _player_line(recorder: HandBuilder, names: list[str], n: int, line: str) -> bool:
    for name in names:
        if not line.startswith(name) or len(line) == len(name) or line[len(name)] not in ": ":
            continue
        rest = line[len(name):]
        for kind, regex in _ACTIONS:
            match = regex.match(rest)
            if match is None:
                continue
            groups = match.groupdict()
            all_in = bool(groups.get("allin"))
            chips = amount(match["a"]) if groups.get("a") else 0.0
            if kind == "ante":
                recorder.ante(n, name, chips, all_in)
            elif kind == "complete":
                recorder.act(n, name, kind, to=chips, all_in=all_in)
            else:
                recorder.act(n, name, kind, put_in=chips, all_in=all_in)
            return True
        shows = _SHOWS_RE.match(rest)
        if shows:
            recorder.show(n, name, cards(_tokens(shows["cards"]), n))
            return True
        wins = _WINS_RE.match(rest)
        if wins:
            recorder.showdown()
            recorder.collect(n, name, amount(wins["a"]))
            return True
        if rest.startswith(": ") and not _ACTION_WORD_RE.match(rest):
            return True  # table chat
    return False


def parse_text(text: str):
    """All stud hands in ``text`` and the problems of those that could not be read."""
    chunks = hand_chunks(text, _header)
    if not chunks and text.strip():
        return [], [ParseProblem(None, 1, _NO_HAND)]
    return read_hands(chunks, _read)
