"""Table rules of fixed-limit stud: who brings it in, who acts first, bet sizes, a betting round.

Rules reference: RULES.md ("Who acts first", "Betting (fixed limit)", "Where the seeds
disagree"). Where RULES.md is silent we follow Robert's Rules of Poker and say so.

Seats are 0-based indexes in seat order, closest to the dealer's left first. Cards are ids
(``rank * 4 + suit``, see cards.py) or card text (``"2c"``); a board is one player's up cards.
Suit order, used here and never at showdown: clubs < diamonds < hearts < spades.

The order of play is data (games.py): ``Game.order`` "high" (the lowest door card brings it
in, ace high; the best high board acts first) or "low" (the highest door card brings it in
and the best low board acts first), and for "low" ``Game.order_ace_low`` says whether the
ace counts low (razz: a king is the worst door card) or high (razz27: the spade ace is).
No code here branches on a game id: a new game is a row in games.py.

>>> bring_in("stud7", ["Kd", "2d", "2c", "As"])
2
>>> bring_in("razz27", ["Kd", "2d", "As"]), bring_in("razz6", ["Kd", "2d", "As"])
(2, 0)
>>> first_to_act("stud7", ["8c 8d Kh", "Qs 2c Qd", "Th Js 9d"])
1
>>> first_to_act("stud7", ["8c 8d Kh", "Qs 2c"])
Traceback (most recent call last):
...
studodds.rules.RulesError: boards must all have the same number of up cards: '8c 8d Kh' has 3, 'Qs 2c' has 2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from .cards import card_str, cards_str, parse_card, parse_cards
from .games import Game, get_game
from .messages import shown

__all__ = [
    "CAP_BETS",
    "BettingRound",
    "LegalAction",
    "LimitRow",
    "Pot",
    "RulesError",
    "Stakes",
    "bring_in",
    "first_to_act",
    "first_to_act_first_round",
    "limits",
    "showing_strength",
    "shows_open_pair",
]

CAP_BETS = 4  # one bet and three raises per round (RULES.md "Cap")
TIES = ("suit", "seat")


class RulesError(ValueError):
    """Input the table rules cannot apply to. The message is one line and quotes the input.

    >>> isinstance(RulesError("x"), ValueError)
    True
    """


# ---------------------------------------------------------------------------------------
# Inputs


def _game(game: Game | str) -> Game:
    if isinstance(game, Game):
        return game
    try:
        return get_game(game)
    except ValueError as exc:
        raise RulesError(str(exc)) from None


ORDERS = ("high", "low")


def _low_order(game: Game) -> bool:
    """True for the games played in the low order (``Game.order == "low"``, games.py).

    RULES.md "Who acts first": razz, razz6, razz27, stud5low, stud5low6 and (BARGE) the
    split game stud7hl; stud7hl8 and stud5hl play the high order. Read from the data, never
    from the game id or the hand kinds.
    """
    if game.order not in ORDERS:
        raise RulesError(
            f"game {game.id!r} has order of play {game.order!r}: expected one of "
            f"{', '.join(ORDERS)}"
        )
    return game.order == "low"


def _card(card: int | str) -> int:
    if isinstance(card, str):
        return parse_card(card)
    try:
        card_str(card)  # raises for anything but 0..51
    except (TypeError, ValueError):
        raise RulesError(f"{card!r} is not a card: give text such as 'As' or an id 0-51") from None
    return int(card)


def _board(board: Sequence[int] | str) -> tuple[int, ...]:
    if isinstance(board, str):
        return parse_cards(board)
    return tuple(_card(c) for c in board)


def _check_tie(tie: str, allowed=TIES) -> str:
    if tie not in allowed:
        raise RulesError(f"unknown tie rule {tie!r}: expected one of {', '.join(allowed)}")
    return tie


def _check_distinct(cards: Sequence[int]) -> None:
    seen = set()
    for card in cards:
        if card in seen:
            raise RulesError(f"card {card_str(card)!r} is dealt twice")
        seen.add(card)


def _order_rank(game: Game, card: int) -> int:
    """A card's rank for the order of play, larger is higher: 2=0, ..., K=11, A=12.

    In the low order with ``order_ace_low`` the ace is below the deuce: A=0, 2=1, ..., K=12.
    In the high order the ace is always high (RULES.md: "Ace is high for this purpose").
    """
    if _low_order(game) and game.order_ace_low:
        return (card // 4 + 1) % 13
    return card // 4


# ---------------------------------------------------------------------------------------
# Who acts first


def _door_cards(game: Game, door_cards) -> list[int]:
    cards = [_card(c) for c in door_cards]
    if len(cards) < 2:
        raise RulesError(f"need the door cards of at least 2 players, got {len(cards)}")
    if len(cards) > game.max_players:
        raise RulesError(f"{game.id} seats at most {game.max_players} players, got {len(cards)}")
    _check_distinct(cards)
    return cards


def _bring_in_seat(game: Game, cards: list[int], tie: str) -> int:
    if _low_order(game):
        # The worst door card: the highest rank (ace low: king worst; ace high, as in
        # razz27: the ace worst); spades worst on a tie.
        def badness(seat):
            card = cards[seat]
            return (_order_rank(game, card), card % 4 if tie == "suit" else -seat)
    else:
        # The lowest door card, ace high; clubs lowest on a tie, so 2c is the lowest card.
        def badness(seat):
            card = cards[seat]
            return (-_order_rank(game, card), -(card % 4) if tie == "suit" else -seat)
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
    studodds.rules.RulesError: card '2d' is dealt twice
    """
    game = _game(game)
    tie = _check_tie(tie)
    return _bring_in_seat(game, _door_cards(game, door_cards), tie)


