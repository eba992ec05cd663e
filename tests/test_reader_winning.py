"""The Winning Poker Network reader (studodds/histories/winning.py): the fixture in
detail, the real sample, replay through the CLI, and text that is mangled or re-encoded."""

from __future__ import annotations

from reader_helpers import (
    DATA,
    C,
    assert_every_line_dropped_and_doubled,
    check_bad_card,
    check_encodings,
    check_razz_hand,
    check_replay_json,
    check_samples,
    check_side_pot_hand,
    every_hand,
    fuzz_mutations,
    fuzz_random_text,
    needs_samples,
)

from studodds.histories import Action, parse_file, winning
from studodds.histories.formats import identify

FIXTURE = DATA / "winning_stud7_side_pot.txt"
ROOM = "Winning Poker Network"


def test_fixture_in_detail():
    """Two stud hands around a hold'em hand, which is skipped. The street headers name
    the street before the one they open: "Third street" holds 4th street's cards."""
    assert identify(FIXTURE.read_text()).room == ROOM
    hands, problems = parse_file(FIXTURE)
    assert problems == []
    first, razz = hands
    check_side_pot_hand(first, ROOM, "800000001")
    check_razz_hand(razz, ROOM, "800000003")
    # "Pot: 15.15. Rake 0.50": the pot after the rake; the record's pot is every chip.
    assert (first.total_pot, first.rake) == (15.65, 0.5)


def test_jackpot_fee_counts_with_the_rake():
    text = FIXTURE.read_text().replace("Pot: 15.15. Rake 0.50", "Pot: 15.11. Rake 0.50. JP fee 0.04")
    text = text.replace("Collects: 9.15. Wins: 6.05.", "Collects: 9.11. Wins: 6.01.")
    hand = winning.parse_text(text)[0][0]
    assert (hand.total_pot, hand.rake, hand.collected["Carla"]) == (15.65, 0.54, 9.11)


def test_an_all_in_call_and_a_raise_by_a_player_with_chips_in():
    """'allin (X)' is a call when X covers no more than the bet faced; 'raises (X)' puts
    X more in, so a re-raise after a bet of one's own raises to the total."""
    text = FIXTURE.read_text().replace(
        "Player Dmitri calls (1)\n\n*** Fourth street ***",
        "Player Dmitri raises (2)\n\nPlayer Alice allin (1)\n\n*** Fourth street ***", 1)
    fourth = winning.parse_text(text)[0][0].streets[1]
    assert fourth.actions[-2:] == (Action("Dmitri", "raise", 2.0, 3.0),
                                   Action("Alice", "call", 1.0, all_in=True))


def test_a_bad_card_keeps_the_streets_before_it():
    cut = check_bad_card(winning.parse_text, FIXTURE.read_text(),
                         "Player Alice received card: [Kc]", "Player Alice received card: [K]",
                         ["3rd", "4th"])
    assert cut.up_cards["Dmitri"] == C("Jd 4s")


def test_encodings_and_line_ends(tmp_path):
    check_encodings(FIXTURE, tmp_path)


def test_cli_replay_json_names_the_room(capsys):
    check_replay_json(FIXTURE, ROOM, ["800000001", "800000003"], capsys)


def test_mangled_text_never_raises():
    fuzz_mutations(winning.parse_text, FIXTURE.read_text())


def test_every_line_dropped_or_doubled_never_raises():
    assert_every_line_dropped_and_doubled(winning.parse_text, FIXTURE.read_text())


def test_random_text_never_raises():
    fuzz_random_text(winning.parse_text, header="Game started at: 2020/1/1 1:00:00\n")


@needs_samples
def test_real_sample():
    """The sample is UTF-16 with a BOM; ChazDazzle's cards are the ones given."""
    hands = every_hand(check_samples("winning", ROOM))
    assert [h.hand_id for h in hands] == ["693977667", "693977839", "693978063", "693978378"]
    assert {h.hero for h in hands} == {"ChazDazzle"}
    assert hands[2].shown == {"ChazDazzle": C("Qc Ts 7d 9c 6c Qd 7h")}
    assert hands[1].uncalled == {"Nee": 2.0} and hands[1].rake == 0.15
