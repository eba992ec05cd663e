"""Coach tools on top of equity(): what each next card does, and whether a call pays.

Nothing here deals or evaluates on its own: every number comes from equity_of_scenario on
a table state varied by one card, so it is exactly as right as the engine.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from decimal import Decimal
from typing import Unpack

import numpy as np

from .cards import StudHand, card_str
from .engine.joint import choice_weights, list_joint_choices
from .equity import (
    MAX_JOINT_COMBINATIONS,
    by_card_estimate,
    equities_by_card,
    equity_of_scenario,
    estimate_run,
    new_seed,
)
from .eval import evaluate
from .games import Game
from .messages import OptionError, option, real_number, shown, whole_number
from .method import Method, MethodOptions, RunEstimate
from .results import EquityResult
from .scenario import Scenario, ScenarioError, build_scenario

# A card changes equity "neutrally" when it moves it less than this (0.1 percentage point),
# or, sampled, less than two standard errors of the change.
NEUTRAL = 0.001

_RANK_WORDS = dict(zip("23456789TJQKA", (
    "deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
    "jacks", "queens", "kings", "aces",
), strict=True))


@dataclass(frozen=True)
class NextCard:
    card: str
    equity: float
    delta: float
    group: str  # "improving", "neutral" or "hurting"
    category: str  # what the player's known cards make with it
    win: float
    tie: float
    probability: float  # that this is the card that comes (1/unseen, unless ranges say more)
    equity_se: float | None = None
    scoop: float | None = None
    scoop_delta: float | None = None
    high_win: float | None = None
    high_win_delta: float | None = None
    low_win: float | None = None
    low_win_delta: float | None = None

    def to_dict(self) -> dict:
        return {k: v for k, v in asdict(self).items() if v is not None}


@dataclass(frozen=True)
class NextCardTable:
    game: str
    player: int  # 1-based
    hand: str
    street: str  # the street the card comes on
    equity_now: float
    now: EquityResult
    cards: tuple[NextCard, ...]  # best first
    favourite_cards: int  # cards after which the player has the highest equity alone
    dead_cards: int  # cards that leave the player drawing dead (equity 0)
    method: str
    community_card: bool  # the card comes as the community card, to everyone
    # Sampled: the cards that do the same thing to every hand, in groups of two or more:
    # cards of one rank whose suits are nowhere on the table or dead (swapping them changes
    # no hand), so their true figures are equal and only the noise of each card's sample
    # tells them apart. Shown as one row (one figure) with their mean. Exact: none (their
    # figures are equal already).
    alike: tuple[tuple[str, ...], ...] = ()
    # Some of the player's cards are unseen (x, a range, a random hand): a card's category
    # is then what the seen cards show with it, not what the hand makes.
    unseen: bool = False

    def to_dict(self) -> dict:
        document = {
            "game": self.game, "player": self.player, "hand": self.hand, "street": self.street,
            "method": self.method, "community_card": self.community_card,
            "equity_now": self.equity_now,
            "cards": [c.to_dict() for c in self.cards],
            "favourite_cards": self.favourite_cards, "dead_cards": self.dead_cards,
        }
        if self.method != "exact":
            document["alike"] = [list(group) for group in self.alike]
        return document


def next_street(scenario: Scenario) -> tuple[str, bool, bool]:
    """(name, the card comes down as the river, it is the community card)."""
    game = scenario.game
    if scenario.street_cards >= game.hand_size:
        raise ScenarioError("every card is out: there is no next card")
    river = bool(game.streets[-1].down) and scenario.street_cards == game.hand_size - 1
    name = game.street_name(scenario.street_cards + 1)
    return name, river, river and scenario.community_card


def with_next_card(scenario: Scenario, player: int, card: int) -> Scenario:
    """The table once `card` has come to `player` (0-based) on the next street; the other
    players' next cards still to come. On a community-card river it comes to everyone."""
    if card not in scenario.pool:
        raise ScenarioError(f"{card_str(card)} is not an unseen card: it is in a hand or dead")
    _, river, community = next_street(scenario)
    pool = tuple(c for c in scenario.pool if c != card)
    # A card that comes is not in anybody's hole: ranges keep the combinations without it.
    ranges = tuple(r.keeping(lambda combo: card not in combo) for r in scenario.ranges)
    if any(not r.combos for r in ranges):
        raise ScenarioError(f"{card_str(card)} cannot come: a range needs it in a hole")
    if community:
        known = tuple(k + (card,) for k in scenario.known)
        return replace(scenario, known=known, pool=pool, community=card, ranges=ranges,
                       street_cards=scenario.game.hand_size)
    hands = list(scenario.hands)
    hand = hands[player]
    if river:
        down = hand.down if hand.hole_given else (None,) * scenario.game.hole_cards
        hands[player] = StudHand(down, hand.up, (card,), True, hand.hole_range)
    else:
        hands[player] = StudHand(
            hand.down, hand.up + (card,), hand.river, hand.hole_given, hand.hole_range
        )
    known_now = list(scenario.known)
    known_now[player] = known_now[player] + (card,)
    to_deal = list(scenario.to_deal)
    to_deal[player] -= 1
    return replace(
        scenario, hands=tuple(hands), known=tuple(known_now), to_deal=tuple(to_deal), pool=pool,
        ranges=ranges,
    )


