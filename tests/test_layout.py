"""The arrows of the house (docs/development.md, "Layout"): cli/ (and web/) call the
library, the library calls engine/ and eval/, and everything may use the table's words.
This test reads every import statement of every module, those inside functions and under
``if TYPE_CHECKING:`` included, and fails on an arrow that points back up and on any
circle of modules."""

import ast
from itertools import pairwise
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "studodds"
# The table's words, which every room may use (with numba's settings, how to stop a run and
# which files may be opened). Among themselves the arrows point down too: each word may
# use only the words listed for it. cards.py reads a hand's hole-card range with ranges.py,
# so ranges.py reads notation.py (the characters, the token, the error), never cards.py;
# starting/ ranks starting hands, which is how a topX% range is tested.
WORDS = {
    "config": set(),
    "numba_cache": set(),  # numba's cache saves locked: a setting, like config's
    "messages": set(),
    "stopping": set(),
    "regular_files": set(),
    "games": {"messages"},
    "notation": {"messages"},
    "ranges": {"notation", "messages"},
    "cards": {"notation", "ranges", "messages"},
    "starting": {"cards", "ranges", "games", "messages"},
}
KERNELS = {"eval", "engine"}
RENDERING = {"cli", "web"}
# What each room may import from the package, besides its own room and the words.
ALLOWED = {
    "eval": set(),
    "engine": {"eval", "scenario"},  # a kernel run is built from a checked Scenario
    "table": set(),
    # replay asks the odds; its result names the hands shown down (eval's words)
    "histories": {"equity", "method", "scenario", "results", "table", "eval"},
    # only engine/joint.py: can the players' ranges all hold at once (pure Python; it takes
    # ranges.PlayerRange, so it never imports scenario back)
    "scenario": {"engine.joint"},
    "results": {"engine", "eval"},
    # how a question is answered (one Method value): its checks read the engine's limits
    "method": {"engine"},
    "equity": {"engine", "eval", "scenario", "results", "own", "method"},  # exact final hands
    "whatif": {"engine", "eval", "scenario", "results", "equity", "method"},
    "declare": {"engine", "scenario", "results", "equity", "method"},
    # one hand's completions, counted by the engine; its threads checked as a method's
    "own": {"engine", "eval", "scenario", "method"},
    "holdings": {"scenario"},  # what a range holds, as the scenario deals it
    "warming": {"equity", "eval", "whatif", "declare"},  # asks one question of each kernel
    "batch": {"equity", "scenario", "results"},
    "chart": {"engine", "equity", "method", "scenario", "results", "batch"},
    "reports": set(),  # the JSON documents: it puts results' own to_dict together
    "reading": set(),  # how hands written without parentheses were read: the words only
    "cli": {"eval", "equity", "whatif", "declare", "scenario", "results", "table",
            "histories", "batch", "chart", "reports", "web",  # `serve` runs the web app
            "warming", "own", "reading", "method", "review"},
    # a player's hands reviewed: the database (hand records in, stats out), the price of
    # each decision (equity as the player saw it, counted exactly when the engine's timing
    # says it is cheap) and luck at showdown
    "review": {"histories", "equity", "method", "scenario", "engine.timing", "__version__"},
    # The web page asks what the CLI asks, the same way; it never imports cli/.
    "web": {"equity", "whatif", "declare", "histories", "batch", "reports", "own", "method",
            "review"},  # the Review tab: the database imported into and asked
}


def modules():
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        if parts[-1] == "__init__" and len(parts) > 1:
            parts = parts[:-1]
        yield path, parts


