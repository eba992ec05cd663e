"""Tests for batches (studodds/batch/, `studodds batch`): results equal to equity() line
for line, on the local executor and on Dask worker processes; resuming after an interrupt,
a killed process, a killed worker or a torn last line; bad lines reported and skipped;
the command's errors and exit codes.

Spots are small (20,000 trials, or exact on 6th street: milliseconds each). The Dask tests
start real LocalClusters of 2 worker processes with 1 thread each; a watchdog ends the test
process rather than let a stuck cluster hang CI.
"""

from __future__ import annotations

import faulthandler
import json
import logging
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from studodds import equity
from studodds.batch import (
    BatchError,
    BatchInterrupted,
    DaskExecutor,
    LocalExecutor,
    ResultWriter,
    SpotResult,
    iter_results,
    run_batch,
    run_spots,
    seed_from_id,
)
from studodds.batch.executors import MAX_CHUNK_SIZE, _ChunkSizer
from studodds.batch.output import starts_as_result
from studodds.cli import main, render

RANKS, SUITS = "23456789TJQKA", "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]
DASK_TIMEOUT = 120  # seconds a Dask test may take before the watchdog ends the run


# --------------------------------------------------------------------------- helpers


def _hole_and_up(cards: list[str], hole: int) -> str:
    return f"({' '.join(cards[:hole])}) {' '.join(cards[hole:])}"


def make_spots(n: int, seed: int = 1, trials: int = 20_000) -> list[dict]:
    """n small spots of several kinds, reproducible: heads-up stud7 on 4th street and
    3-way razz on 5th (sampled, seeded), heads-up stud7hl8 on 6th (exact), stud5 on 3rd
    street (exact)."""
    rng = random.Random(seed)
    spots = []
    for i in range(n):
        kind = i % 4
        if kind == 0:
            c = rng.sample(DECK, 6)
            spot = {"game": "stud7", "hands": [_hole_and_up(c[:4], 2), f"(x x) {c[4]} {c[5]}"],
                    "trials": trials, "seed": i}
        elif kind == 1:
            c = rng.sample(DECK, 13)
            spot = {"game": "razz", "hands": [_hole_and_up(c[:5], 2), "(x x) " + " ".join(c[5:8]),
                                              "(x x) " + " ".join(c[8:11])],
                    "dead": [c[11], c[12]], "trials": trials, "seed": 1000 + i}
        elif kind == 2:
            c = rng.sample(DECK, 11)
            spot = {"game": "stud7hl8", "hands": [_hole_and_up(c[:6], 2),
                                                  "(x x) " + " ".join(c[6:10])],
                    "dead": c[10], "exact": True}
        else:
            c = rng.sample(DECK, 6)
            spot = {"game": "stud5", "hands": [_hole_and_up(c[:3], 1), f"(x) {c[3]} {c[4]}"],
                    "dead": c[5], "exact": True}
        spots.append({"id": f"s{i}"} | spot)
    return spots


def write_spots(path: Path, spots: list[dict]) -> Path:
    path.write_text("".join(json.dumps(s) + "\n" for s in spots))
    return path


HEADER = '{"studodds":"batch results","version":1}\n'  # the first line of a results file


def read_results(path: Path) -> list[dict]:
    """The results in a results file, which starts with the header line."""
    text = path.read_text()
    assert text.startswith(HEADER), text[:100]
    return [json.loads(line) for line in text[len(HEADER):].splitlines()]


def by_id(results: list[dict]) -> dict:
    ids = Counter(r["id"] for r in results)
    assert max(ids.values(), default=1) == 1, f"ids written twice: {ids.most_common(3)}"
    return {r["id"]: r for r in results}


def expected_object(spot: dict) -> dict:
    """What `studodds equity --format json` prints for the spot, through equity()."""
    result = equity(spot["game"], spot["hands"], spot.get("dead", ""), exact=spot.get("exact"),
                    trials=spot.get("trials"), precision=spot.get("precision"),
                    seed=spot.get("seed", seed_from_id(spot["id"])))
    return json.loads(render.write(render.equity_report(result), "json"))


