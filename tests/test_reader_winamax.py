"""Tests for the Winamax reader (studodds.histories.winamax)."""

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

from studodds.histories import Action, parse_file, winamax

FIXTURE = DATA / "winamax_stud_razz.txt"
ROOM = "Winamax"


def test_fixture_stud_hand_in_detail():
    hands, problems = parse_file(FIXTURE)
    assert problems == []
    h = hands[0]
    assert (h.room, h.hand_id, h.tournament) == (ROOM, "1000001-1-1600000000", None)
    # The same hand as the other rooms' fixtures: "raises 2€ to 2€" over the bring-in is
    # the complete; the $4 nobody called, which the file counts in Hero's 14€ from the
    # side pot and in its 41.50€ total (after the rake), is returned.
    check_shared_hand(h, "Alice", "Bob", "Hero")
    assert h.streets[4].dealt == {"Hero": C("4c")}  # Bob's river is written [X]


def test_fixture_tournament_razz_uncalled_complete():
    (_, h), _ = parse_file(FIXTURE)
    assert (h.game, h.tournament, h.small_bet, h.big_bet, h.ante, h.bring_in) == (
        "razz", "Fixture Razz", 100.0, 200.0, 20.0, 50.0)
    assert h.streets[0].actions[2:] == (
        Action("Villain", "bring-in", 50.0), Action("Hero", "complete", 100.0, 100.0),
        Action("Villain", "fold", 0.0))
    # "Hero collected 190", "Total pot 190": 50 of it was Hero's own uncalled complete.
    assert h.uncalled == {"Hero": 50.0}
    assert (h.collected, h.total_pot, h.rake) == ({"Hero": 140.0}, 140.0, 0.0)


@needs_samples
def test_real_samples():
    read = check_samples("winamax", ROOM)
    assert sorted(h.game for hands in read.values() for h in hands) == ["razz", "stud7"]
    (razz,) = read["Razz-6max-EUR-25-50-201611._8games_.txt"]
    # The file: "Player0 collected 258€", "Total pot 258€ | Rake 2€", after a 50€ bet on
    # 6th street nobody called: 50€ go back, 208€ won, a 210€ pot.
    assert razz.uncalled == {"Player0": 50.0}
    assert (razz.collected, razz.total_pot, razz.rake) == ({"Player0": 208.0}, 210.0, 2.0)
    (stud,) = read["7-Stud-6max-EUR-25-50-201611._8games_.txt"]
    assert (stud.collected, stud.total_pot, stud.uncalled) == ({"Hero": 458.0}, 460.0, {})
    assert stud.shown["Player0"] == C("8c Td 9h Kh Kd Qc Jc")


def test_replay_json(capsys):
    replays = check_replay_json(FIXTURE, ROOM, ["1000001-1-1600000000", "2000001-5-1600000100"],
                                capsys)
    assert [s["pot"] for s in replays[0]["streets"]] == [1.5, 7.5, 19.5, 38.5, 38.5]


def test_mutations_never_raise():
    fuzz_mutations(winamax.parse_text, FIXTURE.read_text())


def test_a_bad_card_keeps_the_streets_before_it():
    text = FIXTURE.read_text(encoding="utf-8")
    check_bad_card(winamax.parse_text, text, "Dealt to Bob [X X 3c 7s] [8d]",
                   "Dealt to Bob [X X 3c 7s] [of]", ["3rd", "4th"])


def test_encodings(tmp_path):
    check_encodings(FIXTURE, tmp_path)  # the euro sign is not Latin-1: cp1252 only


def test_short_game_names():
    """Winamax also writes "7stud" and "7stud8" (stud hi/lo) in its headers."""
    text = FIXTURE.read_text(encoding="utf-8")
    for name, game in (("7stud", "stud7"), ("7stud8", "stud7hl8")):
        hands, problems = winamax.parse_text(text.replace("7-Card Stud fixed", f"{name} fixed"))
        assert problems == [] and [h.game for h in hands] == [game, "razz"]


def test_a_bounty_in_the_seat_line_is_not_the_stack():
    """Knockout tournaments write the bounty beside the stack: "(5000, 2.50€ bounty)"."""
    text = FIXTURE.read_text(encoding="utf-8").replace(
        "Seat 1: Hero (5000)", "Seat 1: Hero (5000, 2.50€ bounty)")
    (_, h), problems = winamax.parse_text(text)
    assert problems == [] and h.stacks == {"Hero": 5000.0, "Villain": 1500.0}
