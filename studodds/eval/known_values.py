"""The values hands have, per kind: what the public describe and category_name check a
number against before reading it as a category and ranks (values.py reads any number:
0, 10**12 or another kind's value read as a category that does not exist, or as
'Straight, three high (3-2-A-0--1)')."""

from __future__ import annotations

from .tables import load_tables
from .values import KINDS, NO_LOW

_VALUES: dict[str, frozenset[int]] = {}


def known_values(kind: str) -> frozenset[int]:
    """Every value a hand of 5 to 7 cards of this kind has (a 6- or 7-card hand's is that
    of its best five), from the shipped tables' sorted values."""
    if kind not in _VALUES:
        tables = load_tables()
        k = KINDS.index(kind)
        values = tables.kind_values[tables.values_start[k]:tables.values_start[k + 1]]
        # 0 fills the tables' rows of fewer than five cards: no hand's value, except
        # eight-or-better's NO_LOW
        _VALUES[kind] = frozenset(int(v) for v in values if v != 0) | (
            {NO_LOW} if kind == "low_8" else set())
    return _VALUES[kind]


def check_value(value: int, kind: str) -> int:
    """value as an int when some hand of this kind has it, else a ValueError."""
    if kind not in KINDS:
        raise ValueError(f"unknown hand kind {kind!r}: expected one of {', '.join(KINDS)}")
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise ValueError(f"a hand value is a whole number (from evaluate or evaluate_batch), "
                         f"got {value!r}")
    if int(value) not in known_values(kind):
        raise ValueError(f"{int(value)} is not a {kind} hand's value: pass one that evaluate "
                         f"or evaluate_batch returned for the kind {kind!r}")
    return int(value)
