"""Equity speed: studodds against poker-equity, same scenarios, same trial counts, one run.

    pip install -e ".[bench]"
    python scripts/bench.py                 # 2,000,000 trials per scenario
    python scripts/bench.py --trials 500000 --markdown
    python scripts/bench.py --only-batch --markdown  # batches alone (worker processes)
    python scripts/bench.py --only-estimates --repeat 1  # time estimates against the truth
    python scripts/bench.py --only-summary --summary-file hands.txt  # replay --summary
    python scripts/bench.py --targets --native path/to/ompeval --markdown  # issue #30's table
    python scripts/bench.py --targets-16 --targets-chart --markdown  # issue #16's table

Per scenario: deals (trials) per second per thread for both libraries (each on one thread,
then on all threads), and the ratio. Then studodds alone: exact heads-up 6th street, exact
heads-up 5th street with the opponent's hole cards unknown, and the wall time of a whole
CLI query of 1,000,000 trials with compiled code cached. With --batch (or --only-batch):
spots per second of `studodds batch` on the local executor and on a 2-worker Dask
LocalCluster, the same spots for each. With --estimates (or --only-estimates): the runs
whose time the CLI tells before it starts, estimate beside the time taken. With --summary
(or --only-summary): hands per second of `studodds replay --summary` (the library call under
it, compiled code cached) over --summary-file files, by default our own PokerStars fixtures
repeated to 300 hands (nearly all showdowns: harder than a real session). Progress on
stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numba
from tabulate import tabulate

from studodds import equity

# (label, game, studodds hands, poker-equity variant, poker-equity hands)
SCENARIOS = [
    ("heads-up stud7, 3rd street", "stud7", ["(As Ks) Ah", "(x x) Qd"],
     "stud", ["AsKsAh", "**Qd"]),
    ("3-way stud7hl8, 4th street", "stud7hl8", ["(As 2s) 3h 4h", "(x x) Qc Kd", "(x x) 5c 6c"],
     "stud_hi_lo", ["As2s3h4h", "**QcKd", "**5c6c"]),
    ("heads-up razz, 3rd street", "razz", ["(As 2d) 3c", "(x x) Kd"],
     "razz", ["As2d3c", "**Kd"]),
    ("8-way stud7, 3rd street", "stud7",
     ["(As Ks) Ah", "(x x) Qd", "(x x) Jc", "(x x) Th", "(x x) 9s", "(x x) 8d", "(x x) 7c",
      "(x x) 6h"],
     "stud", ["AsKsAh", "**Qd", "**Jc", "**Th", "**9s", "**8d", "**7c", "**6h"]),
]


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def machine_line() -> str:
    """What ran the benchmark: the processor, cores, numba and the date (printed above the
    tables, since figures from different machines do not compare)."""
    import platform
    from datetime import date

    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as info:
            model = next(line.split(":", 1)[1].strip() for line in info
                         if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return (f"Machine: {model}, {os.cpu_count()} cores, numba {numba.__version__}, "
            f"{date.today().isoformat()}")


def time_best(run, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def bench_scenarios(trials: int, repeat: int):
    try:
        import poker_equity as pe
    except ImportError:
        pe = None
        log("poker-equity not installed (pip install -e '.[bench]'): studodds only")
    all_threads = numba.config.NUMBA_NUM_THREADS
    rows = []
    for label, game, hands, variant, pe_hands in SCENARIOS:
        equity(game, hands, trials=1000, seed=1)  # compile or load the kernel
        ours = {}
        for threads in sorted({1, all_threads}):
            seconds = time_best(
                lambda t=threads, g=game, h=hands: equity(g, h, trials=trials, seed=1, threads=t),
                repeat,
            )
            ours[threads] = trials / seconds / threads
        result = equity(game, hands, trials=trials, seed=1)
        peer, peer_note = {}, ""
        if pe is not None:
            for threads in sorted({1, all_threads}):
                try:
                    seconds = time_best(
                        lambda t=threads, v=variant, h=pe_hands: pe.chunk_from_text(
                            v, h, samples=trials, seed=1, threads=t
                        ),
                        repeat,
                    )
                    peer[threads] = trials / seconds / threads
                except (ValueError, RuntimeError) as exc:  # a peer refusing a table: say so
                    peer_note = f"poker-equity: {exc}"
                    break
        log(f"  {label}: studodds {ours[1] / 1e6:.1f} M/s/thread"
            + (f", poker-equity {peer[1] / 1e6:.2f} M/s/thread" if 1 in peer else ""))
        rows.append((label, ours, peer, peer_note, result))
    return rows


def bench_exact(repeat: int):
    cases = [
        ("exact heads-up 6th street", "stud7", ["(As Ks) Ah Kh Qh Jh", "(Qs Qd) Qc 2d 3d 4d"]),
        ("exact heads-up 5th street, 2 unknown hole cards", "stud7",
         ["(As Ks) Ah Kh Qh", "(x x) Qc 2d 3d"]),
    ]
    rows = []
    for label, game, hands in cases:
        result = equity(game, hands, exact=True)  # compile or load
        seconds = time_best(lambda g=game, h=hands: equity(g, h, exact=True), repeat)
        rows.append((label, result.samples, seconds))
        log(f"  {label}: {result.samples:,} deals in {seconds:.3f} s")
    return rows


def bench_heads_up_streets(repeat: int):
    """Exact heads-up by counting (studodds/engine/headsup.py, headsup_split.py), per street and
    game: time, and the memory of the stored arrays (headsup.stored_bytes): the hero lists
    (8 bytes a value, C(n, k) * 2**k values; three sets of them for a split pot) and, for
    a split pot, the villain completions' sweep order (4 bytes each)."""
    from studodds.engine import headsup
    from studodds.scenario import build_scenario

    cases = [
        ("stud7", "3rd", ["(As Ks) Ah", "(x x) Qd"]),
        ("stud7", "4th", ["(As Ks) Ah Kh", "(x x) Qd 3c"]),
        ("stud7", "5th", ["(As Ks) Ah Kh Qh", "(x x) Qc 2d 3d"]),
        ("razz", "3rd", ["(As 2s) 3h", "(x x) Kd"]),
        ("razz", "4th", ["(As 2s) 3h 4h", "(x x) Kd Qc"]),
        ("stud5", "2nd", ["(As) Kd", "(x) Qd"]),
        ("stud5low6", "2nd", ["(As) 2d", "(x) Kd"]),
        ("stud7hl8", "3rd", ["(As 2s) 3h", "(x x) Kd"]),
        ("stud7hl8", "4th", ["(As 2s) 3h 4h", "(x x) Kd Qc"]),
        ("stud5hl", "2nd", ["(As) 2d", "(x) Kd"]),
    ]
    rows = []
    for game, street, hands in cases:
        result = equity(game, hands, exact=True)  # compile or load
        seconds = time_best(lambda g=game, h=hands: equity(g, h, exact=True), repeat)
        scenario = build_scenario(game, hands)
        k, m = sorted(scenario.to_deal)  # the lists are kept for the side with fewer
        megabytes = headsup.stored_bytes(len(scenario.pool), k, m, scenario.game.split) / 1e6
        rows.append((f"{game} {street} street", result.samples, seconds, megabytes))
        log(f"  {game} {street}: {result.samples:.3g} deals in {seconds:.2f} s")
    return rows


