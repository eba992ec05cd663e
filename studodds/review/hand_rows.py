"""A hand record (histories/record.py) as the rows of the database's tables (schema.py):
written by the import in one transaction with its hand, so a hand is all there or not."""

from __future__ import annotations

import sqlite3

from ..cards import card_str, cards_str
from ..histories.record import HandHistory
from .stat_facts import STREETS, hand_facts, is_showdown

_HAND_COLUMNS = ("room", "hand_id", "game", "mix", "tournament", "small_bet", "big_bet",
                 "ante", "bring_in", "played_at", "hero", "players", "streets", "community",
                 "total_pot", "rake", "showdown", "source")

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


def insert_hand(connection: sqlite3.Connection, hh: HandHistory, source: str) -> bool:
    """Write one hand and all its rows; False (nothing written) when the database has a
    hand of that room with that id already. The caller holds the transaction."""
    # played_at stays NULL: no reader puts the date in the hand record yet.
    hand_row = (room_of(hh), hh.hand_id, hh.game, hh.mix, hh.tournament, hh.small_bet,
                hh.big_bet, hh.ante, hh.bring_in, None, hh.hero,
                len(hh.seats), len(hh.streets),
                card_str(hh.community) if hh.community is not None else None,
                hh.total_pot, hh.rake, int(is_showdown(hh)), source)
    cursor = connection.execute(_INSERT_HAND, hand_row)
    if cursor.rowcount == 0:
        return False
    hand = cursor.lastrowid
    facts = hand_facts(hh)
    connection.executemany(_INSERT_SEAT, [
        (hand, seat, name, int(name == hh.hero), hh.stacks.get(name), f.put_in, f.returned,
         f.collected, f.net, *(getattr(f, column) for column in _FACT_COLUMNS),
         *(count for street in STREETS
           for count in (f.aggressive[street], f.calls[street])))
        for seat, name in hh.seats for f in (facts[name],)])
    connection.executemany(_INSERT_ACTION, [
        (hand, street.name, position, a.player, a.kind, a.amount, a.to, int(a.all_in))
        for street in hh.streets for position, a in enumerate(street.actions)])
    connection.executemany(_INSERT_DEALT, [
        (hand, street.name, name, cards_str(cards))
        for street in hh.streets for name, cards in street.dealt.items() if cards])
    connection.executemany(_INSERT_SHOWN, [
        (hand, name, cards_str(cards)) for name, cards in hh.shown.items()])
    connection.executemany(_INSERT_RETURNED, [
        (hand, street, name, amount) for street, name, amount in hh.returned])
    return True
