"""Third-street starting hands of the seven-card games, up to suit symmetry.

On third street a player holds three cards (two down, the door card up). Against
opponents whose cards are unknown, equity depends neither on which of the three is the
door card nor on the names of the suits, only on the ranks and on which cards share a
suit. So a *starting class* is an unordered set of three cards up to a permutation of
the four suits, and it is pinned down by its **shape**: the ranks held in each suit,
e.g. ``((12, 11), (10,))`` for an ace and king of one suit with a queen of another.
There are 1,755 classes covering all C(52, 3) = 22,100 hands:

=========================  =======  ===============  ===========
rank pattern               classes  combos per class  hands
=========================  =======  ===============  ===========
three of a kind (rolled)        13                4           52
pair, kicker off its suits     156               12        1,872
pair, kicker suited to one     156               12        1,872
three ranks, suited            286                4        1,144
three ranks, two suited        858               12       10,296
three ranks, rainbow           286               24        6,864
=========================  =======  ===============  ===========

**Labels.** Hole cards in parentheses, then the door card, ranks only: pairs and trips
in the hole (``(A A) K``, ``(2 2) A``), three ranks highest first (``(A K) Q``). A suffix
names the ranks that share a suit, highest first, ending in ``s`` as in hold'em's
``AKs``; no suffix means every card is of a different suit (rainbow):

    (A A) A          rolled-up aces
    (A A) K          a pair of aces, the king of a third suit
    (A A) K AKs      a pair of aces, the king suited to one of them
    (A K) Q          ace, king, queen of three suits
    (A K) Q AKs      ace and king suited, the queen off    (also AQs, KQs)
    (A K) Q AKQs     three of a suit

``code`` is the same without spaces and parentheses (``AAK-AKs``), for ids and files.

**Representative.** Each class is spelled by one concrete hand in the same order (the
pair or the highest two ranks down, the lowest rank as the door card), taking the
highest suits first: spades, hearts, diamonds, clubs. ``(As Ah) Kd``, ``(As Ah) Ks``,
``(As Kh) Qs``. Which card is up does not change equity against unknown cards; the
convention only makes one string per class.

Ranks are 0..12 for 2..A and suits 0..3 for c d h s (card id = rank * 4 + suit), as in
cards.py. Pure Python: building the table takes milliseconds, once.

>>> len(classes()), sum(c.combos for c in classes())
(1755, 22100)
>>> c = class_of("(Kd 7d) Kc")
>>> c.label, c.representative, c.combos, c.category
('(K K) 7 K7s', '(Ks Kh) 7s', 12, 'pair')
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement, permutations, product

from ..cards import RANKS, card_str, parse_hand
from ..ranges import CLASS_TESTS, THIRD_STREET_CLASSES

__all__ = [
    "CATEGORIES",
    "SELECTIONS",
    "SUIT_PERMUTATIONS",
    "StartingClass",
    "class_by_label",
    "class_of",
    "classes",
    "hands_of",
    "permute_suits",
    "presentation_order",
    "select",
    "shape_of",
    "stud_text",
]

Shape = tuple[tuple[int, ...], ...]

# Groupings for charts, each class in exactly one (first match in this order).
CATEGORIES = (
    "rolled up",             # three of a kind
    "pair",                  # a pair and a kicker
    "three-straight-flush",  # three of a suit that fit in one straight
    "three-flush",           # three of a suit
    "three-straight",        # three ranks that fit in one straight (ace high or low)
    "other",                 # three ranks, no three-flush, no three-straight
)

# Every relabelling of the four suits: the symmetry the classes are taken under.
SUIT_PERMUTATIONS: tuple[tuple[int, ...], ...] = tuple(permutations(range(4)))

_SUITS_HIGH_FIRST = (3, 2, 1, 0)  # s h d c: the representative takes suits in this order


@dataclass(frozen=True)
class StartingClass:
    """One suit-isomorphism class of three-card starting hands (see the module docs).

    ``ranks`` and ``cards`` are in presentation order: hole, hole, door. ``tags`` are the
    names of ranges.py's third-street classes the hand belongs to (``rolled``, ``pair+``,
    ``flush3``, ``straight3``, ``low3``), so a chart can be grouped exactly as a range
    would select it.
    """

    index: int  # position in classes()
    label: str
    code: str
    shape: Shape
    ranks: tuple[int, int, int]
    cards: tuple[int, int, int]  # the representative
    combos: int  # concrete hands in the class
    category: str
    tags: frozenset[str]

    @property
    def representative(self) -> str:
        """The representative as a stud hand the equity API takes, e.g. ``(As Kh) Qs``."""
        return stud_text(self.cards)

    @property
    def rank_pattern(self) -> str:
        """``trips``, ``pair`` or ``three ranks``."""
        distinct = len(set(self.ranks))
        return {1: "trips", 2: "pair", 3: "three ranks"}[distinct]

    @property
    def suit_pattern(self) -> str:
        """``suited`` (three of a suit), ``two suited`` or ``rainbow`` (no two share one)."""
        largest = max(len(group) for group in self.shape)
        return {3: "suited", 2: "two suited", 1: "rainbow"}[largest]

    @property
    def pair_rank(self) -> int | None:
        """The rank of the pair or trips (0..12), None for three different ranks."""
        rank, count = Counter(self.ranks).most_common(1)[0]
        return rank if count > 1 else None


def shape_of(cards: Iterable[int]) -> Shape:
    """The class of some cards as the ranks of each suit: a suit-blind description.

    Each suit's ranks highest first, the suits' groups in decreasing order, so two hands
    have the same shape exactly when a relabelling of suits turns one into the other.

    >>> shape_of([51, 47, 42])   # As Ks Qh
    ((12, 11), (10,))
    >>> shape_of([0, 4, 9])      # 2c 3c 4d
    ((2,), (1, 0))
    """
    by_suit: dict[int, list[int]] = {}
    for card in cards:
        by_suit.setdefault(card % 4, []).append(card // 4)
    return tuple(sorted((tuple(sorted(ranks, reverse=True)) for ranks in by_suit.values()),
                        reverse=True))


def presentation_order(cards: Iterable[int]) -> tuple[int, ...]:
    """The cards as a class writes them: a pair or trips first, then by rank, then suit,
    highest first. The first two are the hole cards, the third the door card.

    >>> [card_str(c) for c in presentation_order([0, 49, 50])]   # 2c Ad Ah
    ['Ah', 'Ad', '2c']
    """
    cards = tuple(cards)
    rank_count = Counter(c // 4 for c in cards)
    return tuple(sorted(cards, key=lambda c: (rank_count[c // 4], c // 4, c % 4), reverse=True))


def stud_text(cards: Iterable[int]) -> str:
    """Three cards as a third-street stud hand in presentation order.

    >>> stud_text([0, 49, 50])
    '(Ah Ad) 2c'
    """
    first, second, door = presentation_order(cards)
    return f"({card_str(first)} {card_str(second)}) {card_str(door)}"


@cache
def hands_of(starting_class: StartingClass) -> tuple[tuple[int, ...], ...]:
    """Every concrete hand of a class, each in presentation order, highest first.

    >>> [stud_text(h) for h in hands_of(class_by_label("(A A) A"))]
    ['(As Ah) Ad', '(As Ah) Ac', '(As Ad) Ac', '(Ah Ad) Ac']
    """
    found = {presentation_order(permute_suits(starting_class.cards, p))
             for p in SUIT_PERMUTATIONS}
    return tuple(sorted(found, reverse=True))


def permute_suits(cards: Iterable[int], permutation: Sequence[int]) -> tuple[int, ...]:
    """The cards with suit s renamed permutation[s] (ranks unchanged).

    >>> permute_suits([51, 0], (1, 0, 2, 3))   # As 2c -> As 2d
    (51, 1)
    """
    return tuple(c - c % 4 + permutation[c % 4] for c in cards)


def _combinations_of_shape(shape: Shape) -> int:
    """How many concrete hands have this shape: distinct suits for the groups, in order,
    divided by the reorderings of identical groups (the three singletons of trips)."""
    ways = math.perm(4, len(shape))
    for repeats in Counter(shape).values():
        ways //= math.factorial(repeats)
    return ways


def _shapes_of_ranks(ranks: tuple[int, ...]) -> set[Shape]:
    """Every way three cards of these ranks can share suits, as shapes.

    Cards of one rank are always of different suits, so a suit group holds distinct ranks.
    """
    shapes = set()
    for suits in product(range(3), repeat=len(ranks)):  # at most 3 groups for 3 cards
        groups: dict[int, list[int]] = {}
        for rank, suit in zip(ranks, suits, strict=True):
            groups.setdefault(suit, []).append(rank)
        if all(len(set(g)) == len(g) for g in groups.values()):
            shapes.add(tuple(sorted((tuple(sorted(g, reverse=True)) for g in groups.values()),
                                    reverse=True)))
    return shapes


def _representative(shape: Shape) -> tuple[int, int, int]:
    """The concrete hand spelling a shape: presentation order, highest suits first.

    Of the shape's hands in presentation order, the one whose suits (hole, hole, door)
    read highest in the order spades, hearts, diamonds, clubs.
    """
    ranks = presentation_order(r * 4 for group in shape for r in group)
    ranks = tuple(c // 4 for c in ranks)
    for suits in product(_SUITS_HIGH_FIRST, repeat=3):
        cards = tuple(r * 4 + s for r, s in zip(ranks, suits, strict=True))
        if len(set(cards)) == 3 and shape_of(cards) == shape and \
                presentation_order(cards) == cards:
            return cards
    raise AssertionError(f"no hand has shape {shape}")  # every shape built here has one


def _label_and_code(shape: Shape, ranks: tuple[int, int, int]) -> tuple[str, str]:
    text = [RANKS[r] for r in ranks]
    label = f"({text[0]} {text[1]}) {text[2]}"
    code = "".join(text)
    suited = [group for group in shape if len(group) > 1]
    if suited:  # at most one group of two or three among three cards
        suffix = "".join(RANKS[r] for r in suited[0]) + "s"
        label, code = f"{label} {suffix}", f"{code}-{suffix}"
    return label, code


def _tags(cards: tuple[int, int, int]) -> frozenset[str]:
    """The ranges.py classes these three cards belong to, tested by ranges.py itself."""
    hole, up = cards[:2], cards[2:]
    names = ("pair+",) + THIRD_STREET_CLASSES
    return frozenset(name for name in names if CLASS_TESTS[name](hole, up))


def _category(rank_pattern: str, tags: frozenset[str]) -> str:
    if rank_pattern == "trips":
        return "rolled up"
    if rank_pattern == "pair":
        return "pair"
    if {"flush3", "straight3"} <= tags:
        return "three-straight-flush"
    if "flush3" in tags:
        return "three-flush"
    if "straight3" in tags:
        return "three-straight"
    return "other"


def _sort_key(shape: Shape, ranks: tuple[int, ...]) -> tuple:
    """Trips, then pairs, then three ranks; higher ranks first; more suited first."""
    pattern_order = {1: 0, 2: 1, 3: 2}[len(set(ranks))]
    largest = max(len(group) for group in shape)
    suited = next((group for group in shape if len(group) > 1), ())
    return (pattern_order, tuple(-r for r in ranks), -largest, tuple(-r for r in suited))


@cache
def classes() -> tuple[StartingClass, ...]:
    """All 1,755 classes: rolled up, then pairs, then three ranks; high ranks first.

    Built from the combinatorics (shapes and their counts), not by listing the 22,100
    hands; the tests check it against that brute force.
    """
    entries = []
    for ranks in combinations_with_replacement(range(12, -1, -1), 3):
        for shape in _shapes_of_ranks(ranks):
            cards = _representative(shape)
            presented = tuple(c // 4 for c in cards)
            entries.append((_sort_key(shape, presented), shape, cards, presented))
    entries.sort()
    built = []
    for index, (_, shape, cards, presented) in enumerate(entries):
        label, code = _label_and_code(shape, presented)
        tags = _tags(cards)
        rank_pattern = {1: "trips", 2: "pair", 3: "three ranks"}[len(set(presented))]
        built.append(StartingClass(
            index=index, label=label, code=code, shape=shape, ranks=presented, cards=cards,
            combos=_combinations_of_shape(shape), category=_category(rank_pattern, tags),
            tags=tags,
        ))
    return tuple(built)


@cache
def _by_shape() -> dict[Shape, StartingClass]:
    return {c.shape: c for c in classes()}


@cache
def _by_name() -> dict[str, StartingClass]:
    """Labels and codes, both exactly as printed."""
    return {c.label: c for c in classes()} | {c.code: c for c in classes()}


_LOOSE_LABEL = re.compile(
    r"\(?\s*([2-9TJQKA])\s*([2-9TJQKA])\s*\)?\s*([2-9TJQKA])(?:\s+([2-9TJQKA]{2,3})S)?"
)


def _loose_key(name: str) -> tuple | None:
    """A label as typed in any order or case, ``10`` for ``T`` (``(a 2) 3``, ``(K K) Q qks``):
    its ranks and its suited ranks, both as sorted tuples; None if it is no label."""
    match = _LOOSE_LABEL.fullmatch(" ".join(name.upper().replace("10", "T").split()))
    if match is None:
        return None
    suited = match[4] or ""
    if len(set(suited)) != len(suited):
        return None
    return tuple(sorted(match.group(1, 2, 3))), tuple(sorted(suited))


@cache
def _by_loose_key() -> dict[tuple, StartingClass]:
    """Every class by its loose key: one key, one class (the suited ranks say which of a
    class's cards share a suit, and that is what tells the classes of a rank set apart)."""
    table = {_loose_key(c.label): c for c in classes()}
    assert len(table) == len(classes())
    return table


def _three_cards(cards: str | Iterable[int]) -> tuple[int, ...]:
    if isinstance(cards, str):
        hand = parse_hand(cards)
        if hand.unknown_count:
            raise ValueError(f"{cards.strip()!r}: a starting class needs three known cards")
        found = hand.known_cards
    else:
        found = tuple(int(c) for c in cards)
    if len(found) != 3 or len(set(found)) != 3 or not all(0 <= c < 52 for c in found):
        shown = cards.strip() if isinstance(cards, str) else found
        raise ValueError(
            f"{shown!r}: a starting class is three different cards, e.g. '(As Kd) Qh'"
        )
    return found


def class_of(cards: str | Iterable[int]) -> StartingClass:
    """The class of a concrete three-card hand: card ids in any order, or text such as
    ``(As Kd) Qh`` or ``As Kd Qh`` (which card is up does not matter).

    >>> class_of("(2c 2d) Ah").label, class_of([51, 47, 43]).label
    ('(2 2) A', '(A K) Q AKQs')
    >>> class_of("As Kd")
    Traceback (most recent call last):
    ...
    ValueError: 'As Kd': a starting class is three different cards, e.g. '(As Kd) Qh'
    """
    return _by_shape()[shape_of(_three_cards(cards))]


def class_by_label(name: str) -> StartingClass:
    """The class with this label (``(A K) Q AKs``) or code (``AKQ-AKs``).

    >>> class_by_label("AAK-AKs").representative
    '(As Ah) Ks'
    >>> class_by_label("(A A) Z")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: no starting class is called '(A A) Z': write e.g. '(A A) K', ...
    """
    found = _by_name().get(" ".join(name.split()))
    if found is None:
        found = _by_loose_key().get(_loose_key(name))
    if found is None and name.strip().lower() in SELECTIONS:
        raise ValueError(f"{name.strip()!r} is a named set of classes: use it alone, or list "
                         "class labels")
    if found is None:
        raise ValueError(
            f"no starting class is called {name!r}: "
            "write e.g. '(A A) K', '(A K) Q AKs' or 'AKQ-AKs'"
        )
    return found


# Named selections of classes for matchup charts; a list of labels works too.
SELECTIONS = {
    "rolled": lambda c: c.category == "rolled up",
    "pairs": lambda c: c.category == "pair",
    "flush3": lambda c: "flush3" in c.tags,
    "straight3": lambda c: "straight3" in c.tags,
    "low3": lambda c: "low3" in c.tags,
    "all": lambda c: True,
}


def select(selection: str | Iterable[str]) -> tuple[StartingClass, ...]:
    """Classes by selection name (see SELECTIONS) or by a list of labels or codes.

    >>> len(select("rolled")), len(select("pairs")), len(select("all"))
    (13, 312, 1755)
    >>> [c.code for c in select(["(A A) A", "KKQ-KQs"])]
    ['AAA', 'KKQ-KQs']
    """
    if isinstance(selection, str):
        if selection not in SELECTIONS:
            raise ValueError(
                f"unknown selection {selection!r}: expected one of {', '.join(SELECTIONS)} "
                "or a list of class labels"
            )
        return tuple(c for c in classes() if SELECTIONS[selection](c))
    chosen = tuple(class_by_label(name) for name in selection)
    repeated = [c.label for c, n in Counter(chosen).items() if n > 1]
    if repeated:
        raise ValueError(f"class {repeated[0]!r} is selected twice")
    if not chosen:
        raise ValueError("the selection of classes is empty")
    return chosen
