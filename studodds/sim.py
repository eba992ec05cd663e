"""Monte Carlo dealing kernels: a partial Fisher-Yates shuffle per trial, in parallel chunks.

Reproducibility: the trials are split into a fixed number of chunks (N_CHUNKS, not the
thread count), each with its own random stream seeded from the user's seed, each writing
only its own tallies; the tallies are integers summed afterwards. So the same seed gives
the same numbers on 1, 2 or 64 threads.

The generator is SplitMix64 written out here (numba's np.random inside kernels measured
9x slower for dealing); one 64-bit output gives two card draws by Lemire's
multiply-shift on its two 32-bit halves (bias below 52/2**32, far under any error bar).

The pool need not be reset between trials: a partial Fisher-Yates pass over any
arrangement of the pool draws a uniformly random ordered sample.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from .config import NUMBA_OPTIONS
from .eval.kernels import CARD_KEY, value_packed
from .showdown import N_BINS, category_bin, settle

N_CHUNKS = 64

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
MIX1 = np.uint64(0xBF58476D1CE4E5B9)
MIX2 = np.uint64(0x94D049BB133111EB)
LOW32 = np.uint64(0xFFFFFFFF)


@nb.njit(inline="always", **NUMBA_OPTIONS)
def splitmix64(state):
    """(next state, 64 random bits)."""
    state = state + GOLDEN
    z = state
    z = (z ^ (z >> np.uint64(30))) * MIX1
    z = (z ^ (z >> np.uint64(27))) * MIX2
    return state, z ^ (z >> np.uint64(31))


@nb.njit(inline="always", **NUMBA_OPTIONS)
def deal_hand(base_key, base_packed, n_known, work, start, count, community_at):
    """Key, packed cards and size of a hand: known cards plus work[start:start+count]
    plus the community card work[community_at] when community_at >= 0."""
    key = base_key
    packed = base_packed
    n = n_known
    for d in range(count):
        c = work[start + d]
        key += CARD_KEY[c]
        packed |= np.int64(c) << (6 * n)
        n += 1
    if community_at >= 0:
        c = work[community_at]
        key += CARD_KEY[c]
        packed |= np.int64(c) << (6 * n)
        n += 1
    return key, packed, n


def make_monte_carlo_kernel(kind_a: int, kind_b: int, low_qualifies: bool):
    """The Monte Carlo kernel for one game's hand kinds (closure constants, see kernels.py).

    kind_b < 0: one kind takes the pot. Otherwise kind_a takes the high half, kind_b the
    low half, and low_qualifies says whether NO_LOW loses the low half.
    """
    split = kind_b >= 0
    a_is_low = kind_a != 0

    @nb.njit(**NUMBA_OPTIONS)
    def run_chunk(seed, trials, pool, base_key, base_packed, n_known, to_deal, offsets,
                  n_draws, community_at, with_distribution, tallies, distribution):
        n_players = base_key.shape[0]
        work = pool.copy()
        n_pool = work.shape[0]
        values_a = np.zeros(n_players, dtype=np.int64)
        values_b = np.zeros(n_players, dtype=np.int64)
        state = seed
        no_low = 0
        for _ in range(trials):
            i = 0
            while i < n_draws:
                state, bits = splitmix64(state)
                j = i + int(((bits & LOW32) * np.uint64(n_pool - i)) >> np.uint64(32))
                work[i], work[j] = work[j], work[i]
                i += 1
                if i < n_draws:
                    j = i + int(((bits >> np.uint64(32)) * np.uint64(n_pool - i)) >> np.uint64(32))
                    work[i], work[j] = work[j], work[i]
                    i += 1
            for p in range(n_players):
                key, packed, n = deal_hand(
                    base_key[p], base_packed[p], n_known[p], work, offsets[p], to_deal[p],
                    community_at,
                )
                values_a[p] = value_packed(kind_a, key, packed, n)
                if split:
                    values_b[p] = value_packed(kind_b, key, packed, n)
                if with_distribution:
                    distribution[p, category_bin(values_a[p], a_is_low)] += 1
                    if split:
                        distribution[p, category_bin(values_b[p], True)] += 1
            no_low += settle(values_a, values_b, n_players, split, low_qualifies, tallies)
        return no_low

    @nb.njit(parallel=True, **NUMBA_OPTIONS)
    def run(seeds, trials_per_chunk, pool, base_key, base_packed, n_known, to_deal, offsets,
            n_draws, community_at, with_distribution, tallies, distribution, no_low):
        for c in nb.prange(seeds.shape[0]):
            no_low[c] = run_chunk(
                seeds[c], trials_per_chunk[c], pool, base_key, base_packed, n_known, to_deal,
                offsets, n_draws, community_at, with_distribution, tallies[c], distribution[c],
            )

    return run


_KERNELS: dict[tuple[int, int, bool], object] = {}


def monte_carlo_kernel(kind_a: int, kind_b: int, low_qualifies: bool):
    key = (kind_a, kind_b, low_qualifies)
    if key not in _KERNELS:
        _KERNELS[key] = make_monte_carlo_kernel(*key)
    return _KERNELS[key]


def chunk_seeds(seed: int, round_index: int) -> np.ndarray:
    """N_CHUNKS independent 64-bit seeds for one round, from (seed, round) only."""
    return np.random.SeedSequence([seed, round_index]).generate_state(N_CHUNKS, dtype=np.uint64)


def split_trials(trials: int) -> np.ndarray:
    """Trials per chunk: as even as possible, the same for any thread count."""
    per = np.full(N_CHUNKS, trials // N_CHUNKS, dtype=np.int64)
    per[: trials % N_CHUNKS] += 1
    return per


def new_distribution(n_chunks: int, n_players: int) -> np.ndarray:
    return np.zeros((n_chunks, n_players, N_BINS), dtype=np.int64)
