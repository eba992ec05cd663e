"""`studodds odds`: one player's own chances of each final hand, counted exactly."""

from __future__ import annotations

import sys

import click

from . import render
from .options import CONTEXT, Progress, game_option, output_options, range_file_option


@click.command("odds", context_settings=CONTEXT)
@game_option()
@click.option("--dead", default="", metavar="CARDS",
              help="Cards out of play: cards seen in other hands or folded; x for an unseen "
              "one (it changes no chance).")
@click.option("--at-least", "at_least", multiple=True, metavar="HAND",
              help="A hand to make, or better: 'aces up', 'trips', 'a king-high flush', 'tens "
              "full'; for a low '8-7', '7-low', 'a wheel'. Repeat it; a high and a low are "
              "also counted at once.")
@click.option("--threads", type=int, metavar="N", help="Threads to use (default: all cores).")
@range_file_option
@output_options()
@click.argument("hands", nargs=-1, required=True, metavar="HAND")
def odds_command(game, dead, at_least, threads, fmt, hands):
    """How often one hand ends as each final hand, as the cards lie.

    HAND is one player's hand as in `equity`: hole cards in parentheses, up cards bare;
    x for an unknown card; 'random' for a hand not yet dealt; a range in the hole such as
    (K? K?) Kd. Counted exactly over every way the hand's unseen cards can fall: the
    other players' cards do not matter, except the cards you saw (give them with
    --dead). Each final hand, and it or better; for split games both halves and a low
    and a high at once.

    \b
    Examples:
      studodds odds "(As Ks) Ah" --at-least "aces up"
      studodds odds -g razz "(As 2s) 3h" --dead "4c 7d Kh" --at-least 7-5
      studodds odds -g stud7hl8 "(As 2s) 3h 4h" --at-least 8-6 --at-least "a straight"
      studodds odds random
    """
    from ..own import own_odds

    if len(hands) > 1:
        others = " ".join(h.replace("(", "").replace(")", "") for h in hands[1:])
        raise click.UsageError(
            f"odds asks about one hand: give the other cards you saw as dead cards (--dead "
            f"{others!r}), or ask `studodds equity` for the hands against each other")
    hand = hands[0]

    progress = Progress(enabled=sys.stderr.isatty())
    try:
        result = own_odds(game, hand, dead, at_least=at_least, progress=progress,
                          threads=threads)
    finally:
        progress.close()
    return render.own_odds_report(result)
