"""The price of every decision a player made in a hand: the equity the player held as they
saw the cards, against the equity the call needed, and what a wrong call or fold cost in
big bets on the pot as it stood (docs/replay.md, "Decisions with the price").

A decision is every fold, call, raise, complete, check and bet of the player. Antes and the
bring-in are forced, so they are none; a bring-in player who completes instead decides
(a complete facing nothing is priced like a bet). The numbers, per decision:

- pot: every chip put in before the action: antes, the bring-in, earlier streets (less
  any uncalled bet returned on them) and this street's bets so far, the player's own
  included. A player whose stack is short of the call can win only what they match: the
  chips the others put in beyond it (a side pot) are then left out, and facing is the
  stack left.
- facing: the chips the player had to put in to call (0 when nobody had bet more than
  them on the street). After a bring-in, the next players face the bring-in; the bring-in
  player facing a completion faces the completion less the bring-in.
- needed: facing / (pot + facing), the equity a call needs to break even; None at 0.
- equity: the player's share of the pot (hi/lo halves included) as the player saw the
  cards at that moment: own hole cards, every up card dealt so far, the folded players'
  up cards dead and their hole cards unseen (even when the file shows them: the record
  does not say whether they were shown at the fold or only written afterwards); the
  players still in are those who had not
  folded by then, including those yet to act. The opponents' unseen cards are random, or
  from a range per opponent (docs/hands.md, "What might he hold? Ranges"). With a side
  pot from an earlier all-in, the equity is against every live player, for the whole pot.
- cost_big_bets, never below 0: a call or raise facing a bet, max(0, needed - equity) x
  (pot + facing) / big bet; a fold, max(0, equity - needed) x (pot + facing) / big bet
  (a fold facing nothing gives up equity x pot); None for a check or a bet.

Exact where cheap (heads-up from 5th street on: counted in milliseconds), else sampled to
DECISION_PRECISION: enough to rank decisions by cost, whose error is the equity's times
the pot in big bets (0.05 big bets on a 20-big-bet pot).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass

from .. import __version__
from ..engine.timing import QUESTION_SECONDS
from ..equity import equity_of_scenario, estimate_run
from ..games import get_game
from ..histories.record import Action, HandHistory
from ..histories.replay import SeenCards, put_in_before, seen_at
from ..histories.session import trials_for
from ..histories.streets import street_names
from ..method import Method, check_method
from ..scenario import build_scenario

# Standard error of a sampled decision's equity: 40,000 deals, about a millisecond for
# three players on one core. The cost's error is this times (pot + facing) in big bets.
DECISION_PRECISION = 0.0025

# A decision is counted exactly when the engine's estimate of the exact count, beyond its
# fixed cost per question, is at most this (seconds): heads-up from 5th street on.
DECISION_EXACT_BELOW = 0.003

# What the prices leave out, said wherever they are shown.
IGNORES = ("The cost prices each decision on the pot as it stood: it ignores the bets still "
           "to come (implied and reverse implied odds) and the chance that a bet or raise "
           "makes a player fold.")

DECISION_KINDS = ("fold", "call", "raise", "complete", "check", "bet")


class DecisionError(ValueError):
    """A hand whose decisions cannot be priced: the player is not at the table, their
    hole cards are not in the file, the big bet is unknown, or a range cannot hold."""


@dataclass(frozen=True)
class Decision:
    """One decision with its price (the module's docstring defines each number)."""

    hand_id: str
    room: str | None
    street: str  # "3rd".."7th" ("2nd".."5th" in five-card stud)
    action_index: int  # 0-based in the street's actions, antes included
    player: str
    kind: str  # fold, call, raise, complete, check, bet
    facing: float
    pot: float
    big_bet: float
    equity: float
    equity_se: float  # 0 when exact
    method: str  # "exact" or "sampled"
    ranges: str  # "random", or the range(s) given to the opponents
    needed: float | None
    cost_big_bets: float | None
    computed_with: str  # the studodds version

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class Moment:
    """Where a decision was taken and its price, before any equity: the betting alone."""

    street_index: int
    action_index: int
    action: Action
    facing: float
    pot: float
    live: tuple[str, ...]  # the players still in, seat order, the player included


def decision_moments(hand: HandHistory, player: str) -> Iterator[Moment]:
    """Each decision of ``player`` with the pot and the chips to call (the module's
    docstring says what they count)."""
    for s, street in enumerate(hand.streets):
        live = list(hand.live_players(s))
        before = put_in_before(hand, s)  # antes in
        this_street = dict.fromkeys(hand.players, 0.0)
        level = 0.0
        for i, action in enumerate(street.actions):
            if action.kind == "ante" or action.player not in this_street:
                continue
            if action.player == player and action.kind in DECISION_KINDS:
                yield _moment(hand, player, s, i, action, before, this_street, level, live)
            this_street[action.player] += action.amount
            level = max(level, this_street[action.player])
            if action.kind == "fold" and action.player in live:
                live.remove(action.player)


def _moment(hand: HandHistory, player: str, s: int, i: int, action: Action,
            before: dict[str, float], this_street: dict[str, float], level: float,
            live: list[str]) -> Moment:
    put_in = {name: before[name] + this_street[name] for name in hand.players}
    facing = max(0.0, level - this_street[player])
    pot = sum(put_in.values())
    left = hand.stacks.get(player, 0.0) - put_in[player]
    if hand.stacks.get(player, 0.0) > 0 and 0 <= left < facing - 1e-9:
        # Short of the call: only what the player can match is theirs to win.
        facing = left
        pot = sum(min(chips, put_in[player] + left) for chips in put_in.values())
    return Moment(s, i, action, round(facing, 2), round(pot, 2), tuple(live))


def price(kind: str, facing: float, pot: float, equity: float,
          big_bet: float) -> tuple[float | None, float | None]:
    """(needed, cost in big bets) of one decision (the module's docstring).

    >>> price("call", 2, 8, 0.1, 4)   # needs 0.2, has 0.1: 0.1 x 10 chips = 1 chip
    (0.2, 0.25)
    >>> price("fold", 2, 8, 0.5, 4)   # needed 0.2, threw away 0.3 x 10 chips
    (0.2, 0.75)
    """
    needed = facing / (pot + facing) if facing > 0 else None
    if kind == "fold":
        return needed, max(0.0, equity - (needed or 0.0)) * (pot + facing) / big_bet
    if needed is not None and kind != "check":
        return needed, max(0.0, needed - equity) * (pot + facing) / big_bet
    return needed, None


def decisions_of(hand: HandHistory, player: str | None = None, *,
                 ranges: str | Mapping[str, str] | None = None,
                 precision: float | None = None, trials: int | None = None,
                 seed: int = 1, exact_below: float = DECISION_EXACT_BELOW,
                 threads: int = 1) -> tuple[Decision, ...]:
    """Every decision ``player`` (default: the hand's hero) made in ``hand``, priced.

    ranges: one range for every opponent ("top15%", written as inside a hole group), or a
    mapping opponent -> range (opponents not named: random); a named opponent not in the
    hand is no error (one mapping serves many hands). A range applies only while the
    opponent's hole cards are unseen. precision (default DECISION_PRECISION) or trials:
    how the dear decisions are sampled; exact_below: the engine's estimate in seconds below which a decision is
    counted exactly. One seed for the hand: the same questions give the same numbers.
    Decisions on a street where a live player's up cards are not in the file are left out
    (a DecisionError when that leaves none).
    """
    check_method(None, trials, precision, seed)
    player = player if player is not None else hand.hero
    if player is None:
        raise DecisionError(f"hand {hand.hand_id} deals nobody's hole cards: say whose "
                            "decisions to price")
    if player not in hand.players:
        raise DecisionError(f"{player!r} is not at the table in hand {hand.hand_id}")
    game = get_game(hand.game)
    known = (hand.hero_cards if player == hand.hero else hand.shown.get(player, ()))
    if len(known) < game.hole_cards:
        raise DecisionError(f"hand {hand.hand_id} does not show the hole cards of {player!r}: "
                            "only the decisions of a player whose cards the file deals or "
                            "shows can be priced")
    if not hand.big_bet or hand.big_bet <= 0:
        raise DecisionError(f"hand {hand.hand_id} does not give the big bet: the cost in "
                            "big bets cannot be said")
    names_of = street_names(game.id)
    trials = trials or trials_for(precision or DECISION_PRECISION)
    asked: dict[tuple, tuple[float, float, str]] = {}
    out = []
    unseen_boards = 0
    for moment in decision_moments(hand, player):
        seen = seen_at(hand, player, moment.street_index, moment.live)
        if seen is None:
            unseen_boards += 1
            continue
        # Who chose to put chips in matters only to one range for every opponent.
        by_choice = (_by_choice(hand, moment.street_index, moment.action_index)
                     if isinstance(ranges, str) else frozenset())
        hands, used = _with_ranges(game, seen, player, ranges, by_choice)
        unfit: list[str] = []
        while True:
            key = (hands, seen.dead, seen.community)
            try:
                if key not in asked:
                    asked[key] = _equity(game, hands, seen, player, trials, seed,
                                         exact_below, threads, hand.hand_id,
                                         names_of[moment.street_index])
                break
            except _NoneFits as exc:
                # A range no hole cards fit beside the opponent's board (a razz caller
                # showing a king, for a top range): that opponent at random, said.
                names = [seen.names[i] for i in exc.players
                         if i < len(seen.names) and seen.names[i] not in unfit]
                if not names:
                    raise exc.error from None
                unfit += names
                hands = tuple(seen.hands[i] if name in names else text
                              for i, (name, text) in enumerate(zip(seen.names, hands,
                                                                    strict=True)))
        if unfit:
            used += f" (at random, no hand of it fits the board: {', '.join(unfit)})"
        eq, se, method = asked[key]
        needed, cost = price(moment.action.kind, moment.facing, moment.pot, eq, hand.big_bet)
        out.append(Decision(hand.hand_id, hand.room, names_of[moment.street_index],
                            moment.action_index, player, moment.action.kind, moment.facing,
                            moment.pot, hand.big_bet, eq, se, method, used, needed, cost,
                            __version__))
    if unseen_boards and not out:
        # PartyPoker and Everleaf write only the hero's cards and those shown down.
        raise DecisionError(f"hand {hand.hand_id} does not show the up cards of every player "
                            f"still in, so the cards as {player!r} saw them are not known")
    return tuple(out)


# What a player puts in by choice: a forced ante or bring-in says nothing of his cards.
_CHOSEN = frozenset({"complete", "bet", "raise", "call"})


def _by_choice(hand: HandHistory, street_index: int, action_index: int) -> frozenset[str]:
    """The players who put chips in by choice before this action (a call, completion,
    bet or raise): a range of starting hands describes them, not a forced bring-in."""
    chosen: set[str] = set()
    for index, street in enumerate(hand.streets[:street_index + 1]):
        actions = street.actions if index < street_index else street.actions[:action_index]
        chosen.update(a.player for a in actions if a.kind in _CHOSEN)
    return frozenset(chosen)


def _with_ranges(game, seen: SeenCards, player: str,
                 ranges: str | Mapping[str, str] | None,
                 by_choice: frozenset[str] = frozenset()) -> tuple[tuple[str, ...], str]:
    """The hands with each opponent's unseen hole cards written as their range, and the
    ranges used in words ("random" when none). One range for every opponent applies to
    those who put chips in by choice (by_choice): the others, a bring-in who has only
    posted, keep random hole cards (a razz bring-in showing a king fits no top range, and
    his hand once left the whole hand unpriced). A range named for an opponent applies
    as given."""
    unseen = "(" + " ".join(["x"] * game.hole_cards) + ")"
    hands, used, forced = [], [], []
    for name, text in zip(seen.names, seen.hands, strict=True):
        given = ranges if isinstance(ranges, str) else (ranges or {}).get(name)
        if name != player and given and text.startswith(unseen):
            if isinstance(ranges, str) and name not in by_choice:
                forced.append(name)
            else:
                text = f"({given.strip()})" + text[len(unseen):]
                used.append((name, given.strip()))
        hands.append(text)
    if isinstance(ranges, str) and forced:
        # Said whenever a range was asked for and not used, so a reader sees why.
        at_random = f"only forced bets in: {', '.join(forced)}"
        if not used:
            return tuple(hands), f"random ({at_random})"
        return tuple(hands), f"{ranges.strip()} (at random, {at_random})"
    if not used:
        return tuple(hands), "random"
    if isinstance(ranges, str):
        return tuple(hands), ranges.strip()
    return tuple(hands), "; ".join(f"{name}: {text}" for name, text in used)


class _NoneFits(Exception):
    """A range no hole cards fit for these players (indices into the hands), and the error
    to raise if leaving them at random does not help."""

    def __init__(self, players: tuple[int, ...], error: DecisionError):
        super().__init__(str(error))
        self.players = players
        self.error = error


def _equity(game, hands: tuple[str, ...], seen: SeenCards, player: str, trials: int,
            seed: int, exact_below: float, threads: int, hand_id: str,
            street: str) -> tuple[float, float, str]:
    """(equity, its standard error, method) of the player among the live hands."""
    if len(hands) < 2:
        return 1.0, 0.0, "exact"  # nobody left to beat
    try:
        scenario = build_scenario(game, list(hands), " ".join(seen.dead), seen.community)
        estimate = estimate_run(scenario)
        cheap = (estimate.method != "sampling"
                 and estimate.seconds <= QUESTION_SECONDS + exact_below)
        method = (Method(exact=True, seed=seed, threads=threads) if cheap
                  else Method(trials=trials, seed=seed, threads=threads))
        result = equity_of_scenario(scenario, method)
    except ValueError as exc:
        # The engine numbers the players from 1 in seat order: say who they are.
        players = tuple(getattr(exc, "players", ()))
        who = ", ".join(f"player {i + 1} is {seen.names[i]}"
                        for i in players if i < len(seen.names))
        error = DecisionError(f"hand {hand_id}, {street} street{f' ({who})' if who else ''}: "
                              f"{exc}")
        if players and "fit the range" in str(exc):
            raise _NoneFits(players, error) from None
        raise error from None
    mine = result.players[seen.names.index(player)]
    if result.exact:
        return mine.equity, 0.0, "exact"
    return mine.equity, mine.equity_se or 0.0, "sampled"
