"""numba settings in one place, so every kernel is compiled the same way.

cache=True: compiled machine code is written next to the modules and reused by the next
process (measured in scripts/bench_eval.py: cold vs warm start). error_model="numpy" drops
the zero-division checks numba adds in Python mode; boundscheck stays off in the kernels and
is exercised by the tests running with NUMBA_BOUNDSCHECK=1 when debugging.
"""

NUMBA_OPTIONS = {"cache": True, "nogil": True, "error_model": "numpy"}
