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
first sorted into groups by that place (one byte each, two past 127 hero lows), and each
group is counted in a pass of its own over the villain completions, with its two parts
built for it, all three parts counted together (headsup_kernels.count_streamed): a pass
skips the completions of the other groups at the cost of reading their byte.
"""

from __future__ import annotations

from math import comb

import numpy as np

from ..eval.kernels import key_and_suits
from ..eval.values import NO_LOW
from . import headsup
from .chunked import run_chunked
from .counting_args import CompletionChunks, Completions
from .exact import binomial_table
from .headsup import (
    CountingLists,
    StreamedSide,
    chunk_bounds,
    chunks,
    first_completions,
    stored_values,
)
from .headsup_kernels import completion_values
from .kernel_args import kernel_arguments

# The nine cells, index 3 * low relation + high relation, relation of the hero's hand to
# the villain's: 0 worse, 1 equal, 2 better.
WORSE, EQUAL, BETTER = 0, 1, 2

# Villain completions valued at a time for their groups: the values and numpy's
# temporaries (five int64 arrays of this length, 2.6 MB) stay small beside the lists.
GROUP_PIECE = 1 << 16
# Groups below this take one byte each, the rest two (more than 127 hero lows).
ONE_BYTE_GROUPS = 1 << 8


def villain_groups(kind_lo: int, pool: np.ndarray, villain_known, m: int, binom,
                   hero_lows: np.ndarray) -> np.ndarray:
    """groups[v] = 2 * (how many hero low values are below v's low) + (1 if v's low is
    one of them), for the villain completions v in colex order; one byte each, or two
    when there are more than 127 hero lows."""
    n_villain = comb(len(pool), m)
    n_lows = len(hero_lows)
    groups = np.empty(n_villain,
                      dtype=np.uint8 if 2 * n_lows + 1 < ONE_BYTE_GROUPS else np.uint16)
    base_key, base_suits = key_and_suits(list(villain_known))
    side = Completions(kind=kind_lo, pool=pool, n_cards=m, base_key=base_key,
                       base_suits=base_suits, n_known=len(villain_known))
    values = np.empty(min(n_villain, GROUP_PIECE), dtype=np.int64)
    for start in range(0, n_villain, GROUP_PIECE):
        stop = min(start + GROUP_PIECE, n_villain)
        bounds = start + chunks(stop - start)
        completion_chunks = CompletionChunks(bounds=bounds,
                                             starts=first_completions(bounds, m, binom))
        run_chunked(completion_values, len(bounds) - 1,
                    *kernel_arguments(completion_values, side, completion_chunks,
                                      offset=start, out=values))
        lows = values[: stop - start]
        below = np.searchsorted(hero_lows, lows)
        equal = hero_lows[np.minimum(below, n_lows - 1)] == lows
        groups[start:stop] = 2 * below + equal
    return groups


def cells_of(sums: np.ndarray) -> np.ndarray:
    """The nine cells from the signed sums of the three parts (StreamedSide.count: below,
    not above and all of the hero completions in all, worse and equal lows): the worse
    and equal rows are their parts' counts, the better row what the other two leave."""
    all_lt, all_le, all_n, w_lt, w_le, w_n, e_lt, e_le, e_n = (int(x) for x in sums)
    return np.array([
        w_lt, w_le - w_lt, w_n - w_le,
        e_lt, e_le - e_lt, e_n - e_le,
        all_lt - w_lt - e_lt,
        (all_le - all_lt) - (w_le - w_lt) - (e_le - e_lt),
        (all_n - all_le) - (w_n - w_le) - (e_n - e_le),
    ], dtype=np.int64)


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
    budget = headsup.table_budget(n, k, smax) + comb(n, m)
    highs = stored_values(kind_hi, pool, hero_known, k, binom)
    lows = stored_values(kind_lo, pool, hero_known, k, binom)
    distinct, high_ranks = np.unique(highs, return_inverse=True)
    del highs
    width = len(distinct) + 2
    sentinel = width - 2
    # partial: its counts of each list are kept too, for when it serves as the worse part
    every = CountingLists(high_ranks, width, n, k, smax, binom, budget, partial=True)
    hero_lows = np.unique(lows)

    n_villain = comb(n, m)
    groups = villain_groups(kind_lo, pool, villain_known, m, binom, hero_lows)
    per_group = np.bincount(groups, minlength=2 * len(hero_lows) + 2)
    rounds = chunk_bounds(n_villain)
    streamed = StreamedSide(kind_hi, pool, villain_known, m, smax, binom, distinct)

    outcomes = np.zeros(16, dtype=np.int64)
    done = 0
    for place in range(len(hero_lows) + 1):
        in_place = int(per_group[2 * place] + per_group[2 * place + 1])
        if not in_place:
            continue
        # worse: the hero's lows below the villain's; equal: the hero's low it equals
        worse = None
        if place == len(hero_lows):
            worse = every  # every hero low is below the villain's
        elif place > 0:
            worse = CountingLists(np.where(lows < hero_lows[place], high_ranks, sentinel),
                                  width, n, k, smax, binom, budget, True, in_place, m)
        equal_low = int(hero_lows[place]) if place < len(hero_lows) else None
        n_equal = int(per_group[2 * place + 1])
        equal = (CountingLists(np.where(lows == equal_low, high_ranks, sentinel), width,
                               n, k, smax, binom, budget, True, n_equal, m)
                 if n_equal else None)
        sums = np.zeros(9, dtype=np.int64)
        for bounds in rounds:
            sums += streamed.count(bounds, every, worse, equal, groups, place).sum(axis=0)
        cells = cells_of(sums)
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
