"""The documents a clone of the repository carries: README.md and docs/*.md.

* Nothing in the repository sends a reader to files a clone does not have: the spec and the
  real hand histories live outside it. The only mention allowed is the hand-history folder
  that the tests reading real histories use when it is there (and skip when it is not).
* Every relative link in README.md and docs/*.md points to a file that exists, and a link
  to a heading (``#anchor``) to a heading that exists, as GitHub names them.
* Every example of a ``console`` block in README.md and docs/*.md runs and prints what the
  block shows (see "Console examples" below for how a block is read).
* The examples of docs/rules.md are what studodds says: each row of a hand-value table
  (``| hand | kind | reads as |``) is what ``studodds eval`` prints, and each row of the
  first-to-act table names the seat ``studodds rules order`` gives.

A check over many files is one test that names every file it finds at fault.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from studodds.cli import cli

ROOT = Path(__file__).resolve().parent.parent
RULES_DOC = ROOT / "docs" / "rules.md"
# What a clone has: the documents, the package, the tests, the notebooks and the scripts.
SCANNED = ("README.md", "pyproject.toml", "docs", "studodds", "tests", "notebooks", "scripts")
TEXT_SUFFIXES = {".md", ".py", ".ipynb", ".toml", ".sh", ".txt", ".cfg", ".ini", ".yml",
                 ".yaml", ".json", ".jsonl", ""}
# Written in pieces so that this file does not trip its own check.
OUTSIDE = ("../" + "shared", "work/" + "shared", "RULES" + ".md")
# The tests that replay real hand histories read them from this folder when it is there.
ALLOWED = ("../" + "shared/handhistories",)


def scanned_files():
    for name in SCANNED:
        path = ROOT / name
        if path.is_file():
            yield path
            continue
        for file in sorted(path.rglob("*")):
            if (file.is_file() and file.suffix in TEXT_SUFFIXES
                    and "__pycache__" not in file.parts and ".ipynb_checkpoints" not in file.parts):
                yield file


def outside_mentions(text: str) -> list[tuple[int, str]]:
    """(line number, line) of each line that mentions a file outside the repository."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        rest = line
        for allowed in ALLOWED:
            rest = rest.replace(allowed, "")
        if any(word in rest for word in OUTSIDE):
            found.append((number, line.strip()))
    return found


def test_outside_mentions_finds_what_it_must():
    assert outside_mentions("see " + "../" + "shared/RULES" + ".md") == [
        (1, "see ../" + "shared/RULES" + ".md")]
    spec = "# RULES" + ".md \"Declare\""
    assert outside_mentions("a\n" + spec) == [(2, spec)]
    assert outside_mentions("/work/" + "shared/seeds") != []
    assert outside_mentions('reason="../' + 'shared/handhistories is not here"') == []
    assert outside_mentions("parents[2] / \"shared\" / \"handhistories\"") == []


def test_no_file_sends_the_reader_outside_the_repository():
    offenders = [f"{path.relative_to(ROOT)} line {number}: {line[:120]}"
                 for path in scanned_files()
                 for number, line in outside_mentions(
                     path.read_text(encoding="utf-8", errors="replace"))]
    assert offenders == [], "files that name a file outside the repository:\n" + "\n".join(
        offenders)


# --- links ------------------------------------------------------------------------------

DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def without_code(text: str) -> str:
    """The text outside fenced code blocks and inline code (no links there)."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.DOTALL | re.MULTILINE)
    return re.sub(r"`[^`\n]*`", "", text)


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to '-'."""
    text = heading.strip().lower().replace("`", "")
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    names = set()
    text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"),
                  flags=re.DOTALL | re.MULTILINE)
    for match in re.finditer(r"^#{1,6} (.+)$", text, flags=re.MULTILINE):
        name = slug(match.group(1))
        count = seen.get(name, 0)
        seen[name] = count + 1
        names.add(name if count == 0 else f"{name}-{count}")
    return names


def broken_links(path: Path, text: str) -> list[str]:
    broken = []
    for target in LINK.findall(without_code(text)):
        if re.match(r"[a-z]+:", target):  # https:, mailto: ...: not a file here
            continue
        file_part, _, anchor = target.partition("#")
        linked = (path.parent / file_part).resolve() if file_part else path
        if not linked.exists():
            broken.append(f"{target} (no file {linked})")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            broken.append(f"{target} (no heading #{anchor} in {linked.name})")
    return broken


def test_the_slugs_are_githubs():
    assert slug("Equity: `studodds equity`") == "equity-studodds-equity"
    assert slug("Splitting the pot: equity and scoop") == "splitting-the-pot-equity-and-scoop"
    assert slug("Bring-in and first to act") == "bring-in-and-first-to-act"


