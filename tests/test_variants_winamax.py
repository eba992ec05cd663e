"""Winamax's layouts as the public record documents them (fpdb-3's WinamaxToFpdb.py and
its regression files), each in a fixture of our own: tests/data/handhistories/variants/.
Research notes: the variants report of issue 29 (winamax.md)."""

from __future__ import annotations

from functools import partial

import pytest
from reader_helpers import C, fuzz_mutations, read_variant, variant_text

from studodds.histories import winamax
from studodds.histories.replay import check_rules

ROOM = "Winamax"
FIXTURES = ("winamax_export.txt", "winamax_studhl_split.txt", "winamax_bringin_raise.txt")


read = partial(read_variant, room=ROOM)




def plays(street) -> list[tuple]:
    return [(a.player, a.kind, a.amount, a.to) for a in street.actions if a.kind != "ante"]


def test_export_layout():
    """The export layout (fpdb's 7-Stud-6max-play-...export file): ``7stud fixed limit
    (0.02/0.10/0.20)`` in play money, streets ``*** THIRD ***`` ... ``*** SEVENTH ***``,
    ``bring-in 0.05`` (not ``brings in``), and no ``Dealt to`` line at all: the cards are
    those shown, in the order dealt (hole, hole, 3rd to 6th street up, river)."""
    (hand,) = read("winamax_export.txt")
    assert (hand.room, hand.hand_id, hand.game) == (ROOM, "7000001-12-1620000000", "stud7")
    assert (hand.small_bet, hand.big_bet, hand.ante, hand.bring_in) == (0.1, 0.2, 0.02, 0.05)
    assert hand.seats == ((1, "Nora"), (3, "Otto"), (5, "Pia"))
    assert hand.stacks == {"Nora": 4.1, "Otto": 2.5, "Pia": 3.0}
    assert (hand.hero, hand.hero_cards) == (None, ())
    assert [s.name for s in hand.streets] == ["3rd", "4th", "5th", "6th", "7th"]
    assert plays(hand.streets[0]) == [
        ("Otto", "bring-in", 0.05, None), ("Pia", "complete", 0.1, 0.1),
        ("Nora", "fold", 0.0, None), ("Otto", "call", 0.05, None)]
    assert plays(hand.streets[2]) == [
        ("Pia", "bet", 0.2, None), ("Otto", "raise", 0.4, 0.4), ("Pia", "call", 0.2, None)]
    assert hand.shown == {"Otto": C("5h 5d 2s Kc 9h 5c Jd"), "Pia": C("Ac Qc Ah 7d Th 3c 8s")}
    assert hand.up_cards == {"Otto": C("2s Kc 9h 5c"), "Pia": C("Ah 7d Th 3c")}
    assert hand.collected == {"Otto": 1.58}
    assert (hand.total_pot, hand.rake) == (pytest.approx(1.66), pytest.approx(0.08))


def test_stud_hilo_split_pot():
    """Stud hi/lo (fpdb's 7-StudHL-6max-EUR file): each half is collected on its own line,
    ``collected 30€ from pot(HI)`` and ``from pot(LO)``; at the showdown a player who plays
    for both halves is shown twice, ``(HI : ...)`` then ``(LO : ...)``, as the summary
    names each half."""
    (hand,) = read("winamax_studhl_split.txt")
    assert (hand.room, hand.game) == (ROOM, "stud7hl8")
    assert (hand.small_bet, hand.big_bet, hand.ante, hand.bring_in) == (5, 10, 1, 2)
    assert hand.hero == "Hero" and hand.hero_cards == C("As 2d 3h 4c 8h Qd Jc")
    assert hand.up_cards == {"Hero": C("3h 4c 8h Qd"), "Quinn": C("Kd Ks 9c 7s")}
    assert hand.shown == {"Hero": C("As 2d 3h 4c 8h Qd Jc"), "Quinn": C("Th Tc Kd Ks 9c 7s 9d")}
    assert hand.collected == {"Quinn": 30, "Hero": 30}
    assert (hand.total_pot, hand.rake) == (62, 2)
    assert hand.uncalled == {} and check_rules(hand) == ()


