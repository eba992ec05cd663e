"""Who brings it in on the first round, and who acts first on it (the bring-in acts first)."""

from __future__ import annotations

from collections.abc import Sequence

from ..games import Game
from .common import (
    RulesError,
    check_distinct,
    check_no_bring_in,
    check_tie,
    is_low_order,
    one_card,
    order_rank,
    table_game,
)
from .order import first_by_strength


def _door_cards(game: Game, door_cards) -> list[int]:
    cards = [one_card(c) for c in door_cards]
    if len(cards) < 2:
        raise RulesError(f"need the door cards of at least 2 players, got {len(cards)}")
    if len(cards) > game.max_players:
        raise RulesError(f"{game.id} seats at most {game.max_players} players, got {len(cards)}")
    check_distinct(cards)
    return cards


def _bring_in_seat(game: Game, cards: list[int], tie: str) -> int:
    if is_low_order(game):
        # The worst door card: the highest rank (ace low: king worst; ace high, as in
        # razz27: the ace worst); spades worst on a tie.
        def badness(seat):
            card = cards[seat]
            return (order_rank(game, card), card % 4 if tie == "suit" else -seat)
    else:
        # The lowest door card, ace high; clubs lowest on a tie, so 2c is the lowest card.
        def badness(seat):
            card = cards[seat]
            return (-order_rank(game, card), -(card % 4) if tie == "suit" else -seat)
    return max(range(len(cards)), key=badness)


def bring_in(game: Game | str, door_cards: Sequence[int | str], tie: str = "suit") -> int:
    """The seat (0-based, in seat order) of the player who must bring it in.

    The lowest door card brings it in, ace high; equal ranks are decided by suit (clubs
    lowest, so ``2c`` is the lowest door card) or, with ``tie="seat"``, by seat: the first
    in seat order (closest to the dealer's left). In the games of the low order (razz,
    razz6, razz27, stud7hl, the five-card lowball games) the highest door card brings it
    in: with the ace low a king is the worst; in razz27 the ace is high, so the spade ace
    is the worst door card. On a tie spades are worst (suit) or the first in seat order
    (seat).

    >>> bring_in("stud7", ["3h", "2d", "Ah"])
    1
    >>> bring_in("stud7", ["2d", "2c"]), bring_in("stud7", ["2d", "2c"], tie="seat")
    (1, 0)
    >>> bring_in("razz", ["Kc", "Ah", "Ks"])
    2
    >>> bring_in("razz27", ["Kc", "Ah", "Ks"])
    1
    >>> bring_in("stud7", ["2d", "2d"])
    Traceback (most recent call last):
    ...
    studodds.table.RulesError: card '2d' is dealt twice
    """
    game = table_game(game)
    tie = check_tie(tie)
    return _bring_in_seat(game, _door_cards(game, door_cards), tie)


def first_to_act_first_round(
    game: Game | str, door_cards: Sequence[int | str], bring_in: bool = True, tie: str = "suit"
) -> int:
    """Who acts first on the first betting round.

    With a bring-in (always in seven-card games) that is the bring-in player. Five-card stud
    may be played without one (docs/rules.md): then the best door card acts first and may
    check: in the high order the highest card, ace high; in the low order the lowest, the
    ace counting as the game says (``order_ace_low``). A tie is broken as for the bring-in,
    mirrored: by suit (spades best in the high order; clubs best in the low order, where
    spades are worst) or by seat.

    >>> first_to_act_first_round("stud5", ["3h", "Ad", "As"], bring_in=False)
    2
    >>> first_to_act_first_round("stud5", ["3h", "Ad", "As"])
    0
    >>> first_to_act_first_round("stud7", ["3h", "Ad"], bring_in=False)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    studodds.table.RulesError: stud7 always has a bring-in: only five-card stud may be ...
    """
    game = table_game(game)
    tie = check_tie(tie)
    cards = _door_cards(game, door_cards)
    if bring_in:
        return _bring_in_seat(game, cards, tie)
    check_no_bring_in(game)
    return first_by_strength(game, [(c,) for c in cards], tie)
