"""`studodds replay FILE --decisions`: each decision of the hero with its price, as a
table, JSON or CSV, with the sentence saying what the price ignores; bad options and
hands that cannot be priced are one line each."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest

from studodds.cli import main
from studodds.histories import parse_file
from studodds.review.decisions import IGNORES, decisions_of

PRICED = Path(__file__).parent / "data" / "review" / "decisions_priced.txt"


def test_table_lists_each_decision_and_says_what_it_ignores(capsys):
    assert main(["replay", str(PRICED), "--decisions"]) == 0
    out, _ = capsys.readouterr()
    assert re.search(r"^350000000001\s+Hero\s+6th\s+call\s+4\s+32\.75\s+10\.9%\s+0\.0%\s+"
                     r"1\.00$", out, re.MULTILINE)
    assert re.search(r"^350000000002\s+Hero\s+7th\s+fold\s+4\s+34\.75\s+10\.3%\s+98\.8%\s+"
                     r"8\.57$", out, re.MULTILINE)
    assert "costliest: hand 350000000002, 7th street, fold: 8.57 big bets" in out
    assert out.rstrip().endswith(IGNORES)
    assert out.count("\n350000000") == 19  # every decision of the three hands


def test_json_is_the_decisions_and_the_note(capsys):
    assert main(["replay", str(PRICED), "--decisions", "--format", "json",
                 "--hand", "350000000003"]) == 0
    data = json.loads(capsys.readouterr()[0])
    assert data["note"] == IGNORES
    hand = next(h for h in parse_file(PRICED)[0] if h.hand_id == "350000000003")
    assert data["decisions"] == [d.to_dict() for d in decisions_of(hand)]


def test_csv_columns_are_the_decision_fields_and_the_note_goes_to_stderr(capsys):
    assert main(["replay", str(PRICED), "--decisions", "--format", "csv"]) == 0
    out, err = capsys.readouterr()
    rows = list(csv.DictReader(io.StringIO(out)))
    assert list(rows[0]) == ["hand_id", "room", "street", "action_index", "player", "kind",
                             "facing", "pot", "big_bet", "equity", "equity_se", "method",
                             "ranges", "needed", "cost_big_bets", "computed_with"]
    assert len(rows) == 19
    check = next(r for r in rows if r["kind"] == "check")
    assert check["needed"] == check["cost_big_bets"] == ""
    assert err.strip() == IGNORES


def test_ranges_per_opponent(capsys):
    assert main(["replay", str(PRICED), "--decisions", "--hand", "350000000001",
                 "--ranges", "Villain=top30%", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr()[0])
    assert {d["ranges"] for d in data["decisions"]} == {"Villain: top30%"}


@pytest.mark.parametrize(("args", "message"), [
    (["--ranges", "top20%"], "--ranges is an option of the decisions: add --decisions"),
    (["--decisions", "--summary"], "--summary and --decisions answer different questions"),
    (["--decisions", "--ranges", "a", "--ranges", "b"], "one range for every opponent is"),
    (["--decisions", "--ranges", "a", "--ranges", "B=c"], "write each as NAME=RANGE"),
    (["--decisions", "--precision", "0"], "precision is a standard error from"),
    (["--decisions", "--hand", "350000000002", "--hero", "Ann"],
     "hand 350000000002 does not show the hole cards of 'Ann'"),
    (["--decisions", "--hand", "350000000002", "--ranges", "Ann=top200%"],
     "hand 350000000002, 3rd street (player 2 is Ann): "),
])
def test_bad_input_is_one_line(capsys, args, message):
    assert main(["replay", str(PRICED), *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("Error: ")
    assert message in err


def test_hands_that_cannot_be_priced_are_warnings(capsys):
    # Villain sits only in hand 1, where he showed his cards: the others are warnings.
    # Ann sits only in hand 2, which does not show her cards: nothing to price.
    assert main(["replay", str(PRICED), "--decisions", "--hero", "Villain",
                 "--format", "json"]) == 0
    out, err = capsys.readouterr()
    assert {d["hand_id"] for d in json.loads(out)["decisions"]} == {"350000000001"}
    assert err.count("warning: ") == 2 and "(left out)" in err
    assert main(["replay", str(PRICED), "--decisions", "--hero", "Ann"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.splitlines()[-1].startswith("Error: no decision in ")
