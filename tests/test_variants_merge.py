"""Merge Gaming's stud layouts, one fixture each (tests/data/handhistories/variants/):
every hand read with no problem and no warning, and its key facts right.

The layouts come from fpdb-3's MergeToFpdb.py (re_GameInfo, re_HandInfo, readAction's
newFormat date, markStreets) and its regression files; the notes are in the issue-29
research (variants/merge.md). A test here that fails names a layout the reader does not
read yet."""

from __future__ import annotations

import pytest
from reader_helpers import (
    VARIANTS,
    C,
    acts,
    fuzz_mutations,
    read_variant,
    variant_text,
)

from studodds.histories import identify_file, merge, parse_file
from studodds.histories.merge import MERGE


def read_one(name: str):
    (h,) = read_variant(name, 1, room=MERGE, consistent=True, rules=True)
    return h




def test_a_hand_won_without_a_showdown_ends_in_end_of_folded_game():
    """<round id="END_OF_FOLDED_GAME"> holds the winner; in files that write no winner
    uncalled="true" of their own, its amount includes the bet nobody called."""
    h = read_one("merge_end_of_folded_game.xml")
    assert (h.game, h.small_bet, h.big_bet, h.ante, h.bring_in) == pytest.approx(
        ("stud7", 1.0, 2.0, 0.1, 0.25))
    assert h.hero == "Hero" and h.hero_cards == C("Qs Qd 9c Kh")
    assert acts(h.streets[1]) == [("Hero", "bet", 1.0, None, False), ("Pim", "fold", 0.0, None, False)]
    assert h.uncalled == {"Hero": 1.0}
    assert h.collected == pytest.approx({"Hero": 2.45})
    assert (h.total_pot, h.rake) == pytest.approx((2.55, 0.10))


def test_a_tournament_whose_description_names_no_stakes():
    """<description type="HORSE Tournament" stakes="Limit"/>: the stakes come from the
    hand (the complete and the bets: 100/200), the game from multigametype 41."""
    h = read_one("merge_tournament_no_stakes.xml")
    assert (h.game, h.mix) == ("stud7", "HORSE")
    assert h.tournament == "90000001"  # data="...|TOURNAMENT-TABLE|..."
    assert (h.small_bet, h.big_bet, h.ante, h.bring_in) == pytest.approx((100, 200, 10, 25))
    assert h.stacks == {"Hero": 1500.0, "Quin": 1500.0, "Ray": 1500.0}
    assert h.shown["Ray"] == C("9c 9s 9d 3h Kc 8h 2s")
    assert h.collected == {"Ray": 855.0} and h.rake == 0.0


def test_no_limit_stud_names_ante_bring_in_and_minimum_bet():
    """stakes="No Limit ($0.01/$0.02/$0.10)": ante, bring-in, minimum bet."""
    h = read_one("merge_nolimit_stud.xml")
    assert (h.game, h.ante, h.bring_in) == pytest.approx(("stud7hl8", 0.01, 0.02))
    assert h.small_bet == pytest.approx(0.10)
    assert acts(h.streets[1]) == [("Tam", "bet", 0.1, None, False),
                                  ("Hero", "raise", 0.4, 0.4, False),
                                  ("Tam", "call", 0.3, None, False)]
    assert h.collected == pytest.approx({"Tam": 0.89, "Hero": 0.88})
    assert h.rake == pytest.approx(0.09)


def test_before_september_2010_a_raise_gives_the_chips_it_puts_in():
    """starttime before 2010-09-08: RAISE amount="2.00" by a player who has 1.00 in is a
    raise to 3.00 (fpdb: addCallandRaise before hand.newFormat, addRaiseTo after)."""
    h = read_one("merge_old_raise.xml")
    assert acts(h.streets[0])[3:] == [
        ("Ola", "bring-in", 0.25, None, False), ("Pim", "complete", 1.0, 1.0, False),
        ("Hero", "raise", 2.0, 2.0, False), ("Ola", "fold", 0.0, None, False),
        ("Pim", "raise", 2.0, 3.0, False), ("Hero", "call", 1.0, None, False)]
    assert h.collected == pytest.approx({"Hero": 8.15})
    assert (h.total_pot, h.rake) == pytest.approx((8.55, 0.40))


def test_the_same_hand_after_the_change_reads_the_same():
    """The fixture above as written from 2013 on: RAISE gives the total, the room's hidden
    cards are empty (",,Ah") instead of "null"."""
    h = read_one("merge_empty_hidden_cards.xml")
    assert acts(h.streets[0])[-2:] == [("Pim", "raise", 2.0, 3.0, False),
                                       ("Hero", "call", 1.0, None, False)]
    assert h.up_cards == {"Hero": C("8d 6c Tc Qc"), "Ola": C("3c"), "Pim": C("Ah Kd 4s 2h")}
    assert h.shown["Pim"] == C("As Kh Ah Kd 4s 2h 9c")
    assert h.collected == pytest.approx({"Hero": 8.15})


