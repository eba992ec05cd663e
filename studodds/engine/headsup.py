"""Exact heads-up equity by counting, fast enough for every street (third included).

Heads-up, every unseen card is exchangeable: a deal is a disjoint pair (h, v) of one side's
k unseen cards and the other's m unseen cards from the pool (n cards). Full enumeration
visits every pair (1.37e12 on third street); this counts them instead:

* Every hand value is computed once per completion: C(n, k) stored, C(n, m) streamed.
* Disjointness by inclusion-exclusion over the cards both would share: the number of
  disjoint pairs with val(v) < val(h) is the sum over sets S (|S| <= min(k, m)) of
  (-1)^|S| times the number of pairs (h, v), both containing S, with val(v) < val(h).
* The stored side's values are replaced by their ranks among its distinct values (about
  a thousand on third street), and for every S the ranks of the completions holding it
  form a list (a fixed length, a completion's slot in it its colex rank, so the lists fill
  in parallel without atomics). Then each streamed completion v is valued, its value
  placed among the distinct values once, and for each S inside it the completions below
  and equal to it are counted, in one of three ways by the size of S:
  - a count table (how many of the list rank below j, for every j): two lookups;
  - a short list (a few entries) scanned;
  - a sorted list searched, when the tables would take more memory than the values did
    before the tables (2**k values of 8 bytes a completion: old_stored_bytes).

Third street stores C(48, 4) * 2**4 = 3.1 million ranks (count tables for the sets of up
to three cards, 20 MB) and makes 57 lookups for each of the C(48, 6) = 12.3 million
streamed completions. Split pots (stud7hl8, stud5hl) count the highs three times with
the same code, on the stored completions split by their low: headsup_split.py.

The count can also be tallied by the streamed side's cards (by_card): for each pool card,
the deals in which the streamed side holds it. That is a whole next-card table in one
pass (whatif.py): the deals where the card comes next to the streamed side are the deals
where it holds the card, and every completion holding it counts the same.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

import numba as nb
import numpy as np

from ..config import NUMBA_OPTIONS
from ..eval.kernels import CARD_KEY, key_and_suits, suit_bit, value_of_kind
from .chunked import run_chunked
from .exact import binomial_table, next_combination, unrank_combination
from .pipeline import KERNEL_OPTIONS

N_CHUNKS = 256

# How the lists of each size s of shared set S are counted (see the module docstring).
SCAN, SEARCH, TABLE8, TABLE16, TABLE32 = 0, 1, 2, 3, 4
TABLE_TYPES = {TABLE8: np.uint8, TABLE16: np.uint16, TABLE32: np.int32}
SCAN_MAX = 8  # lists this short are counted by one straight pass
MIN_TABLE_BUDGET = 8 << 20  # bytes of count tables allowed however small the old lists


@nb.njit(**NUMBA_OPTIONS)
def unrank_called(rank, n, k, binom, out):
    """A called (not inlined) unranking: the one compiled copy serves every kernel."""
    unrank_combination(rank, n, k, binom, out)


@nb.njit(inline="always", **NUMBA_OPTIONS)
def hand_value(kind, base_key, base_suits, n_known, pool, idx, count):
    key = base_key
    suits = base_suits
    for j in range(count):
        c = pool[idx[j]]
        key += CARD_KEY[c]
        suits |= suit_bit(c)
    return value_of_kind(kind, key, suits, n_known + count)


def list_lengths(n: int, k: int, smax: int) -> list[int]:
    """The common length C(n - s, k - s) of the lists of each size s <= smax."""
    return [comb(n - s, k - s) for s in range(smax + 1)]


def count_modes(n: int, k: int, smax: int, width: int, budget: int,
                streamed: int | None = None, m: int | None = None) -> np.ndarray:
    """The mode of each size s <= smax: short lists are scanned; longer ones get count
    tables (width entries a list, in the smallest integer type that holds the list's
    length) while the tables fit the budget, smallest sizes first (fewest lists, longest
    searches saved), and when streamed completions of m cards are given, only where the
    lookups (streamed * C(m, s)) outnumber the table entries to build; the rest are sorted
    and searched."""
    modes = np.full(smax + 1, SEARCH, dtype=np.int64)
    used = 0
    for s, length in enumerate(list_lengths(n, k, smax)):
        entry, mode = (1, TABLE8) if length < 1 << 8 else (
            (2, TABLE16) if length < 1 << 16 else (4, TABLE32))
        entries = comb(n, s) * width
        worth_it = streamed is None or m is None or entries <= streamed * comb(m, s)
        if length <= SCAN_MAX:
            modes[s] = SCAN
        elif worth_it and used + entries * entry <= budget:
            modes[s] = mode
            used += entries * entry
    return modes


@nb.njit(**KERNEL_OPTIONS)
def completion_values(first, last, kind, pool, k, base_key, base_suits, n_known, binom, out):
    """out[r] = the value of the r-th k-card completion (lexicographic rank), for r in
    first..last-1 (of binom[n, k])."""
    n = pool.shape[0]
    idx = np.zeros(max(k, 1), dtype=np.int64)
    unrank_called(first, n, k, binom, idx)
    for r in range(first, last):
        out[r] = hand_value(kind, base_key, base_suits, n_known, pool, idx, k)
        next_combination(idx, n, k)


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


@nb.njit(**KERNEL_OPTIONS)
def fill_lists(first, last, n, k, masks, binom, length, ranks, bounds, lists):
    """lists[rank(S) * length + slot] = ranks[r] for every completion r (lexicographic
    rank, chunk c taking bounds[c]..bounds[c+1], chunks first..last-1) and every set S
    inside it that one of masks selects (all of one size, whose lists are length long)."""
    for c in range(first, last):
        idx = np.zeros(max(k, 1), dtype=np.int64)
        unrank_called(bounds[c], n, k, binom, idx)
        for r in range(bounds[c], bounds[c + 1]):
            rank = ranks[r]
            for mask in masks:
                rank_s, slot = list_slot(idx, k, mask, binom)
                lists[rank_s * length + slot] = rank
            next_combination(idx, n, k)


@nb.njit(**KERNEL_OPTIONS)
def build_tables(first, last, lists, length, width, tables):
    """tables[l * width + j] = how many of list l's entries are below j, j < width, for
    the lists l in first..last-1."""
    for lst in range(first, last):
        start = lst * length
        row = lst * width
        for j in range(width):
            tables[row + j] = 0
        for j in range(length):
            tables[row + lists[start + j] + 1] += 1
        for j in range(1, width):
            tables[row + j] += tables[row + j - 1]


@nb.njit(**KERNEL_OPTIONS)
def count_included(first, last, lists, length, sentinel, out):
    """out[l] = how many of list l's entries rank below the sentinel, l in first..last-1."""
    for lst in range(first, last):
        total = 0
        for j in range(lst * length, (lst + 1) * length):
            total += lists[j] < sentinel
        out[lst] = total


