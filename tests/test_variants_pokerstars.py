"""PokerStars stud layouts fpdb-3 reads (issue 29): each fixture in
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

from studodds.histories import pokerstars
from studodds.histories.formats import identify

ROOM = "PokerStars"


read = partial(read_variant, room=ROOM, balanced=True)




def test_old_game_header():
    """2005-2011: ``PokerStars Game #N:  7 Card Stud Limit ($0.10/$0.20) - ... CET [... ET]``
    (two spaces, no currency code, two clocks)."""
    (h,) = read("pokerstars_old_game_header.txt")
    assert (h.hand_id, h.game, h.tournament) == ("30600000001", "stud7", None)
    assert (h.small_bet, h.big_bet, h.ante, h.bring_in) == (0.1, 0.2, 0.02, 0.05)
    assert (h.hero, h.hero_cards) == ("Hero", C("Jh Js 4c 9d"))
    assert (h.uncalled, h.collected, h.total_pot) == ({"Hero": 0.1}, {"Hero": 0.31}, 0.31)


def test_uppercase_tournament_header_of_an_export():
    """A PokerTracker 2 export: ``TOURNAMENT #N, $10+$1 7 CARD STUD HI/LO LIMIT - LEVEL II
    (40/80)``, a seat ``is sitting out``."""
    (h,) = read("pokerstars_pt2_uppercase_tournament.txt")
    assert (h.game, h.tournament) == ("stud7hl8", "170000001")
    assert (h.small_bet, h.big_bet, h.ante, h.bring_in) == (40.0, 80.0, 10.0, 15.0)
    assert h.players == ("Hero", "Nadia", "Piet")
    assert (h.hero, h.hero_cards) == ("Hero", C("2c 4c 8c 5d 7s Jc 6h"))
    assert h.shown["Nadia"] == C("Kc 9s 3h Kd Td Th 2h")
    assert (h.collected, h.total_pot) == ({"Hero": 830.0}, 830.0)


def test_home_game_tournament_of_a_mix():
    """``PokerStars Home Game Hand #N: {Club} Tournament #T, 100+9 8-Game (Razz Limit) -
    Match Round I, Level II (15/30)``."""
    (h,) = read("pokerstars_home_game_tournament.txt")
    assert (h.game, h.mix, h.tournament) == ("razz", "8-Game", "743000001")
    assert (h.small_bet, h.big_bet, h.ante, h.bring_in) == (15.0, 30.0, 3.0, 5.0)
    assert (h.hero, h.hero_cards) == ("Hero", C("3s 5d 2h"))
    assert (h.uncalled, h.collected) == ({"Hero": 10.0}, {"Hero": 16.0})


def test_home_game_cash_without_hand_in_the_title():
    """``PokerStars Home Game #N: {Club} 7 Card Stud Limit (10/20)``: play chips, the title
    without "Hand" (fpdb-3 reads both titles)."""
    (h,) = read("pokerstars_home_game_cash.txt")
    assert (h.hand_id, h.game, h.tournament) == ("55000000001", "stud7", None)
    assert (h.small_bet, h.big_bet, h.ante, h.bring_in) == (10.0, 20.0, 2.0, 5.0)
    assert (h.hero, h.hero_cards) == ("Hero", C("8h 8s Kc 2c Ts"))
    assert (h.uncalled, h.collected, h.total_pot) == ({"Rafael": 20.0}, {"Rafael": 44.0}, 44.0)


def test_italian_client_adm_id():
    """PokerStars.it: ``(€0.10/€0.20 EUR) [ADM ID: 3F1A00B22C] - date``, amounts in euros."""
    (h,) = read("pokerstars_it_adm_id.txt")
    assert (h.game, h.small_bet, h.big_bet, h.ante, h.bring_in) == ("stud7", 0.1, 0.2, 0.02,
                                                                    0.05)
    assert h.stacks == {"Lucia": 5.0, "Hero": 8.4}
    assert (h.hero, h.hero_cards) == ("Hero", C("Kd Ks 9h Qh"))
    assert (h.collected, h.total_pot, h.rake) == ({"Hero": 0.23}, 0.24, 0.01)


def test_uppercase_site_name():
    """``POKERSTARS GAME #N: 7 CARD STUD LIMIT ($0.10/$0.20)``: fpdb-3's header pattern
    takes the site name in capitals too."""
    (h,) = read("pokerstars_uppercase_site.txt")
    assert (h.hand_id, h.game) == ("4100000001", "stud7")
    assert (h.small_bet, h.big_bet, h.ante, h.bring_in) == (0.1, 0.2, 0.02, 0.05)
    assert (h.hero, h.hero_cards) == ("Hero", C("Ad Ah Tc"))
    assert (h.uncalled, h.collected) == ({"Hero": 0.05}, {"Hero": 0.14})


def test_hi_lo_and_stakes_written_with_spaces():
    """``7 Card Stud Hi / Lo Limit ($2.50 / $5 USD)``: stud hi/lo (fpdb-3 normalises the
    spaces around both slashes), not seven-card stud."""
    (h,) = read("pokerstars_hilo_spaced.txt")
    assert (h.game, h.small_bet, h.big_bet, h.ante, h.bring_in) == ("stud7hl8", 2.5, 5.0,
                                                                    0.5, 1.0)
    assert (h.hero, h.hero_cards) == ("Hero", C("As 2s Kh 3d Kc 8h 7s"))
    assert h.shown["Wanda"] == C("7d 8d 5c Qc 6c 4h Ts")
    assert (h.collected, h.total_pot, h.rake) == ({"Wanda": 10.0, "Hero": 10.0}, 21.0, 1.0)


def test_archive_with_numbered_separators():
    """A hand-history archive: ``*********** # 2 **************`` before each hand, every
    line indented by a space."""
    first, second = read("pokerstars_archive.txt")
    assert [first.hand_id, second.hand_id] == ["200100000001", "200100000002"]
    assert (first.game, first.small_bet, first.big_bet) == ("razz", 0.5, 1.0)
    assert (first.hero, first.hero_cards) == ("Hero", C("2d 4h 6c"))
    assert (first.collected, second.collected) == ({"Hero": 0.5}, {"Ulla": 0.5})
    assert second.stacks == {"Hero": 20.25, "Ulla": 14.75}


@pytest.mark.parametrize("title", [
    "PokerStars Hand #", "PokerStars Game #", "PokerStars Home Game Hand #",
    "PokerStars Home Game #", "POKERSTARS GAME #", "POKERSTARS HAND #", "PokerStars GAME #",
])
def test_every_title_fpdb_reads(title):
    """fpdb-3's titles (``Hand``, ``Game``, ``Home Game``, ``Home Game Hand``, ``GAME``,
    the site in capitals): the file recognised and the hand read."""
    text = variant_text("pokerstars_uppercase_site.txt")
    text = text.replace("POKERSTARS GAME #", title)
    assert identify(text).room == ROOM
    hands, problems = pokerstars.parse_text(text)
    assert problems == [] and [h.hand_id for h in hands] == ["4100000001"]
    assert hands[0].warnings == ()


@pytest.mark.parametrize("title", ["PokerStars Zoom Hand #", "PokerStars Rush Hand #"])
def test_zoom_and_rush_titles_are_recognised(title):
    """Zoom and Rush tables dealt no stud; their files are PokerStars' all the same."""
    assert identify(f"{title}123: Hold'em No Limit ($0.01/$0.02) - 2013/01/08").room == ROOM


FIXTURES = sorted(VARIANTS.glob("pokerstars_*.txt"))


def test_mangled_variants_never_raise():
    """Lines dropped, doubled, swapped, cut or garbled: hands or problems, never an error."""
    fuzz_mutations(pokerstars.parse_text, [p.read_text(encoding="utf-8") for p in FIXTURES], examples=80)


def test_a_header_the_reader_cannot_read_is_not_taken_for_the_room():
    """A ``PokerStars Hand #N`` line without the colon every title has: the file is not
    recognised (and named as such) rather than recognised and read as holding no hand."""
    text = variant_text("pokerstars_uppercase_site.txt")
    text = text.replace("POKERSTARS GAME #4100000001:", "PokerStars Hand #4100000001")
    assert pokerstars.parse_text(text) == ([], [])
    assert identify(text).room is None