def bench_cli(trials: int = 1_000_000) -> float:
    command = [sys.executable, "-m", "studodds", "equity", "--trials", str(trials), "--seed", "1",
               "(As Ks) Ah", "(x x) Qd"]
    subprocess.run(command, check=True, capture_output=True)  # fill the cache
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - start


def batch_spot_sets(n: int) -> dict[str, list[dict]]:
    """n heads-up 4th-street spots sampled with 100,000 trials each, and n small exact
    spots (heads-up 6th street: stud7hl8 enumerated, stud7 and razz counted), random cards
    from a fixed seed."""
    rng = random.Random(1)
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    fourth, sixth = [], []
    for i in range(n):
        c = rng.sample(deck, 6)
        fourth.append({"id": i, "game": "stud7", "trials": 100_000, "seed": i,
                       "hands": [f"({c[0]} {c[1]}) {c[2]} {c[3]}", f"(x x) {c[4]} {c[5]}"]})
        c = rng.sample(deck, 10)
        sixth.append({"id": i, "game": ("stud7hl8", "stud7", "razz")[i % 3], "exact": True,
                      "hands": [f"({c[0]} {c[1]}) {' '.join(c[2:6])}",
                                f"(x x) {' '.join(c[6:10])}"]})
    return {f"{n} heads-up 4th street, 100,000 trials": fourth,
            f"{n} exact heads-up 6th street": sixth}


