"""Hole-card ranges: what an opponent may hold, written inside the hole group.

    (K? K? | A? A? | K? ??) Kd      kings or aces in the hole, or a king (kings split)
    (?s ?s) 9s                      three spades
    (pair+ | flush3) 9h             a pair or better, or three to a flush
    (K? ?? | ?? ??:0.25) Kd         a king in the hole always, any other hand a quarter as often
    (top15%) Kd                     the best 15% of starting hands, with the king up

A range is a list of alternatives separated by ``|``. An alternative is either one slot
pattern per hole card (a card ``As``, any of a rank ``K?``, any of a suit ``?s``, any card
``??`` or ``x``), matched in any order, or a named class of the hole cards together with
the up cards:

    pair+      a pair or better among the hole cards and the up cards (not the river)
    rolled     three of a kind on third street (both hole cards and the door card)
    buried     a buried pair: the two hole cards pair, the door card is of another rank
    split      a split pair: the door card pairs one hole card, not both
    flush3     three of a suit on third street
    straight3  three different ranks that fit in one straight on third street
               (ace high or low: A-2-3 and Q-K-A count, so do gapped ones like 4-6-8)
    low3       three different ranks 8 or lower on third street (ace low; in
               deuce-to-seven razz the ace is high: 2 to 8, starting.top.class_tests)
    topX%      the best X% of starting hands (X in (0, 100], e.g. top15% or top2.5%): the
               hole cards with the door card make one of the starting classes ranked
               best against a random hand (starting/top.py), in any stud game

The third-street classes are for seven-card games. Every combination of hole cards that
matches some alternative counts once, and all of them are equally likely (unless the range
has weights, below): jointly across players, given every card that is known or dead (the
engine's job, see scenario.py).

**Weights.** An alternative may carry a weight in (0, 1] after a colon (``?? ??:0.25``);
no weight means 1. A combination's weight is the highest weight among the alternatives
it matches (0 when it matches none), and jointly a deal's probability is proportional to
the product of the ranged players' combination weights. Weights 1 everywhere is the
unweighted range.

**Notation.** This module reads a range (read_range, from the tokens cards.tokenize yields
for a hand's hole group, with the pieces LEXEMES describes) and writes it back (str). A
``topX%`` class is tested with the ranking of one game's starting hands, which this module
does not know: starting.top.class_tests gives it as a plain predicate, for the game the
scenario is built for. Ranks are 0..12 (2..A), suits 0..3; no engine.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from itertools import permutations

from .notation import RANKS, SUITS, NotationError, Token

CLASSES = ("pair+", "rolled", "buried", "split", "flush3", "straight3", "low3")
THIRD_STREET_CLASSES = ("rolled", "buried", "split", "flush3", "straight3", "low3")
# The third-street classes that hold for every order of the same three cards: which card
# is the door card changes none of them, so a starting class (starting/classes.py) has
# them or not. A buried and a split pair are the same three cards with another door card.
DOOR_BLIND_CLASSES = ("rolled", "flush3", "straight3", "low3")


def top_percent(name: str) -> float | None:
    """X of a ``topX%`` class name, or None for any other alternative.

    >>> top_percent("top15%"), top_percent("top2.5%"), top_percent("pair+")
    (15.0, 2.5, None)
    """
    if isinstance(name, str) and name.startswith("top") and name.endswith("%"):
        return float(name[3:-1])
    return None


# A class of hole cards as a plain predicate: (hole cards, up cards) -> whether they are in it.
ClassTest = Callable[[tuple[int, ...], tuple[int, ...]], bool]


def _pair_plus(hole, up) -> bool:
    ranks = [c >> 2 for c in hole + up]
    return len(set(ranks)) < len(ranks)


def _third_street(hole, up) -> tuple[int, ...]:
    return tuple(hole) + tuple(up[:1])


def _rolled(hole, up) -> bool:
    cards = _third_street(hole, up)
    return len(cards) == 3 and len({c >> 2 for c in cards}) == 1


def _buried(hole, up) -> bool:
    cards = _third_street(hole, up)
    return len(cards) == 3 and hole[0] >> 2 == hole[1] >> 2 != up[0] >> 2


def _split(hole, up) -> bool:
    cards = _third_street(hole, up)
    return len(cards) == 3 and [c >> 2 for c in hole].count(up[0] >> 2) == 1


def _flush3(hole, up) -> bool:
    cards = _third_street(hole, up)
    return len(cards) == 3 and len({c & 3 for c in cards}) == 1


def _straight3(hole, up) -> bool:
    cards = _third_street(hole, up)
    ranks = {c >> 2 for c in cards}
    if len(cards) != 3 or len(ranks) != 3:
        return False
    if max(ranks) - min(ranks) <= 4:
        return True
    low = {-1 if r == 12 else r for r in ranks}  # the ace as a one, below the deuce
    return max(low) - min(low) <= 4


def _low3(hole, up) -> bool:
    cards = _third_street(hole, up)
    ranks = {c >> 2 for c in cards}
    return len(cards) == 3 and len(ranks) == 3 and all(r <= 6 or r == 12 for r in ranks)


CLASS_TESTS: Mapping[str, ClassTest] = {
    "pair+": _pair_plus,
    "rolled": _rolled,
    "buried": _buried,
    "split": _split,
    "flush3": _flush3,
    "straight3": _straight3,
    "low3": _low3,
}


@dataclass(frozen=True)
class Slot:
    """One hole card's pattern: rank and/or suit, None for any."""

    rank: int | None
    suit: int | None

    def matches(self, card: int) -> bool:
        return (self.rank is None or card >> 2 == self.rank) and (
            self.suit is None or card & 3 == self.suit
        )

    def __str__(self) -> str:
        if self.rank is None and self.suit is None:
            return "??"
        rank = "?" if self.rank is None else RANKS[self.rank]
        suit = "?" if self.suit is None else SUITS[self.suit]
        return rank + suit


