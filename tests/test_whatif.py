"""Tests for the coach tools (studodds/whatif.py): the next-card table (`studodds next`) and
pot odds / call EV (`studodds equity --pot --to-call`).

The checks, in the order of the issue:
1. the averaging identity: each unseen card is equally likely to be the next one, so the
   per-card equities (and win, tie, scoop, high and low wins) average to today's, exactly;
2. the table's shape: every unseen card once, best first, groups that agree with the
   change, the favourite / drawing-dead counts recounted independently;
3. with_next_card against the brute-force twin (tests/naive_equity.py);
4. made_category; 5. errors; 6. pot odds; 7. the CLI formats.

Every exact case is small: 6th street, or 5th / five-card 3rd street with a short pool
(dead cards), at most a few million deals in all.
"""

import csv
import io
import json
import math
import re
from functools import cache

import naive
import naive_equity
import numba
import pytest

from studodds.cards import parse_cards
from studodds.cli import main
from studodds.equity import equity, equity_of_scenario
from studodds.messages import OptionError
from studodds.method import Method
from studodds.results import EquityResult, PlayerResult
from studodds.scenario import ScenarioError, build_scenario
from studodds.whatif import (
    NEUTRAL,
    made_category,
    next_card_table,
    pot_odds,
    with_next_card,
)

TOL = 1e-12


@pytest.fixture(autouse=True, scope="module")
def one_numba_thread():
    """Run the many small exact tables on one thread: handing a tiny kernel's parts to
    other threads (two kernels for every card's made_category, one for its equity) costs
    milliseconds on a busy machine, ~1 s a table instead of ~0.02 s. Exact sums do not depend on the thread count
    (test_exact_table_any_thread_count checks it); the option is restored afterwards."""
    before = numba.get_num_threads()
    numba.set_num_threads(1)
    yield
    numba.set_num_threads(before)


# 6th street, stud7: player 1 has aces up (A-A-K-K), player 2 shows three queens with both
# hole cards known. Only Ac Ad Kc Kd fill player 1 up (aces or kings full beat anything
# player 2 can make with one card: Qh is gone, so no quads, and no straight flush is
# possible); every other river leaves player 1 drawing dead.
ACES_UP = ("(As Ks) Ah Kh Qh 2c", "(Qs Qd) Qc 2d 3d 4d")
# The same with player 2's hole cards unknown.
ACES_UP_HIDDEN = ("(As Ks) Ah Kh Qh 2c", "(x x) Qc 2d 3d 4d")
# 7th street, every card known: player 1 has a royal flush.
ROYAL_7TH = ("(As Ks) Qs Js Ts 2c (3d)", "(Ah Kh) Qh Jh 9h 2d (3c)")
# stud7hl8, every card known: player 1 locked high, player 2 locked low, half each.
SPLIT_7TH = ("(As Ad) Ah Kc Kd Ks (Qc)", "(2c 3d) 4h 5s 7c 9d (Jh)")
# 8 players on 6th street holding 48 cards: the 4 aces are the stub, so the river is one
# community card. The ace of a suit gives that suit's K-Q-J-T player a royal flush.
EIGHT_6TH = (
    "(Kc Qc) Jc Tc 2d 3d",
    "(Kd Qd) Jd Td 2h 3h",
    "(Kh Qh) Jh Th 2s 3s",
    "(Ks Qs) Js Ts 2c 3c",
    "(4c 5d) 6h 7s 8c 9d",
    "(4d 5h) 6s 7c 8d 9h",
    "(4h 5s) 6c 7d 8h 9s",
    "(4s 5c) 6d 7h 8s 9c",
)
# The same with two players' hole cards unseen (one written without parentheses): 8 cards
# can come as the community card (the aces and the 4 unseen hole cards), still a shortage.
EIGHT_6TH_HIDDEN = EIGHT_6TH[:4] + ("(x x) 6h 7s 8c 9d", "6s 7c 8d 9h") + EIGHT_6TH[6:]
# 8 players on 5th street with 3 dead cards: 9 cards left, 8 for 6th street and one
# community river. The next card is the 6th-street up card, not the community card.
EIGHT_5TH = tuple(h.rsplit(" ", 1)[0] for h in EIGHT_6TH)
EIGHT_5TH_DEAD = "Ac 9d 9h"
# Razz, 6th street: player 1 holds the wheel, the nuts; nothing changes it.
RAZZ_WHEEL = ("(As 2s) 3h 4h 5c Kd", "(x x) 6c 7d 8d Qs")


def dead_ranks(hands, ranks="56789"):
    """Every card of these ranks that no hand shows, as --dead text: a short pool keeps an
    exact 5th-street (or five-card 3rd-street) table cheap."""
    shown = {t for h in hands for t in h.replace("(", " ").replace(")", " ").split()}
    return " ".join(r + s for r in ranks for s in "cdhs" if r + s not in shown)


DEAD_20 = dead_ranks(())

# name: (game, hands, dead, player)
IDENTITY_CASES = {
    "stud7 6th, hidden opponent": ("stud7", ACES_UP_HIDDEN, "", 1),
    "stud7 6th, all known": ("stud7", ACES_UP, "", 1),
    "stud7 6th, all known, player 2": ("stud7", ACES_UP, "", 2),
    "stud7 6th, hero hole half known": ("stud7", ("(As x) Ah Kh Qh 2c", ACES_UP[1]), "", 1),
    "stud7 6th, hero up cards only": ("stud7", ("Ah Kh Qh 2c", ACES_UP[1]), "", 1),
    "stud7 6th, unseen dead cards": ("stud7", ACES_UP_HIDDEN, "x x Jc", 1),
    "stud7 5th": ("stud7", ("(As Ks) Ah Kh Qh", "(Qs Qd) Qc 2d 3d"), "", 1),
    "stud7 5th, hidden opponent": (
        "stud7", ("(As Ks) Ah Kh Qh", "(x x) Qc 2d 3d"), DEAD_20, 2,
    ),
    "razz 6th": ("razz", ("(As 2s) 3h 4h 9c 8c", "(Qs x) 5c 6d 7d Kd"), "", 1),
    "razz 6th, drawing": ("razz", ("(As 2s) 3h 4h 9c 8c", "(Qs x) 5c 6d 7d Kd"), "", 2),
    "razz 5th": (
        "razz", ("(As 2s) 3h Kh", "(Qs 4d) 5c 6d"), dead_ranks(("5c 6d",), "56789T"), 2,
    ),
    "stud7hl8 6th": ("stud7hl8", ("(As 2s) 3h 4h 9c Kc", "(Qs Qd) Qc 2d 3d 4d"), "", 1),
    "stud7hl8 6th, two lows": ("stud7hl8", ("(As 2s) 3h 4h 9c Kc", "(7d x) 6c 8d 3d Qs"), "", 2),
    "stud5 4th": ("stud5", ("(As) Ah Kh 7c", "(x) Qc 2d 9s"), "", 1),
    "stud5 3rd": ("stud5", ("(As) Ah Kh", "(x) Qc 2d"), DEAD_20, 2),
    "stud5low6 4th": ("stud5low6", ("(As) 2h 3h 6c", "(x) 4c 5d 7s"), "", 1),
    "stud5low6 4th, player 2": ("stud5low6", ("(As) 2h 3h 6c", "(x) 4c 5d 7s"), "", 2),
    "stud5low 4th": ("stud5low", ("(As) 2h 3h 6c", "(x) 4c 5d 7s"), "", 1),
    "stud5hl 4th": ("stud5hl", ("(As) 2h 3h 6c", "(x) 4c 5d Ks"), "", 1),
    "multi-way stud7 6th": (
        "stud7", ACES_UP + ("(x x) Jc Jd 9s 8s",), dead_ranks(("9s 8s",)), 1,
    ),
    "multi-way stud7 6th, player 3": (
        "stud7", ACES_UP + ("(x x) Jc Jd 9s 8s",), dead_ranks(("9s 8s",)), 3,
    ),
    "multi-way razz 6th": (
        "razz", ("(As 2s) 3h 4h 9c 8c", "(Qs x) 5c 6d 7d Kd", "(Jc Jd) Td Tc 2c 2h"), "", 2,
    ),
    "8 players 6th, community river": ("stud7", EIGHT_6TH, "", 1),
    "8 players 6th, community river, hidden holes": ("stud7", EIGHT_6TH_HIDDEN, "", 1),
    "8 players 6th, community river, hidden player": ("stud7", EIGHT_6TH_HIDDEN, "", 5),
}
SLOW_IDENTITY_CASES = {
    # 9! deals (every arrangement of the last 9 cards), and 8! for each card: a few seconds.
    "8 players 5th, community river later": ("stud7", EIGHT_5TH, EIGHT_5TH_DEAD, 1),
}
SPLIT_GAMES = ("stud7hl8", "stud5hl")


