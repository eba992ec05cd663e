"""Tests for the Full Tilt Poker reader (studodds.histories.fulltilt)."""

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

from studodds.histories import Action, fulltilt, parse_file

FIXTURE = DATA / "fulltilt_stud_horse.txt"
ROOM = "Full Tilt Poker"


def test_fixture_stud_hand_in_detail():
    hands, problems = parse_file(FIXTURE)
    assert problems == []
    # The hold'em hand between the two stud hands is skipped silently.
    assert [h.hand_id for h in hands] == ["40000000001", "40000000003"]
    h = hands[0]
    assert (h.room, h.tournament, h.mix) == (ROOM, None, "HORSE")
    check_shared_hand(h, "Alice", "Bob", "Hero")
    # Dora sat out: seated in the file, not dealt in.
    assert "Dora" not in h.stacks
    # The hero's hole cards come in their own brackets on 3rd street.
    assert h.streets[0].dealt == {"Alice": C("Kd"), "Bob": C("3c"), "Hero": C("Ah As 9h")}
    assert h.streets[4].dealt == {"Hero": C("4c")}
    assert h.shown["Hero"] == C("Ah As 9h 2d Jc Qs 4c")


def test_fixture_tournament_razz_all_in_and_uncalled():
    (_, h), _ = parse_file(FIXTURE)
    assert (h.game, h.mix, h.tournament, h.small_bet, h.big_bet, h.ante, h.bring_in) == (
        "razz", None, "300000001", 1000.0, 2000.0, 100.0, 300.0)
    assert h.stacks == {"Hero": 12000.0, "Villain": 8500.0, "Third": 3000.0}
    third = [a for a in h.streets[0].actions if a.player == "Third"]
    assert third == [Action("Third", "ante", 100.0), Action("Third", "call", 300.0),
                     Action("Third", "raise", 1700.0, 2000.0),
                     Action("Third", "call", 900.0, all_in=True)]
    assert [a for a in h.streets[0].actions if a.player == "Hero"][-1] == Action(
        "Hero", "raise", 2000.0, 3000.0)
    assert h.uncalled == {"Hero": 100.0} and h.returned == (("3rd", "Hero", 100.0),)
    assert [s.actions for s in h.streets[1:]] == [()] * 4  # all in: nobody bets
    assert h.shown["Third"] == C("Ac 6s 7c 8c 2h 3s Jd")
    assert h.collected == {"Third": 6400.0} and (h.total_pot, h.rake) == (6400.0, 0.0)
    assert h.put_in() - sum(h.uncalled.values()) == h.total_pot


@needs_samples
def test_real_samples():
    # The tournament summary holds no hands and stays a summary: no reader is asked.
    summary = "Razz-USD-SnG-2man-201211.super.turbo.heads.up.txt"
    read = check_samples("fulltilt", ROOM, summaries=(summary,))
    assert read.pop(summary) == []
    assert all(len(hands) == 1 for hands in read.values())
    games = {name: hands[0].game for name, hands in read.items()}
    assert sorted(games.values()) == ["razz", "razz", "stud5", "stud7", "stud7hl8"]
    # The UTF-16 file ends in half a character: no warning for it.
    (razz,) = read["Razz-USD-0.10-0.20-201012.CCT.and.ET.timeformat.txt"]
    assert razz.warnings == () and razz.rake == 0.05
    # Five-card stud: 2nd to 5th street, one hole card.
    (five,) = read["5-Stud-USD-MTT-100-201303.txt"]
    assert [s.name for s in five.streets] == ["2nd", "3rd", "4th", "5th"]
    assert five.hero_cards == C("6s 6h") and five.up_cards["Player1"] == C("Qh 3h Kd Ah")
    assert five.collected == {"Player1": 12245.0} and five.uncalled == {"Player1": 1345.0}
    # All in on the ante: the other player has nothing to bring in against, nobody acts.
    (ante,) = read["Razz-USD-HUSNG-200-201211.all.in.ante.txt"]
    assert ante.streets[0].actions[1] == Action("Player0", "ante", 6.0, all_in=True)
    assert all(a.kind == "ante" for s in ante.streets for a in s.actions)
    assert ante.bring_in is None and ante.uncalled == {"Hero": 1.0}


def test_replay_json(capsys):
    replays = check_replay_json(FIXTURE, ROOM, ["40000000001", "40000000003"], capsys)
    first = replays[0]
    assert [s["street"] for s in first["streets"]] == ["3rd", "4th", "5th", "6th", "7th"]
    assert [s["pot"] for s in first["streets"]] == [1.5, 7.5, 19.5, 38.5, 38.5]


def test_mutations_never_raise():
    fuzz_mutations(fulltilt.parse_text, FIXTURE.read_text())


def test_a_bad_card_keeps_the_streets_before_it():
    text = FIXTURE.read_text()
    hand = check_bad_card(fulltilt.parse_text, text, "Dealt to Bob [3c 7s] [8d]",
                          "Dealt to Bob [3c 7s] [of]", ["3rd", "4th"])
    assert hand.hero_cards == C("Ah As 9h 2d")
    assert hand.cut.line == 31


def test_encodings(tmp_path):
    check_encodings(FIXTURE, tmp_path)
