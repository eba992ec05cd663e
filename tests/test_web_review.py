"""The Review tab's routes (studodds.web, /api/review/...): a hand-history file sent from
the page goes into the database `serve --db` names, as `studodds review import` puts it;
the stats with their filters are those of `studodds review stats`, with the net over hands
and the stats by game worked out by hand from the fixture; bad input is one line."""

from __future__ import annotations

import json
import shlex

import pytest

pytest.importorskip("starlette")
from review_helpers import FOUR_HANDS, dump, version_2_database
from starlette.testclient import TestClient

from studodds.cli import main
from studodds.web.app import create_app

BASE = "http://127.0.0.1:8765"


@pytest.fixture
def db(tmp_path):
    return tmp_path / "hands.sqlite"


@pytest.fixture
def client(db):
    with TestClient(create_app(db=db), base_url=BASE) as c:
        yield c


def upload(client, path, name=None):
    return client.post("/api/review/import", params={"name": name or path.name},
                       content=path.read_bytes())


def test_an_uploaded_file_is_imported_as_review_import_does(client, db, tmp_path):
    answer = upload(client, FOUR_HANDS)
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"imported": 4, "duplicates": 0, "skipped": 0, "files": [
        {"file": "stars_four_hands.txt", "imported": 4, "duplicates": 0, "skipped": [],
         "note": None}]}
    again = upload(client, FOUR_HANDS).json()
    assert (again["imported"], again["duplicates"]) == (0, 4)
    cli_db = tmp_path / "cli.sqlite"
    assert main(["review", "import", str(FOUR_HANDS), "--db", str(cli_db)]) in (0, None)
    assert dump(db, with_source=False) == dump(cli_db, with_source=False)


def test_an_upload_names_no_path_and_writes_only_the_database(client, db, tmp_path):
    """The name the page sends is a label: a path in it is cut to its last part."""
    answer = upload(client, FOUR_HANDS, name="../../etc/evil.txt")
    assert answer.json()["files"][0]["file"] == "evil.txt"
    sources = {row[0] for row in __import__("sqlite3").connect(db).execute(
        "SELECT source FROM hands")}
    assert sources == {"uploaded: evil.txt"}
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        p.name for p in tmp_path.iterdir() if p.name.startswith("hands.sqlite"))


def test_a_file_without_hands_imports_nothing_and_says_why(client, tmp_path):
    junk = tmp_path / "notes.txt"
    junk.write_text("my shopping list\n")
    answer = upload(client, junk)
    assert answer.status_code == 200
    assert answer.json()["imported"] == 0
    assert answer.json()["files"][0]["note"] == "not a hand history studodds reads"


def test_an_upload_over_the_body_cap_is_refused(db, tmp_path):
    with TestClient(create_app(db=db, max_body=1000), base_url=BASE) as small:
        answer = upload(small, FOUR_HANDS)
    assert answer.status_code == 413
    assert "\n" not in answer.json()["error"]
    assert not db.exists()


def test_stats_before_any_import_say_no_hands_and_make_no_database(client, db):
    answer = client.get("/api/review/stats")
    assert answer.status_code == 200
    assert answer.json() == {"database": str(db), "hands_in_database": 0}
    assert not db.exists()


