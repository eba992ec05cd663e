"""The fast evaluator (``studodds.evaluate_batch``) against independent oracles.

* pokerkit ORDERING agreement (not just categories), per kind, on 200,000 random 5/6/7-card
  hands split into parametrized chunks (so pytest-xdist can spread them):

  - ``high``   vs ``pokerkit.StandardHighHand``
  - ``low_a5`` vs ``pokerkit.RegularLowHand`` (ace-to-five: no straights, no flushes)
  - ``low_8``  vs ``pokerkit.EightOrBetterLowHand`` (no qualifying low -> ``None`` -> NO_LOW)
  - ``low_a6`` vs ``pokerkit.StandardLowHand`` (deuce-to-seven: ace high only, straights and
    flushes count, no wheel) on RELABELLED cards, each rank moved up one and the ace turned
    into the deuce. Ace-to-six is exactly "deuce-to-seven with the ace as the lowest rank":
    A-2-3-4-5 becomes 2-3-4-5-6 (a straight), T-J-Q-K-A becomes J-Q-K-A-2 (no straight,
    since 2-7 straights do not wrap), 6-4-3-2-A becomes 7-5-4-3-2 (the best hand).
    pokerkit has no ace-to-six of its own; these chunks also check ``low_a6`` values for
    exact equality with the naive twin.
  - ``low_27`` vs ``pokerkit.StandardLowHand`` directly, on the cards as they are: that
    class IS deuce-to-seven (its docstring: straights do not wrap, A-2-3-4-5 is high card,
    T-J-Q-K-A suited is the worst hand, 7-5-4-3-2 the best).

  Sorting the hands by our value, every ADJACENT pair in that order must compare the same
  way in pokerkit (equal values <-> equal pokerkit hands, smaller <-> weaker); together with
  pokerkit's order being transitive this is agreement of the whole order. The category in
  bits 20-23 is also checked against pokerkit's label.

* Exact value equality with the naive twin (``tests/naive.py``) for every kind and k.
* Exhaustive 5-card facts (all 2,598,960 hands): category counts and number of distinct
  values per kind, which are known numbers.

Random hands are 50% uniform and 50% from "narrow" decks (few ranks, few suits, or a run of
ranks in two suits) so straights, flushes, straight flushes, wheels, quads and full houses
are common. The seed is fixed: every run checks the same hands.

The pokerkit harness is also used by ``test_naive.py`` with the naive twin in place of the
fast evaluator.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import chain, combinations, pairwise

import naive
import numpy as np
import pytest
from pokerkit import (
    Card,
    EightOrBetterLowHand,
    RegularLowHand,
    StandardHighHand,
    StandardLowHand,
)
from pokerkit.lookups import Label

from studodds.eval import category_name
from studodds.eval import describe as checked_describe
from studodds.eval.known_values import known_values
from studodds.eval.values import KINDS, LOW_FLIP, NO_LOW, describe, split_value

SEED = 20_240_611
HANDS_PER_KIND = 200_000
CHUNKS = 4  # each chunk a separate test, so `-n 2` can spread them
CHUNK_SIZE = HANDS_PER_KIND // CHUNKS
K_VALUES = (5, 6, 7)

# --------------------------------------------------------------------------- the fast evaluator


def fast_evaluator() -> Callable[[np.ndarray, str], np.ndarray]:
    """``studodds.evaluate_batch``, imported lazily so that a broken fast evaluator fails
    these tests (loudly) without breaking the collection of ``test_naive.py``."""
    from studodds import evaluate_batch

    return evaluate_batch


def fast_values(hands_by_k: Sequence[np.ndarray], kind: str) -> np.ndarray:
    """Our values for a list of (n, k) arrays, concatenated in the same order."""
    evaluate_batch = fast_evaluator()
    out = []
    for hands in hands_by_k:
        values = np.asarray(evaluate_batch(np.ascontiguousarray(hands, dtype=np.uint8), kind))
        assert values.shape == (len(hands),), (kind, hands.shape, values.shape)
        assert np.issubdtype(values.dtype, np.integer), values.dtype
        out.append(values.astype(np.int64))
    return np.concatenate(out)


def naive_values(hands_by_k: Sequence[np.ndarray], kind: str) -> np.ndarray:
    return np.array(
        [naive.evaluate(hand, kind) for hands in hands_by_k for hand in hands.tolist()],
        dtype=np.int64,
    )


# --------------------------------------------------------------------------- random hands


def random_hands(seed: Sequence[int] | int, n: int, k: int) -> np.ndarray:
    """(n, k) uint8 hands of distinct cards in random order, half of them from narrow decks.

    Modes: 50% uniform over the 52 cards; 20% a run of 7 consecutive ranks (wrapping past
    the ace, so K-A-2-3-4 windows occur too) in two suits; 15% a run of 9 ranks in one suit;
    15% three ranks in all four suits (quads, full houses, trips).
    """
    rng = np.random.default_rng(seed)
    card = np.arange(52)
    rank, suit = card // 4, card % 4
    mode = rng.choice(4, size=n, p=[0.5, 0.2, 0.15, 0.15])
    start = rng.integers(0, 13, size=(n, 1))
    suit1 = rng.integers(0, 4, size=(n, 1))
    suit2 = (suit1 + rng.integers(1, 4, size=(n, 1))) % 4
    offset = (rank[None, :] - start) % 13  # (n, 52): rank position within the window
    in_suit1 = suit[None, :] == suit1
    two_suits = in_suit1 | (suit[None, :] == suit2)
    allowed = np.ones((n, 52), dtype=bool)
    m = mode[:, None]
    allowed = np.where(m == 1, (offset < 7) & two_suits, allowed)
    allowed = np.where(m == 2, (offset < 9) & in_suit1, allowed)
    allowed = np.where(m == 3, offset < 3, allowed)
    keys = rng.random((n, 52)) + 2.0 * ~allowed  # disallowed cards sort last
    hands = np.argsort(keys, axis=1)[:, :k].astype(np.uint8)
    assert allowed[np.arange(n)[:, None], hands].all()
    return hands


def chunk_hands(kind: str, chunk: int, size: int = CHUNK_SIZE) -> list[np.ndarray]:
    """The fixed random hands of one chunk: one (n_k, k) array per k in 5, 6, 7."""
    sizes = [size // 3, size // 3, size - 2 * (size // 3)]
    return [
        random_hands((SEED, KINDS.index(kind), chunk, k), n_k, k)
        for k, n_k in zip(K_VALUES, sizes)
    ]


# --------------------------------------------------------------------------- pokerkit oracle

_RANK_CHARS = "23456789TJQKA"
_SUIT_CHARS = "cdhs"
# pokerkit Card objects for our card ids, built once.
_PK_DECK = [Card.clean(_RANK_CHARS[c // 4] + _SUIT_CHARS[c % 4])[0] for c in range(52)]
# For ace-to-six via deuce-to-seven: every rank moved up one, the ace becoming the deuce.
_PK_DECK_ACE_LOWEST = [
    Card.clean(_RANK_CHARS[(c // 4 + 1) % 13] + _SUIT_CHARS[c % 4])[0] for c in range(52)
]

PK_ORACLE = {
    # kind: (pokerkit hand class, card id -> pokerkit Card, may a hand have no value?)
    "high": (StandardHighHand, _PK_DECK, False),
    "low_a5": (RegularLowHand, _PK_DECK, False),
    "low_8": (EightOrBetterLowHand, _PK_DECK, True),
    "low_a6": (StandardLowHand, _PK_DECK_ACE_LOWEST, False),
    "low_27": (StandardLowHand, _PK_DECK, False),
}
# pokerkit's labels are in the same order as our categories (HIGH_CARD=0 ... STRAIGHT_FLUSH=8).
_LABEL_CATEGORY = {label: i for i, label in enumerate(Label)}


def pokerkit_best(cls, cards: Sequence[Card]):
    """What ``cls.from_game_or_none(cards)`` returns, about 3x faster.

    ``from_game`` builds a Hand per five-card subset and compares them, which looks each
    subset up three times (Hand construction, then ``entry`` on both sides of ``>``). Here
    each subset is looked up once in the class's own lookup table and the winner is turned
    into a Hand: the strongest entry is the largest index for a high class and the smallest
    for a low class (``Hand.__lt__``). ``check_pokerkit_best`` keeps this honest.
    """
    lookup, low = cls.lookup, cls.low
    best_cards = best_entry = None
    for five in combinations(cards, 5):
        entry = lookup.get_entry_or_none(five)
        if entry is not None and (
            best_entry is None or (entry < best_entry if low else entry > best_entry)
        ):
            best_cards, best_entry = five, entry
    return None if best_cards is None else cls(best_cards)


def pokerkit_hands(hands_by_k: Sequence[np.ndarray], kind: str) -> list:
    """pokerkit's best hand for every hand (``None`` = no qualifying eight-or-better low)."""
    cls, deck, may_be_none = PK_ORACLE[kind]
    out = []
    for hands in hands_by_k:
        for hand in hands.tolist():
            best = pokerkit_best(cls, [deck[c] for c in hand])
            if best is None and not may_be_none:
                raise AssertionError(f"pokerkit {cls.__name__}: no hand for {naive.cards_text(hand)}")
            out.append(best)
    return out


