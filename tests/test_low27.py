"""Deuce-to-seven low (``low_27``): worked examples from the rules, words, and the CLI.

The rules: the ace is ONLY high; straights and flushes count and are bad, so A-2-3-4-5 is
not a straight (it is ace high) and T-J-Q-K-A is a straight; the best hand is 7-5-4-3-2
not suited. Compare as a high hand, lower being better; 6 or 7 cards play their best five.

Values (values.py): ``LOW_FLIP - badness``, the badness being the high-style code of the
five cards with the ace as 14 (nibble E) and no wheel. Each example below states its
badness, worked out by hand from that layout. The exhaustive and oracle checks are in
test_exhaustive.py, test_eval_oracles.py and test_kernels.py.
"""

from __future__ import annotations

import csv
import io
import json
import re
from itertools import combinations_with_replacement, pairwise

import naive
import numba as nb
import numpy as np
import pytest
from click.testing import CliRunner
from pokerkit import StandardLowHand
from pokerkit.lookups import Label

from studodds import evaluate, evaluate_batch
from studodds.cli import cli
from studodds.eval.kernels import (
    CARD_KEY,
    KIND_CODES,
    KIND_LOW_27,
    needs_suits,
    suit_bit,
    value_from_suits,
)
from studodds.eval.tables import KEY_BIAS
from studodds.eval.values import (
    CATEGORY_NAMES,
    FLUSH,
    FULL_HOUSE,
    HIGH_CARD,
    KINDS,
    LOW_FLIP,
    STRAIGHT,
    STRAIGHT_FLUSH,
    category_name,
    describe,
    split_value,
)

# hand -> (badness, category, description)
EXAMPLES = {
    # The best hand: seven-five, unpaired, unsuited. HIGH_CARD=0 | 7,5,4,3,2.
    "7s 5d 4h 3c 2s": (0x075432, "7-low", "7-5-4-3-2 low"),
    # The same ranks suited: a flush, FLUSH=5.
    "7s 5s 4s 3s 2s": (0x575432, "flush", "Flush, seven high (7-5-4-3-2)"),
    # The wheel is no straight: ace high (ace = 14 = E), and a flush when suited.
    "As 2d 3h 4c 5s": (0x0E5432, "ace high", "Ace high (A-5-4-3-2)"),
    "As 2s 3s 4s 5s": (0x5E5432, "flush", "Flush, ace high (A-5-4-3-2)"),
    # Broadway is a straight (STRAIGHT=4, top card E), suited the worst hand there is.
    "Ts Jd Qh Kc As": (0x4E0000, "straight", "Straight, ace high (A-K-Q-J-T)"),
    "Ts Js Qs Ks As": (0x8E0000, "straight flush", "Royal flush"),
    # The lowest straight is six high.
    "6s 5d 4h 3c 2s": (0x460000, "straight", "Straight, six high (6-5-4-3-2)"),
    "8d 6c 5h 4s 2d": (0x086542, "8-low", "8-6-5-4-2 low"),
    "Kc Qd Jh 9s 8c": (0x0DCB98, "K-low", "K-Q-J-9-8 low"),
    # Pairs: PAIR=1 | pair, kickers highest first; aces are the worst pair.
    "As Ad Kh 7c 2s": (0x1ED720, "pair", "Pair of aces (A-A-K-7-2)"),
    "2c 2d 3h 4s 5c": (0x125430, "pair", "Pair of deuces (2-2-5-4-3)"),
    "Kc Kd 9h 9s 4c": (0x2D9400, "two pair", "Two pair, kings and nines (K-K-9-9-4)"),
    "5c 5d 5h Ac Ad": (0x65E000, "full house", "Full house, fives full of aces"),
    # Six and seven cards: the best five.
    "7c 5d 4h 3s 2c 2d 2h": (0x075432, "7-low", "7-5-4-3-2 low"),  # the trips left out
    "6c 5d 4h 3s 2c 7d 8h": (0x075432, "7-low", "7-5-4-3-2 low"),  # a run of seven
    "Ac 2d 3h 4s 5c 6d": (0x0E5432, "ace high", "Ace high (A-5-4-3-2)"),  # beats 6-high straight
    "2h 3h 4h 5h 7h 8c 9d": (0x085432, "8-low", "8-5-4-3-2 low"),  # dodge the flush
    "2h 3h 4h 5h 7h 8h 9d": (0x095432, "9-low", "9-5-4-3-2 low"),  # six hearts and the nine
    "2h 3h 4h 5h 7h 8h 9h": (0x575432, "flush", "Flush, seven high (7-5-4-3-2)"),  # no escape
    "Ah Kh Qh Jh 9h 8c 7d": (0x0CB987, "Q-low", "Q-J-9-8-7 low"),
}


