"""The kernels say what they take (engine/kernel_args.py, engine/counting_args.py): every
kernel with many arguments describes each in its docstring, every field of every bundle is
described, bundles are built by field name, and a call hands each field to the kernel's
parameter of its name, so the order of the bundles at a call changes nothing.

The Monte Carlo kernel's call once listed 32 arguments by position, a dozen of them int64
arrays of one shape: two swapped there compiled, ran and answered wrong without a word."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import numpy as np
import pytest
from numba.core.dispatcher import Dispatcher

import studodds.engine
import studodds.eval
from studodds.engine import exact, sim
from studodds.engine.showdown import NO_DECLARE

PACKAGE = Path(studodds.__file__).resolve().parent
TESTS = Path(__file__).resolve().parent
# A kernel taking more than this many arguments describes every one of them.
MOST_UNDESCRIBED = 6


def _kernels() -> dict[str, Dispatcher]:
    """Every compiled function of engine/ and eval/ by name, the kernels the factories
    make (Monte Carlo, enumeration) among them."""
    found = {}
    for package in (studodds.engine, studodds.eval):
        for info in pkgutil.iter_modules(package.__path__):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            for name, value in vars(module).items():
                if isinstance(value, Dispatcher) and value.py_func.__module__ == module.__name__:
                    found[f"{module.__name__}.{name}"] = value
    found["sim.monte_carlo_kernel"] = sim.monte_carlo_kernel(False, False, NO_DECLARE)
    found["exact.exact_kernel"] = exact.exact_kernel(False, NO_DECLARE)
    return found


def _described(doc: str | None) -> set[str]:
    """The names a numpydoc Parameters section describes ("name : type" lines)."""
    return set(re.findall(r"^\s*(\w+) : \S", doc or "", flags=re.MULTILINE))


def test_every_kernel_with_many_arguments_describes_each():
    kernels = _kernels()
    assert "studodds.engine.headsup_kernels.count_streamed" in kernels  # the walk found them
    undescribed = {}
    for name, kernel in kernels.items():
        parameters = list(inspect.signature(kernel.py_func).parameters)
        if len(parameters) > MOST_UNDESCRIBED:
            missing = [p for p in parameters if p not in _described(kernel.py_func.__doc__)]
            if missing:
                undescribed[name] = missing
    assert not undescribed, f"describe each argument (numpydoc 'name : type'): {undescribed}"


def _bundles() -> list[type]:
    from studodds.engine import counting_args, kernel_args

    return [value for module in (kernel_args, counting_args) for value in vars(module).values()
            if isinstance(value, type) and issubclass(value, tuple)
            and value.__module__ == module.__name__]


def test_every_field_of_every_bundle_is_described():
    bundles = _bundles()
    assert len(bundles) >= 8
    undescribed = {}
    for bundle in bundles:
        missing = [f for f in bundle._fields if f not in _described(bundle.__doc__)]
        if missing:
            undescribed[bundle.__name__] = missing
    assert not undescribed


def test_bundles_are_built_by_field_name():
    """A bundle built by position could swap two fields of one type again: every call of
    a bundle class in the package and the tests names its fields."""
    names = {bundle.__name__ for bundle in _bundles()}
    by_position = []
    for path in sorted(PACKAGE.rglob("*.py")) + sorted(TESTS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in names and node.args):
                by_position.append(f"{path.name}:{node.lineno} {node.func.id}")
    assert not by_position


def _monte_carlo_bundles():
    from studodds.engine import kernel_args
    from studodds.engine.inputs import EngineInputs
    from studodds.engine.runs import Declare
    from studodds.engine.showdown import N_BINS, N_TALLIES
    from studodds.scenario import build_scenario

    inputs = EngineInputs(build_scenario("stud7", ["(As Ks) Ah", "(x x) Qd"]))
    declare = Declare(2, None, None)
    n = sim.N_CHUNKS
    counts = kernel_args.Tallies(tallies=np.zeros((n, 2, N_TALLIES), dtype=np.int64),
                                 no_low=np.zeros(n, dtype=np.int64),
                                 distribution=np.zeros((n, 2, N_BINS), dtype=np.int64),
                                 with_distribution=False)
    chunks = kernel_args.TrialChunks(seeds=sim.chunk_seeds(1, 0),
                                     trials=sim.split_trials(n * 10))
    return [chunks, inputs.pot_kinds(), inputs.known_hands(), inputs.dealing(),
            inputs.hole_ranges(), counts, declare.bundle(declare.new_tallies(n))]


def test_bundles_in_any_order_give_the_kernel_the_same_arguments():
    """The known hands and the dealing, both of int64 arrays, exchanged at the call (and
    the bundles in reverse): every array still reaches the parameter of its name."""
    from studodds.engine.kernel_args import kernel_arguments

    kernel = sim.monte_carlo_kernel(False, False, NO_DECLARE)
    bundles = _monte_carlo_bundles()
    arguments = kernel_arguments(kernel, *bundles)
    names = list(inspect.signature(kernel.py_func).parameters)[2:]
    assert len(arguments) == len(names)
    known, dealing = bundles[2], bundles[3]
    assert arguments[names.index("to_deal")] is dealing.to_deal
    assert arguments[names.index("offsets")] is dealing.offsets
    assert arguments[names.index("n_known")] is known.n_known
    for order in (bundles[:2] + [dealing, known] + bundles[4:], bundles[::-1]):
        assert all(a is b for a, b in zip(kernel_arguments(kernel, *order), arguments,
                                          strict=True))
    kernel(0, 4, *arguments)  # and they run
    assert bundles[5].tallies[:4].sum() > 0


def test_a_field_given_by_no_bundle_or_by_two_is_named():
    from studodds.engine.kernel_args import kernel_arguments

    kernel = sim.monte_carlo_kernel(False, False, NO_DECLARE)
    bundles = _monte_carlo_bundles()
    dealing = bundles[3]
    with pytest.raises(TypeError, match="run takes 'pool': given by nothing"):
        kernel_arguments(kernel, *bundles[:3], *bundles[4:])
    with pytest.raises(TypeError, match="run takes 'to_deal': given by Dealing and a value"):
        kernel_arguments(kernel, *bundles, to_deal=dealing.offsets)


def test_a_kernel_argument_described_nowhere_stops_the_import():
    """described_by, which writes a kernel's argument list from its bundles, refuses a
    parameter that neither the kernel nor a bundle describes (a renamed field, say)."""
    from studodds.engine.kernel_args import Dealing, described_by

    def run(first, last, pool, to_deal, offsets, n_draws, community, extra):
        """Deal.

        Parameters
        ----------
        extra : int
            Described here.
        """

    with pytest.raises(TypeError, match="no description of first, last, community"):
        described_by(Dealing)(run)
