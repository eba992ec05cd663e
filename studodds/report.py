"""Rendering results as text: tables (tabulate), JSON and CSV. Nothing here computes odds."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence

from tabulate import tabulate

FORMATS = ("table", "json", "csv")


def render_table(headers: Sequence[str], rows: Sequence[Sequence]) -> str:
    return tabulate(rows, headers=list(headers), tablefmt="simple", disable_numparse=True)


def render_csv(headers: Sequence[str], rows: Sequence[Sequence]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(headers)
    writer.writerows(rows)
    return out.getvalue().rstrip("\n")


def render_json(data) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False)


def eval_report(evaluations: Sequence[tuple[str, dict]], fmt: str) -> str:
    """Report for `studodds eval`: evaluations are (hand text, {kind: Evaluation}) pairs."""
    if fmt == "json":
        return render_json(
            [
                {"cards": text}
                | {
                    kind: None
                    if kind == "low_8" and e.value == 0
                    else {"value": e.value, "category": e.category, "description": e.description}
                    for kind, e in by_kind.items()
                }
                for text, by_kind in evaluations
            ]
        )
    headers = ("hand", "kind", "value", "category", "description")
    rows = [
        (text, kind, e.value, e.category, e.description)
        for text, by_kind in evaluations
        for kind, e in by_kind.items()
    ]
    return render_csv(headers, rows) if fmt == "csv" else render_table(headers, rows)
