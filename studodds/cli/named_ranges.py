"""`studodds ranges`: the named ranges a hand may use, and what each holds."""

from __future__ import annotations

import textwrap

import click

from ..games import GAMES
from . import render
from .options import CONTEXT, output_options, range_file_option


@click.command("ranges", context_settings=CONTEXT)
@click.option("-g", "--game", type=click.Choice(list(GAMES), case_sensitive=False),
              help="Only the ranges for this game.")
@range_file_option
@output_options()
def ranges_command(game, fmt):
    """The named ranges: what a player holds in a situation a stud coach names.

    A hand uses one in its hole group as @ and the name, with the door card written:
    (@steals-late) Kd. Each range is for some games and door cards; its share is the
    percent of the starting hands with those door cards that it holds. A file of your own
    (--range-file, the format in docs/hands.md) adds names, and replaces a shipped name it
    gives again.

    \b
    Examples:
      studodds ranges -g razz
      studodds equity "(@steals-late) Kd" "(@bring-in-defends) 3c"
      studodds ranges --range-file my_ranges.toml --format json
    """
    from ..starting.named_ranges import named_ranges, share_of

    definitions = [d for d in named_ranges() if game is None or game.lower() in d.games]
    rows = [(d, share_of(d)) for d in definitions]
    return render.Report(json=lambda: [_record(d, share) for d, share in rows],
                         csv=lambda: _csv(rows), table=lambda: _table(rows))


def _record(definition, share) -> dict:
    return {"name": definition.name, "games": list(definition.games),
            "door": definition.door_text, "situation": definition.situation,
            "range": str(definition.hole_range), "share": round(share, 1),
            "why": definition.why, "source": definition.source}


CSV_HEADERS = ("name", "games", "door", "situation", "range", "share", "why", "source")


def _csv(rows):
    return CSV_HEADERS, [[_record(d, s)[h] if h != "games" else " ".join(d.games)
                          for h in CSV_HEADERS] for d, s in rows]


def _table(rows) -> str:
    """Each range as a short paragraph: a terminal is too narrow for a table of sentences."""
    if not rows:
        return "no named ranges for this game"
    blocks = []
    for d, share in rows:
        door = "any door card" if d.door_text == "any" else f"door card {d.door_text}"
        source = "" if d.source == "studodds" else f"  (from {d.source})"
        head = f"@{d.name}  {', '.join(d.games)}, {door}: {share:.1f}% of starting hands"
        lines = [head + source]
        lines += textwrap.wrap(d.situation, 88, initial_indent="  ", subsequent_indent="  ")
        lines += textwrap.wrap(f"range: {d.hole_range}", 88, initial_indent="  ",
                               subsequent_indent="    ")
        blocks.append("\n".join(render.visible(line) for line in lines))
    return "\n\n".join(blocks)