def test_the_2014_layout():
    """version="2", indented by spaces, " />", balances without "$", HORSE naming the
    hand's game in multigametype after realmoney, a split pot as two winners."""
    h = read_one("merge_version2_layout.xml")
    assert (h.game, h.mix, h.small_bet, h.big_bet, h.ante, h.bring_in) == pytest.approx(
        ("stud7hl8", "HORSE", 0.5, 1.0, 0.05, 0.1))
    assert h.stacks == pytest.approx({"Hero": 20.0, "Sal": 15.5})
    assert h.shown == {"Hero": C("Ac 4d 9s Ks 3c Kd 8c"), "Sal": C("As 7s 2h 5h 6d Jc Qd")}
    assert h.collected == pytest.approx({"Hero": 3.85, "Sal": 3.85})
    assert h.rake == pytest.approx(0.40)


def edited(name: str, *pairs: tuple[str, str]) -> str:
    text = variant_text(name)
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new)
    return text


def test_a_folded_game_with_its_own_uncalled_winner():
    """The 2014 way: the bet nobody called is a winner of its own, uncalled="true"; the
    other winner's amount is the pot less the rake, taken as written."""
    winner = '<winner amount="{}" uncalled="{}" potnumber="{}" player="0" pottype="n"/>'
    text = edited("merge_end_of_folded_game.xml", (
        winner.format("3.45", "false", 1),
        winner.format("2.45", "false", 1) + "\n\t\t" + winner.format("1.00", "true", 2)))
    (h,), problems = merge.parse_text(text)
    assert problems == [] and h.warnings == ()
    assert h.uncalled == {"Hero": 1.0}
    assert h.collected == pytest.approx({"Hero": 2.45})
    assert (h.total_pot, h.rake) == pytest.approx((2.55, 0.10))


NO_COMPLETE = ('type="COMPLETE" timestamp="1300000009000" player="0" amount="100.00"',
               'type="CALL" timestamp="1300000009000" player="0" amount="25.00"')


def test_stakes_from_a_fourth_street_bet():
    """Nobody completes: the first bet on 4th street is the small bet."""
    text = edited("merge_tournament_no_stakes.xml", NO_COMPLETE)
    (h,), _ = merge.parse_text(text)
    assert (h.small_bet, h.big_bet) == (100.0, 200.0)


def test_stakes_from_a_double_bet_on_fourth_street():
    """A 4th-street bet as big as the later bets is a double bet (an open pair): the
    small bet is half of it."""
    text = edited("merge_tournament_no_stakes.xml", NO_COMPLETE,
                  ('type="BET" timestamp="1300000013500" player="0" amount="100.00"',
                   'type="BET" timestamp="1300000013500" player="0" amount="200.00"'))
    (h,), _ = merge.parse_text(text)
    assert (h.small_bet, h.big_bet) == (100.0, 200.0)


def test_a_hand_that_cannot_tell_its_stakes_is_a_problem():
    """No stakes in the description and a hand over at the bring-in: refused, saying why."""
    text = variant_text("merge_tournament_no_stakes.xml")
    head = text[: text.index('\t<round id="THIRD_STREET"')]
    text = head + (
        '\t<round id="THIRD_STREET" sequence="3">\n'
        '\t\t<event sequence="5" type="FOLD" timestamp="1300000007500" player="5"/>\n'
        '\t\t<event sequence="6" type="FOLD" timestamp="1300000009000" player="0"/>\n'
        '\t</round>\n\t<round id="END_OF_FOLDED_GAME" sequence="4">\n'
        '\t\t<winner amount="55.00" uncalled="false" potnumber="1" player="2" pottype="n"/>\n'
        '\t</round>\n</game>\n')
    hands, problems = merge.parse_text(text)
    assert hands == [] and len(problems) == 1
    assert problems[0].message == ("no stakes (small bet/big bet) in the description, and no "
                                   "complete or bet in the hand to tell them")


def test_games_without_a_description_are_a_problem():
    """A game whose file names no game type nor stakes is refused, not skipped in silence."""
    text = variant_text("merge_end_of_folded_game.xml")
    hands, problems = merge.parse_text(text[text.index("<game "):])
    assert hands == [] and [p.message for p in problems] == [
        "no <description> before the game: its game and stakes are unknown"]


def test_a_file_with_no_game_is_a_problem(tmp_path):
    path = tmp_path / "merge.xml"
    path.write_text('<description type="7-Stud" stakes="Limit $1/$2"/>\n', encoding="utf-8")
    assert identify_file(path).room == MERGE
    hands, problems = parse_file(path)
    assert hands == [] and len(problems) == 1
    assert problems[0].message.startswith("no <game> in this Merge Gaming file")


FIXTURES = sorted(p.name for p in VARIANTS.glob("merge_*.xml"))


def test_mangled_variants_never_raise():
    """Lines dropped, doubled, swapped, garbled or cut: hands or problems, never a raise."""
    fuzz_mutations(merge.parse_text, [variant_text(p) for p in FIXTURES], examples=80)
