"""The readable slow twin of the fast evaluator: the hand-value spec, straight from the rules.

Pure Python, no tables, no numba. Every function returns exactly the integer specified in
``studodds/eval/values.py`` (larger is stronger for every kind):

    value = category << 20 | n1 << 16 | n2 << 12 | n3 << 8 | n4 << 4 | n5

For the lows the hand is scored as "badness" exactly like a high hand but with the ace as
rank 1, then flipped: ``value = LOW_FLIP - badness``. Deuce-to-seven is the exception: its
ace stays 14 (only high) and A-2-3-4-5 is not a straight.

Card ids are ``rank * 4 + suit`` with rank 0..12 for 2..A and suit 0..3 for c, d, h, s.
A 6- or 7-card hand is worth its best 5-card subset.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from studodds.eval.values import (
    FLUSH,
    FULL_HOUSE,
    HIGH_CARD,
    KINDS,
    LOW_FLIP,
    NO_LOW,
    PAIR,
    QUADS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
)

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"

# Category of a five-card hand by its rank-count pattern, biggest group first.
_CATEGORY_BY_PATTERN = {
    (4, 1): QUADS,
    (3, 2): FULL_HOUSE,
    (3, 1, 1): TRIPS,
    (2, 2, 1): TWO_PAIR,
    (2, 1, 1, 1): PAIR,
    (1, 1, 1, 1, 1): HIGH_CARD,
}


# --------------------------------------------------------------------------- card text


def card_text(card: int) -> str:
    """'As' for card id 51."""
    card = int(card)
    return RANK_CHARS[card // 4] + SUIT_CHARS[card % 4]


def cards_text(cards: Iterable[int]) -> str:
    """'As Kd 5c' for a sequence of card ids."""
    return " ".join(card_text(c) for c in cards)


def parse_cards(text: str) -> tuple[int, ...]:
    """Card ids from 'As Kd 5c' or 'AsKd5c' (whitespace optional)."""
    text = "".join(text.split())
    if len(text) % 2:
        raise ValueError(f"odd-length card text {text!r}")
    cards = []
    for i in range(0, len(text), 2):
        rank, suit = text[i].upper(), text[i + 1].lower()
        cards.append(RANK_CHARS.index(rank) * 4 + SUIT_CHARS.index(suit))
    return tuple(cards)


# --------------------------------------------------------------------------- five cards


def _pack(category: int, nibbles: list[int]) -> int:
    """category << 20 | five 4-bit nibbles, most significant first, padded with 0."""
    value = category
    for nibble in nibbles + [0] * (5 - len(nibbles)):
        value = value << 4 | nibble
    return value


def _score_like_high(
    ranks: list[int], flush: bool, straights_count: bool, wheel: bool = True
) -> int:
    """Score five ranks like a high hand (bigger number = bigger hand).

    ``ranks`` are the rank numbers as this order sees them (2..14 for high, 1..13 with the
    ace as 1 for the lows). ``straights_count`` turns straights and flushes on or off;
    ``flush`` says whether the five cards share a suit. ``wheel=False`` says that A-2-3-4-5
    (ace as 14) is no straight, as in deuce-to-seven where the ace is only high.
    """
    count: dict[int, int] = {}
    for r in ranks:
        count[r] = count.get(r, 0) + 1
    # Groups ordered by size, then by rank: this is exactly the nibble order of the spec
    # (pair before kickers, high pair before low pair, trips before the pair, ...).
    by_size = sorted([(n, r) for r, n in count.items()], reverse=True)
    pattern = tuple(n for n, _ in by_size)
    groups = [r for _, r in by_size]
    category = _CATEGORY_BY_PATTERN[pattern]

    if category == HIGH_CARD and straights_count:
        top = groups[0]
        if top - groups[4] == 4:  # five different ranks spanning exactly five
            return _pack(STRAIGHT_FLUSH if flush else STRAIGHT, [top])
        if wheel and groups == [14, 5, 4, 3, 2]:  # the wheel: ace low, a 5-high straight
            return _pack(STRAIGHT_FLUSH if flush else STRAIGHT, [5])
        if flush:
            return _pack(FLUSH, groups)
    return _pack(category, groups)


def _is_flush(cards: tuple[int, ...]) -> bool:
    return len({c % 4 for c in cards}) == 1


def _ace_low_ranks(cards: tuple[int, ...]) -> list[int]:
    """Ranks with the ace as 1: 2..K keep 2..13, the ace (rank id 12) becomes 1."""
    return [1 if c >= 48 else c // 4 + 2 for c in cards]


# The _five_* functions take a tuple of exactly five int card ids (no checking).


def _five_high(cards: tuple[int, ...]) -> int:
    ranks = [c // 4 + 2 for c in cards]  # 2..14, ace high
    return _score_like_high(ranks, _is_flush(cards), straights_count=True)


def _five_low_a5(cards: tuple[int, ...]) -> int:
    badness = _score_like_high(_ace_low_ranks(cards), flush=False, straights_count=False)
    return LOW_FLIP - badness


def _five_low_a6(cards: tuple[int, ...]) -> int:
    # With the ace as 1, A-2-3-4-5 is simply the consecutive ranks 1..5 (a straight with
    # top card 5) and T-J-Q-K-A is 1, 10, 11, 12, 13: not consecutive, so king high. The
    # 14-5-4-3-2 wheel branch of the scorer cannot fire since no rank is 14 here.
    badness = _score_like_high(_ace_low_ranks(cards), _is_flush(cards), straights_count=True)
    return LOW_FLIP - badness


def _five_low_27(cards: tuple[int, ...]) -> int:
    # Deuce-to-seven, from the rules: the ace is ONLY high, so the ranks are 2..14 as in
    # high; straights and flushes count (and are bad); A-2-3-4-5 is not a straight but an
    # ace-high hand (wheel=False), while T-J-Q-K-A is a straight. Lower is better, so the
    # high-style score is the badness and the value flips it. Best: 7-5-4-3-2 offsuit.
    ranks = [c // 4 + 2 for c in cards]
    badness = _score_like_high(ranks, _is_flush(cards), straights_count=True, wheel=False)
    return LOW_FLIP - badness


def _five(cards: Iterable[int]) -> tuple[int, ...]:
    cards = tuple(int(c) for c in cards)
    if len(cards) != 5:
        raise ValueError(f"need exactly 5 cards, got {len(cards)}")
    return cards


def value_high_5(cards: Iterable[int]) -> int:
    """High value of exactly five cards (ace = 14, and 1 in the wheel)."""
    return _five_high(_five(cards))


def value_low_a5_5(cards: Iterable[int]) -> int:
    """Ace-to-five low value of exactly five cards: no straights, no flushes, ace = 1."""
    return _five_low_a5(_five(cards))


def value_low_a6_5(cards: Iterable[int]) -> int:
    """Ace-to-six low value of exactly five cards: straights and flushes count, ace only low."""
    return _five_low_a6(_five(cards))


def value_low_27_5(cards: Iterable[int]) -> int:
    """Deuce-to-seven low value of exactly five cards: straights and flushes count, ace only
    high, no wheel."""
    return _five_low_27(_five(cards))


# --------------------------------------------------------------------------- 5 to 7 cards


def qualify_eight(value_a5: int) -> int:
    """The low_8 value of an ace-to-five value: itself if unpaired with top card <= 8."""
    badness = LOW_FLIP - value_a5
    category = badness >> 20
    top = (badness >> 16) & 0xF
    if category == HIGH_CARD and top <= 8:
        return value_a5
    return NO_LOW


_FIVE_CARD = {
    "high": _five_high,
    "low_a5": _five_low_a5,
    "low_a6": _five_low_a6,
    "low_27": _five_low_27,
}


def evaluate(cards: Iterable[int], kind: str) -> int:
    """Value of 5, 6 or 7 cards under ``kind``: the best over all five-card subsets."""
    cards = tuple(int(c) for c in cards)
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"need 5 to 7 cards, got {len(cards)}")
    if len(set(cards)) != len(cards) or not all(0 <= c < 52 for c in cards):
        raise ValueError(f"invalid or repeated card ids {cards}")
    if kind == "low_8":
        return qualify_eight(evaluate(cards, "low_a5"))
    if kind not in _FIVE_CARD:
        raise ValueError(f"unknown hand kind {kind!r}: expected one of {', '.join(KINDS)}")
    five_card_value = _FIVE_CARD[kind]
    return max(five_card_value(five) for five in combinations(cards, 5))


def evaluate_many(hands: Iterable[Iterable[int]], kind: str) -> list[int]:
    """``evaluate`` over rows (e.g. of an (N, k) numpy array)."""
    return [evaluate(hand, kind) for hand in hands]
