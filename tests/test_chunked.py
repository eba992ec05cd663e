"""The chunk runner (studodds/engine/chunked.py): every item run exactly once whatever the
thread count, a kernel's error raised to the caller, and the kernels giving the same
numbers on one thread and on several."""

from __future__ import annotations

import os
import re
import threading
from itertools import pairwise

import numba as nb
import numpy as np
import pytest
from test_kernels import blocks_on_cycles, llvm_functions

from studodds import equity
from studodds.engine.chunked import run_chunked
from studodds.engine.pipeline import KERNEL_OPTIONS
from studodds.engine.showdown import NO_DECLARE
from studodds.engine.sim import monte_carlo_kernel


@nb.njit(nogil=True)
def _count_visits(first, last, visits):
    for i in range(first, last):
        visits[i] += 1


@pytest.mark.parametrize("threads", [1, 2, 3, 8])
@pytest.mark.parametrize("n_items", [1, 2, 7, 64, 1000])
def test_every_item_runs_exactly_once(threads, n_items):
    visits = np.zeros(n_items, dtype=np.int64)
    run_chunked(_count_visits, n_items, visits, threads=threads)
    assert (visits == 1).all()


def test_no_items_no_call():
    calls = []
    run_chunked(lambda first, last: calls.append((first, last)), 0, threads=2)
    assert calls == []


def test_parts_are_contiguous_and_run_on_several_threads():
    """A Python kernel that records its part and thread: the parts tile the range, and
    with 2 threads the work is split into several parts."""
    parts = []
    lock = threading.Lock()

    def kernel(first, last):
        with lock:
            parts.append((first, last))

    run_chunked(kernel, 64, threads=2)
    parts.sort()
    assert parts[0][0] == 0 and parts[-1][1] == 64
    assert all(a[1] == b[0] for a, b in pairwise(parts))
    assert len(parts) > 2


class _Planted(Exception):
    pass


@pytest.mark.parametrize("threads", [1, 2])
def test_an_error_in_any_part_reaches_the_caller(threads):
    def kernel(first, last):
        if first <= 40 < last:
            raise _Planted(f"part {first}..{last}")

    with pytest.raises(_Planted):
        run_chunked(kernel, 64, threads=threads)


def test_exact_enumeration_the_same_on_one_and_two_threads():
    """Enumeration's work units are cut among threads by run_chunked: the integer tallies
    must not depend on it (stud7 on 6th street, three players)."""
    hands = ["(As Ks) Ah Kh Qh 2c", "(Qs Qd) Qc 2d 3d 4d", "(x x) 9c 9d Tc Jd"]
    one = equity("stud7", hands, exact=True, threads=1)
    two = equity("stud7", hands, exact=True, threads=2)
    assert one.method == "exact"
    assert one == two  # elapsed is left out of the comparison


def test_heads_up_counting_the_same_on_one_and_two_threads():
    """Every counting kernel (the stored values, the lists, the tables, the stream) cut
    among threads; split pot too (the villain groups, the count by place)."""
    for game, hands in (("stud7", ["(As Ks) Ah Kh", "(x x) Qd Qc"]),
                        ("stud7hl8", ["(As 2s) 3h 4h", "(x x) Qd Kc"])):
        one = equity(game, hands, exact=True, threads=1)
        two = equity(game, hands, exact=True, threads=2)
        assert one.method == "exact"
        assert one == two


def _fresh(kernel):
    """The kernel compiled afresh (not from the cache), with the kernels' own options."""
    return nb.njit(**{**KERNEL_OPTIONS, "cache": False})(kernel.py_func)


def test_monte_carlo_trial_loop_counts_no_references():
    """The trap pipeline.py removes: without copy propagation, every inlined helper that
    takes the work array counted references on it once a trial (2.5x the time of a deal).
    In the compiled kernel, plain or with ranges, the only NRT_incref inside a loop may
    be the chunk loop's one on the tallies (its row goes to reduce_outcomes, a call)."""
    for with_ranges in (False, True):
        kernel = _fresh(monte_carlo_kernel(False, with_ranges, NO_DECLARE))
        kernel(0, 1, *_monte_carlo_args(with_ranges))
        llvm = next(iter(kernel.inspect_llvm().values()))
        assert _increfs_in_loops(llvm, "make_monte_carlo_kernel") <= {"%arg.tallies.0"}


