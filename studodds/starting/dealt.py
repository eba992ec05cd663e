"""How often a starting hand is dealt: given the door card you see, and before any card.

A question is a hand of the first street written as for `studodds equity`: hole cards
(cards, ``x``, or a range: ranges.py) and at most the door card. ``(K? ??) Kd`` is a king
in the hole with the king of diamonds up; ``(A? A?)`` aces in the hole, whatever the door
card (``(A? A?) x`` says the same); ``(split)`` a split pair of any rank; ``(Ks 7d) Kc``
one hand.

Two chances, both exact counts:

**given the door card**: the door card is shown; of every set of hole cards the unseen
cards can make (C(51, 2) = 1,275 with nothing dead; one card in five-card stud), how many
fit. ``(K? ??) Kd``: 147 of 1,275, 1 in 8.7. Asked only when a door card is written.

**overall**, before any card is dealt: of every first street from the cards not dead, a
door card and the hole cards (52 * 1,275 = 66,300 with nothing dead, each of C(52, 3) =
22,100 hands three times, once per door card; 52 * 51 = 2,652 in five-card stud), how many
are this door card with hole cards that fit. ``(K? ??) Kd``: 147 of 66,300, 1 in 451.
Without a door card every door card counts: rolled-up trips ``(rolled)`` are 156 of 66,300,
52 of 22,100, 1 in 425.

**Dead cards** (seen elsewhere: other players' up cards, folded cards) are out of both
counts. An unseen dead card (``x``) is one of the cards you cannot see, so it counts as
unseen: it changes no chance. A range's weights say how often a player would play a hand,
not how often it is dealt, so a weighted range is refused.

Pure Python: a question with its door card counts about a thousand hole-card sets, one
without checks every door card (66,300 deals), well under a second either way.

>>> r = how_often_dealt("stud7", "(K? ??) Kd")
>>> r.given_door.hits, r.given_door.deals, r.overall.hits, r.overall.deals
(147, 1275, 147, 66300)
>>> how_often_dealt("stud7", "(rolled)").overall.chance
Fraction(1, 425)
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from ..cards import (
    StudHand,
    card_str,
    check_no_duplicates,
    parse_dead,
    parse_hand,
)
from ..games import Game, as_game
from ..messages import InputError, option
from ..ranges import THIRD_STREET_CLASSES
from .classes import scheme_of
from .named_ranges import NamedRangeError, fit_problem, hand_with_definitions
from .top import class_tests

__all__ = ["COMMON_HANDS", "Count", "DealtError", "HowOftenDealt", "common_hands",
           "how_often_dealt"]


class DealtError(InputError):
    """A hand that is no starting hand to count (a later street, a weighted range, ...)."""


@dataclass(frozen=True)
class Count:
    """``hits`` of ``deals`` equally likely deals fit: an exact chance."""

    hits: int
    deals: int

    @property
    def chance(self) -> Fraction:
        return Fraction(self.hits, self.deals)

    @property
    def one_in(self) -> float | None:
        """N in "1 in N": deals / hits; None when it is never dealt."""
        return self.deals / self.hits if self.hits else None

    def to_dict(self) -> dict:
        return {"hits": self.hits, "deals": self.deals, "chance": float(self.chance),
                "one_in": self.one_in}


@dataclass(frozen=True)
class HowOftenDealt:
    """How often a starting hand is dealt (see the module docs).

    given_door: None when the hand has no door card. dead: the dead cards seen.
    hole_cards: how many the game deals (2; 1 in five-card stud), so given_door counts
    sets of that many hole cards from the cards unseen once the door card is up.
    """

    game: str
    hand: str  # as read: '(K? ??) Kd'
    door: int | None
    dead: tuple[int, ...]
    hole_cards: int
    given_door: Count | None
    overall: Count

    def to_dict(self) -> dict:
        return {"game": self.game, "hand": self.hand,
                "door": None if self.door is None else card_str(self.door),
                "dead": [card_str(c) for c in self.dead],
                "given_door": None if self.given_door is None else self.given_door.to_dict(),
                "overall": self.overall.to_dict()}


def how_often_dealt(game: str | Game, hand: str | StudHand,
                    dead: str | Iterable = ()) -> HowOftenDealt:
    """How often a starting hand is dealt, given its door card and overall (the module
    docs): ``hand`` as `studodds equity` reads a hand of the first street, ``dead`` as its
    ``--dead`` (text such as ``"7h 2c x"``, or card ids).

    >>> r = how_often_dealt("stud7", "(split) Ad", dead="Kc Qc Jc Tc 8c 7c 7d")
    >>> r.given_door.hits, r.given_door.deals, round(r.given_door.one_in, 2)
    (123, 946, 7.69)
    """
    found = as_game(game)
    text = hand if isinstance(hand, str) else str(hand)
    if isinstance(hand, str):
        any_door = _ANY_DOOR.fullmatch(hand)
        hand = parse_hand(any_door["hole"] if any_door else hand)
    hand = hand_with_definitions(  # its named ranges, from the list in use now
        hand, lambda problem: NamedRangeError(f"{text.strip()!r}: {problem}", players=(0,)))
    seen = _dead_seen(dead)
    hole_cards = _check_hand(found, hand, text)
    check_no_duplicates([], seen)
    clash = next((c for c in hand.known_cards if c in seen), None)
    if clash is not None:
        raise DealtError(f"card {card_str(clash)!r} is in the hand {text.strip()!r} and in "
                         f"{option('dead')}: a card is dealt once", players=(0,),
                         fields=("dead",), cards=(card_str(clash),))
    fits = _fits(found, hand)
    out = set(seen)
    pool = [c for c in range(52) if c not in out]
    per_door = math.comb(len(pool) - 1, hole_cards)
    door = hand.up[0] if hand.up else None
    hits = 0
    for up in (door,) if door is not None else pool:
        rest = [c for c in pool if c != up]
        hits += sum(1 for hole in combinations(rest, hole_cards) if fits(hole, up))
    return HowOftenDealt(
        found.id, str(hand), door, tuple(seen), hole_cards,
        Count(hits, per_door) if door is not None else None,
        Count(hits, len(pool) * per_door),
    )


def _dead_seen(dead: str | Iterable) -> tuple[int, ...]:
    """The dead cards seen, read as `equity` reads --dead. An x is one of the cards the
    player cannot see, so it is not kept."""
    return parse_dead(dead)[0]


# Hole cards and an unknown door card, '(A? A?) x': every door card, as with none written.
_ANY_DOOR = re.compile(r"(?P<hole>\s*\(.*\))\s*(?:x|X|\?\??)\s*", re.DOTALL)


def _check_hand(game: Game, hand: StudHand, text: str) -> int:
    """The number of hole cards the game deals, once the hand is one of its first street."""
    quoted = repr(text.strip())
    hole_cards = game.hole_cards
    example = "'(K? ??) Kd'" if hole_cards == 2 else "'(K?) Kd'"
    if hand.random:
        raise DealtError(f"{quoted} is any hand: write the hole cards, the door card or both, "
                         f"e.g. {example}", players=(0,))
    if hand.river or len(hand.up) > 1:
        raise DealtError(f"{quoted}: how often a hand is dealt asks about the first street, "
                         f"the hole cards and at most the door card, e.g. {example}",
                         players=(0,))
    hole_range = hand.hole_range
    class_only = hole_range is not None and hole_range.slot_count is None
    if hand.down and not class_only and len(hand.down) != hole_cards:
        raise DealtError(f"{quoted}: {game.id} deals {hole_cards} hole "
                         f"card{'s' * (hole_cards > 1)}, e.g. {example}", players=(0,))
    if hole_range is not None and hole_range.weighted:
        raise DealtError(f"{quoted}: a weight says how often a player would play a hand, not "
                         "how often it is dealt: write the range without weights",
                         players=(0,))
    problem = fit_problem(hole_range, game.id, hand.up) if hole_range is not None else None
    if problem is not None:
        raise DealtError(f"{quoted}: {problem}", players=(0,))
    third_street = [c for c in (hole_range.classes if hole_range else ())
                    if c in THIRD_STREET_CLASSES]
    if third_street and hole_cards != 2:
        raise DealtError(f"{quoted}: {third_street[0]!r} describes third street in seven-card "
                         f"stud (two hole cards and the door card), not {game.id}",
                         players=(0,))
    return hole_cards


def _fits(game: Game, hand: StudHand) -> Callable[[tuple[int, ...], int], bool]:
    """Whether hole cards with a door card are the hand: in its range, or holding its
    known hole cards (none written: any hole cards)."""
    if hand.hole_range is not None:
        hole_range, tests = hand.hole_range, class_tests(hand.hole_range, game.id)
        return lambda hole, door: hole_range.matches(hole, (door,), tests)
    known = [c for c in hand.down if c is not None]
    return lambda hole, door: all(c in hole for c in known)


# The starting hands players talk about, per number of hole cards: (words, hand). Three to a
# flush or a straight only where straights and flushes count (not razz), three low cards
# only where a low wins a pot (not seven-card stud high): common_hands keeps a game's own.
COMMON_HANDS = {
    2: (
        ("rolled-up trips", "(rolled)"),
        ("a pair, buried or split", "(buried | split)"),
        ("a buried pair", "(buried)"),
        ("a split pair", "(split)"),
        ("three to a flush", "(flush3)"),
        ("three to a straight", "(straight3)"),
        ("three low cards (8 or lower)", "(low3)"),
    ),
    1: (
        ("a pair", "(pair+)"),
        ("an ace in the hole", "(A?)"),
    ),
}


def _names_it(game: Game, hand: str) -> bool:
    """Whether players of this game name the hand (COMMON_HANDS)."""
    if hand in ("(flush3)", "(straight3)"):
        return scheme_of(game).suits
    if hand == "(low3)":
        return any(kind.startswith("low") for kind in game.kinds)
    return True


def common_hands(game: str | Game, dead: str | Iterable = ()
                 ) -> list[tuple[str, HowOftenDealt]]:
    """How often the starting hands players talk about are dealt in a game (COMMON_HANDS):
    (words, how_often_dealt) pairs.

    >>> [(words, r.overall.hits) for words, r in common_hands("stud5")]
    [('a pair', 156), ('an ace in the hole', 204)]
    """
    found = as_game(game)
    return [(_own_words(found, words, hand), how_often_dealt(found, hand, dead))
            for words, hand in COMMON_HANDS[found.hole_cards] if _names_it(found, hand)]


def _own_words(game: Game, words: str, hand: str) -> str:
    """The words of a common hand where a game reads it its own way."""
    if hand == "(low3)" and game.id == "razz27":
        return "three low cards (2 to 8: the ace is high)"
    return words
