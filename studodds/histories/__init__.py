"""Hand histories: one reader per room or format, all producing one hand record
(record.py) that replay.py steps through street by street. readers.py lists the rooms and
formats read; formats.py recognises a file's room from its content."""

from .formats import FileKind, identify
from .history_files import FileRefused, identify_file, parse_file
from .pokerstars import parse_text
from .record import Action, HandHistory, ParseProblem, Street

__all__ = ["Action", "FileKind", "FileRefused", "HandHistory", "ParseProblem", "Street",
           "identify", "identify_file", "parse_file", "parse_text"]
