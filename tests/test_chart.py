"""Starting-hand charts: spots, weights (against brute force over all 22,100 hands), the
table, the symmetry checks, and the CSV / JSON / PNG writers."""

import csv
import json
import re
import sys
from itertools import combinations

import pytest

import studodds.chart
from studodds.batch import seed_from_id
from studodds.chart import (
    DEFAULT_RANDOM_PRECISION,
    ChartError,
    batch_runner,
    chart_spots,
    chart_table,
    make_chart,
    matchup_groups,
    write_csv,
    write_json,
    write_png,
)
from studodds.games import GAMES
from studodds.starting.classes import (
    class_by_label,
    class_of,
    classes,
    hands_of,
    scheme_of,
    select,
)

SEED_OF_AAA = 6_320_673_101_642_061_687  # written down once: a change here changes charts

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
BATCH_KEYS = {"id", "game", "hands", "dead", "seed"}
ALL_HANDS = list(combinations(range(52), 3))
MATCHUP_3 = ["(A A) K", "(K K) K", "(7 6) 5 765s"]


def read_csv(path):
    return list(csv.DictReader(path.read_text(encoding="utf-8").splitlines()))


def test_vs_random_spots_one_per_class_in_the_batch_format():
    spots = chart_spots("stud7")
    assert len(spots) == 1_755
    assert len({s["id"] for s in spots}) == 1_755
    assert len({s["seed"] for s in spots}) == 1_755
    for spot, c in zip(spots, classes(), strict=True):
        assert set(spot) == BATCH_KEYS | {"precision"}
        assert spot["precision"] == DEFAULT_RANDOM_PRECISION
        assert spot["hands"] == [c.representative, "random"]
        assert spot["id"] == f"stud7:{c.code}:vs:random"
        assert spot["dead"] == ""


def test_spots_are_reproducible_and_seeds_stable():
    assert chart_spots("razz", selection="rolled") == chart_spots("razz", selection="rolled")
    # the batch's stable hash of the chart seed and the id: the same number in every
    # process and Python version (not hash(), which changes from run to run)
    spot = next(s for s in chart_spots("stud7", selection=["AAA"]))
    assert spot["seed"] == seed_from_id("0:stud7:AAA:vs:random") == SEED_OF_AAA
    other = chart_spots("razz", selection="rolled", seed=1)
    assert all(a["seed"] != b["seed"] for a, b in
               zip(chart_spots("razz", selection="rolled"), other, strict=True))


def test_methods_and_opponents():
    spot = chart_spots("stud7hl8", selection=["AAA"], opponents=3, trials=1000)[0]
    assert spot["hands"] == ["(As Ah) Ad", "random", "random", "random"]
    assert spot["id"] == "stud7hl8:AAA:vs:3-random"
    assert spot["trials"] == 1000 and "precision" not in spot
    assert chart_spots("stud7", "classes", selection=["AAA", "KKK"])[0]["exact"] is True
    assert chart_spots("stud7", selection=["AAA"], exact=True)[0]["exact"] is True
    matchup = chart_spots("stud7", "classes", selection=["AAA", "KKK"], precision=0.001)
    assert all(s["precision"] == 0.001 for s in matchup)


@pytest.mark.parametrize("kwargs, message", [
    ({"game": "razz", "selection": "flush3"}, r"is for stud7, .*razz6: suits never change a hand's value in razz"),
    ({"game": "stud5", "selection": "rolled"}, "stud5 starts with two cards"),
    ({"game": "stud5", "selection": "pairs", "opponents": 10}, "opponents must be 1 to 9"),
    ({"game": "stud7", "vs": "everyone"}, "vs must be one of"),
    ({"game": "stud7", "trials": 10, "precision": 0.01}, "choose one method"),
    ({"game": "stud7", "vs": "classes", "selection": "rolled", "opponents": 2}, "heads-up"),
    ({"game": "stud7", "selection": "rolled", "villains": "rolled"}, "villains are for vs classes"),
    ({"game": "stud7", "selection": "rolled", "opponents": 8}, "opponents must be 1 to 7"),
    ({"game": "stud7", "selection": "nothing"}, "unknown selection"),
])
def test_chart_spots_refuses(kwargs, message):
    with pytest.raises(ValueError, match=message):
        chart_spots(**kwargs)


