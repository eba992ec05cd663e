"""A bad table's error carries its facts (messages.InputError): the players, fields and
cards at fault, so a front end can point at the seat or box to fix. Each case also reads
the message, so the words and the facts say the same thing."""

import pickle

import pytest

from studodds.declare import declare_table
from studodds.equity import equity
from studodds.messages import InputError, error_facts
from studodds.scenario import build_scenario
from studodds.whatif import next_card_table

# (call, a piece of the message, players (0-based), fields, cards)
CASES = {
    "a card that is no card, in player 2": (
        lambda: build_scenario("stud7", ["(As Ks) Ah", "(x x) Qx"]),
        "player 2: 'Qx' is not a card", (1,), (), ("Qx",)),
    "one card in two hands": (
        lambda: build_scenario("stud7", ["(As Ks) Ah", "(x x) Qd", "(x x) As"]),
        "'As' appears twice: player 1 and player 3", (0, 2), (), ("As",)),
    "a hand's card among the dead": (
        lambda: build_scenario("stud7", ["(As Ks) Ah", "(x x) Qd"], dead="7c Qd"),
        "'Qd' appears twice: player 2 and --dead", (1,), ("dead",), ("Qd",)),
    "a dead card twice": (
        lambda: build_scenario("stud7", ["(As Ks) Ah", "(x x) Qd"], dead="7c 7c"),
        "'7c' appears twice in --dead", (), ("dead",), ("7c",)),
    "a dead card that is no card": (
        lambda: build_scenario("razz", ["(As 2s) 3h", "(x x) Qd"], dead="7c 1h"),
        "--dead: '1h' is not a card", (), ("dead",), ("1h",)),
    "players on different streets": (
        lambda: build_scenario("stud7", ["(As Ks) Ah", "(x x) Qd Qc"]),
        "player 2 '(x x) Qd Qc' holds 4 cards", (1, 0), (), ()),
    "three hole cards in stud": (
        lambda: build_scenario("stud7", ["(As Ks Qs) Ah", "(x x) Qd"]),
        "player 1: '(As Ks Qs) Ah': at most 2 hole cards", (0,), (), ()),
    "a community card where the stub has a river for everyone": (
        lambda: build_scenario("razz", ["(As 2s) 3h 4h 5h 6h", "(x x) Qd Qc Jd Jc"],
                               community="7d"),
        "--community: no community card is turned here", (), ("community",), ()),
    "a community card in five-card stud": (
        lambda: build_scenario("stud5", ["(As) Kh Qh Jh", "(x) Qd Qc Jd"], community="7d"),
        "--community: Five-card stud never turns", (), ("community",), ()),
    "a range that cannot be dealt": (
        lambda: build_scenario("stud7", ["(As Ah) Ks", "(A? A?) Qd"], dead="Ac"),
        "player 2", (1,), (), ()),
    "a declaration that is none": (
        lambda: equity("stud5hl", ["(As) 2c", "(Kd) Kh"], declare=["high", "sideways"]),
        "'sideways' is not a declaration", (), ("declare",), ()),
    "no such player": (
        lambda: next_card_table("stud7", ["(As Ks) Ah", "(x x) Qd"], player=3),
        "--player 3: no such player; the players are 1-2", (), ("player",), ()),
    "no such player to declare for": (
        lambda: declare_table("stud5hl", ["(As) 2c", "(Kd) Kh"], player=0),
        "--player 0: no such player", (), ("player",), ()),
}


@pytest.mark.parametrize("case", list(CASES))
def test_an_error_carries_its_facts(case):
    call, words, players, fields, cards = CASES[case]
    with pytest.raises(InputError) as caught:
        call()
    error = caught.value
    assert words in str(error)
    assert (error.players, error.fields, error.cards) == (players, fields, cards)
    copied = pickle.loads(pickle.dumps(error))  # a process pool's copy keeps them
    assert (type(copied), str(copied), copied.facts()) == (type(error), str(error), error.facts())


def test_other_errors_carry_no_facts():
    assert error_facts(ValueError("x")) == {"players": [], "fields": [], "cards": []}
