"""What the review database tests share: the generated hands (scripts/make_hand_folder.py)
and a dump of a database that does not depend on the order hands were written in."""

from __future__ import annotations

import importlib.util
import sqlite3
from pathlib import Path

from studodds.review import schema
from studodds.review.database import open_database
from studodds.review.hand_import import import_paths

ROOT = Path(__file__).resolve().parents[1]
REVIEW_FIXTURES = ROOT / "tests" / "data" / "review"
FOUR_HANDS = REVIEW_FIXTURES / "stars_four_hands.txt"


def hand_folder():
    """scripts/make_hand_folder.py as a module."""
    spec = importlib.util.spec_from_file_location(
        "make_hand_folder", ROOT / "scripts" / "make_hand_folder.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# Every table of hands, each row keyed by its hand's (room, hand id) in place of the row
# id the insertion order gives. The import runs (imports, skipped_hands) are left out:
# they record what each import did, which is meant to differ.
_HAND_TABLES = ("seats", "actions", "dealt", "shown", "returned_bets", "decisions", "luck")


def dump(path, with_source: bool = True) -> dict[str, list[tuple]]:
    """Every hand and its rows, sorted; a hand's file (hands.file, a row id the order of the
    imports gives) as the SHA-256 of the bytes kept. with_source=False leaves out the file
    each hand was first read from, its path and its bytes (which the order of the imports
    decides, by design)."""
    connection = sqlite3.connect(path)
    try:
        hand_columns = [f"h.{row[1]}" for row in connection.execute("PRAGMA table_info(hands)")
                        if row[1] not in ("id", "file")
                        and (with_source or row[1] != "source")]
        if with_source:
            hand_columns.append("f.sha256")
        out = {"hands": sorted(connection.execute(
            f"SELECT {', '.join(hand_columns)} FROM hands h "
            "LEFT JOIN source_files f ON f.id = h.file"), key=repr)}
        for table in _HAND_TABLES:
            columns = [row[1] for row in connection.execute(f"PRAGMA table_info({table})")
                       if row[1] != "hand"]
            rows = connection.execute(
                f"SELECT h.room, h.hand_id, {', '.join('t.' + c for c in columns)} "
                f"FROM {table} t JOIN hands h ON h.id = t.hand")
            out[table] = sorted(rows, key=repr)
        return out
    finally:
        connection.close()


def hand_count(path) -> int:
    connection = sqlite3.connect(path, timeout=30)
    try:
        return connection.execute("SELECT count(*) FROM hands").fetchone()[0]
    except sqlite3.OperationalError:  # the tables are not made yet
        return 0
    finally:
        connection.close()


def version_2_database(db, folder, files):
    """A database as a studodds of schema version 2 left it (no file bytes kept): its
    tables made by the first two migrations, its rows those an import gives."""
    scratch = folder / "scratch.sqlite"
    new = open_database(scratch)
    import_paths(new, files)
    new.close()
    old = sqlite3.connect(db, isolation_level=None)
    for script in schema.MIGRATIONS[:2]:
        for statement in schema._statements(script):
            old.execute(statement)
    old.execute("PRAGMA user_version = 2")
    old.execute("ATTACH ? AS new", (str(scratch),))
    for table in ("hands", "seats", "actions", "dealt", "shown", "returned_bets", "imports",
                  "skipped_hands"):
        columns = ", ".join(row[1] for row in old.execute(f"PRAGMA main.table_info({table})"))
        old.execute(f"INSERT INTO main.{table} ({columns}) SELECT {columns} FROM new.{table}")
    old.close()
