"""Hand-evaluation speed: studodds against phevaluator and eval7, side by side in one run.

    pip install -e ".[bench]"
    python scripts/bench_eval.py            # 20 M random 7-card hands per studodds run
    python scripts/bench_eval.py --hands 2000000 --peer-hands 200000 --markdown
    python scripts/bench_eval.py --cards 5,6,7 --studodds-only   # every kind and hand size
    python scripts/bench_eval.py --native path/to/ompeval --hands 5000000 --markdown
    python scripts/bench_eval.py --native path/to/ompeval --diagnose   # where the gap is

--native DIR: side by side with OMPEval (github:zekyll/OMPEval, ISC license), the fastest
C++ 7-card evaluator in its own published comparison. DIR is a copy of its source (the
folder holding omp/HandEvaluator.cpp; e.g. git clone https://github.com/zekyll/OMPEval).
The script builds scripts/native/time_ompeval.cpp against it with g++ in a temporary
folder, times it and evaluate_batch on the same random 7-card hands, one thread each, the
two taking turns (--repeat rounds, best kept), and checks that both order every hand
alike. Both sides are timed in CPU time (on a quiet machine the same as the wall clock;
on a busy one the wall clock also counts the moments the scheduler gives the core to
other work, which the two sides' turns meet unevenly), and both write into an output
array made once. With --diagnose it also times, in the same rounds, studodds's high-hand
kernel written again in C++ on studodds's own tables (scripts/native/time_studodds_high.cpp:
same values, checked) and OMPEval's loop with no table looked up (its keys and flush test
alone): numba against C++ on one algorithm, and what each side's lookups cost.

What is measured:
- studodds, per kind and hand size (--cards), on one thread and on all threads (best of
  --repeat runs, after a warm-up call, the two calls taking turns): `evaluate_batch` as a
  notebook calls it (a fresh output array) and the kernel alone (``check=False``: nothing
  raised, the output array reused; the loop checks the cards either way), on an (N, k)
  uint8 array of random distinct cards.
- phevaluator and eval7: their Python call per hand (how a Python user calls them), high
  only: they have no lows. Their cards are converted before timing.
- Start-up: a fresh process timing `import studodds` and the first evaluate_batch call,
  once with an empty numba cache (cold: compiles) and once with it filled (warm).
Progress goes to stderr, the table to stdout.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from functools import partial

import numba
import numpy as np

from studodds import evaluate_batch
from studodds.eval.values import KINDS

RANKS, SUITS = "23456789TJQKA", "cdhs"


def random_hands(n: int, seed: int = 1, width: int = 7) -> np.ndarray:
    rng = np.random.default_rng(seed)
    hands = np.empty((n, width), dtype=np.uint8)
    step = 1_000_000
    for start in range(0, n, step):
        block = rng.random((min(step, n - start), 52))
        hands[start : start + len(block)] = np.argpartition(block, width, axis=1)[:, :width]
    return hands


def best_rate(run, n: int, repeat: int, clock=time.perf_counter) -> float:
    """n per second of run, its best of repeat by clock (time.process_time: CPU time)."""
    best = float("inf")
    for _ in range(repeat):
        start = clock()
        run()
        best = min(best, clock() - start)
    return n / best


def bench_studodds(hands_by_width: dict[int, np.ndarray], repeat: int) -> list[tuple]:
    """(kind, cards, threads, evaluate_batch rate, kernel rate) per kind, width and thread
    count, the two calls alternating so a busy moment of the machine hits both alike."""
    rows = []
    all_threads = numba.config.NUMBA_NUM_THREADS
    for threads in sorted({1, all_threads}):
        numba.set_num_threads(threads)
        for width, hands in hands_by_width.items():
            out = np.empty(len(hands), dtype=np.int32)
            for kind in KINDS:
                evaluate_batch(hands[:1000], kind)  # compile or load from cache
                evaluate_batch(hands[:1000], kind, out=out[:1000], check=False)
                # The call a notebook makes: bad rows raise, a fresh output array...
                checked = partial(evaluate_batch, hands, kind)
                # ...and the loop alone: nothing raised, the output array reused.
                kernel = partial(evaluate_batch, hands, kind, out=out, check=False)
                rates = best_rates([checked, kernel], len(hands), repeat)
                rows.append((kind, width, threads, *rates))
                print(f"  studodds {kind} {width} cards {threads} thread(s): evaluate_batch "
                      f"{rates[0] / 1e6:.1f} M/s, kernel {rates[1] / 1e6:.1f} M/s",
                      file=sys.stderr)
    numba.set_num_threads(all_threads)
    return rows


def best_rates(runs, n: int, repeat: int) -> list[float]:
    """Hands per second of each run, best of repeat, the runs taking turns."""
    best = [float("inf")] * len(runs)
    for _ in range(repeat):
        for i, run in enumerate(runs):
            start = time.perf_counter()
            run()
            best[i] = min(best[i], time.perf_counter() - start)
    return [n / t for t in best]


def studodds_table(rows: list[tuple], fmt: str) -> str:
    """One row per kind and hand size, evaluate_batch and kernel side by side per thread
    count."""
    from tabulate import tabulate

    counts = sorted({threads for _, _, threads, _, _ in rows})
    by_key = {(kind, width, threads): (checked, kernel)
              for kind, width, threads, checked, kernel in rows}
    headers = ["kind", "cards"]
    for threads in counts:
        label = f"{threads} thread{'s' * (threads > 1)}"
        headers += [f"evaluate_batch {label}", f"kernel {label}"]
    table = []
    for kind, width in dict.fromkeys((kind, width) for kind, width, _, _, _ in rows):
        line = [kind, width]
        for threads in counts:
            line += [f"{rate / 1e6:,.1f} M" for rate in by_key[kind, width, threads]]
        table.append(line)
    return tabulate(table, headers=headers, tablefmt=fmt)


def bench_peers(hands: np.ndarray, repeat: int) -> list[tuple[str, str, float]]:
    rows = []
    try:
        from phevaluator import evaluate_cards
    except ImportError:
        print("  phevaluator not installed: pip install -e '.[bench]'", file=sys.stderr)
    else:
        # phevaluator's card ids are rank * 4 + suit with suits c d h s, like ours.
        as_tuples = [tuple(int(c) for c in row) for row in hands]
        rate = best_rate(lambda: [evaluate_cards(*h) for h in as_tuples], len(hands), repeat)
        rows.append(("phevaluator (Python call per hand)", "high", rate))
        print(f"  phevaluator: {rate / 1e6:.2f} M/s", file=sys.stderr)
    try:
        import eval7
    except ImportError:
        print("  eval7 not installed: pip install -e '.[bench]'", file=sys.stderr)
    else:
        deck = [eval7.Card(RANKS[c // 4] + SUITS[c % 4]) for c in range(52)]
        as_cards = [[deck[c] for c in row] for row in hands]
        rate = best_rate(lambda: [eval7.evaluate(h) for h in as_cards], len(hands), repeat)
        rows.append(("eval7 (Python call per hand)", "high", rate))
        print(f"  eval7: {rate / 1e6:.2f} M/s", file=sys.stderr)
    return rows


STARTUP = """
import time
t0 = time.perf_counter()
import numpy as np
import studodds
t1 = time.perf_counter()
studodds.evaluate_batch(np.arange(7, dtype=np.uint8).reshape(1, 7), "high")
t2 = time.perf_counter()
print(t1 - t0, t2 - t1)
"""


def bench_startup() -> list[tuple[str, float, float]]:
    """(label, import seconds, first-call seconds) for a cold and a warm numba cache."""
    rows = []
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        for label in ("cold (empty numba cache)", "warm (cache filled)"):
            out = subprocess.run(
                [sys.executable, "-c", STARTUP], env=env, capture_output=True, text=True,
                check=True,
            ).stdout.split()
            rows.append((label, float(out[0]), float(out[1])))
            print(f"  start-up {label}: import {out[0]} s, first call {out[1]} s", file=sys.stderr)
    return rows


NATIVE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "native")


def build_native(folder: str, workdir: str, *flags: str, name: str = "time_ompeval") -> str:
    """scripts/native/time_ompeval.cpp built against OMPEval's source in folder (flags:
    extra g++ options, e.g. -DKEY_ONLY; name: the program's file name)."""
    source = os.path.join(folder, "omp", "HandEvaluator.cpp")
    if not os.path.isfile(source):
        sys.exit(f"--native {folder}: no omp/HandEvaluator.cpp there (give the folder of "
                 "OMPEval's source: git clone https://github.com/zekyll/OMPEval)")
    return compile_cpp([os.path.join(NATIVE, "time_ompeval.cpp"), source, "-I", folder, *flags],
                       os.path.join(workdir, name))


