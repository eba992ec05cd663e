"""Starting classes against brute force: all 22,100 three-card hands, suit symmetry by
trying all 24 relabellings of the suits (not by the module's shape key)."""

import doctest
from collections import Counter
from itertools import combinations
from math import comb

import pytest

import studodds.chart.classes
from studodds.cards import parse_cards
from studodds.chart.classes import (
    CATEGORIES,
    SUIT_PERMUTATIONS,
    class_by_label,
    class_of,
    classes,
    permute_suits,
    select,
)
from studodds.ranges import CLASS_TESTS

ALL_HANDS = list(combinations(range(52), 3))


def canonical_by_relabelling(hand):
    """The smallest sorted hand any relabelling of suits turns this one into."""
    return min(tuple(sorted(permute_suits(hand, p))) for p in SUIT_PERMUTATIONS)


@pytest.fixture(scope="module")
def brute_force():
    """{class index: hands}, {canonical hand: class indices}, over every hand."""
    hands_of = {}
    classes_of_orbit = {}
    for hand in ALL_HANDS:
        index = class_of(hand).index
        hands_of.setdefault(index, []).append(hand)
        classes_of_orbit.setdefault(canonical_by_relabelling(hand), set()).add(index)
    return hands_of, classes_of_orbit


def test_doctests():
    assert doctest.testmod(studodds.chart.classes).failed == 0


def test_1755_classes_covering_22100_hands():
    assert len(ALL_HANDS) == comb(52, 3) == 22_100
    assert len(classes()) == 1_755
    assert sum(c.combos for c in classes()) == 22_100
    assert [c.index for c in classes()] == list(range(1_755))


def test_every_hand_has_one_class_and_the_counts_are_the_weights(brute_force):
    hands_of, _ = brute_force
    assert sum(len(h) for h in hands_of.values()) == 22_100
    assert {i: len(h) for i, h in hands_of.items()} == {c.index: c.combos for c in classes()}


def test_classes_are_exactly_the_suit_relabelling_orbits(brute_force):
    hands_of, classes_of_orbit = brute_force
    # one class per orbit, and one orbit per class
    assert all(len(found) == 1 for found in classes_of_orbit.values())
    assert len(classes_of_orbit) == 1_755
    for hands in hands_of.values():
        assert len({canonical_by_relabelling(h) for h in hands}) == 1


def test_representative_is_in_its_own_class():
    for c in classes():
        assert class_of(c.cards) is c
        assert class_of(c.representative) is c
        assert parse_cards(c.representative.replace("(", "").replace(")", "")) == c.cards


def test_door_card_and_card_order_do_not_matter():
    assert class_of("(Ks Qh) Ad") is class_of("(Ad Ks) Qh") is class_of([40, 46, 49])
    assert class_of("(Kd 7d) Kc") is class_of("(Kc Kd) 7d") is class_by_label("(K K) 7 K7s")


def test_labels_and_codes_unique_and_found_again():
    labels = [c.label for c in classes()]
    codes = [c.code for c in classes()]
    assert len(set(labels)) == len(set(codes)) == 1_755
    for c in classes():
        assert class_by_label(c.label) is c
        assert class_by_label(c.code) is c
        assert " " not in c.code and "(" not in c.code


@pytest.mark.parametrize("label, representative, combos", [
    ("(A A) A", "(As Ah) Ad", 4),
    ("(2 2) 2", "(2s 2h) 2d", 4),
    ("(A A) K", "(As Ah) Kd", 12),
    ("(A A) K AKs", "(As Ah) Ks", 12),
    ("(2 2) A", "(2s 2h) Ad", 12),
    ("(2 2) A A2s", "(2s 2h) As", 12),
    ("(A K) Q AKQs", "(As Ks) Qs", 4),
    ("(A K) Q AKs", "(As Ks) Qh", 12),
    ("(A K) Q AQs", "(As Kh) Qs", 12),
    ("(A K) Q KQs", "(As Kh) Qh", 12),
    ("(A K) Q", "(As Kh) Qd", 24),
    ("(4 3) 2", "(4s 3h) 2d", 24),
])
def test_label_scheme(label, representative, combos):
    c = class_by_label(label)
    assert (c.representative, c.combos) == (representative, combos)