@cache
def exact_table(game, hands, dead="", player=1):
    """next_card_table with exact enumeration, remembered (several tests read a table)."""
    return next_card_table(game, list(hands), dead, player=player, exact=True)


def naive_table(game, hands, dead=""):
    """(known, to_deal, pool, community) worked out by the twin, independently of studodds."""
    community = build_scenario(game, list(hands), dead).community_card
    known, to_deal, pool = naive_equity.table_from_text(game, list(hands), dead, community)
    return known, to_deal, pool, community


def naive_after(game, hands, dead, player, card):
    """The twin's exact answer once `card` has come to `player` (1-based): known to that
    player (or, as the community card, to everyone), one fewer unseen card for them."""
    known, to_deal, pool, community = naive_table(game, hands, dead)
    known = [list(k) for k in known]
    to_deal = list(to_deal)
    if community:
        known = [k + [card] for k in known]
    else:
        known[player - 1].append(card)
        to_deal[player - 1] -= 1
    pool = tuple(c for c in pool if c != card)
    return naive_equity.brute_force(game, [tuple(k) for k in known], tuple(to_deal), pool, False)


def card_id(text: str) -> int:
    (card,) = parse_cards(text)
    return card


# --- 1. the averaging identity ----------------------------------------------------------------


def check_identity(game, hands, dead, player):
    table = exact_table(game, hands, dead, player)
    assert table.method == "exact"
    n = len(table.cards)
    now = table.now.players[player - 1]
    assert table.equity_now == now.equity
    # Today's equity, asked directly, is the table's.
    direct = equity(game, list(hands), dead, exact=True).players[player - 1]
    assert abs(direct.equity - table.equity_now) <= TOL
    assert abs(sum(c.equity for c in table.cards) / n - table.equity_now) <= TOL
    assert abs(sum(c.win for c in table.cards) / n - now.win) <= TOL
    assert abs(sum(c.tie for c in table.cards) / n - now.tie) <= TOL
    # The changes average to zero too.
    assert abs(sum(c.delta for c in table.cards) / n) <= TOL
    if game in SPLIT_GAMES:
        for name in ("scoop", "high_win", "low_win"):
            mean = sum(getattr(c, name) for c in table.cards) / n
            assert abs(mean - getattr(now, name)) <= TOL, name
            assert abs(sum(getattr(c, name + "_delta") for c in table.cards) / n) <= TOL
    else:
        assert all(c.scoop is None and c.high_win is None for c in table.cards)
    return table


@pytest.mark.parametrize(
    "game, hands, dead, player", list(IDENTITY_CASES.values()), ids=list(IDENTITY_CASES)
)
def test_average_over_next_cards_is_equity_now(game, hands, dead, player):
    check_identity(game, hands, dead, player)


@pytest.mark.slow
@pytest.mark.parametrize(
    "game, hands, dead, player", list(SLOW_IDENTITY_CASES.values()),
    ids=list(SLOW_IDENTITY_CASES),
)
def test_average_over_next_cards_is_equity_now_slow(game, hands, dead, player):
    table = check_identity(game, hands, dead, player)
    assert table.street == "6th street"
    assert table.community_card is False  # the 6th-street card is the player's own
    assert table.now.community_card is True  # the river will be shared
    assert len(table.cards) == 9


def test_exact_table_any_thread_count():
    hands = ["(As Ks) Ah Kh Qh 2c", "(x x) Qc 2d 3d 4d"]
    threads = numba.config.NUMBA_NUM_THREADS
    many = next_card_table("stud7", hands, exact=True, threads=threads)
    one = next_card_table("stud7", hands, exact=True, threads=1)
    assert many == one  # elapsed times are not compared
    assert many == exact_table("stud7", ACES_UP_HIDDEN)


def test_identity_cases_are_non_trivial():
    """The identity is worth checking: most cases have cards that move the equity."""
    moving = 0
    for game, hands, dead, player in IDENTITY_CASES.values():
        table = exact_table(game, hands, dead, player)
        moving += len({round(c.equity, 12) for c in table.cards}) > 1
    assert moving >= len(IDENTITY_CASES) - 2


def test_identity_split_game_with_real_splits():
    # stud7hl8 where the lows can tie and the halves split: scoop < equity on average.
    table = exact_table(*IDENTITY_CASES["stud7hl8 6th, two lows"])
    assert 0 < table.now.players[1].scoop < table.now.players[1].equity
    assert any(c.tie > 0 for c in table.cards)


# --- 2. the table's shape ---------------------------------------------------------------------

ALL_CASES = IDENTITY_CASES | {"razz wheel": ("razz", RAZZ_WHEEL, "", 1)}


@pytest.mark.parametrize(
    "game, hands, dead, player", list(ALL_CASES.values()), ids=list(ALL_CASES)
)
def test_table_shape(game, hands, dead, player):
    table = exact_table(game, hands, dead, player)
    _, _, pool, community = naive_table(game, hands, dead)
    # Every unseen card exactly once: nothing in a hand, nothing seen dead.
    names = [c.card for c in table.cards]
    assert len(names) == len(set(names)) == len(pool)
    assert set(names) == {naive.card_text(c) for c in pool}
    in_play = {naive.card_text(c) for h in hands for c in naive_equity.table_from_text(
        game, [h])[0][0]} | {t for t in dead.split() if t != "x"}
    assert not in_play & set(names)
    # Best first.
    equities = [c.equity for c in table.cards]
    assert equities == sorted(equities, reverse=True)
    # Change against now, and the group it puts the card in (exact: a 0.1-point band).
    for c in table.cards:
        assert abs(c.delta - (c.equity - table.equity_now)) <= TOL
        expected = ("improving" if c.delta > NEUTRAL
                    else "hurting" if c.delta < -NEUTRAL else "neutral")
        assert c.group == expected, c
        assert c.equity_se is None
        assert 0 <= c.win <= c.equity <= c.win + c.tie + TOL
    # Drawing dead: equity 0, recounted from the rows.
    assert table.dead_cards == sum(c.equity == 0 for c in table.cards)
    assert table.dead_cards == sum(c.win == 0 and c.tie == 0 for c in table.cards)
    if len(hands) == 2:  # heads-up, the favourite has more than half the pot
        assert table.favourite_cards == sum(c.equity > 0.5 for c in table.cards)
    assert table.community_card == community
    assert table.game == game and table.player == player
    assert table.hand == str(build_scenario(game, list(hands), dead).hands[player - 1])


def test_drawing_dead_on_most_cards():
    table = exact_table("stud7", ACES_UP, "", 1)
    assert table.street == "7th street"
    assert table.equity_now == pytest.approx(0.1, abs=TOL)  # 4 outs of 40
    assert len(table.cards) == 40
    assert table.favourite_cards == 4 and table.dead_cards == 36
    best = table.cards[:4]
    assert {c.card for c in best} == {"Ac", "Ad", "Kc", "Kd"}
    assert all(c.equity == 1.0 and c.category == "full house" for c in best)
    assert all(c.group == "improving" for c in best)
    assert all(c.equity == 0.0 and c.group == "hurting" for c in table.cards[4:])
    # The other side of it: player 2 is never drawing dead, the favourite on every card.
    other = exact_table("stud7", ACES_UP, "", 2)
    assert (other.favourite_cards, other.dead_cards) == (40, 0)


