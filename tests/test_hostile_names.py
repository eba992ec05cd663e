"""Text from a hand history reaches neither the terminal nor a spreadsheet as commands
(issue 28, finding 7): a player name holding an escape sequence (a new window title, an
OSC 52 clipboard write), a bidi override or a spreadsheet formula is shown escaped in
tables and on stderr, made text in CSV, and kept exact in JSON."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest

from studodds.cli import main
from studodds.cli.render import render_csv

DATA = Path(__file__).parent / "data" / "handhistories"

TITLE = "Bob\x1b]0;TITLE\x07"  # sets the terminal's window title
CLIPBOARD = "\x1b]52;c;ZXZpbA==\x07Al"  # OSC 52: writes "evil" to the clipboard
BACKWARDS = "Ca\u202erol\x9b"  # a right-to-left override, and a C1 CSI
FORMULA = '=HYPERLINK("http://x")\u2066'  # and a left-to-right isolate after it
NAMES = {"Bob Smith": TITLE, "Alice": CLIPBOARD, "Carol": BACKWARDS, "Hero": FORMULA}
JUNK_LINE = "\x1b]0;FROM A LINE\x07 shuffles up"  # an unknown line: quoted in a warning

# What must not reach a terminal raw: C0 but the newline, DEL, C1, bidi controls.
RAW = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


@pytest.fixture
def hostile(tmp_path) -> Path:
    """Our seven-card stud fixture with every player renamed hostilely (the hero, who
    loses the hand, is the formula) and a junk line the reader warns about."""
    text = (DATA / "stud7_showdown.txt").read_text()
    for name, renamed in NAMES.items():
        text = text.replace(name, renamed)
    text = text.replace('said, "nh"\n', f'said, "nh"\n{JUNK_LINE}\n')
    path = tmp_path / "hands.txt"
    path.write_text(text, encoding="utf-8")
    return path


def run(args, capsys) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_table_and_warnings_show_names_escaped(hostile, capsys):
    code, out, err = run(["replay", str(hostile), "--trials", "500"], capsys)
    assert code == 0
    assert not RAW.search(out) and not RAW.search(err)
    assert "Bob\\x1b]0;TITLE\\x07" in out and "\\x1b]52;c;ZXZpbA==\\x07Al" in out
    assert "Ca\\u202erol\\x9b" in out
    assert "\\x1b]0;FROM A LINE\\x07 shuffles up (line ignored)" in err
    # Escaped names stay in their cells: the 13 rows (4 players on 3rd street, 3 on 4th,
    # 2 after) each have both equities, and the rules line follows.
    lines = out.splitlines()
    assert all(line.count("%") == 2 for line in lines[3:16]) and lines[16].startswith("rules:")


def test_a_newline_or_tab_in_a_name_does_not_break_the_table(tmp_path, capsys):
    """Line-based files cannot hold a newline in a name; PHH (TOML) can."""
    text = (DATA / "phh_stud7_side_pot.phh").read_text()
    text = text.replace("'Cy Young'", '"Cy\\tYo\\nung"')
    path = tmp_path / "hand.phh"
    path.write_text(text)
    code, out, _ = run(["replay", str(path), "--trials", "500"], capsys)
    assert code == 0 and not RAW.search(out)
    assert "Cy\\tYo\\nung" in out
    table = out.split("\n\n")[0].splitlines()
    assert all(line.count("%") == 2 for line in table[3:])  # each row whole


def test_csv_cells_are_text_and_numbers_stay_numbers(hostile, capsys):
    code, out, _ = run(["replay", str(hostile), "--trials", "500", "--format", "csv"], capsys)
    assert code == 0 and not RAW.search(out)
    rows = list(csv.DictReader(io.StringIO(out)))
    players = {row["player"] for row in rows}
    assert players == {"'=HYPERLINK(\"http://x\")\\u2066", "\\x1b]52;c;ZXZpbA==\\x07Al",
                       "Bob\\x1b]0;TITLE\\x07",
                       "Ca\\u202erol\\x9b"}
    for row in rows:
        float(row["pot"]), float(row["equity_hero_view"]), float(row["equity_revealed"])


def test_summary_escapes_the_hero_and_keeps_a_loss_a_number(hostile, capsys):
    code, out, _ = run(["replay", str(hostile), "--summary", "--trials", "500",
                        "--format", "csv"], capsys)
    assert code == 0
    (row,) = csv.DictReader(io.StringIO(out))
    assert row["net"] == "-26.25"  # the hero's loss: a number a spreadsheet sums
    code, out, err = run(["replay", str(hostile), "--summary", "--trials", "500"], capsys)
    assert code == 0 and not RAW.search(out) and not RAW.search(err)
    assert out.startswith('=HYPERLINK("http://x")\\u2066: 1 stud hand dealt')


def test_json_keeps_the_names_exact_and_nothing_raw(hostile, capsys):
    code, out, _ = run(["replay", str(hostile), "--trials", "500", "--format", "json"],
                       capsys)
    assert code == 0 and not RAW.search(out)  # \u202e, \u009b: escapes in the JSON text
    (hand,) = json.loads(out)
    assert {p["name"] for p in hand["streets"][0]["players"]} == set(NAMES.values())


def test_an_error_quoting_the_file_is_escaped(tmp_path, capsys):
    """A PHH hand's id is any text the file gives; an error naming the hand quotes it,
    and so do the title line and a note naming a player (Dee's door card unknown)."""
    text = (DATA / "phh_stud7_side_pot.phh").read_text()
    text = text.replace("hand = 'Sunday-12'", 'hand = "Sunday\\u001b]0;TITLE\\u0007-12"')
    text = text.replace("'Dee'", '"Dee\\u001b]0;NOTE\\u0007"').replace("????Kd", "??????")
    path = tmp_path / "hand.phh"
    path.write_text(text)
    code, out, err = run(["replay", str(path), "--hero", "Nobody"], capsys)
    assert code == 2 and out == "" and not RAW.search(err)
    assert err.startswith("Error: --hero 'Nobody' is not at the table in hand "
                          "Sunday\\x1b]0;TITLE\\x07-12")
    code, out, err = run(["replay", str(path), "--trials", "500"], capsys)
    assert code == 0 and not RAW.search(out)
    assert out.startswith("hand Sunday\\x1b]0;TITLE\\x07-12: Seven-card stud")
    assert ("3rd street is not replayed: the file does not show every up card of "
            "Dee\\x1b]0;NOTE\\x07") in out


def test_csv_neutralises_formulas_but_not_numbers():
    """OWASP's CSV injection advice: text starting = + - @ (tab, return) gets an
    apostrophe; a number, or text that is a plain number, is left a number."""
    cells = {"=1+2": "'=1+2", "+1-2": "'+1-2", "-1+2": "'-1+2", "@SUM(A1)": "'@SUM(A1)",
             "\t=1": "\\t=1", "-12.50": "-12.50", "-0.5": "-0.5", "+3": "+3",
             "1e-05": "1e-05", -0.5: "-0.5", 3: "3", "Bob": "Bob"}
    written = render_csv(["cell"], [[cell] for cell in cells]).splitlines()[1:]
    assert dict(zip(cells, written, strict=True)) == cells


def test_a_dollar_in_the_heros_name_is_drawn_as_it_is(tmp_path, capsys):
    """matplotlib reads $...$ as mathtext: a name like $\\frac{a}$ stopped the PNG."""
    pytest.importorskip("matplotlib")
    text = (DATA / "stud7_showdown.txt").read_text().replace("Hero", "$\\frac{a}$")
    path = tmp_path / "hands.txt"
    path.write_text(text)
    png = tmp_path / "session.png"
    code, _, err = run(["replay", str(path), "--summary", "--trials", "500", "--png",
                        str(png)], capsys)
    assert code == 0, err
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