def bench_batch(n_spots: int, repeat: int, workers: int = 2):
    """Spots per second, best of `repeat` whole batches (a fresh output file each), for
    each executor on the same spots; kernels loaded everywhere beforehand (a warm-up
    batch), the Dask cluster started beforehand (its start-up timed on its own)."""
    from studodds.batch import DaskExecutor, LocalExecutor

    spot_sets = batch_spot_sets(n_spots)
    started = time.perf_counter()
    cluster = DaskExecutor(workers=workers, threads_per_worker=1).__enter__()
    cluster_seconds = time.perf_counter() - started
    executors = [
        ("local, a spot per core, 1 thread each (default)", LocalExecutor()),
        ("local, one spot at a time on all cores",
         LocalExecutor(threads=numba.config.NUMBA_NUM_THREADS)),
        (f"Dask LocalCluster, {workers} workers x 1 thread", cluster),
    ]
    rows = []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for set_name, spots in spot_sets.items():
                path = Path(tmp) / "spots.jsonl"
                path.write_text("".join(json.dumps(s) + "\n" for s in spots))
                for name, executor in executors:
                    seconds = _time_batch(path, len(spots), executor, Path(tmp), repeat)
                    rows.append((set_name, name, len(spots) / seconds, seconds))
                    log(f"  {set_name}, {name}: {len(spots) / seconds:.0f} spots/s")
    finally:
        cluster.close()
    return rows, cluster_seconds


def _time_batch(path: Path, n_spots: int, executor, tmp: Path, repeat: int) -> float:
    from studodds.batch import run_batch

    def one_batch():
        out = tmp / f"out-{time.perf_counter_ns()}.jsonl"
        summary = run_batch(path, out, executor=executor)
        assert summary.ok and summary.done == n_spots, summary

    one_batch()  # warm-up: the kernels loaded in every process
    return time_best(one_batch, repeat)


def print_batch(rows, cluster_seconds: float, fmt: str) -> None:
    print(f"Batches (`studodds batch`), {os.cpu_count()} cores; starting the Dask cluster "
          f"took {cluster_seconds:.1f} s (not counted)")
    print(tabulate(
        [(spots, executor, f"{rate:.0f}", f"{seconds:.2f} s")
         for spots, executor, rate, seconds in rows],
        headers=("spots", "executor", "spots/s", "time"), tablefmt=fmt,
    ))


# What a coach asks most, with the time the CLI tells before it starts (engine/timing.py)
# beside the time it takes: (label, kind, game, hands, options).
ESTIMATE_CASES = [
    ("equity --exact, heads-up 3rd street", "equity", "stud7", ["(As Ad) 7c", "(x x) Kh"],
     {"exact": True}),
    ("equity --exact, heads-up 3rd street stud7hl8", "equity", "stud7hl8",
     ["(As 2d) 4c", "(x x) Kh"], {"exact": True}),
    ("equity --exact, heads-up 3rd street, 2 dead", "equity", "stud7",
     ["(As Ks) Ah", "(x x) Qd"], {"exact": True, "dead": "7h 2c"}),
    ("equity --exact, heads-up 4th street stud7hl8", "equity", "stud7hl8",
     ["(As 2s) 3h 4h", "(x x) Kd Qc"], {"exact": True}),
    ("equity --exact, 3-way 6th street", "equity", "stud7",
     ["(As Ks) Ah Kh Qh Jh", "(Qs Qd) Qc 2d 3d 4d", "(x x) 9c 8c 7c 6c"], {"exact": True}),
    ("equity --exact, 3-way 6th street razz", "equity", "razz",
     ["(As 2s) 3h 4h Kc 9c", "(x x) 5d 6d 7d Qh", "(x x) 8s 9s Ts 2d"], {"exact": True}),
    ("equity --trials 200,000,000, heads-up 3rd street", "equity", "stud7",
     ["(As Ks) Ah", "(x x) Qd"], {"trials": 200_000_000, "seed": 1}),
    ("equity --trials 50,000,000, 8-way 3rd street", "equity", "stud7",
     ["(As Ks) Ah", "(x x) Qd", "(x x) Jc", "(x x) Th", "(x x) 9s", "(x x) 8d", "(x x) 7c",
      "(x x) 6h"], {"trials": 50_000_000, "seed": 1}),
    ("equity --trials 100,000,000, 3-way 3rd street stud7hl8", "equity", "stud7hl8",
     ["(As 2s) 3h", "(x x) Qc", "(x x) 5c"], {"trials": 100_000_000, "seed": 1}),
    ("next --exact, heads-up 4th street", "next", "stud7", ["(As Kd) Qh Jh", "(x x) 7c 8c"],
     {"exact": True}),
    ("next --exact --player 2, heads-up 3rd street", "next", "stud7",
     ["(Qs Qd) 8c", "(x x) Kd"], {"exact": True, "player": 2}),
]


