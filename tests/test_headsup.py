"""Exact heads-up equity by counting (headsup.py) against enumeration and sampling."""

from __future__ import annotations

import re
from fractions import Fraction

import naive_equity
import numpy as np
import pytest

from studodds import equity
from studodds.engine.headsup import heads_up_counts
from studodds.engine.inputs import EngineInputs
from studodds.engine.runs import count_heads_up, run_exact
from studodds.engine.showdown import HIGH_TIE, HIGH_WIN, LOW_TIE, LOW_WIN, SHARE, TIE, WIN
from studodds.eval.kernels import KIND_CODES
from studodds.method import Method
from studodds.scenario import build_scenario


def counted(game, hands, dead=""):
    s = build_scenario(game, hands, dead)
    return heads_up_counts(
        KIND_CODES[s.game.kinds[0]], s.pool, s.known[0], s.known[1], s.to_deal[0],
        s.to_deal[1],
    )


def enumerated(game, hands, dead=""):
    """The general enumerator's tallies for the same table (the engine's slow path)."""
    s = build_scenario(game, hands, dead)
    inputs = EngineInputs(s)
    from math import comb

    n_deals = comb(len(s.pool), sum(s.to_deal)) * comb(sum(s.to_deal), s.to_deal[0])
    tallies, _, _, _ = run_exact(inputs, None, n_deals, False)
    return n_deals, int(tallies[0, 0]), int(tallies[0, 1])


SMALL = [  # (game, hands, dead): small enough for the itertools twin
    ("stud7", ["(As Ks) Ah Kh Qh Jh (x)", "(Qs x) Qc 2d 3d 4d (x)"], ""),
    ("stud7", ["(As Ks) Ah Kh Qh Jh", "(Qs Qd) Qc 2d 3d 4d"], "2c 5c 6c 7c 8c 9c"),
    ("stud7", ["(9s 8s) 7d 6c 2h 2d", "(9h 8h) 7c 6d 2s 2c"], "Tc Td Th Ts 5c 5d 5h 5s"),
    ("razz", ["(As 2s) 3h 4h Kc Kd (x)", "(x 5d) 6c 7c 8d Qs (x)"], ""),
    ("stud5", ["(x) Kd Qd 2c", "(Ah) 7s 7c 3d"], "Ac Ad As 2d 2h 2s"),
    ("stud5low", ["(As) 2h 3h 4c", "(x) 5d 6d 7d"], ""),
    ("stud5low6", ["(As) 2h 3h 9d", "(x) Kd Qd 4s"], "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc"),
]


@pytest.mark.parametrize("game, hands, dead", SMALL)
def test_counting_equals_the_brute_force_twin(game, hands, dead):
    deals, wins, ties = counted(game, hands, dead)
    known, to_deal, pool = naive_equity.table_from_text(game, hands, dead)
    slow = naive_equity.brute_force(game, known, to_deal, pool, False)
    assert deals == slow.deals
    assert Fraction(wins, deals) == slow.players[0].win
    assert Fraction(ties, deals) == slow.players[0].tie
    assert Fraction(2 * wins + ties, 2 * deals) == slow.players[0].equity


MEDIUM = [  # 15 to 106 million deals: the enumerator takes seconds
    ("stud7", ["(As Ks) Ah Kh Qh", "(x x) Qc 2d 3d"], ""),
    ("stud7", ["(x x) Ah Kh Qh Jh", "(x x) Qc 2d 3d 4d"], "4c 5c"),
    ("razz", ["(As 2s) 3h 4h 9c", "(x x) Qc Kd 3d"], ""),
    ("stud5", ["(x) Kd Qd 7h", "(x) Ah 7c 2s"], "Ac Ad"),
    ("stud5low6", ["(As) 2h 3h", "(x) Kd Qd"], ""),
    ("stud5low", ["(x) 2h 3h 9c", "(x) 4c 4d Jd"], ""),
]


@pytest.mark.slow
@pytest.mark.parametrize("game, hands, dead", MEDIUM)
def test_counting_equals_full_enumeration(game, hands, dead):
    assert counted(game, hands, dead) == enumerated(game, hands, dead)


