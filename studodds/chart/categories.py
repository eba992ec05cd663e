"""The games that chart (three cards on the first street) and the category of a
starting class in each: pairs, three-flushes... in high games, rolled up / pair / N-low in
low games."""

from __future__ import annotations

from ..games import get_game
from .classes import (
    CATEGORIES,
    StartingClass,
)
from .errors import ChartError

# Three cards on the first street: every seven-card game.
CHART_GAMES = ("stud7", "stud7hl8", "razz", "stud7hl", "razz27", "razz6")

_LOW_RANK_NAMES = "A23456789TJQK"  # ace low

LOW_CATEGORIES = ("rolled up", "pair") + tuple(f"{r}-low" for r in _LOW_RANK_NAMES[2:])

# Deuce-to-seven: the ace is only high, so a start with an ace is "ace high".
LOW_27_CATEGORIES = (("rolled up", "pair") + tuple(f"{r}-low" for r in "456789TJQK")
                     + ("ace high",))


def game_categories(game: str) -> tuple[str, ...]:
    found = get_game(game)
    if found.high_kind:
        return CATEGORIES
    return LOW_27_CATEGORIES if found.low_kind == "low_27" else LOW_CATEGORIES


def game_category(hero: StartingClass, game: str) -> str:
    """The class's category as a player of the game sees it: in the low games (razz,
    razz6, razz27) three different ranks are named by the highest, ace low (``(A 3) 2``
    is a 3-low start, ``(K Q) J`` a K-low one), not by flush and straight draws; in
    deuce-to-seven the ace is high, so ``(A 3) 2`` is an ace-high start."""
    found = get_game(game)
    if found.high_kind or hero.category in ("rolled up", "pair"):
        return hero.category
    if found.low_kind == "low_27":
        top = max(hero.ranks)  # rank index, 12 = ace
        return "ace high" if top == 12 else f"{'23456789TJQK'[top]}-low"
    top = max(0 if r == 12 else r + 1 for r in hero.ranks)  # index into A23456789TJQK
    return f"{_LOW_RANK_NAMES[top]}-low"


def chart_game(game: str) -> str:
    """The game id, checked to deal three cards on its first street."""
    found = get_game(game)
    first = found.streets[0]
    if first.down + first.up != 3:
        raise ChartError(
            f"starting-hand charts are for the seven-card games ({', '.join(CHART_GAMES)}), "
            f"whose first street deals three cards; {found.id} deals {first.down + first.up}"
        )
    return found.id
