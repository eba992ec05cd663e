"""Tests for the `studodds` command line: exact output, entry points, error handling.

Expected values are worked out by hand from the bit layout in studodds/eval/values.py:
``value = category << 20 | five 4-bit rank nibbles``; lows are ``0x8FFFFF - badness`` where
the badness is scored like a high hand with the ace as 1. Each constant below shows its sum.
"""

import contextlib
import csv
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studodds.cli import cli, main

FLIP = 0x8FFFFF
KINDS = ("high", "low_a5", "low_8", "low_a6", "low_27")
VENV_BIN = Path(sys.executable).parent
STUDODDS = VENV_BIN / "studodds"

# hand as typed -> (label printed back, {kind: (value, category, description) or None})
KNOWN = {
    # Two pair, aces and kings, kicker 7: TWO_PAIR=2 | A=14, K=13, 7, 0, 0. Lows: only four
    # ranks (A K 7 2), so the best low is a pair; the lowest pair is aces (ace = 1) with
    # K-7-2: badness PAIR=1 | 1, 13, 7, 2, 0.
    "(As Kd) Ah Kh 7c 7d (2s)": (
        "(As Kd) Ah Kh 7c 7d (2s)",
        {
            "high": (0x2ED700, "two pair", "Two pair, aces and kings (A-A-K-K-7)"),
            "low_a5": (FLIP - 0x11D720, "pair", "Pair of aces (A-A-K-7-2)"),
            "low_8": None,
            "low_a6": (FLIP - 0x11D720, "pair", "Pair of aces (A-A-K-7-2)"),
            # Deuce-to-seven: the ace is high, so the lowest pair is sevens, with A-K-2.
            "low_27": (FLIP - 0x17ED20, "pair", "Pair of sevens (7-7-A-K-2)"),
        },
    ),
    # Royal flush: STRAIGHT_FLUSH=8 | 14. As a low, K-Q-J-T-A unpaired: badness 13,12,11,10,1;
    # ace-to-six: not a straight (the ace is only low) but still a flush, FLUSH=5.
    "Ts Js Qs Ks As": (
        "Ts Js Qs Ks As",
        {
            "high": (0x8E0000, "straight flush", "Royal flush"),
            "low_a5": (FLIP - 0x0DCBA1, "K-low", "K-Q-J-T-A low"),
            "low_8": None,
            "low_a6": (FLIP - 0x5DCBA1, "flush", "Flush, king high (K-Q-J-T-A)"),
            "low_27": (FLIP - 0x8E0000, "straight flush", "Royal flush"),  # the worst 2-7 hand
        },
    ),
    # Broadway off-suit: STRAIGHT=4 | 14 for high; in ace-to-six T-J-Q-K-A is king high.
    "Ac Kd Qh Js Tc": (
        "Ac Kd Qh Js Tc",
        {
            "high": (0x4E0000, "straight", "Straight, ace high (A-K-Q-J-T)"),
            "low_a5": (FLIP - 0x0DCBA1, "K-low", "K-Q-J-T-A low"),
            "low_8": None,
            "low_a6": (FLIP - 0x0DCBA1, "K-low", "K-Q-J-T-A low"),
            "low_27": (FLIP - 0x4E0000, "straight", "Straight, ace high (A-K-Q-J-T)"),
        },
    ),
    # The wheel: straight with top card 5 for high and for ace-to-six; the best a5 low.
    "As 2c 3d 4h 5s": (
        "As 2c 3d 4h 5s",
        {
            "high": (0x450000, "straight", "Straight, five high (5-4-3-2-A)"),
            "low_a5": (FLIP - 0x054321, "5-low", "5-4-3-2-A low"),
            "low_8": (FLIP - 0x054321, "5-low", "5-4-3-2-A low"),
            "low_a6": (FLIP - 0x450000, "straight", "Straight, five high (5-4-3-2-A)"),
            # Deuce-to-seven has no wheel: ace high.
            "low_27": (FLIP - 0x0E5432, "ace high", "Ace high (A-5-4-3-2)"),
        },
    ),
    # The best ace-to-six low; ace high for high: HIGH_CARD=0 | 14, 6, 4, 3, 2.
    "As 2c 3d 4h 6s": (
        "As 2c 3d 4h 6s",
        {
            "high": (0x0E6432, "high card", "Ace high (A-6-4-3-2)"),
            "low_a5": (FLIP - 0x064321, "6-low", "6-4-3-2-A low"),
            "low_8": (FLIP - 0x064321, "6-low", "6-4-3-2-A low"),
            "low_a6": (FLIP - 0x064321, "6-low", "6-4-3-2-A low"),
            "low_27": (FLIP - 0x0E6432, "ace high", "Ace high (A-6-4-3-2)"),
        },
    ),
    # Seven cards A-6 plus a king: a six-high straight; the wheel for a5 and eight-or-better;
    # ace-to-six has to dodge both straights (A-5 and 2-6) and keeps 6-4-3-2-A.
    "(As 2c) 3d 4h 5s 6d (Kh)": (
        "(As 2c) 3d 4h 5s 6d (Kh)",
        {
            "high": (0x460000, "straight", "Straight, six high (6-5-4-3-2)"),
            "low_a5": (FLIP - 0x054321, "5-low", "5-4-3-2-A low"),
            "low_8": (FLIP - 0x054321, "5-low", "5-4-3-2-A low"),
            "low_a6": (FLIP - 0x064321, "6-low", "6-4-3-2-A low"),
            # 2-3-4-5-6 is a straight and the ace is high: K-5-4-3-2 is the best 2-7 low.
            "low_27": (FLIP - 0x0D5432, "K-low", "K-5-4-3-2 low"),
        },
    ),
    # A nine low does not qualify for eight-or-better: JSON null.
    "9c 5d 4h 2s Ac": (
        "9c 5d 4h 2s Ac",
        {
            "high": (0x0E9542, "high card", "Ace high (A-9-5-4-2)"),
            "low_a5": (FLIP - 0x095421, "9-low", "9-5-4-2-A low"),
            "low_8": None,
            "low_a6": (FLIP - 0x095421, "9-low", "9-5-4-2-A low"),
            "low_27": (FLIP - 0x0E9542, "ace high", "Ace high (A-9-5-4-2)"),
        },
    ),
    # Full house kings full of aces: FULL_HOUSE=6 | 13, 14; as a low the pair is of ace = 1.
    "As Ks Ah Kd Kc": (
        "As Ks Ah Kd Kc",
        {
            "high": (0x6DE000, "full house", "Full house, kings full of aces"),
            "low_a5": (FLIP - 0x6D1000, "full house", "Full house, kings full of aces"),
            "low_8": None,
            "low_a6": (FLIP - 0x6D1000, "full house", "Full house, kings full of aces"),
            "low_27": (FLIP - 0x6DE000, "full house", "Full house, kings full of aces"),
        },
    ),
    # Quads, written with suit symbols and a lower-case rank: QUADS=7 | 7, 13.
    "7♣ 7♦ 7♥ 7♠ k♦": (
        "7c 7d 7h 7s Kd",
        {
            "high": (0x77D000, "four of a kind", "Four of a kind, sevens (7-7-7-7-K)"),
            "low_a5": (FLIP - 0x77D000, "four of a kind", "Four of a kind, sevens (7-7-7-7-K)"),
            "low_8": None,
            "low_a6": (FLIP - 0x77D000, "four of a kind", "Four of a kind, sevens (7-7-7-7-K)"),
            "low_27": (FLIP - 0x77D000, "four of a kind", "Four of a kind, sevens (7-7-7-7-K)"),
        },
    ),
    # Six cards (hole + four up, no river): three pairs, so every low is two pair; the
    # lowest is sevens and aces (ace = 1) with a king: badness TWO_PAIR=2 | 7, 1, 13, 0, 0.
    "(As Kd) Ah Kh 7c 7d": (
        "(As Kd) Ah Kh 7c 7d",
        {
            "high": (0x2ED700, "two pair", "Two pair, aces and kings (A-A-K-K-7)"),
            "low_a5": (FLIP - 0x271D00, "two pair", "Two pair, sevens and aces (7-7-A-A-K)"),
            "low_8": None,
            "low_a6": (FLIP - 0x271D00, "two pair", "Two pair, sevens and aces (7-7-A-A-K)"),
            # Ace high in 2-7: the lowest two pair is kings and sevens, the ace the kicker.
            "low_27": (FLIP - 0x2D7E00, "two pair", "Two pair, kings and sevens (K-K-7-7-A)"),
        },
    ),
}