def bench_estimates(repeat: int, only: str | None = None):
    """Each case's estimate (told through on_estimate before the work) and its best time."""
    from studodds.whatif import next_card_table

    rows = []
    for label, kind, game, hands, options in ESTIMATE_CASES:
        if only and only not in label:
            continue
        options = dict(options)
        dead = options.pop("dead", ())
        run = equity if kind == "equity" else next_card_table
        seen = []
        run(game, hands, dead, on_estimate=seen.append, **options)  # compile or load
        seconds = time_best(lambda r=run, g=game, h=hands, d=dead, o=options: r(g, h, d, **o),
                            repeat)
        estimate = seen[0].seconds
        rows.append((label, estimate, seconds))
        log(f"  {label}: estimated {estimate:.2f} s, took {seconds:.2f} s")
    return rows


def print_estimates(rows, fmt: str) -> None:
    print("Time estimates (told on stderr before a run over 5 s) against the time taken, "
          f"best of the repeats, {numba.get_num_threads()} threads")
    print(tabulate(
        [(label, f"{estimate:.2f} s", f"{seconds:.2f} s", f"{estimate / seconds:.2f}")
         for label, estimate, seconds in rows],
        headers=("run", "estimated", "took", "estimate / actual"), tablefmt=fmt,
    ))


# The rows of issue #16's table: (label, CLI arguments), each timed as a whole CLI process
# (warm cache), best of the repeats.
TARGET_QUERIES = [
    ("exact heads-up 3rd street", ["equity", "--exact", "(As Ad) 7c", "(x x) Kh"]),
    ("same, stud7hl8", ["equity", "-g", "stud7hl8", "--exact", "(As 2d) 4c", "(x x) Kh"]),
    ("next --exact, heads-up 4th street", ["next", "--exact", "(As Kd) Qh Jh", "(x x) 7c 8c"]),
    ("next --exact --player 2, heads-up 3rd street",
     ["next", "--exact", "--player", "2", "(Qs Qd) 8c", "(x x) Kd"]),
]
# A first query of each game (its default method), from numba's cache empty, in this
# order on one cache (DIR=$(mktemp -d) once): each kernel compiles once for every game that
# uses it, so a row waits for a compile only where its game is the first to need one.
FIRST_QUERIES = [
    ("stud7", ["(As Ks) Ah", "(x x) Qd"]), ("stud7hl8", ["(As 2s) 3h", "(x x) Kd"]),
    ("razz", ["(As 2d) 3c", "(x x) Kd"]), ("stud5", ["(As) Kd", "(x) Qd"]),
    ("stud5low", ["(As) 2d", "(x) Kd"]), ("stud5low6", ["(As) 2d", "(x) Kd"]),
    ("stud5hl", ["(As) 2d", "(x) Kd"]), ("stud7hl", ["(As 2s) 3h", "(x x) Kd"]),
    ("razz27", ["(2s 3d) 4c", "(x x) Kd"]), ("razz6", ["(As 2d) 3c", "(x x) Kd"]),
]
# Run the CLI and print its peak memory: VmHWM, which starts afresh with the process's own
# address space (ru_maxrss would carry the parent's over the exec).
PEAK_RSS = ("import runpy, sys\n"
            "sys.argv = ['studodds'] + sys.argv[1:]\n"
            "try:\n    runpy.run_module('studodds', run_name='__main__')\n"
            "except SystemExit:\n    pass\n"
            "hwm = [line for line in open('/proc/self/status') if line.startswith('VmHWM')]\n"
            "print('peak-rss-kb', hwm[0].split()[1], file=sys.stderr)\n")


