"""The PartyPoker reader (studodds.histories.partypoker): our fixture in detail, the real
samples, the replay, and broken input.

PartyPoker writes nobody's up cards but the hero's: the others' are known only when they
show down. The rules are checked where the file lets us (every board needed is known);
the replay cannot give odds while a live player's board is unknown."""

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
    check_sample,
    fuzz_mutations,
    fuzz_random_text,
    fuzz_truncations,
    line_of,
    needs_samples,
    samples,
)

from studodds import table
from studodds.cli import main
from studodds.histories import HandHistory, ParseProblem, identify_file, parse_file
from studodds.histories.partypoker import PARTYPOKER, parse_text

FIXTURE = DATA / "partypoker_stud7_side_pot.txt"
TEXT = FIXTURE.read_text(encoding="utf-8")


def assert_party_consistent(h: HandHistory) -> None:
    """assert_consistent, for a file that shows the boards of the hero and of those who
    show down only."""
    assert_consistent(h, PARTYPOKER, boards_known=False)
    assert set(h.up_cards) == {h.hero} | set(h.shown), h.hand_id


def rules_where_known(h: HandHistory) -> int:
    """Check the bring-in and the first to act on each street against the table rules
    wherever every board needed is in the file; the number of checks made."""
    checks = 0
    names = list(h.players)
    if all(h.up_cards.get(name) for name in names):
        first = next(a for a in h.streets[0].actions if a.kind != "ante")
        assert first.player == names[table.bring_in(h.game, [h.up_cards[n][0] for n in names])]
        checks += 1
    for s in range(1, len(h.streets)):
        actions = [a for a in h.streets[s].actions if a.kind != "ante"]
        live = h.live_players(s)
        all_in = {a.player for st_ in h.streets[:s] for a in st_.actions if a.all_in}
        acting = [n for n in live if n not in all_in]
        n_up = min(s + 1, 4)  # the river is dealt down
        if not actions or len(acting) < 2 or not all(
                len(h.up_cards.get(n, ())) >= n_up for n in acting):
            continue
        boards = [None if n in all_in else h.up_cards[n][:n_up] for n in live]
        assert actions[0].player == live[table.first_to_act(h.game, boards)], (h.hand_id, s)
        checks += 1
    return checks


