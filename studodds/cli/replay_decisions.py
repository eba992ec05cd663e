"""`studodds replay --decisions`, rendered: each decision with its price, as a table, JSON
or CSV, with the sentence saying what the price ignores (review.decisions.IGNORES)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields

from ..review.decisions import IGNORES, Decision
from . import render
from .untrusted import visible

HEADERS = [f.name for f in fields(Decision)]


def decisions_report(decisions: Sequence[Decision]) -> render.Report:
    return render.Report(
        json=lambda: {"decisions": [d.to_dict() for d in decisions], "note": IGNORES},
        csv=lambda: (HEADERS, [[_cell(getattr(d, h)) for h in HEADERS] for d in decisions]),
        table=lambda: _table(decisions))


def _cell(value):
    return "" if value is None else value


def _table(decisions: Sequence[Decision]) -> str:
    ranged = any(d.ranges != "random" for d in decisions)
    headers = ["hand", "player", "street", "action", "to call", "pot", "needs", "equity",
               "cost (big bets)"] + (["ranges"] if ranged else [])
    rows = []
    for d in decisions:
        equity = f"{100 * d.equity:.1f}%" + ("" if d.method == "exact"
                                             else f" +-{100 * d.equity_se:.1f}")
        row = [d.hand_id, d.player, d.street, d.kind,
               _chips(d.facing), _chips(d.pot),
               "" if d.needed is None else f"{100 * d.needed:.1f}%", equity,
               "" if d.cost_big_bets is None else f"{d.cost_big_bets:.2f}"]
        rows.append(row + ([d.ranges] if ranged else []))
    worst = max((d for d in decisions if d.cost_big_bets), key=lambda d: d.cost_big_bets or 0.0,
                default=None)
    lines = [render.render_table(headers, rows), ""]
    if worst is not None:
        lines.append(f"costliest: hand {visible(worst.hand_id)}, {worst.street} street, "
                     f"{worst.kind}: {worst.cost_big_bets:.2f} big bets")
    lines += [
        ("needs: the equity a call needs, to call / (pot + to call); equity: as the player "
         "saw the cards (+- its standard error when sampled); cost: a call with less equity "
         "than it needs, or a fold with more, in big bets on the pot after the call"),
        IGNORES,
    ]
    return "\n".join(lines)


def _chips(x: float) -> str:
    return f"{x:g}"