def test_nuts_every_card_neutral():
    table = exact_table("razz", RAZZ_WHEEL, "", 1)
    assert table.equity_now == 1.0
    assert all(c.equity == 1.0 and c.delta == 0.0 and c.group == "neutral" for c in table.cards)
    assert (table.favourite_cards, table.dead_cards) == (len(table.cards), 0)
    # The player has five cards known after the river: a 5-low (the wheel) whatever comes.
    assert {c.category for c in table.cards} == {"5-low"}


def test_community_card_table():
    table = exact_table("stud7", EIGHT_6TH, "", 1)
    assert table.community_card is True and table.street == "7th street"
    assert table.equity_now == 0.25
    assert [(c.card, c.equity, c.group) for c in table.cards] == [
        ("Ac", 1.0, "improving"), ("Ad", 0.0, "hurting"), ("Ah", 0.0, "hurting"),
        ("As", 0.0, "hurting"),
    ]
    assert [c.category for c in table.cards] == ["straight flush"] + ["straight"] * 3
    assert (table.favourite_cards, table.dead_cards) == (1, 3)


def test_favourite_and_dead_counts_against_the_twin():
    """Multi-way: recount 'favourite' (highest equity alone) and 'drawing dead' from the
    twin's answers for every player after every card."""
    # Player 3 has a pair of threes, a flush draw and a gutshot against aces up and three
    # queens (with four diamonds), each of those drawing to a full house or better.
    hands = ACES_UP + ("(7h 6h) 5h 9h 3c 3s",)
    dead = dead_ranks(hands, "56T")
    table = exact_table("stud7", hands, dead, 3)
    favourite = drawing_dead = 0
    by_card = {c.card: c for c in table.cards}
    for card_text, row in by_card.items():
        result = naive_after("stud7", hands, dead, 3, card_id(card_text))
        mine = result.players[2].equity
        assert abs(float(mine) - row.equity) <= TOL
        favourite += mine > max(p.equity for p in result.players[:2])
        drawing_dead += mine == 0
    assert (table.favourite_cards, table.dead_cards) == (favourite, drawing_dead)
    # Some cards of each kind, and some that are neither.
    assert 0 < table.favourite_cards and 0 < table.dead_cards
    assert table.favourite_cards + table.dead_cards < len(table.cards)


def test_favourite_needs_the_highest_equity_alone():
    # stud7hl8, 6th street: player 1 has aces full (no low possible), player 2 a made
    # 7-low (no high that can win): half each whatever comes. Equal best equity is not
    # "the favourite".
    table = exact_table("stud7hl8", ("(As Ad) Ah Kc Kd Ks", "(2c 3d) 4h 5s 7c 9d"), "", 2)
    assert {c.equity for c in table.cards} == {0.5}
    assert (table.favourite_cards, table.dead_cards) == (0, 0)
    assert all(c.group == "neutral" and c.low_win == 1.0 and c.scoop == 0.0
               for c in table.cards)


def test_monte_carlo_table():
    hands = list(ACES_UP_HIDDEN)
    table = next_card_table("stud7", hands, player=1, trials=400, seed=11)
    again = next_card_table("stud7", hands, player=1, trials=400, seed=11)
    assert table == again  # one seed: the same table
    assert table.method == "monte-carlo"
    base_se = table.now.players[0].equity_se
    assert base_se is not None
    for c in table.cards:
        assert c.equity_se is not None
        threshold = max(NEUTRAL, 2 * math.hypot(c.equity_se, base_se))
        expected = ("improving" if c.delta > threshold
                    else "hurting" if c.delta < -threshold else "neutral")
        assert c.group == expected
    assert [c.equity for c in table.cards] == sorted((c.equity for c in table.cards),
                                                     reverse=True)


def test_default_method_samples_or_enumerates_consistently():
    # The cards are cheaper than now (one unseen card fewer), so by default each card can be
    # enumerated while "now" is sampled: then every change carries now's sampling error.
    hands = ["(As Ks) Ah Kh Qh", "(x x) Qc 2d 3d"]
    dead = "2c 2h 2s 3c 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s"
    table = next_card_table("stud7", hands, dead, player=1, seed=5)
    if table.method == "exact":
        assert all(c.equity_se is None for c in table.cards)
        mean = sum(c.equity for c in table.cards) / len(table.cards)
        assert abs(mean - table.equity_now) <= TOL
    else:
        assert all(c.equity_se is not None for c in table.cards)


# --- 3. with_next_card against the brute-force twin ------------------------------------------

# name: (game, hands, dead, player, cards to try)
WITH_CARD_CASES = {
    "stud7 river, hidden opponent": (
        "stud7", ACES_UP_HIDDEN, DEAD_20 + " Tc Td Th Ts Jc Jd Jh", 1, ("Ac", "Kd", "4c", "Js"),
    ),
    "stud7 river to the hidden player": (
        "stud7", ("(x x) Qc 2d 3d 4d", ACES_UP[0]), DEAD_20, 1, ("Qd", "Jh", "Ad", "Ts"),
    ),
    "stud7 river, hero up cards only": (
        "stud7", ("Ah Kh Qh 2c", ACES_UP[1]), DEAD_20, 1, ("Ac", "Jh", "Ts"),
    ),
    "stud7 6th street up card": (
        "stud7", ("(As Ks) Ah Kh Qh", "(Qs Qd) Qc 2d 3d"), DEAD_20, 2, ("Jh", "2c", "Td"),
    ),
    "razz river": (
        "razz", ("(As 2s) 3h 4h 9c 8c", "(Qs x) 5c 6d 7d Kd"),
        dead_ranks(("(As 2s) 3h 4h 9c 8c", "(Qs x) 5c 6d 7d Kd"), "56789T"),
        2, ("2c", "Kc", "Js"),
    ),
    "stud7hl8 river": (
        "stud7hl8", ("(As 2s) 3h 4h 9c Kc", "(7d x) 6c 8d 3d Qs"),
        "Tc Td Th Ts Jc Jd Jh Js 9d 9h 9s 8c 8h 8s 7c 7h 7s",
        1, ("5d", "6d", "Ah", "3c"),
    ),
    "stud5 up card, 3rd street": (
        "stud5", ("(As) Ah Kh", "(x) Qc 2d"), dead_ranks((), "3456789TJ"), 1, ("Ac", "Qd", "2c"),
    ),
    "stud5 up card, 4th street": (
        "stud5", ("(As) Ah Kh 7c", "(x) Qc 2d 9s"), dead_ranks(("7c 9s",)), 2, ("Qd", "Ac", "2c"),
    ),
    "stud5low6 up card": (
        "stud5low6", ("(As) 2h 3h 6c", "(x) 4c 5d 7s"),
        dead_ranks(("(As) 2h 3h 6c", "(x) 4c 5d 7s"), "56789T"), 2, ("4d", "Ks", "3c"),
    ),
    "stud5hl up card": (
        "stud5hl", ("(As) 2h 3h 6c", "(x) 4c 5d Ks"),
        dead_ranks(("(As) 2h 3h 6c", "(x) 4c 5d Ks"), "56789T"), 1, ("4d", "Kc", "Ac"),
    ),
    "community river": ("stud7", EIGHT_6TH_HIDDEN, "", 5, ("Ac", "4c", "5h")),
}


