"""Hole-card ranges: what an opponent may hold, written inside the hole group.

    (K? K? | A? A? | K? ??) Kd      kings up with a pair of kings or aces, or a king
    (?s ?s) 9s                      three spades
    (pair+ | flush3) 9h             a pair or better, or three to a flush

A range is a list of alternatives separated by ``|``. An alternative is either one slot
pattern per hole card (a card ``As``, any of a rank ``K?``, any of a suit ``?s``, any card
``??`` or ``x``), matched in any order, or a named class of the hole cards together with
the up cards:

    pair+      a pair or better among the hole cards and the up cards (not the river)
    rolled     three of a kind on third street (both hole cards and the door card)
    flush3     three of a suit on third street
    straight3  three different ranks that fit in one straight on third street
               (ace high or low: A-2-3 and Q-K-A count, so do gapped ones like 4-6-8)
    low3       three different ranks 8 or lower on third street (ace low)

The third-street classes are for seven-card games. Every combination of hole cards that
matches some alternative counts once, and all of them are equally likely: jointly across
players, given every card that is known or dead (the engine's job, see scenario.py).
This module knows nothing of notation or engines: ranks 0..12 (2..A), suits 0..3.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
CLASSES = ("pair+", "rolled", "flush3", "straight3", "low3")
THIRD_STREET_CLASSES = ("rolled", "flush3", "straight3", "low3")


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
        rank = "?" if self.rank is None else RANK_CHARS[self.rank]
        suit = "?" if self.suit is None else SUIT_CHARS[self.suit]
        return rank + suit


Alternative = tuple[Slot, ...] | str  # slots, or a class name


@dataclass(frozen=True)
class HoleRange:
    alternatives: tuple[Alternative, ...]

    @property
    def slot_count(self) -> int | None:
        """Hole cards the slot alternatives describe (None when only classes are given)."""
        counts = {len(a) for a in self.alternatives if not isinstance(a, str)}
        return counts.pop() if counts else None

    @property
    def classes(self) -> tuple[str, ...]:
        return tuple(a for a in self.alternatives if isinstance(a, str))

    def matches(self, hole: tuple[int, ...], up: tuple[int, ...]) -> bool:
        """Whether these hole cards (with these up cards) are in the range."""
        for alternative in self.alternatives:
            if isinstance(alternative, str):
                if CLASS_TESTS[alternative](hole, up):
                    return True
            elif len(alternative) == len(hole) and any(
                all(slot.matches(card) for slot, card in zip(order, hole, strict=True))
                for order in permutations(alternative)
            ):
                return True
        return False

    def __str__(self) -> str:
        return " | ".join(
            a if isinstance(a, str) else " ".join(str(s) for s in a) for a in self.alternatives
        )


def _pair_plus(hole, up) -> bool:
    ranks = [c >> 2 for c in hole + up]
    return len(set(ranks)) < len(ranks)


def _third_street(hole, up) -> tuple[int, ...]:
    return tuple(hole) + tuple(up[:1])


def _rolled(hole, up) -> bool:
    cards = _third_street(hole, up)
    return len(cards) == 3 and len({c >> 2 for c in cards}) == 1


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


CLASS_TESTS = {
    "pair+": _pair_plus,
    "rolled": _rolled,
    "flush3": _flush3,
    "straight3": _straight3,
    "low3": _low3,
}
