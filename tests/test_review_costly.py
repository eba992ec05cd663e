"""review.costly and `studodds review costly` / `review luck`: the decisions of the priced
fixture hands (tests/data/review/decisions_priced.txt, each price worked out by hand in
tests/test_decisions.py) stored once, listed worst first with where to see them; pricing
again computes nothing, new hands are priced alone; the luck of the two showdowns."""

import json
import re
import shlex
import shutil
import sqlite3
import subprocess
import sys

import pytest
from click.testing import CliRunner
from review_helpers import FOUR_HANDS, REVIEW_FIXTURES, version_2_database

from studodds.batch.executors import DaskExecutor, LocalExecutor
from studodds.cli import main
from studodds.cli.main import cli
from studodds.equity import equity
from studodds.histories import parse_file
from studodds.review import costly, pricing, schema
from studodds.review.costly import (
    costly_decisions,
    luck_summary,
    price_decisions,
)
from studodds.review.database import open_database
from studodds.review.decisions import DECISION_PRECISION, IGNORES, decisions_of
from studodds.review.hand_import import import_paths, import_upload
from studodds.review.luck import luck_of
from studodds.review.overview import net_over_hands
from studodds.review.player_stats import Filters
from studodds.review.pricing_outcomes import RangesError

PRICED = REVIEW_FIXTURES / "decisions_priced.txt"
HI_LO = Filters(game="stud7hl8")  # hand 3 alone: one hand to price, fast


def fresh(folder, *sources):
    """A database with copies of the fixture files imported (copies: a test may remove
    one), and the copies' paths."""
    copies = []
    folder.mkdir(parents=True, exist_ok=True)
    for source in sources:
        copy = folder / source.name
        shutil.copy(source, copy)
        copies.append(copy)
    connection = open_database(folder / "db.sqlite")
    import_paths(connection, copies)
    return connection, copies


@pytest.fixture
def counted(monkeypatch):
    """The hand ids decisions_of is asked to price."""
    asked = []

    def counting(hand, *args, **kwargs):
        asked.append(hand.hand_id)
        return decisions_of(hand, *args, **kwargs)
    monkeypatch.setattr(pricing, "decisions_of", counting)
    return asked


@pytest.fixture(scope="module")
def priced(tmp_path_factory):
    """The three priced hands imported and priced once: (connection, the file, result)."""
    folder = tmp_path_factory.mktemp("priced")
    connection, (copy,) = fresh(folder, PRICED)
    result = price_decisions(connection)
    yield connection, copy, result
    connection.close()


@pytest.fixture(scope="module")
def hands():
    found, _ = parse_file(str(PRICED))
    return {h.hand_id[-1]: h for h in found}


def stored(connection, hand_id):
    return connection.execute(
        "SELECT d.street, d.action_index, d.player, d.kind, d.facing, d.pot, d.big_bet, "
        "d.equity, d.equity_se, d.method, d.ranges, d.needed, d.cost_big_bets "
        "FROM decisions d JOIN hands h ON h.id = d.hand WHERE h.hand_id = ? "
        "ORDER BY d.street, d.action_index", (hand_id,)).fetchall()


def test_every_decision_is_stored_as_priced(priced, hands):
    connection, _, result = priced
    assert (result.priced, result.decisions, result.already, result.unpriced) == (
        3, 6 + 9 + 4, 0, ())
    for h in hands.values():
        expected = [(d.street, d.action_index, d.player, d.kind, d.facing, d.pot, d.big_bet,
                     d.equity, d.equity_se, d.method, d.ranges, d.needed, d.cost_big_bets)
                    for d in decisions_of(h)]
        assert stored(connection, h.hand_id) == expected


