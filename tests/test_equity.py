"""studodds.equity against the brute-force twin (tests/naive_equity.py) and published odds.

The exact engine must agree with the twin on every figure (win, tie, equity, the split-pot
halves, no_low, the hand-category distribution) for small tables of every game; Monte Carlo
must land within 4 standard errors of the exact answer; seeds reproduce; the card-shortage
rule and the error messages follow docs/rules.md.
"""

from __future__ import annotations

import random
import re
import sys
from fractions import Fraction
from math import comb, factorial, sqrt

import naive
import numba
import pytest
from naive_equity import GAMES, brute_force, table_from_text

from studodds.engine.runs import FIRST_ROUND
from studodds.equity import equity
from studodds.messages import OptionError
from studodds.scenario import ScenarioError, build_scenario

ALL_GAMES = tuple(GAMES)
SPLIT_GAMES = ("stud7hl8", "stud5hl", "stud7hl")
FIGURES = ("win", "tie", "equity")
HALF_FIGURES = ("high_win", "high_tie", "low_win", "low_tie")


def close(x: float, exact: Fraction, tol: float = 1e-12) -> bool:
    return abs(Fraction(x) - exact) <= tol


def dead_all_but(live: str, hands: list[str]) -> str:
    """Dead cards: every card not in a hand and not in ``live`` (to shrink the pool)."""
    keep = set(naive.parse_cards(live))
    for hand in hands:
        keep.update(naive.parse_cards(" ".join(re.findall(r"[^\s()x]+", hand))))
    return naive.cards_text(c for c in range(52) if c not in keep)


# --------------------------------------------------------------------------- exact == twin

_TWIN: dict = {}


def twin_for(game, known, to_deal, pool, community):
    """brute_force, remembered (the coverage test below reuses the cases' answers)."""
    key = (game, known, to_deal, pool, community)
    if key not in _TWIN:
        _TWIN[key] = brute_force(game, known, to_deal, pool, community)
    return _TWIN[key]


def assert_exact_matches_twin(game, hands, dead="", community=False):
    """Scenario, exact engine and brute-force twin agree on everything."""
    scenario = build_scenario(game, hands, dead)
    known, to_deal, pool = table_from_text(game, hands, dead, community)
    assert [sorted(k) for k in scenario.known] == [sorted(k) for k in known]
    assert scenario.to_deal == to_deal
    assert scenario.pool == pool
    assert scenario.community_card is community

    twin = twin_for(game, known, to_deal, pool, community)
    result = equity(game, hands, dead, exact=True, distribution=True)
    assert result.method == "exact" and result.exact
    assert result.seed is None
    assert result.community_card is community
    assert result.samples == twin.deals
    draws = sum(to_deal) + community
    assignments = factorial(draws)
    for k in to_deal:
        assignments //= factorial(k)
    assert twin.deals == comb(len(pool), draws) * assignments

    split = len(GAMES[game][1]) == 2
    for p, (got, want) in enumerate(zip(result.players, twin.players, strict=True)):
        where = f"player {p + 1} {hands[p]!r}"
        for name in FIGURES:
            assert close(getattr(got, name), getattr(want, name)), (where, name)
        assert got.win_se is None and got.equity_se is None and got.equity_ci95 is None
        if split:
            for name in HALF_FIGURES:
                assert close(getattr(got, name), getattr(want, name)), (where, name)
            assert got.scoop == got.win
        else:
            assert all(getattr(got, name) is None for name in HALF_FIGURES + ("scoop",))
        # Hand categories: the engine lists every category, the twin those that occur.
        assert set(got.distribution) == set(want.distribution) == set(GAMES[game][1])
        for kind, probs in got.distribution.items():
            assert set(want.distribution[kind]) <= set(probs), (where, kind)
            for name, prob in probs.items():
                assert close(prob, want.distribution[kind].get(name, Fraction(0))), (
                    where, kind, name,
                )
    if split:
        assert close(result.no_low, twin.no_low)
        assert result.no_low_se is None
    else:
        assert result.no_low is None
    assert close(sum(p.equity for p in result.players), Fraction(1))
    return result, twin


