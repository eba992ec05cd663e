"""Declare (docs/rules.md, "Declare"): the pot settled by high / low / both declarations.

The rule tests use complete five-card hands (one deal, nothing to come), so each clause of
the rules text is checked on its own. The engine (heads-up counting, enumeration, Monte
Carlo) is then checked against the slow twin (tests/naive_equity.py declared_shares), and
the declare table against one equity() call per row.
"""

from __future__ import annotations

import itertools
import json
import sys
from fractions import Fraction
from math import sqrt

import numba
import pytest
from naive_equity import brute_force_declared, declared_shares, table_from_text

from studodds.cli import main
from studodds.declare import declare_table
from studodds.equity import equity
from studodds.messages import OptionError

WHEEL = "(Ac) 2d 3c 4d 5h"  # a five-high straight for high, the best low
WHEEL_TOO = "(Ad) 2c 3h 4s 5c"
FULL_HOUSE = "(Kd) Kh Ks 9c 9d"  # the best high here; a paired, poor low
SEVENS = "(7c) 7d 8h 9h Th"  # a pair of sevens: a poor high, a paired low (better than kings)
KING_HIGH = "(Kc) Qh Js 9s 7s"  # K-Q-J-9-7: no pair; a weak low
QUEENS = "(Qd) Qc 8s 6d 2h"  # a pair of queens


def shares(hands, declare, game="stud5hl"):
    result = equity(game, hands, declare=declare, exact=True)
    assert result.samples == 1  # every card known: one deal
    return [Fraction(p.equity).limit_denominator(100) for p in result.players], result


# --------------------------------------------------------------------------- the rules


def test_a_swing_who_wins_both_ways_alone_scoops():
    for other in ("high", "low", "both"):
        got, result = shares([WHEEL, KING_HIGH], ["both", other])
        assert got == [1, 0], other
        assert result.players[0].win == 1 and result.players[0].scoop == 1


def test_a_swing_who_ties_one_way_keeps_the_claim():
    # Both hold the wheel. Player 2 declared low: the low ties (ties allowed), so the swing
    # keeps the whole high half (nobody else is high) and half the low half.
    got, result = shares([WHEEL, WHEEL_TOO], ["both", "low"])
    assert got == [Fraction(3, 4), Fraction(1, 4)]
    assert result.players[0].tie == 1 and result.players[0].win == 0
    # Two swings tying both ways both keep their claims: each half splits.
    assert shares([WHEEL, WHEEL_TOO], ["both", "both"])[0] == [Fraction(1, 2)] * 2


def test_a_swing_who_loses_one_way_gets_nothing():
    # The wheel loses the high to the full house: it gets nothing, not even the low it had.
    assert shares([WHEEL, FULL_HOUSE], ["both", "high"])[0] == [0, 1]
    # With a low declarer beside, the low half goes to the best low LEFT, the sevens,
    # though the removed swing's wheel was better.
    got, _ = shares([WHEEL, FULL_HOUSE, SEVENS], ["both", "high", "low"])
    assert got == [0, Fraction(1, 2), Fraction(1, 2)]


def test_everyone_one_way_the_best_of_them_takes_the_whole_pot():
    assert shares([WHEEL, FULL_HOUSE], ["high", "high"])[0] == [0, 1]
    assert shares([WHEEL, FULL_HOUSE], ["low", "low"])[0] == [1, 0]
    got, result = shares([WHEEL, FULL_HOUSE, SEVENS], ["low", "low", "low"])
    assert got == [1, 0, 0] and result.players[0].win == 1


def test_one_side_empty_the_other_side_takes_the_whole_pot():
    # The only high declarer is a swing who failed: nobody is left on the high side.
    assert shares([FULL_HOUSE, WHEEL], ["both", "low"])[0] == [0, 1]


