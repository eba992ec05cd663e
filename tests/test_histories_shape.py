"""The readers in histories/ share one of each thing the issue found written many times
(issue 29): one error for a hand that cannot be read, and the streets from the game. Read
from the source, so that a new reader cannot quietly write its own again."""

import ast
from pathlib import Path

HISTORIES = Path(__file__).resolve().parent.parent / "studodds" / "histories"


def trees():
    for path in sorted(HISTORIES.glob("*.py")):
        yield path.name, ast.parse(path.read_text(encoding="utf-8"), str(path))


def _base_names(node: ast.ClassDef) -> set[str]:
    return {b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases}


def test_one_hand_error():
    """record.HandError (and its BadCard) is the one error a reader raises for a hand it
    cannot read; five modules each had their own."""
    found = [
        f"{name}:{node.lineno} class {node.name}"
        for name, tree in trees()
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        and ("handerror" in node.name.lower() or "badcard" in node.name.lower())
    ]
    assert [f.split(":")[0] for f in found] == ["record.py", "record.py"], found
    assert [f.split(" class ")[1] for f in found] == ["HandError", "BadCard"], found


def test_no_other_hand_error_by_its_base():
    """Nor an error of another name doing the same job: an Exception or ValueError subclass
    whose name speaks of a hand."""
    found = [
        f"{name}:{node.lineno} class {node.name}"
        for name, tree in trees()
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        and _base_names(node) & {"Exception", "ValueError"}
        and "hand" in node.name.lower()
        and not (name == "record.py" and node.name == "HandError")
    ]
    assert found == [], found


def _street_words() -> set[str]:
    from studodds.games import GAMES

    names = {street.name.lower() for game in GAMES.values() for street in game.streets}
    return names | {name.split()[0] for name in names}


def test_no_literal_street_tuple():
    """The streets come from the game (streets.py, from games.py), never a tuple or list
    of street names written out: five modules each wrote ("3rd", "4th", "5th", "6th",
    "7th") and picked it or the five-card one by the game's name."""
    words = _street_words()
    found = [
        f"{name}:{node.lineno}"
        for name, tree in trees()
        for node in ast.walk(tree)
        if isinstance(node, (ast.Tuple, ast.List, ast.Set))
        and sum(isinstance(e, ast.Constant) and isinstance(e.value, str)
                and e.value.lower() in words for e in node.elts) >= 3
    ]
    assert found == [], f"street names written out: {found}"


def test_one_hand_builder():
    """Only builder.HandBuilder makes the records (HandHistory, Street, Action): the four
    builders (and PHH's) the readers each had are one; a reader reads its room's words and
    calls the builder."""
    made = {"HandHistory", "Street", "Action"}
    found = [
        f"{name}:{node.lineno} {node.func.id}(...)"
        for name, tree in trees()
        if name not in ("builder.py", "record.py")
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        and node.func.id in made
    ]
    assert found == [], found
    builders = [f"{name}:{node.lineno} class {node.name}"
                for name, tree in trees() for node in ast.walk(tree)
                if isinstance(node, ast.ClassDef) and node.name.endswith(
                    ("Builder", "Recorder", "Assembler")) and "HandBuilder" not in
                _base_names(node) and name != "builder.py"]
    assert builders == [], builders
