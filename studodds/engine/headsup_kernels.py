"""The numba kernels of exact heads-up counting (headsup.py, headsup_split.py).

A first query of five-card stud waits on these compiling (after an install nothing is
cached), so they are few, small where they can be, and every game shares them:

* four kernels do every count: completion_values (the hand values of a range of
  completions, the stored side's and the villain's lows alike), fill_lists and
  build_count_tables (the stored side's lists and count tables), and count_streamed
  (the count itself: one hand kind, or a split pot's three parts in one pass);
* the hand kind, the parts counted and the filter on the streamed side are arguments,
  and every argument has one type whatever the table (ranks uint16, a part's lists and
  tables one store read at every width, the groups as bytes), so each kernel compiles
  once for every game, street and pot (tests/test_headsup.py checks it);
* few array arguments (each compiles its own unboxing) and no cfunc wrappers; plain
  arguments, handed over by name from the bundles of counting_args.py, which describe
  each (bundles as numba arguments made the first compile 6-10% longer, kernel_args.py);
* no allocation inside a kernel: each chunk's working arrays are rows of arrays passed
  in (numpy's allocators compile for 0.3 s in the first process that uses them), the
  chunks' first completions unranked in Python (headsup.first_completions);
* what numpy does as fast is left to numpy, outside: the searched lists are sorted
  there (numba's sort of uint16 arrays compiled for 1.6 s), a partial part's lists
  counted, the villain's lows placed among the hero's;
* count_streamed's helpers written into it, once: numba's inliner copies a helper block
  by block with all its variables at each call site (the split pot's old kernel, with
  the count inlined for each of the three parts, took 3 s to compile).

Completions come in colex order everywhere (the lowest card moves fastest, and in colex
rank the lowest card adds its own index): the stored side's completion r in its values,
ranks and fill_lists alike, the streamed side's in count_streamed.
"""

from __future__ import annotations

from typing import Any

import numba as nb
import numpy as np

from ..config import NUMBA_OPTIONS
from ..eval.kernels import CARD_KEY, suit_bit, value_of_kind
from .counting_args import (
    CompletionChunks,
    Completions,
    GroupFilter,
    SharedSets,
    SizeLists,
    StoredSide,
    StoreViews,
    StreamChunks,
)
from .kernel_args import described_by
from .pipeline import KERNEL_OPTIONS

# No cfunc wrapper: nothing calls these through a C pointer, and it is compiled too.
# (no_cfunc_wrapper is a numba option, numba/core/options.py, that its stubs do not list:
# so these two are plain dicts to the type checker.)
OPTIONS: dict[str, Any] = {**KERNEL_OPTIONS, "no_cfunc_wrapper": True}
# count_streamed inlines no helper that takes an array, so pipeline.py's copy propagation
# has nothing to remove there and only costs compile time (tests/test_chunked.py checks
# that its loops take no references).
COUNT_OPTIONS: dict[str, Any] = {**NUMBA_OPTIONS, "no_cfunc_wrapper": True}

# How the lists of each size s of shared set S are counted (headsup.py's docstring).
SEARCH, TABLE8, TABLE16, TABLE32 = 0, 1, 2, 3
# The rows of a part's layout (headsup.CountingLists): per size s of shared set, its
# mode, its lists' length, and where in the part's store (one byte array, read as
# integers of each width) its lists, its tables and its counts of included entries start,
# in entries of their type (uint16, the mode's table type, int64).
MODE, LENGTH, LIST_START, TABLE_START, INCLUDED_START = range(5)
N_LAYOUT_ROWS = 5
# The parts a count sums (headsup_split.py): all stored completions, those whose low is
# worse than the streamed one's, those whose low equals it. One kind counts ALL alone.
ALL, WORSE, EQUAL = 0, 1, 2


@nb.njit(inline="always", **NUMBA_OPTIONS)
def next_colex(idx, m):
    """Step idx (ascending) to the next m-subset in colex order: the lowest card that can
    move up does, and the cards below it start again at the bottom. idx has room for one
    index even when m is 0."""
    i = 0
    while i < m - 1 and idx[i] + 1 == idx[i + 1]:
        i += 1
    idx[i] += 1
    for j in range(i):
        idx[j] = j


