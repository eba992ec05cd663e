"""range_holdings: what a ranged player may hold, as the engine deals it."""

from fractions import Fraction

import pytest

import studodds
from studodds.messages import OptionError


def test_the_holdings_are_the_hands_dealt_that_fit_the_range():
    """Counted another way: how_often_dealt counts the same holes given the door card."""
    held = studodds.range_holdings("stud7", ["(Qs Qd) 8c", "(top15%) Kd"], player=2)
    dealt = studodds.how_often_dealt("stud7", "(top15%) Kd", dead="Qs Qd 8c").given_door
    assert Fraction(len(held), 1128) == dealt.chance  # C(48, 2) holes beside four cards seen
    assert len(set(held.holes)) == len(held) and all(len(h) == 2 for h in held.holes)
    assert not {"Qs", "Qd", "8c", "Kd"} & {c for h in held.holes for c in h}


def test_a_pair_of_kings_in_the_hole_beside_a_seen_king():
    held = studodds.range_holdings("stud7", ["(Kc 2d) 8c", "(K? K?) Kd"], player=2)
    assert held.holes == (("Kh", "Ks"),) and held.weights == (1.0,)


def test_weights_come_with_each_hole():
    held = studodds.range_holdings("stud7", ["(Qs Qd) 8c", "(K? ?? | ?? ??:0.25) Kd"], player=2)
    by_hole = dict(zip(held.holes, held.weights, strict=True))
    assert by_hole[("2c", "Kc")] == 1.0 and by_hole[("2c", "3c")] == 0.25
    kings = sum(1 for h in held.holes if any(c[0] == "K" for c in h))
    assert kings == 3 * 45 + 3  # one of Kc Kh Ks with one of the other 45 cards, or two
    assert len(held) == 1128  # C(48, 2): every hole is in with some weight


@pytest.mark.parametrize("player, message", [
    (1, "player 1: '(Qs Qd) 8c' has no range in the hole"),
    (3, "player 3: no such player; the players are 1-2"),
])
def test_a_player_without_a_range_is_a_clear_error(player, message):
    with pytest.raises(OptionError, match=message.replace("(", r"\(").replace(")", r"\)")):
        studodds.range_holdings("stud7", ["(Qs Qd) 8c", "(K? ??) Kd"], player=player)
