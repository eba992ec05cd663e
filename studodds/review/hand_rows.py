"""A hand record (histories/record.py) as the rows of the database's tables (schema.py):
written by the import in one transaction with its hand, so a hand is all there or not."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from ..cards import card_str, cards_str
from ..histories.record import HandHistory
from .stat_facts import STREETS, hand_facts, is_showdown

_HAND_COLUMNS = ("room", "hand_id", "game", "mix", "tournament", "small_bet", "big_bet",
                 "ante", "bring_in", "played_at", "hero", "players", "streets", "community",
                 "total_pot", "rake", "showdown", "source", "file")

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


_INSERT_HAND = _insert("hands", _HAND_COLUMNS, "INSERT OR IGNORE")
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


def hand_rows(hh: HandHistory, source: str) -> HandRows:
    """A hand record as its rows; source: the file it is read from."""
    facts = hand_facts(hh)
    return HandRows(
        hand=(room_of(hh), hh.hand_id, hh.game, hh.mix, hh.tournament, hh.small_bet,
              hh.big_bet, hh.ante, hh.bring_in, hh.played_at, hh.hero, len(hh.seats),
              len(hh.streets), card_str(hh.community) if hh.community is not None else None,
              hh.total_pot, hh.rake, int(is_showdown(hh)), source),
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


def insert_hand(connection: sqlite3.Connection, rows: HandRows, file: int) -> bool:
    """Write one hand and all its rows; False (nothing written) when the database has a
    hand of that room with that id already. file: the row of its file's bytes
    (source_files.py). The caller holds the transaction."""
    cursor = connection.execute(_INSERT_HAND, (*rows.hand, file))
    if cursor.rowcount == 0:
        return False
    hand = cursor.lastrowid
    for sql, table in ((_INSERT_SEAT, rows.seats), (_INSERT_ACTION, rows.actions),
                       (_INSERT_DEALT, rows.dealt), (_INSERT_SHOWN, rows.shown),
                       (_INSERT_RETURNED, rows.returned)):
        connection.executemany(sql, [(hand, *row) for row in table])
    return True
