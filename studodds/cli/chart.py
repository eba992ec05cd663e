"""`studodds chart`: starting-hand charts (CSV, JSON, PNG) through the batch runner."""

from __future__ import annotations

import os

import click

from .. import chart as chart_module
from ..batch import read_results
from ..chart.classes import SELECTIONS
from ..chart.classes import select as select_classes
from . import render
from .batch import executor_options, run_batch_file
from .options import CONTEXT, format_option, game_option


@click.command("chart", context_settings=CONTEXT)
@game_option(chart_module.CHART_GAMES)
@click.option("--vs", type=click.Choice(chart_module.VS_CHOICES), default="random",
              show_default=True,
              help="random: each class against random hands; classes: every class against "
              "every class (a matrix).")
@click.option("--select", "selection", metavar="SET|LABELS",
              help="Hero classes: " + ", ".join(SELECTIONS) + ", or class labels separated "
              "by commas, e.g. '(A A) K,(K K) Q KQs'. Default: all vs random, rolled vs "
              "classes.")
@click.option("--villains", metavar="SET|LABELS",
              help="--vs classes: the villain classes (default: the same as --select).")
@click.option("--opponents", type=click.IntRange(1, 7), default=1, show_default=True,
              help="--vs random: how many random hands.")
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
@click.option("--no-png", is_flag=True, help="No picture (no matplotlib needed).")
@executor_options
@format_option()
def chart_command(game, vs, selection, villains, opponents, exact, trials, precision, seed,
                  prefix, top, no_png, use_dask, scheduler, workers, threads_per_worker,
                  chunk_size, threads, fmt):
    """A starting-hand chart: third-street classes (1,755 up to suits) against random
    hands or against each other, run as a batch (so on a Dask cluster too), written as
    CSV, JSON and a PNG (a ranked bar chart, or a heat map vs classes).

    Each class is weighted by its number of card combinations; equity against random
    hands does not depend on which card is the door card, so a class is 3 cards.
    Interrupted? Run the same command again: finished spots are kept.

    \b
    Examples:
      studodds chart -g razz -o razz-vs-random
      studodds chart -g stud7 --vs classes --select rolled -o rolled
      studodds chart -g stud7hl8 --select pairs --dask -o pairs
    """
    selection = _selection(selection) or ("all" if vs == "random" else "rolled")
    villains = _selection(villains)
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
    heroes = select_classes(selection)
    chart = chart_module.chart_table(
        spots, read_results(results_path), heroes=heroes,
        villains=(select_classes(villains) if villains else heroes) if vs == "classes" else None,
    )
    written = [f"{prefix}.csv", f"{prefix}.json"]
    chart_module.write_csv(chart, written[0])
    chart_module.write_json(chart, written[1])
    if not no_png:
        chart_module.write_png(chart, f"{prefix}.png", top=top)
        written.append(f"{prefix}.png")
    click.echo(render.chart_report(chart, fmt, top))
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
