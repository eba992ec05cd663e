"""Write tests/data/golden/records.json: every hand record (and every problem) the readers
make of the hand-history fixtures in tests/data/handhistories. tests/test_records_golden.py
compares the readers' output with it, so that a change to a reader or to the hand builder
that alters a record is seen. Run it only when the change is meant, and say why in the
commit:

    python scripts/make_golden_records.py
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The readers of this checkout, whatever studodds is installed: the records are theirs.
sys.path.insert(0, str(ROOT))

from studodds.histories.history_files import parse_file

FIXTURES = ROOT / "tests" / "data" / "handhistories"
GOLDEN = ROOT / "tests" / "data" / "golden" / "records.json"


def records() -> dict[str, dict]:
    """{fixture path relative to FIXTURES: {"hands": [...], "problems": [...]}}."""
    out = {}
    for path in sorted(p for p in FIXTURES.rglob("*") if p.is_file()):
        hands, problems = parse_file(path)
        out[path.relative_to(FIXTURES).as_posix()] = {
            "hands": [dataclasses.asdict(h) for h in hands],
            "problems": [dataclasses.asdict(p) for p in problems],
        }
    # Through JSON, so that the comparison sees what the file holds (lists, not tuples).
    return json.loads(json.dumps(out))


def main() -> None:
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    GOLDEN.write_text(json.dumps(records(), indent=1, sort_keys=True, ensure_ascii=False)
                      + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
