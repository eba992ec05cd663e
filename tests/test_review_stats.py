"""`studodds review stats`: every stat worked out by hand on the four hands of
tests/data/review/stars_four_hands.txt (docs/review.md defines each), the filters, and
the command's output and errors.

The four hands, $2/$4 stud (antes $0.25, bring-in $0.50) unless said:
1. Ann brings in; Bob and Cat fold; Hero, last to act with nobody in, completes: a
   steal. Ann folds to it. Hero gets $1.50 of the $2 back and collects the $2 pot: net
   2 - (0.25 + 2 - 1.50) = +1.25.
2. Hero brings in; Ann folds; Bob (next to last, nobody in) completes: a steal; Cat folds
   to it; Hero calls (defends the bring-in, does not fold to the steal). Hero checks and
   calls 4th, bets 5th, checks 6th, bets and calls a raise on 7th, and wins the $33 pot
   less $1 rake at showdown: collected 32, put in 0.25 + 2 + 2 + 4 + 8 = 16.25.
3. Cat brings in; Hero folds; Ann calls the bring-in (a chance to steal, not taken);
   Bob completes with Ann in (no steal); Cat calls (defends); Bob wins on 4th. Hero: -0.25.
4. Razz $1/$2, antes $0.10, Hero and Dan: Hero brings in $0.25, Dan (the last to act)
   completes to $1, Hero folds: a steal, folded to; the bring-in not defended. Hero: -0.35.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from review_helpers import FOUR_HANDS

from studodds.cli import main
from studodds.review.database import open_database
from studodds.review.hand_import import import_paths
from studodds.review.player_stats import FilterError, Filters, parse_stakes, player_stats


@pytest.fixture
def database(tmp_path):
    path = tmp_path / "hands.sqlite"
    connection = open_database(path)
    import_paths(connection, [FOUR_HANDS])
    yield connection
    connection.close()


def shares(stats) -> dict[str, tuple]:
    return {s.key: (s.count, s.out_of) for s in stats.stats}


def test_every_stat_of_the_hero_by_hand(database):
    stats = player_stats(database)
    assert stats.players == ("Hero",)
    got = shares(stats)
    assert got["hands"] == (4, None)
    assert got["net"][0] == pytest.approx(1.25 + 15.75 - 0.25 - 0.35)  # 16.40
    # In big bets: 1.25/4 + 15.75/4 - 0.25/4 - 0.35/2, per hundred hands (4 hands = 0.04).
    assert got["bb_per_100"][0] == pytest.approx(0.3125 + 3.9375 - 0.0625 - 0.175)
    assert stats["bb_per_100"].value == pytest.approx(4.0125 / 4 * 100)
    assert got["voluntary"] == (2, 4)  # the completion (1), the call of a completion (2)
    assert got["raised_first"] == (1, 4)  # the completion of hand 1
    assert got["defended"] == (1, 2)  # called in hand 2, folded in hand 4
    assert got["stole"] == (1, 1)  # only hand 1 gave Hero the chance: last, nobody in
    assert got["folded_to_steal"] == (1, 2)  # called Bob's (2), folded to Dan's (4)
    assert got["went_to_showdown"] == (1, 1)  # only hand 2 saw 4th street
    assert got["won_at_showdown"] == (1, 1)
    assert got["won_without_showdown"] == (1, 4)  # the steal of hand 1
    # Aggression: 3rd: the completion (1) per the call (2); 4th: a call; 5th: a bet and
    # no call (no number); 6th: nothing; 7th: a bet per a call. No 2nd street (no
    # five-card stud).
    assert got["aggression_3rd"] == (1, 1)
    assert got["aggression_4th"] == (0, 1)
    assert got["aggression_5th"] == (1, 0) and stats["aggression_5th"].value is None
    assert got["aggression_6th"] == (0, 0)
    assert got["aggression_7th"] == (1, 1)
    assert "aggression_2nd" not in got


def test_another_players_stats_by_hand(database):
    got = shares(player_stats(database, Filters(player="Bob")))
    assert got["hands"] == (3, None)
    # Bob: -0.25 (folded in 1); -16.25 (lost the showdown of 2); +5.50 - 2.25 (won 3).
    assert got["net"][0] == pytest.approx(-0.25 - 16.25 + 3.25)
    assert got["voluntary"] == (2, 3) and got["raised_first"] == (2, 3)
    assert got["stole"] == (1, 1)  # hand 2 (in hand 3 Ann was in; in hand 1 not last two)
    assert got["folded_to_steal"] == (0, 0)
    assert got["went_to_showdown"] == (1, 2)  # saw 4th in 2 and 3, showed down in 2
    assert got["won_at_showdown"] == (0, 1)
    assert got["won_without_showdown"] == (1, 3)
    assert got["aggression_4th"] == (2, 0)  # bets on 4th in hands 2 and 3


def test_bring_in_defence_and_steals_of_the_others(database):
    ann = shares(player_stats(database, Filters(player="Ann")))
    assert ann["defended"] == (0, 1) and ann["folded_to_steal"] == (1, 1)  # hand 1
    assert ann["stole"] == (0, 1)  # hand 3: called the bring-in, last two, nobody in
    cat = shares(player_stats(database, Filters(player="Cat")))
    assert cat["defended"] == (1, 1)  # hand 3: called Bob's completion
    assert cat["stole"] == (0, 1)  # hand 1: folded, last two with nobody in
    assert cat["folded_to_steal"] == (1, 1)  # hand 2: folded to Bob's


@pytest.mark.parametrize("filters, hands", [
    (Filters(game="razz"), 1),
    (Filters(game="stud7"), 3),
    (Filters(stakes=(2.0, 4.0)), 3),
    (Filters(stakes=(1.0, 2.0)), 1),
    (Filters(stakes=(0.04, 0.08)), 0),
    (Filters(room="pokerstars"), 4),
    (Filters(room="Full Tilt Poker"), 0),
    (Filters(opponent="Dan"), 1),
    (Filters(opponent="Ann"), 3),
    (Filters(opponent="Hero"), 0),  # nobody is their own opponent
    (Filters(player="Dan", opponent="Hero"), 1),
])
def test_filters(database, filters, hands):
    assert player_stats(database, filters)["hands"].count == hands


def _undated_copy(tmp_path):
    """Hands 1 and 2 of the fixture again, as other hands whose headers give no date."""
    text = FOUR_HANDS.read_text().split("\n\n\n\n")
    path = tmp_path / "undated.txt"
    path.write_text("\n\n\n\n".join(text[:2]).replace("#35", "#37")
                     .replace(" - 2024/03/01 20:00:00 ET", "")
                     .replace(" - 2024/03/01 20:02:00 ET", ""))
    return path


def test_a_date_filter_keeps_the_days_asked_and_counts_the_undated(database, tmp_path):
    """The headers' dates are ET (winter: UTC-5), the days asked UTC: hands 1 and 2
    (20:00 and 20:02 ET on March 1) are played on March 2 in UTC, hand 3 (21:00 ET on
    March 2) on March 3, hand 4 (22:00 ET on March 3) on March 4."""
    import_paths(database, [_undated_copy(tmp_path)])
    assert player_stats(database, Filters(since="2024-03-03"))["hands"].count == 2
    assert player_stats(database, Filters(until="2024-03-02"))["hands"].count == 2
    assert player_stats(database, Filters(until="2024-03-01"))["hands"].count == 0
    both = player_stats(database, Filters(since="2024-03-03", until="2024-03-03"))
    assert both["hands"].count == 1 and both.undated == 2
    assert player_stats(database, Filters(since="2024-03-05")).undated == 2
    assert player_stats(database)["hands"].count == 6  # no date filter: all of them


def test_the_default_player_is_each_hands_hero(tmp_path):
    """Two rooms, two screen names: the hero of each hand, both counted."""
    other = tmp_path / "other.txt"
    other.write_text(FOUR_HANDS.read_text().replace("Hero", "Me").replace("#35", "#36"))
    connection = open_database(tmp_path / "h.sqlite")
    import_paths(connection, [FOUR_HANDS, other])
    stats = player_stats(connection)
    assert stats.players == ("Hero", "Me") and stats["hands"].count == 8


@pytest.mark.parametrize("text", ["2", "2-4", "a/b", "/4", "2/4/8"])
def test_stakes_that_are_not_small_slash_big(text):
    with pytest.raises(FilterError, match="SMALL/BIG"):
        parse_stakes(text)


def test_stakes_with_a_currency():
    assert parse_stakes("$0.04/$0.08") == (0.04, 0.08)


def test_cli_stats_json(database, tmp_path, capsys):
    code = main(["review", "stats", "--db", str(tmp_path / "hands.sqlite"), "--format",
                 "json", "--stakes", "2/4"])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["players"] == ["Hero"]
    by_key = {s["stat"]: s for s in data["stats"]}
    assert by_key["hands"]["value"] == 3 and by_key["voluntary"]["count"] == 2


def test_cli_stats_table_names_the_player_and_the_shares(database, tmp_path, capsys):
    code = main(["review", "stats", "--db", str(tmp_path / "hands.sqlite")])
    out, _ = capsys.readouterr()
    assert code == 0
    assert out.startswith("player: Hero\n")
    assert "voluntarily in on 3rd (VPIP)" in out and "50.0%    2 of 4" in out


def test_cli_stats_date_filter_says_what_it_left_out(database, tmp_path, capsys):
    import_paths(database, [_undated_copy(tmp_path)])
    code = main(["review", "stats", "--db", str(tmp_path / "hands.sqlite"), "--format",
                 "json", "--since", "2024-03-03"])
    out, err = capsys.readouterr()
    assert code == 0
    assert {s["stat"]: s["value"] for s in json.loads(out)["stats"]}["hands"] == 2
    assert err == ("studodds: 2 hands without a date (their files give none) left out by "
                   "--since/--until\n")


@pytest.mark.parametrize("args, said", [
    (["--player", "hero"], ("studodds: --player 'hero': no player of that name in the "
                            "database; did you mean 'Hero'? (names must match exactly, "
                            "capitals included)\n")),
    (["--opponent", "Nobody"], ("studodds: --opponent 'Nobody': no player of that name in "
                                "the database; the players with the most hands: ")),
    (["--room", "Stars"], ("studodds: --room 'Stars': no hands from that room in the "
                           "database; did you mean 'PokerStars'? (the rooms it has: "
                           "PokerStars)\n")),
    (["--room", "Tilt"], ("studodds: --room 'Tilt': no hands from that room in the "
                          "database; the rooms it has: PokerStars\n")),
])
def test_cli_stats_name_a_filter_that_matches_nobody(database, tmp_path, capsys, args, said):
    """A name the database has not gave "player: nobody" and no word of why."""
    code = main(["review", "stats", "--db", str(tmp_path / "hands.sqlite"), *args])
    out, err = capsys.readouterr()
    assert code == 0 and "hands" in out
    assert err.startswith(said)


def test_cli_stats_say_the_hands_without_a_hero_left_out(tmp_path, capsys):
    """Hands whose file names no hero (PHH) left the default stats without a word."""
    phh = FOUR_HANDS.parents[1] / "handhistories" / "phh_stud7_side_pot.phh"
    db = str(tmp_path / "db.sqlite")
    assert main(["review", "import", str(FOUR_HANDS), str(phh), "--db", db]) in (0, None)
    capsys.readouterr()
    assert main(["review", "stats", "--db", db]) in (0, None)
    assert capsys.readouterr().err == (
        "studodds: 1 hand names no hero (PHH files, for one) and is left out: --player NAME "
        "counts a player's hands whoever the file deals to\n")
    assert main(["review", "stats", "--db", db, "--player", "Bo"]) in (0, None)
    assert capsys.readouterr().err == ""


def test_cli_stats_dated_hands_leave_nothing_out(database, tmp_path, capsys):
    code = main(["review", "stats", "--db", str(tmp_path / "hands.sqlite"), "--format",
                 "json", "--until", "2024-03-02"])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    assert {s["stat"]: s["value"] for s in json.loads(out)["stats"]}["hands"] == 2


@pytest.mark.parametrize("args, words", [
    (["--stakes", "2-4"], "Error: stakes '2-4' are not SMALL/BIG"),
    (["--since", "yesterday"], "Error: --since 'yesterday' is not a date"),
    (["--until", "2024-02-30"], "Error: --until '2024-02-30' is not a date"),
    (["--stakes", "4/2"], ("Error: stakes '4/2': the small bet comes first, then the big "
                           "bet, e.g. --stakes 2/4")),
    (["--since", "2024-03-02", "--until", "2024-03-01"], ("Error: --since 2024-03-02 is "
     "after --until 2024-03-01: no day is between them; give the earlier day to --since")),
])
def test_cli_stats_bad_filters_are_one_line(database, tmp_path, capsys, args, words):
    code = main(["review", "stats", "--db", str(tmp_path / "hands.sqlite"), *args])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.startswith(words) and err.count("\n") == 1


def test_cli_stats_without_a_database(tmp_path, capsys):
    missing = tmp_path / "none.sqlite"
    code = main(["review", "stats", "--db", str(missing)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err == (f"Error: no database at {str(missing)!r}: import hands first (studodds "
                   "review import FILE...), or name another with --db\n")
    assert not missing.exists()


@pytest.mark.parametrize("where, args, index", [
    ("s.player = ?", ("Hero",), "seats_by_player"),
    ("s.is_hero", (), "seats_of_heroes"),
])
def test_whose_stats_is_found_by_an_index(database, where, args, index):
    """The query plan: the player's seats through an index, never a scan of every seat."""
    plan = " ".join(row[3] for row in database.execute(
        "EXPLAIN QUERY PLAN SELECT COUNT(*) FROM seats s JOIN hands h ON h.id = s.hand "
        f"WHERE {where}", args))
    assert index in plan, plan


def test_the_stats_load_no_odds_engine(database, tmp_path):
    """A query of the database starts fast: numba (seconds to load) stays out."""
    code = ("import contextlib, io, sys\nfrom studodds.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    code = main(['review', 'stats', '--db', {str(tmp_path / 'hands.sqlite')!r}])\n"
            "print(code, 'numba' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split() == ["0", "False"]