Alternative = tuple[Slot, ...] | str  # slots, or a class name


@dataclass(frozen=True)
class HoleRange:
    """Alternatives and their weights (one each, in (0, 1]; empty means every weight 1)."""

    alternatives: tuple[Alternative, ...]
    weights: tuple[float, ...] = ()

    def __post_init__(self) -> None:
        if self.weights and len(self.weights) != len(self.alternatives):
            raise ValueError("a range has one weight per alternative")
        if any(not 0 < w <= 1 for w in self.weights):
            raise ValueError("a range's weights are in (0, 1]")
        if all(w == 1 for w in self.weights):
            object.__setattr__(self, "weights", ())  # one spelling of "unweighted"

    @property
    def weighted(self) -> bool:
        return bool(self.weights)

    def weight(self, i: int) -> float:
        return self.weights[i] if self.weights else 1.0

    @property
    def slot_count(self) -> int | None:
        """Hole cards the slot alternatives describe (None when only classes are given)."""
        counts = {len(a) for a in self.alternatives if not isinstance(a, str)}
        return counts.pop() if counts else None

    @property
    def classes(self) -> tuple[str, ...]:
        return tuple(a for a in self.alternatives if isinstance(a, str))

    @property
    def tops(self) -> tuple[str, ...]:
        """The ``topX%`` alternatives."""
        return tuple(a for a in self.classes if top_percent(a) is not None)

    def weight_of(self, hole: tuple[int, ...], up: tuple[int, ...],
                  tests: Mapping[str, ClassTest] = CLASS_TESTS) -> float:
        """The weight of these hole cards (with these up cards) in the range: the highest
        among the alternatives they match, 0.0 when they match none. ``tests`` are the
        classes' predicates by name; a ``topX%`` alternative needs one game's ranking of
        starting hands, so a range with one is tested with starting.top.class_tests."""
        best = 0.0
        for i, alternative in enumerate(self.alternatives):
            w = self.weight(i)
            if w <= best:
                continue
            if _alternative_matches(alternative, hole, up, tests):
                best = w
        return best

    def matches(self, hole: tuple[int, ...], up: tuple[int, ...],
                tests: Mapping[str, ClassTest] = CLASS_TESTS) -> bool:
        """Whether these hole cards (with these up cards) are in the range (``tests``: as
        for weight_of)."""
        return self.weight_of(hole, up, tests) > 0

    def __str__(self) -> str:
        def text(i: int, a: Alternative) -> str:
            body = a if isinstance(a, str) else " ".join(str(s) for s in a)
            # repr: the shortest text that reads back as the same weight
            return body if self.weight(i) == 1 else f"{body}:{self.weight(i)!r}"

        return " | ".join(text(i, a) for i, a in enumerate(self.alternatives))


def _alternative_matches(alternative: Alternative, hole, up,
                         tests: Mapping[str, ClassTest]) -> bool:
    if isinstance(alternative, str):
        test = tests.get(alternative)
        if test is None:  # a topX% class, which only one game's ranking can test
            raise ValueError(f"{alternative!r} ranks one game's starting hands: test the range "
                             "with starting.top.class_tests(hole_range, game)")
        return test(hole, up)
    return len(alternative) == len(hole) and any(
        all(slot.matches(card) for slot, card in zip(order, hole, strict=True))
        for order in permutations(alternative)
    )


# --------------------------------------------------------------------------- notation

# How the pieces of a range are written, as regular-expression alternatives for the hand
# reader (cards.tokenize), which tries them before a card: a word starting "top" is a
# topX% class (or the error that says how to write one), a colon starts a weight, then
# the class names and the bar between alternatives. A slot pattern (K?, ?s) is read with
# the cards, whose characters it shares, as a "pattern" token.
LEXEMES = (r"(?P<top>[Tt][Oo][Pp][^\s,()|:]*)|(?P<weight>:\s*[^\s,()|]*)|"
           rf"(?P<cls>{'|'.join(re.escape(name) for name in CLASSES)})|(?P<bar>\|)")
# The kinds of token (notation.Token) that belong to a range: a hand allows them only in
# its hole group.
PIECE_KINDS = ("pattern", "class", "|", "weight")

