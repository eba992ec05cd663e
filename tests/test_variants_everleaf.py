"""Everleaf's layouts as the public record documents them (fpdb-3's EverleafToFpdb.py and
its regression files), each in a fixture of our own: tests/data/handhistories/variants/.
Research notes: the variants report of issue 29 (everleaf.md)."""

from __future__ import annotations

from functools import partial

import pytest
from reader_helpers import VARIANTS, C, fuzz_mutations, read_variant, variant_text

from studodds.histories import Action, everleaf
from studodds.histories.formats import identify
from studodds.histories.replay import check_rules

ROOM = "Everleaf"
FIXTURES = ("everleaf_new_layout.txt", "everleaf_old_no_cards.txt",
            "everleaf_tournament.txt", "everleaf_partouche.txt")


read = partial(read_variant, room=ROOM)




def plays(street) -> list[tuple]:
    return [(a.player, a.kind, a.amount, a.to) for a in street.actions if a.kind != "ante"]


def test_new_layout_2011_cards_and_streets():
    """The August 2011 layout: ``€ 5 EURO``, ``Dealt to NAME [ c ].`` with a full stop,
    ``** Dealing 4th Street **`` ... ``** Dealing River **``, only the hero's river written;
    the low card may open with ``: bets`` (the complete) instead of a bring-in."""
    path = VARIANTS / "everleaf_new_layout.txt"
    assert identify(path.read_text(encoding="utf-8")).room == ROOM
    first, second = read("everleaf_new_layout.txt")
    assert (first.room, first.hand_id, first.game) == (ROOM, "600000001", "stud7")
    assert (first.small_bet, first.big_bet, first.ante, first.bring_in) == (0.1, 0.2, 0.02, 0.05)
    assert first.seats == ((2, "Hero"), (4, "Maja"), (7, "Tomas"))
    assert first.stacks == {"Hero": 5.0, "Maja": 3.4, "Tomas": 6.25}
    assert first.hero == "Hero" and first.hero_cards == C("7h 7d Ks 2c Jd 4s 7c")
    assert first.up_cards == {"Hero": C("Ks 2c Jd 4s"), "Maja": C("3c"),
                              "Tomas": C("Qd 9s 8h Td")}
    assert [s.name for s in first.streets] == ["3rd", "4th", "5th", "6th", "7th"]
    assert first.streets[4].dealt == {"Hero": C("7c")}
    assert plays(first.streets[0]) == [
        ("Maja", "bring-in", 0.05, None), ("Tomas", "complete", 0.1, 0.1),
        ("Hero", "raise", 0.2, 0.2), ("Maja", "fold", 0.0, None), ("Tomas", "call", 0.1, None)]
    assert plays(first.streets[2]) == [
        ("Hero", "bet", 0.2, None), ("Tomas", "raise", 0.4, 0.4), ("Hero", "call", 0.2, None)]
    assert sorted(first.shown["Tomas"]) == sorted(C("5c Ad Qd 9s 8h Td Ah"))
    assert first.shown["Hero"] == C("7h 7d Ks 2c Jd 4s 7c")
    assert first.collected == {"Hero": 1.82} and first.uncalled == {}
    assert first.put_in() == pytest.approx(1.91)
    assert check_rules(first) == ()
    # The low card completes straight away: no bring-in, Tomas's raise goes uncalled.
    assert second.bring_in is None and second.hero_cards == C("Qc Jc 4d")
    assert second.streets[0].actions == (
        Action("Hero", "ante", 0.02), Action("Tomas", "ante", 0.02),
        Action("Hero", "complete", 0.1, 0.1), Action("Tomas", "raise", 0.2, 0.2),
        Action("Hero", "fold", 0.0))
    assert second.uncalled == {"Tomas": 0.1} and second.collected == {"Tomas": 0.24}


def test_old_layout_without_cards():
    """The July 2011 layout: no ``Dealt to`` line at all, ``**** dealing 4th street ****``;
    the cards are known only from the showdown."""
    (hand,) = read("everleaf_old_no_cards.txt")
    assert (hand.room, hand.hand_id, hand.game) == (ROOM, "600000101", "stud7")
    assert (hand.small_bet, hand.big_bet, hand.ante, hand.bring_in) == (0.05, 0.1, 0.01, 0.02)
    assert hand.seats == ((1, "Ana"), (3, "Ben"), (5, "Cy"))
    assert hand.stacks == {"Ana": 2.1, "Ben": 1.45, "Cy": 3.0}
    assert (hand.hero, hand.hero_cards, hand.up_cards) == (None, (), {})
    assert plays(hand.streets[0]) == [
        ("Ben", "bring-in", 0.02, None), ("Cy", "complete", 0.05, 0.05),
        ("Ana", "fold", 0.0, None), ("Ben", "call", 0.03, None)]
    assert hand.shown == {"Ben": C("6h 6c 2d Kh 9c 6s Td"), "Cy": C("As Qd Jh Js 4c 8d Ah")}
    assert hand.collected == {"Ben": 0.61} and hand.put_in() == pytest.approx(0.63)


