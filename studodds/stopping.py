"""Stopping a long computation from outside it, within about a second, inside its rounds.

The library's progress(fraction) callback may raise to stop a run, but it is called between
rounds, and one round of a long exact count can take a minute. The engine therefore asks
the stop check of the calling thread before each part of a round (engine/chunked.py cuts
every kernel call into parts of a fraction of a second). A caller that may want to stop a
run it started on this thread (the web server, for a client that went away) installs a
check for the duration of the run:

    with stopping.checked_by(job.check):
        equity(...)

The check raises whatever exception the caller wants to see (it is not caught); the parts
already running finish first (compiled code cannot be interrupted), none start after. A
thread with no check installed runs exactly as before.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator

_this_thread = threading.local()


@contextlib.contextmanager
def checked_by(check: Callable[[], None]) -> Iterator[None]:
    """Run the body with check() asked before each part of the engine's work on this
    thread (nested: the inner check replaces the outer one until it ends)."""
    previous = getattr(_this_thread, "check", None)
    _this_thread.check = check
    try:
        yield
    finally:
        _this_thread.check = previous


def current_check() -> Callable[[], None] | None:
    """The check installed on the calling thread, or None."""
    return getattr(_this_thread, "check", None)