def live_only(live: str, hands: list[str]) -> str:
    """Dead cards: every card neither in a hand nor in live (a small pool, fast to
    enumerate, with every unseen card still two or more to a side)."""
    keep = {c for text in (live, *hands) for c in re.findall(r"[2-9TJQKA][cdhs]", text)}
    return " ".join(f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs" if f"{r}{s}" not in keep)


# Both sides with two or more unseen cards: the inclusion-exclusion then has shared sets
# of two cards and more (their sign is +1 for two, -1 for three, ...); the cases above that
# run by default have one side with at most one unseen card, and a sign flipped for the
# sets of two went unnoticed.
BOTH_UNSEEN = [  # (game, hands, live cards): 0.7 to 3 million deals, enumerated in < 0.2 s
    ("stud7", ["(As x) Ah Kh Qh Jh", "(Qs x) Qc 2d 3d 4d"], None),  # 2 and 2, 42 cards
    ("stud7", ["(x x) Ah Kh Qh", "(x x) Qc Jd 3d"],
     "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qd Kd Ad 2s 3s 4s 5s 6s"),  # 4 and 4, ties
    ("razz", ["(x x) Ah 2d 3c", "(x 5s) 4c 6h Kc"],
     "2c 3h 4d 5c 6c 7c 8c 9c Tc Jc Qd Kd Ad 2s 3s 4s 7s 6s"),  # 4 and 3
    ("stud5", ["(x) Kd Qd", "(x) Ah 7c"],
     "2c 3c 4c 5c 6c 7d 8c 9c Tc Jc Qc Kc Ad 2s 3s 4s 5s 6s 7s 8s"),  # 3 and 3
]


@pytest.mark.parametrize("game, hands, live", BOTH_UNSEEN)
def test_counting_equals_enumeration_with_unseen_cards_on_both_sides(game, hands, live):
    dead = "" if live is None else live_only(live, hands)
    s = build_scenario(game, hands, dead)
    assert min(s.to_deal) >= 2
    deals, wins, ties = counted(game, hands, dead)
    assert (deals, wins, ties) == enumerated(game, hands, dead)
    assert 0 < wins < deals


@pytest.mark.slow
def test_fourth_street_equals_full_enumeration():
    """4th street, the opponent's hole cards known (the full unknown case, 1.46e10 deals,
    is out of the enumerator's reach in a test): 187 million deals, every one counted."""
    hands = ["(As Ks) Ah Kh", "(Qs Qh) Qd 3c"]
    assert counted("stud7", hands) == enumerated("stud7", hands)


# 3rd street, counted exactly (10-20 s: the slow test below counts it again and checks
# these): deals, the hero's wins, ties.
THIRD_STREET = ["(As Ks) Ah", "(x x) Qd"]
THIRD_STREET_COUNTS = (1_373_550_338_160, 1_068_620_836_189, 121_329_280)


@pytest.mark.slow
def test_third_street_agrees_with_a_hundred_million_trials():
    hands = THIRD_STREET
    exact = equity("stud7", hands, exact=True)
    assert exact.method == "exact" and exact.samples == 1_373_550_338_160  # C(48, 4) * C(44, 6)
    deals, wins, ties = THIRD_STREET_COUNTS
    assert exact.players[0].win == pytest.approx(wins / deals, rel=1e-12)
    assert exact.players[0].tie == pytest.approx(ties / deals, rel=1e-12)
    sampled = equity("stud7", hands, trials=100_000_000, seed=7)
    for e, s in zip(exact.players, sampled.players, strict=True):
        assert abs(e.equity - s.equity) < 3 * s.equity_se
        assert abs(e.win - s.win) < 3 * s.win_se


def test_fourth_street_is_exact_by_default_and_third_street_says_how_long():
    fourth = equity("stud7", ["(As Ks) Ah Kh", "(x x) Qd 3c"])
    assert fourth.method == "exact" and fourth.samples == 14_612_237_640
    third = equity("stud7", THIRD_STREET, trials=1000, seed=1)
    assert third.note is None  # the caller chose the method
    # A precision asked for: sampled, not counted, and right (the exact counts above).
    third = equity("stud7", THIRD_STREET, precision=0.01, seed=1)
    assert third.method == "monte-carlo" and third.note is None
    deals, wins, ties = THIRD_STREET_COUNTS
    hero = third.players[0]
    assert hero.equity_se <= 0.01
    assert abs(hero.equity - (wins + ties / 2) / deals) < 4 * hero.equity_se, hero
    assert abs(hero.win - wins / deals) < 4 * hero.win_se, hero
    default = equity("stud7", THIRD_STREET, seed=1)
    assert default.method == "monte-carlo" and "use --exact" in default.note
    assert abs(default.players[0].equity - (wins + ties / 2) / deals) < 0.002  # 4 SE


def test_counting_tallies_read_like_the_enumerators():
    hands = ["(As Ks) Ah Kh Qh", "(x x) Qc 2d 3d"]
    result = equity("stud7", hands, exact=True)
    deals, wins, ties = counted("stud7", hands)
    assert result.samples == deals
    hero, villain = result.players
    assert hero.win == wins / deals and villain.win == (deals - wins - ties) / deals
    assert hero.tie == villain.tie == ties / deals
    assert np.isclose(hero.equity + villain.equity, 1)


# ----------------------------------------------------------------- split pots (jointly)


def split_tallies(game, hands, dead="", counting=True):
    """Integer tallies of the heads-up split-pot count, or of the enumerator."""
    s = build_scenario(game, hands, dead)
    inputs = EngineInputs(s)
    if counting:
        tallies, no_low, _, _ = count_heads_up(inputs, s)
    else:
        from math import comb

        n_deals = comb(len(s.pool), sum(s.to_deal)) * comb(sum(s.to_deal), s.to_deal[0])
        tallies, no_low, _, _ = run_exact(inputs, None, n_deals, False)
    return tallies[:, EXACT_COLUMNS], no_low


EXACT_COLUMNS = [WIN, TIE, SHARE, HIGH_WIN, HIGH_TIE, LOW_WIN, LOW_TIE]

SPLIT_SMALL = [  # scoops, split halves, quartered lows, no low at all: all in the twin
    ("stud7hl8", ["(As 2s) 3h 4h Kc Kd (x)", "(x 5d) 6c 7c 8d Qs (x)"], ""),
    ("stud7hl8", ["(As Ks) Ah Kh Qh Jh (x)", "(Qs x) Qc 2d 3d 4d (x)"], ""),
    ("stud7hl8", ["(Ac 2c) 3h 4h 5d Kd", "(As 2s) 3d 4d 5h Ks"], "6c 6d 6h 6s 7c 7d 7h 7s"),
    ("stud7hl8", ["(9s 9h) Tc Td Jh Jd", "(x x) Qc Qd Kh Ks"], "2c 2d 3c 3d 4c 4d 5c 5d"),
    ("stud5hl", ["(x) Kd Qd 2c", "(Ah) 7s 7c 3d"], "Ac Ad As 2d 2h 2s"),
    ("stud5hl", ["(As) 2h 3h 4c", "(x) 5d 6d 7d"], ""),
    ("stud5hl", ["(2c) 3c 4c 5c", "(x) 2d 3d 4d"], "5d 5h 5s Ac Ad Ah As"),
]


@pytest.mark.parametrize("game, hands, dead", SPLIT_SMALL)
def test_split_counting_equals_the_brute_force_twin(game, hands, dead):
    result = equity(game, hands, dead, exact=True)
    known, to_deal, pool = naive_equity.table_from_text(game, hands, dead)
    slow = naive_equity.brute_force(game, known, to_deal, pool, False)
    assert result.samples == slow.deals
    assert result.no_low == pytest.approx(float(slow.no_low), abs=1e-12)
    for fast, twin in zip(result.players, slow.players, strict=True):
        for field in ("win", "tie", "equity", "high_win", "high_tie", "low_win", "low_tie"):
            assert getattr(fast, field) == pytest.approx(float(getattr(twin, field)), abs=1e-12)
        assert fast.scoop == fast.win


def test_split_cases_cover_every_kind_of_outcome():
    """The small cases above between them scoop, split, quarter and have no low."""
    seen = set()
    for game, hands, dead in SPLIT_SMALL:
        known, to_deal, pool = naive_equity.table_from_text(game, hands, dead)
        slow = naive_equity.brute_force(game, known, to_deal, pool, False)
        hero = slow.players[0]
        seen |= {name for name, value in (("scoop", hero.win), ("high tie", hero.high_tie),
                                          ("low tie", hero.low_tie), ("no low", slow.no_low))
                 if value > 0}
    assert seen == {"scoop", "high tie", "low tie", "no low"}


SPLIT_MEDIUM = [
    ("stud7hl8", ["(As 2s) 3h 4h Kc", "(x x) 5d 6c 7c"], ""),
    ("stud7hl8", ["(x x) 8h 9h Kc Kd", "(x x) 5d 6c 7c 2c"], ""),
    ("stud5hl", ["(x) Kd Qd 7h", "(x) Ah 7c 2s"], "Ac Ad"),
    ("stud5hl", ["(As) 2h 3h", "(x) Kd Qd"], ""),
]


# As BOTH_UNSEEN, for the split-pot count (headsup_split.py signs its sets the same way).
SPLIT_BOTH_UNSEEN = [
    ("stud7hl8", ["(As x) 2h 3h 4c 5d", "(Ks x) 6c 7c 8d Qs"], None),  # 2 and 2, 42 cards
    ("stud7hl8", ["(x x) Ah 2h 3c", "(x x) 4d 5d Kc"],
     "6c 7c 8c 9c Tc Jc Qd Kd Ad 2s 3s 4s 5s 6s 7h 8h 9h 2c"),  # 4 and 4
    ("stud5hl", ["(x) Ah 2h", "(x) 7d Kc"],
     "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kd Ad 2s 3s 4s 5s 6s 7s 8s"),  # 3 and 3
]


@pytest.mark.parametrize("game, hands, live", SPLIT_BOTH_UNSEEN)
def test_split_counting_equals_enumeration_with_unseen_cards_on_both_sides(game, hands, live):
    dead = "" if live is None else live_only(live, hands)
    assert min(build_scenario(game, hands, dead).to_deal) >= 2
    counted_, no_low = split_tallies(game, hands, dead)
    enumerated_, no_low_enumerated = split_tallies(game, hands, dead, counting=False)
    assert np.array_equal(counted_, enumerated_) and no_low == no_low_enumerated
    assert (counted_ > 0).sum() >= 8  # scoops, halves and quarters, not one kind only


@pytest.mark.slow
@pytest.mark.parametrize("game, hands, dead", SPLIT_MEDIUM)
def test_split_counting_equals_full_enumeration(game, hands, dead):
    counted_, no_low = split_tallies(game, hands, dead)
    enumerated_, no_low_enumerated = split_tallies(game, hands, dead, counting=False)
    assert np.array_equal(counted_, enumerated_) and no_low == no_low_enumerated


@pytest.mark.slow
def test_split_fourth_street_equals_full_enumeration():
    hands = ["(As 2s) 3h 4h", "(6c 6d) 6h 5c"]  # 187 million deals
    counted_, no_low = split_tallies("stud7hl8", hands)
    enumerated_, no_low_enumerated = split_tallies("stud7hl8", hands, counting=False)
    assert np.array_equal(counted_, enumerated_) and no_low == no_low_enumerated


@pytest.mark.slow
def test_split_third_street_agrees_with_a_hundred_million_trials():
    hands = ["(As 2s) 3h", "(x x) Kd"]
    exact = equity("stud7hl8", hands, exact=True)
    assert exact.samples == 1_373_550_338_160
    sampled = equity("stud7hl8", hands, trials=100_000_000, seed=11)
    for e, s in zip(exact.players, sampled.players, strict=True):
        assert abs(e.equity - s.equity) < 3 * s.equity_se
        assert abs(e.scoop - s.scoop) < 3 * s.win_se


def test_split_fourth_street_is_exact_by_default():
    result = equity("stud7hl8", ["(As 2s) 3h 4h", "(x x) 5d 6c"])
    assert result.method == "exact" and result.samples == 14_612_237_640
    assert result.players[0].equity + result.players[1].equity == pytest.approx(1)
    third = equity("stud7hl8", ["(As 2s) 3h", "(x x) 5d"], seed=1)
    assert third.method == "monte-carlo" and "use --exact" in third.note


@pytest.mark.parametrize("game", ["stud7", "stud7hl8"])
def test_counting_reports_progress_up_to_the_end(game):
    seen = []
    equity(game, ["(As 2s) 3h 4h", "(x x) 5d 6c"], exact=True, progress=seen.append)
    assert seen and seen == sorted(seen) and seen[-1] == 1.0


@pytest.mark.parametrize("game, hands", [
    ("stud7", ["(x x) Ah Kh Qh Jh", "(Qs Qd) Qc 2d 3d 4d"]),
    ("stud7hl8", ["(x x) Ah 2h 3c 4d", "(Qs Qd) Qc 2d 3d 4h"]),
    ("stud5hl", ["(x) Ah 2h 3c", "(Qs) Qc 2d 3d"]),
])
def test_the_player_with_more_to_come_is_counted_from_the_other_side(game, hands):
    """Counting stores lists for the side with fewer cards to come; swapping the players
    must swap the answers, and both must equal enumeration."""
    forward = split_tallies(game, hands)
    backward = split_tallies(game, hands[::-1])
    assert np.array_equal(forward[0], backward[0][::-1]) and forward[1] == backward[1]
    assert np.array_equal(forward[0], split_tallies(game, hands, counting=False)[0])


@pytest.mark.parametrize("game", ["stud7", "stud7hl8"])
def test_a_random_hand_on_seventh_street_equals_enumeration(game):
    """A 'random' villain has 7 cards to come and the hero none: one shared set of 2**7."""
    hands, dead = ["(As 2s) 3h 4h 5d 6c (7d)", "random"], "Kc Kd Kh 8c 8d 9c 9d Tc Td Jc"
    counted_, no_low = split_tallies(game, hands, dead)
    enumerated_, no_low_enumerated = split_tallies(game, hands, dead, counting=False)
    assert np.array_equal(counted_[:, :3], enumerated_[:, :3]) and no_low == no_low_enumerated


# ----------------------------------------------------------------- how lists are counted

MODE_CASES = [  # both sides with unseen cards, so every size of shared set is counted
    ("stud7", ["(x x) Ah Kh Qh", "(x x) Qc Jd 3d"],
     "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qd Kd Ad 2s 3s 4s 5s 6s"),
    ("razz", ["(x x) Ah 2d 3c", "(x 5s) 4c 6h Kc"],
     "2c 3h 4d 5c 6c 7c 8c 9c Tc Jc Qd Kd Ad 2s 3s 4s 7s 6s"),
    ("stud7hl8", ["(x x) Ah 2d 3c", "(x 5s) 4c 6h Kc"],
     "2c 3h 4d 5c 6c 7c 8c 9c Tc Jc Qd Kd Ad 2s 3s 4s 7s 6s"),
]

# (SEARCH_MAX, table budget): every list sorted and searched; tables wherever a list is
# longer than one entry
MODE_SETTINGS = [(0, 0), (1, 1 << 40)]


@pytest.mark.parametrize("game, hands, live", MODE_CASES)
@pytest.mark.parametrize("search_max, budget", MODE_SETTINGS)
def test_every_way_of_counting_a_list_gives_the_same_counts(game, hands, live, search_max,
                                                            budget, monkeypatch):
    """Tables and sorted lists are two ways to count one thing: forced one at a time
    they must both give enumeration's integers (the default mixes them)."""
    from studodds.engine import headsup

    dead = live_only(live, hands)
    expected = split_tallies(game, hands, dead, counting=False)
    monkeypatch.setattr(headsup, "SEARCH_MAX", search_max)
    monkeypatch.setattr(headsup, "MIN_TABLE_BUDGET", budget)
    monkeypatch.setattr(headsup, "table_budget", lambda n, k, smax=None: budget)
    s = build_scenario(game, hands, dead)
    n, k = len(s.pool), min(s.to_deal)
    lengths = headsup.list_lengths(n, k, k)
    modes = headsup.count_modes(n, k, k, 50, budget).tolist()
    if budget == 0:
        assert set(modes) == {headsup.SEARCH}
    else:
        assert [m == headsup.SEARCH for m in modes] == [length == 1 for length in lengths]
        assert headsup.TABLE8 in modes
    counted_ = split_tallies(game, hands, dead)
    assert np.array_equal(counted_[0], expected[0]) and counted_[1] == expected[1]


BY_CARD_CASES = [  # (game, hands, dead, player): the player with more or fewer to come
    ("stud7", ["(As Kd) Qh Jh 7d", "(x x) 7c 8c 2h"], "", 1),
    ("stud7", ["(As Kd) Qh Jh 7d", "(x x) 7c 8c 2h"], "", 2),
    ("razz", ["(As 2d) 3h 7s 9d", "(x x) 4c 8c Qh"], "", 2),
    ("stud5", ["(x) Kd Qd", "(Ah) 7c 7s"], "", 1),
]


@pytest.mark.parametrize("game, hands, dead, player", BY_CARD_CASES)
def test_a_next_card_table_counted_in_one_pass_equals_a_count_per_card(
        game, hands, dead, player, monkeypatch):
    from studodds import whatif

    one_pass = whatif.next_card_table(game, hands, dead, player=player, exact=True)
    monkeypatch.setattr(whatif, "by_card_estimate", lambda *args: None)
    per_card = whatif.next_card_table(game, hands, dead, player=player, exact=True)
    assert one_pass.to_dict() == per_card.to_dict()
    assert one_pass.now.players == per_card.now.players
    assert one_pass.now.samples == per_card.now.samples


def test_the_one_pass_table_is_used_where_it_applies():
    from studodds.equity import by_card_estimate

    s = build_scenario("stud7", ["(As Kd) Qh Jh 7d", "(x x) 7c 8c 2h"])
    assert by_card_estimate(s, 0, Method(exact=True)).method == "counting"
    assert by_card_estimate(s, 0, Method(trials=1000)) is None  # sampling asked
    split = build_scenario("stud7hl8", ["(As Kd) Qh Jh 7d", "(x x) 7c 8c 2h"])
    assert by_card_estimate(split, 0, Method(exact=True)) is None


# ------------------------------------------------------- one compile for every game


@pytest.mark.parametrize("game, hands, live", SPLIT_BOTH_UNSEEN)
def test_split_counting_with_two_byte_groups_equals_enumeration(game, hands, live, monkeypatch):
    """A villain completion's group (its low's place among the hero's lows) takes two
    bytes when the hero has more than 127 lows (stud5hl on 2nd street); forced here on
    tables small enough to enumerate."""
    from studodds.engine import headsup_split

    dead = "" if live is None else live_only(live, hands)
    expected = split_tallies(game, hands, dead, counting=False)
    monkeypatch.setattr(headsup_split, "ONE_BYTE_GROUPS", 0)
    counted_ = split_tallies(game, hands, dead)
    assert np.array_equal(counted_[0], expected[0]) and counted_[1] == expected[1]


def test_every_game_shares_one_compile_of_each_counting_kernel(monkeypatch):
    """The hand kinds, the parts counted and the villain's groups are arguments of one
    type whatever the game, street or pot: after counting one kind, a split pot with
    groups of one and of two bytes and a next-card table, every counting kernel has been
    compiled for one signature (a second would be a second compile, seconds on a user's
    first query of another game)."""
    from studodds import whatif
    from studodds.engine import headsup_kernels, headsup_split
    from studodds.eval.kernels import value_of_kind

    for game, hands, dead in SMALL:
        counted(game, hands, dead)
    for game, hands, live in SPLIT_BOTH_UNSEEN[1:]:
        split_tallies(game, hands, live_only(live, hands))
    monkeypatch.setattr(headsup_split, "ONE_BYTE_GROUPS", 0)
    split_tallies("stud7hl8", *SPLIT_SMALL[0][1:])
    whatif.next_card_table(*BY_CARD_CASES[0][:3], player=1, exact=True)
    kernels = [headsup_kernels.completion_values, headsup_kernels.fill_lists,
               headsup_kernels.build_count_tables, headsup_kernels.count_streamed]
    assert [len(kernel.signatures) for kernel in kernels] == [1] * len(kernels)
    assert len(value_of_kind.signatures) <= 1  # none when the kernels came from the cache


@pytest.mark.parametrize("m", [0, 1, 2, 4])
def test_chunks_start_at_the_completion_of_their_colex_rank(m):
    """first_completions unranks every chunk's first completion at once (the kernels
    step on from it in colex order): the same as listing the subsets in colex order."""
    from itertools import combinations
    from math import comb

    from studodds.engine.exact import binomial_table
    from studodds.engine.headsup import first_completions

    n = 9
    colex = sorted(combinations(range(n), m), key=lambda c: c[::-1])
    starts = first_completions(np.arange(comb(n, m) + 1), m, binomial_table(n + 1, n + 1))
    assert [tuple(row[:m]) for row in starts.tolist()] == colex