def cli_run(arguments: list[str], env=None) -> tuple[float, int]:
    """(wall seconds, peak RSS in kB) of one whole CLI process."""
    start = time.perf_counter()
    # run outside the checkout, so that PYTHONPATH (not the current directory) says
    # which studodds runs
    done = subprocess.run([sys.executable, "-c", PEAK_RSS, *arguments], check=True,
                          capture_output=True, text=True, env=env, cwd=tempfile.gettempdir())
    seconds = time.perf_counter() - start
    kb = int(done.stderr.rsplit("peak-rss-kb", 1)[1].split()[0])
    return seconds, kb


def bench_targets(trials: int, repeat: int, chart: bool, chart_repeat: int = 1):
    """Issue #16's table: Monte Carlo ratios, evaluate_batch per kind, the exact and
    next-card queries, first queries with an empty cache, and (with chart) a chart."""
    rows = []
    for label, ours, peer, _, _ in bench_scenarios(trials, repeat):
        ratio = f"{ours[1] / peer[1]:.1f}x" if 1 in peer else "-"
        rows.append((f"Monte Carlo per thread vs poker-equity: {label}", ratio,
                     "python scripts/bench.py --targets"))
    for label, arguments in TARGET_QUERIES:
        cli_run(arguments)  # fill the cache
        runs = [cli_run(arguments) for _ in range(repeat)]
        seconds = min(r[0] for r in runs)
        peak = max(r[1] for r in runs) / 1024
        rows.append((label, f"{seconds:.1f} s (peak RSS {peak:.0f} MB)",
                     "studodds " + " ".join(_quoted(a) for a in arguments)))
        log(f"  {label}: {seconds:.2f} s, {peak:.0f} MB")
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        for game, hands in FIRST_QUERIES:
            arguments = ["equity", "-g", game, "--seed", "1", *hands]
            seconds, _ = cli_run(arguments, env)
            rows.append((f"first query after install, in this order: {game}",
                         f"{seconds:.1f} s",
                         "NUMBA_CACHE_DIR=$DIR studodds "
                         + " ".join(_quoted(a) for a in arguments)))
            log(f"  first {game}: {seconds:.1f} s")
    rows += bench_evaluate_batch(repeat)  # last: its random hands take a lot of memory
    if chart:
        with tempfile.TemporaryDirectory() as out:
            for game in ("stud7", "stud7hl8"):
                arguments = ["chart", "-g", game, "--precision", "0.001", "--no-png", "-o",
                             str(Path(out) / game)]
                best = float("inf")
                for _ in range(chart_repeat):
                    for f in Path(out).glob(f"{game}*"):
                        f.unlink()
                    best = min(best, cli_run(arguments)[0])
                rows.append((f"chart: {game} classes vs a random hand, precision 0.001",
                             f"{best:.0f} s", f"studodds chart -g {game} --precision 0.001"))
                log(f"  chart {game}: {best:.0f} s")
    return rows


# Issue #30's rows: what a player feels. (label, goal, CLI arguments) of whole processes.
NO_KERNEL_COMMANDS = [
    ("studodds --help", ["--help"]),
    ("studodds --version", ["--version"]),
    ("studodds rules bringin -g stud7 3c Kd 2s", ["rules", "bringin", "-g", "stud7", "3c", "Kd",
                                                  "2s"]),
    ("studodds equity --help", ["equity", "--help"]),
]
SMALL_QUERY = ["equity", "(As Ks) Ah", "(x x) Qd"]
# Issue #30's Monte Carlo scenarios (labels of SCENARIOS).
RATIO_SCENARIOS = ("heads-up stud7, 3rd street", "heads-up razz, 3rd street",
                   "3-way stud7hl8, 4th street")


