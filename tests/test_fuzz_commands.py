"""Fuzzing every command not fuzzed elsewhere, and the Python entry points' options.

tests/test_cli.py fuzzes `eval`, tests/test_cli_equity.py the hands and method options of
`equity`, tests/test_handhistory.py the hand-history reader. Here: `next`, `declare`, the
pot odds of `equity`, `rules` (limits, bringin, order), `replay`, `batch` (spot lines and
options), `chart`, and in Python `studodds.equity` keyword options, `next_card_table`,
`pot_odds` and batch spot dicts.

The contract (README: "Bad input is one line, `Error: ...`, exit code 2"):

- a command exits 0 or 2 (`batch`: also 1, some lines bad or spots failed); no exception
  leaves `studodds.cli.main` and no "Traceback" is printed; on exit code 2 stderr is
  exactly one line starting with "Error:";
- a Python entry point succeeds or raises a ValueError subclass (OptionError,
  ScenarioError, NotationError, ...) whose message is one line.

One allowance: `replay` warns about each hand-history line it skips as it reads it
(README), so on exit code 2 its "Error:" line may follow "warning:" lines.

The inputs are near-valid: real card notation with one token changed, numbers at the
extremes (0, -1, huge, 1e1000000, nan, inf, '', unicode), so that the fuzzer gets past
the first check and into the engine. Every valid run is kept to milliseconds: hands on
their last street (or the next card out of a stub of 10 cards), a few trials, coarse
precision. Derandomized: the same examples on every run.
"""

from __future__ import annotations

import contextlib
import decimal
import importlib
import io
import json
import math
import os
import re
import shutil
import tempfile
import tracemalloc
from fractions import Fraction
from pathlib import Path

import numba
import numpy as np
import pytest
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st
from reader_helpers import DATA

import studodds
from studodds.batch import iter_results, parse_spot, run_batch, run_spot
from studodds.batch.spot_lines import MAX_LINE_BYTES
from studodds.cli import main
from studodds.games import GAMES
from studodds.results import EquityResult

RANKS, SUITS = "23456789TJQKA", "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]


# STUDODDS_FUZZ_SCALE=10 runs ten times the examples (a longer hunt, still the same ones
# each time); STUDODDS_FUZZ_RANDOM=1 draws new ones on every run.
SCALE = int(os.environ.get("STUDODDS_FUZZ_SCALE", "1"))
RANDOM = os.environ.get("STUDODDS_FUZZ_RANDOM") == "1"


def fuzz(n: int):
    """Deterministic settings: the same n examples on every run, no example database."""
    return settings(max_examples=n * SCALE, deadline=None, derandomize=not RANDOM,
                    database=None, suppress_health_check=list(HealthCheck))


# --- running the command ---------------------------------------------------------------


