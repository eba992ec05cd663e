"""Starting-hand charts: every starting class against a random hand, or classes against
classes, for every stud game: the seven-card games' three cards on third street, the
five-card games' two on second street (starting/classes.py: 1,755 and 169 classes; 455 and 91 in
razz and stud5low, where no hand value depends on suits).

The work is split so that running the equities is someone else's job:

    chart_spots(game, vs, ...)   -> spots: dicts in the batch format (one equity question each)
    runner(spots)                -> (spot, result) pairs; result as `studodds equity --format
                                    json` prints it. batch_runner() runs them through
                                    studodds.batch, here or on a Dask cluster
    chart_table(spots, results)  -> Chart: one row per class (or per matchup cell)
    write_csv / write_json / write_png(chart, path)

**vs random.** One spot per class: the class's representative (starting/classes.py) against
``opponents`` hands whose every card is unseen (the hand text ``"random"``). A class's
row is that spot's result; the class weighs ``combos`` hands (``dealt``: combos out of
every starting hand, C(52, 3) or C(52, 2)). Over all the classes of a game the
combination-weighted mean equity is a random hand's fair share, 1 / (opponents + 1): the
`Chart.overall` check. `Chart.category_summaries` and `Chart.selection_summary` group the
rows (how many hands, how often one is dealt, their mean equity).

**vs classes.** For hero class A and villain class B, A's representative H is fixed (by
suit symmetry every hand of A is H under some relabelling of suits, and relabelling both
hands changes no equity). The villain's holdings are every hand of B sharing no card with
H. Two of them related by a relabelling of suits that maps H onto itself (its stabilizer:
e.g. swapping the suits of a pair's two cards) have the same equity against H, so each
such group is one spot, weighted by its size. In razz and stud5low the symmetry is larger
(relabel the suits of each rank on its own: every rank stays, so every hand value), and
all of B's disjoint holdings are one spot. A cell is the weighted mean over the
spots, which is also the mean over every pair of disjoint hands (a in A, b in B); so
cell(A, B) + cell(B, A) = 1 exactly in a heads-up pot, and over a selection used on both
axes the overall mean is 0.5. That also halves the work: by default only one of A-B and
B-A is run and the other is read from the villain's side of the same spots ("mirror").
A cell with no disjoint holdings ((A A) A against (A A) K) is empty.

**Ids and seeds.** ``stud7:AKQ-AKs:vs:random``, ``stud7:AAK:vs:QQJ-QJs:QsQhJs`` (hero
code, villain code, the villain's cards); each seed is batch.seed_from_id of the id (and the
chart's seed), so a rerun gives the same numbers whatever runs the spots, in any order.

**Methods and costs** (measured on this project's 2-core machine, busy with other work).
vs random: Monte Carlo to a standard error of 0.0005 (about a million trials, 0.02-0.05
s a spot), so all 1,755 classes take one to one and a half minutes per game. vs classes:
exact, since a heads-up third-street spot of known cards is counted, not sampled
(headsup.py; split pots headsup_split.py): 0.15-0.2 s a spot in stud7 and razz, about
0.5 s in stud7hl8. Spots (mirrored): "rolled" 156 (half a minute), "pairs" 287,586
(16 hours in stud7, two days in stud7hl8), "all" about 9 million: a cluster job. razz:
"all" vs random 455 spots (one to two minutes), "rolled" 78 and "pairs" 12,246 vs
classes. Five-card stud: 169 classes vs random in about half a minute (stud5low: 91);
vs classes 0.05 s a spot in stud5 (several seconds in stud5hl), "pairs" 247 spots.
"""

from .categories import CHART_GAMES, LOW_CATEGORIES, game_categories, game_category
from .chart_errors import ChartError
from .chart_files import check_png_tools, write_csv, write_json, write_png
from .class_spots import (
    DEFAULT_RANDOM_PRECISION,
    RANDOM,
    VS_CHOICES,
    chart_spots,
    exact_vs_random_notice,
    matchup_groups,
    write_spot_file,
)
from .runners import Runner, batch_runner
from .table import BY_DOOR_VS_CLASSES, CategorySummary, Chart, ChartRow, chart_table, make_chart

__all__ = [
    "BY_DOOR_VS_CLASSES",
    "CHART_GAMES",
    "DEFAULT_RANDOM_PRECISION",
    "LOW_CATEGORIES",
    "RANDOM",
    "VS_CHOICES",
    "CategorySummary",
    "Chart",
    "ChartError",
    "ChartRow",
    "Runner",
    "batch_runner",
    "chart_spots",
    "chart_table",
    "check_png_tools",
    "exact_vs_random_notice",
    "game_categories",
    "game_category",
    "make_chart",
    "matchup_groups",
    "write_csv",
    "write_json",
    "write_png",
    "write_spot_file",
]