def bench_targets_30(trials: int, repeat: int, native: str | None):
    """Issue #30's table: (what, goal, now, reproduce) rows. OMPEval first: a build that
    fails stops the run before the minutes of the other rows."""
    rows = []
    if native:
        from bench_eval import bench_native  # scripts/ is on the path: this script's folder

        evaluator_rows, check, _ = bench_native(native, 5_000_000, repeat)
        log(f"  {check}")
        for kind, ours, theirs in evaluator_rows:
            label = f"evaluate_batch vs OMPEval's high, 1 thread, random 7-card hands: {kind}"
            ratio = (f"{ours / theirs:.2f}x ({ours / 1e6:.0f} against {theirs / 1e6:.0f} M/s of "
                     "CPU time)")
            rows.append((label, ">= 1.0x", ratio, "python scripts/bench_eval.py --native DIR"))
    else:
        rows.append(("evaluate_batch vs OMPEval", ">= 1.0x", "- (give --native DIR)",
                     "python scripts/bench_eval.py --native DIR"))
    for label, arguments in NO_KERNEL_COMMANDS:
        cli_run(arguments)
        seconds = min(cli_run(arguments)[0] for _ in range(max(repeat, 5)))
        rows.append((f"{label} (whole process)", "<= 0.3 s", f"{seconds:.2f} s", label))
        log(f"  {label}: {seconds:.2f} s")
    cli_run(SMALL_QUERY)  # fill the cache
    seconds = min(cli_run(SMALL_QUERY)[0] for _ in range(max(repeat, 5)))
    query = "studodds " + " ".join(_quoted(a) for a in SMALL_QUERY)
    rows.append(("warm small query, whole process", "<= 0.8 s", f"{seconds:.2f} s", query))
    log(f"  warm small query: {seconds:.2f} s")
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        first = cli_run(["warm"], env)[0]
        again = cli_run(["warm"], env)[0]
        after = cli_run(SMALL_QUERY, env)[0]
    rows.append(("every kernel compiled after install, all at once (empty numba cache)",
                 "once, with progress", f"{first:.0f} s",
                 "NUMBA_CACHE_DIR=$(mktemp -d) studodds warm"))
    rows.append(("the same once done (cache filled)", "-", f"{again:.1f} s", "studodds warm"))
    rows.append(("small query after warm (no compile)", "<= 0.8 s", f"{after:.2f} s", query))
    log(f"  warm: {first:.0f} s, again {again:.1f} s, then a query {after:.2f} s")
    for label, ratio, ours, theirs, wall_ratio in bench_ratios_taking_turns(trials, repeat):
        now = (f"{ratio:.1f}x ({ours / 1e6:.1f} against {theirs / 1e6:.2f} M/s of CPU time; "
               f"wall clock {wall_ratio:.1f}x)")
        rows.append((f"Monte Carlo per thread vs poker-equity: {label}", ">= 16x", now,
                     "python scripts/bench.py --targets"))
    return rows


def bench_ratios_taking_turns(trials: int, repeat: int):
    """(label, ratio, ours, theirs, wall ratio) per RATIO_SCENARIOS: deals per second on
    one thread, studodds and poker-equity taking turns, repeat rounds, the best of each
    kept.

    Timed in CPU time (time.process_time), the wall clock beside it. Each side runs on
    the calling thread, so on a quiet machine the two are the same (measured: at most 0.4%
    apart); on a busy one the wall clock also counts the moments the scheduler gives the
    core to other work, and the two sides' turns meet those unevenly. Beside a CI run on
    this 2-core machine the wall-clock ratios ranged from 10.9x to 25.3x while the CPU ones
    stayed at 16.8x-17.7x (docs/speed.md, "Timed in CPU time"). The CPU time is the cost
    of the deals."""
    import poker_equity as pe

    scenarios = [s for s in SCENARIOS if s[0] in RATIO_SCENARIOS]
    cpu = {label: [float("inf"), float("inf")] for label, *_ in scenarios}
    wall = {label: [float("inf"), float("inf")] for label, *_ in scenarios}
    for label, game, hands, variant, pe_hands in scenarios:
        equity(game, hands, trials=1000, seed=1)  # compile or load
    for round_ in range(repeat):
        for label, game, hands, variant, pe_hands in scenarios:
            sides = (lambda g=game, h=hands: equity(g, h, trials=trials, seed=1, threads=1),
                     lambda v=variant, h=pe_hands: pe.chunk_from_text(
                         v, h, samples=trials, seed=1, threads=1))
            for side, run in enumerate(sides):
                started, cpu_started = time.perf_counter(), time.process_time()
                run()
                cpu[label][side] = min(cpu[label][side], time.process_time() - cpu_started)
                wall[label][side] = min(wall[label][side], time.perf_counter() - started)
            log(f"  round {round_ + 1}, {label}: best so far {cpu[label][1] / cpu[label][0]:.1f}x"
                f" (wall clock {wall[label][1] / wall[label][0]:.1f}x)")
    return [(label, theirs / ours, trials / ours, trials / theirs,
             wall[label][1] / wall[label][0]) for label, (ours, theirs) in cpu.items()]


