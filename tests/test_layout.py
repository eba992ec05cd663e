"""The arrows of the house (STYLE): cli/ (and web/) call the library, the library calls
engine/ and eval/, and everything may use the table's words. This test reads every
module's imports and fails on an arrow that points back up."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "studodds"
# the table's words (and what every room may use: numba's settings, how to stop a run,
# which files may be opened)
WORDS = {"cards", "games", "ranges", "config", "messages", "starting", "stopping",
         "regular_files", "notation"}
KERNELS = {"eval", "engine"}
RENDERING = {"cli", "web"}
# What each room may import from the package, besides its own room and the words.
ALLOWED = {
    "eval": set(),
    "engine": {"eval", "scenario"},  # a kernel run is built from a checked Scenario
    "table": set(),
    # replay asks the odds; its result names the hands shown down (eval's words)
    "histories": {"equity", "scenario", "results", "table", "eval"},
    "scenario": {"engine"},  # engine/joint.py: can the players' ranges all hold at once
    "results": {"engine", "eval"},
    "equity": {"engine", "eval", "scenario", "results", "own"},  # exact final hands
    "whatif": {"engine", "eval", "scenario", "results", "equity"},
    "declare": {"engine", "scenario", "results", "equity"},
    "own": {"engine", "eval", "scenario"},  # one hand's completions, counted by the engine
    "warming": {"equity", "eval", "whatif", "declare"},  # asks one question of each kernel
    "batch": {"equity", "scenario", "results"},
    "chart": {"engine", "equity", "scenario", "results", "batch"},
    "reports": set(),  # the JSON documents: it puts results' own to_dict together
    "reading": set(),  # how hands written without parentheses were read: the words only
    "cli": {"eval", "equity", "whatif", "declare", "scenario", "results", "table",
            "histories", "batch", "chart", "reports", "web",  # `serve` runs the web app
            "warming", "own", "reading"},
    # The web page asks what the CLI asks, the same way; it never imports cli/.
    "web": {"equity", "whatif", "declare", "histories", "batch", "reports", "own"},
}


def modules():
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        if parts[-1] == "__init__" and len(parts) > 1:
            parts = parts[:-1]
        yield path, parts


def package_imports(path: Path, parts: tuple[str, ...]):
    """(room imported, line) for every import of a studodds module in the file."""
    tree = ast.parse(path.read_text())
    is_package = path.name == "__init__.py"
    here = parts if is_package else parts[:-1]  # the package a relative import starts from
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(here[: len(here) - (node.level - 1)]) if node.level > 1 else list(here)
                target = base + (node.module.split(".") if node.module else [])
                names = [alias.name for alias in node.names] if not node.module else []
                for t in ([target + [n] for n in names] if names else [target]):
                    yield t, node.lineno
            elif node.module and node.module.split(".")[0] == "studodds":
                yield node.module.split(".")[1:], node.lineno
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "studodds":
                    yield alias.name.split(".")[1:], node.lineno


def outside_imports(path: Path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from ((a.name.split(".")[0], node.lineno) for a in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            yield node.module.split(".")[0], node.lineno


ROOMS = sorted({parts[0] for _, parts in modules() if parts[0] not in {"__init__", "__main__"}})


@pytest.mark.parametrize("room", ROOMS)
def test_arrows_point_down(room):
    assert room in ALLOWED or room in WORDS, f"new room {room!r}: say what it may import"
    allowed = ALLOWED.get(room, set()) | WORDS | {room}
    wrong = []
    for path, parts in modules():
        if parts[0] != room:
            continue
        for target, line in package_imports(path, parts):
            if target and target[0] not in allowed:
                wrong.append(f"{path.relative_to(PACKAGE)}:{line} imports {'.'.join(target)}")
    assert not wrong, "\n".join(wrong)


def test_only_cli_renders():
    """click and tabulate are the command line's: a library module returns results."""
    wrong = [
        f"{path.relative_to(PACKAGE)}:{line} imports {name}"
        for path, parts in modules() if parts[0] not in RENDERING | {"__main__"}
        for name, line in outside_imports(path) if name in {"click", "tabulate"}
    ]
    assert not wrong, "\n".join(wrong)


def test_the_words_use_nothing_above_them():
    for path, parts in modules():
        if parts[0] in WORDS:
            for target, line in package_imports(path, parts):
                assert not target or target[0] in WORDS, f"{path.name}:{line} imports {target}"


def test_every_room_is_a_package():
    """A folder without __init__.py imports here but is left out of the installed wheel."""
    missing = [str(d.relative_to(PACKAGE)) for d in PACKAGE.rglob("*")
               if d.is_dir() and d.name != "__pycache__" and any(d.glob("*.py"))
               and not (d / "__init__.py").exists()]
    assert not missing
