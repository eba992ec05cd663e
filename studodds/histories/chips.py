"""The chips of a hand record: what each player put in, who was all in, and whether the
record misses some chips (a live player short of another without being all in). Apart
from result.py, which values hands (and so loads the odds engine's evaluator): the review
import asks these without it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

from .record import HandHistory


def record_amount(amount: float) -> Decimal:
    """An amount of the record as the decimal the file wrote (0.4, not 0.4000000000000000222)."""
    return Decimal(repr(float(amount)))


def put_in_at_the_end(hh: HandHistory) -> dict[str, Decimal]:
    """Each player's chips in the pot, the uncalled bets returned taken off, summed action
    by action in decimals (a float sum of 0.4 + 1 + 3 is not 4.4)."""
    return {name: sum((record_amount(a.amount) for street in hh.streets for a in street.actions
                       if a.player == name), Decimal(0)) - record_amount(hh.uncalled.get(name, 0.0))
            for name in hh.players}


def chips_missing(hh: HandHistory) -> str | None:
    """The player still in at the end whose chips in the pot fall short of another's
    without being all in (short_without_all_in: the file misses some of them), or None."""
    put_in = put_in_at_the_end(hh)
    live = hh.live_players(len(hh.streets))
    if len(live) < 2 or any(amount < 0 for amount in put_in.values()):
        return None
    return short_without_all_in(hh, put_in, live, all_in_at_the_end(hh, put_in))


def all_in_at_the_end(hh: HandHistory, put_in: Mapping[str, Decimal | float]) -> set[str]:
    """Players all in by the end of the hand: marked all in by the file, or whose chips in
    the pot reach their stack (some rooms write no all-in mark)."""
    marked = {a.player for street in hh.streets for a in street.actions if a.all_in}
    return marked | {name for name, chips in put_in.items()
                     if hh.stacks.get(name, 0) > 0 and chips >= hh.stacks[name] - 1e-9}


def short_without_all_in(hh: HandHistory, put_in: Mapping[str, Decimal | float],
                         live: Sequence[str], all_in: set[str]) -> str | None:
    """The first live player who put in less than another live player without being all in
    (and whose stack the file gives), or None. Only an all-in player can be short of the
    others: anyone else's missing chips are a line the file garbled (a call written
    "cals"), and the pot they seem to leave is no side pot."""
    chips = {name: round(float(put_in[name]), 6) for name in live}  # 0.22 as 0.22000000000000003
    top = max(chips.values())
    return next((name for name in live if chips[name] < top and name not in all_in
                 and hh.stacks.get(name, 0) > 0), None)
