"""`studodds chart`: spots through the batch runner, files written, resumed, errors."""

from __future__ import annotations

import csv
import json

from studodds.cli import main

PAIRS = "(A A) K,(K K) Q KQs,(7 7) 2"
RAZZ_PAIRS = "(A A) K,(K K) Q,(7 7) 2"  # razz: no suits in a class


def chart(tmp_path, capsys, *args):
    code = main(["chart", "-o", str(tmp_path / "c"), *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_vs_random_writes_every_file_and_a_ranked_table(tmp_path, capsys):
    code, out, err = chart(tmp_path, capsys, "-g", "razz", "--select", RAZZ_PAIRS, "--trials",
                           "20000")
    assert code == 0, err
    assert err.splitlines()[-1] == "wrote " + ", ".join(
        str(tmp_path / f"c.{ext}") for ext in ("csv", "json", "png"))
    assert (tmp_path / "c.png").read_bytes().startswith(b"\x89PNG")
    rows = list(csv.DictReader((tmp_path / "c.csv").open()))
    assert rows[0]["hero"] == "(7 7) 2"  # razz: the low pair is best
    assert sorted(r["hero"] for r in rows) == sorted(RAZZ_PAIRS.split(","))
    data = json.loads((tmp_path / "c.json").read_text())
    assert data["game"] == "razz" and data["vs"] == "random" and len(data["rows"]) == 3
    assert out.splitlines()[0].split()[:2] == ["rank", "hero"] and "overall:" in out
    header, *results = (tmp_path / "c.results.jsonl").read_text().splitlines()
    assert json.loads(header) == {"studodds": "batch results", "version": 1}
    assert len(results) == 3 and all(json.loads(r)["trials"] == 20000 for r in results)


def test_a_rerun_resumes_and_gives_the_same_chart(tmp_path, capsys):
    args = ("-g", "stud7", "--select", PAIRS, "--trials", "5000", "--no-png", "--format",
            "json")
    code, first, _ = chart(tmp_path, capsys, *args)
    assert code == 0 and not (tmp_path / "c.png").exists()
    lines = (tmp_path / "c.results.jsonl").read_text().splitlines()
    (tmp_path / "c.results.jsonl").write_text("\n".join(lines[:2]) + "\n")  # lose two of 3
    code, second, err = chart(tmp_path, capsys, *args)
    assert code == 0 and "2 done, 1 skipped (already present)" in err
    assert json.loads(first) == json.loads(second)


def test_another_chart_under_the_same_prefix_is_refused(tmp_path, capsys):
    chart(tmp_path, capsys, "-g", "stud7", "--select", PAIRS, "--trials", "2000", "--no-png")
    code, out, err = chart(tmp_path, capsys, "-g", "stud7", "--select", PAIRS, "--trials",
                           "3000", "--no-png")
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "holds the spots of a different chart" in err


def test_vs_classes_prints_the_matrix_and_is_exact(tmp_path, capsys):
    code, out, err = chart(tmp_path, capsys, "-g", "stud7", "--vs", "classes", "--select",
                           "(A A) A,(K K) K,(7 6) 5 765s", "--no-png", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    matrix = data["matrix"]["equity"]
    assert matrix[0][0] is None  # two rolled-up aces cannot both be dealt
    for i in range(3):
        for j in range(3):
            if matrix[i][j] is not None:
                assert abs(matrix[i][j] + matrix[j][i] - 1) < 1e-12
    assert {r["method"] for r in data["rows"] if r["method"]} == {"exact"}


def test_bad_class_label_is_one_line(tmp_path, capsys):
    code, out, err = chart(tmp_path, capsys, "--select", "(A A) Z")
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert err.startswith("Error: ") and "(A A) Z" in err


def test_bad_method_fails_before_any_spot_is_written(tmp_path, capsys):
    code, out, err = chart(tmp_path, capsys, "-g", "razz", "--select", "rolled", "--precision",
                           "0")
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and "precision" in err
    assert not (tmp_path / "c.spots.jsonl").exists()  # so a corrected rerun is not refused


def test_unwritable_prefix_is_one_line(tmp_path, capsys):
    code = main(["chart", "--select", "rolled", "-o", str(tmp_path / "missing" / "c")])
    err = capsys.readouterr().err
    assert code == 2 and len(err.splitlines()) == 1 and "No such file or directory" in err


def test_empty_selection_and_exact_multiway_are_refused(tmp_path, capsys):
    code, _, err = chart(tmp_path, capsys, "--select", ",")
    assert code == 2 and "names no class" in err
    code, _, err = chart(tmp_path, capsys, "--exact", "--opponents", "2")
    assert code == 2 and "only heads-up is counted exactly" in err


def test_a_folder_as_prefix_is_refused(tmp_path, capsys):
    code = main(["chart", "-o", str(tmp_path) + "/"])
    err = capsys.readouterr().err
    assert code == 2 and "is a folder" in err and len(err.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_one_in_as_players_say_it():
    from studodds.cli.chart import one_in

    assert one_in(52, 22_100) == "1 in 425"       # rolled up, any rank
    assert one_in(4, 22_100) == "1 in 5,525"      # rolled-up aces
    assert one_in(12, 22_100) == "1 in 1,842"     # 1,841.67
    assert one_in(4, 1_326) == "1 in 332"         # 331.5, rounded half up
    assert one_in(12, 1_326) == "1 in 111"        # 110.5: half up, not to even
    assert one_in(3_744, 22_100) == "1 in 5.9"    # a pair
    assert one_in(663, 1_326) == "1 in 2"
    assert one_in(22_100, 22_100) == "1 in 1"


def test_rolled_up_is_dealt_one_in_425(tmp_path, capsys):
    code, out, err = chart(tmp_path, capsys, "-g", "stud7", "--select", "rolled", "--trials",
                           "2000", "--no-png")
    assert code == 0, err
    header = out.splitlines()[0].split()
    assert header[:6] == ["rank", "hero", "combos", "dealt", "equity", "±"]
    assert out.count("1 in 5,525") == 13
    assert out.splitlines()[-1] == ("the 13 classes charted: 52 of the 22,100 starting hands, "
                                    "dealt 1 in 425")
    rows = list(csv.DictReader((tmp_path / "c.csv").open()))
    assert {r["dealt"] for r in rows} == {str(4 / 22_100)} and rows[0]["combos"] == "4"
    data = json.loads((tmp_path / "c.json").read_text())
    assert data["overall"]["dealt"] == 52 / 22_100 and data["overall"]["combos"] == 52


def test_razz_labels_without_suits_and_a_reordered_label_is_named(tmp_path, capsys):
    code, out, err = chart(tmp_path, capsys, "-g", "razz", "--select", "(3 2) A,(K K) K,(Q Q) 2",
                           "--trials", "2000", "--no-png")
    assert code == 0, err
    notes = [line for line in err.splitlines() if line.startswith("note:")]
    assert notes == [("note: charted (3 2) A as (A 3) 2: a class puts the pair, or the highest "
                      "ranks (ace high), in the hole and the lowest card up; which card is up "
                      "does not change its equity to showdown")]
    assert "(A 3) 2 " in out and "A32s" not in out and "1 in 345" in out  # 64 of 22,100
    category_header = next(line for line in out.splitlines() if line.startswith("category"))
    assert category_header.split() == ["category", "classes", "combos", "dealt", "equity"]
    assert "3-low" in out and "rolled up" in out
    (tmp_path / "d").mkdir()
    code, _, err = chart(tmp_path / "d", capsys, "-g", "razz", "--select", "(A 3) 2,(a 2) 3",
                         "--trials", "2000", "--no-png")
    assert code == 2 and "is selected twice (as '(A 3) 2' and '(a 2) 3'" in err
    code, _, err = chart(tmp_path / "d", capsys, "-g", "razz", "--select", "(A 3) 2,(a 4) 2",
                         "--trials", "2000", "--no-png")
    assert code == 0 and "note:" not in err  # the label's order, in any case: no note


def test_razz_refuses_flush3_and_suited_labels_in_one_line(tmp_path, capsys):
    code, out, err = chart(tmp_path, capsys, "-g", "razz", "--select", "flush3")
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert err.startswith("Error: ") and "'flush3'" in err
    assert "stud7, stud7hl8, stud7hl, razz27, razz6" in err
    code, out, err = chart(tmp_path, capsys, "-g", "razz", "--select", "(A 3) 2 A32s")
    assert code == 2 and len(err.splitlines()) == 1 and "write '(A 3) 2'" in err


def test_five_card_stud_chart(tmp_path, capsys):
    code, out, err = chart(tmp_path, capsys, "-g", "stud5", "--select", "pairs", "--opponents",
                           "9", "--trials", "1000", "--no-png", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["classes"] == 13 and data["opponents"] == 9
    assert data["overall"]["starting_hands"] == 1_326 and data["overall"]["combos"] == 78
    assert data["rows"][0]["hero"] == "(A) A" and data["rows"][0]["representative"] == "(As) Ah"
    assert data["rows"][0]["dealt"] == 6 / 1_326
    code, out, err = chart(tmp_path, capsys, "-g", "stud5", "--select", "rolled")
    assert code == 2 and len(err.splitlines()) == 1 and "stud5 starts with two cards" in err
