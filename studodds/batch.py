"""Batches of equity questions: spots in (JSON Lines), one result per spot out (JSON Lines).

A spot is one `equity()` call written as a JSON object on one line::

    {"id": "a1", "game": "razz", "hands": ["(As 2d) 3c", "(x x) Kd"], "dead": "7h", "trials": 20000,
     "seed": 1}

Fields: "id" (a string or a whole number, unique in the file), "game" and "hands" (a list of
hand strings), optional "dead" (a string or a list of cards), "community" (the community
card once turned, "6h"), "declare" (a list of "high" / "low" / "both", or the same
comma-separated), "exact" | "trials" | "precision" (none of them: the equity() default),
"seed", "distribution". A spot sampled
without a seed gets one derived from its id (seed_from_id), so a batch reruns to the same
numbers. A result line is {"id": ..., then exactly the object `studodds equity --format
json` prints}: both come from report.equity_report, so they cannot drift apart.

Resumable and lossless: only the coordinating process writes the output, one whole line
per finished spot, flushed at once; a rerun skips the ids already there and never writes an
id twice. A stopped run (Ctrl-C, a killed process, a lost worker) loses at most the spots in
flight; a last line cut short by a kill is removed on the next start and its spot rerun.

Executors: LocalExecutor runs the spots one after another in this process (the kernels
already use every core per spot); DaskExecutor sends chunks of spots to Dask worker
processes, an embedded LocalCluster or an existing cluster (the optional `dask` extra).
run_batch is the file-to-file entry point; run_spots is the one under it, for callers with
their own spots and their own use for the results (a chart).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import math
import os
import re
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Self

import numba

from . import report
from .equity import equity, parse_declarations
from .games import get_game
from .messages import shown
from .scenario import build_scenario

SPOT_FIELDS = ("id", "game", "hands", "dead", "community", "declare", "exact", "trials",
               "precision", "seed", "distribution")
DASK_MISSING = 'Dask is not installed: pip install "studodds[dask]"'
# Dask tasks: about this much work each, so the per-task cost (a few milliseconds of
# scheduling and messages) is lost in it, yet a lost task or a stopped run costs little.
TASK_SECONDS = 0.5
MAX_CHUNK_SIZE = 100
# Tasks submitted but not finished, per worker thread: one running and one queued keeps a
# worker busy; more would only add to what an interrupted run loses.
IN_FLIGHT_PER_THREAD = 2
# A spot is one short line (a few hundred bytes; a result with distributions a few KB): a
# longer line is refused without being read into memory whole (a file of one 50 GB line).
MAX_LINE_BYTES = 1 << 20


class SpotError(ValueError):
    """A spot that cannot be run as written: not JSON, a missing or repeated id, a bad field.

    spot_id: the spot's id when it could be read.
    """

    def __init__(self, message: str, spot_id: str | int | None = None):
        super().__init__(message)
        self.spot_id = spot_id


class BatchError(ValueError):
    """A batch that cannot start or go on: unreadable input, a locked output, no Dask."""


# --- spots -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Spot:
    """One equity question: its id, equity() keyword arguments, and where it was read."""

    id: str | int
    options: dict
    line: int | None = None

    def where(self) -> str:
        return describe_spot(self.id, self.line)


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
        return json.dumps({"id": self.id} | self.result, ensure_ascii=False,
                          separators=(",", ":")) + "\n"

    def problem(self) -> str:
        return f"{describe_spot(self.id, self.line)}: {self.error} (failed)"


def describe_spot(spot_id, line: int | None) -> str:
    if line is None:
        return f"spot {spot_id!r}"
    return f"line {line}" + ("" if spot_id is None else f" (id {spot_id!r})")


def seed_from_id(spot_id: str | int) -> int:
    """The seed of a sampled spot that gives none: SHA-256 of the id written as JSON, the
    first 8 bytes, top bit cleared (63 bits, like a drawn seed). The same id always gets
    the same numbers, so an interrupted batch resumes without mixing samples.

    >>> seed_from_id("a1") == seed_from_id("a1") != seed_from_id(1)
    True
    """
    digest = hashlib.sha256(json.dumps(spot_id).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def spot_id_of(data) -> str | int:
    """The id of a parsed input line: a non-empty string or a whole number."""
    if not isinstance(data, Mapping):
        raise SpotError(f"a spot is a JSON object {{\"id\": ..., \"game\": ...}}, "
                        f"got {type(data).__name__}")
    if "id" not in data:
        raise SpotError('the spot has no "id"')
    spot_id = data["id"]
    if isinstance(spot_id, bool) or not isinstance(spot_id, (str, int)) or spot_id == "":
        raise SpotError(f'"id" is a non-empty string or a whole number, got {spot_id!r}')
    if isinstance(spot_id, str):
        try:
            spot_id.encode("utf-8")  # JSON's \ud800 escapes can make a lone surrogate
        except UnicodeEncodeError:
            raise SpotError(f'"id" {spot_id!r} is not valid Unicode text') from None
    return spot_id


def _typed(data: Mapping, name: str, types: tuple, wanted: str):
    """data[name] if it is null, missing or of the given JSON types (never a bool by accident)."""
    value = data.get(name)
    if value is None:
        return None
    if (isinstance(value, bool) and bool not in types) or not isinstance(value, types):
        raise SpotError(f'"{name}" is {wanted}, got {value!r}')
    return value


def _hands_of(data: Mapping) -> list[str]:
    hands = data.get("hands")
    if not isinstance(hands, list) or not hands or not all(isinstance(h, str) for h in hands):
        raise SpotError('"hands" is a list of hand strings, one per player, e.g. '
                        f'["(As Ks) Ah", "(x x) Qd"], got {hands!r}')
    return hands


def _dead_of(data: Mapping) -> str | list:
    dead = data.get("dead")
    if dead is None:
        return ""
    if isinstance(dead, str):
        return dead
    if isinstance(dead, list) and all(isinstance(c, str) for c in dead):
        return dead
    raise SpotError(f'"dead" is a string or a list of cards, e.g. "7h 2c x", got {dead!r}')


def parse_spot(data, line: int | None = None) -> Spot:
    """Check one spot (a parsed JSON object) as far as can be done without running it:
    fields and their types, the game, the cards (build_scenario). Raises SpotError or the
    library's own ValueError, which quotes the bad card or game."""
    spot_id = spot_id_of(data)
    unknown = sorted(set(data) - set(SPOT_FIELDS), key=repr)  # a dict's keys: any type
    if unknown:
        raise SpotError(f"unknown field {shown(unknown[0])} (the fields: "
                        f"{', '.join(SPOT_FIELDS)})")
    game = data.get("game")
    if not isinstance(game, str):
        raise SpotError(f'"game" is required, a game name such as "stud7", got {game!r}')
    hands, dead = _hands_of(data), _dead_of(data)
    community = _typed(data, "community", (str,), 'one card, e.g. "6h"')
    declare = data.get("declare")
    if declare is not None and not (
        isinstance(declare, str)
        or (isinstance(declare, list) and all(isinstance(d, str) for d in declare))
    ):
        raise SpotError(f'"declare" is a list such as ["high", "low"], got {declare!r}')
    # Bad cards, games and declarations fail here, not on a worker.
    scenario = build_scenario(get_game(game), hands, dead, community)
    parse_declarations(scenario.game, declare, scenario.n_players)
    seed = _typed(data, "seed", (int,), "a whole number 0 or more")
    if seed is not None and seed < 0:
        raise SpotError(f'"seed" is a whole number 0 or more, got {seed}')
    options = {
        "game": game, "hands": hands, "dead": dead,
        **({"community": community} if community is not None else {}),
        **({"declare": declare} if declare is not None else {}),
        "exact": _typed(data, "exact", (bool,), "true or false"),
        "trials": _typed(data, "trials", (int,), "a whole number"),
        "precision": _typed(data, "precision", (int, float), "a number (a standard error)"),
        # equity() ignores the seed of an exact answer, so deriving one always is harmless.
        "seed": seed_from_id(spot_id) if seed is None else seed,
        "distribution": bool(_typed(data, "distribution", (bool,), "true or false")),
    }
    return Spot(spot_id, options, line)