@pytest.mark.parametrize("hand", list(EXAMPLES))
def test_examples_fast_and_slow(hand):
    badness, category, words = EXAMPLES[hand]
    cards = naive.parse_cards(hand)
    result = evaluate(hand, "low_27")
    assert result.value == LOW_FLIP - badness, hex(LOW_FLIP - result.value)
    assert (result.category, result.description) == (category, words)
    assert naive.evaluate(cards, "low_27") == LOW_FLIP - badness
    assert evaluate_batch(np.array([cards], dtype=np.uint8), "low_27").tolist() == [
        LOW_FLIP - badness
    ]


def test_order_from_the_rules():
    v = {hand: LOW_FLIP - badness for hand, (badness, _, _) in EXAMPLES.items()}

    def value(text):
        return evaluate(text, "low_27").value

    best = v["7s 5d 4h 3c 2s"]
    ladder = [  # each strictly better than the next
        "7s 5d 4h 3c 2s", "7c 6d 4h 3s 2c", "8d 5c 4h 3s 2d", "8d 6c 5h 4s 2d",
        "Kc Qd Jh 9s 8c", "As 2d 3h 4c 5s", "Ac Kd Qh Js 9c", "2c 2d 3h 4s 5c",
        "As Ad Kh 7c 2s", "Kc Kd 9h 9s 4c", "2c 2d 2h 3s 4c", "6s 5d 4h 3c 2s",
        "Ts Jd Qh Kc As", "7s 5s 4s 3s 2s", "As 2s 3s 4s 5s", "5c 5d 5h Ac Ad",
        "2c 2d 2h 2s 3c", "6s 5s 4s 3s 2s", "Ts Js Qs Ks As",
    ]
    values = [value(h) for h in ladder]
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)
    assert values[0] == best
    # The same ladder in pokerkit's deuce-to-seven order, read directly.
    pk = [StandardLowHand("".join(h.split())) for h in ladder]
    assert all(a > b for a, b in pairwise(pk))
    # Suits never break ties: 7-5-4-3-2 in other suits is the same value.
    assert value("7h 5c 4d 3s 2d") == best


def _class_hands():
    """One hand per deuce-to-seven class of five cards: every rank multiset (suits
    spread, never a flush) and every five distinct ranks suited: 6,175 + 1,287."""
    hands = []
    for ranks in combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        seen: dict[int, int] = {}
        cards = []
        for r in ranks:
            cards.append(r * 4 + seen.get(r, 0))
            seen[r] = seen.get(r, 0) + 1
        if len(set(ranks)) == 5:
            cards[0] = ranks[0] * 4 + 1  # clubs and one diamond: no flush
            hands.append([r * 4 + 3 for r in ranks])  # and the flush
        hands.append(cards)
    return np.array(hands, dtype=np.uint8)


