"""Reading hand-history files: bytes to text (UTF-8, UTF-16 with a BOM, Windows-1252), then
the hands, or what the file is when it holds none we read. Only regular files, and only up
to MAX_FILE_BYTES: a device, a pipe or a runaway file must not be read without end."""

from __future__ import annotations

import math
import os

from ..regular_files import open_regular
from .formats import FileKind, identify
from .readers import parse_any
from .record import HandHistory, ParseProblem

# A session file is a few MB, a database export tens of MB: this is far above both, and
# below what would take the memory of an ordinary machine once decoded and parsed.
MAX_FILE_BYTES = 256 * 1024 * 1024


class FileRefused(ValueError):
    """A path that is not a hand-history file we read: a device, a pipe, a socket, a
    folder, or a file over MAX_FILE_BYTES."""


def _too_big(path, size: int) -> FileRefused:
    return FileRefused(f"{os.fspath(path)!r} is {math.ceil(size / 2**20):,} MB, over the "
                       f"{MAX_FILE_BYTES // 2**20} MB a hand-history file may hold: split it "
                       "into smaller files (a folder of them replays in one run)")


def _not_a_file(path):
    return lambda what: FileRefused(f"{os.fspath(path)!r} is {what}, not a file: hand "
                                    "histories are read from files only (save them to a "
                                    "file first)")


def read_file_bytes(path: str | os.PathLike[str]) -> bytes:
    """A hand-history file's bytes: FileRefused for what is not a regular file (refused
    before it is opened: opening a FIFO waits for a writer, a device may never end) or is
    over MAX_FILE_BYTES; OSError when it cannot be read."""
    size = os.stat(path).st_size  # FileNotFoundError and the like, as open() would say
    with os.fdopen(open_regular(path, os.O_RDONLY, _not_a_file(path)), "rb") as f:
        size = max(size, os.fstat(f.fileno()).st_size)
        if size > MAX_FILE_BYTES:
            raise _too_big(path, size)
        data = f.read(MAX_FILE_BYTES + 1)  # at most a byte over, whatever grows the file
    if len(data) > MAX_FILE_BYTES:
        raise _too_big(path, len(data))
    return data


def _decode(data: bytes) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def parse_file(path: str | os.PathLike[str]) -> tuple[list[HandHistory], list[ParseProblem]]:
    """Read a hand-history file (UTF-8, UTF-16 with BOM, or Windows-1252) of any room
    with a reader (readers.py); FileRefused for what is not one (read_file_bytes)."""
    hands, problems, _ = parse_bytes(read_file_bytes(path), os.path.basename(path))
    return hands, problems


def parse_bytes(data: bytes, name: str | None = None
                ) -> tuple[list[HandHistory], list[ParseProblem], FileKind]:
    """A hand-history file's bytes (any encoding parse_file takes; an upload to the web
    page) to its hands, the problems of those that could not be read, and what the file
    is. name: the file's name, which formats without hand ids (PHH) number hands by."""
    return parse_any(_decode(data), name)


def identify_file(path: str | os.PathLike[str]) -> FileKind:
    """Which room wrote a file and whether it holds hands (formats.identify)."""
    return identify(_decode(read_file_bytes(path)))
