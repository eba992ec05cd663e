"""The odds questions: `equity` (with pot odds), `next` (what each next card does) and
`declare` (which way to declare).

Each command imports the library when it runs, not when its help is shown: the engine
brings numba, which made `studodds equity --help` take 0.31-0.34 s instead of 0.12 s."""

from __future__ import annotations

import sys

import click

from ..games import DECLARE_GAMES
from . import render
from .options import (
    CONTEXT,
    Progress,
    community_option,
    odds_options,
    output_options,
    range_file_option,
    tell_long_runs,
)


@click.command("equity", context_settings=CONTEXT)
@odds_options()
@community_option
@click.option("--declare", metavar="D1,D2,...",
              help="stud5hl, stud7hl played with a declaration: high, low or both per player, "
              "in seat order (a swing keeps a claim only with the best high among the high "
              "and both declarers and the best low among the low and both declarers).")
@click.option("--distribution", is_flag=True,
              help="Also each player's chance of each final hand, and of it or better "
              "(counted exactly).")
@click.option("--at-least", "at_least", multiple=True, metavar="HAND",
              help="Also each player's chance of this hand or better: 'aces up', 'a flush', "
              "'8-7' (as in `studodds odds`). Repeat it.")
@click.option("--pot", type=float, metavar="P", help="Pot size before the call (with --to-call).")
@click.option("--to-call", type=float, metavar="C", help="What the hero must put in to call.")
@click.option("--hero", type=int, default=1, show_default=True, metavar="N",
              help="The player the pot odds are for.")
@click.option("--bets-to-come", type=int, default=0, metavar="K",
              help="Implied odds: big bets the hero also wins when ahead (with --big-bet).")
@click.option("--big-bet", type=float, default=0.0, metavar="B", help="The big bet (fixed limit).")
@range_file_option
@output_options()
@click.argument("hands", nargs=-1, required=True)
def equity_command(game, dead, exact, trials, precision, seed, threads, community, declare,
                   distribution, at_least, pot, to_call, hero, bets_to_come, big_bet, fmt,
                   hands):
    """Each player's win, tie and equity as the cards lie now.

    One HAND per player, as in stud: hole cards in parentheses, up cards bare, the river
    in parentheses on 7th street; x for an unknown card; up cards only means the hole
    cards are unknown. Without --exact, --trials or --precision, small problems are
    enumerated exactly and larger ones sampled to a standard error of 0.0005.

    \b
    With --pot and --to-call: the equity a call needs, the call's expected value in chips
    and a verdict for the hero (player 1 unless --hero), on immediate pot odds.

    \b
    Examples:
      studodds equity "(As Ks) Ah" "(x x) Qd" --dead "7h 2c"
      studodds equity -g razz "(As 2d) 3c 5h" "Kd 9s" "(x x) 4c 6d"
      studodds equity -g stud7hl8 --exact "(As 2s) 3h 4h 9c" "(x x) Qc Kd 3d"
      studodds equity "(9s 8s) 7s 2s" "(x x) Ah Kd" --pot 40 --to-call 10
      studodds equity -g stud5hl "(As) 2c 3d" "(Kd) Kh 9c" --declare both,low
    """
    from ..equity import equity
    from ..messages import OptionError
    from ..whatif import check_pot_odds, pot_odds, pot_odds_asked

    try:
        pot_odds_asked(pot, to_call, hero, bets_to_come, big_bet)
    except OptionError as exc:  # options that go together: a usage error, as click's are
        raise click.UsageError(str(exc)) from None
    if fmt == "csv":  # a CSV row a player: no place for these (their own tables)
        shown_elsewhere = [name for name, asked in (("--pot (pot odds)", pot is not None),
                                                    ("--distribution", distribution),
                                                    ("--at-least", bool(at_least)))
                           if asked]
        if shown_elsewhere:
            named = (shown_elsewhere[0] if len(shown_elsewhere) == 1 else
                     ", ".join(shown_elsewhere[:-1]) + " and " + shown_elsewhere[-1])
            verb = "is" if len(shown_elsewhere) == 1 else "are"
            raise click.UsageError(f"{named} {verb} shown only in the table and JSON formats, "
                                   "not CSV: use --format table or json")
    if pot is not None:  # answered now, not after the equity run
        check_pot_odds(pot, to_call, hero, bets_to_come, big_bet, players=len(hands))
    progress = Progress(enabled=sys.stderr.isatty())
    try:
        result = equity(
            game, list(hands), dead, community=community, declare=declare,
            exact=exact or None, trials=trials, precision=precision, seed=seed,
            threads=threads, distribution=distribution, at_least=at_least,
            progress=progress, on_estimate=tell_long_runs,
        )
    finally:
        progress.close()
    odds = None
    if pot is not None:
        odds = pot_odds(result, pot, to_call, hero, bets_to_come, big_bet)
    _say_how_bare_hands_were_read(game, hands, community)
    return render.equity_report(result, odds)