def test_the_costliest_first_with_the_hand_worked_prices(priced):
    connection, copy, _ = priced
    found = costly_decisions(connection)
    # Hand 2: Hero folds four aces on the river facing 4 into 34.75: needs 4 / 38.75 and
    # throws away (equity - needed) x 38.75 chips, equity counted exactly.
    river = equity("stud7", ["(As Ac) 9h Ah Ad Kh (Qs)", "(x x) 2c 5c 6c 7c (x)"],
                   "Td Jd x x", exact=True).players[0].equity
    worst = found[0]
    assert (worst.hand_id, worst.street, worst.kind, worst.facing, worst.pot) == (
        "350000000002", "7th", "fold", 4, 34.75)
    assert worst.needed == pytest.approx(4 / 38.75)
    assert worst.cost_big_bets == pytest.approx((river - 4 / 38.75) * 38.75 / 4)
    assert (worst.room, worst.game, worst.player, worst.source) == (
        "PokerStars", "stud7", "Hero", str(copy))
    # Hand 1: a call of 4 into 32.75 drawing dead against quads: one big bet exactly.
    second = found[1]
    assert (second.hand_id, second.street, second.kind, second.equity) == (
        "350000000001", "6th", "call", 0)
    assert second.cost_big_bets == pytest.approx(1.0)
    costs = [d.cost_big_bets for d in found]
    assert costs == sorted(costs, reverse=True) and min(costs) > 0
    assert {d.kind for d in found} <= {"call", "fold", "raise", "complete"}
    assert [d.hand_id for d in costly_decisions(connection, limit=1)] == ["350000000002"]


def test_each_costly_decision_says_where_to_see_it(priced):
    connection, copy, _ = priced
    db = connection.execute("PRAGMA database_list").fetchone()[2]
    worst = costly_decisions(connection, limit=1, database=db)[0]
    assert worst.replay == (f"studodds review replay 350000000002 --decisions --db "
                            f"{shlex.quote(db)}")
    assert costly_decisions(connection, limit=1)[0].replay == (
        "studodds review replay 350000000002 --decisions")  # the default database: no --db
    assert worst.link == "/#replay=350000000002&room=PokerStars&street=7th&player=Hero"
    # The command line given replays that hand and shows that decision's price, from the
    # database: the file moved away since changes nothing.
    moved = copy.with_name(copy.name + ".moved")
    copy.rename(moved)
    try:
        done = CliRunner().invoke(cli, shlex.split(worst.replay)[1:])
    finally:
        moved.rename(copy)
    assert done.exit_code == 0, done.output
    assert "350000000002" in done.output and "7th" in done.output
    assert f"{worst.cost_big_bets:.2f}" in done.output
    # Another player than the file's hero: the replay is from their seat; a room only when
    # hands of several rooms share the id.
    assert costly.replay_command("7", "Ann", "Hero") == (
        "studodds review replay 7 --decisions --hero Ann")
    assert costly.replay_command("7", "Hero", "Hero", room="Full Tilt", database="my hands.db") == (
        "studodds review replay 7 --decisions --room 'Full Tilt' --db 'my hands.db'")


def test_pricing_again_computes_nothing(priced, counted):
    connection, _, _ = priced
    again = price_decisions(connection)
    assert (again.priced, again.already, counted) == (0, 3, [])


def test_new_hands_are_priced_alone(tmp_path, counted):
    connection, _ = fresh(tmp_path, PRICED)
    price_decisions(connection, HI_LO)
    assert counted == ["350000000003"]
    counted.clear()
    shutil.copy(FOUR_HANDS, tmp_path / FOUR_HANDS.name)
    import_paths(connection, [tmp_path / FOUR_HANDS.name])
    result = price_decisions(connection, Filters(room="PokerStars", game="razz"))
    razz = [row[0] for row in connection.execute(
        "SELECT hand_id FROM hands WHERE game = 'razz' ORDER BY id")]
    assert razz and sorted(counted) == sorted(razz) and result.priced == len(razz)
    counted.clear()
    price_decisions(connection, HI_LO)
    assert counted == []


