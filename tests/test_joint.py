"""studodds/engine/joint.py against a brute force written here, and its speed on real tables.

The brute force tries every choice of one combination per range (itertools.product, so in
lexicographic order of range then combination) and keeps those using no card twice. Random
range sets draw their combinations from a few cards so that clashes are common, with cards
anywhere in 0..51 (the high bits of the masks too) and two-card combinations written in
either order (rows must keep each combination's order).
"""

from __future__ import annotations

import random
import time
from itertools import combinations, product

import numpy as np
import pytest

from studodds import scenario as scenario_module
from studodds.engine.joint import (
    JointSearchTooHard,
    conflicting_players,
    count_lower_bound,
    list_joint_choices,
)
from studodds.messages import players_text
from studodds.ranges import PlayerRange
from studodds.scenario import build_scenario

WIDE = "(?? ??|?? ??)"  # any two hole cards, as a range ("(?? ??)" alone is just unknown)


# --------------------------------------------------------------------------- brute force


def brute_choices(ranges) -> list[tuple[int, ...]]:
    """Every joint choice as combination positions (k per range), in product order."""
    found = []
    for picks in product(*(range(len(r.combos)) for r in ranges)):
        cards = [c for r, k in zip(ranges, picks) for c in r.combos[k]]
        if len(set(cards)) == len(cards):
            found.append(picks)
    return found


def expected_arrays(ranges, picks) -> tuple[np.ndarray, np.ndarray]:
    """The contract of list_joint_choices, written out from brute-force picks."""
    starts = np.cumsum([0] + [len(r.combos) for r in ranges])[:-1]
    width = sum(r.size for r in ranges)
    rows = np.array(
        [[c for r, k in zip(ranges, p) for c in r.combos[k]] for p in picks], dtype=np.int64
    ).reshape(len(picks), width)
    choices = np.array(
        [[starts[i] + k for i, k in enumerate(p)] for p in picks], dtype=np.int64
    ).reshape(len(picks), len(ranges))
    return rows, choices


def only(ranges, players) -> list[PlayerRange]:
    return [r for r in ranges if r.player in players]


def random_ranges(rng: random.Random) -> list[PlayerRange]:
    """1-6 ranges of 1-6 combinations over 3-11 cards; usually one hole size for all (as
    in a real game), sometimes mixed; player numbers with gaps, as in a real table."""
    n_players = rng.randint(1, 6)
    deck = rng.sample(range(52), rng.randint(3, 11))
    sizes = [rng.choice((1, 2))] * n_players
    if rng.random() < 0.25:
        sizes = [rng.choice((1, 2)) for _ in range(n_players)]
    seats = sorted(rng.sample(range(8), n_players))
    ranges = []
    for seat, size in zip(seats, sizes):
        every = list(combinations(deck, size))
        combos = rng.sample(every, rng.randint(1, min(6, len(every))))
        combos = [tuple(rng.sample(c, len(c))) for c in combos]  # either card order
        ranges.append(PlayerRange(seat, size, tuple(combos)))
    return ranges


def entangled_ranges(rng: random.Random, n_players: int, n_cards: int) -> list[PlayerRange]:
    """Two-card ranges of 2-7 combinations over a few cards: the clashes here mostly pass
    the pair and Hall checks, so the search (its pruning and memory) decides them."""
    deck = rng.sample(range(52), n_cards)
    every = list(combinations(deck, 2))
    return [PlayerRange(p, 2, tuple(rng.sample(every, rng.randint(2, 7))))
            for p in range(n_players)]


RANDOM_CASES = [random_ranges(random.Random(seed)) for seed in range(800)] + [
    entangled_ranges(random.Random(seed), 5 + seed % 2, 10 + seed % 2 * 2)
    for seed in range(240)
]


def test_random_cases_cover_both_answers():
    feasible = sum(bool(brute_choices(r)) for r in RANDOM_CASES)
    assert 300 < feasible < len(RANDOM_CASES) - 300


# --------------------------------------------------------------------------- conflicts


@pytest.mark.parametrize("chunk", range(8))
def test_conflicting_players_against_brute_force(chunk):
    for ranges in RANDOM_CASES[chunk::8]:
        possible = bool(brute_choices(ranges))
        found = conflicting_players(ranges)
        assert (found is None) == possible, ranges
        if found is None:
            continue
        assert list(found) == sorted(set(found)), found
        assert set(found) <= {r.player for r in ranges}
        # The named players alone cannot all hold ...
        assert not brute_choices(only(ranges, found)), (ranges, found)
        # ... and none of them is spare: without any one, the rest can.
        for p in found:
            assert brute_choices(only(ranges, set(found) - {p})), (ranges, found, p)


