"""Where spots run: LocalExecutor (this process, as many spots at once as cores, one
kernel thread each) or DaskExecutor (chunks sent to Dask workers: an embedded LocalCluster or
an existing cluster, the optional `dask` extra)."""

from __future__ import annotations

import contextlib
import itertools
import logging
import math
import os
import re
import signal
from collections import deque
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Self

from ..config import most_threads
from ..messages import shown
from .running import SpotResult, run_chunk, run_spot
from .spot_lines import BatchError, Spot

if TYPE_CHECKING:  # the dask extra is optional: loaded when a Dask batch starts
    from distributed import Client, LocalCluster

DASK_MISSING = 'Dask is not installed: pip install "studodds[dask]"'

# Dask tasks: about this much work each, so the per-task cost (a few milliseconds of
# scheduling and messages) is lost in it, yet a lost task or a stopped run costs little.
TASK_SECONDS = 0.5

MAX_CHUNK_SIZE = 100

# Tasks submitted but not finished, per worker thread: one running and one queued keeps a
# worker busy; more would only add to what an interrupted run loses.
IN_FLIGHT_PER_THREAD = 2

# A LocalCluster's workers, and threads per worker, at most this many per core: one per core
# keeps every core busy already, so more only wait for the same cores, and each worker
# process takes memory of its own (150 to 200 MB with the kernels loaded; 1,000 of them
# took 3 GB within 19 s before this cap).
LOCAL_PER_CORE = 2


def local_cluster_cap() -> int:
    """The most workers, and threads per worker, a LocalCluster here may have."""
    return LOCAL_PER_CORE * (os.cpu_count() or 1)


