"""A hand's strength with its kind an argument known only at run time, at the price of none.

The engines' kernels take the game's hand kinds as arguments (one compile serves every
game, where a kernel per game made each game's first query wait seconds for numba). A
test of the kind on every hand, as value_from_suits makes, cost the Monte Carlo about 5%
a deal; one table holding every kind's entries, read kind * N_MULTISETS places in, costs
nothing measurable.

The kernels only compare hands (who wins each half, who declared right) and count
outcomes, so they read each hand's strength, not its value: the place of its value among
every value its kind can take (KIND_VALUES), 0 the weakest. Strengths order hands exactly
as values do, and fit in 16 bits where values take 32: the table is half the size. For
3-way stud hi/lo, whose high and low tables crowded the processor's cache, that measured
38.1-39.7 M deals/s against 37.8-38.3 (one thread, one process, taking turns), and 16.6x
to 16.7x poker-equity's speed in three runs where it had measured 15.6x to 16.2x. A value
is found from its strength for the final-hand bins (value_of_strength). A hand with five
of a suit takes value_of_kind's full search done in strengths (flush_strength: the flush
tables' strengths sit at the end of STRENGTHS). Placing the searched value among the
kind's values by a binary search instead read a 229 KB table of values from the flush
branch, and that alone cost the kernels' common path 9-16% for 3-way hi/lo and about 18%
heads-up (the tables a called function reads come into each caller's code:
eval/kernels.py, low_27_with_flush).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from ..config import NUMBA_OPTIONS
from .kernels import (
    CARD_KEY,
    FLUSH_HIGH,
    HIGH,
    KIND_HIGH,
    KIND_LOW_8,
    KIND_LOW_27,
    KIND_LOW_A5,
    KIND_LOW_A6,
    LOW_27,
    LOW_A5,
    LOW_A6,
    TABLES,
    flush_suit,
    multiset_index,
    needs_suits,
    suit_count,
    suit_ranks,
    trailing_zeros,
)
from .tables import FLUSH_BITS, eight_or_better
from .values import NO_LOW

N_MULTISETS = HIGH.shape[0]
# The eight-or-better value of every rank multiset (batch.py lays it out by slot too).
LOW_8 = eight_or_better(LOW_A5)
_ROWS = {
    KIND_HIGH: HIGH,
    KIND_LOW_A5: LOW_A5,
    KIND_LOW_8: LOW_8,
    KIND_LOW_A6: LOW_A6,
    KIND_LOW_27: LOW_27,
}
N_KINDS = len(_ROWS)

# Every value of each kind, sorted, the kinds end to end (KIND_HIGH = 0 .. KIND_LOW_27 =
# 4): kind k's are KIND_VALUES[VALUES_START[k]:VALUES_START[k + 1]], and a value's
# strength is its place there (built and shipped by tables.py, _strengths).
KIND_VALUES = TABLES.kind_values
VALUES_START = TABLES.values_start
assert (KIND_HIGH, KIND_LOW_A5, KIND_LOW_8, KIND_LOW_A6, KIND_LOW_27) == tuple(range(N_KINDS))
assert max(np.diff(VALUES_START)) <= 1 << 16  # strengths fit in 16 bits
# No low at all is the weakest eight-or-better low: its strength is NO_LOW (0), which the
# showdown tests as it would the value.
assert KIND_VALUES[VALUES_START[KIND_LOW_8]] == NO_LOW == 0

# Every kind's strength of every rank multiset, one row per kind code laid end to end,
# then the strengths of the high, ace-to-six and deuce-to-seven flush tables by the
# suit's rank mask. A kernel that takes the kind at run time finds a hand without a
# flush in one lookup, kind * N_MULTISETS places in. An argument of the kernels, not a
# global: at 811 KB numba would not freeze it into the code (nor cache a kernel that
# reads it).
STRENGTHS = TABLES.strengths
_N_MASKS = len(FLUSH_HIGH)
FLUSH_HIGH_AT = N_KINDS * N_MULTISETS
FLUSH_A6_AT = FLUSH_HIGH_AT + _N_MASKS
FLUSH_27_AT = FLUSH_A6_AT + _N_MASKS


@nb.njit(**NUMBA_OPTIONS)
def flush_strength(strengths, kind, key, suits, n):
    """The strength of a hand with five or more of a suit whose kind counts flushes:
    value_of_kind's full search, read in strengths (the flush tables' strengths sit at the
    end of STRENGTHS), so that it needs no table of values. One call from the kernels'
    rare branch, compiled once for all of them."""
    if kind == KIND_HIGH:
        return high_strength(strengths, key, suits)
    suit = flush_suit(key & FLUSH_BITS)
    mask = suit_ranks(suits, suit)
    row = np.int64(kind) * N_MULTISETS
    best = np.int64(strengths[(FLUSH_27_AT if kind == KIND_LOW_27 else FLUSH_A6_AT) + mask])
    suited = suit_count(key, suit)
    if suited == n:
        return best
    # As value_of_kind: leave out suited cards, read the rank table. Each suited card in
    # turn by its set bit, where a test of all 13 ranks mispredicted often: heads-up
    # deuce-to-seven and ace-to-six razz with three suited cards up went from 44.4-44.6 to
    # 52.3-53.0 M deals/s on one thread, 3-way deuce-to-seven from 38.7-39.0 to 41.7-41.8,
    # with the same results (docs/speed.md, "The flush search by set bits").
    left = np.int64(mask)
    while left:
        ri = trailing_zeros(left)
        left &= left - 1
        key_i = key - CARD_KEY[ri * 4 + suit]
        if suited == 5:
            best = max(best, np.int64(strengths[row + multiset_index(key_i)]))
            continue
        right = left
        while right:
            rj = trailing_zeros(right)
            right &= right - 1
            index = multiset_index(key_i - CARD_KEY[rj * 4 + suit])
            best = max(best, np.int64(strengths[row + index]))
    return best


@nb.njit(inline="always", **NUMBA_OPTIONS)
def value_of_strength(kind, strength):
    """The value of a strength of this kind (for the final-hand bins: category_bin)."""
    return KIND_VALUES[VALUES_START[kind] + strength]


@nb.njit(inline="always", **NUMBA_OPTIONS)
def rank_strength(strengths, kind, key):
    """The strength of a hand whose kind ignores flushes (ace-to-five, eight-or-better),
    or that holds no five of a suit: its rank multiset's entry in strengths (STRENGTHS)."""
    place = np.uint64(kind) * np.uint64(N_MULTISETS) + np.uint64(multiset_index(key))
    return np.int64(strengths[place])  # unsigned: no negative-index fix-up


@nb.njit(inline="always", **NUMBA_OPTIONS)
def high_strength(strengths, key, suits):
    """strength_of_any_kind for high hands, a flush's lookup written in: no call in the
    caller's loop (the split-pot Monte Carlo kernel, whose high half is always high)."""
    flush_bits = key & FLUSH_BITS
    if flush_bits:
        return np.int64(strengths[FLUSH_HIGH_AT + suit_ranks(suits, flush_suit(flush_bits))])
    return rank_strength(strengths, KIND_HIGH, key)


@nb.njit(inline="always", **NUMBA_OPTIONS)
def strength_of_any_kind(strengths, kind, key, suits, n):
    """value_from_suits as a strength, the kind a run-time argument: one lookup in
    strengths (STRENGTHS) unless the hand holds five of a suit and its kind counts
    flushes (needs_suits): then a call of flush_strength, the full search in strengths,
    which every kernel shares (inlined, each kernel would compile every kind's flush code
    again)."""
    if needs_suits(kind, key):
        return flush_strength(strengths, kind, key, suits, n)
    return rank_strength(strengths, kind, key)