def expected_json(hand: str, kinds=KINDS) -> dict:
    label, by_kind = KNOWN[hand]
    out = {"cards": label}
    for kind in kinds:
        e = by_kind[kind]
        out[kind] = None if e is None else dict(zip(("value", "category", "description"), e))
    return out


def invoke(*args: str):
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert result.output == result.stdout  # nothing on stderr (click >= 8.2 keeps it apart)
    return result


def call_main(argv, capsys):
    """Run studodds.cli.main in-process: (exit code, stdout, stderr)."""
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def assert_one_error_line(err: str, out: str = "") -> str:
    assert "Traceback" not in err
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("Error: "), err
    assert err == lines[0] + "\n"
    return lines[0]


# --- exact values, JSON -------------------------------------------------------------------


@pytest.mark.parametrize("hand", list(KNOWN))
def test_eval_json_all_kinds(hand):
    result = invoke("eval", "--format", "json", hand)
    assert json.loads(result.stdout) == [expected_json(hand)]


def test_eval_json_several_hands_key_order_and_null():
    hands = ["(As Kd) Ah Kh 7c 7d (2s)", "As 2c 3d 4h 6s"]
    result = invoke("eval", "--format", "json", *hands)
    data = json.loads(result.stdout)
    assert data == [expected_json(h) for h in hands]
    assert [list(d) for d in data] == [["cards", "high", "low_a5", "low_8", "low_a6",
                                        "low_27"]] * 2
    assert '"low_8": null' in result.stdout
    assert data[0]["high"]["value"] == 0x2ED700


