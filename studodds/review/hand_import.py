"""`studodds review import`: hand-history files and folders into the database.

Each file is read whole (the readers take a file at once), then written a chunk of hands
per transaction, the file's counts in the same transaction: a killed import loses only its
open chunk, never leaves half a hand, and the counts always say what is committed. The
file's bytes are kept too (source_files.py), in the transaction of its first new hand: a
file whose hands were all there already adds no bytes. A hand already in the database
(same room, same hand id, same players and first cards) is a duplicate and adds nothing
(hand_rows.insert_hand; a different hand with the id of one there is kept as ID~2),
so two imports at once may race for a hand and only one writes it (each transaction takes
the write lock first, BEGIN IMMEDIATE, and waits its turn: database.BUSY_TIMEOUT_SECONDS)."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial

from ..histories.chips import in_cents, shortfall_at_the_end, shortfall_text
from ..histories.formats import FileKind
from ..histories.history_files import FileRefused, parse_bytes, read_file_bytes
from ..histories.record import HandHistory, ParseProblem
from ..messages import amount_text
from .hand_rows import HandRows, hand_rows, insert_hand
from .source_files import UPLOADED, StoredBytes, file_id, keep_bytes, stored_bytes

# Hands per transaction: big enough that a commit's cost (a WAL write) is small against
# the hands', small enough that a kill loses little and another import waits little.
CHUNK_HANDS = 200


@dataclass(frozen=True)
class SkippedHand:
    """A hand not imported, and why."""

    hand_id: str | None
    line: int
    reason: str


@dataclass(frozen=True)
class FileImport:
    """What one file gave: hands imported, duplicates (in the database already), hands
    skipped with their reasons; ``note``: why the file gave no hands at all, if so;
    ``renamed``: (id, kept as) of each hand imported under another id, the file's id
    being another hand's already (hand_rows.insert_hand)."""

    path: str
    imported: int = 0
    duplicates: int = 0
    skipped: tuple[SkippedHand, ...] = ()
    note: str | None = None
    renamed: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class ImportResult:
    files: tuple[FileImport, ...] = field(default_factory=tuple)

    @property
    def imported(self) -> int:
        return sum(f.imported for f in self.files)

    @property
    def duplicates(self) -> int:
        return sum(f.duplicates for f in self.files)

    @property
    def skipped(self) -> int:
        return sum(len(f.skipped) for f in self.files)


class NoFiles(ValueError):
    """A path to import that is not there, or a folder without a file."""


def files_to_import(paths: Iterable[str | os.PathLike[str]]) -> list[str]:
    """The files named and every file inside the folders named (subfolders too; hidden
    ones left out), in sorted order."""
    found = []
    for path in (os.fspath(p) for p in paths):
        if not os.path.exists(path):
            raise NoFiles(f"{path!r} does not exist: name hand-history files or folders")
        if not os.path.isdir(path):
            found.append(path)
            continue
        inside = []
        for root, dirs, names in os.walk(path):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            inside += [os.path.join(root, n) for n in sorted(names) if not n.startswith(".")]
        if not inside:
            raise NoFiles(f"the folder {path!r} holds no files: name a folder of hand "
                          "histories")
        found += inside
    return found


def import_paths(connection: sqlite3.Connection, paths: Iterable[str | os.PathLike[str]],
                 on_file: Callable[[FileImport], None] | None = None,
                 chunk_hands: int = CHUNK_HANDS) -> ImportResult:
    """Import every file of ``paths`` (files_to_import), in order; on_file is told each
    file's counts as it is done."""
    done = []
    for path in files_to_import(paths):
        result = import_file(connection, path, chunk_hands)
        done.append(result)
        if on_file is not None:
            on_file(result)
    return ImportResult(tuple(done))


def import_file(connection: sqlite3.Connection, path: str,
                chunk_hands: int = CHUNK_HANDS) -> FileImport:
    """One file into the database, chunk_hands hands per transaction."""
    return _write_file(connection, path, read_file(path), chunk_hands)


@dataclass(frozen=True)
class FileRead:
    """What a file gave, ready to write: each hand's rows, the hands skipped, why the
    file gave none (None if it gave some), and its bytes to keep (None if it gave none)."""

    source: str
    hands: list[HandRows]
    skipped: list[SkippedHand]
    note: str | None
    data: StoredBytes | None


def read_file(path: str) -> FileRead:
    """A file's hands as rows, ready to write."""
    data, hands, problems, note = _read(path)
    return _rows(os.path.abspath(path), data, hands, problems, note)


