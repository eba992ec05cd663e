"""Every hypothesis run of the suite is deterministic: the same examples on every machine
and every run (the project's rule: fixed seeds, so a test that passes in CI passed here),
and nothing is kept between runs (a failure found once is not replayed from a database
other machines do not have). HYPOTHESIS_PROFILE=random explores afresh, for a hunt."""

import os

from hypothesis import settings

settings.register_profile("studodds", derandomize=True, database=None)
settings.register_profile("random", derandomize=False, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "studodds"))