# (hands, dead). Every case is at most ~60k deals; comments say what the case exercises.
EXACT_CASES = {
    "stud7": [
        # 7th street, one unseen river each: 40 * 39 deals.
        (["(As Ks) Ah Kh Qh Jh (x)", "(Qs Qd) Qc 2d 3d 4d (x)"], ""),
        # Both play a nine-high straight made on their own up cards: ties unless a ten.
        (["(4c 9d) 5c 6d 7h 8s (x)", "(4d 9h) 5d 6h 7s 8c (x)"], ""),
        # Up cards only on 7th street: the hole cards and the river are unseen.
        (["(As Ks) Ah Kh Qh Jh (2c)", "Qc 2d 3d 4d"], ""),
        # 6th street, holes unknown, most of the deck dead: 3 unseen cards each from 12.
        (["Ah Kh Qh Jh", "Qs Qd 2c 2d"], "live: Th 9h As Ad Ks 2h 2s 3c 4c 5c 6c 7c"),
        # Three-way with seen and unseen dead cards.
        (
            ["(Ac Ad) 2h 3h 4h 5d (x)", "(Kc Kd) Qs 9h 9d 8c (x)", "(Js Td) 9s 8s 3c 2s (x)"],
            "Qd 7h 6s x x",
        ),
    ],
    "stud7hl8": [
        # The low qualifies only if player 1 catches 5-8; a 5 also makes the wheel (scoop).
        (["(Ac 2d) 3h 4s Tc Kd (x)", "(Kh Ks) Qc Qd 9h 7d (x)"], ""),
        # Same wheel both sides: split halves, quartered pots.
        (["(Ac 2d) 3h 4s 5c Kd (x)", "(Ad 2c) 3s 4h 5d Ks (x)"], ""),
        # Nobody can make a low: the high hand takes the whole pot (no_low = 1).
        (["(As Ks) Ah Kh Qh Jh (x)", "(Qs Qd) Qc 2d 3d 4d (x)"], ""),
        # Three-way 6th street, ten dead cards.
        (
            ["(Ah 2h) 3c 7d 8s 9c", "(Kc Kd) Ks Qh Jh Th", "(6c 6d) 5s 4d Jc Js"],
            "2s 3s 4s 5h 6h 7h 8h 9h Tc Td",
        ),
        # 5th street, holes unknown: 4 unseen cards each from 12.
        (["Ah 2h 3c", "Kc Kd Ks"], "live: 4d 5d 6d 7s 8s As Ac Kh Qs Qd 2c 9c"),
    ],
    "razz": [
        (["(As 2s) 3d 4c Kh Qh (x)", "(5d 6d) 7c 8h 9s Ts (x)"], ""),
        # Mirror hands: ties whenever the rivers are the same rank or both pair up.
        (["(Ac 2c) 3c 4c Kc Qc (x)", "(Ad 2d) 3d 4d Kd Qd (x)"], ""),
        (
            ["(Ah 2h) 3c 7d 8s Kc (x)", "(4d 5d) 6c 7c Qh Qs (x)", "(3s 4s) 5s 6s 9d Td (x)"],
            "Ac 2c x",
        ),
        # One unknown hole card each on 6th street, small pool.
        (
            ["(As x) 2d 3c 4h 9s", "(x 5c) 6d 7s 8d Kh"],
            "live: 5h 5s 6c 6h 7d 8c Ac Ad Tc Jd Qs Kd 2s 3s",
        ),
    ],
    "stud5": [
        # 4th street: one card to come each.
        (["(As) Ks Qs Js", "(Ah) Ad 7c 7d"], ""),
        # 5th street with the hole cards unknown.
        (["Ah Kh Qh Jh", "Tc Td 9s 9h"], ""),
        # Both need a king or an eight to the same board straight: ties.
        (["(9c) Tc Jd Qh", "(9d) Th Js Qc"], ""),
        # 5th street, one hand complete: 43 deals of the other's hole card.
        (["(x) Ah Kh Qh Jh", "(9c) 9d 9h 2s 3s"], ""),
        (["(As) Ks Qd 7h", "(7c) 7d 2h 3h", "(Jc) Tc 9c 8c"], "Qc 7s 4h 5h"),
        # 2nd street, 3 cards to come each from 12.
        (["(As) Kd", "(7c) 7h"], "live: Ac Ad Ks Kh 7d 7s 2c 3c 4c 5c Qd Jd"),
    ],
    "stud5low": [
        (["(As) 2d 3c 9h", "(4d) 5d 6c 7c"], ""),
        (["(Ac) 2c 3c 4c", "(Ad) 2d 3d 4d"], ""),
        (["(Ah) 2h 8c 9d", "(3d) 4d 5s Ks", "(6c) 7c 8h Qs"], "As Ad Ac x"),
        (["(As) 2d", "(3c) 4c"], "live: 5c 5d 6h 7h 8s 9s Kd Kh Ac 2c 3d 4h"),
    ],
    "stud5low6": [
        # A-2-3-4 suited: a five makes a straight and a spade a flush, both bad here.
        (["(As) 2s 3s 4s", "(2d) 3d 4c 6h"], ""),
        (["(Ac) 2c 3d 4h", "(Ad) 2d 3h 4c"], ""),
        (["6h 4d 3c 2s", "7h 5h 4h 3h"], ""),
        (["(Ah) 2h 8c 9d", "(3d) 4d 5s Ks", "(6c) 7c 8h Qs"], "As Ad Ac x"),
    ],
    "stud5hl": [
        (["(As) Ks Qs 2d", "(3c) 4c 5h 6h"], ""),
        # Mirror hands: both halves tie often.
        (["(Ac) 2c 3d 4h", "(Ad) 2d 3h 4c"], ""),
        (["(Ah) Kh Qh 2c", "(3d) 4d 5s 6s", "(Kc) Kd 7c 7s"], "Jh Th 9h x"),
        (["(As) Kd 2c", "(7c) 7h 3d"], "live: Ac Ad Ks Kh 7d 7s 2d 3c 4c 5c Qd Jd 6h 8h"),
    ],
    "stud7hl": [
        # No qualifier: the pair of kings' K-Q-9-7 low still takes the low half when
        # player 1 pairs the river; a 5 gives player 1 the wheel (the scoop).
        (["(Ac 2d) 3h 4s Tc Kd (x)", "(Kh Ks) Qc Qd 9h 7d (x)"], ""),
        # Same wheel both sides: split halves, quartered pots.
        (["(Ac 2d) 3h 4s 5c Kd (x)", "(Ad 2c) 3s 4h 5d Ks (x)"], ""),
        # Three-way 6th street, ten dead cards.
        (
            ["(Ah 2h) 3c 7d 8s 9c", "(Kc Kd) Ks Qh Jh Th", "(6c 6d) 5s 4d Jc Js"],
            "2s 3s 4s 5h 6h 7h 8h 9h Tc Td",
        ),
        # 5th street, holes unknown: 4 unseen cards each from 12.
        (["Ah 2h 3c", "Kc Kd Ks"], "live: 4d 5d 6d 7s 8s As Ac Kh Qs Qd 2c 9c"),
    ],
    "razz27": [
        # The ace is only high; player 2's 6-7-8-9-T is a straight, a bad hand here.
        (["(2s 3s) 4d 5c Kh Qh (x)", "(7c 6c) 8h 9s Ts 2h (x)"], ""),
        # Six suited cards each: a flush unless the river lets five unsuited cards play.
        (["(2c 3c) 4c 5c Kc Qc (x)", "(2d 3d) 4d 5d Kd Qd (x)"], ""),
        # Aces on board are the worst cards; seen and unseen dead cards.
        (
            ["(Ah 2h) 3c 7d 8s Kc (x)", "(4d 5d) 6c 7c Qh Qs (x)", "(3s 4s) 5s 6s 9d Td (x)"],
            "Ac 2c x",
        ),
        # 6th street, holes unknown, small pool.
        (["7h 5d 4c 3s", "Ad 2s 3h 4d"], "live: 2c 2d 6h 6s 8c 8d 9c Tc Ac As Kd Qd"),
    ],
    "razz6": [
        # A-2-3-4 and a five makes a straight: bad in ace-to-six.
        (["(As 2s) 3d 4c Kh Qh (x)", "(5d 6d) 7c 8h 9s Ts (x)"], ""),
        # Mirror hands: ties whenever the rivers are the same rank or both pair up.
        (["(Ac 2c) 3c 4c Kc Qc (x)", "(Ad 2d) 3d 4d Kd Qd (x)"], ""),
        (
            ["(Ah 2h) 3c 7d 8s Kc (x)", "(4d 5d) 6c 7c Qh Qs (x)", "(3s 4s) 5s 6s 9d Td (x)"],
            "Ac 2c x",
        ),
    ],
}


