"""`studodds eval`: the value of hands, in words."""

from __future__ import annotations

import click

from ..cards import NotationError, StudHand, cards_str, parse_cards, parse_hand
from ..eval import KINDS, evaluate
from . import render
from .options import CONTEXT, output_options


def _evaluation_cards(text: str) -> tuple[str, tuple[int, ...]]:
    """Known cards of a hand for `eval`: stud notation or a plain list of 5-7 cards."""
    if "(" in text:
        hand: StudHand = parse_hand(text)
        if hand.unknown_count:
            raise NotationError(f"{text!r}: eval needs every card known, not 'x'")
        label, cards = str(hand), hand.known_cards
    else:
        cards = parse_cards(text)
        label = cards_str(cards)
    if not 5 <= len(cards) <= 7:
        raise NotationError(f"{text!r} has {len(cards)} cards: eval takes 5 to 7 known cards")
    return label, cards


@click.command("eval", context_settings=CONTEXT)
@click.option(
    "--kind", "-k", type=click.Choice(KINDS + ("all",)), default="all", show_default=True,
    help="high, ace-to-five low, eight-or-better low, ace-to-six low, deuce-to-seven low, "
    "or all five.",
)
@output_options()
@click.argument("hands", nargs=-1, required=True)
def eval_command(kind: str, fmt: str, hands: tuple[str, ...]):
    """Value of each HAND (5 to 7 known cards) for each hand kind.

    A HAND is written as in stud, "(As Kd) Qh Jh Th 9h (2c)", or as a plain list of
    cards, "As Kd Qh Jh Th". Values: larger is stronger for every kind, lows included.

    \b
    Example:
      studodds eval "(As Kd) Ah Kh 7c 7d (2s)" "As 2c 3d 4h 6s"
    """
    kinds = KINDS if kind == "all" else (kind,)
    evaluations = []
    for text in hands:
        label, cards = _evaluation_cards(text)
        evaluations.append((label, {k: evaluate(cards, k) for k in kinds}))
    return render.eval_report(evaluations)
