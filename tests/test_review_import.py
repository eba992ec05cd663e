"""`studodds review import`: the database a set of files gives is the same whatever the
order and however often a hand comes (hypothesis), whenever an import is killed (SIGKILL,
then import again), and with two imports at once; bad hands are skipped with their reasons;
the schema's version and migrations; the default file; the command's counts and errors."""

from __future__ import annotations

import hashlib
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import zlib
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from review_helpers import FOUR_HANDS, ROOT, dump, hand_count, hand_folder

from studodds.cli import main
from studodds.review import database, schema
from studodds.review.database import default_database, open_database
from studodds.review.hand_import import import_paths, import_upload

HANDS_FOLDER = ROOT / "tests" / "data" / "handhistories"


def _import(db, paths, **options):
    connection = open_database(db)
    try:
        return import_paths(connection, paths, **options)
    finally:
        connection.close()


# --- order and duplicates -----------------------------------------------------------------

def _pool() -> list[str]:
    """Hand texts: the four fixture hands and 16 generated ones."""
    texts = FOUR_HANDS.read_text().split("\n\n\n\n")
    maker = hand_folder()
    rng = random.Random(7)
    return [t.strip() + "\n" for t in texts] + [maker.hand_text(900 + i, rng)
                                                for i in range(16)]


@pytest.fixture(scope="module")
def pool_and_reference(tmp_path_factory):
    pool = _pool()
    folder = tmp_path_factory.mktemp("reference")
    whole = folder / "all.txt"
    whole.write_text("\n\n".join(pool))
    _import(folder / "ref.sqlite", [whole])
    return pool, dump(folder / "ref.sqlite", with_source=False)


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_import_order_and_duplicates_change_nothing(pool_and_reference, tmp_path, data):
    pool, reference = pool_and_reference
    order = data.draw(st.permutations(range(len(pool))), "order")
    again = data.draw(st.lists(st.integers(0, len(pool) - 1), max_size=12), "duplicates")
    where = data.draw(st.lists(st.integers(0, len(order) + len(again)), max_size=4), "cuts")
    chunk = data.draw(st.integers(1, 7), "hands per transaction")
    hands = list(order)
    for n, index in enumerate(again):  # each duplicate somewhere in the stream
        hands.insert(data.draw(st.integers(0, len(hands)), f"place of duplicate {n}"), index)
    cuts = sorted({0, len(hands), *where})
    run = len(list(tmp_path.glob("run*")))
    folder = tmp_path / f"run{run}"
    folder.mkdir()
    files = {}
    for n, (start, end) in enumerate(pairwise(cuts)):
        path = folder / f"file{n}.txt"
        path.write_text("\n\n".join(pool[i] for i in hands[start:end]))
        files[path] = end - start
    # A file may be named twice, too.
    again_named = data.draw(st.lists(st.sampled_from(list(files)), max_size=2), "named again")
    result = _import(folder / "db.sqlite", list(files) + again_named, chunk_hands=chunk)
    assert result.imported == len(pool)
    assert result.duplicates == len(hands) - len(pool) + sum(files[p] for p in again_named)
    assert dump(folder / "db.sqlite", with_source=False) == reference


def test_importing_twice_adds_nothing(tmp_path):
    db = tmp_path / "db.sqlite"
    first = _import(db, [HANDS_FOLDER])
    before = dump(db)
    second = _import(db, [HANDS_FOLDER])
    assert second.imported == 0 and second.duplicates == first.imported + first.duplicates
    assert dump(db) == before


def test_a_file_imported_again_keeps_its_bytes_once(tmp_path):
    """Under its own name, another name, or sent from the page: one copy of the bytes,
    which each of its hands names."""
    db = tmp_path / "db.sqlite"
    other = tmp_path / "renamed.txt"
    other.write_bytes(FOUR_HANDS.read_bytes())
    _import(db, [FOUR_HANDS, other, FOUR_HANDS])
    connection = open_database(db)
    import_upload(connection, FOUR_HANDS.read_bytes(), "sent.txt")
    kept = connection.execute("SELECT id, sha256, size, data FROM source_files").fetchall()
    assert len(kept) == 1
    row, sha256, size, data = kept[0]
    raw = FOUR_HANDS.read_bytes()
    assert (sha256, size) == (hashlib.sha256(raw).hexdigest(), len(raw))
    assert zlib.decompress(data) == raw and len(data) < len(raw) / 2
    assert connection.execute("SELECT DISTINCT file FROM hands").fetchall() == [(row,)]


