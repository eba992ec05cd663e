"""A hand record (histories/record.py) as the rows of the database's tables (schema.py):
written by the import in one transaction with its hand, so a hand is all there or not."""

from __future__ import annotations

import hashlib
import sqlite3
from dataclasses import dataclass

from ..cards import card_str, cards_str
from ..histories.record import HandHistory, which_hand
from .stat_facts import STREETS, hand_facts, is_showdown

_HAND_COLUMNS = ("room", "hand_id", "game", "mix", "tournament", "small_bet", "big_bet",
                 "ante", "bring_in", "played_at", "hero", "players", "streets", "community",
                 "total_pot", "rake", "showdown", "source", "fingerprint", "file")

_FACT_COLUMNS = ("voluntary", "raised_first", "brought_in", "faced_completion", "defended",
                 "steal_chance", "stole", "faced_steal", "folded_to_steal", "saw_second",
                 "went_to_showdown", "won_at_showdown", "won_without_showdown")

_SEAT_COLUMNS = (("hand", "seat", "player", "is_hero", "stack", "put_in", "returned",
                  "collected", "net") + _FACT_COLUMNS
                 + tuple(f"{what}_{street}" for street in STREETS
                         for what in ("aggressive", "calls")))


def _insert(table: str, columns: tuple[str, ...], verb: str = "INSERT") -> str:
    return (f"{verb} INTO {table} ({', '.join(columns)}) "
            f"VALUES ({', '.join('?' * len(columns))})")


_INSERT_HAND = _insert("hands", _HAND_COLUMNS)
_INSERT_SEAT = _insert("seats", _SEAT_COLUMNS)
_INSERT_ACTION = _insert("actions", ("hand", "street", "position", "player", "kind", "amount",
                                     "to_amount", "all_in"))
_INSERT_DEALT = _insert("dealt", ("hand", "street", "player", "cards"))
_INSERT_SHOWN = _insert("shown", ("hand", "player", "cards"))
_INSERT_RETURNED = _insert("returned_bets", ("hand", "street", "player", "amount"))


def room_of(hh: HandHistory) -> str:
    """The room a hand's id is unique in (a record without one: its reader's format)."""
    return hh.room or "unknown"


@dataclass(frozen=True)
class HandRows:
    """One hand's rows, each without the hand's row id (known once it is written): made
    where the file is read (a worker process, maybe), written by insert_hand."""

    hand: tuple
    seats: list[tuple]
    actions: list[tuple]
    dealt: list[tuple]
    shown: list[tuple]
    returned: list[tuple]


def fingerprint(hh: HandHistory) -> str:
    """Which hand this is, beyond its id (record.which_hand), hashed."""
    return hashlib.sha256(repr(which_hand(hh)).encode()).hexdigest()[:16]


def hand_rows(hh: HandHistory, source: str) -> HandRows:
    """A hand record as its rows; source: the file it is read from."""
    facts = hand_facts(hh)
    return HandRows(
        hand=(room_of(hh), hh.hand_id, hh.game, hh.mix, hh.tournament, hh.small_bet,
              hh.big_bet, hh.ante, hh.bring_in, hh.played_at, hh.hero, len(hh.seats),
              len(hh.streets), card_str(hh.community) if hh.community is not None else None,
              hh.total_pot, hh.rake, int(is_showdown(hh)), source, fingerprint(hh)),
        seats=[(seat, name, int(name == hh.hero), hh.stacks.get(name), f.put_in, f.returned,
                f.collected, f.net, *(getattr(f, column) for column in _FACT_COLUMNS),
                *(count for street in STREETS
                  for count in (f.aggressive[street], f.calls[street])))
               for seat, name in hh.seats for f in (facts[name],)],
        actions=[(street.name, position, a.player, a.kind, a.amount, a.to, int(a.all_in))
                 for street in hh.streets for position, a in enumerate(street.actions)],
        dealt=[(street.name, name, cards_str(cards))
               for street in hh.streets for name, cards in street.dealt.items() if cards],
        shown=[(name, cards_str(cards)) for name, cards in hh.shown.items()],
        returned=list(hh.returned))


# A hand with the id of another hand of its room is kept as ID~2, ID~3, ...
SAME_ID_MARK = "~"


def ids_read_as(stored_id: str) -> tuple[str, ...]:
    """The ids a hand stored as stored_id may carry in its file: its own, and for ID~N
    (N >= 2) also ID."""
    given, mark, number = stored_id.rpartition(SAME_ID_MARK)
    if mark and given and number.isdigit() and int(number) >= 2:
        return (stored_id, given)
    return (stored_id,)


def is_stored_as(hh: HandHistory, room: str, stored_id: str,
                 stored_fingerprint: str | None) -> bool:
    """Whether hh, read again from its file, is the hand stored as room/stored_id (a
    fingerprint of None: a hand stored before fingerprints, known by its id alone)."""
    return (room_of(hh) == room and hh.hand_id in ids_read_as(stored_id)
            and (stored_fingerprint is None or fingerprint(hh) == stored_fingerprint))


def insert_hand(connection: sqlite3.Connection, rows: HandRows, file: int) -> str | None:
    """Write one hand and all its rows: the id it is kept under, or None (nothing written)
    when the database holds this hand already (the same room, id and fingerprint; a hand
    stored before fingerprints counts as the same). A different hand with the id of one
    already there is kept as ID~2 (or ~3, ...), which the import reports. file: the row of
    its file's bytes (source_files.py). The caller holds the transaction."""
    room, hand_id = rows.hand[0], rows.hand[1]
    mine = rows.hand[_HAND_COLUMNS.index("fingerprint")]
    kept_as, number = hand_id, 1
    while True:
        found = connection.execute(
            "SELECT fingerprint FROM hands WHERE room = ? AND hand_id = ?",
            (room, kept_as)).fetchone()
        if found is None:
            break
        if found[0] is None or found[0] == mine:
            return None  # this hand, imported before
        number += 1
        kept_as = f"{hand_id}{SAME_ID_MARK}{number}"
    values = list(rows.hand)
    values[1] = kept_as
    hand = connection.execute(_INSERT_HAND, (*values, file)).lastrowid
    for sql, table in ((_INSERT_SEAT, rows.seats), (_INSERT_ACTION, rows.actions),
                       (_INSERT_DEALT, rows.dealt), (_INSERT_SHOWN, rows.shown),
                       (_INSERT_RETURNED, rows.returned)):
        connection.executemany(sql, [(hand, *row) for row in table])
    return kept_as
