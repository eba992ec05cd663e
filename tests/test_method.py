"""One Method value: how a question is answered (exact or sampled, how far, the seed, the
threads, the callbacks), declared once and passed whole through the library."""

import dataclasses
import inspect

import pytest

import studodds
from studodds.declare import declare_table
from studodds.equity import equity
from studodds.histories.replay import replay_hand
from studodds.messages import OptionError
from studodds.method import Method, MethodOptions
from studodds.whatif import next_card_table

QUESTIONS = [equity, declare_table, next_card_table, replay_hand]
FIELDS = [f.name for f in dataclasses.fields(Method)]


def test_the_keywords_are_the_method_fields():
    assert list(MethodOptions.__annotations__) == FIELDS


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda f: f.__name__)
def test_no_question_declares_the_method_fields_again(question):
    """Each takes method= or the fields as keywords (**options), never its own copies."""
    parameters = inspect.signature(question).parameters
    assert not set(FIELDS) & set(parameters)
    assert "method" in parameters
    assert parameters["options"].kind is inspect.Parameter.VAR_KEYWORD


def test_method_or_keywords_give_the_same_numbers():
    hands = ["(As Ks) Ah", "(x x) Qd"]
    by_keywords = equity("stud7", hands, trials=20_000, seed=5)
    by_value = equity("stud7", hands, method=Method(trials=20_000, seed=5))
    assert by_keywords.to_dict()["players"] == by_value.to_dict()["players"]


def test_method_and_keywords_together_are_refused():
    with pytest.raises(OptionError, match=r"give method=Method\(...\) or its fields \(seed\)"):
        equity("stud7", ["(As Ks) Ah", "(x x) Qd"], method=Method(trials=10), seed=1)


@pytest.mark.parametrize("fields, message", [
    ({"exact": True, "trials": 10}, "choose one method"),
    ({"trials": 10, "precision": 0.01}, "give trials or precision, not both"),
    ({"seed": -1}, "seed is a whole number 0 or more"),
    ({"threads": 0}, "threads must be between 1 and"),
    ({"progress": 3}, "progress is a function"),
])
def test_a_bad_method_is_refused_when_it_is_made(fields, message):
    with pytest.raises(OptionError, match=message):
        Method(**fields)


def test_an_unknown_keyword_is_a_type_error_as_for_any_function():
    with pytest.raises(TypeError, match="trails"):
        equity("stud7", ["(As Ks) Ah", "(x x) Qd"], trails=10)


def test_the_package_offers_method():
    assert studodds.Method is Method
