"""What every table rule checks first: the game, cards and boards given as text or ids,
the tie rule, and a card's rank in the order of play."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import card_str, cards_str, parse_card, parse_cards
from ..games import Game, as_game

TIES = ("suit", "seat")


class RulesError(ValueError):
    """Input the table rules cannot apply to. The message is one line and quotes the input.

    >>> isinstance(RulesError("x"), ValueError)
    True
    """


def table_game(game: Game | str) -> Game:
    """games.as_game, with its error as a RulesError."""
    try:
        return as_game(game)
    except ValueError as exc:
        raise RulesError(str(exc)) from None


ORDERS = ("high", "low")


def is_low_order(game: Game) -> bool:
    """True for the games played in the low order (``Game.order == "low"``, games.py).

    docs/rules.md, "Bring-in and first to act": razz, razz6, razz27, stud5low, stud5low6
    and (BARGE) the split game stud7hl; stud7hl8 and stud5hl play the high order. Read from
    the data, never from the game id or the hand kinds.
    """
    if game.order not in ORDERS:
        raise RulesError(
            f"game {game.id!r} has order of play {game.order!r}: expected one of "
            f"{', '.join(ORDERS)}"
        )
    return game.order == "low"


def check_no_bring_in(game: Game) -> None:
    """Only five-card stud may be played without a bring-in (docs/rules.md, "Five-card
    stud without a bring-in": "In five-card stud the bring-in is optional."); read from the
    number of cards dealt.

    >>> check_no_bring_in(as_game("stud5hl"))
    >>> check_no_bring_in(as_game("razz"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    studodds.table.RulesError: razz always has a bring-in: only five-card stud may be ...
    """
    if game.hand_size != 5:
        raise RulesError(
            f"{game.id} always has a bring-in: only five-card stud may be played without one"
        )


def one_card(card: int | str) -> int:
    if isinstance(card, str):
        return parse_card(card)
    try:
        card_str(card)  # raises for anything but 0..51
    except (TypeError, ValueError):
        raise RulesError(f"{card!r} is not a card: give text such as 'As' or an id 0-51") from None
    return int(card)


def one_board(board: Sequence[int | str] | str) -> tuple[int, ...]:
    if isinstance(board, str):
        return parse_cards(board)
    return tuple(one_card(c) for c in board)


def check_tie(tie: str, allowed=TIES) -> str:
    if tie not in allowed:
        raise RulesError(f"unknown tie rule {tie!r}: expected one of {', '.join(allowed)}")
    return tie


def check_distinct(cards: Sequence[int]) -> None:
    seen = set()
    for card in cards:
        if card in seen:
            raise RulesError(f"card {card_str(card)!r} is dealt twice")
        seen.add(card)


def order_rank(game: Game, card: int) -> int:
    """A card's rank for the order of play, larger is higher: 2=0, ..., K=11, A=12.

    In the low order with ``order_ace_low`` the ace is below the deuce: A=0, 2=1, ..., K=12.
    In the high order the ace is always high (docs/rules.md: "the lowest door card brings it
    in, the ace high").
    """
    if is_low_order(game) and game.order_ace_low:
        return (card // 4 + 1) % 13
    return card // 4


def quote(text, cards) -> str:
    return repr(text.strip() if isinstance(text, str) else cards_str(cards))
