"""Every study notebook runs top to bottom without an error (small trial counts).

The notebooks read STUDODDS_NOTEBOOK_QUICK=1 and shrink their samples, so the whole set
runs in well under a minute; the committed copies carry the outputs of a full run.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat", reason="pip install '.[notebooks]'")
nbclient = pytest.importorskip("nbclient", reason="pip install '.[notebooks]'")

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


def test_there_are_notebooks():
    assert len(NOTEBOOKS) >= 6


def test_every_notebook_is_listed_in_the_docs():
    """docs/notebooks.md is where a reader finds the pages: each notebook has its entry
    there, and each entry names a notebook that exists."""
    listing = (Path(__file__).resolve().parents[1] / "docs" / "notebooks.md").read_text()
    linked = set(re.findall(r"\(\.\./notebooks/([^)]+\.ipynb)\)", listing))
    names = {path.name for path in NOTEBOOKS}
    assert names - linked == set(), "notebooks missing from docs/notebooks.md"
    assert linked - names == set(), "docs/notebooks.md lists notebooks that do not exist"


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs(path, monkeypatch):
    monkeypatch.setenv("STUDODDS_NOTEBOOK_QUICK", "1")
    monkeypatch.setenv("MPLBACKEND", "Agg")
    notebook = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        notebook, timeout=600, kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()  # raises CellExecutionError on the first failing cell
    errors = [
        output for cell in notebook.cells if cell.cell_type == "code"
        for output in cell.get("outputs", []) if output.get("output_type") == "error"
    ]
    assert errors == []


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_committed_notebook_reads_as_a_page(path):
    """Committed with the outputs of a full run, plots included, so it reads without running."""
    notebook = nbformat.read(path, as_version=4)
    outputs = [o for c in notebook.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert outputs, "no outputs saved"
    assert any("image/png" in o.get("data", {}) for o in outputs), "no plot saved"
    assert not any(o.get("output_type") == "error" for o in outputs)


# --- Pages follow the shared conventions (issue #19) -----------------------------------
#
# Every page opens with a numbered title '# N. ...' (N from the file name) and a short
# "What this page teaches" summary. A Markdown cell is words the author typed; a figure typed there drifts from the cell that
# computes it the first time the notebook is rerun. So Markdown may hold no percentage, no
# decimal number, no "1 in N" frequency and no "N to 1" odds, except inside backticks
# (notation such as `(top15%) Kd` or `--precision 0.001`). Numbers that come from a
# computation are written into the text by a code cell (display(Markdown(f"..."))), and
# those outputs are not checked here: they are produced, not typed.

FENCED_CODE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"(`+)(?!`).+?(?<!`)\1(?!`)", re.DOTALL)
TYPED_NUMBERS = {
    "percentage": re.compile(r"\d[\d.,]*\s*(%|per\s*cent\b)", re.IGNORECASE),
    "decimal number": re.compile(r"(?<![\w.])\d*\.\d+(?![\w.])"),
    "'1 in N' frequency": re.compile(r"\b(1|one|once)\s+in\s+[\d,]*\d\b", re.IGNORECASE),
    "'N to 1' odds": re.compile(r"\b\d[\d.,]*\s*[- ]to[- ]\s*1\b"),
}
NUMBERED_TITLE = re.compile(r"# (\d+)\. \S")

# Notebooks that do not follow the conventions yet: the check reports them as skipped
# with a reason until they are converted. Shrink this list as each page is converted; a
# listed notebook that is already clean fails, so the list cannot go stale.
NOT_YET_CONVERTED: dict[str, str] = {}


def typed_numbers(markdown: str) -> list[str]:
    """Each typed number in a Markdown cell, as 'kind: text', outside code spans and fences."""
    prose = CODE_SPAN.sub(" ", FENCED_CODE.sub(" ", markdown))
    found = []
    for kind, pattern in TYPED_NUMBERS.items():
        found += [f"{kind}: {m.group(0).strip()!r}" for m in pattern.finditer(prose)]
    return found


def page_faults(path: Path) -> list[str]:
    """What breaks the shared page conventions in one notebook (empty when none)."""
    notebook = nbformat.read(path, as_version=4)
    faults = []
    first = notebook.cells[0] if notebook.cells else None
    title = NUMBERED_TITLE.match(first.source) if first and first.cell_type == "markdown" else None
    if not title:
        faults.append("the first cell is not a Markdown title '# N. ...'")
    elif int(title.group(1)) != int(path.name.split("_")[0]):
        faults.append(f"title number {title.group(1)} is not the file's number")
    opening = " ".join(c.source for c in notebook.cells[:3] if c.cell_type == "markdown")
    if "what this page teaches" not in opening.lower():
        faults.append("no 'What this page teaches' summary in the opening cells")
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "markdown":
            faults += [f"cell {index}: {fault}" for fault in typed_numbers(cell.source)]
    return faults


@pytest.mark.parametrize("text, kinds", [
    ("Sevens win 57.9% of the time.", ["percentage", "decimal number"]),
    ("about 58 % of pots", ["percentage"]),
    ("fifty per cent: 50 percent", ["percentage"]),
    ("an equity of .42 or 0.30", ["decimal number", "decimal number"]),
    ("rolled up 1 in 425 deals, one in 1,000, once in 425", ["'1 in N' frequency"] * 3),
    ("you get 5 to 1, or 4-to-1", ["'N to 1' odds"] * 2),
    ("`(top15%) Kd` and `--precision 0.001` are notation", []),
    ("```\nprint('57.9%')\n```\nno numbers typed here", []),
    ("# 5. Eight players, 3rd street, 7th street, two pair, 52 cards", []),
    ("a $10/$20 game with a $1 ante and a $3 bring-in", []),
])
def test_typed_numbers_are_found(text, kinds):
    assert [f.split(":")[0] for f in typed_numbers(text)] == kinds


def test_not_yet_converted_lists_real_notebooks():
    names = {path.name for path in NOTEBOOKS}
    assert set(NOT_YET_CONVERTED) <= names, set(NOT_YET_CONVERTED) - names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_page_follows_the_shared_conventions(path):
    """Numbered title, a summary of the lessons, and no typed numbers in the prose."""
    faults = page_faults(path)
    if path.name in NOT_YET_CONVERTED:
        assert faults, f"{path.name} is clean: take it off NOT_YET_CONVERTED"
        pytest.skip(f"not yet converted ({NOT_YET_CONVERTED[path.name]}): {len(faults)} faults")
    assert faults == [], f"{path.name} breaks the page conventions (write numbers by code)"


# --- Committed outputs are fresh (issue #34) ----------------------------------------------
#
# A committed page printed with an older studodds keeps its old numbers until someone
# reruns it. The range sizes below depend only on the shipped ranking (rankings.json) and
# the shipped named ranges (named_ranges.toml), so they are checked exactly: when either
# is made again, the pages must be rerun.

def committed_text(name: str) -> str:
    notebook = nbformat.read(NOTEBOOKS[0].parent / name, as_version=4)
    return "\n".join(
        output.get("text", "") + output.get("data", {}).get("text/markdown", "")
        for cell in notebook.cells if cell.cell_type == "code" for output in cell.get("outputs", [])
    )


@pytest.mark.parametrize("name, printed, hands", [
    ("01_third_street.ipynb", r"\(@completes-high-door\) Kd: (\d+) pairs of hole cards",
     ["(@completes-high-door) Kd", "random"]),
    ("08_ranges.ipynb", r"out of the deck, (\d+) two-card holes fit it", ["(Qs Qd) 8c", "(top15%) Kd"]),
])
def test_committed_range_sizes_match_the_ranking(name, printed, hands):
    from studodds.scenario import build_scenario

    found = re.search(printed, committed_text(name))
    assert found, f"{name}: the range size is no longer printed"
    now = len(build_scenario("stud7", hands).ranges[0].combos)
    assert int(found.group(1)) == now, f"{name} prints {found.group(1)} holes, the ranking gives {now}: rerun it"
