"""The Monte Carlo random stream (studodds/engine/sim.py) tested directly, at fixed seeds.

Monte Carlo against exact (tests/test_equity.py, tests/test_ranges.py) allows 4 standard
errors at 2e5-3e5 trials: about 6% relative on a 1-in-44 event, so a shuffle that never
leaves a card in place, or chunks that replay each other, pass there. These tests count
the stream's own outputs, millions per test through small numba drivers (each test well
under a second once compiled), and catch biases far below that:

* the dealing kernel (partial_shuffle) puts each card in each dealt place 1/n of the time,
  and one trial's cards say nothing about the next trial's;
* the chunks' streams (sim.chunk_seeds) are distinct, do not overlap and are uncorrelated;
* the ranged players' joint hole cards are uniform over the joint choices, listed or
  redrawn, and the exact integer draw behind them (uniform_below) has no bias at all.

Thresholds: a chi-square statistic must stay below its upper 1e-6 quantile (Wilson-Hilferty
approximation); a correct stream fails with probability about 1e-6 per check, and the seeds
are fixed, so each check either always passes or always fails.

Each test plants no bug itself; the mutants they were checked against (each fails here
and passes every Monte Carlo-vs-exact test): Fisher-Yates drawing j from [i+1, n); chunk
seeds without the round; chunks stepping one stream; the row drawn by multiply-shift
without rejection; a redraw that forgets an earlier clash; a listed row never drawn.
"""

from __future__ import annotations

import importlib
from itertools import product
from math import sqrt

import numba as nb
import numpy as np
import pytest

from studodds.engine import sim
from studodds.engine.inputs import EngineInputs
from studodds.engine.sim import (
    card_of,
    dealing_pool,
    draw_joint_choice,
    partial_shuffle,
    uniform_below,
)
from studodds.scenario import build_scenario

# The module (the package re-exports the function equity under the same name).
equity_module = importlib.import_module("studodds.equity")

Z_LIMIT = 4.753  # the standard normal's upper 1e-6 quantile


def chi_square_limit(df: int, z: float = Z_LIMIT) -> float:
    """Upper quantile of chi-square with df degrees of freedom (Wilson-Hilferty: generous at
    small df, 30.3 against the exact 27.6 at df = 2 for 1e-6, and close for large df)."""
    h = 2.0 / (9.0 * df)
    return df * (1.0 - h + z * sqrt(h)) ** 3


def chi_square(counts: np.ndarray, expected: float | np.ndarray) -> float:
    counts = np.asarray(counts, dtype=np.float64)
    return float(((counts - expected) ** 2 / expected).sum())


# --------------------------------------------------------------------------- the dealing


@nb.njit
def _place_counts(pool, k, trials, seed, reset, track):
    """counts[card, place]: how often each card of a pool of n was dealt to each of the
    first k places. reset: start every trial from the same order (the kernel does not
    reset; uniformity must not depend on it). track: the range path's variant, which also
    keeps pos[card] = place (checked after every trial)."""
    n = pool.shape[0]
    work = pool.copy()
    pos = np.zeros(64, dtype=np.int64)
    for i in range(n):
        pos[i] = i
    counts = np.zeros((n, k), dtype=np.int64)
    state = np.uint64(seed)
    bad_pos = 0
    for _ in range(trials):
        if reset:
            work[:] = pool
            for i in range(n):
                pos[i] = i
        state = partial_shuffle(work, k, n, state, pos, track)
        for i in range(k):
            counts[card_of(work[i]), i] += 1
        if track:
            for i in range(n):
                if pos[card_of(work[i])] != i:
                    bad_pos += 1
    return counts, bad_pos