def test_other_ranges_price_again_and_replace_the_rows(tmp_path, counted):
    connection, _ = fresh(tmp_path, PRICED)
    price_decisions(connection, HI_LO)
    random_rows = stored(connection, "350000000003")
    result = price_decisions(connection, HI_LO, ranges="top50%")
    assert (result.priced, counted) == (1, ["350000000003", "350000000003"])
    ranged = stored(connection, "350000000003")
    assert len(ranged) == len(random_rows) == 4
    # A range describes the opponents who put chips in by choice before the decision; on
    # 3rd street, before anyone has, they keep random cards, and the row says why.
    assert {row[10].split(" (")[0] for row in ranged} <= {"top50%", "random"}
    assert "top50%" in {row[10] for row in ranged}


def test_the_replay_of_a_decision_priced_with_ranges_shows_the_same_prices(tmp_path):
    """The command each decision names replays it with the ranges and precision it was
    priced with (it once left them out, and showed other prices)."""
    connection, _ = fresh(tmp_path, PRICED)
    db = connection.execute("PRAGMA database_list").fetchone()[2]
    price_decisions(connection, ranges={"Villain": "top20%"}, precision=0.004)
    found = costly_decisions(connection, database=db)
    assert found
    for d in found:
        words = shlex.split(d.replay)
        assert words[words.index("--ranges") + 1] == "Villain=top20%"
        assert words[words.index("--precision") + 1] == "0.004"
    worst = found[0]
    done = CliRunner().invoke(cli, [*shlex.split(worst.replay)[1:], "--format", "json"])
    assert done.exit_code == 0, done.output
    shown = [row for row in json.loads(done.output)["decisions"]
             if (row["street"], row["action_index"]) == (worst.street, worst.action_index)]
    assert len(shown) == 1
    assert shown[0]["equity"] == pytest.approx(worst.equity)
    assert shown[0]["cost_big_bets"] == pytest.approx(worst.cost_big_bets)
    assert costly.replay_command("7", "Hero", "Hero", ranges="top30%") == (
        "studodds review replay 7 --decisions --ranges top30%")


def test_hands_priced_under_an_older_definition_are_priced_again_once(tmp_path):
    """The luck of a street changed meaning (the players who reach the showdown only):
    prices stored before say nothing of it in their settings, and are made again once."""
    connection, _ = fresh(tmp_path, PRICED)
    assert price_decisions(connection).priced == 3
    older = json.dumps({"precision": costly.DEFAULT_PRECISION, "ranges": None, "seed": 1},
                       sort_keys=True)
    connection.execute("UPDATE priced SET settings = ?", (older,))
    assert price_decisions(connection).priced == 3
    assert price_decisions(connection).priced == 0
    connection.close()


def test_luck_names_the_showdowns_not_priced_yet(tmp_path, capsys):
    """Hands imported since the last pricing left the luck as it was, without a word."""
    connection, _ = fresh(tmp_path, PRICED)
    db = str(tmp_path / "db.sqlite")
    assert main(["review", "luck", "--db", db]) in (0, None)
    err = capsys.readouterr().err
    assert err == ("studodds: 2 showdowns not priced yet are left out: run studodds review "
                   "costly (with the same filters) to price them\n")
    price_decisions(connection)
    assert main(["review", "luck", "--db", db]) in (0, None)
    assert capsys.readouterr().err == ""
    # Priced by an older studodds (settings without the definitions): said, not hidden.
    connection.execute("UPDATE priced SET settings = json_remove(settings, '$.definitions')")
    assert main(["review", "luck", "--db", db]) in (0, None)
    assert capsys.readouterr().err == (
        "studodds: 2 showdowns were priced by an older studodds, whose luck counted every "
        "player still in: run studodds review costly (with the same filters) to price them "
        "again\n")
    connection.close()