def test_the_stats_are_review_stats_with_the_net_over_hands_and_by_game(client, db, capsys):
    upload(client, FOUR_HANDS)
    got = client.get("/api/review/stats").json()
    capsys.readouterr()
    assert main(["review", "stats", "--db", str(db), "--format", "json"]) in (0, None)
    cli = json.loads(capsys.readouterr().out)
    assert got["stats"] == cli["stats"]
    assert got["players"] == cli["players"] == ["Hero"]
    assert got["hands_in_database"] == 4
    assert got["choices"] == {"games": ["razz", "stud7"], "rooms": ["PokerStars"],
                              "stakes": ["1/2", "2/4"]}
    # The hero's nets, from the file: +2 - 0.75 (hand 1, $4 big bet), +32 - 16.25
    # (hand 2), -0.25 (hand 3's ante), -0.35 (razz at $2: ante and bring-in).
    nets = [1.25 / 4, 15.75 / 4, -0.25 / 4, -0.35 / 2]
    so_far = [sum(nets[:n]) for n in range(1, 5)]
    assert [p["hands"] for p in got["net_over_hands"]] == [1, 2, 3, 4]
    assert [p["net_big_bets"] for p in got["net_over_hands"]] == pytest.approx(so_far)
    # Hand 2 is Hero's one showdown; not priced yet, so expected is the net.
    assert [p["expected_big_bets"] for p in got["net_over_hands"]] == pytest.approx(so_far)
    assert got["expected"] == {"showdowns": 1, "showdowns_expected": 0,
                               "showdowns_not_priced": 1}
    assert list(got["by_game"]) == ["stud7", "razz"]  # most hands first
    hands = {game: next(s for s in stats if s["stat"] == "hands")["value"]
             for game, stats in got["by_game"].items()}
    assert hands == {"stud7": 3, "razz": 1}


@pytest.mark.parametrize(("query", "hands", "net"), [
    ({"game": "razz"}, 1, [-0.175]),
    ({"stakes": "2/4"}, 3, [0.3125, 4.25, 4.1875]),
    # the fixture's hands, in UTC: two on 2024-03-02, one on 03-03, one on 03-04
    ({"since": "2024-03-03", "until": "2024-03-31"}, 2, None),
    ({"since": "2024-04-01"}, 0, []),
    ({"room": "pokerstars", "opponent": "Dan"}, 1, [-0.175]),
    ({"player": "Bob"}, 3, None),
])
def test_the_filters(client, query, hands, net):
    upload(client, FOUR_HANDS)
    got = client.get("/api/review/stats", params=query).json()
    assert next(s for s in got["stats"] if s["stat"] == "hands")["value"] == hands
    if net is not None:
        assert [p["net_big_bets"] for p in got["net_over_hands"]] == pytest.approx(net)
    assert got["undated_hands_left_out"] == 0  # every hand of the fixture has its date


@pytest.mark.parametrize(("query", "words"), [
    ({"stakes": "two/four"}, "stakes 'two/four' are not SMALL/BIG"),
    ({"since": "March"}, "from 'March' is not a date"),
    ({"until": "2024-13-01"}, "to '2024-13-01' is not a date"),
    ({"game": "holdem"}, "game 'holdem' is not one studodds knows"),
])
def test_a_bad_filter_is_one_line(client, query, words):
    answer = client.get("/api/review/stats", params=query)
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert words in error and "\n" not in error and "--" not in error


def test_the_review_routes_keep_the_servers_host_check(client):
    answer = client.get("/api/review/stats", headers={"host": "evil.example:8765"})
    assert answer.status_code in (400, 403, 421)


PRICED = FOUR_HANDS.parent / "decisions_priced.txt"


def test_the_costly_list_is_review_costlys_priced_once(client, db, capsys):
    assert main(["review", "import", str(PRICED), "--db", str(db)]) in (0, None)
    got = client.get("/api/review/costly").json()
    capsys.readouterr()
    assert main(["review", "costly", "--db", str(db), "--format", "json"]) in (0, None)
    cli = json.loads(capsys.readouterr().out)
    rows = cli["decisions"] if isinstance(cli, dict) else cli
    assert got["costly"] == rows[:len(got["costly"])]
    worst = got["costly"][0]
    assert (worst["hand_id"], worst["street"], worst["kind"]) == ("350000000002", "7th", "fold")
    assert worst["link"] == "/#replay=350000000002&room=PokerStars&street=7th&player=Hero"
    # The command line for the same hand names the page's database (not the default one).
    assert worst["replay"] == ("studodds review replay 350000000002 --decisions --db "
                               f"{shlex.quote(str(db))}")
    assert got["unpriced"] == [] and "implied" in got["ignores"]


