"""`studodds batch` never harms what it was not given to write (issue 28, findings 1, 6, 8):

* an output file that is not a results file of studodds is refused, left byte for byte;
  only a torn last line that is the start of a result is ever cut;
* a spots file or an output file that is not a regular file (/dev/zero, a named pipe) is
  refused at once, not read forever or waited on;
* a Dask LocalCluster is no bigger than the machine: --workers and --threads-per-worker
  are capped, for batch, chart and replay --summary alike (the cap is in DaskExecutor).

The cases that hung before the fix run in a subprocess with a timeout, so that they fail
rather than hang; no test starts a Dask cluster.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from studodds.batch import BatchError, run_batch
from studodds.cli import main

HEADER = b'{"studodds":"batch results","version":1}\n'  # as documented: the first line
SPOTS = [
    {"id": "s0", "game": "stud7", "hands": ["(As Ks) Ah Kh", "(x x) Qd 3c"], "trials": 2000,
     "seed": 1},
    {"id": "s1", "game": "razz", "hands": ["(As 2d) 3c 5h", "(x x) 4c 6d"], "trials": 2000},
    {"id": 2, "game": "stud5", "hands": ["(As) Ks Kh", "(x) Qd 3c"], "exact": True},
    {"id": "s3", "game": "stud7", "hands": ["(2s 2d) 2c 7h 8h 9h", "(x x) Qd 3c 4c 5c"],
     "exact": True},
]
SESSION = Path(__file__).parent / "data" / "handhistories" / "summary_session.txt"
HANG_TIMEOUT = 60  # seconds: the unfixed code never returns at all


@pytest.fixture
def spots(tmp_path) -> Path:
    path = tmp_path / "spots.jsonl"
    path.write_text("".join(json.dumps(spot) + "\n" for spot in SPOTS))
    return path


def result_lines(spots: Path, tmp_path: Path) -> list[bytes]:
    """What this studodds writes for SPOTS: the header, then one line per spot."""
    out = tmp_path / "reference.jsonl"
    assert run_batch(spots, out).ok
    lines = out.read_bytes().splitlines(keepends=True)
    assert lines[0] == HEADER and len(lines) == 1 + len(SPOTS)
    return lines


def batch(capsys, *argv) -> tuple[int, str, str]:
    code = main(["batch", *(str(a) for a in argv)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def one_error(code: int, out: str, err: str) -> str:
    assert code == 2 and out == "", (code, out, err)
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and "Traceback" not in err, err
    return lines[0]


# ----------------------------------------------------- (1) whose file the output file is


FOREIGN = {
    # the issue's case: another program's file without a final newline
    "settings": b'{"my": "settings"}',
    # a few KB with no newline at all (the issue's was 50 MB; it went to 521 bytes)
    "no newline": b"".join(b"%05d some words of a text that is not ours; " % i
                           for i in range(150)),
    # JSON Lines of another program, each line whole
    "json lines": b'{"id": 1, "name": "a"}\n{"id": 2, "name": "b"}\n',
    # results of an earlier studodds (no header) with a line of someone else's after them
    "results, then not": (b'{"id":"x","game":"stud7","players":[]}\n'
                          b'{"note": "mine"}\n{"id":"y","game":"stud7","players":[]}\n'),
    # results of an earlier studodds, then a last line that does not start as a result does
    "results, then a torn line not ours": (b'{"id":"x","game":"stud7","players":[]}\n'
                                           b'{"id": "y", "name": "b"'),
    # an earlier studodds's, cut inside the id: not proof enough without the header
    "results, then a torn start": b'{"id":"x","game":"stud7","players":[]}\n{"id":"s1"',
    # a results file of a later format
    "version 2": b'{"studodds":"batch results","version":2}\n',
}


@pytest.mark.parametrize("content", FOREIGN.values(), ids=FOREIGN.keys())
def test_an_output_file_that_is_not_a_results_file_is_refused_untouched(tmp_path, spots,
                                                                       capsys, content):
    out = tmp_path / "settings.json"
    out.write_bytes(content)
    message = one_error(*batch(capsys, spots, "-o", out))
    assert out.read_bytes() == content  # byte for byte
    assert "'" + str(out) + "'" in message and "left as it is" in message, message
    with pytest.raises(BatchError):  # the library too, before any spot runs
        run_batch(spots, out)
    assert out.read_bytes() == content


def test_the_issue_case_says_whose_file_it_is_not(tmp_path, spots, capsys):
    out = tmp_path / "settings.json"
    out.write_bytes(b'{"my": "settings"}')
    message = one_error(*batch(capsys, spots, "-o", out))
    assert message == (
        f"Error: '{out}' is not a results file of studodds (line 1 is not a result, and the "
        'file does not start with {"studodds":"batch results","version":1}): it was left as '
        "it is; choose another output file, or a new one"
    )


@pytest.mark.parametrize("before", [None, b"", b"\n  \n"], ids=["new", "empty", "blank"])
def test_a_new_or_empty_output_file_starts_with_the_header(tmp_path, spots, capsys, before):
    out = tmp_path / "results.jsonl"
    if before is not None:
        out.write_bytes(before)
    code, printed, err = batch(capsys, spots, "-o", out)
    assert code == 0 and printed == "", err
    text = out.read_bytes()
    assert text.startswith((before or b"") + HEADER)
    lines = [json.loads(line) for line in text.splitlines() if line.strip()]
    assert lines[0] == {"studodds": "batch results", "version": 1}
    assert sorted(map(str, (line["id"] for line in lines[1:]))) == ["2", "s0", "s1", "s3"]
    code, _, err = batch(capsys, spots, "-o", out)  # a rerun: ours, nothing to do
    assert code == 0 and err.startswith("0 done, 4 skipped (already present)"), err
    assert out.read_bytes() == text


@pytest.mark.parametrize("cut", [1, 3, 6, 9, 12, 19, 20, 40])
def test_a_torn_result_in_a_results_file_is_cut_however_short(tmp_path, spots, capsys, cut):
    """With the header, a line cut anywhere in a result (even inside its id) is ours."""
    lines = result_lines(spots, tmp_path)
    out = tmp_path / "results.jsonl"
    out.write_bytes(b"".join(lines[:3]) + lines[3][:cut])  # killed writing the third result
    code, _, err = batch(capsys, spots, "-o", out)
    assert code == 0 and err.splitlines() == [
        f"{out} line 4: cut short by a stopped run, removed (its spot runs again)",
        err.splitlines()[-1],
    ] and err.splitlines()[-1].startswith("2 done, 2 skipped (already present)"), err
    assert out.read_bytes().startswith(b"".join(lines[:3]))
    assert sorted(out.read_bytes().splitlines(keepends=True)) == sorted(lines)


def test_a_torn_line_that_is_not_a_result_is_kept_in_a_results_file(tmp_path, spots, capsys):
    """In a file of ours, someone's unfinished line is left as it is, ended with a newline
    so that the results after it stay whole lines."""
    lines = result_lines(spots, tmp_path)
    out = tmp_path / "results.jsonl"
    before = b"".join(lines[:2]) + b"a note of mine"
    out.write_bytes(before)
    code, _, err = batch(capsys, spots, "-o", out)
    assert code == 0, err
    assert err.splitlines()[0] == (f"{out} line 3: cut short, and not a result: left as it "
                                   "is, ended with a newline")
    after = out.read_bytes()
    assert after.startswith(before + b"\n") and after.count(b"\n") == 1 + 1 + len(SPOTS)


def test_a_results_file_of_an_earlier_studodds_is_resumed_if_every_line_is_one(tmp_path,
                                                                              spots, capsys):
    """No header (an earlier studodds wrote it): resumed as it is when every line is a
    result, and a torn last line cut only when it starts as a result does up to its game."""
    results = result_lines(spots, tmp_path)[1:]
    out = tmp_path / "old.jsonl"
    out.write_bytes(b"".join(results[:2]) + results[2][:30])
    code, _, err = batch(capsys, spots, "-o", out)
    assert code == 0 and err.splitlines()[0] == (
        f"{out} line 3: cut short by a stopped run, removed (its spot runs again)"), err
    assert sorted(out.read_bytes().splitlines(keepends=True)) == sorted(results)
    assert not out.read_bytes().startswith(HEADER)  # left as an earlier studodds's file

    torn_in_its_id = b"".join(results[:2]) + results[2][:9]
    out.write_bytes(torn_in_its_id)
    message = one_error(*batch(capsys, spots, "-o", out))
    assert "line 3 is cut short and does not start as a result does" in message, message
    assert out.read_bytes() == torn_in_its_id


# ------------------------------------------------ (6) only regular files, never waited on


def run_cli(*argv, cwd: Path) -> subprocess.CompletedProcess:
    """The command in a process of its own: the unfixed code read /dev/zero forever and
    waited on a named pipe forever, so a timeout makes that a failure, not a hang."""
    return subprocess.run([sys.executable, "-m", "studodds", *map(str, argv)], cwd=cwd,
                          capture_output=True, text=True, timeout=HANG_TIMEOUT, check=False)


def assert_refused(done: subprocess.CompletedProcess, *words: str) -> None:
    assert done.returncode == 2 and done.stdout == "", (done.returncode, done.stderr)
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), done.stderr
    for word in words:
        assert word in lines[0], lines[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not os.path.exists("/dev/zero"),
                    reason="POSIX: /dev/zero and named pipes")
def test_dev_zero_and_a_named_pipe_are_refused_at_once(tmp_path, spots):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    out = tmp_path / "out.jsonl"
    assert_refused(run_cli("batch", "/dev/zero", "-o", out, cwd=tmp_path),
                   "'/dev/zero' is not a regular file (a device)", "may never end")
    assert not out.exists()  # the input is checked before the output is made
    assert_refused(run_cli("batch", fifo, "-o", out, cwd=tmp_path),
                   f"'{fifo}' is not a regular file (a pipe)")
    assert_refused(run_cli("batch", spots, "-o", fifo, cwd=tmp_path),
                   f"'{fifo}' is not a regular file (a pipe)", "resume")
    assert_refused(run_cli("batch", spots, "-o", "/dev/zero", cwd=tmp_path),
                   "'/dev/zero' is not a regular file (a device)")
    # the library's reader of results files too
    code = ("import sys; from studodds.batch import BatchError, read_results\n"
            "try:\n    read_results(sys.argv[1])\nexcept BatchError as exc:\n    print(exc)")
    done = subprocess.run([sys.executable, "-c", code, str(fifo)], capture_output=True,
                          text=True, timeout=HANG_TIMEOUT, check=True)
    assert "is not a regular file (a pipe)" in done.stdout, done.stderr


def test_the_help_says_what_a_results_file_is(capsys):
    assert main(["batch", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    for words in ('RESULTS.jsonl starts with the line {"studodds":"batch results","version":1}',
                  "not empty and not a results file is refused and left as it is",
                  "a device (/dev/zero) or a named pipe is refused"):
        assert words in text, words


# ------------------------------------------------------ (8) a cluster the machine can hold


@pytest.fixture
def two_cores_no_cluster(monkeypatch):
    """Two cores, and a LocalCluster that cannot start: whatever gets past the cap fails
    at once instead of starting 1,000 processes."""
    distributed = pytest.importorskip("distributed")
    monkeypatch.setattr(os, "cpu_count", lambda: 2)

    def no_cluster(*args, n_workers=None, threads_per_worker=None, **kwargs):
        raise AssertionError(f"a LocalCluster of {n_workers} x {threads_per_worker} started")

    monkeypatch.setattr(distributed, "LocalCluster", no_cluster)


CAPPED = {
    "batch --workers": ["batch", "{spots}", "-o", "{out}", "--dask", "--workers", "1000"],
    "batch --threads-per-worker": ["batch", "{spots}", "-o", "{out}", "--dask",
                                   "--threads-per-worker", "5"],
    "chart --workers": ["chart", "-g", "razz", "--select", "(A A) 2", "--trials", "100",
                        "--no-png", "-o", "{prefix}", "--dask", "--workers", "5"],
    "replay --summary --workers": ["replay", str(SESSION), "--summary", "--dask",
                                   "--workers", "1000"],
}


@pytest.mark.parametrize("argv", CAPPED.values(), ids=CAPPED.keys())
def test_a_local_cluster_bigger_than_the_machine_is_refused(tmp_path, spots, capsys, argv,
                                                          two_cores_no_cluster):
    names = {"spots": spots, "out": tmp_path / "out.jsonl", "prefix": tmp_path / "c"}
    code = main([arg.format(**names) for arg in argv])
    captured = capsys.readouterr()
    message = one_error(code, captured.out, captured.err)
    option = argv[argv.index("--dask") + 1]
    assert message.startswith(f"Error: {option} {argv[-1]}: at most 4 on this machine "
                              "(2 per core, 2 cores): more would only wait for the same cores"), \
        message
    assert not (tmp_path / "out.jsonl").exists()


def test_the_cap_is_in_the_library_and_not_on_a_remote_cluster(two_cores_no_cluster):
    from studodds.batch import DaskExecutor
    from studodds.batch.executors import local_cluster_cap

    assert local_cluster_cap() == 4
    DaskExecutor(workers=4)  # at the cap: fine (nothing starts yet)
    DaskExecutor(workers=2, threads_per_worker=2)
    # each option within the cap, but 16 spots at once on 2 cores
    with pytest.raises(BatchError, match=r"--workers 4 with --threads-per-worker 4: 16 spots "
                                         r"at once, at most 4 on this machine"):
        DaskExecutor(workers=4, threads_per_worker=4)
    with pytest.raises(BatchError, match=r"--workers 2 with --threads-per-worker 3: 6 spots"):
        DaskExecutor(threads_per_worker=3)  # the default workers: one per core
    with pytest.raises(BatchError, match="--workers 5: at most 4 on this machine"):
        DaskExecutor(workers=5)
    with pytest.raises(BatchError, match="--threads-per-worker 5: at most 4"):
        DaskExecutor(threads_per_worker=5)
    # an existing cluster's workers are sized by whoever started them, and threads per
    # spot are cut to each worker's own cores where the spot runs (run_spot)
    DaskExecutor("tcp://10.0.0.5:8786", threads=64)