def test_a_hand_id_copied_with_its_hash_is_found(tmp_path, capsys):
    connection, _ = fresh(tmp_path, PRICED)
    connection.close()
    db = str(tmp_path / "db.sqlite")
    assert main(["review", "replay", "#350000000002", "--db", db]) in (0, None)
    assert "hand 350000000002" in capsys.readouterr().out


def test_a_range_for_a_player_the_database_has_not_is_named(tmp_path, capsys):
    """--ranges Nobody=top20% once priced every hand again for a range given to nobody."""
    connection, _ = fresh(tmp_path, PRICED)
    connection.close()
    db = str(tmp_path / "db.sqlite")
    assert main(["review", "costly", "--db", db, "--ranges", "villain=top20%"]) in (0, None)
    assert ("studodds: --ranges villain=top20%: no player of that name in the database, so "
            "it prices nobody (names must match exactly, capitals included)\n"
            ) in capsys.readouterr().err


def test_two_hands_of_one_id_are_both_priced(tmp_path):
    """A cash razz hand and a tournament razz hand that share a PokerStars id: the second
    is kept as ID~2 and priced from its own file as itself, not as the first."""
    folder = FOUR_HANDS.parents[1] / "handhistories"
    connection, _ = fresh(tmp_path, folder / "broken_then_good.txt",
                          folder / "razz_sng_allin_face_up.txt")
    result = price_decisions(connection)
    assert (result.priced, result.unpriced) == (3, ())
    rows = dict(connection.execute(
        "SELECT h.hand_id, h.tournament FROM hands h JOIN priced p ON p.hand = h.id"))
    assert rows == {"200000000011": "900000002", "200000000012": None,
                    "200000000012~2": "900000002"}
    connection.close()


def test_a_hand_whose_file_is_deleted_after_its_import_is_priced_from_the_database(tmp_path):
    connection, (copy,) = fresh(tmp_path, PRICED)
    copy.unlink()
    result = price_decisions(connection, HI_LO)
    assert (result.priced, result.unpriced) == (1, ())
    with_file, _ = fresh(tmp_path / "kept", PRICED)  # the same hand, its file still there
    price_decisions(with_file, HI_LO)
    assert stored(connection, "350000000003") == stored(with_file, "350000000003")
    assert len(stored(connection, "350000000003")) == 4


def test_a_hand_uploaded_is_priced_as_the_file_imported(tmp_path):
    connection = open_database(tmp_path / "db.sqlite")
    import_upload(connection, PRICED.read_bytes(), "priced.txt")
    result = price_decisions(connection)
    assert result.unpriced == () and result.priced == 3
    from_file, _ = fresh(tmp_path / "cli", PRICED)
    assert result == price_decisions(from_file)
    for hand_id in ("350000000001", "350000000002", "350000000003"):
        assert stored(connection, hand_id) == stored(from_file, hand_id)


def test_an_uploaded_phh_hand_named_by_its_file_is_priced(tmp_path):
    """A PHH hand without a `hand` field is known by its file's name: read again under
    the name it was uploaded by, not its source ("uploaded: NAME")."""
    text = (FOUR_HANDS.parents[1] / "handhistories" / "phh_stud7_side_pot.phh").read_text()
    nameless = "".join(line for line in text.splitlines(keepends=True)
                       if not line.startswith("hand = "))
    connection = open_database(tmp_path / "db.sqlite")
    assert import_upload(connection, nameless.encode(), "night.phh").imported == 1
    assert connection.execute("SELECT hand_id FROM hands").fetchall() == [("night",)]
    result = price_decisions(connection, player="Ann Lee")
    assert (result.priced, result.unpriced) == (1, ())
    assert result.decisions > 0


