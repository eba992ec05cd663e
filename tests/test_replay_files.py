"""`studodds replay` reads regular files only, and only up to a size cap (issue 28,
finding 6): /dev/zero was read without end and a FIFO hung the command. The refusals run
in a child process with a timeout, so that a regression fails the test instead of hanging
(or filling the memory of) the suite."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from studodds.cli import main
from studodds.histories import FileRefused, identify_file, parse_file
from studodds.histories.history_files import MAX_FILE_BYTES

DATA = Path(__file__).parent / "data" / "handhistories"
HANDS = DATA / "stud7_showdown.txt"
QUICK = 20  # seconds: a refusal takes well under one (the child's start included)
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


def run_replay(*args: str, timeout: float = QUICK) -> subprocess.CompletedProcess:
    # At most 2 GB of memory: a regression reading /dev/zero fails at once, not the machine.
    def limit_memory():
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    return subprocess.run([sys.executable, "-m", "studodds", "replay", *args],
                          check=False, capture_output=True, text=True, timeout=timeout,
                          preexec_fn=limit_memory if os.name == "posix" else None)


def assert_one_error_line(done: subprocess.CompletedProcess, message: str) -> None:
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"Error: {message}"), done.stderr


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_a_device_is_refused_before_it_is_read():
    done = run_replay("/dev/zero")
    assert_one_error_line(done, "'/dev/zero' is a device, not a file: hand "
                          "histories are read from files only (save them to a file first)")


@needs_fifo
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "hands.txt"
    os.mkfifo(fifo)
    done = run_replay(str(fifo))
    assert_one_error_line(done, f"'{fifo}' is a pipe, not a file")


@needs_fifo
def test_a_fifo_put_in_place_after_the_check_is_still_not_waited_on(tmp_path):
    """The path checked is checked again as opened (it may have changed in between):
    here os.stat is made to say "regular file" for the FIFO, as if it were swapped in
    after the check; opening it must not wait for a writer."""
    fifo = tmp_path / "hands.txt"
    os.mkfifo(fifo)
    code = ("import os, sys\n"
            "from studodds.histories import FileRefused, parse_file\n"
            "real_stat, fifo = os.stat, sys.argv[1]\n"
            "def stat(path, *args, **kwargs):\n"
            "    found = real_stat(path, *args, **kwargs)\n"
            "    if os.fspath(path) != fifo:\n"
            "        return found\n"
            "    return os.stat_result((0o100644,) + tuple(found)[1:])\n"
            "os.stat = stat\n"
            "try:\n"
            "    parse_file(sys.argv[1])\n"
            "except FileRefused as exc:\n"
            "    print(exc)\n")
    done = subprocess.run([sys.executable, "-c", code, str(fifo)], check=False,
                          capture_output=True, text=True, timeout=QUICK)
    assert done.stdout.startswith(f"'{fifo}' is a pipe, not a file"), done


@needs_fifo
def test_a_fifo_in_a_folder_is_skipped_with_a_warning(tmp_path):
    folder = tmp_path / "session"
    folder.mkdir()
    shutil.copy(HANDS, folder / "a.txt")
    os.mkfifo(folder / "b.txt")
    done = run_replay(str(folder), "--format", "csv", "--trials", "500", timeout=60)
    assert done.returncode == 1, done.stderr  # a file left out: exit 1, as for any unread
    assert done.stdout.startswith("hand,street,pot,player")  # a.txt replayed
    assert done.stderr == (f"warning: '{folder / 'b.txt'}' is a pipe, not a "
                           "file: hand histories are read from files only (save them to a "
                           "file first) (skipped)\n")


def test_a_socket_is_refused(tmp_path):
    if not hasattr(socket, "AF_UNIX"):
        pytest.skip("no Unix sockets here")
    path = tmp_path / "s"
    with socket.socket(socket.AF_UNIX) as server:
        try:
            server.bind(str(path))
        except OSError:  # a temporary folder too deep for a socket's path
            pytest.skip("cannot bind a socket in the temporary folder")
        with pytest.raises(FileRefused, match=r"is a socket, not a file"):
            parse_file(path)


def test_a_file_over_the_cap_is_refused_unread(tmp_path, capsys):
    """The cap is generous (a session file is a few MB) and said with what to do."""
    assert MAX_FILE_BYTES == 256 * 2**20
    big = tmp_path / "export.txt"
    with open(big, "wb") as f:  # sparse: no disk space, no time
        f.truncate(MAX_FILE_BYTES + 1)
    assert main(["replay", str(big)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (
        f"Error: '{big}' is 257 MB, over the 256 MB a hand-history file may hold: split it "
        "into smaller files (a folder of them replays in one run) (see 'studodds replay "
        "--help')\n")
    with pytest.raises(FileRefused, match="over the 256 MB"):
        identify_file(big)


def test_a_file_at_the_cap_is_read(tmp_path, monkeypatch):
    """The cap refuses only what is over it: a file of exactly the cap is read (checked
    with a small cap, the same code)."""
    from studodds.histories import history_files

    text = HANDS.read_bytes()
    monkeypatch.setattr(history_files, "MAX_FILE_BYTES", len(text))
    path = tmp_path / "hands.txt"
    path.write_bytes(text)
    hands, problems = parse_file(path)
    assert len(hands) == 1 and problems == []
    path.write_bytes(text + b"\n")
    with pytest.raises(FileRefused, match="a hand-history file may hold"):
        parse_file(path)
