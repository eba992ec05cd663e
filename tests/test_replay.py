"""Replaying hand histories: pots, views, equities and the rules check."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
from fractions import Fraction
from pathlib import Path

import naive
import pytest

from studodds.cards import parse_card
from studodds.cli import main
from studodds.equity import equity
from studodds.games import get_game
from studodds.histories import FileKind, identify, identify_file, parse_file
from studodds.histories.replay import check_rules, replay_hand

DATA = Path(__file__).parent / "data" / "handhistories"
SAMPLES = Path(__file__).resolve().parents[2] / "shared" / "handhistories"
RULES_AGREE = ("rules: the bring-in and who acted first on every street replayed agree with the "
               "table rules")


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
                                  "several_hands.txt", "stud7_community_river.txt",
                                  "razz_sng_allin_face_up.txt"])
def test_every_street_shares_out_the_whole_pot(name):
    for r in replay_fixture(name):
        for s in r.streets:
            assert sum(p.equity_hero_view for p in s.players) == pytest.approx(1, abs=1e-9)
            assert sum(p.equity_revealed for p in s.players) == pytest.approx(1, abs=1e-9)


def test_rules_check_reports_who_should_have_acted_first():
    """Our fixture has the hero betting first on 6th street against a pair of queens
    showing: the check names the player the rules make act first."""
    (r,) = replay_fixture("stud7_showdown.txt")
    expected = ("6th street: Hero acted first, but Bob Smith should have: Bob Smith's "
                "Qs Qd 8c Jc is the best board showing (Hero's board: 9h Kd 3h Th)")
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
    assert hand["room"] == "PokerStars" and hand["game"] == "stud7"
    assert hand["played_at"] == "2023-02-11 02:04:11"  # 2023/02/10 21:04:11 ET, in UTC
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
        (["replay", str(DATA / "holdem_only.txt")], "no stud hands in"),
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


# ---------------------------------------------------------------- hands face up after an all-in

FACE_UP = "razz_sng_allin_face_up.txt"  # a razz sit-and-go: the bring-in all in


def _players(street) -> dict:
    return {p.name: p for p in street.players}


def test_hands_face_up_after_the_all_in_are_in_the_heros_view():
    """Tiny brings it in all in, Hero completes, Villa folds: no betting is left, so the
    hands are face up from 4th street on and the hero sees Tiny's kings, and on 7th street
    that he has won (hidden, Tiny's 7th street would be 70%)."""
    hand, _ = replay_fixture(FACE_UP)
    assert _players(hand.streets[0])["Tiny"].hero_view == "(x x) 4s"  # not yet all in
    assert not hand.streets[0].views_coincide
    for street in hand.streets[1:]:
        tiny = _players(street)["Tiny"]
        assert (tiny.hero_view, tiny.equity_hero_view) == (tiny.revealed, tiny.equity_revealed)
        assert street.views_coincide
    seventh = _players(hand.streets[-1])
    assert seventh["Tiny"].hero_view == "(Kd Kc) 4s As 2h 3c (Qd)"
    assert (seventh["Tiny"].equity_hero_view, seventh["Hero"].equity_hero_view) == (0, 1)
    assert hand.face_up_from == "4th"
    assert hand.notes == (("hands face up from 4th street: a player is all in and nobody is "
                           "left to bet, so from then on the hero's view shows the hole cards "
                           "shown down"),)


def test_a_player_who_folded_sees_the_hands_face_up_too():
    hand, _ = replay_fixture(FACE_UP, hero="Villa")
    fourth = _players(hand.streets[1])
    assert fourth["Hero"].hero_view == "(2d 5c) 3h 9s"
    assert fourth["Tiny"].hero_view == "(Kd Kc) 4s As"


def test_an_ante_all_in_turns_the_hands_up_from_the_first_street():
    """Tiny's ante is all his chips: nobody can bet, every street is replayed face up."""
    _, hand = replay_fixture(FACE_UP)
    assert hand.face_up_from == "3rd"
    assert all(s.views_coincide for s in hand.streets)
    assert _players(hand.streets[0])["Tiny"].hero_view == "(7c 6d) 5h"


def test_the_hands_stay_hidden_while_two_players_can_still_bet():
    """Shorty is all in on 3rd street, but Hero and Caller X bet on until Caller X folds
    on 5th street: the hands are face up from 6th street, not before."""
    (hand,) = replay_fixture("razz_tournament_allin.txt")
    shown_by = [_players(s)["Shorty"].hero_view for s in hand.streets]
    assert shown_by == ["(x x) 3c", "(x x) 3c 7h", "(x x) 3c 7h Qs", "(Ad 2c) 3c 7h Qs 9h",
                        "(Ad 2c) 3c 7h Qs 9h (4s)"]
    assert hand.face_up_from == "6th"


def test_a_file_without_all_in_marks_is_read_from_the_stacks(tmp_path):
    """Some rooms do not write "is all-in": the chips put in reaching the stack say it."""
    text = (DATA / FACE_UP).read_text().replace(" and is all-in", "")
    assert "all-in" not in text
    path = tmp_path / "no_marks.txt"
    path.write_text(text)
    hands, problems = parse_file(path)
    assert problems == []
    assert [replay_hand(hh).face_up_from for hh in hands] == ["4th", "3rd"]


def test_cli_says_from_which_street_the_hands_were_face_up(capsys):
    path = str(DATA / FACE_UP)
    assert main(["replay", path]) == 0
    out, _ = capsys.readouterr()
    assert ("hand 200000000011: Razz, hero Hero\nhands face up from 4th street: a player is "
            "all in and nobody is left to bet, so from then on the hero's view shows the hole "
            "cards shown down\n") in out
    assert "the hands shown were face up on every street replayed: one set of odds per " \
        "street" in out  # the second hand, all in on the ante
    assert main(["replay", path, "--format", "json"]) == 0
    out, _ = capsys.readouterr()
    assert [h.get("face_up_from") for h in json.loads(out)] == ["4th", "3rd"]
    assert main(["replay", str(DATA / "stud7_showdown.txt"), "--format", "json"]) == 0
    out, _ = capsys.readouterr()
    assert "face_up_from" not in json.loads(out)[0]  # no all-in: the key is left out


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
    assert problem.startswith("7th street: Cyrus acted first, but Bo Lind should have: "
                              "Bo Lind's Kd 6h Kc Td is the best board showing (Cyrus's board: ")
    assert "9s" not in problem


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
    assert RULES_AGREE in out
    assert main(["replay", path, "--trials", "2000", "--format", "csv"]) == 0
    out, _ = capsys.readouterr()
    rows = list(csv.DictReader(io.StringIO(out)))
    assert {r["community"] for r in rows if r["street"] == "7th"} == {"9s"}
    assert {r["community"] for r in rows if r["street"] != "7th"} == {""}


def test_cli_table_of_a_normal_river_has_no_shortage_note(capsys):
    assert main(["replay", str(DATA / "stud7_showdown.txt"), "--trials", "2000"]) == 0
    out, _ = capsys.readouterr()
    assert "card shortage" not in out and "[" not in out.splitlines()[3]


# ---------------------------------------------------------------- split games (hi/lo)

def test_split_game_replay_gives_scoop_and_halves_as_equity_does(capsys):
    """stud7hl8: each view has equity's split-pot columns and how often nobody makes a low;
    the numbers are those of a direct equity call on the same cards."""
    (r,) = replay_fixture("studhl_split.txt", trials=3000, seed=2)
    fourth = r.streets[1]
    game = get_game("stud7hl8")
    for view, attr, no_low in (("hero_view", "seen", "no_low_hero_view"),
                               ("revealed", "shown", "no_low_revealed")):
        direct = equity(game, [getattr(p, view) for p in fourth.players], fourth.dead_hero_view
                        if view == "hero_view" else "x x 3d", trials=3000, seed=2)
        for p, d in zip(fourth.players, direct.players, strict=True):
            assert getattr(p, attr) == d, view
            data = p.to_dict()
            for key in ("scoop", "high_win", "high_tie", "low_win", "low_tie"):
                assert data[f"{key}_{view}"] == getattr(d, key)
        assert getattr(fourth, no_low) == direct.no_low
    assert main(["replay", str(DATA / "studhl_split.txt"), "--trials", "2000"]) == 0
    out, _ = capsys.readouterr()
    assert "as the hero saw it\n" in out and "with every card shown\n" in out
    header = next(line for line in out.splitlines() if line.startswith("street"))
    assert header.split()[-10:] == ["equity", "scoop", "high", "win", "high", "split", "low",
                                    "win", "low", "split"]
    assert out.count("no low (high takes the whole pot): 3rd ") == 2


def test_split_game_json_and_csv_keys(capsys):
    path = str(DATA / "studhl_split.txt")
    assert main(["replay", path, "--trials", "2000", "--format", "json"]) == 0
    (hand,) = json.loads(capsys.readouterr()[0])
    street = hand["streets"][0]
    assert {"no_low_hero_view", "no_low_revealed", "views_coincide", "pots"} <= set(street)
    assert set(street["players"][0]) == {
        "name", "hero_view", "equity_hero_view", "revealed", "equity_revealed",
        *(f"{k}_{v}" for k in ("scoop", "high_win", "high_tie", "low_win", "low_tie")
          for v in ("hero_view", "revealed")),
    }
    assert main(["replay", path, "--trials", "2000", "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr()[0])))
    assert rows[0]["scoop_hero_view"] and rows[0]["low_tie_revealed"]


COMMUNITY_SIDE_POT = "stud7_community_side_pot.txt"


def test_community_river_with_a_side_pot_among_four_of_the_eight():
    """All eight reach 7th street and the river is the community card Qd. Four short
    stacks are all in on 3rd street, so from 4th street on a side pot is the other four's.
    Its question, four players with the others' cards dead, has a stub with a river for
    each of them; the table's shortage must hold there too: one community card."""
    (r,) = replay_fixture(COMMUNITY_SIDE_POT, seed=2)
    assert [s.street for s in r.streets] == ["3rd", "4th", "5th", "6th", "7th"]
    assert [len(s.players) for s in r.streets] == [8] * 5
    assert all(s.community_card for s in r.streets) and r.streets[-1].community == "Qd"
    assert r.rule_problems == ()
    four = ("Hero", "Bo Lind", "Dagny", "Fumiko")
    for s in r.streets[1:]:
        main_pot, side = s.pots
        assert (main_pot.amount, len(main_pot.eligible), side.eligible) == (0.96, 8, four)
        assert sum(side.equity_hero_view) == pytest.approx(1)
    # Every hand is shown: on 6th street the side pot is the four hands' showdown with each
    # of the four cards nobody holds as the community card, the Qd and three more.
    own = {"Hero": "Ks Jh 4h Qh Qc 5s", "Bo Lind": "5d 2s 2c 7c As 9s",
           "Dagny": "4c 4s Kh 8d 2h 6c", "Fumiko": "Tc Ad 3h 7d 6s 8s"}
    text = (DATA / COMMUNITY_SIDE_POT).read_text()
    held = {c for line in text.splitlines() if ": shows [" in line
            for c in naive.parse_cards(line.split("[")[1].split("]")[0])}
    left = [c for c in range(52) if c not in held] + list(naive.parse_cards("Qd"))
    assert len(left) == 4
    shares = [Fraction(0)] * 4
    for card in left:
        values = [naive.evaluate(naive.parse_cards(own[n]) + (card,), "high") for n in four]
        best = [p for p, v in enumerate(values) if v == max(values)]
        for p in best:
            shares[p] += Fraction(1, 4 * len(best))
    sixth = r.streets[3].pots[1]
    assert shares == [Fraction(3, 4), Fraction(1, 4), 0, 0]  # the Qd gives Hero trips
    assert sixth.equity_revealed == pytest.approx([float(x) for x in shares], abs=1e-12)
    # 7th street: Hero's trip queens take the side pot, Anja's full house the main pot.
    main_pot, side = r.streets[-1].pots
    assert side.equity_revealed == (1.0, 0.0, 0.0, 0.0)
    assert dict(zip(main_pot.eligible, main_pot.equity_revealed, strict=True))["Anja"] == 1.0


def test_community_river_with_a_side_pot_cli(capsys):
    assert main(["replay", str(DATA / COMMUNITY_SIDE_POT), "--trials", "2000"]) == 0
    out = capsys.readouterr().out
    assert "card shortage: on 7th street the community card Qd is every player's seventh" in out


# ---------------------------------------------------------------- side pots

SIDE_POT = "stud7_side_pot.txt"


def test_side_pot_fixture_balances():
    (hh,), problems = parse_file(DATA / SIDE_POT)
    assert problems == [] and hh.warnings == ()
    assert hh.put_in() - sum(hh.uncalled.values()) == pytest.approx(hh.total_pot)
    assert sum(hh.collected.values()) + hh.rake == pytest.approx(hh.total_pot)
    assert hh.put_in("Shorty") == pytest.approx(hh.stacks["Shorty"])  # all in on 4th


def test_side_pots_after_an_all_in_and_each_pots_equity():
    """Shorty is all in on 4th street: from 5th street on the main pot is the chips he
    matched (all three can win it) and the side pot Hero and Bob's bets above it, which
    only they can win. Each pot's equity is an equity query of its players, the others'
    cards out of play; in the end the pots are the file's own (main $18.60, side $22)."""
    (r,) = replay_fixture(SIDE_POT, trials=3000, seed=4)
    sizes = [[(p.amount, p.eligible) for p in s.pots] for s in r.streets]
    everyone = ("Hero", "Shorty", "Bob")
    assert sizes[0] == [(1.6, ("Hero", "Shorty", "Bob", "Carol"))]
    assert sizes[1] == [(15.6, everyone)]
    assert sizes[2:] == [[(18.6, everyone), (6.0, ("Hero", "Bob"))],
                         [(18.6, everyone), (14.0, ("Hero", "Bob"))],
                         [(18.6, everyone), (14.0, ("Hero", "Bob"))]]
    for s in r.streets:
        assert sum(p.amount for p in s.pots) == pytest.approx(s.pot)
    game = get_game("stud7")
    for s in r.streets[2:]:
        main_pot, side = s.pots
        by_name = {p.name: p for p in s.players}
        assert main_pot.equity_hero_view == tuple(by_name[n].equity_hero_view for n in everyone)
        shorty = by_name["Shorty"]
        for view, shares in (("hero_view", side.equity_hero_view),
                             ("revealed", side.equity_revealed)):
            hands = [getattr(by_name[n], view) for n in side.eligible]
            # Shorty's cards are out of this pot: dead, his hidden ones unseen in the
            # hero's view, shown in the revealed one; Carol's door card and hole cards too.
            dead = getattr(shorty, view).replace("(", "").replace(")", "") + " 7c x x"
            direct = equity(game, hands, dead, trials=3000, seed=4)
            assert shares == tuple(p.equity for p in direct.players), (s.street, view)
            assert sum(shares) == pytest.approx(1)
    seventh = r.streets[-1]
    assert seventh.pots[1].equity_revealed == (0.0, 1.0)  # Bob's queens up beat the kings
    assert seventh.pots[0].equity_revealed == (0.0, 1.0, 0.0)  # Shorty's straight


def test_side_pots_cli_table_and_json(capsys):
    path = str(DATA / SIDE_POT)
    assert main(["replay", path, "--trials", "2000"]) == 0
    out, _ = capsys.readouterr()
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("the pots "))
    table = lines[start + 1:]
    # Money with cents (the file's $18.60): every pot with two decimals, as in the result.
    assert table[2].split()[:6] == ["5th", "main", "pot", "18.60", "Hero", "0.00%"] or \
        table[2].split()[:5] == ["5th", "main", "pot", "18.60", "Hero"]
    assert any(line.split()[:4] == ["side", "pot", "6.00", "Hero"] for line in table)
    assert not any(line.startswith(("3rd", "4th")) for line in table)
    assert main(["replay", path, "--trials", "2000", "--format", "json"]) == 0
    (hand,) = json.loads(capsys.readouterr()[0])
    pots = hand["streets"][2]["pots"]
    assert [(p["amount"], p["eligible"]) for p in pots] == [
        (18.6, ["Hero", "Shorty", "Bob"]), (6.0, ["Hero", "Bob"])]
    assert set(pots[1]["players"][0]) == {"name", "equity_hero_view", "equity_revealed"}


# ---------------------------------------------------------------- the rules, in words

@pytest.mark.parametrize(
    ("name", "old", "new", "message"),
    [
        ("stud7_showdown.txt",
         "Alice: brings in for $0.50\nBob Smith: completes it to $2\n",
         "Bob Smith: brings in for $0.50\nAlice: completes it to $2\n",
         ("3rd street: Bob Smith brought it in, but Alice should have: Alice's 2c is the "
         "lowest door card")),
        ("razz_tournament_allin.txt",
         "Big Stack: brings in for 15\nCaller X: completes it to 40\n",
         "Caller X: brings in for 15\nBig Stack: completes it to 40\n",
         ("3rd street: Caller X brought it in, but Big Stack should have: Big Stack's Kh is "
         "the highest door card")),
    ],
)
def test_a_wrong_bring_in_is_said_as_a_dealer_would(tmp_path, name, old, new, message):
    text = (DATA / name).read_text()
    assert old in text
    path = tmp_path / "bring.txt"
    path.write_text(text.replace(old, new))
    (hh,), _ = parse_file(path)
    problems = check_rules(hh)
    assert problems[0] == message


def test_rules_line_names_no_code(capsys):
    for name in ("stud7_showdown.txt", "studhl_headsup_no_show.txt"):
        assert main(["replay", str(DATA / name), "--trials", "2000"]) == 0
        out, _ = capsys.readouterr()
        rules = [line for line in out.splitlines() if line.startswith("rules: ")]
        assert rules and not any(word in line for line in rules
                                 for word in (".py", "studodds", "table."))
    assert RULES_AGREE in out


# ---------------------------------------------------------------- views that coincide

def test_views_that_coincide_are_computed_and_printed_once(monkeypatch, capsys):
    """Heads-up, the villain folds on the river and shows nothing: the hero's view is the
    view with every card shown. One engine call per street, one table, and a line saying
    why."""
    import studodds.histories.replay as replay_module

    calls = []

    def counting(*args, **kwargs):
        calls.append(args[1])
        return equity(*args, **kwargs)

    monkeypatch.setattr(replay_module, "equity", counting)
    (r,) = replay_fixture("studhl_headsup_no_show.txt", trials=2000)
    assert len(r.streets) == 5 and all(s.views_coincide for s in r.streets)
    assert len(calls) == 5
    for s in r.streets:
        for p in s.players:
            assert (p.revealed, p.equity_revealed) == (p.hero_view, p.equity_hero_view)
    monkeypatch.undo()
    assert main(["replay", str(DATA / "studhl_headsup_no_show.txt"), "--trials", "2000"]) == 0
    out, _ = capsys.readouterr()
    assert out.count("as the hero saw it\n") == 1 and "with every card shown\n" not in out
    assert out.count("no low (high takes the whole pot)") == 1
    assert "no other player's hole cards are known in this hand history" in out
    # Where the views differ nothing changes: two tables, no such line.
    assert main(["replay", str(DATA / "stud7_showdown.txt"), "--trials", "2000"]) == 0
    out, _ = capsys.readouterr()
    assert "all shown" in out and "no other player's hole cards" not in out


# ---------------------------------------------------------------- files of other rooms

# The first lines of rooms studodds reads, and no hand after them: a file cut short.
FIRST_LINES = {
    "iPoker": '<?xml version="1.0"?>\n<session sessioncode="1">',
    "Merge Gaming": '<description type="Razz" stakes="Limit $0.50/$1"/>',
    "Ongame": "***** History for hand R5-1-2 *****",
    "Everleaf": "Everleaf Gaming Game #1\n***** Hand history for game #1 *****",
    "Absolute Poker": "Stage #1: Seven Card Hi/Lo  Normal $0.02/$0.04",
    "PartyPoker": "Game #1 starts.\n\n#Game No : 1",
    "Winning Poker Network": "Game started at: 2016/8/2 11:17:19",
}


def test_every_room_recognised_has_a_reader():
    from studodds.histories.formats import ROOMS
    from studodds.histories.readers import readable_rooms

    assert readable_rooms() == ROOMS


@pytest.mark.parametrize("room", sorted(FIRST_LINES))
def test_a_file_cut_short_after_its_first_lines_is_one_error_line(room, tmp_path, capsys):
    """Recognised from the content, whatever the file's name: no hand, one Error line."""
    for name in ("hands.txt", "notes.dat"):
        path = tmp_path / name
        path.write_text(FIRST_LINES[room] + "\n")
        assert main(["replay", str(path)]) == 2
        out, err = capsys.readouterr()
        assert out == "" and f"'{path}'" in err
        assert err.splitlines()[-1].startswith("Error: ") and "Traceback" not in err
        assert "seven-card stud, stud hi/lo or razz" not in err


def test_a_tournament_summary_is_named(tmp_path, capsys):
    name = "tournament_summary_fulltilt.txt"
    message = ("is a Full Tilt Poker tournament summary (the results, not the hands): there "
               "are no hands")
    path = tmp_path / "hands.txt"
    path.write_bytes((DATA / name).read_bytes())
    for where in (DATA / name, path):
        assert main(["replay", str(where)]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and err.startswith("Error: ")
        assert f"'{where}' {message}" in err


@pytest.mark.parametrize("room", ["fulltilt", "winamax", "kingsclub"])
def test_a_cut_file_of_a_room_read_now_says_its_hand_is_truncated(room, capsys):
    """These rooms are read now: their file cut after 3rd street's deal is a hand that
    could not be read, named with its line."""
    path = DATA / f"other_room_{room}.txt"
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert out == "" and len(lines) == 2
    assert lines[0].startswith("warning: hand ") and "hand is truncated: no summary" in lines[0]
    assert lines[1].startswith(f"Error: none of the stud hands in '{path}' could be read")


def test_a_file_without_hands_says_what_it_is(tmp_path, capsys):
    empty = tmp_path / "empty.txt"
    empty.write_text("\n\n")
    notes = tmp_path / "notes.txt"
    notes.write_text("my session notes\nstud hi/lo, lost a big pot\n")
    for path, message in ((empty, "is empty: there are no hands in it to replay"),
                          (notes, ("is not a hand history studodds can read: it reads "
                                  "hand histories of PokerStars"))):
        assert main(["replay", str(path)]) == 2
        _, err = capsys.readouterr()
        assert err.count("\n") == 1 and f"'{path}' {message}" in err


@pytest.mark.parametrize(
    ("first_lines", "room", "content"),
    [
        ("PokerStars Hand #1: Razz Limit ($2/$4 USD)", "PokerStars", "hands"),
        ("PokerStars Tournament #2010090015, Razz Limit\nBuy-In: $200/$15 USD", "PokerStars",
         "summary"),
        ("Full Tilt Poker Game #1: Table X - $1/$2 - Limit Stud Hi", "Full Tilt Poker", "hands"),
        ("Winamax Poker - CashGame - HandId: #1-2-3 - Razz fixed limit", "Winamax", "hands"),
        ("#1: Limit 2-7 Razz - 22/44\n2021-01-06 07:03:50", "KingsClub", "hands"),
        ('<?xml version="1.0"?>\n<session sessioncode="1">', "iPoker", "hands"),
        ('<description type="Razz" stakes="Limit $0.50/$1"/>', "Merge Gaming", "hands"),
        ("***** History for hand R5-1-2 *****", "Ongame", "hands"),
        ("\ufeffBodog Hand #1 TBL#2 7CARD Fixed Limit", "Bovada", "hands"),
        ("Everleaf Gaming Game #1\n***** Hand history for game #1 *****", "Everleaf", "hands"),
        ("Stage #1: Seven Card Hi/Lo  Normal $0.02/$0.04", "Absolute Poker", "hands"),
        ("\x00Game #1 starts.\n\n#Game No : 1", "PartyPoker", "hands"),
        ("Game started at: 2016/8/2 11:17:19\n\nGame ID: 1 1/2 (PRR) X (Seven Cards Stud)",
         "Winning Poker Network", "hands"),
        ("variant = 'F7S/8'\nantes = [1, 1]", "PHH", "hands"),
    ],
)
def test_rooms_are_recognised_from_their_first_lines(first_lines, room, content):
    assert identify(first_lines) == FileKind(room, content)
    assert identify("\n\n" + first_lines) == FileKind(room, content)


@pytest.mark.skipif(not SAMPLES.is_dir(), reason="../shared/handhistories is not here")
def test_every_real_file_of_another_room_is_recognised():
    for path in sorted(p for p in SAMPLES.rglob("*") if p.is_file() and p.parent != SAMPLES):
        kind = identify_file(path)
        assert kind.room not in (None, "PokerStars"), path
        assert kind.content == ("summary" if "SnG-2man" in path.name else "hands"), path


# ---------------------------------------------------------------- a garbled card

def test_a_bad_card_replays_the_streets_before_it(capsys):
    """'[of]' in Bob's 5th-street card: a warning names the hand, the line and the token,
    and 3rd and 4th street replay as in the unbroken file."""
    path = str(DATA / "stud7_side_pot_bad_card.txt")
    assert main(["replay", path, "--trials", "2000", "--format", "json"]) == 0
    out, err = capsys.readouterr()
    assert err == ("warning: hand 200000000022, line 35: impossible card 'of': only the "
                   "streets before it are kept (3rd, 4th street)\n")
    (hand,) = json.loads(out)
    assert [s["street"] for s in hand["streets"]] == ["3rd", "4th"]
    (whole,) = replay_fixture(SIDE_POT, trials=2000)
    for got, want in zip(hand["streets"], whole.streets, strict=False):
        assert [p["equity_hero_view"] for p in got["players"]] == [
            p.equity_hero_view for p in want.players]


# ---------------------------------------------------------------- a hand that cannot be read

BROKEN_THEN_GOOD = DATA / "broken_then_good.txt"  # two hands unreadable, then a good one


def test_a_hand_that_cannot_be_read_is_said_to_be_left_out(capsys):
    assert main(["replay", str(BROKEN_THEN_GOOD), "--trials", "2000", "--format", "json"]) == 0
    out, err = capsys.readouterr()
    assert err.splitlines() == [
        ("warning: hand 200000000010, line 10: hand is truncated: no *** SUMMARY *** (this "
        "hand is left out)"),
        ("warning: hand 200000000011, line 19: As is dealt to both Hero and Villain (this "
        "hand is left out)"),
        ("warning: hand 200000000012, line 41: Villain uses 30 seconds of time bank (line "
        "ignored)")]  # the good hand's line it need not read: the hand replays
    assert [hand["hand_id"] for hand in json.loads(out)] == ["200000000012"]


def test_asking_for_a_hand_that_cannot_be_read_says_why(capsys):
    """--hand of a hand in the file that could not be read: why, not 'no stud hand'."""
    assert main(["replay", str(BROKEN_THEN_GOOD), "--hand", "200000000011"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.splitlines()[-1] == (
        f"Error: hand '200000000011' in '{BROKEN_THEN_GOOD}' could not be read: line 19: As "
        "is dealt to both Hero and Villain (see 'studodds replay --help')")
    assert main(["replay", str(BROKEN_THEN_GOOD), "--hand", "999"]) == 2
    assert capsys.readouterr().err.splitlines()[-1].startswith("Error: no stud hand '999' in")


def test_a_hand_in_two_files_is_replayed_once(tmp_path, capsys):
    """Rooms' exports overlap: a hand read twice is replayed (and summed) once, and said."""
    for name in ("a.txt", "b.txt"):
        (tmp_path / name).write_bytes((DATA / SIDE_POT).read_bytes())
    both = tmp_path / "both.txt"
    both.write_bytes(2 * (DATA / SIDE_POT).read_bytes())
    assert main(["replay", str(tmp_path / "a.txt"), str(tmp_path / "b.txt"), "--trials", "500",
                 "--format", "json"]) == 0
    out, err = capsys.readouterr()
    assert len(json.loads(out)) == 1
    assert err == ("warning: a hand read more than once, replayed once (the same room, id, "
                   "players and cards dealt on the first street; the first: hand "
                   "200000000020, in "
                   f"{str(tmp_path / 'a.txt')!r} and again in {str(tmp_path / 'b.txt')!r})\n")
    assert main(["replay", str(both), "--trials", "500", "--format", "json"]) == 0
    out, err = capsys.readouterr()
    assert len(json.loads(out)) == 1 and f"twice in {str(both)!r})" in err


def test_a_call_the_file_garbles_makes_no_side_pot(tmp_path, capsys):
    """'Hero: cals $2' on 3rd street: the line is ignored, so Hero seems to have put in $2
    less than Bob Smith. Only an all-in player can be short of the others: no side pot is
    made of it, and the result says the file misses chips."""
    text = (DATA / "stud7_showdown.txt").read_text()
    assert text.count("Hero: calls $2\n") == 1
    path = tmp_path / "garbled_call.txt"
    path.write_text(text.replace("Hero: calls $2\n", "Hero: cals $2\n"))
    assert main(["replay", str(path), "--trials", "500"]) == 0
    out, err = capsys.readouterr()
    assert "Hero: cals $2 (line ignored)" in err
    assert "the pots as the street begins" not in out  # no table of a main and side pot
    assert "Bob Smith wins the pot of 53.00 with a full house" in out  # $2 short: one pot
    assert ("Hero put in 2.00 less than Bob Smith without being all in: some of Hero's "
            "chips are on a line that was ignored ('Hero: cals $2', line 21), so no side pot "
            "is made") in out


def test_a_file_named_twice_is_read_once(capsys):
    path = str(DATA / SIDE_POT)
    assert main(["replay", path, path, "--trials", "500", "--format", "json"]) == 0
    out, err = capsys.readouterr()
    assert len(json.loads(out)) == 1 and err == ""
