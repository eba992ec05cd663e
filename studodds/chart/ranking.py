"""The starting-hand ranking behind ``topX%`` ranges: every game's starting classes, best
first, by their equity against one random hand.

The ranking ships as package data (``rankings.json``), made by ``scripts/make_rankings.py``
from each game's chart against one random hand (chart/__init__.py): the seven-card games'
three-card classes on third street, the five-card games' two-card classes on second
street. Each class is the equity of its representative against a hand whose every card
is unseen, sampled to the standard error the file records, with the chart's fixed seeds,
so a fresh generation gives the same file. Ties (equal figures) break by the classes'
order in classes(game), so the order is total.

``topX%`` takes classes from the top until at least X% of all starting hands (C(52, 3) =
22,100 or C(52, 2) = 1,326) are in, the boundary class included whole: top100% is every
hand.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from .classes import class_of, classes, scheme_of

RANKINGS_FILE = "rankings.json"


@cache
def rankings() -> dict:
    """The shipped file: {"method": {...}, "games": {game: [[class code, equity], ...]}},
    best first."""
    return json.loads(resources.files(__package__).joinpath(RANKINGS_FILE).read_text())


def ranked_codes(game: str) -> tuple[str, ...]:
    """The game's class codes, best first."""
    return tuple(entry[0] for entry in rankings()["games"][game])


@cache
def top_codes(game: str, percent: float) -> frozenset[str]:
    """The codes of the classes in the best ``percent`` % of the game's starting hands.

    >>> len(top_codes("stud7", 100)) == len(classes("stud7"))
    True
    """
    if not 0 < percent <= 100:
        raise ValueError(f"top{percent:g}%: the percentage is in (0, 100]")
    by_code = {c.code: c for c in classes(game)}
    hands = scheme_of(game).hands
    wanted = percent / 100 * hands
    taken, dealt = [], 0
    for code in ranked_codes(game):
        if dealt >= wanted - 1e-9:  # the boundary class was included whole
            break
        taken.append(code)
        dealt += by_code[code].combos
    return frozenset(taken)


def in_top(cards: tuple[int, ...], game: str, percent: float) -> bool:
    """Whether these starting cards (hole cards, then the door card) are in the game's
    best ``percent`` %. Cards of another count (a hand without its door card) are not."""
    if len(cards) != scheme_of(game).cards:
        return False
    return class_of(cards, game).code in top_codes(game, percent)


def top_share(game: str, percent: float) -> float:
    """The share of all starting hands that ``topX%`` really takes (at least X%)."""
    by_code = {c.code: c for c in classes(game)}
    return sum(by_code[c].combos for c in top_codes(game, percent)) / scheme_of(game).hands


# How scripts/make_rankings.py samples each class against a random hand: the standard
# error of every class's equity, and the chart seed (each spot's seed comes from its id).
RANKING_PRECISION = 0.0005
RANKING_SEED = 0


def measure_classes(game: str, selection="all", *, precision: float = RANKING_PRECISION,
                    seed: int = RANKING_SEED, runner=None) -> dict[str, float]:
    """{class code: equity against one random hand} for the selected classes, as the
    ranking file records them. A class's figure does not depend on which others are
    selected (each spot is seeded by its id), so a few classes check the whole file."""
    from . import make_chart

    chart = make_chart(game, "random", selection=selection, precision=precision, seed=seed,
                       runner=runner)
    return {row.hero.code: row.equity for row in chart.rows}


def ranking_order(game: str, equities: dict[str, float]) -> list[str]:
    """Codes best first: by equity, ties by the classes' order in classes(game)."""
    index = {c.code: c.index for c in classes(game)}
    return sorted(equities, key=lambda code: (-equities[code], index[code]))
