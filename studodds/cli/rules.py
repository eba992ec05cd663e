"""`studodds rules`: bring-in, first to act, and the bets of each round."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

import click

from ..cards import cards_str, parse_cards
from ..games import GAMES
from ..messages import bet_text
from ..table import Stakes, bring_in, first_to_act, first_to_act_first_round, limits
from . import render
from .options import CONTEXT, game_option, output_options


@click.group("rules", context_settings=CONTEXT)
def rules_group():
    """Table rules of fixed-limit stud: bring-in, order of play, bets per street."""


def _seat_report(sentence: str, headers, rows, data) -> render.Report:
    """A rule's answer: one sentence for people (the same seat means a bring-in or the
    first to act), the seat in JSON and CSV."""
    return render.Report(json=lambda: data, csv=lambda: (headers, rows),
                         table=lambda: sentence)


NO_BRING_IN_HELP = ("Five-card games only: played without a bring-in (the bring-in is "
                    "optional in five-card stud).")


@rules_group.command("bringin", context_settings=CONTEXT)
@game_option()
@click.option("--tie", type=click.Choice(["suit", "seat"]), default="suit", show_default=True,
              help="Equal ranks: by suit (clubs lowest) or the first in seat order.")
@click.option("--no-bring-in", "no_bring_in", is_flag=True,
              help=NO_BRING_IN_HELP + " Show who acts first instead (the best door card).")
@output_options()
@click.argument("cards", nargs=-1, required=True)
def rules_bringin_command(game, tie, no_bring_in, fmt, cards):
    """Who must bring it in: one door CARD per player, in seat order from the dealer's left.

    In stud7, stud7hl8, stud5 and stud5hl the lowest door card brings it in, ace high; on
    equal ranks clubs are lowest, so 2c is the lowest card. In razz, London lowball (razz6),
    seven-card hi/lo with no qualifier (stud7hl) and the five-card lowball games (stud5low,
    stud5low6) it is the highest door card, ace low: a king is the worst, spades worst on
    equal ranks. In deuce-to-seven razz (razz27) the ace is high, so the spade ace is the
    worst door card.

    Five-card stud may be played without a bring-in (--no-bring-in): then the best door
    card acts first and may check: the highest, ace high (spades best on equal ranks); in
    the five-card lowball games the lowest, ace low (clubs best).

    \b
    Example:
      studodds rules bringin Kd 2d 2c As
      studodds rules bringin -g stud5 --no-bring-in 3h Ad As
    """
    if no_bring_in:
        seat = first_to_act_first_round(game, cards, bring_in=False, tie=tie)
    else:
        seat = bring_in(game, cards, tie=tie)
    card = cards_str(parse_cards(cards[seat]))
    does = "acts first (no bring-in): may check or bet" if no_bring_in else "brings it in"
    return _seat_report(f"seat {seat + 1} ({card}) {does}", ("seat", "card"),
                        [(seat + 1, card)], {"seat": seat + 1, "card": card})


@rules_group.command("order", context_settings=CONTEXT)
@game_option()
@click.option("--tie", type=click.Choice(["seat", "suit"]), default="seat", show_default=True,
              help="Equal boards: the first in seat order, or the suit of the leading card.")
@output_options()
@click.argument("boards", nargs=-1, required=True)
def rules_order_command(game, tie, fmt, boards):
    """Who acts first after the first round: one BOARD (up cards) per player, in seat order.

    In stud7, stud7hl8, stud5 and stud5hl the best showing hand acts first: quads, trips,
    two pair, a pair, then high cards; straights and flushes on board do not count. In
    razz, razz6, stud7hl and the five-card lowball games (stud5low, stud5low6) the best low
    board acts first, ace low, and any pair is worse than no pair; in deuce-to-seven razz
    (razz27) too, but the ace is high: a 7-5 board beats A-2. Equal boards: the first in
    seat order (--tie suit: the suit of the leading card). A BOARD of "-" is a seat no
    longer in the hand. On 7th street give the 6th-street up cards.

    \b
    Example:
      studodds rules order "8c 8d Kh" "Qs 2c Qd" "Th Js 9d"
    """
    seat = first_to_act(game, boards, tie=tie)
    board = cards_str(parse_cards(boards[seat]))
    return _seat_report(f"seat {seat + 1} ({board}) acts first", ("seat", "board"),
                        [(seat + 1, board)], {"seat": seat + 1})


def _money(value) -> str:
    return "" if value is None else bet_text(value)


def _json_money(value):
    if value is None or isinstance(value, int):
        return value
    return int(value) if value == value.to_integral_value() else float(value)


class _Amount(click.ParamType):
    name = "AMOUNT"

    def convert(self, value, param, ctx):
        try:
            amount = Decimal(str(value).strip().lstrip("$"))
        except InvalidOperation:
            self.fail(f"{value!r} is not an amount (e.g. 2 or 0.50)", param, ctx)
        if not amount.is_finite():
            self.fail(f"{value!r} is not an amount (e.g. 2 or 0.50)", param, ctx)
        return amount


@rules_group.command("limits", context_settings=CONTEXT)
@game_option()
@click.option("--ante", type=_Amount(), default=Decimal(0), show_default="none",
              help="The ante each player posts before the deal: it goes into the pot and changes "
                   "none of the bet sizes.")
@click.option("--bring-in", "bring_in_", type=_Amount(),
              help="The bring-in (required unless --no-bring-in).")
@click.option("--small", type=_Amount(), required=True, help="The small bet.")
@click.option("--big", type=_Amount(), required=True, help="The big bet.")
@click.option("--no-bring-in", "no_bring_in", is_flag=True, help=NO_BRING_IN_HELP)
@output_options()
def rules_limits_command(game, ante, bring_in_, small, big, no_bring_in, fmt):
    """The bets of each street in fixed limit, and the cap (one bet and three raises).

    On the first round the bring-in player posts the bring-in or completes to the small
    bet. Rounds 1-2 use the small bet, the rest the big bet (five-card stud: two small, two
    big). In stud7 and stud5, if any board shows a pair on the second round, any player may
    bet the big bet, or raise by it after a small bet; from then on every bet and raise of
    that round is big. The cap counts one bet and three raises, whatever their size.

    \b
    Example:
      studodds rules limits --ante 0.50 --bring-in 1 --small 2 --big 4
    """
    if no_bring_in and bring_in_ is not None:
        raise click.UsageError("give --bring-in or --no-bring-in, not both")
    if not no_bring_in and bring_in_ is None:
        raise click.UsageError("Missing option '--bring-in' (or --no-bring-in, five-card "
                               "stud only)")
    # Without a bring-in the stakes' bring-in is not used: the small bet stands in for it.
    stakes = Stakes(ante, small if no_bring_in else bring_in_, small, big)
    rows = limits(game, stakes, bring_in=not no_bring_in)
    return render.Report(json=lambda: _limits_json(rows), csv=lambda: _limits_csv(rows),
                         table=lambda: _limits_table(game, rows, ante, small, big))


def _limits_json(rows) -> list[dict]:
    return [
        {"round": r.round, "street": r.street, "size": r.size, "bet": _json_money(r.bet),
         "cap": _json_money(r.cap), "bring_in": _json_money(r.bring_in),
         "complete": _json_money(r.complete), "open_pair_bet": _json_money(r.open_pair_bet),
         "open_pair_cap": _json_money(r.open_pair_cap)}
        for r in rows
    ]


def _limits_csv(rows) -> tuple[tuple, list]:
    headers = ("round", "street", "size", "bet", "cap", "bring_in", "complete",
               "open_pair_bet", "open_pair_cap")
    return headers, [
        (r.round, r.street, r.size, _money(r.bet), _money(r.cap), _money(r.bring_in),
         _money(r.complete), _money(r.open_pair_bet), _money(r.open_pair_cap))
        for r in rows
    ]


def _limits_table(game, rows, ante, small, big) -> str:
    headers = ("round", "street", "bet", "cap", "notes")
    table = []
    for r in rows:
        notes = []
        if r.bring_in is not None and r.bring_in == r.complete:
            notes.append(f"bring-in {_money(r.bring_in)} (a full bet: nothing to complete)")
        elif r.bring_in is not None:
            notes.append(f"bring-in {_money(r.bring_in)}, complete to {_money(r.complete)}")
        elif r.round == 1:
            notes.append(f"no bring-in: the first player may check or bet {_money(r.bet)}")
        if r.open_pair_bet is not None and r.open_pair_bet != r.bet:
            small_bet, big_bet = _money(r.bet), _money(r.open_pair_bet)
            notes.append(f"open pair showing: the bet may be {small_bet} or {big_bet}; after a "
                         f"bet of {small_bet} a raise may be {small_bet} or {big_bet}; once "
                         f"{big_bet} is bet or raised, every bet and raise is {big_bet} (still a "
                         f"bet and three raises: at most {_money(r.open_pair_cap)} a player this round)")
        table.append((r.round, r.street, f"{_money(r.bet)} ({r.size})", _money(r.cap),
                      "; ".join(notes)))
    game_name = GAMES[game.lower()].name
    antes = f"ante {_money(ante)}" if ante else "no ante"
    title = (f"{game_name}, fixed limit {_money(small)}/{_money(big)}, {antes}: "
             "one bet and three raises per round")
    return title + "\n\n" + render.render_table(headers, table)
