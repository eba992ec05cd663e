"""The runner: spots in, (spot, result) pairs out, through studodds.batch (the same code
that runs `studodds batch`, so a chart spot and a batch spot cannot be run differently)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from .chart_errors import ChartError

if TYPE_CHECKING:  # chart loads batch when a chart runs (batch reads starting, like chart)
    from ..batch import DaskExecutor, LocalExecutor

Runner = Callable[[Sequence[dict]], Iterable[tuple[dict, dict]]]


def batch_runner(executor: LocalExecutor | DaskExecutor | None = None, *,
                 chunk_size: int | None = None) -> Runner:
    """A runner through studodds.batch: the local executor (this process, the default) or
    a Dask cluster (batch.DaskExecutor). A spot that fails stops the chart with its error.

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
            assert result.result is not None  # a spot that ran has its result
            yield by_id[result.id], result.result

    return run
