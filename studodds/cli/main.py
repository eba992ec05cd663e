"""The `studodds` group and its entry point: every error is one 'Error: ...' line."""

from __future__ import annotations

import os
import sys
from importlib import import_module

import click

from .options import CONTEXT
from .untrusted import visible

# click >= 8.2 raises this for a bare group in standalone_mode=False; older click has none.
_NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())

# Each command: its module, its object there, and the first paragraph of its help (what
# `studodds --help` lists; tests/test_cli_speed.py checks it is the command's own). A
# command's module is imported only when the command runs or shows its own help, so that
# `studodds --help`, `--version` and `rules` never load numba.
COMMANDS = {
    "batch": (".batch", "batch_command",
              "Run many equity questions: SPOTS is a JSON Lines file, one spot per line."),
    "chart": (".chart", "chart_command",
              ("A starting-hand chart: the starting classes of a game against random hands or "
               "against each other, run as a batch (so on a Dask cluster too), written as CSV, "
               "JSON and a PNG (a ranked bar chart, or a heat map vs classes).")),
    "dealt": (".dealt", "dealt_command",
              "How often a starting hand is dealt: given its door card, and before any card."),
    "declare": (".odds", "declare_command",
                "Which way should player N declare: high, low or both?"),
    "equity": (".odds", "equity_command",
               "Each player's win, tie and equity as the cards lie now."),
    "eval": (".evaluate", "eval_command",
             "Value of each HAND (5 to 7 known cards) for each hand kind."),
    "next": (".odds", "next_command",
             "What every possible next card does to a player's equity."),
    "odds": (".own", "odds_command",
             "How often one hand ends as each final hand, as the cards lie."),
    "ranges": (".named_ranges", "ranges_command",
               "The named ranges: what a player holds in a situation a stud coach names."),
    "replay": (".replay", "replay_command",
               "Replay stud hand histories street by street, with the odds."),
    "review": (".review", "review_group",
               "A database of your hands: import hand histories, then ask the stats of stud."),
    "rules": (".rules", "rules_group",
              "Table rules of fixed-limit stud: bring-in, order of play, bets per street."),
    "serve": (".serve", "serve_command",
              "The stud table in your browser: put the cards on the table, see the odds."),
    "warm": (".warm", "warm_command",
             "Compile the odds engine now, so that no later question waits for it."),
}


class _LazyGroup(click.Group):
    """The `studodds` group: commands imported when they are asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        entry = COMMANDS.get(name)
        if entry is None:
            return None
        module, attribute, _ = entry
        return getattr(import_module(module, __package__), attribute)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The list of commands, from COMMANDS: as click writes it, no command imported."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = [(name, click.Command(name, help=COMMANDS[name][2]).get_short_help_str(limit))
                for name in names]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=_LazyGroup, context_settings=CONTEXT)
@click.version_option(package_name="studodds")
def cli():
    """Stud poker odds: equity (win, tie, share of the pot) and hand values."""


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
        if isinstance(exc, click.NoSuchOption):
            exc = click.NoSuchOption(exc.option_name, ctx=exc.ctx, possibilities=_closest(
                exc.option_name, exc.possibilities or ()))
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


def _closest(typed: str, options) -> list[str]:
    """The options nearest a mistyped one: click suggests every option within its loose
    cutoff (--trails: --range-file, --threads and --trials), a typo has one answer."""
    import difflib  # only on this error: --help stays quick

    def likeness(option):
        return difflib.SequenceMatcher(None, typed, option).ratio()

    ranked = sorted(options, key=likeness, reverse=True)
    return [o for o in ranked if ranked and likeness(o) >= likeness(ranked[0]) - 0.05]


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())
