"""How hands written without parentheses are read, when a hole-card reading fits them too.

A hand written without parentheses is up cards only, its hole cards unknown: 'As Ks Ah'
is three up cards on 5th street. When every hand is written that way the streets agree,
so nothing is refused, though the player may have meant the first cards as the hole
cards ('(As Ks) Ah', 3rd street). ``bare_hands_reading`` gives that fact, for a front
end to put in its own words; the library never says it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import StudHand, parse_hand
from .games import Game, as_game


@dataclass(frozen=True)
class BareHandsReading:
    """Every hand read as up cards only, on ``street``; with the first ``hole_cards`` of
    each as the hole cards instead, the hands are ``with_hole_cards``, on ``hole_street``.

    >>> r = bare_hands_reading("stud7", ["AS KS AH", "QD 7C 2H"])
    >>> r.street, r.hole_street, r.with_hole_cards
    ('5th street', '3rd street', ('(As Ks) Ah', '(Qd 7c) 2h'))
    """

    street: str
    hole_cards: int
    hole_street: str
    with_hole_cards: tuple[str, ...]


def bare_hands_reading(game: Game | str, hands: Sequence[str | StudHand],
                       community: object = None) -> BareHandsReading | None:
    """The reading of hands written without parentheses when the same cards, the first of
    each as hole cards, are also a street of the game; None when any hand has parentheses,
    is 'random' or cannot be read (the question's own error says why), when the hands
    hold different numbers of cards or too few for a door card besides the hole cards, or
    with a community card (7th street: six own cards each, which the other reading is not).

    >>> bare_hands_reading("stud5", ["Ah Kd", "Qc 7s"]).with_hole_cards
    ('(Ah) Kd', '(Qc) 7s')
    >>> bare_hands_reading("stud7", ["(As Ks) Ah", "QD 7C 2H"]) is None
    True
    >>> bare_hands_reading("stud7", ["As Ks", "Qd 7c"]) is None  # two hole cards, no door
    True
    """
    if community is not None and not (isinstance(community, str) and not community.strip()):
        return None
    game = as_game(game)
    try:
        parsed = [h if isinstance(h, StudHand) else parse_hand(h) for h in hands]
    except (ValueError, TypeError):  # NotationError is a ValueError
        return None
    if not parsed or any(h.random or h.hole_given or h.river for h in parsed):
        return None
    written = {len(h.up) for h in parsed}
    hole = game.hole_cards
    max_up = sum(street.up for street in game.streets)
    if len(written) != 1:
        return None
    (n_cards,) = written
    if not hole < n_cards <= max_up:
        return None
    return BareHandsReading(
        street=game.street_name(hole + n_cards),
        hole_cards=hole,
        hole_street=game.street_name(n_cards),
        with_hole_cards=tuple(str(StudHand(h.up[:hole], h.up[hole:], (), True)) for h in parsed),
    )


__all__ = ["BareHandsReading", "bare_hands_reading"]