def test_a_version_2_database_migrates_and_its_hands_are_priced_from_their_path(tmp_path):
    copy = tmp_path / PRICED.name
    shutil.copy(PRICED, copy)
    db = tmp_path / "old.sqlite"
    version_2_database(db, tmp_path, [copy])
    connection = open_database(db)
    assert schema.schema_version(connection) == schema.SCHEMA_VERSION
    assert connection.execute("SELECT count(*), count(file) FROM hands").fetchone() == (3, 0)
    # Its hands have no fingerprint: imported again, they are the same hands.
    assert import_paths(connection, [copy]).duplicates == 3
    assert connection.execute("SELECT count(*) FROM source_files").fetchone() == (0,)
    # Its file moved: the hand waits for it, and says where to put it.
    moved = tmp_path / "elsewhere.txt"
    copy.rename(moved)
    result = price_decisions(connection, HI_LO)
    assert result.priced == 0 and len(result.unpriced) == 1
    assert result.unpriced[0].hand_id == "350000000003"
    assert result.unpriced[0].reason == (
        "its file cannot be read (No such file or directory) and, imported by an older "
        "studodds, has no copy in the database: put the file back where it was imported "
        "from (importing it again adds no copy: its hands are in the database already)")
    assert connection.execute("SELECT count(*) FROM priced").fetchone() == (0,)
    moved.rename(copy)
    assert price_decisions(connection, HI_LO).priced == 1
    with_bytes, _ = fresh(tmp_path / "new", PRICED)
    price_decisions(with_bytes, HI_LO)
    assert stored(connection, "350000000003") == stored(with_bytes, "350000000003")


def test_a_hand_that_cannot_be_priced_is_kept_with_why_and_not_retried(tmp_path, counted):
    connection, _ = fresh(tmp_path, PRICED)
    # Third folds on 3rd street without showing: his cards are not known.
    result = price_decisions(connection, player="Third")
    assert result.priced == 1 and [u.hand_id for u in result.unpriced] == ["350000000001"]
    assert "does not show the hole cards of 'Third'" in result.unpriced[0].reason
    counted.clear()
    assert price_decisions(connection, player="Third").already == 1 and counted == []


def test_a_bad_range_is_refused_before_any_hand_is_priced(tmp_path):
    connection, _ = fresh(tmp_path, PRICED)
    with pytest.raises(RangesError, match=r"^--ranges 'pairs': 'pairs' is neither a card"):
        price_decisions(connection, ranges={"Villain": "pairs"})
    assert connection.execute("SELECT count(*) FROM priced").fetchone() == (0,)


def test_the_luck_of_the_showdowns(priced, hands):
    connection, copy, _ = priced
    # Hand 1: Hero and Villain each put in 18.25, Third his ante: 36.75 to win, none won.
    # Hand 3: Hero all in for 5; Lowman 2.10; Highman 5.10 less 0.10 returned: 12.10 to
    # win, half won (the low).
    pots = {"1": (36.75, 0.0, 4.0), "3": (12.10, 0.5, 2.0)}
    rows = connection.execute(
        "SELECT h.hand_id, l.street, l.pot, l.won, l.equity_share FROM luck l "
        "JOIN hands h ON h.id = l.hand ORDER BY h.hand_id, l.street").fetchall()
    expected_rows = [(h.hand_id, r.street, pots[key][0], pots[key][1], r.expected_share)
                     for key, h in sorted(hands.items()) if key in pots
                     for r in luck_of(h)]
    assert len(rows) == len(expected_rows) == 8
    for row, (hand_id, street, pot, won, share) in zip(rows, expected_rows, strict=True):
        assert row[:2] == (hand_id, street)
        assert row[2:4] == pytest.approx((pot, won))
        assert row[4] == pytest.approx(share, abs=1e-12)
    summary = luck_summary(connection)
    assert [s.source for s in summary.sessions] == [str(copy)]
    total = summary.total
    assert total.showdowns == 2
    assert total.won_chips == pytest.approx(6.05)
    assert total.won_big_bets == pytest.approx(6.05 / 2)
    one = {r.street: r.expected_share for r in luck_of(hands["1"])}
    three = {r.street: r.expected_share for r in luck_of(hands["3"])}
    for street in ("3rd", "4th", "5th", "6th"):
        chips = 36.75 * one[street] + 12.10 * three[street]
        assert total.expected_chips[street] == pytest.approx(chips, abs=1e-5)
        assert total.luck_chips[street] == pytest.approx(6.05 - chips, abs=1e-5)
        assert total.expected_big_bets[street] == pytest.approx(
            36.75 * one[street] / 4 + 12.10 * three[street] / 2, abs=1e-5)


