"""What a ranged player may hold: every combination of hole cards his range allows, given
every card seen (the other hands' known cards and the dead cards), with its weight. These
are the combinations the engine deals his hole cards from (docs/hands.md, "Ranges").

>>> h = range_holdings("stud7", ["(Qs Qd) 8c", "(K? K? | A? A?) Kd"], player=2)
>>> len(h), h.holes[:2]
(9, (('Kc', 'Kh'), ('Kc', 'Ks')))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import StudHand, card_str
from .games import Game
from .messages import OptionError, option, shown, whole_number
from .scenario import build_scenario


@dataclass(frozen=True)
class RangeHoldings:
    """player: 1-based; hand: as written; holes: each combination's cards (card text, in
    deck order); weights: each combination's weight (1.0 without weights)."""

    game: str
    player: int
    hand: str
    holes: tuple[tuple[str, ...], ...]
    weights: tuple[float, ...]

    def __len__(self) -> int:
        return len(self.holes)

    def to_dict(self) -> dict:
        return {"game": self.game, "player": self.player, "hand": self.hand,
                "holes": [" ".join(h) for h in self.holes], "weights": list(self.weights)}


def range_holdings(game: str | Game, hands: Sequence[str | StudHand],
                   dead: str | Sequence = (), *, player: int = 1) -> RangeHoldings:
    """The hole cards player N (1-based) may hold, as the cards lie: his range's every
    combination that no other card seen takes. Each other hand's range is not applied (a
    combination is counted once for him, whatever the others may hold)."""
    scenario = build_scenario(game, hands, dead)
    if not whole_number(player) or not 1 <= player <= scenario.n_players:
        raise OptionError(f"{option('player')} {shown(player)}: no such player; the players "
                          f"are 1-{scenario.n_players}", fields=("player",))
    ranged = [r for r in scenario.ranges if r.player == player - 1]
    if not ranged:
        raise OptionError(
            f"{option('player')} {player}: {str(scenario.hands[player - 1])!r} has no range "
            "in the hole: write one, e.g. '(K? ??) Kd'", players=(player - 1,),
            fields=("player",))
    (held,) = ranged
    weights = held.weights or (1.0,) * len(held.combos)
    return RangeHoldings(
        scenario.game.id, player, str(scenario.hands[player - 1]),
        tuple(tuple(card_str(c) for c in sorted(combo)) for combo in held.combos),
        tuple(float(w) for w in weights),
    )


__all__ = ["RangeHoldings", "range_holdings"]
