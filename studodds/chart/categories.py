"""The games that chart (every stud game: three cards on third street, or two on five-card
stud's second street) and the category of a starting class in each: pairs, three-flushes...
in high games, rolled up / pair / N-low in low games."""

from __future__ import annotations

from ..games import GAMES, get_game
from ..starting.classes import (
    CATEGORIES,
    TWO_CARD_CATEGORIES,
    StartingClass,
    scheme_of,
)
from .chart_errors import ChartError

# Every stud game: the seven-card games (three cards on third street) and the five-card
# games (two on second street).
CHART_GAMES = tuple(GAMES)

_LOW_RANK_NAMES = "A23456789TJQK"  # ace low

LOW_CATEGORIES = ("rolled up", "pair") + tuple(f"{r}-low" for r in _LOW_RANK_NAMES[2:])

# Five-card lowball: two different cards, from a 2-low to a K-low.
TWO_CARD_LOW_CATEGORIES = ("pair",) + tuple(f"{r}-low" for r in _LOW_RANK_NAMES[1:])

# Deuce-to-seven: the ace is only high, so a start with an ace is "ace high".
LOW_27_CATEGORIES = (("rolled up", "pair") + tuple(f"{r}-low" for r in "456789TJQK")
                     + ("ace high",))


def game_categories(game: str) -> tuple[str, ...]:
    found = get_game(game)
    two_cards = scheme_of(found).cards == 2
    if found.high_kind:
        return TWO_CARD_CATEGORIES if two_cards else CATEGORIES
    if two_cards:
        return TWO_CARD_LOW_CATEGORIES  # the five-card lowball games count the ace low
    return LOW_27_CATEGORIES if found.low_kind == "low_27" else LOW_CATEGORIES


def game_category(hero: StartingClass, game: str) -> str:
    """The class's category as a player of the game sees it: in the low games (razz,
    razz6, razz27, stud5low, stud5low6) different ranks are named by the highest, ace
    low (``(A 3) 2`` is a 3-low start, ``(K Q) J`` a K-low one, ``(A) 2`` a 2-low one),
    not by flush and straight draws; in deuce-to-seven the ace is high, so ``(A 3) 2`` is
    an ace-high start."""
    found = get_game(game)
    if found.high_kind or hero.category in ("rolled up", "pair"):
        return hero.category
    if found.low_kind == "low_27":
        top = max(hero.ranks)  # rank index, 12 = ace
        return "ace high" if top == 12 else f"{'23456789TJQK'[top]}-low"
    top = max(0 if r == 12 else r + 1 for r in hero.ranks)  # index into A23456789TJQK
    return f"{_LOW_RANK_NAMES[top]}-low"


def chart_game(game: str) -> str:
    """The game id, checked to deal two or three cards on its first street."""
    found = get_game(game)
    if scheme_of(found).cards not in (2, 3):
        raise ChartError(
            f"starting-hand charts are for games whose first street deals two or three "
            f"cards ({', '.join(CHART_GAMES)}); {found.id} deals {scheme_of(found).cards}"
        )
    return found.id