def assert_same_as_twin(result, twin, split):
    assert len(result.players) == len(twin.players)
    for mine, theirs in zip(result.players, twin.players, strict=True):
        assert abs(mine.equity - float(theirs.equity)) <= TOL
        assert abs(mine.win - float(theirs.win)) <= TOL
        assert abs(mine.tie - float(theirs.tie)) <= TOL
        if split:
            for name in ("high_win", "high_tie", "low_win", "low_tie"):
                assert abs(getattr(mine, name) - float(getattr(theirs, name))) <= TOL, name


@pytest.mark.parametrize(
    "game, hands, dead, player, cards", list(WITH_CARD_CASES.values()), ids=list(WITH_CARD_CASES)
)
def test_with_next_card_matches_twin(game, hands, dead, player, cards):
    scenario = build_scenario(game, list(hands), dead)
    table = exact_table(game, hands, dead, player)
    rows = {c.card: c for c in table.cards}
    for text in cards:
        card = card_id(text)
        after = with_next_card(scenario, player - 1, card)
        assert card not in after.pool and len(after.pool) == len(scenario.pool) - 1
        assert card in after.known[player - 1]
        result = equity_of_scenario(after, Method(exact=True))
        twin = naive_after(game, hands, dead, player, card)
        assert_same_as_twin(result, twin, game in SPLIT_GAMES)
        # The table's row for the card is that answer.
        assert rows[text].equity == result.players[player - 1].equity
        assert rows[text].win == result.players[player - 1].win


def test_with_next_card_river_is_writing_it_in():
    # On 6th street the river is a down card; writing it into player 1's hand as the river,
    # with player 2's unseen holes and river left open (up cards only), is a legal 7th-street
    # table: the engine's direct answer is the with_next_card answer.
    scenario = build_scenario("stud7", list(ACES_UP_HIDDEN))
    for text in ("Ac", "Kd", "Qd", "5d", "Jh"):
        after = equity_of_scenario(with_next_card(scenario, 0, card_id(text)), Method(exact=True))
        direct = equity("stud7", [f"(As Ks) Ah Kh Qh 2c ({text})", "Qc 2d 3d 4d"], exact=True)
        assert [p.equity for p in after.players] == pytest.approx(
            [p.equity for p in direct.players], abs=TOL)
        assert [p.win for p in after.players] == pytest.approx(
            [p.win for p in direct.players], abs=TOL)


def test_with_next_card_community_is_writing_it_in_everywhere():
    scenario = build_scenario("stud7", list(EIGHT_6TH_HIDDEN))
    assert scenario.community_card
    after = with_next_card(scenario, 4, card_id("Ah"))
    # The card is turned: still a community-card table, nothing more to draw for it.
    assert after.community_card is True and after.community == card_id("Ah")
    assert not after.community_to_come and after.street == "7th street"
    assert all(k[-1] == card_id("Ah") for k in after.known)
    assert after.to_deal == scenario.to_deal  # everyone's own unseen cards stay to come
    result = equity_of_scenario(after, Method(exact=True))
    # Ah makes player 3 a royal flush: the pot is theirs.
    assert [p.equity for p in result.players] == [0, 0, 1, 0, 0, 0, 0, 0]


def test_with_next_card_refuses_a_seen_card():
    scenario = build_scenario("stud7", list(ACES_UP), "Jc")
    for text in ("As", "Qc", "Jc"):  # player 1's, player 2's, dead
        with pytest.raises(ScenarioError, match="not an unseen card"):
            with_next_card(scenario, 0, card_id(text))
    seventh = build_scenario("stud7", list(ROYAL_7TH))
    with pytest.raises(ScenarioError, match="no next card"):
        with_next_card(seventh, 0, seventh.pool[0])


# --- 4. made_category ---------------------------------------------------------------------------

CATEGORIES = [
    ("Ks Kd 3c", "high", "pair of kings"),
    ("Ks Kd 3c 3d", "high", "two pair"),
    ("As Ad Ac", "high", "three aces"),
    ("As Ad Ac 2c", "high", "three aces"),
    ("7s 7d 7c 7h", "high", "four sevens"),
    ("As Ks 2c", "high", "A high"),
    ("Tc", "high", "T high"),
    ("Ks Kd 3c 3d 3h", "high", "full house"),
    ("As Ks Qs Js Ts 2c 3c", "high", "straight flush"),
    ("2c 3d 4h 5s 6c 6d", "high", "straight"),
    ("Ah Kh Qh 2c 9s", "high", "high card"),
    ("7c 5d 3h Ac", "low_a5", "7-5-3-A"),
    ("Ac 3h 5d 7c", "low_a5", "7-5-3-A"),
    ("7c 5d 3h Ac", "low_a6", "7-5-3-A"),
    ("Kc Kd 3h", "low_a5", "pair of kings"),
    ("2c 2d 5h 5s", "low_a5", "two pair"),
    ("7c 5d 3h Ac 8c", "low_a5", "8-low"),
    ("7c 5d 3h Ac 8c Kd", "low_a5", "8-low"),
    ("Ac 2d 3h 4s 5c", "low_a5", "5-low"),
    ("Ac 2d 3h 4s 5c", "low_a6", "straight"),  # ace-to-six: straights count, and are bad
    ("Ac 2d 3h 4s 6c", "low_a6", "6-low"),
]


@pytest.mark.parametrize("cards, kind, expected", CATEGORIES)
def test_made_category(cards, kind, expected):
    assert made_category(parse_cards(cards), kind) == expected


def test_categories_in_tables():
    # stud7: aces up plus the river; the table reads what the player's known cards make.
    table = exact_table("stud7", ACES_UP, "", 1)
    rows = {c.card: c.category for c in table.cards}
    assert rows["Ac"] == "full house" and rows["5d"] == "two pair"
    # Five-card stud, 4th street: four known cards for player 1 plus the new one, so the
    # evaluator names it (its generic category, not "three aces").
    table = exact_table("stud5", ("(As) Ah Kh 7c", "(x) Qc 2d 9s"), "", 1)
    rows = {c.card: c.category for c in table.cards}
    assert rows["Ad"] == "three of a kind"
    assert rows["Kd"] == "two pair" and rows["2s"] == "pair"
    # Five-card stud, 3rd street: player 2 knows two up cards and the new one.
    table = exact_table(*IDENTITY_CASES["stud5 3rd"])
    rows = {c.card: c.category for c in table.cards}
    assert rows["Qh"] == "pair of queens" and rows["Ac"] == "A high"
    assert rows["Kc"] == "K high" and rows["2h"] == "pair of deuces"
    # Razz, a low draw: five known cards after the river.
    table = exact_table("razz", ("(As 2s) 3h 4h 9c 8c", "(Qs x) 5c 6d 7d Kd"), "", 1)
    rows = {c.card: c.category for c in table.cards}
    assert rows["5h"] == "5-low" and rows["Kc"] == "8-low"
    # A hidden hero: only the up cards and the new one are known.
    table = exact_table("stud5low6", ("(As) 2h 3h 6c", "(x) 4c 5d 7s"), "", 2)
    rows = {c.card: c.category for c in table.cards}
    assert rows["4d"] == "pair of fours" and rows["Ac"] == "7-5-4-A"
    assert rows["2c"] == "7-5-4-2"


# --- 5. errors ----------------------------------------------------------------------------------


def call_main(argv, capsys):
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def assert_one_error_line(code, out, err) -> str:
    assert code == 2
    assert "Traceback" not in out + err
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("Error: "), err
    return lines[0]