_TOP_RE = re.compile(r"[Tt][Oo][Pp](?P<x>[0-9]+(?:\.[0-9]*)?|\.[0-9]+)%")
_TOP_HELP = ("the best X% of starting hands is written topX% with X in (0, 100], e.g. "
             "top15% or top2.5%")
_WEIGHT_HELP = ("a weight ends its alternative after a colon and is a number in (0, 1], "
                "e.g. '(K? ?? | ?? ??:0.25)'")


def range_token(match: re.Match[str]) -> Token | None:
    """The range piece a match of LEXEMES read; None when the match read none of them
    (a card, which the caller reads). NotationError for a topX% or a weight that is
    written wrong.

    >>> pieces = re.compile(LEXEMES)
    >>> [range_token(pieces.match(text)) for text in ("top015%", ":0.25", "pair+", "|")]
    ... # doctest: +NORMALIZE_WHITESPACE
    [Token(kind='class', text='top15%', card=None, rank=None, suit=None, weight=None),
     Token(kind='weight', text=':0.25', card=None, rank=None, suit=None, weight=0.25),
     Token(kind='class', text='pair+', card=None, rank=None, suit=None, weight=None),
     Token(kind='|', text='|', card=None, rank=None, suit=None, weight=None)]
    """
    if match["top"]:
        return _top_token(match["top"])
    if match["weight"]:
        return _weight_token(match["weight"])
    if match["cls"]:
        return Token("class", match["cls"])
    if match["bar"]:
        return Token("|", "|")
    return None


def _top_token(text: str) -> Token:
    match = _TOP_RE.fullmatch(text)
    percent = float(match["x"]) if match else None
    if percent is None or not 0 < percent <= 100:
        raise NotationError(f"{text!r}: {_TOP_HELP}; the other classes are "
                            f"{', '.join(CLASSES)}")
    # The number as typed, without leading or trailing zeros (top015% is top15%): every
    # digit kept, since the class name is what top_percent reads the percentage from.
    return Token("class", f"top{format(Decimal(match['x']).normalize(), 'f')}%")


def _weight_token(text: str) -> Token:
    try:
        weight = float(text[1:])
    except ValueError:
        weight = None
    if weight is None or not 0 < weight <= 1:
        raise NotationError(f"{text!r}: {_WEIGHT_HELP}")
    return Token("weight", text, weight=weight)


def read_range(tokens: list[Token], fail: Callable[[str], NotationError]) -> HoleRange:
    """The hole group of a hand (its tokens, at least one of PIECE_KINDS) as a range:
    alternatives separated by '|', each with an optional weight at its end. ``fail``
    makes the error for a problem, quoting the hand the group is in."""
    alternatives: list = []
    weights: list[float] = []
    current: list[Token] = []
    for token in tokens + [Token("|", "|")]:
        if token.kind != "|":
            current.append(token)
            continue
        weight = 1.0
        if current and current[-1].kind == "weight":
            weight = current.pop().weight
            if not current:
                raise fail("a weight needs its alternative before it, as in '?? ??:0.25'")
        misplaced = [t for t in current if t.kind == "weight"]
        if misplaced:
            raise fail(f"{misplaced[0].text!r}: {_WEIGHT_HELP}")
        if not current:
            raise fail("an empty alternative in the range: write something between the '|'")
        weights.append(weight)
        classes = [t for t in current if t.kind == "class"]
        if classes:
            if len(current) != 1:
                raise fail(
                    f"{classes[0].text!r} stands alone in its alternative: "
                    "separate it from cards with '|'"
                )
            alternatives.append(classes[0].text)
        else:
            slots = []
            for t in current:
                if t.kind == "card":
                    slots.append(Slot(t.card >> 2, t.card & 3))
                elif t.kind == "pattern":
                    slots.append(Slot(t.rank, t.suit))
                else:  # unknown: any card
                    slots.append(Slot(None, None))
            alternatives.append(tuple(slots))
        current = []
    hole_range = HoleRange(tuple(alternatives), tuple(weights))
    counts = {len(a) for a in alternatives if not isinstance(a, str)}
    if len(counts) > 1:
        raise fail("every alternative of the range names the same number of hole cards")
    if counts and counts.pop() > 2:
        raise fail("at most 2 hole cards in parentheses")
    return hole_range


@dataclass(frozen=True)
class PlayerRange:
    """A player whose unknown hole cards come from a range, as the scenario deals them:
    every combination of the unseen cards the range holds, and its weight when the range
    has weights (None: every combination weighs 1)."""

    player: int  # 0-based
    size: int  # hole cards
    combos: tuple[tuple[int, ...], ...]
    weights: tuple[float, ...] | None = None

    def keeping(self, keep) -> PlayerRange:
        """The same range with only the combinations for which keep(combo) is true."""
        kept = [k for k, combo in enumerate(self.combos) if keep(combo)]
        return PlayerRange(
            self.player, self.size, tuple(self.combos[k] for k in kept),
            None if self.weights is None else tuple(self.weights[k] for k in kept),
        )