def test_broken_links_finds_a_missing_file_and_a_missing_heading():
    readme = ROOT / "README.md"
    assert broken_links(readme, "[rules](docs/rules.md) [g](#the-games)") == []
    assert broken_links(readme, "[x](docs/no-such-file.md)") != []
    assert broken_links(readme, "[x](docs/rules.md#no-such-heading)") != []
    assert broken_links(readme, "`[x](nowhere.md)` and [web](https://example.org)") == []


def test_every_relative_link_points_to_a_file_that_exists():
    broken = [f"{path.relative_to(ROOT)}: {link}" for path in DOCUMENTS
              for link in broken_links(path, path.read_text(encoding="utf-8"))]
    assert broken == [], "broken links:\n" + "\n".join(broken)


def test_the_readme_links_the_rules_document():
    assert "(docs/rules.md" in (ROOT / "README.md").read_text(encoding="utf-8")


# --- the examples of docs/rules.md are what studodds says ---------------------------------


def rules_text() -> str:
    return RULES_DOC.read_text(encoding="utf-8")


def table_rows(text: str, header: str) -> list[list[str]]:
    """The cells of every row of the tables whose header row is ``header``."""
    rows, inside = [], False
    for line in text.splitlines():
        if line.strip() == header:
            inside = True
            continue
        if inside and line.startswith("|---"):
            continue
        if inside and line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
            continue
        inside = False
    return rows


def run_cli(*args) -> str:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


HAND_VALUES = table_rows(rules_text(), "| hand | kind | reads as |")


def test_the_rules_document_has_hand_value_examples_of_every_kind():
    assert {kind for _, kind, _ in HAND_VALUES} == {"high", "low_a5", "low_8", "low_a6",
                                                    "low_27"}


@pytest.mark.parametrize("hand, kind, reads_as", HAND_VALUES)
def test_each_hand_value_example_is_what_studodds_eval_says(hand, kind, reads_as):
    out = json.loads(run_cli("eval", "--kind", kind, "--format", "json", hand.strip("`")))
    value = out[0][kind]
    assert (value["description"] if value else "no low") == reads_as


def console_examples(text: str) -> list[tuple[str, list[str]]]:
    """Each ``$ studodds rules ...`` command of the console blocks and the lines under it."""
    examples = []
    for block in re.findall(r"^```console\n(.*?)^```", text, flags=re.DOTALL | re.MULTILINE):
        for chunk in re.split(r"^\$ ", block, flags=re.MULTILINE)[1:]:
            command, *output = chunk.rstrip("\n").split("\n")
            if command.startswith("studodds rules "):
                examples.append((command, output))
    return examples


def same_line(shown: str, printed: str) -> bool:
    """A line of a documented output against the printed one. A line cut short with '...'
    matches the printed line it begins; a rule of dashes matches one of the same columns
    (a cut line makes the last column narrower)."""
    shown, printed = shown.rstrip(), printed.rstrip()
    if shown.endswith("..."):
        return printed.startswith(shown[:-3].rstrip())
    if shown and set(shown) <= {"-", " "}:
        return shown.split()[:-1] == printed.split()[:-1] and set(printed) <= {"-", " "}
    return shown == printed


RULES_EXAMPLES = console_examples(rules_text())


def test_the_rules_document_shows_every_rules_command():
    # (the first-to-act examples are a table: see ORDER_EXAMPLES)
    assert {command.split()[2] for command, _ in RULES_EXAMPLES} == {"bringin", "limits"}


@pytest.mark.parametrize("command, shown", RULES_EXAMPLES, ids=[c for c, _ in RULES_EXAMPLES])
def test_each_rules_console_example_prints_what_the_document_shows(command, shown):
    printed = run_cli(*shlex.split(command, comments=True)[1:]).rstrip("\n").split("\n")
    assert len(printed) == len(shown)
    for shown_line, printed_line in zip(shown, printed, strict=True):
        assert same_line(shown_line, printed_line), (shown_line, printed_line)


ORDER_EXAMPLES = table_rows(rules_text(), "| command | acts first |")


def test_the_order_examples_cover_the_high_and_the_low_order():
    games = {shlex.split(command.strip("`"))[4] for command, _ in ORDER_EXAMPLES}
    assert {"stud7", "razz", "razz27", "stud7hl"} <= games


@pytest.mark.parametrize("command, acts_first", ORDER_EXAMPLES)
def test_each_order_example_names_the_seat_studodds_rules_order_gives(command, acts_first):
    args = shlex.split(command.strip("`"))[1:]
    seat = json.loads(run_cli(*args, "--format", "json"))["seat"]
    assert re.match(r"seat (\d+)", acts_first).group(1) == str(seat)
