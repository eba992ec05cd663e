"""How long a run will take, from the sizes its kernel works through.

The constants were measured on one 2-core machine (warm, numba's cache filled) by
`scripts/bench.py --estimates`, which prints every estimate beside the time it took.
Machines differ (the project's own has run 2.2 times slower on another day), so an
estimate long enough to be told is scaled by this machine's speed: on_this_machine times
a small probe once per process (machine_factor) against its time where the constants
were measured. An estimate is for the kernels on all of numba's threads; fewer threads
take proportionally longer.

- Heads-up counting (headsup.py, headsup_split.py) makes lookups (a table
  entry or a short search each) after building the stored side's lists: a cost a lookup
  and a cost a list entry built.
- Enumeration (exact.py) and Monte Carlo (sim.py) spend their time valuing each player's
  hand on each deal: a fixed cost a deal and a cost a hand.
"""

from __future__ import annotations

import time
from math import comb

import numpy as np

# Heads-up counting on 2 threads: nanoseconds a lookup (a streamed completion's shared
# sets, three times over for a split pot, which counts up to three sets of lists), and a
# stored list entry built (the stored completions times their shared sets; sorting the
# long lists a next-card table's one pass may store makes this the larger). Fitted to
# 3rd street stud7 and stud7hl8 and the next-card tables (scripts/bench.py --estimates),
# refitted on 2026-12-02, quiet, after the counting kernels were rewritten for one compile.
COUNTING_NS_PER_LOOKUP = 2.0
COUNTING_SPLIT_NS_PER_LOOKUP = 2.5
COUNTING_NS_PER_STORED = 16.0

# Enumeration and Monte Carlo on 2 threads: nanoseconds a deal, and a hand valued (a hand
# valued both ways costs SPLIT_HAND_FACTOR as much, SAMPLING_SPLIT_FACTOR when sampled).
# All refitted on 2026-12-02 (quiet machine) to heads-up, 8-way and 3-way split runs after
# the Monte Carlo kernel's rewrite (a heads-up loop of its own, wyrand) and 3-way razz.
ENUMERATION_NS_PER_DEAL = 1.9
ENUMERATION_NS_PER_HAND = 4.5
SAMPLING_NS_PER_DEAL = 3.9
SAMPLING_NS_PER_HAND = 4.1
SPLIT_HAND_FACTOR = 1.3
SAMPLING_SPLIT_FACTOR = 1.4

# A declare table settles every deal once per row of declarations, each row over every
# player: 3**n rows of n players. Fitted on 2026-12-04 (declare_table at 100,000
# trials, 3, 5 and 8 players of stud7hl, 0.01, 0.16 and 7.2 s, 2 threads), which
# the old per-row constant (SAMPLING_NS_PER_DEAL a row) put at a quarter of that for 8
# players; the web server's time limit trusts this estimate.
DECLARE_NS_PER_ROW_PLAYER = 1.4

# Building the table state, the kernel's inputs and the result, for every question asked:
# what makes the 47 questions of a next-card table slower than their kernels alone.
QUESTION_SECONDS = 0.02

MEASURED_THREADS = 2


def counting_seconds(n: int, k: int, m: int, split: bool, threads: int) -> float:
    """Heads-up counting of a pool of n unseen cards, k to come to the stored side and m
    to the streamed side."""
    per_lookup = COUNTING_SPLIT_NS_PER_LOOKUP if split else COUNTING_NS_PER_LOOKUP
    smax = min(k, m)
    lookups = comb(n, m) * sum(comb(m, s) for s in range(smax + 1)) * (3 if split else 1)
    stored = comb(n, k) * sum(comb(k, s) for s in range(smax + 1))
    nanoseconds = lookups * per_lookup + stored * COUNTING_NS_PER_STORED
    return nanoseconds * 1e-9 * _thread_factor(threads) + QUESTION_SECONDS


def enumeration_seconds(deals: int, players: int, split: bool, declaration_rows: int,
                        threads: int) -> float:
    """Enumerating `deals` deals of `players` hands (each deal settled once per
    declaration row)."""
    hand = ENUMERATION_NS_PER_HAND * (SPLIT_HAND_FACTOR if split else 1.0)
    per_deal = ENUMERATION_NS_PER_DEAL + _rows_ns(declaration_rows, players) + hand * players
    return deals * per_deal * 1e-9 * _thread_factor(threads) + QUESTION_SECONDS


def sampling_seconds(trials: int, players: int, split: bool, declaration_rows: int,
                     threads: int) -> float:
    """Monte Carlo of `trials` deals."""
    hand = SAMPLING_NS_PER_HAND * (SAMPLING_SPLIT_FACTOR if split else 1.0)
    per_deal = SAMPLING_NS_PER_DEAL + _rows_ns(declaration_rows, players) + hand * players
    return trials * per_deal * 1e-9 * _thread_factor(threads) + QUESTION_SECONDS


def _rows_ns(declaration_rows: int, players: int) -> float:
    """A deal's settling under many declaration rows (a declare table); one row (or
    none) is part of the deal's own cost."""
    return DECLARE_NS_PER_ROW_PLAYER * declaration_rows * players if declaration_rows > 1 else 0.0


def _thread_factor(threads: int) -> float:
    return MEASURED_THREADS / max(1, min(threads, MEASURED_THREADS)) if threads else 1.0


# Estimates shorter than this are not scaled: nobody is told of them, and the probe that
# measures this machine (about 0.2 s) is not run.
PROBE_ABOVE_SECONDS = 1.0

# The probe: numpy looking up 4 million random places of an 8 MB table and adding them,
# which needs no compiled kernel (a counting probe compiled the counting kernels on a
# first query that only wanted to say how long --exact would take) and is bound, like the
# kernels, by table lookups in the caches. (Sorting was tried: numpy's sort uses whatever
# vector instructions the processor has, which says little about the kernels.)
# PROBE_SECONDS: its time during the run the constants above were fitted to, on the
# project's machine of 2026-12-02 (an AMD EPYC). The probe is a rough guide: the same
# machine read 0.006 s busy and 0.013-0.017 s idle that day.
PROBE_TABLE = 1 << 21
PROBE_LOOKUPS = 1 << 22
PROBE_SECONDS = 0.0087
_factor: dict[int, float] = {}


def on_this_machine(seconds: float) -> float:
    """An estimate from the constants, scaled by this machine's speed when it is long
    enough to matter."""
    if seconds <= PROBE_ABOVE_SECONDS:
        return seconds
    return seconds * machine_factor()


def probe_seconds() -> float:
    """The best of five runs of the probe (after one that warms the memory)."""
    rng = np.random.default_rng(0)
    table = rng.integers(0, 1 << 30, PROBE_TABLE).astype(np.int32)
    places = rng.integers(0, PROBE_TABLE, PROBE_LOOKUPS)

    def probe() -> float:
        start = time.perf_counter()
        np.take(table, places).sum()
        return time.perf_counter() - start

    probe()
    return min(probe() for _ in range(5))


def machine_factor() -> float:
    """How many times longer this machine takes than the constants say: the probe against
    its time where they were measured, once per process."""
    if 0 not in _factor:
        _factor[0] = max(probe_seconds() / PROBE_SECONDS, 0.1)
    return _factor[0]
