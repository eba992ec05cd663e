"""The naive twin (``tests/naive.py``) against first principles.

* Exact values for hand-picked hands of every category and kind, worked out by hand from
  the spec in ``studodds/eval/values.py``.
* The orderings stated in docs/rules.md ("Hand values"): the wheel, the best lows,
  ace-to-six straights and flushes, unpaired-beats-paired, the eight-or-better qualifier,
  the best five of six or seven cards.
* ``describe`` on a few of them (the twin and the decoder agree on the bit layout).
* Invariances (card order, suit relabelling, best-of-subsets) on random hands.
* Ordering agreement with pokerkit on 20,000 random hands per kind, using the harness of
  ``test_eval_oracles.py`` with the twin in place of the fast evaluator.
"""

from __future__ import annotations

import random
from itertools import combinations

import naive
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from naive import evaluate, parse_cards, value_high_5, value_low_a5_5, value_low_a6_5
from test_eval_oracles import check_against_pokerkit, chunk_hands, naive_values

from studodds.eval.values import (
    EIGHT_OR_BETTER_MIN,
    FLUSH,
    FULL_HOUSE,
    HIGH_CARD,
    KINDS,
    LOW_FLIP,
    NO_LOW,
    PAIR,
    QUADS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
    category_name,
    describe,
    split_value,
)


def v(text: str, kind: str) -> int:
    """The twin's value of the cards in ``text`` ('As Kd ...') under ``kind``."""
    return evaluate(parse_cards(text), kind)


def show(text: str, kind: str) -> str:
    value = v(text, kind)
    return f"{text} -> {value:#08x} ({describe(value, kind)})"


def low(badness: int) -> int:
    """A low value from its badness code (as written in the spec)."""
    return LOW_FLIP - badness


# --------------------------------------------------------------------------- card text


def test_card_text_round_trip() -> None:
    assert naive.card_text(0) == "2c"
    assert naive.card_text(51) == "As"
    assert naive.card_text(12 * 4 + 1) == "Ad"
    assert parse_cards("2c As Td") == (0, 51, 8 * 4 + 1)
    assert parse_cards("2cAsTd") == parse_cards("2c as td")
    assert naive.cards_text(range(52)).split() == [
        r + s for r in "23456789TJQKA" for s in "cdhs"
    ]


# --------------------------------------------------------------------------- exact values

HIGH_EXAMPLES = [
    # cards, category, value worked out from the spec's nibble table (ace = 14 = 0xE),
    # strongest first
    ("As Ks Qs Js Ts", STRAIGHT_FLUSH, 0x8E0000),
    ("5h 4h 3h 2h Ah", STRAIGHT_FLUSH, 0x850000),  # steel wheel: top card 5
    ("9c 9d 9h 9s Kd", QUADS, 0x79D000),
    ("5c 5d 5h Ac Ad", FULL_HOUSE, 0x65E000),  # the spec's example: 5,14,0,0,0
    ("Ah Jh 9h 6h 2h", FLUSH, 0x5EB962),
    ("Ac Kd Qh Js Tc", STRAIGHT, 0x4E0000),
    ("Tc 9d 8h 7s 6c", STRAIGHT, 0x4A0000),
    ("Ac 2d 3h 4s 5c", STRAIGHT, 0x450000),  # the wheel: top card 5
    ("Kc Kd Kh Ad 9s", TRIPS, 0x3DE900),  # the spec's example: K,A,9,0,0
    ("Kc Kd 5h 5s Ac", TWO_PAIR, 0x2D5E00),  # the spec's example: K,5,A,0,0
    ("Kc Kd Ac 9s 7h", PAIR, 0x1DE970),  # the spec's example: K,A,9,7,0
    ("Ac Kd 9h 7s 3c", HIGH_CARD, 0x0ED973),  # the spec's example: A-K-9-7-3
    ("Kc Ad 2h 3s 4c", HIGH_CARD, 0x0ED432),  # straights do not wrap: K-A-2-3-4
    ("7c 5d 4h 3s 2c", HIGH_CARD, 0x075432),  # the worst high hand
]


