"""`studodds review replay` (review/stored_hands.py): a hand of the database replayed from
the file the database keeps, by its id; the room asked for only when hands of two rooms
share the id; every bad request one line."""

import json
import shutil

import pytest
from click.testing import CliRunner
from review_helpers import ROOT

from studodds.cli.main import cli
from studodds.cli.main import main as entry_point
from studodds.review.database import open_database
from studodds.review.hand_import import import_paths
from studodds.review.stored_hands import HandNotStored, rooms_with, stored_hand

HISTORIES = ROOT / "tests" / "data" / "handhistories"
STARS = HISTORIES / "stud7_showdown.txt"  # PokerStars hand 200000000001
FULL_TILT = HISTORIES / "fulltilt_stud_horse.txt"  # Full Tilt hands, 40000000001 first


@pytest.fixture(scope="module")
def database(tmp_path_factory):
    """Both files imported, the Full Tilt one with its first hand renumbered to share the
    PokerStars hand's id; then both files deleted: the database is all there is."""
    folder = tmp_path_factory.mktemp("stored")
    stars = folder / STARS.name
    shutil.copy(STARS, stars)
    tilt = folder / "fulltilt_same_id.txt"
    tilt.write_text(FULL_TILT.read_text().replace("#40000000001:", "#200000000001:", 1))
    db = folder / "hands.db"
    connection = open_database(db)
    import_paths(connection, [stars, tilt])
    connection.close()
    stars.unlink()
    tilt.unlink()
    return str(db)


def run(*args):
    return CliRunner().invoke(cli, ["review", "replay", *args])


def test_a_hand_is_replayed_from_the_database_alone(database):
    done = run("200000000001", "--room", "PokerStars", "--db", database)
    assert done.exit_code == 0, done.output
    assert "hand 200000000001: Seven-card stud, hero Hero" in done.output
    assert "Bob Smith wins the pot of 55.00" in done.output
    as_json = json.loads(run("200000000001", "--room", "PokerStars", "--db", database,
                             "--format", "json").output)
    assert [(h["room"], h["hand_id"]) for h in as_json] == [("PokerStars", "200000000001")]


def test_its_decisions_are_priced_as_replay_prices_them(database):
    done = run("200000000001", "--room", "PokerStars", "--decisions", "--db", database)
    assert done.exit_code == 0, done.output
    assert "needs" in done.output and "7th" in done.output
    priced = json.loads(run("200000000001", "--room", "PokerStars", "--decisions", "--db",
                            database, "--format", "json").output)
    shown = CliRunner().invoke(cli, ["replay", str(STARS), "--decisions", "--format", "json"])
    assert priced == json.loads(shown.output)  # the same hand, the same prices


def test_an_id_of_one_room_needs_no_room(database):
    done = run("40000000003", "--db", database)
    assert done.exit_code == 0, done.output
    assert "hand 40000000003: Razz" in done.output


def fails(capsys, *args):
    """`studodds review replay ARGS` through the entry point: (exit code, stderr)."""
    code = entry_point(["review", "replay", *args])
    captured = capsys.readouterr()
    assert captured.out == ""
    return code, captured.err


def test_an_id_two_rooms_share_asks_which(database, capsys):
    code, err = fails(capsys, "200000000001", "--db", database)
    assert code == 2 and err.count("\n") == 1
    assert ("Error: hands of 2 rooms have the id 200000000001 (Full Tilt Poker, PokerStars): "
            "name one with --room, e.g. --room 'Full Tilt Poker'") in err
    tilt = run("200000000001", "--room", "Full Tilt Poker", "--db", database)
    assert tilt.exit_code == 0, tilt.output
    assert "hand 200000000001: Seven-card stud, hero" in tilt.output
    assert "Alice" in tilt.output and "Bob Smith" not in tilt.output


@pytest.mark.parametrize(("args", "says"), [
    (["1"], "Error: no hand 1 in the database: import its file first"),
    (["200000000001", "--room", "Nowhere"],
     ("Error: no Nowhere hand 200000000001 in the database (the rooms with that id: Full "
      "Tilt Poker, PokerStars)")),
    (["200000000001", "--room", "PokerStars", "--ranges", "top20%"],
     "Error: --ranges is an option of the decisions: add --decisions"),
])
def test_a_bad_request_is_one_line(database, capsys, args, says):
    code, err = fails(capsys, *args, "--db", database)
    assert code == 2 and err.count("\n") == 1 and says in err


def test_no_database_is_one_line(tmp_path, capsys):
    code, err = fails(capsys, "1", "--db", str(tmp_path / "none.db"))
    assert code == 2 and err.count("\n") == 1 and "Error: no database at" in err
    assert not (tmp_path / "none.db").exists()


def test_the_library_names_the_rooms(database):
    connection = open_database(database, create=False)
    try:
        assert rooms_with(connection, "200000000001") == ("Full Tilt Poker", "PokerStars")
        assert rooms_with(connection, "40000000003") == ("Full Tilt Poker",)
        assert rooms_with(connection, "40000000002") == ()  # hold'em: never imported
        hand, source = stored_hand(connection, "40000000003")
        assert (hand.hand_id, source.endswith("fulltilt_same_id.txt")) == ("40000000003", True)
        with pytest.raises(HandNotStored) as raised:
            stored_hand(connection, "200000000001")
        assert raised.value.rooms == ("Full Tilt Poker", "PokerStars")
    finally:
        connection.close()
