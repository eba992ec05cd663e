"""Starting hands by door card (studodds/starting/door.py): a buried pair and a split pair
are told apart, every deal of the first street falls in exactly one door class, and a
chart can list them (`studodds chart --by-door`).

The reference is a brute force over every deal of three cards with its door card told
apart (22,100 hands, each with any of its three cards up: 66,300), with this file's own
reading of buried and split."""

from __future__ import annotations

import csv
import json
from collections import Counter
from itertools import combinations

import pytest

from studodds.chart import ChartError, chart_spots, chart_table
from studodds.cli import main
from studodds.starting.classes import class_by_label, class_of, classes
from studodds.starting.door import door_class_of, door_classes, first_street_deals


def pair_kind(hole, door) -> str | None:
    """Buried: both hole cards of one rank, the door card of another. Split: the door card
    and exactly one hole card of one rank. Seven-card stud's words, read from the cards."""
    ranks = [c // 4 for c in hole]
    if ranks[0] == ranks[1] != door // 4:
        return "buried"
    if ranks.count(door // 4) == 1:
        return "split"
    return None


def every_deal(cards: int = 3):
    """Each starting hand once per choice of door card: (hole cards, door card)."""
    for hand in combinations(range(52), cards):
        for door in hand:
            yield tuple(c for c in hand if c != door), door


def test_every_deal_is_in_one_door_class_with_its_pair_kind():
    counted = Counter()
    for hole, door in every_deal():
        found = door_class_of((*hole, door))
        assert found.pair_kind == pair_kind(hole, door), (hole, door)
        assert found.door_rank == door // 4
        counted[found] += 1
    assert sum(counted.values()) == 66_300 == first_street_deals(classes()[0].scheme)
    every = [d for c in classes() for d in door_classes(c)]
    assert len(set(every)) == len(every) == len({d.label for d in every})
    assert counted == {d: d.deals for d in every}


def test_a_pair_is_buried_a_third_of_the_time_and_split_two_thirds():
    deals = Counter()
    for c in classes():
        for d in door_classes(c):
            deals[d.pair_kind] += d.deals
    assert deals == {"buried": 3_744, "split": 7_488, None: 66_300 - 3 * 3_744}


def test_labels_say_which_card_is_up():
    assert door_class_of("(Kd 7d) Kc").label == "(K 7) K K7s"
    assert door_class_of("(Kd Kc) 7d").label == "(K K) 7 K7s"
    assert door_class_of("(7c Kd) Kc").pair_kind == "split"
    assert door_class_of("(Kd Kc) 7d").pair_kind == "buried"
    assert door_class_of("(Kd Kc) Kh").pair_kind is None
    assert door_class_of("(Ad 2c) 3h", "razz").label == "(A 2) 3"
    assert door_class_of("(3d 2c) Ah", "razz").label == "(3 2) A"
    # Five-card stud: one hole card cannot bury a pair; the door card still reads.
    back_to_back = door_class_of("(Kd) Kc", "stud5")
    assert back_to_back.pair_kind is None and back_to_back.label == "(K) K"
    assert [d.label for d in door_classes(class_by_label("(A) K AKs", "stud5"))] == [
        "(A) K AKs", "(K) A AKs"]
    kings = class_by_label("(K K) 7")
    assert [(d.label, d.pair_kind, d.representative) for d in door_classes(kings)] == [
        ("(K K) 7", "buried", "(Ks Kh) 7d"), ("(K 7) K", "split", "(Ks 7d) Kh")]
    assert all(class_of(d.representative) == kings for d in door_classes(kings))


def test_a_hand_without_its_door_card_is_refused():
    for text in ("Kd 7d Kc", "(Kd 7d)", "(Kd x) Kc", "(Kd 7d) Kc 2c"):
        with pytest.raises(ValueError, match="hole cards in parentheses, then the door card"):
            door_class_of(text)


def fake_results(spots):
    """A result per spot whose equity is the class's index, so rows can be told apart."""
    return [(s, {"method": "exact", "players": [
        {"equity": 1 / (2 + i), "win": 1 / (2 + i), "tie": 0.0}]}) for i, s in enumerate(spots)]


def test_a_chart_by_door_card_lists_each_class_once_per_door_rank():
    spots = chart_spots("stud7", selection="all")
    chart = chart_table(spots, fake_results(spots), by_door=True)
    records = chart.records()
    assert sum(r["deals"] for r in records) == 66_300
    assert sum(r["dealt"] for r in records) == pytest.approx(1.0)
    by_kind = Counter()
    for r in records:
        by_kind[r["pair"]] += r["deals"]
    assert by_kind == {"buried": 3_744, "split": 7_488, None: 55_068}
    plain = {r["hero"]: r for r in chart_table(spots, fake_results(spots)).records()}
    for r in records:  # the class's equity and rank, whatever card is up
        assert (r["equity"], r["rank"], r["combos"]) == (
            plain[r["hero"]]["equity"], plain[r["hero"]]["rank"], plain[r["hero"]]["combos"])
    kings = [r for r in records if r["hero"] == "(K K) 7"]
    assert [(r["hand"], r["pair"], r["door"], r["deals"]) for r in kings] == [
        ("(K K) 7", "buried", "7", 12), ("(K 7) K", "split", "K", 24)]
    assert list(kings[0])[:7] == ["rank", "hand", "hand_code", "pair", "door", "hero",
                                  "hero_code"]
    assert chart.to_dict()["by_door"] is True


def test_a_chart_by_door_card_is_against_random_hands():
    spots = chart_spots("stud7", "classes", selection=["AAK", "KKK"])
    with pytest.raises(ChartError, match=r"against random hands \(--vs random\)"):
        chart_table(spots, fake_results(spots), by_door=True)


def test_chart_by_door_on_the_command_line(tmp_path, capsys):
    prefix = str(tmp_path / "c")
    code = main(["chart", "--select", "(A A) K,(A K) Q", "--trials", "2000", "--no-png",
                 "--by-door", "-o", prefix])
    out, err = capsys.readouterr()
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].split() == ["rank", "hand", "pair", "class", "deals", "dealt", "equity",
                                "±", "95%"]
    assert lines[2].split()[:6] == ["1", "(A", "A)", "K", "buried", "(A"]
    assert "1 in 5,525" in lines[2] and "1 in 2,763" in lines[3]  # 12 and 24 of 66,300
    rows = list(csv.DictReader((tmp_path / "c.csv").read_text(encoding="utf-8").splitlines()))
    assert [r["hand"] for r in rows] == ["(A A) K", "(A K) A", "(A K) Q", "(A Q) K", "(K Q) A"]
    assert json.loads((tmp_path / "c.json").read_text(encoding="utf-8"))["by_door"] is True
    code = main(["chart", "--vs", "classes", "--by-door", "-o", str(tmp_path / "m")])
    err = capsys.readouterr().err
    assert code == 2 and len(err.splitlines()) == 1 and "--vs random" in err
    assert list(tmp_path.glob("m*")) == []  # refused before any spot is written
