#!/usr/bin/env bash
# The kernels' index arithmetic checked: a fast subset of the engine and evaluator tests
# with every kernel compiled with bounds checking (NUMBA_BOUNDSCHECK=1 overrides each
# @njit's own setting, see studodds/config.py). An index out of range then raises
# IndexError; in the shipped build it reads or writes past the array, often silently.
#
#   scripts/boundscheck.sh            # from anywhere; extra arguments go to pytest
#   scripts/boundscheck.sh -n 2       # on two workers (pytest-xdist): faster once cached
#
# Code compiled with checks must never be loaded by a normal run, nor a normal run's code
# here, and numba's cache does not key on the setting: this run keeps its own cache
# (NUMBA_CACHE_DIR): $STUDODDS_BOUNDSCHECK_CACHE, else ~/.cache/studodds/numba-boundscheck,
# kept between runs. The subset is chosen for what it compiles: the evaluators, the
# dealing (plain and with ranges, listed and redrawn) and the heads-up counting (high and
# split), in 1 min 45 s with an empty cache on 2 shared cores (CI's case). A wider subset
# (every Monte Carlo kernel) took 5.5 minutes cold: too much for every CI run.
#
# Left out: the slow tests, the heads-up comparisons with the pure-Python twin (seconds of
# Python each; the same counting kernels run against enumeration here), and
# test_hot_loop_has_no_reference_counting, which inspects the shipped build's machine code
# (bounds checks add calls to it).
set -euo pipefail
cd "$(dirname "$0")/.."
export NUMBA_BOUNDSCHECK=1
cache_home="${XDG_CACHE_HOME:-$HOME/.cache}"
export NUMBA_CACHE_DIR="${STUDODDS_BOUNDSCHECK_CACHE:-$cache_home/studodds/numba-boundscheck}"
mkdir -p "$NUMBA_CACHE_DIR"

# The setting must reach numba, or every test below passes without checking anything.
python - <<'EOF'
import numba
import numpy as np


@numba.njit
def at(a, i):
    return a[i]


try:
    at(np.zeros(1), 5)
except IndexError:
    pass
else:
    raise SystemExit("boundscheck.sh: NUMBA_BOUNDSCHECK=1 had no effect")
EOF

python -m pytest -q -p no:cacheprovider -m "not slow" \
    -k "not hot_loop and not brute_force_twin and not cover_every_kind" "$@" \
    tests/test_kernels.py \
    tests/test_stream.py \
    tests/test_headsup.py \
    tests/test_ranges.py::test_monte_carlo_draws_the_same_joint_choice_with_or_without_the_list \
    tests/test_ranges.py::test_redrawn_joint_choice_keeps_every_clash_among_three_ranges
