"""A batch file to a results file: resumable and lossless (one whole line per finished spot,
flushed at once; a rerun skips the ids already written)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass

from .batch_errors import BatchError
from .executors import DaskExecutor, LocalExecutor
from .output import ResultWriter
from .regular import check_regular
from .running import SpotResult
from .spot_lines import SPOTS_NOT_REGULAR, read_spots
from .stream import run_spots


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

    def __init__(self, summary: BatchSummary) -> None:
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
    result line per spot as it finishes. out_path is new, empty, or a results file (it
    starts with HEADER_LINE, or is an earlier studodds's with nothing but results); any
    other file is refused, left as it is (output.py).

    on_progress(finished, total) after each spot (total: the spots this run has to do);
    on_problem(line) for each bad input line ("line N: ...") and failed spot, as they come.
    Raises BatchError if the batch cannot start, BatchInterrupted on Ctrl-C.
    """
    start = time.perf_counter()
    check_regular(spots_path, SPOTS_NOT_REGULAR)  # before the output file is made
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
