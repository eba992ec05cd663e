"""Replaying hand histories: pots, views, equities and the rules check."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
from pathlib import Path

import pytest

from studodds.cards import parse_card
from studodds.cli import main
from studodds.equity import equity
from studodds.games import get_game
from studodds.histories import parse_file
from studodds.histories.replay import replay_hand

DATA = Path(__file__).parent / "data" / "handhistories"
SAMPLES = Path(__file__).resolve().parents[2] / "shared" / "handhistories"


def replay_fixture(name: str, **options):
    hands, problems = parse_file(DATA / name)
    assert problems == []
    return [replay_hand(hh, **options) for hh in hands]


def test_pot_grows_with_each_street_as_the_history_says():
    (r,) = replay_fixture("stud7_showdown.txt")
    # 4 antes of 0.25; 3rd street 0.5 + 2 + 2 + 1.5 (Alice's call on top of her bring-in);
    # 4th 4 + 8 + 4; 5th 4 + 4; 6th 4 + 8 + 4; the river's bets come after.
    assert [s.pot for s in r.streets] == [1, 7, 23, 31, 47]
    assert [s.street for s in r.streets] == ["3rd", "4th", "5th", "6th", "7th"]
    assert [len(s.players) for s in r.streets] == [4, 3, 2, 2, 2]


def test_revealed_river_equity_is_the_showdown_result():
    """With every card shown on 7th street the 'all shown' equity is who won the pot."""
    (r,) = replay_fixture("stud7_showdown.txt")
    river = r.streets[-1]
    by_name = {p.name: p for p in river.players}
    assert by_name["Bob Smith"].equity_revealed == 1.0
    assert by_name["Hero"].equity_revealed == 0.0
    assert by_name["Bob Smith"].revealed == "(Jd 4s) Qs Qd 8c Jc (Js)"
    assert by_name["Bob Smith"].hero_view == "(x x) Qs Qd 8c Jc (x)"


def test_hero_view_hides_opponents_and_counts_folded_cards_dead():
    (r,) = replay_fixture("stud7_showdown.txt")
    fourth = r.streets[1]
    # Carol folded on 3rd: her door card 7d is dead and her two hole cards are unseen.
    assert fourth.dead_hero_view == "7d x x"
    assert fourth.players[0].hero_view == "(Ah Kh) 9h Kd"


@pytest.mark.parametrize("name", ["stud7_showdown.txt", "studhl_split.txt",
                                  "razz_tournament_allin.txt", "horse_fold_show.txt",
                                  "several_hands.txt", "stud7_community_river.txt"])
def test_every_street_shares_out_the_whole_pot(name):
    for r in replay_fixture(name):
        for s in r.streets:
            assert sum(p.equity_hero_view for p in s.players) == pytest.approx(1, abs=1e-9)
            assert sum(p.equity_revealed for p in s.players) == pytest.approx(1, abs=1e-9)


def test_rules_check_reports_who_should_have_acted_first():
    """Our fixture has the hero betting first on 6th street against a pair of queens
    showing: the check names the player the rules make act first."""
    (r,) = replay_fixture("stud7_showdown.txt")
    expected = ("6th street: Hero acted first, the rules say Bob Smith "
                "(boards 9h Kd 3h Th / Qs Qd 8c Jc)")
    assert r.rule_problems == (expected,)


@pytest.mark.skipif(not SAMPLES.is_dir(), reason="../shared/handhistories is not here")
@pytest.mark.slow
def test_real_hand_histories_replay_and_follow_the_rules():
    files = sorted(SAMPLES.glob("*.txt"))
    assert files
    replayed = 0
    for path in files:
        hands, problems = parse_file(path)
        assert problems == []
        for hh in hands:
            r = replay_hand(hh, trials=20_000)
            assert r.rule_problems == (), (path.name, hh.hand_id, r.rule_problems)
            replayed += 1
    assert replayed >= 20


def test_cli_json(capsys):
    path = str(DATA / "stud7_showdown.txt")
    assert main(["replay", path, "--format", "json"]) == 0
    out, _ = capsys.readouterr()
    (hand,) = json.loads(out)
    assert hand["hand_id"] == "200000000001" and hand["hero"] == "Hero"
    assert set(hand["streets"][0]["players"][0]) == {
        "name", "hero_view", "equity_hero_view", "revealed", "equity_revealed",
    }


def test_cli_hand_and_hero_options(capsys):
    path = str(DATA / "several_hands.txt")
    hands, _ = parse_file(DATA / "several_hands.txt")
    first = hands[0]
    assert main(["replay", path, "--hand", first.hand_id, "--format", "json"]) == 0
    out, _ = capsys.readouterr()
    assert [h["hand_id"] for h in json.loads(out)] == [first.hand_id]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["replay", "no/such/file.txt"], "cannot read"),
        (["replay", str(DATA / "stud7_showdown.txt"), "--hand", "1"], "no stud hand '1'"),
        (["replay", str(DATA / "stud7_showdown.txt"), "--hero", "Zed"], "not at the table"),
        (["replay", str(DATA / "holdem_only.txt")], "no seven-card stud"),
    ],
)
def test_cli_errors_are_one_line(argv, message, capsys):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("Error: ") and message in err


def test_cli_warns_about_a_broken_hand_and_replays_the_rest(capsys):
    assert main(["replay", str(DATA / "broken_then_good.txt"), "--format", "json"]) == 0
    out, err = capsys.readouterr()
    assert "warning:" in err
    assert len(json.loads(out)) >= 1


def test_an_uncalled_bet_returned_leaves_the_pot():
    """Hero's 5th-street bet was returned when the last caller folded (one player all in):
    the pot on 6th and 7th street is the file's own total."""
    (r,) = replay_fixture("razz_tournament_allin.txt")
    assert [s.pot for s in r.streets][-2:] == [375, 375]


