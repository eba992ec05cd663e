"""Running the kernels: exact counting (heads-up), enumeration and Monte Carlo, each
returning integer tallies; the Monte Carlo rounds stop at a trial count or a precision."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..config import announce_compile
from ..eval.kernels import KIND_HIGH, KIND_LOW_8, KIND_LOW_A5
from ..scenario import Scenario
from . import exact as exact_engine
from . import headsup, headsup_kernels, headsup_split, sim
from .chunked import run_chunked
from .inputs import EngineInputs
from .kernel_args import Declarations, Enumeration, Tallies, TrialChunks, kernel_arguments
from .showdown import (
    DECLARE_MANY,
    DECLARE_ONE,
    N_BINS,
    N_DECLARE_TALLIES,
    N_TALLIES,
    NO_DECLARE,
    POT_UNITS,
    SHARE,
    SHARE_SQ,
    TIE,
    WIN,
    reduce_outcomes,
    settle_declared_outcomes,
)

MAX_TRIALS = 2_000_000_000

# Sampling to a precision: the first round measures the variance, the next is sized from
# it to land just past the target (MARGIN), and a round that falls short is followed by
# one sized the same way. The first round is at most FIRST_ROUND and a quarter of what the
# largest variance (1/4) would need (precision 0.001: 62,501 trials, where a round of
# 200,000 was already 80% past what a typical spot needs); a quarter still measures the
# variance to well under 1%, which MARGIN covers.
FIRST_ROUND = 200_000
MIN_FIRST_ROUND = 16_384  # 256 trials a chunk: enough to measure a variance by
MIN_ROUND = 1_024  # a round just short of the target needs only a few trials more
MARGIN = 1.02

ROUND_SIZE = 4_000_000  # trials between progress updates and precision checks


@dataclass(frozen=True)
class DeclarationRows:
    """Many declaration rows settled in one pass (declare.py): one player's share of the
    pot is tallied for every row. rows: (n_rows, players) codes of DECLARATIONS."""

    rows: np.ndarray
    player: int  # 0-based


class Declare:
    """The declaration arguments of a kernel run: mode, rows and the player tallied."""

    def __init__(self, n_players: int, one: Sequence[int] | None,
                 many: DeclarationRows | None):
        if one is not None and many is not None:
            raise ValueError("give one row of declarations or many rows, not both")
        if many is not None:
            self.mode = DECLARE_MANY
            self.rows = np.ascontiguousarray(many.rows, dtype=np.int64)
            self.player = many.player
        elif one is not None:
            self.mode = DECLARE_ONE
            self.rows = np.array([list(one)], dtype=np.int64)
            self.player = 0
        else:
            self.mode = NO_DECLARE
            self.rows = np.zeros((1, n_players), dtype=np.int64)
            self.player = 0

    def new_tallies(self, n_chunks: int) -> np.ndarray:
        return np.zeros((n_chunks, len(self.rows), N_DECLARE_TALLIES), dtype=np.int64)

    def bundle(self, tallies: np.ndarray) -> Declarations:
        """The declarations as the kernels take them, with the run's tallies of them."""
        return Declarations(declarations=self.rows, decl_player=self.player,
                            decl_tallies=tallies)


def _swap_players(outcomes: np.ndarray) -> np.ndarray:
    """Heads-up outcome counts with players 1 and 2 exchanged in both winner masks."""
    swap = (0, 2, 1, 3)  # a 2-bit mask with its bits exchanged
    out = np.zeros_like(outcomes)
    for index, count in enumerate(outcomes):
        out[swap[index >> 2] << 2 | swap[index & 3]] += count
    return out


