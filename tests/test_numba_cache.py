"""numba's cache saves and loads take a lock (studodds/numba_cache.py): two saves of two
variants of one function at once, which numba alone can mix up (the index naming one
variant's file while the other's code is in it), are made one after the other; a load
waits for a save under way; a lock left by a stopped process is given up; a child forked
during a save does not keep the lock; every module with cached kernels applies it."""

from __future__ import annotations

import contextlib
import fcntl
import os
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from numba.core.caching import IndexDataCacheFile

import studodds.eval  # noqa: F401  (importing the evaluator locks the saves)
from studodds import numba_cache
from studodds.numba_cache import lock_numba_cache

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="no flock: numba as it is")


def _cache(folder, cls=IndexDataCacheFile):
    return cls(str(folder), "kernel", "stamp")


def _save_both_at_once(folder) -> None:
    """Save two variants of one function from two threads, each waiting (up to half a
    second) after reading the index for the other to have read it too: numba's own save
    then lets both read an empty index and take data file number 1."""
    meeting = threading.Barrier(2, timeout=0.5)

    class Overlapping(IndexDataCacheFile):
        def _load_index(self):
            overloads = super()._load_index()
            try:
                meeting.wait()
            except threading.BrokenBarrierError:  # the other waits for the lock: as meant
                pass
            return overloads

    def save(key, code):
        _cache(folder, Overlapping).save(key, code)

    threads = [threading.Thread(target=save, args=variant)
               for variant in (("high-only", "code of high-only"), ("hi/lo", "code of hi/lo"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)


def test_two_saves_at_once_keep_both_variants_each_with_its_own_code(tmp_path):
    _save_both_at_once(tmp_path)
    cache = _cache(tmp_path)
    loaded = {key: cache.load(key) for key in ("high-only", "hi/lo")}
    assert loaded == {"high-only": "code of high-only", "hi/lo": "code of hi/lo"}
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "kernel.1.nbc", "kernel.2.nbc", "kernel.nbi"]  # no file of the lock's own


def _held_by_another(folder):
    """An exclusive flock on the folder, as another process's save holds it: the
    descriptor (close it to release)."""
    descriptor = os.open(folder, os.O_RDONLY)
    fcntl.flock(descriptor, fcntl.LOCK_EX)
    return descriptor


def test_a_load_waits_for_the_save_under_way(tmp_path):
    _cache(tmp_path).save("high-only", "code of high-only")
    descriptor = _held_by_another(tmp_path)
    loaded = []
    reader = threading.Thread(target=lambda: loaded.append(_cache(tmp_path).load("high-only")))
    reader.start()
    reader.join(timeout=0.3)
    assert reader.is_alive() and not loaded  # waiting: the index may be ahead of the code
    os.close(descriptor)
    reader.join(timeout=30)
    assert loaded == ["code of high-only"]


def test_a_lock_held_too_long_is_given_up(tmp_path, monkeypatch):
    """A process stopped in the middle of a save must not stop every compile: after the
    wait, a save is skipped (never made unlocked) and a load goes on as numba's."""
    _cache(tmp_path).save("high-only", "code of high-only")
    monkeypatch.setattr(numba_cache, "WAIT_SECONDS", 0.2)
    descriptor = _held_by_another(tmp_path)
    try:
        loaded = []
        asking = threading.Thread(target=lambda: (
            _cache(tmp_path).save("hi/lo", "code of hi/lo"),
            loaded.append(_cache(tmp_path).load("high-only"))))
        asking.start()
        asking.join(timeout=10)
        assert not asking.is_alive(), "still waiting for the lock"
        assert loaded == ["code of high-only"]
    finally:
        os.close(descriptor)
    assert _cache(tmp_path).load("hi/lo") is None  # not saved
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kernel.1.nbc", "kernel.nbi"]


def test_a_load_inside_a_save_goes_on_under_the_lock_held(tmp_path, monkeypatch):
    """numba makes no such call today; were it to, a thread waiting for its own lock
    would stall every compile for WAIT_SECONDS."""
    monkeypatch.setattr(numba_cache, "WAIT_SECONDS", 20.0)
    _cache(tmp_path).save("high-only", "code of high-only")
    inside = []

    class Nested(IndexDataCacheFile):
        def _save_data(self, name, data):
            inside.append(_cache(tmp_path).load("high-only"))
            super()._save_data(name, data)

    saving = threading.Thread(target=lambda: _cache(tmp_path, Nested).save("hi/lo", "code"))
    saving.start()
    saving.join(timeout=5)
    assert not saving.is_alive() and inside == ["code of high-only"]


def test_a_save_inside_a_load_is_skipped_not_made_unlocked(tmp_path):
    """A load holds only a shared lock: a save inside it could not be kept from another
    process's, so it is skipped (numba makes no such call today)."""
    _cache(tmp_path).save("high-only", "code of high-only")

    class Nested(IndexDataCacheFile):
        def _load_data(self, name):
            _cache(tmp_path).save("hi/lo", "code of hi/lo")
            return super()._load_data(name)

    assert _cache(tmp_path, Nested).load("high-only") == "code of high-only"
    assert _cache(tmp_path).load("hi/lo") is None


@contextlib.contextmanager
def _a_child_alive(closing=()):
    """A forked child, alive (doing nothing) until the block ends; it first closes the
    descriptors ``closing`` (locks another process holds, not the child's to keep)."""
    ready, told = os.pipe()
    child = os.fork()
    if child == 0:
        try:
            for descriptor in closing:
                os.close(descriptor)
            os.write(told, b"x")  # after the fork hooks ran
            time.sleep(60)
        finally:
            os._exit(0)
    try:
        assert select.select([ready], [], [], 30)[0], "the child never started"
        yield
    finally:
        os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)
        os.close(ready)
        os.close(told)


