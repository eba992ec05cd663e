"""The Ongame reader (studodds/histories/ongame.py): the fixture in detail, the real
samples, replay through the CLI, and text that is mangled or re-encoded."""

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

from studodds.histories import ongame, parse_file
from studodds.histories.formats import identify

FIXTURE = DATA / "ongame_stud7_side_pot.txt"
ROOM = "Ongame"


def test_fixture_in_detail():
    """Two stud hands around a hold'em hand, which is skipped."""
    assert identify(FIXTURE.read_text()).room == ROOM
    hands, problems = parse_file(FIXTURE)
    assert problems == []
    first, razz = hands
    check_side_pot_hand(first, ROOM, "R5-70000001-1")
    check_razz_hand(razz, ROOM, "R5-70000001-2")


def test_an_unknown_line_is_a_warning_and_skipped():
    text = FIXTURE.read_text().replace("Dmitri checks\n", "Dmitri checks\nDmitri waves\n")
    hands, _ = ongame.parse_text(text)
    (warning,) = hands[0].warnings
    assert warning.endswith(": Dmitri waves (line ignored)")
    assert hands[0].streets == ongame.parse_text(FIXTURE.read_text())[0][0].streets


def test_tournament_chips_and_other_games_by_name():
    text = FIXTURE.read_text().replace(
        "(LIMIT SEVEN_CARD_STUD $1/$2, ante: $0.10, Real money)",
        "(LIMIT SEVEN_CARD_STUD_HI_LO 1,000/2,000, ante: 100, Tournament 123456)")
    hand = ongame.parse_text(text)[0][0]
    assert (hand.game, hand.small_bet, hand.big_bet, hand.tournament) == (
        "stud7hl8", 1000.0, 2000.0, "123456")


def test_a_bad_card_keeps_the_streets_before_it():
    cut = check_bad_card(ongame.parse_text, FIXTURE.read_text(),
                         "Dealing to Alice: [Kc]", "Dealing to Alice: [of]", ["3rd", "4th"])
    assert cut.up_cards["Carla"] == C("9s 9h")


def test_a_truncated_hand_is_a_problem_and_the_rest_reads():
    text = FIXTURE.read_text()
    cut_at = text.index("Summary:")
    hands, problems = ongame.parse_text(text[:cut_at] + text[text.index("***** History", cut_at):])
    assert [h.hand_id for h in hands] == ["R5-70000001-2"]
    assert [p.hand_id for p in problems] == ["R5-70000001-1"]


def test_encodings_and_line_ends(tmp_path):
    check_encodings(FIXTURE, tmp_path)


def test_cli_replay_json_names_the_room(capsys):
    replays = check_replay_json(FIXTURE, ROOM, ["R5-70000001-1", "R5-70000001-2"], capsys)
    assert [s["street"] for s in replays[0]["streets"]] == ["3rd", "4th", "5th", "6th", "7th"]


def test_mangled_text_never_raises():
    fuzz_mutations(ongame.parse_text, FIXTURE.read_text())


def test_every_line_dropped_or_doubled_never_raises():
    assert_every_line_dropped_and_doubled(ongame.parse_text, FIXTURE.read_text())


def test_random_text_never_raises():
    fuzz_random_text(ongame.parse_text, header="***** History for hand R5-1-1 *****\n")


@needs_samples
def test_real_samples():
    """Ongame hides the others' hole cards and rivers; the hero's are given."""
    hands = every_hand(check_samples("ongame", ROOM))
    assert len(hands) == 4 and {h.game for h in hands} == {"stud7"}
    for hand in hands:
        assert hand.hero == "Hero" and len(hand.hero_cards) == 7
        assert all(len(cards) <= 4 for cards in hand.up_cards.values())


FIVE_CARD = """\
***** History for hand R5-70000003-1 *****
Start hand: Wed Mar  4 20:20:00 GMT+0100 2020
Table: Fives [70000003] (LIMIT FIVE_CARD_STUD $1/$2, ante: $0.10, Real money)
User: Alice
Players in round: 2
Seat 1: Alice ($50)
Seat 2: Bruno ($50)
Alice posts ante $0.10
Bruno posts ante $0.10
---
Dealing pocket cards
Dealing to Alice: [Ah, Kd]
Dealing to Bruno: [-, 3c]
Bruno small bring in $0.25
Alice calls $0.25
---
Dealing 3rd street
Dealing to Alice: [Qs]
Dealing to Bruno: [3d]
Bruno bets $1
Alice folds
---
Summary:
Main pot: $0.70 won by Bruno ($0.70)
Rake taken: $0
Seat 1: Alice ($49.65), net: -$0.35
Seat 2: Bruno ($50.35), net: +$0.35
***** End of hand R5-70000003-1 *****
"""


def test_five_card_stud_streets_run_from_second():
    """One hole card, then four up: 2nd street is the first, 5th the last."""
    (hand,), problems = ongame.parse_text(FIVE_CARD)
    assert problems == [] and hand.game == "stud5"
    assert [s.name for s in hand.streets] == ["2nd", "3rd"]
    assert (hand.hero, hand.hero_cards) == ("Alice", C("Ah Kd Qs"))
    assert hand.up_cards == {"Alice": C("Kd Qs"), "Bruno": C("3c 3d")}
    assert hand.uncalled == {"Bruno": 1.0} and hand.collected == {"Bruno": 0.7}


def test_a_five_card_hero_who_folds_on_second_street_is_still_the_hero():
    text = FIVE_CARD.replace("Alice calls $0.25", "Alice folds").replace(
        "Dealing 3rd street\nDealing to Alice: [Qs]\nDealing to Bruno: [3d]\n"
        "Bruno bets $1\nAlice folds\n---\n", "").replace("$0.70", "$0.45")
    (hand,), problems = ongame.parse_text(text)
    assert problems == [] and (hand.hero, hand.hero_cards) == ("Alice", C("Ah Kd"))
