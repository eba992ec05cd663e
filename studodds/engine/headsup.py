"""Exact heads-up equity by counting, fast enough for every street (third included).

Heads-up, every unseen card is exchangeable: a deal is a disjoint pair (h, v) of the hero's
k unseen cards and the villain's m unseen cards from the pool U. Full enumeration visits
every pair (1.37e12 on third street); this counts them instead:

* Every hand value is computed once per completion: C(n, k) hero values, C(n, m) villain.
* Disjointness by inclusion-exclusion over the cards both would share: the number of
  disjoint pairs with val(v) < val(h) is the sum over sets S (|S| <= k) of (-1)^|S| times
  the number of pairs (h, v), both containing S, with val(v) < val(h); ties the same.
* For every S the sorted values of the hero completions containing S are stored (each list
  a fixed length, a completion's slot in it its colex rank, so the lists fill in parallel
  without atomics); then each villain completion is streamed and, for each S inside it,
  two binary searches count the hero completions below and equal to it.

Third street stores C(48, 4) * 2**4 = 3.1 million values and makes about 700 million
searches. Split pots (stud7hl8, stud5hl) need the high and low outcomes jointly:
headsup_split.py extends this with a sweep over the villain's low values.
"""

from __future__ import annotations

from math import comb

import numba as nb
import numpy as np

from ..config import NUMBA_OPTIONS
from ..eval.kernels import CARD_KEY, key_and_suits, suit_bit, value_from_suits
from .exact import binomial_table, next_combination, unrank_combination

N_CHUNKS = 256


