"""studodds: stud poker odds. Card id = rank * 4 + suit (see studodds.cards).

>>> import studodds
>>> result = studodds.equity("stud7", ["(As Ks) Ah Kh Qh Jh (2c)", "(Qs Qd) Qc 2d 3d 4d (5d)"])
>>> [p.equity for p in result.players]
[0.0, 1.0]
"""

import sys
import types
from importlib import import_module
from typing import TYPE_CHECKING

__version__ = "0.1.0"

# Where each public name lives. They are imported on first use (PEP 562), so that a
# command that computes nothing (`studodds --help`, `rules`) never loads numba.
_PUBLIC = {
    # the questions
    "equity": "equity", "next_card_table": "whatif", "pot_odds": "whatif",
    "declare_table": "declare", "own_odds": "own", "how_often_dealt": "starting.dealt",
    "range_holdings": "holdings", "replay_hand": "histories.replay", "parse_file": "histories",
    "parse_text": "histories",
    # the named ranges a hand may use as (@name) Kd, and a file of one's own
    "named_ranges": "starting.named_ranges", "using_range_file": "starting.named_ranges",
    # how they are answered
    "Method": "method", "RunEstimate": "method",
    # what they return
    "EquityResult": "results", "PlayerResult": "results", "NextCardTable": "whatif",
    "DeclareTable": "declare", "OwnOdds": "own", "HowOftenDealt": "starting.dealt",
    "HandReplay": "histories.replay", "HandHistory": "histories", "RangeHoldings": "holdings",
    # hands and their values
    "GAMES": "games", "Evaluation": "eval", "evaluate": "eval", "evaluate_batch": "eval",
    "describe": "eval", "category_name": "eval", "CATEGORY_NAMES": "eval.values",
    # what a bad input raises (NotationError, ScenarioError and OptionError are kinds of it)
    "InputError": "messages",
}
__all__ = [
    "CATEGORY_NAMES",
    "GAMES",
    "DeclareTable",
    "EquityResult",
    "Evaluation",
    "HandHistory",
    "HandReplay",
    "HowOftenDealt",
    "InputError",
    "Method",
    "NextCardTable",
    "OwnOdds",
    "PlayerResult",
    "RangeHoldings",
    "RunEstimate",
    "__version__",
    "category_name",
    "declare_table",
    "describe",
    "equity",
    "evaluate",
    "evaluate_batch",
    "how_often_dealt",
    "named_ranges",
    "next_card_table",
    "own_odds",
    "parse_file",
    "parse_text",
    "pot_odds",
    "range_holdings",
    "replay_hand",
    "using_range_file",
]  # _PUBLIC's names, written out for type checkers (tests/test_public_api.py)


if TYPE_CHECKING:  # what a type checker sees; at run time __getattr__ imports on use
    from .declare import DeclareTable, declare_table
    from .equity import equity
    from .eval import Evaluation, category_name, describe, evaluate, evaluate_batch
    from .eval.values import CATEGORY_NAMES
    from .games import GAMES
    from .histories import HandHistory, parse_file, parse_text
    from .histories.replay import HandReplay, replay_hand
    from .holdings import RangeHoldings, range_holdings
    from .messages import InputError
    from .method import Method, RunEstimate
    from .own import OwnOdds, own_odds
    from .results import EquityResult, PlayerResult
    from .starting.dealt import HowOftenDealt, how_often_dealt
    from .starting.named_ranges import named_ranges, using_range_file
    from .whatif import NextCardTable, next_card_table, pot_odds


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
