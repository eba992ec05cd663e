"""Bovada / Bodog stud layouts fpdb-3 reads (issue 29): each fixture in
data/handhistories/variants is one layout, written from the format; every hand reads with
no problem and no warning, and its key facts are right."""

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

from studodds.histories import bovada
from studodds.histories.formats import identify

ROOM = "Bovada"


read = partial(read_variant, room=ROOM, balanced=True)




def test_bodog_header_with_bom_and_hole_cards_header():
    """2012: ``\\ufeffBodog Hand #N TBL#N 7CARD Fixed Limit``, ``*** HOLE CARDS ***``,
    streets without headers, ``D bets`` on an open pair."""
    (h,) = read("bovada_bodog_header.txt")
    assert (h.hand_id, h.game, h.tournament) == ("2700000001", "stud7", None)
    assert (h.small_bet, h.big_bet, h.ante, h.bring_in) == (0.25, 0.5, 0.05, 0.1)
    assert h.players == ("Seat+2", "Seat+4", "Seat+6")
    assert h.stacks == {"Seat+2": 6.4, "Seat+4": 10.0, "Seat+6": 3.15}
    assert (h.hero, h.hero_cards) == ("Seat+4", C("Ah Kh 9h 6h 3h"))
    assert h.up_cards["Seat+6"] == C("Td Tc 5s")
    assert h.streets[1].actions[0].kind == "bet" and h.streets[1].actions[0].amount == 0.5
    assert (h.uncalled, h.collected, h.total_pot, h.rake) == ({"Seat+6": 0.5}, {"Seat+6": 1.6},
                                                              1.75, 0.15)
    assert h.shown["Seat+6"] == C("8c 8d Td Tc 5s")


def test_raises_with_the_total_after_to():
    """2014: ``Raises $7.50 to $10`` (the street's total after "to"), street headers, a
    split pot in two ``Hand result`` lines, ``Total Pot($93.75)`` with no rake written."""
    (h,) = read("bovada_raise_to.txt")
    assert (h.game, h.small_bet, h.big_bet, h.ante, h.bring_in) == ("stud7hl8", 5.0, 10.0,
                                                                    1.25, 2.5)
    third = [(a.player, a.kind, a.amount, a.to) for a in h.streets[0].actions
             if a.kind != "ante"]
    assert third == [("Seat+4", "bring-in", 2.5, None), ("Seat+7", "complete", 5.0, 5.0),
                     ("Seat+1", "fold", 0.0, None), ("Seat+4", "raise", 7.5, 10.0),
                     ("Seat+7", "call", 5.0, None)]
    assert (h.hero, h.hero_cards) == ("Seat+4", C("As 4d 3h 6c 2s Jc 9c"))
    assert h.collected == {"Seat+7": 45.5, "Seat+4": 45.5} and h.total_pot == 93.75
    # No rake written: the pot less what the ``Hand result`` lines paid out.
    assert h.rake == 2.75
    assert h.shown["Seat+7"] == C("Th Tc 8s Kd 9d Jh 8h")


def test_tournament_chips_side_pot_and_ranking():
    """A tournament hand: ``7CARD Tournament #N TBL#N, Fixed Limit- Level 3 (0/0)``, chips
    with thousands commas, ``Big blind/Bring in 25``, ``Call``, ``All-in(raise) 260``, the
    side pot as ``Hand Result-Side Pot 200`` and the finish as ``Ranking 7``."""
    (h,) = read("bovada_tournament.txt")
    assert (h.game, h.tournament) == ("stud7", "4400001")
    assert (h.small_bet, h.big_bet, h.ante, h.bring_in) == (50.0, 100.0, 10.0, 25.0)
    assert h.stacks == {"Seat+1": 2000.0, "Seat+3": 1150.0, "Seat+5": 420.0, "Seat+6": 3310.0}
    assert (h.hero, h.hero_cards) == ("Seat+3", C("Ah Ad 8c 5s 2d 7s As"))
    allin = h.streets[2].actions[2]
    assert (allin.player, allin.kind, allin.amount, allin.all_in) == ("Seat+5", "raise",
                                                                      260.0, True)
    assert h.collected == {"Seat+3": 1470.0}  # 1270 main pot + 200 side pot
    assert (h.total_pot, h.uncalled, h.rake) == (1470.0, {}, 0.0)
    assert h.shown["Seat+5"] == C("Qs Qh Jd Tc 6h 4h Qc")


