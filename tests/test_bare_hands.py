"""Hands written without parentheses (issue 32): `studodds equity "AS KS AH" "QD 7C 2H"`
asks 5th street with every card face up, though the player may have meant As Ks as the
hole cards. When every hand is written so and a hole-card reading fits, the CLI says on
stderr how the hands were read and how to write the other reading; stdout is unchanged.
"""

from __future__ import annotations

import json

import pytest

from studodds.cli import main, render
from studodds.equity import equity

SEVEN = ("studodds: read each hand as up cards only, on 5th street with the hole cards "
         "unknown; if the first two cards of each are the hole cards (3rd street), write "
         "'(As Ks) Ah' '(Qd 7c) 2h'\n")


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_equity_says_on_stderr_how_the_hands_were_read(capsys):
    code, out, err = run(capsys, "equity", "AS KS AH", "QD 7C 2H")
    assert code == 0 and err == SEVEN
    assert "read each hand" not in out and "stud7 on 5th street" in out


def test_json_output_is_unchanged(capsys):
    code, out, err = run(capsys, "equity", "--format", "json", "AS KS AH", "QD 7C 2H")
    assert code == 0 and err == SEVEN
    # stdout is the library's answer in JSON, nothing added.
    result = equity("stud7", ["AS KS AH", "QD 7C 2H"])
    assert out == render.write(render.equity_report(result), "json") + "\n"
    assert json.loads(out)["street"] == "5th street"


def test_five_card_stud_two_cards_are_3rd_street_or_2nd_with_the_hole_card(capsys):
    code, out, err = run(capsys, "equity", "-g", "stud5", "Ah Kd", "Qc 7s")
    assert code == 0 and "on 3rd street" in out
    assert err == ("studodds: read each hand as up cards only, on 3rd street with the hole "
                   "card unknown; if the first card of each is the hole card (2nd street), "
                   "write '(Ah) Kd' '(Qc) 7s'\n")


def test_next_and_declare_say_it_too(capsys):
    code, out, err = run(capsys, "next", "--exact", "Ah Kd Qc Jh", "7s 7d 2c 2h")
    assert code == 0 and "read each hand" not in out
    assert err == ("studodds: read each hand as up cards only, on 6th street with the hole "
                   "cards unknown; if the first two cards of each are the hole cards (4th "
                   "street), write '(Ah Kd) Qc Jh' '(7s 7d) 2c 2h'\n")
    code, out, err = run(capsys, "declare", "--exact", "Ah 2d 3c", "Kc Ks 9d")
    assert code == 0 and "read each hand" not in out
    assert err.startswith("studodds: read each hand as up cards only, on 4th street with the "
                          "hole card unknown; if the first card of each is the hole card (3rd "
                          "street), write '(Ah) 2d 3c' '(Kc) Ks 9d'")


# (game, hands, whether the note is said); a refused question gets only its error.
CASES = [
    ("stud7", ["As Ks Ah", "Qd 7c 2h"], True),
    ("razz", ["As 2s 3h 4h", "Kd Qd Jc Tc"], True),
    ("stud5hl", ["As 2s 3h 4h", "Kd Qd Jc Tc"], True),
    # Any hand with parentheses, or 'random': the writer knows the notation.
    ("stud7", ["(As Ks) Ah", "Qd 7c 2h"], False),
    ("stud7", ["As Ks Ah", "(x x) Qd 7c 2h"], False),
    ("stud7", ["As Ks Ah", "random"], False),
    # Cards that fit no hole-card reading: two cards are hole cards without a door card.
    ("stud7", ["As Ks", "Qd 7c"], False),
    ("stud5", ["As", "Qd"], False),
    # Hands on different streets either way.
    ("stud7", ["As Ks Ah", "Qd 7c 2h 3h"], False),
    # With a community card: six own cards each, which the other reading is not.
    ("stud7", ["--community", "9s", "Ah Kd Qc Jh", "2c 3c 4c 5c", "6h 6d 7h 7d",
               "8h 8d 9h 9d", "Th Td Jc Js", "Qh Qd Kh Ks", "Ac Ad 2h 2d", "3h 3d 4h 4d"],
     False),
]


def test_the_note_only_when_every_hand_is_bare_and_fits_hole_cards(capsys):
    for game, hands, note in CASES:
        code, _, err = run(capsys, "equity", "-g", game, "--trials", "500", "--seed", "1",
                           *hands)
        assert err.startswith("studodds: read each hand as up cards only") is note, (hands, err)
        if code == 2:
            assert err.startswith("Error: ") and err.count("\n") == 1, (hands, err)
        else:
            assert code == 0 and err.count("\n") == note, (hands, err)


@pytest.mark.parametrize("game, hands, fix", [
    ("stud7", ["As Ks Ah", "(x x) Qd"], "if As and Ks are in the hole, write '(As Ks) Ah'"),
    ("stud7", ["(x x) Qd", "As Ks Ah"], "if As and Ks are in the hole, write '(As Ks) Ah'"),
    ("stud5", ["As Ks", "(x) Qd"], "if As is in the hole, write '(As) Ks'"),
])
def test_a_bare_hand_beside_written_ones_is_told_its_parentheses(game, hands, fix, capsys):
    """A new user's 'As Ks Ah' beside '(x x) Qd' is five cards (5th street) against three:
    the refusal says how to write the hole cards (a tester's, on the page)."""
    code, out, err = run(capsys, "equity", "-g", game, *hands)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("Error: players are on different streets: ")
    assert err.rstrip().endswith("; written without parentheses, every card is an up card: "
                                 + fix)


def test_no_parentheses_hint_when_no_up_card_would_be_left(capsys):
    """'As Ks' beside '(x x)': as hole cards they would leave no door card to write."""
    code, _, err = run(capsys, "equity", "As Ks", "(x x)")
    assert code == 2 and "players are on different streets" in err
    assert "written without parentheses" not in err
