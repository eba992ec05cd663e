"""Starting hands up to what cannot change their equity: the classes a chart ranks.

A seven-card game starts with three cards (two down, the door card up: third street), a
five-card game with two (one down, one up: second street). Against opponents whose cards
are unknown, equity depends neither on which card is the door card nor on the names of
the suits, only on the ranks and on which cards share a suit. So a *starting class* is an
unordered set of starting cards up to a permutation of the four suits, and it is pinned
down by its **shape**: the ranks held in each suit, e.g. ``((12, 11), (10,))`` for an
ace and king of one suit with a queen of another. There are 1,755 classes of three
cards covering all C(52, 3) = 22,100 hands:

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

and 169 of two cards covering C(52, 2) = 1,326: 13 pairs (6 combos each), 78 suited
(4) and 78 offsuit (12).

**Games where suits never change a hand's value.** In razz and in ace-to-five five-card lowball
(stud5low) every hand value ignores suits: straights and flushes do not count. Hands of
the same ranks then have the same equity whatever their suits (relabel the suits within
each rank, card by card: every deal maps to one with the same ranks, so the same
outcome), and a class is just a rank multiset: 455 of three cards (13 trips, 156 pairs
with a kicker, 286 three ranks: 4, 24 and 64 combos) and 91 of two (13 pairs, 78 two
ranks: 6 and 16 combos). Deuce-to-seven and ace-to-six lows count flushes against you,
and high hands count them for you, so those games keep the suited classes. Which scheme
a game uses is ``scheme_of(game)``; every function here takes the game (default stud7).

**Labels.** Hole cards in parentheses, then the door card, ranks only: pairs and trips
in the hole (``(A A) K``, ``(2 2) A``), different ranks highest first (``(A K) Q``,
``(A) K``), ace high in every game. A suffix names the ranks that share a suit, highest
first, ending in ``s`` as in hold'em's ``AKs``; no suffix means every card is of a
different suit (rainbow), or, in razz and stud5low, that suits do not count:

    (A A) A          rolled-up aces
    (A A) K          a pair of aces, the king of a third suit
    (A A) K AKs      a pair of aces, the king suited to one of them
    (A K) Q          ace, king, queen of three suits (in razz: any suits)
    (A K) Q AKs      ace and king suited, the queen off    (also AQs, KQs)
    (A K) Q AKQs     three of a suit
    (A) K AKs        five-card stud: ace and king of one suit

``code`` is the same without spaces and parentheses (``AAK-AKs``), for ids and files.

**Representative.** Each class is spelled by one concrete hand in the same order (the
pair or the highest ranks down, the lowest rank as the door card), taking the highest
suits first: spades, hearts, diamonds, clubs. ``(As Ah) Kd``, ``(As Ah) Ks``, ``(As Kh)
Qs``, ``(As) Kh``. A class whose suits do not count is spelled with every card of a
different suit, as its rainbow class is. Which card is up does not change equity against
unknown cards; the convention only makes one string per class.

Ranks are 0..12 for 2..A and suits 0..3 for c d h s (card id = rank * 4 + suit), as in
cards.py. Pure Python: building a table takes milliseconds, once.

>>> len(classes()), sum(c.combos for c in classes())
(1755, 22100)
>>> c = class_of("(Kd 7d) Kc")
>>> c.label, c.representative, c.combos, c.category
('(K K) 7 K7s', '(Ks Kh) 7s', 12, 'pair')
>>> len(classes("razz")), class_of("(3c 2c) Ad", "razz").label, len(classes("stud5"))
(455, '(A 3) 2', 169)
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement, permutations, product

from ..cards import RANKS, card_str, parse_hand
from ..games import GAMES, Game, as_game
from ..ranges import CLASS_TESTS, DOOR_BLIND_CLASSES

__all__ = [
    "CATEGORIES",
    "SELECTIONS",
    "SUIT_BLIND_KINDS",
    "SUIT_PERMUTATIONS",
    "TWO_CARD_CATEGORIES",
    "Scheme",
    "StartingClass",
    "class_by_label",
    "class_of",
    "classes",
    "hands_of",
    "label_and_code",
    "permute_suits",
    "presentation_order",
    "reordered_labels",
    "scheme_games",
    "scheme_of",
    "select",
    "selection_games",
    "shape_of",
    "stud_text",
]

Shape = tuple[tuple[int, ...], ...]

# Groupings of three-card classes for charts, each class in exactly one (first match in
# this order).
CATEGORIES = (
    "rolled up",             # three of a kind
    "pair",                  # a pair and a kicker
    "three-straight-flush",  # three of a suit that fit in one straight
    "three-flush",           # three of a suit
    "three-straight",        # three ranks that fit in one straight (ace high or low)
    "other",                 # three ranks, no three-flush, no three-straight
)

# The same for two cards (five-card stud's hole and door card). Connectors are adjacent
# ranks, the ace next to the king and to the deuce.
TWO_CARD_CATEGORIES = ("pair", "suited connectors", "suited", "connectors", "other")

# Every relabelling of the four suits: the symmetry the classes are taken under.
SUIT_PERMUTATIONS: tuple[tuple[int, ...], ...] = tuple(permutations(range(4)))

# Hand kinds whose every value ignores suits (ace-to-five low: straights and flushes do
# not count; eight-or-better is the same low with a qualifier).
SUIT_BLIND_KINDS = frozenset({"low_a5", "low_8"})

_SUITS_HIGH_FIRST = (3, 2, 1, 0)  # s h d c: the representative takes suits in this order


@dataclass(frozen=True)
class Scheme:
    """How a game's starting hands fall into classes: how many cards, and whether suits
    can matter (False: every hand value of the game is suit-blind; classes are ranks)."""

    cards: int  # 3: third street of the seven-card games; 2: second street of five-card stud
    suits: bool

    @property
    def hands(self) -> int:
        """How many starting hands there are: C(52, cards)."""
        return math.comb(52, self.cards)


def scheme_of(game: str | Game = "stud7") -> Scheme:
    """The class scheme of a game: the cards of its first street; suits matter unless
    every hand kind of the game ignores them.

    >>> scheme_of("razz"), scheme_of("razz27"), scheme_of("stud5low")
    (Scheme(cards=3, suits=False), Scheme(cards=3, suits=True), Scheme(cards=2, suits=False))
    """
    found = as_game(game)
    first = found.streets[0]
    return Scheme(first.down + first.up, not set(found.kinds) <= SUIT_BLIND_KINDS)


def scheme_games(scheme: Scheme) -> tuple[str, ...]:
    """The games whose classes are these, in games.py's order.

    >>> scheme_games(Scheme(3, False)), scheme_games(Scheme(2, False))
    (('razz',), ('stud5low',))
    """
    return tuple(g for g in GAMES if scheme_of(g) == scheme)


@dataclass(frozen=True)
class StartingClass:
    """One class of starting hands (see the module docs).

    ``ranks`` and ``cards`` are in presentation order: the hole cards, then the door card.
    ``shape`` is None when no hand value of the game depends on suits (the class is its
    ranks). ``tags`` are the
    names of ranges.py's third-street classes the hand belongs to (``rolled``, ``pair+``,
    ``flush3``, ``straight3``, ``low3``), so a chart can be grouped exactly as a range
    would select it; not ``buried`` or ``split``, which depend on which card is the door
    card (door.py tells them apart).
    """

    index: int  # position in classes(game)
    label: str
    code: str
    shape: Shape | None
    ranks: tuple[int, ...]
    cards: tuple[int, ...]  # the representative
    combos: int  # concrete hands in the class
    category: str
    tags: frozenset[str]
    scheme: Scheme

    @property
    def representative(self) -> str:
        """The representative as a stud hand the equity API takes, e.g. ``(As Kh) Qs``."""
        return stud_text(self.cards)

    @property
    def dealt(self) -> float:
        """The chance of being dealt this class as your starting cards: combos out of
        C(52, 3) = 22,100 (seven-card games) or C(52, 2) = 1,326 (five-card)."""
        return self.combos / self.scheme.hands

    @property
    def rank_pattern(self) -> str:
        """``trips``, ``pair`` or ``three ranks``; with two cards ``pair`` or ``two ranks``."""
        distinct = len(set(self.ranks))
        if len(self.ranks) == 2:
            return {1: "pair", 2: "two ranks"}[distinct]
        return {1: "trips", 2: "pair", 3: "three ranks"}[distinct]

    @property
    def suit_pattern(self) -> str | None:
        """``suited`` (all of a suit), ``two suited`` or ``rainbow`` (no two share one);
        with two cards ``suited`` or ``offsuit``. None where suits do not count."""
        if self.shape is None:
            return None
        largest = max(len(group) for group in self.shape)
        if len(self.ranks) == 2:
            return "suited" if largest == 2 else "offsuit"
        return {3: "suited", 2: "two suited", 1: "rainbow"}[largest]

    @property
    def pair_rank(self) -> int | None:
        """The rank of the pair or trips (0..12), None for different ranks."""
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
    highest first. The last is the door card, the others the hole cards.

    >>> [card_str(c) for c in presentation_order([0, 49, 50])]   # 2c Ad Ah
    ['Ah', 'Ad', '2c']
    """
    cards = tuple(cards)
    rank_count = Counter(c // 4 for c in cards)
    return tuple(sorted(cards, key=lambda c: (rank_count[c // 4], c // 4, c % 4), reverse=True))


def stud_text(cards: Iterable[int]) -> str:
    """Starting cards as a stud hand in presentation order, the door card last.

    >>> stud_text([0, 49, 50]), stud_text([0, 49])
    ('(Ah Ad) 2c', '(Ad) 2c')
    """
    *hole, door = presentation_order(cards)
    return f"({' '.join(card_str(c) for c in hole)}) {card_str(door)}"


@cache
def hands_of(starting_class: StartingClass) -> tuple[tuple[int, ...], ...]:
    """Every concrete hand of a class, each in presentation order, highest first.

    >>> [stud_text(h) for h in hands_of(class_by_label("(A A) A"))]
    ['(As Ah) Ad', '(As Ah) Ac', '(As Ad) Ac', '(Ah Ad) Ac']
    >>> len(hands_of(class_by_label("(A 3) 2", "razz")))   # any suits: 4 x 4 x 4
    64
    """
    if starting_class.shape is None:  # suits do not count: every choice of suits, per rank
        per_rank = [combinations(range(r * 4, r * 4 + 4), n)
                    for r, n in Counter(starting_class.ranks).items()]
        found = {presentation_order(sum(choice, ())) for choice in product(*per_rank)}
    else:
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


def _combinations_of_ranks(ranks: Sequence[int]) -> int:
    """How many concrete hands hold these ranks, suits free: C(4, k) for each rank held
    k times."""
    return math.prod(math.comb(4, k) for k in Counter(ranks).values())


def _shapes_of_ranks(ranks: tuple[int, ...]) -> set[Shape]:
    """Every way cards of these ranks can share suits, as shapes.

    Cards of one rank are always of different suits, so a suit group holds distinct ranks.
    """
    shapes = set()
    for suits in product(range(len(ranks)), repeat=len(ranks)):  # at most one group a card
        groups: dict[int, list[int]] = {}
        for rank, suit in zip(ranks, suits, strict=True):
            groups.setdefault(suit, []).append(rank)
        if all(len(set(g)) == len(g) for g in groups.values()):
            shapes.add(tuple(sorted((tuple(sorted(g, reverse=True)) for g in groups.values()),
                                    reverse=True)))
    return shapes


def _rainbow(ranks: Sequence[int]) -> Shape:
    """The shape with every card in a suit of its own."""
    return tuple(sorted(((r,) for r in ranks), reverse=True))


def _representative(shape: Shape) -> tuple[int, ...]:
    """The concrete hand spelling a shape: presentation order, highest suits first.

    Of the shape's hands in presentation order, the one whose suits (hole cards, then the
    door card) read highest in the order spades, hearts, diamonds, clubs.
    """
    ranks = presentation_order(r * 4 for group in shape for r in group)
    ranks = tuple(c // 4 for c in ranks)
    for suits in product(_SUITS_HIGH_FIRST, repeat=len(ranks)):
        cards = tuple(r * 4 + s for r, s in zip(ranks, suits, strict=True))
        if len(set(cards)) == len(cards) and shape_of(cards) == shape and \
                presentation_order(cards) == cards:
            return cards
    raise AssertionError(f"no hand has shape {shape}")  # every shape built here has one


def label_and_code(shape: Shape | None, ranks: tuple[int, ...]) -> tuple[str, str]:
    """The label and code of cards of these ranks, hole cards first and the door card
    last, whose suits share as the shape says (None: suits do not count).

    >>> label_and_code(((11, 5), (11,)), (11, 11, 5)), label_and_code(None, (11, 5, 11))
    (('(K K) 7 K7s', 'KK7-K7s'), ('(K 7) K', 'K7K'))
    """
    *hole, door = [RANKS[r] for r in ranks]
    label = f"({' '.join(hole)}) {door}"
    code = "".join(hole) + door
    suited = [group for group in shape or () if len(group) > 1]
    if suited:  # at most one group of two or more among three cards
        suffix = "".join(RANKS[r] for r in suited[0]) + "s"
        label, code = f"{label} {suffix}", f"{code}-{suffix}"
    return label, code


def _tags(cards: tuple[int, ...]) -> frozenset[str]:
    """The ranges.py classes these cards belong to, tested by ranges.py itself: those
    that hold whichever card is the door card (not buried or split)."""
    hole, up = cards[:-1], cards[-1:]
    names = ("pair+",) + DOOR_BLIND_CLASSES
    return frozenset(name for name in names if CLASS_TESTS[name](hole, up))


def _connected(ranks: Sequence[int]) -> bool:
    """Two adjacent ranks, the ace next to the king and to the deuce."""
    low, high = sorted(ranks)
    return high - low == 1 or (low, high) == (0, 12)


def _category(shape: Shape | None, ranks: tuple[int, ...], tags: frozenset[str]) -> str:
    distinct = len(set(ranks))
    if len(ranks) == 2:
        if distinct == 1:
            return "pair"
        suited = shape is not None and len(shape) == 1
        return {(True, True): "suited connectors", (True, False): "suited",
                (False, True): "connectors", (False, False): "other"}[suited, _connected(ranks)]
    if distinct == 1:
        return "rolled up"
    if distinct == 2:
        return "pair"
    if {"flush3", "straight3"} <= tags:
        return "three-straight-flush"
    if "flush3" in tags:
        return "three-flush"
    if "straight3" in tags:
        return "three-straight"
    return "other"


def _sort_key(shape: Shape | None, ranks: tuple[int, ...]) -> tuple:
    """Trips, then pairs, then different ranks; higher ranks first; more suited first."""
    shape = shape or _rainbow(ranks)
    largest = max(len(group) for group in shape)
    suited = next((group for group in shape if len(group) > 1), ())
    return (len(set(ranks)), tuple(-r for r in ranks), -largest, tuple(-r for r in suited))


def _scheme(game: str | Game | Scheme) -> Scheme:
    return game if isinstance(game, Scheme) else scheme_of(game)


def classes(game: str | Game | Scheme = "stud7") -> tuple[StartingClass, ...]:
    """All classes of a game (see the module docs: 1,755 in stud7): rolled up, then
    pairs, then different ranks; high ranks first.

    Built from the combinatorics (shapes and their counts), not by listing the hands; the
    tests check it against that brute force.
    """
    return _classes(_scheme(game))


@cache
def _classes(scheme: Scheme) -> tuple[StartingClass, ...]:
    entries = []
    for ranks in combinations_with_replacement(range(12, -1, -1), scheme.cards):
        for shape in sorted(_shapes_of_ranks(ranks)) if scheme.suits else [None]:
            cards = _representative(shape or _rainbow(ranks))
            presented = tuple(c // 4 for c in cards)
            entries.append((_sort_key(shape, presented), shape or (), cards, presented))
    entries.sort()
    built = []
    for index, (_, shape, cards, presented) in enumerate(entries):
        shape = shape or None
        label, code = label_and_code(shape, presented)
        tags = _tags(cards)
        combos = _combinations_of_shape(shape) if shape else _combinations_of_ranks(presented)
        built.append(StartingClass(
            index=index, label=label, code=code, shape=shape, ranks=presented, cards=cards,
            combos=combos, category=_category(shape, presented, tags), tags=tags,
            scheme=scheme,
        ))
    return tuple(built)


def _key(cards: Iterable[int], scheme: Scheme) -> tuple:
    """What tells a scheme's classes apart: the shape, or the ranks where suits do not
    count."""
    return shape_of(cards) if scheme.suits else tuple(sorted((c // 4 for c in cards),
                                                             reverse=True))


@cache
def _by_key(scheme: Scheme) -> dict[tuple, StartingClass]:
    return {_key(c.cards, scheme): c for c in _classes(scheme)}


@cache
def _by_name(scheme: Scheme) -> dict[str, StartingClass]:
    """Labels and codes, both exactly as printed."""
    found = _classes(scheme)
    return {c.label: c for c in found} | {c.code: c for c in found}


_RANK = "[2-9TJQKA]"
_SUFFIX = re.compile(rf"(.*?)\s+({_RANK}{{2,3}})S")
_BODY = re.compile(rf"\(?((?:\s*{_RANK})+)\s*\)?\s*({_RANK})")


def _loose_parts(name: str) -> tuple[str, str] | None:
    """A label as typed in any order or case, ``10`` for ``T`` (``(a 2) 3``, ``(K K) Q
    qks``, ``(k) a``): its ranks as typed and its suited ranks ('' if none), or None if it
    is no label."""
    text = " ".join(name.upper().replace("10", "T").split())
    suffix = ""
    match = _SUFFIX.fullmatch(text)
    if match is not None:
        text, suffix = match[1], match[2]
    match = _BODY.fullmatch(text)
    if match is None or len(set(suffix)) != len(suffix):
        return None
    return "".join(match[1].split()) + match[2], suffix


def _loose_key(ranks: str, suffix: str) -> tuple:
    return tuple(sorted(ranks)), tuple(sorted(suffix))


@cache
def _by_loose_key(scheme: Scheme) -> dict[tuple, StartingClass]:
    """Every class by its loose key: one key, one class (the suited ranks say which of a
    class's cards share a suit, and that is what tells the classes of a rank set apart)."""
    table = {}
    for c in _classes(scheme):
        parts = _loose_parts(c.label)
        assert parts is not None  # every class's own label reads
        table[_loose_key(*parts)] = c
    assert len(table) == len(_classes(scheme))
    return table


_EXAMPLES = {
    Scheme(3, True): "'(A A) K', '(A K) Q AKs' or 'AKQ-AKs'",
    Scheme(3, False): "'(A A) K', '(A 3) 2' or 'A32'",
    Scheme(2, True): "'(A) A', '(A) K AKs' or 'AK-AKs'",
    Scheme(2, False): "'(A) A', '(A) 2' or 'A2'",
}

_START = {3: "a seven-card stud start is three cards (two down, the door card up)",
          2: "a five-card stud start is two cards (one down, the door card up)"}


def _cards(cards: str | Iterable[int], n: int) -> tuple[int, ...]:
    word = {3: "three", 2: "two"}[n]
    example = "'(As Kd) Qh'" if n == 3 else "'(As) Kd'"
    if isinstance(cards, str):
        hand = parse_hand(cards)
        if hand.unknown_count:
            raise ValueError(f"{cards.strip()!r}: a starting class needs {word} known cards")
        found = hand.known_cards
    else:
        found = tuple(int(c) for c in cards)
    if len(found) != n or len(set(found)) != n or not all(0 <= c < 52 for c in found):
        shown = cards.strip() if isinstance(cards, str) else found
        raise ValueError(f"{shown!r}: a starting class is {word} different cards, e.g. {example}")
    return found


def class_of(cards: str | Iterable[int], game: str | Game | Scheme = "stud7") -> StartingClass:
    """The class of a concrete starting hand in a game: card ids in any order, or text
    such as ``(As Kd) Qh`` or ``As Kd Qh`` (which card is up does not matter).

    >>> class_of("(2c 2d) Ah").label, class_of([51, 47, 43]).label
    ('(2 2) A', '(A K) Q AKQs')
    >>> class_of("(Kh) Ah", "stud5").label, class_of("(Kh) Ah", "stud5low").label
    ('(A) K AKs', '(A) K')
    >>> class_of("As Kd")
    Traceback (most recent call last):
    ...
    ValueError: 'As Kd': a starting class is three different cards, e.g. '(As Kd) Qh'
    """
    scheme = _scheme(game)
    return _by_key(scheme)[_key(_cards(cards, scheme.cards), scheme)]


def _relabel_error(name: str, scheme: Scheme, parts: tuple[str, str] | None) -> str:
    """Why a name is no class of this scheme, and what to write instead."""
    if parts is not None and len(parts[0]) != scheme.cards:
        n = {2: "two", 3: "three"}.get(len(parts[0]), str(len(parts[0])))
        return (f"{name.strip()!r} is {n} cards, but {_START[scheme.cards]}: write e.g. "
                f"{_EXAMPLES[scheme]}")
    if parts is not None and parts[1] and not scheme.suits:
        plain = _by_loose_key(scheme).get(_loose_key(parts[0], ""))
        if plain is not None:
            return (f"{name.strip()!r}: suits never change a hand's value in "
                    f"{', '.join(scheme_games(scheme))} (straights and flushes do not count), "
                    f"so a class names only its ranks: write {plain.label!r}")
    return f"no starting class is called {name!r}: write e.g. {_EXAMPLES[scheme]}"


def class_by_label(name: str, game: str | Game | Scheme = "stud7") -> StartingClass:
    """The class of a game with this label (``(A K) Q AKs``) or code (``AKQ-AKs``), typed
    in any order or case.

    >>> class_by_label("AAK-AKs").representative
    '(As Ah) Ks'
    >>> class_by_label("(2 A) 3", "razz").label
    '(A 3) 2'
    >>> class_by_label("(A A) Z")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: no starting class is called '(A A) Z': write e.g. '(A A) K', ...
    >>> class_by_label("(A 3) 2 A32s", "razz")
    Traceback (most recent call last):
    ...
    ValueError: '(A 3) 2 A32s': suits never change a hand's value in razz (straights and flushes do not count), so a class names only its ranks: write '(A 3) 2'
    """
    scheme = _scheme(game)
    found = _by_name(scheme).get(" ".join(name.split()))
    parts = _loose_parts(name)
    if found is None and parts is not None:
        found = _by_loose_key(scheme).get(_loose_key(*parts))
    if found is None and name.strip().lower() in SELECTIONS:
        raise ValueError(f"{name.strip()!r} is a named set of classes: use it alone, or list "
                         "class labels")
    if found is None:
        raise ValueError(_relabel_error(name, scheme, parts))
    return found


def reordered_labels(names: Iterable[str], game: str | Game | Scheme = "stud7"
                     ) -> list[tuple[str, str]]:
    """(as typed, label) for each label typed with its ranks, or its suited ranks, in
    another order than the class's label: the class is the same (which card is the door
    card does not change equity to showdown), but the chart prints its own label.

    >>> reordered_labels(["(3 2) A", "(a 3) 2", "(K K) Q qks", "KKQ-KQs"], "razz27")
    [('(3 2) A', '(A 3) 2'), ('(K K) Q qks', '(K K) Q KQs')]
    """
    scheme = _scheme(game)
    out = []
    for name in names:
        found = class_by_label(name, scheme)
        if " ".join(name.split()) == found.code:
            continue
        ranks, suffix = _loose_parts(name) or ("", "")
        typed = ranks + suffix
        canonical = "".join(RANKS[r] for r in found.ranks) + next(
            ("".join(RANKS[r] for r in g) for g in found.shape or () if len(g) > 1), "")
        if typed != canonical:
            out.append((name.strip(), found.label))
    return out


# Named selections of classes; a list of labels works too. Each with the schemes it makes
# sense in: three-card sets need a third street, a flush draw needs suits that matter.
SELECTIONS = {
    "rolled": lambda c: c.category == "rolled up",
    "pairs": lambda c: c.category == "pair",
    "flush3": lambda c: "flush3" in c.tags,
    "straight3": lambda c: "straight3" in c.tags,
    "low3": lambda c: "low3" in c.tags,
    "suited": lambda c: c.suit_pattern == "suited",
    "all": lambda c: True,
}

_SELECTION_SCHEMES = {
    "rolled": lambda s: s.cards == 3,
    "pairs": lambda s: True,
    "flush3": lambda s: s.cards == 3 and s.suits,
    "straight3": lambda s: s.cards == 3,
    "low3": lambda s: s.cards == 3,
    "suited": lambda s: s.cards == 2 and s.suits,
    "all": lambda s: True,
}

_SELECTION_WORDS = {
    "rolled": "rolled-up trips", "pairs": "pairs", "flush3": "three cards of a suit",
    "straight3": "three cards to a straight", "low3": "three different cards 8 or lower",
    "suited": "two cards of a suit", "all": "every class",
}


def selection_games(name: str) -> tuple[str, ...]:
    """The games a named selection applies to.

    >>> selection_games("flush3")
    ('stud7', 'stud7hl8', 'stud7hl', 'razz27', 'razz6')
    """
    return tuple(g for g in GAMES if _SELECTION_SCHEMES[name](scheme_of(g)))


def _selection_error(name: str, game: str | Game | Scheme) -> str:
    scheme = _scheme(game)
    here = (as_game(game).id if not isinstance(game, Scheme)
            else ", ".join(scheme_games(scheme)))
    if name == "suited" and scheme.cards == 3:
        reason = f"{here} starts with three cards" + (" (flush3: three of a suit)"
                                                       if scheme.suits else "")
    elif scheme.cards == 2 and name != "suited":
        reason = f"{here} starts with two cards"
    else:
        reason = (f"suits never change a hand's value in {here} (straights and flushes do "
                  "not count)")
    return (f"the set {name!r} ({_SELECTION_WORDS[name]}) is for "
            f"{', '.join(selection_games(name))}: {reason}")


def select(selection: str | Iterable[str], game: str | Game | Scheme = "stud7"
           ) -> tuple[StartingClass, ...]:
    """A game's classes by selection name (see SELECTIONS) or by a list of labels or codes.

    >>> len(select("rolled")), len(select("pairs")), len(select("all"))
    (13, 312, 1755)
    >>> len(select("pairs", "razz")), len(select("pairs", "stud5"))
    (156, 13)
    >>> [c.code for c in select(["(A A) A", "KKQ-KQs"])]
    ['AAA', 'KKQ-KQs']
    """
    scheme = _scheme(game)
    if isinstance(selection, str):
        if selection not in SELECTIONS:
            raise ValueError(
                f"unknown selection {selection!r}: expected one of {', '.join(SELECTIONS)} "
                "or a list of class labels"
            )
        if not _SELECTION_SCHEMES[selection](scheme):
            raise ValueError(_selection_error(selection, game))
        return tuple(c for c in _classes(scheme) if SELECTIONS[selection](c))
    names = list(selection)
    chosen = tuple(class_by_label(name, scheme) for name in names)
    repeated = [c for c, n in Counter(chosen).items() if n > 1]
    if repeated:
        typed = [name.strip() for name, c in zip(names, chosen, strict=True)
                 if c is repeated[0]]
        spelled = "" if len(set(typed)) == 1 else (
            f" (as {' and '.join(repr(t) for t in dict.fromkeys(typed))}: which card is the "
            "door card does not change the class)")
        raise ValueError(f"class {repeated[0].label!r} is selected twice{spelled}")
    if not chosen:
        raise ValueError("the selection of classes is empty")
    return chosen
