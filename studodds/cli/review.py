"""`studodds review`: a database of a player's hands (import) and the stats of stud over
them (stats). The library (review/) does the work; this module reads the options and
writes what it returns."""

from __future__ import annotations

import click

from ..games import GAMES
from ..review.database import default_database, open_database
from ..review.hand_import import FileImport, ImportResult, files_to_import, import_paths
from ..review.player_stats import Filters, PlayerStats, parse_date, parse_stakes, player_stats
from . import render
from .options import CONTEXT, output_options
from .untrusted import visible


def _db_option(command):
    return click.option(
        "--db", "db", metavar="FILE", type=click.Path(dir_okay=False),
        help=f"The database file (default: {default_database()}).")(command)


@click.group("review", context_settings=CONTEXT)
def review_group():
    """A database of your hands: import hand histories, then ask the stats of stud.

    \b
    Examples:
      studodds review import HandHistory/
      studodds review stats --game razz --stakes 2/4
    """


@review_group.command("import", context_settings=CONTEXT)
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@_db_option
@output_options()
def import_command(paths, db, fmt):
    """Import hand histories (files, or folders of them) into the database.

    Reads every file `studodds replay` reads. A hand already in the database (the same
    room and hand id) is counted as a duplicate and adds nothing; a hand that cannot be
    read is skipped, and the reason kept in the database and written on stderr. Each
    file's counts go to stderr, the total to stdout. Exit code 0 when the files held a
    hand to import (new or already there), 1 when none did.
    """
    files = files_to_import(paths)  # a path not there is refused before a database is made
    connection = open_database(db)
    try:
        result = import_paths(connection, files, on_file=_tell_file)
    finally:
        connection.close()
    if result.imported + result.duplicates == 0:
        click.echo(render.write(_import_report(result), fmt))
        click.get_current_context().exit(1)
    return _import_report(result)


def _tell_file(done: FileImport) -> None:
    """One file's counts on stderr, then each hand skipped and why."""
    if done.note is not None:
        click.echo(visible(f"{done.path}: skipped ({done.note})"), err=True)
    else:
        counts = _counts(done.imported, done.duplicates, len(done.skipped))
        click.echo(visible(f"{done.path}: {counts}"), err=True)
    for hand in done.skipped:
        where = f"hand {hand.hand_id}, " if hand.hand_id else ""
        click.echo(visible(f"  skipped {where}line {hand.line}: {hand.reason}"), err=True)


def _counts(imported: int, duplicates: int, skipped: int) -> str:
    return (f"{imported:,} imported, {duplicates:,} already in the database, "
            f"{skipped:,} skipped")


def _import_report(result: ImportResult) -> render.Report:
    headers = ("file", "imported", "duplicates", "skipped", "note")
    rows = [(f.path, f.imported, f.duplicates, len(f.skipped), f.note or "")
            for f in result.files]
    return render.Report(
        json=lambda: {
            "imported": result.imported, "duplicates": result.duplicates,
            "skipped": result.skipped,
            "files": [{"file": f.path, "imported": f.imported, "duplicates": f.duplicates,
                       "skipped": [{"hand_id": s.hand_id, "line": s.line, "reason": s.reason}
                                   for s in f.skipped], "note": f.note}
                      for f in result.files]},
        csv=lambda: (headers, rows),
        table=lambda: (f"{len(result.files):,} file{'s' * (len(result.files) != 1)}: "
                       + _counts(result.imported, result.duplicates, result.skipped)),
    )


@review_group.command("stats", context_settings=CONTEXT)
@click.option("--player", metavar="NAME",
              help="Whose stats (default: the hero of each hand, the player the file deals "
              "hole cards to).")
@click.option("--game", type=click.Choice(list(GAMES), case_sensitive=False),
              help="Only this game.")
@click.option("--stakes", metavar="SMALL/BIG", help="Only these stakes, e.g. 2/4.")
@click.option("--since", metavar="DATE", help="Only hands played on or after DATE "
              "(YYYY-MM-DD: a day in UTC for a file that names its time zone, else on the "
              "file's clock; a hand whose file gives no date is left out, and counted on "
              "stderr).")
@click.option("--until", metavar="DATE", help="Only hands played on or before DATE.")
@click.option("--room", metavar="ROOM", help="Only hands of this room (e.g. PokerStars).")
@click.option("--opponent", metavar="NAME", help="Only hands NAME was dealt into too.")
@_db_option
@output_options()
def stats_command(player, game, stakes, since, until, room, opponent, db, fmt):
    """The stats of stud over the hands imported: hands, net, 3rd street play, showdowns,
    aggression by street. docs/review.md defines each stat.
    """
    filters = Filters(player=player, game=game.lower() if game else None,
                      stakes=parse_stakes(stakes) if stakes is not None else None,
                      since=parse_date(since, "--since") if since is not None else None,
                      until=parse_date(until, "--until") if until is not None else None,
                      room=room, opponent=opponent)
    connection = open_database(db, create=False)
    try:
        found = player_stats(connection, filters)
    finally:
        connection.close()
    if found.undated:
        click.echo(f"studodds: {found.undated:,} hand{'s' * (found.undated != 1)} without a "
                   "date (their files give none) left out by --since/--until",
                   err=True)
    return _stats_report(found)


def _shown(stat) -> str:
    value = stat.value
    if value is None:
        return "-"
    if stat.key == "hands":
        return f"{int(value):,}"
    if stat.key == "net":
        return f"{value:,.2f}"
    if stat.key == "bb_per_100" or stat.key.startswith("aggression_"):
        return f"{value:.2f}"
    return f"{100 * value:.1f}%"


def _of(stat) -> str:
    if stat.out_of is None or stat.key == "bb_per_100" or stat.key.startswith("aggression_"):
        return ""
    return f"{stat.count:,} of {stat.out_of:,}"


def _stats_report(found: PlayerStats) -> render.Report:
    headers = ("stat", "value", "of")
    rows = [(s.label, _shown(s), _of(s)) for s in found.stats]
    who = ", ".join(found.players) if found.players else "nobody"
    return render.Report(
        json=found.to_dict,
        csv=lambda: (("stat", "label", "value", "count", "out_of"),
                     [(s.key, s.label, s.value, s.count, s.out_of) for s in found.stats]),
        table=lambda: visible(f"player: {who}") + "\n"
        + render.render_table(headers, rows),
    )