def test_rolled_matchup_spot_counts():
    spots = chart_spots("stud7", "classes", selection="rolled", mirror=False)
    # trips against other trips: the villain's four hands against (As Ah) Ad fall in two
    # groups (the one without clubs, the three with); same rank: no hand left
    assert len(spots) == 13 * 12 * 2
    assert len({s["id"] for s in spots}) == len(spots)
    assert {"stud7:AAA:vs:KKK:KsKhKc", "stud7:KKK:vs:AAA:AsAhAc"} <= {s["id"] for s in spots}
    # mirrored, each pair of classes once: the higher class as the hero
    mirrored = chart_spots("stud7", "classes", selection="rolled")
    assert len(mirrored) == 13 * 12
    assert {s["id"] for s in mirrored} < {s["id"] for s in spots}
    assert "stud7:KKK:vs:AAA:AsAhAc" not in {s["id"] for s in mirrored}


def brute_force_holdings(hero_cards, villain):
    """Every concrete hand of the villain's class sharing no card with the hero's."""
    return [h for h in ALL_HANDS if class_of(h) is villain and not set(h) & set(hero_cards)]


@pytest.mark.parametrize("hero, villain", [
    ("(A A) A", "(A A) K"),       # no ace pair left: empty
    ("(A A) K", "(A A) Q"),       # one ace pair left
    ("(A A) K", "(K K) A AKs"),
    ("(A K) Q AKs", "(A K) Q AKs"),
    ("(A K) Q", "(J T) 9 JT9s"),  # rainbow hero: no symmetry left but the fourth suit
    ("(7 6) 5 765s", "(7 7) 7"),
    ("(Q Q) 2 Q2s", "(Q 3) 2 Q32s"),
])
def test_group_weights_add_up_to_the_disjoint_holdings(hero, villain):
    hero, villain = class_by_label(hero), class_by_label(villain)
    groups = matchup_groups(hero.cards, villain)
    holdings = brute_force_holdings(hero.cards, villain)
    assert sum(n for _, n in groups) == len(holdings)
    assert len({cards for cards, _ in groups}) == len(groups)
    # each group is a whole orbit of the hero's stabilizer: members hold no hero card and
    # the group sizes divide the stabilizer's order
    stabilizer = studodds.chart.class_spots.suit_stabilizer(hero.cards)
    assert all(len(stabilizer) % n == 0 for _, n in groups)
    assert all(class_of(cards) is villain for cards, _ in groups)


