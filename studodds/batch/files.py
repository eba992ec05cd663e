"""A batch file to a results file: resumable and lossless (one whole line per finished spot,
flushed at once; a rerun skips the ids already written)."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Self

from .executors import DaskExecutor, LocalExecutor
from .running import SpotResult
from .spots import BatchError, bounded_lines, json_line, read_spots
from .stream import run_spots


def _result_id(raw: bytes | None):
    """The id of an output line, or None if the line is not a whole result (None: a line
    too long to be one)."""
    if raw is None:
        return None
    try:
        data = json_line(raw)
    except ValueError:  # not JSON, or not UTF-8
        return None
    if not isinstance(data, dict):
        return None
    spot_id = data.get("id")
    if "players" not in data:  # e.g. a spot line copied into the output: not a result
        return None
    return spot_id if isinstance(spot_id, (str, int)) and not isinstance(spot_id, bool) else None


def read_results(path: str | os.PathLike) -> dict:
    """The results in an output file by id, without the id ({} if there is no file).
    Lines that are not whole results (a run killed mid-write) are left out."""
    results: dict = {}
    try:
        with open(path, "rb") as source:
            for raw, _, _ in bounded_lines(source):
                spot_id = _result_id(raw)
                if spot_id is not None:
                    data = json.loads(raw)
                    del data["id"]
                    results[spot_id] = data
    except FileNotFoundError:
        pass
    return results


def _looks_like_spot(raw: bytes | None) -> bool:
    """An input line (a spot: it has hands) rather than a result."""
    if raw is None:
        return False
    try:
        data = json_line(raw)
    except ValueError:
        return False
    return isinstance(data, dict) and "hands" in data and "players" not in data


class ResultWriter:
    """The one writer of an output file: locked, checked, repaired, appended line by line.

    On opening: an exclusive lock (a second batch on the same file is refused), the ids of
    the results there already (self.ids), and a last line cut short by a killed run removed.
    write() appends one whole line with one system call and writes each id once.
    """

    def __init__(self, path: str | os.PathLike, on_problem: Callable[[str], None] | None = None):
        self.path = Path(path)
        self.on_problem = on_problem or (lambda message: None)
        self.ids: set = set()
        self.file = None

    def __enter__(self) -> Self:
        if str(self.path) == "-":
            raise BatchError("results go to a file, which a rerun resumes from, not to stdout "
                             "('-'): give a file name")
        if self.path.exists() and not self.path.is_file():
            raise BatchError(f"{str(self.path)!r} is not a regular file: results go to a file "
                             "a rerun can resume from")
        try:
            # Unbuffered and O_APPEND: each write() is one whole line at the end of the file.
            self.file = open(self.path, "a+b", buffering=0)
        except OSError as exc:
            raise BatchError(f"cannot write {str(self.path)!r}: {exc.strerror or exc}") from None
        try:
            self._lock()
            self._scan_and_repair()
        except BaseException:
            self.file.close()
            raise
        return self

    def __exit__(self, *exc_info) -> None:
        self.file.close()  # also releases the lock

    def _lock(self) -> None:
        try:
            import fcntl
        except ImportError:  # Windows: no advisory lock; one batch per output file, please
            return
        try:
            fcntl.flock(self.file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise BatchError(f"another studodds batch is writing {str(self.path)!r}: wait for "
                             "it to finish or choose another output file") from None
        except OSError:  # a file system without locks: go on unlocked
            pass

    def _scan_and_repair(self) -> None:
        """Collect the ids; cut a torn last line; end a whole last line with its newline."""
        good_end, needs_newline, first_spot_line = 0, False, None
        problems = []  # said once the file is known to be an output file
        with open(self.path, "rb") as lines:
            for number, (raw, size, whole) in enumerate(bounded_lines(lines), start=1):
                spot_id = _result_id(raw)  # None for a line too long to read: no result
                if spot_id is None and first_spot_line is None and _looks_like_spot(raw):
                    first_spot_line = number
                if raw is not None and not raw.strip():  # a blank line: harmless
                    good_end += size
                elif spot_id is not None:
                    self.ids.add(spot_id)
                    good_end += size
                    needs_newline = not whole
                elif whole:
                    good_end += size
                    problems.append(f"{self.path} line {number}: not a result, left as it is "
                                    "(its spot, if any, runs again)")
                else:
                    problems.append(f"{self.path} line {number}: cut short by a stopped run, "
                                    "removed (its spot runs again)")
        if first_spot_line is not None and not self.ids:
            raise BatchError(f"{str(self.path)!r} holds spots, not results (line "
                             f"{first_spot_line}): is it an input file? Choose another output")
        for problem in problems:
            self.on_problem(problem)
        if self.file.seek(0, os.SEEK_END) > good_end:
            self.file.truncate(good_end)
        if needs_newline:
            self._append(b"\n")

    def _append(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            view = view[self.file.write(view):]

    def write(self, result: SpotResult) -> bool:
        """Append a finished spot's line (False if its id is there already).

        No fsync: once write() has returned, a killed process loses nothing (the line is in
        the operating system's hands); syncing each line would only guard against a power
        cut, at milliseconds per spot.
        """
        if result.id in self.ids:
            return False
        self._append(result.json_line().encode("utf-8"))
        self.ids.add(result.id)
        return True


@dataclass(frozen=True)
class BatchSummary:
    """What a batch did. failed counts both bad input lines and spots that failed to run."""

    done: int  # results written by this run
    present: int  # spots skipped: their results were in the output already
    invalid: int  # input lines skipped as bad
    errors: int  # spots that failed when run
    seconds: float
    problems: tuple[str, ...] = ()  # one line each, as reported

    @property
    def failed(self) -> int:
        return self.invalid + self.errors

    @property
    def ok(self) -> bool:
        return self.failed == 0

    def line(self) -> str:
        return (f"{self.done} done, {self.present} skipped (already present), "
                f"{self.failed} failed in {self.seconds:.1f} s")


class BatchInterrupted(KeyboardInterrupt):
    """A batch stopped by Ctrl-C (or SIGTERM turned into it): what it had done by then."""

    def __init__(self, summary: BatchSummary):
        super().__init__(summary.line())
        self.summary = summary


def _same_file(a: str | os.PathLike, b: str | os.PathLike) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:  # the output does not exist yet
        return False


def run_batch(
    spots_path: str | os.PathLike,
    out_path: str | os.PathLike,
    *,
    executor: LocalExecutor | DaskExecutor | None = None,
    chunk_size: int | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    on_problem: Callable[[str], None] | None = None,
) -> BatchSummary:
    """Run the spots of a JSON Lines file whose ids are not yet in out_path, appending one
    result line per spot as it finishes.

    on_progress(finished, total) after each spot (total: the spots this run has to do);
    on_problem(line) for each bad input line ("line N: ...") and failed spot, as they come.
    Raises BatchError if the batch cannot start, BatchInterrupted on Ctrl-C.
    """
    start = time.perf_counter()
    if _same_file(spots_path, out_path):
        raise BatchError("the output file is the input file: write the results elsewhere")
    problems: list[str] = []

    def report_problem(message: str) -> None:
        problems.append(message)
        if on_problem is not None:
            on_problem(message)

    with ResultWriter(out_path, report_problem) as writer:
        spot_file = read_spots(spots_path, writer.ids)
        for message in spot_file.problems:
            report_problem(message)
        counts = {"done": 0, "errors": 0}
        total = len(spot_file.spots)

        def record(result: SpotResult) -> None:
            if not result.ok:
                counts["errors"] += 1
                report_problem(result.problem())
            elif writer.write(result):
                counts["done"] += 1
            if on_progress is not None:
                on_progress(counts["done"] + counts["errors"], total)

        def summary() -> BatchSummary:
            return BatchSummary(counts["done"], spot_file.present, len(spot_file.problems),
                                counts["errors"], time.perf_counter() - start, tuple(problems))

        try:
            run_spots(spot_file.spots, record, executor=executor, chunk_size=chunk_size)
        except KeyboardInterrupt:
            raise BatchInterrupted(summary()) from None
    return summary()