def test_fixture_stud7_side_pot_in_detail():
    """Antes (not by the player sitting out), bring-in, complete, a raise written as the
    chips put in, an all-in call for less, a side pot, the river bet nobody called (inside
    the winnings), both hands shown; a hold'em hand skipped; a stud hi-lo tournament hand."""
    assert identify_file(FIXTURE).room == PARTYPOKER
    hands, problems = parse_file(FIXTURE)
    assert problems == []
    assert [h.hand_id for h in hands] == ["5000000001", "5000000003"]
    h = hands[0]
    assert (h.room, h.game, h.mix, h.tournament) == (PARTYPOKER, "stud7", None, None)
    assert (h.small_bet, h.big_bet, h.ante, h.bring_in) == (2.0, 4.0, 0.25, 0.5)
    assert h.seats == ((1, "Hero"), (3, "Jörg"), (5, "Kim"))  # Lou sat out: no ante
    assert h.stacks == {"Hero": 1250.0, "Jörg": 40.0, "Kim": 6.25}
    assert h.hero == "Hero" and h.hero_cards == C("Ah Kh 9s 9d 4c Qs 2s")
    assert h.up_cards == {"Hero": C("9s 9d 4c Qs"), "Kim": C("Tc 3s 6h 8d")}  # Jörg: unknown
    assert h.shown == {"Hero": C("Ah Kh 9s 9d 4c Qs 2s"), "Kim": C("Td Th Tc 3s 6h 8d Kd")}
    third, fourth, fifth, sixth, seventh = h.streets
    assert third.dealt == {"Hero": C("Ah Kh 9s")} and seventh.dealt == {"Hero": C("2s")}
    assert acts(third) == [
        ("Hero", "ante", 0.25, None, False), ("Jörg", "ante", 0.25, None, False),
        ("Kim", "ante", 0.25, None, False), ("Jörg", "bring-in", 0.5, None, False),
        ("Kim", "complete", 2.0, 2.0, False), ("Hero", "raise", 4.0, 4.0, False),
        ("Jörg", "call", 3.5, None, False), ("Kim", "call", 2.0, None, False)]
    assert acts(fourth) == [("Hero", "bet", 2.0, None, False), ("Jörg", "call", 2.0, None, False),
                            ("Kim", "call", 2.0, None, True)]
    assert acts(fifth) == [("Hero", "bet", 4.0, None, False), ("Jörg", "raise", 8.0, 8.0, False),
                           ("Hero", "raise", 8.0, 12.0, False),
                           ("Jörg", "call", 4.0, None, False)]
    assert acts(sixth) == [("Hero", "check", 0.0, None, False),
                           ("Jörg", "bet", 4.0, None, False), ("Hero", "call", 4.0, None, False)]
    assert acts(seventh) == [("Hero", "bet", 4.0, None, False), ("Jörg", "fold", 0.0, None, False)]
    assert h.uncalled == {"Hero": 4.0} and h.returned == (("7th", "Hero", 4.0),)
    assert (h.total_pot, h.rake) == (pytest.approx(50.75), pytest.approx(1.0))
    assert h.collected == {"Kim": 17.75, "Hero": 32.0}  # $36 won, less the $4 returned
    assert h.warnings == ()  # "Kim: gl all" is chat
    assert_party_consistent(h)
    # Jörg's board is not in the file: only the streets without him can be checked.
    assert rules_where_known(h) == 0

    t = hands[1]
    assert (t.game, t.tournament, t.small_bet, t.big_bet, t.ante, t.bring_in) == (
        "stud7hl8", "777000", 100.0, 200.0, 25.0, 50.0)
    assert t.stacks == {"Hero": 2500.0, "Kim": 1975.0}
    assert t.up_cards == {"Hero": C("5d")} and t.shown == {}
    assert t.uncalled == {"Hero": 50.0} and t.collected == {"Hero": 150.0}
    assert_party_consistent(t)


def test_shown_cards_out_of_the_dealt_order_are_shown_but_fill_no_board():
    """A show that contradicts the hero's cards in the order dealt: the cards are shown, and
    nothing is filled in."""
    text = TEXT.replace("Hero shows [ Ah, Kh, 9s, 9d, 4c, Qs, 2s ]",
                        "Hero shows [ 9s, 9d, Ah, Kh, 4c, Qs, 2s ]")
    (h, _), problems = parse_text(text)
    assert problems == [] and h.up_cards["Hero"] == C("9s 9d 4c Qs")
    assert set(h.shown["Hero"]) == set(C("Ah Kh 9s 9d 4c Qs 2s"))


def test_a_first_action_by_another_than_who_opens_warns():
    text = TEXT.replace("Hero opens\nHero checks", "Jörg opens\nHero checks")
    (h, _), problems = parse_text(text)
    n = line_of(text, "Jörg opens\nHero checks")
    assert problems == [] and h.warnings == (f"line {n + 1}: Hero checks (line {n}: Jörg opens)",)


def test_unknown_lines_are_warnings():
    text = TEXT.replace("Kim: gl all", "Kim juggles chips\nThe dealer sneezes")
    (h, _), problems = parse_text(text)
    assert problems == []
    n = line_of(text, "Kim juggles")
    assert h.warnings == (f"line {n}: Kim juggles chips (line ignored)",
                          f"line {n + 1}: The dealer sneezes (line ignored)")


# ---------------------------------------------------------------- real samples

@needs_samples
@pytest.mark.parametrize("path", samples("partypoker"), ids=lambda p: p.name)
def test_real_samples_read(path):
    """One hand a file, no warnings; the hero's board, and the shown players' boards in the
    order dealt."""
    hands = check_sample(path, PARTYPOKER, boards_known=False)
    assert len(hands) == 1
    for h in hands:
        assert_party_consistent(h)


