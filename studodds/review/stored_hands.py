"""A hand of the database read again from the file the database keeps, named by its id
(and its room, when hands of two rooms share the id): for `studodds review replay`, the
command the costly list gives for each decision, which works wherever the database is,
whatever became of the file."""

from __future__ import annotations

import sqlite3

from ..histories.history_files import parse_bytes
from ..histories.record import HandHistory
from .hand_rows import is_stored_as
from .source_files import FileUnreadable, parse_name, source_data


class HandNotStored(ValueError):
    """No such hand in the database, or its id names hands of several rooms."""

    def __init__(self, message: str, rooms: tuple[str, ...] = ()):
        super().__init__(message)
        self.rooms = rooms  # the rooms whose hands share the id, when that is the trouble


def rooms_with(connection: sqlite3.Connection, hand_id: str) -> tuple[str, ...]:
    """The rooms of the database's hands whose id is hand_id (hand ids are a room's own:
    two rooms may use one)."""
    # Room by room on the (room, hand_id) index: a search by the id alone reads every hand.
    rooms = [room for (room,) in connection.execute(
        "SELECT DISTINCT room FROM hands ORDER BY room")]
    return tuple(room for room in rooms if connection.execute(
        "SELECT 1 FROM hands WHERE room = ? AND hand_id = ?", (room, hand_id)).fetchone())


def stored_hand(connection: sqlite3.Connection, hand_id: str,
                room: str | None = None) -> tuple[HandHistory, str]:
    """(the hand, the source it was imported from). HandNotStored when the database has no
    such hand, or when room is None and hands of several rooms have the id;
    source_files.FileUnreadable when its file is neither kept nor where it was."""
    rooms = rooms_with(connection, hand_id)
    if room is None:
        if not rooms:
            raise HandNotStored(f"no hand {hand_id} in the database: import its file first")
        if len(rooms) > 1:
            raise HandNotStored(f"hands of {len(rooms)} rooms have the id {hand_id} "
                                f"({', '.join(rooms)})", rooms)
        room = rooms[0]
    elif room not in rooms:
        raise HandNotStored(f"no {room} hand {hand_id} in the database"
                            + (f" (the rooms with that id: {', '.join(rooms)})" if rooms
                               else ": import its file first"), rooms)
    source, row, mark = connection.execute(
        "SELECT source, file, fingerprint FROM hands WHERE room = ? AND hand_id = ?",
        (room, hand_id)).fetchone()
    try:
        data = source_data(connection, row, source)
    except FileUnreadable as exc:
        raise FileUnreadable(f"hand {hand_id} ({source}) cannot be replayed: {exc}") from None
    hands, _, _ = parse_bytes(data, parse_name(source))
    for hand in hands:
        if is_stored_as(hand, room, hand_id, mark):
            return hand, source
    # The file is the one imported (kept as it was read), so this means a reader now reads
    # it otherwise than at the import: say so rather than pretend the hand is not there.
    raise HandNotStored(f"the {room} hand {hand_id} is no longer read from its file "
                        f"({source}) by this version of studodds")
