"""Equity results: frozen dataclasses built from the engines' tallies (integer counts, or
weighted sums of them with weighted ranges).

All probabilities are fractions in [0, 1]. For Monte Carlo each carries a standard error:
sqrt(p(1-p)/n) for win/tie-like frequencies, and the sample standard deviation of the
pot share over sqrt(n) for equity (shares are tallied with their squares).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field

import numpy as np

from .cards import card_str
from .engine.showdown import (
    HIGH_TIE,
    HIGH_WIN,
    LOW_TIE,
    LOW_WIN,
    N_BINS,
    POT_UNITS,
    SHARE,
    SHARE_SQ,
    TIE,
    WIN,
)
from .eval.values import CATEGORY_NAMES

LOW_BIN_NAMES = ("no low",) + tuple(
    f"{r}-low" + (" (wheel)" if r == "5" else "") for r in "56789TJQK"
) + tuple(CATEGORY_NAMES[1:]) + ("ace high",)


# The bins (showdown.category_bin) each hand kind can fill: the high categories from high
# card up, the lows from the kind's best unpaired low down, and "no low" first (the
# distribution's dict keeps this order; best_first() gives the order a player reads).
_LOW_BINS = tuple(range(10, 27))
KIND_BINS = {
    "high": tuple(range(9)),
    "low_8": (9,) + _LOW_BINS,
    "low_a5": _LOW_BINS,
    "low_a6": _LOW_BINS,
    # Deuce-to-seven: 7-5-4-3-2 is the best, an ace tops only the unpaired ace-high hands.
    "low_27": tuple(range(12, 19)) + (27,) + tuple(range(19, 27)),
}


def best_first(kind: str) -> list[str]:
    """The bin names of a kind, the best hand first and "no low" last.

    >>> best_first("high")[:2], best_first("low_8")[:2], best_first("low_8")[-1]
    (['straight flush', 'four of a kind'], ['5-low (wheel)', '6-low'], 'no low')
    """
    names = [bin_name(b) for b in KIND_BINS[kind]]
    if kind == "high":
        return names[::-1]
    return [n for n in names if n != "no low"] + (["no low"] if "no low" in names else [])


def bin_name(index: int) -> str:
    return CATEGORY_NAMES[index] if index < 9 else LOW_BIN_NAMES[index - 9]


@dataclass(frozen=True)
class PlayerResult:
    hand: str
    win: float
    tie: float
    equity: float
    win_se: float | None = None
    tie_se: float | None = None
    equity_se: float | None = None
    equity_ci95: tuple[float, float] | None = None
    high_win: float | None = None
    high_tie: float | None = None
    low_win: float | None = None
    low_tie: float | None = None
    scoop: float | None = None
    distribution: dict[str, dict[str, float]] | None = None
    at_least: dict[str, float] | None = None  # a hand named ("two pair, aces up") or better

    def to_dict(self) -> dict:
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in asdict(self).items()
                if v is not None}


@dataclass(frozen=True)
class EquityResult:
    game: str
    method: str  # "exact" or "monte-carlo"
    samples: int  # deals (exact) or trials (Monte Carlo)
    seed: int | None
    community_card: bool
    street: str
    players: tuple[PlayerResult, ...]
    no_low: float | None = None
    no_low_se: float | None = None
    elapsed: float = field(default=0.0, compare=False)
    note: str | None = None  # e.g. that an exact answer is available at a price
    community: str | None = None  # the community card once turned ("6h"), else None
    # Played with a declaration: each player's ("high", "low", "both"), in seat order. Then
    # win is the whole pot alone (= scoop), tie a part of it, and the halves are not given.
    declarations: tuple[str, ...] | None = None

    @property
    def exact(self) -> bool:
        return self.method == "exact"

    def to_dict(self) -> dict:
        out: dict = {"game": self.game, "method": self.method}
        out["deals" if self.exact else "trials"] = self.samples
        out["seed"] = self.seed
        out["street"] = self.street
        out["community_card"] = self.community_card
        if self.community is not None:
            out["community"] = self.community
        if self.declarations is not None:
            out["declarations"] = list(self.declarations)
        if self.no_low is not None:
            out["no_low"] = self.no_low
            if self.no_low_se is not None:
                out["no_low_se"] = self.no_low_se
        out["players"] = [p.to_dict() for p in self.players]
        if self.note:
            out["note"] = self.note
        return out


def _se(p: float, n: int) -> float:
    return math.sqrt(max(p * (1.0 - p), 0.0) / n)


def build_result(
    *, game, scenario, method: str, samples: int, seed, tallies: np.ndarray,
    no_low_count: float, distribution: np.ndarray | None, elapsed: float, note: str | None = None,
    declarations: tuple[str, ...] | None = None,
) -> EquityResult:
    """Turn summed tallies ((players, N_TALLIES), int64 or float64 when weighted) into
    probabilities."""
    n = samples
    mc = method == "monte-carlo"
    players = []
    for p, hand in enumerate(scenario.hand_texts()):
        t = tallies[p].tolist()  # ints, or floats for weighted ranges (runs.run_exact)
        win, tie = t[WIN] / n, t[TIE] / n
        equity = t[SHARE] / (POT_UNITS * n)
        extra: dict = {}
        if mc:
            mean_sq = t[SHARE_SQ] / (POT_UNITS * POT_UNITS * n)
            var = max(mean_sq - equity * equity, 0.0) * n / max(n - 1, 1)
            se = math.sqrt(var / n)
            extra.update(
                win_se=_se(win, n), tie_se=_se(tie, n), equity_se=se,
                equity_ci95=(max(equity - 1.96 * se, 0.0), min(equity + 1.96 * se, 1.0)),
            )
        if game.split and declarations is None:
            extra.update(
                high_win=t[HIGH_WIN] / n, high_tie=t[HIGH_TIE] / n,
                low_win=t[LOW_WIN] / n, low_tie=t[LOW_TIE] / n, scoop=win,
            )
        elif game.split:
            extra.update(scoop=win)
        if distribution is not None:
            extra["distribution"] = _distribution(game, distribution[p], n)
        players.append(PlayerResult(hand, win, tie, equity, **extra))
    no_low = no_low_se = None
    if game.split and declarations is None:
        no_low = no_low_count / n
        no_low_se = _se(no_low, n) if mc else None
    community = None if scenario.community is None else card_str(scenario.community)
    return EquityResult(
        game.id, method, samples, seed, scenario.community_card, scenario.street,
        tuple(players), no_low, no_low_se, elapsed, note, community, declarations,
    )


def _distribution(game, counts: np.ndarray, n: int) -> dict[str, dict[str, float]]:
    """{kind: {category: probability}} for the hand kinds the game plays."""
    assert counts.shape == (N_BINS,)
    return {
        kind: {bin_name(b): counts[b].item() / n for b in KIND_BINS[kind]} for kind in game.kinds
    }
