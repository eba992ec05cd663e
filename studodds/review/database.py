"""Where the review database lives and how it is opened: SQLite in WAL mode (readers do
not wait for a writer, a killed writer loses only its open transaction), a busy timeout
(two imports at once take turns rather than fail), the schema brought up to date."""

from __future__ import annotations

import os
import sqlite3
import sys
import time
from pathlib import Path

from .schema import migrate

# How long a writer waits for another's transaction to end before giving up: an import
# commits a chunk in well under a second, so this only runs out on a stuck process.
BUSY_TIMEOUT_SECONDS = 60.0

DATABASE_NAME = "hands.sqlite"


class DatabaseError(ValueError):
    """A file that is not a review database, or one that cannot be opened."""


def default_database() -> Path:
    """The user's data directory's studodds/hands.sqlite: $XDG_DATA_HOME (else
    ~/.local/share) on Linux and the BSDs, ~/Library/Application Support on macOS,
    %LOCALAPPDATA% on Windows."""
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = str(Path.home() / "Library" / "Application Support")
    else:
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "studodds" / DATABASE_NAME


def open_database(path: str | os.PathLike[str] | None = None, *,
                  create: bool = True) -> sqlite3.Connection:
    """The database at ``path`` (default_database() if None), its schema up to date. The
    connection runs in autocommit mode: the caller opens each transaction itself (BEGIN
    IMMEDIATE for writes). create=False: a missing file is a DatabaseError (a query of a
    database that was never imported into)."""
    path = Path(path) if path is not None else default_database()
    name = os.fspath(path)
    if not path.exists():
        if not create:
            raise DatabaseError(f"no database at {name!r}: import hands first "
                                "(studodds review import FILE...), or name another with --db")
        path.parent.mkdir(parents=True, exist_ok=True)
    elif path.is_dir():
        raise DatabaseError(f"{name!r} is a folder, not a database file: name a file with --db")
    try:
        connection = sqlite3.connect(name, timeout=BUSY_TIMEOUT_SECONDS,
                                     isolation_level=None, check_same_thread=False)
        _refuse_another_programs(connection, name)
        _write_ahead_log(connection)
        # NORMAL in WAL mode: a commit survives a killed process (the OS has the write);
        # only a power cut may lose the last commits, never the database's consistency.
        connection.execute("PRAGMA synchronous = NORMAL")
        connection.execute("PRAGMA foreign_keys = ON")
        migrate(connection, name)
    except sqlite3.DatabaseError as exc:
        if "not a database" in str(exc):
            raise DatabaseError(f"{name!r} is not a studodds review database ({exc}): name "
                                "another file with --db") from None
        if "locked" in str(exc) or "busy" in str(exc):
            raise DatabaseError(f"the database {name!r} is busy ({exc}): another studodds "
                                "is writing to it; try again when it is done") from None
        raise DatabaseError(f"cannot open the database {name!r} ({exc}): name another "
                            "file with --db") from None
    return connection


def _refuse_another_programs(connection: sqlite3.Connection, name: str) -> None:
    """A DatabaseError for an SQLite file of another program: schema version 0 (ours set
    theirs in the transaction that makes the tables) with tables in it. Checked before
    anything is written, the journal mode included: studodds never changes such a file.
    The version and the tables are read in one read transaction: read in two statements,
    another studodds making the tables of a new file could commit between the two, and
    this one then saw version 0 with tables in it (CI saw one of two imports fail so)."""
    connection.execute("BEGIN")
    try:
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        tables = [row[0] for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "ORDER BY name LIMIT 4")]
    finally:
        # An I/O, disk-full or out-of-memory error ends the transaction itself: a COMMIT
        # then would fail and hide that error behind "no transaction is active".
        if connection.in_transaction:
            connection.execute("COMMIT")
    if version == 0 and tables:
        shown = ", ".join(tables[:3]) + (", ..." if len(tables) > 3 else "")
        connection.close()
        raise DatabaseError(f"{name!r} is an SQLite database of another program (its tables: "
                            f"{shown}), not a studodds review database: name another file "
                            "with --db")


def _write_ahead_log(connection: sqlite3.Connection) -> None:
    """The journal in WAL mode. Two processes opening a new file at once may find it
    locked while the other switches the mode, and SQLite's busy timeout does not cover
    that switch: so try again for a while (a tester saw one import of two fail)."""
    deadline = time.monotonic() + BUSY_TIMEOUT_SECONDS
    while True:
        try:
            connection.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)
