"""numba's on-disk cache: written by one process at a time, and read without numba's
whole start-up.

The lock
--------

numba (0.68) saves a compiled kernel in four steps (numba.core.caching.
IndexDataCacheFile.save): it reads the function's cache index, takes the first data-file
number the index does not use, writes the index back, and then the machine code into that
file. Nothing keeps another process out from the first step to the last. Two processes
saving two variants of one function at once (two signatures, or two closures of one kernel
factory, such as a Monte Carlo kernel for high-only and for hi/lo games) can then both take
number 1: the index names one variant's file while the other variant's code is in it, and
every later process that asks for that variant runs the other's machine code. That is
wrong odds, kept in the cache until numba or studodds changes. A load, too, can fall
between a save's index and its code, and pair the new entry with an old file's code (after
a kernel's source changed, the numbers start again at 1 over the old files).

studodds compiles in several processes at once: `serve` compiles in the background while a
query runs in a terminal, two notebooks start together, the test workers compile side by
side. A test audit showed the mix-up with numba's own code, two saves made to overlap
(tests/test_numba_cache.py makes them overlap in one process).

So each save holds an exclusive lock on its cache directory (flock on the directory
itself: no file is added) from reading the index to writing the code, and each load a
shared one: a save waits for the saves and loads under way, a load for the save under way.
Saves take milliseconds. A lock still taken after WAIT_SECONDS (a process stopped in the
middle of a save) is given up: the save is skipped (the kernel compiles again next time)
and the load goes on as numba alone would. Where flock is missing (Windows) or refused (a
network file system), numba saves and loads as it would without studodds.

The lock is numba's, not only studodds': a notebook's own cached functions take it too.
Their saves and loads then wait for a save under way in the same folder (milliseconds, or
WAIT_SECONDS behind a stopped process), and are never mixed up.

Loads without the refresh
-------------------------
Before each load numba refreshes its CPU target (numba.core.caching.Cache.load_overload):
on the first, it imports and registers every implementation it could compile with (some
seventy modules: linear algebra, typed dicts, unicode, datetimes, ...) and builds its
typing tables. A kernel read from the cache needs none of that: its machine code is linked
against numba's C helpers and its runtime (rtsys.initialize, kept), and the registries are
only read when something compiles, which refreshes them itself
(numba.core.compiler.CompilerBase). On the warm query the refresh was a sixth of the
whole process (docs/speed.md, "The warm query, and the Intel machine"). So a load of a studodds kernel on the CPU
target initializes the runtime and reads the cache; if that fails in any way, numba's own
load runs, refresh and all. Other functions load numba's way (QUICK_LOADS says why).
"""

from __future__ import annotations

import contextlib
import functools
import os
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

try:
    import fcntl
except ImportError:  # Windows: no flock, numba's cache as it is
    fcntl = None  # type: ignore[assignment]

_MARK = "_studodds_locked"

# A save takes milliseconds: a lock held this long is a process stopped in a save.
WAIT_SECONDS = 30.0
_POLL_SECONDS = 0.005

# The descriptors this process holds a lock through: a child forked while one is held
# closes its copies, else the lock would last until the child exits (flock belongs to the
# open file, which a fork shares).
_held: set[int] = set()
# This thread's lock under way, (path, exclusive, state): a load or save inside it (numba
# makes none today) goes on under the lock already held instead of waiting for itself.
_this_thread = threading.local()

LOCKED, UNLOCKABLE, GIVEN_UP = "locked", "unlockable", "given up"


def lock_numba_cache() -> None:
    """Make numba's cache saves and loads take the directory's lock (once per process;
    asked again, nothing more happens)."""
    if fcntl is None:
        return
    try:
        from numba.core.caching import IndexDataCacheFile
    except ImportError:  # numba's internals moved: numba as it is
        return
    if getattr(IndexDataCacheFile.save, _MARK, False):
        return
    IndexDataCacheFile.save = _holding_the_lock(  # type: ignore[method-assign]
        IndexDataCacheFile.save, exclusive=True)
    IndexDataCacheFile.load = _holding_the_lock(  # type: ignore[method-assign]
        IndexDataCacheFile.load, exclusive=False)
    if hasattr(os, "register_at_fork"):
        os.register_at_fork(after_in_child=_forget_held_locks)


