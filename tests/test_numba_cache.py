"""numba's cache saves take a lock (studodds/numba_cache.py): two saves of two variants of
one function at once, which numba alone can mix up (the index naming one variant's file
while the other's code is in it), are made one after the other."""

from __future__ import annotations

import threading

from numba.core.caching import IndexDataCacheFile

import studodds.eval  # noqa: F401  (importing the evaluator locks the saves)
from studodds.numba_cache import lock_cache_saves


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
        Overlapping(str(folder), "kernel", "stamp").save(key, code)

    threads = [threading.Thread(target=save, args=variant)
               for variant in (("high-only", "code of high-only"), ("hi/lo", "code of hi/lo"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)


def test_two_saves_at_once_keep_both_variants_each_with_its_own_code(tmp_path):
    _save_both_at_once(tmp_path)
    cache = IndexDataCacheFile(str(tmp_path), "kernel", "stamp")
    assert cache.load("high-only") == "code of high-only"
    assert cache.load("hi/lo") == "code of hi/lo"
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "kernel.1.nbc", "kernel.2.nbc", "kernel.nbi"]  # no file of the lock's own


def test_the_lock_is_taken_once_however_often_asked():
    save = IndexDataCacheFile.save
    lock_cache_saves()
    assert IndexDataCacheFile.save is save
