"""Who acts first after the first round: the best showing board, in the game's order."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..cards import cards_str
from ..games import Game
from .common import (
    RulesError,
    check_distinct,
    check_tie,
    is_low_order,
    one_board,
    order_rank,
    quote,
    table_game,
)


def _groups(ranks: Sequence[int]) -> list[tuple[int, int]]:
    """(count, rank) of each rank, the largest group first, then the higher rank."""
    return sorted(((n, r) for r, n in Counter(ranks).items()), reverse=True)


def _category(groups: list[tuple[int, int]]) -> int:
    """0 high cards, 1 pair, 2 two pair, 3 three of a kind, 4 four of a kind."""
    top = groups[0][0]
    if top == 4:
        return 4
    if top == 3:
        return 3
    if top == 2:
        return 2 if len(groups) > 1 and groups[1][0] == 2 else 1
    return 0


def _ordered_ranks(groups: list[tuple[int, int]]) -> tuple[int, ...]:
    return tuple(r for n, r in groups for _ in range(n))


def showing_strength(game: Game | str, board: Sequence[int | str] | str) -> tuple[int, ...]:
    """How good a board (up cards only) is for the order of play: larger acts first.

    The high order (stud7, stud5, stud7hl8, stud5hl): four of a kind > three of a kind >
    two pair > pair > high cards, then the ranks in the order a poker hand compares them
    (kickers count); straights and flushes on board do not count. Games of the low order
    (``Game.order == "low"``: razz, razz6, razz27, stud7hl, stud5low, stud5low6): the best
    low is largest: unpaired boards beat paired ones, then the lower ranks from the highest
    down, the ace low or high as ``order_ace_low`` says (ace-to-five and ace-to-six boards:
    ace low; deuce-to-seven boards: ace high, so an ace is the worst card). Straights and
    flushes on board do not count there either. Suits never count here (see first_to_act
    for ties).

    >>> showing_strength("stud7", "Ah As Kd") > showing_strength("stud7", "Ac Ad Qh")
    True
    >>> showing_strength("razz", "7c 4d") > showing_strength("razz", "7h 5d")
    True
    >>> showing_strength("razz27", "7c 5d") > showing_strength("razz27", "Ah 2d")
    True
    """
    game = table_game(game)
    cards = one_board(board)
    if not cards:
        raise RulesError("a board needs at least one up card")
    groups = _groups([order_rank(game, c) for c in cards])
    if is_low_order(game):
        return (-_category(groups),) + tuple(-r for r in _ordered_ranks(groups))
    return (_category(groups),) + _ordered_ranks(groups)


def _leading_suit(game: Game, cards: Sequence[int]) -> int:
    """The suit tie-break of a board: larger acts first.

    The leading card is the first card of the board in the order it is compared: the
    largest group, the higher rank (the ace as the order of play counts it), and within a
    rank the higher suit. Seed 000: spade ace beats heart ace; 3s 3c beats 3h 3d on the
    spade. Boards that tie on ranks always differ here, since no card is dealt twice. In the
    low order the comparison is mirrored, as for the bring-in (spades worst): the lower suit
    acts first.
    """
    counts = Counter(order_rank(game, c) for c in cards)
    leading = max(cards, key=lambda c: (counts[order_rank(game, c)], order_rank(game, c),
                                        c % 4))
    return -(leading % 4) if is_low_order(game) else leading % 4


def first_by_strength(game: Game, boards: list[tuple[int, ...] | None], tie: str) -> int:
    def key(seat):
        strength = showing_strength(game, boards[seat])
        return strength + ((_leading_suit(game, boards[seat]),) if tie == "suit" else (-seat,))

    return max((seat for seat, b in enumerate(boards) if b is not None), key=key)


def first_to_act(
    game: Game | str, boards: Sequence[Sequence[int | str] | str | None], tie: str = "seat"
) -> int:
    """The seat (0-based, in seat order) that acts first after the first betting round.

    ``boards`` holds each player's up cards in seat order; None (or ``"-"``) for a seat no
    longer in the hand. The best showing hand acts first (see showing_strength). Ties:
    ``"seat"`` (default) the first in seat order, closest to the dealer's left; ``"suit"``
    the higher suit of the board's leading card (see _leading_suit). On 7th street pass the
    same up cards as on 6th: the river is dealt down, so the order does not change.

    >>> first_to_act("stud7", ["Ah Kc", "As Kd"]), first_to_act("stud7", ["Ah Kc", "As Kd"], "suit")
    (0, 1)
    >>> first_to_act("razz", ["8c 8d", "Kh Qs", "-"])
    1
    >>> first_to_act("stud7hl", ["Kc Kd", "Ac 2d"]), first_to_act("stud7hl8", ["Kc Kd", "Ac 2d"])
    (1, 0)
    """
    game = table_game(game)
    tie = check_tie(tie)
    parsed: list[tuple[int, ...] | None] = []
    for board in boards:
        if board is None or (isinstance(board, str) and board.strip() == "-"):
            parsed.append(None)
        else:
            parsed.append(one_board(board))
    if len(parsed) > game.max_players:
        raise RulesError(f"{game.id} seats at most {game.max_players} players, got {len(parsed)}")
    live = [(b, text) for b, text in zip(parsed, boards, strict=True) if b is not None]
    if not live:
        raise RulesError("no player is in the hand: every board is '-'")
    max_up = sum(s.up for s in game.streets)
    for cards, text in live:
        if not 1 <= len(cards) <= max_up:
            shown = text if isinstance(text, str) else cards_str(cards)
            raise RulesError(
                f"board {shown!r} has {len(cards)} up cards: {game.id} shows 1 to {max_up}"
            )
    first_cards, first_text = live[0]
    for cards, text in live[1:]:
        if len(cards) != len(first_cards):
            raise RulesError(
                "boards must all have the same number of up cards: "
                f"{quote(first_text, first_cards)} has {len(first_cards)}, "
                f"{quote(text, cards)} has {len(cards)}"
            )
    check_distinct([c for cards, _ in live for c in cards])
    return first_by_strength(game, parsed, tie)


def shows_open_pair(boards: Sequence[Sequence[int | str] | str | None]) -> bool:
    """True if any board shows a pair: the condition of the open-pair option.

    >>> shows_open_pair(["8c 8d", "Kh Qs"]), shows_open_pair(["8c 9d", None])
    (True, False)
    """
    for board in boards:
        if board is None or (isinstance(board, str) and board.strip() == "-"):
            continue
        ranks = [c // 4 for c in one_board(board)]
        if len(set(ranks)) < len(ranks):
            return True
    return False
