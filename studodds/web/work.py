"""The computations, off the event loop: a few worker threads, a short queue in front of
them, and a way to stop a computation nobody waits for any more.

A question runs in a worker thread (the numba kernels release the GIL, so the server
answers other requests meanwhile), reading of its request included: nothing a client sends
is parsed outside this capped queue. At most max_workers run at once and max_waiting more
wait; beyond that a request is refused at once (Busy: 503) rather than piling up. A Job
whose client went away (or whose server is stopping) raises Cancelled from the library's
progress callback (between rounds) and from the engine's stop check (studodds.stopping:
before each part of a round, a fraction of a second), so a dropped question stops within
about a second, as Ctrl-C stops the CLI's. A job still running past its time limit stops
the same way (OverTime: its estimate was wrong, or it had none). A slot is given back only
when its thread is done, so abandoned work can never exceed the cap."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from .. import stopping
from .budget import OVERRUN

# A question: run(progress, warn) -> its answer (a JSON document); warn(line) tells a
# warning the CLI would write on stderr.
Question = Callable[[Callable[[float], None], Callable[[str], None]], object]
# A request read and checked into a question (ValueError when it is bad), on a worker.
MakeQuestion = Callable[[], Question]

# Uploads received at once (each up to 8 MB, holding a place in the queue meanwhile).
MAX_READING = 2

# Progress lines at most this often (a streamed answer; the last one is always sent).
PROGRESS_INTERVAL = 0.1


class Cancelled(Exception):
    """Raised from the progress callback to stop a run nobody waits for. Not a ValueError,
    so no library code mistakes it for bad input."""


class OverTime(Exception):
    """Raised from the stop check of a question past its time limit (HTTP 400: a question
    this big is refused). Not a ValueError, so no library code takes it for bad input (the
    replay of a hand that fails is a warning, and the replay goes on)."""


class Busy(Exception):
    """Every worker busy and the queue full: the request is refused (503)."""


class Job:
    """One question on its way through the workers: its future, its cancel flag, and (for
    a streamed answer) a queue of progress fractions and warning lines for the event loop."""

    def __init__(self, loop: asyncio.AbstractEventLoop, listen: bool,
                 stop_after: float | None = None):
        self.loop = loop
        self.cancelled = threading.Event()
        self.updates: asyncio.Queue | None = asyncio.Queue() if listen else None
        self.future: asyncio.Future | None = None
        self.checked: asyncio.Future = loop.create_future()  # done once the request is read
        self.stop_after = stop_after  # seconds of running time (None: no limit)
        self.deadline: float | None = None  # set when the job starts
        self._last = 0.0

    def cancel(self) -> None:
        self.cancelled.set()

    def check(self) -> None:
        """Raise if the job is to stop: its client gone, the server stopping, or its time
        up. Called from the worker thread and the engine's helper threads."""
        if self.cancelled.is_set():
            raise Cancelled
        if self.deadline is not None and time.monotonic() > self.deadline:
            assert self.stop_after is not None  # the deadline is set from it
            raise OverTime(
                f"the question was stopped after {self.stop_after:,.0f} s, the most this "
                f"server spends on one ({OVERRUN} times the {self.stop_after / OVERRUN:,.0f} s "
                "limit set by studodds serve --max-seconds): ask a smaller question or upload "
                "fewer hands, or ask it in a terminal")

    def progress(self, fraction: float) -> None:
        """The library's progress callback (called in the worker thread)."""
        self.check()
        now = time.monotonic()
        if self.updates is not None and (now - self._last >= PROGRESS_INTERVAL
                                         or fraction >= 1.0):
            self._last = now
            self.loop.call_soon_threadsafe(self.updates.put_nowait, float(fraction))

    def warn(self, line: str) -> None:
        """A warning of the question (a line the CLI writes on stderr), for a streamed
        answer; called in the worker thread. A whole answer has none, as the CLI's stdout."""
        if self.updates is not None:
            self.loop.call_soon_threadsafe(self.updates.put_nowait, str(line))

    def run(self, make: MakeQuestion):
        self.check()  # given up while it waited in the queue
        if self.stop_after is not None:
            self.deadline = time.monotonic() + self.stop_after
        with stopping.checked_by(self.check):
            question = make()
            self.loop.call_soon_threadsafe(_set_done, self.checked)
            return question(self.progress, self.warn)


