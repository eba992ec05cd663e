"""`studodds chart`: starting-hand charts (CSV, JSON, PNG) through the batch runner."""

from __future__ import annotations

import os

import click

from .. import chart as chart_module
from ..batch import read_results
from ..starting.classes import SELECTIONS, classes, reordered_labels, scheme_of
from ..starting.classes import select as select_classes
from . import render
from .batch import executor_options, run_batch_file
from .options import CONTEXT, format_option, game_option
from .render import one_in

# Class counts for the help, from the tables themselves (milliseconds to build).
_COUNTS = {game: len(classes(game)) for game in ("stud7", "razz", "stud5", "stud5low")}

_HELP = """\
A starting-hand chart: the starting classes of a game against random hands or
against each other, run as a batch (so on a Dask cluster too), written as CSV, JSON
and a PNG (a ranked bar chart, or a heat map vs classes).

A class is the starting cards up to what cannot change their equity: which card is
the door card, and the names of the suits ({stud7:,} three-card classes in the
seven-card games, {razz} in razz, where suits never change a hand's value; {stud5}
two-card classes in the five-card games, {stud5low} in stud5low). Each is weighted by its number of card combinations, and the
table says how often it is dealt. Interrupted? Run the same command again: finished
spots are kept.

\b
Examples:
  studodds chart -g razz -o razz-vs-random
  studodds chart -g stud7 --vs classes --select rolled -o rolled
  studodds chart -g stud5 --select pairs -o stud5-pairs
  studodds chart -g stud7hl8 --select pairs --dask -o pairs

""".format(**_COUNTS)


@click.command("chart", context_settings=CONTEXT, help=_HELP)
@game_option(chart_module.CHART_GAMES)
@click.option("--vs", type=click.Choice(chart_module.VS_CHOICES), default="random",
              show_default=True,
              help="random: each class against random hands; classes: every class against "
              "every class (a matrix).")
@click.option("--select", "selection", metavar="SET|LABELS",
              help="Hero classes: " + ", ".join(SELECTIONS) + " (as far as they apply to the "
              "game), or class labels separated by commas, e.g. '(A A) K,(K K) Q KQs' or, in "
              "five-card stud, '(A) K AKs'. Default: all vs random; vs classes rolled, or "
              "pairs in five-card stud.")
@click.option("--villains", metavar="SET|LABELS",
              help="--vs classes: the villain classes (default: the same as --select).")
@click.option("--opponents", type=click.IntRange(1, 9), default=1, show_default=True,
              help="--vs random: how many random hands (up to 7 in the seven-card games, "
              "9 in the five-card games).")
@click.option("--exact", is_flag=True, help="Every spot exact (default vs classes).")
@click.option("--trials", type=click.IntRange(min=1), metavar="N",
              help="Monte Carlo with N trials per spot.")
@click.option("--precision", type=float, metavar="SE",
              help="Monte Carlo per spot to this standard error (default vs random: 0.0005).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Changes every spot's seed: the same seed, the same chart.")
@click.option("-o", "--output", "prefix", required=True, metavar="PREFIX",
              help="Writes PREFIX.csv, PREFIX.json and PREFIX.png; the spots and results go to "
              "PREFIX.spots.jsonl and PREFIX.results.jsonl (a rerun resumes).")
@click.option("--top", type=click.IntRange(min=1), default=25, show_default=True,
              help="The best and worst N classes in the printed table and the bar chart.")
@click.option("--by-door", is_flag=True,
              help="--vs random: each class once per rank of its door card, e.g. (K K) 7 (the "
              "pair buried) and (K 7) K (split), with how often each is dealt. The equity is "
              "the class's against random hands: all in, which card is up does not matter; "
              "how the hand plays does (a buried pair is hidden, a split pair shows its "
              "rank).")
