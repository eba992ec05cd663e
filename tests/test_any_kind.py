"""Strengths: what the engines' kernels compare in place of values (eval/any_kind.py)."""

from __future__ import annotations

import numba as nb
import numpy as np
import pytest

from studodds.eval import any_kind as A
from studodds.eval.kernels import (
    KIND_HIGH,
    KIND_LOW_8,
    KIND_LOW_27,
    KIND_LOW_A6,
    key_and_suits,
    value_of_kind,
)
from studodds.eval.values import NO_LOW


@pytest.mark.parametrize("kind", range(A.N_KINDS))
def test_a_strength_is_its_values_place_among_the_kinds_values(kind):
    """Every rank multiset's strength gives back its value, and strengths order the
    multisets exactly as their values do."""
    start, end = A.VALUES_START[kind], A.VALUES_START[kind + 1]
    values = A.KIND_VALUES[start:end]
    assert (np.diff(values) > 0).all()  # sorted, each value once
    row = A._ROWS[kind]
    strengths = A.STRENGTHS[kind * A.N_MULTISETS : (kind + 1) * A.N_MULTISETS].astype(np.int64)
    assert np.array_equal(values[strengths], row)
    order = np.argsort(row, kind="stable")
    assert (np.diff(strengths[order]) >= 0).all()
    assert np.array_equal(np.diff(row[order]) == 0, np.diff(strengths[order]) == 0)
    assert A.value_of_strength.py_func(kind, strengths[123]) == row[123]


def test_no_low_is_the_weakest_eight_or_better_strength():
    """The showdown tests a low half's best strength against NO_LOW, as it did values."""
    start = A.VALUES_START[KIND_LOW_8]
    assert A.KIND_VALUES[start] == NO_LOW == 0
    no_low = np.flatnonzero(A.LOW_8 == NO_LOW)
    assert len(no_low) and (A.STRENGTHS[KIND_LOW_8 * A.N_MULTISETS + no_low] == NO_LOW).all()


@pytest.mark.parametrize("kind", [KIND_HIGH, KIND_LOW_A6, KIND_LOW_27])
@pytest.mark.parametrize("n_cards", [5, 6, 7])
def test_a_flush_hands_strength_is_its_values_place(kind, n_cards):
    """A hand with five or more of a suit: flush_strength, the full search read in
    strengths, gives the place of value_of_kind's value among its kind's values, for
    hands of five, six and seven of a suit among 5 to 7 cards."""
    rng = np.random.default_rng(100 * kind + n_cards)
    start, end = A.VALUES_START[kind], A.VALUES_START[kind + 1]
    values = A.KIND_VALUES[start:end]
    for _ in range(3_000):
        suited = rng.integers(5, n_cards + 1)
        suit = rng.integers(4)
        ranks = rng.choice(13, suited, replace=False)
        cards = [4 * r + suit for r in ranks]
        others = [c for c in range(52) if c % 4 != suit]
        cards += list(rng.choice(others, n_cards - suited, replace=False))
        key, suits = key_and_suits(cards)
        value = value_of_kind(kind, key, suits, n_cards)
        strength = A.flush_strength(A.STRENGTHS, kind, key, suits, n_cards)
        assert values[strength] == value, (cards, value)


@nb.njit
def _strengths_of(strengths, kind, keys, suits, sizes):
    """strength_of_any_kind as the kernels call it, over many hands."""
    out = np.empty(len(keys), dtype=np.int64)
    for i in range(len(keys)):
        out[i] = A.strength_of_any_kind(strengths, kind, keys[i], suits[i], sizes[i])
    return out


@nb.njit
def _high_strengths_of(strengths, keys, suits):
    """high_strength as the split-pot kernels call it, over many hands."""
    out = np.empty(len(keys), dtype=np.int64)
    for i in range(len(keys)):
        out[i] = A.high_strength(strengths, keys[i], suits[i])
    return out


def _hands(seed: int, n_hands: int = 6_000):
    """(keys, suit masks, sizes) of hands of 5 to 7 cards, a third of them with five or
    more of a suit."""
    rng = np.random.default_rng(seed)
    keys, suits, sizes = [], [], []
    for i in range(n_hands):
        n = int(rng.integers(5, 8))
        if i % 3 == 0:  # five or more of one suit
            suit = int(rng.integers(4))
            suited = int(rng.integers(5, n + 1))
            cards = [4 * int(r) + suit for r in rng.choice(13, suited, replace=False)]
            others = [c for c in range(52) if c % 4 != suit]
            cards += [int(c) for c in rng.choice(others, n - suited, replace=False)]
        else:
            cards = [int(c) for c in rng.choice(52, n, replace=False)]
        key, suit_mask = key_and_suits(cards)
        keys.append(key)
        suits.append(suit_mask)
        sizes.append(n)
    return (np.array(keys, dtype=np.int64), np.array(suits, dtype=np.int64),
            np.array(sizes, dtype=np.int64))


@pytest.mark.parametrize("kind", range(A.N_KINDS))
def test_the_kernels_strength_orders_hands_as_their_values(kind):
    """strength_of_any_kind, what the kernels call, on hands of 5 to 7 cards, a third
    of them with five or more of a suit: each strength gives back value_of_kind's value
    (the flush search or the table, as the hand needs), so two hands compare alike."""
    keys, suits, sizes = _hands(7 + kind)
    want = [value_of_kind(kind, k, s, n) for k, s, n in zip(keys, suits, sizes, strict=True)]
    got = _strengths_of(A.STRENGTHS, np.int64(kind), keys, suits, sizes)
    start, end = A.VALUES_START[kind], A.VALUES_START[kind + 1]
    assert np.array_equal(A.KIND_VALUES[start:end][got], np.array(want))


def test_the_split_pot_kernels_high_strength_is_the_high_kinds():
    """high_strength, the split-pot Monte Carlo kernel's high half with the flush lookup
    written in, gives strength_of_any_kind's strength for high on every hand, flushes
    included."""
    keys, suits, sizes = _hands(99)
    want = _strengths_of(A.STRENGTHS, np.int64(KIND_HIGH), keys, suits, sizes)
    assert np.array_equal(_high_strengths_of(A.STRENGTHS, keys, suits), want)