def without_id(result: dict) -> dict:
    return {k: v for k, v in result.items() if k != "id"}


def call_main(argv, capsys):
    code = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def assert_one_error_line(err: str, out: str) -> str:
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), err
    assert "Traceback" not in err
    return lines[0]


@pytest.fixture
def spots_file(tmp_path):
    return write_spots(tmp_path / "spots.jsonl", make_spots(24))


# ---------------------------------------------------------------- (1) local = equity()


def test_local_batch_equals_equity_line_for_line(tmp_path):
    spots = make_spots(32)
    spots.append({"id": 7, "game": "stud7", "hands": ["(As Ks) Ah", "(x x) Qd"],
                  "trials": 20_000})  # no seed: one derived from the id
    spots.append({"id": "auto", "game": "razz", "hands": ["(As 2d) 3c 5h 7d 9s", "Kd 9c Qs Jh"]})
    out = tmp_path / "results.jsonl"
    summary = run_batch(write_spots(tmp_path / "spots.jsonl", spots), out)
    assert (summary.done, summary.present, summary.failed) == (len(spots), 0, 0)
    results = by_id(read_results(out))
    assert list(results) == [s["id"] for s in spots]  # the local executor keeps input order
    for spot in spots:
        assert without_id(results[spot["id"]]) == expected_object(spot), spot["id"]
    assert results[7]["seed"] == seed_from_id(7)
    assert results["s2"]["method"] == "exact" and results["s0"]["method"] == "monte-carlo"
    header, *lines = out.read_text().splitlines(keepends=True)
    assert header == HEADER
    assert all(line.startswith('{"id":') for line in lines)  # the id first, one line each
    # ...as the repair of a torn line expects it to start (its proof that the line is ours)
    assert all(starts_as_result(line.encode(), whole_start=True) for line in lines)


def test_batch_line_equals_the_cli_json(tmp_path, capsys):
    spot = make_spots(1)[0]
    out = tmp_path / "results.jsonl"
    run_batch(write_spots(tmp_path / "spots.jsonl", [spot]), out)
    code, printed, _ = call_main(["equity", "--format", "json", "-g", spot["game"], "--trials",
                                  spot["trials"], "--seed", spot["seed"], *spot["hands"]], capsys)
    assert code == 0
    assert without_id(read_results(out)[0]) == json.loads(printed)


def test_seed_from_id_is_stable_and_63_bits():
    assert seed_from_id("a1") == seed_from_id("a1")
    assert seed_from_id("1") != seed_from_id(1)
    assert all(0 <= seed_from_id(i) < 2**63 for i in range(100))


def test_run_spots_takes_dicts_and_reports_bad_ones():
    spots = make_spots(6) + [{"id": "bad", "game": "stud7", "hands": ["(Ax Ks) Ah", "(x x) Qd"]},
                             make_spots(1)[0]]  # repeats the id s0
    got = []
    run_spots(spots, got.append)
    assert len(got) == len(spots)
    failed = {r.id: r.error for r in got if not r.ok}
    assert set(failed) == {"bad", "s0"}
    assert "'Ax' is not a card" in failed["bad"] and "repeats" in failed["s0"]
    ok = {r.id: r.result for r in got if r.ok}
    assert ok["s3"] == expected_object(spots[3])


def test_iter_results_keeps_a_started_executor_running():
    with LocalExecutor(threads=1) as executor:
        first = list(iter_results(make_spots(2), executor=executor))
        assert executor.started
        second = list(iter_results(make_spots(2), executor=executor))
    assert [r.result for r in first] == [r.result for r in second]


# ------------------------------------------------ the local executor: spots side by side


def test_local_executor_plans_one_kernel_thread_per_spot_and_a_spot_per_core(monkeypatch):
    """Several spots: one thread each, as many at once as cores; --threads N: as many
    spots as fit; a lone spot keeps every core (numba's own count, None)."""
    import numba

    monkeypatch.setattr(numba.config, "NUMBA_NUM_THREADS", 4)
    assert LocalExecutor().plan(10) == (1, 4)
    assert LocalExecutor().plan(3) == (1, 3)
    assert LocalExecutor().plan(1) == (None, 1)
    assert LocalExecutor(threads=2).plan(10) == (2, 2)
    assert LocalExecutor(threads=4).plan(10) == (4, 1)
    assert LocalExecutor(threads=9).plan(10) == (4, 1)  # never more threads than cores
    assert LocalExecutor(threads=1).plan(1) == (1, 1)


