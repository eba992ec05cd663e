"""Monte Carlo dealing kernels: a partial Fisher-Yates shuffle per trial, in chunks run on
several threads (chunked.py).

Reproducibility: the trials are split into a fixed number of chunks (N_CHUNKS, not the
thread count), each with its own random stream seeded from the user's seed, each writing
only its own tallies; the tallies are integers summed afterwards. So the same seed gives
the same numbers on 1, 2 or 64 threads.

The generator is wyrand (Wang Yi's, from wyhash; also Go's runtime generator), written out
here: a Weyl sequence (the state steps by an odd constant) mixed by one 64x64 -> 128-bit
multiply, its halves XORed. numba's np.random inside kernels measured 9x slower for
dealing, and SplitMix64 (two multiplies and three shifts an output) 2-6% slower a deal
than wyrand. What is exact and what is not, given uniform 32-bit draws:

* Cards: each card is drawn by Lemire's multiply-shift on 32 random bits without
  rejection, two cards per 64-bit output: floor(x * n / 2**32) for n <= 52 live cards.
  Each of the n outcomes gets floor(2**32 / n) or ceil(2**32 / n) of the 2**32 values, so
  its probability is 1/n within a relative error below n / 2**32 <= 52 / 2**32 = 1.2e-8,
  far under any error bar, so card draws skip the rejection step.
* Ranged hole cards: the joint choice (one of up to MAX_JOINT_COMBINATIONS = 1,000,000
  listed rows) and, past the list, each range's combination (at most C(52, 2) = 1,326)
  are drawn exactly uniformly: multiply-shift with Lemire's rejection (uniform_below).
  Without it a million rows would be off by up to 1e6 / 2**32 = 2.3e-4 relative.

The pool need not be reset between trials: a partial Fisher-Yates pass over any
arrangement of the pool draws a uniformly random ordered sample.
"""

from __future__ import annotations

import numba as nb
import numpy as np
from llvmlite import ir
from numba.core import types
from numba.extending import intrinsic

from ..config import NUMBA_OPTIONS
from ..eval.any_kind import high_strength, rank_strength, strength_of_any_kind, value_of_strength
from ..eval.kernels import CARD_KEY, KIND_HIGH, needs_suits, suit_bit
from ..eval.tables import DEALT_CARD_SHIFT
from .kernel_args import (
    Dealing,
    Declarations,
    HoleRanges,
    KnownHands,
    PotKinds,
    Tallies,
    TrialChunks,
    described_by,
)
from .pipeline import KERNEL_OPTIONS
from .showdown import (
    NO_DECLARE,
    add_to_winners,
    category_bin,
    outcome_index,
    reduce_outcomes,
    showdown_index,
)

N_CHUNKS = 64

# wyrand's constants: the Weyl step (odd, so the state visits all 2**64 values) and the
# mask XORed into the second factor.
WY_STEP = np.uint64(0xA0761D6478BD642F)
WY_MASK = np.uint64(0xE7037ED1A0B428DB)
LOW32 = np.uint64(0xFFFFFFFF)
TWO32 = np.uint64(1 << 32)


@intrinsic
def _multiply_fold(typingctx, a, b):
    """The 128-bit product of two uint64, its high half XOR its low half: one mulq."""
    if not (isinstance(a, types.Integer) and isinstance(b, types.Integer)):
        return None

    def codegen(context, builder, signature, args):
        wide = ir.IntType(128)
        product = builder.mul(builder.zext(args[0], wide), builder.zext(args[1], wide))
        high = builder.trunc(builder.lshr(product, ir.Constant(wide, 64)), ir.IntType(64))
        return builder.xor(high, builder.trunc(product, ir.IntType(64)))

    return types.uint64(types.uint64, types.uint64), codegen


@nb.njit(inline="always", **NUMBA_OPTIONS)
def wyrand(state):
    """(next state, 64 random bits)."""
    state = state + WY_STEP
    return state, _multiply_fold(state, state ^ WY_MASK)


