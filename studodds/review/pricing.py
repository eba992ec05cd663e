"""The pricing of stored hands, for review/costly.py: each hand read again from its file
(the bytes the database keeps, else its path: source_files.py), priced by decisions_of and
luck_of where the executor runs it (here, a thread per core; or a Dask worker). Apart
from costly.py because it loads the odds engine, which the queries of the database
(costly_decisions, luck_summary) do without: they start fast."""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from ..config import most_threads
from ..games import get_game
from ..histories.history_files import parse_bytes
from ..histories.record import HandHistory
from ..scenario import build_scenario
from .decisions import Decision, decisions_of
from .hand_rows import ids_read_as, is_stored_as
from .luck import LuckRow, luck_of
from .pricing_outcomes import Ranges, RangesError, Unpriced
from .source_files import FileUnreadable, parse_name, source_data


def check_ranges(ranges: Ranges) -> None:
    """Each range read once, on a hand of seven-card stud (the notation is every game's)."""
    texts = [ranges] if isinstance(ranges, str) else list((ranges or {}).values())
    for text in texts:
        try:
            build_scenario(get_game("stud7"), ["(x x) Kd", f"({text.strip()}) 2c"], "", None)
        except ValueError as exc:
            why = str(exc).removeprefix("player 2: ")
            raise RangesError(f"--ranges {text!r}: {why}") from None


@dataclass(frozen=True)
class _Task:
    """One hand to price, as sent to a worker (a Dask worker gets it pickled)."""

    row: int  # the hand's id in the database
    hand: HandHistory
    player: str
    ranges: Ranges
    precision: float
    seed: int


@dataclass(frozen=True)
class _Priced:
    row: int
    player: str
    decisions: tuple[Decision, ...]
    luck: tuple[LuckRow, ...]
    luck_pot: float
    problem: str | None


def hands_to_price(connection: sqlite3.Connection, rows: list, ranges: Ranges,
                   precision: float, seed: int) -> tuple[list[_Task], list[Unpriced]]:
    """The hands to price, each read again from its file (each file read and parsed once).
    rows: (hand's row id, room, hand id, source, player, settings, file, fingerprint)
    each."""
    by_file: dict[tuple[int | None, str], list] = defaultdict(list)
    for row in rows:
        by_file[row[6], row[3]].append(row)
    tasks, unpriced = [], []
    for (file, source), wanted in by_file.items():
        found, problem = _hands_in(connection, file, source)
        for row, room, hand_id, _, name, _, _, mark in wanted:
            hand = next((h for given in ids_read_as(hand_id) for h in found.get(given, ())
                         if is_stored_as(h, room, hand_id, mark)), None)
            if hand is None:
                reason = problem or "the file no longer holds this hand"
                unpriced.append(Unpriced(room, hand_id, source, reason))
            else:
                tasks.append(_Task(row, hand, name, ranges, precision, seed))
    return tasks, unpriced


def _hands_in(connection: sqlite3.Connection, file: int | None, source: str
              ) -> tuple[dict[str, list[HandHistory]], str | None]:
    """The file's hands by their id (a file may hold two hands of one id)."""
    try:
        data = source_data(connection, file, source)
    except FileUnreadable as exc:
        return {}, str(exc)
    hands, _, _ = parse_bytes(data, parse_name(source))
    by_id: dict[str, list[HandHistory]] = defaultdict(list)
    for h in hands:
        by_id[h.hand_id].append(h)
    return by_id, None


def price_hand(task: _Task) -> _Priced:
    """One hand's decisions and luck (a problem in place of the decisions when they
    cannot be priced). Runs where the executor puts it."""
    try:
        found = decisions_of(task.hand, task.player, ranges=task.ranges,
                             precision=task.precision, seed=task.seed)
        problem = None
    except ValueError as exc:
        found, problem = (), str(exc)
    try:
        luck = luck_of(task.hand, task.player, seed=task.seed)
    except ValueError:
        luck = ()  # a hand luck cannot be said of: its decisions still count
    return _Priced(task.row, task.player, found, luck, _pot_to_win(task.hand, task.player),
                   problem)


def _pot_to_win(hand: HandHistory, player: str) -> float:
    """The chips ``player`` could win at the end: from each player, up to what the player
    put in (uncalled bets returned taken out)."""
    def net(name: str) -> float:
        return hand.put_in(name) - hand.uncalled.get(name, 0.0)
    mine = net(player)
    return round(sum(min(net(name), mine) for name in hand.players), 2)


def priced_hands(tasks: Sequence[_Task], executor) -> Iterator[_Priced]:
    if executor is not None and hasattr(executor, "scheduler"):  # a DaskExecutor
        yield from _run_dask(tasks, executor)
        return
    # A LocalExecutor, or none: here: a hand per core at once (the kernels release the GIL), in order.
    at_once = max(1, min(most_threads(), len(tasks)))
    if at_once == 1:
        yield from map(price_hand, tasks)
        return
    with ThreadPoolExecutor(at_once, thread_name_prefix="studodds-price") as pool:
        yield from pool.map(price_hand, tasks)


class PricingError(ValueError):
    """The Dask cluster failed, or its workers cannot run studodds."""


def _run_dask(tasks: Sequence[_Task], executor) -> Iterator[_Priced]:
    """The hands as Dask tasks on the cluster of the batch's DaskExecutor (which checked
    that Dask is installed, and says what went wrong in starting or reaching it); results
    as they finish."""
    import distributed
    with executor:
        client = executor.client
        futures = client.map(price_hand, list(tasks), pure=False)
        for future in distributed.as_completed(futures, loop=client.loop):
            try:
                yield future.result()
            except ImportError as exc:
                raise PricingError(f"the Dask workers cannot run studodds ({exc}): install "
                                   "studodds, this version, on every worker") from None
            except Exception as exc:  # noqa: BLE001 - price_hand never raises: the cluster does
                raise PricingError(f"the Dask cluster failed ({type(exc).__name__}: {exc}); "
                                   "the hands priced so far are stored: run again to price "
                                   "the rest") from None
