"""What the page's Review tab draws: a player's net over their hands (in big bets, hand by
hand) and the stats of each game they played, under the same filters as player_stats;
and the games, rooms and stakes in the database, for the filters' choices."""

from __future__ import annotations

import dataclasses
import sqlite3

from .player_stats import Filters, PlayerStats, player_stats, where_clause

# A plot has a few hundred pixels across: more points than this draw nothing more, so a
# long record is thinned to every k-th hand (the last one always kept).
MAX_POINTS = 1000

ALL_HANDS = Filters()  # each hand's hero, no filter


def net_over_hands(connection: sqlite3.Connection, filters: Filters = ALL_HANDS,
                   max_points: int = MAX_POINTS) -> list[tuple[int, float]]:
    """(hands played, net in big bets so far) after each hand the filters keep, in the
    order they were played (hands without a date first, then by import order)."""
    where, args = where_clause(filters)
    rows = connection.execute(
        "SELECT ROW_NUMBER() OVER w, SUM(s.net / NULLIF(h.big_bet, 0)) OVER w "
        f"FROM seats s JOIN hands h ON h.id = s.hand WHERE {' AND '.join(where)} "
        "WINDOW w AS (ORDER BY h.played_at, h.id ROWS UNBOUNDED PRECEDING) "
        "ORDER BY h.played_at, h.id", args).fetchall()
    step = -(-len(rows) // max_points) if rows else 1  # ceiling division
    kept = rows[step - 1::step]
    if rows and kept[-1] != rows[-1]:
        kept.append(rows[-1])
    return [(n, round(net or 0.0, 4)) for n, net in kept]


def stats_by_game(connection: sqlite3.Connection,
                  filters: Filters = ALL_HANDS) -> dict[str, PlayerStats]:
    """player_stats for each game among the hands the filters keep, most hands first."""
    where, args = where_clause(filters)
    games = connection.execute(
        f"SELECT h.game FROM seats s JOIN hands h ON h.id = s.hand WHERE {' AND '.join(where)} "
        "GROUP BY h.game ORDER BY COUNT(*) DESC, h.game", args).fetchall()
    return {game: player_stats(connection, dataclasses.replace(filters, game=game))
            for (game,) in games}


def filter_choices(connection: sqlite3.Connection) -> dict[str, list]:
    """The games, rooms and stakes (small/big bet) of the hands in the database."""
    def column(sql: str) -> list:
        return [row[0] for row in connection.execute(sql)]
    return {
        "games": column("SELECT DISTINCT game FROM hands ORDER BY game"),
        "rooms": column("SELECT DISTINCT room FROM hands ORDER BY room"),
        "stakes": [f"{_amount(small)}/{_amount(big)}" for small, big in connection.execute(
            "SELECT DISTINCT small_bet, big_bet FROM hands ORDER BY big_bet, small_bet")],
    }


def _amount(value: float) -> str:
    return f"{value:g}" if value == int(value) else f"{value:.2f}".rstrip("0")
