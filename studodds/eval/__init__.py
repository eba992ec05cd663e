"""Hand evaluators: high, ace-to-five low, eight-or-better low, ace-to-six low,
deuce-to-seven low.

Every value is an integer where LARGER IS STRONGER (lows included); values.py says how the
bits read. ``evaluate_batch`` is the fast path (numba, all cores); ``evaluate`` is the
friendly one for a single hand, with words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from . import values
from .kernels import KIND_CODES, value_of_one
from .known_values import check_value
from .values import KINDS, NO_LOW


class Evaluation(NamedTuple):
    kind: str
    value: int
    category: str
    description: str

    def to_dict(self) -> dict:
        """Plain data, as every result gives it (docs/python.md)."""
        return self._asdict()


def _check_kind(kind: str) -> None:
    if kind not in KIND_CODES:
        raise ValueError(f"unknown hand kind {kind!r}: expected one of {', '.join(KINDS)}")


def _evaluate_rows(hands: np.ndarray, kind: str, out: np.ndarray) -> int:
    """Fill out with the values of hands; the index of the first row that is not a hand
    (its value is NOT_A_HAND), or -1.

    batch.py is imported here, not with the package: its tables take some 25 ms to lay
    out, which the engines (a query of the command line) have no use for."""
    from .batch import BATCH_KERNELS, NOT_A_HAND, PAIR_KEYS, batch_flags

    found = batch_flags(len(hands))
    BATCH_KERNELS[KIND_CODES[kind], hands.shape[1]](hands, out, found, PAIR_KEYS)
    return int(np.argmax(out == NOT_A_HAND)) if found[0] else -1


def _raise_if_not_a_hand(hands: np.ndarray, bad: int) -> None:
    """The error for row ``bad`` (the first row that is not a hand), if there is one."""
    if bad >= 0:
        raise ValueError(
            f"row {bad} of hands is not a hand: {hands[bad].tolist()} (card ids are 0..51, "
            "each at most once)"
        )


def evaluate_batch(hands: npt.ArrayLike, kind: str = "high", *, out: np.ndarray | None = None,
                   check: bool = True) -> np.ndarray:
    """Values of many hands at once: an (N, k) array of card ids (k = 5, 6 or 7) -> int32[N].

    Card id = rank * 4 + suit (rank 0..12 for 2..A, suit 0..3 for c d h s). Larger values
    are stronger for every kind. Rows must hold distinct valid card ids: the evaluation
    checks every row as it goes (at the price of two instructions a row), and the first
    row that is not a hand raises ValueError, unless ``check=False``: then such rows get
    -1, below every hand's value.
    ``out``, an int32 array of N, is filled and returned instead of a new array (after an
    error it may hold the values of some rows). For big batches valued in a loop, passing
    the same ``out`` each call saves faulting in a new array's pages: about a tenth of the
    time at 20 million hands, no measurable difference at 5 million. Each call overwrites
    ``out``.

    >>> import numpy as np
    >>> evaluate_batch(np.array([[48, 44, 40, 36, 32]], dtype=np.uint8), "high")  # Ac Kc Qc Jc Tc
    array([9306112], dtype=int32)
    """
    _check_kind(kind)
    hands = np.asarray(hands)
    if hands.dtype != np.uint8:
        if hands.dtype.kind not in "iu" or (hands.size and not 0 <= hands.min() <= hands.max() <= 51):
            raise ValueError("hands must hold integer card ids 0..51 (rank * 4 + suit)")
        hands = hands.astype(np.uint8)
    hands = np.ascontiguousarray(hands)
    if hands.ndim != 2 or not 5 <= hands.shape[1] <= 7:
        raise ValueError(f"hands must be an (N, k) array with k = 5, 6 or 7, got shape {hands.shape}")
    if out is None:
        out = np.empty(hands.shape[0], dtype=np.int32)
    elif out.dtype != np.int32 or out.shape != (hands.shape[0],) or not out.flags.c_contiguous:
        if check:  # a row that is not a hand is named first, as it always was
            _raise_if_not_a_hand(hands, _evaluate_rows(hands, kind, np.empty(len(hands), np.int32)))
        raise ValueError(f"out must be a contiguous int32 array of {hands.shape[0]}")
    bad = _evaluate_rows(hands, kind, out)
    if check:
        _raise_if_not_a_hand(hands, bad)
    return out


def evaluate(cards: Sequence[int] | Sequence[str] | str, kind: str = "high") -> Evaluation:
    """Value and words for one hand of 5-7 cards, given as card ids, text ("As Kd Qh Jh Th")
    or card texts (["As", "Kd", ...]).

    >>> evaluate("As Ks Ah Kd Kc", "high").description
    'Full house, kings full of aces'
    >>> evaluate("7c 5d 4h 2s Ac Kd Kh", "low_a5").description
    '7-5-4-2-A low'
    >>> evaluate("9c 5d 4h 2s Ac", "low_8").description
    'no low'
    """
    _check_kind(kind)
    if not isinstance(cards, str):
        cards = list[Any](cards)  # an iterator is read once: the test below would use it up
    if isinstance(cards, str) or any(isinstance(c, str) for c in cards):
        from ..cards import parse_cards

        # text, or a list of card texts (["As", "Ks", ...]) as a notebook writes them
        cards = parse_cards(cards if isinstance(cards, str) else " ".join(map(str, cards)))
    row = np.array([list(cards)], dtype=np.int64)
    if not 5 <= row.shape[1] <= 7:
        raise ValueError(f"a hand to evaluate has 5 to 7 cards, got {row.shape[1]}")
    if len(set(row[0].tolist())) != row.shape[1] or row.min() < 0 or row.max() > 51:
        raise ValueError(f"a hand is distinct card ids 0..51, got {row[0].tolist()}")
    value = int(value_of_one(KIND_CODES[kind], row[0]))
    return Evaluation(kind, value, values.category_name(value, kind), values.describe(value, kind))


def describe(value: int, kind: str) -> str:
    """Words for a value of evaluate or evaluate_batch: 'Full house, fives full of aces',
    '7-5-4-2-A low', 'no low' (eval/values.py says how each kind is worded). A number no
    hand of the kind has is a ValueError.

    >>> describe(evaluate("As Ks Ah Kd Kc").value, "high")
    'Full house, kings full of aces'
    """
    return values.describe(check_value(value, kind), kind)


def category_name(value: int, kind: str) -> str:
    """Short category of a value: 'full house', or for lows '7-low' / 'pair' / 'no low'. A
    number no hand of the kind has is a ValueError."""
    return values.category_name(check_value(value, kind), kind)


__all__ = ["KINDS", "NO_LOW", "Evaluation", "category_name", "describe", "evaluate",
           "evaluate_batch"]