@dataclass
class SpotFile:
    """An input file read and checked: the spots to run and what was left out."""

    spots: list[Spot] = field(default_factory=list)
    present: int = 0  # spots whose id the output holds already
    problems: list[str] = field(default_factory=list)  # bad lines, each "line N: ..."


def read_spots(path: str | os.PathLike, present_ids: set = frozenset()) -> SpotFile:
    """Read a JSON Lines file of spots. Bad lines (not JSON, no id, a repeated id, a bad
    field, card or game) are reported with their line number and left out; blank lines are
    ignored; spots whose id is in present_ids are counted, not checked again."""
    spot_file = SpotFile()
    first_line_of: dict = {}
    try:
        with open(path, "rb") as lines:
            for number, (raw, size, _) in enumerate(_bounded_lines(lines), start=1):
                try:
                    if raw is None:
                        raise SpotError(_too_long(size))
                    spot = _read_line(raw, number, first_line_of, present_ids)
                except SpotError as exc:
                    where = describe_spot(exc.spot_id, number)
                    spot_file.problems.append(f"{where}: {exc} (skipped)")
                    continue
                if spot is _PRESENT:
                    spot_file.present += 1
                elif spot is not None:
                    spot_file.spots.append(spot)
    except OSError as exc:
        raise BatchError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None
    return spot_file


