"""Exact heads-up counting for split pots (stud7hl8, stud5hl): high and low jointly.

headsup.py counts one hand kind. A split pot needs the two outcomes together: whether the
hero scoops, or wins one half and ties the other, depends on the high AND the low
comparison of the same deal. For a fixed villain completion v, with high value H and low
value L, the hero completions h fall into nine cells: low worse / equal / better than L,
times high worse / equal / better than H. The nine counts, summed with inclusion-exclusion
signs over the shared sets S exactly as in headsup.py, give the joint outcome counts.

The two-dimensional count (low below L and high below H) comes from an offline sweep over
the villain completions in increasing order of their low value L:

* For every S, ``keyed`` holds the hero completions containing S sorted by (low, high),
  so those with low == L are one contiguous run, sorted by high.
* ``worse`` holds, per S, the highs of the hero completions with low < L, sorted. Moving to
  the next L merges the run just passed into it (advance_lists), so over the whole sweep
  every list is merged once per distinct villain low value.
* ``highs`` holds all the hero highs per S, sorted; "low better" is all minus the rest.

Six binary searches per (villain completion, S) instead of two. An eight-or-better low has
only 57 values (56 lows and none), so stud7hl8 sweeps 57 groups; five-card stud's ace-to-
five low has more values but far fewer completions.
"""

from __future__ import annotations

from math import comb

import numba as nb
import numpy as np

from ..config import NUMBA_OPTIONS
from ..eval.kernels import key_and_suits
from ..eval.values import NO_LOW
from .exact import binomial_table, next_combination
from .headsup import (
    N_CHUNKS,
    count_below,
    count_not_above,
    hand_value,
    list_layout,
    shared_masks,
    slot_position,
    sort_lists,
    subset_rank,
    unrank_called,
)

HIGH_BITS = 32  # keyed = low << 32 | high; every value fits in 24 bits
HIGH_MASK = (1 << HIGH_BITS) - 1

# The nine cells, index 3 * low relation + high relation, relation of the hero's hand to
# the villain's: 0 worse, 1 equal, 2 better.
WORSE, EQUAL, BETTER = 0, 1, 2


@nb.njit(parallel=True, **NUMBA_OPTIONS)
def fill_split_lists(kind_hi, kind_lo, pool, k, base_key, base_suits, n_known, binom, offsets,
                     lengths, highs, keyed):
    """Each hero completion's high (highs) and low << 32 | high (keyed), stored in the list
    of every S inside it, at the same slot in both (headsup.slot_position)."""
    n = pool.shape[0]
    for r in nb.prange(binom[n, k]):
        idx = np.zeros(max(k, 1), dtype=np.int64)
        unrank_called(r, n, k, binom, idx)
        high = hand_value(kind_hi, base_key, base_suits, n_known, pool, idx, k)
        low = hand_value(kind_lo, base_key, base_suits, n_known, pool, idx, k)
        both = (np.int64(low) << HIGH_BITS) | high
        for mask in range(1 << k):
            position = slot_position(idx, k, mask, binom, offsets, lengths)
            highs[position] = high
            keyed[position] = both


# The villain completions are swept in order of their low value. Sorting C(n, m) ranks by
# low with numpy kept 20 bytes per completion (values, an int64 argsort, the sorted lows):
# 1.7 GB for a "random" hand on third street. Instead three passes recompute the lows (a
# fraction of the counting's work): which low values occur, how many completions in each
# chunk have each, and then each rank written straight to its place (int32, 4 bytes).
# Those three passes and the small sweep's one share a kernel: what a pass does with each
# completion's low is a closure constant, so numba prunes the other branches before typing
# (as for eval/kernels.py's batch kernels); each pass measured as fast as its own kernel.
_VALUES, _MARK, _COUNT, _PLACE = range(4)


def _low_pass(step: int):
    """A pass over the villain completions of ranks bounds[c]..bounds[c+1], chunk c in
    parallel, doing `step` with each completion's low value: see the four passes below
    (each ignores some arguments: pass _UNUSED_1D and _UNUSED_2D there)."""

    @nb.njit(parallel=True, **NUMBA_OPTIONS)
    def low_pass(kind_lo, pool, m, base_key, base_suits, n_known, binom, bounds, group_of,
                 per_chunk, out):
        n = pool.shape[0]
        for c in nb.prange(bounds.shape[0] - 1):
            idx = np.zeros(max(m, 1), dtype=np.int64)
            unrank_called(bounds[c], n, m, binom, idx)
            for r in range(bounds[c], bounds[c + 1]):
                low = hand_value(kind_lo, base_key, base_suits, n_known, pool, idx, m)
                if step == _VALUES:
                    out[r] = low
                elif step == _MARK:
                    out[low] = True
                elif step == _COUNT:
                    per_chunk[c, group_of[low]] += 1
                else:
                    g = group_of[low]
                    out[per_chunk[c, g]] = r
                    per_chunk[c, g] += 1
                next_combination(idx, n, m)

    return low_pass


