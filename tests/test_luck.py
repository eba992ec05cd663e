"""review.luck: luck at showdown as rows per hand and street, the numbers of
`replay --summary` (histories/session.py) for one hand."""

from pathlib import Path

import pytest

from studodds.equity import equity
from studodds.histories import parse_file
from studodds.histories.session import summarize
from studodds.review.luck import luck_of

PRICED = Path(__file__).parent / "data" / "review" / "decisions_priced.txt"


@pytest.fixture(scope="module")
def hands():
    found, _ = parse_file(str(PRICED))
    return {h.hand_id[-1]: h for h in found}


def test_a_lost_showdown(hands):
    rows = luck_of(hands["1"])
    assert [r.street for r in rows] == ["3rd", "4th", "5th", "6th"]
    assert {(r.hand_id, r.player, r.won_share) for r in rows} == {("350000000001", "Hero", 0)}
    # Every card shown known: Villain's 4h 5s. Third, who folds on 3rd street, is dead
    # money among the players who reach the showdown (as in `replay --summary`): his 8h
    # out of the deck, his hole cards unseen; heads-up, counted exactly.
    third = equity("stud7", ["(Ah Ad) 2d", "(4h 5s) Qs"], "8h x x", exact=True, threads=1)
    assert rows[0].expected_share == pytest.approx(third.players[0].equity, abs=1e-12)
    assert rows[3].expected_share == 0  # drawing dead against four queens
    for r in rows:
        assert r.luck == pytest.approx(r.won_share - r.expected_share)


def test_a_split_pot_wins_half(hands):
    rows = luck_of(hands["3"])
    assert [r.street for r in rows] == ["3rd", "4th", "5th", "6th"]
    assert {r.won_share for r in rows} == {0.5}  # Hero's low takes half
    # 6th street, every card shown: Highman cannot make a low, Hero cannot win high:
    # the low half is Hero's.
    assert rows[3].expected_share == pytest.approx(0.5)


def test_no_showdown_no_rows(hands):
    assert luck_of(hands["2"]) == ()  # Hero folded on the river


def test_rows_add_up_to_the_session_summary(hands):
    summary = summarize(list(hands.values()), "Hero")
    rows = [r for h in hands.values() for r in luck_of(h)]
    for street, expected in summary.expected_share.items():
        assert sum(r.expected_share for r in rows if r.street == street) == pytest.approx(
            expected, abs=1e-12)
    assert sum(r.luck for r in rows if r.street == "3rd") == pytest.approx(
        summary.luck["3rd"], abs=1e-12)


def test_a_player_not_at_the_table(hands):
    with pytest.raises(ValueError, match="'Nobody' was not dealt into any hand"):
        luck_of(hands["1"], "Nobody")
