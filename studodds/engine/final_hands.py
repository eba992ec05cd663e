"""Every way one hand can end: the value of each completion of a player's known cards,
tallied by value, counted exactly.

One hand's completions are few enough to visit every one (211,876 for a seven-card hand
on 3rd street, 133,784,560 for seven unseen cards), so this counts, never samples. The
values come from the heads-up counting's kernel (headsup_kernels.completion_values: the
same evaluator, already compiled by `studodds warm`), a slice of completions at a time so
that memory stays small whatever the count; each slice's values are tallied by numpy.

The tally of a kind is over every value that kind can take (``possible_values``), so two
tallies of one kind add up index by index. For a split game the high and low values of
each completion are also tallied together, the high one by its category and top rank
(value >> 16: what "aces up or better" or "a king-high flush or better" asks), so that
"a low and a high at once" can be read off for any such pair of thresholds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from math import comb

import numpy as np

from ..eval.kernels import (
    FLUSH_27,
    FLUSH_A6,
    FLUSH_HIGH,
    HIGH,
    KIND_CODES,
    LOW_27,
    LOW_A5,
    LOW_A6,
    key_and_suits,
)
from ..eval.values import EIGHT_OR_BETTER_MIN, NO_LOW
from .chunked import run_chunked
from .counting_args import CompletionChunks, Completions
from .exact import binomial_table
from .headsup import first_completions
from .headsup_kernels import completion_values
from .kernel_args import kernel_arguments

# Completions valued per slice: 4 M values of 8 bytes, 32 MB, then tallied.
SLICE = 1 << 22
# Parts a slice is cut into for the threads (run_chunked hands them out).
PARTS = 64
# The high value's bits kept in the joint tally: its category and top rank.
HIGH_TOP_SHIFT = 16


@cache
def possible_values(kind: str) -> np.ndarray:
    """Every value a hand of this kind can have (5 to 7 cards), ascending: the values of
    the evaluator's tables (a 6- or 7-card hand is worth one of its five-card hands)."""
    tables = {
        "high": (HIGH, FLUSH_HIGH), "low_a5": (LOW_A5,), "low_a6": (LOW_A6, FLUSH_A6),
        "low_27": (LOW_27, FLUSH_27),
    }
    if kind == "low_8":
        lows = np.asarray(LOW_A5, dtype=np.int64)
        return np.unique(np.concatenate([lows[lows >= EIGHT_OR_BETTER_MIN], [NO_LOW]]))
    values = np.concatenate([np.asarray(t, dtype=np.int64).ravel() for t in tables[kind]])
    # 0 fills the rows of fewer than five cards and -1 the unused slots: no hand has either
    return np.unique(values[values > 0])


@cache
def _value_index(kind: str) -> np.ndarray:
    """index[value] = the value's place in possible_values(kind): a tally's bin."""
    values = possible_values(kind)
    index = np.full(int(values[-1]) + 1, -1, dtype=np.int32)
    index[values] = np.arange(len(values), dtype=np.int32)
    return index


@dataclass(frozen=True)
class FinalHandCounts:
    """How many completions end in each value.

    kinds: the hand kinds tallied. counts[kind][i]: completions whose value of that kind is
    possible_values(kind)[i]. joint (two kinds, high then low; else None):
    joint[t, j] = completions whose high value >> HIGH_TOP_SHIFT is t and whose low value
    is possible_values(low)[j]. total: every completion, C(len(pool), draw)."""

    kinds: tuple[str, ...]
    counts: dict[str, np.ndarray]
    joint: np.ndarray | None
    total: int


def count_final_hands(kinds: Sequence[str], known: Sequence[int], pool: Sequence[int],
                      draw: int, progress: Callable[[float], None] | None = None,
                      threads: int | None = None) -> FinalHandCounts:
    """Tally the value of every completion of `known` with `draw` cards from `pool`, for
    each kind (a split game's two: high first)."""
    kinds = tuple(kinds)
    pool_array = np.asarray(pool, dtype=np.int64)
    total = comb(len(pool_array), draw)
    binom = binomial_table(len(pool_array) + 1, max(draw, 1) + 1)
    base_key, base_suits = key_and_suits(list(known))
    counts = {kind: np.zeros(len(possible_values(kind)), dtype=np.int64) for kind in kinds}
    joint = None
    if len(kinds) == 2:
        top_bins = (int(possible_values(kinds[0])[-1]) >> HIGH_TOP_SHIFT) + 1
        joint = np.zeros((top_bins, len(possible_values(kinds[1]))), dtype=np.int64)
    values = np.empty(min(total, SLICE), dtype=np.int64)
    for lo in range(0, total, SLICE):
        hi = min(total, lo + SLICE)
        bounds = np.unique(np.linspace(lo, hi, PARTS + 1).astype(np.int64))
        starts = first_completions(bounds, draw, binom)
        bins = []
        for kind in kinds:
            out = values[: hi - lo]
            side = Completions(kind=KIND_CODES[kind], pool=pool_array, n_cards=draw,
                               base_key=base_key, base_suits=base_suits, n_known=len(known))
            # a copy of the starts: the kernel steps them through the chunks
            completion_chunks = CompletionChunks(bounds=bounds, starts=starts.copy())
            run_chunked(completion_values, len(bounds) - 1,
                        *kernel_arguments(completion_values, side, completion_chunks,
                                          offset=lo, out=out),
                        threads=threads)
            where = _value_index(kind)[out]
            counts[kind] += np.bincount(where, minlength=len(counts[kind]))
            if joint is not None:
                bins.append(out >> HIGH_TOP_SHIFT if kind == kinds[0] else where)
        if joint is not None:
            flat = bins[0] * joint.shape[1] + bins[1]
            joint += np.bincount(flat, minlength=joint.size).reshape(joint.shape)
        if progress is not None:
            progress(hi / total)
    return FinalHandCounts(kinds, counts, joint, total)