def test_tournament_chips_and_table_chatter():
    """Tournament hands (fpdb's tour/Everleaf files, hold'em): no currency, ``(  25000
    Chips )``, ``[ 1,000 Chips]`` with a thousands comma, ``wins 13300 chips``; players
    chat at the table (``Ana: gl all``) and the room says who is disconnected: neither
    line is a warning."""
    (hand,) = read("everleaf_tournament.txt")
    assert (hand.room, hand.game) == (ROOM, "stud7")
    assert (hand.small_bet, hand.big_bet, hand.ante, hand.bring_in) == (500, 1000, 100, 250)
    assert hand.stacks == {"Ana": 25000, "Hero": 14800, "Ben": 30200}
    assert plays(hand.streets[2]) == [
        ("Hero", "bet", 1000, None), ("Ben", "raise", 2000, 2000), ("Hero", "call", 1000, None)]
    assert hand.shown["Hero"] == C("Ac Kc 8c 2c Jh 5c 9d")
    assert hand.collected == {"Hero": 13300} and hand.put_in() == 13300


def test_partouche_skin():
    """The Partouche skin of the network (fpdb: ``re_Identify`` accepts ``Partouche Poker``;
    its hold'em file): ``Partouche Poker Gibraltar`` then ``*** Historique des Mains pour la
    partie N ***``, `` €0.05/ €0.10`` with a space before each sign, a seat ``( new
    player )`` with no stack, a French disconnection notice, the hand glued to the shown
    cards (``]a flush``) and ``wins  € 0.50 EUR`` with two spaces."""
    path = VARIANTS / "everleaf_partouche.txt"
    assert identify(path.read_text(encoding="utf-8")).room == ROOM
    first, second = read("everleaf_partouche.txt")
    assert (first.room, first.hand_id, first.game) == (ROOM, "600000301", "stud7")
    assert (first.small_bet, first.big_bet, first.ante, first.bring_in) == (0.05, 0.1, 0.01, 0.02)
    assert first.seats == ((1, "joueur1"), (3, "joueur2"))  # joueur3 is not dealt in
    assert first.hero == "joueur1" and first.hero_cards == C("9c 9d 5h Kh")
    assert first.up_cards == {"joueur1": C("5h Kh"), "joueur2": C("3s 8s")}
    assert first.uncalled == {"joueur1": 0.05} and first.collected == {"joueur1": 0.12}
    assert second.hand_id == "600000302"
    assert second.shown == {"joueur1": C("Ah 2h 6d Qc 4h Jh 7h"),
                            "joueur2": C("Kd Ks Tc 3d 5s 2c Js")}
    assert second.collected == {"joueur1": 0.5} and second.put_in() == pytest.approx(0.52)
    assert check_rules(second) == ()


def test_partouche_holdem_hand_is_another_game():
    """Partouche's hold'em header (fpdb's NLHE partouche file) writes ``Blinds  €0.01/
    €0.02``, two spaces and a space before each sign: a hand of another game, skipped like
    any other, not a problem; the stud hand after it reads."""
    holdem = """\
Partouche Poker Gibraltar
*** Historique des Mains pour la partie 600000399 ***
Blinds  €0.01/ €0.02 NL Hold'em - 2021/05/08 - 19:59:00
Table Andernos 2
Seat 1: joueur1 (   € 1.50 EUR )
joueur1: posts small blind [ € 0.01 EUR]
"""
    stud = variant_text("everleaf_partouche.txt")
    hands, problems = everleaf.parse_text(holdem + stud)
    assert problems == [] and [h.hand_id for h in hands] == ["600000301", "600000302"]


def test_a_file_without_a_hand_header_says_so():
    """A file recognised as Everleaf's in which no hand starts (the header line is not one
    the reader knows) is a problem that says where a hand starts, not a silent nothing."""
    text = variant_text("everleaf_old_no_cards.txt")
    text = text.replace("***** Hand history for game #", "***** Hand #")
    assert identify(text).room == ROOM
    hands, problems = everleaf.parse_text(text)
    assert hands == [] and len(problems) == 1
    assert problems[0].message.startswith("no hand starts in this Everleaf file: a hand "
                                          "starts at '***** Hand history for game #N *****'")


def test_mangled_variants_never_raise():
    """Every variant fixture damaged (reader_helpers.mutate: lines dropped, doubled,
    swapped, cut, characters corrupted, amounts garbled): hands or problems, never an
    exception."""
    fuzz_mutations(everleaf.parse_text, [variant_text(name)
                                    for name in FIXTURES])
