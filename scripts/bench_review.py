"""The review database's speed (issue #35's goals): import of a generated 10,000-hand
folder (hands/s; the goal is 500 hands/s on the project's 2-core machine, 20 s for the
folder), the stats query over a database of 100,000 hands (the goal: under 1 s), and the
pricing of the decisions as `studodds review costly` does it (decisions/s; the goal: 50
on 2 cores, at review.decisions.DECISION_PRECISION, exact where cheap).

    python scripts/bench_review.py                      # 10,000 to import, 100,000 to ask
    python scripts/bench_review.py --hands 2000 --query-hands 20000   # a quick look

The hands come from scripts/make_hand_folder.py (PokerStars seven-card stud, 2 to 7
players). The import is timed in this process (no start-up), reading and writing every
file, in a new database; the query database is made by importing --query-hands hands (not
timed), then each query is timed, best of --repeat. Each is given in wall-clock time and
in CPU time: on a machine other work shares, the CPU time says what a quiet one would
take. The pricing is timed on --price-hands hands of their own (a first 20 hands priced
untimed, so that the compiled kernels are loaded: compiled once, cached on disk), through
review.costly.price_decisions with its default executor (a hand per core at once).
Progress goes to stderr, the table (in Markdown) to stdout.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's studodds, whatever is installed

from studodds.review.costly import price_decisions
from studodds.review.database import open_database
from studodds.review.hand_import import import_paths
from studodds.review.player_stats import Filters, player_stats

QUERIES = (
    ("the hero of each hand (the default)", Filters()),
    ("--player Ann", Filters(player="Ann")),
    ("--game stud7 --stakes 2/4", Filters(game="stud7", stakes=(2.0, 4.0))),
    ("--opponent Bob", Filters(opponent="Bob")),
    ("--player Ann --room PokerStars --opponent Hero", Filters(player="Ann", room="PokerStars",
                                                              opponent="Hero")),
)


def _maker():
    spec = importlib.util.spec_from_file_location(
        "make_hand_folder", ROOT / "scripts" / "make_hand_folder.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def time_import(work: Path, hands: int) -> tuple[float, float]:
    """(wall-clock seconds, CPU seconds) of one import."""
    folder = work / "import"
    _maker().write_folder(folder, hands, per_file=500, seed=1)
    connection = open_database(work / "import.sqlite")
    start, cpu = time.perf_counter(), time.process_time()
    result = import_paths(connection, [folder])
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    connection.close()
    assert result.imported == hands, result
    return seconds, cpu


def time_queries(work: Path, hands: int, repeat: int
                 ) -> list[tuple[str, float, float, int]]:
    folder = work / "query"
    _maker().write_folder(folder, hands, per_file=1000, seed=2)
    connection = open_database(work / "query.sqlite")
    print(f"importing {hands:,} hands to query...", file=sys.stderr)
    import_paths(connection, [folder])
    connection.execute("ANALYZE")
    out = []
    for name, filters in QUERIES:
        best = best_cpu = float("inf")
        for _ in range(repeat):
            start, cpu = time.perf_counter(), time.process_time()
            stats = player_stats(connection, filters)
            best = min(best, time.perf_counter() - start)
            best_cpu = min(best_cpu, time.process_time() - cpu)
        out.append((name, best, best_cpu, stats["hands"].count))
    connection.close()
    return out


def time_pricing(work: Path, hands: int) -> tuple[float, float, int, int]:
    """(wall-clock seconds, CPU seconds, hands, decisions) of pricing ``hands`` hands."""
    for name, count, seed in (("warm", 20, 4), ("price", hands, 3)):
        folder = work / name
        _maker().write_folder(folder, count, per_file=count, seed=seed)
        connection = open_database(work / f"{name}.sqlite")
        import_paths(connection, [folder])
        start, cpu = time.perf_counter(), time.process_time()
        result = price_decisions(connection)  # the warm run loads the kernels, untimed
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        connection.close()
    return seconds, cpu, result.priced, result.decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000, help="hands to import")
    parser.add_argument("--query-hands", type=int, default=100_000,
                        help="hands in the database the stats are asked of")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--price-hands", type=int, default=300,
                        help="hands whose decisions are priced")
    args = parser.parse_args()
    load_before = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    with tempfile.TemporaryDirectory() as work:
        work = Path(work)
        print(f"importing {args.hands:,} hands...", file=sys.stderr)
        seconds, cpu = time_import(work, args.hands)
        queries = time_queries(work, args.query_hands, args.repeat)
        print(f"pricing {args.price_hands:,} hands...", file=sys.stderr)
        priced = time_pricing(work, args.price_hands)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{os.cpu_count()} cores; load average before the run {load_before}, after {load}")
    print()
    print("| what | time | CPU time | rate (by the time) |")
    print("|---|---|---|---|")
    print(f"| import {args.hands:,} hands (files read and written) | {seconds:.2f} s | "
          f"{cpu:.2f} s | {args.hands / seconds:,.0f} hands/s |")
    for name, best, cpu, counted in queries:
        print(f"| stats over {args.query_hands:,} hands: {name} ({counted:,} counted) | "
              f"{best * 1000:.0f} ms | {cpu * 1000:.0f} ms | |")
    seconds, cpu, hands, decisions = priced
    print(f"| price {hands:,} hands' decisions ({decisions:,}), as `review costly` | "
          f"{seconds:.2f} s | {cpu:.2f} s | {decisions / seconds:,.0f} decisions/s |")


if __name__ == "__main__":
    main()
