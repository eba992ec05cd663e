"""Tests for the KingsClub reader (studodds.histories.kingsclub)."""

from __future__ import annotations

import dataclasses

import pytest
from reader_helpers import (
    DATA,
    C,
    check_bad_card,
    check_encodings,
    check_replay_json,
    check_samples,
    check_shared_hand,
    fuzz_mutations,
    needs_samples,
)

from studodds.histories import Action, kingsclub, parse_file

FIXTURE = DATA / "kingsclub_stud_27razz.txt"
ROOM = "KingsClub"


def test_fixture_stud_hand_in_detail():
    hands, problems = parse_file(FIXTURE)
    assert problems == []
    # The hold'em hand at the end is skipped silently.
    assert [h.hand_id for h in hands] == ["40000011", "40000012"]
    h = hands[0]
    assert h.room == ROOM
    # The same hand as the other rooms' fixtures: the first street has no header and
    # "*** 3RD STREET ***" deals the fourth card; calls give the street's total; the
    # uncalled bet, never written, is returned; the pot is what was won plus the rake.
    check_shared_hand(h, "Alice", "Bob", "Hero")
    assert h.streets[0].dealt == {"Alice": C("Kd"), "Bob": C("3c"), "Hero": C("Ah As 9h")}
    assert h.streets[4].dealt == {"Hero": C("4c")}  # Bob's river is written [X]


def test_fixture_deuce_to_seven_razz():
    (_, h), _ = parse_file(FIXTURE)
    assert (h.game, h.small_bet, h.big_bet, h.ante, h.bring_in) == ("razz27", 10.0, 20.0,
                                                                      2.0, 5.0)
    assert h.streets[0].actions[2:] == (
        Action("Alice", "bring-in", 5.0), Action("Hero", "complete", 10.0, 10.0),
        Action("Alice", "raise", 15.0, 20.0), Action("Hero", "call", 10.0))
    assert h.up_cards == {"Alice": C("Ac 9c"), "Hero": C("3d 5h")}
    assert h.uncalled == {"Hero": 10.0} and h.returned == (("4th", "Hero", 10.0),)
    assert (h.collected, h.total_pot, h.rake) == ({"Hero": 44.0}, 44.0, 0.0)


@needs_samples
def test_real_samples():
    read = check_samples("kingsclub", ROOM)
    games = sorted(h.game for hands in read.values() for h in hands)
    assert games == ["razz", "razz27", "stud7"]
    (h,) = read["2-7_Razz-USD-22-44-202101.txt"]
    # In deuce-to-seven razz the ace is high: the ace brings it in.
    assert h.streets[0].actions[7] == Action("Hero", "bring-in", 16.58)
    assert h.up_cards["Hero"] == C("Ah")
    # The bet on 7th street nobody called goes back to Player0 (the file's +259.64).
    assert h.uncalled == {"Player0": 44.0}
    won = h.collected["Player0"] - h.put_in("Player0") + h.uncalled["Player0"]
    assert won == pytest.approx(259.64)
    (h,) = read["7-Stud-USD-44-88-202010.txt"]
    assert h.shown["Player3"] == C("5s 7s 7c 7d Qd Kh 9h") and h.uncalled == {}


def test_replay_json(capsys):
    replays = check_replay_json(FIXTURE, ROOM, ["40000011", "40000012"], capsys)
    assert [r["game"] for r in replays] == ["stud7", "razz27"]
    assert [s["pot"] for s in replays[0]["streets"]] == [1.5, 7.5, 19.5, 38.5, 38.5]


def test_mutations_never_raise():
    fuzz_mutations(kingsclub.parse_text, FIXTURE.read_text())


def test_a_bad_card_keeps_the_streets_before_it():
    text = FIXTURE.read_text()
    hand = check_bad_card(kingsclub.parse_text, text, "Dealt to Bob: [8d]",
                          "Dealt to Bob: [of]", ["3rd", "4th"])
    assert hand.up_cards["Bob"] == C("3c 7s") and hand.uncalled == {}


def test_encodings(tmp_path):
    check_encodings(FIXTURE, tmp_path)


def test_other_files_words():
    """What other KingsClub files write: a tournament table ('T1234 [2]'), the returned
    bet written out, "wins (44) from pot", ", and is all-in": the same hands."""
    text = FIXTURE.read_text()
    variant = (text.replace("Table 'Fixture Mix'", "Table 'T1234 [2]'")
               .replace("Alice folds\n*** SUMMARY ***\nSeat 1: Alice (83.50)",
                        "Alice folds\nUncalled bet (10) returned to Hero\n*** SUMMARY ***\n"
                        "Seat 1: Alice (83.50)")
               .replace("Hero wins pot (44)", "Hero wins (44) from pot")
               .replace("Bob calls 3 (all-in)", "Bob calls 3, and is all-in"))
    assert variant.count("Table 'T1234 [2]'") == 3 and "returned to Hero" in variant
    hands, problems = kingsclub.parse_text(variant)
    whole, _ = kingsclub.parse_text(text)
    assert problems == [] and [h.tournament for h in hands] == ["1234", "1234"]
    assert [dataclasses.replace(h, tournament=None) for h in hands] == whole


def test_an_all_in_player_who_shows_early_plays_on():
    """Bob, all in on 5th street, turns his hand over there: the streets go on."""
    text = FIXTURE.read_text()
    show = "Bob shows [4h 5d 3c 7s 8d Tc 6d]\n"
    early = text.replace(show, "").replace(
        "Alice calls 8\n", "Alice calls 8\nBob shows [4h 5d 3c 7s 8d]\n")
    assert early != text
    hands, problems = kingsclub.parse_text(early)
    whole, _ = kingsclub.parse_text(text)
    assert problems == []
    assert hands[0].shown["Bob"] == C("4h 5d 3c 7s 8d")  # his river was never shown
    assert hands[0].streets == whole[0].streets
