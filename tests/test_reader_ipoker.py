"""The iPoker reader (studodds.histories.ipoker): our fixture in detail, the real samples,
the replay, and input that is broken in every way we could think of."""

from __future__ import annotations

import dataclasses

import pytest
from reader_helpers import (
    DATA,
    C,
    acts,
    assert_consistent,
    assert_samples_survive_mutation,
    check_bad_card,
    check_encodings,
    check_replay_json,
    check_sample,
    fuzz_mutations,
    fuzz_random_text,
    fuzz_truncations,
    needs_samples,
    samples,
)

from studodds.histories import ParseProblem, identify_file, parse_file
from studodds.histories.ipoker import IPOKER, parse_text
from studodds.histories.replay import check_rules

FIXTURE = DATA / "ipoker_stud7_side_pot.xml"
TEXT = FIXTURE.read_text(encoding="utf-8")


def test_fixture_stud7_side_pot_in_detail():
    """Antes, bring-in, complete, raise (written as the total), an all-in raise for less,
    a side pot, a bet nobody called, the hidden hole cards of a player who folded, and the
    shown cards of those who went to the showdown; the hold'em session is skipped."""
    assert identify_file(FIXTURE).room == IPOKER
    hands, problems = parse_file(FIXTURE)
    assert problems == []
    assert [h.hand_id for h in hands] == ["800000001", "800000003"]
    h = hands[0]
    assert (h.room, h.game, h.mix, h.tournament) == ("iPoker", "stud7", None, None)
    assert (h.small_bet, h.big_bet, h.ante, h.bring_in) == (1.0, 2.0, 0.2, 0.5)
    assert h.seats == ((1, "Alice"), (3, "Hero"), (5, "Bob"), (7, "Zoé"))
    assert h.stacks == {"Alice": 50.0, "Hero": 40.0, "Bob": 6.5, "Zoé": 25.0}
    assert h.hero == "Hero" and h.hero_cards == C("5c 8d Ks Kh 9c 6d 2h")
    assert h.up_cards == {"Alice": C("9h Td Js Qc"), "Hero": C("Ks Kh 9c 6d"),
                          "Bob": C("3c 7s 4d 5h"), "Zoé": C("2d")}
    assert h.shown == {"Alice": C("Kc 3d 9h Td Js Qc 8c"), "Bob": C("Ah Ad 3c 7s 4d 5h 2c")}
    assert [s.name for s in h.streets] == ["3rd", "4th", "5th", "6th", "7th"]
    third, fourth, fifth, sixth, seventh = h.streets
    assert third.dealt == {"Alice": C("9h"), "Hero": C("5c 8d Ks"), "Bob": C("3c"),
                           "Zoé": C("2d")}
    assert seventh.dealt == {"Hero": C("2h")}  # the others' rivers are face down
    assert acts(third) == [
        ("Alice", "ante", 0.2, None, False), ("Hero", "ante", 0.2, None, False),
        ("Bob", "ante", 0.2, None, False), ("Zoé", "ante", 0.2, None, False),
        ("Zoé", "bring-in", 0.5, None, False), ("Alice", "call", 0.5, None, False),
        ("Hero", "complete", 1.0, 1.0, False), ("Bob", "raise", 2.0, 2.0, False),
        ("Zoé", "fold", 0.0, None, False), ("Alice", "call", 1.5, None, False),
        ("Hero", "call", 1.0, None, False)]
    assert acts(fourth) == [("Hero", "bet", 1.0, None, False), ("Bob", "call", 1.0, None, False),
                            ("Alice", "call", 1.0, None, False)]
    assert acts(fifth) == [("Hero", "bet", 2.0, None, False), ("Bob", "raise", 3.3, 3.3, True),
                           ("Alice", "call", 3.3, None, False),
                           ("Hero", "call", 1.3, None, False)]
    assert acts(sixth) == [("Hero", "bet", 2.0, None, False),
                           ("Alice", "raise", 4.0, 4.0, False), ("Hero", "call", 2.0, None, False)]
    assert acts(seventh) == [("Hero", "check", 0.0, None, False),
                             ("Alice", "bet", 2.0, None, False), ("Hero", "fold", 0.0, None, False)]
    assert h.uncalled == {"Alice": 2.0} and h.returned == (("7th", "Alice", 2.0),)
    assert h.total_pot == pytest.approx(28.2) and h.rake == pytest.approx(1.0)
    assert h.collected == {"Alice": pytest.approx(27.2)}  # 29.20 won, less the 2 returned
    assert h.warnings == () and h.folded_on("Zoé") == "3rd" and h.folded_on("Hero") == "7th"
    assert_consistent(h, IPOKER)
    assert check_rules(h) == ()

    t = hands[1]  # a tournament: thousands separators, a name with an escaped ampersand
    assert (t.game, t.tournament, t.small_bet, t.big_bet, t.ante, t.bring_in) == (
        "razz", "555000111", 1000.0, 2000.0, 200.0, 500.0)
    assert t.stacks == {"Dora & Co": 12500.0, "Hero": 9800.0}
    assert t.up_cards == {"Dora & Co": C("Ks"), "Hero": C("4d")} and t.shown == {}
    assert t.uncalled == {"Hero": 500.0} and t.collected == {"Hero": 1400.0}
    assert (t.total_pot, t.rake) == (1400.0, 0.0)
    assert_consistent(t, IPOKER)
    assert check_rules(t) == ()


def test_bet_totals_that_disagree_with_the_actions_warn():
    """The file states each player's total bet: an action read wrong shows there."""
    text = TEXT.replace('type="7" sum="$3.30"', 'type="7" sum="$3.10"')
    (h, _), problems = parse_text(text)
    assert problems == []
    assert "Bob put in 6.3 by the actions, but the file says 6.5" in h.warnings


