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
import secrets
import shlex
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import click
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


# --- console examples ---------------------------------------------------------------------
#
# A ``console`` block (indented or not) is a terminal session: each ``$ command`` line, then
# what it prints, stdout and stderr as a terminal shows them. The test runs the block's
# commands in order in an empty folder (``tests/`` of the repository is reachable there as
# ``tests/``): ``studodds`` in this process; ``cat FILE`` of a file the folder does not have
# writes the lines shown under it to FILE (the block showing the file it then uses); any
# other command through the shell. Each must exit with 0 and print the lines shown under it:
#
# * a line ``...`` stands for any number of printed lines (none included);
# * a line ending in ``...`` matches the printed line it begins;
# * a rule of dashes matches one of the same columns, the last one excepted (a cut line
#   makes the last column narrower);
# * a command with nothing under it is only run;
# * times vary from run to run: a block that shows one has the line
#   ``<!-- docs test: times vary -->`` just before it, and there any time ("0.14 s",
#   "976 ms") matches any other;
# * a sampled example must give its seed: a command that would draw one fails.


@dataclass(frozen=True)
class Example:
    command: str
    shown: tuple[str, ...]


@dataclass(frozen=True)
class ConsoleBlock:
    where: str  # "README.md:32": the document and the line of the opening fence
    examples: tuple[Example, ...]
    times_vary: bool


TIMES_VARY = "<!-- docs test: times vary -->"
FENCE = re.compile(r"^( *)```console\n(.*?)^\1```", flags=re.DOTALL | re.MULTILINE)
TIME = re.compile(r"\b\d+(?:\.\d+)? m?s\b")


def console_blocks(text: str, name: str) -> list[ConsoleBlock]:
    """The console blocks of a document's text (name: the document, for the block's place)."""
    blocks = []
    for match in FENCE.finditer(text):
        indent = len(match.group(1))
        lines = [line[indent:] for line in match.group(2).rstrip("\n").split("\n")]
        examples, command, shown = [], None, []
        for line in lines:
            if line.startswith("$ "):
                if command is not None:
                    examples.append(Example(command, tuple(shown)))
                command, shown = line[2:], []
            else:
                assert command is not None, f"{name}: a console block opens with {line!r}"
                shown.append(line)
        examples.append(Example(command, tuple(shown)))
        before = text[:match.start()].rstrip("\n").rsplit("\n", 1)[-1].strip()
        number = text.count("\n", 0, match.start()) + 1
        blocks.append(ConsoleBlock(f"{name}:{number}", tuple(examples),
                                   before == TIMES_VARY))
    return blocks


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


def shows(shown: Sequence[str], printed: Sequence[str], times_vary: bool = False) -> bool:
    """Whether the lines a document shows are what was printed (a '...' line: any lines)."""
    if times_vary:
        shown = [TIME.sub("<time>", line) for line in shown]
        printed = [TIME.sub("<time>", line) for line in printed]

    @cache
    def fits(i: int, j: int) -> bool:
        if i == len(shown):
            return j == len(printed)
        if shown[i].strip() == "...":
            return any(fits(i + 1, k) for k in range(j, len(printed) + 1))
        return j < len(printed) and same_line(shown[i], printed[j]) and fits(i + 1, j + 1)

    return fits(0, 0)


def test_shows_reads_the_marks_as_documented():
    printed = ["a table", "x  y", "-  ----", "1  long text", "end (0.14 s)"]
    assert shows(printed, printed)
    assert shows(["a table", "..."], printed)
    assert shows(["...", "end (0.14 s)"], printed)
    assert shows(["a table", "...", "1  long...", "end (0.14 s)"], printed)
    assert shows(["a table", "x  y", "-  --", "1  long text", "end (0.14 s)"], printed)
    assert not shows(["a table"], printed)  # lines left over
    assert not shows(printed + ["more"], printed)
    assert not shows(["a table", "...", "end (0.20 s)"], printed)
    assert shows(["a table", "...", "end (0.20 s)"], printed, times_vary=True)
    assert not shows(["a table", "...", "end (0.20 x)"], printed, times_vary=True)