def test_another_player_as_hero_sees_only_their_own_hole_cards(capsys):
    (r,) = replay_fixture("razz_tournament_allin.txt", hero="Big Stack", trials=2000)
    third = r.streets[0]
    by_name = {p.name: p for p in third.players}
    assert by_name["Hero"].hero_view.startswith("(x x)")  # the file's hero is hidden now
    assert by_name["Big Stack"].hero_view.startswith("(x x)")  # nothing of his was shown
    assert by_name["Hero"].revealed.startswith("(2s 5h)")


def test_a_player_all_in_is_not_expected_to_act_first(tmp_path):
    text = (DATA / "razz_tournament_allin.txt").read_text().replace("7h", "2d")
    path = tmp_path / "allin.txt"
    path.write_text(text)
    hands, problems = parse_file(path)
    assert problems == []
    assert replay_hand(hands[0], trials=2000).rule_problems == ()


# ---------------------------------------------------------------- card shortage: community river

COMMUNITY = "stud7_community_river.txt"


def test_community_river_seventh_street_in_both_views():
    """Eight players on 7th street: the river is the community card 9s. Each hand is six
    own cards, no river group; the equities are those of equity(..., community="9s")."""
    (r,) = replay_fixture(COMMUNITY, trials=20_000, seed=3)
    assert [s.street for s in r.streets] == ["3rd", "4th", "5th", "6th", "7th"]
    assert [len(s.players) for s in r.streets] == [8] * 5
    seventh = r.streets[-1]
    assert (seventh.community_card, seventh.community) == (True, "9s")
    assert seventh.pot == pytest.approx(3.36)
    assert seventh.dead_hero_view == ""  # nobody folded before 7th street
    by_name = {p.name: p for p in seventh.players}
    assert by_name["Hero"].hero_view == by_name["Hero"].revealed == "(8s Qs) 3c Js Jh Qc"
    assert by_name["Bo Lind"].hero_view == "(x x) Kd 6h Kc Td"
    assert by_name["Bo Lind"].revealed == "(5s As) Kd 6h Kc Td"
    assert by_name["Fumiko"].revealed == "(Ac 6d) 2d 7c 7s 9h"  # her 7-card summary line
    assert by_name["Anja"].revealed == "(x x) Tc 3s Ad 8c"  # folded on 7th, never shown
    # With the community card the shown hands are settled: Hero's queens and jacks beat
    # Bo Lind's kings, Cyrus's nines and fours and Fumiko's nines and sevens.
    for name in ("Bo Lind", "Cyrus", "Fumiko"):
        assert by_name[name].equity_revealed == 0.0
    game = get_game("stud7")
    for view, equity_of in (("hero_view", "equity_hero_view"), ("revealed", "equity_revealed")):
        hands = [getattr(p, view) for p in seventh.players]
        direct = equity(game, hands, "", community="9s", trials=20_000, seed=3)
        assert direct.community == "9s"
        assert [getattr(p, equity_of) for p in seventh.players] == [
            p.equity for p in direct.players
        ], view


