"""KingsClub stud layouts fpdb-3 reads (issue 29): each fixture in
data/handhistories/variants is one layout, written from the format; every hand reads with
no problem and no warning, and its key facts are right."""

from __future__ import annotations

from functools import partial

from reader_helpers import (
    VARIANTS,
    C,
    fuzz_mutations,
    read_variant,
    variant_text,
)

from studodds.histories import kingsclub

ROOM = "KingsClub"


read = partial(read_variant, room=ROOM, balanced=True, rake_given=False)




def test_streets_numbered_from_third():
    """The other street layout fpdb-3 reads: ``*** 3RD STREET ***`` before the first cards,
    then 4TH to ``*** 7TH STREET ***`` (not one behind)."""
    (h,) = read("kingsclub_streets_numbered.txt")
    assert (h.game, h.small_bet, h.big_bet, h.ante, h.bring_in) == ("stud7", 10.0, 20.0,
                                                                    2.0, 5.0)
    assert [s.name for s in h.streets] == ["3rd", "4th", "5th", "6th", "7th"]
    assert (h.hero, h.hero_cards) == ("Hero", C("9c 9d Kh 4c Qs 2d Ks"))
    assert h.up_cards["Lena"] == C("3s 7d 7h Ac")
    assert h.streets[4].dealt == {"Hero": C("Ks")}  # Lena's river is written [X]
    assert h.shown["Lena"] == C("8s 8h 3s 7d 7h Ac 5c")
    assert (h.collected, h.total_pot, h.rake) == ({"Hero": 128.0}, 131.0, 3.0)


def test_table_id_line():
    """``Table ID 'NAME' 6-max`` (fpdb-3's table line also takes ``ID``) before the seats."""
    (h,) = read("kingsclub_table_id.txt")
    assert (h.game, h.small_bet, h.big_bet, h.ante, h.bring_in) == ("razz", 20.0, 40.0, 5.0,
                                                                    5.0)
    assert h.stacks == {"Hero": 812.0, "Pavel": 640.0}
    assert (h.hero, h.hero_cards) == ("Hero", C("3d 5c 2h"))
    assert (h.uncalled, h.collected, h.total_pot) == ({"Hero": 15.0}, {"Hero": 20.0}, 20.0)


def test_tournament_table():
    """A tournament's table is ``Table 'T5512 [3]'``: tournament 5512, table 3."""
    (h,) = read("kingsclub_tournament.txt")
    assert (h.game, h.tournament) == ("stud7hl8", "5512")
    assert (h.small_bet, h.big_bet, h.ante, h.bring_in) == (200.0, 400.0, 50.0, 50.0)
    assert h.stacks == {"Hero": 4000.0, "Greta": 3150.0}
    assert (h.hero, h.hero_cards) == ("Hero", C("Ad 2d 4s 5h Jc"))
    assert (h.uncalled, h.collected, h.total_pot) == ({"Greta": 400.0}, {"Greta": 900.0},
                                                     900.0)


def test_a_side_pot_the_file_does_not_write():
    """The all-in player's main pot is written (``Ines wins pot (3,150)``), the side pot
    Hero took when Tomas folded is not: the summary's ``Seat 1: Hero (30,150) +150`` tells
    it (fpdb-3's regression file "multi.pot.failure"). Header amounts with a thousands
    comma: ``- 1,000/2,000``."""
    (h,) = read("kingsclub_side_pot_unwritten.txt")
    assert (h.game, h.small_bet, h.big_bet, h.ante, h.bring_in) == ("razz", 1000.0, 2000.0,
                                                                    250.0, 250.0)
    assert h.uncalled == {"Hero": 2000.0}
    assert h.collected == {"Ines": 3150.0, "Hero": 2400.0}
    assert h.total_pot == 5550.0
    assert h.rake == 0.0  # no "Rake" line: the nets add up to nothing
    assert h.shown["Ines"] == C("Ah 8d 2s 5c 3h")


SIDE_POT = VARIANTS / "kingsclub_side_pot_unwritten.txt"


def test_a_missing_pot_the_nets_do_not_explain_is_warned():
    """Without Hero's net the side pot is nobody's: the hand is kept with the pot written,
    and a warning that the chips put in were more."""
    text = SIDE_POT.read_text(encoding="utf-8").replace("Seat 1: Hero (30,150) +150\n", "")
    (h,), problems = kingsclub.parse_text(text)
    assert problems == [] and h.collected == {"Ines": 3150.0} and h.rake is None
    assert h.warnings == ("the pot won (3,150) is not the chips put in (5,550)",)


def test_nets_that_do_not_add_up_are_not_taken():
    """A net that would give Hero more than the chips left over is not read as a pot."""
    text = SIDE_POT.read_text(encoding="utf-8").replace("(30,150) +150", "(30,250) +250")
    (h,), problems = kingsclub.parse_text(text)
    assert problems == [] and h.collected == {"Ines": 3150.0}
    assert h.warnings == ("the pot won (3,150) is not the chips put in (5,550)",)


def test_tournament_table_written_with_id():
    """``Table ID 'T5512 [3]'``: tournament 5512 too."""
    text = variant_text("kingsclub_tournament.txt")
    assert "Table 'T5512 [3]'" in text
    hands, problems = kingsclub.parse_text(text.replace("Table 'T", "Table ID 'T"))
    assert problems == [] and hands[0].tournament == "5512" and hands[0].warnings == ()


FIXTURES = sorted(VARIANTS.glob("kingsclub_*.txt"))


def test_mangled_variants_never_raise():
    """Lines dropped, doubled, swapped, cut or garbled: hands or problems, never an error."""
    fuzz_mutations(kingsclub.parse_text, [p.read_text(encoding="utf-8") for p in FIXTURES], examples=80)
