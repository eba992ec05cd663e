"""Who gets the pot at one showdown, counted into integer tallies (shared by both engines).

Shares of the pot are counted in units of 1/POT_UNITS of a pot, an integer: 5040 is
divisible by every tie size up to 10 players and by twice each (split-pot halves), so
every share is exact and sums never depend on the order they are added in. That makes
Monte Carlo results identical for any thread count, and exact enumeration exact.

Tallies per player (columns of a (players, N_TALLIES) int64 array):
"""

from __future__ import annotations

import numba as nb
import numpy as np

from .config import NUMBA_OPTIONS
from .eval.values import LOW_FLIP, NO_LOW

POT_UNITS = 5040
HALF_POT = POT_UNITS // 2

WIN, TIE, SHARE, SHARE_SQ, HIGH_WIN, HIGH_TIE, LOW_WIN, LOW_TIE = range(8)
N_TALLIES = 8
TALLY_NAMES = ("win", "tie", "share", "share_sq", "high_win", "high_tie", "low_win", "low_tie")

# Hand-category bins for --distribution: high categories 0-8, then lows: 9 = no low,
# 10-18 = unpaired 5-low .. K-low, 19-26 = paired low categories (pair .. straight flush).
N_BINS = 27
NO_LOW_BIN = 9


@nb.njit(inline="always", **NUMBA_OPTIONS)
def category_bin(value, is_low):
    if not is_low:
        return value >> 20
    if value == NO_LOW:
        return NO_LOW_BIN
    badness = LOW_FLIP - value
    category = badness >> 20
    if category == 0:
        return 10 + ((badness >> 16) & 0xF) - 5
    return 18 + category


@nb.njit(inline="always", **NUMBA_OPTIONS)
def settle(values_a, values_b, n_players, split, low_qualifies, tallies):
    """Tally one showdown. values_a: the pot's hand kind (the high half when split),
    values_b: the low half (ignored unless split). Larger values are stronger.

    low_qualifies: the low kind has a qualifier (eight or better), so NO_LOW values
    cannot win it and with no qualifying low the high hand takes the whole pot.
    Returns 1 when the pot had no low to award (split games), else 0.
    """
    best_a = values_a[0]
    for p in range(1, n_players):
        best_a = max(best_a, values_a[p])
    winners_a = 0
    for p in range(n_players):
        winners_a += values_a[p] == best_a

    no_low = 0
    winners_b = 0
    best_b = 0
    if split:
        best_b = values_b[0]
        for p in range(1, n_players):
            best_b = max(best_b, values_b[p])
        if low_qualifies and best_b == NO_LOW:
            no_low = 1
        else:
            for p in range(n_players):
                winners_b += values_b[p] == best_b

    for p in range(n_players):
        share = 0
        won_a = values_a[p] == best_a
        if not split or no_low:
            if won_a:
                share = POT_UNITS // winners_a
            if split and won_a:
                tallies[p, HIGH_WIN] += winners_a == 1
                tallies[p, HIGH_TIE] += winners_a > 1
        else:
            won_b = values_b[p] == best_b
            if won_a:
                share += HALF_POT // winners_a
                tallies[p, HIGH_WIN] += winners_a == 1
                tallies[p, HIGH_TIE] += winners_a > 1
            if won_b:
                share += HALF_POT // winners_b
                tallies[p, LOW_WIN] += winners_b == 1
                tallies[p, LOW_TIE] += winners_b > 1
        if share:
            tallies[p, SHARE] += share
            tallies[p, SHARE_SQ] += share * share
            if share == POT_UNITS:
                tallies[p, WIN] += 1
            else:
                tallies[p, TIE] += 1
    return no_low


def new_tallies(n_chunks: int, n_players: int) -> np.ndarray:
    return np.zeros((n_chunks, n_players, N_TALLIES), dtype=np.int64)