def test_every_class_has_its_own_value_and_true_words():
    """All 7,462 classes: distinct values; describe names the hand's own five ranks, in
    the order a 2-7 player reads them; the category agrees with pokerkit's label."""
    hands = _class_hands()
    assert len(hands) == 6_175 + 1_287
    values = evaluate_batch(hands, "low_27")
    assert len(set(values.tolist())) == 7_462
    chars = "23456789TJQKA"
    labels = list(Label)
    for row, value in zip(hands.tolist(), values.tolist(), strict=True):
        category, nibbles = split_value(value, "low_27")
        words = describe(value, "low_27")
        ranks = sorted((chars[c // 4] for c in row), key=chars.index, reverse=True)
        shown = re.search(r"\(([2-9TJQKA-]+)\)$|^([2-9TJQKA-]+) low$", words)
        if words == "Royal flush":
            assert ranks == list("AKQJT") and category == STRAIGHT_FLUSH
        elif category != FULL_HOUSE:  # every other category shows its five ranks
            assert shown, words
            listed = (shown.group(1) or shown.group(2)).split("-")
            assert sorted(listed) == sorted(ranks), (row, words)
            if category in (HIGH_CARD, STRAIGHT, FLUSH, STRAIGHT_FLUSH):  # highest first
                assert listed == ranks, (row, words)
        pk = StandardLowHand("".join(naive.card_text(c) for c in row))
        assert labels.index(pk.entry.label) == category, (row, words)
        name = category_name(value, "low_27")
        if category == HIGH_CARD:
            assert name == ("ace high" if ranks[0] == "A" else f"{ranks[0]}-low"), name
            # The nibbles are the ranks as in high, the ace 14: 2..9, T=10 ... A=14.
            assert nibbles == [chars.index(r) + 2 for r in ranks], (row, nibbles)
        else:
            assert name == CATEGORY_NAMES[category]


# --------------------------------------------------------------------------- the engines' path


@nb.njit
def _engine_values(kind, hands):
    """Values the way the Monte Carlo and enumeration engines get them: the key, then the
    suit mask only when needs_suits says the value depends on it (else 0)."""
    out = np.empty(hands.shape[0], dtype=np.int32)
    n = hands.shape[1]
    for i in range(hands.shape[0]):
        key = KEY_BIAS
        for j in range(n):
            key += CARD_KEY[hands[i, j]]
        suits = np.int64(0)
        if needs_suits(kind, key):
            for j in range(n):
                suits |= suit_bit(hands[i, j])
        out[i] = value_from_suits(kind, key, suits, n)
    return out


@pytest.mark.parametrize("k", [5, 6, 7])
def test_engine_path_and_needs_suits(k):
    """value_from_suits with needs_suits deciding about the suits gives evaluate_batch's
    values for every kind, on hands rich in flushes; low_27 flushes do need the suits."""
    from test_eval_oracles import random_hands

    hands = random_hands((27, k), 20_000, k)
    for kind, code in KIND_CODES.items():
        want = evaluate_batch(hands, kind)
        assert np.array_equal(_engine_values(code, hands), want), kind
    flush = np.array([[r * 4 + 2 for r in (0, 1, 2, 3, 5)]], dtype=np.uint8)  # 7h5h4h3h2h
    key = KEY_BIAS + int(CARD_KEY[flush[0]].sum())
    assert needs_suits(KIND_LOW_27, key) and not needs_suits(KIND_CODES["low_a5"], key)
    assert _engine_values(KIND_LOW_27, flush)[0] == LOW_FLIP - 0x575432


# --------------------------------------------------------------------------- the CLI


def invoke(*args: str):
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


def test_cli_eval_one_kind_table():
    lines = invoke("eval", "--kind", "low_27", "7s 5d 4h 3c 2s").stdout.splitlines()
    assert len(lines) == 3
    assert re.split(r"\s{2,}", lines[0]) == ["hand", "kind", "value", "category", "description"]
    assert re.split(r"\s{2,}", lines[2].rstrip()) == [
        "7s 5d 4h 3c 2s", "low_27", str(LOW_FLIP - 0x075432), "7-low", "7-5-4-3-2 low"
    ]


def test_cli_eval_all_kinds_includes_deuce_to_seven_last():
    result = invoke("eval", "--kind", "all", "--format", "csv", "As 2c 3d 4h 5s")
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert [row[1] for row in rows[1:]] == list(KINDS)
    assert KINDS[-1] == "low_27"
    assert rows[-1] == [
        "As 2c 3d 4h 5s", "low_27", str(LOW_FLIP - 0x0E5432), "ace high", "Ace high (A-5-4-3-2)"
    ]
    table = invoke("eval", "As 2c 3d 4h 5s").stdout  # --kind all is the default
    assert table.count("\n") == 2 + len(KINDS)
    assert "Ace high (A-5-4-3-2)" in table and "Straight, five high (5-4-3-2-A)" in table


def test_cli_eval_json():
    result = invoke("eval", "-k", "low_27", "--format", "json", "6s 5d 4h 3c 2s", "Ts Js Qs Ks As")
    assert json.loads(result.stdout) == [
        {"cards": "6s 5d 4h 3c 2s", "low_27": {
            "value": LOW_FLIP - 0x460000, "category": "straight",
            "description": "Straight, six high (6-5-4-3-2)"}},
        {"cards": "Ts Js Qs Ks As", "low_27": {
            "value": LOW_FLIP - 0x8E0000, "category": "straight flush",
            "description": "Royal flush"}},
    ]


def test_cli_help_names_the_kind():
    text = invoke("eval", "--help").stdout
    assert "low_27" in text and "deuce-to-seven" in text and "all five" in " ".join(text.split())
