"""The database's tables, as a list of migrations: migration N (1-based) takes a database
at schema version N - 1 (SQLite's PRAGMA user_version; 0 is a new file) to version N. A
released migration is never edited: a change to the schema is a new one at the end.

Amounts are in the hand's own unit (dollars, euros, tournament chips), as the hand
record (histories/record.py) has them; cards are written as text ("Ah Kh 9h")."""

from __future__ import annotations

import sqlite3

_VERSION_1 = """
CREATE TABLE hands (
    id          INTEGER PRIMARY KEY,
    room        TEXT NOT NULL,          -- formats.py's room name ("PokerStars", "PHH", ...)
    hand_id     TEXT NOT NULL,          -- the room's id of the hand
    game        TEXT NOT NULL,          -- a games.py id: stud7, stud7hl8, razz, ...
    mix         TEXT,                   -- "HORSE", "8-Game", ... when part of a mixed game
    tournament  TEXT,
    small_bet   REAL NOT NULL,
    big_bet     REAL NOT NULL,
    ante        REAL,
    bring_in    REAL,
    played_at   TEXT,                   -- ISO 8601, when the reader gives a date
    hero        TEXT,                   -- the player the file deals hole cards to
    players     INTEGER NOT NULL,       -- dealt in
    streets     INTEGER NOT NULL,       -- dealt
    community   TEXT,                   -- the community river of a card shortage
    total_pot   REAL,
    rake        REAL,
    showdown    INTEGER NOT NULL,       -- two or more players live at the end
    source      TEXT NOT NULL,          -- the file it was imported from
    UNIQUE (room, hand_id)
);
CREATE INDEX hands_by_game ON hands (game, big_bet);
CREATE INDEX hands_by_date ON hands (played_at);
CREATE INDEX hands_by_room ON hands (room);

-- One row per player dealt in: the seat, the result, and the facts the stats count
-- (review/stat_facts.py says what each is; docs/review.md defines the stats).
CREATE TABLE seats (
    hand        INTEGER NOT NULL REFERENCES hands (id),
    seat        INTEGER NOT NULL,
    player      TEXT NOT NULL,
    is_hero     INTEGER NOT NULL,
    stack       REAL,
    put_in      REAL NOT NULL,          -- antes included, before any bet returned
    returned    REAL NOT NULL,          -- uncalled bets returned
    collected   REAL NOT NULL,
    net         REAL NOT NULL,          -- collected - (put_in - returned)
    voluntary           INTEGER NOT NULL,
    raised_first        INTEGER NOT NULL,
    brought_in          INTEGER NOT NULL,
    faced_completion    INTEGER NOT NULL,
    defended            INTEGER NOT NULL,
    steal_chance        INTEGER NOT NULL,
    stole               INTEGER NOT NULL,
    faced_steal         INTEGER NOT NULL,
    folded_to_steal     INTEGER NOT NULL,
    saw_second          INTEGER NOT NULL,
    went_to_showdown    INTEGER NOT NULL,
    won_at_showdown     INTEGER NOT NULL,
    won_without_showdown INTEGER NOT NULL,
    aggressive_2nd INTEGER NOT NULL, calls_2nd INTEGER NOT NULL,
    aggressive_3rd INTEGER NOT NULL, calls_3rd INTEGER NOT NULL,
    aggressive_4th INTEGER NOT NULL, calls_4th INTEGER NOT NULL,
    aggressive_5th INTEGER NOT NULL, calls_5th INTEGER NOT NULL,
    aggressive_6th INTEGER NOT NULL, calls_6th INTEGER NOT NULL,
    aggressive_7th INTEGER NOT NULL, calls_7th INTEGER NOT NULL,
    PRIMARY KEY (hand, player)
) WITHOUT ROWID;
CREATE INDEX seats_by_player ON seats (player, hand);
CREATE INDEX seats_of_heroes ON seats (hand) WHERE is_hero;

-- Every action in the order played; position is the action's index among its street's
-- actions in the hand record (the antes are the first actions of the first street).
CREATE TABLE actions (
    hand        INTEGER NOT NULL REFERENCES hands (id),
    street      TEXT NOT NULL,          -- "3rd".."7th" ("2nd".."5th" in five-card stud)
    position    INTEGER NOT NULL,
    player      TEXT NOT NULL,
    kind        TEXT NOT NULL,          -- ante, bring-in, complete, bet, raise, call, check, fold
    amount      REAL NOT NULL,          -- the chips it puts in
    to_amount   REAL,                   -- a complete's or raise's total bet on the street
    all_in      INTEGER NOT NULL,
    PRIMARY KEY (hand, street, position)
) WITHOUT ROWID;

-- The cards each player was seen to get on each street (a hidden card is not written).
CREATE TABLE dealt (
    hand        INTEGER NOT NULL REFERENCES hands (id),
    street      TEXT NOT NULL,
    player      TEXT NOT NULL,
    cards       TEXT NOT NULL,
    PRIMARY KEY (hand, street, player)
) WITHOUT ROWID;

CREATE TABLE shown (
    hand        INTEGER NOT NULL REFERENCES hands (id),
    player      TEXT NOT NULL,
    cards       TEXT NOT NULL,
    PRIMARY KEY (hand, player)
) WITHOUT ROWID;

-- What each winner collected (every pot summed) is seats.collected; the uncalled bets
-- returned are summed in seats.returned and, street by street, here:
CREATE TABLE returned_bets (
    hand        INTEGER NOT NULL REFERENCES hands (id),
    street      TEXT NOT NULL,
    player      TEXT NOT NULL,
    amount      REAL NOT NULL
);
CREATE INDEX returned_bets_by_hand ON returned_bets (hand);

-- One row per file each import read; the counts are those committed so far.
CREATE TABLE imports (
    id          INTEGER PRIMARY KEY,
    file        TEXT NOT NULL,
    started_at  TEXT NOT NULL,
    finished_at TEXT,                   -- NULL: the import stopped before the file's end
    imported    INTEGER NOT NULL DEFAULT 0,
    duplicates  INTEGER NOT NULL DEFAULT 0,
    skipped     INTEGER NOT NULL DEFAULT 0,
    note        TEXT                    -- why the file gave no hands, if it gave none
);

CREATE TABLE skipped_hands (
    import      INTEGER NOT NULL REFERENCES imports (id),
    hand_id     TEXT,
    line        INTEGER NOT NULL,
    reason      TEXT NOT NULL
);

-- One row per hero decision, filled by the decisions' pricing (empty until then).
CREATE TABLE decisions (
    hand          INTEGER NOT NULL REFERENCES hands (id),
    street        TEXT NOT NULL,        -- "3rd".."7th"
    action_index  INTEGER NOT NULL,     -- 0-based within the street's actions
    player        TEXT NOT NULL,
    kind          TEXT NOT NULL,        -- fold, call, raise, complete, check, bet
    facing        REAL NOT NULL,        -- chips to call, 0 if none
    pot           REAL NOT NULL,        -- before the action, antes and earlier streets in
    big_bet       REAL NOT NULL,
    equity        REAL NOT NULL,        -- 0..1 share of the pot as the player saw the cards
    equity_se     REAL NOT NULL,        -- standard error, 0 when exact
    method        TEXT NOT NULL,        -- "exact" or "sampled"
    ranges        TEXT NOT NULL,        -- "random" or the ranges used
    needed        REAL,                 -- facing / (pot + facing); NULL when facing is 0
    cost_big_bets REAL,                 -- expected cost, >= 0; NULL for check and bet
    computed_with TEXT NOT NULL,        -- the studodds version
    PRIMARY KEY (hand, street, action_index)
) WITHOUT ROWID;

-- Per showdown hand and street: the player's expected share of the pot with every card
-- shown, against what was won (empty until the luck is computed).
CREATE TABLE luck (
    hand          INTEGER NOT NULL REFERENCES hands (id),
    player        TEXT NOT NULL,
    street        TEXT NOT NULL,
    equity_share  REAL NOT NULL,
    pot           REAL NOT NULL,
    won           REAL NOT NULL,
    PRIMARY KEY (hand, player, street)
) WITHOUT ROWID;
"""

