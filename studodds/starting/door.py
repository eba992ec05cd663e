"""Starting hands as the table sees them: a starting class with the rank of its door card.

A starting class (classes.py) leaves out which card is up, since against unknown cards
that changes no equity. At the table it changes a great deal: the door card is what the
others see, and it decides who brings it in. The same three cards are two different
starting hands: ``(K 7) K`` is a **split pair** (the door card pairs one hole card:
everyone sees a king) and ``(K K) 7`` a **buried pair** (both hole cards pair, the door
card is another rank: the pair is hidden). Both are the class ``(K K) 7``.

A *door class* is a starting class with the rank of its door card: one per distinct rank
of the class, so a pair has two (buried and split), three different ranks have three
(``(A K) Q``, ``(A Q) K``, ``(K Q) A``), rolled-up trips one. Its label is the class's
with that rank as the door card (hole cards highest first, a pair first), the class's
suit suffix kept: ``(K 7) K K7s`` is a split pair of kings, one king suited to the seven.

**How often.** Any of a starting hand's cards is as likely as the others to be the door
card, so a door class is dealt ``deals`` times in every ``C(52, 3) * 3 = 66,300`` deals
of two hole cards and a door card (``C(52, 2) * 2 = 2,652`` in five-card stud): the
class's combinations times the cards it holds of the door rank. A pair is buried in a
third of its deals and split in two thirds: the 3,744 pairs of 22,100 hands are 5.65%
buried and 11.29% split.

In the five-card games a pair is always one hole card and one up card: ``pair_kind`` is
None there (buried and split tell seven-card hands apart), as it is for trips and for
three different ranks.

>>> from studodds.starting.classes import class_by_label
>>> [(d.label, d.pair_kind, d.deals) for d in door_classes(class_by_label("(K K) 7"))]
[('(K K) 7', 'buried', 12), ('(K 7) K', 'split', 24)]
>>> door_class_of("(Kd 7d) Kc").label, door_class_of("(Kd Kc) 7d").label
('(K 7) K K7s', '(K K) 7 K7s')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..cards import RANKS, card_str, parse_hand
from ..games import Game
from .classes import Scheme, StartingClass, class_of, label_and_code, scheme_of

__all__ = ["PAIR_KINDS", "DoorClass", "door_class_of", "door_classes", "first_street_deals"]

PAIR_KINDS = ("buried", "split")


def first_street_deals(scheme: Scheme) -> int:
    """Every deal of the first street with its door card told apart: C(52, 3) hands times
    three choices of door card = 66,300 (five-card stud: 1,326 * 2 = 2,652)."""
    return scheme.hands * scheme.cards


@dataclass(frozen=True)
class DoorClass:
    """A starting class with the rank of its door card (one of the class's ranks)."""

    starting_class: StartingClass
    door_rank: int  # 0..12 for 2..A

    def __post_init__(self) -> None:
        if self.door_rank not in self.starting_class.ranks:
            raise ValueError(f"{RANKS[self.door_rank]} is no card of {self.starting_class.label}")

    @property
    def hole_ranks(self) -> tuple[int, ...]:
        """The hole cards' ranks: a pair first, then highest first."""
        hole = list(self.starting_class.ranks)
        hole.remove(self.door_rank)
        counts = Counter(hole)
        return tuple(sorted(hole, key=lambda r: (counts[r], r), reverse=True))

    @property
    def label(self) -> str:
        """``(K 7) K``: the hole cards in parentheses, the door card, the class's suffix."""
        return label_and_code(self.starting_class.shape, self._ranks)[0]

    @property
    def code(self) -> str:
        """The label without spaces and parentheses: ``K7K``, ``KK7-K7s``."""
        return label_and_code(self.starting_class.shape, self._ranks)[1]

    @property
    def _ranks(self) -> tuple[int, ...]:
        return (*self.hole_ranks, self.door_rank)

    @property
    def pair_kind(self) -> str | None:
        """``buried`` (both hole cards pair, the door card is another rank), ``split`` (the
        door card pairs one hole card), or None: trips, three different ranks, and every
        five-card stud hand (its one hole card cannot bury a pair)."""
        if self.starting_class.scheme.cards != 3 or self.starting_class.rank_pattern != "pair":
            return None
        return "split" if self.door_rank in self.hole_ranks else "buried"

    @property
    def deals(self) -> int:
        """Deals of the first street (door card told apart) that are this door class: the
        class's combinations times its cards of the door rank."""
        return self.starting_class.combos * self.starting_class.ranks.count(self.door_rank)

    @property
    def dealt(self) -> float:
        """The chance of being dealt it: deals out of first_street_deals (66,300)."""
        return self.deals / first_street_deals(self.starting_class.scheme)

    @property
    def representative(self) -> str:
        """The class's representative with a card of the door rank up: ``(Ks 7s) Kh``."""
        cards = list(self.starting_class.cards)
        door = [c for c in cards if c // 4 == self.door_rank][-1]
        cards.remove(door)
        return f"({' '.join(card_str(c) for c in cards)}) {card_str(door)}"


def door_classes(starting_class: StartingClass) -> tuple[DoorClass, ...]:
    """A class's door classes: its own door rank first (a pair's buried form), then the
    other ranks from low to high.

    >>> from studodds.starting.classes import class_by_label
    >>> [d.label for d in door_classes(class_by_label("(A K) Q AKs"))]
    ['(A K) Q AKs', '(A Q) K AKs', '(K Q) A AKs']
    """
    ranks = dict.fromkeys(reversed(starting_class.ranks))
    return tuple(DoorClass(starting_class, rank) for rank in ranks)


def door_class_of(cards: str | Iterable[int], game: str | Game | Scheme = "stud7") -> DoorClass:
    """The door class of a concrete starting hand: text such as ``(Kd 7d) Kc`` (the hole
    cards in parentheses, then the door card), or card ids with the door card last.

    >>> door_class_of("(7c) 7d", "stud5").pair_kind is None
    True
    >>> door_class_of("Kd 7d Kc")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: 'Kd 7d Kc': a starting hand by its door card is written ...
    """
    scheme = game if isinstance(game, Scheme) else scheme_of(game)
    if isinstance(cards, str):
        hand = parse_hand(cards)
        if (hand.unknown_count or len(hand.up) != 1 or hand.river
                or len(hand.down) != scheme.cards - 1):
            example = "'(Kd 7d) Kc'" if scheme.cards == 3 else "'(Kd) Kc'"
            raise ValueError(f"{cards.strip()!r}: a starting hand by its door card is written "
                             f"with the hole cards in parentheses, then the door card, e.g. "
                             f"{example}")
        ids = hand.known_cards  # the hole cards, then the door card: none unknown, no river
    else:
        ids = tuple(int(c) for c in cards)
    return DoorClass(class_of(ids, scheme), ids[-1] // 4)

