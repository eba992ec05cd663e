"""The starting-hand ranking behind ``topX%`` ranges: every game's starting classes, best
first, by their equity against one random hand.

The ranking ships as package data (``rankings.json``), made by ``scripts/make_rankings.py``
from each game's chart against one random hand (with chart/ranking.py): the seven-card games'
three-card classes on third street, the five-card games' two-card classes on second
street. Each class is the equity of its representative against a hand whose every card
is unseen, sampled to the standard error the file records, with the chart's fixed seeds,
so a fresh generation gives the same file. Ties (equal figures) break by the classes'
order in classes(game), so the order is total.

``topX%`` takes classes from the top until at least X% of all starting hands (C(52, 3) =
22,100 or C(52, 2) = 1,326) are in, the boundary class included whole: top100% is every
hand. A range (ranges.py) names ``topX%`` without a game; class_tests turns it into a
plain predicate for the game a scenario is built for.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from ..ranges import CLASS_TESTS, ClassTest, HoleRange, top_percent
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


def class_tests(hole_range: HoleRange, game: str) -> dict[str, ClassTest]:
    """Every class the range names, as a plain predicate of (hole cards, up cards) for
    HoleRange.weight_of: ranges.CLASS_TESTS, and each ``topX%`` alternative as the game's
    best X% of starting hands (the hole cards with the door card, in_top).

    >>> from studodds.cards import parse_hand
    >>> tests = class_tests(parse_hand("(top2% | pair+) Kd").hole_range, "stud7")
    >>> tests["top2%"]((51, 50), (45,)), tests["top2%"]((0, 5), (45,))
    (True, False)
    """
    tops = {name: _top_test(game, percent) for name in hole_range.tops
            if (percent := top_percent(name)) is not None}  # every one of tops has its X
    games_own = {"low3": _low3_ace_high} if game == "razz27" else {}
    return {**CLASS_TESTS, **games_own, **tops}


def _low3_ace_high(hole: tuple[int, ...], up: tuple[int, ...]) -> bool:
    """low3 in deuce-to-seven, where the ace is the worst card: three different ranks from
    2 to 8 (ranks.CLASS_TESTS' low3 plays the ace low, as the other low games do)."""
    cards = tuple(hole) + tuple(up[:1])
    ranks = {c >> 2 for c in cards}
    return len(cards) == 3 and len(ranks) == 3 and all(r <= 6 for r in ranks)


def _top_test(game: str, percent: float) -> ClassTest:
    def test(hole: tuple[int, ...], up: tuple[int, ...]) -> bool:
        return in_top(tuple(hole) + tuple(up[:1]), game, percent)

    return test
