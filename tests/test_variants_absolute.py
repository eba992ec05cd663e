"""Absolute Poker / UltimateBet (Cereus) stud layouts fpdb-3 reads (issue 29): each
fixture in data/handhistories/variants is one layout, written from the format; every hand
reads with no problem and no warning, and its key facts are right."""

from __future__ import annotations

from functools import partial

import pytest
from reader_helpers import (
    VARIANTS,
    C,
    fuzz_mutations,
    read_variant,
    variant_text,
)

from studodds.histories import absolute
from studodds.histories.formats import identify

ROOM = "Absolute Poker"


read = partial(read_variant, room=ROOM, balanced=True)




def test_ultimatebet_stage_numbers_with_a_c():
    """UltimateBet (same network, same format) numbers its hands ``Stage #C310000001:``."""
    (h,) = read("absolute_ub_stage_c.txt")
    assert (h.hand_id, h.game) == ("310000001", "stud7hl8")
    assert (h.small_bet, h.big_bet, h.ante, h.bring_in) == (0.5, 1.0, 0.1, 0.25)
    assert h.players == ("Hero", "Marta", "Oskar")
    assert (h.hero, h.hero_cards) == ("Hero", C("2c 4d 6h 5s"))
    assert h.up_cards["Oskar"] == C("3s 7d")
    assert (h.uncalled, h.collected, h.total_pot, h.rake) == ({"Hero": 0.5}, {"Hero": 1.25},
                                                              1.3, 0.05)


def test_returned_not_called_and_a_bare_muck():
    """``NAME - returned ($0.50) : not called`` (the uncalled bet, written), ``NAME -
    Mucks`` with no cards, and the summary's ``HI: [Mucked] [cards]``."""
    first, second = read("absolute_returned_mucks.txt")
    assert (first.uncalled, first.collected, first.total_pot) == ({"Hero": 0.5},
                                                                  {"Hero": 1.75}, 1.75)
    assert first.returned == (("3rd", "Hero", 0.5),)
    assert (second.hero, second.hero_cards) == ("Hero", C("Qd Js 9c 8h 2s Kd 5c"))
    assert second.shown["Ruth"] == C("Ah 2d 4d 3c 6d Kh 7s")
    assert (second.collected, second.total_pot, second.rake) == ({"Ruth": 16.25}, 16.75, 0.5)


def test_all_in_raise_without_to():
    """``NAME - All-In(Raise) $1.15``: a raise all in, the amount what it puts in (fpdb-3
    reads it as call-and-raise); then a side pot, split high and low."""
    (h,) = read("absolute_allin_raise.txt")
    third = [(a.player, a.kind, pytest.approx(a.amount), a.all_in) for a in h.streets[0].actions
             if a.kind != "ante"]
    assert third == [("Dana", "bring-in", 0.1, False), ("Igor", "call", 0.1, False),
                     ("Hero", "complete", 0.25, False), ("Dana", "raise", 1.15, True),
                     ("Igor", "call", 1.15, False), ("Hero", "call", 1.0, False)]
    assert h.streets[0].actions[6].to == pytest.approx(1.25)
    assert h.collected == {"Igor": 2.65, "Hero": 2.65}
    assert (h.total_pot, h.rake) == (5.4, 0.1)
    assert h.shown["Dana"] == C("6d 8s 2s 7c 3s 6h Qh")


@pytest.mark.parametrize("header", ["Stage #C310000001:", "Stage  #C310000001:",
                                    "Stage #C310000001", "Stage #310000001"])
def test_stage_line_spellings(header):
    """fpdb-3's ``Stage\\s+#C?N:?``: several spaces, the ``C``, the colon left out."""
    text = variant_text("absolute_ub_stage_c.txt")
    text = text.replace("Stage #C310000001:", header)
    assert identify(text).room == ROOM
    hands, problems = absolute.parse_text(text)
    assert problems == [] and [h.hand_id for h in hands] == ["310000001"]
    assert hands[0].warnings == ()


def test_bring_in_with_a_final_period():
    """``NAME - Bring-In $0.25.`` (fpdb-3's pattern ends in a period): the same bring-in."""
    text = variant_text("absolute_ub_stage_c.txt")
    (whole,), _ = absolute.parse_text(text)
    hands, problems = absolute.parse_text(text.replace("Bring-In $0.25", "Bring-In $0.25."))
    assert problems == [] and hands == [whole]


FIXTURES = sorted(VARIANTS.glob("absolute_*.txt"))


def test_mangled_variants_never_raise():
    """Lines dropped, doubled, swapped, cut or garbled: hands or problems, never an error."""
    fuzz_mutations(absolute.parse_text, [p.read_text(encoding="utf-8") for p in FIXTURES], examples=80)
