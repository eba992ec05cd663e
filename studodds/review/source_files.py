"""The bytes of each file imported, kept in the database (the source_files table), so that
pricing and the replay read a hand again where the database is, without its file: a file
uploaded from the page has none, and a file may be moved or deleted after its import.

Each file content is stored once (keyed by its SHA-256), zlib-compressed; a hand names the
file it was first read from (hands.file). Hands imported before the database kept the
bytes (schema version 2) name none: they are read again from their path (hands.source)."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import zlib
from dataclasses import dataclass

from ..histories.history_files import FileRefused, read_file_bytes

# A hand's source when it was uploaded from the page: no path, the file's name after this.
UPLOADED = "uploaded: "

# zlib's default level: hand histories shrink to a third (the rooms' sample files in the
# tests) to a tenth (generated ones), at some 60 MB/s on one core, a few percent of an
# import's time (docs/speed.md).
_COMPRESSION = 6


@dataclass(frozen=True)
class StoredBytes:
    """A file's bytes as the database keeps them: made where the file is read."""

    sha256: str
    size: int
    compressed: bytes


def stored_bytes(data: bytes) -> StoredBytes:
    return StoredBytes(hashlib.sha256(data).hexdigest(), len(data),
                       zlib.compress(data, _COMPRESSION))


def file_id(connection: sqlite3.Connection, stored: StoredBytes) -> tuple[int, bool]:
    """(the file's row id, whether its bytes are in the database already). When they are
    not, the id is the one keep_bytes will give them: the caller holds the write lock
    (BEGIN IMMEDIATE), so no other import takes it before the commit."""
    found = connection.execute("SELECT id FROM source_files WHERE sha256 = ?",
                               (stored.sha256,)).fetchone()
    if found is not None:
        return found[0], True
    return connection.execute(
        "SELECT COALESCE(MAX(id), 0) + 1 FROM source_files").fetchone()[0], False


def keep_bytes(connection: sqlite3.Connection, row: int, stored: StoredBytes) -> None:
    connection.execute("INSERT INTO source_files (id, sha256, size, data) VALUES (?, ?, ?, ?)",
                       (row, stored.sha256, stored.size, stored.compressed))


def parse_name(source: str) -> str:
    """The name a hand's file was read by at its import (PHH numbers hands without an id of
    their own by it): an upload's name, or the path's last part."""
    if source.startswith(UPLOADED):
        return source.removeprefix(UPLOADED)
    return os.path.basename(source)


class FileUnreadable(ValueError):
    """A hand's file that is neither in the database nor where it was imported from."""


def source_data(connection: sqlite3.Connection, row: int | None, source: str) -> bytes:
    """The bytes of a hand's file: those the database keeps (row: hands.file), else the
    file at its path. FileUnreadable, saying why and what to do, when neither is there."""
    if row is not None:
        found = connection.execute("SELECT data FROM source_files WHERE id = ?",
                                   (row,)).fetchone()
        if found is not None:
            return zlib.decompress(found[0])
    if source.startswith(UPLOADED):
        raise FileUnreadable("it was uploaded from the page by an older studodds, which kept "
                             "no copy of the file: to price or replay it, upload the file "
                             "again into a new database (start the page with studodds serve "
                             "--db NEW.sqlite); this database has its hands already and would "
                             "not keep the copy")
    try:
        return read_file_bytes(source)
    except (OSError, FileRefused) as exc:
        why = getattr(exc, "strerror", None) or str(exc)
        raise FileUnreadable(f"its file cannot be read ({why}) and, imported by an older "
                             "studodds, has no copy in the database: put the file back where "
                             "it was imported from (importing it again adds no copy: its "
                             "hands are in the database already)") from None