_PRESENT = object()  # read_spots: this line's id is in the output already
_Line = tuple[bytes | None, int, bool]


def _bounded_lines(source, limit: int = MAX_LINE_BYTES) -> Iterator[_Line]:
    """(line, its length in bytes, whether it ends with a newline) for each line of a
    binary file; the line is None when it is longer than limit bytes, and is then skipped
    in pieces, never held whole."""
    while True:
        raw = source.readline(limit + 1)
        if not raw:
            return
        if len(raw) <= limit or raw.endswith(b"\n"):
            yield raw, len(raw), raw.endswith(b"\n")
            continue
        size = len(raw)
        while not raw.endswith(b"\n"):
            raw = source.readline(1 << 16)
            if not raw:
                break
            size += len(raw)
        yield None, size, raw.endswith(b"\n")


def _too_long(size: int) -> str:
    return (f"the line is {size / 2**20:,.1f} MB long: a spot is one JSON object on a line of "
            f"at most {MAX_LINE_BYTES / 2**20:g} MB")


def _json(raw: bytes | str):
    """json.loads, with every way it can fail as one ValueError: not JSON, not UTF-8, a
    number too long for Python's int, arrays nested too deep (a RecursionError)."""
    try:
        return json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON: {exc.msg} at column {exc.colno}") from None
    except RecursionError:
        raise ValueError("not JSON: nested too deeply") from None
    except ValueError as exc:  # not UTF-8, or an integer of thousands of digits
        raise ValueError(f"not JSON: {str(exc).split(';')[0]}") from None


def _read_line(raw: bytes, number: int, first_line_of: dict, present_ids) -> Spot | object:
    """The spot on one input line; _PRESENT if its id has a result, None if blank."""
    try:
        text = raw.decode("utf-8-sig" if number == 1 else "utf-8")
    except UnicodeDecodeError:
        raise SpotError("not UTF-8 text") from None
    if not text.strip():
        return None
    try:
        data = _json(text)
    except ValueError as exc:
        raise SpotError(str(exc)) from None
    spot_id = spot_id_of(data)
    if spot_id in first_line_of:
        raise SpotError(f"the id repeats line {first_line_of[spot_id]}", spot_id)
    first_line_of[spot_id] = number
    if spot_id in present_ids:
        return _PRESENT
    try:
        return parse_spot(data, number)
    except ValueError as exc:  # SpotError, or the library's card and game errors
        raise SpotError(str(exc), spot_id) from None


# --- running spots ---------------------------------------------------------------------

# numba's workqueue threading layer (used when neither TBB nor OpenMP is there) aborts the
# process if two threads launch parallel kernels at once: a Dask worker with several
# threads then runs its spots one at a time. Unknown before the first launch, so that is
# serialised too.
_LAUNCH_LOCK = threading.Lock()


def _launches_must_be_serial() -> bool:
    try:
        return numba.threading_layer() == "workqueue"
    except ValueError:  # no parallel kernel launched yet in this process
        return True


def run_spot(spot: Spot, threads: int | None = None) -> SpotResult:
    """Run one spot; a failure becomes the result's one-line error, never an exception."""
    if threads is not None:
        threads = min(threads, numba.config.NUMBA_NUM_THREADS)  # this machine may be smaller
    lock = _LAUNCH_LOCK if _launches_must_be_serial() else contextlib.nullcontext()
    start = time.perf_counter()
    try:
        with lock:
            result = equity(**spot.options, threads=threads)
        data = json.loads(report.equity_report(result, "json"))  # the CLI's own JSON
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


