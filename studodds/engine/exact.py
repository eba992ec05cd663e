"""Exact enumeration: every way the unseen cards can be dealt, each counted once.

A deal is a set of T = sum(to_deal) (+1 community) cards from the pool, and an
assignment of those cards to the players' unseen slots. Every deal is equally likely,
so the tallies over all deals, divided by their number, are the exact probabilities.
The sets are enumerated in lexicographic order, split into ranges by rank (unranked with
binomials) for the threads; the assignments are the distinct arrangements of the owner
labels (player p repeated to_deal[p] times, then the community), listed once up front.
With hole-card ranges, every joint choice of the ranged players' hole cards comes first,
and the rest of the deal is enumerated from the pool without them: the number of
completions is the same for every choice, so each deal stays equally likely.
"""

from __future__ import annotations

from itertools import pairwise
from math import comb, factorial

import numba as nb
import numpy as np

from ..config import NUMBA_OPTIONS
from ..eval.any_kind import strength_of_any_kind, value_of_strength
from ..eval.kernels import CARD_KEY, KIND_HIGH, suit_bit
from .kernel_args import (
    Declarations,
    Enumeration,
    KnownHands,
    PotKinds,
    Tallies,
    described_by,
)
from .pipeline import KERNEL_OPTIONS
from .showdown import NO_DECLARE, category_bin, reduce_outcomes, showdown_index

N_RANGES = 256  # work units: enough for load balance on many cores, fixed for any count


def count_assignments(to_deal, community: bool) -> int:
    total = sum(to_deal) + community
    n = factorial(total)
    for k in to_deal:
        n //= factorial(k)
    return n


def count_deals(pool_size: int, to_deal, community: bool) -> int:
    """The number of equally likely deals exact enumeration visits."""
    total = sum(to_deal) + community
    return comb(pool_size, total) * count_assignments(to_deal, community)


def assignments(to_deal, community: bool) -> np.ndarray:
    """Every distinct arrangement of owner labels: (n, T) int8, owner P = the community."""
    labels = [p for p, k in enumerate(to_deal) for _ in range(k)]
    if community:
        labels.append(len(to_deal))
    out: list[list[int]] = []

    def place(prefix, remaining):
        if not any(remaining.values()):
            out.append(prefix)
            return
        for owner in sorted(remaining):
            if remaining[owner]:
                remaining[owner] -= 1
                place(prefix + [owner], remaining)
                remaining[owner] += 1

    counts: dict[int, int] = {}
    for owner in labels:
        counts[owner] = counts.get(owner, 0) + 1
    place([], counts)
    return np.array(out, dtype=np.int8).reshape(len(out), len(labels))


def binomial_table(n: int, k: int) -> np.ndarray:
    """table[i, j] = C(i, j) for i <= n, j <= k (0 where j > i)."""
    table = np.zeros((n + 1, k + 1), dtype=np.int64)
    for i in range(n + 1):
        for j in range(min(i, k) + 1):
            table[i, j] = comb(i, j)
    return table


@nb.njit(inline="always", **NUMBA_OPTIONS)
def unrank_combination(rank, n, k, binom, out):
    """out[:k] = the rank-th k-subset of range(n) in lexicographic order."""
    left = rank  # never assign to the argument: inlined into a loop it may be the loop index
    x = 0
    for i in range(k):
        while left >= binom[n - 1 - x, k - 1 - i]:
            left -= binom[n - 1 - x, k - 1 - i]
            x += 1
        out[i] = x
        x += 1


@nb.njit(inline="always", **NUMBA_OPTIONS)
def next_combination(idx, n, k):
    i = k - 1
    while i >= 0 and idx[i] == n - k + i:
        i -= 1
    if i < 0:
        return False
    idx[i] += 1
    for j in range(i + 1, k):
        idx[j] = idx[j - 1] + 1
    return True