def _dead(hands, dead):
    return dead_all_but(dead.removeprefix("live: "), hands) if dead.startswith("live:") else dead


@pytest.mark.parametrize(
    "game, hands, dead",
    [(g, h, d) for g, cases in EXACT_CASES.items() for h, d in cases],
    ids=[f"{g}-{i}" for g, cases in EXACT_CASES.items() for i in range(len(cases))],
)
@pytest.mark.parametrize("engine", ["default", "enumeration"])
def test_exact_equals_brute_force(game, hands, dead, engine, monkeypatch):
    """Heads-up tables are counted by default (headsup.py); the enumerator must agree too."""
    if engine == "enumeration":
        if len(hands) != 2:
            pytest.skip("multiway tables are enumerated by default")
        monkeypatch.setattr(sys.modules["studodds.equity"], "MAX_COUNTING_BYTES", 0)
    _, twin = assert_exact_matches_twin(game, hands, _dead(hands, dead))
    assert twin.deals <= 60_000


def test_cases_cover_ties_and_every_kind_of_pot():
    """The exact cases above are not all one-sided: ties, split halves, lows and no lows."""
    seen = {"tie": set(), "low_win": set(), "no_low_some": set(), "no_low_all": set()}
    for game in ALL_GAMES:
        for hands, dead in EXACT_CASES[game]:
            known, to_deal, pool = table_from_text(game, hands, _dead(hands, dead))
            twin = twin_for(game, known, to_deal, pool, False)
            if any(p.tie > 0 for p in twin.players):
                seen["tie"].add(game)
            if any(p.low_win > 0 for p in twin.players):
                seen["low_win"].add(game)
            if 0 < twin.no_low < 1:
                seen["no_low_some"].add(game)
            if twin.no_low == 1:
                seen["no_low_all"].add(game)
    assert seen["tie"] == set(ALL_GAMES)
    assert seen["low_win"] == set(SPLIT_GAMES)
    assert seen["no_low_some"] == seen["no_low_all"] == {"stud7hl8"}


def deal_table(n_players: int, n_cards: int, left: str, seed: int) -> list[str]:
    """Seven-card hands "(a b) c d ..." of n_cards each from every card but ``left``,
    shuffled by ``seed``."""
    out = set(naive.parse_cards(left))
    cards = [c for c in range(52) if c not in out]
    random.Random(seed).shuffle(cards)
    hands = []
    for p in range(n_players):
        mine = naive.cards_text(cards[n_cards * p : n_cards * (p + 1)]).split()
        hands.append(f"({mine[0]} {mine[1]}) {' '.join(mine[2:])}")
    return hands


def eight_players_on_sixth(left: str, seed: int) -> list[str]:
    """Eight hands holding every card but ``left`` (4 cards)."""
    return deal_table(8, 6, left, seed)


# 7 x 6 = 42 cards dealt, these 10 left.
SEVEN_LEFT = "Ah Ad 7d 7c 2c Ts Th 9s 5h Kc"
SEVEN_ON_SIXTH = deal_table(7, 6, SEVEN_LEFT, 5)
# 6 x 5 = 30 cards dealt, these 22 left; 15 of them seen dead: 7 unseen.
SIX_LEFT = "2c 2d 3h 4s 5c 5d 6h 7s 8c 9d Th Js Qc Kd Ah As Ks 3c 4d 6c 8h Jc"
SIX_ON_FIFTH = deal_table(6, 5, SIX_LEFT, 4)
SIX_DEAD = "2c 2d 3h 4s 5c 5d 6h 7s 8c 9d Th Js Qc Kd Ah"


