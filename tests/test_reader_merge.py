"""The Merge Gaming reader (studodds.histories.merge): our fixture in detail, the real
samples, the replay, and broken input."""

from __future__ import annotations

import pytest
from reader_helpers import (
    DATA,
    C,
    acts,
    assert_consistent,
    assert_samples_survive_mutation,
    check_bad_card,
    check_bad_showdown_card,
    check_encodings,
    check_replay_json,
    check_sample,
    fuzz_mutations,
    fuzz_random_text,
    fuzz_truncations,
    line_of,
    needs_samples,
    samples,
)

from studodds.histories import ParseProblem, identify_file, parse_file
from studodds.histories.merge import MERGE, parse_text
from studodds.histories.replay import check_rules

FIXTURE = DATA / "merge_studhl_split_side_pot.xml"
TEXT = FIXTURE.read_text(encoding="utf-8")


def test_fixture_studhl_split_side_pot_in_detail():
    """Stud hi/lo: antes, bring-in, complete, raise (the total), an all-in call for less, a
    side pot, the river bet nobody called (also written as an uncalled winner), a split
    main pot and both showdown hands; a hold'em game skipped; a HORSE hand of razz with a
    player not dealt in and a complete nobody called."""
    assert identify_file(FIXTURE).room == MERGE
    hands, problems = parse_file(FIXTURE)
    assert problems == []
    assert [h.hand_id for h in hands] == ["70000001-1", "70000003-1"]
    h = hands[0]
    assert (h.room, h.game, h.mix, h.tournament) == (MERGE, "stud7hl8", None, None)
    assert (h.small_bet, h.big_bet, h.ante, h.bring_in) == (2.0, 4.0, 0.25, 0.5)
    assert h.seats == ((1, "Hero"), (3, "Rita"), (5, "Sam"), (6, "Thérèse"))  # file seat + 1
    assert h.stacks == {"Hero": 80.0, "Rita": 9.75, "Sam": 120.0, "Thérèse": 55.0}
    assert h.hero == "Hero" and h.hero_cards == C("Ah 2d 7c 5s 9d Tc 3s")
    assert h.up_cards == {"Hero": C("7c 5s 9d Tc"), "Rita": C("3h 4h 6c 8s"),
                          "Sam": C("Kd Ks Qh Jc"), "Thérèse": C("2c")}
    assert h.shown == {"Sam": C("Kh Qd Kd Ks Qh Jc 9s"), "Rita": C("5d 2h 3h 4h 6c 8s 7d")}
    third, fourth, fifth, sixth, seventh = h.streets
    assert third.dealt == {"Rita": C("3h"), "Sam": C("Kd"), "Thérèse": C("2c"),
                           "Hero": C("Ah 2d 7c")}
    assert fourth.dealt == {"Rita": C("4h"), "Sam": C("Ks"), "Hero": C("5s")}
    assert seventh.dealt == {"Hero": C("3s")}
    assert acts(third) == [
        ("Hero", "ante", 0.25, None, False), ("Rita", "ante", 0.25, None, False),
        ("Sam", "ante", 0.25, None, False), ("Thérèse", "ante", 0.25, None, False),
        ("Thérèse", "bring-in", 0.5, None, False), ("Hero", "complete", 2.0, 2.0, False),
        ("Rita", "call", 2.0, None, False), ("Sam", "raise", 4.0, 4.0, False),
        ("Thérèse", "fold", 0.0, None, False), ("Hero", "raise", 4.0, 6.0, False),
        ("Rita", "call", 4.0, None, False), ("Sam", "call", 2.0, None, False)]
    assert acts(fourth) == [("Sam", "bet", 2.0, None, False), ("Hero", "call", 2.0, None, False),
                            ("Rita", "call", 2.0, None, False)]
    assert acts(fifth) == [("Sam", "bet", 4.0, None, False), ("Hero", "call", 4.0, None, False),
                           ("Rita", "call", 1.5, None, True)]
    assert acts(sixth) == [("Sam", "bet", 4.0, None, False), ("Hero", "call", 4.0, None, False)]
    assert acts(seventh) == [("Sam", "bet", 4.0, None, False), ("Hero", "fold", 0.0, None, False)]
    assert h.uncalled == {"Sam": 4.0} and h.returned == (("7th", "Sam", 4.0),)
    assert (h.total_pot, h.rake) == (pytest.approx(43.0), pytest.approx(2.0))
    assert h.collected == {"Sam": 27.0, "Rita": 14.0}
    assert h.warnings == ()
    assert_consistent(h, MERGE)
    assert check_rules(h) == ()

    r = hands[1]
    assert (r.game, r.mix, r.small_bet, r.big_bet) == ("razz", "HORSE", 2.0, 4.0)
    assert r.seats == ((2, "Uma"), (4, "Hero"))  # Vic was not dealt in
    assert r.uncalled == {"Hero": 1.5} and r.collected == {"Hero": 1.5}
    assert (r.total_pot, r.rake) == (1.5, 0.0)
    assert_consistent(r, MERGE)
    assert check_rules(r) == ()


def test_hole_cards_written_face_up_on_a_later_street_are_shown():
    """No SHOWN line: Sam's river row writes every card face up, and he showed."""
    text = TEXT.replace('cards="null,null,Kd,Ks,Qh,Jc,null" player="4"',
                        'cards="Kh,Qd,Kd,Ks,Qh,Jc,9s" player="4"')
    text = text.replace('<cards type="SHOWN" cards="Kh,Qd,Kd,Ks,Qh,Jc,9s" player="4"/>', "")
    (h, _), problems = parse_text(text)
    assert problems == [] and h.shown == parse_text(TEXT)[0][0].shown


