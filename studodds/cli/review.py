"""`studodds review`: a database of a player's hands (import) and the stats of stud over
them (stats). The library (review/) does the work; this module reads the options and
writes what it returns."""

from __future__ import annotations

import shlex
import sys

import click

from ..games import GAMES
from ..review.costly import (
    DEFAULT_PRECISION,
    CostlyDecision,
    LuckSummary,
    PricingResult,
    costly_decisions,
    luck_summary,
    price_decisions,
    showdowns_not_priced,
)
from ..review.database import default_database, open_database
from ..review.hand_import import FileImport, ImportResult, files_to_import, import_paths
from ..review.player_stats import (
    Filters,
    PlayerStats,
    absent_players,
    hands_without_hero,
    names_not_found,
    parse_date,
    parse_stakes,
    player_stats,
)
from . import render
from .options import CONTEXT, Progress, format_option, output_options
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
      studodds review costly --ranges top30%
      studodds review replay 35874004239 --decisions
      studodds review luck
    """


@review_group.command("import", context_settings=CONTEXT)
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@_db_option
@output_options()
def import_command(paths, db, fmt):
    """Import hand histories (files, or folders of them) into the database.

    Reads every file `studodds replay` reads. A hand already in the database (the same
    room, hand id, players and first cards) is counted as a duplicate and adds nothing; a
    different hand with a taken id is kept as ID~2; a hand that cannot be read is skipped,
    and the reason kept in the database and written on stderr. Each file's counts go to
    stderr, the total to stdout. Exit code 0 when the files held a hand to import (new or
    already there), 1 when none did. Stopped (Ctrl-C), it keeps every hand imported so far.
    """
    files = files_to_import(paths)  # a path not there is refused before a database is made
    connection = open_database(db)
    try:
        result = import_paths(connection, files, on_file=_tell_file)
    except KeyboardInterrupt:
        click.echo("studodds: stopped; the hands imported so far are kept: import the same "
                   "files again to add the rest", err=True)
        raise click.Abort() from None
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
    for given, kept_as in done.renamed:
        click.echo(visible(f"  hand {given}: the database already has a different hand with "
                           "this id (other players or other first cards), so this one is "
                           f"kept as {kept_as}"), err=True)


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
                                   for s in f.skipped], "note": f.note,
                       "renamed": [{"hand_id": given, "kept_as": kept_as}
                                   for given, kept_as in f.renamed]}
                      for f in result.files]},
        csv=lambda: (headers, rows),
        table=lambda: (f"{len(result.files):,} file{'s' * (len(result.files) != 1)}: "
                       + _counts(result.imported, result.duplicates, result.skipped)),
    )


def _filter_options(whose: str):
    """The filters of stats, costly and luck (player_stats.Filters)."""
    options = [
        click.option("--player", metavar="NAME",
                     help=f"Whose {whose} (default: the hero of each hand, the player the "
                     "file deals hole cards to)."),
        click.option("--game", type=click.Choice(list(GAMES), case_sensitive=False),
                     help="Only this game."),
        click.option("--stakes", metavar="SMALL/BIG", help="Only these stakes, e.g. 2/4."),
        click.option("--since", metavar="DATE", help="Only hands played on or after DATE "
                     "(YYYY-MM-DD: a day in UTC for a file that names its time zone, else on "
                     "the file's clock; a hand whose file gives no date is left out, and "
                     "counted on stderr)."),
        click.option("--until", metavar="DATE", help="Only hands played on or before DATE."),
        click.option("--room", metavar="ROOM",
                     help="Only hands of this room (e.g. PokerStars)."),
        click.option("--opponent", metavar="NAME", help="Only hands NAME was dealt into too."),
    ]

    def decorate(command):
        for option in reversed(options):
            command = option(command)
        return command
    return decorate


def _filters(player, game, stakes, since, until, room, opponent) -> Filters:
    if since is not None and until is not None and \
            parse_date(since, "--since") > parse_date(until, "--until"):
        raise click.UsageError(f"--since {since} is after --until {until}: no day is between "
                               "them; give the earlier day to --since")
    return Filters(player=player, game=game.lower() if game else None,
                   stakes=parse_stakes(stakes) if stakes is not None else None,
                   since=parse_date(since, "--since") if since is not None else None,
                   until=parse_date(until, "--until") if until is not None else None,
                   room=room, opponent=opponent)


@review_group.command("stats", context_settings=CONTEXT)
@_filter_options("stats")
@_db_option
@output_options()
def stats_command(player, game, stakes, since, until, room, opponent, db, fmt):
    """The stats of stud over the hands imported: hands, net, 3rd street play, showdowns,
    aggression by street. docs/review.md defines each stat.
    """
    filters = _filters(player, game, stakes, since, until, room, opponent)
    connection = open_database(db, create=False)
    try:
        found = player_stats(connection, filters)
        _notices(connection, filters, found.undated)
    finally:
        connection.close()
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


def _undated_notice(connection, filters: Filters) -> None:
    _notices(connection, filters, player_stats(connection, filters).undated)


def _notices(connection, filters: Filters, undated: int) -> None:
    """On stderr: the hands --since/--until leave out for want of a date, and each name a
    filter gives that the database has not."""
    if undated:
        click.echo(f"studodds: {undated:,} hand{'s' * (undated != 1)} without a date (their "
                   "files give none) left out by --since/--until", err=True)
    for line in names_not_found(connection, filters):
        click.echo(visible(f"studodds: {line}"), err=True)
    unseated = hands_without_hero(connection, filters)
    if unseated:
        click.echo(f"studodds: {unseated:,} hand{'s' * (unseated != 1)} name{'s' * (unseated == 1)} "
                   "no hero (PHH files, for one) and "
                   f"{'are' if unseated != 1 else 'is'} left out: --player NAME counts a "
                   "player's hands whoever the file deals to", err=True)


@review_group.command("costly", context_settings=CONTEXT)
@_filter_options("decisions")
@click.option("--ranges", "ranges", multiple=True, metavar="RANGE|NAME=RANGE",
              help="The opponents' unseen cards from a range rather than random: one range "
              "for all, or NAME=RANGE, repeated, per opponent. E.g. --ranges top20%. Hands "
              "priced with other ranges are priced again.")
@click.option("--precision", type=click.FloatRange(min=0, min_open=True), metavar="SE",
              default=DEFAULT_PRECISION, show_default=True,
              help="Standard error of a sampled decision's equity (enough to rank them; "
              "exact where cheap).")
@click.option("--dask", "dask", metavar="ADDRESS",
              help="Price the hands on a Dask cluster: its scheduler's address "
              "(tcp://HOST:PORT), or 'local' for worker processes here.")
@click.option("--limit", type=click.IntRange(min=1), metavar="N", default=20, show_default=True,
              help="How many decisions to list.")
@_db_option
@output_options()
def costly_command(player, game, stakes, since, until, room, opponent, ranges, precision,
                   dask, limit, db, fmt):
    """The decisions that cost the most in expectation, worst first: a call with less
    equity than the price needs, a fold with more. The hands not priced yet are priced
    first (once: the prices are stored), with progress on stderr.
    """
    # The odds engine, Dask and the replay's options load here, not for stats and luck.
    from ..batch.executors import SCHEDULER_ADDRESS, DaskExecutor
    from ..review.decisions import IGNORES
    from .replay import _opponent_ranges
    filters = _filters(player, game, stakes, since, until, room, opponent)
    opponent_ranges = _opponent_ranges(ranges) if ranges else None
    executor = None
    if dask is not None:
        if dask != "local" and not SCHEDULER_ADDRESS.match(dask):
            raise click.UsageError(f"--dask {dask!r}: give the Dask scheduler's address as "
                                   "tcp://HOST:PORT (e.g. tcp://10.0.0.5:8786), or 'local'")
        executor = DaskExecutor(None if dask == "local" else dask)
    connection = open_database(db, create=False)
    bar = Progress(enabled=sys.stderr.isatty())
    try:
        _undated_notice(connection, filters)
        if isinstance(opponent_ranges, dict):
            for name in absent_players(connection, opponent_ranges):
                click.echo(visible(f"studodds: --ranges {name}={opponent_ranges[name]}: no "
                                   "player of that name in the database, so it prices "
                                   "nobody (names must match exactly, capitals included)"),
                           err=True)
        result = price_decisions(connection, filters, ranges=opponent_ranges,
                                 precision=precision, executor=executor,
                                 progress=lambda done, total: bar(done / total if total else 1))
        bar.close()
        _tell_pricing(result)
        found = costly_decisions(connection, filters, limit=limit, database=db)
    finally:
        connection.close()
    if fmt == "csv":
        click.echo(IGNORES, err=True)  # stdout is the table's rows only
    return _costly_report(found, IGNORES)


def _tell_pricing(result: PricingResult) -> None:
    for hand in result.unpriced:
        click.echo(visible(f"studodds: hand {hand.hand_id} ({hand.source}) not priced: "
                           f"{hand.reason}"), err=True)
    click.echo(f"studodds: {result.priced:,} hand{'s' * (result.priced != 1)} priced now "
               f"({result.decisions:,} decisions), {result.already:,} priced before",
               err=True)


def _costly_report(found: tuple[CostlyDecision, ...], ignores: str) -> render.Report:
    headers = ("cost (big bets)", "hand", "street", "action", "to call", "pot", "needs",
               "equity", "replay")
    rows = [(f"{d.cost_big_bets:.2f}", visible(d.hand_id), d.street, d.kind, f"{d.facing:g}",
             f"{d.pot:g}", "" if d.needed is None else f"{100 * d.needed:.1f}%",
             f"{100 * d.equity:.1f}%" + (f" +-{100 * d.equity_se:.1f}" if d.equity_se else ""),
             visible(d.replay)) for d in found]
    fields = list(CostlyDecision.__dataclass_fields__)
    return render.Report(
        json=lambda: {"decisions": [d.to_dict() for d in found], "note": ignores},
        csv=lambda: (fields, [["" if getattr(d, f) is None else getattr(d, f)
                               for f in fields] for d in found]),
        table=lambda: "\n".join([
            render.render_table(headers, rows) if found
            else "no decision priced costs anything",
            "",
            ("needs: the equity a call needs, to call / (pot + to call); equity: as the "
             "player saw the cards (+- its standard error when sampled); cost: a call with "
             "less equity than it needs, or a fold with more, in big bets on the pot after "
             "the call"),
            ignores]),
    )


@review_group.command("replay", context_settings=CONTEXT)
@click.argument("hand_id", metavar="HAND")
@click.option("--room", metavar="ROOM",
              help="The hand's room, when hands of two rooms share the id (the error says "
              "which rooms).")
@click.option("--hero", metavar="NAME",
              help="Whose view (default: the player the file deals hole cards to).")
@click.option("--decisions", "decisions", is_flag=True,
              help="Each decision of the hero with its price, as `studodds replay "
              "--decisions` gives it.")
@click.option("--ranges", "ranges", multiple=True, metavar="RANGE|NAME=RANGE",
              help="--decisions: the opponents' hole cards from a range instead of at random: "
              "one RANGE for every opponent, or NAME=RANGE, repeated, per opponent.")
@click.option("--trials", type=int, metavar="N", help="Monte Carlo with N trials per street.")
@click.option("--precision", type=float, metavar="SE",
              help="Monte Carlo per street to this standard error (the defaults are "
              "`studodds replay`'s).")
@click.option("--seed", type=int, default=1, show_default=True, metavar="N",
              help="Seed for the sampled streets.")
@_db_option
@format_option()
def replay_command(hand_id, room, hero, decisions, ranges, trials, precision, seed, db, fmt):
    """Replay a hand of the database street by street, with the odds: `studodds replay`
    of that hand, read from the file the database keeps, so it works wherever the file
    went (and for files chosen on the page, which were never on disk here).

    HAND: the hand's id, as `review costly` lists it.

    \b
    Examples:
      studodds review replay 35874004239
      studodds review replay 35874004239 --decisions --ranges top30%
    """
    # The odds engine and the replay's renderers load here, not for stats and luck.
    from ..review.stored_hands import HandNotStored, stored_hand
    from .replay import _decisions, _opponent_ranges, _replay
    if ranges and not decisions:
        raise click.UsageError("--ranges is an option of the decisions: add --decisions")
    opponent_ranges = _opponent_ranges(ranges) if ranges else None
    hand_id = hand_id.strip().lstrip("#").strip()  # as copied from a header: "#35874004239"
    connection = open_database(db, create=False)
    try:
        hand, source = stored_hand(connection, hand_id, room)
    except HandNotStored as exc:
        if exc.rooms and room is None:
            raise click.UsageError(f"{exc}: name one with --room, e.g. --room "
                                   f"{shlex.quote(exc.rooms[0])}") from None
        raise
    finally:
        connection.close()
    if decisions:
        _decisions([hand], [source], hero, opponent_ranges, trials, precision, seed, fmt)
    else:
        _replay([hand], [source], hero, trials, precision, seed, fmt)


@review_group.command("luck", context_settings=CONTEXT)
@_filter_options("luck")
@_db_option
@output_options()
def luck_command(player, game, stakes, since, until, room, opponent, db, fmt):
    """Luck at showdown, per session (a hand-history file) and in all: on each street,
    the chips the player could expect with every shown card known (equity x pot) against
    the chips won, in chips and big bets. Computed with the decisions' prices: run
    `studodds review costly` first for the hands imported since.
    """
    filters = _filters(player, game, stakes, since, until, room, opponent)
    connection = open_database(db, create=False)
    try:
        _undated_notice(connection, filters)
        found = luck_summary(connection, filters)
        waiting, older = showdowns_not_priced(connection, filters)
    finally:
        connection.close()
    if waiting:
        click.echo(f"studodds: {waiting:,} showdown{'s' * (waiting != 1)} not priced yet "
                   f"{'are' if waiting != 1 else 'is'} left out: run studodds review costly "
                   "(with the same filters) to price them", err=True)
    if older:
        click.echo(f"studodds: {older:,} showdown{'s' * (older != 1)} "
                   f"{'were' if older != 1 else 'was'} priced by an older studodds, whose "
                   "luck counted every player still in: run studodds review costly (with "
                   "the same filters) to price them again", err=True)
    return _luck_report(found)


def _luck_rows(found: LuckSummary) -> list[tuple]:
    rows = []
    for session in (*found.sessions, found.total):
        name = visible(session.source) if session.source is not None else "all sessions"
        for street, expected in session.expected_chips.items():
            rows.append((name, session.street_showdowns[street], street, round(expected, 2),
                         round(session.street_won_chips[street], 2),
                         round(session.luck_chips[street], 2),
                         round(session.luck_big_bets[street], 2)))
    return rows


def _luck_table_rows(found: LuckSummary) -> list[tuple]:
    """The rows as the table shows them: chips and big bets with two decimals each (67.80,
    not 67.8)."""
    return [(*row[:3], *(f"{x:.2f}" for x in row[3:])) for row in _luck_rows(found)]


def _luck_report(found: LuckSummary) -> render.Report:
    headers = ("session", "showdowns", "street", "expected (chips)", "won (chips)",
               "luck (chips)", "luck (big bets)")
    return render.Report(
        json=found.to_dict,
        csv=lambda: (headers, _luck_rows(found)),
        table=lambda: (render.render_table(headers, _luck_table_rows(found))
                       if found.total.showdowns else
                       "no showdown priced: run studodds review costly first"),
    )
