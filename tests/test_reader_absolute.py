"""The Absolute Poker reader (studodds/histories/absolute.py): the fixture in detail, the
real sample, replay through the CLI, and text that is mangled or re-encoded."""

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

from studodds.histories import absolute, parse_file
from studodds.histories.formats import identify

FIXTURE = DATA / "absolute_stud7_side_pot.txt"
ROOM = "Absolute Poker"


def test_fixture_in_detail():
    """Two stud hands around a hold'em hand, which is skipped; each street's Pocket line
    repeats the cards so far ("H" for one face down)."""
    assert identify(FIXTURE.read_text()).room == ROOM
    hands, problems = parse_file(FIXTURE)
    assert problems == []
    first, razz = hands
    check_side_pot_hand(first, ROOM, "900000001")
    check_razz_hand(razz, ROOM, "900000003")


def test_pocket_cards_that_change_are_a_problem():
    text = FIXTURE.read_text().replace("Carla - Pocket [H H 9s 9h 3d]", "Carla - Pocket [H H 9s 8h 3d]")
    hands, problems = absolute.parse_text(text)
    assert [h.hand_id for h in hands] == ["900000003"]
    (problem,) = problems
    assert problem.hand_id == "900000001" and "earlier cards do not match" in problem.message


def test_a_bad_card_keeps_the_streets_before_it():
    cut = check_bad_card(absolute.parse_text, FIXTURE.read_text(),
                         "Dmitri - Pocket [H H Jd 4s Jh]", "Dmitri - Pocket [H H Jd 4s J]",
                         ["3rd", "4th"])
    assert cut.up_cards["Alice"] == C("Qh 7c")


def test_encodings_and_line_ends(tmp_path):
    check_encodings(FIXTURE, tmp_path)


def test_cli_replay_json_names_the_room(capsys):
    check_replay_json(FIXTURE, ROOM, ["900000001", "900000003"], capsys)


def test_mangled_text_never_raises():
    fuzz_mutations(absolute.parse_text, FIXTURE.read_text())


def test_every_line_dropped_or_doubled_never_raises():
    assert_every_line_dropped_and_doubled(absolute.parse_text, FIXTURE.read_text())


def test_random_text_never_raises():
    fuzz_random_text(absolute.parse_text, header="Stage #1: Razz  Normal $1/$2 - x\n")


@needs_samples
def test_real_sample():
    """Stud hi/lo to a four-way showdown; the hero folded on 3rd street and the file
    repeats the hero's three cards on every later street."""
    (hand,) = every_hand(check_samples("absolute", ROOM))
    assert (hand.game, hand.hero, hand.hero_cards) == ("stud7hl8", "Hero", C("Tc 5c 7s"))
    assert hand.folded_on("Hero") == "3rd"
    assert hand.collected == {"PLAYER3": 0.19, "PLAYER6": 0.2}
    assert hand.shown["PLAYER1"] == C("Jh 3h Js Td Kh 2c 2h")
