"""Full Tilt Poker's stud layouts, one fixture each (tests/data/handhistories/variants/):
every hand read with no problem and no warning, and its key facts right.

The layouts come from fpdb-3's FulltiltToFpdb.py (re_GameInfo, re_HandInfo, re_DateTime)
and its regression files; the notes are in the issue-29 research (variants/fulltilt.md).
A test here that fails names a layout the reader does not read yet."""

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

from studodds.histories import fulltilt
from studodds.histories.fulltilt import ROOM


def read_one(name: str):
    (h,) = read_variant(name, 1, room=ROOM, consistent=True, rules=True)
    return h




def assert_base_hand(h, unit: float = 1.0, rake: float = 1.0) -> None:
    """The 7 Card Stud hand the cash fixtures share (amounts times ``unit``)."""
    assert h.game == "stud7" and h.mix is None and h.tournament is None
    assert (h.small_bet, h.big_bet, h.ante, h.bring_in) == pytest.approx(
        (1.0 * unit, 2.0 * unit, 0.2 * unit, 0.5 * unit))
    assert h.seats == ((1, "Hero"), (4, "Kai"), (6, "Lia"))
    assert h.stacks == pytest.approx({"Hero": 80 * unit, "Kai": 55.4 * unit, "Lia": 32 * unit})
    assert h.hero == "Hero" and h.hero_cards == C("Ac Kc Qc 7c 2c 5h 9d")
    assert h.up_cards == {"Hero": C("Qc 7c 2c 5h"), "Kai": C("3d"), "Lia": C("8h 8s Td Th")}
    assert h.shown == {"Hero": C("Ac Kc Qc 7c 2c 5h 9d"), "Lia": C("4s 4h 8h 8s Td Th 6d")}
    assert acts(h.streets[1]) == [("Lia", "bet", 1.0 * unit, None, False),
                                  ("Hero", "raise", 2.0 * unit, 2.0 * unit, False),
                                  ("Lia", "call", 1.0 * unit, None, False)]
    assert h.collected == pytest.approx({"Hero": 23.1 * unit - rake})
    assert (h.total_pot, h.rake) == pytest.approx((23.1 * unit, rake))


def test_no_space_in_the_room_name():
    """'FullTiltPoker Game #' (as PokerTracker's stud export wrote it)."""
    h = read_one("fulltilt_no_space_name.txt")
    assert h.hand_id == "50000000101"
    assert_base_hand(h)


def test_the_short_lived_date_format():
    """'10:46 ET - Saturday, February 19, 2011': hours and minutes, then the date in words."""
    h = read_one("fulltilt_old_date.txt")
    assert h.hand_id == "50000000201"
    assert_base_hand(h)


def test_stakes_written_after_the_game():
    """'- Limit 7 Card Stud - $1/$2 Ante $0.20 -' (re_GameInfo's STAKES2)."""
    h = read_one("fulltilt_stakes_after_game.txt")
    assert_base_hand(h)


def test_euro_tables():
    h = read_one("fulltilt_euro.txt")
    assert_base_hand(h)


def test_play_chip_tables():
    """'Table Play Chip NAME', amounts in chips with no currency, thousands by comma."""
    h = read_one("fulltilt_play_chips.txt")
    assert_base_hand(h, unit=100.0, rake=0.0)


def test_five_card_stud_cash():
    """'Limit 5 Card Stud' at a cash table: 2nd street deals one card down, one up."""
    h = read_one("fulltilt_5stud_cash.txt")
    assert (h.game, h.small_bet, h.big_bet, h.ante, h.bring_in) == pytest.approx(
        ("stud5", 1.0, 2.0, 0.1, 0.25))
    assert [s.name for s in h.streets] == ["2nd", "3rd", "4th", "5th"]
    assert h.hero_cards == C("Ks 9h Kd 2c 7s")
    assert h.up_cards == {"Hero": C("9h Kd 2c 7s"), "Nia": C("4d Ah 4s Jc")}
    assert h.shown["Nia"] == C("Qh 4d Ah 4s Jc")
    assert h.collected == pytest.approx({"Hero": 11.6}) and h.rake == pytest.approx(0.6)


def test_table_notices_of_players_not_in_the_hand_are_read_quietly():
    """'Mo sits down', 'Mo adds $50', '5 seconds left to act' from someone not dealt in, and
    the summary's 'Duration 95s': harmless lines, read without a warning."""
    h = read_one("fulltilt_table_notices.txt")
    assert_base_hand(h)


FIXTURES = sorted(p.name for p in VARIANTS.glob("fulltilt_*.txt"))


def test_mangled_variants_never_raise():
    """Lines dropped, doubled, swapped, garbled or cut: hands or problems, never a raise."""
    fuzz_mutations(fulltilt.parse_text, [variant_text(p) for p in FIXTURES], examples=80)
