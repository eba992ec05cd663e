"""Running a serial kernel over a range of work on several threads: Python threads, each
calling the compiled kernel on a part of the range, the kernels releasing the GIL (nogil).

Why not numba's parallel=True (a prange over the chunks): its parfor passes and the gufunc
it builds around the loop body more than doubled every kernel's compile time, which a user
waits through on the first query of each game (measured for the Monte Carlo kernel, side
by side on a busy machine: 6.3 s of CPU to compile in parallel form, 2.8 s serial). A
serial kernel compiles without those passes (pipeline.py adds back the one that matters
for speed), and the threads here give it every core.

The kernels take (first, last, ...) and loop over items first..last-1 exactly as a prange
body ran each item, each item writing only its own outputs: which thread runs which part
changes nothing in the results, so a seed gives the same numbers on any thread count.

Stopping: when the calling thread has a stop check installed (studodds.stopping: the web
server's, for a client that went away), it is asked before every part, and the work is
always cut into parts, one thread or several, and finer ones (PARTS_PER_THREAD_CHECKED), so
a run stops within a part's time (about a second) rather than at the end of a round.

Threads: numba.get_num_threads() of the calling thread, as for a parallel kernel (the
library sets it with numba.set_num_threads for --threads, the batch executors run spots
side by side at one each). One thread: the kernel runs on the caller's thread, no pool.
"""

from __future__ import annotations

import itertools
import os
import threading
from concurrent.futures import ThreadPoolExecutor, wait

import numba

from .. import stopping
from ..config import most_threads

# Parts per thread: a few, so a thread that the machine slows (other processes, other
# spots) does not hold the others up; each part costs one kernel call (tens of us).
PARTS_PER_THREAD = 4
# With a stop check installed, finer parts: the check is asked before each, so a run stops
# within a part's time. A question the web server takes is estimated at a minute at most,
# which cut 64 ways is about a second a part; each part costs tens of microseconds more.
PARTS_PER_THREAD_CHECKED = 32

_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def _helpers() -> ThreadPoolExecutor:
    """The helper threads, started on first use: one fewer than numba's thread limit (the
    caller's own thread is the other)."""
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(max(1, most_threads() - 1),
                                       thread_name_prefix="studodds-kernel")
        return _pool


def _forget_helpers() -> None:
    """In a forked child the helper threads are gone while the pool object says they are
    there: tasks sent to it would wait forever. The child starts a pool of its own."""
    global _pool
    _pool = None


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_helpers)


def run_chunked(kernel, n_items: int, *args, threads: int | None = None) -> None:
    """kernel(first, last, *args) over items 0..n_items-1, cut into contiguous parts run on
    `threads` threads (default numba.get_num_threads()); returns when all are done, and
    raises the first error any part raised."""
    if n_items <= 0:
        return
    threads = min(threads or numba.get_num_threads(), n_items)
    check = stopping.current_check()
    if threads <= 1 and check is None:
        kernel(0, n_items, *args)
        return
    per_thread = PARTS_PER_THREAD if check is None else PARTS_PER_THREAD_CHECKED
    n_parts = min(n_items, max(threads, 1) * per_thread)
    bounds = [n_items * p // n_parts for p in range(n_parts + 1)]
    next_part = itertools.count()  # next() is atomic under the GIL
    stop = threading.Event()  # an error anywhere: no thread starts another part

    def work():
        try:
            while not stop.is_set():
                part = next(next_part)
                if part >= n_parts:
                    return
                if check is not None:
                    check()  # raises to stop: this thread and (through stop) the others
                kernel(bounds[part], bounds[part + 1], *args)
        except BaseException:
            stop.set()
            raise

    # The caller works too, so the parts get done even while the helpers are busy with
    # another caller's parts.
    helpers = [_helpers().submit(work) for _ in range(max(threads, 1) - 1)]
    try:
        work()
    finally:
        # None may still write into the outputs once the caller has gone on: not after an
        # error of the caller's, nor after one helper's (a stop check raises in any thread).
        wait(helpers)
    for helper in helpers:
        helper.result()  # a helper's error, raised here
