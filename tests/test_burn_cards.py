"""Burn cards at a card shortage (docs/rules.md, "Card shortage and the community card").

Eight players on 6th street hold 48 cards; with the four burn cards (3rd to 6th street)
given as unseen dead cards no card is left in the stub, not even one community card. The
dealer then mixes the burn cards (and folded cards) back in and turns the community card
from them. A card nobody saw changes no chance, so such a table must answer exactly as the
same table without the burns. Only when no unseen card is left at all is it an error.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import naive
import pytest
from naive_equity import brute_force, table_from_text

from studodds.cli import main
from studodds.declare import declare_table
from studodds.equity import equity
from studodds.scenario import ScenarioError, build_scenario
from studodds.whatif import next_card_table

BURNS = "x x x x"  # one burn card before each of 3rd, 4th, 5th and 6th street


def eight_on_sixth(seed: int, unknown_holes: int = 2) -> tuple[list[str], list[str]]:
    """Eight players' six cards from a shuffled deck, the first ``unknown_holes`` players'
    hole cards written x x; and the four cards nobody holds, then those x x hole cards."""
    cards = list(range(52))
    random.Random(seed).shuffle(cards)
    hands, hidden = [], []
    for p in range(8):
        mine = naive.cards_text(cards[6 * p : 6 * p + 6]).split()
        if p < unknown_holes:
            hidden += mine[:2]
        hole = "x x" if p < unknown_holes else f"{mine[0]} {mine[1]}"
        hands.append(f"({hole}) {' '.join(mine[2:])}")
    return hands, naive.cards_text(cards[48:]).split() + hidden


def same_numbers(a, b) -> None:
    assert a.method == b.method and a.samples == b.samples
    assert a.community_card is b.community_card is True
    for p, q in zip(a.players, b.players, strict=True):
        assert (p.win, p.tie, p.equity) == (q.win, q.tie, q.equity)


@pytest.mark.parametrize("game", ["stud7", "stud7hl8", "razz"])
def test_eight_on_sixth_with_the_burns_equals_the_same_table_without(game):
    hands, _ = eight_on_sixth(11)
    scenario = build_scenario(game, hands, BURNS)
    assert scenario.community_card and scenario.community_to_come
    assert scenario.to_deal == (2, 2) + (0,) * 6
    with_burns = equity(game, hands, BURNS, exact=True)
    same_numbers(with_burns, equity(game, hands, exact=True))
    # ... and both are the slow twin's count: every community card and hole cards once.
    known, to_deal, pool = table_from_text(game, hands, BURNS, community=True)
    twin = brute_force(game, known, to_deal, pool, True)
    assert with_burns.samples == twin.deals
    for got, want in zip(with_burns.players, twin.players, strict=True):
        assert Fraction(got.equity) - want.equity == pytest.approx(0, abs=1e-12)


def test_burns_and_folded_cards_mixed_back_in_give_the_community_card():
    # Seven players on 6th street (42 cards), one folded there: his four up cards seen,
    # his hole cards and the four burns unseen. 52 - 42 - 10 leaves no card for the river.
    hands, _ = eight_on_sixth(12, unknown_holes=1)
    folded = hands[7].split(") ")[1]
    dead = f"{folded} x x {BURNS}"
    assert build_scenario("stud7", hands[:7], dead).community_to_come
    same_numbers(equity("stud7", hands[:7], dead, exact=True),
                 equity("stud7", hands[:7], f"{folded} x x", exact=True))


def test_the_cli_answers_the_issue_table_with_its_burns(capsys):
    hands = ["(x x) 2c 3d 4h 5s", "(x x) 6c 7d 8h 9s", "(x x) Tc Jd Qh Ks",
             "(x x) Ac 2d 3h 4s", "(x x) 5c 6d 7h 8s", "(x x) 9c Td Jh Qs",
             "(x x) Kc Ad 2h 3s", "(Qc Qd) 4c 5d 6h 7s"]
    options = ["equity", "--format", "json", "--trials", "3000", "--seed", "5"]
    assert main([*options, "--dead", BURNS, *hands]) == 0
    with_burns = json.loads(capsys.readouterr().out)
    assert main([*options, *hands]) == 0
    without = json.loads(capsys.readouterr().out)
    assert with_burns["community_card"] is True
    assert with_burns["players"] == without["players"]


def test_seventh_street_community_card_with_the_burns():
    hands, left = eight_on_sixth(13)
    community = left[0]
    scenario = build_scenario("stud7hl8", hands, BURNS, community)
    assert scenario.community_card and not scenario.community_to_come
    with_burns = equity("stud7hl8", hands, BURNS, community=community, exact=True)
    assert with_burns.community == community
    same_numbers(with_burns, equity("stud7hl8", hands, community=community, exact=True))


def test_next_card_on_sixth_street_with_the_burns():
    hands, left = eight_on_sixth(14, unknown_holes=1)
    with_burns = next_card_table("stud7", hands, BURNS, exact=True)
    without = next_card_table("stud7", hands, exact=True)
    assert with_burns.community_card is True
    # Any unseen card can be the community card: the stub's four, the hidden hole cards
    # and the burns are all cards nobody saw.
    assert set(left) <= {c.card for c in with_burns.cards}
    assert [(c.card, c.equity) for c in with_burns.cards] == [
        (c.card, c.equity) for c in without.cards]


def test_declare_with_folded_cards_and_burns():
    # stud7hl, five players on 6th street (30 cards), three folded there: twelve up cards
    # seen, six hole cards and four burns unseen. The stub is empty.
    hands, _ = eight_on_sixth(15, unknown_holes=1)
    folded = " ".join(h.split(") ")[1] for h in hands[5:])
    dead = f"{folded} {'x ' * 6}{BURNS}"
    with_burns = declare_table("stud7hl", hands[:5], dead, exact=True)
    without = declare_table("stud7hl", hands[:5], f"{folded} {'x ' * 6}", exact=True)
    assert with_burns.samples == without.samples
    assert with_burns.rows == without.rows


# --------------------------------------------------------------------------- refused


def test_no_unseen_card_left_at_all_is_still_an_error(capsys):
    # The four cards left are dead and seen: nothing to mix back in.
    hands, left = eight_on_sixth(16)
    with pytest.raises(ScenarioError) as info:
        build_scenario("stud7", hands, " ".join(left[:4]))
    message = str(info.value)
    assert message == (
        "the deck cannot supply the river: 48 cards dealt before it and 4 seen dead cards "
        "leave no card, not even one community card (burn and folded cards nobody saw are "
        "mixed back in for it: give those as x in --dead)")
    assert info.value.fields == ("dead",)  # the page outlines the dead cards to fix
    assert main(["equity", "--dead", " ".join(left[:4]), *hands]) == 2
    assert capsys.readouterr().err == f"Error: {message}\n"


def test_no_unseen_card_for_the_community_card_on_seventh_street():
    hands, cards = eight_on_sixth(17)
    community = cards[0]
    # Dead and seen: players 1 and 2's hole cards, which their hands write x x. With the
    # community card, 48 + 4 + 1 = 53 cards.
    with pytest.raises(ScenarioError, match=r"^the deck cannot supply the community card: "
                       r"48 cards dealt before the river and 4 seen dead cards leave none "
                       r"to turn \(burn and folded cards nobody saw") as info:
        build_scenario("stud7", hands, " ".join(cards[4:]), community)
    assert info.value.fields == ("dead",)
    # One of them unseen: the community card came from it, mixed back in.
    scenario = build_scenario("stud7", hands, " ".join(cards[5:] + ["x"]), community)
    assert scenario.community == naive.parse_cards(community)[0]