def test_the_luck_of_each_street_counts_only_the_hands_that_have_it(tmp_path):
    """Five-card stud beside seven-card stud: 2nd street is five-card stud's alone, 5th
    and 6th seven-card stud's; each street's won chips are those of its own showdowns
    (once, the 2nd street's expected chips of one hand stood against every hand's won)."""
    five = FOUR_HANDS.parents[1] / "handhistories" / "variants" / "fulltilt_5stud_cash.txt"
    connection, _ = fresh(tmp_path, five, PRICED)
    price_decisions(connection)
    total = luck_summary(connection, Filters(player="Hero")).total
    assert list(total.expected_chips) == ["2nd", "3rd", "4th", "5th", "6th"]
    rows = connection.execute(
        "SELECT h.game, l.street, l.pot * l.won, l.pot * l.equity_share FROM luck l "
        "JOIN hands h ON h.id = l.hand WHERE l.player = 'Hero'").fetchall()
    for street in total.expected_chips:
        mine = [r for r in rows if r[1] == street]
        assert total.street_showdowns[street] == len(mine)
        assert total.street_won_chips[street] == pytest.approx(sum(r[2] for r in mine))
        assert total.luck_chips[street] == pytest.approx(
            sum(r[2] for r in mine) - sum(r[3] for r in mine), abs=1e-5)
    assert total.street_showdowns == {"2nd": 1, "3rd": 3, "4th": 3, "5th": 2, "6th": 2}
    assert {g for g, street, *_ in rows if street == "2nd"} == {"stud5"}
    connection.close()


# Hero's four hearts on 6th street catch a fifth on the river against three queens.
SUCKOUT = """\
PokerStars Hand #350000000021:  7 Card Stud Limit ($2/$4 USD) - 2024/03/02 20:00:00 ET
Table 'Price Three' 8-max
Seat 1: Hero ($100 in chips)
Seat 2: Villain ($100 in chips)
Hero: posts the ante $0.25
Villain: posts the ante $0.25
*** 3rd STREET ***
Dealt to Hero [Ah Kh 9h]
Dealt to Villain [Qc]
Hero: brings in for $0.50
Villain: completes it to $2
Hero: calls $1.50
*** 4th STREET ***
Dealt to Hero [Ah Kh 9h] [2h]
Dealt to Villain [Qc] [5d]
Villain: bets $2
Hero: calls $2
*** 5th STREET ***
Dealt to Hero [Ah Kh 9h 2h] [7c]
Dealt to Villain [Qc 5d] [8s]
Villain: bets $4
Hero: calls $4
*** 6th STREET ***
Dealt to Hero [Ah Kh 9h 2h 7c] [3s]
Dealt to Villain [Qc 5d 8s] [Jc]
Villain: bets $4
Hero: calls $4
*** RIVER ***
Dealt to Hero [Ah Kh 9h 2h 7c 3s] [Qh]
Villain: bets $4
Hero: calls $4
*** SHOW DOWN ***
Villain: shows [Qs Qd Qc 5d 8s Jc 6d] (three of a kind, Queens)
Hero: shows [Ah Kh 9h 2h 7c 3s Qh] (a flush, Ace high)
Hero collected $32.50 from pot
*** SUMMARY ***
Total pot $32.50 | Rake $0
Seat 1: Hero showed [Ah Kh 9h 2h 7c 3s Qh] and won ($32.50) with a flush, Ace high
Seat 2: Villain showed [Qs Qd Qc 5d 8s Jc 6d] and lost with three of a kind, Queens
"""