def _recording_run_spot(monkeypatch, delay=lambda spot: 0.0):
    """Replace the executor's run_spot by one that records (spot id, threads, thread name)."""
    import threading

    import studodds.batch.executors as batch_module

    calls = []

    def fake(spot, threads=None):
        calls.append((spot.id, threads, threading.current_thread().name))
        time.sleep(delay(spot))
        return SpotResult(spot.id, spot.line, {"players": []})

    monkeypatch.setattr(batch_module, "run_spot", fake)
    return calls


def test_local_executor_runs_spots_side_by_side_on_one_thread_each(monkeypatch):
    import numba

    from studodds.batch import parse_spot

    monkeypatch.setattr(numba.config, "NUMBA_NUM_THREADS", 2)
    calls = _recording_run_spot(monkeypatch, delay=lambda spot: 0.02)
    spots = [parse_spot(s) for s in make_spots(6)]
    with LocalExecutor() as executor:
        results = list(executor.run(spots))
    assert [r.id for r in results] == [s.id for s in spots]
    assert sorted(c[0] for c in calls) == sorted(s.id for s in spots)
    assert {c[1] for c in calls} == {1}
    assert len({c[2] for c in calls}) == 2  # two spots at a time, each on its own thread


def test_local_executor_gives_the_numbers_of_one_spot_at_a_time_in_the_spots_order():
    """Side by side on one kernel thread each, or one after another on every core: the same
    results, in the spots' order even when a later spot finishes first (the first spot
    here samples 20 times as long as the others)."""
    from studodds.batch import parse_spot, run_spot

    dicts = make_spots(6)
    dicts[0] = dict(dicts[0], trials=400_000)
    spots = [parse_spot(s) for s in dicts]
    one_at_a_time = [run_spot(s, None) for s in spots]
    with LocalExecutor() as executor:
        side_by_side = list(executor.run(spots))
    assert [r.id for r in side_by_side] == [s.id for s in spots]
    assert [r.result for r in side_by_side] == [r.result for r in one_at_a_time]
    assert all(r.ok for r in side_by_side)


def test_local_executor_stopped_early_drops_the_spots_not_started(monkeypatch):
    """A caller that stops reading (a chart whose spot failed, Ctrl-C) waits only for the
    spots running, not for the ones queued behind them."""
    import threading

    import numba

    from studodds.batch import parse_spot

    monkeypatch.setattr(numba.config, "NUMBA_NUM_THREADS", 2)
    release = threading.Event()
    calls = _recording_run_spot(
        monkeypatch, delay=lambda spot: 0.0 if spot.id == "s0" else (release.wait(10), 0)[1])
    spots = [parse_spot(s) for s in make_spots(12)]
    results = LocalExecutor().run(spots)
    assert next(results).id == "s0"
    # The two running spots end a second after this, so after the close (which a busy
    # machine may delay by far less than that) has dropped the queued ones.
    threading.Timer(1.0, release.set).start()
    results.close()
    ran = {c[0] for c in calls}
    assert "s0" in ran and len(ran) <= 3, ran


# ------------------------------------------------------------------------ Dask clusters


@pytest.fixture
def watchdog():
    """End the whole test process, with every thread's traceback, if a Dask test hangs."""
    faulthandler.dump_traceback_later(DASK_TIMEOUT, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()


@pytest.fixture
def cluster(watchdog):
    """An existing cluster to send work to: 2 worker processes, 1 thread each."""
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                 dashboard_address=None, silence_logs=logging.ERROR) as local,
        distributed.Client(local, timeout=30) as client,
    ):
        yield local, client