def next_card_probabilities(scenario: Scenario) -> dict[int, float]:
    """How likely each unseen card is to be the next one dealt to a player.

    Every unseen card equally, unless ranges hold some cards in players' holes: then a
    card comes with the share of the joint range choices that leave it free, spread over
    the cards those choices leave.
    """
    pool = scenario.pool
    if not scenario.ranges:
        return {c: 1 / len(pool) for c in pool}
    joint = list_joint_choices(scenario.ranges, MAX_JOINT_COMBINATIONS)
    if joint is None:
        raise OptionError(
            f"the ranges allow more than {MAX_JOINT_COMBINATIONS:,} joint hole-card choices: "
            "too many to weigh the next cards; narrow a range"
        )
    rows, choices = joint  # rows of card ids; a row's chance is its weight's share
    weights = choice_weights(scenario.ranges, choices)
    if weights is None:
        weights = np.ones(len(rows))
    free = len(pool) - rows.shape[1]
    total = float(weights.sum())
    probabilities = {}
    for c in pool:
        without = ~(rows == c).any(axis=1)
        if without.any():
            probabilities[c] = float(weights[without].sum()) / (total * free)
    return probabilities


def made_category(cards, kind: str) -> str:
    """What some known cards make, in a coach's words: 'pair of kings', '7-5-3-A'."""
    if len(cards) >= 5:
        return evaluate(cards, kind).category
    ranks = Counter("23456789TJQKA"[c >> 2] for c in cards)
    counts = sorted(ranks.values(), reverse=True)
    if kind != "high" and counts[0] == 1:
        low_order = "23456789TJQKA" if kind == "low_27" else "A23456789TJQK"  # 2-7: ace high
        ordered = sorted(ranks, key=low_order.index, reverse=True)
        return "-".join(ordered)
    top = max(ranks, key=lambda r: (ranks[r], "23456789TJQKA".index(r)))
    if counts[0] == 4:
        return f"four {_RANK_WORDS[top]}"
    if counts[0] == 3:
        return f"three {_RANK_WORDS[top]}"
    if counts[0] == 2:
        return "two pair" if counts[:2] == [2, 2] else f"pair of {_RANK_WORDS[top]}"
    return f"{'23456789TJQKA'[max('23456789TJQKA'.index(r) for r in ranks)]} high"


def made_low_half(cards, kind: str, to_come: int = 0) -> str:
    """The low half of what known cards make in a split game: '6-low', 'no low', or, with
    fewer than five cards, the low cards toward one ('6-5-3', 'no low cards'); with five
    or six and enough cards to come for five low ranks, no low yet and the cards toward one
    ('no low yet: 4-3-2-A': four to a wheel read 'no low', as a king's did)."""
    low_order = "A23456789TJQK"
    ranks = {"23456789TJQKA"[c >> 2] for c in cards}
    if kind == "low_8":  # only an eight or lower counts toward an eight-or-better low
        ranks = {r for r in ranks if low_order.index(r) < 8}
    toward = "-".join(sorted(ranks, key=low_order.index, reverse=True))
    if len(cards) >= 5:
        e = evaluate(cards, kind)
        if kind == "low_8" and e.value == 0:
            return (f"no low yet: {toward}" if toward and len(ranks) + to_come >= 5
                    else "no low")
        return e.category
    return toward or "no low cards"


def made_halves(cards, game) -> str:
    """Both halves in a split game, high first: 'pair of aces / 6-5-3', 'flush / 7-low'."""
    return (f"{made_category(cards, 'high')} / "
            f"{made_low_half(cards, game.kinds[-1], game.hand_size - len(cards))}")


