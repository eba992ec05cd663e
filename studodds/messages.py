"""Error messages quote the bad value: shown() quotes it, cut short when it is long; and the
two number checks every option needs (whole_number, real_number)."""

from __future__ import annotations

import numbers

import numpy as np


def shown(value, limit: int = 40) -> str:
    """repr(value) for a one-line error message, at most `limit` characters.

    >>> shown("As"), shown(10**400)[:12], shown(10**5000)
    ("'As'", '100000000000', 'an int too long to show')
    """
    try:
        text = repr(value)
    except ValueError:  # an int beyond sys.get_int_max_str_digits()
        return f"an {type(value).__name__} too long to show"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def whole_number(value) -> bool:
    """An int or numpy integer, not a bool."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def real_number(value) -> bool:
    """int, float, Fraction or a numpy number: what arithmetic with floats accepts."""
    return isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_))
