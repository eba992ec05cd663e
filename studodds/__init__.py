"""studodds: stud poker odds. Card id = rank * 4 + suit (see studodds.cards).

>>> import studodds
>>> result = studodds.equity("stud7", ["(As Ks) Ah Kh Qh Jh (2c)", "(Qs Qd) Qc 2d 3d 4d (5d)"])
>>> [p.equity for p in result.players]
[0.0, 1.0]
"""

import sys
import types
from importlib import import_module

__version__ = "0.1.0"

# Where each public name lives. They are imported on first use (PEP 562), so that a
# command that computes nothing (`studodds --help`, `rules`) never loads numba.
_PUBLIC = {
    "GAMES": "games", "EquityResult": "results", "PlayerResult": "results",
    "Evaluation": "eval", "evaluate": "eval", "evaluate_batch": "eval",
    "equity": "equity", "next_card_table": "whatif", "pot_odds": "whatif",
    "own_odds": "own", "OwnOdds": "own",
    "named_ranges": "starting.named_ranges", "using_range_file": "starting.named_ranges",
}
__all__ = [
    "GAMES", "EquityResult", "Evaluation", "OwnOdds", "PlayerResult", "__version__", "equity",
    "evaluate", "evaluate_batch", "named_ranges", "next_card_table", "own_odds", "pot_odds",
    "using_range_file",
]


def __getattr__(name: str):
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module 'studodds' has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value  # once: later lookups do not come here
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_PUBLIC))


class _Package(types.ModuleType):
    """studodds.equity is the function; the module of the same name stays in sys.modules
    (importing it would otherwise bind the module over the name, as eager imports did not)."""

    def __setattr__(self, name: str, value) -> None:
        if name in _PUBLIC and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
