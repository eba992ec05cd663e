"""Replaying hand histories: pots, views, equities and the rules check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from studodds.cli import main
from studodds.handhistory import parse_file
from studodds.replay import replay_hand

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
                                  "several_hands.txt"])
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