def test_one_each_way_split_the_pot():
    assert shares([WHEEL, FULL_HOUSE], ["low", "high"])[0] == [Fraction(1, 2)] * 2
    # Declaring the side you would lose still wins it when nobody else is on that side.
    assert shares([WHEEL, FULL_HOUSE], ["high", "low"])[0] == [Fraction(1, 2)] * 2


def test_everyone_forfeits_the_pot_splits_as_without_declarations():
    # Two swings, each failing one way: both removed, so the high half goes to the best
    # high (the full house) and the low half to the best low (the wheel), as in stud5hl.
    got, _ = shares([WHEEL, FULL_HOUSE], ["both", "both"])
    plain = equity("stud5hl", [WHEEL, FULL_HOUSE], exact=True)
    assert got == [Fraction(1, 2)] * 2
    assert [p.equity for p in plain.players] == [0.5, 0.5]


def test_failing_swings_are_judged_against_the_same_field_then_removed_together():
    # The wheel fails on high (the full house is better), the full house fails on low (the
    # sevens' low is better than a full house's). Both removed at once: the sevens, who
    # declared low, take the whole pot. Removing one swing first and judging the other
    # again would let the wheel keep its claim (it would be the only high left).
    got, _ = shares([WHEEL, FULL_HOUSE, SEVENS], ["both", "both", "low"])
    assert got == [0, 0, 1]


def test_after_a_swing_is_removed_the_next_best_high_takes_the_high_half():
    # The full house swings and fails on low: the pair of queens, worse than the full
    # house, takes the high half; the wheel the low half.
    got, _ = shares([FULL_HOUSE, WHEEL, QUEENS], ["both", "low", "high"])
    assert got == [0, Fraction(1, 2), Fraction(1, 2)]


def test_stud7hl_is_played_with_a_declaration_too():
    got, _ = shares(["(Ac 2d) 3c 4d 5h Kc (Kd)", "(Qs Qh) Qc 9s 9h 8c (2c)"],
                    ["both", "high"], game="stud7hl")
    assert got == [0, 1]  # the wheel's straight loses the high to the full house


def test_the_twin_says_the_same_on_the_rule_tables():
    """The twin (naive_equity.declared_shares) was written from the rules text apart from
    the kernel code: it must give the rule tests' answers too."""
    from naive import evaluate, parse_cards

    def twin(hands, declare):
        cards = [parse_cards(h.replace("(", "").replace(")", "")) for h in hands]
        return declared_shares([evaluate(c, "high") for c in cards],
                               [evaluate(c, "low_a5") for c in cards], declare)

    assert twin([WHEEL, FULL_HOUSE, SEVENS], ["both", "both", "low"]) == [0, 0, 1]
    assert twin([WHEEL, WHEEL_TOO], ["both", "low"]) == [Fraction(3, 4), Fraction(1, 4)]
    assert twin([WHEEL, FULL_HOUSE], ["both", "both"]) == [Fraction(1, 2)] * 2


# --------------------------------------------------------------------------- engine == twin

DECLARATIONS = ("high", "low", "both")


def _twin(game, hands, dead, declare):
    known, to_deal, pool = table_from_text(game, hands, dead)
    return brute_force_declared(game, known, to_deal, pool, False, declare)


def _assert_equals_twin(game, hands, dead, declare, **options):
    result = equity(game, hands, dead, declare=declare, exact=True, **options)
    want = _twin(game, hands, dead, declare)
    for got, (win, tie, share) in zip(result.players, want, strict=True):
        assert got.win == pytest.approx(float(win), abs=1e-12), (declare, got.hand)
        assert got.tie == pytest.approx(float(tie), abs=1e-12), (declare, got.hand)
        assert got.equity == pytest.approx(float(share), abs=1e-12), (declare, got.hand)
    assert result.declarations == tuple(declare)
    assert result.no_low is None and result.players[0].high_win is None
    return result