# out[r] = the low value of villain completion r (small sweeps only).
low_values = _low_pass(_VALUES)
# out[v] = True for every low value v a villain completion has.
mark_lows = _low_pass(_MARK)
# per_chunk[c, g] = villain completions of chunk c whose low is the g-th low value
# (group_of[low] = g; per_chunk starts at zero).
count_lows = _low_pass(_COUNT)
# out = the ranks sorted by low value (ascending rank within a low): chunk c writes its
# completions of low group g from per_chunk[c, g] on, so chunks never touch a slot twice.
place_ranks = _low_pass(_PLACE)
_UNUSED_1D = np.zeros(0, dtype=np.int32)
_UNUSED_2D = np.zeros((0, 0), dtype=np.int64)


@nb.njit(parallel=True, **NUMBA_OPTIONS)
def advance_lists(keyed, offsets, lengths, list_base, worse, worse_len, equal_end, low):
    """Move the sweep to villain low value `low`: afterwards list l's worse run holds the
    sorted highs of its hero completions with a low below `low`, and keyed[worse_len[l]:
    equal_end[l]] (from the list's start) are those with exactly `low`."""
    n_lists = list_base[-1]
    n_chunks = min(N_CHUNKS, n_lists)
    for c in nb.prange(n_chunks):
        scratch = np.empty(lengths.max(), dtype=np.int64)
        first = n_lists * c // n_chunks
        last = n_lists * (c + 1) // n_chunks
        s = 0
        for lst in range(first, last):
            while lst >= list_base[s + 1]:
                s += 1
            length = lengths[s]
            start = offsets[s] + (lst - list_base[s]) * length
            old = worse_len[lst]
            new = old + count_below(keyed, start + old, length - old, low << HIGH_BITS)
            if new > old:
                run = new - old
                for j in range(run):
                    scratch[j] = keyed[start + old + j] & HIGH_MASK
                scratch[:run].sort()  # one low value's run is sorted already; several aren't
                # merge from the back, in place: the worse run grows into free slots
                i, j, w = old - 1, run - 1, new - 1
                while j >= 0:
                    if i >= 0 and worse[start + i] > scratch[j]:
                        worse[start + w] = worse[start + i]
                        i -= 1
                    else:
                        worse[start + w] = scratch[j]
                        j -= 1
                    w -= 1
                worse_len[lst] = new
            equal_end[lst] = new + count_below(keyed, start + new, length - new,
                                                (low + 1) << HIGH_BITS)


@nb.njit(parallel=True, **NUMBA_OPTIONS)
def count_group(kind_hi, pool, masks, m, base_key, base_suits, n_known, binom, offsets,
                lengths, list_base, highs, keyed, worse, worse_len, equal_end, ranks, low,
                bounds, out):
    """out[c] = the nine cell counts (signed sums over S) for the villain completions
    ranks[bounds[c]:bounds[c+1]], every one of them with low value `low`."""
    n = pool.shape[0]
    for c in nb.prange(bounds.shape[0] - 1):
        idx = np.zeros(max(m, 1), dtype=np.int64)
        cells = np.zeros(9, dtype=np.int64)
        for j in range(bounds[c], bounds[c + 1]):
            unrank_called(ranks[j], n, m, binom, idx)
            high = np.int64(hand_value(kind_hi, base_key, base_suits, n_known, pool, idx, m))
            both = (low << HIGH_BITS) | high
            for mask in masks:
                s, rank_s = subset_rank(idx, m, mask, binom)
                length = lengths[s]
                start = offsets[s] + rank_s * length
                lst = list_base[s] + rank_s
                sign = 1 - 2 * (s & 1)
                all_lt = count_below(highs, start, length, high)
                all_le = count_not_above(highs, start, length, high)
                n_worse = worse_len[lst]
                w_lt = count_below(worse, start, n_worse, high)
                w_le = count_not_above(worse, start, n_worse, high)
                n_equal = equal_end[lst] - n_worse
                e_lt = count_below(keyed, start + n_worse, n_equal, both)
                e_le = count_not_above(keyed, start + n_worse, n_equal, both)
                cells[0] += sign * w_lt
                cells[1] += sign * (w_le - w_lt)
                cells[2] += sign * (n_worse - w_le)
                cells[3] += sign * e_lt
                cells[4] += sign * (e_le - e_lt)
                cells[5] += sign * (n_equal - e_le)
                cells[6] += sign * (all_lt - w_lt - e_lt)
                cells[7] += sign * ((all_le - all_lt) - (w_le - w_lt) - (e_le - e_lt))
                cells[8] += sign * ((length - all_le) - (n_worse - w_le) - (n_equal - e_le))
        out[c, :] = cells


# Outcome mask of a relation (see showdown.outcome_index): bit 0 the hero, bit 1 the villain.
_MASK_OF = {WORSE: 2, EQUAL: 3, BETTER: 1}


# Below this many villain completions a plain numpy sort is quicker than the three passes
# (which touch 80 MB of lookup tables however few completions there are).
SMALL_SWEEP = 1 << 20


