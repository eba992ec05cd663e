"""iPoker's layouts as the public record documents them (fpdb-3's iPoker parser,
fpdb_3_legacy/iPoker/*.py, and its regression files), each in a fixture of our own:
tests/data/handhistories/variants/. Research notes: the variants report of issue 29
(ipoker.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from studodds.cards import parse_cards
from studodds.histories import Action, parse_file
from studodds.histories.formats import identify
from studodds.histories.replay import check_rules

VARIANTS = Path(__file__).parent / "data" / "handhistories" / "variants"
ROOM = "iPoker"


def C(text: str) -> tuple[int, ...]:
    return parse_cards(text)


def read(name: str):
    path = VARIANTS / name
    assert identify(path.read_text(encoding="utf-8")).room == ROOM
    hands, problems = parse_file(path)
    assert problems == []
    assert all(h.warnings == () for h in hands), [h.warnings for h in hands]
    return hands


def plays(street) -> list[tuple]:
    return [(a.player, a.kind, a.amount, a.to) for a in street.actions if a.kind != "ante"]


def test_empty_seats_listed_as_players():
    """A cash file saved as .txt that lists every seat of the table, the empty ones as
    ``<player seat="2" name="" chips="$0" .../>`` (fpdb's cash/iPoker/Stud/7-StudL-USD
    file), and a seated player who sits the hand out: neither is dealt in."""
    (hand,) = read("ipoker_empty_seats.txt")
    assert (hand.room, hand.hand_id, hand.game) == (ROOM, "700000202", "stud7")
    assert (hand.small_bet, hand.big_bet, hand.ante, hand.bring_in) == (0.1, 0.2, 0.02, 0.05)
    assert hand.seats == ((1, "Hero"), (4, "Lena"), (9, "Pavel"))
    assert hand.stacks == {"Hero": 4.0, "Lena": 6.2, "Pavel": 2.75}
    assert hand.hero == "Hero" and hand.hero_cards == C("As 9d 2h 5s Jh 3c Ad")
    assert hand.up_cards == {"Hero": C("2h 5s Jh 3c"), "Lena": C("Kc 9c 4d 8s"),
                             "Pavel": C("7d")}
    assert plays(hand.streets[0]) == [
        ("Hero", "bring-in", 0.05, None), ("Lena", "complete", 0.1, 0.1),
        ("Pavel", "fold", 0.0, None), ("Hero", "call", 0.05, None)]
    assert plays(hand.streets[2]) == [
        ("Lena", "bet", 0.2, None), ("Hero", "raise", 0.4, 0.4), ("Lena", "call", 0.2, None)]
    assert hand.shown["Lena"] == C("8h Qh Kc 9c 4d 8s Qc")
    assert hand.collected == {"Lena": 1.58}
    assert (hand.total_pot, hand.rake) == (pytest.approx(1.66), pytest.approx(0.08))
    assert check_rules(hand) == ()


def test_tournament_without_stakes_in_the_game_type():
    """A sit-and-go (fpdb's tour/iPoker/Stud/7-StudHi-USD-STT file): ``<gametype>7 Card
    Stud Hi-Lo L</gametype>`` names no stakes, chips are written ``1,500``, the tournament
    number ends the table name; the level shows in each hand's own betting (the complete
    on 3rd street is the small bet, the big bet is twice it) and rises between hands."""
    first, second = read("ipoker_tournament.xml")
    assert (first.room, first.hand_id, first.game) == (ROOM, "700000302", "stud7hl8")
    assert first.tournament == "700000001"
    assert (first.small_bet, first.big_bet, first.ante, first.bring_in) == (200, 400, 20, 50)
    assert first.stacks == {"Hero": 2500, "Rita": 1250, "Sven": 3000}
    assert first.hero_cards == C("4s 5h Ad 3c Ks 9h 2d")
    assert first.up_cards["Sven"] == C("2c Th 6d 7c")
    assert plays(first.streets[2]) == [
        ("Hero", "bet", 400, None), ("Sven", "raise", 800, 800), ("Hero", "call", 400, None)]
    assert first.shown["Sven"] == C("8d 9s 2c Th 6d 7c 3s")
    assert first.collected == {"Hero": 1630, "Sven": 1630}
    assert (first.total_pot, first.rake) == (3260, 0)
    assert (second.small_bet, second.big_bet, second.ante, second.bring_in) == (300, 600, 30, 75)
    assert second.streets[0].actions[3:] == (
        Action("Rita", "bring-in", 75), Action("Sven", "fold", 0),
        Action("Hero", "complete", 300, 300), Action("Rita", "fold", 0))
    assert second.uncalled == {"Hero": 225} and second.collected == {"Hero": 240}


def test_flat_layout_with_a_raise_by():
    """The flat layout (fpdb's cash/iPoker LHE ``flat.format`` file): one tag a line,
    ``actiontxt`` and ``turntime`` on each action, hidden cards ``x``, no closing
    ``</session>``; a raise written as type 6, whose ``sum`` is the chips it adds (Ivo's
    0.10 bring-in and 0.30 make 0.40), not type 23's total."""
    (hand,) = read("ipoker_flat_raise_by.xml")
    assert (hand.hand_id, hand.game) == ("700000103", "stud7")
    assert (hand.small_bet, hand.big_bet, hand.ante, hand.bring_in) == (0.2, 0.4, 0.04, 0.1)
    assert hand.hero == "Hero" and hand.hero_cards == C("Qh 6s 9c Jd")
    assert plays(hand.streets[0]) == [
        ("Ivo", "bring-in", 0.1, None), ("Hero", "complete", 0.2, 0.2),
        ("Ivo", "raise", 0.3, 0.4), ("Hero", "call", 0.2, None)]
    assert hand.uncalled == {"Ivo": 0.2} and hand.collected == {"Ivo": 0.84}
    assert (hand.total_pot, hand.rake) == (pytest.approx(0.88), pytest.approx(0.04))