def test_raise_after_own_bring_in_counts_from_it():
    """A player who brought it in and raises later on 3rd street: ``raises X to Y`` leaves
    the bring-in out of Y (fpdb adds it back, WinamaxToFpdb._process_raise_action), so an
    all-in for less than a full raise can read ``Rosa raises -1€ to 4€``: 2€ brought in
    plus 4€ is 6€, 1€ over Stan's 5€ (fpdb's ``negative.bet`` file: ``raises -6.10€ to
    18.90€``)."""
    (hand,) = read("winamax_bringin_raise.txt")
    assert (hand.small_bet, hand.big_bet, hand.ante, hand.bring_in) == (5, 10, 1, 2)
    assert plays(hand.streets[0]) == [
        ("Rosa", "bring-in", 2, None), ("Stan", "complete", 5, 5), ("Hero", "call", 5, None),
        ("Rosa", "raise", 4, 6), ("Stan", "call", 1, None), ("Hero", "call", 1, None)]
    assert hand.put_in("Rosa") == 7  # her whole stack
    assert plays(hand.streets[1]) == [("Stan", "bet", 5, None), ("Hero", "fold", 0, None)]
    # Stan's 25€ from the pot count his 5€ nobody called; the pot is 21€ with the rake.
    assert hand.uncalled == {"Stan": 5} and hand.collected == {"Stan": 20}
    assert (hand.total_pot, hand.rake) == (21, 1)
    assert hand.shown["Stan"] == C("Js Tc Jh Jd 3s 7h 7c")
    assert check_rules(hand) == ()


def test_export_layout_streets_replay_from_the_shown_cards():
    """The export deals nobody's cards: each street is as the showdown tells it, the up
    cards of those who showed dealt street by street (Street.dealt), the hole cards and
    river theirs at the end."""
    (hand,) = read("winamax_export.txt")
    assert [s.dealt for s in hand.streets] == [
        {"Otto": C("2s"), "Pia": C("Ah")}, {"Otto": C("Kc"), "Pia": C("7d")},
        {"Otto": C("9h"), "Pia": C("Th")}, {"Otto": C("5c"), "Pia": C("3c")}, {}]
    # A hand shown short of seven cards says nothing of where each card was dealt.
    text = variant_text("winamax_export.txt").replace("[5h 5d 2s Kc 9h 5c Jd]",
                                                 "[5h 5d 2s Kc 9h 5c]")
    (short,), problems = winamax.parse_text(text)
    assert problems == [] and short.up_cards == {"Pia": C("Ah 7d Th 3c")}


def test_a_half_collected_from_pot_with_a_space():
    """The Omaha hi/lo export writes ``from pot (HI)`` with a space: read the same."""
    text = variant_text("winamax_studhl_split.txt")
    spaced = text.replace("from pot(HI)", "from pot (HI)").replace("from pot(LO)",
                                                                    "from pot (LO)")
    assert spaced != text and winamax.parse_text(spaced) == winamax.parse_text(text)


def test_a_raise_by_the_bring_in_counts_from_it_when_not_all_in():
    """fpdb adds the bring-in to the raise's total whenever the raiser brought it in on the
    street: after ``brings in 2€`` and a complete to 5€, ``raises 3€ to 8€`` is 10€ in
    all, a full raise."""
    text = variant_text("winamax_bringin_raise.txt").replace("Seat 1: Rosa (7€)", "Seat 1: Rosa (70€)")
    text = text.replace("Rosa raises -1€ to 4€", "Rosa raises 3€ to 8€").replace(
        "Stan calls 1€\nHero calls 1€", "Stan calls 5€\nHero calls 5€")
    (hand,), problems = winamax.parse_text(text)
    assert problems == [] and hand.warnings == ()
    raise_ = hand.streets[0].actions[6]
    assert (raise_.player, raise_.kind, raise_.amount, raise_.to) == ("Rosa", "raise", 8, 10)


def test_a_file_in_which_no_hand_starts_says_so():
    """Recognised as Winamax's (``HandId: #``), but no header the reader can split on."""
    text = variant_text("winamax_export.txt").replace("HandId: #7000001-12-1620000000",
                                                 "HandId: #?")
    hands, problems = winamax.parse_text(text)
    assert hands == [] and [p.message for p in problems] == [(
        "no hand starts in this Winamax file: a hand starts at 'Winamax Poker - ... "
        "HandId: #N-N-N - ...'")]


def test_mangled_variants_never_raise():
    """Every variant fixture damaged (reader_helpers.mutate: lines dropped, doubled,
    swapped, cut, characters corrupted, amounts garbled): hands or problems, never an
    exception."""
    fuzz_mutations(winamax.parse_text, [variant_text(name)
                                    for name in FIXTURES])