def count_heads_up(inputs: EngineInputs, scenario: Scenario, declare: Declare | None = None,
                   progress=None):
    """Tallies of an exact heads-up count (headsup.py), as the enumerator would give them.

    The counting stores lists for its "hero" side, 2**k values per completion of k cards:
    the player with fewer cards to come takes that side ("(x x) Ah" against a known hand
    would store 6 GB as the hero, 25 MB as the villain); the rows are swapped back.
    """
    declare = declare or Declare(2, None, None)
    swap = scenario.to_deal[0] > scenario.to_deal[1]
    order = (1, 0) if swap else (0, 1)
    hero_known, villain_known = [scenario.known[p] for p in order]
    k, m = [scenario.to_deal[p] for p in order]
    tallies = np.zeros((2, N_TALLIES), dtype=np.int64)
    decl = declare.new_tallies(1)[0]
    no_low = 0
    announce_compile(headsup_kernels.count_streamed, "exact heads-up odds", (2, 6))
    if inputs.kind_b >= 0:
        outcomes = headsup_split.split_outcomes(
            inputs.kind_a, inputs.kind_b, inputs.low_qualifies, scenario.pool, hero_known,
            villain_known, k, m, progress,
        )
        if swap:
            outcomes = _swap_players(outcomes)
        if declare.mode == DECLARE_MANY:
            for v, row in enumerate(declare.rows):
                decl[v] = _player_tallies(settle_declared_outcomes(outcomes, 2, row),
                                          declare.player)
        if declare.mode == DECLARE_ONE:
            outcomes = settle_declared_outcomes(outcomes, 2, declare.rows[0])
        no_low = int(reduce_outcomes(outcomes, 2, True, tallies))
        # The squares of the shares are for Monte Carlo's standard errors; summed over 1e12
        # counted deals they would overflow int64, and an exact result has no error.
        tallies[:, SHARE_SQ] = 0
        decl[:, 1] = 0
    else:
        deals, wins, ties = headsup.heads_up_counts(
            inputs.kind_a, scenario.pool, hero_known, villain_known, k, m, progress,
        )
        tallies = _heads_up_tallies(deals, wins, ties, 0)
        if swap:
            tallies = tallies[::-1].copy()
    return tallies, no_low, np.zeros((2, N_BINS), dtype=np.int64), decl


def count_heads_up_by_card(scenario: Scenario, player: int, kind: int, progress=None):
    """Every next card for `player` (0-based) counted in one pass (headsup.count_against
    by_card, the player on the streamed side): {card: tallies, as count_heads_up gives
    them for the table once that card has come to the player}, and the tallies now.

    The deals where the card comes next to the player are the deals where it is among
    the player's cards to come (each completion holding it counts the same), and the
    tallies now are the sum over the cards divided by the player's cards to come."""
    other = 1 - player
    pool = np.asarray(scenario.pool, dtype=np.int64)
    n = len(pool)
    k, m = scenario.to_deal[other], scenario.to_deal[player]
    _, _, _, by_card = headsup.count_against(
        kind, pool, scenario.known[other], scenario.known[player], k, m, by_card=True,
        progress=progress,
    )
    deals = math.comb(n - 1, m - 1) * math.comb(n - m, k)
    results = {}
    for i, card in enumerate(scenario.pool):
        wins, ties = by_card[i]
        results[int(card)] = _heads_up_tallies(deals, int(wins), int(ties), other)
    now = sum(results.values()) // m
    return results, now