def _assert_free(folder):
    """Nobody holds the folder's lock: it is taken at once."""
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    finally:
        os.close(descriptor)


needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")


@needs_fork
def test_a_child_forked_during_a_save_does_not_keep_the_lock(tmp_path):
    in_save, finish = threading.Event(), threading.Event()

    class Slow(IndexDataCacheFile):
        def _save_data(self, name, data):
            in_save.set()
            finish.wait(30)
            super()._save_data(name, data)

    saver = threading.Thread(target=lambda: _cache(tmp_path, Slow).save("hi/lo", "code"))
    saver.start()
    assert in_save.wait(30)
    with _a_child_alive():
        finish.set()
        saver.join(timeout=30)
        _assert_free(tmp_path)  # once the parent's save ended, the child still alive


@needs_fork
def test_a_child_forked_while_a_save_waits_for_the_lock_does_not_keep_it(tmp_path):
    other = _held_by_another(tmp_path)
    saver = threading.Thread(target=lambda: _cache(tmp_path).save("hi/lo", "code"))
    saver.start()
    time.sleep(0.2)  # the save waits, its descriptor open
    with _a_child_alive(closing=[other]):
        os.close(other)
        saver.join(timeout=30)
        assert _cache(tmp_path).load("hi/lo") == "code"
        _assert_free(tmp_path)


def test_loads_share_the_lock(tmp_path, monkeypatch):
    monkeypatch.setattr(numba_cache, "WAIT_SECONDS", 20.0)
    _cache(tmp_path).save("high-only", "code of high-only")
    descriptor = os.open(tmp_path, os.O_RDONLY)
    fcntl.flock(descriptor, fcntl.LOCK_SH)  # another process loading
    try:
        start = time.monotonic()
        assert _cache(tmp_path).load("high-only") == "code of high-only"
        assert time.monotonic() - start < 5  # at once, not after WAIT_SECONDS
    finally:
        os.close(descriptor)


def test_a_save_that_fails_releases_the_lock(tmp_path, monkeypatch):
    class Full(IndexDataCacheFile):
        def _save_data(self, name, data):
            raise OSError(28, "No space left on device")

    with pytest.raises(OSError, match="No space left"):
        _cache(tmp_path, Full).save("hi/lo", "code")
    assert numba_cache._held == set()
    _assert_free(tmp_path)
    # This thread's next save is not taken for one inside the failed one: it waits for
    # another process's lock like any save (and gives up, here after 0.3 s).
    monkeypatch.setattr(numba_cache, "WAIT_SECONDS", 0.3)
    other = _held_by_another(tmp_path)
    try:
        _cache(tmp_path).save("high-only", "code of high-only")
    finally:
        os.close(other)
    assert _cache(tmp_path).load("high-only") is None


def test_the_lock_is_taken_once_however_often_asked():
    save, load = IndexDataCacheFile.save, IndexDataCacheFile.load
    lock_numba_cache()
    assert (IndexDataCacheFile.save, IndexDataCacheFile.load) == (save, load)