HEADS_UP = [
    ("stud5hl", ["(As) 2d 3c 7h", "(Kd) Kh 9c 4s"], "Qs Qh Jd Jc Td Tc 9s 9h 8s 8h"),
    ("stud5hl", ["(Ac) 2c 3d 4h", "(Ad) 2d 3h 4c"], "Ks Kh Qd Qc Jd Jc Ts Th 9s 9h"),
    ("stud7hl", ["(As 2d) 3c 7h 8d Kc (x)", "(Kd Kh) 9c 4s 5s 6d (x)"], ""),
]


@pytest.mark.parametrize("game, hands, dead", HEADS_UP, ids=["5hl", "5hl-mirror", "7hl"])
@pytest.mark.parametrize("engine", ["counting", "enumeration"])
def test_heads_up_declarations_equal_the_twin(game, hands, dead, engine, monkeypatch):
    if engine == "enumeration":
        monkeypatch.setattr(sys.modules["studodds.equity"], "MAX_COUNTING_BYTES", 0)
    for declare in itertools.product(DECLARATIONS, repeat=2):
        _assert_equals_twin(game, hands, dead, list(declare))


def test_three_way_declarations_equal_the_twin():
    hands = ["(As) 2d 3c 7h", "(Kd) Kh 9c 4s", "(5c) 6c 8c Tc"]
    dead = "Qs Qh Jd Jc Td 9s 9h 8s 8h 7s 7d 6h 6s 5d 5s 4d 4h 3d 3h Ac Ad Ah"
    for declare in itertools.product(DECLARATIONS, repeat=3):
        _assert_equals_twin("stud5hl", hands, dead, list(declare))


def test_declare_table_rows_equal_one_equity_per_row():
    hands = ["(As) 2d 3c 7h", "(Kd) Kh 9c 4s", "(5c) 6c 8c Tc"]
    # 20 unknown cards: the brute-force twin deals 6,840 ways for each of the 27 rows and
    # declarations (28 unknown took 19,656 ways each, a third of a minute more).
    dead = "Qs Qh Jd Jc Td 9s 9h 8s 8h 7s 7d 6h Ks Kc 5s 5d 4c 4d 3s 3d"
    table = declare_table("stud5hl", hands, dead, player=2, exact=True)
    assert table.samples == 20 * 19 * 18
    assert table.method == "exact" and len(table.rows) == 9
    for row in table.rows:
        for mine in DECLARATIONS:
            declare = [row.others[0], mine, row.others[1]]
            want = _twin("stud5hl", hands, dead, declare)[1][2]
            assert getattr(row, mine) == pytest.approx(float(want), abs=1e-12), (row, mine)
        values = {d: getattr(row, d) for d in DECLARATIONS}
        assert row.best == max(DECLARATIONS, key=lambda d: (values[d], -DECLARATIONS.index(d)))
    assert [r.others for r in table.rows] == list(itertools.product(DECLARATIONS, repeat=2))


def test_heads_up_declare_table_by_counting_equals_enumeration(monkeypatch):
    hands = ["(As) 2d 3c", "(Kd) Kh 9c"]
    dead = "Qs Qh Jd Jc Td 9s 9h 8s 8h 7s"

    def rows():
        table = declare_table("stud5hl", hands, dead, exact=True)
        return [(r.others, r.high, r.low, r.both, r.best) for r in table.rows]

    counted = rows()
    monkeypatch.setattr(sys.modules["studodds.equity"], "MAX_COUNTING_BYTES", 0)
    enumerated = rows()
    for (others, *figures), (_, *again) in zip(counted, enumerated, strict=True):
        assert figures[:3] == pytest.approx(again[:3], abs=1e-12), others
        assert figures[3] == again[3], others
    # Against "high", declaring low is a freeroll to half the pot at least.
    assert counted[0][0] == ("high",) and counted[0][2] >= 0.5


def test_a_tie_for_best_goes_to_the_first_of_high_low_both():
    # Against "low" with the wheel: low alone scoops, both scoops too: low comes first.
    table = declare_table("stud5hl", [WHEEL, FULL_HOUSE])
    row = {r.others: r for r in table.rows}[("low",)]
    assert row.low == row.both == 1.0 and row.best == "low"