def test_a_pair_clash_among_wide_ranges():
    """Player 1 wants As Ks or Ah Kh, player 5 As Ah: the pair clashes, whatever the three
    wide ranges between them do (the old depth-first check took minutes here)."""
    hands = ["(As Ks | Ah Kh) 2c", f"{WIDE} 3c", f"{WIDE} 4c", f"{WIDE} 5c", "(As Ah | Ah As) 6c"]
    ranges = _ranges(hands)
    start = time.perf_counter()
    assert conflicting_players(ranges) == (0, 4)
    assert time.perf_counter() - start < 2
    assert conflicting_players(ranges, max_work=0) == (0, 4)  # found without a search
    # One more way for player 5 and everyone holds.
    hands[-1] = "(As Ah | Kd Kc) 6c"
    start = time.perf_counter()
    assert conflicting_players(_ranges(hands)) is None
    assert time.perf_counter() - start < 2


def test_hall_violation_names_the_group():
    """Three one-card ranges over two cards: each pair can hold, all three cannot."""
    ranges = [PlayerRange(p, 1, ((5,), (51,))) for p in (1, 3, 6)]
    assert conflicting_players(ranges) == (1, 3, 6)
    # A fourth player sharing a card is not named. Counting every live card (4 for 4
    # players) passes, so only the check of each group finds it, without a search step.
    ranges.append(PlayerRange(7, 1, ((5,), (9,), (10,))))
    assert conflicting_players(ranges) == (1, 3, 6)
    assert conflicting_players(ranges, max_work=0) == (1, 3, 6)


def test_parity_clash_that_hall_passes():
    """Three players wanting two cards from one of two triples: 6 cards for 6 hole cards,
    so Hall's condition holds, and any two players can hold; but a triple holds one pair
    at most."""
    triangles = ((0, 1), (0, 2), (1, 2), (49, 50), (49, 51), (50, 51))
    ranges = [PlayerRange(p, 2, triangles) for p in range(3)]
    assert conflicting_players(ranges) == (0, 1, 2)
    ranges = [PlayerRange(p, 2, triangles) for p in range(10)]  # still instant, minimal
    assert len(conflicting_players(ranges)) == 3


def test_work_cap_raises_one_line():
    hands = ["(As Ks | Ah Kh) 2c", f"{WIDE} 3c", f"{WIDE} 4c", f"{WIDE} 5c", "(As Ah | Kd Kc) 6c"]
    ranges = _ranges(hands)
    with pytest.raises(JointSearchTooHard) as info:
        conflicting_players(ranges, max_work=2)
    message = str(info.value)
    assert isinstance(info.value, ValueError)
    assert "\n" not in message
    assert "share too many cards" in message and "narrow" in message
    assert "players 1, 2, 3, 4 and 5" in message
    assert info.value.players == (0, 1, 2, 3, 4)
    assert conflicting_players(ranges, max_work=10) is None  # enough for this table


def test_players_text():
    assert players_text([2]) == "player 3"
    assert players_text([4, 0]) == "players 1 and 5"
    assert players_text([0, 1, 3]) == "players 1, 2 and 4"


# --------------------------------------------------------------------------- listing


@pytest.mark.parametrize("chunk", range(8))
def test_list_joint_choices_against_brute_force(chunk):
    for ranges in RANDOM_CASES[chunk::8]:
        picks = brute_choices(ranges)
        count = len(picks)
        assert count_lower_bound(ranges) <= count
        rows, choices = expected_arrays(ranges, picks)
        for cap in {count, count + 7, 10**9}:
            got = list_joint_choices(ranges, cap)
            assert got is not None, (ranges, cap)
            assert got[0].dtype == np.int64 and got[1].dtype == np.int64
            assert got[0].shape == rows.shape and got[1].shape == choices.shape
            assert np.array_equal(got[0], rows) and np.array_equal(got[1], choices)
        for cap in {max(count - 1, 0), 0}:
            if count > cap:
                assert list_joint_choices(ranges, cap) is None, (ranges, cap)