@pytest.mark.parametrize(("text", "category", "value"), HIGH_EXAMPLES)
def test_high_examples(text: str, category: int, value: int) -> None:
    cards = parse_cards(text)
    assert value_high_5(cards) == value, show(text, "high")
    assert evaluate(cards, "high") == value
    assert value >> 20 == category


LOW_EXAMPLES = [
    # cards, kind, badness (a high-style code with the ace as 1), or None for NO_LOW
    ("5c 4d 3h 2s Ac", "low_a5", 0x054321),  # the best ace-to-five low
    ("5h 4h 3h 2h Ah", "low_a5", 0x054321),  # straight flushes do not count
    ("6c 4d 3h 2s Ac", "low_a5", 0x064321),
    ("Kc Qd Jh Ts 9c", "low_a5", 0x0DCBA9),  # a straight is just K-high
    ("Tc Jd Qh Ks Ac", "low_a5", 0x0DCBA1),
    ("Ac Ad 2h 3s 4c", "low_a5", 0x114320),  # pair of aces (ace = 1), kickers 4,3,2
    ("2c 2d 3h 3s Ac", "low_a5", 0x232100),  # two pair 3s and 2s, ace kicker
    ("Kc Kd Kh Ks Qc", "low_a5", 0x7DC000),  # the worst ace-to-five hand
    ("5c 4d 3h 2s Ac", "low_8", 0x054321),
    ("8c 7d 6h 5s 4c", "low_8", 0x087654),  # the worst qualifying low
    ("9c 4d 3h 2s Ac", "low_8", None),  # a nine is too high
    ("8c 8d 3h 2s Ac", "low_8", None),  # paired
    ("Kc Kd Kh Ks Qc", "low_8", None),
    ("6c 4d 3h 2s Ac", "low_a6", 0x064321),  # the best ace-to-six low
    ("5c 4d 3h 2s Ac", "low_a6", 0x450000),  # A-2-3-4-5 is a 5-high straight
    ("6h 4h 3h 2h Ah", "low_a6", 0x564321),  # a flush
    ("5h 4h 3h 2h Ah", "low_a6", 0x850000),  # a straight flush, the worst category
    ("Tc Jd Qh Ks Ac", "low_a6", 0x0DCBA1),  # T-J-Q-K-A: king high, not a straight
    ("9c Td Jh Qs Kc", "low_a6", 0x4D0000),  # 9-T-J-Q-K: a king-high straight
    ("Ac Ad 2h 3s 4c", "low_a6", 0x114320),
]


@pytest.mark.parametrize(("text", "kind", "badness"), LOW_EXAMPLES)
def test_low_examples(text: str, kind: str, badness: int | None) -> None:
    want = NO_LOW if badness is None else low(badness)
    assert v(text, kind) == want, (show(text, kind), f"want {want:#08x}")
    cards = parse_cards(text)
    five_card = {"low_a5": value_low_a5_5, "low_a6": value_low_a6_5}.get(kind)
    if five_card is not None:
        assert five_card(cards) == want


def test_five_card_functions_reject_other_sizes() -> None:
    for f in (value_high_5, value_low_a5_5, value_low_a6_5):
        with pytest.raises(ValueError):
            f(parse_cards("Ac Kd Qh Js"))
        with pytest.raises(ValueError):
            f(parse_cards("Ac Kd Qh Js Tc 9c"))
    with pytest.raises(ValueError):
        evaluate(parse_cards("Ac Kd Qh Js"), "high")
    with pytest.raises(ValueError):
        evaluate(parse_cards("Ac Kd Qh Js Tc 9c 8c 7c"), "high")
    with pytest.raises(ValueError):
        evaluate(parse_cards("Ac Ac Qh Js Tc"), "high")
    with pytest.raises(ValueError):
        evaluate(parse_cards("Ac Kc Qh Js Tc"), "razz")


# --------------------------------------------------------------------------- rules orderings