def compile_cpp(arguments: list[str], program: str) -> str:
    command = ["g++", "-O3", "-march=native", "-std=c++14", "-o", program, *arguments]
    try:
        done = subprocess.run(command, capture_output=True, text=True, check=False)
    except FileNotFoundError:
        sys.exit("--native: g++ is needed to build OMPEval (apt-get install g++)")
    if done.returncode != 0:
        sys.exit(f"--native: building {os.path.basename(program)} failed:\n{done.stderr}")
    return program


def write_studodds_tables(folder: str) -> None:
    """The high-hand tables and constants time_studodds_high.cpp reads (its header says
    which)."""
    from studodds.eval import batch, kernels, tables

    for name, array in (("pair_keys", batch.PAIR_KEYS), ("hash_card", batch.HASH_CARD_BIASED),
                        ("hash_offsets", batch.HASH_OFFSETS.astype(np.int32)),
                        ("high_by_slot", batch.HIGH_BY_SLOT), ("flush_high", kernels.FLUSH_HIGH)):
        np.ascontiguousarray(array).tofile(os.path.join(folder, f"{name}.bin"))
    with open(os.path.join(folder, "constants.txt"), "w") as out:
        out.write(f"{tables.HASH_KEY_BIAS} {tables.HASH_FLUSH_BITS} {tables.HASH_ROW_SHIFT} "
                  f"{tables.HASH_SUIT_SHIFT}\n")


