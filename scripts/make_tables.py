"""Regenerate studodds/eval/tables.npz from first principles (tests check it matches)."""

from studodds.eval.tables import _SHIPPED, build_tables, save_tables

if __name__ == "__main__":
    save_tables(build_tables())
    print(f"wrote {_SHIPPED} ({_SHIPPED.stat().st_size:,} bytes)")
