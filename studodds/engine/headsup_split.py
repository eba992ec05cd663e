"""Exact heads-up counting for split pots (stud7hl8, stud5hl): high and low jointly.

headsup.py counts one hand kind. A split pot needs the two outcomes together: whether the
hero scoops, or wins one half and ties the other, depends on the high AND the low
comparison of the same deal. For a fixed villain completion v, with high value H and low
value L, the hero completions h fall into nine cells: low worse / equal / better than L,
times high worse / equal / better than H.

Each row of cells is a count of highs, which headsup.py's lists do, over a part of the
hero completions: those with a low below L ("worse"), those with exactly L ("equal"), and
all of them (the "better" row is all minus the other two). So the hero's completions are
kept three times, ranked by their high: all, and the worse and equal parts, in which the
completions outside the part carry a sentinel rank and are left out of the counts.

The parts depend on where L falls among the hero's own low values, of which there are few
(eleven for (As 2d) 4c, whose low always holds A-2-4). So the villain completions are
first sorted into groups by that place (one byte each), and each group is counted in a
pass of its own over the villain completions, with its two parts built for it: a pass
skips the completions of the other groups at the cost of reading their byte.
"""

from __future__ import annotations

from math import comb

import numba as nb
import numpy as np

from ..eval.kernels import key_and_suits
from ..eval.values import NO_LOW
from .chunked import run_chunked
from .exact import binomial_table
from .headsup import (
    CountingLists,
    chunk_bounds,
    hand_value,
    next_colex,
    place_value,
    set_ranks,
    shared_set_layout,
    signed_sums,
    stored_values,
    table_budget,
    unrank_colex,
)
from .pipeline import KERNEL_OPTIONS

# The nine cells, index 3 * low relation + high relation, relation of the hero's hand to
# the villain's: 0 worse, 1 equal, 2 better.
WORSE, EQUAL, BETTER = 0, 1, 2


@nb.njit(**KERNEL_OPTIONS)
def villain_groups(first_chunk, last_chunk, kind_lo, pool, m, base_key, base_suits, n_known,
                   binom, hero_lows, bounds, groups):
    """groups[v] = 2 * (how many hero low values are below v's low) + (1 if v's low is
    one of them), for the villain completions v in colex order (chunks first_chunk..
    last_chunk-1)."""
    n_lows = hero_lows.shape[0]
    for c in range(first_chunk, last_chunk):
        idx = np.zeros(max(m, 1), dtype=np.int64)
        unrank_colex(bounds[c], m, binom, idx)
        for v in range(bounds[c], bounds[c + 1]):
            low = hand_value(kind_lo, base_key, base_suits, n_known, pool, idx, m)
            lo, hi = 0, n_lows
            while lo < hi:
                mid = (lo + hi) >> 1
                if hero_lows[mid] < low:
                    lo = mid + 1
                else:
                    hi = mid
            equal = 1 if lo < n_lows and hero_lows[lo] == low else 0
            groups[v] = 2 * lo + equal
            next_colex(idx, m)


@nb.njit(**KERNEL_OPTIONS)
def count_place(first_chunk, last_chunk, kind_hi, pool, m, smax, base_key, base_suits, n_known,
                binom, distinct, width,
                a_modes, a_lengths, a_list_start, a_table_start, a_lists, a8, a16, a32,
                a_inc_start, a_inc,
                with_worse, w_modes, w_lengths, w_list_start, w_table_start, w_lists, w8, w16,
                w32, w_inc_start, w_inc,
                with_equal, e_modes, e_lengths, e_list_start, e_table_start, e_lists, e8, e16,
                e32, e_inc_start, e_inc,
                parent, last, first, groups, place, bounds, out):
    """out[c] = the nine cell counts (signed sums over S) of the villain completions of
    colex ranks bounds[c]..bounds[c+1] whose low has this place among the hero's lows
    (groups[v] >> 1 == place): all (a_), worse (w_) and equal (e_) hero completions;
    chunks first_chunk..last_chunk-1."""
    for c in range(first_chunk, last_chunk):
        idx = np.zeros(max(m, 1), dtype=np.int64)
        ranks = np.zeros(parent.shape[0], dtype=np.int64)
        cells = np.zeros(9, dtype=np.int64)
        unrank_colex(bounds[c], m, binom, idx)
        for v in range(bounds[c], bounds[c + 1]):
            group = groups[v]
            if group >> 1 != place:
                next_colex(idx, m)
                continue
            high = hand_value(kind_hi, base_key, base_suits, n_known, pool, idx, m)
            below_rank, not_above_rank = place_value(distinct, high)
            equal = not_above_rank > below_rank
            set_ranks(idx, binom, parent, last, first, smax, ranks)
            all_lt, all_le, all_n = signed_sums(
                a_modes, a_lengths, a_list_start, a_table_start, a_lists, a8, a16, a32,
                a_inc_start, a_inc, width, False, first, ranks, smax, below_rank, not_above_rank, equal)
            w_lt = w_le = w_n = np.int64(0)
            if with_worse:
                w_lt, w_le, w_n = signed_sums(
                    w_modes, w_lengths, w_list_start, w_table_start, w_lists, w8, w16, w32,
                    w_inc_start, w_inc, width, True, first, ranks, smax, below_rank, not_above_rank, equal)
            e_lt = e_le = e_n = np.int64(0)
            if with_equal and group & 1:
                e_lt, e_le, e_n = signed_sums(
                    e_modes, e_lengths, e_list_start, e_table_start, e_lists, e8, e16, e32,
                    e_inc_start, e_inc, width, True, first, ranks, smax, below_rank, not_above_rank, equal)
            cells[0] += w_lt
            cells[1] += w_le - w_lt
            cells[2] += w_n - w_le
            cells[3] += e_lt
            cells[4] += e_le - e_lt
            cells[5] += e_n - e_le
            cells[6] += all_lt - w_lt - e_lt
            cells[7] += (all_le - all_lt) - (w_le - w_lt) - (e_le - e_lt)
            cells[8] += (all_n - all_le) - (w_n - w_le) - (e_n - e_le)
            next_colex(idx, m)
        for cell in range(9):  # not out[c, :] = cells: see sim.py's work array
            out[c, cell] = cells[cell]