def run_native(command: list[str]) -> tuple[float, int]:
    """(hands per second, its best of 3; checksum) of one of the C++ timing programs."""
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    rate, checksum = done.stdout.split()
    return float(rate) * 1e6, int(checksum)


def checksum_of(values: np.ndarray) -> int:
    """What the C++ programs print: every 1000th value summed, over their 3 rounds."""
    return (3 * int(values[::1000].astype(np.int64).sum())) % 2**64


def bench_native(folder: str, n_hands: int, repeat: int,
                 diagnose: bool = False) -> tuple[list[tuple], str, dict[str, float]]:
    """evaluate_batch (one thread, each kind) and OMPEval (high) on the same random 7-card
    hands, taking turns, in CPU time: ([(kind, our hands/s, OMPEval's hands/s)], the order
    check, and with diagnose the other programs' hands/s by label)."""
    hands = random_hands(n_hands)
    previous = numba.get_num_threads()
    numba.set_num_threads(1)
    with tempfile.TemporaryDirectory() as workdir:
        program = build_native(folder, workdir)
        others = {}
        if diagnose:
            write_studodds_tables(workdir)
            others = {
                "studodds's high kernel in C++ (same tables)": [compile_cpp(
                    [os.path.join(NATIVE, "time_studodds_high.cpp")],
                    os.path.join(workdir, "time_studodds_high")), workdir],
                "OMPEval, keys and flush test only (no lookup)": [build_native(
                    folder, workdir, "-DKEY_ONLY", name="time_ompeval_keys")],
            }
        hands_file = os.path.join(workdir, "hands.bin")
        values_file = os.path.join(workdir, "values.bin")
        hands.tofile(hands_file)
        out = np.empty(len(hands), dtype=np.int32)  # made once, as the C++ side's
        ours = {kind: 0.0 for kind in KINDS}
        native = 0.0
        other_rates = {label: 0.0 for label in others}
        twin_checksum = None
        try:
            for round_ in range(repeat):
                for kind in KINDS:
                    evaluate_batch(hands[:1000], kind)  # compile or load
                    ours[kind] = max(ours[kind], best_rate(
                        partial(evaluate_batch, hands, kind, out=out), len(hands), 3,
                        time.process_time))
                done = subprocess.run([program, hands_file, values_file], capture_output=True,
                                      text=True, check=True)
                native = max(native, float(done.stdout.split()[0]) * 1e6)  # its best of 3
                for label, command in others.items():
                    rate, checksum = run_native([*command, hands_file])
                    other_rates[label] = max(other_rates[label], rate)
                    if "C++" in label:
                        twin_checksum = checksum
                print(f"  round {round_ + 1}: studodds high {ours['high'] / 1e6:.0f} M/s, "
                      f"OMPEval {native / 1e6:.0f} M/s", file=sys.stderr)
            high = evaluate_batch(hands, "high")
            check = order_check(high, np.fromfile(values_file, dtype=np.uint16))
            if twin_checksum is not None:
                same = twin_checksum == checksum_of(high)
                check += ("; the C++ kernel's values match evaluate_batch's" if same
                          else "; THE C++ KERNEL'S VALUES DIFFER FROM evaluate_batch'S")
        finally:
            numba.set_num_threads(previous)
    return [(kind, ours[kind], native) for kind in KINDS], check, other_rates


