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
numbers. The results file starts with the line {"studodds":"batch results","version":1}
(output.HEADER_LINE), which says whose file it is; each line after it is a result,
{"id": ..., then exactly the object `studodds equity --format json` prints}: both are
EquityResult.to_dict, so they cannot drift apart.

Resumable and lossless: only the coordinating process writes the output, one whole line
per finished spot, flushed at once; a rerun skips the ids already there and never writes an
id twice. A stopped run (Ctrl-C, a killed process, a lost worker) loses at most the spots in
flight; a last line cut short by a kill is removed on the next start and its spot rerun.
Safe with what it is given: an output file that is not empty and not a results file is
refused untouched, and only regular files are read or written (never /dev/zero or a pipe).

Executors: LocalExecutor runs the spots in this process, as many at once as cores, each
on one kernel thread (no spot's threads wait for another's); DaskExecutor sends chunks of spots to Dask worker
processes, an embedded LocalCluster or an existing cluster (the optional `dask` extra).
run_batch is the file-to-file entry point; run_spots is the one under it, for callers with
their own spots and their own use for the results (a chart).
"""

from .batch_run import BatchInterrupted, BatchSummary, run_batch
from .executors import DaskExecutor, LocalExecutor
from .output import ResultWriter, read_results
from .running import SpotResult, run_chunk, run_spot
from .spot_lines import BatchError, Spot, SpotError, parse_spot, read_spots, seed_from_id
from .stream import iter_results, run_spots

__all__ = [
    "BatchError",
    "BatchInterrupted",
    "BatchSummary",
    "DaskExecutor",
    "LocalExecutor",
    "ResultWriter",
    "Spot",
    "SpotError",
    "SpotResult",
    "iter_results",
    "parse_spot",
    "read_results",
    "read_spots",
    "run_batch",
    "run_chunk",
    "run_spot",
    "run_spots",
    "seed_from_id",
]
