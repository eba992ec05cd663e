"""Who gets the pot at one showdown, counted into integer tallies (shared by both engines).

Shares of the pot are counted in units of 1/POT_UNITS of a pot, an integer: 5040 is
divisible by every tie size up to 10 players and by twice each (split-pot halves), so
every share is exact and sums never depend on the order they are added in. That makes
Monte Carlo results identical for any thread count, and exact enumeration exact.

Tallies per player are the columns of a (players, N_TALLIES) int64 array: WIN (took the
whole pot alone), TIE (part of it), SHARE and SHARE_SQ (sums of the share and its square,
for the mean and the standard error), and the split-pot halves.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from ..config import NUMBA_OPTIONS
from ..eval.values import LOW_FLIP, NO_LOW

POT_UNITS = 5040
HALF_POT = POT_UNITS // 2

WIN, TIE, SHARE, SHARE_SQ, HIGH_WIN, HIGH_TIE, LOW_WIN, LOW_TIE = range(8)
N_TALLIES = 8

# Hand-category bins for --distribution: high categories 0-8, then lows: 9 = no low,
# 10-18 = unpaired 5-low .. K-low, 19-26 = the other low categories (pair .. straight
# flush), 27 = unpaired ace high (deuce-to-seven, where the ace is only high).
N_BINS = 28
NO_LOW_BIN = 9
ACE_HIGH_BIN = 27


@nb.njit(inline="always", **NUMBA_OPTIONS)
def category_bin(value, is_low):
    if not is_low:
        return value >> 20
    if value == NO_LOW:
        return NO_LOW_BIN
    badness = LOW_FLIP - value
    category = badness >> 20
    if category == 0:
        top = (badness >> 16) & 0xF
        return ACE_HIGH_BIN if top == 14 else 10 + top - 5
    return 18 + category


@nb.njit(inline="always", **NUMBA_OPTIONS)
def winners_mask(values, n_players, best):
    """Bit mask of the players holding the best value. Branch-free: who wins is a coin
    flip to the branch predictor, and tracking it with ifs cost a third of a deal."""
    mask = np.int64(0)
    for p in range(n_players):
        mask |= np.int64(values[p] == best) << p
    return mask


@nb.njit(inline="always", **NUMBA_OPTIONS)
def add_to_winners(mask, best, value, p):
    """(mask, best) after player p's value: the bit mask of the players holding the best
    value so far, and that value. Branch-free like winners_mask, and it needs no array of
    values: the Monte Carlo kernel builds both masks while it values the hands."""
    beats = np.int64(value > best)
    ties = np.int64(value == best)
    mask = (mask & (beats - 1)) | ((np.int64(1) << p) & -(beats | ties))
    return mask, max(best, value)


@nb.njit(inline="always", **NUMBA_OPTIONS)
def outcome_index(mask_a, best_b, mask_b, n_players, split, low_qualifies):
    """One showdown as an index into a chunk's outcome counts.

    Not split: the mask of the pot's winners. Split: high winners' mask << n_players |
    low winners' mask, the low mask 0 when nobody qualifies for low. Counting outcomes
    and turning them into per-player tallies once per chunk (reduce_outcomes) is much
    cheaper than updating every player's tallies after every deal.
    """
    if not split:
        return mask_a
    if low_qualifies and best_b == NO_LOW:
        mask_b = 0
    return (mask_a << n_players) | mask_b


@nb.njit(**NUMBA_OPTIONS)
def popcount(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@nb.njit(**NUMBA_OPTIONS)
def reduce_outcomes(outcomes, n_players, split, tallies):
    """Add a chunk's outcome counts to its per-player tallies; return the no-low count.

    Shares are in POT_UNITS, so everything stays an exact integer.
    """
    no_low = 0
    low_bits = (1 << n_players) - 1
    for index in range(outcomes.shape[0]):
        count = outcomes[index]
        if count == 0:
            continue
        mask_a = index >> n_players if split else index
        mask_b = index & low_bits if split else 0
        winners_a = popcount(mask_a)
        winners_b = popcount(mask_b)
        if split and mask_b == 0:
            no_low += count
        for p in range(n_players):
            in_a = (mask_a >> p) & 1
            in_b = (mask_b >> p) & 1
            share = 0
            if not split or mask_b == 0:
                share = POT_UNITS // winners_a if in_a else 0
            elif mask_a == 0:  # declare: nobody left on the high side, the low takes all
                share = POT_UNITS // winners_b if in_b else 0
            else:
                if in_a:
                    share += HALF_POT // winners_a
                if in_b:
                    share += HALF_POT // winners_b
            if split:
                if in_a:
                    tallies[p, HIGH_WIN] += count * (winners_a == 1)
                    tallies[p, HIGH_TIE] += count * (winners_a > 1)
                if in_b:
                    tallies[p, LOW_WIN] += count * (winners_b == 1)
                    tallies[p, LOW_TIE] += count * (winners_b > 1)
            if share:
                tallies[p, SHARE] += count * share
                tallies[p, SHARE_SQ] += count * share * share
                if share == POT_UNITS:
                    tallies[p, WIN] += count
                else:
                    tallies[p, TIE] += count
    return no_low


# Declarations (docs/rules.md, "Declare"), as the kernels take them: one code per player.
DECLARE_HIGH, DECLARE_LOW, DECLARE_BOTH = 0, 1, 2


@nb.njit(inline="always", **NUMBA_OPTIONS)
def declared_masks(values_a, values_b, n_players, declarations):
    """(high winners, low winners) of one showdown played with declarations.

    values_a are the high values, values_b the lows; declarations[p] is DECLARE_HIGH,
    DECLARE_LOW or DECLARE_BOTH. A both-declarer keeps a claim only with the best high
    among the high and both declarers AND the best low among the low and both declarers
    (ties allowed); every failing swing is judged against the same field, then all are
    removed at once. The halves go to the best of those left on each side. A mask of 0 on
    one side means that side is empty and the other takes the whole pot (reduce_outcomes);
    if every player was removed, the pot splits as without declarations.
    """
    best_a, best_b = np.int64(-1), np.int64(-1)
    for p in range(n_players):
        if declarations[p] != DECLARE_LOW:
            best_a = max(best_a, values_a[p])
        if declarations[p] != DECLARE_HIGH:
            best_b = max(best_b, values_b[p])
    failed = np.int64(0)
    for p in range(n_players):
        if declarations[p] == DECLARE_BOTH and (values_a[p] < best_a or values_b[p] < best_b):
            failed |= np.int64(1) << p
    if failed:
        best_a, best_b = np.int64(-1), np.int64(-1)
        for p in range(n_players):
            if (failed >> p) & 1:
                continue
            if declarations[p] != DECLARE_LOW:
                best_a = max(best_a, values_a[p])
            if declarations[p] != DECLARE_HIGH:
                best_b = max(best_b, values_b[p])
    mask_a, mask_b = np.int64(0), np.int64(0)
    for p in range(n_players):
        if (failed >> p) & 1:
            continue
        if declarations[p] != DECLARE_LOW and values_a[p] == best_a:
            mask_a |= np.int64(1) << p
        if declarations[p] != DECLARE_HIGH and values_b[p] == best_b:
            mask_b |= np.int64(1) << p
    if mask_a == 0 and mask_b == 0:  # every player removed: split as without declarations
        best_a, best_b = np.int64(-1), np.int64(-1)
        for p in range(n_players):
            best_a = max(best_a, values_a[p])
            best_b = max(best_b, values_b[p])
        mask_a = winners_mask(values_a, n_players, best_a)
        mask_b = winners_mask(values_b, n_players, best_b)
    return mask_a, mask_b


@nb.njit(inline="always", **NUMBA_OPTIONS)
def share_of(mask_a, mask_b, p):
    """Player p's share of the pot in POT_UNITS, from a showdown's two winner masks
    (a 0 mask: that side is empty, the other takes the whole pot)."""
    in_a = (mask_a >> p) & 1
    in_b = (mask_b >> p) & 1
    if mask_b == 0:
        return POT_UNITS // popcount(mask_a) if in_a else 0
    if mask_a == 0:
        return POT_UNITS // popcount(mask_b) if in_b else 0
    share = 0
    if in_a:
        share += HALF_POT // popcount(mask_a)
    if in_b:
        share += HALF_POT // popcount(mask_b)
    return share


# How a kernel settles with declarations (declared_masks): none; one row for every player
# (the pot settled by it, tallied as usual); or many rows, one player's share tallied per
# row (declare.py).
NO_DECLARE, DECLARE_ONE, DECLARE_MANY = 0, 1, 2
N_DECLARE_TALLIES = 4  # per declaration row: share, share squared, whole pot, part of it


@nb.njit(inline="always", **NUMBA_OPTIONS)
def tally_declarations(values_a, values_b, n_players, declarations, player, tallies):
    """DECLARE_MANY: for every row of declarations, the player's share of this showdown."""
    for v in range(declarations.shape[0]):
        mask_a, mask_b = declared_masks(values_a, values_b, n_players, declarations[v])
        share = share_of(mask_a, mask_b, player)
        tallies[v, 0] += share
        tallies[v, 1] += share * share
        if share == POT_UNITS:
            tallies[v, 2] += 1
        elif share:
            tallies[v, 3] += 1


