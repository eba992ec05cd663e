"""How long a run will take, from the sizes its kernel works through.

The constants are measured on this project's 2-core machine (warm, numba's cache filled) by
`scripts/bench.py --estimates`, which prints every estimate beside the time it took; a
user's machine with more or faster cores is quicker. An estimate is for the kernels on all
of numba's threads; fewer threads take proportionally longer.

- Heads-up counting (headsup.py, headsup_split.py) makes `headsup.cost` binary searches in
  sorted lists of C(n, k) values a set; a search in a longer list misses the cache more
  often, so the time a search grows with the list (a power law fits 2nd to 3rd street).
- Enumeration (exact.py) and Monte Carlo (sim.py) spend their time valuing each player's
  hand on each deal: a fixed cost a deal and a cost a hand.
"""

from __future__ import annotations

from math import comb

from .headsup import cost

# Heads-up counting: nanoseconds a search on 2 threads with hero lists of C(n, k) = 15,180
# values (4th street), and how the time a search grows with the list length.
COUNTING_NS_AT_15180 = 7.6
COUNTING_LIST_EXPONENT = 0.185
COUNTING_SPLIT_FACTOR = 0.9  # a split pot's three list sets are searched in one pass

# Enumeration and Monte Carlo on 2 threads: nanoseconds a deal, and a hand valued.
ENUMERATION_NS_PER_DEAL = 6.0
ENUMERATION_NS_PER_HAND = 11.0
SAMPLING_NS_PER_DEAL = 14.0
SAMPLING_NS_PER_HAND = 9.0
SPLIT_HAND_FACTOR = 1.8  # a hand valued both ways

MEASURED_THREADS = 2


def counting_seconds(n: int, k: int, m: int, split: bool, threads: int) -> float:
    """Heads-up counting of a pool of n unseen cards, k to come to the side with fewer to
    come and m to the other."""
    list_length = max(comb(n, k), 1)
    per_search = COUNTING_NS_AT_15180 * (list_length / 15_180) ** COUNTING_LIST_EXPONENT
    if split:
        per_search *= COUNTING_SPLIT_FACTOR
    return cost(n, k, m, split) * per_search * 1e-9 * _thread_factor(threads)


def enumeration_seconds(deals: int, players: int, split: bool, declaration_rows: int,
                        threads: int) -> float:
    """Enumerating `deals` deals of `players` hands (each deal settled once per
    declaration row)."""
    hand = ENUMERATION_NS_PER_HAND * (SPLIT_HAND_FACTOR if split else 1.0)
    per_deal = ENUMERATION_NS_PER_DEAL * max(declaration_rows, 1) + hand * players
    return deals * per_deal * 1e-9 * _thread_factor(threads)


def sampling_seconds(trials: int, players: int, split: bool, declaration_rows: int,
                     threads: int) -> float:
    """Monte Carlo of `trials` deals."""
    hand = SAMPLING_NS_PER_HAND * (SPLIT_HAND_FACTOR if split else 1.0)
    per_deal = SAMPLING_NS_PER_DEAL * max(declaration_rows, 1) + hand * players
    return trials * per_deal * 1e-9 * _thread_factor(threads)


def _thread_factor(threads: int) -> float:
    return MEASURED_THREADS / max(1, min(threads, MEASURED_THREADS)) if threads else 1.0
