"""Starting classes against brute force: all 22,100 three-card hands, suit symmetry by
trying all 24 relabellings of the suits (not by the module's shape key)."""

from collections import Counter
from itertools import combinations
from math import comb

import pytest

import studodds.starting.classes
from studodds.cards import parse_cards
from studodds.ranges import CLASS_TESTS
from studodds.starting.classes import (
    CATEGORIES,
    SUIT_PERMUTATIONS,
    class_by_label,
    class_of,
    classes,
    permute_suits,
    select,
)

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


# ---------------------------------------------------------------- classes of every game

ALL_TWO = list(combinations(range(52), 2))
FLUSHES = ["As Ks Qs Js 9s", "7h 5h 4h 3h 2h", "8d 6d 4d 3d Ad", "6c 4c 3c 2c Ac"]


def off_suit(text):
    """The same five ranks with the last card moved to another suit: no flush."""
    *first, last = text.split()
    return " ".join(first + [last[0] + ("c" if last[1] != "c" else "d")])


@pytest.mark.parametrize("kind", ["high", "low_a5", "low_8", "low_a6", "low_27"])
def test_suit_blind_kinds_are_the_evaluators_that_ignore_flushes(kind):
    """A kind may merge suits only if no flush is worth other than its off-suit twin."""
    from studodds.eval import evaluate
    from studodds.starting.classes import SUIT_BLIND_KINDS

    ignores = all(evaluate(h, kind).value == evaluate(off_suit(h), kind).value
                  for h in FLUSHES)
    assert ignores == (kind in SUIT_BLIND_KINDS)


def test_which_games_merge_suits():
    from studodds.games import GAMES
    from studodds.starting.classes import scheme_of

    merged = {g for g in GAMES if not scheme_of(g).suits}
    assert merged == {"razz", "stud5low"}
    assert {g for g in GAMES if scheme_of(g).cards == 2} == {
        "stud5", "stud5low", "stud5low6", "stud5hl"}