def _rows(source: str, data: bytes, hands: list[HandHistory], problems: list[ParseProblem],
          note: str | None) -> FileRead:
    skipped = [SkippedHand(p.hand_id, p.line, p.message) for p in problems]
    kept = []
    for hh in hands:
        if hh.cut is not None:  # its end (who won what) is not known: no result to count
            skipped.append(SkippedHand(hh.hand_id, hh.cut.line,
                                       f"{hh.cut.message}; without its end, who won is not "
                                       "known"))
        elif (short := shortfall_at_the_end(hh)) is not None:
            # A garbled call ("cals"): the nets would be wrong, and stay so in the database.
            text = shortfall_text(short, partial(amount_text, cents=in_cents(hh)),
                                  line_number=False)  # the skip names the line
            skipped.append(SkippedHand(hh.hand_id, short.line[0],
                                       f"{text}: the nets would be wrong"))
        else:
            kept.append(hand_rows(hh, source))
    if not kept and note is None:
        note = ("none of its stud hands could be imported" if skipped
                else "no stud hands in it")
    return FileRead(source, kept, skipped, note, stored_bytes(data) if kept else None)


def import_upload(connection: sqlite3.Connection, data: bytes, name: str,
                  chunk_hands: int = CHUNK_HANDS) -> FileImport:
    """A file's bytes (sent from the page: no path is opened) into the database, as
    import_file does; ``name`` is what the file is called by in the counts, and its hands'
    source is "uploaded: NAME"."""
    hands, problems, note = _parse(data, name)
    return _write_file(connection, name,
                       _rows(f"{UPLOADED}{name}", data, hands, problems, note), chunk_hands)


def _write_file(connection: sqlite3.Connection, path: str, read: FileRead,
                chunk_hands: int) -> FileImport:
    run = _start(connection, read.source, read.skipped, read.note)
    imported = duplicates = 0
    renamed: list[tuple[str, str]] = []
    row, kept = 0, False  # the row of the file's bytes, and whether they are kept yet
    for chunk in _chunks(read.hands, chunk_hands):
        with _transaction(connection):
            assert read.data is not None  # a file that gave hands gave its bytes
            if not kept:  # asked in each transaction until kept: another import may keep
                # the same bytes, or take the id meant for these, between two of ours
                row, kept = file_id(connection, read.data)
            kept_as = [insert_hand(connection, rows, row) for rows in chunk]
            added = sum(1 for name in kept_as if name is not None)
            renamed += [(rows.hand[1], name) for rows, name in zip(chunk, kept_as, strict=True)
                        if name is not None and name != rows.hand[1]]
            if added and not kept:
                keep_bytes(connection, row, read.data)
                kept = True
            imported += added
            duplicates += len(chunk) - added
            connection.execute("UPDATE imports SET imported = ?, duplicates = ? WHERE id = ?",
                               (imported, duplicates, run))
    with _transaction(connection):
        connection.execute("UPDATE imports SET finished_at = ? WHERE id = ?", (_now(), run))
    return FileImport(path, imported, duplicates, tuple(read.skipped), read.note,
                      tuple(renamed))


def _read(path: str) -> tuple[bytes, list[HandHistory], list[ParseProblem], str | None]:
    try:
        data = read_file_bytes(path)
    except FileRefused as exc:
        return b"", [], [], str(exc)
    except OSError as exc:
        return b"", [], [], f"cannot be read: {exc.strerror or exc}"
    return (data, *_parse(data, os.path.basename(path)))


def _parse(data: bytes, name: str) -> tuple[list[HandHistory], list[ParseProblem], str | None]:
    hands, problems, kind = parse_bytes(data, name)
    return hands, problems, None if hands or problems else _no_hands(kind)


def _no_hands(kind: FileKind) -> str:
    if kind.content == "empty":
        return "empty"
    if kind.room is None:
        return "not a hand history studodds reads"
    if kind.content == "summary":
        return f"a {kind.room} tournament summary (the results, not the hands)"
    return "no stud hands in it"


def _start(connection: sqlite3.Connection, source: str, skipped: list[SkippedHand],
           note: str | None) -> int:
    """The file's row in imports, with the hands skipped (their reasons in skipped_hands)."""
    with _transaction(connection):
        run = connection.execute(
            "INSERT INTO imports (file, started_at, skipped, note) VALUES (?, ?, ?, ?)",
            (source, _now(), len(skipped), note)).lastrowid
        connection.executemany(
            "INSERT INTO skipped_hands (import, hand_id, line, reason) VALUES (?, ?, ?, ?)",
            [(run, s.hand_id, s.line, s.reason) for s in skipped])
    assert run is not None  # an INSERT gives its row id
    return run


class _transaction:
    """BEGIN IMMEDIATE (the write lock first, so a concurrent writer waits at the start
    rather than fails at the first write), COMMIT, or ROLLBACK on any error."""

    def __init__(self, connection: sqlite3.Connection):
        self.connection = connection

    def __enter__(self):
        self.connection.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind, value, traceback):
        self.connection.execute("COMMIT" if kind is None else "ROLLBACK")
        return False


def _chunks(items: list, size: int) -> Iterator[list]:
    for start in range(0, len(items), size):
        yield items[start:start + size]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