@nb.njit(**KERNEL_OPTIONS)
def sort_each(first, last, lists, length):
    for lst in range(first, last):
        lists[lst * length : (lst + 1) * length].sort()


@nb.njit(inline="always", **NUMBA_OPTIONS)
def ranks_below(lists, start, length, x):
    """How many of the sorted lists[start:start + length] (length >= 1) are below x.

    Branch-free halving (the comparison picks the next base, it does not jump): the
    step count depends on the length alone, so no step is mispredicted."""
    base = start
    left = length
    while left > 1:
        half = left >> 1
        base = base + half if lists[base + half - 1] < x else base
        left -= half
    return base - start + (1 if lists[base] < x else 0)


def shared_set_layout(m: int, smax: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The subsets S of a streamed completion's m cards with at most smax of them, grouped
    by size: the sets of size s are q = first[s] .. first[s + 1] - 1, and set q is set
    parent[q] (one card fewer) with the completion's card at place last[q] added, the
    largest of set q's cards. So every set's rank is its parent's plus one term."""
    sets = [c for s in range(smax + 1) for c in combinations(range(m), s)]
    where = {c: q for q, c in enumerate(sets)}
    parent = np.zeros(len(sets), dtype=np.int64)
    last = np.zeros(len(sets), dtype=np.int64)
    for q, c in enumerate(sets):
        if c:
            parent[q] = where[c[:-1]]
            last[q] = c[-1]
    first = np.zeros(smax + 2, dtype=np.int64)
    for s in range(smax + 1):
        first[s + 1] = first[s] + comb(m, s)
    return parent, last, first


@nb.njit(**NUMBA_OPTIONS)
def unrank_colex(rank, m, binom, out):
    """out[:m] = the rank-th m-subset of range(n) in colex order (ascending indices)."""
    left = rank
    for i in range(m - 1, -1, -1):
        x = i
        while binom[x + 1, i + 1] <= left:
            x += 1
        out[i] = x
        left -= binom[x, i + 1]


@nb.njit(inline="always", **NUMBA_OPTIONS)
def next_colex(idx, m):
    """Step idx (ascending) to the next m-subset in colex order: the lowest card that can
    move up does, and the cards below it start again at the bottom."""
    i = 0
    while i < m - 1 and idx[i] + 1 == idx[i + 1]:
        i += 1
    idx[i] += 1
    for j in range(i):
        idx[j] = j


@nb.njit(inline="always", **NUMBA_OPTIONS)
def signed_sums(modes, lengths, list_start, table_start, lists, tables8, tables16, tables32,
                included_start, included, width, partial, first, ranks, smax, below_rank,
                not_above_rank, equal):
    """Over the shared sets S of one streamed completion (their colex ranks in ranks,
    grouped by size as first says), with the inclusion-exclusion sign of each: the sums
    of the stored completions holding S that rank below below_rank, below not_above_rank,
    and in all (partial: the completions ranked width - 2, the sentinel, are left out, and
    included[included_start[s] + rank of S] counts the rest of S's list).

    The sets are visited size by size, so within a size the mode stays the same and the
    loops' branches go the same way set after set."""
    below_total = np.int64(0)
    not_above_total = np.int64(0)
    all_total = np.int64(0)
    for s in range(smax + 1):
        length = lengths[s]
        mode = modes[s]
        below_sum = np.int64(0)
        not_above_sum = np.int64(0)
        all_sum = np.int64(0)
        if mode == TABLE8 or mode == TABLE16 or mode == TABLE32:
            row0 = table_start[s]
            for q in range(first[s], first[s + 1]):
                row = row0 + ranks[q] * width
                if mode == TABLE8:
                    below_sum += tables8[row + below_rank]
                    not_above_sum += tables8[row + not_above_rank]
                elif mode == TABLE16:
                    below_sum += tables16[row + below_rank]
                    not_above_sum += tables16[row + not_above_rank]
                else:
                    below_sum += tables32[row + below_rank]
                    not_above_sum += tables32[row + not_above_rank]
        elif mode == SCAN:
            for q in range(first[s], first[s + 1]):
                start = list_start[s] + ranks[q] * length
                for j in range(length):
                    e = lists[start + j]
                    below_sum += e < below_rank
                    not_above_sum += e < not_above_rank
        else:
            for q in range(first[s], first[s + 1]):
                start = list_start[s] + ranks[q] * length
                below = ranks_below(lists, start, length, below_rank)
                below_sum += below
                not_above_sum += ranks_below(lists, start, length, not_above_rank) if equal else below
        if partial:
            for q in range(first[s], first[s + 1]):
                all_sum += included[included_start[s] + ranks[q]]
        else:
            all_sum = (first[s + 1] - first[s]) * length
        sign = 1 - 2 * (s & 1)
        below_total += sign * below_sum
        not_above_total += sign * not_above_sum
        all_total += sign * all_sum
    return below_total, not_above_total, all_total


@nb.njit(inline="always", **NUMBA_OPTIONS)
def place_value(distinct, value):
    """(how many distinct values are below value, how many are not above it)."""
    n_distinct = distinct.shape[0]
    lo, hi = 0, n_distinct
    while lo < hi:
        mid = (lo + hi) >> 1
        if distinct[mid] < value:
            lo = mid + 1
        else:
            hi = mid
    if lo < n_distinct and distinct[lo] == value:
        return lo, lo + 1
    return lo, lo


@nb.njit(inline="always", **NUMBA_OPTIONS)
def set_ranks(idx, binom, parent, last, first, smax, ranks):
    """ranks[q] = the colex rank of shared set q of completion idx (shared_set_layout)."""
    for s in range(1, smax + 1):
        for q in range(first[s], first[s + 1]):
            ranks[q] = ranks[parent[q]] + binom[idx[last[q]], s]


@nb.njit(**KERNEL_OPTIONS)
def stream_counts(first_chunk, last_chunk, kind, pool, m, smax, base_key, base_suits, n_known, binom, distinct, modes,
                  lengths, list_start, table_start, lists, tables8, tables16, tables32,
                  included_start, included, parent, last, first, bounds, by_card, out,
                  card_out):
    """out[c] = (stored completions beating, tying) the streamed completions of colex ranks
    bounds[c]..bounds[c+1], summed with signs over the shared sets S, for the chunks c in
    first_chunk..last_chunk-1; with by_card, also card_out[c, i] += the same for the
    completions holding pool card i.

    The completions come in colex order: the lowest card moves fastest, and in colex rank
    the lowest card adds its own index, so the sets that change from one completion to the
    next are neighbouring lists and table rows, which the memory prefetches."""
    width = distinct.shape[0] + 2
    for c in range(first_chunk, last_chunk):
        idx = np.zeros(max(m, 1), dtype=np.int64)
        ranks = np.zeros(parent.shape[0], dtype=np.int64)
        unrank_colex(bounds[c], m, binom, idx)
        wins = np.int64(0)
        ties = np.int64(0)
        for _ in range(bounds[c + 1] - bounds[c]):
            value = hand_value(kind, base_key, base_suits, n_known, pool, idx, m)
            below_rank, not_above_rank = place_value(distinct, value)
            set_ranks(idx, binom, parent, last, first, smax, ranks)
            below, not_above, total = signed_sums(
                modes, lengths, list_start, table_start, lists, tables8, tables16, tables32,
                included_start, included, width, False, first, ranks, smax, below_rank,
                not_above_rank, not_above_rank > below_rank,
            )
            won = total - not_above
            tied = not_above - below
            wins += won
            ties += tied
            if by_card:
                for i in range(m):
                    card_out[c, idx[i], 0] += won
                    card_out[c, idx[i], 1] += tied
            next_colex(idx, m)
        out[c, 0] = wins
        out[c, 1] = ties


def stored_bytes(n: int, k: int, m: int, split: bool = False) -> int:
    """Memory a count keeps at most: the count tables and the ranks they are built from
    (table_budget), and for a split pot three sets of them and one byte per streamed
    completion (its group, headsup_split.py)."""
    one = max(MIN_TABLE_BUDGET, comb(n, k) * 2**k * 8)
    # a split pot's three sets of lists each get comb(n, m) bytes more (headsup_split.py)
    return 3 * (one + comb(n, m)) + comb(n, m) if split else one


def table_budget(n: int, k: int, smax: int | None = None) -> int:
    """Bytes the count tables of one set of lists may take: what the lists' values took
    before there were tables (2**k values of 8 bytes a completion) less the ranks the
    tables are built from, one size of set at a time (2 bytes a completion and set), and
    the lists of one entry kept (the sets of k cards), so a count needs no more memory
    than it did then; and at least MIN_TABLE_BUDGET."""
    smax = k if smax is None else smax
    ranks = (max(comb(n, k) * comb(k, s) for s in range(smax + 1)) + comb(n, k)) * 2
    return max(MIN_TABLE_BUDGET, comb(n, k) * 2**k * 8 - ranks)


def cost(n: int, k: int, m: int, split: bool = False) -> int:
    """Lookups a count makes: streamed completions times the shared sets S they hold (a
    split pot counts up to three sets of lists)."""
    lookups = comb(n, m) * sum(comb(m, s) for s in range(min(k, m) + 1)) + comb(n, k) * 2**k
    return 3 * lookups if split else lookups


def stored_values(kind: int, pool, known, k: int, binom) -> np.ndarray:
    """The value of every k-card completion of the known cards (lexicographic rank)."""
    base_key, base_suits = key_and_suits(list(known))
    values = np.empty(comb(len(pool), k), dtype=np.int64)
    run_chunked(completion_values, len(values), kind, pool, k, base_key, base_suits,
                len(known), binom, values)
    return values


class CountingLists:
    """The stored side of a count: for every shared set S of at most smax cards the ranks
    of the completions holding it (ranks[r] of completion r, below width - 2; width - 2
    marks a completion left out of a partial count), kept as its size's mode says
    (count_modes): count tables, sorted lists or lists to scan. The tables are built one
    size at a time into their final arrays, so memory peaks at the tables, the lists kept
    and one size's lists."""

    def __init__(self, ranks: np.ndarray, width: int, n: int, k: int, smax: int, binom,
                 budget: int, partial: bool = False, streamed: int | None = None,
                 m: int | None = None):
        # A hand kind has at most 7,462 values (high: the five-card classes), so ranks fit
        # 16 bits: one type, so each kernel compiles once.
        if width > 1 << 16:
            raise ValueError(f"{width} ranks do not fit 16 bits")
        rank_type = np.uint16
        ranks = ranks.astype(rank_type, copy=False)
        self.modes = count_modes(n, k, smax, width, budget, streamed, m)
        lengths = list_lengths(n, k, smax)
        self.lengths = np.array(lengths, dtype=np.int64)
        self.list_start = np.zeros(smax + 1, dtype=np.int64)
        self.table_start = np.zeros(smax + 1, dtype=np.int64)
        # Every array at its final size first: built into in place, never concatenated
        # (a concatenation holds the parts and the whole at once).
        table_size = dict.fromkeys(TABLE_TYPES, 0)
        kept_size = 0
        for s in range(smax + 1):
            mode = int(self.modes[s])
            if mode in TABLE_TYPES:
                self.table_start[s] = table_size[mode]
                table_size[mode] += comb(n, s) * width
            else:
                self.list_start[s] = kept_size
                kept_size += comb(n, s) * lengths[s]
        self.tables = [np.empty(max(table_size[mode], 1), dtype=entry)
                       for mode, entry in TABLE_TYPES.items()]
        tables = dict(zip(TABLE_TYPES, self.tables, strict=True))
        self.lists = np.empty(max(kept_size, 1), dtype=rank_type)
        n_stored = comb(n, k)
        bounds = np.unique(np.linspace(0, n_stored, N_CHUNKS + 1).astype(np.int64))
        self.included_start = np.zeros(smax + 1, dtype=np.int64)
        n_lists = [comb(n, s) for s in range(smax + 1)]
        self.included = np.zeros(max(sum(n_lists) if partial else 0, 1), dtype=np.int64)
        for s in range(smax + 1):  # one size at a time: its lists live only while used
            masks = np.array([mk for mk in range(1 << k) if mk.bit_count() == s], np.int64)
            lists = np.empty(n_lists[s] * lengths[s], dtype=rank_type)
            run_chunked(fill_lists, len(bounds) - 1, n, k, masks, binom, lengths[s], ranks,
                        bounds, lists)
            if partial:  # how many of each list's completions are in the part
                self.included_start[s] = sum(n_lists[:s])
                run_chunked(count_included, n_lists[s], lists, lengths[s], width - 2,
                            self.included[sum(n_lists[:s]) : sum(n_lists[: s + 1])])
            mode = int(self.modes[s])
            if mode in TABLE_TYPES:
                start = self.table_start[s]
                run_chunked(build_tables, n_lists[s], lists, lengths[s], width,
                            tables[mode][start : start + n_lists[s] * width])
                continue
            if mode == SEARCH:
                run_chunked(sort_each, n_lists[s], lists, lengths[s])
            self.lists[self.list_start[s] : self.list_start[s] + len(lists)] = lists
        del lists

    def args(self) -> tuple:
        """The arguments signed_sums takes for these lists, up to width and partial."""
        return (self.modes, self.lengths, self.list_start, self.table_start, self.lists,
                *self.tables, self.included_start, self.included)


def chunk_bounds(n_streamed: int) -> list[np.ndarray]:
    """The streamed completions' ranks cut into rounds of N_CHUNKS chunks (16 rounds for a
    long count, so progress can be told)."""
    rounds = 16 if n_streamed > 2_000_000 else 1
    cuts = np.array(
        [n_streamed * i // (N_CHUNKS * rounds) for i in range(N_CHUNKS * rounds + 1)],
        dtype=np.int64,
    )
    return [cuts[r * N_CHUNKS : (r + 1) * N_CHUNKS + 1] for r in range(rounds)]


def count_against(kind: int, pool, stored_known, streamed_known, k: int, m: int,
                  by_card: bool = False, progress=None):
    """(deals, stored side wins, ties, per-card tallies or None) over every heads-up deal:
    k cards to come to the stored side, m to the streamed side. With by_card, tallies[i] =
    (stored wins, ties) over the deals where the streamed side holds pool card i."""
    pool = np.asarray(pool, dtype=np.int64)
    n = len(pool)
    binom = binomial_table(n + 1, n + 1)
    smax = min(k, m)
    distinct, ranks = np.unique(stored_values(kind, pool, stored_known, k, binom),
                                return_inverse=True)
    stored = CountingLists(ranks, len(distinct) + 2, n, k, smax, binom,
                           table_budget(n, k, smax), streamed=comb(n, m), m=m)
    del ranks
    vk, vs = key_and_suits(list(streamed_known))
    sets = shared_set_layout(m, smax)
    wins = ties = 0
    card_tallies = np.zeros((n, 2), dtype=np.int64)
    rounds = chunk_bounds(comb(n, m))
    for r, bounds in enumerate(rounds):
        out = np.zeros((len(bounds) - 1, 2), dtype=np.int64)
        card_out = np.zeros((len(bounds) - 1 if by_card else 1, n, 2), dtype=np.int64)
        run_chunked(stream_counts, len(bounds) - 1, kind, pool, m, smax, vk, vs,
                    len(streamed_known), binom, distinct, *stored.args(), *sets, bounds,
                    by_card, out, card_out)
        wins += int(out[:, 0].sum())
        ties += int(out[:, 1].sum())
        if by_card:
            card_tallies += card_out.sum(axis=0)
        if progress is not None:
            progress((r + 1) / len(rounds))
    deals = comb(n, k) * comb(n - k, m)
    return deals, wins, ties, (card_tallies if by_card else None)


def heads_up_counts(kind: int, pool, hero_known, villain_known, k: int, m: int,
                    progress=None) -> tuple[int, int, int]:
    """(deals, hero wins, ties) over every heads-up deal, counted exactly."""
    deals, wins, ties, _ = count_against(kind, pool, hero_known, villain_known, k, m,
                                         progress=progress)
    return deals, wins, ties
