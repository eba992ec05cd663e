"""studodds: stud poker odds. Card id = rank * 4 + suit (see studodds.cards).

>>> import studodds
>>> result = studodds.equity("stud7", ["(As Ks) Ah Kh Qh Jh (2c)", "(Qs Qd) Qc 2d 3d 4d (5d)"])
>>> [p.equity for p in result.players]
[0.0, 1.0]
"""

from .equity import equity
from .eval import Evaluation, evaluate, evaluate_batch
from .games import GAMES
from .results import EquityResult, PlayerResult
from .whatif import next_card_table, pot_odds

__version__ = "0.1.0"
__all__ = [
    "GAMES", "EquityResult", "Evaluation", "PlayerResult", "__version__", "equity", "evaluate",
    "evaluate_batch", "next_card_table", "pot_odds",
]
