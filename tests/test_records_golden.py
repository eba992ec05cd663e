"""The hand records of every fixture are the ones kept in tests/data/golden/records.json:
a change to a reader or to the hand builder (histories/builder.py) that alters a record,
meant or not, fails here. When it is meant, rewrite the file with
``python scripts/make_golden_records.py`` and say in the commit what changed and why."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _maker():
    spec = importlib.util.spec_from_file_location(
        "make_golden_records", ROOT / "scripts" / "make_golden_records.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _differences(kept, now, where=""):
    """Paths (file/hand/field) at which two JSON values differ, the first few."""
    if type(kept) is not type(now):
        return [f"{where}: {kept!r} -> {now!r}"]
    if isinstance(kept, dict):
        out = []
        for key in sorted(set(kept) | set(now)):
            if key not in now or key not in kept:
                out.append(f"{where}/{key}: {'removed' if key not in now else 'added'}")
            else:
                out += _differences(kept[key], now[key], f"{where}/{key}")
        return out
    if isinstance(kept, list):
        if len(kept) != len(now):
            return [f"{where}: {len(kept)} items -> {len(now)}"]
        return [d for i, (a, b) in enumerate(zip(kept, now, strict=True))
                for d in _differences(a, b, f"{where}[{i}]")]
    return [] if kept == now else [f"{where}: {kept!r} -> {now!r}"]


def test_every_fixture_reads_as_kept():
    maker = _maker()
    kept = json.loads(maker.GOLDEN.read_text(encoding="utf-8"))
    now = maker.records()
    differences = _differences(kept, now)
    assert not differences, (
        "the records differ from tests/data/golden/records.json (if the change is meant, "
        "run python scripts/make_golden_records.py):\n" + "\n".join(differences[:20]))


def test_the_golden_file_covers_every_room():
    kept = json.loads(_maker().GOLDEN.read_text(encoding="utf-8"))
    rooms = {h["room"] for fixture in kept.values() for h in fixture["hands"]}
    assert len(rooms) >= 13, rooms  # PokerStars, the twelve other rooms and formats