def test_a_file_whose_hands_are_all_there_keeps_no_bytes(tmp_path):
    db = tmp_path / "db.sqlite"
    _import(db, [FOUR_HANDS])
    again = tmp_path / "again.txt"  # the same hands, other bytes
    again.write_text(FOUR_HANDS.read_text() + "\n\n")
    assert _import(db, [again]).duplicates == 4
    connection = sqlite3.connect(db)
    assert connection.execute("SELECT count(*) FROM source_files").fetchone() == (1,)


def test_bad_hands_are_skipped_with_their_reasons(tmp_path):
    db = tmp_path / "db.sqlite"
    result = _import(db, [HANDS_FOLDER / "broken_then_good.txt",
                          HANDS_FOLDER / "stud7_side_pot_bad_card.txt",
                          HANDS_FOLDER / "holdem_only.txt"])
    broken, cut, holdem = result.files
    assert broken.imported == 1 and [(s.hand_id, s.line) for s in broken.skipped] == [
        ("200000000010", 10), ("200000000011", 19)]
    assert "no *** SUMMARY ***" in broken.skipped[0].reason
    assert cut.imported == 0 and cut.skipped[0].hand_id == "200000000022"
    assert cut.skipped[0].reason.endswith("without its end, who won is not known")
    assert holdem.imported == 0 and holdem.note == "no stud hands in it"
    connection = sqlite3.connect(db)
    kept = connection.execute(
        "SELECT i.file, s.hand_id, s.line FROM skipped_hands s JOIN imports i "
        "ON i.id = s.import ORDER BY i.id, s.line").fetchall()
    assert [(os.path.basename(f), h, n) for f, h, n in kept] == [
        ("broken_then_good.txt", "200000000010", 10),
        ("broken_then_good.txt", "200000000011", 19),
        ("stud7_side_pot_bad_card.txt", "200000000022", 35)]
    counts = connection.execute(
        "SELECT imported, duplicates, skipped, note IS NOT NULL, finished_at IS NOT NULL "
        "FROM imports ORDER BY id").fetchall()
    assert counts == [(1, 0, 2, 0, 1), (0, 0, 1, 1, 1), (0, 0, 0, 1, 1)]


def test_a_hand_is_all_its_rows(tmp_path):
    """The showdown hand of the fixtures, as its rows."""
    db = tmp_path / "db.sqlite"
    _import(db, [FOUR_HANDS])
    connection = sqlite3.connect(db)
    hand = connection.execute(
        "SELECT id, game, small_bet, big_bet, ante, bring_in, hero, players, streets, "
        "total_pot, rake, showdown, source, played_at FROM hands "
        "WHERE hand_id = '3500000002'").fetchone()
    assert hand[1:12] == ("stud7", 2.0, 4.0, 0.25, 0.5, "Hero", 4, 5, 33.0, 1.0, 1)
    assert hand[12] == str(FOUR_HANDS)
    assert hand[13] == "2024-03-02 01:02:00"  # 2024/03/01 20:02:00 ET, in UTC
    actions = connection.execute(
        "SELECT street, position, player, kind, amount, to_amount, all_in FROM actions "
        "WHERE hand = ? ORDER BY street, position", (hand[0],)).fetchall()
    assert actions[4:9] == [("3rd", 4, "Hero", "bring-in", 0.5, None, 0),
                            ("3rd", 5, "Ann", "fold", 0.0, None, 0),
                            ("3rd", 6, "Bob", "complete", 2.0, 2.0, 0),
                            ("3rd", 7, "Cat", "fold", 0.0, None, 0),
                            ("3rd", 8, "Hero", "call", 1.5, None, 0)]
    assert actions[-2] == ("7th", 1, "Bob", "raise", 8.0, 8.0, 0)
    assert connection.execute("SELECT cards FROM dealt WHERE hand = ? AND street = '3rd' "
                              "AND player = 'Hero'", (hand[0],)).fetchone() == ("Qs Qc 2c",)
    assert connection.execute("SELECT player, cards FROM shown WHERE hand = ?",
                              (hand[0],)).fetchall() == [("Hero", "Qs Qc 2c 2d 7h 2h Js")]
    seats = connection.execute("SELECT seat, player, is_hero, put_in, collected, net FROM seats "
                               "WHERE hand = ? ORDER BY seat", (hand[0],)).fetchall()
    assert seats == [(1, "Hero", 1, 16.25, 32.0, 15.75), (2, "Ann", 0, 0.25, 0.0, -0.25),
                     (3, "Bob", 0, 16.25, 0.0, -16.25), (4, "Cat", 0, 0.25, 0.0, -0.25)]


# --- a kill, two at once ------------------------------------------------------------------