def next_card_table(
    game: str | Game,
    hands: Sequence[str | StudHand],
    dead: str | Sequence = (),
    *,
    player: int = 1,
    method: Method | None = None,
    **options: Unpack[MethodOptions],
) -> NextCardTable:
    """For every card that can come to `player` (1-based) next: their equity once it has
    come, the change against now, and what it makes. Sorted best first.

    The per-card equities, averaged over the cards weighted by their probability, equal
    the equity now (exactly, with exact enumeration). Each unseen card is equally likely to
    come, unless hole-card ranges say some are probably in a hole (next_card_probabilities).
    method: how each question is answered (studodds.Method), or its fields as keywords, as
    for equity(); its on_estimate(RunEstimate) is called once before the work, with the
    time for the whole table (every card's question has the same size).
    """
    # Every option before any work: the method, then the table and the player.
    method = Method.of(method, options)
    scenario = build_scenario(game, hands, dead)
    if not whole_number(player) or not 1 <= player <= scenario.n_players:
        raise OptionError(f"{option('player')} {shown(player)}: no such player; the players "
                          f"are 1-{scenario.n_players}", fields=("player",))
    p = player - 1
    if scenario.hands[p].random:
        raise OptionError(f"{option('player')} {player}: a 'random' hand's cards are all unseen, so the "
                          "card it gets next cannot be shown; pick a player with written cards",
                          fields=("player",))
    street, _, community = next_street(scenario)
    if method.seed is None and not method.exact:
        # One seed for every card: the changes compare like with like.
        method = method.replace(seed=new_seed())
    # Each question runs without the callbacks: the table reports its own progress and
    # one estimate for the whole.
    quiet = method.replace(progress=None, on_estimate=None)
    progress, on_estimate = method.progress, method.on_estimate
    probabilities = next_card_probabilities(scenario)
    # Heads-up counting answers every card in one pass, tallied by the player's cards.
    one_pass = by_card_estimate(scenario, p, method)
    if on_estimate is not None and one_pass is not None:
        # The deals of every question: each card's are the deals now in which it comes to
        # the player, and a deal now holds the player's cards to come, so they add up to
        # the deals now once for the table now and once for each of those cards.
        deals = one_pass.deals * (1 + scenario.to_deal[p])
        on_estimate(dataclasses.replace(one_pass, deals=deals, runs=1 + len(probabilities),
                                        player=player).on_this_machine())
    # One method for now and every card, so the changes compare like with like: each card
    # alone is a smaller problem and the automatic choice could differ.
    if on_estimate is not None and one_pass is None:  # the plan of every question first
        now_estimate = estimate_run(scenario, quiet)
        planned = (quiet.replace(exact=now_estimate.method != "sampling")
                   if quiet.automatic else quiet)
        one_card = estimate_run(with_next_card(scenario, p, next(iter(probabilities))), planned)
        on_estimate(RunEstimate(
            now_estimate.seconds + len(probabilities) * one_card.seconds, one_card.method,
            now_estimate.deals + len(probabilities) * one_card.deals,
            at_most=one_card.at_most, runs=1 + len(probabilities), player=player,
        ).on_this_machine())
    if one_pass is not None:
        now, by_card = equities_by_card(
            scenario, p, lambda card: with_next_card(scenario, p, card),
            method.replace(on_estimate=None),
        )
        rows = [(card, by_card[card]) for card in probabilities]
    else:
        now = equity_of_scenario(scenario, quiet)
        card_method = quiet.replace(exact=now.method == "exact") if quiet.automatic else quiet
        rows = []
        for i, card in enumerate(probabilities):
            result = equity_of_scenario(with_next_card(scenario, p, card), card_method)
            rows.append((card, result))
            if progress is not None:
                progress((i + 1) / len(probabilities))
    kind = scenario.game.kinds[0]
    base = now.players[p]
    cards = []
    favourite = drawing_dead = 0
    for card, result in rows:
        mine = result.players[p]
        delta = mine.equity - base.equity
        group = _verdict(delta, mine.equity_se, base.equity_se)
        others = [q.equity for j, q in enumerate(result.players) if j != p]
        favourite += mine.equity > max(others)
        drawing_dead += mine.win == 0 and mine.tie == 0
        split = {}
        if mine.scoop is not None:
            split = {
                "scoop": mine.scoop, "scoop_delta": mine.scoop - base.scoop,
                "high_win": mine.high_win, "high_win_delta": mine.high_win - base.high_win,
                "low_win": mine.low_win, "low_win_delta": mine.low_win - base.low_win,
            }
        known = with_next_card(scenario, p, card).known[p]
        makes = (made_halves(known, scenario.game) if scenario.game.split
                 else made_category(known, kind))
        cards.append(NextCard(
            card_str(card), mine.equity, delta, group, makes, mine.win,
            mine.tie, probabilities[card], mine.equity_se, **split,
        ))
    cards.sort(key=lambda c: (-c.equity, c.card))
    alike = () if now.method == "exact" else alike_cards(scenario, [c.card for c in cards])
    if alike:  # one verdict for cards that do the same thing: their mean change decides
        by_card = {c.card: c for c in cards}
        for members in alike:
            delta = sum(by_card[m].delta for m in members) / len(members)
            group = _verdict(delta, max(by_card[m].equity_se for m in members),
                             base.equity_se)
            for m in members:
                by_card[m] = dataclasses.replace(by_card[m], group=group)
        cards = [by_card[c.card] for c in cards]
    hand = scenario.hands[p]
    unseen = hand.random or None in hand.down or None in hand.river
    return NextCardTable(
        scenario.game.id, player, str(hand), street, base.equity, now,
        tuple(cards), favourite, drawing_dead, now.method, community, alike, unseen,
    )