@pytest.mark.parametrize("n, k, trials, seed", [
    (8, 5, 2_000_000, 1),  # odd k: the last card from its own output
    (44, 14, 2_000_000, 2),  # heads-up stud7 on 3rd street: 14 cards from 44
    (33, 32, 1_000_000, 3),  # all but one: the small ranges at the end of the pool
])
@pytest.mark.parametrize("reset, track", [(True, False), (False, False), (True, True)])
def test_every_card_lands_in_every_dealt_place_equally_often(n, k, trials, seed, reset, track):
    """Chi-square over the n x k (card, place) counts, each expected trials / n.

    A card that may never stay in its place (Fisher-Yates drawing j from [i+1, n) instead
    of [i, n)) leaves k cells empty when every trial starts from the same order: a
    chi-square of about k * trials / n against a limit near k * (n - 1). (One trial's cells
    are not independent, a card fills one place: the statistic's variance measured 80
    against 2 df = 70 for 8 cards, 5 places; the limit still sits 4.4 SD above the mean.)

    The in-place count alone, summed over the k places, has a relative standard error of
    sqrt(n / (k * trials)): 0.13% for 44 cards, so the 4.75-SE limit is 0.6%, against 6% for
    a 1-in-44 event at 4 SE in a 2e5-trial Monte Carlo. Without a reset the pool keeps
    moving and the mutant's counts look uniform: test_consecutive_trials_are_independent.
    """
    counts, bad_pos = _place_counts(dealing_pool(range(n)), k, trials, seed, reset, track)
    assert bad_pos == 0  # the range path's positions follow every swap
    assert (counts.sum(axis=0) == trials).all()
    stat = chi_square(counts, trials / n)
    assert stat < chi_square_limit(k * (n - 1)), (stat, k * (n - 1))
    if reset:
        stayed = int(np.trace(counts[:k, :k]))
        expected = k * trials / n
        assert abs(stayed - expected) < Z_LIMIT * sqrt(expected), (stayed, expected)


@nb.njit
def _consecutive_first_cards(pool, k, trials, seed):
    """counts[a, b]: the card dealt first in one trial (a) against the next trial's (b),
    the pool not reset in between, as the kernel deals."""
    n = pool.shape[0]
    work = pool.copy()
    pos = np.zeros(64, dtype=np.int64)
    counts = np.zeros((n, n), dtype=np.int64)
    state = np.uint64(seed)
    state = partial_shuffle(work, k, n, state, pos, False)
    last = card_of(work[0])
    for _ in range(trials):
        state = partial_shuffle(work, k, n, state, pos, False)
        first = card_of(work[0])
        counts[last, first] += 1
        last = first
    return counts


@pytest.mark.parametrize("n, k, seed", [(10, 3, 4), (44, 14, 5)])
def test_consecutive_trials_are_independent(n, k, seed):
    """Without a reset each trial starts where the last one left the pool; a partial
    Fisher-Yates still makes every ordered sample equally likely, so the next first card
    is uniform whatever the last one was (n x n chi-square, each cell trials / n**2). A
    shuffle that never leaves a card in place empties the diagonal here, where the counts
    of places alone would not see it (the pool keeps moving)."""
    trials = 3_000_000
    counts = _consecutive_first_cards(dealing_pool(range(n)), k, trials, seed)
    stat = chi_square(counts, trials / n**2)
    assert stat < chi_square_limit(n * n - 1), (stat, n * n - 1)


# --------------------------------------------------------------------------- the chunks

STEP = int(sim.WY_STEP)
STEP_INVERSE = pow(STEP, -1, 1 << 64)


@nb.njit
def _first_outputs(seeds, count):
    """The first count outputs of each seed's wyrand stream, as uniforms in [0, 1)."""
    out = np.zeros((seeds.shape[0], count), dtype=np.float64)
    for c in range(seeds.shape[0]):
        state = seeds[c]
        for t in range(count):
            state, bits = sim.wyrand(state)
            out[c, t] = (bits >> np.uint64(11)) * (1.0 / 9007199254740992.0)
    return out


def test_chunk_seeds_are_distinct_across_chunks_rounds_and_user_seeds():
    seeds = [int(s) for user in (0, 1, 2, 1 << 62) for r in range(100)
             for s in sim.chunk_seeds(user, r)]
    assert len(seeds) == 4 * 100 * sim.N_CHUNKS
    assert len(set(seeds)) == len(seeds)


def test_chunk_streams_do_not_overlap():
    """wyrand from seed s steps its state s, s + G, s + 2G, ... (G its odd Weyl step): two
    chunks' streams overlap exactly when their seeds lie within the outputs a chunk uses
    of each other on that line, s * G**-1 mod 2**64. A chunk of a round (at most
    ROUND_SIZE / N_CHUNKS = 62,500 trials of a few dozen outputs) uses far fewer than
    2**32 outputs; 64 rounds (256 M trials) of chunks all lie further apart than that.
    Seeds that stepped the same stream (s + c * G) would lie 1 apart."""
    for user in (0, 20240601):
        places = sorted(int(s) * STEP_INVERSE % (1 << 64)
                        for r in range(64) for s in sim.chunk_seeds(user, r))
        gaps = np.diff(np.array(places + [places[0] + (1 << 64)], dtype=object))
        assert min(gaps) > 1 << 32, (user, min(gaps))