class LocalExecutor:
    """The spots one after another in this process, each on every core (numba threads).

    Measured on 2 cores (README, Batches): as fast as two worker processes of one thread
    for 200 small spots, 5-20% slower for 1,000 (the Python part of a spot runs on one
    core), with no start-up and nothing to shut down: the default.
    threads: numba threads per spot (None: all cores).
    """

    def __init__(self, threads: int | None = None):
        self.threads = threads
        self.started = False

    def __enter__(self) -> Self:
        self.started = True
        return self

    def __exit__(self, *exc_info) -> None:
        self.started = False

    def run(self, spots: Sequence[Spot], chunk_size: int | None = None) -> Iterator[SpotResult]:
        """Each spot's result as soon as it is done (chunk_size: no meaning here)."""
        for spot in spots:
            yield run_spot(spot, self.threads)


def _import_distributed():
    try:
        import distributed
    except ImportError:
        raise BatchError(DASK_MISSING) from None
    return distributed


# What a Dask client can connect to: a protocol, a host and a port (a typo would otherwise
# reach Dask's parser, whose half-built client hangs 20 s in its destructor).
SCHEDULER_ADDRESS = re.compile(r"^(?:(?:tcp|tls|ucx)://)?[^\s:/]+:\d{1,5}$|^inproc://\S+$")


@contextlib.contextmanager
def _workers_ignore_ctrl_c():
    """Start worker processes with SIGINT ignored (a process started while a signal is
    ignored keeps ignoring it): Ctrl-C at a terminal reaches the whole process group, and
    the workers would each print a traceback while the batch stops them anyway."""
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: signals are not ours to change
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


