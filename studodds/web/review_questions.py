"""The Review tab's requests to the review library: a hand-history file sent from the page
imported into the database `studodds serve --db` names (as `studodds review import` does),
and the stats with their filters, the net over hands and the stats by game. Each request
opens the database, does its work and closes it: two at once take turns in SQLite
(database.py), and no path the page sends is ever opened."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping

from ..games import GAMES
from ..histories.replaying import replay_hands
from ..reports import replay_document
from ..review.costly import costly_decisions, price_decisions
from ..review.database import DatabaseError, default_database, open_database
from ..review.decisions import IGNORES
from ..review.hand_import import import_upload
from ..review.overview import NetOverHands, filter_choices, net_over_hands, stats_by_game
from ..review.player_stats import (
    FilterError,
    Filters,
    names_not_found,
    parse_date,
    parse_stakes,
    player_stats,
)
from ..review.source_files import parse_name
from ..review.stored_hands import stored_hand
from .questions import Progress, Question, Warn, upload_name

FILTERS = ("player", "game", "stakes", "since", "until", "room", "opponent")


def import_question(raw: bytes, db: str, *, name: str | None = None) -> Question:
    """POST /api/review/import?name=FILE: the file's bytes into the database; its counts
    as `studodds review import --format json` gives them for one file."""
    name = upload_name(name)

    def run(progress: Progress, warn: Warn):
        connection = open_database(db)
        try:
            done = import_upload(connection, raw, name)
        finally:
            connection.close()
        return {"imported": done.imported, "duplicates": done.duplicates,
                "skipped": len(done.skipped),
                "files": [{"file": done.path, "imported": done.imported,
                           "duplicates": done.duplicates,
                           "skipped": [{"hand_id": s.hand_id, "line": s.line,
                                        "reason": s.reason} for s in done.skipped],
                           "note": done.note}]}
    return run


def read_filters(params: Mapping[str, str]) -> Filters:
    """The query's filters (empty ones left out), checked as `review stats` checks its
    options, in the page's words."""
    given = {k: params[k].strip() for k in FILTERS if params.get(k, "").strip()}
    game = given.get("game", "").lower() or None
    if game is not None and game not in GAMES:
        raise FilterError(f"game {given['game']!r} is not one studodds knows: pick one of "
                          + ", ".join(GAMES))
    stakes = None
    if "stakes" in given:
        try:
            stakes = parse_stakes(given["stakes"])
        except FilterError:  # its message names the CLI's option
            raise FilterError(f"stakes {given['stakes']!r} are not SMALL/BIG: write the small "
                              "bet and the big bet, e.g. 2/4 or 0.04/0.08") from None
    since = parse_date(given["since"], "from") if "since" in given else None
    until = parse_date(given["until"], "to") if "until" in given else None
    if since is not None and until is not None and since > until:
        raise FilterError(f"from {since} is after to {until}: no day is between them")
    return Filters(player=given.get("player"), game=game, stakes=stakes, since=since,
                   until=until, room=given.get("room"), opponent=given.get("opponent"))


# The filters as the Review tab labels its boxes (the CLI says --player, ...).
FILTER_LABELS = {"--player": "Player", "--opponent": "Opponent", "--room": "Room"}


def stats_question(params: Mapping[str, str], db: str) -> Question:
    """GET /api/review/stats?game=...: the stats of `studodds review stats --format json`,
    with the net over hands, the stats of each game and the filters' choices; a database
    not made yet has no hands (and is not made by asking)."""
    filters = read_filters(params)

    def run(progress: Progress, warn: Warn):
        if not os.path.exists(db):
            return {"database": db, "hands_in_database": 0}
        connection = open_database(db, create=False)
        try:
            total = connection.execute("SELECT COUNT(*) FROM hands").fetchone()[0]
            return {
                "database": db, "hands_in_database": total,
                "choices": filter_choices(connection),
                **player_stats(connection, filters).to_dict(),
                # a name the filters give that no hand has, said with the nearest ones
                "not_found": names_not_found(connection, filters, FILTER_LABELS),
                **_net_and_expected(net_over_hands(connection, filters)),
                "by_game": {game: stats.to_dict()["stats"] for game, stats
                            in stats_by_game(connection, filters).items()},
            }
        finally:
            connection.close()
    return run


def _net_and_expected(found: NetOverHands) -> dict:
    return {"net_over_hands": [dataclasses.asdict(p) for p in found.points],
            "expected": {"showdowns": found.showdowns,
                         "showdowns_expected": found.showdowns_expected,
                         "showdowns_not_priced": found.showdowns_not_priced}}


COSTLY_LIMIT = 20  # the page lists the worst; `studodds review costly --limit N` for more


def costly_question(params: Mapping[str, str], db: str) -> Question:
    """GET /api/review/costly?game=...: the decisions that cost the most (`studodds review
    costly`), the hands not priced yet priced first (once: they are stored), with progress;
    a hand whose file cannot be read is counted with the reason."""
    filters = read_filters(params)

    def run(progress: Progress, warn: Warn):
        if not os.path.exists(db):
            return {"costly": [], "priced": 0, "unpriced": [], "ignores": IGNORES}
        connection = open_database(db, create=False)
        try:
            def priced(done: int, total: int) -> None:
                progress(done / total if total else 1.0)
            result = price_decisions(connection, filters, progress=priced)
            # Each entry's command line names the database when it is not the default one.
            named = None if db == os.fspath(default_database()) else db
            rows = costly_decisions(connection, filters, limit=COSTLY_LIMIT, database=named)
        finally:
            connection.close()
        return {"costly": [row.to_dict() for row in rows],
                "priced": result.priced + result.already,
                "unpriced": [{"room": u.room, "hand_id": u.hand_id, "source": u.source,
                              "reason": u.reason}
                             for u in result.unpriced],
                "ignores": IGNORES}
    return run


def stored_replay_question(params: Mapping[str, str], db: str) -> Question:
    """POST /api/review/replay?room=ROOM&hand=ID&player=NAME: `studodds replay` of a hand
    in the database, read from the file the database keeps (review/source_files.py; the
    request names the hand, never a path), as the player saw it."""
    room, hand_id = params.get("room", ""), params.get("hand", "")
    if not room or not hand_id:
        raise ValueError("name the hand to replay: room=ROOM&hand=ID, as the costly list "
                         "links it")

    def run(progress: Progress, warn: Warn):
        if not os.path.exists(db):
            raise DatabaseError("no hands in the database yet: import hand histories first")
        connection = open_database(db, create=False)
        try:
            hand, source = stored_hand(connection, hand_id, room)
        finally:
            connection.close()
        replays = replay_hands([hand], hero=params.get("player") or None,
                               where=repr(upload_name(parse_name(source))),
                               progress=progress, warn=warn)
        return replay_document(replays)
    return run
