"""The evaluator's machinery: shipped tables equal the first-principles build, the key
fields never carry into each other, and the hot loops carry no reference counting."""

from __future__ import annotations

import re

import numba as nb
import numpy as np
import pytest

from studodds.eval import tables as T
from studodds.eval.kernels import BATCH_KERNELS, KIND_CODES


def test_shipped_tables_equal_a_fresh_build():
    shipped, built = T.load_tables(), T.build_tables()
    for name in T.Tables._fields:
        a, b = getattr(shipped, name), getattr(built, name)
        assert a.dtype == b.dtype and np.array_equal(a, b), name


def test_multiset_index_is_dense_and_collision_free():
    tables = T.build_tables()
    used = tables.lo_pos[tables.lo_pos != 0xFFFF]
    assert sorted(used) == list(range(len(used)))  # LO_POS numbers its multisets 0..n-1
    # Every multiset of at most 7 cards lands on its own slot of the value tables: the
    # number of slots equals the number of such multisets, and the 7-card ones all hold
    # a value.
    assert len(tables.high) == sum(1 for _ in T._count_vectors(13, 7))
    assert (tables.high > 0).sum() == 6_175 + 18_395 + 49_205  # 5-, 6- and 7-card multisets


def test_key_fields_do_not_overflow_with_seven_cards():
    key = T.KEY_BIAS + sum(int(k) for k in T.build_tables().card_key[-7:])  # As Ah Ad Ac Ks..
    assert key < 1 << 63
    worst_suit = T.KEY_BIAS + 7 * (1 << 12)  # seven spades: counter 3 + 7 = 10 < 16
    assert (worst_suit >> 12) & 0xF == 10
    assert 4 * 5**6 + 3 * 5**5 <= T.LO_FIELD  # the largest low-rank field of 7 cards


def _functions_calling_nrt(asm: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    current = None
    for line in asm.splitlines():
        label = re.match(r"^(\S+):\s*$", line)
        if label and not label.group(1).startswith("."):
            current = label.group(1)
        elif current and "NRT_incref" in line:
            counts[current] = counts.get(current, 0) + 1
    return counts


@pytest.mark.parametrize("kind", ["high", "low_a5", "low_8"])
@pytest.mark.parametrize("width", [5, 6, 7])
def test_hot_loop_has_no_reference_counting(kind, width):
    """The 8x trap (see kernels.py): no NRT_incref in the parallel loop body."""
    kernel = BATCH_KERNELS[KIND_CODES[kind], width]
    fresh = nb.njit(parallel=True, error_model="numpy")(kernel.py_func)  # not from cache
    hands = np.arange(width, dtype=np.uint8).reshape(1, width)
    fresh(hands, np.zeros(1, dtype=np.int32))
    asm = next(iter(fresh.inspect_asm().values()))
    loops = {name: n for name, n in _functions_calling_nrt(asm).items() if "parfor_gufunc" in name}
    assert loops == {}


@nb.njit(inline="always")
def _value_through_arguments(row, hi_base, lo_pos, high, flush):
    """The shape of the trap: tables as arguments of a per-hand helper, a branch inside."""
    key = 0
    for j in range(7):
        key += row[j]
    if key & 8:
        return flush[key & 0xFF]
    return high[hi_base[key & 0xF] + lo_pos[key & 0x7]]


def test_the_detector_sees_the_trap():
    """The check above is not vacuous: the trapped shape does show NRT_incref in the loop."""

    def trapped(hands, out, hi_base, lo_pos, high, flush):
        for i in range(hands.shape[0]):
            out[i] = _value_through_arguments(hands[i], hi_base, lo_pos, high, flush)

    kernel = nb.njit(trapped)
    table = np.arange(256, dtype=np.int32)
    kernel(np.zeros((2, 7), dtype=np.uint8), np.zeros(2, dtype=np.int32), table, table, table, table)
    asm = next(iter(kernel.inspect_asm().values()))
    assert sum(_functions_calling_nrt(asm).values()) > 0