# What each hand's decisions were priced with (review/costly.py): a hand with a row here
# for the player and the same settings is not priced again, even when it gave no decision
# or could not be priced (problem says why).
_VERSION_2 = """
CREATE TABLE priced (
    hand          INTEGER NOT NULL REFERENCES hands (id),
    player        TEXT NOT NULL,
    settings      TEXT NOT NULL,        -- the ranges, precision and seed, as JSON
    problem       TEXT,                 -- why the decisions could not be priced, if so
    computed_with TEXT NOT NULL,        -- the studodds version
    PRIMARY KEY (hand, player)
) WITHOUT ROWID;
"""

# The bytes of each file imported (review/source_files.py), so that pricing and the replay
# read a hand again without its file (an upload from the page has none; a file may move):
# one row per file content, whatever its name and however often imported, written in the
# transaction of the file's first new hand. hands.file: the file the hand was first read
# from; NULL for hands imported before this version, read again from their path (source).
# The reference is checked at the commit (DEFERRED): the import picks a file's id before
# it knows whether any of the file's hands is new, and writes the bytes only if one is.
_VERSION_3 = """
CREATE TABLE source_files (
    id          INTEGER PRIMARY KEY,
    sha256      TEXT NOT NULL UNIQUE,   -- of the bytes as read
    size        INTEGER NOT NULL,       -- bytes as read
    data        BLOB NOT NULL           -- the bytes, zlib-compressed
);
ALTER TABLE hands ADD COLUMN file INTEGER
    REFERENCES source_files (id) DEFERRABLE INITIALLY DEFERRED;
"""

