"""The public API (docs/python.md, "What is public"): what `studodds` offers is one list,
every name of it resolves and is documented, and the package says it is typed."""

import re
from pathlib import Path

import pytest

import studodds

ROOT = Path(__file__).resolve().parent.parent
PYTHON_DOC = ROOT / "docs" / "python.md"


def test_all_is_the_lazy_table_written_out():
    assert sorted(studodds.__all__) == sorted([*studodds._PUBLIC, "__version__"])


def test_every_public_name_resolves():
    missing = [name for name in studodds.__all__ if getattr(studodds, name, None) is None]
    assert not missing


def test_every_public_name_is_documented():
    doc = PYTHON_DOC.read_text()
    undocumented = [name for name in studodds._PUBLIC if not re.search(rf"`{name}[`(]", doc)]
    assert not undocumented, f"not in docs/python.md: {undocumented}"


def test_the_documented_subpackages_say_what_they_offer():
    for name in ("starting", "chart", "batch", "histories", "table"):
        package = __import__(f"studodds.{name}", fromlist=["__all__"])
        assert package.__all__, name
        assert all(hasattr(package, n) for n in package.__all__), name


def test_the_package_ships_its_type_marker():
    assert (ROOT / "studodds" / "py.typed").exists()
    assert '"studodds" = ["py.typed"]' in (ROOT / "pyproject.toml").read_text()


def test_no_public_name_hides_a_module_of_its_package():
    """``from .classes import classes`` in a package's __init__ makes
    ``studodds.starting.classes`` the function, not the module, for everyone after."""
    import pkgutil

    hidden = []
    for name in ("starting", "chart", "batch", "histories", "table", "eval", "own"):
        package = __import__(f"studodds.{name}", fromlist=["__all__"])
        modules = {m.name for m in pkgutil.iter_modules(package.__path__)}
        hidden += [f"studodds.{name}.{n}" for n in getattr(package, "__all__", ())
                   if n in modules]
    assert not hidden


# Where a notebook may import from: the package, the documented subpackages, and the
# modules of studodds.starting (its classes module names every starting class).
PUBLIC_PLACES = re.compile(
    r"studodds(\.(starting|chart|batch|histories|table)|\.starting\.(classes|top|dealt|door))?")


def test_the_notebooks_use_only_the_public_api():
    import json

    wrong = []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for cell in json.loads(path.read_text())["cells"]:
            if cell["cell_type"] != "code":
                continue
            source = "".join(cell["source"])
            for place in re.findall(r"^\s*(?:from|import)\s+(studodds[\w.]*)", source, re.MULTILINE):
                if not PUBLIC_PLACES.fullmatch(place):
                    wrong.append(f"{path.name}: {place}")
            # a module reached through the package: studodds.scenario.build_scenario(...)
            wrong += [f"{path.name}: {m}" for m in re.findall(
                r"\bstudodds\.(?:cards|ranges|scenario|whatif|eval|engine|results|own|games)"
                r"\.\w+", source)]
    assert not wrong, wrong


# The public modules: studodds and its documented subpackages (docs/python.md).
PUBLIC_MODULES = ("studodds", "studodds.starting", "studodds.chart", "studodds.batch",
                  "studodds.histories", "studodds.table")
# A public class's methods a caller uses besides its public names.
CALLED_DUNDERS = {"__init__", "__call__", "__enter__", "__exit__", "__iter__"}


def _public_callables():
    """(where, function) of every public function, and of every method of a public class
    the class itself defines (not those Python or dataclasses write)."""
    import importlib
    import inspect

    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isfunction(obj) or inspect.ismethod(obj):
                yield f"{module_name}.{name}", obj
            elif inspect.isclass(obj) and obj.__module__.startswith("studodds"):
                for attr, value in vars(obj).items():
                    if attr.startswith("_") and attr not in CALLED_DUNDERS:
                        continue
                    if isinstance(value, classmethod | staticmethod):
                        value = value.__func__
                    elif isinstance(value, property):
                        value = value.fget
                    if (inspect.isfunction(value) and value.__module__.startswith("studodds")
                            and value.__qualname__ == f"{obj.__name__}.{attr}"):
                        yield f"{module_name}.{name}.{attr}", value


def _unannotated(function) -> list[str]:
    import inspect

    signature = inspect.signature(function)
    parameters = list(signature.parameters.values())
    if parameters and parameters[0].name in ("self", "cls") and "." in function.__qualname__:
        parameters = parameters[1:]
    missing = [p.name for p in parameters if p.annotation is inspect.Parameter.empty]
    if signature.return_annotation is inspect.Signature.empty:
        missing.append("return")
    return missing


def test_every_public_function_is_fully_annotated():
    """Parameters (*args and **kwargs too) and the return: mypy checks a caller's use of
    the API only as far as these go (py.typed promises them)."""
    found = dict(_public_callables())
    assert "studodds.equity" in found and "studodds.table.BettingRound.act" in found
    missing = {where: names for where, f in found.items() if (names := _unannotated(f))}
    assert not missing, f"annotate these: {missing}"


def test_small_calls_a_notebook_makes():
    """A tester's: a list of card texts was read as ids (ValueError: invalid literal for
    int()), an Evaluation had no to_dict, and own_odds ran with threads=0 or 100."""
    import json

    import studodds

    assert studodds.evaluate(["As", "Ks", "Qs", "Js", "Ts"]).description == "Royal flush"
    # an iterator of ids, read once (the check for texts used it up: a reviewer's)
    assert studodds.evaluate(c for c in [0, 4, 8, 12, 20]).category == "flush"
    assert json.loads(json.dumps(studodds.evaluate("As Ks Qs Js Ts").to_dict())) == {
        "kind": "high", "value": studodds.evaluate("As Ks Qs Js Ts").value,
        "category": "straight flush", "description": "Royal flush"}
    for threads in (0, 100):
        with pytest.raises(ValueError, match="threads must be between 1 and"):
            studodds.own_odds("stud7", "(As Ks) Ah", threads=threads)
    # a mistyped keyword: a TypeError named Method.__init__, which the caller never called
    with pytest.raises(TypeError, match="^unexpected keyword argument 'trails': did you mean "
                                        "'trials'\\?$"):
        studodds.equity("stud7", ["(As Ks) Ah", "(x x) Qd"], trails=1000)