@pytest.mark.parametrize("game", ["stud7", "stud7hl8", "razz"])
@pytest.mark.parametrize("left, seed", [("Ah 7d 2c Ts", 7), ("As 3h 5d 8c", 9)])
def test_community_card_eight_players_sixth_street(game, left, seed):
    """8 x 6 = 48 cards dealt, 4 left for 8 players: one community card (docs/rules.md)."""
    hands = eight_players_on_sixth(left, seed)
    scenario = build_scenario(game, hands)
    assert scenario.community_card is True
    assert scenario.to_deal == (0,) * 8
    assert scenario.pool == tuple(sorted(naive.parse_cards(left)))
    result, _ = assert_exact_matches_twin(game, hands, community=True)
    assert result.samples == 4
    # Exact equity is the plain average over the four possible community cards: worked
    # out here once more for the one-pot games, straight from naive.evaluate.
    if game == "stud7hl8":
        return  # the split pot is the twin's job, checked above
    (kind,) = GAMES[game][1]
    for p, player in enumerate(result.players):
        total = Fraction(0)
        for card in scenario.pool:
            values = [naive.evaluate(k + (card,), kind) for k in scenario.known]
            best = [q for q, v in enumerate(values) if v == max(values)]
            total += Fraction(int(p in best), len(best))
        assert close(player.equity, total / 4)


def ten_players_on_fifth() -> list[str]:
    """Five-card stud, 10 players on 5th street (50 cards dealt). Players 1-4 show A-2-3-4
    in rotated suits with their hole card unseen; the six unseen cards are the four fives
    and two sixes, so two to four of them can tie for the best low."""
    fours = [
        f"(x) A{a} 2{b} 3{c} 4{d}"
        for a, b, c, d in ("cdhs", "dhsc", "hscd", "scdh")
    ]
    taken = set(naive.parse_cards("Ac Ad Ah As 2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s"))
    taken |= set(naive.parse_cards("5c 5d 5h 5s 6c 6d"))
    rest = [c for c in range(52) if c not in taken]
    random.Random(10).shuffle(rest)
    others = []
    for p in range(6):
        five = naive.cards_text(rest[5 * p : 5 * p + 5]).split()
        others.append(f"({five[0]}) {' '.join(five[1:])}")
    return fours + others


@pytest.mark.parametrize("game", ["stud5", "stud5low", "stud5low6", "stud5hl"])
def test_ten_players_many_way_ties(game):
    hands = ten_players_on_fifth()
    result, twin = assert_exact_matches_twin(game, hands)
    assert result.samples == 6 * 5 * 4 * 3
    if game in ("stud5low", "stud5hl"):
        # All four catch a five (4! of the 360 deals): a four-way tie for the wheel.
        assert all(p.tie > 0 for p in twin.players[:4])


# --------------------------------------------------------------------------- Monte Carlo

# A 4th- or 5th-street table per game (a few hundred thousand deals), big enough that every
# figure is a real probability, small enough that the exact answer is quick.
MC_CASES = {
    "stud7": (["(As Ks) Ah Kh Qd", "(Qs Qh) Qc 2d 3d"], ""),
    "stud7hl8": (["(Ac 2d) 3h 4s Kd", "(Kh Ks) Qc 7d 8d"], ""),
    "razz": (["(As 2s) 3d 4c Kh", "(5d 6d) 7c 8h 9s"], ""),
    "stud5": (["(As) Ks Qs Js", "(Ah) Ad 7c 7d", "(9c) 9d 9h 2c"], ""),
    "stud5low": (["(As) 2d 3c 9h", "(4d) 5d 6c Kc", "(7s) 8s 8h 2h"], ""),
    "stud5low6": (["(As) 2s 3s 4s", "(2d) 3d 4c 7h", "(6h) 7c 9h Th"], ""),
    "stud5hl": (["(As) Ks 2d 3d", "(3c) 4c 5h 6h", "(Kc) Kd 7s 7h"], ""),
    "stud7hl": (["(Ac 2d) 3h 4s Kd", "(Kh Ks) Qc 7d 8d"], ""),
    "razz27": (["(2s 3s) 4d 7c Kh", "(5d 6d) 8c 9h Ts"], ""),
    "razz6": (["(As 2s) 3d 4c Kh", "(5d 6d) 7c 8h 9s"], ""),
}


def assert_within(got: float, se: float, want: float, n: int, what) -> None:
    """|Monte Carlo - exact| <= 4 standard errors. A frequency's standard error is also
    known from the exact p; use the larger of the two (a sample may see no ties at all)."""
    true_se = sqrt(want * (1 - want) / n)
    assert abs(got - want) <= 4 * max(se, true_se) + 1e-12, (what, got, want, se)