def _verdict(delta: float, card_se: float | None, now_se: float | None) -> str:
    """"improving", "hurting" or "neutral": a change of less than 0.1 point (NEUTRAL), or,
    sampled, less than two standard errors of the change, is neutral."""
    threshold = NEUTRAL
    if card_se is not None and now_se is not None:
        threshold = max(NEUTRAL, 2 * (card_se**2 + now_se**2) ** 0.5)
    return "improving" if delta > threshold else "hurting" if delta < -threshold else "neutral"


def alike_cards(scenario: Scenario, cards: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """The cards (as written) that do the same thing to every hand, in groups of two or
    more, each in the order given: those of one rank whose suits are out of play, on no
    hand and not dead (razz and the ace-to-five lows never look at suits: all of a rank).
    None with a hole-card range: a range may name a suit ("As?"), and then the swap is not
    the same for it.

    >>> s = build_scenario("stud7", ["(As Ks) Ah", "(x x) Qs"])
    >>> alike_cards(s, ["Kc", "Kh", "Kd", "Qc", "Qd"])
    (('Kc', 'Kd'), ('Qc', 'Qd'))
    """
    if scenario.ranges:
        return ()
    seen = {c for known in scenario.known for c in known} | set(scenario.dead)
    suits_in_play = {card_str(c)[1] for c in seen}
    if all(k in ("low_a5", "low_8") for k in scenario.game.kinds):
        suits_in_play = set()  # ace-to-five lows never look at suits
    by_rank: dict[str, list[str]] = {}
    for card in cards:
        if card[1] not in suits_in_play:
            by_rank.setdefault(card[0], []).append(card)
    return tuple(tuple(group) for group in by_rank.values() if len(group) > 1)


@dataclass(frozen=True)
class PotOdds:
    pot: float
    to_call: float
    required_equity: float
    equity: float
    call_ev: float
    hero: int
    verdict: str
    implied_required_equity: float | None = None

    def to_dict(self) -> dict:
        return {k: v for k, v in asdict(self).items() if v is not None}


def _amount(value, option: str) -> float:
    """A number of chips as a float; one too large for a float is infinite. option: its
    name in the words of the front end asking (messages.option)."""
    if isinstance(value, Decimal):
        value = float(value)  # huge is inf, NaN is NaN: both refused below
    if not real_number(value):
        raise OptionError(f"{option} is a number of chips, got {shown(value)}")
    try:
        return float(value)
    except OverflowError:  # an int beyond a float
        return math.inf


def pot_odds_asked(pot, to_call, hero=1, bets_to_come=0, big_bet=0.0) -> bool:
    """Whether a question asks for pot odds: both the pot and the call given (None when
    not). The hero and the implied bets mean something only with them: OptionError when
    they come alone, or when only one of the pot and the call is given."""
    if (pot is None) != (to_call is None):
        raise OptionError(f"pot odds need both {option('pot')} and {option('to_call')}",
                          fields=("pot", "to_call"))
    if pot is None and (hero != 1 or bets_to_come or big_bet):
        raise OptionError(f"{option('hero')}, {option('bets_to_come')} and {option('big_bet')} go "
                          f"with {option('pot')} and {option('to_call')}",
                          fields=("hero", "bets_to_come", "big_bet", "pot", "to_call"))
    return pot is not None


def check_pot_odds(
    pot, to_call, hero=1, bets_to_come=0, big_bet=0.0, *, players: int | None = None,
) -> tuple[float, float, float]:
    """The pot-odds options, checked without any equity (the command checks them before
    its run): (pot, to_call, the pot with the implied bets) as floats. players: how many
    there are, to check the hero against (None: not known yet)."""
    pot, to_call = _amount(pot, option("pot")), _amount(to_call, option("to_call"))
    if not (math.isfinite(pot) and math.isfinite(to_call)) or pot < 0 or to_call <= 0:
        raise OptionError(f"{option('pot')} must be 0 or more and {option('to_call')} more than 0, "
                          f"got {pot:g} "
                          f"and {to_call:g}", fields=("pot", "to_call"))
    if not whole_number(hero) or hero < 1 or (players is not None and hero > players):
        there = (f"no such player; the players are 1-{players}"
                 if players is not None else "players count from 1")
        raise OptionError(f"{option('hero')} {shown(hero)}: {there}", fields=("hero",))
    big_bet = _amount(big_bet, option("big_bet"))
    if not real_number(bets_to_come):
        raise OptionError(f"{option('bets_to_come')} is a number of big bets, got "
                          f"{shown(bets_to_come)}", fields=("bets_to_come",))
    if bets_to_come < 0 or big_bet < 0 or not math.isfinite(big_bet):
        raise OptionError(f"{option('bets_to_come')} and {option('big_bet')} are 0 or more",
                          fields=("bets_to_come", "big_bet"))
    if bool(bets_to_come) != bool(big_bet):
        raise OptionError(f"implied odds need both {option('bets_to_come')} and {option('big_bet')}",
                          fields=("bets_to_come", "big_bet"))
    # Each amount is finite, but their sums need not be: P + C = inf made the call EV
    # equity * inf - C NaN or inf, k * B = inf the implied price 0, and a k too large for
    # a float raises OverflowError. Every number pot_odds computes is finite when these are.
    after_call = pot + to_call
    try:
        implied_pot = after_call + bets_to_come * big_bet
    except OverflowError:
        implied_pot = math.inf
    if not (math.isfinite(after_call) and math.isfinite(implied_pot)):
        raise OptionError(
            f"{option('pot')}, {option('to_call')} and the implied bets are too large: the pot "
            "after the call and "
            "the bets to come must add up to at most about 1.8e308 chips",
            fields=("pot", "to_call"))
    return pot, to_call, implied_pot


def pot_odds(
    result: EquityResult, pot: float, to_call: float, hero: int = 1,
    bets_to_come: int = 0, big_bet: float = 0.0,
) -> PotOdds:
    """Whether calling `to_call` into `pot` pays for the hero (1-based), on equity alone.

    required equity = C / (P + C); call EV = equity * (P + C) - C chips. Both ignore the
    betting still to come. With bets_to_come and big_bet, the implied-odds price assumes
    the hero also collects that many big bets when they win: C / (P + C + k * B).
    """
    if not isinstance(result, EquityResult):
        raise OptionError(f"pot odds need the EquityResult of equity(), got {shown(result)}")
    pot, to_call, implied_pot = check_pot_odds(pot, to_call, hero, bets_to_come, big_bet,
                                                players=len(result.players))
    after_call = pot + to_call
    eq = result.players[hero - 1].equity
    required = to_call / after_call
    ev = eq * after_call - to_call
    implied = None
    if bets_to_come and big_bet:
        implied = to_call / implied_pot
    # One sentence: the decision first, then the price it rests on. The EV is on the pot
    # now; implied odds (when given) can turn a losing call into a right one, and then the
    # sentence says so instead of saying "fold" beside a price the hero beats.
    bets = f"{bets_to_come} more big bet{'s' * (bets_to_come != 1)}"
    price = (f"pot {pot:g}, to call {to_call:g}: a call needs {100 * required:.1f}% equity"
             + (f", {100 * implied:.1f}% if player {hero} also wins {bets} when ahead"
                if implied is not None else "")
             + f"; player {hero} has {100 * eq:.1f}%")
    if ev > 1e-12:
        verdict = f"call: +{ev:.2f} chips on average on the pot now ({price})"
    elif ev < -1e-12 and implied is not None and eq >= implied:
        verdict = (f"call on implied odds: it loses {-ev:.2f} chips on the pot now, but needs "
                   f"only {100 * implied:.1f}% equity if player {hero} also wins {bets} when "
                   f"ahead (pot {pot:g}, to call {to_call:g}: {100 * required:.1f}% on the pot "
                   f"now; player {hero} has {100 * eq:.1f}%)")
    elif ev < -1e-12:
        verdict = f"fold: calling loses {-ev:.2f} chips on average on the pot now ({price})"
    else:
        verdict = f"break-even call on the pot now ({price})"
    return PotOdds(pot, to_call, required, eq, ev, hero, verdict, implied)