def test_high_category_order() -> None:
    values = [value for _, _, value in HIGH_EXAMPLES]
    categories = [category for _, category, _ in HIGH_EXAMPLES]
    # The examples are listed strongest first.
    assert values == sorted(values, reverse=True)
    assert categories == sorted(categories, reverse=True)


def test_wheel_is_the_lowest_straight() -> None:
    wheel = v("Ac 2d 3h 4s 5c", "high")
    assert split_value(wheel, "high") == (STRAIGHT, [5, 0, 0, 0, 0])
    straights = [
        v(" ".join(f"{'23456789TJQKA'[(top - i) % 13]}{'cdhs'[i % 4]}" for i in range(5)), "high")
        for top in range(4, 13)  # 6-high .. ace-high
    ]
    assert all(s >> 20 == STRAIGHT for s in straights)
    assert wheel < min(straights)
    assert straights == sorted(straights)
    assert wheel > v("Ac Ad Ah Ks Qc", "high")  # beats the best trips
    assert v("5h 4h 3h 2h Ah", "high") < v("6h 5h 4h 3h 2h", "high")  # steel wheel too


def _sample_values(kind: str, n: int = 3000, k: int = 5, seed: int = 1) -> list[tuple]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        cards = tuple(rng.sample(range(52), k))
        out.append((evaluate(cards, kind), naive.cards_text(cards)))
    return out


def test_a5_best_is_the_wheel_and_unpaired_beats_paired() -> None:
    best = v("5c 4d 3h 2s Ac", "low_a5")
    worst_unpaired = v("Kc Qd Jh Ts 9c", "low_a5")
    best_paired = v("Ac Ad 2h 3s 4c", "low_a5")
    assert best > v("6c 4d 3h 2s Ac", "low_a5") > v("6c 5d 3h 2s Ac", "low_a5")
    assert worst_unpaired > best_paired  # any unpaired hand beats any paired hand
    for value, text in _sample_values("low_a5"):
        assert value <= best, text
        paired = len({card[0] for card in text.split()}) < 5
        if paired:
            assert value <= best_paired, text
        else:
            assert value >= worst_unpaired, text
    # Paired hands compare like high hands, lower being better (ace = 1):
    assert v("Ac Ad Kh Qs Jc", "low_a5") > v("2c 2d 3h 4s 5c", "low_a5")
    assert v("2c 2d 3h 3s 4c", "low_a5") > v("Ac Ad Kh Ks 2c", "low_a5")  # 3s up < K up
    assert v("Kc Kd Qh Qs Jc", "low_a5") > v("2c 2d 2h 3s 4c", "low_a5")  # two pair > trips


def test_a6_best_is_six_four_and_wheel_is_a_straight() -> None:
    best = v("6c 4d 3h 2s Ac", "low_a6")
    assert best > v("5c 4d 3h 2s Ac", "low_a6")  # the wheel is a straight here
    assert best > v("6h 4h 3h 2h Ah", "low_a6")  # not suited: that is a flush
    assert category_name(v("5c 4d 3h 2s Ac", "low_a6"), "low_a6") == "straight"
    for value, text in _sample_values("low_a6", seed=2):
        assert value <= best, text
    # 6-5-4-3-2 is a straight, so even 7-4-3-2-A and K-Q-J-T-8 beat it.
    assert v("7c 4d 3h 2s Ac", "low_a6") > v("6c 5d 4h 3s 2c", "low_a6")
    assert v("Kc Qd Jh Ts 8c", "low_a6") > v("6c 5d 4h 3s 2c", "low_a6")
    # Straights and flushes rank as in a high hand (above trips), lower being better:
    assert v("6c 5d 4h 3s 2c", "low_a6") < v("Ac Ad Ah Ks Qc", "low_a6")  # worse than trips
    assert v("Qh 8h 6h 4h 2h", "low_a6") < v("6c 5d 4h 3s 2c", "low_a6")  # flush < straight