# Hero's equity on 6th street, worked out by hand: of the 40 cards unseen, each player's
# river from them, Hero wins with a heart (9 left) unless Villain fills up (a 5, 8 or J:
# three each; the Qh: quads); four of those ten are hearts. Hero's heart one of them: 30
# of Villain's 39 cards lose; one of the other five hearts: 29.
SUCKOUT_6TH = (4 * 30 + 5 * 29) / (40 * 39)


def test_the_expected_line_counts_a_showdown_at_its_equity_with_a_card_to_come(tmp_path):
    """The page's plot: expected is the net with each showdown's result replaced by the pot
    times the equity on 6th street, the last with a card to come: `review luck`'s luck on
    that street taken out of the net."""
    suckout = tmp_path / "suckout.txt"
    suckout.write_text(SUCKOUT)
    connection, _ = fresh(tmp_path, PRICED)
    import_paths(connection, [suckout])
    (hand,), _ = parse_file(str(suckout))
    assert {r.street: r.expected_share for r in luck_of(hand)}["6th"] == pytest.approx(
        SUCKOUT_6TH)
    before = net_over_hands(connection)
    assert [p.expected_big_bets for p in before.points] == [p.net_big_bets
                                                            for p in before.points]
    assert (before.showdowns, before.showdowns_expected, before.showdowns_not_priced) == (
        3, 0, 3)
    price_decisions(connection)
    found = net_over_hands(connection)
    assert (found.showdowns, found.showdowns_expected, found.showdowns_not_priced) == (3, 3, 0)
    assert [p.hands for p in found.points] == [1, 2, 3, 4]
    net = [p.net_big_bets for p in found.points]
    expected = [p.expected_big_bets for p in found.points]
    # The suckout is the last hand played: 16.25 won net, on a $4 big bet; 32.50 in the
    # pot at 17% on 6th street.
    assert net[3] - net[2] == pytest.approx(16.25 / 4)
    assert expected[3] - expected[2] == pytest.approx(
        16.25 / 4 - (1 - SUCKOUT_6TH) * 32.50 / 4, abs=1e-4)
    # The priced file's two showdowns: aces up against four queens on 6th street (no
    # equity, nothing won); the low half of a hi/lo pot, locked on 6th street.
    assert expected[:3] == pytest.approx(net[:3], abs=1e-4)
    total = luck_summary(connection).total
    assert net[3] - expected[3] == pytest.approx(total.luck_big_bets["6th"], abs=1e-4)


def test_the_local_executor_gives_the_same_rows(tmp_path, priced):
    connection, _ = fresh(tmp_path, PRICED)
    with LocalExecutor() as executor:
        assert price_decisions(connection, HI_LO, executor=executor).priced == 1
    assert stored(connection, "350000000003") == stored(priced[0], "350000000003")


# --- the commands --------------------------------------------------------------------

@pytest.fixture
def run(capsys):
    """The command as a user runs it (cli.main: errors as one line): (code, out, err)."""
    def running(*args):
        capsys.readouterr()
        code = main([str(a) for a in args])
        out, err = capsys.readouterr()
        return code, out, err
    return running


