"""A hand's value with its kind an argument known only at run time, at the price of none.

The engines' kernels take the game's hand kinds as arguments (one compile serves every
game, where a kernel per game made each game's first query wait seconds for numba). A
test of the kind on every hand, as value_from_suits makes, cost the Monte Carlo about 5%
a deal; one table holding every kind's values, read kind * N_MULTISETS places in, costs
nothing measurable.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from ..config import NUMBA_OPTIONS
from .kernels import (
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

# Every kind's value of every rank multiset, one row per kind code (KIND_HIGH = 0 ..
# KIND_LOW_27 = 4) laid end to end: the eight-or-better row is the ace-to-five one with
# the lows above eight turned into NO_LOW, as value_low_8 does. A kernel that takes the
# kind at run time finds a hand without a flush in one lookup, kind * N_MULTISETS places
# in. An argument of the kernels, not a global: at 1.5 MB numba would not freeze it into
# the code (nor cache a kernel that reads it).
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
RANK_VALUES = np.concatenate([_ROWS[kind] for kind in range(len(_ROWS))])


@nb.njit(inline="always", **NUMBA_OPTIONS)
def rank_value(rank_values, kind, key):
    """The value of a hand whose kind ignores flushes (ace-to-five, eight-or-better), or
    that holds no five of a suit: its rank multiset's entry in rank_values."""
    place = np.uint64(kind) * np.uint64(N_MULTISETS) + np.uint64(multiset_index(key))
    return np.int64(rank_values[place])  # unsigned: no negative-index fix-up


@nb.njit(inline="always", **NUMBA_OPTIONS)
def value_of_any_kind(rank_values, kind, key, suits, n):
    """value_from_suits, the kind a run-time argument: one lookup in rank_values
    (RANK_VALUES) unless the hand holds five of a suit and its kind counts flushes
    (needs_suits): then a call of the compiled value_of_kind, which every kernel shares
    (inlined, each kernel would compile every kind's flush code again)."""
    if needs_suits(kind, key):
        return value_of_kind(kind, key, suits, n)
    return rank_value(rank_values, kind, key)