@click.command("next", context_settings=CONTEXT)
@odds_options(each="per card")
@click.option("--player", type=int, default=1, show_default=True, metavar="N",
              help="Whose next card.")
@range_file_option
@output_options()
@click.argument("hands", nargs=-1, required=True)
def next_command(game, player, dead, exact, trials, precision, seed, threads, fmt, hands):
    """What every possible next card does to a player's equity.

    For each card that can come to player N on the next street (the river on 6th
    street): N's equity once it has come (the others' cards still to come), the change
    against now, and what it makes, grouped as improving, neutral and hurting.

    \b
    Example:
      studodds next "(As Ks) Ah Kh Qh" "(x x) Qc 2d 3d" --exact
    """
    from ..whatif import next_card_table

    progress = Progress(enabled=sys.stderr.isatty())
    try:
        table = next_card_table(
            game, list(hands), dead, player=player, exact=exact or None, trials=trials,
            precision=precision, seed=seed, threads=threads, progress=progress,
            on_estimate=tell_long_runs,
        )
    finally:
        progress.close()
    _say_how_bare_hands_were_read(game, hands)
    return render.next_card_report(table)


@click.command("declare", context_settings=CONTEXT)
@odds_options(games=DECLARE_GAMES, default="stud5hl")
@click.option("--player", type=int, default=1, show_default=True, metavar="N",
              help="Who is declaring.")
@community_option
@range_file_option
@output_options()
@click.argument("hands", nargs=-1, required=True)
def declare_command(game, dead, exact, trials, precision, seed, threads, player, community,
                    fmt, hands):
    """Which way should player N declare: high, low or both?

    Five-card stud high-low (and seven-card stud hi/lo without a qualifier) played with a
    declaration: after the last round everyone declares at once. One row per way the
    others may declare, with N's equity for each choice and the best of the three. A
    swing (both) keeps a claim only with the best high among those declaring high or both
    and the best low among those declaring low or both (ties count); otherwise it gets
    nothing. Before the last card the table assumes N commits now. Default game: stud5hl.

    \b
    Example:
      studodds declare "(As) 2c 3d 4h" "(Kd) Kh 9c 9d" --exact
    """
    from ..declare import declare_table

    progress = Progress(enabled=sys.stderr.isatty())
    try:
        table = declare_table(
            game, list(hands), dead, player=player, community=community, exact=exact or None,
            trials=trials, precision=precision, seed=seed, threads=threads, progress=progress,
            on_estimate=tell_long_runs,
        )
    finally:
        progress.close()
    _say_how_bare_hands_were_read(game, hands, community)
    return render.declare_report(table)


def _say_how_bare_hands_were_read(game, hands, community=None) -> None:
    """On stderr, when every hand is written without parentheses and its first cards could
    be meant as hole cards: the question asked may not be the one meant. Said once the
    question is answered, so a refused one gets only its error."""
    from ..reading import bare_hands_reading

    reading = bare_hands_reading(game, hands, community)
    if reading is not None:
        click.echo(render.bare_hands_note(reading), err=True)
