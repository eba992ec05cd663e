"""`studodds warm`: compile every kernel now, once, instead of at each first use."""

from __future__ import annotations

import time

import click

from .options import CONTEXT


@click.command("warm", context_settings=CONTEXT)
def warm_command():
    """Compile every kernel now, so that no later question waits for it.

    studodds compiles its kernels on first use (a few seconds to a minute each) and keeps
    the machine code: once compiled, a kernel is never compiled again until numba or
    studodds changes. This compiles them all at once, with progress on stderr: about 20 s the
    first time on a 2-core machine, under a second once done.

    Example:
      studodds warm
    """
    from ..warming import warm_up

    start = time.perf_counter()

    def step(i: int, n: int, what: str) -> None:
        click.echo(f"warm {i}/{n}: {what}", err=True)

    warm_up(step)
    click.echo(f"ready: every kernel compiled and cached ({time.perf_counter() - start:.1f} s)")
