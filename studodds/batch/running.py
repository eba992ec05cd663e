"""Running one spot, or a chunk of spots, in this process: a failure becomes the spot's
one-line error, never an exception."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field

from ..config import most_threads
from ..equity import equity
from .spot_lines import Spot, describe_spot


@dataclass(frozen=True)
class SpotResult:
    """A finished spot: the `studodds equity --format json` object, or why it failed."""

    id: str | int | None
    line: int | None = None
    result: dict | None = None
    error: str | None = None
    seconds: float = field(default=0.0, compare=False)  # time to run it, on its worker

    @property
    def ok(self) -> bool:
        return self.error is None

    def json_line(self) -> str:
        """The output line: the id first, then the equity JSON object, compact, one line."""
        assert self.result is not None, "a failed spot has no output line"
        return json.dumps({"id": self.id} | self.result, ensure_ascii=False,
                          separators=(",", ":")) + "\n"

    def problem(self) -> str:
        return f"{describe_spot(self.id, self.line)}: {self.error} (failed)"


def run_spot(spot: Spot, threads: int | None = None) -> SpotResult:
    """Run one spot; a failure becomes the result's one-line error, never an exception."""
    if threads is not None:
        threads = min(threads, most_threads())  # this machine may be smaller
    start = time.perf_counter()
    try:
        result = equity(**spot.options, threads=threads)
        data = result.to_dict()  # the object `studodds equity --format json` prints
    except ValueError as exc:  # the library's errors quote the input: enough as they are
        error = str(exc)
    except Exception as exc:  # noqa: BLE001 - a bug must not take the whole batch down
        error = f"internal error: {type(exc).__name__}: {exc}"
    else:
        return SpotResult(spot.id, spot.line, data, seconds=time.perf_counter() - start)
    return SpotResult(spot.id, spot.line, error=error, seconds=time.perf_counter() - start)


def run_chunk(spots: list[Spot], threads: int | None = None) -> list[SpotResult]:
    """A Dask task: several spots in one worker process, whose compiled kernels stay loaded
    from task to task."""
    return [run_spot(spot, threads) for spot in spots]
