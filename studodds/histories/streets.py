"""The streets of a hand record, from the game (games.py), never written out by a reader:
"3rd".."7th" in the seven-card games, "2nd".."5th" in five-card stud."""

from __future__ import annotations

from functools import cache

from ..games import Street, get_game


@cache
def street_names(game: str) -> tuple[str, ...]:
    """The record's street names of a game, in order ("3rd street" is "3rd")."""
    return tuple(street.name.split()[0] for street in get_game(game).streets)


def first_street(game: str) -> Street:
    """The street the cards are first dealt on: how many down and up."""
    return get_game(game).streets[0]


def five_card(game: str) -> bool:
    """A five-card stud game: four streets, one card down, four up."""
    return sum(street.down + street.up for street in get_game(game).streets) == 5


@cache
def down_positions(game: str) -> tuple[int, ...]:
    """Which of a player's cards, in the order dealt, are dealt face down (on each street
    the down cards come before the up ones): (0, 1, 6) in seven-card games, (0,) in five."""
    positions: list[int] = []
    dealt = 0
    for street in get_game(game).streets:
        positions.extend(range(dealt, dealt + street.down))
        dealt += street.down + street.up
    return tuple(positions)
