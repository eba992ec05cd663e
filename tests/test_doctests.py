"""Every module's doctests, so an example in a docstring is checked like any other test.

This is the one place doctests run: a test file of its own for one module's doctests would
run them twice."""

import doctest
import importlib
import pkgutil

import pytest

import studodds

MODULES = sorted(
    m.name for m in pkgutil.walk_packages(studodds.__path__, "studodds.")
    if m.name != "studodds.__main__"  # running it would exit the test process
)

# Modules whose examples are the readable account of a notation or a file layout (cards,
# and the hand-history readers): they must keep some, not only keep them passing.
WITH_EXAMPLES = {
    "studodds.cards",
    "studodds.histories.bovada",
    "studodds.histories.fulltilt",
    "studodds.histories.kingsclub",
    "studodds.histories.phh",
    "studodds.histories.pokerstars",
    "studodds.histories.winamax",
}


def test_the_modules_that_must_carry_examples_exist():
    assert WITH_EXAMPLES - set(MODULES) == set()


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    if name in WITH_EXAMPLES:
        assert result.attempted > 0, f"{name} has no docstring examples left"