def print_targets_30(rows, fmt: str) -> None:
    print(tabulate(rows, headers=("what", "goal", "now", "reproduce"), tablefmt=fmt))


def _quoted(argument: str) -> str:
    return f'"{argument}"' if " " in argument else argument


def bench_evaluate_batch(repeat: int, n_hands: int = 4_000_000):
    """evaluate_batch (the checked public call) per kind, random 7-card hands, 1 thread."""
    import numpy as np

    from studodds import evaluate_batch

    rng = np.random.default_rng(1)
    hands = np.argsort(rng.random((n_hands, 52)), axis=1)[:, :7].astype(np.uint8)
    previous = numba.get_num_threads()
    numba.set_num_threads(1)
    rows = []
    try:
        for kind in ("high", "low_a5", "low_8", "low_a6", "low_27"):
            evaluate_batch(hands[:1000], kind)
            seconds = time_best(lambda k=kind: evaluate_batch(hands, k), repeat)
            rows.append((f"evaluate_batch, random 7-card hands, 1 thread: {kind}",
                         f"{n_hands / seconds / 1e6:.0f} M/s",
                         "python scripts/bench_eval.py --studodds-only"))
            log(f"  evaluate_batch {kind}: {n_hands / seconds / 1e6:.0f} M/s")
    finally:
        numba.set_num_threads(previous)
    return rows


def print_targets(rows, fmt: str) -> None:
    print(tabulate(rows, headers=("what", "now", "reproduce"), tablefmt=fmt))


FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "data" / "handhistories"
SUMMARY_FIXTURES = ("stud7_showdown.txt", "several_hands.txt", "studhl_split.txt",
                    "stud7_side_pot.txt", "horse_fold_show.txt", "studhl_headsup_no_show.txt")


def bench_summary(files: list[str], repeat: int, n_hands: int = 300):
    """Hands per second of replay --summary: (hands, showdowns, best seconds)."""
    from studodds.histories import parse_file
    from studodds.histories.session import summarize

    hands = []
    for name in files or [str(FIXTURES / f) for f in SUMMARY_FIXTURES]:
        hands += parse_file(name)[0]
    if not files:  # the fixtures again and again, to a session's length
        hands = [hands[i % len(hands)] for i in range(n_hands)]
    result = summarize(hands)  # compile or load the kernels
    seconds = time_best(lambda: summarize(hands), repeat)
    log(f"  {result.hands} hands, {result.showdowns} showdowns: {seconds:.2f} s")
    return result.hands, result.showdowns, seconds