def test_chunk_streams_are_uncorrelated():
    """Two tests of the same thing: the first outputs of the 64 chunks over 3,000 rounds
    (their correlations across rounds), and each chunk's first 20,000 outputs against
    every other chunk's, in one round. Each correlation is about normal with SD 1/sqrt(N);
    the largest of 2,016 pairs stays under 5.5 SD (a 1e-5 chance for independent
    streams). Chunks seeded alike would correlate 1."""
    rounds = 3000
    first = np.array([_first_outputs(sim.chunk_seeds(7, r), 1)[:, 0] for r in range(rounds)])
    r_first = np.corrcoef(first.T)
    off = ~np.eye(sim.N_CHUNKS, dtype=bool)
    assert np.abs(r_first[off]).max() < 5.5 / sqrt(rounds)
    assert abs(first.mean() - 0.5) < 5 * sqrt(1 / 12 / first.size)
    length = 20_000
    streams = _first_outputs(sim.chunk_seeds(7, 0), length)
    r_streams = np.corrcoef(streams)
    assert np.abs(r_streams[off]).max() < 5.5 / sqrt(length)


# --------------------------------------------------------------------------- ranged hole cards


@nb.njit
def _below_mod(n, modulus, trials, seed):
    """counts[v % modulus] over trials draws v = uniform_below(n)."""
    counts = np.zeros(modulus, dtype=np.int64)
    state = np.uint64(seed)
    for _ in range(trials):
        state, v = uniform_below(state, n)
        counts[v % modulus] += 1
    return counts


@pytest.mark.parametrize("n, modulus", [
    (3 << 30, 3),  # 2**32 / n = 4/3: multiply-shift alone gives residues 1/2, 1/4, 1/4
    ((1 << 32) - 5, 2),  # rejection needed only for 5 values of 2**32
    (1_000_000, 7),  # the largest listed joint table
    (52, 52),
])
def test_uniform_below_is_uniform(n, modulus):
    """uniform_below is what makes the joint draw exact. Its bias without the rejection
    step is below n / 2**32: 2.3e-4 relative at a million listed rows, far too small for
    any sample here to see, so it is tested where that bias is large (n = 3 * 2**30),
    which needs the same rejection step to come out uniform."""
    trials = 3_000_000
    counts = _below_mod(n, modulus, trials, 11)
    assert counts.sum() == trials
    expected = np.array([len(range(m, n, modulus)) for m in range(modulus)]) * trials / n
    stat = chi_square(counts, expected)
    assert stat < chi_square_limit(modulus - 1), (stat, counts)


NO_WEIGHTS = np.zeros(0)  # empty running sums: the kernel's cue to draw uniformly


@nb.njit
def _draw_joint_choices(trials, seed, joint_choices, range_start, range_count, combo_mask,
                        joint_cum=NO_WEIGHTS, combo_cum=NO_WEIGHTS):
    """Each trial's chosen combination per range, drawn as the kernel draws them."""
    n_ranges = range_start.shape[0]
    chosen = np.zeros(max(n_ranges, 1), dtype=np.int64)
    out = np.zeros((trials, n_ranges), dtype=np.int64)
    state = np.uint64(seed)
    for t in range(trials):
        state = draw_joint_choice(state, joint_choices, joint_cum, range_start, range_count,
                                  combo_cum, combo_mask, chosen)
        for r in range(n_ranges):
            out[t, r] = chosen[r]
    return out


# Three players whose ranges compete for the same aces and kings: 12 pairs each, and of
# the 12**3 = 1,728 choices of one pair per range only 216 use no card twice (two players
# share the four aces, the third holds kings, or the other way round: 2 * 3 * 6 * 6).
COMPETING = ("stud7", ["(A? A? | K? K?) 2c 3d 4h 5s", "(A? A? | K? K?) 6c 7d 8h 9s",
                       "(A? A? | K? K?) Tc Jd 2h 3s"], "")
N_COMPETING = 216


def competing_inputs(joint_cap: int):
    game, hands, dead = COMPETING
    return EngineInputs(build_scenario(game, hands, dead), joint_cap=joint_cap)


def independent_joint_choices(inputs) -> set[tuple[int, ...]]:
    """Every choice of one combination per range that uses no card twice, from the
    combination masks alone (not EngineInputs.joint_rows, whose table is under test)."""
    per_range = [range(int(s), int(s) + int(c))
                 for s, c in zip(inputs.range_start, inputs.range_count, strict=True)]
    choices = set()
    for choice in product(*per_range):
        masks = [int(inputs.combo_mask[k]) for k in choice]
        if sum(m.bit_count() for m in masks) == np.bitwise_or.reduce(masks).bit_count():
            choices.add(choice)
    return choices