# Which hand a row is, beyond its id (hand_rows.fingerprint: the game, the players and the
# cards each was dealt first), so that a hand with the id of another one already in the
# database (PHH files without ids name hands by file or section; PokerStars' sites count
# hands apart) is kept under an id of its own rather than taken for a duplicate. NULL for
# hands imported before this version: a hand with their id counts as the same hand.
_VERSION_4 = """
ALTER TABLE hands ADD COLUMN fingerprint TEXT;
"""

# Migration N takes the database from version N - 1 to N.
MIGRATIONS: tuple[str, ...] = (_VERSION_1, _VERSION_2, _VERSION_3, _VERSION_4)

SCHEMA_VERSION = len(MIGRATIONS)


class SchemaTooNew(ValueError):
    """A database written by a newer studodds: this one does not know its tables."""


def schema_version(connection: sqlite3.Connection) -> int:
    return connection.execute("PRAGMA user_version").fetchone()[0]


def migrate(connection: sqlite3.Connection, name: str) -> None:
    """Bring the database to SCHEMA_VERSION, each migration in a transaction of its own
    (taken with the write lock first, so that two processes opening a new database do
    not both create its tables). name: the database's file, for the error."""
    if schema_version(connection) == SCHEMA_VERSION:
        return
    connection.execute("BEGIN IMMEDIATE")
    try:
        version = schema_version(connection)
        if version > SCHEMA_VERSION:
            raise SchemaTooNew(
                f"the database {name!r} is of schema version {version}, newer than this "
                f"studodds knows ({SCHEMA_VERSION}): upgrade studodds, or use another "
                "file with --db")
        for number in range(version + 1, SCHEMA_VERSION + 1):
            for statement in _statements(MIGRATIONS[number - 1]):
                connection.execute(statement)
            # PRAGMA takes no parameters; the number is ours.
            connection.execute(f"PRAGMA user_version = {number}")
        connection.execute("COMMIT")
    except BaseException:
        connection.execute("ROLLBACK")
        raise


def _statements(script: str) -> list[str]:
    """A migration's statements one by one (executescript would commit the transaction
    the migration runs in)."""
    statements, current = [], ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            statements.append(current.strip())
            current = ""
    return statements