def check_pokerkit_best(hands_by_k: Sequence[np.ndarray], kind: str, per_k: int) -> None:
    """The shortcut ``pokerkit_best`` equals pokerkit's own ``from_game_or_none``."""
    cls, deck, _ = PK_ORACLE[kind]
    for hands in hands_by_k:
        for hand in hands[:per_k].tolist():
            cards = [deck[c] for c in hand]
            ours, theirs = pokerkit_best(cls, cards), cls.from_game_or_none(cards)
            assert _pk_compare(ours, theirs) == 0, (
                f"pokerkit_best {_pk_text(ours, kind)} != from_game {_pk_text(theirs, kind)} "
                f"for {naive.cards_text(hand)}"
            )


def _pk_compare(a, b) -> int:
    """-1, 0, 1 as pokerkit hand a is weaker, equal, stronger than b (None is weakest)."""
    if a is None or b is None:
        return (a is not None) - (b is not None)
    if a == b:
        return 0
    return -1 if a < b else 1


# pokerkit Card -> our card id, for reporting pokerkit's chosen five cards in our terms.
_PK_CARD_ID = {card: c for c, card in enumerate(_PK_DECK)}
_PK_CARD_ID_ACE_LOWEST = {card: c for c, card in enumerate(_PK_DECK_ACE_LOWEST)}


