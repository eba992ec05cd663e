"""`studodds replay`: a hand history street by street, with everyone's odds."""

from __future__ import annotations

import click

from ..equity import OptionError
from ..histories import identify_file, parse_file
from ..histories.readers import readable_rooms
from ..histories.replay import replay_hand
from . import render
from .options import CONTEXT, format_option


@click.command("replay", context_settings=CONTEXT)
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--hand", "hand_id", metavar="ID", help="Replay only this hand.")
@click.option("--hero", metavar="NAME", help="Whose view (default: the player dealt 3 cards).")
@click.option("--trials", type=int, metavar="N", help="Monte Carlo with N trials per street.")
@click.option("--precision", type=float, metavar="SE",
              help="Monte Carlo per street to this standard error (default: exact when cheap, "
              "else 0.0005).")
@click.option("--seed", type=int, default=1, show_default=True, metavar="N",
              help="Seed for the sampled streets.")
@format_option()
def replay_command(file, hand_id, hero, trials, precision, seed, fmt):
    """Replay PokerStars stud hand histories street by street, with the odds.

    For every street: the pot, the live players, and each one's equity as the hero saw it
    (folded up cards dead, folded hole cards unseen) and with every card shown at the end.
    Checks who brought it in and who acted first against the rules. 7 Card Stud, Stud
    Hi/Lo and Razz, also inside mixed games; other games in the file are skipped.

    \b
    Example:
      studodds replay hands.txt --hand 35874004239
    """
    try:
        hands, problems = parse_file(file)
    except OSError as exc:
        raise click.UsageError(f"cannot read {file!r}: {exc.strerror or exc}") from None
    for problem in problems:
        where = f"hand {problem.hand_id}, " if problem.hand_id else ""
        click.echo(f"warning: {where}line {problem.line}: {problem.message}", err=True)
    if not hands:
        raise click.UsageError(_no_hands(file, problems))
    if hand_id is not None:
        hands = [h for h in hands if h.hand_id == hand_id]
        if not hands:
            raise click.UsageError(f"no stud hand {hand_id!r} in {file!r}")
    replays = []
    for hh in hands:
        if hh.cut is not None:  # a garbled card: the streets before it still replay
            click.echo(f"warning: hand {hh.hand_id}, line {hh.cut.line}: {hh.cut.message}",
                       err=True)
        for warning in hh.warnings:
            click.echo(f"warning: hand {hh.hand_id}, {warning} (line ignored)", err=True)
        if hero is not None and hero not in dict(hh.seats).values():
            raise click.UsageError(f"--hero {hero!r} is not at the table in hand {hh.hand_id}")
        try:
            replays.append(
                replay_hand(hh, hero=hero, trials=trials, precision=precision, seed=seed)
            )
        except OptionError:
            raise  # a bad option spoils every hand: one error
        except ValueError as exc:  # a hand our engine cannot take: say so, replay the rest
            click.echo(f"warning: hand {hh.hand_id} cannot be replayed: {exc}", err=True)
    if not replays:
        raise click.UsageError(f"none of the hands in {file!r} could be replayed")
    click.echo(render.replay_report(replays, fmt))


def _no_hands(file: str, problems) -> str:
    """Why a file gave no hands, naming what it is (recognised from its content)."""
    kind = identify_file(file)
    if kind.content == "empty":
        return f"{file!r} is empty: there are no hands in it to replay"
    if kind.room is None:
        return (f"{file!r} is not a hand history studodds can read: it reads hand histories "
                f"of {_rooms_read()}")
    article = "an" if kind.room[0].lower() in "aeiou" else "a"
    if kind.content == "summary":
        return (f"{file!r} is {article} {kind.room} tournament summary (the results, not the "
                "hands): there are no hands in it to replay")
    if kind.room not in readable_rooms():
        return (f"{file!r} looks like {article} {kind.room} hand history; studodds does not "
                f"read those yet (it reads hand histories of {_rooms_read()})")
    if problems:
        return f"none of the stud hands in {file!r} could be read: see the warnings above"
    return f"no stud hands in {file!r} (seven-card stud, stud hi/lo, razz or five-card stud)"


def _rooms_read() -> str:
    rooms = readable_rooms()
    return rooms[0] if len(rooms) == 1 else ", ".join(rooms[:-1]) + " and " + rooms[-1]
