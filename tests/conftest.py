"""Every hypothesis run of the suite is deterministic: the same examples on every machine
and every run (the project's rule: fixed seeds, so a test that passes in CI passed here),
and nothing is kept between runs (a failure found once is not replayed from a database
other machines do not have). HYPOTHESIS_PROFILE=random explores afresh, for a hunt."""

import math
import os

import pytest
from hypothesis import settings

# No deadline: a busy CI machine can stall any example past hypothesis's default 200 ms
# (a test audit found tests of 0.1 ms examples that kept it), and speed is measured by
# scripts/, not asserted by tests. A test that wants a deadline sets its own.
_UNTIMED = {"database": None, "deadline": None}
settings.register_profile("studodds", derandomize=True, **_UNTIMED)
settings.register_profile("random", derandomize=False, **_UNTIMED)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "studodds"))


@pytest.fixture(autouse=True)
def _no_long_run_notice(request, monkeypatch):
    """The CLI announces a run it estimates at over 5 s on stderr, from a speed probe of
    this machine: on a slow or busy one, a test's mid-sized exact run crossed that line and
    a test that wants a clean stderr failed. So tests run in this process see no notice,
    unless marked long_run_notice (the notice's own tests, tests/test_estimates.py)."""
    if request.node.get_closest_marker("long_run_notice") is None:
        from studodds.cli import render  # no numba: render imports none

        monkeypatch.setattr(render, "LONG_RUN_SECONDS", math.inf)