@pytest.mark.parametrize("game", ALL_GAMES)
def test_monte_carlo_within_four_standard_errors(game):
    hands, dead = MC_CASES[game]
    exact = equity(game, hands, dead, exact=True)
    n = 300_000
    mc = equity(game, hands, dead, trials=n, seed=20240601 + len(game))
    assert mc.method == "monte-carlo" and not mc.exact
    assert mc.samples == n and mc.seed == 20240601 + len(game)

    def check(got, se, want, what):
        assert_within(got, se, want, n, what)

    for got, want in zip(mc.players, exact.players, strict=True):
        assert 0 < want.equity < 1
        check(got.equity, got.equity_se, want.equity, (got.hand, "equity"))
        check(got.win, got.win_se, want.win, (got.hand, "win"))
        check(got.tie, got.tie_se, want.tie, (got.hand, "tie"))
        # The reported standard errors are the textbook ones.
        assert got.win_se == pytest.approx(sqrt(got.win * (1 - got.win) / n), rel=1e-9)
        lo, hi = got.equity_ci95
        assert lo == pytest.approx(max(got.equity - 1.96 * got.equity_se, 0.0), abs=1e-12)
        assert hi == pytest.approx(min(got.equity + 1.96 * got.equity_se, 1.0), abs=1e-12)
        if game in SPLIT_GAMES:
            for name in HALF_FIGURES:
                check(getattr(got, name), 0.0, getattr(want, name), (got.hand, name))
            assert got.scoop == got.win
    if game in SPLIT_GAMES:
        check(mc.no_low, mc.no_low_se, exact.no_low, "no_low")
        if game == "stud7hl8":
            assert 0 < exact.no_low < 1
            assert any(0 < p.low_win for p in exact.players)
    assert sum(p.equity for p in mc.players) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize(
    "hands, dead",
    [
        (deal_table(8, 6, "Ah 7d 2c Ts", 7), ""),
        (SIX_ON_FIFTH, SIX_DEAD),
        (SEVEN_ON_SIXTH, "x x x x x"),
    ],
    ids=["8-players-6th", "6-players-5th-dead", "7-players-dead-x"],
)
def test_monte_carlo_with_a_community_card(hands, dead):
    exact = equity("stud7hl8", hands, dead, exact=True)
    n = 200_000
    mc = equity("stud7hl8", hands, dead, trials=n, seed=77)
    assert exact.community_card and mc.community_card
    for got, want in zip(mc.players, exact.players, strict=True):
        for name in ("equity", "win", "tie", "high_win", "low_win"):
            se = {"equity": got.equity_se, "win": got.win_se, "tie": got.tie_se}.get(name, 0.0)
            assert_within(getattr(got, name), se, getattr(want, name), n, (got.hand, name))
    assert_within(mc.no_low, mc.no_low_se, exact.no_low, n, "no_low")


# --------------------------------------------------------------------------- seeds

SEED_CASE = ("stud7hl8", ["(Ac 2d) 3h", "(Kh Ks) Qc", "9c"])


@pytest.mark.skipif(numba.config.NUMBA_NUM_THREADS < 2, reason="needs 2 numba threads")
def test_same_seed_same_numbers_on_one_and_two_threads():
    game, hands = SEED_CASE
    one = equity(game, hands, trials=250_000, seed=42, threads=1, distribution=True)
    two = equity(game, hands, trials=250_000, seed=42, threads=2, distribution=True)
    again = equity(game, hands, trials=250_000, seed=42, threads=2, distribution=True)
    assert one == two == again  # every figure, the distribution too (elapsed is not compared)
    assert one.seed == 42


def test_different_seeds_give_different_numbers():
    game, hands = SEED_CASE
    a = equity(game, hands, trials=100_000, seed=1)
    b = equity(game, hands, trials=100_000, seed=2)
    assert [p.equity for p in a.players] != [p.equity for p in b.players]
    assert [p.win for p in a.players] != [p.win for p in b.players]


def test_no_seed_reports_the_seed_it_used():
    game, hands = SEED_CASE
    first = equity(game, hands, trials=50_000)
    assert isinstance(first.seed, int)
    assert equity(game, hands, trials=50_000, seed=first.seed) == first


@pytest.mark.parametrize("trials", [1, 7, 12_345, 200_001])
def test_trials_gives_exactly_that_many_samples(trials):
    result = equity("stud5", ["(As) Ks", "(7c) 7d"], trials=trials, seed=3)
    assert result.samples == trials
    for p in result.players:
        assert (p.win * trials) == pytest.approx(round(p.win * trials), abs=1e-6)


@pytest.mark.slow
def test_trials_across_several_rounds():
    """More trials than one progress round (4 M): still exactly that many, reproducibly."""
    n = 4_000_003
    a = equity("stud5low", ["(As) 2d", "(3c) 4c"], trials=n, seed=9)
    assert a.samples == n
    assert equity("stud5low", ["(As) 2d", "(3c) 4c"], trials=n, seed=9) == a


# --------------------------------------------------------------------------- precision


@pytest.mark.parametrize(
    "game, hands, target",
    [
        ("stud7", ["(As Ks) Ah Kd 7c 2h", "(Qs Qh) Qc 9d 8c 3s", "(7d 8d) 9h Td 4c 5s"], 0.0007),
        ("stud5hl", ["(As) Ks", "(3c) 4c"], 0.00025),
    ],
)
def test_precision_stops_near_the_target_with_the_exact_answer(game, hands, target):
    """Each target needs about twice the first round (FIRST_ROUND trials), so the rule has
    to estimate the trials still needed from the first round's variance. The answer must be
    right (within 4 of its SEs of the exact answer, which is cheap here), reached by
    sampling more than one round, and not far past the target: the rule aims 5% past the
    trials the variance asks for, so the largest SE ends near 0.976 * target; 0.93 allows
    a 16% overshoot. A standard error computed too small stops after the first round; one
    computed too large, or a rule that overshoots, samples past the 16%."""
    exact = equity(game, hands, exact=True)
    result = equity(game, hands, precision=target, seed=11)
    assert result.method == "monte-carlo"
    assert result.samples > FIRST_ROUND
    largest = max(p.equity_se for p in result.players)
    assert 0.93 * target <= largest <= target, (largest / target, result.samples)
    for got, want in zip(result.players, exact.players, strict=True):
        assert abs(got.equity - want.equity) <= 4 * got.equity_se, (got, want)
    assert equity(game, hands, precision=target, seed=11) == result