def test_dask_local_cluster_equals_local_executor(tmp_path, watchdog):
    pytest.importorskip("distributed")
    spots_path = write_spots(tmp_path / "spots.jsonl", make_spots(300))
    local_out, dask_out = tmp_path / "local.jsonl", tmp_path / "dask.jsonl"
    run_batch(spots_path, local_out)
    executor = DaskExecutor(workers=2, threads_per_worker=1)
    summary = run_batch(spots_path, dask_out, executor=executor)
    assert (summary.done, summary.failed) == (300, 0)
    assert executor.spot_threads == max(1, (os.cpu_count() or 1) // 2)
    assert not executor.started  # run_batch started it, so run_batch closed it
    assert by_id(read_results(dask_out)) == by_id(read_results(local_out))


def test_killed_worker_loses_nothing_and_repeats_nothing(tmp_path, cluster):
    local, client = cluster
    spots = make_spots(160, seed=3, trials=200_000)
    spots_path = write_spots(tmp_path / "spots.jsonl", spots)
    pids_before = set(client.run(os.getpid).values())
    victim = min(pids_before)
    killed = []

    def kill_a_worker(finished, total):
        if finished >= 10 and not killed:  # mid-run: both workers hold tasks now
            os.kill(victim, signal.SIGKILL)
            killed.append(finished)

    out = tmp_path / "results.jsonl"
    executor = DaskExecutor(local.scheduler_address)
    summary = run_batch(spots_path, out, executor=executor, chunk_size=4,
                        on_progress=kill_a_worker)
    assert killed and killed[0] < len(spots)
    assert (summary.done, summary.failed) == (len(spots), 0)
    results = by_id(read_results(out))
    assert set(results) == {s["id"] for s in spots}
    for spot in spots[:8]:
        assert without_id(results[spot["id"]]) == expected_object(spot)
    client.wait_for_workers(2, timeout=30)
    assert set(client.run(os.getpid).values()) != pids_before  # the nanny started a new one


def test_chunks_grow_to_half_a_second_of_work_and_shrink_at_the_end():
    sizer = _ChunkSizer(parallelism=2)
    assert sizer.size(remaining=1000) == 1  # nothing known yet
    sizer.observe([SpotResult("a", seconds=0.5), SpotResult("b", seconds=0.3)])  # cold start
    assert sizer.size(1000) == 1
    for _ in range(8):
        sizer.observe([SpotResult("c", seconds=0.01)] * 10)
    assert 40 <= sizer.size(1000) <= 50  # about TASK_SECONDS / 0.01
    assert sizer.size(remaining=20) == 5  # the tail: a fair share for each of 4 slots
    for _ in range(20):
        sizer.observe([SpotResult("d", seconds=1e-6)] * 10)
    assert sizer.size(10**6) == MAX_CHUNK_SIZE
    assert _ChunkSizer(parallelism=2, fixed=7).size(3) == 7


def test_unreachable_scheduler_is_one_error(watchdog):
    pytest.importorskip("distributed")
    with pytest.raises(BatchError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        DaskExecutor("tcp://127.0.0.1:9", connect_timeout=1).__enter__()


def test_scheduler_without_workers_is_one_error(watchdog):
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=None,
                                 silence_logs=logging.CRITICAL) as empty,
        pytest.raises(BatchError, match="has no workers"),
    ):
        DaskExecutor(empty.scheduler_address, connect_timeout=1).__enter__()


def test_an_id_that_is_not_unicode_text_is_a_bad_line(tmp_path):
    spots = make_spots(3)
    lines = [json.dumps(s) for s in spots]
    lines[1] = lines[1].replace('"s1"', '"bad\\ud800"')
    spots_path = tmp_path / "spots.jsonl"
    spots_path.write_text("\n".join(lines) + "\n")
    reported = []
    summary = run_batch(spots_path, tmp_path / "out.jsonl", on_problem=reported.append)
    assert summary.done == 2 and len(reported) == 1 and reported[0].startswith("line 2")
    assert "not valid Unicode" in reported[0]


# ---------------------------------------------------------- (4) interrupted, resumed