@pytest.mark.parametrize("kind", KINDS)
def test_eval_json_one_kind(kind):
    hands = ["9c 5d 4h 2s Ac", "Ts Js Qs Ks As", "As 2c 3d 4h 5s"]
    result = invoke("eval", "--kind", kind, "--format", "json", *hands)
    assert json.loads(result.stdout) == [expected_json(h, (kind,)) for h in hands]


def test_eval_json_exact_text():
    result = invoke("eval", "-k", "low_8", "--format", "json", "9c 5d 4h 2s Ac", "As 2c 3d 4h 6s")
    assert result.stdout == (
        "[\n"
        "  {\n"
        '    "cards": "9c 5d 4h 2s Ac",\n'
        '    "low_8": null\n'
        "  },\n"
        "  {\n"
        '    "cards": "As 2c 3d 4h 6s",\n'
        '    "low_8": {\n'
        f'      "value": {FLIP - 0x064321},\n'
        '      "category": "6-low",\n'
        '      "description": "6-4-3-2-A low"\n'
        "    }\n"
        "  }\n"
        "]\n"
    )


# --- table and CSV ------------------------------------------------------------------------


def table_rows(hand: str, kinds=KINDS):
    label, by_kind = KNOWN[hand]
    rows = []
    for kind in kinds:
        e = by_kind[kind]
        value, category, description = (0, "no low", "no low") if e is None else e
        rows.append([label, kind, str(value), category, description])
    return rows


def test_eval_table():
    hands = ["(As Kd) Ah Kh 7c 7d (2s)", "As 2c 3d 4h 6s", "Ac Kd Qh Js Tc"]
    result = invoke("eval", *hands)
    lines = result.stdout.splitlines()
    assert re.split(r"\s{2,}", lines[0]) == ["hand", "kind", "value", "category", "description"]
    assert set(lines[1]) == {"-", " "}
    # Columns are separated by two or more spaces; no cell holds two spaces in a row.
    assert [re.split(r"\s{2,}", line.rstrip()) for line in lines[2:]] == [
        row for h in hands for row in table_rows(h)
    ]
    for text in ("Two pair, aces and kings (A-A-K-K-7)", "6-4-3-2-A low", "K-Q-J-T-A low"):
        assert text in result.stdout


def test_eval_table_is_the_default_and_one_kind():
    assert invoke("eval", "As 2c 3d 4h 5s").stdout == invoke(
        "eval", "--format", "table", "--kind", "all", "As 2c 3d 4h 5s"
    ).stdout
    lines = invoke("eval", "--kind", "low_a6", "As 2c 3d 4h 5s").stdout.splitlines()
    assert len(lines) == 3
    assert re.split(r"\s{2,}", lines[2]) == table_rows("As 2c 3d 4h 5s", ("low_a6",))[0]
    assert "Straight, five high (5-4-3-2-A)" in lines[2]