def list_layout(n: int, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Start of the lists of each size s (0..k) and their common length C(n-s, k-s)."""
    offsets = np.zeros(k + 2, dtype=np.int64)
    lengths = np.zeros(k + 1, dtype=np.int64)
    for s in range(k + 1):
        lengths[s] = comb(n - s, k - s)
        offsets[s + 1] = offsets[s] + comb(n, s) * lengths[s]
    return offsets, lengths


@nb.njit(**NUMBA_OPTIONS)
def unrank_called(rank, n, k, binom, out):
    """A called (not inlined) unranking: inlined into a prange, numba takes the loop index
    for the variable the unranking counts down, and refuses to compile."""
    unrank_combination(rank, n, k, binom, out)


@nb.njit(inline="always", **NUMBA_OPTIONS)
def hand_value(kind, base_key, base_suits, n_known, pool, idx, count):
    key = base_key
    suits = base_suits
    for j in range(count):
        c = pool[idx[j]]
        key += CARD_KEY[c]
        suits |= suit_bit(c)
    return value_from_suits(kind, key, suits, n_known + count)


@nb.njit(inline="always", **NUMBA_OPTIONS)
def subset_rank(idx, m, mask, binom):
    """(size, colex rank) of the subset S of completion idx (m pool indices, ascending)
    that mask selects: which of the hero lists of its size holds S."""
    s = 0
    rank_s = 0
    for i in range(m):
        if (mask >> i) & 1:
            rank_s += binom[idx[i], s + 1]
            s += 1
    return s, rank_s


@nb.njit(inline="always", **NUMBA_OPTIONS)
def slot_position(idx, k, mask, binom, offsets, lengths):
    """Where hero completion idx (k pool indices, ascending) is stored in the list of its
    subset S = the cards that mask selects: the list's start plus its colex slot."""
    s = 0
    rank_s = 0
    slot = 0
    t = 0
    for i in range(k):
        if (mask >> i) & 1:
            rank_s += binom[idx[i], s + 1]
            s += 1
        else:
            # relabel within the pool without S: i - s cards of S lie below idx[i]
            slot += binom[idx[i] - s, t + 1]
            t += 1
    return offsets[s] + rank_s * lengths[s] + slot


@nb.njit(parallel=True, **NUMBA_OPTIONS)
def fill_hero_lists(kind, pool, k, base_key, base_suits, n_known, binom, offsets, lengths,
                    values):
    """values[offsets[s] + rank(S) * lengths[s] + slot] = value of each hero completion h
    for every S inside h, slot = colex rank of h without S among the pool without S."""
    n = pool.shape[0]
    n_hero = binom[n, k]
    for r in nb.prange(n_hero):
        idx = np.zeros(max(k, 1), dtype=np.int64)
        unrank_called(r, n, k, binom, idx)
        value = hand_value(kind, base_key, base_suits, n_known, pool, idx, k)
        for mask in range(1 << k):
            values[slot_position(idx, k, mask, binom, offsets, lengths)] = value


@nb.njit(parallel=True, **NUMBA_OPTIONS)
def sort_lists(values, offsets, lengths, n_lists_by_size):
    for s in range(lengths.shape[0]):
        length = lengths[s]
        for r in nb.prange(n_lists_by_size[s]):
            start = offsets[s] + r * length
            values[start : start + length] = np.sort(values[start : start + length])


@nb.njit(inline="always", **NUMBA_OPTIONS)
def count_below(values, start, length, x):
    lo, hi = start, start + length
    while lo < hi:
        mid = (lo + hi) >> 1
        if values[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    return lo - start


@nb.njit(inline="always", **NUMBA_OPTIONS)
def count_not_above(values, start, length, x):
    lo, hi = start, start + length
    while lo < hi:
        mid = (lo + hi) >> 1
        if values[mid] <= x:
            lo = mid + 1
        else:
            hi = mid
    return lo - start


def shared_masks(k: int, m: int) -> np.ndarray:
    """The subsets S of a villain completion (m bits) that a hero completion can share:
    at most k cards. Listed once, so a villain with many cards to come (a "random" hand,
    m = 7) does not walk 2**7 masks to use a handful."""
    return np.array([mask for mask in range(1 << m) if mask.bit_count() <= k],
                    dtype=np.int64)


@nb.njit(parallel=True, **NUMBA_OPTIONS)
def stream_villain(kind, pool, masks, m, base_key, base_suits, n_known, binom, offsets,
                   lengths, values, bounds, out):
    """out[c] = (hero completions beating, tying) villain completions, summed with signs
    over the shared sets S, for villain ranks bounds[c]..bounds[c+1]."""
    n = pool.shape[0]
    for c in nb.prange(bounds.shape[0] - 1):
        idx = np.zeros(max(m, 1), dtype=np.int64)
        unrank_called(bounds[c], n, m, binom, idx)
        wins = np.int64(0)
        ties = np.int64(0)
        for _ in range(bounds[c + 1] - bounds[c]):
            value = hand_value(kind, base_key, base_suits, n_known, pool, idx, m)
            for mask in masks:
                s, rank_s = subset_rank(idx, m, mask, binom)
                start = offsets[s] + rank_s * lengths[s]
                length = lengths[s]
                below = count_below(values, start, length, value)
                not_above = count_not_above(values, start, length, value)
                sign = 1 - 2 * (s & 1)
                wins += sign * (length - not_above)
                ties += sign * (not_above - below)
            next_combination(idx, n, m)
        out[c, 0] = wins
        out[c, 1] = ties


def cost(n: int, k: int, m: int, split: bool = False) -> int:
    """Binary searches a count makes: villain completions times the sets S they hold (a
    split pot makes three times as many: headsup_split.py)."""
    searches = comb(n, m) * sum(comb(m, s) for s in range(min(k, m) + 1)) + comb(n, k) * 2**k
    return 3 * searches if split else searches


def stored_bytes(n: int, k: int, m: int, split: bool = False) -> int:
    """Memory a count keeps: the hero lists (8 bytes a value, three sets of lists for a
    split pot, which also keeps every villain completion's rank, 4 bytes)."""
    lists = comb(n, k) * 2**k * 8
    return 3 * lists + 4 * comb(n, m) if split else lists


def heads_up_counts(kind: int, pool, hero_known, villain_known, k: int, m: int,
                    progress=None) -> tuple[int, int, int]:
    """(deals, hero wins, ties) over every heads-up deal, counted exactly."""
    pool = np.asarray(pool, dtype=np.int64)
    n = len(pool)
    binom = binomial_table(n + 1, n + 1)
    offsets, lengths = list_layout(n, k)
    values = np.zeros(int(offsets[k + 1]), dtype=np.int64)

    hk, hs = key_and_suits(hero_known)
    vk, vs = key_and_suits(villain_known)
    hn, vn = len(hero_known), len(villain_known)
    fill_hero_lists(kind, pool, k, hk, hs, hn, binom, offsets, lengths, values)
    n_lists = np.array([comb(n, s) for s in range(k + 1)], dtype=np.int64)
    sort_lists(values, offsets, lengths, n_lists)
    n_villain = comb(n, m)
    masks = shared_masks(k, m)
    rounds = 16 if n_villain > 2_000_000 else 1
    bounds_all = np.array(
        [n_villain * i // (N_CHUNKS * rounds) for i in range(N_CHUNKS * rounds + 1)],
        dtype=np.int64,
    )
    wins = ties = 0
    for r in range(rounds):
        bounds = bounds_all[r * N_CHUNKS : (r + 1) * N_CHUNKS + 1]
        out = np.zeros((len(bounds) - 1, 2), dtype=np.int64)
        stream_villain(kind, pool, masks, m, vk, vs, vn, binom, offsets, lengths, values,
                       bounds, out)
        wins += int(out[:, 0].sum())
        ties += int(out[:, 1].sum())
        if progress is not None:
            progress((r + 1) / rounds)
    deals = comb(n, k) * comb(n - k, m)
    return deals, wins, ties
