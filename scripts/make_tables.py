"""Regenerate studodds/eval/tables.npz from first principles (tests check it matches).

numba's on-disk cache has the old tables frozen into compiled code and does not notice a
new file, so this also deletes the numba cache of the package and of the tests (whose
compiled helpers freeze the tables too: a stale one passes on the old tables).
"""

from pathlib import Path

from studodds.eval.tables import _SHIPPED, build_tables, save_tables

if __name__ == "__main__":
    save_tables(build_tables())
    print(f"wrote {_SHIPPED} ({_SHIPPED.stat().st_size:,} bytes)")
    root = Path(__file__).resolve().parents[1]
    stale = [p for folder in ("studodds", "tests") for p in (root / folder).rglob("*")
             if p.suffix in (".nbi", ".nbc")]
    for path in stale:
        path.unlink()
    print(f"deleted {len(stale)} numba cache files under {root}")