# Outcome mask of a relation (see showdown.outcome_index): bit 0 the hero, bit 1 the villain.
_MASK_OF = {WORSE: 2, EQUAL: 3, BETTER: 1}


def split_outcomes(kind_hi: int, kind_lo: int, low_qualifies: bool, pool, hero_known,
                   villain_known, k: int, m: int, progress=None) -> np.ndarray:
    """Counts of every heads-up split-pot outcome, indexed like showdown.outcome_index:
    (high winners' mask << 2) | low winners' mask, the low mask 0 when nobody qualifies."""
    pool = np.asarray(pool, dtype=np.int64)
    n = len(pool)
    binom = binomial_table(n + 1, n + 1)
    smax = min(k, m)
    # The villain ranks the old sweep kept took 4 bytes each, a group takes 1: the three
    # sets of lists share the 3 bytes saved.
    budget = table_budget(n, k, smax) + comb(n, m)
    highs = stored_values(kind_hi, pool, hero_known, k, binom)
    lows = stored_values(kind_lo, pool, hero_known, k, binom)
    distinct, high_ranks = np.unique(highs, return_inverse=True)
    del highs
    width = len(distinct) + 2
    sentinel = width - 2
    # partial: its counts of each list are kept too, for when it serves as the worse part
    every = CountingLists(high_ranks, width, n, k, smax, binom, budget, partial=True)
    hero_lows = np.unique(lows)

    vk, vs = key_and_suits(list(villain_known))
    vn = len(villain_known)
    n_villain = comb(n, m)
    group_type = np.uint8 if 2 * len(hero_lows) + 1 < 1 << 8 else np.uint16
    groups = np.empty(n_villain, dtype=group_type)
    rounds = chunk_bounds(n_villain)
    for bounds in rounds:
        run_chunked(villain_groups, len(bounds) - 1, kind_lo, pool, m, vk, vs, vn, binom,
                    hero_lows, bounds, groups)
    per_group = np.bincount(groups, minlength=2 * len(hero_lows) + 2)
    sets = shared_set_layout(m, smax)

    outcomes = np.zeros(16, dtype=np.int64)
    done = 0
    for place in range(len(hero_lows) + 1):
        in_place = int(per_group[2 * place] + per_group[2 * place + 1])
        if not in_place:
            continue
        # worse: the hero's lows below the villain's; equal: the hero's low it equals
        if 0 < place < len(hero_lows):
            worse = CountingLists(np.where(lows < hero_lows[place], high_ranks, sentinel),
                                  width, n, k, smax, binom, budget, True, in_place, m)
        else:
            worse = every  # nothing below (unused), or every hero low below the villain's
        equal_low = int(hero_lows[place]) if place < len(hero_lows) else None
        n_equal = int(per_group[2 * place + 1])
        equal = (CountingLists(np.where(lows == equal_low, high_ranks, sentinel), width,
                               n, k, smax, binom, budget, True, n_equal, m)
                 if n_equal else every)
        cells = np.zeros(9, dtype=np.int64)
        for bounds in rounds:
            out = np.zeros((len(bounds) - 1, 9), dtype=np.int64)
            run_chunked(count_place, len(bounds) - 1, kind_hi, pool, m, smax, vk, vs, vn,
                        binom, distinct, width, *every.args(), place > 0, *worse.args(),
                        bool(per_group[2 * place + 1]), *equal.args(), *sets, groups,
                        place, bounds, out)
            cells += out.sum(axis=0)
        del worse, equal
        done += in_place
        if progress is not None:
            progress(done / n_villain)
        for low_relation in (WORSE, EQUAL, BETTER):
            low_mask = _MASK_OF[low_relation]
            if low_qualifies and equal_low == NO_LOW and low_relation == EQUAL:
                low_mask = 0  # neither qualifies: the high hand takes the whole pot
            for high_relation in (WORSE, EQUAL, BETTER):
                index = (_MASK_OF[high_relation] << 2) | low_mask
                outcomes[index] += cells[3 * low_relation + high_relation]
    return outcomes
