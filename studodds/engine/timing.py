"""How long a run will take, from the sizes its kernel works through.

The constants were measured on one 2-core machine (warm, numba's cache filled) by
`scripts/bench.py --estimates`, which prints every estimate beside the time it took.
Machines differ (the project's own has run 2.2 times slower on another day), so an
estimate long enough to be told is scaled by this machine's speed: on_this_machine times
a small heads-up count once per process (machine_factor) against what the constants
predict for it. An estimate is for the kernels on all of numba's threads; fewer threads
take proportionally longer.

- Heads-up counting (headsup.py, headsup_split.py) makes `headsup.cost` binary searches in
  sorted lists of C(n, k) values a set; a search in a longer list misses the cache more
  often, so the time a search grows with the list (a power law fits 4th to 3rd street).
- Enumeration (exact.py) and Monte Carlo (sim.py) spend their time valuing each player's
  hand on each deal: a fixed cost a deal and a cost a hand.
"""

from __future__ import annotations

import time
from math import comb

import numba
import numpy as np

from ..eval.kernels import KIND_CODES
from .headsup import cost, heads_up_counts

# Heads-up counting on 2 threads: (nanoseconds a search with hero lists of C(n, k) = 15,180
# values, as on 4th street; how the time a search grows with the list length), for one
# pot and for a split pot (its three list sets searched in one pass). Fitted to 3rd and
# 4th street stud7 and stud7hl8 (README "Speed"), the high exponent raised to fit the
# next-card tables (lists of about 1,000 values) too.
COUNTING_HIGH = (6.99, 0.2)
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
QUESTION_SECONDS = 0.02

MEASURED_THREADS = 2


def counting_seconds(n: int, k: int, m: int, split: bool, threads: int,
                     ordered: bool = False) -> float:
    """Heads-up counting of a pool of n unseen cards, k to come to the side with fewer to
    come and m to the other (ordered: k to the stored side, m to the streamed side,
    whichever has more)."""
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


# Estimates shorter than this are not scaled: nobody is told of them, and the probe that
# measures this machine (about 10 ms of counting, more on its first use) is not run.
PROBE_ABOVE_SECONDS = 1.0

# The probe: heads-up, 3 cards to come to one side and 4 to the other, so that its hero
# lists (C(45, 3) = 14,190 values) are near the length the constants were fitted at.
_PROBE_HERO = (48, 49, 44, 45)  # Ac Ad Kc Kd
_PROBE_VILLAIN = (0, 5, 10)  # 2c 3d 4h
_factor: dict[int, float] = {}


def on_this_machine(seconds: float) -> float:
    """An estimate from the constants, scaled by this machine's speed when it is long
    enough to matter."""
    if seconds <= PROBE_ABOVE_SECONDS:
        return seconds
    return seconds * machine_factor()


def machine_factor() -> float:
    """How many times longer this machine takes than the constants say: the best of five
    timed probes (after one that loads or compiles the kernel), once per process and
    thread count."""
    threads = numba.get_num_threads()
    if threads not in _factor:
        known = set(_PROBE_HERO + _PROBE_VILLAIN)
        pool = np.array([c for c in range(52) if c not in known], dtype=np.int64)
        hero = np.array(_PROBE_HERO, dtype=np.int64)
        villain = np.array(_PROBE_VILLAIN, dtype=np.int64)

        def probe() -> float:
            start = time.perf_counter()
            heads_up_counts(KIND_CODES["high"], pool, hero, villain, 3, 4)
            return time.perf_counter() - start

        probe()
        took = min(probe() for _ in range(5))
        predicted = counting_seconds(len(pool), 3, 4, False, threads) - QUESTION_SECONDS
        _factor[threads] = max(took / predicted, 0.1)
    return _factor[threads]
