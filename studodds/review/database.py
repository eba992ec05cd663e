"""Where the review database lives and how it is opened: SQLite in WAL mode (readers do
not wait for a writer, a killed writer loses only its open transaction), a busy timeout
(two imports at once take turns rather than fail), the schema brought up to date."""

from __future__ import annotations

import os
import sqlite3
import sys
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
        connection.execute("PRAGMA journal_mode = WAL")
        # NORMAL in WAL mode: a commit survives a killed process (the OS has the write);
        # only a power cut may lose the last commits, never the database's consistency.
        connection.execute("PRAGMA synchronous = NORMAL")
        connection.execute("PRAGMA foreign_keys = ON")
        migrate(connection, name)
    except sqlite3.DatabaseError as exc:
        if "not a database" in str(exc):
            raise DatabaseError(f"{name!r} is not a studodds review database ({exc}): name "
                                "another file with --db") from None
        raise DatabaseError(f"cannot open the database {name!r} ({exc}): name another "
                            "file with --db") from None
    return connection