@nb.njit(inline="always", **NUMBA_OPTIONS)
def hand_value(kind, base_key, base_suits, n_known, pool, idx, count):
    """The value of the known cards and the pool cards pool[idx[0]] .. pool[idx[count - 1]].

    Parameters
    ----------
    kind : int
        The KIND_* code to value the hand as (Completions.kind).
    base_key : int
        KEY_BIAS plus the known cards' keys (Completions.base_key).
    base_suits : int
        The known cards' suit mask (Completions.base_suits).
    n_known : int
        How many known cards (Completions.n_known).
    pool : numpy.ndarray
        int64, shape (n,). The unseen cards' ids (Completions.pool).
    idx : numpy.ndarray
        int64, shape (at least count,). The completion: pool indices, ascending.
    count : int
        The completion's cards.
    """
    key = base_key
    suits = base_suits
    for j in range(count):
        c = pool[idx[j]]
        key += CARD_KEY[c]
        suits |= suit_bit(c)
    return value_of_kind(kind, key, suits, n_known + count)


@nb.njit(**OPTIONS)
@described_by(Completions, CompletionChunks)
def completion_values(first_chunk, last_chunk, kind, pool, n_cards, base_key, base_suits,
                      n_known, bounds, starts, offset, out):
    """out[r - offset] = the value of the known cards (base_key, base_suits, n_known) and
    the n_cards pool cards of the completion of colex rank r, for r in
    bounds[c]..bounds[c+1]-1, chunks c in first_chunk..last_chunk-1; starts[c] holds chunk
    c's first completion (the pool indices of colex rank bounds[c]) and is stepped through
    the chunk.

    Parameters
    ----------
    first_chunk : int
        The first chunk to value.
    last_chunk : int
        One past the last chunk.
    offset : int
        The colex rank whose value out[0] takes.
    out : numpy.ndarray
        int64, shape (at least bounds[last_chunk] - offset,). Written: the values.
    """
    for c in range(first_chunk, last_chunk):
        idx = starts[c]
        for r in range(bounds[c], bounds[c + 1]):
            out[r - offset] = hand_value(kind, base_key, base_suits, n_known, pool, idx,
                                         n_cards)
            next_colex(idx, n_cards)


@nb.njit(inline="always", **NUMBA_OPTIONS)
def list_slot(idx, k, mask, binom):
    """(colex rank of the set S that mask selects from completion idx, the completion's
    slot in S's list: its colex rank without S, among the pool without S)."""
    s = 0
    rank_s = 0
    slot = 0
    t = 0
    for i in range(k):
        if (mask >> i) & 1:
            rank_s += binom[idx[i], s + 1]
            s += 1
        else:
            slot += binom[idx[i] - s, t + 1]
            t += 1
    return rank_s, slot


@nb.njit(**OPTIONS)
@described_by(CompletionChunks, SizeLists)
def fill_lists(first_chunk, last_chunk, bounds, starts, k, binom, ranks, masks, length,
               lists):
    """lists[rank(S) * length + slot] = ranks[r] for every completion r (colex rank, chunk
    c taking bounds[c]..bounds[c+1], chunks first_chunk..last_chunk-1, starts[c] its
    first completion as in completion_values) and every set S inside it that one of masks
    selects (all of one size, whose lists are length long).

    Parameters
    ----------
    first_chunk : int
        The first chunk of stored completions to list.
    last_chunk : int
        One past the last chunk.
    k : int
        The stored side's cards to come.
    binom : numpy.ndarray
        int64, shape (n + 2, n + 2). binom[i, j] = C(i, j) (exact.binomial_table).
    ranks : numpy.ndarray
        uint16, shape (C(n, k),). Completion r's rank among the stored side's distinct
        values (width - 2 for one left out of a partial part).
    """
    for c in range(first_chunk, last_chunk):
        idx = starts[c]
        for r in range(bounds[c], bounds[c + 1]):
            rank = ranks[r]
            for mask in masks:
                rank_s, slot = list_slot(idx, k, mask, binom)
                lists[rank_s * length + slot] = rank
            next_colex(idx, k)


@nb.njit(inline="always", **NUMBA_OPTIONS)
def count_table(lists, start, length, width, table, row):
    """table[row + j] = how many of lists[start:start + length] are below j, j < width,
    in a row that holds zeros (no loop to zero it: LLVM unrolls and vectorizes every
    loop, three times over for the three table types, and each costs compile time)."""
    for j in range(length):
        table[row + lists[start + j] + 1] += 1
    for j in range(1, width):
        table[row + j] += table[row + j - 1]