def test_default_method_is_exact_when_small():
    hands = ["(As Ks) Ah Kh Qh Jh (x)", "(Qs Qd) Qc 2d 3d 4d (x)"]
    assert equity("stud7", hands) == equity("stud7", hands, exact=True)


def test_default_method_samples_when_large():
    result = equity("stud5hl", ["(As) Ks", "(Qs) Qd", "(2c) 3c"], seed=1)
    assert result.method == "monte-carlo" and result.seed == 1
    assert all(p.equity_se <= 0.0005 for p in result.players)


def test_exact_false_samples_to_the_default_precision():
    hands = ["(As Ks) Ah Kh Qh Jh (x)", "(Qs Qd) Qc 2d 3d 4d (x)"]
    result = equity("stud7", hands, exact=False, seed=1)
    assert result.method == "monte-carlo"
    assert all(p.equity_se <= 0.0005 for p in result.players)


# --------------------------------------------------------------------------- published odds


# (7c 7d) against (6s 6h), everything to come, counted exactly by heads-up counting
# (equity(..., exact=True): 1.6e12 deals, about 8 s and 440 MB of lists, too heavy to
# repeat here): deals, the sevens' wins, ties.
CARO_COUNTS = (1_648_260_405_792, 953_879_397_910, 43_267_058)


@pytest.mark.slow
def test_caro_sevens_against_sixes():
    """Mike Caro's stud table: (7 7) against (6 6), everything to come, about 58% / 42%.

    The exact answer rounds to the published figures; 2 million trials land within 4 SE
    (0.0014) of it. (Within a point of the rounded figure let through a deck that never
    dealt its 2c: the sevens at 0.5759 against the exact 0.5787.)"""
    deals, wins, ties = CARO_COUNTS
    exact = [Fraction(2 * wins + ties, 2 * deals), Fraction(2 * (deals - wins) - ties, 2 * deals)]
    assert [round(float(e), 2) for e in exact] == [0.58, 0.42]
    result = equity("stud7", ["(7c 7d)", "(6s 6h)"], trials=2_000_000, seed=1958)
    assert result.street == "the deal (hole cards only)"
    for got, want in zip(result.players, exact, strict=True):
        assert got.equity_se < 0.0004
        assert abs(got.equity - want) < 4 * got.equity_se, (got, float(want))
    assert abs(result.players[0].win - wins / deals) < 4 * result.players[0].win_se


def at_least_one_out(k: int, unseen: int) -> Fraction:
    """P(at least one of k outs among two cards from ``unseen``)."""
    return 1 - Fraction(comb(unseen - k, 2), comb(unseen, 2))


# Hero on 5th street: four spades and a nine, ranks A K 9 7 2 (no straight can come in two
# cards, no full house either). Nine spades are out: a flush exactly when one arrives.
OUTS_HERO = "(As Ks) 7s 2s 9h"


@pytest.mark.slow
def test_outs_from_44_unseen_cards_exact():
    """Hero sees his 5 cards and the opponent's 3 up cards: 44 unseen, 9 of them spades.

    The opponent's hole cards are unknown, so they come from the same 44; whatever they
    are, the hero's next two cards are two of the 44 at random, and the hero ends with a
    flush exactly when one of the nine spades is among them.
    """
    hands = [OUTS_HERO, "Qh 8c 9d"]
    scenario = build_scenario("stud7", hands)
    assert len(scenario.pool) == 44
    assert scenario.to_deal == (2, 4)
    assert sum(naive.card_text(c).endswith("s") for c in scenario.pool) == 9
    result = equity("stud7", hands, exact=True, distribution=True)
    flush = result.players[0].distribution["high"]["flush"]
    assert close(flush, at_least_one_out(9, 44))
    assert flush == pytest.approx(0.371, abs=5e-4)


def test_outs_win_exactly_when_they_arrive():
    """Opponent known: a queen-high straight already made, which no two cards can turn into
    a flush or a full house. The hero's flush beats it, nothing else of the hero's does, so
    the hero's equity is exactly the chance of catching one of the 9 spades. (The opponent's
    two hole cards are known too, so 42 cards are unseen here.)"""
    hands = [OUTS_HERO, "(Tc Jd) Qh 8c 9d"]
    result = equity("stud7", hands, exact=True)
    hero, villain = result.players
    assert len(build_scenario("stud7", hands).pool) == 42
    assert close(hero.equity, at_least_one_out(9, 42))
    assert close(hero.win, at_least_one_out(9, 42))
    assert hero.tie == villain.tie == 0
    # Dead spades are outs no more: kill k of them and k outs are gone.
    for k in (1, 4, 8):
        dead = " ".join(["Qs", "Js", "Ts", "8s", "6s", "5s", "4s", "3s"][:k])
        hero = equity("stud7", hands, dead, exact=True).players[0]
        assert close(hero.equity, at_least_one_out(9 - k, 42 - k))