def test_counting_stream_loop_counts_no_references(monkeypatch):
    """count_streamed picks each part's arrays inside its loop over the streamed
    completions, without pipeline.py's copy propagation: the only NRT_incref inside a
    loop may be the chunk loop's two on the working rows (the completion and the sets'
    ranks, taken once a chunk), none per completion or part. (An inlined helper taking
    the completion's row, such as next_colex, would count references per completion.)"""
    from studodds.engine import headsup, headsup_kernels
    from studodds.engine.inputs import EngineInputs
    from studodds.engine.runs import count_heads_up
    from studodds.scenario import build_scenario

    options = {**headsup_kernels.COUNT_OPTIONS, "cache": False}
    fresh = nb.njit(**options)(headsup_kernels.count_streamed.py_func)
    monkeypatch.setattr(headsup, "count_streamed", fresh)
    scenario = build_scenario("stud5hl", ["(x) Ah 2h 3c", "(Qs) Qc 2d 3d"])  # all three parts
    count_heads_up(EngineInputs(scenario), scenario)
    llvm = next(iter(fresh.inspect_llvm().values()))
    assert _increfs_in_loops(llvm, "count_streamed") <= {"%arg.work.0"}
    in_loops = [line for function, blocks in llvm_functions(llvm)
                if "count_streamed" in function for lines in blocks_on_cycles(blocks)
                for line in lines if "@NRT_incref(" in line]
    assert len(in_loops) <= 2


def _increfs_in_loops(llvm: str, name_part: str) -> set[str]:
    """What the NRT_incref calls in blocks on a cycle count, in the LLVM IR functions whose
    name holds name_part (read as test_kernels.py reads them)."""
    found: set[str] = set()
    for function, blocks in llvm_functions(llvm):
        if name_part in function:
            for lines in blocks_on_cycles(blocks):
                found |= {m.group(1) for line in lines
                          if (m := re.search(r"@NRT_incref\(ptr (?:nonnull )?(%[^)]+)\)", line))}
    return found


def _monte_carlo_args(with_ranges: bool) -> tuple:
    """Arguments of one small Monte Carlo chunk, as runs.run_monte_carlo passes them."""
    from studodds.engine.inputs import EngineInputs
    from studodds.engine.kernel_args import Tallies, TrialChunks, kernel_arguments
    from studodds.engine.runs import Declare
    from studodds.engine.showdown import N_BINS, N_TALLIES
    from studodds.engine.sim import N_CHUNKS, chunk_seeds, split_trials
    from studodds.scenario import build_scenario

    hands = ["(As Ks) Ah", "(pair+) Qd" if with_ranges else "(x x) Qd"]
    inputs = EngineInputs(build_scenario("stud7", hands), joint_cap=1000)
    declare = Declare(2, None, None)
    chunks = TrialChunks(seeds=chunk_seeds(1, 0), trials=split_trials(N_CHUNKS * 10))
    counts = Tallies(tallies=np.zeros((N_CHUNKS, 2, N_TALLIES), dtype=np.int64),
                     no_low=np.zeros(N_CHUNKS, dtype=np.int64),
                     distribution=np.zeros((N_CHUNKS, 2, N_BINS), dtype=np.int64),
                     with_distribution=False)
    kernel = monte_carlo_kernel(False, with_ranges, NO_DECLARE)
    return kernel_arguments(kernel, chunks, inputs.pot_kinds(), inputs.known_hands(),
                            inputs.dealing(), inputs.hole_ranges(), counts,
                            declare.bundle(declare.new_tallies(N_CHUNKS)))


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_a_forked_child_runs_on_threads_of_its_own():
    """The helper threads do not survive a fork: a child that used the parent's pool
    would wait forever for parts nobody runs (the child exits by a timeout then)."""
    visits = np.zeros(64, dtype=np.int64)
    run_chunked(_count_visits, 64, visits, threads=2)  # the parent's pool started
    pid = os.fork()
    if pid == 0:  # the child: exit 0 only if the parts all ran, whatever happens
        try:
            import signal

            signal.alarm(20)
            child = np.zeros(64, dtype=np.int64)
            run_chunked(_count_visits, 64, child, threads=2)
            os._exit(0 if (child == 1).all() else 1)
        finally:
            os._exit(2)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