def test_interrupted_batch_resumes_without_duplicates(tmp_path, spots_file):
    out = tmp_path / "results.jsonl"

    def stop_after_five(finished, total):
        if finished == 5:
            raise KeyboardInterrupt

    with pytest.raises(BatchInterrupted) as stopped:
        run_batch(spots_file, out, on_progress=stop_after_five)
    assert stopped.value.summary.done == 5
    assert len(read_results(out)) == 5
    summary = run_batch(spots_file, out)
    assert (summary.done, summary.present) == (24 - 5, 5)
    assert len(by_id(read_results(out))) == 24
    again = run_batch(spots_file, out)
    assert (again.done, again.present, again.ok) == (0, 24, True)


def test_killed_process_resumes_without_duplicates(tmp_path):
    spots = make_spots(80, trials=1_000_000)
    spots_path = write_spots(tmp_path / "spots.jsonl", spots)
    out = tmp_path / "results.jsonl"
    command = [sys.executable, "-m", "studodds", "batch", str(spots_path), "-o", str(out)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        if out.exists() and out.read_bytes().count(b"\n") >= 11:  # the header, 10 results
            break
        time.sleep(0.02)
    process.kill()  # SIGKILL: no chance to clean up
    process.communicate(timeout=30)
    written = out.read_bytes().count(b"\n") - 1  # the header's is not a result
    assert 10 <= written < len(spots)
    resumed = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert resumed.returncode == 0, resumed.stderr
    summary = re.match(r"(\d+) done, (\d+) skipped \(already present\), 0 failed in ",
                       resumed.stderr)
    assert summary and summary.groups() == (str(len(spots) - written), str(written))
    results = by_id(read_results(out))
    assert set(results) == {s["id"] for s in spots}
    assert without_id(results["s1"]) == expected_object(spots[1])


# -------------------------------------------------------------- (5) bad input lines


def test_bad_lines_are_reported_with_their_line_numbers_and_skipped(tmp_path):
    good = make_spots(3)
    lines = [
        json.dumps(good[0]),                                                    # 1
        "{not json",                                                            # 2
        json.dumps({"game": "stud7", "hands": ["(As Ks) Ah", "(x x) Qd"]}),     # 3 no id
        json.dumps(good[0]),                                                    # 4 repeated id
        json.dumps({"id": "card", "game": "stud7", "hands": ["(Ax Ks) Ah", "(x x) Qd"]}),
        json.dumps({"id": "game", "game": "holdem", "hands": ["(As Ks) Ah", "(x x) Qd"]}),
        "",                                                                     # 7 blank: fine
        json.dumps({"id": "field", "game": "stud7", "hands": ["(As Ks) Ah", "(x x) Qd"],
                    "trails": 10}),                                             # 8
        json.dumps({"id": "hands", "game": "stud7", "hands": "(As Ks) Ah"}),    # 9
        json.dumps({"id": "both", "game": "stud7", "hands": ["(As Ks) Ah", "(x x) Qd"],
                    "exact": True, "trials": 1000}),                            # 10 fails to run
        json.dumps(good[1]),                                                    # 11
        json.dumps([1, 2]),                                                     # 12
        json.dumps(good[2]),                                                    # 13
    ]
    spots_path = tmp_path / "spots.jsonl"
    spots_path.write_text("\n".join(lines) + "\n")
    out = tmp_path / "results.jsonl"
    reported = []
    summary = run_batch(spots_path, out, on_problem=reported.append)
    assert (summary.done, summary.invalid, summary.errors) == (3, 8, 1)
    assert not summary.ok
    assert reported == list(summary.problems)
    expected = [
        "line 2: not JSON",
        "line 3: the spot has no \"id\"",
        "line 4 (id 's0'): the id repeats line 1",
        "line 5 (id 'card'): player 1: 'Ax' is not a card",
        "line 6 (id 'game'): unknown game 'holdem'",
        "line 8 (id 'field'): unknown field 'trails'",
        "line 9 (id 'hands'): \"hands\" is a list of hand strings",
        "line 12: a spot is a JSON object",
        "line 10 (id 'both'): choose one method",
    ]
    assert len(reported) == len(expected)
    for message, start in zip(reported, expected, strict=True):
        assert message.startswith(start), message
        assert message.endswith("(failed)" if "both" in start else "(skipped)")
    assert set(by_id(read_results(out))) == {"s0", "s1", "s2"}


# ------------------------------------------------------------- (6) the output file


def test_torn_last_line_is_removed_and_its_spot_rerun(tmp_path, spots_file):
    out = tmp_path / "results.jsonl"
    run_batch(spots_file, out)
    whole = out.read_bytes()
    lines = whole.splitlines(keepends=True)  # the header, then the results
    out.write_bytes(b"".join(lines[:11]) + lines[11][:25])  # killed mid-write of line 12
    reported = []
    summary = run_batch(spots_file, out, on_problem=reported.append)
    assert (summary.done, summary.present, summary.ok) == (24 - 10, 10, True)
    assert reported == [f"{out} line 12: cut short by a stopped run, removed (its spot runs again)"]
    assert by_id(read_results(out)) == by_id([json.loads(line) for line in lines[1:]])


def test_whole_last_line_without_newline_is_kept(tmp_path, spots_file):
    out = tmp_path / "results.jsonl"
    run_batch(spots_file, out)
    lines = out.read_bytes().splitlines(keepends=True)
    out.write_bytes(b"".join(lines[:7]) + lines[7].rstrip(b"\n"))  # the header, 7 results
    summary = run_batch(spots_file, out)
    assert (summary.done, summary.present) == (24 - 7, 7)
    assert len(by_id(read_results(out))) == 24


def test_a_line_that_is_not_a_result_is_left_and_reported(tmp_path, spots_file):
    out = tmp_path / "results.jsonl"
    # in a results file (its header first), a spot line copied into it is not a result
    # either: s0 runs
    out.write_text(HEADER + '{"id": "s0", "game": "stud7"}\nnot a result\n\n')
    reported = []
    summary = run_batch(spots_file, out, on_problem=reported.append)
    assert (summary.done, summary.present) == (24, 0)
    assert reported == [
        f"{out} line {n}: not a result, left as it is (its spot, if any, runs again)"
        for n in (2, 3)
    ]
    assert out.read_text().startswith(HEADER + '{"id": "s0", "game": "stud7"}\nnot a result'
                                      '\n\n{"id":')


def test_a_second_writer_is_refused(tmp_path, spots_file):
    out = tmp_path / "results.jsonl"
    with ResultWriter(out), pytest.raises(BatchError, match="another studodds batch"):
        run_batch(spots_file, out)


# ---------------------------------------------------------------------- (7) the CLI


def test_cli_batch_writes_results_and_one_summary_line(tmp_path, spots_file, capsys):
    out = tmp_path / "results.jsonl"
    code, printed, err = call_main(["batch", spots_file, "-o", out, "--threads", 1], capsys)
    assert code == 0 and printed == ""
    assert err.count("\n") == 1
    assert err.startswith("24 done, 0 skipped (already present), 0 failed in ")
    code, _, err = call_main(["batch", spots_file, "--output", out], capsys)
    assert code == 0 and err.startswith("0 done, 24 skipped (already present), 0 failed in ")
    assert len(by_id(read_results(out))) == 24


def test_cli_batch_exit_code_1_when_lines_are_skipped(tmp_path, capsys):
    spots_path = tmp_path / "spots.jsonl"
    spots_path.write_text(json.dumps(make_spots(1)[0]) + "\n{oops\n")
    code, printed, err = call_main(["batch", spots_path, "-o", tmp_path / "r.jsonl"], capsys)
    assert code == 1 and printed == ""
    assert err.splitlines()[0].startswith("line 2: not JSON")
    assert err.splitlines()[1].startswith("1 done, 0 skipped (already present), 1 failed in ")


@pytest.mark.parametrize("options, message", [
    (["--dask", "--scheduler", "tcp://127.0.0.1:9"], "choose --dask"),
    (["--workers", "2"], "--workers and --threads-per-worker size the cluster of --dask"),
    (["--chunk-size", "4"], "--chunk-size sets the spots per Dask task"),
    (["--workers", "0", "--dask"], "0 is not in the range x>=1"),
])
def test_cli_batch_bad_options_are_one_error_line(tmp_path, spots_file, options, message,
                                                  capsys):
    code, printed, err = call_main(["batch", spots_file, "-o", tmp_path / "r.jsonl", *options],
                                   capsys)
    assert code == 2
    assert message in assert_one_error_line(err, printed)
    assert not (tmp_path / "r.jsonl").exists()


def test_cli_batch_file_errors_are_one_error_line(tmp_path, spots_file, capsys):
    code, printed, err = call_main(["batch", tmp_path / "missing.jsonl", "-o", "r.jsonl"],
                                   capsys)
    assert code == 2 and "does not exist" in assert_one_error_line(err, printed)
    code, printed, err = call_main(["batch", spots_file, "-o", tmp_path], capsys)
    assert code == 2 and "is a directory" in assert_one_error_line(err, printed)
    code, printed, err = call_main(["batch", spots_file, "-o", spots_file], capsys)
    assert code == 2 and "the output file is the input file" in assert_one_error_line(err,
                                                                                         printed)
    with ResultWriter(tmp_path / "r.jsonl"):
        code, printed, err = call_main(["batch", spots_file, "-o", tmp_path / "r.jsonl"], capsys)
    assert code == 2 and "another studodds batch" in assert_one_error_line(err, printed)


def test_cli_batch_without_dask_says_how_to_install_it(tmp_path, spots_file, capsys,
                                                       monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` fails
    code, printed, err = call_main(["batch", spots_file, "-o", tmp_path / "r.jsonl", "--dask"],
                                   capsys)
    assert code == 2
    assert assert_one_error_line(err, printed) == (
        'Error: Dask is not installed: pip install "studodds[dask]"'
    )


def test_cli_batch_interrupted_exit_130(tmp_path, spots_file, capsys, monkeypatch):
    import studodds.batch.executors as batch_module  # LocalExecutor calls run_spot there

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(batch_module, "run_spot", interrupted)
    code, printed, err = call_main(["batch", spots_file, "-o", tmp_path / "r.jsonl"], capsys)
    assert code == 130 and printed == ""
    assert err.splitlines()[0].startswith("interrupted: 0 done, 0 skipped (already present), "
                                          "0 failed in ")
    assert len(err.splitlines()) == 1  # and no second "Error: aborted"


def test_cli_batch_help_documents_exit_codes(capsys):
    code, printed, _ = call_main(["batch", "--help"], capsys)
    assert code == 0
    for text in ("Exit code: 0", "1 when some lines were bad", "130 when interrupted",
                 "--dask", "--scheduler ADDR", "--chunk-size N", "Resumable"):
        assert text in printed


def test_importing_studodds_and_the_local_batch_need_no_dask():
    code = ("import sys, studodds, studodds.cli, studodds.batch; "
            "assert not {'dask', 'distributed'} & set(sys.modules), 'dask imported'")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


@pytest.mark.parametrize("output, message", [
    ("-", "not to stdout"),
    ("/dev/null", "is not a regular file"),
])
def test_cli_batch_output_must_be_a_regular_file(tmp_path, spots_file, capsys, output, message):
    code, out, err = call_main(["batch", spots_file, "-o", output], capsys)
    assert code == 2 and message in assert_one_error_line(err, out)


def test_cli_batch_refuses_a_spots_file_as_output(tmp_path, spots_file, capsys):
    other = write_spots(tmp_path / "other.jsonl", make_spots(3, seed=9))
    code, out, err = call_main(["batch", spots_file, "-o", other], capsys)
    assert code == 2 and "holds spots, not results" in assert_one_error_line(err, out)
    assert other.read_text() == "".join(json.dumps(s) + "\n" for s in make_spots(3, seed=9))


def test_cli_batch_scheduler_typo_is_one_line(tmp_path, spots_file, capsys):
    pytest.importorskip("distributed")
    code, out, err = call_main(["batch", spots_file, "-o", tmp_path / "r.jsonl", "--scheduler",
                                "foo"], capsys)
    assert code == 2 and "tcp://HOST:PORT" in assert_one_error_line(err, out)