@nb.njit(**OPTIONS)
@described_by(StoreViews)
def build_count_tables(first, last, lists, width, s, layout, bytes8, words16, ints32):
    """The count tables (count_table) of the lists first..last-1 of size s, each
    layout[LENGTH, s] entries long, into the part's store (zeros, read as integers of 8,
    16 and 32 bits), list l's at layout[TABLE_START, s] + l * width in the type of the
    size's mode.

    Parameters
    ----------
    first : int
        The first list to build a table of.
    last : int
        One past the last list.
    lists : numpy.ndarray
        uint16, shape (C(n, s) * length,). The size's lists, filled (SizeLists.lists).
    width : int
        Entries of a table: the stored side's distinct values plus two.
    s : int
        The size of the lists' shared sets.
    layout : numpy.ndarray
        int64, shape (N_LAYOUT_ROWS, smax + 1). The part's layout (rows MODE ..
        INCLUDED_START, a column a size).
    """
    length = layout[LENGTH, s]
    mode = layout[MODE, s]
    table_start = layout[TABLE_START, s]
    for lst in range(first, last):
        start = lst * length
        row = table_start + lst * width
        if mode == TABLE8:
            count_table(lists, start, length, width, bytes8, row)
        elif mode == TABLE16:
            count_table(lists, start, length, width, words16, row)
        else:
            count_table(lists, start, length, width, ints32, row)


