"""numba's on-disk cache written by one process at a time.

numba (0.68) saves a compiled kernel in three steps: it reads the function's cache index,
takes the first data-file number the index does not use, writes the index back, then the
machine code into that file (numba.core.caching.IndexDataCacheFile.save). Nothing keeps
another process out between the first step and the last. Two processes saving two
variants of one function at once (two signatures, or two closures of one kernel factory,
such as a Monte Carlo kernel for high-only and for hi/lo games) can then both take
number 1: the index names one variant's file while the other variant's code is in it, and
every later process that asks for that variant runs the other's machine code. That is
wrong odds, kept in the cache until numba or studodds changes.

studodds compiles in several processes at once: `serve` compiles in the background while a
query runs in a terminal, two notebooks start together, the test workers compile side by
side. A test audit showed the mix-up with numba's own code, the two saves made to overlap
(tests/test_numba_cache.py makes them overlap in one process).

So each save holds an exclusive lock on its cache directory (flock on the directory
itself: no file is added) from reading the index to writing the code, and a second
process's save reads the index the first one wrote. Saves take milliseconds; loads are not
locked (numba replaces each file whole, so a load sees the old file or the new one).
Where flock is missing (Windows), saves stay as numba makes them.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

_MARK = "_studodds_locked"


def lock_cache_saves() -> None:
    """Make numba's cache saves take the directory's lock (once per process; idempotent).
    Every save in the process takes it, not only studodds' own: a save of any function
    then waits at most for another's, and is never mixed up with it."""
    try:
        import fcntl  # noqa: F401  (POSIX only)

        from numba.core.caching import IndexDataCacheFile
    except ImportError:  # Windows, or numba's internals moved: numba's own saves
        return
    save = IndexDataCacheFile.save
    if getattr(save, _MARK, False):
        return

    def save_holding_the_lock(self, key, data):
        with _directory_locked(getattr(self, "_cache_path", None)):
            save(self, key, data)

    setattr(save_holding_the_lock, _MARK, True)
    save_holding_the_lock.__doc__ = save.__doc__
    IndexDataCacheFile.save = save_holding_the_lock  # type: ignore[method-assign]


@contextlib.contextmanager
def _directory_locked(path: str | None) -> Iterator[None]:
    """An exclusive flock on the directory ``path``, released on leaving. A directory
    that cannot be opened (None, gone, no permission) is not locked: numba's save then
    fails or succeeds as it would have."""
    import fcntl

    try:
        descriptor = os.open(path, os.O_RDONLY) if path else -1
    except OSError:
        descriptor = -1
    if descriptor < 0:
        yield
        return
    try:
        with contextlib.suppress(OSError):  # no locks on this file system: save unlocked
            fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)  # closing releases the lock
