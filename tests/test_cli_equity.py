"""Tests for `studodds equity` on the command line: the JSON/CSV/table contract, known
answers, reproducibility, error handling, fuzzing.

Every case is cheap: the exact runs are on 6th/7th street (a few deals up to a few hundred
thousand), the Monte Carlo runs use a few hundred or thousand trials.
"""

import contextlib
import csv
import io
import itertools
import json
import math
import re
import subprocess
import sys
from pathlib import Path

import naive
import numba
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studodds.cli import main
from studodds.cli import odds as cli_module
from studodds.games import GAMES

VENV_BIN = Path(sys.executable).parent
STUDODDS = VENV_BIN / "studodds"

# 6th street, stud7: player 1 has a royal flush made; player 2 can at best make a lower
# straight flush (a royal needs T-J-Q-K-A of one suit: three unknown cards are too few).
ROYAL_6TH = ["(As Ks) Qs Js Ts 2c", "(x x) 3d 4h 5c 6d"]
# 7th street, every card known: one deal.
ROYAL_7TH = ["(As Ks) Qs Js Ts 2c (3d)", "(Ah Kh) Qh Jh 9h 2d (3c)"]
# stud7hl8, every card known: player 1 is locked high (aces full), player 2 locked low
# (7-5-4-3-2) with no high to speak of: each takes half.
SPLIT_7TH = ["(As Ad) Ah Kc Kd Ks (Qc)", "(2c 3d) 4h 5s 7c 9d (Jh)"]
# A 3rd-street spot for Monte Carlo runs (far too big to enumerate).
THIRD = ["(As Ks) Ah", "(x x) Qd", "Tc"]
# 8 players on 6th street holding 48 different cards: the 4 aces are the stub, so the
# river is one community card (docs/rules.md, card shortage). Players 1-4 hold K-Q-J-T of one
# suit: the ace of their suit makes them a royal flush, any other ace a broadway straight.
# Players 5-8 hold 4-9 rainbow (a nine-high straight at best, never a flush or a full
# house). So each ace gives one of players 1-4 the pot: 1/4 each, exactly 4 deals.
EIGHT_6TH = [
    "(Kc Qc) Jc Tc 2d 3d",
    "(Kd Qd) Jd Td 2h 3h",
    "(Kh Qh) Jh Th 2s 3s",
    "(Ks Qs) Js Ts 2c 3c",
    "(4c 5d) 6h 7s 8c 9d",
    "(4d 5h) 6s 7c 8d 9h",
    "(4h 5s) 6c 7d 8h 9s",
    "(4s 5c) 6d 7h 8s 9c",
]
SPLIT_GAMES = ("stud7hl8", "stud5hl")

# The contract, and the keys the implementation adds beyond it (documented here so that a
# new or missing key is noticed): "street" always, "equity_ci95" per player and "no_low_se"
# (split games) with Monte Carlo.
TOP_KEYS = {"game", "method", "seed", "community_card", "players", "street"}
PLAYER_KEYS = {"hand", "win", "tie", "equity"}
MC_PLAYER_KEYS = {"win_se", "tie_se", "equity_se", "equity_ci95"}
SPLIT_PLAYER_KEYS = {"high_win", "high_tie", "low_win", "low_tie", "scoop"}