def _replay_of(capsys, path, hand_id):
    capsys.readouterr()
    main(["replay", str(path), "--hand", hand_id, "--format", "json"])
    return json.loads(capsys.readouterr().out)


def test_a_hand_uploaded_from_the_page_is_priced_and_replayed(client, tmp_path, capsys):
    """The page sends a file's bytes, not its place on disk: the database keeps them."""
    assert upload(client, PRICED, name="priced.txt").status_code == 200
    got = client.get("/api/review/costly").json()
    assert got["unpriced"] == [] and got["priced"] == 3
    cli_db = tmp_path / "cli.sqlite"
    assert main(["review", "import", str(PRICED), "--db", str(cli_db)]) in (0, None)
    capsys.readouterr()
    assert main(["review", "costly", "--db", str(cli_db), "--format", "json"]) in (0, None)
    cli = json.loads(capsys.readouterr().out)
    rows = cli["decisions"] if isinstance(cli, dict) else cli
    where = ("source", "replay")  # the upload has no path to replay from the command line
    assert [{k: v for k, v in row.items() if k not in where} for row in got["costly"]] == [
        {k: v for k, v in row.items() if k not in where} for row in rows[:len(got["costly"])]]
    worst = got["costly"][0]
    answer = client.post("/api/review/replay", params={
        "room": worst["room"], "hand": worst["hand_id"], "player": worst["player"]})
    assert answer.status_code == 200, answer.text
    assert answer.json() == _replay_of(capsys, PRICED, worst["hand_id"])


def test_a_hand_whose_file_is_deleted_after_its_import_is_replayed(client, db, tmp_path,
                                                                   capsys):
    copy = tmp_path / PRICED.name
    copy.write_bytes(PRICED.read_bytes())
    assert main(["review", "import", str(copy), "--db", str(db)]) in (0, None)
    copy.unlink()
    answer = client.post("/api/review/replay", params={
        "room": "PokerStars", "hand": "350000000002", "player": "Hero"})
    assert answer.status_code == 200, answer.text
    assert answer.json() == _replay_of(capsys, PRICED, "350000000002")


def test_a_costly_entry_replays_its_hand_from_the_database(client, db, capsys):
    assert main(["review", "import", str(PRICED), "--db", str(db)]) in (0, None)
    answer = client.post("/api/review/replay", params={
        "room": "PokerStars", "hand": "350000000002", "player": "Hero"})
    assert answer.status_code == 200, answer.text
    capsys.readouterr()
    main(["replay", str(PRICED), "--hand", "350000000002", "--format", "json"])
    assert answer.json() == json.loads(capsys.readouterr().out)


def test_a_hand_of_an_old_database_whose_file_is_gone_is_one_line(tmp_path):
    """A hand imported before the database kept the files is read from its path."""
    copy = tmp_path / PRICED.name
    copy.write_bytes(PRICED.read_bytes())
    db = tmp_path / "old.sqlite"
    version_2_database(db, tmp_path, [copy])
    copy.unlink()
    with TestClient(create_app(db=db), base_url=BASE) as old:
        answer = old.post("/api/review/replay", params={
            "room": "PokerStars", "hand": "350000000002", "player": "Hero"})
    assert answer.status_code == 400
    assert answer.json()["error"] == (
        f"hand 350000000002 ({copy}) cannot be replayed: its file cannot be read (No such "
        "file or directory) and, imported by an older studodds, has no copy in the "
        "database: put the file back where it was imported from (importing it again adds "
        "no copy: its hands are in the database already)")


@pytest.mark.parametrize(("params", "words"), [
    ({"room": "PokerStars"}, "name the hand to replay"),
    ({"room": "PokerStars", "hand": "999"}, "no PokerStars hand 999 in the database"),
])
def test_a_stored_replay_of_no_hand_is_one_line(client, db, params, words):
    assert main(["review", "import", str(PRICED), "--db", str(db)]) in (0, None)
    answer = client.post("/api/review/replay", params=params)
    assert answer.status_code == 400
    assert words in answer.json()["error"] and "\n" not in answer.json()["error"]