def fake_equity(hero_cards, villain_cards):
    """A made-up equity that depends on ranks and on suits shared with the hero, so it is
    unchanged by relabelling both hands' suits alike, as a real equity is."""
    hero_suits = {c % 4 for c in hero_cards}
    shared = sum(c % 4 in hero_suits for c in villain_cards)
    return (sum(c // 4 for c in hero_cards) - sum(c // 4 for c in villain_cards)
            + 3 * shared + 100) / 200


def fake_runner(spots):
    for spot in spots:
        hero = studodds.chart.table._hand_cards(spot["hands"][0])
        villain = studodds.chart.table._hand_cards(spot["hands"][1])
        value = fake_equity(hero, villain)
        yield spot, {"method": "exact", "players": [
            {"equity": value, "win": value, "tie": 0.0},
            {"equity": 1 - value, "win": 1 - value, "tie": 0.0},
        ]}


@pytest.mark.parametrize("mirror", [False, True])
def test_cells_are_the_mean_over_every_pair_of_disjoint_hands(mirror):
    """With a suit-symmetric stand-in for the equity, each cell equals the plain mean over
    every (hero hand, villain hand) pair sharing no card: the groups' weights are right,
    and so is reading a cell from the reverse cell's spots (the villain's figures)."""
    labels = ["(A A) K AKs", "(K K) K", "(A K) Q AQs", "(5 4) 3"]
    chart = make_chart("stud7", "classes", selection=labels, runner=fake_runner,
                       mirror=mirror)
    assert any(row.mirrored for row in chart.rows) == mirror
    for row in chart.rows:
        pairs = [(a, b) for a in hands_of(row.hero) for b in hands_of(row.villain)
                 if not set(a) & set(b)]
        if not pairs:
            assert row.equity is None and row.weight == 0
            continue
        if row.mirrored:  # the fake runner's player 2 gets 1 - fake_equity(player 1, 2)
            expected = sum(1 - fake_equity(b, a) for a, b in pairs) / len(pairs)
        else:
            expected = sum(fake_equity(a, b) for a, b in pairs) / len(pairs)
        assert row.equity == pytest.approx(expected)
        assert row.weight * row.hero.combos == len(pairs)


def test_results_in_any_order_or_by_id_give_the_same_chart():
    spots = chart_spots("stud7", "classes", selection=["AAK", "KKK"])
    results = list(fake_runner(spots))
    by_pairs = chart_table(spots, reversed(results))
    by_id = chart_table(spots, {spot["id"]: result for spot, result in results})
    assert by_pairs == by_id


def test_chart_table_refuses_missing_and_failed_results():
    spots = chart_spots("stud7", "classes", selection=["AAK", "KKK"])
    results = {s["id"]: r for s, r in fake_runner(spots)}
    first = spots[0]["id"]
    with pytest.raises(ChartError, match="have no result"):
        chart_table(spots, {k: v for k, v in results.items() if k != first})
    with pytest.raises(ChartError, match="failed.*deck is empty"):
        chart_table(spots, results | {first: {"error": "deck is empty"}})
    axes = {"heroes": select(["AAK", "KKK"]), "villains": select(["AAK", "KKK"])}
    assert spots[0]["id"].startswith("stud7:AAK:vs:AAK:")
    with pytest.raises(ChartError, match=r"no spot for \(A A\) K against \(A A\) K"):
        chart_table(spots[1:], results, **axes)
    with pytest.raises(ChartError, match="missing or repeated"):
        chart_table(spots + spots[:1], results)
    with pytest.raises(ChartError, match="no spots"):
        chart_table([], {})


def test_small_random_chart_end_to_end(tmp_path):
    labels = ["(A 4) 2", "(A 3) 2", "(K K) K", "(8 7) 6", "(Q J) 9"]  # razz: no suits
    chart = make_chart("razz", selection=labels, trials=20_000)
    assert [r.hero.label for r in chart.rows] == labels
    ranked = [r.hero.label for r in chart.ranked()]
    # The two ace-deuce starts are a tenth of a point apart (studodds/starting/rankings.json),
    # under 20,000 trials' standard error: either may come first, both before the rest.
    assert set(ranked[:2]) == {"(A 3) 2", "(A 4) 2"} and ranked[-1] == "(K K) K"
    for row in chart.rows:
        assert row.method == "monte-carlo" and row.spots == 1
        assert 0 < row.equity_se < 0.01
        assert row.win + row.tie >= row.equity >= row.win

    write_csv(chart, tmp_path / "razz.csv")
    write_json(chart, tmp_path / "razz.json")
    write_png(chart, tmp_path / "razz.png")
    rows = read_csv(tmp_path / "razz.csv")
    assert [r["hero"] for r in rows] == ranked
    assert list(rows[0])[:6] == ["rank", "hero", "hero_code", "representative", "category",
                                 "combos"]
    assert "scoop" not in rows[0]
    data = json.loads((tmp_path / "razz.json").read_text())
    assert data["game"] == "razz" and data["vs"] == "random" and data["classes"] == 5
    assert [r["hero"] for r in data["rows"]] == ranked
    assert (tmp_path / "razz.png").read_bytes()[:8] == PNG_SIGNATURE


def test_split_game_rows_carry_scoop_high_and_low(tmp_path):
    chart = make_chart("stud7hl8", selection=["(A 3) 2 A32s", "(K K) K"], trials=10_000)
    for row in chart.rows:
        assert None not in (row.scoop, row.high_win, row.high_tie, row.low_win, row.low_tie)
    write_csv(chart, tmp_path / "hl.csv")
    header = list(read_csv(tmp_path / "hl.csv")[0])
    assert {"scoop", "high_win", "high_tie", "low_win", "low_tie", "equity_se"} <= set(header)


def test_three_by_three_matchup_exact(tmp_path):
    # every cell run on its own (no mirroring), so the symmetry below is a real check
    spots = chart_spots("stud7", "classes", selection=MATCHUP_3, mirror=False)
    results = {spot["id"]: result for spot, result in batch_runner()(spots)}
    chart = chart_table(spots, results)
    matrix = chart.matrix()
    assert [c.label for c in chart.heroes] == [c.label for c in chart.villains] == MATCHUP_3
    kings = MATCHUP_3.index("(K K) K")
    assert matrix[kings][kings] is None  # no second set of trip kings in the deck
    for i in range(3):
        for j in range(3):
            if matrix[i][j] is not None:
                # heads-up and exact: what one side does not get, the other does
                assert matrix[i][j] + matrix[j][i] == pytest.approx(1.0, abs=1e-12)
    assert all(r.method == "exact" and r.equity_se is None for r in chart.rows if r.weight)
    equity, se = chart.overall
    assert equity == pytest.approx(0.5, abs=1e-12) and se is None
    assert matrix[kings][MATCHUP_3.index("(A A) K")] > 0.8  # trips against a pair
    # the mirrored chart's spots are some of these (same ids, same answers)
    mirrored = chart_table(chart_spots("stud7", "classes", selection=MATCHUP_3), results)
    assert sum(r.mirrored for r in mirrored.rows) == 3
    twin = {(r.hero.label, r.villain.label): r.equity for r in mirrored.rows}
    assert set(twin) == {(r.hero.label, r.villain.label) for r in chart.rows}
    for row in chart.rows:
        assert twin[row.hero.label, row.villain.label] == pytest.approx(row.equity, abs=1e-12)

    write_csv(chart, tmp_path / "m.csv")
    write_json(chart, tmp_path / "m.json")
    write_png(chart, tmp_path / "m.png")
    rows = read_csv(tmp_path / "m.csv")
    assert len(rows) == 9
    assert [r["villain"] for r in rows[:3]] == MATCHUP_3
    assert {r["mirrored"] for r in rows} == {"False"}
    data = json.loads((tmp_path / "m.json").read_text())
    assert data["matrix"]["equity"] == matrix
    assert data["overall"]["equity"] == pytest.approx(0.5)
    assert (tmp_path / "m.png").read_bytes()[:8] == PNG_SIGNATURE


def test_matchup_chart_with_its_own_villain_axis():
    chart = make_chart("stud7", "classes", selection=["KKK"], villains=["AAA", "QQQ"])
    assert [len(row) for row in chart.matrix()] == [2]
    assert chart.matrix()[0][0] < 0.5 < chart.matrix()[0][1]


def test_overall_vs_random_is_the_fair_share():
    """All 1,755 classes, weighted by their combinations: a random hand's equity."""
    chart = make_chart("stud7", trials=5_000)
    equity, se = chart.overall
    assert len(chart.rows) == 1_755
    assert abs(equity - 0.5) < 4 * se
    assert se < 0.0005


@pytest.mark.slow
@pytest.mark.parametrize("game", ["razz", "stud7hl8"])
def test_overall_vs_random_is_the_fair_share_other_games(game):
    equity, se = make_chart(game, trials=5_000).overall
    assert abs(equity - 0.5) < 4 * se


@pytest.mark.slow
def test_overall_vs_two_random_hands_is_a_third():
    equity, se = make_chart("stud7", opponents=2, trials=5_000).overall
    assert abs(equity - 1 / 3) < 4 * se


def test_png_without_matplotlib_says_what_to_install(tmp_path, monkeypatch):
    chart = chart_table(*_tiny_random_chart_inputs())
    for name in list(sys.modules):
        if name == "matplotlib" or name.startswith("matplotlib."):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
    with pytest.raises(ChartError, match=r'pip install "studodds\[notebooks\]"'):
        write_png(chart, tmp_path / "x.png")
    assert not (tmp_path / "x.png").exists()


def test_png_top_and_bottom_of_a_long_ranking(tmp_path):
    spots = chart_spots("stud7", selection="rolled")
    results = [(s, {"method": "monte-carlo", "players": [
        {"equity": 0.5 + (i % 7) / 20, "win": 0.5, "tie": 0.0, "equity_se": 0.001}]})
        for i, s in enumerate(spots)]
    chart = chart_table(spots, results)
    write_png(chart, tmp_path / "top.png", top=3)
    write_png(chart, tmp_path / "all.png", top=None)
    assert (tmp_path / "top.png").stat().st_size < (tmp_path / "all.png").stat().st_size


def _tiny_random_chart_inputs():
    spots = chart_spots("stud7", selection=["AAA", "AKQ"], trials=2_000)
    return spots, list(batch_runner()(spots))


def test_axes_inferred_from_the_spots():
    square = chart_spots("stud7", "classes", selection=MATCHUP_3)  # mirrored
    chart = chart_table(square, fake_runner(square))
    assert {c.label for c in chart.heroes} == {c.label for c in chart.villains} == set(MATCHUP_3)
    rectangle = chart_spots("stud7", "classes", selection=["KKK"], villains=["AAA", "QQQ"])
    chart = chart_table(rectangle, fake_runner(rectangle))
    assert [c.code for c in chart.heroes] == ["KKK"]
    assert [c.code for c in chart.villains] == ["AAA", "QQQ"]


def test_the_runner_gives_what_equity_gives():
    """Each chart spot through the runner equals studodds.equity called on it directly."""
    from studodds import equity

    spots = chart_spots("razz", selection=["(A A) K", "(7 6) 5"], trials=3000, seed=4)
    for spot, result in batch_runner()(spots):
        direct = equity(spot["game"], spot["hands"], trials=spot["trials"], seed=spot["seed"])
        assert result == direct.to_dict()


def test_split_rows_carry_the_tables_no_low_rate():
    from studodds.chart import make_chart

    split = make_chart("stud7hl8", selection=["(8 8) 8", "(K K) K"], trials=20_000, seed=2)
    by_hero = {r["hero"]: r for r in split.records()}
    # three eights are low cards the opponent cannot have: no low more often than with kings
    assert 0 < by_hero["(8 8) 8"]["no_low"] and 0 < by_hero["(K K) K"]["no_low"] < 1
    assert by_hero["(8 8) 8"]["no_low"] > by_hero["(K K) K"]["no_low"]
    high = make_chart("stud7", selection=["(8 8) 8"], trials=2_000, seed=2)
    assert "no_low" not in high.records()[0]


def test_razz_rows_are_categorised_as_razz_players_do():
    from studodds.chart import game_category
    from studodds.starting.classes import class_by_label

    assert game_category(class_by_label("(A 3) 2"), "razz") == "3-low"
    assert game_category(class_by_label("(K Q) J KQJs"), "razz") == "K-low"
    assert game_category(class_by_label("(7 7) 2"), "razz") == "pair"
    assert game_category(class_by_label("(A 3) 2"), "stud7") == "three-straight"
    assert game_category(class_by_label("(A 3) 2"), "stud7hl8") == "three-straight"


# ------------------------------------------------ games where suits do not count; five-card

MERGED = [g for g in GAMES if not scheme_of(g).suits]      # razz, stud5low
SUITED_LOW = ["razz6", "razz27", "stud5low6"]              # lows where a flush counts
SUITS_OF = {3: ("(As 3h) 2d", "(Ac 3c) 2c"), 2: ("(As) 2h", "(Ac) 2c")}


@pytest.mark.parametrize("game", MERGED + SUITED_LOW)
def test_a_rank_class_has_one_equity_whatever_its_suits(game):
    """Two suit assignments of the same ranks, the same seed: the same equity to the last
    digit where suits do not count (the sampler draws the same ranks from the two decks,
    sorted by card, so every deal is the same deal up to suits), and not where a flush
    counts: the reason only those games merge their suited classes."""
    from studodds import equity

    rainbow, suited = SUITS_OF[scheme_of(game).cards]
    a, b = (equity(game, [hand, "random"], trials=20_000, seed=11).players[0].equity
            for hand in (rainbow, suited))
    if game in MERGED:
        assert a == b
    else:
        assert a != b


def test_a_rank_class_has_one_exact_equity_against_a_known_hand():
    from studodds import equity

    villain = "(Ks Qh) Jd"
    first, second = (equity("razz", [hand, villain], exact=True).players[0].equity
                     for hand in ("(As 3h) 2d", "(Ah 3s) 2h"))
    assert first == second


def test_merged_matchup_cells_weigh_every_disjoint_holding():
    """razz vs classes: one spot per cell, weighted by all the villain's holdings that
    share no card with the hero's representative; exact, so A vs B + B vs A = 1; and a
    cell's equity is that of any other disjoint holding of the villain's ranks."""
    from studodds import equity

    labels = ["(A A) 2", "(A 3) 2", "(K K) K"]
    spots = chart_spots("razz", "classes", selection=labels)
    # one spot a cell: the 3 pairs of classes once (mirrored), (A A) 2 and (A 3) 2 against
    # themselves; no (K K) K is left against (K K) K
    assert len(spots) == 5
    chart = make_chart("razz", "classes", selection=labels)
    by_class = {}
    for hand in ALL_HANDS:  # brute force: every hand of the deck, by its razz class
        by_class.setdefault(class_of(hand, "razz"), []).append(hand)
    for row in chart.rows:
        holdings = [h for h in by_class[row.villain] if not set(h) & set(row.hero.cards)]
        assert row.weight == len(holdings)
        if holdings:
            assert row.spots == 1
            other = equity("razz", [row.hero.representative,
                                    studodds.starting.classes.stud_text(holdings[-1])],
                           exact=True).players[0].equity
            assert other == pytest.approx(row.equity, abs=1e-12)
    matrix = chart.matrix()
    for i in range(3):
        for j in range(3):
            if matrix[i][j] is not None:
                assert matrix[i][j] + matrix[j][i] == pytest.approx(1.0, abs=1e-12)
    assert chart.overall[0] == pytest.approx(0.5, abs=1e-12)


@pytest.mark.parametrize("game, n", [("razz", 455), ("stud5", 169), ("stud5low", 91)])
def test_every_class_of_a_game_weighted_is_a_random_hand(game, n):
    chart = make_chart(game, trials=3_000, seed=5)
    equity, se = chart.overall
    assert len(chart.rows) == n and sum(r.hero.combos for r in chart.rows) == \
        chart.starting_hands
    assert abs(equity - 0.5) < 4 * se and se < 0.001


def test_five_card_spots_and_opponents():
    spots = chart_spots("stud5", selection=["(A) K AKs", "(7) 7"], opponents=9, trials=500)
    assert [s["hands"][0] for s in spots] == ["(As) Ks", "(7s) 7h"]
    assert spots[0]["id"] == "stud5:AK-AKs:vs:9-random" and len(spots[0]["hands"]) == 10
    chart = make_chart("stud5hl", selection=["(A) 2 A2s"], opponents=9, trials=500)
    assert chart.rows[0].scoop is not None and 0 < chart.rows[0].equity < 1
    with pytest.raises(ChartError, match="opponents must be 1 to 7"):
        chart_spots("razz", selection="rolled", opponents=8)


def test_five_card_categories():
    from studodds.chart import game_categories, game_category

    def category(label, game):
        return game_category(class_by_label(label, game), game)

    assert [category(x, "stud5") for x in ("(A) A", "(A) K AKs", "(A) Q AQs", "(A) 2",
                                             "(9) 4")] == [
        "pair", "suited connectors", "suited", "connectors", "other"]
    assert category("(A) 2", "stud5low") == "2-low" and category("(K) Q", "stud5low") == "K-low"
    assert category("(7) 7", "stud5low6") == "pair"
    assert game_categories("stud5low") == ("pair",) + tuple(f"{r}-low" for r in
                                                            "23456789TJQK")
    for game in ("stud5", "stud5low", "stud5low6", "stud5hl"):
        assert {category(c.label, game) for c in classes(game)} == set(game_categories(game))


def test_dealt_in_rows_and_summaries():
    spots = chart_spots("stud7", selection="rolled")
    results = [(s, {"method": "monte-carlo", "players": [
        {"equity": 0.9, "win": 0.9, "tie": 0.0, "equity_se": 0.001}]}) for s in spots]
    chart = chart_table(spots, results)
    data = chart.to_dict()
    assert {r["dealt"] for r in data["rows"]} == {4 / 22_100}
    assert data["overall"]["combos"] == 52 and data["overall"]["dealt"] == 52 / 22_100
    assert data["overall"]["starting_hands"] == 22_100
    assert data["categories"] == [{"category": "rolled up", "classes": 13, "combos": 52,
                                   "dealt": 52 / 22_100, "equity": pytest.approx(0.9),
                                   "equity_se": pytest.approx(0.001 / 13 ** 0.5)}]
    razz = make_chart("razz", selection=["(A 3) 2", "(K K) K", "(Q Q) 2"], trials=500)
    summaries = {c.name: c for c in razz.category_summaries()}
    assert {n: c.combos for n, c in summaries.items()} == {"rolled up": 4, "pair": 24,
                                                           "3-low": 64}
    assert razz.selection_summary().combos == 92


def test_exact_vs_random_notice_in_minutes_or_hours():
    from studodds.chart import exact_vs_random_notice

    assert "hours for 1755 classes" in exact_vs_random_notice("stud7", 1, 1_755)
    five = exact_vs_random_notice("stud5", 1, 169)
    # counted (headsup.py), a five-card class against a random hand takes under a second
    assert re.search(r"about [\d.]+ s a class.*(minutes?|under a minute) for 169 classes",
                     five)
    assert "hours" not in five
    assert "under a minute for 1 class " in exact_vs_random_notice("stud5low", 1, 1)


# ------------------------------------------------ sampling to a precision: the rounds


def test_a_precision_spot_stops_just_past_the_trials_its_variance_needs():
    """A chart's spots sample to a standard error (0.001 here, where a first round of
    200,000 trials alone was 80% past what a spot needs): the result meets the precision,
    and the trials are within 5% of what the variance asks for, var / precision^2."""
    spots = chart_spots("stud7", selection=["(7 4) 2", "(A A) A"], precision=0.001, seed=3)
    for _, result in batch_runner()(spots):
        se = result["players"][0]["equity_se"]
        trials = result["trials"]
        needed = se * se * trials / 0.001 ** 2  # the variance, over precision^2
        assert se <= 0.001
        assert trials <= 1.05 * needed, (trials, needed)


def test_the_rounds_never_sample_past_the_trials_sure_to_meet_the_precision():
    """worst_case_trials: with the largest variance a share can have (half the pot won
    whole, half lost), the standard error computed there is at most the precision, and
    one trial fewer it is not; the rounds aim no further."""
    import numpy as np

    from studodds.engine.runs import (
        FIRST_ROUND,
        MIN_FIRST_ROUND,
        MIN_ROUND,
        _next_round_size,
        _se_of,
        first_round,
        worst_case_trials,
    )
    from studodds.engine.showdown import POT_UNITS

    for precision in (0.001, 0.0005, 0.003, 0.01):
        n = worst_case_trials(precision)
        for trials in (n, n - 1):
            won = trials // 2  # shares 1 and 0, as even as a count allows
            share = np.array([won * POT_UNITS])
            se = _se_of(share, share * POT_UNITS, trials)
            assert (se <= precision) == (trials == n), (precision, trials, se)
        first = first_round(precision)
        assert min(MIN_FIRST_ROUND, n) <= first <= min(FIRST_ROUND, n)
        # A standard error far above the target asks for no more than the sure count.
        assert first + _next_round_size(1.0, first, precision) <= max(n, first + MIN_ROUND)
    assert first_round(0.0005) == FIRST_ROUND and first_round(0.001) == 62_501
