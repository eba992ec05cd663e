"""The odds engine prepared while the page loads: `studodds warm` in a process of its own,
its progress for the page (GET /api/ready), and questions held until it is done.

The engine is numba-compiled; the first question of each kind compiles what it needs (the
first time after install, seconds to half a minute each), then numba keeps the machine
code. `studodds warm` compiles all of it at once (20-50 s on 2 cores; a second once
done). Another process, not a thread: compiling holds the interpreter's lock for seconds
at a time, which would stall the page. The server holds each question until the warm is
done, so that no question compiles in the server while the warm compiles the same code,
and none waits behind another's compile; after it, a question loads its code from
numba's cache in a fraction of a second.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

# A warm that has not finished by then is left to finish on its own: questions go ahead
# (and compile what they need) rather than wait without end.
MOST_WAIT_SECONDS = 300.0


class EngineWarm:
    """Starts `studodds warm` (start), follows its progress lines ("warm 3/10: heads-up
    counting"), says on `say` (the terminal, for `serve`) when it is ready or why it could
    not be made ready, and stops it with the server (stop). Without start, it is ready."""

    def __init__(self, say: Callable[[str], None] | None = None):
        self.say = say or (lambda line: None)
        self.process: subprocess.Popen | None = None
        self.done = threading.Event()
        self.done.set()  # until started: nothing to wait for
        self.stopping = threading.Event()
        self.step, self.of, self.doing = 0, 0, ""
        self.problem = ""
        self.started = 0.0

    def start(self) -> None:
        # A session of its own: the terminal's Ctrl-C goes to the server, which stops it.
        # -P: this installation's studodds, not one in the current directory.
        separate: dict[str, Any]
        if sys.platform == "win32":
            separate = {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP}
        else:
            separate = {"start_new_session": True}
        self.done.clear()
        self.started = time.monotonic()
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-P", "-m", "studodds", "warm"], stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **separate)
        except OSError as exc:
            self._give_up(exc.strerror or str(exc))
            return
        self.say("getting the odds engine ready in the background (compiled once after "
                 "install, under a minute on 2 cores; a moment after that)")
        threading.Thread(target=self._follow, name="studodds-warm", daemon=True).start()

    def _follow(self) -> None:
        process = self.process
        assert process is not None and process.stdout is not None  # started, stdout a pipe
        last = ""
        for line in process.stdout:
            last = line.strip() or last
            if last.startswith("warm ") and ": " in last:  # "warm 3/10: exact heads-up odds"
                count, self.doing = last[5:].split(": ", 1)
                step, _, of = count.partition("/")
                if step.isdigit() and of.isdigit():
                    self.step, self.of = int(step), int(of)
        code = process.wait()
        if self.stopping.is_set():  # stopped with the server: nothing to say
            self.done.set()
        elif code == 0 and last.startswith("ready: "):
            self.say(last.removeprefix("ready: "))
            self.step = self.of
            self.done.set()
        else:
            self._give_up(last)

    def _give_up(self, why: str) -> None:
        self.problem = why or "it stopped"
        self.say(f"could not prepare the odds engine ahead ({self.problem}): each kind of "
                 "question compiles what it needs when first asked")
        self.done.set()

    def stop(self) -> None:
        """Stop it if it still runs (numba writes each cache file whole: nothing is left
        half-written)."""
        self.stopping.set()
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.done.set()

    def status(self) -> dict:
        """What the page shows: ready, or the step under way ("3 of 10: heads-up
        counting") and the seconds since the start."""
        if self.done.is_set():
            return {"ready": True, "problem": self.problem or None}
        return {"ready": False, "step": self.step, "of": self.of, "doing": self.doing,
                "seconds": round(time.monotonic() - self.started, 1)}

    async def ready(self) -> None:
        """Wait (without a thread) until the warm is done, or MOST_WAIT_SECONDS."""
        deadline = time.monotonic() + MOST_WAIT_SECONDS
        while not self.done.is_set() and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
