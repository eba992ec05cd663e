"""The starting classes, kept importable here (they live in studodds/starting/classes.py,
among the table's words, since ranges read them too)."""

from ..starting.classes import *
from ..starting.classes import __all__  # noqa: F401