def test_a_games_own_game_type_rules_its_hand():
    """Mixed games: a game's own <general> may name its game, over the session's."""
    old = "<startdate>2024-03-01 20:00:00</startdate>"
    text = TEXT.replace(old, old + "<gametype>7 Card Stud Hi-Lo L $1/$2</gametype>")
    (h, t), problems = parse_text(text)
    assert problems == [] and (h.game, t.game) == ("stud7hl8", "razz")


def test_unknown_action_types_are_warnings():
    old = '<action no="13" player="Bob" type="3"'
    text = TEXT.replace(old, '<action no="12" player="Bob" type="42" sum="$0"/>' + old)
    (h, _), problems = parse_text(text)
    assert problems == []
    n = text[: text.index('type="42"')].count("\n") + 1
    assert h.warnings == (f"line {n}: unknown action type '42' by Bob (line ignored)",)
    assert h.streets == parse_text(TEXT)[0][0].streets


# ---------------------------------------------------------------- real samples

REAL = {
    "5-StudL-USD-0.05-0.10-201111.Sample.with.showdown.xml": (1, "stud5"),
    "7-StudHL-EUR-0.05-0.10-201405.txt": (5, "stud7hl8"),
}


@needs_samples
@pytest.mark.parametrize("path", samples("ipoker"), ids=lambda p: p.name)
def test_real_samples_read_and_agree_with_the_rules(path):
    hands = check_sample(path, IPOKER)
    if path.name in REAL:
        count, game = REAL[path.name]
        assert len(hands) == count and {h.game for h in hands} == {game}


@needs_samples
def test_real_five_card_sample_is_five_card_stud_high():
    """'5 Card Stud L' is five-card stud high, limit ('L' as in '7 Card Stud Hi-Lo L'): the
    3c brought it in against the Jd and the best high board acted first every street (read
    as lowball, every one of those is wrong), and the pair of fours won the pot from K-Q
    high, which would have won at lowball."""
    (h,), _ = parse_file(samples("ipoker")[0])
    assert h.game == "stud5" and [s.name for s in h.streets] == ["2nd", "3rd", "4th", "5th"]
    assert h.hero_cards == C("Qs 3c 2c Kc 5c") and h.up_cards["Player1"] == C("Jd 4c 4s Kd")
    assert h.shown["Player1"] == C("8h Jd 4c 4s Kd") and h.collected == {"Player1": 0.42}
    assert check_rules(h) == ()
    assert len(check_rules(dataclasses.replace(h, game="stud5low"))) == 4


@needs_samples
def test_real_sample_details():
    hands, _ = parse_file(samples("ipoker")[1])
    by_id = {h.hand_id: h for h in hands}
    raised = by_id["5710056302"]
    assert acts(raised.streets[3]) == [
        ("Hero", "bet", 0.1, None, False), ("Player0", "raise", 0.2, 0.2, False),
        ("Hero", "raise", 0.2, 0.3, False), ("Player0", "call", 0.1, None, False)]
    assert acts(raised.streets[4])[1] == ("Player0", "raise", 0.11, 0.11, True)
    folded = by_id["5710077134"]  # hidden hole cards: 'X X D2'
    assert folded.up_cards["Player0"] == C("2d") and "Player0" not in folded.shown
    assert folded.uncalled == {"Player0": 0.02} and folded.collected == {"Player0": 0.02}


@needs_samples
def test_real_samples_survive_mutation():
    assert_samples_survive_mutation(parse_text, samples("ipoker"))


# ---------------------------------------------------------------- the replay

def test_the_fixture_replays_through_the_command_line(capsys):
    out = check_replay_json(FIXTURE, IPOKER, ["800000001", "800000003"], capsys)
    assert [s["street"] for s in out[0]["streets"]] == ["3rd", "4th", "5th", "6th", "7th"]


# ---------------------------------------------------------------- broken input

def test_mutated_fixture_never_raises():
    fuzz_mutations(parse_text, TEXT)


def test_truncated_fixture_never_raises():
    fuzz_truncations(parse_text, TEXT)


def test_random_text_never_raises():
    fuzz_random_text(parse_text, alphabet='<>/="session game round no="2" cards player type '
                                          '15 16 23 sum $0.5 X H8 C10 \n')


def test_a_bad_card_keeps_the_streets_before_it():
    h = check_bad_card(parse_text, TEXT, 'player="Bob">D4</cards>', 'player="Bob">D0</cards>',
                       ["3rd", "4th"])
    assert h.cut == ParseProblem("800000001", 43, "impossible card 'D0': only the streets "
                                 "before it are kept (3rd, 4th street)")


def test_a_bad_card_on_the_first_street_is_a_problem():
    (razz,), problems = parse_text(TEXT.replace("CK D3 H9", "CK D3 H1"))
    assert razz.hand_id == "800000003"
    assert problems == [ParseProblem("800000001", 30, "impossible card 'H1'")]


def test_inconsistent_hands_are_problems():
    for old, new, message in (
        ('player="Bob">S7<', 'player="Bob">HK<', "Kh is dealt to both Hero and Bob"),
        ('player="Zoé" type="0"', 'player="Nobody" type="0"', "'Nobody' acts"),
        ('<round no="4">', '<round no="2">', "out of order"),
    ):
        assert old in TEXT
        hands, problems = parse_text(TEXT.replace(old, new))
        assert [h.hand_id for h in hands] == ["800000003"], message
        (problem,) = problems
        assert problem.hand_id == "800000001" and message in problem.message


def test_other_encodings_and_line_ends_read_the_same(tmp_path):
    check_encodings(FIXTURE, tmp_path, names=("Zoé",))
