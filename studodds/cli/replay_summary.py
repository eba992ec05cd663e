"""`studodds replay --summary`, rendered: the session table, its JSON and CSV, and the PNG
of the pots won against the equity held over the showdown hands."""

from __future__ import annotations

import click

from ..histories.session import SUMMARY_PRECISION, SessionSummary, trials_for
from . import render
from .untrusted import visible

NOTEBOOKS_HINT = 'pip install "studodds[notebooks]"'


def summary_report(summary: SessionSummary) -> render.Report:
    return render.Report(json=summary.to_dict, csv=lambda: _summary_csv(summary),
                         table=lambda: _summary_text(summary))


def _summary_csv(summary: SessionSummary) -> tuple[list, list]:
    headers = ["hand_id", "net", "showdown", "won_share"] + [
        f"equity_{s}" for s in summary.streets]
    rows = [[h.hand_id, h.net, h.showdown, "" if h.won_share is None else h.won_share]
            + [h.equity.get(s, "") for s in summary.streets] for h in summary.by_hand]
    return headers, rows


def _summary_text(s: SessionSummary) -> str:
    hero = visible(s.hero)  # a name from the file
    lines = [f"{hero}: {_hands(s.hands)} dealt, net {_signed(s.net)}",
             f"showdowns: {s.showdowns}"
             + (f", pot shares won at showdown {s.won_share:.2f} (the hero's share of each "
                "pot, summed)"
                if s.showdowns else " (no hand went to a showdown with every live hand shown)")]
    if s.showdowns:
        rows = [[f"{street} street", f"{e:.2f}", f"{s.won_share:.2f}",
                 _signed(s.won_share - e)]
                for street, e in s.expected_share.items()]
        table = render.render_table(["equity on", "pots expected", "pots won", "luck"], rows)
        lines += ["", table, "", ("pots expected: the hero's equity once the street's cards "
                                  "are dealt, against the players who reach the showdown "
                                  "with their hole cards as shown at the end (a player who "
                                  "folds later counts as folded already), summed over the "
                                  "showdowns; luck: pots won less pots expected, the luck "
                                  "of all the cards dealt after that street")]
    return "\n".join(lines)


def _hands(n: int) -> str:
    return f"{n} stud hand" + ("" if n == 1 else "s")


def _signed(x: float) -> str:
    return f"{x:+.2f}"


def sampled_note(precision: float | None, trials: int | None) -> str:
    """How the streets too long to count exactly were sampled (one stderr line)."""
    if trials is not None:
        return f"streets counted exactly where cheap, else sampled with {trials:,} deals"
    se = precision or SUMMARY_PRECISION
    return (f"streets counted exactly where cheap, else sampled with {trials_for(se):,} deals "
            f"(standard error at most {se} per hand and street)")


def _figure_tools():
    """matplotlib's Figure and Agg canvas (no global backend switch), when a PNG is asked."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        raise click.UsageError(f"--png needs matplotlib: {NOTEBOOKS_HINT}") from None
    return Figure, FigureCanvasAgg


def check_png_tools() -> None:
    """A missing matplotlib is said before the work, not after it."""
    _figure_tools()


def write_png(summary: SessionSummary, path: str) -> None:
    """Cumulative pots won against the cumulative equity on each street, showdown by
    showdown: a line above another street's is luck on that street."""
    Figure, FigureCanvasAgg = _figure_tools()
    hands = summary.showdown_hands
    x = list(range(len(hands) + 1))
    figure = Figure(figsize=(8, 4.5))
    axes = figure.add_subplot()
    for street in summary.streets:
        axes.plot(x, _cumulative(h.equity[street] for h in hands), lw=1,
                  label=f"expected on {street} street")
    axes.plot(x, _cumulative(h.won_share for h in hands), color="black", lw=2,
              label="pots won")
    axes.set_xlabel("showdown hands, in the order played")
    axes.set_ylabel("pots (the hero's share of each, summed)")
    hero = summary.hero.replace("$", r"\$")  # a name from the file, not mathtext
    axes.set_title(f"{hero}: pots won against pots expected, "
                   f"{summary.showdowns} showdowns", fontsize=10)
    axes.legend(fontsize=8, loc="upper left")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    FigureCanvasAgg(figure).print_png(path)


def _cumulative(values) -> list[float]:
    out = [0.0]
    for v in values:
        out.append(out[-1] + v)
    return out