def engine_listing(ranges, cap):
    """equity._Inputs.joint_combinations as it stood before joint.py (commit 850764a),
    copied so that this test does not depend on where that code lives now: the listing
    joint.py must reproduce exactly."""
    rows: list[tuple[int, ...]] = []
    choices: list[tuple[int, ...]] = []
    starts = list(np.cumsum([0] + [len(r.combos) for r in ranges])[:-1])

    def walk(i: int, used: int, row: tuple[int, ...], chosen: tuple[int, ...]) -> bool:
        if i == len(ranges):
            rows.append(row)
            choices.append(chosen)
            return len(rows) <= cap
        for k, combo in enumerate(ranges[i].combos):
            mask = sum(1 << c for c in combo)
            if not used & mask and not walk(
                i + 1, used | mask, row + tuple(combo), chosen + (starts[i] + k,)
            ):
                return False
        return True

    if not walk(0, 0, (), ()):
        return None
    width = sum(r.size for r in ranges)
    joint_choices = np.array(choices, dtype=np.int64).reshape(len(choices), len(ranges))
    return np.array(rows, dtype=np.int64).reshape(len(rows), width), joint_choices


def test_list_matches_the_engine_listing():
    """The same rows and choice indices as the engine's own listing, on real tables
    (ranges of different widths, clashing and not)."""
    tables = [
        ["(As Ks) Ah", "(K? K?|A? A?) Kd", "(Q? ??) 4c"],
        ["(K? ??) Kd 7c 8h 2s (3d)", "(K? ??) Kc Qd 5h 6s (9c)", "(Ah x) Ad 4c 4h Jd (Js)"],
        ["(A? A? | K? K?) 9c 7c 8h 2s (3d)", "(A? ?? | K? ??) Tc Td 5h 6s (4c)"],
        # Four players sharing nine spades: most partial choices lead nowhere.
        ["(?s ?s) 9s", "(?s ?s) Ks", "(?s ?s) 2s", "(?s ?s) 3s"],
    ]
    for hands in tables:
        scenario = build_scenario("stud7", hands)
        old_rows, old_choices = engine_listing(scenario.ranges, 10**7)
        rows, choices = list_joint_choices(scenario.ranges, 10**7)
        assert np.array_equal(rows, old_rows) and np.array_equal(choices, old_choices)
        count = len(old_rows)
        assert list_joint_choices(scenario.ranges, count) is not None
        assert list_joint_choices(scenario.ranges, count - 1) is None


def test_three_wide_ranges_refused_at_once():
    ranges = _ranges(["(As Ks) Ah", f"{WIDE} 3c", f"{WIDE} 4c", f"{WIDE} 5c"])
    start = time.perf_counter()
    assert count_lower_bound(ranges) > 1_000_000
    assert list_joint_choices(ranges, 1_000_000) is None
    assert conflicting_players(ranges) is None
    assert time.perf_counter() - start < 2


def test_early_stop_past_a_small_cap():
    """Ranges sharing the spades: the bound promises nothing (each later player could lose
    every combination), so the listing decides, and stops soon after the cap."""
    ranges = _ranges(["(?s ?s) 9s", "(?s ?s) Ks", "(?s ?s) 2s", "(?s A?) Qc"])
    assert count_lower_bound(ranges) == 0
    start = time.perf_counter()
    assert list_joint_choices(ranges, 1000) is None
    assert time.perf_counter() - start < 2
    assert len(list_joint_choices(ranges, 249_480)[0]) == 249_480


def test_no_ranges_is_one_empty_choice():
    rows, choices = list_joint_choices([], 5)
    assert rows.shape == (1, 0) and choices.shape == (1, 0)
    assert list_joint_choices([], 0) is None
    assert conflicting_players([]) is None


def _ranges(hands) -> tuple[PlayerRange, ...]:
    """The ranges of a stud7 table, without the scenario's own joint check (it refuses
    clashing tables, which these tests need)."""
    check = scenario_module._check_ranges
    scenario_module._check_ranges = lambda hands, ranges: None
    try:
        return build_scenario("stud7", hands).ranges
    finally:
        scenario_module._check_ranges = check


def test_the_cli_names_the_clashing_players_at_once(capsys):
    """The five-player table that hung `equity` (and any batch holding it) answers in one
    line naming the two players whose ranges clash."""
    from studodds.cli import main

    start = time.perf_counter()
    code = main(["equity", "(As Ks | Ah Kh) 2c", "(?? ??|?? ??) 3c", "(?? ??|?? ??) 4c",
                 "(?? ??|?? ??) 5c", "(As Ah | Ah As) 6c"])
    err = capsys.readouterr().err
    assert time.perf_counter() - start < 5
    assert code == 2 and err.count("\n") == 1
    assert err.startswith("Error: players 1 and 5 cannot both be dealt a hand from their ranges")