def test_community_river_earlier_streets_replay_as_before():
    """Before the river nothing is turned: 3rd to 6th street with eight players are already
    deals with a shared river to come (community_card, no card)."""
    (r,) = replay_fixture(COMMUNITY, trials=5_000)
    assert [s.pot for s in r.streets] == pytest.approx([0.16, 0.96, 1.76, 3.36, 3.36])
    for s in r.streets[:4]:
        assert (s.community_card, s.community) == (True, None)
        assert all(")" in p.hero_view and not p.hero_view.endswith(")") for p in s.players)
    sixth = {p.name: p for p in r.streets[3].players}
    assert sixth["Hero"].hero_view == "(8s Qs) 3c Js Jh Qc"
    game = get_game("stud7")
    hands = [p.hero_view for p in r.streets[3].players]
    direct = equity(game, hands, "", trials=5_000, seed=1)
    assert [p.equity_hero_view for p in r.streets[3].players] == [
        p.equity for p in direct.players
    ]


def test_community_river_follows_the_rules():
    """Fumiko's 2d brings it in; Bo Lind's pair of kings acts first on 5th, 6th and 7th."""
    (r,) = replay_fixture(COMMUNITY, trials=2_000)
    assert r.rule_problems == ()


def test_community_river_first_to_act_is_judged_on_the_sixth_street_boards(tmp_path):
    text = (DATA / COMMUNITY).read_text()
    old = "*** RIVER *** [9s]\nBo Lind: checks\nCyrus: bets $0.20\n"
    assert old in text
    path = tmp_path / "order.txt"
    path.write_text(text.replace(old, "*** RIVER *** [9s]\nCyrus: bets $0.20\nBo Lind: checks\n"))
    hands, problems = parse_file(path)
    assert problems == []
    (problem,) = replay_hand(hands[0], trials=2_000).rule_problems
    assert problem.startswith("7th street: Cyrus acted first, the rules say Bo Lind (boards ")
    assert "Kd 6h Kc Td" in problem and "9s" not in problem


def test_a_community_card_where_the_rules_deal_rivers_is_reported():
    """A community river with two players left cannot be: the rules check says so and 7th
    street is not replayed (the engine has no such table)."""
    (hh,), _ = parse_file(DATA / "stud7_showdown.txt")
    hh = dataclasses.replace(hh, community=parse_card("5d"))
    r = replay_hand(hh, trials=2_000)
    assert [s.street for s in r.streets] == ["3rd", "4th", "5th", "6th"]
    assert r.rule_problems[0] == (
        "7th street: a community card (5d) was turned, but the stub held a river for each of "
        "the 2 players: the rules turn one only when it holds fewer cards than players"
    )


def test_community_river_cli_json(capsys):
    path = str(DATA / COMMUNITY)
    assert main(["replay", path, "--format", "json", "--trials", "2000"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    (hand,) = json.loads(out)
    streets = hand["streets"]
    assert streets[-1]["community_card"] is True and streets[-1]["community"] == "9s"
    assert all("community" not in s for s in streets[:-1])
    assert all(s["community_card"] is True for s in streets)
    # A normal river has no "community" key either.
    assert main(["replay", str(DATA / "stud7_showdown.txt"), "--format", "json",
                 "--trials", "2000"]) == 0
    out, _ = capsys.readouterr()
    (hand,) = json.loads(out)
    assert all("community" not in s and s["community_card"] is False for s in hand["streets"])


def test_community_river_cli_table_and_csv_name_the_card(capsys):
    path = str(DATA / COMMUNITY)
    assert main(["replay", path, "--trials", "2000"]) == 0
    out, _ = capsys.readouterr()
    seventh = next(line for line in out.splitlines() if line.startswith("7th"))
    assert seventh.startswith("7th [9s]") and "(8s Qs) 3c Js Jh Qc" in seventh
    assert "card shortage: on 7th street the community card 9s is every player's seventh card" \
        in out
    assert "rules: bring-in and first to act on every street as the table rules say" in out
    assert main(["replay", path, "--trials", "2000", "--format", "csv"]) == 0
    out, _ = capsys.readouterr()
    rows = list(csv.DictReader(io.StringIO(out)))
    assert {r["community"] for r in rows if r["street"] == "7th"} == {"9s"}
    assert {r["community"] for r in rows if r["street"] != "7th"} == {""}


def test_cli_table_of_a_normal_river_has_no_shortage_note(capsys):
    assert main(["replay", str(DATA / "stud7_showdown.txt"), "--trials", "2000"]) == 0
    out, _ = capsys.readouterr()
    assert "card shortage" not in out and "[" not in out.splitlines()[3]