@nb.njit(inline="always", **NUMBA_OPTIONS)
def card_of(dealt):
    return (dealt >> DEALT_CARD_SHIFT) & 63


@nb.njit(inline="always", **NUMBA_OPTIONS)
def uniform_below(state, n):
    """(next state, a uniform integer in [0, n)), exactly, for 0 < n < 2**32.

    Lemire's method: the high half of x * n for 32 random bits x, redrawn while the low
    half is below (2**32 - n) % n, which leaves each outcome exactly floor(2**32 / n)
    values of x. The threshold (a division) is only computed when the low half is below n,
    and a redraw happens with probability below n / 2**32.
    """
    n64 = np.uint64(n)
    while True:
        state, bits = wyrand(state)
        product = (bits >> np.uint64(32)) * n64
        low = product & LOW32
        if low >= n64 or low >= (TWO32 - n64) % n64:
            return state, int(product >> np.uint64(32))


@nb.njit(inline="always", **NUMBA_OPTIONS)
def weighted_below(state, cum, first, n):
    """(next state, an index i in [0, n) drawn with probability proportional to its
    weight), for the running sums cum[first:first + n] of positive weights, starting
    afresh at first (cum[first] is the first weight). One 53-bit uniform scaled by the total, then a binary search for the first
    running sum above it: each index within 2**-53 of its exact chance."""
    state, bits = wyrand(state)
    u = (bits >> np.uint64(11)) * (1.0 / 9007199254740992.0) * cum[first + n - 1]
    lo, hi = 0, n - 1
    while lo < hi:
        mid = (lo + hi) >> 1
        if cum[first + mid] > u:
            hi = mid
        else:
            lo = mid + 1
    return state, lo


@nb.njit(inline="always", **NUMBA_OPTIONS)
def draw_joint_choice(state, joint_choices, joint_cum, range_start, range_count, combo_cum,
                      combo_mask, chosen):
    """Fill chosen[r] with range r's combination (an index into the combination arrays),
    over the joint choices that use no card twice, each with a chance proportional to its
    weight (uniformly when joint_cum and combo_cum are empty); returns the generator state.

    Listed (joint_choices has rows): one row, in one draw (exact when uniform; by
    joint_cum when weighted). Too many to list (no rows): each range's combination,
    uniform within its range (or by its weight, combo_cum), all drawn again when any two
    share a card; each surviving joint choice then has a chance proportional to the
    product of its combinations' weights.

    (Its arrays are HoleRanges' fields, kernel_args.py.)

    Parameters
    ----------
    state : numpy.uint64
        The generator state.
    joint_choices : numpy.ndarray
        int64, shape (n_joint, n_ranges). HoleRanges.joint_choices.
    joint_cum : numpy.ndarray
        float64, shape (n_joint,) or (0,). HoleRanges.joint_cum.
    range_start : numpy.ndarray
        int64, shape (n_ranges,). HoleRanges.range_start.
    range_count : numpy.ndarray
        int64, shape (n_ranges,). HoleRanges.range_count.
    combo_cum : numpy.ndarray
        float64, shape (n_combos,) or (0,). HoleRanges.combo_cum.
    combo_mask : numpy.ndarray
        int64, shape (n_combos,). HoleRanges.combo_mask.
    chosen : numpy.ndarray
        int64, shape (max(n_ranges, 1),). Written: range r's combination, an index into
        the combo_ arrays.
    """
    n_ranges = range_start.shape[0]
    if joint_choices.shape[0] > 0:
        row = np.int64(0)  # one type from both draws (numba would unify them to float)
        if joint_cum.shape[0] > 0:
            state, weighted_row = weighted_below(state, joint_cum, 0, joint_cum.shape[0])
            row = np.int64(weighted_row)
        else:
            state, uniform_row = uniform_below(state, joint_choices.shape[0])
            row = np.int64(uniform_row)
        for r in range(n_ranges):
            chosen[r] = joint_choices[row, r]
        return state
    clash = True
    while clash:
        clash = False
        used = np.int64(0)
        for r in range(n_ranges):
            k = np.int64(0)
            if combo_cum.shape[0] > 0:
                state, weighted_k = weighted_below(state, combo_cum, range_start[r],
                                                   range_count[r])
                k = np.int64(weighted_k)
            else:
                state, uniform_k = uniform_below(state, range_count[r])
                k = np.int64(uniform_k)
            k += range_start[r]
            chosen[r] = k
            clash = clash or (used & combo_mask[k]) != 0
            used |= combo_mask[k]
    return state


