"""`studodds batch`: a spots file to a results file, locally or on Dask, with progress."""

from __future__ import annotations

import contextlib
import signal
import sys
import time

import click

from ..batch import BatchInterrupted, DaskExecutor, LocalExecutor, run_batch
from .options import CONTEXT, range_file_option


class _BatchProgress:
    """done / total, spots per second and time left on one stderr line, at a terminal only.

    Problems reported mid-run are printed above the bar (message()).
    """

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self.start = time.perf_counter()
        self.last_draw = 0.0
        self.shown = False

    def update(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if not self.enabled or (now - self.last_draw < 0.1 and done < total):
            return
        self.last_draw = now
        elapsed = now - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        left = _duration((total - done) / rate) + " left" if rate > 0 else ""
        filled = int(30 * done / total) if total else 30
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} spots, "
                         f"{rate:.1f}/s, {left}   ")
        sys.stderr.flush()
        self.shown = True

    def message(self, text: str) -> None:
        self.close()
        click.echo(text, err=True)

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\r" + " " * 78 + "\r")
            sys.stderr.flush()
            self.shown = False


def _duration(seconds: float) -> str:
    """12 s, 4:05 or 1:02:03."""
    seconds = round(seconds)
    if seconds < 60:
        return f"{seconds} s"
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


@contextlib.contextmanager
def _sigterm_as_interrupt():
    """`kill` stops a batch like Ctrl-C does: results so far kept, Dask workers shut down."""
    def interrupt(signum, frame):
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _batch_executor(use_dask, scheduler, workers, threads_per_worker, threads):
    if use_dask and scheduler:
        raise click.UsageError("choose --dask (a cluster here) or --scheduler ADDR, not both")
    if not use_dask and (workers or threads_per_worker):
        raise click.UsageError("--workers and --threads-per-worker size the cluster of --dask")
    if use_dask or scheduler:
        return DaskExecutor(scheduler, workers=workers,
                            threads_per_worker=threads_per_worker or 1, threads=threads)
    return LocalExecutor(threads=threads)


def executor_options(command):
    """Where spots run: here (default), --dask, --scheduler; shared by batch and chart."""
    options = [
        click.option("--dask", "use_dask", is_flag=True,
                     help="Run on a Dask cluster of worker processes started here."),
        click.option("--scheduler", metavar="ADDR",
                     help="Run on an existing Dask cluster, e.g. tcp://10.0.0.5:8786."),
        click.option("--workers", type=click.IntRange(min=1), metavar="N",
                     help="--dask: worker processes (default: one per core; at most twice "
                     "the number of cores)."),
        click.option("--threads-per-worker", type=click.IntRange(min=1), metavar="N",
                     help="--dask: spots each worker runs at once (default: 1; at most two "
                     "per core)."),
        click.option("--chunk-size", type=click.IntRange(min=1), metavar="N",
                     help="Dask: spots per task (default: adapted to about half a second of "
                     "work per task)."),
        click.option("--threads", type=click.IntRange(min=1), metavar="N",
                     help="Threads per spot (default: 1 here, as many spots at once as "
                     "cores, a lone spot on all of them; the cores shared out with --dask; 1 "
                     "with --scheduler)."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def run_batch_file(spots, output, use_dask, scheduler, workers, threads_per_worker,
                    chunk_size, threads):
    """run_batch with the executor options, a progress bar and Ctrl-C handling."""
    if chunk_size and not (use_dask or scheduler):
        raise click.UsageError("--chunk-size sets the spots per Dask task: use it with --dask "
                               "or --scheduler")
    executor = _batch_executor(use_dask, scheduler, workers, threads_per_worker, threads)
    progress = _BatchProgress(enabled=sys.stderr.isatty())
    try:
        with _sigterm_as_interrupt():
            summary = run_batch(spots, output, executor=executor, chunk_size=chunk_size,
                                on_progress=progress.update, on_problem=progress.message)
    except BatchInterrupted as exc:
        progress.message(f"interrupted: {exc.summary.line()}; run the same command again "
                         "to resume")
        click.get_current_context().exit(130)  # said above; no second "aborted" line
    finally:
        progress.close()
    click.echo(summary.line(), err=True)
    return summary


@click.command("batch", context_settings=CONTEXT)
@click.argument("spots", type=click.Path(exists=True, dir_okay=False))
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
              metavar="RESULTS.jsonl", help="Results, one JSON line per spot (appended to: new, empty, or a results "
              "file of studodds).")
@executor_options
@range_file_option
def batch_command(spots, output, use_dask, scheduler, workers, threads_per_worker, chunk_size,
                  threads):
    """Run many equity questions: SPOTS is a JSON Lines file, one spot per line.

    \b
    A spot: {"id": "a1", "game": "stud7", "hands": ["(As Ks) Ah", "(x x) Qd"],
             "dead": "7h 2c", "trials": 100000, "seed": 1}
    "id" (a string or a whole number, unique) and "game" and "hands" are required;
    "dead", "exact" | "trials" | "precision", "seed" and "distribution" as for
    `studodds equity`. A spot sampled without a seed gets one derived from its id.

    \b
    RESULTS.jsonl starts with the line {"studodds":"batch results","version":1},
    which says whose file it is; then each result is one line, in the order the
    spots finish: {"id": ..., then the object `studodds equity --format json`
    prints}. Resumable: results are appended as they finish and a rerun skips the
    ids already in RESULTS.jsonl, so an interrupted batch loses only the spots
    that were running. Bad lines and failed spots are reported on stderr (line
    number, id) and skipped; rerunning tries them again.

    \b
    An existing RESULTS.jsonl that is not empty and not a results file is refused
    and left as it is (a results file of an earlier studodds, without the first
    line, is resumed if every line in it is a result). SPOTS and RESULTS.jsonl
    are regular files: a device (/dev/zero) or a named pipe is refused.

    \b
    Exit code: 0 when every spot has its result; 1 when some lines were bad or
    some spots failed (the rest are written); 2 when nothing could run (bad
    options, unreadable files, no Dask); 130 when interrupted (rerun to resume).

    \b
    Examples:
      studodds batch spots.jsonl -o results.jsonl
      studodds batch spots.jsonl -o results.jsonl --dask --workers 2
      studodds batch spots.jsonl -o results.jsonl --scheduler tcp://10.0.0.5:8786
    """
    summary = run_batch_file(spots, output, use_dask, scheduler, workers, threads_per_worker,
                              chunk_size, threads)
    if not summary.ok:
        click.get_current_context().exit(1)