class DaskExecutor:
    """Chunks of spots as tasks on Dask worker processes.

    scheduler: the address of an existing cluster ("tcp://host:8786"); None starts a
    LocalCluster of worker processes here (workers, default one per core, each running
    threads_per_worker spots at once). threads: numba threads per spot; by default the
    cores are shared out on a LocalCluster, and 1 on an existing cluster (whose worker
    threads are sized to its cores already).
    """

    def __init__(self, scheduler: str | None = None, *, workers: int | None = None,
                 threads_per_worker: int = 1, threads: int | None = None,
                 connect_timeout: float = 10.0):
        # What can be checked without a cluster is checked now, before the batch reads its
        # input: a bad option is then the one error, not the last of a list of bad lines.
        _import_distributed()
        if scheduler and not SCHEDULER_ADDRESS.match(scheduler):
            raise BatchError(f"--scheduler {shown(scheduler)}: give the scheduler's address as "
                             "tcp://HOST:PORT, e.g. tcp://10.0.0.5:8786")
        self.scheduler = scheduler
        self.workers = workers or os.cpu_count() or 1
        self.threads_per_worker = threads_per_worker
        self.spot_threads = threads or (
            1 if scheduler else max(1, (os.cpu_count() or 1) // (self.workers * threads_per_worker))
        )
        self.connect_timeout = connect_timeout
        self.cluster = None
        self.client = None

    @property
    def started(self) -> bool:
        return self.client is not None

    def __enter__(self) -> Self:
        distributed = _import_distributed()
        try:
            if self.scheduler:
                self.client = distributed.Client(self.scheduler, timeout=self.connect_timeout,
                                                 set_as_default=False)
                # A cluster without workers would take the tasks and never run them.
                try:
                    self.client.wait_for_workers(1, timeout=self.connect_timeout)
                except TimeoutError:
                    self.close()
                    raise BatchError(
                        f"the Dask cluster at {self.scheduler} has no workers (waited "
                        f"{self.connect_timeout:g} s): start some with dask worker "
                        f"{self.scheduler}"
                    ) from None
            else:
                with _workers_ignore_ctrl_c():
                    self.cluster = distributed.LocalCluster(
                        n_workers=self.workers, threads_per_worker=self.threads_per_worker,
                        processes=True, dashboard_address=None,
                        silence_logs=logging.CRITICAL,
                    )
                self.client = distributed.Client(self.cluster, set_as_default=False)
        except (OSError, TimeoutError) as exc:
            self.close()
            what = (f"reach the Dask scheduler at {self.scheduler}" if self.scheduler
                    else "start a Dask cluster here")
            raise BatchError(f"cannot {what}: {exc}") from None
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def close(self) -> None:
        for part in (self.client, self.cluster):
            if part is not None:
                with contextlib.suppress(Exception):  # closing a lost cluster may fail too
                    part.close()
        self.client = self.cluster = None

    @property
    def parallelism(self) -> int:
        """Worker threads in the cluster now: spots that can run at the same time."""
        return max(1, sum(self.client.nthreads().values()))

    def run(self, spots: Sequence[Spot], chunk_size: int | None = None) -> Iterator[SpotResult]:
        """Results as their tasks finish, a few tasks in flight at a time.

        chunk_size: spots per task; by default adapted as results come in (_ChunkSizer).
        """
        distributed = _import_distributed()
        waiting = deque(spots)
        sizer = _ChunkSizer(self.parallelism, chunk_size)
        # This client's loop: as_completed would take the default client's, which may be
        # another one in this process (dask/distributed#4317).
        running = distributed.as_completed(loop=self.client.loop)
        chunk_of: dict = {}

        def submit(chunk: list[Spot]) -> None:
            future = self.client.submit(run_chunk, chunk, self.spot_threads, pure=False)
            chunk_of[future.key] = chunk
            running.add(future)

        def submit_next() -> None:
            size = sizer.size(len(waiting))
            if waiting:
                submit([waiting.popleft() for _ in range(min(size, len(waiting)))])

        for _ in range(IN_FLIGHT_PER_THREAD * self.parallelism):
            submit_next()
        for future in running:
            chunk = chunk_of.pop(future.key)
            try:
                results = future.result()
            except distributed.KilledWorker as exc:
                # The chunk took its worker down every time Dask retried it: run its spots
                # one per task so only the culprit fails.
                results = self._retry_alone(chunk, exc, submit)
            except ImportError as exc:  # a worker of an existing cluster without studodds
                raise BatchError(f"the Dask workers cannot run studodds ({exc}): install "
                                 "studodds, this version, on every worker") from None
            except Exception as exc:  # noqa: BLE001 - the task never raises: the cluster does
                raise BatchError(
                    f"the Dask cluster failed ({type(exc).__name__}: {exc}); the results so far "
                    "are written: run the batch again to resume"
                ) from None
            sizer.observe(results)
            submit_next()
            yield from results

    @staticmethod
    def _retry_alone(chunk: list[Spot], exc: Exception, submit) -> list[SpotResult]:
        if len(chunk) > 1:
            for spot in chunk:
                submit([spot])
            return []
        spot = chunk[0]
        return [SpotResult(spot.id, spot.line,
                           error=f"its worker process died each time it ran ({exc})")]


class _ChunkSizer:
    """Spots per Dask task: about TASK_SECONDS of work, judged from the spots done so far
    (one spot a task until the first results say more), never more than a fair share of
    what is left, so that the last tasks even out across the workers."""

    def __init__(self, parallelism: int, fixed: int | None = None):
        self.parallelism = parallelism
        self.fixed = fixed
        self.spot_seconds: float | None = None

    def observe(self, results: list[SpotResult]) -> None:
        if not results:
            return
        seconds = sum(r.seconds for r in results) / len(results)
        # Halfway to the latest chunk: a worker's first chunk (loading the compiled
        # kernels) is forgotten within a few tasks.
        previous = self.spot_seconds
        self.spot_seconds = seconds if previous is None else (previous + seconds) / 2

    def size(self, remaining: int) -> int:
        if self.fixed:
            return self.fixed
        if self.spot_seconds is None:
            return 1
        by_time = TASK_SECONDS / max(self.spot_seconds, 1e-6)
        fair_share = math.ceil(remaining / (IN_FLIGHT_PER_THREAD * self.parallelism))
        return int(max(1, min(by_time, fair_share, MAX_CHUNK_SIZE)))


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


# --- the output file -------------------------------------------------------------------


def _result_id(raw: bytes | None):
    """The id of an output line, or None if the line is not a whole result (None: a line
    too long to be one)."""
    if raw is None:
        return None
    try:
        data = _json(raw)
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
            for raw, _, _ in _bounded_lines(source):
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
        data = _json(raw)
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
            for number, (raw, size, whole) in enumerate(_bounded_lines(lines), start=1):
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


# --- a whole batch ---------------------------------------------------------------------


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


__all__ = [
    "BatchError", "BatchInterrupted", "BatchSummary", "DaskExecutor", "LocalExecutor",
    "ResultWriter", "Spot", "SpotError", "SpotResult", "iter_results", "parse_spot", "read_spots",
    "run_batch", "run_spots", "seed_from_id",
]