@nb.njit(inline="always", **NUMBA_OPTIONS)
def _swap(work, i, j, pos, track):
    """Exchange work[i] and work[j]; with track, pos follows both cards."""
    dealt = work[j]
    other = work[i]
    work[i] = dealt
    work[j] = other
    if track:
        pos[card_of(dealt)] = i
        pos[card_of(other)] = j


@nb.njit(inline="always", **NUMBA_OPTIONS)
def partial_shuffle(work, n_draws, n_live, state, pos, track):
    """Fisher-Yates on the first n_draws places of work[:n_live]; returns the generator
    state. track: keep pos[card] = its place in work up to date (the range path moves the
    chosen hole cards by it); a constant at every call, so the untracked loop has no stores.

    Two draws per 64-bit output, one from each 32-bit half, in a loop unrolled by two:
    measured 11.5 ns for 8 cards against 16.5 ns for one output per card.
    """
    for k in range(n_draws // 2):
        i = 2 * k
        state, bits = wyrand(state)
        j = i + int(((bits & LOW32) * np.uint64(n_live - i)) >> np.uint64(32))
        _swap(work, i, j, pos, track)
        j = i + 1 + int(((bits >> np.uint64(32)) * np.uint64(n_live - i - 1)) >> np.uint64(32))
        _swap(work, i + 1, j, pos, track)
    if n_draws & 1:
        i = n_draws - 1
        state, bits = wyrand(state)
        j = i + int(((bits >> np.uint64(32)) * np.uint64(n_live - i)) >> np.uint64(32))
        _swap(work, i, j, pos, track)
    return state


def dealing_pool(pool) -> np.ndarray:
    """The pool as the kernels shuffle it: each card's evaluator key with its id on top
    (DEALT_CARD_SHIFT), so a dealt card adds to a hand's key without a table lookup."""
    cards = np.asarray(pool, dtype=np.int64)
    return CARD_KEY[cards] + (cards << DEALT_CARD_SHIFT)


# A player is dealt at most this many cards (seven-card stud from no known card).
MAX_DEALT = 7
# Unsigned offsets: an int64 constant would make the index signed again (and fixed up).
U1, U2, U3, U4, U5 = (np.uint64(1), np.uint64(2), np.uint64(3), np.uint64(4),
                      np.uint64(5))


@nb.njit(inline="always", **NUMBA_OPTIONS)
def dealt_key(base_key, work, start, count, community_at):
    """Key of a hand: its known cards' key plus work[start:start+count] and the
    community card work[community_at] when community_at >= 0 (ids ride along on top).

    One branch on count, then that many loads added in a row: count is the same for a
    player in every trial of a run, so the branch is always predicted, and each case is
    straight-line code. The indices are unsigned, which spares every load numba's
    negative-index fix-up. Measured against a masked sum over MAX_DEALT places (each
    place a compare, a conditional load and the fix-up): 15-20% faster a deal 3-way and
    8-way (scripts/bench.py scenarios), the same heads-up.
    """
    s = np.uint64(start)
    s1, s2, s3, s4 = s + U1, s + U2, s + U3, s + U4
    if count == 4:  # 3rd street in seven-card stud, the hole cards known
        key = base_key + work[s] + work[s1] + work[s2] + work[s3]
    elif count == 3:
        key = base_key + work[s] + work[s1] + work[s2]
    elif count == 2:
        key = base_key + work[s] + work[s1]
    elif count == 1:
        key = base_key + work[s]
    elif count == 5:
        key = base_key + work[s] + work[s1] + work[s2] + work[s3] + work[s4]
    elif count == 6:  # 3rd street in seven-card stud, the hole cards unknown
        key = base_key + work[s] + work[s1] + work[s2] + work[s3] + work[s4] + work[s + U5]
    else:  # 0 or 7 cards: rare shapes, a plain loop
        key = base_key
        for d in range(count):
            key += work[s + np.uint64(d)]
    if community_at >= 0:
        key += work[np.uint64(community_at)]
    return key


@nb.njit(inline="always", **NUMBA_OPTIONS)
def dealt_suits(known_suits, work, start, count, community_at):
    """Suit mask of the same hand; only built when a flush makes suits matter."""
    suits = known_suits
    for d in range(count):
        suits |= suit_bit((work[start + d] >> DEALT_CARD_SHIFT) & 63)
    if community_at >= 0:
        suits |= suit_bit((work[community_at] >> DEALT_CARD_SHIFT) & 63)
    return suits


@nb.njit(inline="always", **NUMBA_OPTIONS)
def heads_up_trials(state, n_trials, work, n_pool, n_draws, pos, strengths, kind, base_key,
                    known_suits, n_known, to_deal, offsets, community_at, outcomes):
    """The general trial loop for the commonest question: two players, one pot, no ranges,
    declarations or distribution. The same deals and the same outcome counts (the winners'
    bit mask), with both hands in registers, no loop over the players, and the three
    possible outcomes counted in registers: 8-15% faster a deal than the general loop
    (heads-up stud7 and razz on 3rd street, alternated runs). Returns the generator state.
    test_sim_kernel.py holds it to the general loop, number for number.

    Parameters
    ----------
    state : numpy.uint64
        The chunk's generator state.
    n_trials : int
        Trials to deal.
    work : numpy.ndarray
        int64, shape (n_pool,). The chunk's copy of the pool, shuffled in place.
    n_pool : int
        The live cards: work's length.
    n_draws : int
        Places dealt a trial (Dealing.n_draws).
    pos : numpy.ndarray
        int64, shape (64,). Each card's place in work (not kept up to date here).
    strengths : numpy.ndarray
        uint16, shape (n_kinds * N_MULTISETS,). PotKinds.strengths (value0 and value1 below
        are the hands' strengths: any_kind).
    kind : int
        The KIND_* code of the hand that takes the pot.
    base_key : numpy.ndarray
        int64, shape (2,). KnownHands.base_key.
    known_suits : numpy.ndarray
        int64, shape (2,). KnownHands.known_suits.
    n_known : numpy.ndarray
        int64, shape (2,). KnownHands.n_known.
    to_deal : numpy.ndarray
        int64, shape (2,). Dealing.to_deal.
    offsets : numpy.ndarray
        int64, shape (2,). Dealing.offsets.
    community_at : int
        Dealing.community_at.
    outcomes : numpy.ndarray
        int64, shape (4,). The chunk's outcome counts by winners' mask, added to.
    """
    extra = 1 if community_at >= 0 else 0
    start0, start1 = offsets[0], offsets[1]
    count0, count1 = to_deal[0], to_deal[1]
    n0, n1 = n_known[0] + count0 + extra, n_known[1] + count1 + extra
    won0, won1, tied = 0, 0, 0
    for _ in range(n_trials):
        state = partial_shuffle(work, n_draws, n_pool, state, pos, False)
        key0 = dealt_key(base_key[0], work, start0, count0, community_at)
        key1 = dealt_key(base_key[1], work, start1, count1, community_at)
        suits0, suits1 = np.int64(0), np.int64(0)
        if needs_suits(kind, key0):
            suits0 = dealt_suits(known_suits[0], work, start0, count0, community_at)
        if needs_suits(kind, key1):
            suits1 = dealt_suits(known_suits[1], work, start1, count1, community_at)
        value0 = strength_of_any_kind(strengths, kind, key0, suits0, n0)
        value1 = strength_of_any_kind(strengths, kind, key1, suits1, n1)
        won0 += value0 > value1
        won1 += value1 > value0
        tied += value0 == value1
    outcomes[1] += won0  # the winners' bit masks: player 1 alone, player 2 alone, both
    outcomes[2] += won1
    outcomes[3] += tied
    return state


def make_monte_carlo_kernel(split: bool, with_ranges: bool, declare_mode: int = NO_DECLARE):
    """The Monte Carlo kernel for every game with one pot (split False) or every split-pot
    game (split True): the hand kinds are arguments, so one compile serves all the games.
    (A kernel per game, the kinds closure constants, made each game's first query wait
    2-3 s for numba; the kinds as arguments cost nothing measurable a deal, since every
    value comes from one table, eval/any_kind.py.) split stays a constant: as an argument
    it cost a third of a deal.

    kind_b < 0: one kind takes the pot. Otherwise kind_a takes the high half, kind_b the
    low half, and low_qualifies says whether NO_LOW loses the low half.

    with_ranges: some players' hole cards come from a range (ranges.py). Each trial first
    draws a joint choice of their hole cards, uniformly: one row of the listed joint
    choices, or, when there are too many to list, each range's combination again until no
    two players share a card. It moves those cards out of the live pool, then deals the
    rest as usual. The range arrays are empty and unused otherwise.

    declare_mode (split games): DECLARE_ONE settles every showdown by the one row of
    declarations; DECLARE_MANY also tallies, per row, one player's share (decl_tallies).

    The kernel's arguments are the fields of the run's bundles (kernel_args.py), which a
    call hands over by name: run(first, last, *kernel_arguments(run, chunks, kinds,
    known, dealing, ranges, counts, declared)).
    """
    # One serial function running chunks first..last-1, each chunk's loop inside; the
    # chunks go to the threads by chunked.run_chunked (a prange here doubled the compile
    # time). A driver that called a per-chunk closure was recompiled in every process
    # (numba cannot key its cache on a closure that holds another compiled function).
    @nb.njit(**KERNEL_OPTIONS)
    @described_by(TrialChunks, PotKinds, KnownHands, Dealing, HoleRanges, Tallies,
                  Declarations)
    def run(first, last, seeds, trials, strengths, kind_a, kind_b, low_qualifies,
            base_key, known_suits, n_known, pool, to_deal, offsets, n_draws, community_at,
            range_of, range_start, range_count, range_size, combo_cards, combo_key,
            combo_suits, combo_mask, joint_choices, joint_cum, combo_cum, tallies, no_low,
            distribution, with_distribution, declarations, decl_player, decl_tallies):
        """Deal chunks first..last-1 of a round, each its trials from its own seed, each
        adding to its own rows of the tallies (chunked.run_chunked cuts the chunks among
        the threads; runs.run_monte_carlo hands the bundles over, kernel_arguments).

        Parameters
        ----------
        first : int
            The first chunk to deal.
        last : int
            One past the last chunk to deal.
        """
        if split:  # a split pot is high and low (games.py), the low ace-to-five or
            # eight-or-better: high a constant (3% a deal), no flush lows; its strength
            # read by high_strength below. An int64, not a literal: kind_a keeps the
            # argument's type for the calls that still take it.
            kind_a = np.int64(KIND_HIGH)
        a_is_low = kind_a != KIND_HIGH
        n_players = base_key.shape[0]
        n_ranges = range_start.shape[0]
        n_pool = pool.shape[0]
        extra = 1 if community_at >= 0 else 0
        # split as a plain bool, not the literal True or False numba would type the closure
        # constant as: then every kernel shares one compiled reduce_outcomes (a quarter of
        # a second of each first query).
        split_flag = (n_players < 0) | split  # n_players < 0 is never true: a runtime bool
        for c in range(first, last):
            work = np.empty(n_pool, dtype=np.int64)
            # A loop, not work[:] = pool: numba compiles a slice assignment's
            # shape-mismatch error (string formatting) into the kernel, seconds a compile.
            for i in range(n_pool):
                work[i] = pool[i]
            outcomes = np.zeros(1 << (2 * n_players if split else n_players), dtype=np.int64)
            values_a = np.zeros(n_players, dtype=np.int64)
            values_b = np.zeros(n_players, dtype=np.int64)
            chosen = np.zeros(max(n_ranges, 1), dtype=np.int64)
            pos = np.zeros(64, dtype=np.int64)
            for i in range(n_pool):
                pos[card_of(work[i])] = i
            state = seeds[c]
            n_trials = trials[c]
            if (not split and not with_ranges and declare_mode == NO_DECLARE
                    and n_players == 2 and not with_distribution):
                state = heads_up_trials(state, n_trials, work, n_pool, n_draws, pos,
                                        strengths, kind_a, base_key, known_suits, n_known,
                                        to_deal, offsets, community_at, outcomes)
                n_trials = 0
            for _ in range(n_trials):
                if with_ranges:
                    state = draw_joint_choice(state, joint_choices, joint_cum, range_start,
                                              range_count, combo_cum, combo_mask, chosen)
                    live = n_pool  # the chosen hole cards go to the end, out of play
                    for r in range(n_ranges):
                        for t in range(range_size[r]):
                            card = combo_cards[chosen[r], t]
                            i = pos[card]
                            live -= 1
                            other = work[live]
                            work[live] = work[i]
                            work[i] = other
                            pos[card_of(other)] = i
                            pos[card] = live
                    state = partial_shuffle(work, n_draws, live, state, pos, True)
                else:
                    state = partial_shuffle(work, n_draws, n_pool, state, pos, False)
                best_a, best_b = np.int64(-1), np.int64(-1)
                mask_a, mask_b = np.int64(0), np.int64(0)
                for p in range(n_players):
                    key = dealt_key(base_key[p], work, offsets[p], to_deal[p], community_at)
                    hole_suits = np.int64(0)
                    n = n_known[p] + to_deal[p] + extra
                    if with_ranges and range_of[p] >= 0:
                        k = chosen[range_of[p]]
                        key += combo_key[k]
                        hole_suits = combo_suits[k]
                        n += range_size[range_of[p]]
                    suits = np.int64(0)
                    if needs_suits(kind_a, key):  # a split pot's low never counts flushes
                        suits = hole_suits | dealt_suits(
                            known_suits[p], work, offsets[p], to_deal[p], community_at
                        )
                    # values: the hands' strengths (any_kind), compared only
                    if split:  # high: a flush's lookup written in, no call in this
                        # loop (3-way stud hi/lo 1-2% faster a deal)
                        value_a = high_strength(strengths, key, suits)
                    else:
                        value_a = strength_of_any_kind(strengths, kind_a, key, suits, n)
                    mask_a, best_a = add_to_winners(mask_a, best_a, value_a, p)
                    if split:
                        value_b = rank_strength(strengths, kind_b, key)
                        mask_b, best_b = add_to_winners(mask_b, best_b, value_b, p)
                    if declare_mode != NO_DECLARE:  # declarations settle from all values
                        values_a[p] = value_a
                        if split:
                            values_b[p] = value_b
                    if with_distribution:
                        final = value_of_strength(kind_a, value_a)
                        distribution[c, p, category_bin(final, a_is_low)] += 1
                        if split:
                            final = value_of_strength(kind_b, value_b)
                            distribution[c, p, category_bin(final, True)] += 1
                if declare_mode == NO_DECLARE:  # the masks are the showdown
                    index = outcome_index(mask_a, best_b, mask_b, n_players, split,
                                          low_qualifies)
                else:
                    index = showdown_index(values_a, values_b, best_a, best_b, n_players,
                                           split, low_qualifies, declare_mode, declarations,
                                           decl_player, decl_tallies[c])
                outcomes[np.uint64(index)] += 1  # unsigned: no negative-index fix-up
            no_low[c] = reduce_outcomes(outcomes, n_players, split_flag, tallies[c])

    return run


_KERNELS: dict[tuple[bool, bool, int], object] = {}


def monte_carlo_kernel(split: bool, with_ranges: bool, declare_mode: int = NO_DECLARE):
    key = (split, with_ranges, declare_mode)
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