def _pk_text(hand, kind: str) -> str:
    """pokerkit's verdict: 'Flush (Ah Jh 9h 6h 2h)'; the five cards in OUR card text."""
    if hand is None:
        return "no hand (None)"
    if kind == "low_a6":  # ace-to-six via relabelled deuce-to-seven
        ids = [_PK_CARD_ID_ACE_LOWEST[card] for card in hand.cards]
        return f"{hand.entry.label.value} ({naive.cards_text(ids)}) [2-7 on relabelled cards]"
    ids = [_PK_CARD_ID[card] for card in hand.cards]
    return f"{hand.entry.label.value} ({naive.cards_text(ids)})"


def _our_text(value: int, kind: str) -> str:
    try:
        words = describe(int(value), kind)
    except (ValueError, KeyError, IndexError) as exc:  # garbage must still be reportable
        words = f"<describe failed: {exc!r}>"
    return f"{int(value):#08x} = {words}"


def check_against_pokerkit(
    hands_by_k: Sequence[np.ndarray], values: np.ndarray, kind: str, max_report: int = 8
) -> None:
    """Assert our ``values`` order the hands exactly like pokerkit does (see module doc)."""
    flat = [hand for hands in hands_by_k for hand in hands.tolist()]
    assert len(flat) == len(values)
    theirs = pokerkit_hands(hands_by_k, kind)
    cls = PK_ORACLE[kind][0].__name__
    problems: list[str] = []

    # Category: bits 20-23 (badness category for lows) against pokerkit's label.
    for i, (value, hand) in enumerate(zip(values.tolist(), theirs)):
        if hand is None or (kind == "low_8" and value == NO_LOW):
            if (hand is None) != (value == NO_LOW):
                problems.append(
                    f"qualifier: {naive.cards_text(flat[i])}: ours {_our_text(value, kind)}, "
                    f"pokerkit {cls} {_pk_text(hand, kind)}"
                )
            continue
        try:
            ours_category = split_value(value, kind)[0]
        except (ValueError, KeyError, IndexError):
            ours_category = None
        if ours_category != _LABEL_CATEGORY[hand.entry.label]:
            problems.append(
                f"category: {naive.cards_text(flat[i])}: ours {_our_text(value, kind)}, "
                f"pokerkit {cls} {_pk_text(hand, kind)}"
            )
        if len(problems) >= max_report:
            break

    # Order: every adjacent pair of the hands sorted by our value.
    order = np.argsort(values, kind="stable").tolist()
    n_equal_pairs = 0
    for a, b in pairwise(order):
        ours = 0 if values[a] == values[b] else -1  # sorted, so values[a] <= values[b]
        n_equal_pairs += ours == 0
        pk = _pk_compare(theirs[a], theirs[b])
        if pk != ours:
            said = {-1: "weaker than", 0: "equal to", 1: "STRONGER than"}
            problems.append(
                f"order: ours says A is {said[ours]} B, pokerkit {cls} says A is {said[pk]} B\n"
                f"    A = {naive.cards_text(flat[a])}: ours {_our_text(values[a], kind)}, "
                f"pokerkit {_pk_text(theirs[a], kind)}\n"
                f"    B = {naive.cards_text(flat[b])}: ours {_our_text(values[b], kind)}, "
                f"pokerkit {_pk_text(theirs[b], kind)}"
            )
            if len(problems) >= max_report:
                break
    assert not problems, (
        f"{kind}: {len(problems)}{'+' if len(problems) >= max_report else ''} disagreement(s) "
        f"with pokerkit over {len(flat)} hands:\n" + "\n".join(problems)
    )
    # The check is only meaningful if it saw both ties and strict steps.
    assert 0 < n_equal_pairs < len(flat) - 1, n_equal_pairs


