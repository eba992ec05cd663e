"""Hand histories: one reader per room or format, all producing one hand record
(record.py) that replay.py steps through street by street. Today: PokerStars."""

from .files import parse_file
from .pokerstars import parse_text
from .record import Action, HandHistory, ParseProblem, Street

__all__ = ["Action", "HandHistory", "ParseProblem", "Street", "parse_file", "parse_text"]