def test_console_blocks_reads_commands_outputs_and_marks():
    text = ("intro\n\n```console\n$ studodds eval As\nline 1\n$ cat f\n```\n\n"
            "- item\n\n  <!-- docs test: times vary -->\n  ```console\n  $ studodds x\n"
            "  ...\n  ```\n")
    blocks = console_blocks(text, "doc.md")
    assert [b.where for b in blocks] == ["doc.md:3", "doc.md:12"]
    assert blocks[0].examples == (Example("studodds eval As", ("line 1",)), Example("cat f", ()))
    assert not blocks[0].times_vary
    assert blocks[1].examples == (Example("studodds x", ("...",)),) and blocks[1].times_vary


CONSOLE_BLOCKS = [block for path in DOCUMENTS
                  for block in console_blocks(path.read_text(encoding="utf-8"),
                                              str(path.relative_to(ROOT)))]


def refuse_to_draw_a_seed(*args):
    raise AssertionError("a sampled example gives no --seed: its numbers would change from "
                         "run to run")


def run_example(example: Example, folder: Path) -> list[str]:
    """What the example's command prints, run in folder (the current directory)."""
    words = shlex.split(example.command, comments=True)
    if words[0] == "studodds":
        result = CliRunner().invoke(cli, words[1:], catch_exceptions=False)
        assert result.exit_code == 0, (example.command, result.output)
        printed = result.output
    elif words[0] == "cat" and len(words) == 2 and not (folder / words[1]).exists():
        (folder / words[1]).write_text("".join(line + "\n" for line in example.shown),
                                       encoding="utf-8")
        printed = "\n".join(example.shown)
    else:
        done = subprocess.run(example.command, shell=True, cwd=folder, text=True, check=False,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        assert done.returncode == 0, (example.command, done.stdout)
        printed = done.stdout
    return printed.rstrip("\n").split("\n") if printed.strip("\n") else []


@pytest.mark.parametrize("block", CONSOLE_BLOCKS, ids=[b.where for b in CONSOLE_BLOCKS])
def test_each_console_example_prints_what_the_document_shows(block, tmp_path, monkeypatch):
    (tmp_path / "tests").symlink_to(ROOT / "tests", target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(secrets, "randbelow", refuse_to_draw_a_seed)
    for example in block.examples:
        printed = run_example(example, tmp_path)
        if example.shown:
            assert shows(example.shown, printed, block.times_vary), (
                f"{block.where}: $ {example.command}\nshown:\n" + "\n".join(example.shown)
                + "\nprinted:\n" + "\n".join(printed))


def test_the_documents_show_every_command():
    """Each studodds command has at least one console example (serve, which keeps running,
    and warm, which takes seconds, are shown as commands to type instead)."""
    shown = {shlex.split(e.command)[1] for b in CONSOLE_BLOCKS for e in b.examples
             if e.command.startswith("studodds ")}
    assert set(cli.list_commands(click.Context(cli))) - shown == {"serve", "warm"}


def test_the_rules_document_shows_the_rules_commands():
    # (the first-to-act examples are a table: see ORDER_EXAMPLES)
    commands = [e.command for b in CONSOLE_BLOCKS if b.where.startswith("docs/rules.md:")
                for e in b.examples]
    assert {c.split()[2] for c in commands if c.startswith("studodds rules ")} == {
        "bringin", "limits"}


ORDER_EXAMPLES = table_rows(rules_text(), "| command | acts first |")


def test_the_order_examples_cover_the_high_and_the_low_order():
    games = {shlex.split(command.strip("`"))[4] for command, _ in ORDER_EXAMPLES}
    assert {"stud7", "razz", "razz27", "stud7hl"} <= games


@pytest.mark.parametrize("command, acts_first", ORDER_EXAMPLES)
def test_each_order_example_names_the_seat_studodds_rules_order_gives(command, acts_first):
    args = shlex.split(command.strip("`"))[1:]
    seat = json.loads(run_cli(*args, "--format", "json"))["seat"]
    assert re.match(r"seat (\d+)", acts_first).group(1) == str(seat)
