"""The Everleaf reader (studodds/histories/everleaf.py): the fixture in detail (the
layout with cards dealt), the real sample (no cards before the showdown), replay through
the CLI, and text that is mangled or re-encoded."""

from __future__ import annotations

import pytest
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
    samples,
)

from studodds.cli import main
from studodds.histories import everleaf, parse_file
from studodds.histories.formats import identify
from studodds.histories.replay import check_rules, replay_hand

FIXTURE = DATA / "everleaf_stud7_side_pot.txt"
ROOM = "Everleaf"


def test_fixture_in_detail():
    """Two stud hands around a hold'em hand, which is skipped. Everleaf gives no total
    pot or rake; ranks in either case ("kc", "Kc")."""
    assert identify(FIXTURE.read_text()).room == ROOM
    hands, problems = parse_file(FIXTURE)
    assert problems == []
    first, razz = hands
    check_side_pot_hand(first, ROOM, "500000001", pot_given=False)
    assert (first.total_pot, first.rake) == (None, None)
    check_razz_hand(razz, ROOM, "500000003")



def test_the_layout_without_cards_reads_but_has_no_odds():
    """As in the real 2011 files: no "Dealt to" lines. The actions and the showdown read;
    the rules check has no boards to judge, and replay refuses with a reason."""
    text = "\n".join(line for line in FIXTURE.read_text().splitlines()
                     if not line.startswith("Dealt to "))
    hands, problems = everleaf.parse_text(text)
    assert problems == [] and len(hands) == 2
    full = everleaf.parse_text(FIXTURE.read_text())[0]
    for hand, whole in zip(hands, full, strict=True):
        assert (hand.hero, hand.hero_cards, hand.up_cards) == (None, (), {})
        assert [s.actions for s in hand.streets] == [s.actions for s in whole.streets]
        assert (hand.shown, hand.collected, hand.uncalled) == (
            whole.shown, whole.collected, whole.uncalled)
        assert check_rules(hand) == ()
        with pytest.raises(ValueError, match="gives nobody's cards before the showdown"):
            replay_hand(hand)

def test_a_hand_without_a_winner_is_truncated():
    text = FIXTURE.read_text().replace("Alice wins $ 0.80 USD from main pot\n", "")
    hands, problems = everleaf.parse_text(text)
    assert [h.hand_id for h in hands] == ["500000001"]
    assert [(p.hand_id, p.message) for p in problems] == [
        ("500000003", "hand is truncated: nobody wins a pot")]


def test_a_bad_card_keeps_the_streets_before_it():
    cut = check_bad_card(everleaf.parse_text, FIXTURE.read_text(),
                         "Dealt to Alice [ kc ]", "Dealt to Alice [ kx ]", ["3rd", "4th"])
    assert cut.up_cards["Carla"] == C("9s 9h")


def test_encodings_and_line_ends(tmp_path):
    check_encodings(FIXTURE, tmp_path)


def test_cli_replay_json_names_the_room(capsys):
    check_replay_json(FIXTURE, ROOM, ["500000001", "500000003"], capsys)


def test_mangled_text_never_raises():
    fuzz_mutations(everleaf.parse_text, FIXTURE.read_text())


def test_every_line_dropped_or_doubled_never_raises():
    assert_every_line_dropped_and_doubled(everleaf.parse_text, FIXTURE.read_text())


def test_random_text_never_raises():
    fuzz_random_text(everleaf.parse_text, header="***** Hand history for game #1 *****\n")


@needs_samples
def test_real_sample_has_no_cards_before_the_showdown(capsys):
    """The 2011 stud layout writes nobody's cards until the showdown: the hands read
    (players, every action, what was shown and won) but there is nothing to judge the
    bring-in or the order by, and no odds to replay: the replay says so per hand."""
    hands = every_hand(check_samples("everleaf", ROOM, boards_known=False, pot_given=False))
    assert len(hands) == 19 and {h.game for h in hands} == {"stud7"}
    assert all(h.hero is None and h.up_cards == {} for h in hands)
    assert hands[2].shown == {"Player2": C("5d 8d Kd 7d 9d Jh Qc")}
    with pytest.raises(ValueError, match="gives nobody's cards before the showdown"):
        replay_hand(hands[0])
    (path,) = samples("everleaf")
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("cannot be replayed: the file gives nobody's cards") == 19
    assert err.splitlines()[-1].startswith("Error: none of the hands in")