def _villains_by_low(kind_lo, pool, m, vk, vs, vn, binom, bounds):
    """(the distinct low values ascending, where each one's completions start in ranks,
    the villain ranks sorted by low value)."""
    n_villain = int(bounds[-1])
    if n_villain <= SMALL_SWEEP:
        values = np.empty(n_villain, dtype=np.int32)
        low_values(kind_lo, pool, m, vk, vs, vn, binom, bounds, _UNUSED_1D, _UNUSED_2D,
                   values)
        lows, group = np.unique(values, return_inverse=True)
        starts = np.concatenate(([0], np.cumsum(np.bincount(group)))).astype(np.int64)
        return lows, starts, np.argsort(group, kind="stable").astype(np.int32)
    seen = np.zeros(1 << 24, dtype=np.bool_)  # every hand value fits in 24 bits
    mark_lows(kind_lo, pool, m, vk, vs, vn, binom, bounds, _UNUSED_1D, _UNUSED_2D, seen)
    lows = np.flatnonzero(seen)
    del seen
    group_of = np.full(1 << 24, -1, dtype=np.int32)
    group_of[lows] = np.arange(len(lows), dtype=np.int32)
    counts = np.zeros((len(bounds) - 1, len(lows)), dtype=np.int64)
    count_lows(kind_lo, pool, m, vk, vs, vn, binom, bounds, group_of, counts, _UNUSED_1D)
    starts = np.concatenate(([0], np.cumsum(counts.sum(axis=0)))).astype(np.int64)
    places = starts[:-1] + np.cumsum(counts, axis=0) - counts  # chunk c's first slot
    ranks = np.empty(n_villain, dtype=np.int32)
    place_ranks(kind_lo, pool, m, vk, vs, vn, binom, bounds, group_of, places, ranks)
    return lows, starts, ranks


def split_outcomes(kind_hi: int, kind_lo: int, low_qualifies: bool, pool, hero_known,
                   villain_known, k: int, m: int, progress=None) -> np.ndarray:
    """Counts of every heads-up split-pot outcome, indexed like showdown.outcome_index:
    (high winners' mask << 2) | low winners' mask, the low mask 0 when nobody qualifies."""
    pool = np.asarray(pool, dtype=np.int64)
    n = len(pool)
    binom = binomial_table(n + 1, n + 1)
    offsets, lengths = list_layout(n, k)
    n_by_size = np.array([comb(n, s) for s in range(k + 1)], dtype=np.int64)
    list_base = np.concatenate(([0], np.cumsum(n_by_size))).astype(np.int64)
    total = int(offsets[k + 1])
    highs = np.zeros(total, dtype=np.int64)
    keyed = np.zeros(total, dtype=np.int64)
    hk, hs = key_and_suits(hero_known)
    hn = len(hero_known)
    fill_split_lists(kind_hi, kind_lo, pool, k, hk, hs, hn, binom, offsets, lengths, highs, keyed)
    sort_lists(highs, offsets, lengths, n_by_size)
    sort_lists(keyed, offsets, lengths, n_by_size)

    n_villain = comb(n, m)
    vk, vs = key_and_suits(villain_known)
    vn = len(villain_known)
    masks = shared_masks(k, m)
    bounds = np.unique(np.array([n_villain * i // N_CHUNKS for i in range(N_CHUNKS + 1)],
                                dtype=np.int64))
    lows, group_starts, ranks = _villains_by_low(kind_lo, pool, m, vk, vs, vn, binom, bounds)

    worse = np.zeros(total, dtype=np.int64)
    worse_len = np.zeros(int(list_base[-1]), dtype=np.int64)
    equal_end = np.zeros(int(list_base[-1]), dtype=np.int64)
    outcomes = np.zeros(16, dtype=np.int64)
    for g in range(len(lows)):
        first, last = int(group_starts[g]), int(group_starts[g + 1])
        low = int(lows[g])
        advance_lists(keyed, offsets, lengths, list_base, worse, worse_len, equal_end, low)
        cells = np.zeros(9, dtype=np.int64)
        # A group can hold most of the work (no low: 92% on third street), so it is counted
        # in slices of at most 1/32 of the completions, with progress after each.
        step = max(1, n_villain // 32)
        for part in range(first, last, step):
            size = min(step, last - part)
            chunks = min(N_CHUNKS, size)
            part_bounds = np.array([part + size * i // chunks for i in range(chunks + 1)],
                                   dtype=np.int64)
            out = np.zeros((chunks, 9), dtype=np.int64)
            count_group(kind_hi, pool, masks, m, vk, vs, vn, binom, offsets, lengths,
                        list_base, highs, keyed, worse, worse_len, equal_end, ranks, low,
                        part_bounds, out)
            cells += out.sum(axis=0)
            if progress is not None:
                progress((part + size) / n_villain)
        for low_relation in (WORSE, EQUAL, BETTER):
            low_mask = _MASK_OF[low_relation]
            if low_qualifies and low == NO_LOW and low_relation == EQUAL:
                low_mask = 0  # neither qualifies: the high hand takes the whole pot
            for high_relation in (WORSE, EQUAL, BETTER):
                index = (_MASK_OF[high_relation] << 2) | low_mask
                outcomes[index] += cells[3 * low_relation + high_relation]
    return outcomes