NEXT_ERRORS = {
    "7th street": (list(ROYAL_7TH), "no next card"),
    "7th street, opponent up cards only": (
        ["(As Ks) Qs Js Ts 2c (3d)", "Qh Jh 9h 2d"], "no next card"),
    "stud5 5th street": (["-g", "stud5", "(As) Ks Qs Js Ts", "(Ah) Kh Qh Jh 9h"], "no next card"),
    "player 0": (["--player", "0", *ACES_UP], "--player 0"),
    "player -1": (["--player", "-1", *ACES_UP], "--player -1"),
    "player beyond": (["--player", "3", *ACES_UP], "--player 3"),
    "player not a number": (["--player", "two", *ACES_UP], "--player"),
    "exact and trials": (["--exact", "--trials", "10", *ACES_UP], "choose one method"),
    "trials and precision": (["--trials", "10", "--precision", "0.01", *ACES_UP], "not both"),
    "zero trials": (["--trials", "0", *ACES_UP], "trials"),
    "zero precision": (["--precision", "0", *ACES_UP], "precision"),
    "negative seed": (["--seed", "-1", *ACES_UP], "seed"),
    "zero threads": (["--threads", "0", *ACES_UP], "threads"),
    "bad format": (["--format", "xml", *ACES_UP], "format"),
    "bad game": (["-g", "holdem", *ACES_UP], "holdem"),
    "one hand": ([ACES_UP[0]], "at least 2"),
    "different streets": ([ACES_UP[0], "(x x) Qc 2d 3d"], "different streets"),
    "duplicate card": (["--dead", "As", *ACES_UP], "As"),
    "bad card": (["(As Ks) Ah Kh Qh 1c", ACES_UP[1]], "1c"),
    "too big to enumerate": (["--exact", "(As Ks) Ah", "(x x) Qd", "(x x) Tc"], "exact enumeration"),
}


@pytest.mark.parametrize("argv, fragment", list(NEXT_ERRORS.values()), ids=list(NEXT_ERRORS))
def test_next_errors(argv, fragment, capsys):
    line = assert_one_error_line(*call_main(["next", *argv], capsys))
    assert fragment in line


def test_api_errors():
    with pytest.raises(OptionError, match="--player 3"):
        next_card_table("stud7", list(ACES_UP), player=3, exact=True)
    with pytest.raises(ScenarioError, match="no next card"):
        next_card_table("stud7", list(ROYAL_7TH), exact=True)


# --- 6. pot odds ----------------------------------------------------------------------------------


@cache
def exact_result(game, hands):
    return equity(game, list(hands), exact=True)


def run_equity(argv, capsys):
    code, out, err = call_main(["equity", *argv], capsys)
    assert code == 0, err
    assert err == ""
    return out


@pytest.mark.parametrize("pot, to_call", [(40, 10), (0, 5), (7.5, 2.5), (100, 1)])
@pytest.mark.parametrize("hero, expected_equity", [(1, 1.0), (2, 0.0)])
def test_pot_odds_formulas(pot, to_call, hero, expected_equity):
    result = exact_result("stud7", ROYAL_7TH)
    odds = pot_odds(result, pot, to_call, hero)
    assert odds.equity == expected_equity
    assert odds.required_equity == pytest.approx(to_call / (pot + to_call), abs=TOL)
    assert odds.call_ev == pytest.approx(expected_equity * (pot + to_call) - to_call, abs=TOL)
    assert (odds.pot, odds.to_call, odds.hero) == (pot, to_call, hero)
    assert odds.implied_required_equity is None
    assert "\n" not in odds.verdict
    assert odds.verdict.endswith(f"player {hero} has {100 * expected_equity:.1f}%)")
    if expected_equity == 1.0 and pot > 0:
        assert odds.verdict.startswith(f"call: +{pot:.2f} chips on average on the pot now")
    elif expected_equity == 0.0:
        assert odds.verdict.startswith(f"fold: calling loses {to_call:.2f} chips on average")
    else:  # all of a pot of 0: the call only gets its own chips back
        assert odds.verdict.startswith("break-even call")
    assert f"player {hero} has {100 * expected_equity:.1f}%" in odds.verdict
    assert f"needs {100 * to_call / (pot + to_call):.1f}% equity" in odds.verdict
    assert f"(pot {pot:g}, to call {to_call:g}: a call needs" in odds.verdict


@pytest.mark.parametrize(
    "hands, hero, pot, to_call, equity_",
    [
        (SPLIT_7TH, 1, 10, 10, 0.5),  # half the pot, a pot-sized call: EV 0
        (SPLIT_7TH, 2, 30, 10, 0.5),
        (EIGHT_6TH, 3, 30, 10, 0.25),  # a quarter of 40
    ],
)
def test_pot_odds_split_pots(hands, hero, pot, to_call, equity_):
    game = "stud7hl8" if hands is SPLIT_7TH else "stud7"
    odds = pot_odds(exact_result(game, hands), pot, to_call, hero)
    assert odds.equity == equity_
    ev = equity_ * (pot + to_call) - to_call
    assert odds.call_ev == pytest.approx(ev, abs=TOL)
    if abs(ev) < 1e-12:
        assert odds.verdict.startswith("break-even call on the pot now (")
    else:
        assert odds.verdict.startswith(f"call: +{ev:.2f} chips on average on the pot now (")


def test_break_even_on_an_exact_table():
    # Aces up on 6th street: exactly 4 outs of 40, equity 0.1; a pot of 90 asks 10%.
    result = exact_result("stud7", ACES_UP)
    odds = pot_odds(result, 90, 10)
    assert odds.equity == pytest.approx(0.1, abs=TOL)
    assert odds.required_equity == pytest.approx(0.1, abs=TOL)
    assert odds.verdict == ("break-even call on the pot now (pot 90, to call 10: a call needs "
                            "10.0% equity; player 1 has 10.0%)")


def test_break_even_despite_float_rounding():
    # 0.1 * (2.7 + 0.3) - 0.3 is 5.6e-17 in floating point: a rounding error, not a call.
    result = EquityResult("stud7", "exact", 1, None, False, "7th street", (
        PlayerResult("(As Ks) Ah", 0.1, 0.0, 0.1), PlayerResult("Qd", 0.9, 0.0, 0.9)))
    assert 0.1 * (2.7 + 0.3) - 0.3 != 0
    assert pot_odds(result, 2.7, 0.3).verdict.startswith("break-even call")
    assert pot_odds(result, 2.8, 0.3).verdict.startswith("call: +0.01 chips")
    assert pot_odds(result, 2.6, 0.3).verdict.startswith("fold: calling loses 0.01 chips")


def test_implied_odds():
    result = exact_result("stud7", ROYAL_7TH)
    odds = pot_odds(result, 40, 10, hero=2, bets_to_come=2, big_bet=10)
    assert odds.implied_required_equity == pytest.approx(10 / (40 + 10 + 2 * 10), abs=TOL)
    assert odds.required_equity == pytest.approx(0.2, abs=TOL)  # unchanged
    assert odds.call_ev == -10.0  # immediate EV: unchanged
    assert odds.verdict == (
        "fold: calling loses 10.00 chips on average on the pot now (pot 40, to call 10: a call "
        "needs 20.0% equity, 14.3% if player 2 also wins 2 more big bets when ahead; player 2 "
        "has 0.0%)")
    one = pot_odds(result, 40, 10, bets_to_come=1, big_bet=10)
    assert one.implied_required_equity == pytest.approx(10 / 60, abs=TOL)
    assert "16.7% if player 1 also wins 1 more big bet when ahead" in one.verdict
    # Implied odds that turn a losing call into a right one: the sentence says call, once.
    close = EquityResult("stud7", "exact", 1, None, False, "7th street", (
        PlayerResult("(As Ks) Ah", 0.3, 0.0, 0.3), PlayerResult("Qd", 0.7, 0.0, 0.7)))
    implied = pot_odds(close, 10, 10, bets_to_come=3, big_bet=10)  # 50% now, 20% implied
    assert implied.call_ev == pytest.approx(-4.0, abs=TOL)
    assert implied.verdict == (
        "call on implied odds: it loses 4.00 chips on the pot now, but needs only 20.0% equity "
        "if player 1 also wins 3 more big bets when ahead (pot 10, to call 10: 50.0% on the "
        "pot now; player 1 has 30.0%)")
    assert pot_odds(close, 10, 10, bets_to_come=1, big_bet=5).verdict.startswith("fold: ")
    assert "implied_required_equity" in one.to_dict()
    assert "implied_required_equity" not in pot_odds(result, 40, 10).to_dict()


