"""Every hand there is: all 2,598,960 five-card hands for every kind (category counts),
all 133,784,560 seven-card hands for high (category counts, distinct values), and every
six- and seven-card rank multiset and one-suit hand for every kind against the slow twin;
for deuce-to-seven also every six- and seven-card hand with five or more of a suit, up to
the naming of the suits; for both lows that count flushes, every such hand in every suit
against the full search of the five that dodge the flush."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb, prod

import naive
import numba as nb
import numpy as np
import pytest

from studodds import evaluate_batch
from studodds.eval.any_kind import KIND_VALUES, STRENGTHS, VALUES_START, flush_strength
from studodds.eval.kernels import (
    CARD_KEY,
    FLUSH_BITS,
    KEY_BIAS,
    KIND_CODES,
    LOW_27,
    LOW_A6,
    flush_suit,
    hand_key,
    low_27_with_flush,
    low_a6_with_flush,
    multiset_index,
    suit_bit,
    suit_rank_mask,
    value_high,
    value_of_kind,
    value_of_one,
)
from studodds.eval.values import EIGHT_OR_BETTER_MIN, LOW_FLIP, NO_LOW

# Published counts (e.g. Wikipedia, "Poker probability"), high card first.
HIGH_5 = (1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40)
HIGH_7 = (
    23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184,
    224_848, 41_584,
)


@nb.njit(cache=True)
def _all_five_card_hands():
    out = np.empty((2_598_960, 5), dtype=np.uint8)
    i = 0
    for a in range(48):
        for b in range(a + 1, 49):
            for c in range(b + 1, 50):
                for d in range(c + 1, 51):
                    for e in range(d + 1, 52):
                        out[i, 0] = a
                        out[i, 1] = b
                        out[i, 2] = c
                        out[i, 3] = d
                        out[i, 4] = e
                        i += 1
    return out


@pytest.fixture(scope="module")
def five_card_hands():
    return _all_five_card_hands()


def _category_counts(values, shift_category):
    categories = shift_category(values)
    return tuple(int(x) for x in np.bincount(categories, minlength=9))


def test_every_five_card_high_hand(five_card_hands):
    values = evaluate_batch(five_card_hands, "high")
    assert _category_counts(values, lambda v: v >> 20) == HIGH_5
    assert np.unique(values).size == 7_462


def test_every_five_card_ace_to_five_low(five_card_hands):
    values = evaluate_batch(five_card_hands, "low_a5")
    badness_category = 8 - (values >> 20)
    counts = np.bincount(badness_category, minlength=9)
    unpaired = comb(13, 5) * 4**5
    # No straights or flushes in ace-to-five: every unpaired hand is a "high card" low.
    assert tuple(int(x) for x in counts) == (
        unpaired, 1_098_240, 123_552, 54_912, 0, 0, 3_744, 624, 0
    )
    # Suits never matter, so there is one value per rank multiset of five cards.
    assert np.unique(values).size == comb(13 + 5 - 1, 5) - 13
    assert values.max() == LOW_FLIP - 0x054321  # the wheel, 5-4-3-2-A
    assert values.min() == LOW_FLIP - 0x7DC000  # four kings with a queen


def test_every_five_card_eight_or_better_low(five_card_hands):
    values = evaluate_batch(five_card_hands, "low_8")
    a5 = evaluate_batch(five_card_hands, "low_a5")
    qualifies = values != NO_LOW
    # Five different ranks from A-8: C(8, 5) rank sets, any suits.
    assert qualifies.sum() == comb(8, 5) * 4**5
    assert np.unique(values[qualifies]).size == comb(8, 5)
    assert (values[qualifies] == a5[qualifies]).all()
    assert values[qualifies].min() == LOW_FLIP - 0x087654 == EIGHT_OR_BETTER_MIN


def test_every_five_card_ace_to_six_low(five_card_hands):
    values = evaluate_batch(five_card_hands, "low_a6")
    counts = np.bincount(8 - (values >> 20), minlength=9)
    straights = 9  # A-2-3-4-5 up to 9-T-J-Q-K: the ace is only low
    unsuited_sets = comb(13, 5) - straights
    assert tuple(int(x) for x in counts) == (
        unsuited_sets * (4**5 - 4), 1_098_240, 123_552, 54_912,
        straights * (4**5 - 4), unsuited_sets * 4, 3_744, 624, straights * 4,
    )
    assert np.unique(values).size == 7_462
    assert values.max() == LOW_FLIP - 0x064321  # 6-4-3-2-A
    assert values.min() == LOW_FLIP - 0x8D0000  # king-high straight flush


def test_every_five_card_deuce_to_seven_low(five_card_hands):
    """Deuce-to-seven is high with the wheel taken out, scored as badness: lower wins.

    Derived from the published high counts (HIGH_5): the ace is only high, so the one
    difference is A-2-3-4-5, which is no straight. High counts 10,200 straights including
    4**5 - 4 = 1,020 unsuited wheels, and 40 straight flushes including 4 suited wheels.
    In deuce-to-seven the unsuited wheels are unpaired ace-high hands and the suited ones
    flushes: straight flush 40 - 4 = 36, flush 5,108 + 4 = 5,112, straight 10,200 - 1,020
    = 9,180, high card 1,302,540 + 1,020 = 1,303,560; pair 1,098,240, two pair 123,552,
    trips 54,912, full house 3,744 and quads 624 do not change.
    """
    values = evaluate_batch(five_card_hands, "low_27")
    badness = LOW_FLIP - values
    counts = np.bincount(badness >> 20, minlength=9)
    wheels = 4**5 - 4
    assert tuple(int(x) for x in counts) == (
        HIGH_5[0] + wheels, *HIGH_5[1:4], HIGH_5[4] - wheels, HIGH_5[5] + 4, *HIGH_5[6:8],
        HIGH_5[8] - 4,
    ) == (1_303_560, 1_098_240, 123_552, 54_912, 9_180, 5_112, 3_744, 624, 36)
    # Hand by hand: the badness is the high value of the same five cards, except that a
    # wheel is ace high (0x0E5432) and a suited wheel an ace-high flush (0x5E5432).
    high = evaluate_batch(five_card_hands, "high").astype(np.int64)
    expected = high.copy()
    expected[high == 0x450000] = 0x0E5432
    expected[high == 0x850000] = 0x5E5432
    assert (high == 0x450000).sum() == wheels and (high == 0x850000).sum() == 4
    assert np.array_equal(badness, expected)
    assert np.unique(values).size == 7_462  # one class moved out of straights, one in
    assert values.max() == LOW_FLIP - 0x075432  # 7-5-4-3-2, not suited
    assert values.min() == LOW_FLIP - 0x8E0000  # A-K-Q-J-T suited


@nb.njit(parallel=True)  # not cached: numba would not see a change to the evaluator it inlines
def _seven_card_high_census():
    """Category counts and the set of values over all C(52, 7) hands.

    Each first card owns one row of counts (no two threads write the same row).
    """
    n_values = 1 << 24
    counts = np.zeros((46, 9), dtype=np.int64)
    seen = np.zeros(n_values, dtype=np.uint8)  # every writer writes 1: a benign race
    for a in nb.prange(46):
        ka, sa = KEY_BIAS + CARD_KEY[a], suit_bit(a)
        for b in range(a + 1, 47):
            kb, sb = ka + CARD_KEY[b], sa | suit_bit(b)
            for c in range(b + 1, 48):
                kc, sc = kb + CARD_KEY[c], sb | suit_bit(c)
                for d in range(c + 1, 49):
                    kd, sd = kc + CARD_KEY[d], sc | suit_bit(d)
                    for e in range(d + 1, 50):
                        ke, se = kd + CARD_KEY[e], sd | suit_bit(e)
                        for f in range(e + 1, 51):
                            kf, sf = ke + CARD_KEY[f], se | suit_bit(f)
                            for g in range(f + 1, 52):
                                v = value_high(kf + CARD_KEY[g], sf | suit_bit(g))
                                counts[a, v >> 20] += 1
                                seen[v] = 1
    return counts.sum(axis=0), seen


@pytest.mark.slow
def test_every_seven_card_high_hand():
    counts, seen = _seven_card_high_census()
    assert tuple(int(x) for x in counts) == HIGH_7
    assert int(seen.sum()) == 4_824


def _seven_card_rank_multisets():
    """One hand per rank multiset of 7 cards, suits spread so no suit holds 3+ cards."""
    return _rank_multiset_hands(7)


def _rank_multiset_hands(size):
    """One hand per rank multiset of ``size`` cards, suits spread (no five of a suit)."""
    hands = []
    for ranks in _multisets(size):
        suit_of = Counter()
        cards = []
        for i, r in enumerate(sorted(ranks)):
            # Copies of a rank take distinct suits; rotate the start so suits stay balanced.
            suit = (suit_of[r] + i) % 4
            while any(c == r * 4 + suit for c in cards):
                suit = (suit + 1) % 4
            suit_of[r] += 1
            cards.append(r * 4 + suit)
        hands.append(cards)
    return np.array(hands, dtype=np.uint8)


def _multisets(size):
    def extend(prefix, rank, left):
        if left == 0:
            yield prefix
            return
        if rank == 13:
            return
        for c in range(min(4, left), -1, -1):
            yield from extend(prefix + [rank] * c, rank + 1, left - c)

    return list(extend([], 0, size))


@pytest.fixture(scope="module")
def seven_card_multisets():
    hands = _seven_card_rank_multisets()
    assert len(hands) == 49_205  # the number of 7-card rank multisets, at most 4 per rank
    return hands


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["high", "low_a5", "low_8", "low_a6", "low_27"])
@pytest.mark.parametrize("part", range(4))
def test_every_seven_card_rank_multiset(seven_card_multisets, kind, part):
    """Every 7-card rank pattern, without five of a suit: the kernel equals the slow twin.

    For low_a5 and low_8 suits never matter, so this is all 133,784,560 seven-card hands.
    """
    hands = seven_card_multisets[part::4]
    assert (np.bincount(hands.reshape(-1) & 3, minlength=4) > 0).all()
    fast = evaluate_batch(hands, kind)
    for row, value in zip(hands, fast, strict=True):
        cards = [int(c) for c in row]
        assert value == naive.evaluate(cards, kind), (naive.cards_text(cards), kind)


@pytest.mark.parametrize("kind", ["high", "low_a5", "low_8", "low_a6", "low_27"])
def test_every_six_card_rank_multiset(kind):
    """Every 6-card rank pattern (18,395), suits spread as for 7 cards: kernel == slow twin."""
    hands = _rank_multiset_hands(6)
    assert len(hands) == 18_395
    fast = evaluate_batch(hands, kind)
    slow = [naive.evaluate([int(c) for c in row], kind) for row in hands]
    assert fast.tolist() == slow, kind


@pytest.mark.parametrize("n_cards", [5, 6, 7])
def test_every_one_suit_hand(n_cards):
    """Every flush-only rank set of 5-7 cards of one suit, for the kinds where flushes count."""
    for suit in (0, 3):
        hands = np.array(
            [[r * 4 + suit for r in ranks] for ranks in combinations(range(13), n_cards)],
            dtype=np.uint8,
        )
        for kind in ("high", "low_a6", "low_27"):
            fast = evaluate_batch(hands, kind)
            slow = [naive.evaluate([int(c) for c in row], kind) for row in hands]
            assert fast.tolist() == slow, kind


def test_suit_multiplicities_cover_every_seven_card_hand(seven_card_multisets):
    """The multisets and their suit choices account for all C(52, 7) hands exactly."""
    total = 0
    for row in seven_card_multisets:
        counts = Counter(int(c) >> 2 for c in row)
        total += prod(comb(4, c) for c in counts.values())
    assert total == comb(52, 7)


@pytest.mark.parametrize("kind", ["low_a6", "low_27"])
@pytest.mark.parametrize("n_cards", [6, 7])
@pytest.mark.parametrize("n_suited", [5, 6, 7])
def test_lows_with_five_or_more_of_a_suit(kind, n_cards, n_suited):
    """The low flush paths (see value_low_a6, value_low_27) against the slow twin, 3,000
    random hands per shape."""
    if n_suited > n_cards:
        pytest.skip("not a hand")
    rng = np.random.default_rng(n_cards * 10 + n_suited)
    hands = []
    for _ in range(3_000):
        suit = int(rng.integers(4))
        suited = rng.choice(13, n_suited, replace=False) * 4 + suit
        others = [c for c in range(52) if c % 4 != suit]
        hands.append(list(suited) + list(rng.choice(others, n_cards - n_suited, replace=False)))
    hands = np.array(hands, dtype=np.uint8)
    fast = evaluate_batch(hands, kind)
    for row, value in zip(hands, fast, strict=True):
        cards = [int(c) for c in row]
        assert value == naive.evaluate(cards, kind), naive.cards_text(cards)


def _hands_with_five_of_a_suit(n_cards, flush_suit):
    """Every n-card hand with 5+ cards of flush_suit, up to renaming the other suits: the
    ranks of the flush suit, then the other cards (at most two) with their ranks only, as
    a pair in two distinct other suits or as single cards of one other suit. Those suits
    cannot matter: at most two cards, never five of their suit."""
    other = [s for s in range(4) if s != flush_suit]
    hands = []
    for n_suited in range(5, n_cards + 1):
        n_off = n_cards - n_suited
        if n_off == 0:
            offs = [[]]
        elif n_off == 1:
            offs = [[r * 4 + other[0]] for r in range(13)]
        else:
            offs = [[r * 4 + other[0], r * 4 + other[1]] for r in range(13)]  # a pair
            offs += [[a * 4 + other[0], b * 4 + other[0]] for a, b in combinations(range(13), 2)]
        for suited in combinations(range(13), n_suited):
            for off in offs:
                hands.append([r * 4 + flush_suit for r in suited] + off)
    return np.array(hands, dtype=np.uint8)


@pytest.mark.parametrize("n_cards", [6, 7])
def test_five_of_a_suit_hands_stand_for_every_such_hand(n_cards):
    """The hands above, each times the ways to choose the other suits, times the four
    flush suits, count every n-card hand with five or more of one suit exactly."""
    total = 0
    for row in _hands_with_five_of_a_suit(n_cards, flush_suit=3):
        off = [int(c) >> 2 for c in row if c & 3 != 3]
        # One card: 3 suits. A pair: C(3, 2) suit pairs. Two ranks: 3 * 3. None: 1.
        total += {0: 1, 1: 3}.get(len(off)) or (comb(3, 2) if off[0] == off[1] else 9)
    # per flush suit: f of its 13 ranks, the other n - f cards from the other 39
    assert total == sum(comb(13, f) * comb(39, n_cards - f) for f in range(5, n_cards + 1))


@pytest.mark.slow
@pytest.mark.parametrize("n_cards", [6, 7])
@pytest.mark.parametrize("part", range(4))
def test_every_deuce_to_seven_hand_with_five_of_a_suit(n_cards, part):
    """Every 6- and 7-card hand where suits matter for deuce-to-seven (five or more of one
    suit), up to renaming the other suits: the kernel equals the slow twin on each. Each
    of the four parts takes every fourth hand, with the flush in a suit of its own."""
    hands = _hands_with_five_of_a_suit(n_cards, flush_suit=part)
    # Six cards: 5 suited + 1 other rank, or 6 suited. Seven: 5 suited + a pair or two
    # other ranks, 6 suited + 1, or 7 suited.
    want = {
        6: comb(13, 5) * 13 + comb(13, 6),
        7: comb(13, 5) * (13 + comb(13, 2)) + comb(13, 6) * 13 + comb(13, 7),
    }[n_cards]
    assert len(hands) == want
    hands = hands[part::4]
    fast = evaluate_batch(hands, "low_27")
    for row, value in zip(hands, fast, strict=True):
        cards = [int(c) for c in row]
        assert value == naive.evaluate(cards, "low_27"), naive.cards_text(cards)


@nb.njit
def _full_search_and_rank_table(hands, deuce_to_seven, kind):
    """Per hand with five or more of a suit: the low value by the full search (the best
    suited five against every subset that leaves out enough suited cards) as its kind's
    function writes it (low_a6_with_flush, low_27_with_flush), as value_of_kind writes it
    in, and as any_kind.flush_strength finds it in strengths (turned back into a value),
    and the rank table's value, which ignores suits."""
    n = hands.shape[1]
    full = np.empty(hands.shape[0], dtype=np.int32)
    written_in = np.empty(hands.shape[0], dtype=np.int32)
    in_strengths = np.empty(hands.shape[0], dtype=np.int32)
    ranks_only = np.empty(hands.shape[0], dtype=np.int32)
    for i in range(hands.shape[0]):
        key = hand_key(hands[i], n)
        suit = flush_suit(key & FLUSH_BITS)
        mask = suit_rank_mask(hands[i], n, suit)
        suits = np.int64(0)
        for j in range(n):
            suits |= suit_bit(hands[i, j])
        # int64, never a numba literal: the one signature every kernel shares
        written_in[i] = value_of_kind(kind, np.int64(key), suits, n)
        strength = flush_strength(STRENGTHS, kind, np.int64(key), suits, n)
        in_strengths[i] = KIND_VALUES[VALUES_START[kind] + strength]
        if deuce_to_seven:
            full[i] = low_27_with_flush(key, mask, suit, n)
            ranks_only[i] = LOW_27[multiset_index(key)]
        else:
            full[i] = low_a6_with_flush(key, mask, suit, n)
            ranks_only[i] = LOW_A6[multiset_index(key)]
    return full, written_in, in_strengths, ranks_only