def _spawn(db, folder) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "studodds", "review", "import", "--db",
                             str(db), str(folder)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT)


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """2,000 generated hands in 5 files, and the database one clean import makes of them."""
    folder = tmp_path_factory.mktemp("generated")
    hand_folder().write_folder(folder / "hands", 2000, per_file=400, seed=3)
    _import(folder / "clean.sqlite", [folder / "hands"])
    return folder / "hands", dump(folder / "clean.sqlite")


def test_a_killed_import_loses_nothing_committed_and_leaves_no_half_hand(generated, tmp_path):
    folder, clean = generated
    db = tmp_path / "killed.sqlite"
    process = _spawn(db, folder)
    deadline = time.monotonic() + 60
    while hand_count(db) < 300 and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert process.returncode == -signal.SIGKILL
    kept = hand_count(db)
    assert 0 < kept < 2000, f"the import was not killed midway ({kept} hands)"
    connection = sqlite3.connect(db)
    counted = connection.execute("SELECT sum(imported) FROM imports").fetchone()[0]
    connection.close()
    assert counted == kept  # the counts say what is committed, no more, no less
    # Every hand there is whole: exactly its rows in the clean database.
    partial = dump(db)
    hands = {(row[0], row[1]) for row in partial["hands"]}
    for table, rows in clean.items():
        expected = [r for r in rows if (r[0], r[1]) in hands]
        assert partial[table] == expected, table
    _import(db, [folder])
    assert dump(db) == clean


def test_two_imports_at_once_make_the_database_one_makes(generated, tmp_path):
    folder, clean = generated
    db = tmp_path / "both.sqlite"  # not there yet: both make its tables too
    processes = [_spawn(db, folder) for _ in range(2)]
    for process in processes:
        _, err = process.communicate(timeout=120)
        assert process.returncode == 0, err.decode()
    assert dump(db) == clean
    connection = sqlite3.connect(db)
    imported, duplicates = connection.execute(
        "SELECT sum(imported), sum(duplicates) FROM imports").fetchone()
    assert (imported, duplicates) == (2000, 2000)  # each hand written once, seen twice


# --- the schema, the file -----------------------------------------------------------------

def test_a_hand_with_the_id_of_another_is_kept_under_an_id_of_its_own(tmp_path, capsys):
    """Two hands of one room with one id (PHH names a hand without an id by its file or
    section; PokerStars' sites count hands apart): once the second was counted "already in
    the database" and lost. The same hand again is still a duplicate."""
    one = tmp_path / "one.phhs"
    two = tmp_path / "two.phhs"
    phh = ROOT / "tests" / "data" / "handhistories" / "phh_stud7_side_pot.phh"
    text = phh.read_text()
    one.write_text("[1]\n" + text)
    # The same hand with other players: another hand, under the same section name.
    two.write_text("[1]\n" + text.replace("'Ann Lee'", "'Zed Lee'"))
    assert "Zed Lee" in two.read_text()
    db = tmp_path / "db.sqlite"
    code = main(["review", "import", str(one), str(two), str(one), "--db", str(db)])
    out, err = capsys.readouterr()
    assert code in (0, None)
    assert out.strip() == "3 files: 2 imported, 1 already in the database, 0 skipped"
    assert "hand Sunday-12: the database already has a different hand with this id (other " \
        "players or other first cards), so this one is kept as Sunday-12~2" in err
    connection = sqlite3.connect(db)
    assert sorted(connection.execute("SELECT hand_id FROM hands")) == [
        ("Sunday-12",), ("Sunday-12~2",)]
    connection.close()
    # Imported again, in the other order: nothing new, the second still the second.
    assert main(["review", "import", str(two), str(one), "--db", str(db)]) in (0, None)
    assert capsys.readouterr().out.strip() == (
        "2 files: 0 imported, 2 already in the database, 0 skipped")
    done = main(["review", "replay", "Sunday-12~2", "--db", str(db)])
    assert done in (0, None) and "Zed Lee" in capsys.readouterr().out