# --------------------------------------------------------------------------- dead cards


@pytest.mark.parametrize(
    "game, hands, dead_spades",
    [
        # Hero needs a spade on the river to beat a made straight.
        ("stud7", ["(As Ks) 7s 2s 9h 4d", "(Tc Jd) Qh 8c 9d 3h"], "Qs Js Ts 9s 8s 6s 5s 4s 3s"),
        # Five-card stud, 4th street: a spade flush or nothing against a pair of aces.
        ("stud5", ["(Ks) Qs 7s 2s", "(Ah) Ad 3c 4d"], "As Js Ts 9s 8s 6s 5s 4s 3s"),
    ],
)
def test_dead_cards_kill_a_flush_draw(game, hands, dead_spades):
    live = equity(game, hands, exact=True).players[0]
    assert live.equity > 0
    dead = equity(game, hands, dead_spades, exact=True)
    assert dead.players[0].equity == 0 and dead.players[0].win == 0
    assert dead.players[1].equity == 1
    mc = equity(game, hands, dead_spades, trials=20_000, seed=5)
    assert mc.players[0].equity == 0
    # One live spade: the hero wins exactly when it comes.
    one_alive = " ".join(dead_spades.split()[1:])
    scenario = build_scenario(game, hands, one_alive)
    hero = equity(game, hands, one_alive, exact=True).players[0]
    assert close(hero.equity, Fraction(1, len(scenario.pool)))


# --------------------------------------------------------------------------- card shortage

@pytest.mark.parametrize(
    "n_dead, community",
    [(0, False), (3, False), (4, True), (9, True)],
)
def test_seven_players_dead_cards_exhaust_the_stub(n_dead, community):
    """7 x 6 = 42 dealt, 10 left; dead x cards shrink the stub below 7: a community card."""
    dead = " ".join(["x"] * n_dead)
    scenario = build_scenario("stud7", SEVEN_ON_SIXTH, dead)
    assert scenario.community_card is community
    assert len(scenario.pool) == 10  # unseen dead cards are still somewhere in the pool
    assert scenario.to_deal == ((0,) if community else (1,)) * 7
    if community:
        for game in ("stud7", "stud7hl8", "razz"):
            result, _ = assert_exact_matches_twin(game, SEVEN_ON_SIXTH, dead, community=True)
            assert result.community_card and result.samples == 10
            assert sum(p.equity > 0 for p in result.players) >= 2


def test_community_card_with_cards_still_to_come():
    """6 players on 5th street (30 cards dealt), 15 seen dead cards: 7 unseen, 6 for 6th
    street and 1 left for the river, fewer than the players: the community card."""
    for game in ("stud7", "stud7hl8", "razz"):
        scenario = build_scenario(game, SIX_ON_FIFTH, SIX_DEAD)
        assert scenario.community_card is True
        assert scenario.to_deal == (1,) * 6 and len(scenario.pool) == 7
        result, _ = assert_exact_matches_twin(game, SIX_ON_FIFTH, SIX_DEAD, community=True)
        assert result.samples == factorial(7)
    # One dead card fewer: 2 cards for the river, still short of 6 players.
    fewer = " ".join(SIX_DEAD.split()[1:])
    assert build_scenario("stud7", SIX_ON_FIFTH, fewer).community_card is True
    # Five dead cards fewer: 6 for the river, one each.
    fewer = " ".join(SIX_DEAD.split()[5:])
    assert build_scenario("stud7", SIX_ON_FIFTH, fewer).community_card is False


def test_seven_players_community_card_with_seen_dead_cards():
    result, _ = assert_exact_matches_twin("razz", SEVEN_ON_SIXTH, "Ah Ad 7d Ts Kc", community=True)
    assert result.samples == 5


def test_no_card_left_even_for_the_community_is_an_error():
    """Every card nobody holds is dead and seen: nothing to mix back in for the community
    card. Unseen dead cards (burns, folded hole cards) would be (test_burn_cards.py)."""
    with pytest.raises(ScenarioError, match="not even one community card") as info:
        equity("stud7", SEVEN_ON_SIXTH, SEVEN_LEFT)
    assert "\n" not in str(info.value)
    assert build_scenario("stud7", SEVEN_ON_SIXTH, " ".join(["x"] * 10)).community_to_come


def test_eight_players_from_fifth_street_get_a_community_river():
    hands = eight_players_on_sixth("Ah 7d 2c Ts", 3)
    fifth = [h.rsplit(" ", 1)[0] for h in hands]  # drop each 6th-street card
    scenario = build_scenario("stud7", fifth)
    assert scenario.community_card is True
    assert scenario.to_deal == (1,) * 8
    assert len(scenario.pool) == 12
    result = equity("stud7", fifth, trials=50_000, seed=8)
    assert result.community_card is True
    assert sum(p.equity for p in result.players) == pytest.approx(1.0)


def test_five_card_games_never_use_a_community_card():
    hands = [f"({a}) {b} {c} {d}" for a, b, c, d in
             [("2c", "2d", "2h", "2s"), ("3c", "3d", "3h", "3s"), ("4c", "4d", "4h", "4s"),
              ("5c", "5d", "5h", "5s"), ("6c", "6d", "6h", "6s"), ("7c", "7d", "7h", "7s"),
              ("8c", "8d", "8h", "8s"), ("9c", "9d", "9h", "9s"), ("Tc", "Td", "Th", "Ts"),
              ("Jc", "Jd", "Jh", "Js")]]
    # 10 players on 4th street: 40 dealt, 12 left, enough for the last street.
    assert build_scenario("stud5", hands).community_card is False
    with pytest.raises(ScenarioError, match="cannot supply"):
        build_scenario("stud5", hands, "x x x")