@click.option("--no-png", is_flag=True, help="No picture (no matplotlib needed).")
@executor_options
@format_option()
def chart_command(game, vs, selection, villains, opponents, exact, trials, precision, seed,
                  prefix, top, by_door, no_png, use_dask, scheduler, workers,
                  threads_per_worker, chunk_size, threads, fmt):
    """A starting-hand chart (the help is _HELP, with the class counts of the tables)."""
    three_cards = scheme_of(game).cards == 3
    selection = _selection(selection) or ("all" if vs == "random" else
                                          "rolled" if three_cards else "pairs")
    villains = _selection(villains)
    if by_door and vs != "random":
        raise click.UsageError(chart_module.BY_DOOR_VS_CLASSES)
    if prefix.endswith(("/", "\\")) or os.path.isdir(prefix):
        raise click.BadParameter(f"{prefix!r} is a folder: -o takes a prefix such as "
                                 f"{os.path.join(prefix, 'razz')!r}", param_hint="'-o'")
    if not no_png:
        chart_module.check_png_tools()  # before the work, not after it
    spots = chart_module.chart_spots(
        game, vs, selection=selection, villains=villains, opponents=opponents,
        exact=exact or None, trials=trials, precision=precision, seed=seed,
    )
    if exact and vs == "random":
        click.echo(chart_module.exact_vs_random_notice(game, opponents, len(spots)), err=True)
    spots_path, results_path = f"{prefix}.spots.jsonl", f"{prefix}.results.jsonl"
    chart_module.write_spot_file(spots, spots_path)
    summary = run_batch_file(spots_path, results_path, use_dask, scheduler, workers,
                              threads_per_worker, chunk_size, threads)
    if not summary.ok:
        raise click.ClickException(
            f"some spots have no result (see above): fix them and rerun to finish the chart; "
            f"finished spots are kept in {results_path}"
        )
    _reordered_notice(game, selection, villains)  # after the batch's own summary line
    heroes = select_classes(selection, game)
    chart = chart_module.chart_table(
        spots, read_results(results_path), heroes=heroes,
        villains=((select_classes(villains, game) if villains else heroes)
                  if vs == "classes" else None),
        by_door=by_door,
    )
    written = [f"{prefix}.csv", f"{prefix}.json"]
    chart_module.write_csv(chart, written[0])
    chart_module.write_json(chart, written[1])
    if not no_png:
        chart_module.write_png(chart, f"{prefix}.png", top=top)
        written.append(f"{prefix}.png")
    click.echo(render.write(chart_report(chart, top), fmt))
    click.echo("wrote " + ", ".join(written), err=True)


def _selection(text: str | None):
    """A selection name as it is, or comma-separated class labels as a list."""
    if text is None or text.strip() in SELECTIONS:
        return None if text is None else text.strip()
    labels = [label.strip() for label in text.split(",") if label.strip()]
    if not labels:
        raise click.BadParameter(f"{text!r} names no class: give " + ", ".join(SELECTIONS)
                                 + " or class labels separated by commas")
    return labels


def _reordered_notice(game: str, *selections) -> None:
    """One line on stderr when a typed label comes back in another order: the class is
    the same (the door card does not change equity to showdown), the label is the chart's."""
    typed = [name for chosen in selections if isinstance(chosen, list) for name in chosen]
    moved = list(dict.fromkeys(reordered_labels(typed, game)))
    if moved:
        pairs = ", ".join(f"{was} as {now}" for was, now in moved)
        click.echo(f"note: charted {pairs}: a class puts the pair, or the highest ranks (ace "
                   "high), in the hole and the lowest card up; which card is up does not "
                   "change its equity to showdown", err=True)


def chart_report(chart, top: int = 25) -> render.Report:
    """A starting-hand chart (chart.Chart) on stdout: vs random the best and worst `top`
    classes with how often each is dealt, then the categories; vs classes the matrix when
    it fits a terminal, else the best and worst cells. JSON and CSV give every row."""
    return render.Report(json=chart.to_dict, csv=lambda: _chart_csv(chart),
                         table=lambda: _chart_table(chart, top))


def _chart_csv(chart) -> tuple[list, list]:
    records = chart.records()
    headers = list(records[0])
    return headers, [["" if r[h] is None else str(r[h]) for h in headers] for r in records]


