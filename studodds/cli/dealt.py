"""`studodds dealt`: how often a starting hand is dealt, given its door card and overall."""

from __future__ import annotations

import math

import click

from . import render
from .options import CONTEXT, game_option, output_options, range_file_option


@click.command("dealt", context_settings=CONTEXT)
@game_option()
@click.option("--dead", default="", metavar="CARDS",
              help="Cards seen elsewhere (the others' up cards, folded cards): out of the "
              "counts. x for an unseen card changes nothing.")
@range_file_option
@output_options()
@click.argument("hands", nargs=-1)
def dealt_command(game, dead, fmt, hands):
    """How often a starting hand is dealt: given its door card, and before any card.

    Each HAND is a starting hand: the hole cards (cards, x, or a range as in `studodds
    equity`) and at most the door card. Given the door card: of every set of hole cards
    the unseen cards make, how many fit. Overall, before any card is dealt: of every deal
    of the starting cards (the hole cards and a door card), how many are this door card
    with hole cards that fit; with no door card written, any door card. Exact counts.
    Without HAND: the starting hands players talk about (rolled-up trips, a buried or a split
    pair, three to a flush ...).

    \b
    Examples:
      studodds dealt "(K? ??) Kd" "(A? A?)" "(split) Ad"
      studodds dealt "(split) Ad" --dead "Kc Qc Jc Tc 8c 7c 7d"
      studodds dealt -g razz
    """
    from ..starting.dealt import common_hands, how_often_dealt

    if hands:
        return dealt_report([(None, how_often_dealt(game, hand, dead)) for hand in hands])
    return dealt_report(common_hands(game, dead))


def _chance(count) -> str:
    """'11.53% (1 in 8.7)'; below 0.1% two significant digits ('0.0015%'), not 0.00%."""
    if count is None:
        return ""
    if not count.hits:
        return "never"
    chance = float(count.chance)
    percent = render._pct(chance) if chance >= 0.001 else render.two_digits_percent(chance)
    return f"{percent} ({render.one_in(count.hits, count.deals)})"


def _counted(count) -> str:
    return "" if count is None else f"{count.hits:,} of {count.deals:,}"


def dealt_report(rows) -> render.Report:
    """rows: (words or None, dealt.HowOftenDealt) pairs. The table has the given-door
    columns when some hand has a door card, and a line on what the counts are of."""
    named = any(words is not None for words, _ in rows)
    return render.Report(
        json=lambda: [({"name": words} if named else {}) | r.to_dict() for words, r in rows],
        csv=lambda: _dealt_csv(rows, named), table=lambda: _dealt_table(rows, named))


def _dealt_csv(rows, named: bool) -> tuple[list, list]:
    headers = (["name"] if named else []) + [
        "game", "hand", "door", "dead", "given_door_hits", "given_door_deals",
        "given_door_chance", "overall_hits", "overall_deals", "overall_chance"]
    lines = []
    for words, r in rows:
        record = r.to_dict()
        given = record["given_door"] or {}
        lines.append(([words] if named else []) + [
            r.game, r.hand, record["door"] or "", " ".join(record["dead"]),
            given.get("hits", ""), given.get("deals", ""), given.get("chance", ""),
            r.overall.hits, r.overall.deals, float(r.overall.chance)])
    return headers, [[str(cell) for cell in line] for line in lines]


def _dealt_table(rows, named: bool) -> str:
    with_door = any(r.given_door is not None for _, r in rows)
    headers = (["starting hand", "written"] if named else ["hand"]) + (
        ["given the door card", "counted"] if with_door else []) + ["overall", "counted"]
    table = [([words] if named else []) + [r.hand] + (
        [_chance(r.given_door), _counted(r.given_door)] if with_door else [])
        + [_chance(r.overall), _counted(r.overall)] for words, r in rows]
    return render.render_table(headers, table) + "\n\n" + _footer(rows[0][1], with_door)


def _footer(result, with_door: bool) -> str:
    """What the counts are of, in the first hand's numbers (dead cards change them)."""
    start = result.hole_cards + 1  # the starting cards
    per_door = math.comb(52 - len(result.dead) - 1, result.hole_cards)
    words = {2: ("two", "either one up"), 3: ("three", "any of the three up")}[start]
    overall = (f"overall: of the {result.overall.deals:,} deals of the first {words[0]} cards "
               f"({result.overall.deals // start:,} hands, {words[1]})")
    lines = [overall]
    if with_door:
        hole = "sets of two hole cards" if start == 3 else "hole cards"
        lines.append(f"given the door card: of the {per_door:,} {hole} the unseen cards make")
    if result.dead:
        lines.append("the dead cards are out of every count")
    return "\n".join(lines)