def assert_uniform_over(drawn: np.ndarray, support: set[tuple[int, ...]]) -> None:
    """Every draw is a valid joint choice, and each is drawn equally often."""
    rows, counts = np.unique(drawn, axis=0, return_counts=True)
    outside = {tuple(int(x) for x in row) for row in rows} - support
    assert not outside, f"{len(outside)} joint choices share a card, e.g. {min(outside)}"
    full = np.zeros(len(support), dtype=np.int64)
    full[: len(counts)] = counts  # choices never drawn count 0
    stat = chi_square(full, len(drawn) / len(support))
    assert stat < chi_square_limit(len(support) - 1), (stat, len(support))


def test_listed_joint_choices_are_drawn_uniformly():
    inputs = competing_inputs(equity_module.MAX_JOINT_COMBINATIONS)
    support = independent_joint_choices(inputs)
    assert len(support) == N_COMPETING
    rows = inputs.joint_rows
    assert rows is not None and len(rows) == len(support) == len(inputs.joint_choices)
    assert {tuple(int(x) for x in row) for row in inputs.joint_choices} == support
    drawn = _draw_joint_choices(2_000_000, 13, inputs.joint_choices, inputs.range_start,
                                inputs.range_count, inputs.combo_mask)
    assert_uniform_over(drawn, support)


def test_redrawn_joint_choices_are_drawn_uniformly():
    """Past the listing cap (forced low here, as equity() would meet it) no table is
    listed and each range is drawn on its own until no two share a card. The draws must
    be the same uniform joint choice: with three ranges, a clash between the first two
    that the third does not repeat must still send the draw round again."""
    inputs = competing_inputs(10)
    support = independent_joint_choices(inputs)
    assert len(support) > 10
    assert inputs.joint_rows is None
    assert inputs.joint_choices.shape[0] == 0  # the kernel's cue to redraw
    assert len(support) == N_COMPETING
    assert [int(c) for c in inputs.range_count] == [12, 12, 12]  # 7 draws in 8 clash
    drawn = _draw_joint_choices(1_000_000, 17, inputs.joint_choices, inputs.range_start,
                                inputs.range_count, inputs.combo_mask)
    assert_uniform_over(drawn, support)


# The same competing ranges with weights (ranges.py): a joint choice's chance is
# proportional to the product of its combinations' weights.
WEIGHTED = ("stud7", ["(A? A?:0.3 | K? K?) 2c 3d 4h 5s", "(A? A? | K? K?:0.5) 6c 7d 8h 9s",
                      "(A? A?:0.2 | K? K?) Tc Jd 2h 3s"], "")


def assert_weighted_over(drawn: np.ndarray, inputs, support: set[tuple[int, ...]]) -> None:
    """Every draw is a valid joint choice, each as often as its weight's share."""
    flat = np.concatenate([np.asarray(r.weights) for r in inputs.ranges])
    weight = {choice: float(np.prod(flat[list(choice)])) for choice in support}
    total = sum(weight.values())
    rows, counts = np.unique(drawn, axis=0, return_counts=True)
    seen = {tuple(int(x) for x in row): int(n) for row, n in zip(rows, counts, strict=True)}
    assert not set(seen) - support
    order = sorted(support)
    observed = np.array([seen.get(c, 0) for c in order], dtype=np.float64)
    expected = np.array([len(drawn) * weight[c] / total for c in order])
    stat = chi_square(observed, expected)
    assert stat < chi_square_limit(len(support) - 1), stat


@pytest.mark.parametrize("listed", [True, False])
def test_weighted_joint_choices_are_drawn_by_weight(listed):
    game, hands, dead = WEIGHTED
    inputs = EngineInputs(build_scenario(game, hands, dead),
                          joint_cap=equity_module.MAX_JOINT_COMBINATIONS if listed else 10)
    support = independent_joint_choices(inputs)
    assert len(support) == N_COMPETING and (inputs.joint_rows is not None) == listed
    assert len(inputs.joint_cum) == (N_COMPETING if listed else 0) and len(inputs.combo_cum)
    drawn = _draw_joint_choices(1_000_000, 19, inputs.joint_choices, inputs.range_start,
                                inputs.range_count, inputs.combo_mask, inputs.joint_cum,
                                inputs.combo_cum)
    assert_weighted_over(drawn, inputs, support)