@pytest.mark.parametrize(
    "args, fragment",
    [
        ((-1, 10), "--pot"),
        ((10, 0), "--to-call"),
        ((10, -2), "--to-call"),
        ((10, 5, 0), "--hero 0"),
        ((10, 5, 3), "--hero 3"),
        ((10, 5, 1, -1, 10), "--bets-to-come"),
        ((10, 5, 1, 1, -10), "--big-bet"),
    ],
)
def test_pot_odds_api_errors(args, fragment):
    with pytest.raises(OptionError, match=fragment):
        pot_odds(exact_result("stud7", ROYAL_7TH), *args)


def test_pot_odds_cli_table(capsys):
    out = run_equity([*ROYAL_7TH, "--pot", "40", "--to-call", "10"], capsys)
    lines = out.rstrip("\n").split("\n")
    assert lines[-1] == ("pot odds for player 1: call: +40.00 chips on average on the pot now "
                         "(pot 40, to call 10: a call needs 20.0% equity; player 1 has 100.0%)")
    assert lines[-2] == ""  # one line, under the table
    out = run_equity([*ROYAL_7TH, "--pot", "40", "--to-call", "10", "--hero", "2"], capsys)
    assert out.rstrip("\n").split("\n")[-1] == (
        "pot odds for player 2: fold: calling loses 10.00 chips on average on the pot now (pot "
        "40, to call 10: a call needs 20.0% equity; player 2 has 0.0%)")
    out = run_equity(["-g", "stud7hl8", *SPLIT_7TH, "--pot", "10", "--to-call", "10"], capsys)
    assert out.rstrip("\n").split("\n")[-1] == (
        "pot odds for player 1: break-even call on the pot now (pot 10, to call 10: a call "
        "needs 50.0% equity; player 1 has 50.0%)")
    out = run_equity([*ROYAL_7TH], capsys)
    assert "pot odds" not in out


def test_pot_odds_cli_json(capsys):
    out = run_equity([*ROYAL_7TH, "--pot", "40", "--to-call", "10", "--hero", "2",
                      "--bets-to-come", "2", "--big-bet", "10", "--format", "json"], capsys)
    data = json.loads(out, parse_constant=lambda c: pytest.fail(f"{c} in JSON"))
    odds = data["pot_odds"]
    contract = {"pot", "to_call", "required_equity", "equity", "call_ev"}
    assert contract <= set(odds)
    # Beyond the contract: the hero, the verdict, and the implied-odds price when asked.
    assert set(odds) - contract == {"hero", "verdict", "implied_required_equity"}
    assert odds["pot"] == 40 and odds["to_call"] == 10 and odds["hero"] == 2
    assert odds["required_equity"] == pytest.approx(0.2, abs=TOL)
    assert odds["equity"] == data["players"][1]["equity"] == 0.0
    assert odds["call_ev"] == -10.0
    assert odds["implied_required_equity"] == pytest.approx(10 / 70, abs=TOL)
    assert odds["verdict"].startswith("fold: ")
    out = run_equity([*ROYAL_7TH, "--format", "json"], capsys)
    assert "pot_odds" not in json.loads(out)
    out = run_equity([*ROYAL_7TH, "--pot", "1", "--to-call", "3", "--format", "json"], capsys)
    assert set(json.loads(out)["pot_odds"]) == contract | {"hero", "verdict"}


POT_ODDS_CLI_ERRORS = {
    "pot without to-call": (["--pot", "40"], "both --pot and --to-call"),
    "to-call without pot": (["--to-call", "10"], "both --pot and --to-call"),
    "negative pot": (["--pot", "-1", "--to-call", "10"], "--pot"),
    "zero to-call": (["--pot", "40", "--to-call", "0"], "--to-call"),
    "negative to-call": (["--pot", "40", "--to-call", "-5"], "--to-call"),
    "hero 0": (["--pot", "40", "--to-call", "10", "--hero", "0"], "--hero 0"),
    "hero beyond": (["--pot", "40", "--to-call", "10", "--hero", "3"], "--hero 3"),
    "negative bets to come": (
        ["--pot", "40", "--to-call", "10", "--bets-to-come", "-1", "--big-bet", "10"],
        "--bets-to-come"),
    "pot not a number": (["--pot", "lots", "--to-call", "10"], "--pot"),
}


@pytest.mark.parametrize(
    "argv, fragment", list(POT_ODDS_CLI_ERRORS.values()), ids=list(POT_ODDS_CLI_ERRORS)
)
def test_pot_odds_cli_errors(argv, fragment, capsys):
    line = assert_one_error_line(*call_main(["equity", *ROYAL_7TH, *argv], capsys))
    assert fragment in line


@pytest.mark.parametrize(
    "pot, to_call", [("nan", "10"), ("inf", "10"), ("40", "inf"), ("40", "nan")]
)
def test_pot_odds_non_finite_is_an_error(pot, to_call, capsys):
    argv = ["equity", *ROYAL_7TH, "--pot", pot, "--to-call", to_call, "--format", "json"]
    assert_one_error_line(*call_main(argv, capsys))


@pytest.mark.parametrize("pot, to_call", [(math.nan, 10), (math.inf, 10), (40, math.inf)])
def test_pot_odds_api_non_finite_is_an_error(pot, to_call):
    with pytest.raises(OptionError):
        pot_odds(exact_result("stud7", ROYAL_7TH), pot, to_call)


HUGE_BETS = "9" * 400  # an int click accepts, too large for a float


@pytest.mark.parametrize(
    "extra",
    [
        # Each amount finite, their sum not: P + C overflowed to inf, so the call EV,
        # equity * inf - C, came out NaN for player 2 (equity 0) and Infinity for player 1,
        # and the required equity C / inf as 0.
        ["--pot", "1e308", "--to-call", "1e308", "--hero", "2"],
        ["--pot", "1e308", "--to-call", "1e308"],
        ["--pot", "1.5e308", "--to-call", "0.5e308"],
        # k * B overflowed: the implied-odds price came out 0.
        ["--pot", "40", "--to-call", "10", "--bets-to-come", "2", "--big-bet", "1e308"],
        # k too large to convert to a float: an OverflowError traceback.
        ["--pot", "40", "--to-call", "10", "--bets-to-come", HUGE_BETS, "--big-bet", "1"],
    ],
    ids=["nan call ev", "inf call ev", "sum overflows", "implied overflows", "huge bets to come"],
)
def test_pot_odds_too_large_to_add_up_is_an_error(extra, capsys):
    argv = ["equity", *ROYAL_7TH, *extra, "--format", "json"]
    line = assert_one_error_line(*call_main(argv, capsys))
    assert "too large" in line


def test_pot_odds_large_but_finite_amounts(capsys):
    # Just below the limit every number in the JSON is still finite and right.
    big = "1e307"
    out = run_equity([*ROYAL_7TH, "--pot", big, "--to-call", big, "--hero", "2",
                      "--bets-to-come", "3", "--big-bet", big, "--format", "json"], capsys)
    odds = json.loads(out, parse_constant=lambda c: pytest.fail(f"{c} in JSON"))["pot_odds"]
    assert odds["required_equity"] == pytest.approx(0.5, abs=TOL)
    assert odds["call_ev"] == -1e307
    assert odds["implied_required_equity"] == pytest.approx(0.2, abs=TOL)


def test_pot_odds_api_too_large_to_add_up():
    result = exact_result("stud7", ROYAL_7TH)
    with pytest.raises(OptionError, match="too large"):
        pot_odds(result, 1e308, 1e308, hero=2)
    with pytest.raises(OptionError, match="too large"):
        pot_odds(result, 40, 10, bets_to_come=10**400, big_bet=1.0)


# --- 7. the `next` formats -------------------------------------------------------------------------