def test_hilo_written_7card_hl():
    """``7CARD_HL Fixed Limit``: stud hi/lo (fpdb-3's game table), not seven-card stud."""
    (h,) = read("bovada_7card_hl.txt")
    assert (h.game, h.small_bet, h.big_bet, h.ante, h.bring_in) == ("stud7hl8", 1.0, 2.0,
                                                                    0.2, 0.5)
    assert (h.hero, h.hero_cards) == ("Seat+2", C("Ac 2h 6s 3c 4s Kh 8d"))
    assert (h.collected, h.total_pot, h.rake) == ({"Seat+2": 9.7, "Seat+5": 9.7}, 20.4, 1.0)


def test_the_hero_shows_at_the_showdown():
    """``Seat+2 [ME] : Showdown [...]``: the hero's hand goes to the showdown face up, as
    the others' do; a hero who wins without showing (``Does not show``) shows nothing."""
    (h,) = read("bovada_7card_hl.txt")
    assert h.shown["Seat+2"] == C("Ac 2h 6s 3c 4s Kh 8d")
    first, _ = read("bovada_skins.txt")
    assert "Seat+1" not in first.shown


def test_other_skins_headers():
    """The network's other names: ``Bodog UK Hand #``, ``Bodog.eu Hand #`` (fpdb-3 also
    names ``Bodog.com``, ``Bodog Canada``, ``Bodog88``, ``Ignition``)."""
    first, second = read("bovada_skins.txt")
    assert [first.hand_id, second.hand_id] == ["2700000011", "2700000012"]
    assert (first.game, first.small_bet, first.big_bet) == ("stud7hl8", 0.5, 1.0)
    assert (first.hero, first.hero_cards) == ("Seat+1", C("2d 3d Kc 7d"))
    assert (first.uncalled, first.collected, first.total_pot) == ({"Seat+1": 0.5},
                                                                  {"Seat+1": 1.2}, 1.2)
    assert second.collected == {"Seat+3": 0.7} and second.hero == "Seat+1"


SKINS = ("Bovada", "Bodog", "Bodog UK", "Bodog.eu", "Bodog.com", "Bodog Canada", "Bodog88",
         "Ignition")


@pytest.mark.parametrize("skin", SKINS)
@pytest.mark.parametrize("number", ["2700000011", "C2700000011"])
def test_every_skin_name_and_a_c_before_the_number(skin, number):
    """fpdb-3's names for the network (``Bodog.com Hand #``, ``Ignition Hand #C123:``): the
    same layout, recognised and read, the hand number without its ``C``."""
    text = variant_text("bovada_skins.txt")
    text = text.replace("Bodog UK Hand #2700000011", f"{skin} Hand #{number}")
    assert identify(text).room == ROOM
    hands, problems = bovada.parse_text(text)
    assert problems == [] and [h.hand_id for h in hands] == ["2700000011", "2700000012"]


def test_tournament_number_with_m():
    """``Tournament #M-4400001`` (fpdb-3's ``(M\\-)?``): the tournament's number."""
    text = variant_text("bovada_tournament.txt")
    hands, problems = bovada.parse_text(text.replace("Tournament #", "Tournament #M-"))
    assert problems == [] and hands[0].tournament == "4400001"


FIXTURES = sorted(VARIANTS.glob("bovada_*.txt"))


def test_mangled_variants_never_raise():
    """Lines dropped, doubled, swapped, cut or garbled: hands or problems, never an error."""
    fuzz_mutations(bovada.parse_text, [p.read_text(encoding="utf-8") for p in FIXTURES], examples=80)
