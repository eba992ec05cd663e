"""The community river once turned (docs/rules.md, card shortage): --community on 7th street.

Every player still in holds six own cards, written without a river; the community card is
everyone's seventh. The engine must equal the slow twin (which simply gives every player
the card), Monte Carlo must land within 4 standard errors, and tables where the rules turn
no community card are refused with the reason.
"""

from __future__ import annotations

import json
import random
import sys
from fractions import Fraction
from math import sqrt

import naive
import pytest
from naive_equity import brute_force, table_from_text

from studodds.cli import main
from studodds.equity import equity
from studodds.scenario import ScenarioError, build_scenario
from studodds.whatif import next_card_table


def eight_on_seventh(seed: int, unknown_holes: int = 2) -> tuple[list[str], str]:
    """Eight players' six own cards and a community card, from a shuffled deck; the first
    ``unknown_holes`` players' hole cards are written x x."""
    cards = list(range(52))
    random.Random(seed).shuffle(cards)
    hands = []
    for p in range(8):
        mine = naive.cards_text(cards[6 * p : 6 * p + 6]).split()
        hole = "x x" if p < unknown_holes else f"{mine[0]} {mine[1]}"
        hands.append(f"({hole}) {' '.join(mine[2:])}")
    return hands, naive.card_text(cards[48])


def assert_equals_twin(game, hands, community, dead=""):
    known, to_deal, pool = table_from_text(game, hands, dead, community_card=community)
    twin = brute_force(game, known, to_deal, pool, False)
    result = equity(game, hands, dead, community=community, exact=True)
    assert result.method == "exact" and result.samples == twin.deals
    assert result.community_card is True and result.community == community
    assert result.street == "7th street"
    for got, want in zip(result.players, twin.players, strict=True):
        for name in ("win", "tie", "equity"):
            assert Fraction(getattr(got, name)) - getattr(want, name) == pytest.approx(0,
                                                                                      abs=1e-12)
    return result


@pytest.mark.parametrize("game", ["stud7", "stud7hl8", "razz", "stud7hl", "razz27", "razz6"])
@pytest.mark.parametrize("seed", [1, 2])
def test_eight_players_community_river_equals_the_twin(game, seed):
    hands, community = eight_on_seventh(seed)
    scenario = build_scenario(game, hands, community=community)
    assert scenario.to_deal == (2, 2) + (0,) * 6  # two unknown holes, nothing else to come
    assert scenario.community_to_come is False
    assert all(naive.parse_cards(community)[0] in k for k in scenario.known)
    assert_equals_twin(game, hands, community)


def test_seven_players_with_folded_cards_can_reach_a_community_river():
    # 7 x 6 = 42 cards, 4 unseen dead (folded hole cards) and 1 seen: 5 left for 7 players.
    hands, community = eight_on_seventh(3, unknown_holes=1)
    dead_cards = naive.cards_text(naive.parse_cards(hands[7].split(")")[1])[:1])
    result = assert_equals_twin("stud7hl8", hands[:7], community, dead=f"{dead_cards} x x x x")
    assert len(result.players) == 7


def test_heads_up_community_river_by_counting_equals_enumeration(monkeypatch):
    """Two players reach a community river only with most of the deck dead; heads-up
    counting (shared known card) and enumeration must agree with the twin."""
    hands = ["(x x) Ah Kh Qh 2c", "(x x) 7d 7c 5s 5h"]
    live = set(naive.parse_cards("Jh Th 7h 7s"))  # the stub: just the community card
    community = "9h"
    taken = set(naive.parse_cards("Ah Kh Qh 2c 7d 7c 5s 5h 9h"))
    dead = naive.cards_text(c for c in range(52) if c not in live | taken)
    counted = assert_equals_twin("stud7", hands, community, dead)
    monkeypatch.setattr(sys.modules["studodds.equity"], "MAX_COUNTING_BYTES", 0)
    enumerated = assert_equals_twin("stud7", hands, community, dead)
    assert [p.equity for p in counted.players] == pytest.approx(
        [p.equity for p in enumerated.players], abs=1e-12)


def test_monte_carlo_within_four_standard_errors_of_exact():
    hands, community = eight_on_seventh(4, unknown_holes=3)
    exact = equity("stud7hl8", hands, community=community, exact=True)
    n = 200_000
    mc = equity("stud7hl8", hands, community=community, trials=n, seed=9)
    assert mc.community == community
    for got, want in zip(mc.players, exact.players, strict=True):
        se = max(got.equity_se, sqrt(want.equity * (1 - want.equity) / n))
        assert abs(got.equity - want.equity) <= 4 * se + 1e-12


