"""Spots in, results out as they finish: chunked so a task is about half a second of work,
with a bounded number in flight."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator, Mapping

from .executors import DaskExecutor, LocalExecutor
from .running import SpotResult
from .spot_lines import Spot, SpotError, parse_spot


@contextlib.contextmanager
def _running(executor):
    """The executor started for this run, unless the caller had started it already."""
    if executor.started:
        yield executor
    else:
        with executor:
            yield executor


def _checked_spots(spots: Iterable[Mapping | Spot],
                   on_result: Callable[[SpotResult], None]) -> list[Spot]:
    """Spots to run; bad ones and repeated ids go to on_result as failed results."""
    checked: list[Spot] = []
    seen: set = set()
    for item in spots:
        try:
            spot = item if isinstance(item, Spot) else parse_spot(item)
            if spot.id in seen:
                raise SpotError("the id repeats an earlier spot")
        except ValueError as exc:
            spot_id: str | int | None
            if isinstance(item, Spot):
                spot_id, line = item.id, item.line
            else:
                spot_id, line = (item.get("id") if isinstance(item, Mapping) else None), None
            on_result(SpotResult(spot_id, line, error=str(exc)))
            continue
        seen.add(spot.id)
        checked.append(spot)
    return checked


def iter_results(
    spots: Iterable[Mapping | Spot],
    *,
    executor: LocalExecutor | DaskExecutor | None = None,
    chunk_size: int | None = None,
) -> Iterator[SpotResult]:
    """Run every spot (a dict as in a batch file, or a Spot) and yield one SpotResult per
    spot, in this process, as each finishes (in no particular order): its JSON object, or
    its one-line error (a bad spot, a repeated id, an error from equity()).

    executor: LocalExecutor() by default. One the caller has started (`with executor:`)
    stays running for the caller's next call; otherwise it is started and closed here.
    chunk_size: spots per Dask task (default: adapted to about TASK_SECONDS of work).
    """
    rejected: list[SpotResult] = []
    checked = _checked_spots(spots, rejected.append)
    yield from rejected
    if not checked:
        return  # nothing to run: no cluster to start
    executor = executor or LocalExecutor()
    with _running(executor):
        yield from executor.run(checked, chunk_size)


def run_spots(
    spots: Iterable[Mapping | Spot],
    on_result: Callable[[SpotResult], None],
    *,
    executor: LocalExecutor | DaskExecutor | None = None,
    chunk_size: int | None = None,
) -> None:
    """iter_results with a callback: on_result(result) once per spot, as each finishes."""
    for result in iter_results(spots, executor=executor, chunk_size=chunk_size):
        on_result(result)