def print_summary(hands: int, showdowns: int, seconds: float, fmt: str) -> None:
    print(f"replay --summary, best of the repeats, {os.cpu_count()} cores")
    print(tabulate([(hands, showdowns, f"{seconds:.2f} s", f"{hands / seconds:.1f}")],
                   headers=("hands", "showdowns", "time", "hands per second"), tablefmt=fmt))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=2_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--batch", action="store_true",
                        help="also time batches (starts Dask worker processes; needs "
                        "studodds[dask])")
    parser.add_argument("--only-batch", action="store_true", help="time batches only")
    parser.add_argument("--batch-spots", type=int, default=200, metavar="N",
                        help="spots per batch set (default 200)")
    parser.add_argument("--estimates", action="store_true",
                        help="also time the runs whose time the CLI estimates (a few minutes)")
    parser.add_argument("--only-estimates", nargs="?", const="", metavar="TEXT",
                        help="time the estimated runs only (those whose label holds TEXT)")
    parser.add_argument("--summary", action="store_true",
                        help="also time replay --summary (hands per second)")
    parser.add_argument("--only-summary", action="store_true",
                        help="time replay --summary only")
    parser.add_argument("--summary-file", action="append", default=[], metavar="FILE",
                        help="a hand-history file for --summary (repeatable; default: our "
                        "fixtures repeated to 300 hands)")
    parser.add_argument("--targets", action="store_true",
                        help="issue #30's table: what a player feels (add --native DIR for "
                        "OMPEval)")
    parser.add_argument("--native", metavar="DIR",
                        help="with --targets: OMPEval's anchor folder (see bench_eval.py)")
    parser.add_argument("--targets-16", action="store_true",
                        help="issue #16's table only (add --targets-chart for the charts)")
    parser.add_argument("--targets-chart", action="store_true",
                        help="with --targets-16: also time two charts (minutes each)")
    parser.add_argument("--chart-repeat", type=int, default=1,
                        help="with --targets-chart: runs of each chart (best kept; default 1)")
    args = parser.parse_args()
    if args.native and not args.targets:
        parser.error("--native goes with --targets (or use scripts/bench_eval.py --native)")
    fmt = "github" if args.markdown else "simple"
    print(machine_line())
    print()
    if args.targets:
        log("issue #30's table")
        print_targets_30(bench_targets_30(args.trials, args.repeat, args.native), fmt)
        return
    if args.targets_16:
        log("issue #16's table")
        print_targets(bench_targets(args.trials, args.repeat, args.targets_chart,
                                    args.chart_repeat), fmt)
        return
    all_threads = numba.config.NUMBA_NUM_THREADS
    if args.only_estimates is not None:
        log("estimated runs")
        print_estimates(bench_estimates(args.repeat, args.only_estimates), fmt)
        return
    if args.only_summary:
        log("replay --summary")
        print_summary(*bench_summary(args.summary_file, args.repeat), fmt)
        return
    if args.only_batch:
        log(f"batches of {args.batch_spots} spots")
        print_batch(*bench_batch(args.batch_spots, args.repeat), fmt)
        return

    log(f"scenarios, {args.trials:,} trials each")
    scenario_rows = bench_scenarios(args.trials, args.repeat)
    log("exact enumeration")
    exact_rows = bench_exact(args.repeat)
    log("exact heads-up by counting")
    heads_up_rows = bench_heads_up_streets(max(1, args.repeat - 2))
    log("a whole CLI query")
    cli_seconds = bench_cli()

    def rate(x):
        return f"{x / 1e6:.1f} M" if x else "-"

    table = []
    for label, ours, peer, note, _ in scenario_rows:
        ratio = f"{ours[1] / peer[1]:.1f}x" if 1 in peer else "-"
        table.append((
            label, rate(ours[1]), rate(peer.get(1)), ratio,
            rate(ours[all_threads]), rate(peer.get(all_threads)), note,
        ))
    print(f"Deals per second per thread, {args.trials:,} trials, {os.cpu_count()} cores")
    print(tabulate(
        table,
        headers=("scenario", "studodds 1 thread", "poker-equity 1 thread", "ratio",
                 f"studodds {all_threads} threads", f"poker-equity {all_threads} threads",
                 "note"),
        tablefmt=fmt,
    ))
    print()
    print(tabulate(
        [(label, f"{deals:,}", f"{seconds * 1000:.1f} ms") for label, deals, seconds in exact_rows]
        + [("CLI query, 1,000,000 trials, warm cache (wall)", "", f"{cli_seconds * 1000:.0f} ms")],
        headers=("studodds", "deals", "time"), tablefmt=fmt,
    ))
    print()
    print("Exact heads-up on every street (counting, not visiting deals)")
    print(tabulate(
        [(label, f"{deals:.3g}", f"{seconds:.2f} s", f"{mb:.1f} MB")
         for label, deals, seconds, mb in heads_up_rows],
        headers=("heads-up, exact", "deals", "time", "stored arrays"), tablefmt=fmt,
    ))
    if args.estimates:
        log("estimated runs")
        print()
        print_estimates(bench_estimates(args.repeat), fmt)
    if args.batch:
        log(f"batches of {args.batch_spots} spots")
        print()
        print_batch(*bench_batch(args.batch_spots, args.repeat), fmt)
    if args.summary:
        log("replay --summary")
        print()
        print_summary(*bench_summary(args.summary_file, args.repeat), fmt)


if __name__ == "__main__":
    main()
