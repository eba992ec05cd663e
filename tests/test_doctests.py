"""Every module's doctests, so an example in a docstring is checked like any other test."""

import doctest
import importlib
import pkgutil

import pytest

import studodds

MODULES = sorted(
    m.name for m in pkgutil.walk_packages(studodds.__path__, "studodds.")
    if m.name != "studodds.__main__"  # running it would exit the test process
)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    assert doctest.testmod(module, optionflags=doctest.ELLIPSIS).failed == 0