@pytest.mark.parametrize("kind", ["low_a6", "low_27"])
@pytest.mark.parametrize("n_cards", [5, 6, 7])
def test_the_flush_shortcut_equals_the_full_search(kind, n_cards):
    """The batch kernels search the flush-dodging fives only when the rank table's five
    must all be of the flush suit (flush_forced); every hand with five or more of a suit,
    in each of the four suits, gets the full search's value. The slow test above and
    test_lows_with_five_or_more_of_a_suit hold the full search to the slow twin.

    The search is written four times (eval/kernels.py says why): low_a6_with_flush,
    low_27_with_flush, value_of_kind's loop and any_kind.flush_strength's, which the
    engines' kernels call and which works in strengths; all give every such hand the same
    value."""
    hands = np.concatenate([_hands_with_five_of_a_suit(n_cards, s) for s in range(4)])
    full, written_in, in_strengths, ranks_only = _full_search_and_rank_table(
        hands, kind == "low_27", np.int64(KIND_CODES[kind]))
    # Both sides of the shortcut are here: hands whose flush costs them value, and (with
    # more than five cards) hands that keep the rank table's value although five of their
    # cards are suited.
    costs = full != ranks_only
    assert costs.any() and (n_cards == 5 or costs.mean() < 0.5)
    assert np.array_equal(evaluate_batch(hands, kind), full)
    assert np.array_equal(written_in, full)
    assert np.array_equal(in_strengths, full)
    # The one-hand path (value_of_one, through value_from_suits as the engines) agrees.
    rows = hands[::97]
    assert [int(value_of_one(KIND_CODES[kind], row)) for row in rows] == full[::97].tolist()