def _set_done(future: asyncio.Future) -> None:
    if not future.done():
        future.set_result(None)


class Place:
    """A place in the queue, held while an upload's body is read (reserve()): the body is
    read only when there is room to answer it, so a flood of uploads is refused before its
    bytes are in memory, not after. At most MAX_READING are held at once, so uploads that
    arrive slowly (or never) hold up other uploads, never the questions."""

    def __init__(self, queue: WorkQueue):
        self.queue = queue
        self.held = True

    def release(self) -> None:
        """Give the place back unused (the body could not be read); a no-op after."""
        if self.held:
            self.held = False
            self.queue.reserved -= 1


class WorkQueue:
    """The worker threads and the count of questions admitted (running or waiting, or
    holding a place while their body is read). Used from the event loop's thread only, so
    the count needs no lock."""

    def __init__(self, max_workers: int = 2, max_waiting: int = 8,
                 stop_after: float | None = None):
        if max_workers < 1 or max_waiting < 0:
            raise ValueError(f"max_workers is 1 or more and max_waiting 0 or more, got "
                             f"{max_workers} and {max_waiting}")
        self.max_workers = max_workers
        self.limit = max_workers + max_waiting
        self.stop_after = stop_after  # each job's running time limit (None: none)
        self.executor = ThreadPoolExecutor(max_workers, thread_name_prefix="studodds-work")
        self.jobs: set[Job] = set()
        self.reserved = 0  # places held by uploads whose body is being read
        self.closed = False

    @property
    def admitted(self) -> int:
        return len(self.jobs) + self.reserved

    def _check_room(self) -> None:
        if self.closed:
            raise Busy("the server is stopping")
        if self.admitted >= self.limit:
            raise Busy(f"the server is busy: {self.max_workers} questions are being answered "
                       f"and {self.limit - self.max_workers} wait; ask again in a moment")

    def reserve(self) -> Place:
        """A place for an upload about to be read; Busy when there is none, or when
        MAX_READING uploads are being received already."""
        self._check_room()
        if self.reserved >= MAX_READING:
            raise Busy(f"the server is receiving {self.reserved} other files; send yours "
                       "again in a moment")
        self.reserved += 1
        return Place(self)

    def submit(self, make: MakeQuestion, *, listen: bool = False,
               place: Place | None = None) -> Job:
        """Start (or queue) a request: make() reads it into a question, which is run; Busy
        when the workers and the queue are full (unless it holds a place, which it takes)."""
        if place is not None and place.held:
            place.release()
            if self.closed:
                raise Busy("the server is stopping")
        else:
            self._check_room()
        loop = asyncio.get_running_loop()
        job = Job(loop, listen, self.stop_after)
        self.jobs.add(job)
        job.future = loop.run_in_executor(self.executor, job.run, make)
        job.future.add_done_callback(lambda future: self._finished(job, future))
        return job

    def _finished(self, job: Job, future: asyncio.Future) -> None:
        self.jobs.discard(job)
        if not future.cancelled():
            future.exception()  # looked at: an abandoned job's error is not logged as lost
        if job.updates is not None:
            job.updates.put_nowait(None)  # the end, for a stream waiting on its queue

    def close(self) -> None:
        """Stop everything: running questions within a part of their work (the stop check),
        queued ones before they start. Safe to call from a signal handler (it only sets flags)."""
        self.closed = True
        for job in list(self.jobs):
            job.cancel()
        self.executor.shutdown(wait=False, cancel_futures=True)