def test_eval_csv_exact():
    result = invoke("eval", "--format", "csv", "As 2c 3d 4h 5s")
    assert result.stdout == (
        "hand,kind,value,category,description\n"
        f'As 2c 3d 4h 5s,high,{0x450000},straight,"Straight, five high (5-4-3-2-A)"\n'
        f"As 2c 3d 4h 5s,low_a5,{FLIP - 0x054321},5-low,5-4-3-2-A low\n"
        f"As 2c 3d 4h 5s,low_8,{FLIP - 0x054321},5-low,5-4-3-2-A low\n"
        f'As 2c 3d 4h 5s,low_a6,{FLIP - 0x450000},straight,"Straight, five high (5-4-3-2-A)"\n'
        f"As 2c 3d 4h 5s,low_27,{FLIP - 0x0E5432},ace high,Ace high (A-5-4-3-2)\n"
    )


@pytest.mark.parametrize("kind", ["all", *KINDS])
def test_eval_csv_one_row_per_hand_and_kind(kind):
    hands = ["(As Kd) Ah Kh 7c 7d (2s)", "Ts Js Qs Ks As", "(As 2c) 3d 4h 5s 6d (Kh)"]
    result = invoke("eval", "--format", "csv", "--kind", kind, *hands)
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows[0] == ["hand", "kind", "value", "category", "description"]
    kinds = KINDS if kind == "all" else (kind,)
    assert rows[1:] == [row for h in hands for row in table_rows(h, kinds)]


# --- entry points --------------------------------------------------------------------------
# The real entry points run as subprocesses, all started at once (each pays ~0.4 s of imports).

PYTHON_M = [sys.executable, "-m", "studodds"]
CONSOLE = [str(STUDODDS)]
GOOD = ["eval", "--format", "json", "(As Kd) Ah Kh 7c 7d (2s)", "As 2c 3d 4h 6s"]
BAD = ["eval", "As Kd Qh Jh Ax"]
SUBPROCESSES = {
    "python -m studodds": PYTHON_M + GOOD,
    "studodds": CONSOLE + GOOD,
    "studodds, error": CONSOLE + BAD,
    "studodds, no arguments": CONSOLE,
}


@pytest.fixture(scope="module")
def ran():
    """{name: (exit code, stdout, stderr)} for SUBPROCESSES, plus "broken pipe"."""
    pipe = subprocess.PIPE
    procs = {name: subprocess.Popen(cmd, stdout=pipe, stderr=pipe) for name, cmd in SUBPROCESSES.items()}
    # `studodds eval ... | head -c0`: the reader is gone before anything is written.
    procs["broken pipe"] = subprocess.Popen(CONSOLE + ["eval", "As 2c 3d 4h 6s"], stdout=pipe, stderr=pipe)
    procs["broken pipe"].stdout.close()
    results = {}
    for name, proc in procs.items():
        out, err = proc.communicate(timeout=120)
        results[name] = (proc.returncode, (out or b"").decode(), err.decode())
    return results


@pytest.mark.parametrize("name", ["python -m studodds", "studodds"])
def test_entry_points(name, ran):
    code, out, err = ran[name]
    assert code == 0, err
    assert err == ""
    assert json.loads(out) == [
        expected_json("(As Kd) Ah Kh 7c 7d (2s)"),
        expected_json("As 2c 3d 4h 6s"),
    ]


def test_entry_point_error(ran):
    code, out, err = ran["studodds, error"]
    assert code == 2
    line = assert_one_error_line(err, out)
    assert line == "Error: 'Ax' is not a card: rank 2-9 T J Q K A then suit c d h s"


def test_entry_point_no_arguments_prints_help(ran):
    code, out, err = ran["studodds, no arguments"]
    assert code == 0
    assert err == ""
    assert out.startswith("Usage: studodds [OPTIONS] COMMAND [ARGS]...")
    assert "eval" in out


def test_broken_pipe_is_silent(ran):
    code, _, err = ran["broken pipe"]
    assert err == ""
    assert code in (0, 1)


def test_broken_pipe_exits_quietly_with_code_1(ran):
    """click catches EPIPE itself and exits 1 without a word; we keep its convention."""
    assert ran["broken pipe"][0] == 1


# --- help ----------------------------------------------------------------------------------


def test_no_arguments_prints_help(capsys):
    code, out, err = call_main([], capsys)
    assert code == 0
    assert err == ""
    assert out.startswith("Usage: studodds [OPTIONS] COMMAND [ARGS]...")
    assert "Stud poker odds" in out
    assert "eval" in out


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_eval_help(flag, capsys):
    code, out, err = call_main(["eval", flag], capsys)
    assert code == 0
    assert err == ""
    assert out.startswith("Usage: studodds eval [OPTIONS] HANDS...")
    assert 'studodds eval "(As Kd) Ah Kh 7c 7d (2s)" "As 2c 3d 4h 6s"' in out
    assert "[default: all]" in out
    assert "[default: table]" in out