# --------------------------------------------------------------------------- errors


def one_line_error(exc_type, match, *args, **kwargs):
    with pytest.raises(exc_type, match=match) as info:
        equity(*args, **kwargs)
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    assert "\n" not in message and message.strip() == message and message
    return message


def test_unknown_game():
    message = one_line_error(ValueError, "unknown game", "stud8", ["(As Ks) Ah", "(x x) 7c"])
    assert "stud7" in message and "razz" in message


def test_players_on_different_streets():
    message = one_line_error(
        ScenarioError, "different streets", "stud7", ["(As Ks) Ah Kh", "(x x) 7c"]
    )
    assert "4th street" in message and "3rd street" in message


@pytest.mark.parametrize("game, n", [("stud7", 9), ("razz", 9), ("stud5", 11), ("stud5hl", 11)])
def test_too_many_players(game, n):
    ranks = "23456789TJQKA"
    hands = [f"{ranks[i]}c" for i in range(n)]
    message = one_line_error(ScenarioError, "at most", game, hands)
    assert str(n) in message


@pytest.mark.parametrize("game", ["stud7", "stud5low"])
def test_too_few_players(game):
    one_line_error(ScenarioError, "at least 2", game, ["As Kd"])


def test_duplicate_card_across_hands():
    message = one_line_error(
        ValueError, "appears twice", "stud7", ["(As Ks) Ah", "(x x) As"]
    )
    assert "As" in message


def test_duplicate_card_between_hand_and_dead():
    message = one_line_error(
        ValueError, "appears twice", "stud7", ["(As Ks) Ah", "(x x) 7c"], "Ah 2c"
    )
    assert "Ah" in message and "dead" in message


def test_two_hole_cards_in_five_card_stud():
    message = one_line_error(ScenarioError, "1 hole card", "stud5", ["(As Kd) Qh", "(7c) 7d"])
    assert "(As Kd) Qh" in message


def test_exact_and_trials_together():
    one_line_error(
        OptionError, "choose one method", "stud7", ["(As Ks) Ah", "(x x) 7c"],
        exact=True, trials=1000,
    )
    one_line_error(
        OptionError, "choose one method", "stud7", ["(As Ks) Ah", "(x x) 7c"],
        exact=True, precision=0.01,
    )


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"trials": 0}, "trials must be between"),
        ({"precision": 0}, "precision is a standard error"),
        ({"precision": 0.5}, "precision is a standard error"),
        ({"trials": 100, "precision": 0.01}, "not both"),
        ({"trials": 10, "threads": 0}, "threads must be between"),
    ],
)
def test_option_errors(kwargs, match):
    one_line_error(OptionError, match, "stud7", ["(As Ks) Ah", "(x x) 7c"], **kwargs)


def test_exact_refused_when_too_large():
    hands = ["(As Ks) Ah", "(Qs Qd) Qc", "(7c 8c) 9c"]
    # 43 unseen cards, 4 each to come: C(43, 12) * 12! / (4!)^3 deals.
    deals = comb(43, 12) * factorial(12) // factorial(4) ** 3
    message = one_line_error(OptionError, "exact enumeration", "stud7", hands, exact=True)
    assert f"would visit {deals / 1e12:.3g} trillion deals (the limit is 3 billion" in message


# --------------------------------------------------------------------------- distribution


@pytest.mark.parametrize("game", ALL_GAMES)
def test_distribution_sums_to_one(game):
    hands, dead = MC_CASES[game]
    for kwargs in ({"exact": True}, {"trials": 30_000, "seed": 4}):
        result = equity(game, hands, dead, distribution=True, **kwargs)
        for p in result.players:
            assert set(p.distribution) == set(GAMES[game][1])
            for kind, probs in p.distribution.items():
                assert sum(probs.values()) == pytest.approx(1.0, abs=1e-12), (p.hand, kind)
                assert all(0 <= v <= 1 for v in probs.values())
                assert ("no low" in probs) == (kind == "low_8")
        if game == "stud7hl8":
            assert 0 < result.players[0].distribution["low_8"]["no low"] < 1


def test_no_distribution_unless_asked():
    hands, _ = MC_CASES["stud7"]
    assert all(p.distribution is None for p in equity("stud7", hands, exact=True).players)


@pytest.mark.parametrize(
    "options, message",
    [
        ({"seed": -1}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"trials": 1e3}, "whole number"),
        ({"trials": True}, "whole number"),
    ],
)
def test_option_types_are_checked(options, message):
    with pytest.raises(ValueError, match=message):
        equity("stud7", ["(As Ks) Ah", "(x x) Qd"], **options)


def test_a_drawn_seed_is_short_and_repeats_the_run():
    """A run without --seed prints the seed it drew: six digits at most, easy to type back,
    and that seed gives the same numbers again."""
    hands = ["(As Ks) Ah", "(x x) Qd"]
    first = equity("stud7", hands, trials=20_000)
    assert 0 <= first.seed < 1_000_000
    again = equity("stud7", hands, trials=20_000, seed=first.seed)
    assert [p.equity for p in again.players] == [p.equity for p in first.players]