def _compiles_cached_kernels(text: str) -> bool:
    """A module with a kernel numba caches: njit with the project's options (which hold
    cache=True) in the same module."""
    return "njit(" in text and ("**NUMBA_OPTIONS" in text or "**KERNEL_OPTIONS" in text)


KERNEL_MODULES = sorted(
    ".".join(path.relative_to(ROOT).with_suffix("").parts)
    for path in (ROOT / "studodds").rglob("*.py") if _compiles_cached_kernels(path.read_text()))


def test_every_module_with_cached_kernels_locks_the_cache_as_it_loads():
    """Each module whose kernels numba caches, imported first and alone in a fresh
    process, has applied the lock (every such module imports the eval package)."""
    assert {"studodds.engine.showdown", "studodds.engine.sim", "studodds.eval.batch"} <= set(
        KERNEL_MODULES)
    check = ("import importlib, sys; importlib.import_module(sys.argv[1]); "
             "from numba.core.caching import IndexDataCacheFile as F; "
             "sys.exit(0 if getattr(F.save, '_studodds_locked', False) "
             "and getattr(F.load, '_studodds_locked', False) else 3)")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    processes = {module: subprocess.Popen([sys.executable, "-c", check, module], env=env)
                 for module in KERNEL_MODULES}
    unlocked = [module for module, process in processes.items() if process.wait(120) != 0]
    assert not unlocked


# Functions numba caches, each in a module of its own (numba caches by source file): one
# taken for a studodds kernel (the test adds its module to QUICK_LOADS), one a user's.
OURS = """
import numba, numpy as np
@numba.njit(cache=True)
def total(n):
    return np.arange(n).sum()  # allocates: needs numba's runtime, set up by the load
"""
USERS = """
import numba
@numba.vectorize(["float64(float64)"], cache=True)
def triple(x):  # a ufunc built after the load, from what numba's refresh sets up
    return 3 * x
"""
# In a fresh process: total(10), the compiles and numba's top-level refreshes so far, then
# the user's triple. "ours" makes total's module a studodds one; "fail-once" makes the
# first quick load raise.
ASK_CACHED = """
import sys
from numba.core import caching, event
from numba.core.base import BaseContext
import studodds.eval  # noqa: F401  (applies load_without_refresh)
from studodds import numba_cache
counts = {"compiled": 0, "refreshes": 0, "depth": 0}
class Compiles(event.Listener):
    def on_start(self, e): counts["compiled"] += 1
    def on_end(self, e): pass
event.register("numba:compile", Compiles())
numbas_refresh = BaseContext.refresh
def refresh(self):
    counts["refreshes"] += not counts["depth"]
    counts["depth"] += 1
    try:
        return numbas_refresh(self)
    finally:
        counts["depth"] -= 1
BaseContext.refresh = refresh
if "ours" in sys.argv:
    numba_cache.QUICK_LOADS += ("ours_module",)
if "fail-once" in sys.argv:
    numbas_inner = caching.Cache._load_overload
    def fail_once(self, *args):
        caching.Cache._load_overload = numbas_inner
        raise RuntimeError("a quick load that fails")
    caching.Cache._load_overload = fail_once
import ours_module
print(ours_module.total(10), counts["compiled"], counts["refreshes"])
import users_module
print(users_module.triple([1.0, 2.0]).tolist())
"""


def test_our_loads_skip_numbas_refresh_and_fall_back_to_it(tmp_path):
    """A studodds kernel read from the cache is loaded without numba's refresh of its
    target, and a load that fails that way is made numba's way (refresh and all), not
    given up; a user's cached function loads numba's way, a @vectorize too (it fails
    to build without the refresh), after one of ours in the same process."""
    (tmp_path / "ours_module.py").write_text(OURS)
    (tmp_path / "users_module.py").write_text(USERS)
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache"),
           "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}

    def ask(*args: str) -> tuple[list[int], str]:
        done = subprocess.run([sys.executable, "-c", ASK_CACHED, *args], env=env,
                              capture_output=True, text=True, timeout=120, check=True)
        ours, users = done.stdout.splitlines()
        return [int(word) for word in ours.split()], users

    assert ask("ours")[1] == "[3.0, 6.0]"  # both compiled and saved
    ours, users = ask("ours")
    assert ours == [45, 0, 0] and users == "[3.0, 6.0]"  # ours loaded with no refresh
    assert ask("ours", "fail-once")[0] == [45, 0, 1]  # loaded numba's way after a failure
    assert ask()[0] == [45, 0, 1]  # a user's function: numba's way