def test_version(capsys):
    code, out, err = call_main(["--version"], capsys)
    assert (code, out, err) == (0, "studodds, version 0.1.0\n", "")


# --- errors --------------------------------------------------------------------------------

ERRORS = {
    "unknown card": (["eval", "As Kd Qh Jh Ax"], ["'Ax' is not a card"]),
    "unknown card in stud": (["eval", "(As Kd) Qh Jh Ax"], ["'Ax'"]),
    "duplicate card": (["eval", "As Kd Qh Jh As"], ["'As'", "twice"]),
    "duplicate card in stud": (["eval", "(As Kd) Qh Jh Th As"], ["'As'", "twice"]),
    "too few cards": (["eval", "As Kd Qh Jh"], ["4 cards", "5 to 7"]),
    "too few cards in stud": (["eval", "(As Kd) Qh Jh"], ["4 cards", "5 to 7"]),
    "too many cards": (["eval", "As Kd Qh Jh Th 9h 8h 7h"], ["8 cards", "5 to 7"]),
    "too many up cards": (["eval", "(As Kd) Qh Jh Th 9h 8h"], ["up cards"]),
    "no cards": (["eval", ""], ["0 cards"]),
    "unknown kind": (["eval", "--kind", "razz", "As 2c 3d 4h 6s"], ["'razz'", "--kind"]),
    "unknown kind, short option": (["eval", "-k", "hi", "As 2c 3d 4h 6s"], ["'hi'"]),
    "unknown option": (["eval", "--colour", "As 2c 3d 4h 6s"], ["--colour"]),
    "unknown option before command": (["--verbose", "eval", "As 2c 3d 4h 6s"], ["--verbose"]),
    "unknown format": (["eval", "--format", "xml", "As 2c 3d 4h 6s"], ["'xml'", "--format"]),
    "missing option value": (["eval", "As 2c 3d 4h 6s", "--format"], ["--format"]),
    "missing HAND": (["eval"], ["Missing argument"]),
    "missing HAND after options": (["eval", "--kind", "high"], ["Missing argument"]),
    "unknown command": (["oddz", "As 2c 3d 4h 6s"], ["'oddz'"]),
    "x in eval": (["eval", "(As x) Qh Jh Th 9h"], ["'x'", "known"]),
    "? in eval": (["eval", "(As Kd) Qh Jh Th 9h (?)"], ["known"]),
    "x in a plain list": (["eval", "As Kd Qh Jh x"], ["'x' is not a card"]),
    "unclosed (": (["eval", "(As Kd Qh Jh Th"], ["unclosed '('"]),
    "stray )": (["eval", "(As Kd)) Qh Jh Th"], ["')'"]),
    ") without (": (["eval", "As Kd) Qh Jh Th"], ["')'"]),
    "nested (": (["eval", "((As Kd) Qh Jh Th"], ["nested"]),
    "empty group": (["eval", "() As Kd Qh Jh Th"], ["empty group"]),
    "three hole cards": (["eval", "(As Kd Qh) Jh Th"], ["at most 2 hole cards"]),
    "river too early": (["eval", "(As Kd) Qh Jh Th (9h)"], ["river"]),
    "one bad hand among good ones": (
        ["eval", "As 2c 3d 4h 6s", "As 2c 3d 4h 6s 6s"],
        ["'6s'", "twice"],
    ),
}


@pytest.mark.parametrize("argv, fragments", list(ERRORS.values()), ids=list(ERRORS))
def test_errors(argv, fragments, capsys):
    code, out, err = call_main(argv, capsys)
    assert code == 2
    line = assert_one_error_line(err, out)
    for fragment in fragments:
        assert fragment in line


