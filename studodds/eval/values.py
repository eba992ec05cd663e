"""What an evaluator's integer means, and how to say it in words.

Every evaluator in studodds returns an integer where LARGER IS STRONGER, for the high kind
and for every low kind alike, so "who wins" is always "max".

The value carries the hand in its bits, readable without tables:

    bits 20-23  category
    bits 0-19   five 4-bit rank nibbles, most significant first

High (``high``)
    ``value = category << 20 | n1 << 16 | n2 << 12 | n3 << 8 | n4 << 4 | n5`` where the
    category is one of HIGH_CARD=0 ... STRAIGHT_FLUSH=8 and the nibbles are ranks 2..14
    (ace = 14) in order of significance, left-aligned and padded with 0:

    ==============  ====================================  ==========
    category        nibbles                               example
    ==============  ====================================  ==========
    high card       the five ranks, highest first         A-K-9-7-3
    pair            pair, three kickers, 0                K,A,9,7,0
    two pair        high pair, low pair, kicker, 0, 0     K,5,A,0,0
    three of a kind trips, two kickers, 0, 0              K,A,9,0,0
    straight        top card (5 for the wheel), 0 x4      5,0,0,0,0
    flush           the five ranks, highest first
    full house      trips, pair, 0 x3                     5,14,0,0,0
    four of a kind  quads, kicker, 0 x3
    straight flush  top card, 0 x4
    ==============  ====================================  ==========

Lows (``low_a5``, ``low_8``, ``low_a6``, ``low_27``)
    A low hand is first scored as "badness" exactly like a high hand, but with the ace
    as rank 1 (nibbles 1..13, ace=1, king=13; ``low_27`` keeps the ace as 14, see below),
    and then flipped so larger is stronger:

        value = LOW_FLIP - badness,      LOW_FLIP = 0x8FFFFF

    so ``8 - (value >> 20)`` is the badness category.
    - ``low_a5`` (ace-to-five): straights and flushes do not exist, the categories are
      HIGH_CARD (unpaired), PAIR, TWO_PAIR, TRIPS, FULL_HOUSE, QUADS. Best: 5-4-3-2-A.
    - ``low_8`` (eight or better): the ``low_a5`` value when it is unpaired with its top
      card 8 or lower, else NO_LOW = 0.
    - ``low_a6`` (ace-to-six): straights and flushes count (and are bad), the ace is only
      low, so A-2-3-4-5 is a straight with top card 5 and T-J-Q-K-A is king high.
      Best: 6-4-3-2-A.
    - ``low_27`` (deuce-to-seven, Kansas City): straights and flushes count (and are bad),
      the ace is only HIGH: its nibble is 14, as in ``high``, and there is no wheel, so
      A-2-3-4-5 is an unpaired ace-high hand (nibbles 14,5,4,3,2) and T-J-Q-K-A is a
      straight with top card 14. The badness is the high code of the same five cards except
      for the wheel. Best: 7-5-4-3-2 (not suited); worst: A-K-Q-J-T suited.

    ==========  ==============================  ===================  ====================
    kind        best hand (badness)             ace                  straights / flushes
    ==========  ==============================  ===================  ====================
    low_a5      5-4-3-2-A (0x054321)            low (1)              do not count
    low_8       5-4-3-2-A, or NO_LOW            low (1)              do not count
    low_a6      6-4-3-2-A (0x064321)            low (1)              count, A-2-3-4-5 too
    low_27      7-5-4-3-2 (0x075432)            high (14)            count, not A-2-3-4-5
    ==========  ==============================  ===================  ====================

A 6- or 7-card hand is worth its best five-card subset under the kind's order.
"""

from __future__ import annotations

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)

CATEGORY_NAMES = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)

KINDS = ("high", "low_a5", "low_8", "low_a6", "low_27")
LOW_FLIP = 0x8FFFFF
NO_LOW = 0
# The weakest qualifying eight-or-better low, 8-7-6-5-4: every qualifying low is >= this.
EIGHT_OR_BETTER_MIN = LOW_FLIP - 0x087654

_RANK_WORDS = {
    1: ("ace", "aces"), 2: ("deuce", "deuces"), 3: ("three", "threes"), 4: ("four", "fours"),
    5: ("five", "fives"), 6: ("six", "sixes"), 7: ("seven", "sevens"), 8: ("eight", "eights"),
    9: ("nine", "nines"), 10: ("ten", "tens"), 11: ("jack", "jacks"), 12: ("queen", "queens"),
    13: ("king", "kings"), 14: ("ace", "aces"),
}
_RANK_CHARS = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}


