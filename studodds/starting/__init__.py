"""Starting hands, as the table's words: the classes a chart ranks (classes.py), the same
by door card, buried and split pairs told apart (door.py), how often a hand is dealt
(dealt.py) and the ranking behind ``topX%`` ranges (top.py). Pure Python and package
data: no engine.

Every class of a game is ``classes.classes(game)``: the function keeps its module's name,
so it is not re-exported here (it would hide the module ``studodds.starting.classes``)."""

from .classes import (
    CATEGORIES,
    SELECTIONS,
    StartingClass,
    class_by_label,
    class_of,
    hands_of,
    select,
)
from .dealt import HowOftenDealt, how_often_dealt
from .door import DoorClass, door_class_of, door_classes
from .top import in_top, ranked_codes, top_codes, top_share

__all__ = [
    "CATEGORIES",
    "SELECTIONS",
    "DoorClass",
    "HowOftenDealt",
    "StartingClass",
    "class_by_label",
    "class_of",
    "door_class_of",
    "door_classes",
    "hands_of",
    "how_often_dealt",
    "in_top",
    "ranked_codes",
    "select",
    "top_codes",
    "top_share",
]