def test_a6_broadway_is_king_high_not_a_straight() -> None:
    broadway = v("Tc Jd Qh Ks Ac", "low_a6")
    assert split_value(broadway, "low_a6") == (HIGH_CARD, [13, 12, 11, 10, 1])
    assert broadway > v("9c Td Jh Qs Kc", "low_a6")  # K-Q-J-T-9 IS a straight: worse
    assert broadway > v("Kc Qd Jh Ts 8c", "low_a6")  # the ace is low: a better king-high
    # Suited T-J-Q-K-A is a king-high flush, not a straight flush.
    assert split_value(v("Ts Js Qs Ks As", "low_a6"), "low_a6")[0] == FLUSH


def test_eight_or_better_qualifier() -> None:
    assert v("8c 7d 6h 5s 4c", "low_8") == EIGHT_OR_BETTER_MIN  # the worst qualifier
    assert v("8c 7d 6h 5s 4c", "low_8") == v("8c 7d 6h 5s 4c", "low_a5")
    assert v("9c 4d 3h 2s Ac", "low_8") == NO_LOW
    assert v("8c 8d 3h 2s Ac", "low_8") == NO_LOW
    assert v("5h 4h 3h 2h Ah", "low_8") == v("5c 4d 3h 2s Ac", "low_8")  # suits irrelevant
    # Seven cards: the best five qualify if any five do.
    assert v("Kc Qd 8h 7s 6c 5d 4h", "low_8") == EIGHT_OR_BETTER_MIN
    assert v("Kc Qd 9h 7s 6c 5d 4h", "low_8") == NO_LOW
    assert v("Ac Ad 2h 2s 3c 3d 4h", "low_8") == NO_LOW  # only four ranks
    assert v("Ac Ad 2h 2s 3c 8d 4h", "low_8") == low(0x084321)
    for value, text in _sample_values("low_8", n=2000, k=7, seed=3):
        a5 = evaluate(parse_cards(text), "low_a5")
        assert value in (NO_LOW, a5), text
        assert (value == a5) == (a5 >= EIGHT_OR_BETTER_MIN), text


def test_seven_cards_use_the_best_five() -> None:
    # A flush beats the straight in the same seven cards.
    assert split_value(v("9h 8h 7c 6h 5d 2h Kh", "high"), "high") == (FLUSH, [13, 9, 8, 6, 2])
    # A straight flush beats the flush and the higher plain straight.
    assert v("9h 8h 7h 6h 5h Ts Kh", "high") == 0x890000
    # Three pairs: two pair with the best kicker, which may come from the third pair.
    assert v("Kc Kd 9h 9s 4c 4d 2h", "high") == 0x2D9400
    assert v("Kc Kd 9h 9s 4c 4d Ah", "high") == 0x2D9E00
    # Two trips: the best full house. Trips + two pairs: the higher pair fills it.
    assert v("Ac Ad Ah Kc Kd Kh 2c", "high") == 0x6ED000
    assert v("5c 5d 5h Kc Kd 2h 2s", "high") == 0x65D000
    # Quads with three kickers: the best kicker.
    assert v("7c 7d 7h 7s 2c Qd 9h", "high") == 0x77C000
    # Wheel and six-high straight in the same cards: six high.
    assert v("Ac 2d 3h 4s 5c 6d Kh", "high") == 0x460000
    # Lows: drop the pairs and the high cards.
    assert v("Ac Ad 2h 3s 4c 5d 5h", "low_a5") == low(0x054321)
    assert v("Ac 2d 3h 4s 5c 6d Kh", "low_a5") == low(0x054321)
    # Ace-to-six: A-2-3-4-5-6 holds two straights; the best is 6-4-3-2-A (drop the 5).
    assert v("Ac 2d 3h 4s 5c 6d Kh", "low_a6") == low(0x064321)
    # Six suited low cards: avoid the flush with the off-suit card.
    assert v("Ah 2h 3h 4h 6h 7c", "low_a6") == low(0x074321)


def test_six_and_seven_cards_are_max_over_subsets() -> None:
    rng = random.Random(4)
    for _ in range(300):
        cards = rng.sample(range(52), 7)
        for kind in KINDS:
            seven = evaluate(cards, kind)
            sixes = [evaluate(six, kind) for six in combinations(cards, 6)]
            assert seven == max(sixes), (naive.cards_text(cards), kind)