# --------------------------------------------------------------------------- Monte Carlo


def test_monte_carlo_declarations_within_four_standard_errors():
    hands = ["(As) 2d 3c", "(Kd) Kh 9c", "(5c) 6c 8d"]
    declare = ["both", "high", "low"]
    # 16 dead cards: 26.6 million deals to count, where the whole deck took 549 million
    # (half a minute of the suite on a slow machine).
    dead = "Qs Qh Jc Td 9s 9h 8s 8h 7s 7d 6h 6s 5d 4d 4h 3d"
    exact = equity("stud5hl", hands, dead, declare=declare, exact=True)
    assert exact.samples == 26_640_900
    n = 200_000
    mc = equity("stud5hl", hands, dead, declare=declare, trials=n, seed=5)
    for got, want in zip(mc.players, exact.players, strict=True):
        se = max(got.equity_se, sqrt(want.equity * (1 - want.equity) / n))
        assert abs(got.equity - want.equity) <= 4 * se + 1e-12


def test_monte_carlo_declare_table_within_four_standard_errors():
    hands = ["(As 2d) 3c 7h 8d", "(Kd Kh) 9c 4s 5s", "(5c 6c) 8c Tc Jd"]
    dead = "Qs Qh Jc Td 9s 9h 8s 8h 7s 7d 6h 6s 5d 4d 4h 3d 3h Ac Ad Ah"
    exact = declare_table("stud7hl", hands, dead, exact=True)
    assert exact.method == "exact"
    n = 100_000
    mc = declare_table("stud7hl", hands, dead, trials=n, seed=11)
    assert mc.method == "monte-carlo" and mc.samples == n
    for got, want in zip(mc.rows, exact.rows, strict=True):
        assert got.others == want.others
        for d in DECLARATIONS:
            se = getattr(got, f"{d}_se")
            w = getattr(want, d)
            assert abs(getattr(got, d) - w) <= 4 * max(se, sqrt(w * (1 - w) / n)) + 1e-12


@pytest.mark.skipif(numba.config.NUMBA_NUM_THREADS < 2, reason="needs 2 numba threads")
def test_declare_table_same_seed_same_numbers_on_any_thread_count():
    hands = ["(As 2d) 3c", "(Kd Kh) 9c", "(5c 6c) 8d"]
    one = declare_table("stud7hl", hands, trials=50_000, seed=3, threads=1)
    two = declare_table("stud7hl", hands, trials=50_000, seed=3, threads=2)
    assert one.rows == two.rows


def test_precision_stops_when_every_row_is_precise_enough():
    table = declare_table("stud7hl", ["(As 2d) 3c", "(Kd Kh) 9c", "(5c 6c) 8d"],
                          precision=0.003, seed=1)
    worst = max(max(r.high_se, r.low_se, r.both_se) for r in table.rows)
    assert 0 < worst <= 0.003


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize("declare, message", [
    (["high"], "1 declaration for 2 players"),
    (["high", "low", "both"], "3 declarations for 2 players"),
    (["high", "up"], "'up' is not a declaration"),
    ("high;low", "'high;low' is not a declaration"),
    (5, "give one of high, low, both"),
])
def test_bad_declarations(declare, message):
    with pytest.raises(OptionError, match=message):
        equity("stud5hl", ["(As) 2d", "(Kd) Kh"], declare=declare)


@pytest.mark.parametrize("game", ["stud7", "stud7hl8", "razz", "stud5", "stud5low", "razz27"])
def test_a_declaration_in_a_game_without_one(game):
    hands = ["(As Ad) 2d", "(Kd Kc) Kh"] if game in ("stud7", "stud7hl8", "razz", "razz27") \
        else ["(As) 2d", "(Kd) Kh"]
    with pytest.raises(OptionError, match="is not played with a declaration"):
        equity(game, hands, declare=["high", "low"])