NEXT_JSON_CONTRACT = {"game", "player", "equity_now", "cards", "favourite_cards", "dead_cards"}
# Beyond the contract, always: the hand, the street the card comes on, the method, and
# whether it is the community card.
NEXT_JSON_EXTRA = {"hand", "street", "method", "community_card"}
CARD_CONTRACT = {"card", "equity", "delta", "category"}
CARD_EXTRA = {"group", "win", "tie", "probability"}  # always; plus equity_se (sampled) and the split fields
CARD_SPLIT = {"scoop", "scoop_delta", "high_win", "high_win_delta", "low_win", "low_win_delta"}


def run_next(argv, capsys) -> str:
    code, out, err = call_main(["next", *argv], capsys)
    assert code == 0, err
    assert err == ""
    assert out.endswith("\n")
    return out


def next_json(argv, capsys) -> dict:
    return json.loads(run_next(["--format", "json", *argv], capsys),
                      parse_constant=lambda c: pytest.fail(f"{c} in JSON"))


@pytest.mark.parametrize(
    "game, hands, options, player",
    [
        ("stud7", ACES_UP_HIDDEN, ["--exact"], 1),
        ("stud7", ACES_UP, ["--exact", "--player", "2"], 2),
        ("stud7hl8", ("(As 2s) 3h 4h 9c Kc", "(7d x) 6c 8d 3d Qs"), ["--exact"], 1),
        ("stud5low6", ("(As) 2h 3h 6c", "(x) 4c 5d 7s"), ["--exact"], 1),
        ("stud7", ACES_UP_HIDDEN, ["--trials", "300", "--seed", "4"], 1),
        ("stud5hl", ("(As) 2h 3h 6c", "(x) 4c 5d Ks"), ["--trials", "300", "--seed", "4"], 1),
    ],
)
def test_next_json(game, hands, options, player, capsys):
    data = next_json(["-g", game, *options, *hands], capsys)
    exact = "--exact" in options
    assert set(data) == NEXT_JSON_CONTRACT | NEXT_JSON_EXTRA | (set() if exact else {"alike"})
    split = game in SPLIT_GAMES
    card_keys = CARD_CONTRACT | CARD_EXTRA | (set() if exact else {"equity_se"})
    card_keys |= CARD_SPLIT if split else set()
    assert all(set(c) == card_keys for c in data["cards"])
    assert (data["game"], data["player"]) == (game, player)
    assert data["method"] == ("exact" if exact else "monte-carlo")
    assert data["hand"] == hands[player - 1]
    _, _, pool, _ = naive_table(game, hands)
    assert sorted(c["card"] for c in data["cards"]) == sorted(naive.card_text(c) for c in pool)
    assert type(data["favourite_cards"]) is int and type(data["dead_cards"]) is int
    assert data["dead_cards"] == sum(c["equity"] == 0 for c in data["cards"])
    equities = [c["equity"] for c in data["cards"]]
    assert equities == sorted(equities, reverse=True)
    if exact:
        assert sum(equities) / len(equities) == pytest.approx(data["equity_now"], abs=TOL)
        table = exact_table(game, hands, "", player)
        assert data == json.loads(json.dumps(table.to_dict()))


def test_next_json_community(capsys):
    data = next_json(["--exact", *EIGHT_6TH], capsys)
    assert data["community_card"] is True and data["street"] == "7th street"
    assert [c["card"] for c in data["cards"]] == ["Ac", "Ad", "Ah", "As"]
    assert (data["favourite_cards"], data["dead_cards"], data["equity_now"]) == (1, 3, 0.25)


def test_next_csv(capsys):
    out = run_next(["--exact", "--format", "csv", *ACES_UP_HIDDEN], capsys)
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["card", "group", "equity", "delta", "category", "win", "tie",
                       "probability"]
    table = exact_table("stud7", ACES_UP_HIDDEN)
    assert len(rows) == 1 + len(table.cards) == 43
    assert [r[0] for r in rows[1:]] == [c.card for c in table.cards]
    for r, c in zip(rows[1:], table.cards, strict=True):
        assert (r[1], float(r[2]), float(r[3]), r[4]) == (c.group, c.equity, c.delta, c.category)
    # Split games add the scoop / high / low columns; sampling adds the standard error.
    out = run_next(["-g", "stud5hl", "--trials", "200", "--seed", "1", "--format", "csv",
                    "(As) 2h 3h 6c", "(x) 4c 5d Ks"], capsys)
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["card", "group", "equity", "delta", "category", "win", "tie", "probability",
                       "equity_se",
                       "scoop", "scoop_delta", "high_win", "high_win_delta", "low_win",
                       "low_win_delta"]
    assert len(rows) == 1 + 45  # 52 less the 7 cards in the hands
    assert all(len(r) == len(rows[0]) for r in rows)


def test_next_table(capsys):
    out = run_next(["--exact", *ACES_UP], capsys)
    lines = out.rstrip("\n").split("\n")
    assert lines[0] == ("stud7: the 7th-street card to player 1 (As Ks) Ah Kh Qh 2c "
                        "(exact; changes in percentage points)")
    assert "improving (4 cards)" in lines and "hurting (36 cards)" in lines
    assert not any(line.startswith("neutral") for line in lines)
    assert lines.index("improving (4 cards)") < lines.index("hurting (36 cards)")
    assert lines[-1] == ("equity now 10.00%; 4 of 40 cards make player 1 the favourite, 36 "
                         "leave them drawing dead")
    assert lines[lines.index("improving (4 cards)") + 1].split() == [
        "cards", "equity", "change", "makes"]
    assert any(line.split()[:6] == ["Ac", "Ad", "Kc", "Kd", "100.00%", "+90.00"]
               for line in lines)
    # A neutral group and the community card.
    out = run_next(["-g", "razz", "--exact", *RAZZ_WHEEL], capsys)
    lines = out.rstrip("\n").split("\n")
    assert "neutral (42 cards)" in lines
    assert lines[-1].startswith("equity now 100.00%; 42 of 42 cards make player 1 the favourite")
    out = run_next(["--exact", *EIGHT_6TH], capsys)
    lines = out.rstrip("\n").split("\n")
    assert lines[0].startswith("stud7: the community card to player 1")
    assert "improving (1 card)" in lines and "hurting (3 cards)" in lines


def test_next_table_split_columns(capsys):
    out = run_next(["-g", "stud7hl8", "--exact", "(As 2s) 3h 4h 9c Kc", "(Qs Qd) Qc 2d 3d 4d"],
                   capsys)
    lines = out.rstrip("\n").split("\n")
    header = lines[lines.index("improving (16 cards)") + 1]
    assert header.split() == ["cards", "equity", "change", "makes", "scoop", "high", "win", "low",
                              "win"]
    assert "24 leave them drawing dead" in lines[-1]


