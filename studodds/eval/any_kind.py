"""A hand's strength with its kind an argument known only at run time, at the price of none.

The engines' kernels take the game's hand kinds as arguments (one compile serves every
game, where a kernel per game made each game's first query wait seconds for numba). A
test of the kind on every hand, as value_from_suits makes, cost the Monte Carlo about 5%
a deal; one table holding every kind's entries, read kind * N_MULTISETS places in, costs
nothing measurable.

The kernels only compare hands (who wins each half, who declared right) and count
outcomes, so they read each hand's strength, not its value: the place of its value among
every value its kind can take (KIND_VALUES), 0 the weakest. Strengths order hands exactly
as values do, and fit in 16 bits where values take 32: the table is half the size, which
measured 4% faster a deal for 3-way stud hi/lo (its high and low tables no longer crowd
the processor's cache). A value is found from its strength for the final-hand bins
(value_of_strength), and a flush hand's value, which the full search returns, is placed
among its kind's by a binary search (strength_of_value).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from ..config import NUMBA_OPTIONS
from .kernels import (
    FLUSH_27,
    FLUSH_A6,
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
    multiset_index,
    needs_suits,
    value_of_kind,
)
from .values import EIGHT_OR_BETTER_MIN, NO_LOW

N_MULTISETS = HIGH.shape[0]
# The eight-or-better value of every rank multiset (batch.py lays it out by slot too).
LOW_8 = np.where(LOW_A5 >= EIGHT_OR_BETTER_MIN, LOW_A5, NO_LOW).astype(LOW_A5.dtype)
_ROWS = {
    KIND_HIGH: HIGH,
    KIND_LOW_A5: LOW_A5,
    KIND_LOW_8: LOW_8,
    KIND_LOW_A6: LOW_A6,
    KIND_LOW_27: LOW_27,
}
# The values the full search returns for a flush hand (value_of_kind): a flush table's,
# or a rank table's (the lows that count flushes leave suited cards out).
_FLUSH_ROWS = {KIND_HIGH: FLUSH_HIGH, KIND_LOW_A6: FLUSH_A6, KIND_LOW_27: FLUSH_27}
N_KINDS = len(_ROWS)

# Every value of each kind, sorted, the kinds end to end (KIND_HIGH = 0 .. KIND_LOW_27 =
# 4): kind k's are KIND_VALUES[VALUES_START[k]:VALUES_START[k + 1]], and a value's
# strength is its place there.
_SORTED = [np.unique(np.concatenate([_ROWS[kind], _FLUSH_ROWS.get(kind, _ROWS[kind])]))
           for kind in range(N_KINDS)]
KIND_VALUES = np.concatenate(_SORTED).astype(np.int64)
VALUES_START = np.concatenate([[0], np.cumsum([len(v) for v in _SORTED])]).astype(np.int64)
assert max(len(v) for v in _SORTED) <= 1 << 16  # strengths fit in 16 bits
# No low at all is the weakest eight-or-better low: its strength is NO_LOW (0), which the
# showdown tests as it would the value.
assert _SORTED[KIND_LOW_8][0] == NO_LOW == 0

# Every kind's strength of every rank multiset, one row per kind code laid end to end. A
# kernel that takes the kind at run time finds a hand without a flush in one lookup,
# kind * N_MULTISETS places in. An argument of the kernels, not a global: at 760 KB numba
# would not freeze it into the code (nor cache a kernel that reads it).
STRENGTHS = np.concatenate([np.searchsorted(_SORTED[kind], _ROWS[kind])
                            for kind in range(N_KINDS)]).astype(np.uint16)


@nb.njit(inline="always", **NUMBA_OPTIONS)
def strength_of_value(kind, value):
    """The strength of a value of this kind: its place among KIND_VALUES' for the kind."""
    start = VALUES_START[kind]
    return np.int64(np.searchsorted(KIND_VALUES[start : VALUES_START[kind + 1]], value))


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
def strength_of_any_kind(strengths, kind, key, suits, n):
    """value_from_suits as a strength, the kind a run-time argument: one lookup in
    strengths (STRENGTHS) unless the hand holds five of a suit and its kind counts
    flushes (needs_suits): then a call of the compiled value_of_kind, which every kernel
    shares (inlined, each kernel would compile every kind's flush code again), and the
    value placed among its kind's."""
    if needs_suits(kind, key):
        return strength_of_value(kind, value_of_kind(kind, key, suits, n))
    return rank_strength(strengths, kind, key)
