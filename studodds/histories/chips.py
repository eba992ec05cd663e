"""The chips of a hand record: what each player put in, who was all in, whether the
amounts have cents, and whether a line the reader ignored holds some chips (a player still
in short of another without being all in). Kept apart from result.py, which values hands
and so loads the evaluator: the review's import asks these without it."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
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


@dataclass(frozen=True)
class Shortfall:
    """A player still in who put in less than another still in without being all in, in
    a hand where a line was ignored: chips on that line, most likely (a call written
    "cals"). Among the players still in when a betting round ends, only one who is all in
    can have put in less than the others. line: the ignored line (number, text) that
    starts with the player's name, else the first ignored line."""

    player: str
    other: str  # a player still in who put in the most
    amount: float  # how much less
    line: tuple[int, str]


def shortfall(hh: HandHistory, put_in: Mapping[str, Decimal | float], live: Sequence[str],
              all_in: Callable[[], set[str]]) -> Shortfall | None:
    """The Shortfall of the first player still in (live) who put in less than another
    without being all in (all_in(): who is, asked only then), when the hand has an ignored
    line; else None. Without an ignored line the record is taken as it is: an all-in it
    does not mark (an old room's all-in protection for a player who lost his connection)
    keeps its side pot. Nearly every hand has none, and costs one look at its warnings."""
    ignored = lines_ignored(hh)
    if not ignored or len(live) < 2:
        return None
    chips = {name: round(float(put_in[name]), 6) for name in live}  # 0.22 as 0.22000000000000003
    top = max(chips.values())
    behind = [name for name in live if chips[name] < top and hh.stacks.get(name, 0) > 0]
    all_in_now = all_in() if behind else set()
    short = next((name for name in behind if name not in all_in_now), None)
    if short is None:
        return None
    other = next(name for name in live if chips[name] == top)
    line = next((line for line in ignored if line[1].startswith(short)), ignored[0])
    return Shortfall(short, other, round(top - chips[short], 6), line)


def shortfall_at_the_end(hh: HandHistory) -> Shortfall | None:
    """shortfall() over the whole hand (the review's import asks it of each hand)."""
    if not lines_ignored(hh):  # nearly every hand: no chips to add up
        return None
    put_in = put_in_at_the_end(hh)
    if any(amount < 0 for amount in put_in.values()):
        return None
    return shortfall(hh, put_in, hh.live_players(len(hh.streets)),
                     lambda: all_in_at_the_end(hh, put_in))


def lines_ignored(hh: HandHistory) -> list[tuple[int, str]]:
    """(line, text) of each line of the hand its reader ignored (builder.warn's words:
    "line 17: Bob: cals $1.50 (line ignored)")."""
    return [(int(said[1]), said[2]) for warning in hh.warnings
            if (said := _IGNORED.fullmatch(warning))]


_IGNORED = re.compile(r"line (\d+): (.*) \(line ignored\)", re.DOTALL)


def all_in_at_the_end(hh: HandHistory, put_in: Mapping[str, Decimal | float]) -> set[str]:
    """Players all in by the end of the hand: marked all in by the file, or whose chips in
    the pot reach their stack (some rooms write no all-in mark)."""
    marked = {a.player for street in hh.streets for a in street.actions if a.all_in}
    return marked | {name for name, chips in put_in.items()
                     if hh.stacks.get(name, 0) > 0 and chips >= hh.stacks[name] - 1e-9}


def in_cents(hh: HandHistory) -> bool:
    """Whether any amount of the hand has cents: money, written 4.90 as the file does.
    Tournament chips are whole."""
    amounts = [hh.small_bet, hh.big_bet, hh.ante, hh.bring_in, hh.total_pot, hh.rake,
               *hh.stacks.values(), *hh.collected.values(), *hh.uncalled.values()]
    amounts += [x for street in hh.streets for a in street.actions for x in (a.amount, a.to)]
    return any(record_amount(x) % 1 for x in amounts if x is not None)


def shortfall_text(short: Shortfall, money: Callable[[float], str],
                   line_number: bool = True) -> str:
    """'Hero put in 2.00 less than Bob Smith without being all in: some of Hero's chips are
    on a line that was ignored ('Hero: cals $2', line 21)'; money writes an amount."""
    line, text = short.line
    where = f"'{text}', line {line}" if line_number else f"'{text}'"
    return (f"{short.player} put in {money(short.amount)} less than {short.other} without "
            f"being all in: some of {short.player}'s chips are on a line that was ignored "
            f"({where})")