def _char(rank: int) -> str:
    return _RANK_CHARS.get(rank, str(rank))


def _nibbles(code: int) -> list[int]:
    return [(code >> shift) & 0xF for shift in (16, 12, 8, 4, 0)]


def split_value(value: int, kind: str) -> tuple[int, list[int]]:
    """(category, nibbles) of a value; for lows the badness category and nibbles (the ace
    is 1 in them, except in ``low_27`` where it is 14)."""
    if kind == "high":
        code = int(value)
    elif kind in ("low_a5", "low_8", "low_a6", "low_27"):
        if kind == "low_8" and value == NO_LOW:
            raise ValueError("no low: there is no category to split")
        code = LOW_FLIP - int(value)
    else:
        raise ValueError(f"unknown hand kind {kind!r}: expected one of {', '.join(KINDS)}")
    return code >> 20, _nibbles(code)


def category_name(value: int, kind: str) -> str:
    """Short category of a value: 'full house', or for lows '7-low' / 'pair' / 'no low'.

    A deuce-to-seven unpaired hand topped by an ace (the ace is only high there) is
    'ace high', as a 2-7 player says, not 'A-low'. (The public category_name, in the eval
    package, first checks that a hand of the kind has the value.)
    """
    if kind == "low_8" and value == NO_LOW:
        return "no low"
    category, nibbles = split_value(value, kind)
    if kind == "low_27" and category == HIGH_CARD and nibbles[0] == 14:
        return "ace high"
    if kind != "high" and category == HIGH_CARD:
        return f"{_char(nibbles[0])}-low"
    return CATEGORY_NAMES[category]


def _cards_text(ranks: list[int]) -> str:
    return "-".join(_char(r) for r in ranks)


def _five_ranks(category: int, n: list[int]) -> list[int]:
    """The five ranks of the hand in display order, rebuilt from the nibbles."""
    if category in (HIGH_CARD, FLUSH):
        return n
    if category == PAIR:
        return [n[0], n[0], n[1], n[2], n[3]]
    if category == TWO_PAIR:
        return [n[0], n[0], n[1], n[1], n[2]]
    if category == TRIPS:
        return [n[0]] * 3 + [n[1], n[2]]
    if category in (STRAIGHT, STRAIGHT_FLUSH):
        top = n[0]
        if top == 5:  # the wheel; with the ace as 1 in a low the same five ranks (low_27
            # has no wheel: its lowest straight is six high)
            return [5, 4, 3, 2, 1]
        return [top - i for i in range(5)]
    if category == FULL_HOUSE:
        return [n[0]] * 3 + [n[1]] * 2
    return [n[0]] * 4 + [n[1]]  # QUADS


def describe(value: int, kind: str) -> str:
    """Words for a value: 'Full house, fives full of aces', '7-5-4-2-A low', 'no low'.

    Deuce-to-seven: '7-5-4-3-2 low', and 'Ace high (A-5-4-3-2)' for an unpaired hand
    topped by the ace (which is only high there); straights, flushes and the rest read as
    in ``high``, e.g. 'Straight, six high (6-5-4-3-2)'. (The public describe, in the eval
    package, first checks that a hand of the kind has the value.)
    """
    if kind == "low_8" and value == NO_LOW:
        return "no low"
    category, n = split_value(value, kind)
    five = _five_ranks(category, n)
    text = _cards_text(five)
    word = lambda r: _RANK_WORDS[r][0]
    plural = lambda r: _RANK_WORDS[r][1]
    if kind != "high" and category == HIGH_CARD and not (kind == "low_27" and n[0] == 14):
        return f"{text} low"
    if category == HIGH_CARD:
        return f"{word(n[0]).capitalize()} high ({text})"
    if category == PAIR:
        return f"Pair of {plural(n[0])} ({text})"
    if category == TWO_PAIR:
        return f"Two pair, {plural(n[0])} and {plural(n[1])} ({text})"
    if category == TRIPS:
        return f"Three of a kind, {plural(n[0])} ({text})"
    if category == STRAIGHT:
        return f"Straight, {word(n[0])} high ({text})"
    if category == FLUSH:
        return f"Flush, {word(n[0])} high ({text})"
    if category == FULL_HOUSE:
        return f"Full house, {plural(n[0])} full of {plural(n[1])}"
    if category == QUADS:
        return f"Four of a kind, {plural(n[0])} ({text})"
    if n[0] == 14:
        return "Royal flush"
    return f"Straight flush, {word(n[0])} high ({text})"
