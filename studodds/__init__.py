"""studodds: stud poker odds. Card id = rank * 4 + suit (see studodds.cards)."""

from .eval import Evaluation, evaluate, evaluate_batch

__version__ = "0.1.0"
__all__ = ["Evaluation", "__version__", "evaluate", "evaluate_batch"]