def make_exact_kernel(split: bool, declare_mode: int = NO_DECLARE):
    """The enumeration kernel for every game with one pot (split False) or every split-pot
    game, the hand kinds arguments (as in sim.make_monte_carlo_kernel, the hands compared
    by their strengths, eval.any_kind.STRENGTHS); declare_mode as there. Its arguments are
    the fields of the run's bundles (kernel_args.py), handed over by name:
    run(first_unit, last_unit, *kernel_arguments(run, kinds, known, enumeration, counts,
    declared))."""

    # One serial function over units first..last-1, the range loop inside (see sim.py for
    # why); chunked.run_chunked gives the units to the threads.
    @nb.njit(**KERNEL_OPTIONS)
    @described_by(PotKinds, KnownHands, Enumeration, Tallies, Declarations)
    def run(first_unit, last_unit, strengths, kind_a, kind_b, low_qualifies, base_key,
            known_suits, n_known, units, joint, hole_start, hole_length, pool, n_draws, binom,
            patterns, tallies, no_low, distribution, with_distribution, declarations,
            decl_player, decl_tallies):
        """Enumerate work units first_unit..last_unit-1, each deal of each unit counted
        once into the unit's own rows (chunked.run_chunked cuts the units among the
        threads; runs.run_exact hands the bundles over, kernel_arguments).

        Parameters
        ----------
        first_unit : int
            The first work unit to enumerate.
        last_unit : int
            One past the last work unit to enumerate.
        """
        a_is_low = kind_a != KIND_HIGH
        n_players = base_key.shape[0]
        width = joint.shape[1]
        split_flag = (n_players < 0) | split  # a runtime bool: see sim.py
        for u in range(first_unit, last_unit):
            j, first, last = units[u, 0], units[u, 1], units[u, 2]
            # This unit's joint choice of ranged hole cards, and the pool without them.
            used = np.int64(0)
            for t in range(width):
                used |= np.int64(1) << joint[j, t]
            rest = np.zeros(pool.shape[0] - width, dtype=np.int64)
            n_rest = 0
            for i in range(pool.shape[0]):
                if not (used >> pool[i]) & 1:
                    rest[n_rest] = pool[i]
                    n_rest += 1
            hole_keys = np.zeros(n_players, dtype=np.int64)
            hole_suits = np.zeros(n_players, dtype=np.int64)
            for p in range(n_players):
                for t in range(hole_length[p]):
                    card = joint[j, hole_start[p] + t]
                    hole_keys[p] += CARD_KEY[card]
                    hole_suits[p] |= suit_bit(card)
            idx = np.zeros(max(n_draws, 1), dtype=np.int64)
            keys = np.zeros(n_players, dtype=np.int64)
            suits = np.zeros(n_players, dtype=np.int64)
            sizes = np.zeros(n_players, dtype=np.int64)
            values_a = np.zeros(n_players, dtype=np.int64)
            values_b = np.zeros(n_players, dtype=np.int64)
            outcomes = np.zeros(1 << (2 * n_players if split else n_players), dtype=np.int64)
            unrank_combination(first, n_rest, n_draws, binom, idx)
            for _ in range(last - first):
                for q in range(patterns.shape[0]):
                    for p in range(n_players):
                        keys[p] = base_key[p] + hole_keys[p]
                        suits[p] = known_suits[p] | hole_suits[p]
                        sizes[p] = n_known[p] + hole_length[p]
                    for s in range(n_draws):
                        c = rest[idx[s]]
                        owner = patterns[q, s]
                        for p in range(n_players):
                            if owner == p or owner == n_players:
                                keys[p] += CARD_KEY[c]
                                suits[p] |= suit_bit(c)
                                sizes[p] += 1
                    best_a, best_b = -1, -1
                    for p in range(n_players):  # values: the hands' strengths (any_kind)
                        value_a = strength_of_any_kind(strengths, kind_a, keys[p], suits[p],
                                                       sizes[p])
                        values_a[p] = value_a
                        best_a = max(best_a, value_a)
                        if split:
                            value_b = strength_of_any_kind(strengths, kind_b, keys[p],
                                                           suits[p], sizes[p])
                            values_b[p] = value_b
                            best_b = max(best_b, value_b)
                        if with_distribution:
                            final = value_of_strength(kind_a, value_a)
                            distribution[u, p, category_bin(final, a_is_low)] += 1
                            if split:
                                final = value_of_strength(kind_b, value_b)
                                distribution[u, p, category_bin(final, True)] += 1
                    index = showdown_index(values_a, values_b, best_a, best_b, n_players,
                                           split, low_qualifies, declare_mode, declarations,
                                           decl_player, decl_tallies[u])
                    outcomes[index] += 1
                next_combination(idx, n_rest, n_draws)
            no_low[u] = reduce_outcomes(outcomes, n_players, split_flag, tallies[u])

    return run


_KERNELS: dict[tuple[bool, int], object] = {}


def exact_kernel(split: bool, declare_mode: int = NO_DECLARE):
    key = (split, declare_mode)
    if key not in _KERNELS:
        _KERNELS[key] = make_exact_kernel(*key)
    return _KERNELS[key]


def work_units(n_joint: int, n_sets: int, n_ranges: int = N_RANGES) -> np.ndarray:
    """(joint choice, first set rank, last set rank) rows: about n_ranges units in all,
    each joint choice's card sets split into contiguous rank ranges (none empty)."""
    parts = max(1, -(-n_ranges // n_joint))
    rows = []
    for j in range(n_joint):
        bounds = sorted({n_sets * r // parts for r in range(parts + 1)})
        rows += [(j, a, b) for a, b in pairwise(bounds)]
    return np.array(rows, dtype=np.int64).reshape(len(rows), 3)
