"""Ongame's stud layouts, one fixture each (tests/data/handhistories/variants/): every
hand read with no problem and no warning, and its key facts right.

The layouts come from fpdb-3's OnGameToFpdb.py (re_HandInfo, re_PlayerInfo, re_Action,
re_CollectPot, re_Button, re_Max) and its regression files; the notes are in the
issue-29 research (variants/ongame.md). A test here that fails names a layout the reader
does not read yet."""

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

from studodds.histories import identify_file, ongame, parse_file
from studodds.histories.ongame import ROOM
from studodds.method import Method


def read(name: str, count: int = 1):
    return read_variant(name, count, room=ROOM, consistent=True, rules=True)




def assert_base_hand(h) -> None:
    """The 7 Card Stud hand two cash fixtures share."""
    assert (h.game, h.tournament) == ("stud7", None)
    assert (h.small_bet, h.big_bet, h.ante, h.bring_in) == pytest.approx((0.5, 1.0, 0.05, 0.12))
    assert h.seats == ((2, "Hero"), (5, "Wes"), (8, "Xia"))
    assert h.stacks == pytest.approx({"Hero": 30.0, "Wes": 22.4, "Xia": 18.0})
    assert h.hero == "Hero" and h.hero_cards == C("Kh Kc 7d 4c Ks 9d 2c")
    assert h.up_cards == {"Hero": C("7d 4c Ks 9d"), "Wes": C("2s"), "Xia": C("Qd Qs 3h 8c")}
    assert acts(h.streets[0])[3:] == [
        ("Wes", "bring-in", 0.12, None, False), ("Xia", "call", 0.12, None, False),
        ("Hero", "complete", 0.5, 0.5, False), ("Wes", "fold", 0.0, None, False),
        ("Xia", "call", 0.38, None, False)]
    assert h.uncalled == {"Hero": 1.0}
    assert h.collected == pytest.approx({"Hero": 8.82})
    assert (h.total_pot, h.rake) == pytest.approx((9.27, 0.45))


def test_button_and_table_size_lines():
    """'Button: seat 5' and 'Players in round: 3 (6)': read, no warning."""
    (h,) = read("ongame_button_line.txt")
    assert_base_hand(h)


def test_seats_written_in_chips():
    """'Seat 2: Hero ($30 in chips)' (re_PlayerInfo's comment)."""
    (h,) = read("ongame_in_chips.txt")
    assert_base_hand(h)


def test_a_hi_lo_pot_split_between_high_and_low():
    """'Main pot: $1.80 won by Yan ($0.86 High), Hero ($0.86 Low)'."""
    (h,) = read("ongame_hilo_split.txt")
    assert (h.game, h.small_bet, h.big_bet, h.ante, h.bring_in) == pytest.approx(
        ("stud7hl8", 0.25, 0.5, 0.05, 0.1))
    assert h.shown == {"Hero": C("Ah 2h 6c 4s 3d Jh Qc"), "Yan": C("8h 8d Kd Ks 9c 7s Tc")}
    assert h.collected == pytest.approx({"Yan": 0.86, "Hero": 0.86})
    assert (h.total_pot, h.rake) == pytest.approx((1.80, 0.08))


def test_tournament_hands():
    """'***** History for hand T5-... (TOURNAMENT: "NAME", ID, buy-in: $10) *****', the
    table in chips ('100/200, ante: 10, TC'), and an all-in written '[all in]'."""
    first, second = read("ongame_tournament.txt", count=2)
    for h in (first, second):
        assert h.tournament == "S-512-77"
        assert (h.game, h.small_bet, h.big_bet, h.ante, h.bring_in) == (
            "stud7", 100.0, 200.0, 10.0, 25.0)
    assert first.uncalled == {"Xia": 200.0}
    assert first.collected == {"Xia": 455.0} and first.rake == 0.0
    assert acts(second.streets[0])[3:] == [
        ("Hero", "bring-in", 25.0, None, False), ("Wes", "complete", 85.0, 85.0, True),
        ("Xia", "fold", 0.0, None, False), ("Hero", "call", 60.0, None, False)]
    assert second.shown["Wes"] == C("Qc 6d Ks Jd Kh 4d 8s")
    assert second.collected == {"Wes": 200.0} and second.rake == 0.0


def test_a_bring_in_for_the_full_small_bet():
    """'Zoe big bring in $1': the bring-in is the small bet; the next raise is to $2."""
    (h,) = read("ongame_big_bring_in.txt")
    assert (h.small_bet, h.big_bet, h.ante, h.bring_in) == pytest.approx((1.0, 2.0, 0.1, 1.0))
    assert acts(h.streets[0])[3:] == [
        ("Zoe", "bring-in", 1.0, None, False), ("Abe", "call", 1.0, None, False),
        ("Hero", "raise", 2.0, 2.0, False), ("Zoe", "fold", 0.0, None, False),
        ("Abe", "call", 1.0, None, False)]
    assert h.collected == pytest.approx({"Hero": 5.05}) and h.rake == pytest.approx(0.25)


def test_a_winner_not_read_is_warned():
    """A pot's winners the reader cannot read all are said, not dropped in silence."""
    text = variant_text("ongame_hilo_split.txt")
    text = text.replace("Hero ($0.86 Low)", "Hero ($0.86 Lo)")
    (h,), problems = ongame.parse_text(text)
    assert problems == []
    assert h.collected == pytest.approx({"Yan": 0.86})
    (warning,) = h.warnings
    assert warning == ("line 41: Main pot: $1.80 won by Yan ($0.86 High), Hero ($0.86 Lo) "
                       "(only part of this line was read: the winners not read are left out)")


def test_a_file_whose_hands_never_start_is_a_problem(tmp_path):
    """A file recognised as Ongame's whose hand headers the reader cannot read says so,
    rather than giving no hand and no problem."""
    path = tmp_path / "ongame.txt"
    text = variant_text("ongame_big_bring_in.txt")
    path.write_text(text.replace("R5-81000004-3 *****", "R5-81000004-3 (partial) *****", 1),
                    encoding="utf-8")
    assert identify_file(path).room == ROOM
    hands, problems = parse_file(path)
    assert hands == [] and len(problems) == 1
    assert problems[0].message.startswith("no hand starts in this Ongame file")


FIXTURES = sorted(p.name for p in VARIANTS.glob("ongame_*.txt"))


def test_mangled_variants_never_raise():
    """Lines dropped, doubled, swapped, garbled or cut: hands or problems, never a raise."""
    fuzz_mutations(ongame.parse_text, [variant_text(p) for p in FIXTURES], examples=80)


def test_the_cli_calls_only_a_skipped_line_ignored():
    """A line read in part is said as such; only a line left out is '(line ignored)'."""
    from studodds.histories.replaying import replay_hands

    text = variant_text("ongame_hilo_split.txt")
    text = text.replace("Hero ($0.86 Low)", "Hero ($0.86 Lo)")
    text = text.replace("Players in round", "The dealer sneezes\nPlayers in round", 1)
    hands, _ = ongame.parse_text(text)
    said: list[str] = []
    replay_hands(hands, method=Method(trials=200), where="the test", warn=said.append)
    (part,) = [w for w in said if "Main pot" in w]
    (skipped,) = [w for w in said if "sneezes" in w]
    assert part.endswith("(only part of this line was read: the winners not read are left out)")
    assert skipped.endswith("The dealer sneezes (line ignored)")
