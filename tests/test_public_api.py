"""The public API (docs/python.md, "What is public"): what `studodds` offers is one list,
every name of it resolves and is documented, and the package says it is typed."""

import re
from pathlib import Path

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
            for place in re.findall(r"^\s*(?:from|import)\s+(studodds[\w.]*)", source, re.M):
                if not PUBLIC_PLACES.fullmatch(place):
                    wrong.append(f"{path.name}: {place}")
            # a module reached through the package: studodds.scenario.build_scenario(...)
            wrong += [f"{path.name}: {m}" for m in re.findall(
                r"\bstudodds\.(?:cards|ranges|scenario|whatif|eval|engine|results|own|games)"
                r"\.\w+", source)]
    assert not wrong, wrong
