"""Which reader takes a file: the room formats.py recognises in its text, to that room's
reader. Every reader is a function text -> (hands, problems) giving the one hand record
(record.py); a room without a reader yet gives no hands, and the caller says what the
file is (formats.identify)."""

from __future__ import annotations

from collections.abc import Callable

from . import (
    absolute,
    bovada,
    everleaf,
    fulltilt,
    ipoker,
    kingsclub,
    merge,
    ongame,
    partypoker,
    phh,
    pokerstars,
    winamax,
    winning,
)
from .formats import POKERSTARS, ROOMS, FileKind, identify
from .record import HandHistory, ParseProblem

Reader = Callable[[str], tuple[list[HandHistory], list[ParseProblem]]]

READERS: dict[str, Reader] = {
    POKERSTARS: pokerstars.parse_text,
    fulltilt.ROOM: fulltilt.parse_text,
    winamax.ROOM: winamax.parse_text,
    kingsclub.ROOM: kingsclub.parse_text,
    ipoker.IPOKER: ipoker.parse_text,
    merge.MERGE: merge.parse_text,
    ongame.ROOM: ongame.parse_text,
    bovada.ROOM: bovada.parse_text,
    everleaf.ROOM: everleaf.parse_text,
    absolute.ROOM: absolute.parse_text,
    partypoker.PARTYPOKER: partypoker.parse_text,
    winning.ROOM: winning.parse_text,
    phh.PHH: phh.parse_text,
}

# Readers of formats whose hands may carry no id of their own: they take the file's name.
NamedReader = Callable[[str, str | None], tuple[list[HandHistory], list[ParseProblem]]]
_NAMED_BY_FILE: dict[str, NamedReader] = {phh.PHH: phh.parse_text}


def readable_rooms() -> tuple[str, ...]:
    """The rooms and formats whose hand histories are read, in the order formats.py lists
    them."""
    return tuple(room for room in ROOMS if room in READERS)


def parse_any(text: str, source: str | None = None
              ) -> tuple[list[HandHistory], list[ParseProblem], FileKind]:
    """The hands in a decoded file's text by its room's reader, the problems of those that
    could not be read, and what the file is. ``source``: the file's name, for formats whose
    hands may have no id (PHH)."""
    kind = identify(text)
    room = kind.room if kind.content == "hands" else None
    reader = READERS.get(room) if room is not None else None
    if room is None or reader is None:
        return [], [], kind
    named = _NAMED_BY_FILE.get(room)
    hands, problems = named(text, source) if named is not None else reader(text)
    return hands, problems, kind
