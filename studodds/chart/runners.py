"""Runners: spots in, (spot, result) pairs out; one by one here, or through studodds.batch."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from .errors import ChartError

Runner = Callable[[Sequence[dict]], Iterable[tuple[dict, dict]]]


def run_spots(spots: Iterable[dict], *, threads: int | None = None) -> Iterator[tuple[dict, dict]]:
    """The plain runner: each spot through studodds.equity, one after another.

    Yields (spot, result) with result the object `studodds equity --format json` prints,
    (EquityResult.to_dict, the same object). The batch runner can stand in for it.
    """
    from ..equity import equity  # the numba engine, only when spots are actually run

    for spot in spots:
        result = equity(
            spot["game"], spot["hands"], dead=spot.get("dead", ""), exact=spot.get("exact"),
            trials=spot.get("trials"), precision=spot.get("precision"),
            seed=spot.get("seed"), threads=threads,
        )
        yield spot, result.to_dict()


def batch_runner(executor=None, *, chunk_size: int | None = None) -> Runner:
    """A runner through studodds.batch: a Dask cluster (batch.DaskExecutor) or the local
    executor. A spot that fails stops the chart with its error.

    >>> from studodds.batch import DaskExecutor  # doctest: +SKIP
    >>> with DaskExecutor(workers=2) as cluster:  # doctest: +SKIP
    ...     chart = make_chart("stud7", "classes", selection="rolled",
    ...                        runner=batch_runner(cluster))
    """
    from ..batch import iter_results

    def run(spots: Sequence[dict]) -> Iterator[tuple[dict, dict]]:
        by_id = {spot["id"]: spot for spot in spots}
        for result in iter_results(spots, executor=executor, chunk_size=chunk_size):
            if not result.ok:
                raise ChartError(f"spot {result.id!r}: {result.error}")
            yield by_id[result.id], result.result

    return run
