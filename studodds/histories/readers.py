"""Which reader takes a file: the room formats.py recognises in its text, to that room's
reader. Every reader is a function text -> (hands, problems) giving the one hand record
(record.py); a room without a reader yet gives no hands, and the caller says what the
file is (formats.identify)."""

from __future__ import annotations

from collections.abc import Callable

from . import ipoker, merge, partypoker, pokerstars
from .formats import POKERSTARS, FileKind, identify
from .record import HandHistory, ParseProblem

Reader = Callable[[str], tuple[list[HandHistory], list[ParseProblem]]]

READERS: dict[str, Reader] = {
    POKERSTARS: pokerstars.parse_text,
    ipoker.IPOKER: ipoker.parse_text,
    merge.MERGE: merge.parse_text,
    partypoker.PARTYPOKER: partypoker.parse_text,
}


def readable_rooms() -> tuple[str, ...]:
    """The rooms and formats whose hand histories are read, in the order formats.py lists
    them."""
    return tuple(READERS)


def parse_any(text: str) -> tuple[list[HandHistory], list[ParseProblem], FileKind]:
    """The hands in a decoded file's text by its room's reader, the problems of those that
    could not be read, and what the file is."""
    kind = identify(text)
    reader = READERS.get(kind.room) if kind.content == "hands" else None
    if reader is None:
        return [], [], kind
    hands, problems = reader(text)
    return hands, problems, kind
