"""What a player feels before any odds (issue 30): a command that computes nothing
(`studodds --help`, `--version`, `rules`, the odds commands' own help) never loads numba, and `import studodds` loads
nothing heavy until a name is used. Checked in fresh processes: the modules loaded."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import click
import pytest

import studodds
from studodds.cli.main import COMMANDS, cli

ROOT = Path(__file__).resolve().parents[1]

_LOADED = """
import contextlib, io, sys
from studodds.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    code = main({args!r})
heavy = sorted({{m.split('.')[0] for m in sys.modules}} & {{'numba', 'llvmlite'}})
print(code, ' '.join(heavy))
"""


def _run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    return done.stdout.strip()


@pytest.mark.parametrize("args", [
    ["--help"], ["--version"], [], ["rules", "--help"],
    ["rules", "bringin", "--game", "stud7", "3c", "Kd", "2s"],
    ["rules", "limits", "--game", "razz", "--ante", "0.50", "--bring-in", "1", "--small", "2",
     "--big", "4"],
    ["serve", "--help"], ["equity", "--help"], ["next", "--help"], ["declare", "--help"],
])
def test_a_command_that_computes_nothing_loads_no_numba(args):
    assert _run(_LOADED.format(args=args)) == "0"


def test_a_query_does_load_it():
    """The check can fail: a command that computes does load numba."""
    out = _run(_LOADED.format(args=["equity", "(As Ks) Ah", "(x x) Qd", "--trials", "1000"]))
    assert out == "0 llvmlite numba"


def test_import_studodds_loads_numba_only_when_a_name_is_used():
    code = ("import sys, studodds\n"
            "print('numba' in sys.modules, end=' ')\n"
            "studodds.evaluate\n"
            "print('numba' in sys.modules)")
    assert _run(code) == "False True"


def test_studodds_equity_is_the_function_even_after_its_module_is_imported():
    code = ("import importlib, studodds\n"
            "module = importlib.import_module('studodds.equity')\n"
            "print(studodds.equity is module.equity, callable(studodds.equity))")
    assert _run(code) == "True True"
    assert callable(studodds.equity) and "equity" in dir(studodds)


def test_the_command_list_is_each_commands_own_help():
    """`studodds --help` lists the commands from a table, without importing them: the
    table's line is the first paragraph of each command's own help."""
    ctx = click.Context(cli)
    for name, (_, _, summary) in COMMANDS.items():
        command = cli.get_command(ctx, name)
        assert command.name == name
        first = " ".join(command.help.split("\n\n")[0].split())
        assert summary == first, name


def test_an_unknown_command_is_still_one_error_line(capsys):
    from studodds.cli import main
    assert main(["oddz"]) == 2
    assert capsys.readouterr().err.startswith("Error: No such command 'oddz'")


def test_every_public_name_is_listed_and_found():
    assert set(studodds.__all__) == {"__version__", *studodds._PUBLIC}
    for name in studodds.__all__:
        assert getattr(studodds, name) is not None


def test_a_small_query_runs_no_speed_probe():
    """The note "exact available: ~N s" takes the constants' figure: the machine-speed
    probe (engine/timing.py) took 0.07 s, a seventh of a small query's whole process. It
    still runs for the runs long enough to be announced."""
    code = ("from studodds.equity import equity\n"
            "from studodds.engine import timing\n"
            "r = equity('stud7', ['(As Ks) Ah', '(x x) Qd'])\n"
            "print(r.note, timing._factor)")
    assert _run(code) == "exact available: ~1 s, use --exact {}"