def test_an_import_stopped_with_ctrl_c_says_what_it_kept(tmp_path, capsys, monkeypatch):
    from studodds.cli import review as review_cli

    def stopped(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(review_cli, "import_paths", stopped)
    code = main(["review", "import", str(FOUR_HANDS), "--db", str(tmp_path / "db.sqlite")])
    out, err = capsys.readouterr()
    assert code == 130 and out == ""
    assert err == ("studodds: stopped; the hands imported so far are kept: import the same "
                   "files again to add the rest\nError: aborted\n")


def test_a_new_database_is_at_the_last_schema_version_in_wal_mode(tmp_path):
    connection = open_database(tmp_path / "new.sqlite")
    assert schema.schema_version(connection) == len(schema.MIGRATIONS) == 4
    assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    tables = {name for (name,) in connection.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"hands", "seats", "actions", "dealt", "shown", "returned_bets", "imports",
            "skipped_hands", "decisions", "luck", "priced", "source_files"} <= tables
    decisions = [row[1] for row in connection.execute("PRAGMA table_info(decisions)")]
    assert decisions == ["hand", "street", "action_index", "player", "kind", "facing", "pot",
                         "big_bet", "equity", "equity_se", "method", "ranges", "needed",
                         "cost_big_bets", "computed_with"]
    luck = [row[1] for row in connection.execute("PRAGMA table_info(luck)")]
    assert luck == ["hand", "player", "street", "equity_share", "pot", "won"]
    hands = [row[1] for row in connection.execute("PRAGMA table_info(hands)")]
    assert hands[-2:] == ["file", "fingerprint"]


def test_migrations_run_once_and_in_order(tmp_path, monkeypatch):
    db = tmp_path / "db.sqlite"
    open_database(db).close()
    later = schema.MIGRATIONS + ("ALTER TABLE hands ADD COLUMN note TEXT;",)
    monkeypatch.setattr(schema, "MIGRATIONS", later)
    monkeypatch.setattr(schema, "SCHEMA_VERSION", len(later))
    for _ in range(2):  # the second opening finds nothing to do
        connection = open_database(db)
        assert schema.schema_version(connection) == len(later)
        assert "note" in [row[1] for row in connection.execute("PRAGMA table_info(hands)")]
        connection.close()


def test_a_database_of_a_newer_studodds_is_refused(tmp_path):
    db = tmp_path / "new.sqlite"
    connection = sqlite3.connect(db)
    connection.execute("PRAGMA user_version = 99")
    connection.close()
    with pytest.raises(schema.SchemaTooNew,
                       match="schema version 99, newer than this studodds knows"):
        open_database(db)


def test_a_file_that_is_no_database_is_one_error_line(tmp_path, capsys):
    bad = tmp_path / "notes.txt"
    bad.write_text("not a database, just some text that is long enough " * 20)
    code = main(["review", "stats", "--db", str(bad)])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"Error: {str(bad)!r} is not a studodds review database")


@pytest.mark.parametrize("command", [["review", "stats"], ["review", "import"]])
def test_another_programs_sqlite_file_is_refused_and_left_alone(tmp_path, capsys, command):
    """A read once added studodds' tables to any SQLite file named with --db."""
    theirs = tmp_path / "theirs.sqlite"
    connection = sqlite3.connect(theirs)
    connection.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    connection.execute("INSERT INTO notes (text) VALUES ('keep me')")
    connection.commit()
    connection.close()
    before = theirs.read_bytes()
    args = [*command, "--db", str(theirs)]
    if command[-1] == "import":
        args.append(str(FOUR_HANDS))
    code = main(args)
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"Error: {str(theirs)!r} is an SQLite database of another program "
                          "(its tables: notes), not a studodds review database: name another "
                          "file with --db")
    assert theirs.read_bytes() == before  # not a byte changed, the journal mode included
    assert sorted(p.name for p in tmp_path.iterdir()) == ["theirs.sqlite"]


def test_a_new_file_locked_while_another_switches_its_journal_is_waited_for():
    """Two imports into a new file at once: SQLite's busy timeout does not cover the
    switch to WAL, and one import once failed with "database is locked"."""
    class Switching:
        tries = 0

        def execute(self, sql):
            self.tries += 1
            if self.tries < 3:
                raise sqlite3.OperationalError("database is locked")

    connection = Switching()
    database._write_ahead_log(connection)
    assert connection.tries == 3


@pytest.mark.parametrize("journal", ["delete", "wal"])
def test_a_new_files_tables_made_by_another_import_between_two_reads_are_not_another_programs(
        tmp_path, journal):
    """Two imports into a new file at once: one read the schema version (0), the other
    made the tables and committed, and the first then read the tables and called the file
    another program's (a CI run failed so). Here the other import makes the tables just
    before the second read; the first must still see one state, the file new or ours.
    journal: the new file's journal mode when the other import makes its tables (WAL if
    it had switched it first, as open_database does: its commit then lands during the
    read; in the rollback journal it waits for the read to end)."""
    path = tmp_path / "new.sqlite"
    name = str(path)
    sqlite3.connect(name).execute(f"PRAGMA journal_mode = {journal}").fetchall()
    made = []

    def make_the_tables():
        other = sqlite3.connect(name, timeout=30, isolation_level=None)
        schema.migrate(other, name)
        other.close()
        made.append(True)

    class AnotherImportBetweenTheReads:
        def __init__(self):
            self.real = sqlite3.connect(name, timeout=30, isolation_level=None)
            self.other = threading.Thread(target=make_the_tables)

        def execute(self, sql):
            if "sqlite_master" in sql:
                self.other.start()
                # Time to commit, unless a read transaction holds the file.
                self.other.join(timeout=1.0)
            return self.real.execute(sql)

        def __getattr__(self, name):  # in_transaction and the rest: the connection's
            return getattr(self.real, name)

        def close(self):
            self.real.close()

    connection = AnotherImportBetweenTheReads()
    database._refuse_another_programs(connection, name)  # must not raise
    connection.other.join(timeout=30)
    assert made == [True]
    connection.close()
    open_database(path).close()  # and the file is ours


