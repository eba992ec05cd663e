"""The alphabet card notation is read with: the rank and suit characters, the token a
reader yields, and the error for text that is not notation.

It sits below cards.py (cards and stud hands) and ranges.py (hole-card ranges) so that both
read it: cards.py hands a hand's hole group to ranges.py, so ranges.py cannot import
cards.py back. cards.py gives these names again (``studodds.cards.RANKS``, ...), as before.
"""

from __future__ import annotations

from typing import NamedTuple

from .messages import InputError

__all__ = ["RANKS", "SUITS", "NotationError", "Token"]

RANKS = "23456789TJQKA"
SUITS = "cdhs"


class NotationError(InputError):
    """Text that is not valid card or hand notation. The message is one line.

    >>> isinstance(NotationError("x"), ValueError)
    True
    """


class Token(NamedTuple):
    """One piece of card notation.

    ``kind`` is ``"card"`` (``card`` holds the id), ``"unknown"`` (``card`` is None),
    ``"("`` or ``")"``, and for hole-card ranges (see ranges.py) ``"pattern"`` (``K?``,
    ``?s``), ``"class"`` (``pair+``..., ``top15%``), ``"|"`` or ``"weight"`` (``:0.25``,
    the number in ``weight``). ``text`` is the token as typed (a ``top`` class written
    canonically: ``top15%``).
    """

    kind: str
    text: str
    card: int | None = None
    rank: int | None = None  # for a "pattern" token: K? has a rank, ?s a suit
    suit: int | None = None
    weight: float | None = None