def order_check(ours: np.ndarray, theirs: np.ndarray) -> str:
    """Whether two evaluators order every hand alike: sorted by our values, theirs never
    go down, and two hands tie for one exactly when they tie for the other."""
    order = np.argsort(ours, kind="stable")
    a, b = ours[order].astype(np.int64), theirs[order].astype(np.int64)
    same = bool((np.diff(b) >= 0).all() and np.array_equal(np.diff(a) == 0, np.diff(b) == 0))
    verdict = "every hand ordered alike" if same else "THE ORDERS DIFFER"
    return (f"{verdict}: {len(ours):,} hands, {len(np.unique(ours)):,} distinct values "
            f"(studodds), {len(np.unique(theirs)):,} (OMPEval)")


def native_table(rows: list[tuple], fmt: str) -> str:
    from tabulate import tabulate

    return tabulate(
        [(kind, f"{ours / 1e6:,.0f} M", f"{native / 1e6:,.0f} M", f"{ours / native:.2f}x")
         for kind, ours, native in rows],
        headers=("kind", "studodds evaluate_batch", "OMPEval (high)", "ratio"), tablefmt=fmt)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20_000_000, help="hands per studodds run")
    parser.add_argument("--peer-hands", type=int, default=500_000, help="hands per peer run")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cards", default="7",
                        help="hand sizes for studodds, comma-separated (e.g. 5,6,7)")
    parser.add_argument("--studodds-only", action="store_true",
                        help="skip the peers and the start-up timing")
    parser.add_argument("--markdown", action="store_true", help="print a README-ready table")
    parser.add_argument("--native", metavar="DIR",
                        help="also time OMPEval, built from DIR (see above), on the same hands")
    parser.add_argument("--diagnose", action="store_true",
                        help="with --native: also time studodds's kernel in C++ and OMPEval "
                             "without its lookups (see above)")
    args = parser.parse_args()
    if args.diagnose and not args.native:
        parser.error("--diagnose goes with --native DIR")
    fmt = "github" if args.markdown else "simple"
    if args.native:
        print(f"dealing {args.hands:,} random 7-card hands", file=sys.stderr)
        rows, check, others = bench_native(args.native, args.hands, args.repeat, args.diagnose)
        print(f"One thread, the same {args.hands:,} random 7-card hands, taking turns, best of "
              f"{args.repeat} rounds, CPU time ({os.cpu_count()} cores, numba "
              f"{numba.__version__})")
        print(native_table(rows, fmt))
        if others:
            from tabulate import tabulate

            print()
            print(tabulate([(label, f"{rate / 1e6:,.0f} M") for label, rate in others.items()],
                           headers=("diagnosis, high hands", "hands/s"), tablefmt=fmt))
        print(check)
        return
    widths = sorted({int(w) for w in args.cards.split(",")})
    if not set(widths) <= {5, 6, 7}:
        parser.error(f"--cards {args.cards}: hand sizes are 5, 6 or 7")

    hands_by_width = {}
    for width in widths:
        print(f"dealing {args.hands:,} random {width}-card hands", file=sys.stderr)
        hands_by_width[width] = random_hands(args.hands, width=width)
    rows = bench_studodds(hands_by_width, args.repeat)
    peers, startup = [], []
    if not args.studodds_only:
        peers = bench_peers(random_hands(args.peer_hands), args.repeat)
        startup = bench_startup()

    from tabulate import tabulate

    print(f"studodds, random hands per second ({os.cpu_count()} cores, numba {numba.__version__})")
    print(studodds_table(rows, fmt))
    if peers:
        print()
        print("Peers, random 7-card hands per second")
        print(tabulate(
            [(who, kind, f"{rate / 1e6:,.1f} M") for who, kind, rate in peers],
            headers=("evaluator", "kind", "hands/s"), tablefmt=fmt,
        ))
    if startup:
        print()
        print(tabulate(
            [(label, f"{imp:.2f} s", f"{first:.2f} s") for label, imp, first in startup],
            headers=("start-up", "import studodds", "first evaluate_batch"), tablefmt=fmt,
        ))


if __name__ == "__main__":
    main()
