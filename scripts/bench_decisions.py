"""Decision equity speed: decisions priced per second (review.decisions.decisions_of), in
one process and in worker processes (one per core by default), compiled code cached.

    python scripts/bench_decisions.py                       # our fixtures, repeated
    python scripts/bench_decisions.py --files DIR_OR_FILE... --hands 2000 --markdown

The hands are every hand of the files with a hero whose decisions can be priced (by
default the repository's own fixtures, tests/data/handhistories and tests/data/review),
repeated to --hands. Each hand is priced whole, as `studodds replay --decisions` does: a question
asked twice in a hand (a check, then a call, with nobody folding between) is asked once.
Progress and the figures' meaning on stderr, the table on stdout.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from tabulate import tabulate

from studodds.histories import parse_file
from studodds.review.decisions import (
    DECISION_EXACT_BELOW,
    DECISION_PRECISION,
    DecisionError,
    decisions_of,
)

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = [ROOT / "tests" / "data" / "handhistories", ROOT / "tests" / "data" / "review"]


def read_hands(paths: list[Path]) -> list:
    files = []
    for path in paths:
        files += sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
    hands = []
    for file in files:
        try:
            found, _ = parse_file(str(file))
        except (OSError, ValueError):
            continue
        hands += found
    return hands


def priceable(hands: list) -> list:
    """The hands whose hero's decisions can be priced (at least one decision)."""
    out = []
    for hh in hands:
        try:
            if decisions_of(hh, trials=100):
                out.append(hh)
        except (DecisionError, ValueError):
            continue
    return out


def price_all(hands: list) -> tuple[int, int]:
    """(decisions, exact ones) over the hands."""
    total = exact = 0
    for hh in hands:
        decisions = decisions_of(hh)
        total += len(decisions)
        exact += sum(d.method == "exact" for d in decisions)
    return total, exact


def _warm(hands: list) -> int:
    price_all(hands)  # every kernel and signature compiled in this worker
    return os.getpid()


def run(hands: list, workers: int) -> tuple[int, int, float]:
    """(decisions, exact, seconds) over the hands, in this process or in workers."""
    if workers == 1:
        start = time.perf_counter()
        total, exact = price_all(hands)
        return total, exact, time.perf_counter() - start
    chunks = [hands[i::workers * 8] for i in range(workers * 8)]
    with ProcessPoolExecutor(workers) as pool:
        warm = hands[: min(len(hands), 40)]
        list(pool.map(_warm, [warm] * workers * 2))  # each worker warmed at least once
        start = time.perf_counter()
        results = list(pool.map(price_all, chunks))
        seconds = time.perf_counter() - start
    return sum(r[0] for r in results), sum(r[1] for r in results), seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", nargs="+", type=Path, default=FIXTURES)
    parser.add_argument("--hands", type=int, default=600, help="hands priced per run")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    hands = priceable(read_hands(args.files))
    if not hands:
        print("no hand with decisions to price in the files", file=sys.stderr)
        return 2
    print(f"{len(hands)} hands with decisions to price, repeated to {args.hands}; "
          f"sampled to a standard error of {DECISION_PRECISION}, exact when the engine "
          f"estimates {DECISION_EXACT_BELOW * 1000:g} ms or less", file=sys.stderr)
    hands = (hands * (args.hands // len(hands) + 1))[: args.hands]
    price_all(hands[:40])  # compile in this process
    rows = []
    for workers in sorted({1, args.workers}):
        total, exact, seconds = run(hands, workers)
        rows.append([f"{workers} process{'es' * (workers > 1)}", len(hands), total,
                     f"{100 * exact / total:.0f}%", f"{seconds:.2f}",
                     f"{total / seconds:,.0f}", f"{len(hands) / seconds:,.0f}"])
        print(f"{rows[-1][0]}: {rows[-1][5]} decisions/s", file=sys.stderr)
    headers = ["run", "hands", "decisions", "exact", "seconds", "decisions/s", "hands/s"]
    print(tabulate(rows, headers, tablefmt="github" if args.markdown else "simple",
                   disable_numparse=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