def test_review_costly_prices_then_lists(tmp_path, run):
    db = tmp_path / "db.sqlite"
    shutil.copy(PRICED, tmp_path / PRICED.name)
    assert run("review", "import", "--db", db, tmp_path / PRICED.name)[0] == 0
    code, out, err = run("review", "costly", "--db", db, "--limit", 2)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split()[:2] == ["cost", "(big"]
    assert lines[2].split()[:4] == ["8.57", "350000000002", "7th", "fold"]
    assert lines[3].split()[:5] == ["1.00", "350000000001", "6th", "call", "4"]
    assert lines[-1] == IGNORES and len(lines) == 4 + 3
    assert "3 hands priced now (19 decisions), 0 priced before" in err
    code, out, err = run("review", "costly", "--db", db, "--format", "json")
    assert code == 0 and "0 hands priced now (0 decisions), 3 priced before" in err
    document = json.loads(out)
    assert document["note"] == IGNORES
    assert document["decisions"][0]["link"].startswith("/#replay=350000000002&")
    code, out, err = run("review", "costly", "--db", db, "--format", "csv")
    assert code == 0 and out.splitlines()[0].startswith("room,hand_id,source,")
    assert IGNORES in err and IGNORES not in out
    code, out, _ = run("review", "luck", "--db", db)
    assert code == 0 and out.splitlines()[-1].split()[:4] == ["all", "sessions", "2", "6th"]
    figures = [line.split()[-4:] for line in out.splitlines()[2:]]  # chips, big bets
    assert all(re.fullmatch(r"-?\d+\.\d\d", x) for row in figures for x in row), out


@pytest.mark.parametrize("args, message", [
    (["--ranges", "bogus%"], "Error: --ranges 'bogus%': 'bogus%' is not a card"),
    (["--dask", "no where"], "Error: --dask 'no where': give the Dask scheduler's address"),
    (["--limit", "0"], "Error: Invalid value for '--limit'"),
])
def test_review_costly_errors_are_one_line(tmp_path, run, args, message):
    db = tmp_path / "db.sqlite"
    run("review", "import", "--db", db, PRICED)
    code, out, err = run("review", "costly", "--db", db, *args)
    assert code == 2 and out == ""
    errors = [line for line in err.splitlines() if line.startswith("Error")]
    assert len(errors) == 1 and errors[0].startswith(message), err
    assert sqlite3.connect(db).execute("SELECT count(*) FROM priced").fetchone() == (0,)


def test_review_costly_and_luck_without_a_database(tmp_path, run):
    for command in ("costly", "luck"):
        code, out, err = run("review", command, "--db", tmp_path / "none.sqlite")
        assert code == 2 and out == "" and err.count("\n") == 1
        assert err.startswith("Error: no database at ")


def test_the_default_precision_is_the_decisions_one():
    assert costly.DEFAULT_PRECISION == DECISION_PRECISION


def test_luck_and_a_costly_list_with_nothing_to_price_load_no_odds_engine(tmp_path):
    """Queries of what is stored start fast: numba (seconds to load) stays out."""
    connection, _ = fresh(tmp_path, PRICED)
    price_decisions(connection, HI_LO)
    connection.close()
    code = ("import sys\nfrom studodds.cli.main import cli\n"
            "from studodds.review.costly import costly_decisions, price_decisions\n"
            "from studodds.review.database import open_database\n"
            "from studodds.review.player_stats import Filters\n"
            f"c = open_database({str(tmp_path / 'db.sqlite')!r})\n"
            "print(price_decisions(c, Filters(game='stud7hl8')).already,"
            " len(costly_decisions(c)))\n"
            "from studodds.cli import main\n"
            f"main(['review', 'luck', '--db', {str(tmp_path / 'db.sqlite')!r}])\n"
            "print('numba' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    lines = done.stdout.split("\n")
    assert lines[0] == "1 0" and lines[-2] == "False"  # hand 3 costs nothing


def test_a_dask_cluster_gives_the_same_rows(tmp_path, priced):
    """As the batch's Dask tests (tests/test_batch.py): a LocalCluster of worker processes."""
    pytest.importorskip("distributed")
    import faulthandler
    faulthandler.dump_traceback_later(120, exit=True)  # a hung cluster ends the run
    try:
        connection, _ = fresh(tmp_path, PRICED)
        executor = DaskExecutor(workers=1, threads_per_worker=1)
        assert price_decisions(connection, HI_LO, executor=executor).priced == 1
        assert not executor.started  # closed when the pricing is done
    finally:
        faulthandler.cancel_dump_traceback_later()
    assert stored(connection, "350000000003") == stored(priced[0], "350000000003")
