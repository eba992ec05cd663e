"""What the page's Review tab draws: a player's net over their hands (in big bets, hand by
hand) beside what they could expect, and the stats of each game they played, under the
same filters as player_stats; and the games, rooms and stakes in the database, for the
filters' choices."""

from __future__ import annotations

import dataclasses
import sqlite3
from dataclasses import dataclass

from ..messages import bet_text
from .player_stats import Filters, PlayerStats, player_stats, where_clause

# A plot has a few hundred pixels across: more points than this draw nothing more, so a
# long record is thinned to every k-th hand (the last one always kept).
MAX_POINTS = 1000

ALL_HANDS = Filters()  # each hand's hero, no filter


@dataclass(frozen=True)
class NetPoint:
    """After ``hands`` hands: the net so far and the expected so far, in big bets."""

    hands: int
    net_big_bets: float
    expected_big_bets: float


@dataclass(frozen=True)
class NetOverHands:
    """The points of the plot, and the showdowns behind its expected line: those the
    player went to, those with an expectation (priced, every hand shown), those not priced
    yet (review costly prices them)."""

    points: tuple[NetPoint, ...]
    showdowns: int
    showdowns_expected: int
    showdowns_not_priced: int


# The luck of a showdown hand as `review luck` counts it on the last street with a card to
# come (the luck table's last street: "6th", "4th" in five-card stud; the street names sort
# in dealing order): chips won less the pot times the equity then. NULL when not stored.
_LAST_LUCK = ("(SELECT (l.won - l.equity_share) * l.pot FROM luck l "
              "WHERE l.hand = s.hand AND l.player = s.player ORDER BY l.street DESC LIMIT 1)")


def net_over_hands(connection: sqlite3.Connection, filters: Filters = ALL_HANDS,
                   max_points: int = MAX_POINTS) -> NetOverHands:
    """(hands played, net so far, expected so far) after each hand the filters keep, in the
    order they were played (hands without a date first, then by import order). Expected is
    the net without the river's luck: at each showdown, the player's equity on the last
    street with a card to come, every shown card known, times the final pot they could win,
    less what they put in; the net less that street's luck (luck_summary). A hand without a showdown, or whose showdown has
    no luck stored (not priced yet, or a hand not shown), counts as its net in both."""
    where, args = where_clause(filters)
    rows = connection.execute(
        "WITH kept AS (SELECT h.id, h.played_at, s.net / NULLIF(h.big_bet, 0) AS net, "
        f"{_LAST_LUCK} / NULLIF(h.big_bet, 0) AS luck, s.went_to_showdown AS showdown, "
        "EXISTS (SELECT 1 FROM priced p WHERE p.hand = s.hand AND p.player = s.player) "
        "AS priced "
        f"FROM seats s JOIN hands h ON h.id = s.hand WHERE {' AND '.join(where)}) "
        "SELECT ROW_NUMBER() OVER w, SUM(net) OVER w, SUM(net - COALESCE(luck, 0)) OVER w, "
        "showdown, luck IS NOT NULL, priced FROM kept "
        "WINDOW w AS (ORDER BY played_at, id ROWS UNBOUNDED PRECEDING) "
        "ORDER BY played_at, id", args).fetchall()
    step = -(-len(rows) // max_points) if rows else 1  # ceiling division
    kept = rows[step - 1::step]
    if rows and kept[-1] != rows[-1]:
        kept.append(rows[-1])
    return NetOverHands(
        tuple(NetPoint(n, round(net or 0.0, 4), round(expected or 0.0, 4))
              for n, net, expected, *_ in kept),
        showdowns=sum(1 for row in rows if row[3]),
        showdowns_expected=sum(1 for row in rows if row[3] and row[4]),
        showdowns_not_priced=sum(1 for row in rows if row[3] and not row[5]))


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
        "stakes": [f"{bet_text(small)}/{bet_text(big)}" for small, big in connection.execute(
            "SELECT DISTINCT small_bet, big_bet FROM hands ORDER BY big_bet, small_bet")],
    }