def first_to_act_first_round(
    game: Game | str, door_cards: Sequence[int | str], bring_in: bool = True, tie: str = "suit"
) -> int:
    """Who acts first on the first betting round.

    With a bring-in (always in seven-card games) that is the bring-in player. Five-card stud
    may be played without one (RULES.md): then the best door card acts first and may
    check: in the high order the highest card, ace high; in the low order the lowest, the
    ace counting as the game says (``order_ace_low``). A tie is broken as for the bring-in,
    mirrored: by suit (spades best in the high order; clubs best in the low order, where
    spades are worst) or by seat.

    >>> first_to_act_first_round("stud5", ["3h", "Ad", "As"], bring_in=False)
    2
    >>> first_to_act_first_round("stud5", ["3h", "Ad", "As"])
    0
    >>> first_to_act_first_round("stud7", ["3h", "Ad"], bring_in=False)
    Traceback (most recent call last):
    ...
    studodds.rules.RulesError: stud7 always has a bring-in: only five-card stud may be played without one
    """
    game = _game(game)
    tie = _check_tie(tie)
    cards = _door_cards(game, door_cards)
    if bring_in:
        return _bring_in_seat(game, cards, tie)
    if game.hand_size != 5:
        raise RulesError(
            f"{game.id} always has a bring-in: only five-card stud may be played without one"
        )
    return _first_by_strength(game, [(c,) for c in cards], tie)


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
    (kickers count); straights and flushes on board do not count. Games of the low order (``Game.order == "low"``): the
    best low is largest: unpaired boards beat paired ones, then the lower ranks from the
    highest down, the ace low or high as ``order_ace_low`` says (ace-to-five and ace-to-six
    boards: ace low; deuce-to-seven boards: ace high, so an ace is the worst card). Straights
    and flushes on board do not count there either. Suits never count here (see
    first_to_act for ties).

    >>> showing_strength("stud7", "Ah As Kd") > showing_strength("stud7", "Ac Ad Qh")
    True
    >>> showing_strength("razz", "7c 4d") > showing_strength("razz", "7h 5d")
    True
    >>> showing_strength("razz27", "7c 5d") > showing_strength("razz27", "Ah 2d")
    True
    """
    game = _game(game)
    cards = _board(board)
    if not cards:
        raise RulesError("a board needs at least one up card")
    groups = _groups([_order_rank(game, c) for c in cards])
    if _low_order(game):
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
    counts = Counter(_order_rank(game, c) for c in cards)
    leading = max(cards, key=lambda c: (counts[_order_rank(game, c)], _order_rank(game, c),
                                        c % 4))
    return -(leading % 4) if _low_order(game) else leading % 4


def _first_by_strength(game: Game, boards: list[tuple[int, ...] | None], tie: str) -> int:
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
    game = _game(game)
    tie = _check_tie(tie)
    parsed: list[tuple[int, ...] | None] = []
    for board in boards:
        if board is None or (isinstance(board, str) and board.strip() == "-"):
            parsed.append(None)
        else:
            parsed.append(_board(board))
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
                f"{_quote(first_text, first_cards)} has {len(first_cards)}, "
                f"{_quote(text, cards)} has {len(cards)}"
            )
    _check_distinct([c for cards, _ in live for c in cards])
    return _first_by_strength(game, parsed, tie)


def _quote(text, cards) -> str:
    return repr(text.strip() if isinstance(text, str) else cards_str(cards))


def shows_open_pair(boards: Sequence[Sequence[int | str] | str | None]) -> bool:
    """True if any board shows a pair: the condition of the open-pair option.

    >>> shows_open_pair(["8c 8d", "Kh Qs"]), shows_open_pair(["8c 9d", None])
    (True, False)
    """
    for board in boards:
        if board is None or (isinstance(board, str) and board.strip() == "-"):
            continue
        ranks = [c // 4 for c in _board(board)]
        if len(set(ranks)) < len(ranks):
            return True
    return False


# ---------------------------------------------------------------------------------------
# Fixed-limit structure


# Amounts are written out in full (tables, JSON): a typo such as 1e1000000 would print
# megabytes, or overflow Decimal arithmetic (the cap is 4 big bets). A quadrillion chips
# and 20 decimal places are beyond any table, and keep every figure a few dozen digits.
MAX_AMOUNT = 10**15
MAX_DECIMALS = 20


def _decimals(value: Decimal) -> int:
    """Decimal places of a finite Decimal, trailing zeros not counted (no arithmetic: a
    huge exponent cannot overflow here)."""
    _, digits, exponent = value.as_tuple()
    significant = "".join(map(str, digits)).rstrip("0")
    if not significant:  # zero
        return 0
    return max(0, -(exponent + len(digits) - len(significant)))


def _amount(value, what: str):
    """An amount of chips or money: an int or Decimal (a float is read as its shortest text)."""
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        raise RulesError(f"{what} must be a number, got {shown(value)}")
    if isinstance(value, float):
        value = Decimal(repr(value))
    text = str(value) if isinstance(value, Decimal) else shown(value)
    text = text if len(text) <= 40 else text[:37] + "..."
    if isinstance(value, Decimal) and not value.is_finite():
        raise RulesError(f"{what} must be a finite number, got {text}")
    if value < 0:
        raise RulesError(f"{what} must not be negative, got {text}")
    if value > MAX_AMOUNT:
        raise RulesError(f"{what} must be at most {MAX_AMOUNT:,} (1e15), got {text}")
    if isinstance(value, Decimal) and _decimals(value) > MAX_DECIMALS:
        raise RulesError(f"{what} {text} has more than {MAX_DECIMALS} decimal places: round it")
    return value


@dataclass(frozen=True)
class Stakes:
    """Fixed-limit stakes: ante, bring-in, small bet, big bet (ints or Decimals).

    >>> Stakes(ante=Decimal("0.50"), bring_in=1, small_bet=2, big_bet=4).big_bet
    4
    >>> Stakes(ante=1, bring_in=5, small_bet=2, big_bet=4)
    Traceback (most recent call last):
    ...
    studodds.rules.RulesError: the bring-in (5) must not exceed the small bet (2)
    """

    ante: int | Decimal
    bring_in: int | Decimal
    small_bet: int | Decimal
    big_bet: int | Decimal

    def __post_init__(self) -> None:
        for name in ("ante", "bring_in", "small_bet", "big_bet"):
            object.__setattr__(self, name, _amount(getattr(self, name), name.replace("_", " ")))
        if self.small_bet <= 0:
            raise RulesError(f"the small bet must be positive, got {self.small_bet}")
        if self.bring_in <= 0:
            raise RulesError(f"the bring-in must be positive, got {self.bring_in}")
        if self.bring_in > self.small_bet:
            raise RulesError(
                f"the bring-in ({self.bring_in}) must not exceed the small bet ({self.small_bet})"
            )
        if self.big_bet < self.small_bet:
            raise RulesError(
                f"the big bet ({self.big_bet}) must not be below the small bet ({self.small_bet})"
            )

    def bet(self, size: str):
        """The amount of a "small" or "big" bet."""
        return self.small_bet if size == "small" else self.big_bet


@dataclass(frozen=True)
class LimitRow:
    """One betting round of a fixed-limit game.

    ``bet`` is the size of every bet and raise; ``cap`` the most one player can put in on
    the round (one bet and three raises). On the first round the bring-in is posted and
    ``complete`` is what completing it (to the small bet) comes to. ``open_pair_bet`` is
    the big bet where the open-pair option can apply (a pair showing on the second round of
    stud7 / stud5), else None; with it the cap is four big bets.
    """

    round: int  # 1-based
    street: str
    size: str  # "small" or "big"
    bet: int | Decimal
    cap: int | Decimal
    bring_in: int | Decimal | None = None
    complete: int | Decimal | None = None
    open_pair_bet: int | Decimal | None = None


def _open_pair_round(game: Game, street_index: int) -> bool:
    """The open-pair option: stud7 and stud5 only, on the second betting round.

    That is "4th street" of seven-card stud; in five-card stud (where games.py names the
    rounds 2nd to 5th street) it is the round after the second up card, as in seed 002
    ("big bets are allowed in the second round if a player has a pair").
    """
    return game.open_pair_option and street_index == 1


def limits(game: Game | str, stakes: Stakes) -> list[LimitRow]:
    """The bets of each betting round (RULES.md "Betting (fixed limit)").

    >>> [(r.street, r.bet, r.cap) for r in limits("stud7", Stakes(1, 1, 2, 4))][:3]
    [('3rd street', 2, 8), ('4th street', 2, 8), ('5th street', 4, 16)]
    >>> limits("stud7", Stakes(1, 1, 2, 4))[1].open_pair_bet
    4
    """
    game = _game(game)
    rows = []
    for i, street in enumerate(game.streets):
        bet = stakes.bet(street.bet)
        rows.append(LimitRow(
            round=i + 1, street=street.name, size=street.bet, bet=bet, cap=CAP_BETS * bet,
            bring_in=stakes.bring_in if i == 0 else None,
            complete=stakes.small_bet if i == 0 else None,
            open_pair_bet=stakes.big_bet if _open_pair_round(game, i) else None,
        ))
    return rows


# ---------------------------------------------------------------------------------------
# A betting round


@dataclass(frozen=True)
class LegalAction:
    """An action the player to act may take.

    ``to`` is the player's total for the round after it (the "raise to" amount; for fold
    and check what they already have in); ``cost`` is what it adds from their stack.
    """

    action: str  # fold, check, call, bet, raise, complete, bring-in
    to: int | Decimal
    cost: int | Decimal


@dataclass(frozen=True)
class Pot:
    """A main or side pot and the players who can win it.

    A pot with one eligible player is money only that player put in beyond what anyone
    else could match: it goes back to them.
    """

    amount: int | Decimal
    eligible: tuple


class BettingRound:
    """One fixed-limit betting round, action by action.

    ``players_in_order``: the players still in the hand (any distinct labels, e.g. seat
    numbers) in the order they act, the first to act first (on the first round the bring-in
    player, see bring_in / first_to_act_first_round). ``stacks``: each one's chips behind
    at the start of the round. ``posted``: what each has already put in this hand (antes,
    earlier rounds), and ``dead``: what each player who has already folded put in; both
    only matter for pot() and pots(). ``open_pair``: a pair shows on some board (see
    shows_open_pair); it has effect only where the game has the option, on the second round.
    ``bring_in=False``: five-card stud played without a bring-in.

    Choices where RULES.md is silent, from Robert's Rules of Poker: the bring-in is not a
    bet (completing it is the first of the four bets of the cap) and if everyone calls it,
    the bring-in player has no option; an all-in bet or raise of at least half the full
    amount counts as a full one (it reopens the betting and counts toward the cap), a
    smaller one only has to be called; a raise always adds one bet to the amount to call
    (also over a short all-in, which is not first completed); the cap applies heads-up too
    (RULES.md says "per round"). A player who may check is not offered a fold. Open pair: the option is for the opening bet (RULES.md: "if they check, the
    option passes on"); raises after a small opening bet stay small.

    >>> r = BettingRound("stud7", 0, Stakes(10, 10, 50, 100), ["A", "B", "C"], [1000] * 3)
    >>> [(a.action, a.to) for a in r.legal_actions()]
    [('bring-in', 10), ('complete', 50)]
    >>> r.act("bring-in"); [(a.action, a.to) for a in r.legal_actions()]
    [('fold', 0), ('call', 10), ('complete', 50)]
    >>> r.act("complete"); r.to_act, [(a.action, a.to) for a in r.legal_actions()]
    ('C', [('fold', 0), ('call', 50), ('raise', 100)])
    >>> r.act("raise", 200)
    Traceback (most recent call last):
    ...
    studodds.rules.RulesError: C cannot raise to 200: raise to 100
    """

    def __init__(
        self,
        game: Game | str,
        street_index: int,
        stakes: Stakes,
        players_in_order: Sequence,
        stacks: Sequence,
        open_pair: bool = False,
        bring_in: bool = True,
        posted: Sequence | None = None,
        dead: Sequence = (),
    ):
        self.game = _game(game)
        if not isinstance(stakes, Stakes):
            raise RulesError(f"stakes must be a Stakes, got {stakes!r}")
        if not 0 <= street_index < len(self.game.streets):
            raise RulesError(
                f"street index {street_index} is not a betting round of {self.game.id} "
                f"(0 to {len(self.game.streets) - 1})"
            )
        self.players = list(players_in_order)
        n = len(self.players)
        if n < 2:
            raise RulesError(f"a betting round needs at least 2 players, got {n}")
        if len(set(self.players)) != n:
            raise RulesError(f"players must be distinct: {self.players!r}")
        if len(stacks) != n:
            raise RulesError(f"{len(stacks)} stacks for {n} players: give one stack each")
        posted = [0] * n if posted is None else list(posted)
        if len(posted) != n:
            raise RulesError(f"{len(posted)} posted amounts for {n} players: give one each")
        if not bring_in and self.game.hand_size != 5:
            raise RulesError(
                f"{self.game.id} always has a bring-in: only five-card stud may be played "
                "without one"
            )
        self.stakes = stakes
        self.street_index = street_index
        self.street = self.game.streets[street_index].name
        self.stacks = [_amount(s, f"the stack of {p}") for p, s in zip(self.players, stacks,
                                                                       strict=True)]
        self.posted = [_amount(a, f"the amount posted by {p}") for p, a in
                       zip(self.players, posted, strict=True)]
        self.dead = [_amount(a, "dead money") for a in dead]
        self.round_in = [0] * n
        self.folded = [False] * n
        self.unit = stakes.bet(self.game.streets[street_index].bet)
        self.open_pair = bool(open_pair) and _open_pair_round(self.game, street_index)
        self.bets = 0  # bets and full raises made this round; the cap is CAP_BETS
        self.awaiting_bring_in = street_index == 0 and bring_in
        self.history: list[tuple] = []  # (player, action, to)
        live = [i for i in range(n) if self.stacks[i] > 0]
        self._needs = set(live)  # who must still act
        self._may_raise = set(live)  # who may still bet or raise
        self._next = 0
        if self.awaiting_bring_in and self.stacks[0] == 0:
            raise RulesError(f"the bring-in player {self.players[0]!r} has no chips to post it")

    # -- state --------------------------------------------------------------------------

    @property
    def to_match(self):
        return max(self.round_in)

    @property
    def pot(self):
        """Everything in the pot: posted, dead and this round's money."""
        return sum(self.posted) + sum(self.dead) + sum(self.round_in)

    @property
    def done(self) -> bool:
        """Every player has acted and all who have not folded have put in the same
        (or are all in), or only one player is left."""
        if sum(not f for f in self.folded) <= 1:
            return True
        if self.awaiting_bring_in:
            return False
        if not self._needs:
            return True
        # Nobody can answer a bet: at most one player has chips and they have matched.
        able = [i for i in self._active() if self.stacks[i] > 0]
        return len(able) <= 1 and all(self.round_in[i] >= self.to_match for i in able)

    @property
    def to_act(self):
        """The player to act, or None when the round is over."""
        i = self._to_act_index()
        return None if i is None else self.players[i]

    def _active(self) -> list[int]:
        return [i for i in range(len(self.players)) if not self.folded[i]]

    def _to_act_index(self) -> int | None:
        if self.done:
            return None
        n = len(self.players)
        for step in range(n):
            i = (self._next + step) % n
            if i in self._needs:
                return i
        return None  # pragma: no cover - done covers an empty _needs

    @property
    def bet_size(self):
        """The size of a bet or raise now: small or big (big once an open-pair big bet)."""
        return self.unit

    # -- actions ------------------------------------------------------------------------

    def legal_actions(self) -> list[LegalAction]:
        """What the player to act may do, with amounts; [] when the round is over."""
        i = self._to_act_index()
        if i is None:
            return []
        have, stack, to_match = self.round_in[i], self.stacks[i], self.to_match
        all_in = have + stack

        def action(name, to):
            to = min(to, all_in)
            return LegalAction(name, to, to - have)

        if self.awaiting_bring_in:
            actions = [action("bring-in", self.stakes.bring_in)]
            if self.stakes.small_bet > self.stakes.bring_in and stack > self.stakes.bring_in:
                actions.append(action("complete", self.stakes.small_bet))
            return actions
        can_raise = i in self._may_raise and self.bets < CAP_BETS and all_in > to_match
        if to_match > have:
            actions = [action("fold", have), action("call", to_match)]
        else:
            actions = [action("check", have)]
        if not can_raise:
            return actions
        if self.bets == 0 and to_match > 0:
            # Over the bring-in (or a short all-in bet) a raise completes it to a full bet.
            actions.append(action("complete", self.unit))
        elif self.bets == 0:
            actions.append(action("bet", self.unit))
            if self.open_pair and self.unit < self.stakes.big_bet:
                actions.append(action("bet", self.stakes.big_bet))
        else:
            actions.append(action("raise", to_match + self.unit))
        # Duplicate amounts (an all-in short of both bet sizes) are one choice.
        unique = []
        for a in actions:
            if a not in unique:
                unique.append(a)
        return unique

    def act(self, action: str, amount=None) -> None:
        """Take an action for the player to act. ``amount`` is the round total it comes to
        ("raise to"); it is needed only to choose between two bet sizes (open pair)."""
        i = self._to_act_index()
        if i is None:
            raise RulesError(f"the round is over: no one can {action}")
        player = self.players[i]
        legal = self.legal_actions()
        choices = [a for a in legal if a.action == action]
        if not choices:
            options = ", ".join(dict.fromkeys(a.action for a in legal))
            raise RulesError(f"{player} cannot {action} now: the options are {options}")
        if amount is None:
            if len(choices) > 1:
                sizes = " or ".join(str(a.to) for a in choices)
                raise RulesError(f"{player} must say how much to {action}: to {sizes}")
            chosen = choices[0]
        else:
            amount = _amount(amount, f"the amount to {action}")
            matching = [a for a in choices if a.to == amount]
            if not matching:
                sizes = " or ".join(str(a.to) for a in choices)
                raise RulesError(f"{player} cannot {action} to {amount}: {action} to {sizes}")
            chosen = matching[0]
        self._apply(i, chosen)

    def _apply(self, i: int, chosen: LegalAction) -> None:
        previous = self.to_match
        self.history.append((self.players[i], chosen.action, chosen.to))
        self._needs.discard(i)
        self._may_raise.discard(i)
        self._next = (i + 1) % len(self.players)
        if chosen.action == "fold":
            self.folded[i] = True
            return
        self.round_in[i] = chosen.to
        self.stacks[i] -= chosen.cost
        if chosen.action == "bring-in":
            self.awaiting_bring_in = False
            if chosen.to >= self.unit:
                # A bring-in of a full small bet is the opening bet: the next player may
                # call or raise it, there is nothing to complete (Robert's Rules).
                self.bets = 1
                others = [j for j in self._active() if j != i and self.stacks[j] > 0]
                self._may_raise = set(others)
            return
        if chosen.to <= previous:  # check or call
            return
        if chosen.action == "complete" and self.awaiting_bring_in:
            self.awaiting_bring_in = False
        if chosen.action == "bet" and chosen.to > self.unit:
            self.unit = self.stakes.big_bet  # open pair: from now on every bet is big
        full = self.unit - previous if chosen.action == "complete" else self.unit
        others = [j for j in self._active() if j != i and self.stacks[j] > 0]
        if 2 * (chosen.to - previous) >= full:
            self.bets += 1
            self._needs = set(others)
            self._may_raise = set(others)
        else:  # a short all-in: the others must call it, but it does not reopen the betting
            self._needs |= {j for j in others if self.round_in[j] < chosen.to}

    # -- pots ---------------------------------------------------------------------------

    def pots(self) -> list[Pot]:
        """The main pot, then side pots, each with the players who can win it.

        Each pot holds, from every player (folded or not, and the dead money), up to the
        next level that a player still in the hand has put in; players who put in less (all
        in) cannot win the pots above them.
        """
        contrib = [p + r for p, r in zip(self.posted, self.round_in, strict=True)]
        money = [(c, self.players[i], not self.folded[i]) for i, c in enumerate(contrib)]
        money += [(d, None, False) for d in self.dead]
        remaining = [m[0] for m in money]
        pots: list[Pot] = []
        while any(remaining):
            live = [remaining[k] for k, m in enumerate(money) if m[2] and remaining[k] > 0]
            level = min(live) if live else max(remaining)
            amount = sum(min(r, level) for r in remaining)
            eligible = tuple(m[1] for k, m in enumerate(money) if m[2] and remaining[k] > 0)
            remaining = [r - min(r, level) for r in remaining]
            if not eligible and pots:  # folded money above every live player's level
                pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
            elif not eligible:  # only dead money: it goes to whoever is still in
                pots.append(Pot(amount, tuple(m[1] for m in money if m[2])))
            elif pots and pots[-1].eligible == eligible:
                pots[-1] = Pot(pots[-1].amount + amount, eligible)
            else:
                pots.append(Pot(amount, eligible))
        return pots