def test_error_messages_exact(capsys):
    cases = [
        (
            ["eval", "As Kd Qh Jh Ax"],
            "Error: 'Ax' is not a card: rank 2-9 T J Q K A then suit c d h s",
        ),
        (["eval", "As Kd Qh Jh"], "Error: 'As Kd Qh Jh' has 4 cards: eval takes 5 to 7 known cards"),
        (["eval", "(As Kd Qh Jh Th"], "Error: '(As Kd Qh Jh Th': unclosed '('"),
        (["eval", "(As x) Qh Jh Th 9h"], "Error: '(As x) Qh Jh Th 9h': eval needs every card known, not 'x'"),
        (["eval", "As Kd Qh Jh As"], "Error: card 'As' appears twice in 'As Kd Qh Jh As'"),
    ]
    for argv, expected in cases:
        code, out, err = call_main(argv, capsys)
        assert (code, out, err) == (2, "", expected + "\n")


def test_usage_errors_point_to_help(capsys):
    code, out, err = call_main(["eval", "--kind", "razz", "As 2c 3d 4h 6s"], capsys)
    assert code == 2
    assert assert_one_error_line(err, out).endswith("(see 'studodds eval --help')")
    code, out, err = call_main(["--verbose"], capsys)
    assert code == 2
    assert assert_one_error_line(err, out).endswith("(see 'studodds --help')")


@pytest.mark.parametrize("typed, suggested", [
    ("--trails", "Did you mean '--trials'?"),  # click also offered --range-file, --threads
    ("--seeds", "Did you mean '--seed'?"),
    ("--dead-cards", "(Did you mean one of: '--dead', '--declare'?)"),
])
def test_a_mistyped_option_gets_the_nearest_names(typed, suggested, capsys):
    code, out, err = call_main(["equity", "(As Ks) Ah", "(x x) Qd", typed, "1"], capsys)
    assert code == 2
    assert assert_one_error_line(err, out) == (f"Error: No such option '{typed}'. {suggested} "
                                               "(see 'studodds equity --help')")


def test_error_after_good_hand_prints_no_results(capsys):
    # Every hand is read before anything is printed: results only when all are good.
    code, out, err = call_main(["eval", "As 2c 3d 4h 6s", "Ax"], capsys)
    assert code == 2
    assert_one_error_line(err, out)


# --- fuzzing -------------------------------------------------------------------------------

CARDISH = "AKQJT98765432cdhsx?() ,♠♥10|-\n"
hand_text = st.text(max_size=30) | st.text(alphabet=CARDISH, max_size=30)
card_token = st.sampled_from([r + s for r in "AKQJT98765432" for s in "cdhs"] + ["x", "(", ")"])
cardish_hand = st.lists(card_token, min_size=0, max_size=9).map(" ".join)
option_value = st.text(max_size=12) | st.sampled_from(["all", *KINDS, "table", "json", "csv"])

FUZZ = settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
)


def call_quietly(argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def check_outcome(code, out, err):
    assert code in (0, 2), (code, out, err)
    assert "Traceback" not in out + err
    if code == 2:
        assert_one_error_line(err, out)
    else:
        assert err == ""
        assert out


@FUZZ
@given(hands=st.lists(hand_text | cardish_hand, min_size=1, max_size=3))
def test_fuzz_hands(hands):
    check_outcome(*call_quietly(["eval", *hands]))


@FUZZ
@given(
    hands=st.lists(cardish_hand, min_size=1, max_size=3),
    kind=option_value,
    fmt=option_value,
)
def test_fuzz_options(hands, kind, fmt):
    code, out, err = call_quietly(["eval", "--kind", kind, "--format", fmt, *hands])
    check_outcome(code, out, err)
    if code == 0 and fmt == "json":
        data = json.loads(out)
        assert len(data) == len(hands)
        wanted = KINDS if kind == "all" else (kind,)
        assert all(list(d) == ["cards", *wanted] for d in data)


@FUZZ
@given(args=st.lists(st.text(max_size=12) | st.sampled_from(["eval", "--kind", "--format"]),
                     max_size=5))
def test_fuzz_whole_command_line(args):
    code, out, err = call_quietly(args)
    assert code in (0, 2), (code, out, err)
    if code == 2:
        assert_one_error_line(err, out)


@pytest.mark.parametrize("option", ["--ante", "--bring-in", "--small", "--big"])
def test_rules_limits_huge_amounts_are_one_error_line(capsys, option):
    amounts = {"--ante": "1", "--bring-in": "1", "--small": "2", "--big": "4"}
    amounts[option] = "1e1000000"
    argv = ["rules", "limits"] + [x for kv in amounts.items() for x in kv]
    code, out, err = call_main(argv, capsys)
    line = assert_one_error_line(err, out)
    assert code == 2 and "1E+1000000" in line and "at most" in line
