"""A chart written out: CSV, JSON and a PNG picture (matplotlib, the notebooks extra)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from ..games import get_game
from .categories import game_categories, game_category
from .chart_errors import ChartError
from .table import Chart, ChartRow

NOTEBOOKS_HINT = 'pip install "studodds[notebooks]"'


def write_csv(chart: Chart, path: str | Path) -> None:
    """One row per class (vs random, ranked best first) or per cell (vs classes);
    fractions in [0, 1], empty where a figure does not apply."""
    records = chart.records()
    with open(path, "w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=list(records[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(records)


def write_json(chart: Chart, path: str | Path) -> None:
    """The chart as one JSON object: game, vs, opponents, classes, overall, rows and
    (vs classes) the matrix, heroes by rows, villains by columns, null for empty cells."""
    Path(path).write_text(json.dumps(chart.to_dict(), indent=2) + "\n", encoding="utf-8")


def _figure_tools():
    """matplotlib's Figure and Agg canvas, imported only when a PNG is asked for.

    Figure + FigureCanvasAgg rather than pyplot: no global backend switch in the
    caller's process (a notebook keeps its own), and nothing left open afterwards.
    """
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError as error:
        raise ChartError(
            f"a PNG chart needs matplotlib: {NOTEBOOKS_HINT}, or ask for CSV and JSON only "
            "(--no-png)"
        ) from error
    return Figure, FigureCanvasAgg


def check_png_tools() -> None:
    """Raise ChartError now if a PNG could not be drawn later (no matplotlib)."""
    _figure_tools()


def write_png(chart: Chart, path: str | Path, *, top: int | None = 25) -> None:
    """vs random: a ranked horizontal bar chart, the best ``top`` classes and the worst
    ``top`` (all of them, in a tall figure, with top=None or when they fit); vs classes: a
    heat map of the hero's equity, heroes by rows."""
    Figure, FigureCanvasAgg = _figure_tools()
    if chart.vs == "random":
        figure = _bar_chart(Figure, chart, top)
    else:
        figure = _heat_map(Figure, chart)
    FigureCanvasAgg(figure).print_png(str(path))


def _title(chart: Chart) -> str:
    if chart.vs == "random":
        against = "a random hand" if chart.opponents == 1 else f"{chart.opponents} random hands"
        street = {"3rd street": "third-street", "2nd street": "second-street"}[
            get_game(chart.game).streets[0].name]  # the start: five-card stud's is 2nd street
        return f"{chart.game}: {street} classes against {against} (equity)"
    return f"{chart.game}: hero class (rows) against villain class (columns)\nhero's equity"


def _bar_chart(Figure, chart: Chart, top: int | None):
    ranked = chart.ranked()
    if top is not None and 2 * top < len(ranked):
        shown: list[ChartRow | None] = [*ranked[:top], None, *ranked[-top:]]
    else:
        shown = list(ranked)
    figure = Figure(figsize=(8, 1.2 + 0.17 * len(shown)))
    axes = figure.add_subplot()
    from matplotlib import colormaps

    categories = game_categories(chart.game)
    palette = colormaps["tab20"] if len(categories) > 10 else colormaps["tab10"]
    colours = {c: palette(i) for i, c in enumerate(categories)}
    y = range(len(shown))
    bars = [r for r in shown if r is not None]
    positions = [i for i, r in zip(y, shown, strict=True) if r is not None]
    equities = [r.equity for r in bars if r.equity is not None]  # all: ranked rows have one
    axes.barh(positions, equities,
              xerr=[1.96 * (r.equity_se or 0.0) for r in bars],
              color=[colours[game_category(r.hero, chart.game)] for r in bars], height=0.8)
    labels = ["..." if r is None else f"{ranked.index(r) + 1}. {r.hero.label}" for r in shown]
    axes.set_yticks(list(y), labels, fontsize=7)
    axes.invert_yaxis()
    axes.axvline(chart.fair_share, color="black", lw=0.8, ls="--")
    axes.set_xlim(0, min(1.0, max(equities) * 1.05 + 0.02))
    axes.set_xlabel(f"equity (dashed: fair share {chart.fair_share:.1%}; bars: 95% interval)")
    axes.set_title(_title(chart), fontsize=9)
    from matplotlib.patches import Patch

    seen = {game_category(r.hero, chart.game) for r in bars}
    handles = [Patch(color=colours[c], label=c) for c in categories if c in seen]
    # outside the bars: beside the axes, where it covers no class
    axes.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=7)
    figure.tight_layout()
    return figure


def _heat_map(Figure, chart: Chart):
    import numpy as np  # a dependency of studodds; here only to mask empty cells

    values = np.array([[np.nan if v is None else v for v in row] for row in chart.matrix()])
    n_rows, n_cols = values.shape
    # cells about 0.45 in square, room for labels, the colour bar and the title
    width = min(max(6.0, 0.45 * n_cols + 4.0), 60.0)
    height = min(max(4.0, 0.45 * n_rows + 2.5), 60.0)
    figure = Figure(figsize=(width, height))
    axes = figure.add_subplot()
    from matplotlib import colormaps

    colours = colormaps["RdBu"].with_extremes(bad="lightgrey")  # grey: an empty cell
    image = axes.imshow(np.ma.masked_invalid(values), cmap=colours, vmin=0.0, vmax=1.0)
    font = 7 if max(n_rows, n_cols) <= 40 else 4
    axes.set_xticks(range(n_cols), [c.label for c in chart.villains], rotation=90,
                    fontsize=font)
    axes.set_yticks(range(n_rows), [c.label for c in chart.heroes], fontsize=font)
    axes.set_xlabel("villain class")
    axes.set_ylabel("hero class")
    if max(n_rows, n_cols) <= 30:  # numbers stay readable only on small grids
        for i in range(n_rows):
            for j in range(n_cols):
                if not np.isnan(values[i, j]):
                    axes.text(j, i, f"{100 * values[i, j]:.0f}", ha="center", va="center",
                              fontsize=6)
    figure.colorbar(image, ax=axes, shrink=0.8, label="hero's equity")
    axes.set_title(_title(chart), fontsize=9)
    figure.tight_layout()
    return figure
