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
from collections.abc import Mapping
from functools import cache
from importlib import resources

from ..ranges import CLASS_TESTS, NAMED_MARK, ClassTest, HoleRange, NamedRange, top_percent
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
    HoleRange.weight_of: ranges.CLASS_TESTS, each ``topX%`` alternative as the game's
    best X% of starting hands (the hole cards with the door card, in_top), and each named
    range (``@name``) as its definition for the game and the door card.

    >>> from studodds.cards import parse_hand
    >>> tests = class_tests(parse_hand("(top2% | pair+) Kd").hole_range, "stud7")
    >>> tests["top2%"]((51, 50), (45,)), tests["top2%"]((0, 5), (45,))
    (True, False)
    """
    tops = {name: _top_test(game, percent) for name in hole_range.tops
            if (percent := top_percent(name)) is not None}  # every one of tops has its X
    games_own = GAMES_OWN_TESTS.get(game, {})
    named = {NAMED_MARK + name: _named_test(hole_range, name, game)
             for name in hole_range.names}
    return {**CLASS_TESTS, **games_own, **tops, **named}


def named_definition(hole_range: HoleRange, name: str, game: str,
                     door: int) -> NamedRange | None:
    """The definition of the named range ``name`` (carried by the range) for this game and
    door card (a card id), or None when none is for them."""
    return next((n for n in hole_range.named if n.name == name and n.fits(game, door)), None)


def _named_test(hole_range: HoleRange, name: str, game: str) -> ClassTest:
    """The named range as a test giving a weight: the hole cards' weight in the definition
    for this game and the door card (up[0]). A named range is what a player started with
    (he completed, or called, on the first street), so on later streets too it is tested
    with the door card alone: a hole card that pairs a later up card made no pair when he
    acted. The scenario checks first that a definition fits (starting.named_ranges.fit_problem),
    so a door card none is for is a bug of the caller's."""
    tests_by_definition: dict[NamedRange, Mapping[str, ClassTest]] = {}

    def test(hole: tuple[int, ...], up: tuple[int, ...]) -> float:
        definition = named_definition(hole_range, name, game, up[0]) if up else None
        if definition is None:
            raise ValueError(f"no definition of @{name} for {game} with this door card")
        tests = tests_by_definition.get(definition)
        if tests is None:
            tests = tests_by_definition[definition] = class_tests(definition.hole_range, game)
        return definition.hole_range.weight_of(hole, up[:1], tests)

    return test


def _low3_ace_high(hole: tuple[int, ...], up: tuple[int, ...]) -> bool:
    """low3 in deuce-to-seven, where the ace is the worst card: three different ranks from
    2 to 8 (ranks.CLASS_TESTS' low3 plays the ace low, as the other low games do)."""
    cards = tuple(hole) + tuple(up[:1])
    ranks = {c >> 2 for c in cards}
    return len(cards) == 3 and len(ranks) == 3 and all(r <= 6 for r in ranks)


def _straight3_ace(ace_high: bool) -> ClassTest:
    """straight3 where the ace plays one way only (ranges.CLASS_TESTS' plays it both, as
    high hands do): deuce-to-seven's ace is only high (A-2-3 is no draw: no wheel), and
    ace-to-six's only low (Q-K-A is none: T-J-Q-K-A is king high there)."""
    def test(hole: tuple[int, ...], up: tuple[int, ...]) -> bool:
        cards = tuple(hole) + tuple(up[:1])
        ranks = {c >> 2 for c in cards}
        if len(cards) != 3 or len(ranks) != 3:
            return False
        if not ace_high:
            ranks = {-1 if r == 12 else r for r in ranks}  # the ace as a one
        return max(ranks) - min(ranks) <= 4

    return test


# The third-street classes a game reads its own way (class_tests).
GAMES_OWN_TESTS: dict[str, dict[str, ClassTest]] = {
    "razz27": {"low3": _low3_ace_high, "straight3": _straight3_ace(ace_high=True)},
    "razz6": {"straight3": _straight3_ace(ace_high=False)},
}


def _top_test(game: str, percent: float) -> ClassTest:
    def test(hole: tuple[int, ...], up: tuple[int, ...]) -> bool:
        return in_top(tuple(hole) + tuple(up[:1]), game, percent)

    return test