def call(argv):
    """studodds.cli.main in-process: (exit code, stdout, stderr). An exception leaving
    main is a traceback at the terminal: it fails the test as it is."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def one_error_line(err: str, out: str, argv) -> str:
    assert out == "", (argv, out)
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), (argv, err)
    assert err == lines[0] + "\n", (argv, err)
    return lines[0]


def check(argv, *, codes=(0, 2), quiet=True):
    """Run argv and check the contract; quiet: a good run prints nothing on stderr but,
    for hands all written without parentheses, one line on how they were read."""
    code, out, err = call(argv)
    event(f"exit code {code}")  # pytest --hypothesis-show-statistics: how many get through
    assert code in codes, (argv, code, out, err)
    assert "Traceback" not in out + err, (argv, err)
    if code == 2:
        one_error_line(err, out, argv)
    elif code == 0:
        assert out.strip(), argv
        if quiet:
            assert err == "" or (err.startswith("studodds: read each hand as up cards only")
                                 and err.count("\n") == 1), (argv, err)
    return code, out, err


# --- near-valid input ------------------------------------------------------------------

# Numbers at the extremes and things that are not numbers: for every numeric option.
EXTREMES = [
    "0", "-0", "-1", "1", "2", "0.5", "1.5", "-1.5", "1e1000000", "-1e1000000", "1e-1000000",
    "1e999999", "1e5000", "1.5e400", "1e308", "1.8e308", "4.9e-324", "1e-300",
    "nan", "-nan", "NaN", "inf", "-inf", "Infinity", "", " ", "9" * 30, "-" + "9" * 30,
    str(2**31), str(2**63), str(2**64), str(2**70), "0x10", "1_000", "1,5", "$2", "$-1",
    "\uff11", "\u00bd", "\u0663", "\u00e9", "\u202e1", "--", "-", "x", "As", "None", "true",
]
# The worst of them drawn more often: a one-in-fifty value would rarely meet good neighbours.
WORST = ["0", "-1", "1e1000000", "1e999999", "1e5000", "1e-1000000", "nan", "inf", "",
         "9" * 30]
# .map(str) keeps it one branch: `good | number_text` draws a good value half the time,
# where a flattened union would give it one branch in five.
number_text = (st.sampled_from(WORST) | st.sampled_from(EXTREMES)
               | st.integers(-5, 60).map(str) | st.text(max_size=4)).map(str)
# For whole-number options: half the time a number click takes but the command must refuse
# (out of range), which gets further than a value click refuses.
int_text = st.integers(0, 1).flatmap(lambda i: number_text if i else st.sampled_from(
    ["0", "-1", "-5", "3", "9", "100000", str(2**31), str(2**63), "9" * 30]))
# What may stand in for a card or a piece of a hand.
CARD_JUNK = [
    "Ax", "1s", "10h", "A\u2660", "K\u2665", "x", "?", "??", "(", ")", "", "Zz", "K?", "?s",
    "|", "random", "pair+", "(x", "x)", "As", "2c", "-", "--", "\u00e9", "AsKd", "(As)",
    "()", "((", "9" * 20,
]
card_junk = st.sampled_from(CARD_JUNK) | st.sampled_from(DECK) | st.text(max_size=3)


@st.composite
def mutated(draw, words: list[str], junk=card_junk, rate: int = 2):
    """words as they are (one time in `rate`), or with one word replaced, dropped,
    repeated, or with a junk word inserted."""
    words = list(words)
    if not words or draw(st.integers(0, rate - 1)) == 0:
        return words
    i = draw(st.integers(0, len(words) - 1))
    how = draw(st.sampled_from(["replace", "replace", "drop", "repeat", "insert"]))
    if how == "replace":
        words[i] = draw(junk)
    elif how == "drop":
        del words[i]
    elif how == "repeat":
        words.insert(i, words[i])
    else:
        words.insert(i, draw(junk))
    return words


def mutated_hand(text: str):
    """A hand with one of its space-separated pieces changed (or as it is)."""
    return mutated(text.split()).map(" ".join)


@st.composite
def near_hands(draw, hands: list[str]):
    """The hands as they are, or (one time in three) one of them with a piece changed."""
    hands = list(hands)
    if draw(st.integers(0, 2)) == 0:
        i = draw(st.integers(0, len(hands) - 1))
        hands[i] = " ".join(draw(mutated(hands[i].split(), rate=1)))
    return hands


@st.composite
def option_args(draw, options: dict, flags=(), always=()):
    """Some of the options, in a drawn order, each with a good value, except (half the
    time) one or two with a bad one: near-valid command lines, most of which get past the
    parser. options: {name: (good values, bad values)}; always: names always given (the
    command's own options, so that more of the examples are about them)."""
    names = draw(st.lists(st.sampled_from([*options, *flags]), max_size=4, unique=True))
    names += [name for name in always if name not in names]
    names = draw(st.permutations(names))
    valued = [name for name in names if name in options]
    bad = set()
    if valued and draw(st.booleans()):  # mostly one bad value: a second one would hide it
        bad = set(draw(st.lists(st.sampled_from(valued), min_size=1, unique=True,
                                max_size=draw(st.sampled_from([1, 1, 1, 2])))))
    argv = []
    for name in names:
        argv.append(name)
        if name in options:
            good, junk = options[name]
            argv.append(draw(junk if name in bad else good))
    return argv


def mostly(good_values, bad_values, one_in: int = 4):
    """A bad value one time in `one_in`, else a good one."""
    return st.integers(1, one_in).flatmap(lambda i: bad_values if i == 1 else good_values)


def good(*values, bad=int_text):
    """An option's (good values, bad values)."""
    return st.sampled_from(values), bad


# Good values keep a run to milliseconds: a few trials, a coarse precision.
METHOD = {
    "--trials": (st.integers(1, 40).map(str), int_text),
    "--precision": good("0.05", "0.4", "0.49", bad=number_text),
    "--seed": (st.integers(0, 2**70).map(str), int_text),
    "--threads": good("1", "2"),
    "--format": good("table", "json", "csv", bad=st.sampled_from(["xml", "", "JSON", "-"])),
}
SEVEN_CARD_GAMES = [g for g, game in GAMES.items() if game.hand_size == 7]
BAD_GAMES = st.sampled_from(["STUD7", " razz ", "holdem", "", "stud5", "stud7hl8 "])

# Seventh-street hands, every card known: any method is instant.
R7 = ["(As Ks) Ah Kh Qh Jh (2c)", "(Qs Qd) Qc 2d 3d 4d (5d)"]
R7_THREE = [*R7, "(9c 9d) 9h 9s 8c 8d (8h)"]
# Sixth street heads-up with 30 cards dead: the next card comes out of a stub of 10.
R6 = ["(As Ks) Ah Kh Qh Jh", "(Qs Qd) Qc 2d 3d 4d"]
R6_DEAD = " ".join([c for c in DECK if c not in " ".join(R6)][:30])
# Eight players on 6th street: 4 cards left for 8 rivers, so one community card.
EIGHT = [f"({DECK[6 * p]} {DECK[6 * p + 1]}) {' '.join(DECK[6 * p + 2:6 * p + 6])}"
         for p in range(8)]
STUD5HL = ["(As) 2c 3d 4h 5h", "(Kd) Kh 9c 9d 8c", "(Qc) Jd Th 7s 6s"]


def cheap(argv: list[str]) -> list[str]:
    """argv with a few trials when it names no method (a changed hand may have unknown
    cards, whose exact answer could take long)."""
    if not {"--trials", "--precision", "--exact"} & set(argv):
        return [*argv, "--trials", "20"]
    return argv


# --- next ------------------------------------------------------------------------------

NEXT_TABLES = {  # (games, hands, dead)
    "stub10": (["stud7", "razz", "stud7hl8", "stud7hl", "razz27", "razz6"], R6, R6_DEAD),
    "eight": (["stud7", "razz", "stud7hl8"], EIGHT, ""),
    "stud5": (["stud5", "stud5low", "stud5hl"], ["(As) Ah Kh Qh", "(Qs) Qc 2d 3d"],
              " ".join(DECK[:30])),
}


@st.composite
def next_argv(draw):
    games, hands, dead = NEXT_TABLES[draw(st.sampled_from(sorted(NEXT_TABLES)))]
    options = METHOD | {
        "-g": (st.sampled_from(games), BAD_GAMES),
        "--player": (st.integers(1, len(hands)).map(str), int_text),
        "--dead": (st.just(dead), st.lists(card_junk, max_size=3).map(" ".join)
                   | mutated(dead.split(), rate=1).map(" ".join)),
    }
    argv = ["next", *draw(option_args(options, flags=["--exact"]))]
    if "--dead" not in argv:
        argv += ["--dead", dead]
    return cheap(argv) + ["--", *draw(near_hands(hands))]


@fuzz(150)
@given(argv=next_argv())
def test_fuzz_next(argv):
    check(argv)


# --- declare ---------------------------------------------------------------------------


@st.composite
def declare_argv(draw):
    game = draw(st.sampled_from(["stud5hl", "stud7hl"]))
    players = draw(st.integers(2, 3))
    hands = (STUD5HL if game == "stud5hl" else R7_THREE)[:players]
    options = METHOD | {
        "--player": (st.integers(1, players).map(str), int_text),
        "--community": (st.sampled_from(["", "Td"]), card_junk),
        "--dead": (st.sampled_from(["", "Td x", "x x"]), st.lists(card_junk, max_size=3)
                   .map(" ".join)),
    }
    argv = ["declare", "-g", game, *draw(option_args(options, flags=["--exact"],
                                                     always=["--player"]))]
    return cheap(argv) + ["--", *draw(near_hands(hands))]


@fuzz(120)
@given(argv=declare_argv())
def test_fuzz_declare(argv):
    check(argv)


# --- equity: pot odds ------------------------------------------------------------------

POT_ODDS = {
    "--pot": good("40", "0", "10.5", "1e300", bad=number_text),
    "--to-call": good("10", "0.01", "1e300", bad=number_text),
    "--hero": good("1", "2"),
    "--bets-to-come": good("0", "1", "3"),
    "--big-bet": good("0", "4", "1e308", bad=number_text),
    "--format": METHOD["--format"],
}


@fuzz(225)
@given(hands=st.sampled_from([R7, R7_THREE]), options=option_args(POT_ODDS),
       price=mostly(st.sampled_from([["--pot", "40", "--to-call", "10"]]),
                    st.sampled_from([[], ["--pot", "40"], ["--to-call", "10"]])))
def test_fuzz_pot_odds_options(hands, options, price):
    # The price first: a drawn --pot or --to-call comes later and wins.
    code, out, _ = check(["equity", *price, *options, "--", *hands])
    if code == 0 and "--pot" in options and out.lstrip().startswith("{"):
        odds = json.loads(out, parse_constant=lambda c: pytest.fail(f"{c} in JSON"))
        for key in ("required_equity", "equity"):
            assert 0 <= odds["pot_odds"][key] <= 1


class EngineStarted(AssertionError):
    """Raised by the equity engine's stand-in: the run started."""


@pytest.fixture
def no_engine(monkeypatch):
    """Any equity run fails loudly: the options must be refused before it starts."""
    equity_module = importlib.import_module("studodds.equity")  # studodds.equity: a function

    def refuse(*args, **kwargs):
        raise EngineStarted("the equity run started before the options were checked")

    monkeypatch.setattr(equity_module, "run_engine", refuse)


# Pot-odds options that can be refused before any equity is computed: the number of
# players is the number of hands, the amounts need no equity.
POT_ODDS_BEFORE_THE_RUN = {
    "--hero 9": (["--pot", "40", "--to-call", "10", "--hero", "9"], "--hero 9"),
    "--hero 0": (["--pot", "40", "--to-call", "10", "--hero", "0"], "--hero 0"),
    "--pot -1": (["--pot", "-1", "--to-call", "10"], "--pot"),
    "--pot nan": (["--pot", "nan", "--to-call", "10"], "--pot"),
    "--to-call 0": (["--pot", "40", "--to-call", "0"], "--to-call"),
    "--to-call inf": (["--pot", "40", "--to-call", "inf"], "--to-call"),
    "--big-bet -4": (["--pot", "40", "--to-call", "10", "--bets-to-come", "1",
                      "--big-bet", "-4"], "--big-bet"),
    "--bets-to-come without --big-bet": (["--pot", "40", "--to-call", "10", "--bets-to-come",
                                          "2"], "--big-bet"),
    "sums beyond a float": (["--pot", "1e308", "--to-call", "1e308"], "too large"),
}


@pytest.mark.parametrize("options, fragment", list(POT_ODDS_BEFORE_THE_RUN.values()),
                         ids=list(POT_ODDS_BEFORE_THE_RUN))
def test_pot_odds_options_are_checked_before_the_equity_run(no_engine, options, fragment):
    code, out, err = call(["equity", *options, *R7])
    assert code == 2
    assert fragment in one_error_line(err, out, options)


@pytest.mark.parametrize("options, fragment", [
    (["--pot", "40", "--to-call", "x"], "--to-call"),  # a click type: before the run now
    (["--pot", "40"], "--to-call"),
    (["--hero", "2"], "--pot"),
    (["--pot", "40", "--to-call", "10", "--format", "csv"], "--pot (pot odds) is shown only"),
    # CSV has a row a player, no place for them: refused, never dropped without a word
    (["--distribution", "--format", "csv"], ("--distribution is shown only in the table and "
     "JSON formats, not CSV: use --format table or json")),
    (["--at-least", "aces up", "--distribution", "--format", "csv"],
     "--distribution and --at-least are shown only in the table and JSON"),
], ids=["--to-call x", "--pot alone", "--hero alone", "csv", "csv distribution",
        "csv at-least"])
def test_pot_odds_usage_errors_come_before_the_equity_run(no_engine, options, fragment):
    code, out, err = call(["equity", *options, *R7])
    assert code == 2
    assert fragment in one_error_line(err, out, options)


# --- rules -----------------------------------------------------------------------------


@st.composite
def stakes_text(draw):
    """Good stakes with one or two amounts changed (a big bet of 1e1000000 needs the others
    good to get past the checks)."""
    values = draw(st.sampled_from([["0.50", "1", "2", "4"], ["0", "$0.25", "1", "1"],
                                   ["1", "2", "5", "10"]]))
    for _ in range(draw(st.integers(0, 2))):
        values[draw(st.integers(0, 3))] = draw(
            st.sampled_from(["0.25", "3", "8", "100", "1e15", "0.0000001"])
            | st.sampled_from(["1e1000000", "1e999999", "1e-1000000", "1e5000", "1e16", "-1",
                               "nan", "inf", "0.1234567890123456789012345"])
            | number_text)
    return values


game_value = mostly(st.sampled_from(list(GAMES)), BAD_GAMES)
format_value = mostly(*METHOD["--format"])


@fuzz(900)
@given(values=stakes_text(), drop=st.integers(-1, 20), game=game_value, fmt=format_value)
@example(values=["0.50", "1", "2", "1e1000000"], drop=-1, game="stud7", fmt="table")
@example(values=["0.50", "1", "2", "1e5000"], drop=-1, game="stud7", fmt="json")
@example(values=["1e-1000000", "1", "2", "4"], drop=-1, game="razz", fmt="table")
def test_fuzz_rules_limits(values, drop, game, fmt):
    argv = ["rules", "limits", "-g", game, "--format", fmt]
    for i, (name, value) in enumerate(zip(["--ante", "--bring-in", "--small", "--big"], values,
                                          strict=True)):
        if i != drop:
            argv += [name, value]
    _, out, _ = check(argv)
    # A typo must not print megabytes: every amount is written out in full.
    assert len(out) < 64_000, (argv, len(out))


@fuzz(180)
@given(cards=st.lists(st.sampled_from(DECK), min_size=1, max_size=11, unique=True).flatmap(
    lambda cards: mutated(cards, rate=2)), game=game_value,
       tie=st.sampled_from(["suit", "seat", "", "SUIT", "x"]), fmt=format_value)
def test_fuzz_rules_bringin(cards, game, tie, fmt):
    check(["rules", "bringin", "-g", game, "--tie", tie, "--format", fmt, "--", *cards])


@fuzz(180)
@given(boards=mostly(mutated(["Qh 2c Qd", "8s 8d Kc", "Tc Jh 9s", "-"], junk=st.sampled_from(
    ["-", "", "As Ad Ac Ah", "As As", "Kd 2c 7h 9s 3d", "x", "(As) Kd", "2c 3c 4c 5c"])
    | card_junk, rate=3), st.sampled_from([["-", "-"], ["-"], [], ["As", "-", "Ad Ac"]])
    | st.lists(st.sampled_from(["-", "As Kd", "Qh Qd", "", "x", "2c"]), max_size=4)),
    game=game_value,
    tie=st.sampled_from(["seat", "suit", "x"]), fmt=format_value)
def test_fuzz_rules_order(boards, game, tie, fmt):
    check(["rules", "order", "-g", game, "--tie", tie, "--format", fmt, "--", *boards])


@fuzz(120)
@given(args=st.lists(st.sampled_from(["limits", "bringin", "order", "--help", "-g", "--tie",
                                      "--ante", "--big", "--format", "As", "Kd", "-", "2"])
                     | number_text, max_size=6))
def test_fuzz_rules_command_line(args):
    check(["rules", *args])


# --- replay ----------------------------------------------------------------------------

REPLAY_FIXTURE = (DATA / "stud7_showdown.txt").read_text(encoding="utf-8")
LINE_JUNK = ["", "*** 8th STREET ***", "Dealt to Hero [Zz]", "Hero: bets $-4",
             "Hero: raises $1e1000000 to $1e1000000", "Seat 9: Nobody ($nan in chips)",
             "Bob Smith: shows [Jd 4s Qs Qd 8c Jc Js Js]", "Dealt to Hero [Ah Kh 9h] [Ah]",
             "\x00", "\u00e9" * 3]


@st.composite
def replay_text(draw):
    """The fixture (one 7 Card Stud hand), as it is or with one line changed."""
    lines = REPLAY_FIXTURE.splitlines()
    if draw(st.integers(0, 2)):
        return REPLAY_FIXTURE
    i = draw(st.integers(0, len(lines) - 1))
    words = lines[i].split(" ")
    j = draw(st.integers(0, len(words) - 1))
    if draw(st.booleans()):
        words[j] = draw(card_junk | number_text)
        lines[i] = " ".join(words)
    else:
        lines[i] = draw(st.sampled_from(LINE_JUNK) | st.text(max_size=20))
    return "\n".join(lines) + "\n"


REPLAY_OPTIONS = {name: METHOD[name] for name in ("--trials", "--precision", "--seed",
                                                  "--format")} | {
    "--hand": good("200000000001", bad=st.sampled_from(["1", ""]) | number_text),
    "--hero": good("Hero", "Alice", "Bob Smith",
                   bad=st.sampled_from(["Dave", "", "hero", "Eve"]) | card_junk),
}


@fuzz(150)
@given(text=replay_text(), options=option_args(REPLAY_OPTIONS))
def test_fuzz_replay(text, options):
    folder = tempfile.mkdtemp(prefix="studodds-fuzz-")
    try:
        path = os.path.join(folder, "hands.txt")
        with open(path, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        argv = ["replay", path, *options]
        if not {"--trials", "--precision"} & set(options):
            argv += ["--trials", "20"]
        code, out, err = call(argv)
        event(f"exit code {code}")
        assert code in (0, 2), (argv, code, err)
        assert "Traceback" not in out + err
        # Lines the reader skips are warned about as it reads them (README: "Unknown lines
        # are skipped with a warning"), before any error: they say why no hand was left.
        *warnings, last = err.splitlines() or [""]
        assert all(line.startswith("warning: ") for line in warnings), err
        if code == 2:
            one_error_line(last + "\n", out, argv)
        else:
            assert out.strip() and (not last or last.startswith("warning: ")), err
    finally:
        shutil.rmtree(folder)


# --- batch -----------------------------------------------------------------------------

# JSON values as text: what a spot's field may be given instead of the right thing.
JSON_JUNK = [
    "9" * 5000, "-" + "9" * 5000, "1e400", "-1e400", "NaN", "Infinity", "-Infinity", "1.5",
    "0", "-1", "3", "true", "false", "null", '""', '"x"', '"\\ud800"', '"As"', "[]", "{}",
    "[1]", '["As"]', '["(As Ks) Ah"]', '["random", "random"]', '["high", "low"]',
    "[" * 50_000 + "]" * 50_000, '{"a": ' * 3000 + "1" + "}" * 3000, str(2**63), str(2**64),
    '"' + "A" * 300 + '"', '"stud7"', '"stud5hl"', '"7h 2c x"', '"6h"', '"(x x)"',
]
json_junk = st.sampled_from(JSON_JUNK) | st.integers(-3, 40).map(str) | st.text(
    max_size=8).map(json.dumps)
SPOT_NAMES = ["id", "game", "hands", "dead", "community", "declare", "exact", "trials",
              "precision", "seed", "distribution", "Hands", "threads", ""]


GARBAGE_LINES = ["", "   ", "[]", "null", "{}", "{", '{"id": 1', "\x00", "[" * 50_000,
                 "\ufeff{}", "{" * 50_000, '{"id": ' + "9" * 5000 + "}", "\t\f\v"]


@st.composite
def spot_line(draw, number: int) -> str:
    """One input line: a good spot (seventh street: instant), one with a field changed,
    or garbage."""
    kind = draw(st.sampled_from(["good", "good", "changed", "changed", "garbage"]))
    if kind == "garbage":
        return draw(st.sampled_from(GARBAGE_LINES) | st.text(max_size=30)
                    | st.sampled_from(["[" * 50_000, '{"id": ' + "9" * 5000 + "}"]))
    fields = {"id": json.dumps(f"s{number}"), "game": '"stud7"', "hands": json.dumps(R7)}
    method = draw(st.sampled_from([{}, {"trials": "20"}, {"exact": "true"},
                                   {"precision": "0.4", "seed": "1"}]))
    fields |= method
    if kind == "changed":
        fields[draw(st.sampled_from(SPOT_NAMES))] = draw(json_junk)
    return "{" + ", ".join(f"{json.dumps(k)}: {v}" for k, v in fields.items()) + "}"


@st.composite
def spot_file(draw) -> bytes:
    """A JSON Lines file: a few lines, sometimes a repeated id or bytes that are not UTF-8."""
    lines = [draw(spot_line(i)).encode("utf-8", "surrogatepass")
             for i in range(draw(st.integers(1, 5)))]
    if draw(st.integers(0, 4)) == 0:
        lines.append(lines[0])  # a repeated id
    if draw(st.integers(0, 4)) == 0:
        lines.insert(draw(st.integers(0, len(lines))), draw(st.sampled_from(
            [b"\xff\xfe", b"\x80abc", b'{"id": \xc3}', b"\xef\xbb\xbf{}"])))
    return b"".join(line + b"\n" for line in lines)


def spot_lines(data: bytes) -> int:
    """The lines a batch reads as spots: not blank (bytes that are not UTF-8 count)."""
    count = 0
    for number, raw in enumerate(data.split(b"\n")[:-1], start=1):
        try:
            count += bool(raw.decode("utf-8-sig" if number == 1 else "utf-8").strip())
        except UnicodeDecodeError:
            count += 1
    return count


SUMMARY = re.compile(r"^\d+ done, \d+ skipped \(already present\), \d+ failed in [\d.]+ s$")


def check_batch(argv, codes=(0, 1, 2)):
    """A batch run: a bad line or a failed spot is one line of stderr each, then the
    summary; exit code 2 (nothing could run) is one 'Error:' line. (done, present, failed),
    or None on exit code 2."""
    code, out, err = call(argv)
    event(f"exit code {code}")
    assert code in codes, (argv, code, err)
    assert "Traceback" not in out + err
    assert out == ""
    if code == 2:
        one_error_line(err, out, argv)
        return code, None
    report = err.splitlines()
    assert report and SUMMARY.match(report[-1]), err
    for line in report[:-1]:
        assert re.match(r"^(line \d+|spot |\S.* line \d+: )", line), line
    done, present, failed = (int(x) for x in re.findall(r"\d+", report[-1])[:3])
    assert (code == 0) == (failed == 0), err
    assert len(report) - 1 == failed, err  # one line per problem, no more
    return code, (done, present, failed)


@fuzz(180)
@given(data=spot_file(), threads=st.sampled_from([[], ["--threads", "1"], ["--threads", "2"]]))
def test_fuzz_batch_spot_lines(data, threads):
    """Whatever the lines hold, the options are good: exit code 0 or 1, never 2; every
    line that is not blank is done or failed, each result is a whole JSON line; a rerun
    skips what is written and tries the rest again."""
    folder = tempfile.mkdtemp(prefix="studodds-fuzz-")
    try:
        spots, output = os.path.join(folder, "spots.jsonl"), os.path.join(folder, "out.jsonl")
        with open(spots, "wb") as handle:
            handle.write(data)
        argv = ["batch", spots, "-o", output, *threads]
        code, (done, present, failed) = check_batch(argv, codes=(0, 1))
        assert present == 0 and done + failed == spot_lines(data), data[:300]
        header, *results = Path(output).read_text(encoding="utf-8").splitlines()
        assert header == '{"studodds":"batch results","version":1}'
        assert len(results) == done
        for result in results:
            written = json.loads(result)
            assert "id" in written and "players" in written
        _, counts2 = check_batch(argv, codes=(code,))
        assert counts2 == (0, done, failed)
    finally:
        shutil.rmtree(folder)


BATCH_OPTIONS = {
    "--threads": METHOD["--threads"],
    # Good only with --dask or --scheduler, which are never good here.
    "--chunk-size": good("1", "5"), "--workers": good("1", "2"),
    "--threads-per-worker": good("1", "2"),
    # Never a reachable address: a well-formed one would wait for a scheduler.
    "--scheduler": good("", bad=st.sampled_from(["nonsense", "tcp://", "tcp://host", "x y:1",
                                                 "http://a:b", "tcp://h:123456", "-"])),
    "-o": good("out.jsonl", bad=st.sampled_from(["", "-", ".", "/", "sub/out.jsonl",
                                                 "spots.jsonl", "a\x00b"])),
}


@fuzz(90)
@given(options=option_args(BATCH_OPTIONS, flags=["--dask"]),
       spots=st.sampled_from(["spots.jsonl", "missing.jsonl", "", ".", "a\x00b"]))
def test_fuzz_batch_options(options, spots):
    scheduler = options[options.index("--scheduler") + 1] if "--scheduler" in options else ""
    if "--dask" in options and not scheduler:
        options.remove("--dask")  # a cluster of worker processes: seconds, not milliseconds
    if "-o" not in options:
        options += ["-o", "out.jsonl"]
    folder = tempfile.mkdtemp(prefix="studodds-fuzz-")
    try:
        good = json.dumps({"id": 1, "game": "stud7", "hands": R7})
        Path(folder, "spots.jsonl").write_text(good + "\n{bad\n", encoding="utf-8")
        at = options.index("-o") + 1
        options[at] = os.path.join(folder, options[at])
        check_batch(["batch", os.path.join(folder, spots), *options])
    finally:
        shutil.rmtree(folder)


def test_batch_line_longer_than_the_cap_is_one_bad_line_not_read_whole(tmp_path):
    """A line over MAX_LINE_BYTES is reported (its number, its size, the cap) and skipped,
    without holding it in memory; the lines after it still run."""
    spots, output = tmp_path / "spots.jsonl", tmp_path / "out.jsonl"
    big = 8 * MAX_LINE_BYTES
    good = json.dumps({"id": "after", "game": "stud7", "hands": R7})
    with open(spots, "wb") as handle:
        handle.write(b'{"id": "huge", "hands": ["' + b"A" * big + b'"]}\n')
        handle.write(good.encode() + b"\n")
    tracemalloc.start()
    try:
        summary = run_batch(spots, output)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 3 * MAX_LINE_BYTES, peak
    assert summary.done == 1 and summary.invalid == 1
    (problem,) = summary.problems
    assert problem.startswith("line 1:") and "MB" in problem, problem
    code, out, err = call(["batch", str(spots), "-o", str(tmp_path / "again.jsonl")])
    assert code == 1 and out == "" and err.splitlines()[0] == problem


# --- chart -----------------------------------------------------------------------------

LABELS = ["(A A) K", "(K K) K", "(A K) Q AKQs", "(7 7) 2"]
bad_selection = (
    st.sampled_from(["(A A) K,(A A) K", ",", "", "pairs,", "(A A) A,rolled", "(1 1) 1", "AKQs"])
    | mutated(LABELS[:2], junk=st.sampled_from(["", "(A A)", "(Z Z) Z", "(A A) K KKs", "all"]),
              rate=1).map(",".join)
    | st.text(max_size=6)
)
CHART_OPTIONS = {
    "--vs": good("random", "classes", bad=st.sampled_from(["", "x", "Random"])),
    # At most 13 classes (156 cells vs classes): a chart of milliseconds.
    "--select": good("rolled", "(A A) K", "(A A) K,(K K) K", "(a a) k", "(A K) Q AKQs",
                     bad=bad_selection),
    "--villains": good("(K K) K", "(7 7) 2,(A K) Q AKQs", bad=bad_selection),
    "--opponents": good("1", "2", "7"),
    "--precision": METHOD["--precision"],  # with --trials: always refused
    "--seed": (st.integers(-(2**70), 2**70).map(str), int_text),
    "--top": good("1", "5"),
    "--format": METHOD["--format"],
    "-g": (st.sampled_from(SEVEN_CARD_GAMES), BAD_GAMES),
    "--threads": METHOD["--threads"],
    "--chunk-size": good("2"), "--workers": good("2"),  # refused without --dask
}


@fuzz(90)
@given(options=option_args(CHART_OPTIONS, flags=["--exact"], always=["--vs", "--opponents"]),
       trials=st.integers(1, 40).map(str) | int_text,
       name=st.sampled_from(["c", "\u00e9"]) | st.sampled_from(["", "sub/c", "c/", "a\x00b",
                                                                "-"]))
def test_fuzz_chart(options, trials, name):
    """Options that should be refused, or a chart small enough for milliseconds: always
    --trials (a second method is refused), a select of at most 13 classes."""
    if "--select" not in options:
        options += ["--select", "(A A) K"]
    folder = tempfile.mkdtemp(prefix="studodds-fuzz-")
    try:
        argv = ["chart", "--no-png", "--trials", trials, *options, "-o",
                os.path.join(folder, name)]
        code, _, err = check(argv, quiet=False)
        if code == 0:
            report = err.splitlines()
            assert SUMMARY.match(report[0]) and report[-1].startswith("wrote "), err
    finally:
        shutil.rmtree(folder)


# --- the main entry point's safety net -------------------------------------------------


@pytest.mark.parametrize("exception", [decimal.Overflow, RecursionError, TypeError,
                                       KeyError, ZeroDivisionError])
def test_an_unexpected_exception_is_one_error_line(monkeypatch, exception):
    """A bug must not end in a traceback either: main reports it in one line, exit 2."""
    from studodds.table import Stakes

    def broken(self):
        raise exception("a bug\nwith two lines")

    monkeypatch.setattr(Stakes, "__post_init__", broken)
    argv = ["rules", "limits", "--ante", "1", "--bring-in", "1", "--small", "2", "--big", "4"]
    code, out, err = call(argv)
    assert code == 2
    assert exception.__name__ in one_error_line(err, out, argv)


# --- Python entry points ---------------------------------------------------------------


class _Junk:
    def __repr__(self) -> str:
        return "<junk>"


# Anything a caller might pass: `good | ANY` is good half the time (see number_text).
ANY = (st.sampled_from([
    None, True, False, 0, 1, 2, -1, 3, 1.5, 0.4, 0.05, 0.0, -0.0, math.nan, math.inf, -math.inf,
    2**63, 2**70, 10**400, "", "x", "3", "0.1", "high", "counting", "exact", "As", [], [1],
    ["high", "low"], ["high", "high", "high"], {}, (1,), b"1", decimal.Decimal("0.1"),
    decimal.Decimal("NaN"), decimal.Decimal("1e1000000"), Fraction(1, 3), np.int64(5),
    np.float64(0.1), np.bool_(True), complex(1, 1), _Junk(),
]) | st.integers(-3, 40) | st.floats() | st.text(max_size=5)).map(lambda value: value)  # one branch
card_value = st.sampled_from(DECK) | st.integers(-1, 52) | ANY

EQUITY_KEYWORDS = {
    # "counting" is the engine's own value for heads-up counting: not for callers.
    "exact": st.sampled_from([True, False, None]) | st.sampled_from(["counting", "yes", 1])
    | ANY,
    "trials": st.integers(1, 40) | ANY,
    "precision": st.floats(2e-5, 0.49) | ANY,
    "seed": st.integers(0, 2**64) | ANY,
    "threads": st.integers(1, numba.config.NUMBA_NUM_THREADS) | ANY,
    "distribution": st.booleans() | ANY,
    "progress": st.sampled_from([lambda fraction: None, None]) | ANY,
    "declare": st.sampled_from(["high,low", ["both", "low"], "high,low,both"]) | ANY,
    "community": card_value,
    "dead": st.sampled_from(["", "7d x", ["7d", "x"], [22], None, 5])
    | st.lists(card_value, max_size=3)
    | ANY,
}


@st.composite
def keywords(draw, names: dict):
    chosen = draw(st.lists(st.sampled_from(sorted(names)), max_size=4, unique=True))
    return {name: draw(names[name]) for name in chosen}


def assert_one_line_value_error(exc: BaseException, call_text: str) -> None:
    """exc is a ValueError with a one-line message; anything else is raised again as it
    is, so that hypothesis tells bugs apart by where they were raised."""
    event(type(exc).__name__)
    if not isinstance(exc, ValueError):
        exc.add_note(f"raised by {call_text}: only ValueError subclasses may escape")
        raise exc
    message = str(exc)
    assert message and "\n" not in message, f"{call_text}: {message!r}"
    assert len(message) < 600, f"{call_text}: {len(message)} characters"


def finite_fractions(result: EquityResult) -> None:
    for p in result.players:
        for value in (p.win, p.tie, p.equity):
            assert 0 <= value <= 1, result


@fuzz(375)
@example(table=("stud7", R7_THREE), options={"exact": "counting"})  # was an IndexError
@example(table=("stud7", R7), options={"precision": "x"})  # was a TypeError
@given(table=st.sampled_from([("stud7", R7), ("stud7", R7_THREE), ("razz", R7_THREE),
                              ("stud5hl", STUD5HL[:2]), ("stud7hl", R7)]),
       options=keywords(EQUITY_KEYWORDS))
def test_fuzz_equity_keywords(table, options):
    game, hands = table
    try:
        result = studodds.equity(game, hands, **options)
    except Exception as exc:  # noqa: BLE001 - the property is about which ones
        assert_one_line_value_error(exc, f"equity({game!r}, {hands!r}, **{options!r})")
    else:
        event("returned")
        finite_fractions(result)
        assert len(result.players) == len(hands)


@fuzz(120)
@given(game=ANY | game_value, hands=st.sampled_from([R7, "(As Ks) Ah", None, 5, [5, 6],
                                                     [R7[0], None], ["random"] * 2, (), R7[:1]])
       | st.lists(card_junk, max_size=3))
def test_fuzz_equity_game_and_hands(game, hands):
    try:
        studodds.equity(game, hands, trials=20)
    except Exception as exc:  # noqa: BLE001
        assert_one_line_value_error(exc, f"equity({game!r}, {hands!r})")
    else:
        event("returned")


NEXT_KEYWORDS = {name: EQUITY_KEYWORDS[name] for name in
                 ("exact", "trials", "seed", "threads", "progress")} | {
    "player": st.sampled_from([1, 2, 8]) | ANY,
    # Sampled here the river is unknown: only a coarse precision stays quick.
    "precision": st.floats(0.01, 0.49) | ANY.filter(
        lambda v: not isinstance(v, float) or not 2e-5 <= v < 0.01),
}


@fuzz(150)
@given(table=st.sampled_from(["stub10", "eight"]), options=keywords(NEXT_KEYWORDS))
def test_fuzz_next_card_table(table, options):
    if table == "stub10":
        args = ("stud7", R6, R6_DEAD)
    else:
        args = ("stud7", EIGHT, "")
    try:
        t = studodds.next_card_table(*args, **options)
    except Exception as exc:  # noqa: BLE001
        assert_one_line_value_error(exc, f"next_card_table({table}, **{options!r})")
    else:
        event("returned")
        assert t.cards and all(0 <= c.equity <= 1 for c in t.cards)


_RESULTS: dict = {}


def _result(n: int) -> EquityResult:
    if n not in _RESULTS:
        _RESULTS[n] = studodds.equity("stud7", R7 if n == 2 else R7_THREE)
    return _RESULTS[n]


amount = st.sampled_from([40, 10, 0, 0.5, 1e308, 2**1100, 10**400, -1, -0.0]) | ANY
POT_ODDS_KEYWORDS = {"hero": st.sampled_from([1, 2, 3]) | ANY,
                     "bets_to_come": st.sampled_from([0, 1, 3, 2**70]) | ANY,
                     "big_bet": st.sampled_from([0.0, 4, 4.0, 1e308]) | ANY}


@fuzz(450)
@given(players=st.sampled_from([2, 3]), pot=amount, to_call=amount,
       options=keywords(POT_ODDS_KEYWORDS))
def test_fuzz_pot_odds(players, pot, to_call, options):
    result = _result(players)
    try:
        odds = studodds.pot_odds(result, pot, to_call, **options)
    except Exception as exc:  # noqa: BLE001
        assert_one_line_value_error(exc, f"pot_odds({pot!r}, {to_call!r}, **{options!r})")
    else:
        event("returned")
        for value in (odds.pot, odds.to_call, odds.required_equity, odds.call_ev):
            assert math.isfinite(value), odds
        assert 0 <= odds.required_equity <= 1


SPOT_VALUES = ANY | st.sampled_from([R7, R7_THREE, ["random", "random"], "stud7", "razz",
                                     "7h 2c", ["7h"], "6h", ["high", "low"]])


@st.composite
def spot_dict(draw):
    """A good spot (seventh street) with fields changed or added, now and then a key that
    is not text (a dict from Python, not from JSON), or not a dict at all."""
    spot = {"id": draw(st.sampled_from(["a", 1, "b"])), "game": "stud7", "hands": R7}
    spot |= draw(st.sampled_from([{}, {"trials": 20}, {"exact": True}, {"precision": 0.4}]))
    for _ in range(draw(st.integers(0, 3))):
        spot[draw(st.sampled_from([*SPOT_NAMES, 5, None, ("id",)]))] = draw(SPOT_VALUES)
    if draw(st.integers(0, 9)) == 0:
        return draw(ANY)  # not a dict at all
    return spot


@fuzz(225)
@given(spots=st.lists(spot_dict(), min_size=1, max_size=3))
def test_fuzz_batch_spot_dicts(spots):
    """parse_spot raises only ValueErrors; run_spot and iter_results never raise: each
    spot gives one result, its JSON object or its one-line error."""
    for spot in spots:
        try:
            checked = parse_spot(spot)
        except Exception as exc:  # noqa: BLE001
            assert_one_line_value_error(exc, f"parse_spot({spot!r})")
        else:
            event("parsed")
            result = run_spot(checked)
            assert result.ok or "\n" not in result.error
            assert not (result.error or "").startswith("internal error"), result.error
    results = list(iter_results(spots))
    assert len(results) == len(spots)
    for result in results:
        assert (result.result is None) != (result.error is None)
        assert result.ok or ("\n" not in result.error
                             and not result.error.startswith("internal error")), result.error