def brute_force_by_ranks(hands):
    """{sorted ranks: hands}: the classes where suits do not count, by brute force."""
    found = {}
    for hand in hands:
        found.setdefault(tuple(sorted(c // 4 for c in hand)), []).append(hand)
    return found


@pytest.mark.parametrize("game, n, hands, total", [
    ("razz", 455, ALL_HANDS, 22_100), ("stud5low", 91, ALL_TWO, 1_326)])
def test_rank_classes_count_every_hand(game, n, hands, total):
    assert n == (comb(13, 3) + 13 * 12 + 13 if total == 22_100 else comb(13, 2) + 13)
    by_ranks = brute_force_by_ranks(hands)
    assert len(hands) == total and len(classes(game)) == len(by_ranks) == n
    assert sum(c.combos for c in classes(game)) == total
    for c in classes(game):
        members = by_ranks[tuple(sorted(c.ranks))]
        assert c.combos == len(members)
        assert {class_of(h, game) for h in members} == {c}
        assert set(studodds.starting.classes.hands_of(c)) == {
            studodds.starting.classes.presentation_order(h) for h in members}
        assert "s" not in c.label and "-" not in c.code and c.shape is None
        assert c.suit_pattern is None


def test_two_card_classes_are_the_suit_relabelling_orbits():
    orbits = {}
    for hand in ALL_TWO:
        orbits.setdefault(canonical_by_relabelling(hand), []).append(hand)
    for game in ("stud5", "stud5low6", "stud5hl"):
        assert len(classes(game)) == len(orbits) == 169
        assert sum(c.combos for c in classes(game)) == 1_326
        for hands in orbits.values():
            found = {class_of(h, game) for h in hands}
            assert len(found) == 1 and found.pop().combos == len(hands)
    by_pattern = Counter((c.rank_pattern, c.suit_pattern, c.combos) for c in classes("stud5"))
    assert by_pattern == {("pair", "offsuit", 6): 13, ("two ranks", "suited", 4): 78,
                          ("two ranks", "offsuit", 12): 78}


@pytest.mark.parametrize("game, label, representative, combos", [
    ("razz", "(A A) A", "(As Ah) Ad", 4),
    ("razz", "(A A) 2", "(As Ah) 2d", 24),
    ("razz", "(A 3) 2", "(As 3h) 2d", 64),
    ("stud5", "(A) A", "(As) Ah", 6),
    ("stud5", "(A) K AKs", "(As) Ks", 4),
    ("stud5", "(A) K", "(As) Kh", 12),
    ("stud5low", "(A) 2", "(As) 2h", 16),
    ("stud5low6", "(A) 2 A2s", "(As) 2s", 4),
    ("razz6", "(A 3) 2 A32s", "(As 3s) 2s", 4),   # ace-to-six: a flush counts, suits stay
    ("razz27", "(7 3) 2 732s", "(7s 3s) 2s", 4),
])
def test_label_scheme_of_every_game(game, label, representative, combos):
    c = class_by_label(label, game)
    assert (c.label, c.representative, c.combos) == (label, representative, combos)
    assert class_by_label(c.code, game) is c


@pytest.mark.parametrize("game, typed, message", [
    ("razz", "(A 3) 2 A32s", "suits never change a hand's value in razz .* write '\\(A 3\\) 2'"),
    ("stud5low", "(A) 2 A2s", "in stud5low .* write '\\(A\\) 2'"),
    ("stud5", "(A A) K", "'\\(A A\\) K' is three cards, but a five-card stud start is two"),
    ("stud7", "(A) K", "'\\(A\\) K' is two cards, but a seven-card stud start is three"),
])
def test_labels_that_do_not_fit_the_game_say_what_to_write(game, typed, message):
    with pytest.raises(ValueError, match=message):
        class_by_label(typed, game)


def test_selections_by_game():
    from studodds.starting.classes import selection_games

    straight_sets = {frozenset(12 if r == -1 else r for r in s) for low in range(-1, 9)
                     for s in combinations(range(low, low + 5), 3)}
    assert [len(select(name, "razz")) for name in ("rolled", "pairs", "low3", "straight3")] \
        == [13, 156, comb(8, 3), len(straight_sets)]
    assert len(select("pairs", "stud5")) == len(select("pairs", "stud5low")) == 13
    assert len(select("suited", "stud5")) == 78
    assert selection_games("flush3") == ("stud7", "stud7hl8", "stud7hl", "razz27", "razz6")
    with pytest.raises(ValueError, match=r"'flush3' \(three cards of a suit\) is for stud7, "
                       r"stud7hl8, stud7hl, razz27, razz6: suits never change a hand's "
                       r"value in razz"):
        select("flush3", "razz")
    for name in ("rolled", "flush3", "straight3", "low3"):
        with pytest.raises(ValueError, match="stud5 starts with two cards"):
            select(name, "stud5")
    with pytest.raises(ValueError, match="suits never change a hand.s value in stud5low"):
        select("suited", "stud5low")
    with pytest.raises(ValueError, match="stud7 starts with three cards"):
        select("suited", "stud7")


def test_labels_typed_in_another_order_are_named():
    from studodds.starting.classes import reordered_labels

    assert class_by_label("(3 2) A", "razz") is class_by_label("(A 3) 2", "razz")
    assert reordered_labels(["(3 2) A", "(A 3) 2", "(a 3) 2", "A32", "(2 A) 3"], "razz") == [
        ("(3 2) A", "(A 3) 2"), ("(2 A) 3", "(A 3) 2")]
    assert reordered_labels(["(K) A AKs", "(A) K KAs", "(A) K AKs"], "stud5") == [
        ("(K) A AKs", "(A) K AKs"), ("(A) K KAs", "(A) K AKs")]
    with pytest.raises(ValueError, match=r"'\(A 3\) 2' is selected twice \(as '\(3 2\) A' "
                       r"and '\(A 3\) 2': which card is the door card does not change"):
        select(["(3 2) A", "(A 3) 2"], "razz")


def test_how_often_a_class_is_dealt():
    dealt = {c.label: c.dealt for c in classes()}
    assert dealt["(A A) A"] == 4 / 22_100                       # 1 in 5,525
    assert sum(c.dealt for c in select("rolled")) == pytest.approx(52 / 22_100)  # 1 in 425
    assert class_by_label("(A) A", "stud5").dealt == 6 / 1_326  # 1 in 221
    assert sum(c.dealt for c in classes("stud5low")) == pytest.approx(1.0)