def check_equal_values(
    hands_by_k: Sequence[np.ndarray],
    got: np.ndarray,
    want: np.ndarray,
    kind: str,
    got_name: str = "fast",
    want_name: str = "naive",
    max_report: int = 10,
) -> None:
    """Assert two value arrays are identical; report the offending hands as card text."""
    flat_len = sum(len(h) for h in hands_by_k)
    assert got.shape == want.shape == (flat_len,)
    bad = np.flatnonzero(got != want)
    if len(bad):
        flat = [hand for hands in hands_by_k for hand in hands.tolist()]
        lines = [
            f"  {naive.cards_text(flat[i])}: {got_name} {_our_text(got[i], kind)}, "
            f"{want_name} {_our_text(want[i], kind)}"
            for i in bad[:max_report]
        ]
        raise AssertionError(
            f"{kind}: {got_name} != {want_name} on {len(bad)} of {flat_len} hands:\n"
            + "\n".join(lines)
        )


# --------------------------------------------------------------------------- the tests


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("kind", KINDS)
def test_fast_orders_like_pokerkit(kind: str, chunk: int) -> None:
    hands_by_k = chunk_hands(kind, chunk)
    values = fast_values(hands_by_k, kind)
    if kind == "low_a6":
        # pokerkit's ace-to-six is only a relabelling: also demand exact naive values.
        check_equal_values(hands_by_k, values, naive_values(hands_by_k, kind), kind)
    check_against_pokerkit(hands_by_k, values, kind)
    check_pokerkit_best(hands_by_k, kind, per_k=500)


# Hands per k for the exact fast == naive check (naive: ~4 us/5 cards, ~70 us/7 cards).
NAIVE_SIZES = {5: 60_000, 6: 30_000, 7: 20_000}


@pytest.mark.parametrize("k", K_VALUES)
@pytest.mark.parametrize("kind", KINDS)
def test_fast_equals_naive(kind: str, k: int) -> None:
    hands = random_hands((SEED, 100 + KINDS.index(kind), k), NAIVE_SIZES[k], k)
    check_equal_values([hands], fast_values([hands], kind), naive_values([hands], kind), kind)


def test_fast_accepts_each_hand_size_and_card_order() -> None:
    """The same cards in any order, and the fixed examples, give the naive values."""
    examples = [
        "As Ks Qs Js Ts", "5d 4c 3h 2s Ad", "6c 4d 3h 2s Ac", "Th Jh Qh Kh Ah 9h",
        "Ac Ad Ah As Kc Kd Kh", "8c 7d 6h 5s 4c Kd Kh", "9c 4d 3h 2s Ac", "2c 2d 3h 3s 4c 4d 5h",
    ]
    for text in examples:
        cards = naive.parse_cards(text)
        for kind in KINDS:
            want = naive.evaluate(cards, kind)
            perms = np.array([cards, cards[::-1], cards[1:] + cards[:1]], dtype=np.uint8)
            got = fast_values([perms], kind)
            assert got.tolist() == [want] * 3, (text, kind, [_our_text(v, kind) for v in got])


