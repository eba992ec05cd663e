"""`studodds warm`: compile the odds engine now, once, instead of at each first use."""

from __future__ import annotations

import time

import click

from .options import CONTEXT


@click.command("warm", context_settings=CONTEXT)
def warm_command():
    """Compile the odds engine now, so that no later question waits for it.

    studodds compiles its engine the first time each kind of question is asked (a few
    seconds to half a minute each) and keeps the compiled code, compiling again only when
    numba or studodds changes. This compiles all of it at once, with progress on stderr:
    under a minute the first time on a 2-core machine, about a second once done.

    Example:
      studodds warm
    """
    from ..warming import warm_up

    start = time.perf_counter()

    def step(i: int, n: int, what: str) -> None:
        click.echo(f"warm {i}/{n}: {what}", err=True)

    warm_up(step)
    click.echo(f"ready: the odds engine is compiled for every game and question "
               f"({time.perf_counter() - start:.1f} s)")
