"""How long a run will take, from the sizes its kernel works through.

The constants are measured on this project's 2-core machine (warm, numba's cache filled) by
`scripts/bench.py --estimates`, which prints every estimate beside the time it took; a
user's machine with more or faster cores is quicker. An estimate is for the kernels on all
of numba's threads; fewer threads take proportionally longer.

- Heads-up counting (headsup.py, headsup_split.py) makes `headsup.cost` binary searches in
  sorted lists of C(n, k) values a set; a search in a longer list misses the cache more
  often, so the time a search grows with the list (a power law fits 4th to 3rd street).
- Enumeration (exact.py) and Monte Carlo (sim.py) spend their time valuing each player's
  hand on each deal: a fixed cost a deal and a cost a hand.
"""

from __future__ import annotations

from math import comb

from .headsup import cost

# Heads-up counting on 2 threads: (nanoseconds a search with hero lists of C(n, k) = 15,180
# values, as on 4th street; how the time a search grows with the list length), for one
# pot and for a split pot (its three list sets searched in one pass). Fitted to 3rd and
# 4th street stud7 and stud7hl8 (README "Speed").
COUNTING_HIGH = (6.99, 0.16)
COUNTING_SPLIT = (5.5, 0.222)
COUNTING_LIST_AT = 15_180

# Enumeration and Monte Carlo on 2 threads: nanoseconds a deal, and a hand valued (a hand
# valued both ways costs SPLIT_HAND_FACTOR as much).
ENUMERATION_NS_PER_DEAL = 3.0
ENUMERATION_NS_PER_HAND = 7.0
SAMPLING_NS_PER_DEAL = 2.6
SAMPLING_NS_PER_HAND = 6.6
SPLIT_HAND_FACTOR = 1.3

# Building the table state, the kernel's inputs and the result, for every question asked:
# what makes the 47 questions of a next-card table slower than their kernels alone.
QUESTION_SECONDS = 0.05

MEASURED_THREADS = 2


def counting_seconds(n: int, k: int, m: int, split: bool, threads: int) -> float:
    """Heads-up counting of a pool of n unseen cards, k to come to the side with fewer to
    come and m to the other."""
    at_list, exponent = COUNTING_SPLIT if split else COUNTING_HIGH
    per_search = at_list * (max(comb(n, k), 1) / COUNTING_LIST_AT) ** exponent
    return (cost(n, k, m, split) * per_search * 1e-9 * _thread_factor(threads)
            + QUESTION_SECONDS)


def enumeration_seconds(deals: int, players: int, split: bool, declaration_rows: int,
                        threads: int) -> float:
    """Enumerating `deals` deals of `players` hands (each deal settled once per
    declaration row)."""
    hand = ENUMERATION_NS_PER_HAND * (SPLIT_HAND_FACTOR if split else 1.0)
    per_deal = ENUMERATION_NS_PER_DEAL * max(declaration_rows, 1) + hand * players
    return deals * per_deal * 1e-9 * _thread_factor(threads) + QUESTION_SECONDS


def sampling_seconds(trials: int, players: int, split: bool, declaration_rows: int,
                     threads: int) -> float:
    """Monte Carlo of `trials` deals."""
    hand = SAMPLING_NS_PER_HAND * (SPLIT_HAND_FACTOR if split else 1.0)
    per_deal = SAMPLING_NS_PER_DEAL * max(declaration_rows, 1) + hand * players
    return trials * per_deal * 1e-9 * _thread_factor(threads) + QUESTION_SECONDS


def _thread_factor(threads: int) -> float:
    return MEASURED_THREADS / max(1, min(threads, MEASURED_THREADS)) if threads else 1.0