# --------------------------------------------------------------------------- all 5-card hands

# Known five-card counts (2,598,960 hands) by category HIGH_CARD ... STRAIGHT_FLUSH.
HIGH_COUNTS = [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]
# Ace-to-five: straights and flushes are just unpaired hands (1,302,540 + 10,200 + 5,108 +
# 40); the other categories are unchanged. Straight and flush slots are empty.
A5_COUNTS = [1_317_888, 1_098_240, 123_552, 54_912, 0, 0, 3_744, 624, 0]
# Ace-to-six: the ace is only low, so there are 9 straight rank sets (A-5, 2-6, ..., 9-K)
# against high's 10 (T-J-Q-K-A is now king high): 9 * (4**5 - 4) straights, 9 * 4 straight
# flushes, (C(13,5) - 9) * 4 flushes and (C(13,5) - 9) * (4**5 - 4) unpaired no-straight
# no-flush hands. The number of distinct values stays 7,462 (one straight class and one
# straight-flush class fewer, one high-card class and one flush class more).
A6_COUNTS = [1_303_560, 1_098_240, 123_552, 54_912, 9_180, 5_112, 3_744, 624, 36]
# Deuce-to-seven: high's counts with the wheel (A-2-3-4-5) taken out of the straights. Of
# high's 10,200 straights 4**5 - 4 = 1,020 are unsuited wheels, now ace-high unpaired hands
# (1,302,540 + 1,020); of its 40 straight flushes 4 are suited wheels, now flushes (5,108 +
# 4). T-J-Q-K-A stays a straight, the paired categories are unchanged. Distinct values stay
# 7,462: the wheel straight class becomes the high-card class A-5-4-3-2 and the wheel
# straight-flush class the flush class A-5-4-3-2.
L27_COUNTS = [1_303_560, 1_098_240, 123_552, 54_912, 9_180, 5_112, 3_744, 624, 36]
DISTINCT = {"high": 7_462, "low_a6": 7_462, "low_a5": 6_175, "low_8": 57, "low_27": 7_462}


@pytest.fixture(scope="module")
def all_five_card_hands() -> np.ndarray:
    n = 2_598_960
    flat = np.fromiter(chain.from_iterable(combinations(range(52), 5)), np.uint8, count=5 * n)
    return flat.reshape(n, 5)


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
def test_fast_all_five_card_hands(kind: str, all_five_card_hands: np.ndarray) -> None:
    values = fast_values([all_five_card_hands], kind)
    distinct = np.unique(values)
    assert len(distinct) == DISTINCT[kind]
    # describe's check knows exactly the values hands have (a 6 or 7-card hand's value is
    # that of its best five): every one is accepted, no other
    assert known_values(kind) == set(distinct.tolist())
    if kind == "low_8":
        # 56 lows (C(8,5) rank sets) of 4**5 suit patterns each, and no low for the rest.
        assert (values != NO_LOW).sum() == 56 * 4**5
        return
    codes = values if kind == "high" else LOW_FLIP - values
    counts = np.bincount(codes >> 20, minlength=9).tolist()
    want = {
        "high": HIGH_COUNTS, "low_a5": A5_COUNTS, "low_a6": A6_COUNTS, "low_27": L27_COUNTS
    }[kind]
    assert counts == want, (kind, counts)


@pytest.mark.parametrize("value, kind", [
    (0, "high"), (100, "low_a5"), (10**9, "high"), (-5, "high"), (10**12, "high"),
    (5000000, "low_a5"),  # read as 'Straight, three high (3-2-A-0--1)'
    (4521984, "low_27"),  # a high value (the wheel) is no deuce-to-seven value
])
def test_describe_refuses_a_number_no_hand_has(value, kind):
    for words in (checked_describe, category_name):
        with pytest.raises(ValueError, match=f"^{value} is not a {kind} hand's value: pass one "
                                              "that evaluate or evaluate_batch returned"):
            words(value, kind)
    with pytest.raises(ValueError, match="whole number"):
        checked_describe(True, "high")
    assert checked_describe(4521984, "high") == "Straight, five high (5-4-3-2-A)"
    assert category_name(NO_LOW, "low_8") == "no low"