def package_imports(path: Path, parts: tuple[str, ...]):
    """(what is imported, line) for every import of the package in the file, wherever the
    statement stands (ast.walk goes into functions, classes and ``if`` blocks): the dotted
    parts inside studodds, down to the name imported (``from .cards import parse_hand`` in
    scenario.py is ``["cards", "parse_hand"]``)."""
    tree = ast.parse(path.read_text())
    is_package = path.name == "__init__.py"
    here = () if parts == ("__init__",) else parts if is_package else parts[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = node.module.split(".") if node.module else []
            if node.level:  # relative: from the package `here`, up level - 1 folders
                target = list(here[: len(here) - (node.level - 1)]) + module
            elif module[:1] == ["studodds"]:
                target = module[1:]
            else:
                continue
            for alias in node.names:
                yield target + [alias.name], node.lineno
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
    if room in WORDS:
        allowed = WORDS[room] | {room}
    else:
        allowed = ALLOWED[room] | set(WORDS) | {room}
    wrong = []
    for path, parts in modules():
        if parts[0] != room:
            continue
        for target, line in package_imports(path, parts):
            # An entry is a room ("engine") or one module of it ("engine.joint").
            if target and not any(target[:len(a.split("."))] == a.split(".") for a in allowed):
                wrong.append(f"{path.relative_to(PACKAGE)}:{line} imports {'.'.join(target)}")
    assert not wrong, "\n".join(wrong)


def import_graph() -> dict[str, dict[str, str]]:
    """{module: {module it imports: where (file:line)}} over the package's modules, each by
    its dotted name inside studodds ("cards", "starting.top"; a package by its folder, the
    root package "studodds"). An import reads the longest module its dotted name starts
    with: ``from .cards import parse_hand`` reads cards, ``from . import sim`` engine.sim."""
    names = {parts: ".".join(parts) for _, parts in modules()}
    names[("__init__",)] = "studodds"
    graph: dict[str, dict[str, str]] = {}
    for path, parts in modules():
        edges = graph.setdefault(names[parts], {})
        for target, line in package_imports(path, parts):
            for n in range(len(target), -1, -1):
                module = names.get(tuple(target[:n]) or ("__init__",))
                if module is not None:
                    if module != names[parts]:
                        edges.setdefault(module, f"{path.relative_to(PACKAGE)}:{line}")
                    break
    return graph


def circles(graph: dict[str, dict[str, str]]) -> list[tuple[list[str], list[str]]]:
    """Each group of modules that all reach each other through imports (Tarjan's strongly
    connected components), sorted, with the shortest way round from its first module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in graph[module]:
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = stack[stack.index(module):]
            del stack[stack.index(module):]
            if len(group) > 1:
                found.append((sorted(group), _way_round(graph, set(group))))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)


def _way_round(graph: dict[str, dict[str, str]], group: set[str]) -> list[str]:
    """The shortest path of imports from the group's first module back to it."""
    start = min(group)
    came_from = {start: start}
    queue = [start]
    for module in queue:  # breadth first: the queue grows as it is read
        for other in sorted(graph[module]):
            if other == start:
                path = [module]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return path[::-1] + [start]
            if other in group and other not in came_from:
                came_from[other] = module
                queue.append(other)
    raise AssertionError(f"{sorted(group)} reach each other, so a path leads back")


def test_no_circles():
    """No module imports, however indirectly, a module that imports it back: an import inside
    a function or under ``if TYPE_CHECKING:`` counts, since it only hides the circle from
    Python until the day the order of imports changes."""
    graph = import_graph()
    message = [
        f"import circle among {', '.join(group)}: "
        + "; ".join(f"{graph[a][b]} imports {b}" for a, b in pairwise(path))
        for group, path in circles(graph)
    ]
    assert not message, "\n".join(message)


def test_only_cli_renders():
    """click and tabulate are the command line's: a library module returns results."""
    wrong = [
        f"{path.relative_to(PACKAGE)}:{line} imports {name}"
        for path, parts in modules() if parts[0] not in RENDERING | {"__main__"}
        for name, line in outside_imports(path) if name in {"click", "tabulate"}
    ]
    assert not wrong, "\n".join(wrong)


def test_every_room_is_a_package():
    """A folder without __init__.py imports here but is left out of the installed wheel."""
    missing = [str(d.relative_to(PACKAGE)) for d in PACKAGE.rglob("*")
               if d.is_dir() and d.name != "__pycache__" and any(d.glob("*.py"))
               and not (d / "__init__.py").exists()]
    assert not missing


def test_a_module_name_says_its_job_without_its_folder():
    """Outside cli/ no two modules share a file name: "files.py" in three rooms made a reader
    open the wrong one. A cli/ module is named after the command it holds (cli/replay.py is
    `studodds replay`), so its name may repeat the library module that answers it."""
    by_name: dict[str, list[str]] = {}
    for path, parts in modules():
        if parts[0] != "cli" and path.name != "__init__.py":
            by_name.setdefault(path.name, []).append(str(path.relative_to(PACKAGE)))
    twins = [" and ".join(sorted(paths)) for paths in by_name.values() if len(paths) > 1]
    assert not twins, "modules named alike: " + "; ".join(sorted(twins))