def test_an_uncalled_winner_that_disagrees_with_the_actions_warns():
    text = TEXT.replace('<winner amount="4.00" uncalled="true"', '<winner amount="3.00" '
                        'uncalled="true"')
    (h, _), problems = parse_text(text)
    assert problems == []
    assert h.warnings == ("the file returns 3.0 uncalled to Sam, the actions 4.0",)


def test_unknown_events_and_rounds_are_warnings():
    old = '<event sequence="14" type="CALL"'
    text = TEXT.replace(old, '<event sequence="14" type="WAVES" player="0"/>\n\t\t' + old)
    text = text.replace('<round id="SHOWDOWN"', '<round id="PAUSE" sequence="0"></round>'
                        '\n\t<round id="SHOWDOWN"')
    (h, _), problems = parse_text(text)
    assert problems == []
    n = line_of(text, '<event sequence="14" type="WAVES"')
    m = line_of(text, '<round id="PAUSE"')
    assert h.warnings == (f"line {n}: unknown event 'WAVES' (line ignored)",
                          f"line {m}: unknown round 'PAUSE' (line ignored)")
    assert h.streets == parse_text(TEXT)[0][0].streets


# ---------------------------------------------------------------- real samples

REAL = {"7-Stud-USD-0.50-1.00-201102.Sample.txt": "stud7",
        "Razz-USD-0.50-1.00-201111.allIn.txt": "razz"}


@needs_samples
@pytest.mark.parametrize("path", samples("merge"), ids=lambda p: p.name)
def test_real_samples_read_and_agree_with_the_rules(path):
    hands = check_sample(path, MERGE)
    assert len(hands) == 1
    if path.name in REAL:
        assert hands[0].game == REAL[path.name]


@needs_samples
def test_real_razz_all_in_details():
    """All in on 4th street: both hands shown there, 5th to 7th street dealt with no
    betting, every card of both players known by the river."""
    path = next(p for p in samples("merge") if p.name.startswith("Razz"))
    (h,), _ = parse_file(path)
    assert acts(h.streets[0])[-6:] == [
        ("Hero", "raise", 0.9, 1.0, False), ("Player1", "raise", 1.0, 1.5, False),
        ("Player2", "call", 1.0, None, False), ("Hero", "raise", 1.0, 2.0, False),
        ("Player1", "call", 0.5, None, False), ("Player2", "call", 0.5, None, False)]
    assert acts(h.streets[1])[2:] == [("Hero", "raise", 0.91, 0.91, True),
                                      ("Player1", "call", 0.41, None, False)]
    assert [len(s.actions) for s in h.streets[2:]] == [0, 0, 0]
    assert h.shown == {"Player1": C("2h 8d 6c 2c 3d Kd 9d"), "Hero": C("As 7h Kc 4c Jh Qc 8s")}
    assert h.collected == {"Player1": 7.58}


@needs_samples
def test_real_samples_survive_mutation():
    assert_samples_survive_mutation(parse_text, samples("merge"))


# ---------------------------------------------------------------- the replay

def test_the_fixture_replays_through_the_command_line(capsys):
    out = check_replay_json(FIXTURE, MERGE, ["70000001-1", "70000003-1"], capsys)
    assert [s["street"] for s in out[0]["streets"]] == ["3rd", "4th", "5th", "6th", "7th"]


# ---------------------------------------------------------------- broken input

def test_mutated_fixture_never_raises():
    fuzz_mutations(parse_text, TEXT)


def test_truncated_fixture_never_raises():
    fuzz_truncations(parse_text, TEXT)


def test_random_text_never_raises():
    fuzz_random_text(parse_text, alphabet='<>/="description stakes game round id BRING_IN '
                                          'THIRD_STREET event cards type ALL_IN player 0 '
                                          'amount null,Ks \n')


def test_a_bad_card_keeps_the_streets_before_it():
    old = 'cards="null,null,Kd,Ks,Qh" player="4"'
    h = check_bad_card(parse_text, TEXT, old, 'cards="null,null,Kd,Ks,Q?" player="4"',
                       ["3rd", "4th"])
    assert h.cut == ParseProblem("70000001-1", line_of(TEXT, old), "impossible card 'Q?': "
                                 "only the streets before it are kept (3rd, 4th street)")


def test_a_bad_card_in_the_showdown_keeps_every_street():
    h = check_bad_showdown_card(parse_text, TEXT, 'cards="5d,2h,3h,4h,6c,8s,7d"',
                                'cards="5d,2h,3h,4h,6c,8s,7D7"', {"Sam"})  # Sam showed first
    assert len(h.streets) == 5
    assert h.cut.message == "impossible card '7D7': the showdown from this line on is left out"


def test_inconsistent_hands_are_problems():
    for old, new, message in (
        ('cards="null,null,Kd,Ks" player="4"', 'cards="null,null,Kd,5s" player="4"',
         "5s is dealt to both Sam and Hero"),
        ('type="FOLD" timestamp="1709323205000" player="5"',
         'type="FOLD" timestamp="1709323205000" player="7"', "seat '7' acts"),
        ('<round id="FIFTH_STREET"', '<round id="SIXTH_STREET"', "out of order"),
        ('cards="5d,2h,3h,4h,6c,8s,7d"', 'cards="5d,2h,3h,4c,6c,8s,7d"',
         "Rita's cards change between rounds"),
    ):
        assert old in TEXT
        hands, problems = parse_text(TEXT.replace(old, new))
        assert [h.hand_id for h in hands] == ["70000003-1"], message
        (problem,) = problems
        assert problem.hand_id == "70000001-1" and message in problem.message, problem


def test_other_encodings_and_line_ends_read_the_same(tmp_path):
    check_encodings(FIXTURE, tmp_path, names=("Thérèse",))
