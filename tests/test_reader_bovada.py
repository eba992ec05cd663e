"""Tests for the Bovada / Bodog reader (studodds.histories.bovada)."""

from __future__ import annotations

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

from studodds.histories import Action, bovada, parse_file

FIXTURE = DATA / "bovada_stud_hilo.txt"
ROOM = "Bovada"


def test_fixture_stud_hand_in_detail():
    hands, problems = parse_file(FIXTURE)
    assert problems == []
    h = hands[0]
    assert (h.room, h.hand_id) == (ROOM, "3000000001")
    # The same hand as the other rooms' fixtures, its streets without headers, the stakes
    # from the bets; players are their seats, the hero the one marked [ME].
    check_shared_hand(h, "Seat+1", "Seat+3", "Seat+5")
    # Every player's cards are in the file: Alice's (Seat+1) folded hand counts as shown.
    assert h.shown["Seat+1"] == C("Qc Jh Kd Kh 5c 6h")
    # Seat+3's river, which Bovada writes face up, is shown cards, not a card the hero saw dealt
    assert h.streets[4].dealt == {"Seat+5": C("4c")}


def test_fixture_hilo_complete_without_bring_in():
    (_, h), _ = parse_file(FIXTURE)
    assert (h.game, h.small_bet, h.big_bet, h.ante, h.bring_in) == ("stud7hl8", 2.0, 4.0,
                                                                     0.5, None)
    # The low door card (2s) completes instead of bringing it in.
    assert h.streets[0].actions[3] == Action("Seat+1", "complete", 2.0, 2.0)
    assert h.uncalled == {"Seat+5": 2.0}
    assert (h.collected, h.total_pot, h.rake) == ({"Seat+5": 5.5}, 5.5, 0.0)
    assert h.shown == {"Seat+1": C("8c 9c 2s Tc"), "Seat+3": C("Kc Ks 7d")}


@needs_samples
def test_real_samples():
    read = check_samples("bovada", ROOM)
    (hilo,) = read["7-StudHL-USD-0.25-0.50-201209.txt"]
    assert (hilo.game, hilo.small_bet, hilo.big_bet) == ("stud7hl8", 0.25, 0.5)
    assert hilo.collected == {"Seat+1": 2.32, "Seat+4": 2.33}
    hands = read["7-Stud-USD-2.00-4.00-201205.txt"]
    assert [h.game for h in hands] == ["stud7"] * 4
    assert {(h.small_bet, h.big_bet) for h in hands} == {(0.05, 0.1)}
    # The hero sat out the last hand: not dealt in, no hero.
    assert hands[3].hero is None and "Seat+3" not in hands[3].players
    # "D bets": a double bet on 4th street, Seat+1's open pair of threes.
    assert hands[1].streets[1].actions[1] == Action("Seat+3", "bet", 0.1)


def test_replay_json(capsys):
    replays = check_replay_json(FIXTURE, ROOM, ["3000000001", "3000000002"], capsys)
    assert [r["game"] for r in replays] == ["stud7", "stud7hl8"]
    assert [s["pot"] for s in replays[0]["streets"]] == [1.5, 7.5, 19.5, 38.5, 38.5]


def test_mutations_never_raise():
    fuzz_mutations(bovada.parse_text, FIXTURE.read_text())


def test_a_bad_card_keeps_the_streets_before_it():
    text = FIXTURE.read_text()
    check_bad_card(bovada.parse_text, text, "Seat+3 : Card dealt to a spot [8d]",
                   "Seat+3 : Card dealt to a spot [of]", ["3rd", "4th"])


def test_encodings(tmp_path):
    check_encodings(FIXTURE, tmp_path)


def test_other_words_for_the_same_actions():
    """Other Bovada files' words: "Big blind/Bring in", "Call", "Fold", "Double bets",
    a timeout, the dealer's notice, two spaces before [ME]: the same hand."""
    text = FIXTURE.read_text()
    variant = (text.replace("Seat+3 : Bring_in chip $1", "Seat+3 : Big blind/Bring in $1")
               .replace("Seat+1 : Calls $2", "Seat+1 : Call $2")
               .replace("Seat+3 : Folds", "Seat+3 : Fold(timeout)")
               .replace("Seat+1 : Checks\nSeat+5 [ME] : Bets $4",
                        "Seat+1 : Checks (timeout)\nSeat+5 [ME] : Bets $4")
               .replace("Seat+5 [ME] :", "Seat+5  [ME] :")
               .replace("*** HOLE CARDS ***\n", "Dealer : Set dealer/Bring in spot [3]\n"
                        "*** HOLE CARDS ***\n"))
    assert variant.count("Seat+5  [ME] :") > 10 and "Fold(timeout)" in variant
    assert bovada.parse_text(variant) == bovada.parse_text(text)
    doubled = text.replace("Seat+1 : Bets $2\nSeat+3 : Calls $2\nSeat+5 [ME] : Raises $4",
                           "Seat+1 : Double bets $2\nSeat+3 : Calls $2\nSeat+5 [ME] : Raises $4")
    assert doubled != text and bovada.parse_text(doubled) == bovada.parse_text(text)