def test_next_names_both_halves_in_split_games(capsys):
    hand = ["(As 2s) 3h 4h 9c", "(x x) Qc Kd 3d"]
    table = next_card_table("stud7hl8", hand, exact=True)
    makes = {c.card: c.category for c in table.cards}
    assert makes["5d"] == "straight / 5-low"  # the wheel: both ways
    assert makes["6d"] == "high card / 6-low"
    # A-A-2-3-4-9: no five low cards of 8 or under yet, four toward one with the river to
    # come (it read "no low", as if the hand had no low draw)
    assert makes["Ad"] == "pair / no low yet: 4-3-2-A"
    assert makes["Kc"] == "high card / no low yet: 4-3-2-A"
    # on the river nothing is to come: no low
    river = next_card_table("stud7hl8", ["(As 2s) 3h Kh 9c Qh", "(x x) Qc Kd 3d Jd"],
                            exact=True)
    assert {c.card: c.category for c in river.cards}["Ks"] == "pair / no low"
    # "yet" only while five low ranks can still come (a reviewer's: K-K-Q-Q-8-7 with one
    # card to come read "no low yet: 8-7")
    from studodds.cards import parse_cards
    from studodds.games import GAMES
    from studodds.whatif import made_halves

    hilo = GAMES["stud7hl8"]
    assert made_halves(parse_cards("Kc Kd Qs Qh 8c 7d"), hilo) == "two pair / no low"
    assert made_halves(parse_cards("Kc Kd Qs 8c 7d 6h"), hilo) == "pair / no low"
    assert made_halves(parse_cards("Kc Kd 5s 8c 7d 6h"), hilo) == "pair / no low yet: 8-7-6-5"
    assert made_halves(parse_cards("As 2s 3h Kh Kd"), hilo) == "pair / no low yet: 3-2-A"
    # Fewer than five cards known: the low cards toward a low, only eights and under.
    early = next_card_table("stud7hl8", ["(Ks 3s) 5h", "(x x) Qc"], exact=False,
                            trials=2000, seed=1)
    makes = {c.card: c.category for c in early.cards}
    assert makes["8d"] == "K high / 8-5-3"
    assert makes["9d"] == "K high / 5-3"
    assert makes["Kd"] == "pair of kings / 5-3"
    assert makes["Ad"] == "A high / 5-3-A"
    # Without a qualifier (stud5hl) a nine is a low card too.
    five = next_card_table("stud5hl", ["(As) 9h", "(x) Kd"], exact=True)
    assert {c.card: c.category for c in five.cards}["2c"] == "A high / 9-2-A"
    # Games with one winner keep one name.
    assert {c.category for c in next_card_table(
        "razz", ["(As 2s) 3h 4h 9c", "(x x) Qc Kd 3d"], exact=True).cards} >= {"5-low"}


def test_next_table_groups_cards_with_the_same_outcome(capsys):
    argv = ["--exact", "--player", "2", "(As Ks) Ah Kh Qh Jh", "(2c 5c) Qc 2d 3d 4d"]
    lines = run_next(argv, capsys).rstrip("\n").split("\n")
    rows = [line.split() for line in lines]
    # Drawing dead either way: one row for the two pairs, one for the pairs.
    dead = [r for r in rows if "0.00%" in r]
    assert [r[r.index("0.00%"):] for r in dead] == [
        ["0.00%", "-12.05", "two", "pair"], ["0.00%", "-12.05", "pair"]]
    assert [r[:r.index("0.00%")] for r in dead] == [
        ["3c", "3h", "3s", "4c", "4h", "4s", "5d", "5h", "5s", "Qd", "Qs"],
        ["7c", "7d", "7h", "7s", "8c", "8d", "8h", "8s", "9c", "9d", "9h", "9s", "Jc", "Jd", "Js", "Kc", "Kd", "Tc", "Td", "Th", "Ts"]]
    # The same equity and change but a different hand: separate rows.
    improving = rows[rows.index(["improving", "(8", "cards)"]) + 3:][:4]
    assert improving == [
        ["2h", "61.54%", "+49.49", "three", "of", "a", "kind"],
        ["6h", "Ac", "Ad", "61.54%", "+49.49", "straight"],
        ["2s", "58.97%", "+46.92", "three", "of", "a", "kind"],
        ["6c", "6d", "6s", "58.97%", "+46.92", "straight"],
    ]
    # Every card is in exactly one row; JSON keeps one entry per card.
    listed = [cell for r in rows[1:] for cell in r if re.fullmatch(r"[2-9TJQKA][cdhs]", cell)]
    data = next_json(argv, capsys)
    assert sorted(listed) == sorted(c["card"] for c in data["cards"])
    assert len(data["cards"]) == 40


def test_next_default_player_is_one(capsys):
    one = next_json(["--exact", *ACES_UP], capsys)
    explicit = next_json(["--exact", "--player", "1", *ACES_UP], capsys)
    assert one == explicit and one["player"] == 1


def test_next_help(capsys):
    code, out, err = call_main(["next", "--help"], capsys)
    assert (code, err) == (0, "")
    text = " ".join(out.split())
    for word in ("--player", "--dead", "--exact", "--trials", "--precision", "--format"):
        assert word in text


def _table_rows(out: str) -> list[list[str]]:
    """The cards of each row of a next-card table."""
    return [[t for t in line.split() if re.fullmatch(r"[2-9TJQKA][cdhs]", t)]
            for line in out.splitlines() if re.match(r"^([2-9TJQKA][cdhs] )+ *\d", line)]


def test_a_sampled_next_table_shares_rows_only_where_suits_are_out_of_play(capsys):
    """Sampled, each card's figures carry their own noise (Ks, Kc and Kh once took a row
    each while 8c 8d 8h shared one). Cards of one rank share a row, with their mean, when
    neither suit is on the table or dead: swapping them changes nothing for any hand. A
    card of a suit in play keeps its own row; razz (ace-to-five) never looks at suits."""
    hands = ["(As Ks) Ah Kh", "(x x) Qh Jh"]  # spades and hearts in play
    out = run_next(["--trials", "20000", "--seed", "1", *hands], capsys)
    rows = _table_rows(out)
    for row in rows:
        if len(row) > 1 and len({c[0] for c in row}) == 1 and any(c[1] in "cd" for c in row):
            assert {c[1] for c in row} <= set("cd"), row  # only the suits out of play
    assert ["Qc", "Qd"] in rows or ["Qd", "Qc"] in rows
    assert not any("Qs" in row and ("Qc" in row or "Qd" in row) for row in rows)  # a spade:
    # the player's flush suit, apart from the queens out of play
    assert "so do cards of one rank whose suits are out of play (their mean)." in out
    razz = run_next(["-g", "razz", "--trials", "20000", "--seed", "1", "(As 2s) 3h", "(x x) Kd"],
                    capsys)
    razz_rows = _table_rows(razz)
    assert all(len({c[0] for c in row}) == 1 for row in razz_rows)
    assert len(razz_rows) == 13 and max(len(r) for r in razz_rows) == 4
    exact = run_next(["--exact", "(As Ks) Ah Kh", "(x x) Qd Qc"], capsys)
    assert "Kc Kd Ac Ad  98.99%" in exact and "sampled" not in exact  # exact: as before


def test_cards_that_do_the_same_thing_get_one_verdict():
    """Sampled, the cards of one rank whose suits are out of play (NextCardTable.alike) are
    one row, so one verdict: their mean change decides whether they improve, hurt or change
    little (alone, at this seed, 3c and 3d fell on either side of the noise line)."""
    table = next_card_table("stud7", ["(As Ks) Ah Kh", "(x x) Qh Jh"], trials=2000, seed=1)
    assert ("Qc", "Qd") in table.alike or ("Qd", "Qc") in table.alike
    assert all({c[1] for c in group} <= set("cd") for group in table.alike)
    verdict = {c.card: c.group for c in table.cards}
    assert all(len({verdict[c] for c in group}) == 1 for group in table.alike), table.alike
    assert table.to_dict()["alike"] == [list(group) for group in table.alike]
    exact = next_card_table("stud7", ["(As Ks) Ah Kh Qs Jd", "(x x) Qh Jh Tc 9c"], exact=True)
    assert exact.alike == () and "alike" not in exact.to_dict()


def test_next_says_shows_where_the_hole_cards_are_unseen(capsys):
    """Player 2's hole cards are x x: a queen gives his board a pair of queens, and what his
    whole hand makes is not known. The column says what the cards show, not make."""
    hands = ["(As Ks) Ah", "(x x) Qc"]
    unseen = run_next(["--trials", "300", "--seed", "1", "--player", "2", *hands], capsys)
    seen = run_next(["--trials", "300", "--seed", "1", *hands], capsys)
    assert re.search(r"^cards +equity +change +shows$", unseen, re.MULTILINE), unseen
    assert re.search(r"^cards +equity +change +makes$", seen, re.MULTILINE), seen
    assert next_card_table("stud7", hands, player=2, trials=300, seed=1).unseen
    assert not next_card_table("stud7", hands, trials=300, seed=1).unseen