def test_declare_table_player_and_size_limits():
    with pytest.raises(OptionError, match="--player 3: no such player; the players are 1-2"):
        declare_table("stud5hl", ["(As) 2d", "(Kd) Kh"], player=3)
    nine = [f"(x) {r}{s}" for r, s in zip("23456789T", "cdhscdhsc", strict=True)]
    with pytest.raises(OptionError, match="at most 8 players"):
        declare_table("stud5hl", nine)


# --------------------------------------------------------------------------- the CLI


def run_cli(args, capsys):
    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_cli_declare_table(capsys):
    code, out, err = run_cli(["declare", "--exact", WHEEL, FULL_HOUSE], capsys)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("stud5hl on 5th street: exact, 1 deal")
    assert "player 1 (Ac) 2d 3c 4d 5h declares" in lines[1]
    assert lines[3].split() == ["player", "2", "declares", "if", "high", "if", "low", "if", "both", "best"]
    rows = [line.split() for line in lines[5:]]
    assert rows == [
        ["high", "0.00%", "50.00%", "0.00%", "low"],
        ["low", "50.00%", "100.00%", "100.00%", "low"],
        ["both", "0.00%", "100.00%", "50.00%", "low"],
    ]


def test_cli_declare_json_and_csv(capsys):
    code, out, _ = run_cli(["declare", "--format", "json", "--player", "2", WHEEL, FULL_HOUSE],
                           capsys)
    data = json.loads(out)
    assert code == 0
    assert data["game"] == "stud5hl" and data["player"] == 2 and data["method"] == "exact"
    assert data["deals"] == 1 and data["seed"] is None
    assert data["rows"][0] == {"others": ["high"], "high": 1.0, "low": 0.5, "both": 1.0,
                               "best": "high"}
    code, out, _ = run_cli(["declare", "-g", "stud7hl", "--trials", "1000", "--seed", "1",
                            "--format", "csv", "(As 2d) 3c", "(Kd Kh) 9c"], capsys)
    lines = out.splitlines()
    assert lines[0] == "player 2,high,low,both,best,high_se,low_se,both_se"
    assert len(lines) == 4


def test_cli_equity_declare(capsys):
    code, out, _ = run_cli(["equity", "-g", "stud5hl", "--declare", "both,high,low", WHEEL,
                            FULL_HOUSE, SEVENS, "--format", "json"], capsys)
    data = json.loads(out)
    assert code == 0
    assert data["declarations"] == ["both", "high", "low"]
    assert [p["equity"] for p in data["players"]] == [0.0, 0.5, 0.5]
    assert "high_win" not in data["players"][0]
    code, out, _ = run_cli(["equity", "-g", "stud5hl", "--declare", "both,high,low", WHEEL,
                            FULL_HOUSE, SEVENS], capsys)
    assert "declared: player 1 both, player 2 high, player 3 low" in out
    assert out.splitlines()[3].split()[:5] == ["player", "hand", "scoop", "share", "equity"]


@pytest.mark.parametrize("args, message", [
    (["equity", "-g", "stud7", "--declare", "high,low", "(As Ad) 2d", "(Kd Kc) Kh"],
     "Seven-card stud is not played with a declaration"),
    (["equity", "-g", "stud5hl", "--declare", "high", "(As) 2d", "(Kd) Kh"],
     "1 declaration for 2 players"),
    (["equity", "-g", "stud5hl", "--declare", "high,hi", "(As) 2d", "(Kd) Kh"],
     "'hi' is not a declaration"),
    (["declare", "-g", "razz", "(As Ad) 2d", "(Kd Kc) Kh"], "'razz' is not one of"),
    (["declare", "--player", "0", "(As) 2d", "(Kd) Kh"], "--player 0"),
])
def test_cli_declare_errors_are_one_line(args, message, capsys):
    code, out, err = run_cli(args, capsys)
    assert code == 2 and out == ""
    assert err.startswith("Error: ") and message in err and err.count("\n") == 1
