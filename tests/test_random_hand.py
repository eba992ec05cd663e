"""A 'random' hand: every card unseen, up cards included, on the other players' street."""

from __future__ import annotations

import sys
from fractions import Fraction

import naive
import naive_equity
import pytest

from studodds import equity
from studodds.cards import parse_hand
from studodds.cli import main
from studodds.scenario import ScenarioError, build_scenario


def test_parse_and_print():
    hand = parse_hand(" Random ")
    assert hand.random and hand.known_cards == () and str(hand) == "random"


def test_takes_the_street_of_the_written_hands():
    s = build_scenario("stud7", ["(As Ks) Qs Jd", "random", "(x x) 3c 2c"])
    assert s.street == "4th street" and s.to_deal == (3, 7, 5) and s.known[1] == ()


def test_every_hand_random_is_an_error():
    with pytest.raises(ScenarioError, match="every hand is 'random'"):
        build_scenario("razz", ["random", "random"])


# Few enough unseen cards for the itertools twin: 12 in the pool.
DEAD = "2c 3c 4c 5c 6c 7c 8c 9c Tc 2d 3d 4d 5d 6d 7d 8d 9d Td 2h 3h 4h 5h 6h 7h 8h 9h Th 2s 3s"


@pytest.mark.parametrize("game, hero", [
    ("stud5", "(As) Ks Qs Jd"),
    ("stud5low", "(Ac) Jc Qd Kd"),
    ("stud5hl", "(Ac) Jc Qd Kd"),
])
@pytest.mark.parametrize("engine", ["counting", "enumeration"])
def test_exact_equals_the_brute_force_twin(game, hero, engine, monkeypatch):
    if engine == "enumeration":  # counting is used whenever it can be: rule it out
        monkeypatch.setattr(sys.modules["studodds.equity"], "MAX_COUNTING_BYTES", 0)
    result = equity(game, [hero, "random"], DEAD, exact=True)
    assert result.method == "exact"
    known = (naive.parse_cards(hero.replace("(", "").replace(")", "")), ())
    out = set(known[0]) | set(naive.parse_cards(DEAD))
    pool = tuple(c for c in range(52) if c not in out)
    slow = naive_equity.brute_force(game, known, (1, 5), pool, False)
    assert result.samples == slow.deals
    for fast, twin in zip(result.players, slow.players, strict=True):
        assert Fraction(fast.equity).limit_denominator(10**9) == twin.equity
        assert Fraction(fast.win).limit_denominator(10**9) == twin.win


def test_monte_carlo_against_a_random_hand_is_symmetric_on_average():
    """A random hand against a random hand would be 50%: two written random-looking hands
    are not, but the random player's equity plus the hero's is the whole pot."""
    result = equity("stud7", ["(As Ks) Qs", "random"], trials=200_000, seed=3)
    assert result.players[0].equity + result.players[1].equity == pytest.approx(1)
    assert 0.6 < result.players[0].equity < 0.68  # three big suited cards


def test_cli_next_refuses_the_random_players_next_card(capsys):
    code = main(["next", "(As Ks) Qs", "random", "--player", "2", "--trials", "1000"])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("Error: --player 2: a 'random' hand")
    assert len(err.splitlines()) == 1