class LocalExecutor:
    """The spots in this process, several at once: each on its own Python thread with one
    kernel thread (the kernels release the GIL), as many at once as there are cores.

    Why not one spot at a time on every core: the threads of one kernel wait for each
    other at the end of every round, and on a machine busy with other work that wait is
    most of a short spot (measured on 2 cores: a round of 64 trials took 8 ms on two
    threads, 0.3 ms on one); side by side, no spot waits for another, and one spot's
    Python part (scenario, result) runs while the other's kernel does. The same seed gives
    the same numbers on any thread count, so nothing changes but the time.

    threads: kernel threads per spot; as many spots run at once as fit the cores
    (threads=2 on 2 cores: one spot at a time, on both). None: 1, or every core for a batch
    of one spot. Results come in the spots' order (an output file is the same every run).
    """

    def __init__(self, threads: int | None = None) -> None:
        self.threads = threads
        self.started = False

    def __enter__(self) -> Self:
        self.started = True
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.started = False

    def plan(self, n_spots: int) -> tuple[int | None, int]:
        """(kernel threads per spot, None for numba's own count; spots at once)."""
        cores = most_threads()
        if self.threads is None and n_spots <= 1:
            return None, 1
        threads = min(self.threads or 1, cores)
        return threads, max(1, min(cores // threads, n_spots))

    def run(self, spots: Sequence[Spot], chunk_size: int | None = None) -> Iterator[SpotResult]:
        """Each spot's result, in the spots' order, as soon as it and those before it are
        done (chunk_size: no meaning here)."""
        threads, at_once = self.plan(len(spots))
        if at_once == 1:
            for spot in spots:
                yield run_spot(spot, threads)
            return
        waiting = iter(spots)
        running: deque = deque()
        # A few spots queued per thread keeps every thread busy while the first result
        # waits for its turn; an interrupted run loses only these.
        with ThreadPoolExecutor(at_once, thread_name_prefix="studodds-spot") as pool:
            try:
                for spot in itertools.islice(waiting, IN_FLIGHT_PER_THREAD * at_once):
                    running.append(pool.submit(run_spot, spot, threads))
                while running:
                    result = running.popleft().result()
                    following = next(waiting, None)
                    if following is not None:
                        running.append(pool.submit(run_spot, following, threads))
                    yield result
            finally:  # stopped early (Ctrl-C, a caller that stops reading): drop the queue
                for future in running:
                    future.cancel()


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


def _check_local_size(workers: int | None, threads_per_worker: int) -> None:
    """Refuse a LocalCluster bigger than this machine: more than local_cluster_cap()
    workers, threads per worker, or spots at once (workers times threads)."""
    cap = local_cluster_cap()
    for option, value, also in (
        ("--workers", workers, ", each worker process taking memory of its own (150 MB or more)"),
        ("--threads-per-worker", threads_per_worker, ""),
    ):
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise BatchError(f"{option} {value!r}: give a whole number 1 or more")
        if value > cap:
            raise BatchError(
                f"{option} {value}: at most {cap} on this machine ({LOCAL_PER_CORE} per core, "
                f"{os.cpu_count() or 1} cores): more would only wait for the same cores{also}; "
                "for more, use --scheduler with a cluster of several machines"
            )
    # Each option within the cap, their product may not be: the spots run at once.
    at_once = (workers or os.cpu_count() or 1) * threads_per_worker
    if at_once > cap:
        raise BatchError(
            f"--workers {workers or os.cpu_count() or 1} with --threads-per-worker "
            f"{threads_per_worker}: {at_once} spots at once, at most {cap} on this machine "
            f"({LOCAL_PER_CORE} per core, {os.cpu_count() or 1} cores): more would only wait "
            "for the same cores; for more, use --scheduler with a cluster of several machines"
        )


class DaskExecutor:
    """Chunks of spots as tasks on Dask worker processes.

    scheduler: the address of an existing cluster ("tcp://host:8786"); None starts a
    LocalCluster of worker processes here (workers, default one per core, each running
    threads_per_worker spots at once; each at most local_cluster_cap(), two per core,
    BatchError beyond). threads: numba threads per spot; by default the cores are shared
    out on a LocalCluster, and 1 on an existing cluster (whose worker threads are sized to
    its cores already); more than a machine's cores are cut to its cores where the spot runs.
    """

    def __init__(self, scheduler: str | None = None, *, workers: int | None = None,
                 threads_per_worker: int = 1, threads: int | None = None,
                 connect_timeout: float = 10.0) -> None:
        # What can be checked without a cluster is checked now, before the batch reads its
        # input: a bad option is then the one error, not the last of a list of bad lines.
        _import_distributed()
        if scheduler and not SCHEDULER_ADDRESS.match(scheduler):
            raise BatchError(f"--scheduler {shown(scheduler)}: give the scheduler's address as "
                             "tcp://HOST:PORT, e.g. tcp://10.0.0.5:8786")
        if not scheduler:
            _check_local_size(workers, threads_per_worker)
        self.scheduler = scheduler
        self.workers = workers or os.cpu_count() or 1
        self.threads_per_worker = threads_per_worker
        self.spot_threads = threads or (
            1 if scheduler else max(1, (os.cpu_count() or 1) // (self.workers * threads_per_worker))
        )
        self.connect_timeout = connect_timeout
        self.cluster: LocalCluster | None = None
        self.client: Client | None = None  # connected between __enter__ and __exit__

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

    def __exit__(self, *exc_info: object) -> None:
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
        assert self.client is not None, "inside `with` only"
        return max(1, sum(self.client.nthreads().values()))

    def run(self, spots: Sequence[Spot], chunk_size: int | None = None) -> Iterator[SpotResult]:
        """Results as their tasks finish, a few tasks in flight at a time.

        chunk_size: spots per task; by default adapted as results come in (_ChunkSizer).
        """
        distributed = _import_distributed()
        client = self.client
        assert client is not None, "inside `with` only"
        waiting = deque(spots)
        sizer = _ChunkSizer(self.parallelism, chunk_size)
        # This client's loop: as_completed would take the default client's, which may be
        # another one in this process (dask/distributed#4317).
        running = distributed.as_completed(loop=client.loop)
        chunk_of: dict = {}

        def submit(chunk: list[Spot]) -> None:
            future = client.submit(run_chunk, chunk, self.spot_threads, pure=False)
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