def _heads_up_tallies(deals: int, wins: int, ties: int, winner: int) -> np.ndarray:
    """Tallies of two players when player `winner` (0-based) wins `wins` of the deals and
    ties `ties`: wins, ties and pot shares, as count_heads_up fills them."""
    tallies = np.zeros((2, N_TALLIES), dtype=np.int64)
    losses = deals - wins - ties
    for p, won in ((winner, wins), (1 - winner, losses)):
        tallies[p, WIN] = won
        tallies[p, TIE] = ties
        tallies[p, SHARE] = won * POT_UNITS + ties * (POT_UNITS // 2)
    return tallies


def _player_tallies(outcomes: np.ndarray, player: int) -> np.ndarray:
    """One player's declare tallies (share, -, whole pot, part) from outcome counts."""
    tallies = np.zeros((2, N_TALLIES), dtype=np.int64)
    reduce_outcomes(outcomes, 2, True, tallies)
    t = tallies[player]
    return np.array([t[SHARE], 0, t[WIN], t[TIE]], dtype=np.int64)


def run_exact(inputs: EngineInputs, joint, n_deals: int, with_distribution: bool,
              declare: Declare | None = None, progress=None):
    """Enumerate: for every joint choice of ranged hole cards (one empty choice without
    ranges), every set of the remaining unseen cards and every way to hand them out."""
    declare = declare or Declare(len(inputs.base_key), None, None)
    kernel = exact_engine.exact_kernel(inputs.kind_b >= 0, declare.mode)
    announce_compile(kernel, "exact odds (every deal counted)", (2, 6))
    patterns = exact_engine.assignments(list(inputs.to_deal), inputs.community)
    if joint is None:
        joint = np.zeros((1, 0), dtype=np.int64)
    hole_start, hole_length = inputs.hole_slices()
    n_rest = len(inputs.pool) - joint.shape[1]
    n_sets = math.comb(n_rest, inputs.n_draws)
    binom = exact_engine.binomial_table(n_rest, max(inputs.n_draws, 1))
    n_players = len(inputs.base_key)
    kinds, known = inputs.pot_kinds(), inputs.known_hands()
    # Weighted ranges: each joint choice's tallies count by its weight (mean 1, so the
    # sums still divide by the number of deals); unweighted, integers as always.
    weight = inputs.joint_weight
    kind = np.int64 if weight is None else np.float64
    tallies = np.zeros((n_players, N_TALLIES), dtype=kind)
    dist = np.zeros((n_players, N_BINS), dtype=kind)
    decl = declare.new_tallies(1)[0].astype(kind)
    no_low: int | float = 0  # a float when the deals are weighed
    # Work units (joint choice, range of card sets), in rounds so a long enumeration can
    # report progress; the cut depends only on the deal count, so the answer never does
    # (integer sums; weighted sums add the same units in the same order).
    units = exact_engine.work_units(len(joint), n_sets)
    n_rounds = max(1, min(64, n_deals * len(declare.rows) // 50_000_000, len(units)))
    for r in range(n_rounds):
        sub = units[len(units) * r // n_rounds : len(units) * (r + 1) // n_rounds]
        t = np.zeros((len(sub), n_players, N_TALLIES), dtype=np.int64)
        d = np.zeros((len(sub), n_players, N_BINS), dtype=np.int64)
        nl = np.zeros(len(sub), dtype=np.int64)
        dt = declare.new_tallies(len(sub))
        enumeration = Enumeration(units=sub, joint=joint, hole_start=hole_start,
                                  hole_length=hole_length, pool=inputs.pool,
                                  n_draws=inputs.n_draws, binom=binom, patterns=patterns)
        counts = Tallies(tallies=t, no_low=nl, distribution=d,
                         with_distribution=with_distribution)
        run_chunked(kernel, len(sub), *kernel_arguments(kernel, kinds, known, enumeration,
                                                        counts, declare.bundle(dt)))
        if weight is None:
            tallies += t.sum(axis=0)
            dist += d.sum(axis=0)
            decl += dt.sum(axis=0)
            no_low += int(nl.sum())
        else:
            w = weight[sub[:, 0]]  # each unit's joint choice's weight
            tallies += np.tensordot(w, t, axes=1)
            dist += np.tensordot(w, d, axes=1)
            decl += np.tensordot(w, dt, axes=1)
            no_low += float(w @ nl)
        if progress is not None:
            progress((r + 1) / n_rounds)
    decl[:, 1] = 0  # exact: no standard error (and the squares could overflow)
    return tallies, no_low, dist, decl


def run_monte_carlo(inputs: EngineInputs, seed: int, trials, precision, with_distribution,
                    declare: Declare, progress):
    split = inputs.kind_b >= 0
    # The split kernel takes high for granted, and a low that never counts flushes.
    assert not split or (inputs.kind_a == KIND_HIGH
                         and inputs.kind_b in (KIND_LOW_A5, KIND_LOW_8))
    kernel = sim.monte_carlo_kernel(split, bool(inputs.ranges), declare.mode)
    announce_compile(kernel, "sampled odds", (3, 12))
    kinds, known = inputs.pot_kinds(), inputs.known_hands()
    dealing, ranges = inputs.dealing(), inputs.hole_ranges()
    n_players = len(inputs.base_key)
    tallies = np.zeros((n_players, N_TALLIES), dtype=np.int64)
    dist = np.zeros((n_players, N_BINS), dtype=np.int64)
    decl = declare.new_tallies(1)[0]
    no_low = 0
    done = 0
    round_index = 0
    target = trials if trials is not None else None
    # The precision is that of the equities reported: every player's, or with many
    # declaration rows the tallied player's under every row.
    many = declare.mode == DECLARE_MANY
    while True:
        se = _declare_se(decl, done) if many else _equity_se(tallies, done)
        if target is not None:
            size = min(ROUND_SIZE, target - done)
        else:
            size = _next_round_size(se, done, precision)
        if size <= 0:
            break
        t = np.zeros((sim.N_CHUNKS, n_players, N_TALLIES), dtype=np.int64)
        d = np.zeros((sim.N_CHUNKS, n_players, N_BINS), dtype=np.int64)
        nl = np.zeros(sim.N_CHUNKS, dtype=np.int64)
        dt = declare.new_tallies(sim.N_CHUNKS)
        chunks = TrialChunks(seeds=sim.chunk_seeds(seed, round_index),
                             trials=sim.split_trials(size))
        counts = Tallies(tallies=t, no_low=nl, distribution=d,
                         with_distribution=with_distribution)
        run_chunked(kernel, sim.N_CHUNKS, *kernel_arguments(kernel, chunks, kinds, known,
                                                            dealing, ranges, counts,
                                                            declare.bundle(dt)))
        tallies += t.sum(axis=0)
        dist += d.sum(axis=0)
        decl += dt.sum(axis=0)
        no_low += int(nl.sum())
        done += size
        round_index += 1
        if progress is not None:
            if target is not None:
                progress(done / target)
            else:
                se = _declare_se(decl, done) if many else _equity_se(tallies, done)
                progress(1.0 if se <= precision else (precision / se) ** 2)
    return tallies, no_low, dist, decl, done


def _declare_se(decl: np.ndarray, n: int) -> float:
    """The largest standard error of the tallied player's equity over the rows."""
    if n == 0:
        return math.inf
    return _se_of(decl[:, 0], decl[:, 1], n)


def _se_of(share: np.ndarray, share_sq: np.ndarray, n: int) -> float:
    mean = share / (POT_UNITS * n)
    mean_sq = share_sq / (POT_UNITS * POT_UNITS * n)
    var = np.maximum(mean_sq - mean * mean, 0.0) * n / max(n - 1, 1)
    return float(np.sqrt(var / n).max())


def _equity_se(tallies: np.ndarray, n: int) -> float:
    """The largest standard error of any player's equity after n trials."""
    if n == 0:
        return math.inf
    return _se_of(tallies[:, SHARE], tallies[:, SHARE_SQ], n)


def first_round(precision: float) -> int:
    """The first round's trials under a precision target (see FIRST_ROUND)."""
    worst = worst_case_trials(precision)
    return int(min(FIRST_ROUND, worst, max(MIN_FIRST_ROUND, math.ceil(worst / 4))))


def worst_case_trials(precision: float) -> int:
    """Trials after which the standard error is at most the precision whatever the tallies:
    a share of the pot lies in [0, 1], so the sample variance (n - 1 in the denominator) is
    at most n / (4 (n - 1)) and the squared standard error at most 1 / (4 (n - 1))."""
    return math.ceil(0.25 / precision**2) + 1


def _next_round_size(se: float, done: int, precision: float) -> int:
    """Trials for the next round under a precision target, 0 when reached; se is the
    largest standard error so far.

    Rounds depend only on the tallies so far, so a seed still fixes every number. The
    standard error falls as 1 / sqrt(trials): the trials needed are done * (se / precision)^2,
    aimed MARGIN past, never past worst_case_trials (where the target is sure to be met).
    """
    if done == 0:
        return first_round(precision)
    if se <= precision:
        return 0
    if done >= MAX_TRIALS:
        return 0
    ratio = min(se / precision, 1e4)  # keeps the estimate finite; rounds cap it anyway
    wanted = min(math.ceil(done * ratio * ratio * MARGIN), worst_case_trials(precision))
    needed = wanted - done
    return int(min(max(needed, MIN_ROUND), ROUND_SIZE, MAX_TRIALS - done))
