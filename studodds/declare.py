"""Which way to declare: a player's equity for high, low and both, against every way the
others may declare (docs/rules.md, "Declare"; stud5hl and stud7hl played with a declaration).

Declarations are made at once, so a player choosing does not know the others'. The table
answers the coach's question row by row: if the others declare so, what does each of my
three choices win? All 3**n rows are settled from one pass over the deals (every deal is
settled under every row), so the rows of a sampled table share the same deals and compare
like with like; small tables are exact, as for equity().
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Unpack

import numpy as np

from .engine.runs import DeclarationRows
from .engine.showdown import POT_UNITS
from .equity import DECLARATIONS, run_engine
from .games import DECLARE_GAMES, Game, as_game
from .messages import OptionError, option, shown, whole_number
from .method import Method, MethodOptions
from .scenario import build_scenario

CHOICES = ("high", "low", "both")  # also the order in which a tie for best is broken
# 3**(n-1) rows and 3**n settlements of every deal: 8 players (2,187 rows) is the most a
# table can show; the five-card games seat 10, but 19,683 rows is no table anyone reads.
MAX_PLAYERS = 8


@dataclass(frozen=True)
class DeclareRow:
    others: tuple[str, ...]  # the other players' declarations, seat order, without the player
    high: float  # the player's equity when declaring high
    low: float
    both: float
    best: str  # the best of the three (a tie goes to the first of high, low, both)
    high_se: float | None = None
    low_se: float | None = None
    both_se: float | None = None

    def to_dict(self) -> dict:
        out = {"others": list(self.others), "high": self.high, "low": self.low,
               "both": self.both, "best": self.best}
        if self.high_se is not None:
            out.update(high_se=self.high_se, low_se=self.low_se, both_se=self.both_se)
        return out


@dataclass(frozen=True)
class DeclareTable:
    game: str
    player: int  # 1-based
    hands: tuple[str, ...]
    street: str
    method: str  # "exact" or "monte-carlo"
    samples: int  # deals (exact) or trials
    seed: int | None
    rows: tuple[DeclareRow, ...]
    elapsed: float = 0.0

    @property
    def exact(self) -> bool:
        return self.method == "exact"

    def to_dict(self) -> dict:
        out: dict = {"game": self.game, "player": self.player, "method": self.method}
        out["deals" if self.exact else "trials"] = self.samples
        out["seed"] = self.seed
        out["street"] = self.street
        out["hands"] = list(self.hands)
        out["rows"] = [r.to_dict() for r in self.rows]
        return out


def declaration_rows(n_players: int, player: int) -> tuple[list[tuple[str, ...]], np.ndarray]:
    """The others' declaration tuples (in the order of itertools.product over CHOICES) and
    every full row of codes, three per tuple (the player's high, low, both)."""
    others = list(itertools.product(CHOICES, repeat=n_players - 1))
    rows = []
    for combo in others:
        for mine in CHOICES:
            row = list(combo[:player]) + [mine] + list(combo[player:])
            rows.append([DECLARATIONS[w] for w in row])
    return others, np.array(rows, dtype=np.int64).reshape(len(rows), n_players)


def declare_table(
    game: str | Game,
    hands: Sequence[str],
    dead: str | Sequence = (),
    *,
    player: int = 1,
    community: str | int | None = None,
    method: Method | None = None,
    **options: Unpack[MethodOptions],
) -> DeclareTable:
    """Player N's equity for each declaration, against every declaration of the others.

    method: how it is answered (studodds.Method), or its fields as keywords, as for equity().

    The first player holds the wheel (a straight for high, the best low), the second a
    full house: declaring low is best whatever the other does. Against a swing, declaring
    low the wheel busts it; if both swing, the wheel loses the high and the full house
    the low, both are removed, and the pot splits as if nobody had declared (half each).

    >>> t = declare_table("stud5hl", ["(As) 2c 3d 4h 5s", "(Kd) Kh Ks 9c 9d"])
    >>> [(r.others, r.high, r.low, r.both, r.best) for r in t.rows]
    [(('high',), 0.0, 0.5, 0.0, 'low'), (('low',), 0.5, 1.0, 1.0, 'low'), (('both',), 0.0, 1.0, 0.5, 'low')]
    """
    method = Method.of(method, options)  # every option before any work
    game = as_game(game)
    if not game.declare:
        offered = ", ".join(DECLARE_GAMES)
        raise OptionError(f"declare: {game.name} is not played with a declaration ({offered} are)",
                          fields=("declare",))
    scenario = build_scenario(game, hands, dead, community)
    n = scenario.n_players
    if not whole_number(player) or not 1 <= player <= n:
        raise OptionError(f"{option('player')} {shown(player)}: no such player; the players "
                          f"are 1-{n}", fields=("player",))
    if n > MAX_PLAYERS:
        raise OptionError(
            f"declare: {n} players make {3 ** (n - 1):,} rows of the others' declarations; "
            f"the declare table shows at most {MAX_PLAYERS} players: list only the players "
            "still in"
        )
    others, rows = declaration_rows(n, player - 1)
    run = run_engine(scenario, method, declaration_rows=DeclarationRows(rows, player - 1))
    tallies = run.declare_tallies
    samples = run.samples
    mc = run.method == "monte-carlo"
    out = []
    for i, combo in enumerate(others):
        equities, errors = [], []
        for j in range(3):
            share, share_sq = tallies[3 * i + j, :2].tolist()  # floats if ranges weigh
            mean = share / (POT_UNITS * samples)
            equities.append(mean)
            if mc:
                mean_sq = share_sq / (POT_UNITS * POT_UNITS * samples)
                var = max(mean_sq - mean * mean, 0.0) * samples / max(samples - 1, 1)
                errors.append(math.sqrt(var / samples))
        # The best by the integer shares, so equal equities never differ by rounding; with
        # weighted ranges the shares are float sums, compared to 12 significant digits.
        shares = [float(f"{tallies[3 * i + j, 0].item():.12g}") for j in range(3)]
        best = CHOICES[shares.index(max(shares))]
        out.append(DeclareRow(combo, *equities, best, *(errors if mc else (None,) * 3)))
    return DeclareTable(
        game.id, player, scenario.hand_texts(), scenario.street, run.method, samples, run.seed,
        tuple(out), run.elapsed,
    )


__all__ = ["CHOICES", "DeclareRow", "DeclareTable", "declare_table"]
