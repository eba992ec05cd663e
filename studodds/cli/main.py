"""The `studodds` group and its entry point: every error is one 'Error: ...' line."""

from __future__ import annotations

import os
import sys

import click

from .batch import batch_command
from .chart import chart_command
from .evaluate import eval_command
from .odds import declare_command, equity_command, next_command
from .options import CONTEXT
from .replay import replay_command
from .rules import rules_group
from .serve import serve_command
from .untrusted import visible

# click >= 8.2 raises this for a bare group in standalone_mode=False; older click has none.
_NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())


@click.group(context_settings=CONTEXT)
@click.version_option(package_name="studodds")
def cli():
    """Stud poker odds: equity (win, tie, share of the pot) and hand values."""


# One module per command group; each command is defined there and registered here.
for _command in (eval_command, equity_command, next_command, declare_command, rules_group,
                 replay_command, batch_command, chart_command, serve_command):
    cli.add_command(_command)


def main(argv=None) -> int:
    """Entry point: every error is one 'Error: ...' line on stderr and exit code 2."""
    try:
        # A command's own exit code (ctx.exit(1): `batch` with failed spots) comes back here.
        code = cli.main(args=argv, prog_name="studodds", standalone_mode=False)
    except _NO_ARGS_IS_HELP as exc:  # a bare `studodds`: its help is the answer
        click.echo(exc.ctx.get_help() if exc.ctx else str(exc))
        return 0
    except click.exceptions.Abort:
        click.echo("Error: aborted", err=True)
        return 130
    except click.ClickException as exc:
        hint = ""
        if isinstance(exc, click.UsageError) and exc.ctx is not None:
            hint = f" (see '{exc.ctx.command_path} --help')"
        click.echo(f"Error: {visible(exc.format_message())}{hint}", err=True)
        return 2
    except ValueError as exc:  # the library's errors: they quote the input and say the fix
        click.echo(f"Error: {visible(str(exc))}", err=True)
        return 2
    except OSError as exc:  # a file that cannot be written or read: say which, and why
        where = f"{exc.filename}: " if exc.filename else ""
        click.echo(f"Error: {visible(f'{where}{exc.strerror or exc}')}", err=True)
        return 2
    except Exception as exc:  # a bug still ends in one line, never a traceback
        if os.environ.get("STUDODDS_TRACEBACK"):
            raise
        message = visible(" ".join(str(exc).split())) or "no message"
        click.echo(f"Error: internal error ({type(exc).__name__}: {message}); please report it "
                   "with the command that caused it (STUDODDS_TRACEBACK=1 shows where)", err=True)
        return 2
    return code if isinstance(code, int) else 0


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())