def test_known_counts_by_pattern():
    by_pattern = Counter((c.rank_pattern, c.suit_pattern, c.combos) for c in classes())
    assert by_pattern == {
        ("trips", "rainbow", 4): 13,
        ("pair", "rainbow", 12): 156,       # 13 pairs x 12 kickers, kicker off both suits
        ("pair", "two suited", 12): 156,    # kicker suited to one card of the pair
        ("three ranks", "suited", 4): 286,  # C(13, 3) three-flushes
        ("three ranks", "two suited", 12): 858,
        ("three ranks", "rainbow", 24): 286,
    }


def test_categories_partition_the_classes():
    by_category = Counter(c.category for c in classes())
    assert set(by_category) == set(CATEGORIES)
    assert by_category == {
        "rolled up": 13, "pair": 312, "three-straight-flush": 64, "three-flush": 222,
        "three-straight": 256, "other": 888,
    }
    hands = Counter()
    for c in classes():
        hands[c.category] += c.combos
    assert hands == {
        "rolled up": 52, "pair": 3_744, "three-straight-flush": 256, "three-flush": 888,
        "three-straight": 3_840, "other": 13_320,
    }


def test_tags_agree_with_the_range_classes_on_every_hand(brute_force):
    """A class's tags hold for every hand in it, as ranges.py tests them on that hand."""
    hands_of, _ = brute_force
    for c in classes():
        for hand in hands_of[c.index][:: max(1, c.combos // 4)]:
            for door in range(3):
                up = (hand[door],)
                hole = tuple(x for i, x in enumerate(hand) if i != door)
                found = {name for name in c.tags | {"rolled", "flush3", "straight3", "low3",
                                                     "pair+"} if CLASS_TESTS[name](hole, up)}
                assert found == c.tags


def test_straight_and_low_counts():
    # 3-rank sets inside a 5-rank window, ace high or low: windows A-5 .. T-A
    straight_sets = {frozenset(s) for low in range(-1, 9)
                     for s in combinations(range(low, low + 5), 3)}
    straight_sets = {frozenset(12 if r == -1 else r for r in s) for s in straight_sets}
    assert sum("straight3" in c.tags for c in classes()) == 5 * len(straight_sets)
    # three different ranks from A 2 3 4 5 6 7 8: C(8, 3) rank sets, 5 suit patterns each
    assert sum("low3" in c.tags for c in classes()) == 5 * comb(8, 3)


def test_selections():
    assert len(select("rolled")) == 13
    assert all(c.combos == 4 for c in select("rolled"))
    assert len(select("pairs")) == 312
    assert len(select("flush3")) == 286
    assert select("all") == classes()
    assert [c.label for c in select(["AKQ-AKs", "(7 7) 7"])] == ["(A K) Q AKs", "(7 7) 7"]


@pytest.mark.parametrize("bad, message", [
    ("As Kd", "three different cards"),
    ("(As Kd) Qh Jh", "three different cards"),
    ("(As x) Qh", "three known cards"),
])
def test_class_of_refuses_other_than_three_cards(bad, message):
    with pytest.raises(ValueError, match=message):
        class_of(bad)


def test_class_of_refuses_repeated_cards():
    with pytest.raises(ValueError, match="three different cards"):
        class_of([51, 51, 0])


def test_select_refuses_unknown_names_and_repeats():
    with pytest.raises(ValueError, match="unknown selection 'pair'"):
        select("pair")
    with pytest.raises(ValueError, match="selected twice"):
        select(["(A A) A", "AAA"])
    with pytest.raises(ValueError, match="no starting class is called"):
        select(["(A A) Z"])


@pytest.mark.parametrize("typed, label", [
    ("(A 2) 3", "(A 3) 2"),              # razz students write the low cards in order
    ("(a 3) 2", "(A 3) 2"),
    ("(K K) Q kqs", "(K K) Q KQs"),
    ("(K K) Q QKs", "(K K) Q KQs"),
    ("(10 10) 9", "(T T) 9"),
    ("(Q K) A AKQs", "(A K) Q AKQs"),
])
def test_labels_typed_in_any_order_or_case(typed, label):
    assert class_by_label(typed).label == label


def test_every_label_is_found_by_its_loose_form():
    for c in classes():
        assert class_by_label(c.label.lower().replace(")", " )")) is c


def test_a_named_set_in_a_list_of_labels_is_explained():
    with pytest.raises(ValueError, match="'pairs' is a named set of classes"):
        select(["pairs", "(A A) A"])