def test_a_seventh_street_hand_without_its_river_has_an_unknown_river():
    with_river = equity("stud7", ["(As Ks) Ah Kh Qh Jh (2c)", "(x x) Qc 2d 3d 4d (x)"])
    without = equity("stud7", ["(As Ks) Ah Kh Qh Jh (2c)", "(x x) Qc 2d 3d 4d"])
    assert with_river.street == without.street == "7th street"
    assert [p.equity for p in with_river.players] == [p.equity for p in without.players]
    # Known hole cards too: only the river is unknown.
    known_hole = build_scenario("stud7", ["(As Ks) Ah Kh Qh Jh (2c)", "(Qs Qd) Qc 2d 3d 4d"])
    assert known_hole.to_deal == (0, 1)


def test_the_same_table_on_sixth_street_is_a_community_card_to_come():
    hands, _ = eight_on_seventh(5, unknown_holes=0)
    sixth = equity("stud7", hands, exact=True)
    assert sixth.community_card and sixth.community is None and sixth.street == "6th street"
    # On 6th street the average over the community cards that can come is the equity now;
    # each card is one --community question on 7th street.
    scenario = build_scenario("stud7", hands)
    per_card = [equity("stud7", hands, community=naive.card_text(c), exact=True)
                for c in scenario.pool]
    for p, player in enumerate(sixth.players):
        mean = sum(r.players[p].equity for r in per_card) / len(per_card)
        assert player.equity == pytest.approx(mean, abs=1e-12)
    table = next_card_table("stud7", hands, exact=True)
    assert table.community_card and len(table.cards) == len(scenario.pool)
    by_card = {c.card: c.equity for c in table.cards}
    for c, r in zip(scenario.pool, per_card, strict=True):
        assert by_card[naive.card_text(c)] == pytest.approx(r.players[0].equity, abs=1e-12)


# --------------------------------------------------------------------------- refused


def test_no_community_card_when_the_stub_has_a_river_for_everyone():
    with pytest.raises(ScenarioError, match="the stub holds 40 cards for 2 players"):
        equity("stud7", ["(As Ks) Ah Kh Qh Jh", "(x x) Qc 2d 3d 4d"], community="9h")


def test_no_community_card_in_five_card_stud():
    with pytest.raises(ScenarioError, match="Five-card stud never turns a community card"):
        equity("stud5", ["(As) Ah Kh Qh", "(x) Qc 2d 3d"], community="9h")


def test_a_river_in_a_hand_with_a_community_card_is_refused():
    hands, community = eight_on_seventh(6)
    hands[3] += " (x)"
    with pytest.raises(ScenarioError, match="player 4 .* holds a river card"):
        equity("stud7", hands, community=community)


def test_every_hand_holds_six_own_cards_with_a_community_card():
    hands, community = eight_on_seventh(6)
    hands[2] = hands[2].rsplit(" ", 1)[0]
    with pytest.raises(ScenarioError, match="player 3 .* holds 5 cards"):
        equity("stud7", hands, community=community)


def test_the_community_card_in_a_hand_is_a_duplicate():
    hands, _ = eight_on_seventh(6)
    card = hands[4].split()[-1]
    with pytest.raises(ValueError, match=f"card '{card}' appears twice: player 5 and --community"):
        equity("stud7", hands, community=card)


@pytest.mark.parametrize("text", ["9h 8h", "x", "(9h)", "zz"])
def test_the_community_card_is_one_known_card(text):
    hands, _ = eight_on_seventh(6)
    with pytest.raises(ValueError, match="community"):
        equity("stud7", hands, community=text)


# --------------------------------------------------------------------------- output


def test_json_has_the_community_card_only_when_given(capsys):
    hands, community = eight_on_seventh(7, unknown_holes=1)
    assert main(["equity", "--format", "json", "--community", community, *hands]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["community_card"] is True and data["community"] == community
    assert main(["equity", "--format", "json", "(As Ks) Ah", "(x x) Qd"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "community" not in data and data["community_card"] is False


def test_the_table_names_the_community_card(capsys):
    hands, community = eight_on_seventh(7, unknown_holes=1)
    assert main(["equity", "--community", community, *hands]) == 0
    out = capsys.readouterr().out
    assert f"the community card {community} is every player's seventh card" in out


def test_cli_community_errors_are_one_line(capsys):
    code = main(["equity", "--community", "9h", "(As Ks) Ah Kh Qh Jh", "(x x) Qc 2d 3d 4d"])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("Error: --community: no community card is turned")
    assert err.count("\n") == 1