@nb.njit(inline="always", **NUMBA_OPTIONS)
def showdown_index(values_a, values_b, best_a, best_b, n_players, split, low_qualifies,
                   declare_mode, declarations, player, declare_tallies):
    """One showdown's outcome index (outcome_index), shared by the Monte Carlo and the
    enumeration kernels. declare_mode is a closure constant of the caller, so the branches
    it does not take are compiled away: DECLARE_ONE settles the pot by declarations[0];
    DECLARE_MANY also tallies the player's share under every row into declare_tallies.


    Parameters
    ----------
    values_a : numpy.ndarray
        int64, shape (n_players,). Each player's value of the pot's hand (the high half's
        in a split pot). Larger is stronger.
    values_b : numpy.ndarray
        int64, shape (n_players,). Each player's low value (split pots; unread else).
    best_a : int
        The largest of values_a.
    best_b : int
        The largest of values_b (split pots).
    n_players : int
        The players at the showdown.
    split : bool
        Whether the pot is split high and low.
    low_qualifies : bool
        Whether a low of NO_LOW qualifies for nothing (eight-or-better).
    declare_mode : int
        NO_DECLARE, DECLARE_ONE or DECLARE_MANY.
    declarations : numpy.ndarray
        int64, shape (n_rows, n_players). Each row: every player's declaration
        (Declarations.declarations, engine/kernel_args.py).
    player : int
        The player whose share DECLARE_MANY tallies.
    declare_tallies : numpy.ndarray
        int64, shape (n_rows, N_DECLARE_TALLIES). This item's row of
        Declarations.decl_tallies, added to (DECLARE_MANY).
    """
    if declare_mode == DECLARE_ONE:
        mask_a, mask_b = declared_masks(values_a, values_b, n_players, declarations[0])
        return (mask_a << n_players) | mask_b
    mask_a = winners_mask(values_a, n_players, best_a)
    mask_b = winners_mask(values_b, n_players, best_b) if split else np.int64(0)
    if declare_mode == DECLARE_MANY:
        tally_declarations(values_a, values_b, n_players, declarations, player,
                           declare_tallies)
    return outcome_index(mask_a, best_b, mask_b, n_players, split, low_qualifies)


@nb.njit(**NUMBA_OPTIONS)
def settle_declared_outcomes(outcomes, n_players, declarations):
    """Heads-up outcome counts re-settled with declarations, as outcome counts (used on
    the exact heads-up counts). Only for two players and a low without a qualifier: then
    one showdown's two winner masks are the complete comparison of the two hands."""
    out = np.zeros_like(outcomes)
    values_a = np.zeros(n_players, dtype=np.int64)
    values_b = np.zeros(n_players, dtype=np.int64)
    low_bits = (1 << n_players) - 1
    for index in range(outcomes.shape[0]):
        count = outcomes[index]
        if count == 0:
            continue
        mask_a = index >> n_players
        mask_b = index & low_bits
        for p in range(n_players):
            values_a[p] = (mask_a >> p) & 1
            values_b[p] = (mask_b >> p) & 1
        a, b = declared_masks(values_a, values_b, n_players, declarations)
        out[(a << n_players) | b] += count
    return out
