"""`studodds warm` (issue 30): every kernel compiled once, all together; afterwards a fresh
process asks a question of every game by every method without compiling one. Both run with
a numba cache of their own, so the test sees what warm itself compiled."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUESTIONS = Path(__file__).parent / "data" / "warm" / "questions_of_every_game.py"


def _run(args: list[str], cache: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, check=True, timeout=600)


def test_after_warm_no_question_compiles(tmp_path):
    warm = _run(["-m", "studodds", "warm"], tmp_path)
    assert warm.stdout.startswith("ready: the odds engine is compiled for every game and "
                                  "question (")
    steps = warm.stderr.splitlines()
    assert steps[0].startswith("warm 1/") and steps[-1].split(":")[0].endswith(
        f"{len(steps)}/{len(steps)}"), steps
    asked = json.loads(_run([str(QUESTIONS)], tmp_path).stdout)
    assert asked["compiled"] == 0, f"kernels compiled after warm: {asked}"
    # Read without numba's refresh of its target (studodds/numba_cache.py), and the same
    # answers as after that refresh, which numba's own loads make.
    assert asked["refreshes"] == 0, asked
    refreshed = json.loads(_run([str(QUESTIONS), "--refresh-first"], tmp_path).stdout)
    assert refreshed["refreshes"] == 0 and refreshed["compiled"] == 0, refreshed
    assert asked["answers"] == refreshed["answers"] > 60
    assert asked["digest"] == refreshed["digest"]


def _stderr_at_a_terminal(args: list[str], cache: Path) -> str:
    """What a command writes on stderr when stderr is a terminal (a pseudo-terminal here):
    the compile notice is for people, not for pipes."""
    import pty

    leader, follower = pty.openpty()
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "studodds", *args], cwd=ROOT, env=env,
                          stdout=subprocess.DEVNULL, stderr=follower, timeout=600, check=False)
    os.close(follower)
    said = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal is closed and read out
            break
        if not chunk:
            break
        said += chunk
    os.close(leader)
    assert done.returncode == 0
    return said.decode()


def test_a_query_that_must_compile_says_so_once(tmp_path):
    query = ["equity", "(As Ks) Ah", "(x x) Qd", "--trials", "1000", "--seed", "1"]
    first = _stderr_at_a_terminal(query, tmp_path)
    assert ("studodds: first question of its kind since install: compiling the odds engine "
            "for sampled odds, about 3-12 s, this once (`studodds warm` compiles everything in "
            "one go)") in first
    assert "compiling" not in _stderr_at_a_terminal(query, tmp_path)  # cached now
