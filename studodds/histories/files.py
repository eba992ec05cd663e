"""Reading hand-history files: bytes to text (UTF-8, UTF-16 with a BOM, Windows-1252), then
the hands, or what the file is when it holds none we read."""

from __future__ import annotations

import os

from .formats import FileKind, identify
from .readers import parse_any
from .record import HandHistory, ParseProblem


def _decode(data: bytes) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def parse_file(path: str | os.PathLike[str]) -> tuple[list[HandHistory], list[ParseProblem]]:
    """Read a hand-history file (UTF-8, UTF-16 with BOM, or Windows-1252) of any room
    with a reader (readers.py)."""
    with open(path, "rb") as f:
        hands, problems, _ = parse_bytes(f.read(), os.path.basename(path))
    return hands, problems


def parse_bytes(data: bytes, name: str | None = None
                ) -> tuple[list[HandHistory], list[ParseProblem], FileKind]:
    """A hand-history file's bytes (any encoding parse_file takes; an upload to the web
    page) to its hands, the problems of those that could not be read, and what the file
    is. name: the file's name, which formats without hand ids (PHH) number hands by."""
    return parse_any(_decode(data), name)


def identify_file(path: str | os.PathLike[str]) -> FileKind:
    """Which room wrote a file and whether it holds hands (formats.identify)."""
    with open(path, "rb") as f:
        return identify(_decode(f.read()))