def call_main(argv, capsys):
    """Run studodds.cli.main in-process: (exit code, stdout, stderr)."""
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def call_quietly(argv):
    """call_main without a fixture, for hypothesis."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def run_ok(argv, capsys) -> str:
    code, out, err = call_main(["equity", *argv], capsys)
    assert code == 0, err
    assert err == ""  # stdout only for results; nothing else on a good run
    assert out.endswith("\n")
    return out


def strict_json(text: str):
    """json.loads that refuses NaN and Infinity (not JSON, though Python writes them)."""

    def refuse(constant):
        raise ValueError(f"{constant} in JSON output")

    return json.loads(text, parse_constant=refuse)


def run_json(argv, capsys) -> dict:
    return strict_json(run_ok(["--format", "json", *argv], capsys))


def assert_one_error_line(err: str, out: str = "") -> str:
    assert "Traceback" not in err + out
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("Error: "), err
    assert err == lines[0] + "\n"
    return lines[0]


def fractions(data):
    """Every float in a JSON value (ints such as deals, trials and seed are not fractions)."""
    if isinstance(data, float):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from fractions(value)
    elif isinstance(data, list):
        for value in data:
            yield from fractions(value)


def check_result(data: dict, n_players: int) -> None:
    """Invariants of any JSON result."""
    assert len(data["players"]) == n_players
    for x in fractions(data):
        assert 0.0 <= x <= 1.0, data
    assert sum(p["equity"] for p in data["players"]) == pytest.approx(1.0, abs=1e-9)
    for p in data["players"]:
        assert p["win"] + p["tie"] <= 1.0 + 1e-12
        assert p["win"] <= p["equity"] + 1e-12
        assert p["equity"] <= p["win"] + p["tie"] + 1e-12
        if "equity_ci95" in p:
            low, high = p["equity_ci95"]
            assert low <= p["equity"] <= high
        if "distribution" in p:
            for by_category in p["distribution"].values():
                assert sum(by_category.values()) == pytest.approx(1.0, abs=1e-9)
    if data["method"] == "exact":
        assert type(data["deals"]) is int and data["deals"] >= 1
    else:
        assert type(data["trials"]) is int and data["trials"] >= 1
        assert type(data["seed"]) is int and data["seed"] >= 0


def expected_keys(*, exact: bool, split: bool, distribution: bool):
    top = TOP_KEYS | {"deals" if exact else "trials"}
    player = set(PLAYER_KEYS)
    if not exact:
        player |= MC_PLAYER_KEYS
    if split:
        top |= {"no_low"} | (set() if exact else {"no_low_se"})
        player |= SPLIT_PLAYER_KEYS
    if distribution:
        player |= {"distribution"}
    return top, player


# --- 1. the JSON contract -----------------------------------------------------------------

JSON_CASES = {
    # name: (game, hands, method options)
    "stud7 exact": ("stud7", ROYAL_6TH, ["--exact"]),
    "stud7 monte carlo": ("stud7", THIRD, ["--trials", "500", "--seed", "7"]),
    "stud7hl8 exact": ("stud7hl8", ROYAL_6TH, ["--exact"]),
    "stud7hl8 monte carlo": ("stud7hl8", THIRD, ["--trials", "500", "--seed", "7"]),
    "razz exact": ("razz", ROYAL_6TH, ["--exact"]),
    "stud5hl monte carlo": ("stud5hl", ["(x) Ah Kd", "(2c) 3c 4d", "Qs 9h"], ["--trials", "300"]),
    "stud5low6 exact": ("stud5low6", ["(As) 2d 3c 4h", "(x) Kd Qd Jd"], ["--exact"]),
}


@pytest.mark.parametrize("distribution", [False, True], ids=["plain", "distribution"])
@pytest.mark.parametrize("game, hands, method", list(JSON_CASES.values()), ids=list(JSON_CASES))
def test_json_contract(game, hands, method, distribution, capsys):
    argv = ["-g", game, *method, *(["--distribution"] if distribution else []), *hands]
    data = run_json(argv, capsys)
    exact = "--exact" in method
    top, player = expected_keys(exact=exact, split=game in SPLIT_GAMES, distribution=distribution)
    assert set(data) == top
    assert list(data)[:2] == ["game", "method"]
    assert data["game"] == game
    assert data["method"] == ("exact" if exact else "monte-carlo")
    assert data["community_card"] is False
    assert [p["hand"] for p in data["players"]] == hands
    for p in data["players"]:
        assert set(p) == player
    if exact:
        assert data["seed"] is None
    else:
        assert data["trials"] == int(method[method.index("--trials") + 1])
        if "--seed" in method:
            assert data["seed"] == int(method[method.index("--seed") + 1])
    if distribution:
        kinds = {p_kinds for p in data["players"] for p_kinds in p["distribution"]}
        assert kinds == set(GAMES[game].kinds)
    check_result(data, len(hands))


def test_json_split_game_fields(capsys):
    data = run_json(["-g", "stud7hl8", "--trials", "2000", "--seed", "3", *THIRD], capsys)
    check_result(data, 3)
    players = data["players"]
    # Someone wins the high half of every deal; the low half when there is a low.
    assert sum(p["high_win"] for p in players) <= 1.0 + 1e-12
    assert sum(p["low_win"] for p in players) <= 1.0 - data["no_low"] + 1e-12
    for p in players:
        assert p["scoop"] == p["win"]
        assert p["scoop"] <= min(p["high_win"], p["low_win"] + data["no_low"]) + 1e-12


def test_json_default_method_is_exact_when_cheap(capsys):
    data = run_json(ROYAL_7TH, capsys)
    assert data["game"] == "stud7"  # -g stud7 is the default
    assert (data["method"], data["deals"], data["seed"]) == ("exact", 1, None)


def test_json_game_is_case_insensitive(capsys):
    assert run_json(["-g", "STUD7", *ROYAL_7TH], capsys)["game"] == "stud7"


@pytest.mark.parametrize("trials", [1, 2, 63, 65])
def test_json_few_trials(trials, capsys):
    # Fewer trials than the 64 sampling chunks, and a single trial: no NaN, no division by 0.
    data = run_json(["-g", "stud7hl8", "--trials", str(trials), "--seed", "3", *THIRD], capsys)
    assert data["trials"] == trials
    check_result(data, 3)


def test_monte_carlo_agrees_with_exact(capsys):
    hands = ["(Ah Kh) Qh Jh 2c 3d", "(x x) 9s 9d 5c 5d"]  # flush draw against two pair
    exact = run_json(["--exact", *hands], capsys)
    assert exact["deals"] == math.comb(42, 4) * 4
    mc = run_json(["--trials", "20000", "--seed", "2024", *hands], capsys)
    for e, m in zip(exact["players"], mc["players"]):
        assert 0.05 < e["equity"] < 0.95
        assert abs(m["equity"] - e["equity"]) < 4.5 * m["equity_se"]
        assert abs(m["win"] - e["win"]) < 4.5 * m["win_se"]


def test_contract_example_default_precision(capsys):
    # The call other tools make: too big to enumerate, so sampled to a standard error of
    # 0.0005 (the default), with a fresh seed that the output reports.
    data = run_json(["(As Ks) Ah", "(x x) Qd", "--dead", "7h 2c"], capsys)
    assert (data["game"], data["method"], data["street"]) == ("stud7", "monte-carlo", "3rd street")
    assert type(data["seed"]) is int
    assert all(p["equity_se"] <= 0.0005 for p in data["players"])
    assert [p["hand"] for p in data["players"]] == ["(As Ks) Ah", "(x x) Qd"]
    check_result(data, 2)
    assert data["players"][0]["equity"] > 0.6


def test_help(capsys):
    code, out, err = call_main(["equity", "--help"], capsys)
    assert (code, err) == (0, "")
    assert out.startswith("Usage: studodds equity [OPTIONS] HANDS...")
    for word in [*GAMES, "--dead", "--exact", "--trials", "--precision", "--seed", "--threads",
                 "--distribution", "--format", "[default: stud7]", "[default: table]"]:
        assert word in " ".join(out.split())  # help text wraps with the terminal width


def test_json_precision_run(capsys):
    data = run_json(["--precision", "0.01", "--seed", "1", *ROYAL_6TH], capsys)
    assert data["method"] == "monte-carlo"
    assert type(data["trials"]) is int
    assert all(p["equity_se"] <= 0.01 for p in data["players"])
    check_result(data, 2)


# --- 2. known answers -----------------------------------------------------------------------


@pytest.mark.parametrize("hands", [ROYAL_7TH, ROYAL_6TH], ids=["7th street", "6th street"])
def test_royal_flush_made_wins_everything(hands, capsys):
    data = run_json(["--exact", *hands], capsys)
    assert data["method"] == "exact"
    one, two = data["players"]
    assert (one["win"], one["tie"], one["equity"]) == (1.0, 0.0, 1.0)
    assert (two["win"], two["tie"], two["equity"]) == (0.0, 0.0, 0.0)
    # 6th street: 42 unseen cards; player 1 draws a river, player 2 two holes and a river.
    assert data["deals"] == (1 if hands is ROYAL_7TH else math.comb(42, 4) * 4)


def test_razz_board_decides(capsys):
    # Player 1 has the wheel on 6th street; player 2 shows K-K-Q-Q, so even with three
    # perfect cards the best is a K-Q low: the board decides.
    data = run_json(["-g", "razz", "--exact", "(As 2d) 3c 4h 5s 9c", "(x x) Kc Kd Qh Qs"], capsys)
    assert [p["equity"] for p in data["players"]] == [1.0, 0.0]
    assert [p["tie"] for p in data["players"]] == [0.0, 0.0]
    data = run_json(["-g", "razz", "(As 2d) 3c 4h 5s 9c (Kd)", "(Kc Ks) Kh Qc Qd Qs (Jd)"], capsys)
    assert (data["method"], data["deals"]) == ("exact", 1)
    assert [p["equity"] for p in data["players"]] == [1.0, 0.0]


def test_stud7hl8_guaranteed_split(capsys):
    data = run_json(["-g", "stud7hl8", "--exact", *SPLIT_7TH], capsys)
    assert (data["method"], data["deals"], data["no_low"]) == ("exact", 1, 0.0)
    high, low = data["players"]
    assert (high["equity"], low["equity"]) == (0.5, 0.5)
    assert (high["scoop"], low["scoop"]) == (0.0, 0.0)
    assert (high["high_win"], high["low_win"]) == (1.0, 0.0)
    assert (low["high_win"], low["low_win"]) == (0.0, 1.0)
    assert high["high_tie"] == high["low_tie"] == low["high_tie"] == low["low_tie"] == 0.0


FIVE_CARD_ANSWERS = {
    # The wheel A-2-3-4-5 against K-Q-J-9-8: a straight for high, the best ace-to-five low,
    # but a straight (bad) in ace-to-six, where K-Q-J-9-8 no pair wins.
    "stud5": [1.0, 0.0],
    "stud5low": [1.0, 0.0],
    "stud5low6": [0.0, 1.0],
    "stud5hl": [1.0, 0.0],  # both halves: a scoop
}


@pytest.mark.parametrize("game", list(FIVE_CARD_ANSWERS))
def test_five_card_known_answers(game, capsys):
    data = run_json(["-g", game, "(As) 2d 3c 4h 5s", "(Kc) Qd Jh 9s 8c"], capsys)
    assert (data["method"], data["deals"]) == ("exact", 1)
    assert [p["equity"] for p in data["players"]] == FIVE_CARD_ANSWERS[game]
    if game == "stud5hl":
        assert [p["scoop"] for p in data["players"]] == [1.0, 0.0]
        assert "no_low" in data  # no qualifier in stud5hl: there is always a low
        assert data["no_low"] == 0.0


@pytest.mark.parametrize("game", ["stud7", "razz", "stud7hl8"])
def test_eight_players_community_card_exact(game, capsys):
    data = run_json(["-g", game, "--exact", *EIGHT_6TH], capsys)
    assert data["community_card"] is True
    assert (data["method"], data["deals"]) == ("exact", 4)
    check_result(data, 8)
    if game == "stud7":
        assert [p["equity"] for p in data["players"]] == [0.25] * 4 + [0.0] * 4
        assert [p["win"] for p in data["players"]] == [0.25] * 4 + [0.0] * 4


def brute_force_equity(game: str, hands: list[str]) -> list[tuple[float, float, float]]:
    """(win, tie, equity) per player by enumerating the community card (and player 8's
    unknown hole cards) with the slow twin evaluator in tests/naive.py.

    Only for EIGHT_6TH-like tables: 8 players on 6th street, the river a community card.
    Win: the whole pot alone (a scoop in a split game); tie: part of the pot.
    """
    kinds = GAMES[game].kinds
    known = [naive.parse_cards(h.replace("(", "").replace(")", "").replace("x", "")) for h in hands]
    unknown = [h.count("x") for h in hands]
    assert unknown[:-1] == [0] * 7 and sum(len(k) for k in known) + unknown[-1] == 48
    pool = [c for c in range(52) if not any(c in k for k in known)]
    tallies = [[0.0, 0.0, 0.0] for _ in hands]
    deals = 0
    for holes in itertools.combinations(pool, unknown[-1]):
        for community in (c for c in pool if c not in holes):
            deals += 1
            cards = [k + (community,) for k in known]
            cards[-1] += holes
            shares = [0.0] * len(hands)
            halves = [evaluate_all(cards, kind) for kind in kinds]
            if len(kinds) == 2 and max(halves[1]) == naive.NO_LOW:
                halves = halves[:1]  # no qualifying low: high takes the whole pot
            for values in halves:
                winners = [p for p, v in enumerate(values) if v == max(values)]
                for p in winners:
                    shares[p] += 1.0 / len(halves) / len(winners)
            for p, share in enumerate(shares):
                tallies[p][0] += share == 1.0
                tallies[p][1] += 0.0 < share < 1.0
                tallies[p][2] += share
    return [tuple(x / deals for x in t) for t in tallies]


def evaluate_all(cards, kind):
    return [naive.evaluate(c, kind) for c in cards]


@pytest.mark.parametrize("game", ["stud7", "razz", "stud7hl8"])
def test_community_card_against_brute_force(game, capsys):
    hands = [*EIGHT_6TH[:7], "(x x) 6d 7h 8s 9c"]  # 6 unseen cards: 15 hole pairs x 4
    data = run_json(["-g", game, "--exact", *hands], capsys)
    assert (data["community_card"], data["deals"]) == (True, 60)
    expected = brute_force_equity(game, hands)
    got = [(p["win"], p["tie"], p["equity"]) for p in data["players"]]
    assert got == [pytest.approx(e, abs=1e-12) for e in expected]
    assert len({e[2] for e in expected}) > 2  # a table where the river matters
    # Monte Carlo deals the community card too, and agrees.
    mc = run_json(["-g", game, "--trials", "20000", "--seed", "8", *hands], capsys)
    assert mc["community_card"] is True
    for p, (win, _, equity) in zip(mc["players"], expected):
        assert abs(p["equity"] - equity) <= 4.5 * p["equity_se"] + 1e-12
        assert abs(p["win"] - win) <= 4.5 * p["win_se"] + 1e-12


def test_seven_players_on_sixth_street_no_community_card(capsys):
    data = run_json(["--trials", "200", "--seed", "1", *EIGHT_6TH[:7]], capsys)
    assert data["community_card"] is False


# --- 3. table -------------------------------------------------------------------------------


def table_lines(argv, capsys):
    return run_ok(argv, capsys).rstrip("\n").split("\n")


def split_row(line: str) -> list[str]:
    """Columns are two or more spaces apart; no cell holds two spaces in a row."""
    return re.split(r"\s{2,}", line.strip())


def test_table_exact_eight_players_community_note(capsys):
    lines = table_lines(EIGHT_6TH, capsys)  # the default method: exact (4 deals)
    assert re.fullmatch(
        r"stud7 on 6th street: exact, 4 deals \(\d+\.\d\d s\)", lines[0]
    ), lines[0]
    assert lines[1] == ""
    assert split_row(lines[2]) == ["player", "hand", "win", "tie", "equity"]
    assert "± 95%" not in "\n".join(lines)
    assert set(lines[3]) == {"-", " "}
    rows = [split_row(line) for line in lines[4:12]]
    expected = [str(i) for i in range(1, 9)]
    assert [r[0] for r in rows] == expected
    assert [r[1] for r in rows] == EIGHT_6TH
    assert [r[2:] for r in rows] == [["25.00%", "0.00%", "25.00%"]] * 4 + [
        ["0.00%", "0.00%", "0.00%"]
    ] * 4
    assert lines[12:] == [
        "",
        ("card shortage: with everyone staying in, the river will be one community card "
         "shared by every player"),
    ]


def test_table_monte_carlo_has_error_column(capsys):
    argv = ["--trials", "1000", "--seed", "11", *THIRD]
    data = run_json(argv, capsys)
    lines = table_lines(argv, capsys)
    assert re.fullmatch(
        r"stud7 on 3rd street: Monte Carlo, 1,000 trials, seed 11 \(\d+\.\d\d s\)", lines[0]
    ), lines[0]
    assert split_row(lines[2]) == ["player", "hand", "win", "tie", "equity", "± 95%"]
    rows = [split_row(line) for line in lines[4:]]
    assert len(rows) == 3
    for row, p in zip(rows, data["players"]):
        assert row[1] == p["hand"]
        assert all(cell.endswith("%") for cell in row[2:])
        assert row[2:] == [
            f"{100 * p['win']:.2f}%",
            f"{100 * p['tie']:.2f}%",
            f"{100 * p['equity']:.2f}%",
            f"{100 * (1.96 * p['equity_se']):.2f}%",
        ]
    assert "card shortage" not in "\n".join(lines)


def test_table_split_game_columns_and_no_low(capsys):
    lines = table_lines(["-g", "stud7hl8", *SPLIT_7TH], capsys)
    assert lines[0].startswith("stud7hl8 on 7th street: exact, 1 deal (")
    # As stud-8 players talk: equity, scoop, then each half won alone or split; no "win"
    # repeating the scoop and no "tie" for a half pot.
    assert split_row(lines[2]) == [
        "player", "hand", "equity", "scoop",
        "high win", "high split", "low win", "low split",
    ]
    data = run_json(["-g", "stud7hl8", *SPLIT_7TH], capsys)
    for line, p in zip(lines[4:6], data["players"], strict=True):
        assert split_row(line)[2:] == [
            f"{100 * p[key]:.2f}%"
            for key in ("equity", "scoop", "high_win", "high_tie", "low_win", "low_tie")
        ]
    assert split_row(lines[4])[2] == "50.00%"
    assert split_row(lines[5])[2] == "50.00%"
    assert lines[6:] == ["", "no low (high takes the whole pot): 0.00%"]


def test_table_split_game_sampled_puts_the_error_bar_after_equity(capsys):
    argv = ["-g", "stud7hl8", "--trials", "2000", "--seed", "3",
            "(As 2s) 3h 4h 9c", "(x x) Qc Kd 3d"]
    lines = table_lines(argv, capsys)
    assert split_row(lines[2]) == [
        "player", "hand", "equity", "± 95%", "scoop",
        "high win", "high split", "low win", "low split",
    ]
    data = run_json(argv, capsys)
    for line, p in zip(lines[4:6], data["players"], strict=True):
        row = split_row(line)
        assert row[3] == f"{100 * 1.96 * p['equity_se']:.2f}%"
        assert row[2:3] + row[4:] == [
            f"{100 * p[key]:.2f}%"
            for key in ("equity", "scoop", "high_win", "high_tie", "low_win", "low_tie")
        ]
        assert p["scoop"] == p["win"]
    assert any(p["high_tie"] != p["low_tie"] for p in data["players"])  # tells them apart


def test_table_distribution_only_when_asked(capsys):
    plain = "\n".join(table_lines(["--trials", "300", "--seed", "2", *THIRD], capsys))
    assert "exactly (or better)" not in plain
    lines = table_lines(["--trials", "300", "--seed", "2", "--distribution", *THIRD], capsys)
    headers = [split_row(line) for line in lines if line.startswith("high hand")]
    assert headers == [["high hand, exactly (or better)", "player 1", "player 2", "player 3"]]


# --- 4. CSV ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "game, method",
    [("stud7", ["--exact"]), ("stud7", ["--trials", "400", "--seed", "5"]),
     ("stud7hl8", ["--exact"]), ("stud7hl8", ["--trials", "400", "--seed", "5"])],
    ids=["stud7 exact", "stud7 mc", "stud7hl8 exact", "stud7hl8 mc"],
)
def test_csv(game, method, capsys):
    argv = ["-g", game, *method, *ROYAL_6TH]
    data = run_json(argv, capsys)
    rows = list(csv.reader(io.StringIO(run_ok(["--format", "csv", *argv], capsys))))
    header = ["player", "hand", "win", "tie", "equity"]
    if game in SPLIT_GAMES:
        header += ["high_win", "high_tie", "low_win", "low_tie", "scoop"]
    if "--trials" in method:
        header += ["win_se", "tie_se", "equity_se"]
    assert rows[0] == header
    assert len(rows) == 1 + len(ROYAL_6TH)
    for i, (row, p) in enumerate(zip(rows[1:], data["players"]), start=1):
        assert row[:2] == [str(i), p["hand"]]
        assert [float(x) for x in row[2:]] == [p[key] for key in header[2:]]


# --- 5. reproducibility -----------------------------------------------------------------------

SEEDED = ["-g", "stud7hl8", "--trials", "3000", "--seed", "12345", "--format", "json", *THIRD]


def test_same_seed_same_bytes(capsys):
    first = run_ok(SEEDED, capsys)
    assert run_ok(SEEDED, capsys) == first
    data = json.loads(first)
    assert not {"elapsed", "time", "seconds"} & set(data)
    assert "elapsed" not in first and " s)" not in first


TWO_THREADS = pytest.mark.skipif(
    numba.config.NUMBA_NUM_THREADS < 2, reason="numba has a single thread here"
)


@TWO_THREADS
def test_same_seed_any_thread_count(capsys):
    one = run_ok([*SEEDED, "--threads", "1"], capsys)
    two = run_ok([*SEEDED, "--threads", "2"], capsys)
    default = run_ok(SEEDED, capsys)
    assert one == two == default


def test_different_seed_different_numbers(capsys):
    a = run_json(["--trials", "3000", "--seed", "1", *THIRD], capsys)
    b = run_json(["--trials", "3000", "--seed", "2", *THIRD], capsys)
    assert a["players"] != b["players"]


def test_printed_seed_reproduces_an_unseeded_run(capsys):
    first = run_json(["--trials", "1000", *THIRD], capsys)
    again = run_json(["--trials", "1000", "--seed", str(first["seed"]), *THIRD], capsys)
    assert again == first


@TWO_THREADS
def test_table_differs_only_in_timing(capsys):
    argv = ["--trials", "1000", "--seed", "9", *THIRD]
    a = run_ok(["--threads", "1", *argv], capsys)
    b = run_ok(["--threads", "2", *argv], capsys)
    timing = re.compile(r"\(\d+\.\d\d s\)")
    assert len(timing.findall(a)) == 1
    assert timing.sub("(t)", a) == timing.sub("(t)", b)


def test_progress_goes_to_stderr_only(capsys, monkeypatch):
    quiet = run_ok(["--format", "json", "--trials", "500", "--seed", "4", *THIRD], capsys)

    class EagerProgress(cli_module.Progress):
        """Shown at once, as if stderr were a terminal and a second had passed."""

        def __init__(self, enabled):
            super().__init__(True)
            self.start = -1e9

    monkeypatch.setattr(cli_module, "Progress", EagerProgress)
    code, out, err = call_main(
        ["equity", "--format", "json", "--trials", "500", "--seed", "4", *THIRD], capsys
    )
    assert code == 0
    assert out == quiet
    assert err.startswith("\r[") and "%" in err
    assert err.endswith("\r")  # the bar is wiped


# --- 6. errors ----------------------------------------------------------------------------------

HANDS = ["(As Ks) Ah Kh Qh Jh", "(x x) Qd Qc 2d 3d"]
RANKS = "23456789TJQKA"
ERRORS = {
    "unknown game": (["-g", "holdem", *HANDS], ["'holdem'"]),
    "empty game": (["-g", "", *HANDS], ["''"]),
    "bad card": (["(As Kx) Ah", "(x x) Qd"], ["'Kx'"]),
    "bad card, rank 1": (["(As Ks) Ah", "(x x) 1d"], ["'1d'"]),
    "x as an up card": (["(As Ks) Ah x", "(x x) Qd Qc"], []),
    "duplicate card in a hand": (["(As As) Ah", "(x x) Qd"], ["'As'", "twice"]),
    "duplicate card across hands": (["(As Ks) Ah", "(x x) As"], ["'As'", "twice"]),
    "duplicate card in --dead": (["--dead", "7h 7h", "(As Ks) Ah", "(x x) Qd"], ["'7h'", "twice"]),
    "duplicate card hand and --dead": (["--dead", "2c Ah", "(As Ks) Ah", "(x x) Qd"], ["'Ah'", "twice"]),
    "bad card in --dead": (["--dead", "7z", "(As Ks) Ah", "(x x) Qd"], ["'7z'"]),
    "parentheses in --dead": (["--dead", "(7h)", "(As Ks) Ah", "(x x) Qd"], ["--dead"]),
    "too many up cards": (["(As Ks) Ah Kh Qh Jh Th", "(x x) Qd Qc 2d 3d 4d"], []),
    "too many hole cards": (["(As Ks Qs) Ah", "(x x) Qd"], []),
    "too many up cards, stud5": (["-g", "stud5", "(As) Ah Kh Qh Jh Th", "(x) 2c 3c 4c 5c 6c"], []),
    "two hole cards in stud5": (["-g", "stud5", "(As Ks) Ah", "(x) Qd"], []),
    "river in stud5": (["-g", "stud5low", "(As) 2h 3h 4h 5h (6h)", "(x) 2c 3c 4c 5c"], []),
    "river too early": (["(As Ks) Ah (Qd)", "(x x) Qc"], []),
    "one player": (["(As Ks) Ah"], ["at least 2"]),
    "nine players, stud7": ([f"{r}c" for r in RANKS[:9]], ["8"]),
    "nine players, razz": (["-g", "razz", *[f"{r}d" for r in RANKS[:9]]], ["8"]),
    "eleven players, stud5": (["-g", "stud5", *[f"{r}h" for r in RANKS[:11]]], ["10"]),
    "eleven players, stud5hl": (["-g", "stud5hl", *[f"{r}s" for r in RANKS[:11]]], ["10"]),
    "different streets": (["(As Ks) Ah", "(x x) Qd Qc"], ["different streets"]),
    "different streets, stud5": (["-g", "stud5", "(As) Ah", "(x) Qd Qc"], ["different streets"]),
    "empty hand": (["", "(x x) Qd"], []),
    "deck short: the table": (["--dead", "Ac Ad Ah As x", *EIGHT_6TH], ["deck"]),
    "deck short: next streets": (
        ["--dead", "x x x x x", *[f"(x x) {r}c" for r in RANKS[:8]]], ["deck"]
    ),
    # Seen dead cards: unseen ones would be mixed back in for a community card.
    "deck short: the river": (
        ["--dead", " ".join(f"{r}{s}" for r in RANKS[:10] for s in "cdhs"), "(As Ks) Ah",
         "(x x) Qd"], ["deck", "not even one community card"]
    ),
    "deck short: stud5 has no community card": (
        ["-g", "stud5", "--dead", "x x x", *[f"(x) {r}c {r}d {r}h" for r in RANKS[:10]]], ["deck"]
    ),
    "exact too big": (["--exact", "(As Ks) Ah", "(x x) Qd", "(x x) Tc"], []),
    "--exact with --trials": (["--exact", "--trials", "10", *HANDS], ["exact", "trials"]),
    "--exact with --precision": (["--exact", "--precision", "0.01", *HANDS], ["exact", "precision"]),
    "--trials with --precision": (["--trials", "10", "--precision", "0.01", *HANDS], ["trials", "precision"]),
    "zero trials": (["--trials", "0", *HANDS], ["trials"]),
    "negative trials": (["--trials", "-5", *HANDS], ["trials"]),
    "too many trials": (["--trials", "99999999999", *HANDS], ["trials"]),
    "trials not a number": (["--trials", "abc", *HANDS], ["--trials"]),
    "trials a float": (["--trials", "1.5", *HANDS], ["--trials"]),
    "zero precision": (["--precision", "0", *HANDS], ["precision"]),
    "negative precision": (["--precision", "-0.01", *HANDS], ["precision"]),
    "precision 0.5": (["--precision", "0.5", *HANDS], ["precision"]),
    "precision nan": (["--precision", "nan", *HANDS], ["precision"]),
    "precision inf": (["--precision", "inf", *HANDS], ["precision"]),
    "precision not a number": (["--precision", "abc", *HANDS], ["--precision"]),
    "zero threads": (["--threads", "0", *HANDS], ["threads"]),
    "negative threads": (["--threads", "-1", *HANDS], ["threads"]),
    "too many threads": (["--threads", "100000", *HANDS], ["threads"]),
    "threads not a number": (["--threads", "two", *HANDS], ["--threads"]),
    "negative seed": (["--seed", "-1", *HANDS], ["--seed"]),
    "seed not a number": (["--seed", "x", *HANDS], ["--seed"]),
    "unknown format": (["--format", "xml", *HANDS], ["'xml'"]),
    "unknown option": (["--colour", *HANDS], ["--colour"]),
    "missing option value": ([*HANDS, "--trials"], ["--trials"]),
    "no hands": ([], ["Missing argument"]),
    # --exact beyond what it can list or visit: refused, saying how many deals, in words
    "exact, 3-way 3rd street": (["--exact", "(As Ks) Ah", "(x x) Qd", "(x x) 7c"], [
        ("exact enumeration is refused: 2.53 quintillion deals (the limit is 3 billion), and "
         "more than 400,000 ways to share out each set of unseen cards among the players "
         "with cards to come"), "--trials", "--precision"]),
    "exact, 3-way 4th street": (["--exact", "(As Ks) Ah 2c", "(x x) Qd 3d", "(x x) 7c 8c"], [
        ("exact enumeration would visit 3.74 quadrillion deals (the limit is 3 billion, a "
         "minute or two)"), "--trials"]),
}


@pytest.mark.parametrize("argv, fragments", list(ERRORS.values()), ids=list(ERRORS))
def test_errors(argv, fragments, capsys):
    code, out, err = call_main(["equity", *argv], capsys)
    assert code == 2, (out, err)
    line = assert_one_error_line(err, out)
    for fragment in fragments:
        assert fragment in line


def test_valid_player_count_bounds(capsys):
    # The largest tables are allowed: 8 in seven-card games, 10 in five-card games.
    data = run_json(["--trials", "200", "--seed", "1", *EIGHT_6TH], capsys)
    assert len(data["players"]) == 8
    ten = [f"(x) {r}c {r}d" for r in RANKS[:10]]
    data = run_json(["-g", "stud5low", "--trials", "200", "--seed", "1", *ten], capsys)
    check_result(data, 10)


# The real console script, as other tools call it: one error, one good run (in parallel).
SUBPROCESSES = {
    "error": [str(STUDODDS), "equity", "--exact", "--trials", "5", *ROYAL_7TH],
    "good": [str(STUDODDS), "equity", "--format", "json", "--dead", "7h 8c", *ROYAL_6TH],
}


@pytest.fixture(scope="module")
def ran():
    pipe = subprocess.PIPE
    procs = {name: subprocess.Popen(cmd, stdout=pipe, stderr=pipe) for name, cmd in SUBPROCESSES.items()}
    results = {}
    for name, proc in procs.items():
        out, err = proc.communicate(timeout=120)
        results[name] = (proc.returncode, out.decode(), err.decode())
    return results


def test_console_script_error(ran):
    code, out, err = ran["error"]
    assert code == 2
    assert assert_one_error_line(err, out) == (
        "Error: choose one method: exact, or trials / precision for sampling"
    )


def test_console_script_json(ran):
    code, out, err = ran["good"]
    assert code == 0
    assert err == ""  # stderr is not a terminal: no progress bar
    data = strict_json(out)
    assert data["method"] == "exact"
    assert data["deals"] == math.comb(40, 4) * 4  # 42 unseen cards less 2 dead
    assert [p["equity"] for p in data["players"]] == [1.0, 0.0]


# --- 7. fuzzing -----------------------------------------------------------------------------

CARDISH = "AKQJT98765432cdhsx?() ,♠♥10|-"
CARDS = [r + s for r in RANKS for s in "cdhs"]
card_token = st.sampled_from(CARDS + ["x", "(", ")", "(x x)", "(x)", "10h", "?"])
cardish = st.lists(card_token, max_size=8).map(" ".join)
hand_text = st.text(max_size=20) | st.text(alphabet=CARDISH, max_size=25) | cardish
game_value = st.sampled_from([*GAMES, "STUD7", " razz ", "holdem", ""]) | st.text(max_size=8)
dead_value = cardish | st.text(alphabet=CARDISH, max_size=15) | st.text(max_size=6)
# Valid values stay small so that a valid run is quick: trials at most 3 digits, precision
# coarse (a run stops after its first round), threads 1 or 2 or invalid.
small_text = st.text(max_size=3)
trials_value = st.integers(-3, 400).map(str) | small_text
precision_value = st.sampled_from(["0.05", "0.4", "0", "-1", "0.5", "1", "nan", "inf", "x"]) | st.text(
    alphabet="-.e", max_size=3
)
seed_value = st.integers(-3, 2**64).map(str) | small_text
threads_value = st.sampled_from(["1", "2", "0", "-1", "100000", "1.0"]) | small_text
format_value = st.sampled_from(["table", "json", "csv", "xml", ""])

FUZZ = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None,
)


def check_outcome(code, out, err, argv):
    assert code in (0, 2), (code, argv, out, err)
    assert "Traceback" not in out + err
    if code == 2:
        assert_one_error_line(err, out)
    else:
        # Nothing on stderr but, for hands all written without parentheses, one line on
        # how they were read (test_bare_hands.py).
        assert err == "" or (err.startswith("studodds: read each hand as up cards only")
                             and err.count("\n") == 1), (argv, err)
        assert out.strip()


@st.composite
def stud_table(draw):
    """(game, hands, dead) shaped like a real table, so that many runs are valid: one
    street for all, cards from one shuffled deck, some written x or left out (up cards
    only), and now and then a card repeated or a player too many."""
    game = draw(st.sampled_from(list(GAMES)))
    g = GAMES[game]
    deck = list(draw(st.permutations(CARDS)))
    n = draw(st.integers(1, g.max_players + 1))
    held = draw(st.integers(g.hole_cards + 1, g.hand_size))
    hands = []
    for _ in range(n):
        cards, deck = deck[:held], deck[held:]
        if len(cards) < held or draw(st.integers(0, 30)) == 0:
            cards = [draw(st.sampled_from(CARDS)) for _ in range(held)]  # repeats likely
        hole = ["x" if draw(st.booleans()) else c for c in cards[: g.hole_cards]]
        up = cards[g.hole_cards : g.hole_cards + g.hand_size - g.hole_cards - 1 * (g.hand_size == 7)]
        river = cards[g.hole_cards + len(up) :]
        if draw(st.integers(0, 3)) == 0 and not river:
            hands.append(" ".join(up))
        else:
            text = f"({' '.join(hole)}) {' '.join(up)}"
            if river:
                text += f" ({'x' if draw(st.booleans()) else river[0]})"
            hands.append(text)
    dead = deck[: draw(st.integers(0, 4))] + ["x"] * draw(st.integers(0, 3))
    return game, hands, " ".join(dead)


random_case = st.tuples(game_value, st.lists(hand_text, min_size=1, max_size=10), dead_value)


@FUZZ
@given(
    case=random_case | stud_table(),
    fmt=st.sampled_from(["json", "table", "csv"]),
    distribution=st.booleans(),
    separator=st.booleans(),
)
def test_fuzz_hands(case, fmt, distribution, separator):
    game, hands, dead = case
    argv = ["equity", "-g", game, "--dead", dead, "--trials", "200", "--format", fmt]
    argv += ["--distribution"] * distribution + ["--"] * separator + hands
    code, out, err = call_quietly(argv)
    check_outcome(code, out, err, argv)
    # Without "--", a hand written like an option is one: hypothesis draws strings such as
    # "-h", "--format" or "--pot" from the code's constants, which print help, another
    # format, or pot odds (amounts in chips, not fractions). Such output is still checked
    # for NaN and Infinity when it is JSON, but not held to the plain equity contract.
    options_in_hands = not separator and any(h.startswith("-") and h != "-" for h in hands)
    if code == 0 and fmt == "json" and not options_in_hands:
        check_result(strict_json(out), len(hands))
    elif code == 0 and out.startswith("{"):
        strict_json(out)


@FUZZ
@given(
    options=st.lists(
        st.sampled_from(["--trials", "--precision", "--seed", "--threads", "--exact", "--format"]),
        max_size=4,
    ),
    data=st.data(),
    game=st.sampled_from(list(GAMES)),
    dead=st.sampled_from(["", "x", "Ac", "Ac x x", "As", "7z"]),
)
def test_fuzz_options(options, data, game, dead):
    # Nearly complete hands, so --exact is quick too (31,980 and 1,722 deals).
    hands = (
        ["(x Kc) Kd Qd Jd 2c (3c)", "(x x) Th 9h 8h 7h (Ad)"] if GAMES[game].hand_size == 7
        else ["(x) Kd Qd Jd 2c", "(x) Th 9h 8h 7h"]
    )
    values = {
        "--trials": trials_value, "--precision": precision_value, "--seed": seed_value,
        "--threads": threads_value, "--format": format_value,
    }
    argv = ["equity", "-g", game, "--dead", dead]
    for option in options:
        argv.append(option)
        if option in values:
            argv.append(data.draw(values[option], label=option))
    if not {"--trials", "--precision", "--exact"} & set(options):
        argv += ["--trials", "200"]
    argv += hands
    code, out, err = call_quietly(argv)
    check_outcome(code, out, err, argv)
    if code == 0 and out.lstrip().startswith("{"):
        check_result(strict_json(out), 2)
