"""Fixed-limit stakes and the bets of each betting round (small, big, open pair, cap)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from ..games import Game
from ..messages import shown
from .common import RulesError, check_no_bring_in, table_game

# Amounts are written out in full (tables, JSON): a typo such as 1e1000000 would print
# megabytes, or overflow Decimal arithmetic (the cap is 4 big bets). A quadrillion chips
# and 20 decimal places are beyond any table, and keep every figure a few dozen digits.
MAX_AMOUNT = 10**15
MAX_DECIMALS = 20
CAP_BETS = 4  # one bet and three raises per round (docs/rules.md, "Fixed-limit betting")


def _decimals(value: Decimal) -> int:
    """Decimal places of a finite Decimal, trailing zeros not counted (no arithmetic: a
    huge exponent cannot overflow here)."""
    _, digits, exponent = value.as_tuple()
    assert isinstance(exponent, int)  # finite: 'n', 'N' and 'F' mark NaN and infinity
    significant = "".join(map(str, digits)).rstrip("0")
    if not significant:  # zero
        return 0
    return max(0, -(exponent + len(digits) - len(significant)))


def checked_amount(value: object, what: str) -> int | Decimal:
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
    studodds.table.RulesError: the bring-in (5) must not exceed the small bet (2)
    """

    ante: int | Decimal
    bring_in: int | Decimal
    small_bet: int | Decimal
    big_bet: int | Decimal

    def __post_init__(self) -> None:
        for name in ("ante", "bring_in", "small_bet", "big_bet"):
            value = checked_amount(getattr(self, name), name.replace("_", " "))
            object.__setattr__(self, name, value)
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

    def bet(self, size: str) -> int | Decimal:
        """The amount of a "small" or "big" bet."""
        return self.small_bet if size == "small" else self.big_bet


@dataclass(frozen=True)
class LimitRow:
    """One betting round of a fixed-limit game.

    ``bet`` is the size of every bet and raise; ``cap`` the most one player can put in on
    the round (one bet and three raises). On the first round the bring-in is posted and
    ``complete`` is what completing it (to the small bet) comes to. ``open_pair_bet`` is
    the big bet on the round where the open-pair option can apply (the second round of a
    game with ``Game.open_pair_option``: stud7, stud5), else None: with a pair showing on
    any board, any player may bet it instead of the small bet or, after a small bet, raise
    by it; once a big bet or raise is made, every bet and raise of the round is big.
    ``open_pair_cap`` is then the most one player can put in: four big bets. The cap still
    counts one bet and three raises whatever their size, so a small bet and three big
    raises come to less.
    """

    round: int  # 1-based
    street: str
    size: str  # "small" or "big"
    bet: int | Decimal
    cap: int | Decimal
    bring_in: int | Decimal | None = None
    complete: int | Decimal | None = None
    open_pair_bet: int | Decimal | None = None
    open_pair_cap: int | Decimal | None = None


def open_pair_round(game: Game, street_index: int) -> bool:
    """The open-pair option: games with ``Game.open_pair_option`` (stud7 and stud5; not the
    split or low games), on the second betting round only.

    That is "4th street" of seven-card stud; in five-card stud (where games.py names the
    rounds 2nd to 5th street) it is the round after the second up card, as in seed 002
    ("big bets are allowed in the second round if a player has a pair").
    """
    return game.open_pair_option and street_index == 1


def limits(game: Game | str, stakes: Stakes, bring_in: bool = True) -> list[LimitRow]:
    """The bets of each betting round (docs/rules.md, "Fixed-limit betting").

    ``bring_in=False``: five-card stud played without a bring-in (docs/rules.md, "Five-card
    stud without a bring-in"): the first round has no bring-in to post or complete
    (``stakes.bring_in`` is not used), its first player may check or bet the small bet.

    >>> [(r.street, r.bet, r.cap) for r in limits("stud7", Stakes(1, 1, 2, 4))][:3]
    [('3rd street', 2, 8), ('4th street', 2, 8), ('5th street', 4, 16)]
    >>> row = limits("stud7", Stakes(1, 1, 2, 4))[1]
    >>> row.open_pair_bet, row.open_pair_cap
    (4, 16)
    """
    game = table_game(game)
    if not bring_in:
        check_no_bring_in(game)
    rows = []
    for i, street in enumerate(game.streets):
        bet = stakes.bet(street.bet)
        open_pair = open_pair_round(game, i)
        rows.append(LimitRow(
            round=i + 1, street=street.name, size=street.bet, bet=bet, cap=CAP_BETS * bet,
            bring_in=stakes.bring_in if i == 0 and bring_in else None,
            complete=stakes.small_bet if i == 0 and bring_in else None,
            open_pair_bet=stakes.big_bet if open_pair else None,
            open_pair_cap=CAP_BETS * stakes.big_bet if open_pair else None,
        ))
    return rows