@nb.njit(**COUNT_OPTIONS)
@described_by(Completions, SharedSets, StoredSide, GroupFilter, StreamChunks)
def count_streamed(first_chunk, last_chunk, kind, pool, n_cards, base_key, base_suits,
                   n_known, smax, binom, sets, distinct, layout, all8, all16, all32, all64,
                   worse8, worse16, worse32, worse64, equal8, equal16, equal32, equal64,
                   with_worse, with_equal, group_bytes, groups, place, bounds, work, out,
                   by_card, card_out):
    """out[c, 3 * part + (0, 1, 2)] = the signed sums of each part over the streamed
    completions of colex ranks bounds[c]..bounds[c+1]-1, chunks c in first_chunk..
    last_chunk-1: over the shared sets S of each streamed completion, with the
    inclusion-exclusion sign of each, the stored completions holding S that rank below
    the streamed one's value, not above it, and in all.

    The parts are the stored sides all (every stored completion), worse (with_worse)
    and equal (with_equal, and only for the streamed completions whose group & 1: their
    low equals one of the stored side's), each a store read as integers of 8, 16, 32 and
    64 bits, laid out as layout[part] says (headsup.CountingLists). The last two are
    partial: their completions ranked width - 2, the sentinel, are left out, and their
    counts of included entries count the rest of each list. sets holds
    shared_set_layout's parent, last and first.

    With group_bytes (1 or 2), only the completions v whose group (groups[v], read as
    integers of that many bytes) has group >> 1 == place count. With by_card, also
    card_out[c, i] += (part ALL's wins, ties of the stored side) over the completions
    holding pool card i. work[c] is chunk c's working row: its first completion (as in
    completion_values), stepped through the chunk, then the shared sets' ranks.

    The completions come in colex order: the lowest card moves fastest, so the sets that
    change from one completion to the next are neighbouring lists and table rows, which
    the memory prefetches. The sets are visited size by size, so within a size the mode
    stays the same and the loops' branches go the same way set after set.

    One function, its helpers written in (hand_value, next_colex, the search of a sorted
    list): numba's inliner copies a helper's code block by block with all its variables
    at each call site, which for the counting took most of the compile; the parts share
    one copy of the counting in a loop over them.

    Parameters
    ----------
    first_chunk : int
        The first chunk of streamed completions to count.
    last_chunk : int
        One past the last chunk.
    """
    m = n_cards  # the streamed side's cards to come
    width = distinct.shape[0] + 2
    n_distinct = distinct.shape[0]
    parent, last, first = sets[0], sets[1], sets[2]
    ranks_at = work.shape[1] - first[smax + 1]
    for c in range(first_chunk, last_chunk):
        idx = work[c]
        ranks = work[c, ranks_at:]
        ranks[0] = 0  # the empty set
        for j in range(9):
            out[c, j] = 0
        for v in range(bounds[c], bounds[c + 1]):
            group = 0
            if group_bytes == 1:
                group = np.int64(groups[v])
            elif group_bytes == 2:
                group = np.int64(groups[2 * v]) | (np.int64(groups[2 * v + 1]) << 8)
            if group_bytes == 0 or group >> 1 == place:
                key = base_key
                suits = base_suits
                for j in range(m):
                    card = pool[idx[j]]
                    key += CARD_KEY[card]
                    suits |= suit_bit(card)
                value = value_of_kind(kind, key, suits, n_known + m)
                # where the value falls among the stored side's distinct values
                lo, hi = 0, n_distinct
                while lo < hi:
                    mid = (lo + hi) >> 1
                    if distinct[mid] < value:
                        lo = mid + 1
                    else:
                        hi = mid
                below_rank = lo
                equal_value = lo < n_distinct and distinct[lo] == value
                not_above_rank = lo + 1 if equal_value else lo
                # the colex rank of every shared set (shared_set_layout)
                for s in range(1, smax + 1):
                    for q in range(first[s], first[s + 1]):
                        ranks[q] = ranks[parent[q]] + binom[idx[last[q]], s]
                for part in range(3):
                    if part == ALL:
                        t8, t16, t32, t64 = all8, all16, all32, all64
                    elif part == WORSE:
                        if not with_worse:
                            continue
                        t8, t16, t32, t64 = worse8, worse16, worse32, worse64
                    else:
                        if not (with_equal and group & 1):
                            continue
                        t8, t16, t32, t64 = equal8, equal16, equal32, equal64
                    below_total = np.int64(0)
                    not_above_total = np.int64(0)
                    all_total = np.int64(0)
                    for s in range(smax + 1):
                        length = layout[part, LENGTH, s]
                        mode = layout[part, MODE, s]
                        below_sum = np.int64(0)
                        not_above_sum = np.int64(0)
                        all_sum = np.int64(0)
                        if mode == SEARCH:
                            # How many of the sorted list are below each rank sought, by
                            # branch-free halving (the comparison picks the next base, it
                            # does not jump: the steps depend on the length alone, so none
                            # is mispredicted); the second search only when they differ.
                            list_start = layout[part, LIST_START, s]
                            for q in range(first[s], first[s + 1]):
                                start = list_start + ranks[q] * length
                                base = start
                                left = length
                                while left > 1:
                                    half = left >> 1
                                    base = (base + half if t16[base + half - 1] < below_rank
                                            else base)
                                    left -= half
                                below = base - start + (1 if t16[base] < below_rank else 0)
                                below_sum += below
                                if equal_value:
                                    base = start
                                    left = length
                                    while left > 1:
                                        half = left >> 1
                                        base = (base + half if t16[base + half - 1] < not_above_rank
                                                else base)
                                        left -= half
                                    below = base - start + (1 if t16[base] < not_above_rank else 0)
                                not_above_sum += below
                        else:
                            row0 = layout[part, TABLE_START, s]
                            for q in range(first[s], first[s + 1]):
                                row = row0 + ranks[q] * width
                                if mode == TABLE8:
                                    below_sum += t8[row + below_rank]
                                    not_above_sum += t8[row + not_above_rank]
                                elif mode == TABLE16:
                                    below_sum += t16[row + below_rank]
                                    not_above_sum += t16[row + not_above_rank]
                                else:
                                    below_sum += t32[row + below_rank]
                                    not_above_sum += t32[row + not_above_rank]
                        if part == ALL:
                            all_sum = (first[s + 1] - first[s]) * length
                        else:
                            included_start = layout[part, INCLUDED_START, s]
                            for q in range(first[s], first[s + 1]):
                                all_sum += t64[included_start + ranks[q]]
                        sign = 1 - 2 * (s & 1)
                        below_total += sign * below_sum
                        not_above_total += sign * not_above_sum
                        all_total += sign * all_sum
                    out[c, 3 * part] += below_total
                    out[c, 3 * part + 1] += not_above_total
                    out[c, 3 * part + 2] += all_total
                    if by_card and part == ALL:
                        for i in range(m):
                            card_out[c, idx[i], 0] += all_total - not_above_total
                            card_out[c, idx[i], 1] += not_above_total - below_total
            # the next completion in colex order (next_colex, written in)
            i = 0
            while i < m - 1 and idx[i] + 1 == idx[i + 1]:
                i += 1
            idx[i] += 1
            for j in range(i):
                idx[j] = j