@needs_samples
def test_real_samples_agree_with_the_rules_where_the_boards_are_known():
    """In the stud hi-lo hand both players left after 4th street showed down: who acted
    first on 5th, 6th and 7th street agrees with the rules. Nothing else can be checked:
    the file never shows a board that folded."""
    checked = {}
    for path in samples("partypoker"):
        (h,), _ = parse_file(path)
        checked[h.game] = rules_where_known(h)
        if h.game == "stud7hl8":
            assert h.up_cards["PPPPPositive"] == C("Ah 2d 7d Th")
            assert h.up_cards["strandalleen"] == C("9c Qc 2h Kc")
            assert h.collected == {"PPPPPositive": 8.45} and h.rake == pytest.approx(0.40)
    assert checked == {"stud7": 0, "stud7hl8": 3}


@needs_samples
def test_real_samples_survive_mutation():
    assert_samples_survive_mutation(parse_text, samples("partypoker"))


# ---------------------------------------------------------------- the replay

def test_the_replay_names_the_unknown_boards(capsys):
    """The others' boards are not in the file: no street can be replayed with odds, and the
    replay says why, hand by hand."""
    assert main(["replay", str(FIXTURE), "--trials", "2000", "--format", "json"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "warning: hand 5000000001 cannot be replayed" in err
    assert "warning: hand 5000000003 cannot be replayed" in err
    assert err.splitlines()[-1].startswith("Error: none of the hands in ")


# ---------------------------------------------------------------- broken input

def test_mutated_fixture_never_raises():
    fuzz_mutations(parse_text, TEXT)


def test_truncated_fixture_never_raises():
    fuzz_truncations(parse_text, TEXT)


def test_random_text_never_raises():
    fuzz_random_text(parse_text, alphabet="Game #1 starts. ** Dealing ** Seat 1: ( $2 USD ) "
                                          "Dealt to [ Ah ] posts ante bring-ins raises wins "
                                          "7 Card Stud\n")


def test_a_bad_card_keeps_the_streets_before_it():
    old = "Dealt to Hero [  4c ]"
    h = check_bad_card(parse_text, TEXT, old, "Dealt to Hero [  4x ]", ["3rd", "4th"],
                       boards_known=False)
    assert h.cut == ParseProblem("5000000001", line_of(TEXT, old), "impossible card '4x': "
                                 "only the streets before it are kept (3rd, 4th street)")


def test_a_bad_card_in_the_showdown_keeps_every_street():
    h = check_bad_showdown_card(parse_text, TEXT, "Kim shows [ Td, Th, Tc, 3s, 6h, 8d, Kd ]",
                                "Kim shows [ Td, Th, Tc, 3s, 6h, 8d, K ]", {"Hero"})
    assert len(h.streets) == 5
    assert h.cut.message == "impossible card 'K': the showdown from this line on is left out"


def test_inconsistent_hands_are_problems():
    for old, new, message in (
        ("Dealt to Hero [  9d ]", "Dealt to Hero [  Kh ]", "Kh is dealt to Hero twice"),
        ("Kim completes", "Nobody completes", None),
        ("** Dealing Fifth street **", "** Dealing Sixth street **", "out of order"),
        ("Kim shows [ Td,", "Kim shows [ 9s,", "9s is dealt to both Hero and Kim"),
    ):
        assert old in TEXT
        hands, problems = parse_text(TEXT.replace(old, new))
        if message is None:  # an unknown name is an unknown line; the hand still adds up
            assert [h.hand_id for h in hands] == ["5000000001", "5000000003"]
            assert "Nobody completes [$2 USD]" in hands[0].warnings[0]
            continue
        assert [h.hand_id for h in hands] == ["5000000003"], message
        (problem,) = problems
        assert problem.hand_id == "5000000001" and message in problem.message, problem


def test_other_encodings_and_line_ends_read_the_same(tmp_path):
    check_encodings(FIXTURE, tmp_path, names=("Jörg",))
