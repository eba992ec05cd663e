"""Options several commands share: the game, dead cards, the method (exact, trials,
precision, seed, threads), the output format, a file of named ranges, and the progress
line on stderr."""

from __future__ import annotations

import functools
import sys
import time

import click

from ..games import GAMES
from . import render

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def format_option(choices=render.FORMATS):
    return click.option(
        "--format", "fmt", type=click.Choice(choices), default="table", show_default=True,
        help="Output: a table for people, JSON or CSV for programs.",
    )


def output_options(choices=render.FORMATS):
    """--format, and the render.Report the command returns written in that format on
    stdout: one decorator on every command that answers (sqlite-utils' output options).
    The command still gets `fmt` (to refuse a format early, before any work); a command
    that writes its own output returns None."""
    def decorate(command):
        @functools.wraps(command)
        def answer(*args, **kwargs):
            report = command(*args, **kwargs)
            if report is not None:
                click.echo(render.write(report, kwargs["fmt"]))
        return format_option(choices)(answer)
    return decorate


class Progress:
    """A one-line progress bar on stderr, shown only once a run has taken a second."""

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self.start = time.perf_counter()
        self.shown = False

    def __call__(self, fraction: float) -> None:
        if not self.enabled or time.perf_counter() - self.start < 1.0:
            return
        width = 30
        fraction = min(max(fraction, 0.0), 1.0)
        filled = int(width * fraction)
        elapsed = time.perf_counter() - self.start
        left = f"{elapsed * (1 - fraction) / fraction:6.0f} s left" if fraction > 0 else ""
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {100 * fraction:5.1f}%"
                         f" {left}")
        sys.stderr.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\r" + " " * 60 + "\r")
            sys.stderr.flush()


def tell_long_runs(estimate) -> None:
    """on_estimate for the library calls: a run that will take a while says so first."""
    notice = render.long_run_notice(estimate)
    if notice is not None:
        click.echo(notice, err=True)


def game_option(games=tuple(GAMES), default="stud7"):
    return click.option("-g", "--game", default=default, show_default=True,
                        type=click.Choice(list(games), case_sensitive=False),
                        help="The game: " + ", ".join(games) + ".")


def odds_options(each: str = "", games=tuple(GAMES), default="stud7"):
    """-g, --dead and the method options, shared by the commands that compute equity.

    each: what one computation covers when a command makes several ("per card").
    """
    per = f" {each}" if each else ""
    options = [
        game_option(games, default),
        click.option("--dead", default="", metavar="CARDS",
                     help="Cards out of play: folded up cards; x for an unseen one "
                     "(a folded hole card)."),
        click.option("--exact", is_flag=True,
                     help=f"Enumerate or count every deal{per} (refused when too many)."),
        click.option("--trials", type=int, metavar="N", help=f"Monte Carlo with N trials{per}."),
        click.option("--precision", type=float, metavar="SE",
                     help=f"Monte Carlo{per} until every equity's standard error is below SE "
                     "(e.g. 0.001)."),
        click.option("--seed", type=int, metavar="N",
                     help="Seed: the same numbers on any thread count."),
        click.option("--threads", type=int, metavar="N",
                     help="Threads to use (default: all cores)."),
    ]

    def decorate(command):
        for option in reversed(options):
            command = option(command)
        return command

    return decorate


def community_option(command):
    return click.option(
        "--community", metavar="CARD",
        help="7th street after a card shortage: the community card turned face up, everyone's "
        "seventh card (write each player's six cards without a river).")(command)


def range_file_option(command):
    """--range-file: the named ranges of a file of the player's own, usable in the hands
    (starting/named_ranges.py) while the command runs."""
    @functools.wraps(command)
    def run(*args, range_file=None, **kwargs):
        from ..starting.named_ranges import using_range_file  # the hands' reader: not for --help

        with using_range_file(range_file):
            return command(*args, **kwargs)

    return click.option(
        "--range-file", type=click.Path(dir_okay=False), metavar="FILE",
        help="Named ranges of your own (TOML, as in `studodds ranges`): a hand may use them "
        "as (@name) Kd. A name the file gives replaces the shipped one of that name.")(run)
