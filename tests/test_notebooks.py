"""Every study notebook runs top to bottom without an error (small trial counts).

The notebooks read STUDODDS_NOTEBOOK_QUICK=1 and shrink their samples, so the whole set
runs in well under a minute; the committed copies carry the outputs of a full run.
"""

from __future__ import annotations

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat", reason="pip install '.[notebooks]'")
nbclient = pytest.importorskip("nbclient", reason="pip install '.[notebooks]'")

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


def test_there_are_notebooks():
    assert len(NOTEBOOKS) >= 6


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