def test_the_default_database_is_in_the_users_data_directory(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_database() == tmp_path / "data" / "studodds" / "hands.sqlite"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_database() == tmp_path / "home" / ".local" / "share" / "studodds" / \
        "hands.sqlite"


# --- the command --------------------------------------------------------------------------

def test_cli_import_counts_each_file_on_stderr_and_the_total_on_stdout(tmp_path, capsys):
    db = str(tmp_path / "db.sqlite")
    code = main(["review", "import", "--db", db, str(FOUR_HANDS),
                 str(HANDS_FOLDER / "broken_then_good.txt")])
    out, err = capsys.readouterr()
    assert code == 0
    assert out == "2 files: 5 imported, 0 already in the database, 2 skipped\n"
    assert err.splitlines() == [
        f"{FOUR_HANDS}: 4 imported, 0 already in the database, 0 skipped",
        (f"{HANDS_FOLDER / 'broken_then_good.txt'}: 1 imported, 0 already in the database, "
         "2 skipped"),
        "  skipped hand 200000000010, line 10: hand is truncated: no *** SUMMARY ***",
        "  skipped hand 200000000011, line 19: As is dealt to both Hero and Villain"]
    code = main(["review", "import", "--db", db, str(FOUR_HANDS)])
    out, _ = capsys.readouterr()
    assert code == 0 and out == "1 file: 0 imported, 4 already in the database, 0 skipped\n"


def test_cli_import_of_nothing_to_import_exits_1(tmp_path, capsys):
    code = main(["review", "import", "--db", str(tmp_path / "db.sqlite"),
                 str(HANDS_FOLDER / "holdem_only.txt")])
    out, err = capsys.readouterr()
    assert code == 1
    assert out == "1 file: 0 imported, 0 already in the database, 0 skipped\n"
    assert err == f"{HANDS_FOLDER / 'holdem_only.txt'}: skipped (no stud hands in it)\n"


def test_cli_import_of_a_path_not_there_is_one_error_line(tmp_path, capsys):
    missing = tmp_path / "nowhere"
    code = main(["review", "import", "--db", str(tmp_path / "db.sqlite"), str(missing)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err == (f"Error: {str(missing)!r} does not exist: name hand-history files or "
                   "folders\n")
    assert not (tmp_path / "db.sqlite").exists()  # no database made for nothing


def test_a_hand_whose_call_the_file_garbles_is_skipped(tmp_path, capsys):
    """'Hero: cals $2': the line is ignored and Hero seems $2 short of Bob Smith without
    being all in. Imported, the hand's nets would be wrong for good: it is skipped, saying
    why. A line ignored that costs no chips (a chat line) skips nothing."""
    text = (HANDS_FOLDER / "stud7_showdown.txt").read_text()
    garbled = tmp_path / "garbled.txt"
    # A harmless line ignored first: the reason names Hero's line, not the first one.
    garbled.write_text(text.replace("Hero: calls $2\n", "Hero: cals $2\n")
                       .replace('Carol said, "nh"\n', 'Carol said, "nh"\nCarol: waves\n'))
    chatty = tmp_path / "chatty.txt"
    chatty.write_text(text.replace("Carol folds\n", "Carol folds\nCarol: waves hello\n")
                      .replace("Carol: folds\n", "Carol: folds\nCarol: waves hello\n"))
    db = str(tmp_path / "db.sqlite")
    assert main(["review", "import", "--db", db, str(garbled), str(chatty)]) == 0
    out, err = capsys.readouterr()
    assert out == "2 files: 1 imported, 0 already in the database, 1 skipped\n"
    assert err.splitlines()[1] == (
        "  skipped hand 200000000001, line 22: Hero put in 2.00 less than Bob Smith without "
        "being all in: some of Hero's chips are on a line that was ignored ('Hero: cals $2'): "
        "the nets would be wrong")