def _chart_table(chart, top: int) -> str:
    records = chart.records()
    footer = _summary_lines(chart)
    if chart.vs == "classes" and len(chart.villains) <= 13:
        headers = ["hero \\ villain"] + [c.label for c in chart.villains]
        rows = [[h.label] + ["" if e is None else render._pct(e) for e in line]
                for h, line in zip(chart.heroes, chart.matrix(), strict=True)]
        return render.render_table(headers, rows) + "\n\n" + footer
    if chart.by_door:
        out = _door_table(chart, records, top)
        if len(chart.category_summaries()) > 1:
            out += "\n\n" + _category_table(chart)
        return out + "\n\n" + footer
    ranked = [r for r in records if r["equity"] is not None]
    ranked.sort(key=lambda r: -r["equity"])
    shown = ranked if len(ranked) <= 2 * top else ranked[:top] + [None] + ranked[-top:]
    who = ["hero", "villain"] if chart.vs == "classes" else ["hero"]
    dealt = ["dealt"] if chart.vs == "random" else []
    split = ["scoop"] if chart.split else []
    headers = ["rank", *who, "combos", *dealt, "equity", "± 95%", *split]
    rows = []
    for rank, record in enumerate(shown, start=1):
        if record is None:
            rows.append(["..."] + [""] * (len(headers) - 1))
            continue
        position = rank if rank <= top + 1 else len(ranked) - (len(shown) - rank)
        se = record["equity_se"]
        se_text = "exact" if se is None else render._pct(1.96 * se)
        rows.append([position, *(record[w] for w in who), record["combos"],
                     *(one_in(record["combos"], chart.starting_hands) for _ in dealt),
                     render._pct(record["equity"]), se_text,
                     *(render._pct(record["scoop"]) for _ in split)])
    out = render.render_table(headers, rows)
    if chart.vs == "random" and len(chart.category_summaries()) > 1:
        out += "\n\n" + _category_table(chart)
    return out + "\n\n" + footer


def _door_table(chart, records: list[dict], top: int) -> str:
    """A chart by door card: the best and worst `top` classes, each once per door rank,
    with how often that hand is dealt (of every hand with its door card told apart)."""
    classes = max(r["rank"] for r in records)
    pair = ["pair"] if any(r["pair"] for r in records) else []
    split = ["scoop"] if chart.split else []
    headers = ["rank", "hand", *pair, "class", "deals", "dealt", "equity", "± 95%", *split]
    rows: list[list] = []
    for record in records:
        if top < record["rank"] <= classes - top:
            if rows and rows[-1][0] != "...":
                rows.append(["..."] + [""] * (len(headers) - 1))
            continue
        se = record["equity_se"]
        rows.append([record["rank"], record["hand"], *(record["pair"] or "" for _ in pair),
                     record["hero"], f"{record['deals']:,}",
                     one_in(record["deals"], chart.first_street_deals),
                     render._pct(record["equity"]),
                     "exact" if se is None else render._pct(1.96 * se),
                     *(render._pct(record["scoop"]) for _ in split)])
    return render.render_table(headers, rows)


def _category_table(chart) -> str:
    """One row per category of the game present: its classes, hands, how often one is
    dealt and the mean equity over its hands."""
    rows = [[c.name, c.classes, f"{c.combos:,}", one_in(c.combos, chart.starting_hands),
             render._pct(c.equity)] for c in chart.category_summaries()]
    return render.render_table(["category", "classes", "combos", "dealt", "equity"], rows)


def _summary_lines(chart) -> str:
    """The overall equity, and how often a hand of the selection is dealt (unless the
    chart holds every hand)."""
    mean, se = chart.overall
    line = f"overall: {render._pct(mean)}" + (f" ± {render._pct(1.96 * se)}" if se else "")
    line += f" (an average hand gets {render._pct(chart.fair_share)})"
    summary = chart.selection_summary()
    if summary.combos == chart.starting_hands:
        return line
    classes_text = "class" if summary.classes == 1 else f"{summary.classes:,} classes"
    return (line + f"\nthe {classes_text} charted: {summary.combos:,} of the "
            f"{chart.starting_hands:,} starting hands, dealt "
            f"{one_in(summary.combos, chart.starting_hands)}")
