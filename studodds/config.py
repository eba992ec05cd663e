"""numba settings in one place, so every kernel is compiled the same way.

cache=True: compiled machine code is written next to the modules and reused by the next
process (measured in scripts/bench_eval.py: cold vs warm start). error_model="numpy" drops
the zero-division checks numba adds in Python mode. boundscheck stays off in the kernels;
scripts/boundscheck.sh (part of .ci/run) runs a fast subset of the engine and evaluator
tests with NUMBA_BOUNDSCHECK=1, which compiles every kernel with bounds checks, keeping
that code in a numba cache of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypedDict

if TYPE_CHECKING:  # numba loads only where a kernel is compiled, never for --help
    from numba.core.compiler import CompilerBase


class NumbaOptions(TypedDict, total=False):
    """The njit keywords studodds sets, typed as numba's stubs type them (so a misspelled
    option or a wrong value fails the type check, not a compile)."""

    cache: bool
    nogil: bool
    error_model: Literal["python", "numpy"]
    pipeline_class: type[CompilerBase]


NUMBA_OPTIONS: NumbaOptions = {"cache": True, "nogil": True, "error_model": "numpy"}


def announce_compile(kernel, what: str, seconds: tuple[int, int]) -> None:
    """Say on stderr, once, that a kernel is about to be compiled, not found in the cache.

    The first question of each kind after install compiles what it needs (seconds, once;
    numba then caches the machine code). A user at a terminal should not wait in silence,
    nor wonder whether every question will be this slow; piped or captured output (tests,
    scripts) gets no notice, like the progress bar. seconds: the compile's usual time,
    (quickest, slowest), on the project's 2-core machines (studodds warm's steps and a
    first query, from an empty cache: the AMD one, then the Intel one, which takes two to
    three times as long to compile).
    """
    import os
    import sys

    if kernel.signatures or not sys.stderr.isatty():  # compiled already, or nobody watching
        return
    try:
        cached = os.path.exists(kernel._cache._cache_file._index_path)
    except AttributeError:  # numba internals moved: say nothing rather than guess
        return
    if not cached:
        print(f"studodds: first question of its kind since install: compiling the odds "
              f"engine for {what}, about {seconds[0]}-{seconds[1]} s, this once (`studodds warm` "
              "compiles everything in one go)",
              file=sys.stderr, flush=True)


def most_threads() -> int:
    """The most threads numba runs (NUMBA_NUM_THREADS: the cores, or the environment's)."""
    import numba

    # Set when numba loads (numba/core/config.py), so numba's stubs do not list it.
    return numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