# --------------------------------------------------------------------------- describe


@pytest.mark.parametrize(
    ("text", "kind", "words"),
    [
        ("As Ks Qs Js Ts", "high", "Royal flush"),
        ("5h 4h 3h 2h Ah", "high", "Straight flush, five high (5-4-3-2-A)"),
        ("Ac 2d 3h 4s 5c", "high", "Straight, five high (5-4-3-2-A)"),
        ("5c 5d 5h Ac Ad", "high", "Full house, fives full of aces"),
        ("Kc Kd 9h 9s 4c 4d Ah", "high", "Two pair, kings and nines (K-K-9-9-A)"),
        ("9h 8h 7c 6h 5d 2h Kh", "high", "Flush, king high (K-9-8-6-2)"),
        ("Ac Kd 9h 7s 3c", "high", "Ace high (A-K-9-7-3)"),
        ("Ac Ad 2h 3s 4c 5d 5h", "low_a5", "5-4-3-2-A low"),
        ("Ac Ad 2h 3s 4c", "low_a5", "Pair of aces (A-A-4-3-2)"),
        ("Kc Qd 8h 7s 6c 5d 4h", "low_8", "8-7-6-5-4 low"),
        ("9c 4d 3h 2s Ac", "low_8", "no low"),
        ("Ac 2d 3h 4s 5c 6d Kh", "low_a6", "6-4-3-2-A low"),
        ("5c 4d 3h 2s Ac", "low_a6", "Straight, five high (5-4-3-2-A)"),
        ("Tc Jd Qh Ks Ac", "low_a6", "K-Q-J-T-A low"),
    ],
)
def test_describe(text: str, kind: str, words: str) -> None:
    assert describe(v(text, kind), kind) == words, show(text, kind)


# --------------------------------------------------------------------------- invariances

SUIT_PERMUTATIONS = st.permutations(range(4))


@settings(max_examples=200, deadline=None)
@given(
    deck=st.permutations(range(52)),
    k=st.sampled_from((5, 6, 7)),
    suits=SUIT_PERMUTATIONS,
    data=st.data(),
)
def test_invariances(deck: list[int], k: int, suits: list[int], data: st.DataObject) -> None:
    cards = deck[:k]
    shuffled = data.draw(st.permutations(cards))
    relabelled = [c - c % 4 + suits[c % 4] for c in cards]
    for kind in KINDS:
        value = evaluate(cards, kind)
        assert evaluate(shuffled, kind) == value  # card order never matters
        assert evaluate(relabelled, kind) == value  # suits never break ties
        describe(value, kind)  # always decodable
    # Ace-to-five and eight-or-better ignore suits entirely: all clubs gives the same value
    # as long as the ranks are the same (duplicates aside, so only for distinct ranks).
    ranks = [c // 4 for c in cards]
    if len(set(ranks)) == k:
        clubs = [r * 4 for r in ranks]
        assert evaluate(clubs, "low_a5") == evaluate(cards, "low_a5")
        assert evaluate(clubs, "low_8") == evaluate(cards, "low_8")
    assert evaluate(cards, "low_8") == naive.qualify_eight(evaluate(cards, "low_a5"))


# --------------------------------------------------------------------------- vs pokerkit

NAIVE_VS_POKERKIT_HANDS = 20_000


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
def test_naive_orders_like_pokerkit(kind: str) -> None:
    """The twin sorts 20,000 random 5/6/7-card hands exactly like pokerkit does."""
    hands_by_k = chunk_hands(kind, chunk=1000, size=NAIVE_VS_POKERKIT_HANDS)
    check_against_pokerkit(hands_by_k, naive_values(hands_by_k, kind), kind)


def test_naive_values_array_input() -> None:
    hands = np.array([parse_cards("As Ks Qs Js Ts 2c 3d")], dtype=np.uint8)
    assert naive.evaluate_many(hands, "high") == [0x8E0000]