# The functions loaded without the refresh: studodds's kernels, by their module. Others
# (a notebook's) load numba's way: a cached @vectorize builds its ufunc after the load,
# from the registries the refresh fills, and an extension's types come from the refresh.
QUICK_LOADS: tuple[str, ...] = ("studodds.",)


def load_without_refresh() -> None:
    """Make numba's loads of studodds's kernels from its cache skip the CPU target's
    refresh (the module docstring); numba's own load where that fails. Once per process."""
    try:
        from numba.core.caching import Cache
        from numba.core.cpu import CPUContext
        from numba.core.runtime import rtsys
    except ImportError:  # numba's internals moved: numba as it is
        return
    if getattr(Cache.load_overload, _MARK, False):
        return
    numbas_load = Cache.load_overload

    @functools.wraps(numbas_load)
    def load_overload(self, sig, target_context):
        module = getattr(getattr(self, "_py_func", None), "__module__", None) or ""
        if type(target_context) is not CPUContext or not module.startswith(QUICK_LOADS):
            return numbas_load(self, sig, target_context)
        try:
            rtsys.initialize(target_context)
            return self._load_overload(sig, target_context)
        except Exception:  # noqa: BLE001  (whatever the refresh sets up: numba's way)
            return numbas_load(self, sig, target_context)

    setattr(load_overload, _MARK, True)
    Cache.load_overload = load_overload  # type: ignore[method-assign]


def _holding_the_lock(method: Callable[..., Any], *, exclusive: bool) -> Callable[..., Any]:
    @functools.wraps(method)
    def holding_the_lock(self, *args, **kwargs):
        with _directory_locked(getattr(self, "_cache_path", None), exclusive) as state:
            if state == GIVEN_UP and exclusive:
                return None  # no save: better than one that may mix up two kernels
            return method(self, *args, **kwargs)

    setattr(holding_the_lock, _MARK, True)
    return holding_the_lock


@contextlib.contextmanager
def _directory_locked(path: str | None, exclusive: bool) -> Iterator[str]:
    """An flock on the directory ``path`` (exclusive or shared) while the block runs. Says
    LOCKED; UNLOCKABLE where the directory cannot be opened or the file system refuses
    locks (the caller goes on unlocked, as numba alone does); GIVEN_UP after WAIT_SECONDS.
    Inside this thread's own lock on the same directory, as strong, it says the outer
    lock's state (waiting for itself would stall); any other nested call gets no lock."""
    outer = getattr(_this_thread, "held", None)
    if outer is not None:
        outer_path, outer_exclusive, outer_state = outer
        if outer_path == path and (outer_exclusive or not exclusive):
            yield outer_state
        else:  # a save is skipped rather than made unlocked; a load goes on as numba's
            yield GIVEN_UP if exclusive else UNLOCKABLE
        return
    try:
        descriptor = os.open(path, os.O_RDONLY) if path else -1
    except OSError:
        descriptor = -1
    if descriptor < 0:
        yield UNLOCKABLE
        return
    # Known before the flock: a child forked while this waits closes its copy too.
    _held.add(descriptor)
    try:
        state = _take(descriptor, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        _this_thread.held = (path, exclusive, state)
        try:
            yield state
        finally:
            _this_thread.held = None
    finally:
        if descriptor in _held:  # else a fork by this very thread closed it in the child
            _held.discard(descriptor)
            os.close(descriptor)  # closing releases the lock


def _take(descriptor: int, mode: int) -> str:
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        try:
            fcntl.flock(descriptor, mode | fcntl.LOCK_NB)
            return LOCKED
        except BlockingIOError:
            if time.monotonic() > deadline:
                return GIVEN_UP
            time.sleep(_POLL_SECONDS)
        except OSError:  # no locks on this file system
            return UNLOCKABLE


def _forget_held_locks() -> None:
    """In a child just forked: close its copies of the descriptors locked in the parent
    (by another thread's save), so that the parent's close releases the lock."""
    for descriptor in list(_held):
        with contextlib.suppress(OSError):
            os.close(descriptor)
    _held.clear()
