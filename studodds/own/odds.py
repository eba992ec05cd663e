"""One player's own chances: how often the hand, as the cards lie, ends as each final hand
("how often do I make it?"), counted over every way its cards to come can fall.

Nobody else's cards matter except the cards seen (in other hands, or dead): those are out
of the deck. Cards nobody saw (x in the dead cards, burns) change no chance, so they are
only counted against the deck. Every completion is counted (engine/final_hands.py), so the
chances are exact fractions; a range in the hole ("(K? K?) Kd") counts every hole-card
choice it allows, each weighing the same (or its weight, for a weighted range).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from ..cards import StudHand, card_str, check_no_duplicates, parse_dead, parse_hand
from ..engine.final_hands import HIGH_TOP_SHIFT, count_final_hands, possible_values
from ..eval.values import NO_LOW, category_name
from ..games import Game, as_game
from ..messages import InputError, option, shown, whole_number
from ..method import check_callbacks
from ..scenario import DECK_SIZE, build_scenario, check_hand_shape, player_range
from ..starting.dealt import DealtError, HowOftenDealt, how_often_dealt
from ..starting.named_ranges import NamedRangeError, hand_with_definitions
from .thresholds import Threshold, parse_threshold

# The high thresholds of "a low and a high at once" in a split game, weakest first.
# Each with the cards beyond a low's five different ranks it needs: a seven-card hand has
# two to spare (no low with a full house), a five-card hand none (a low is unpaired).
JOINT_HIGHS = (("two pair", 2), ("trips", 2), ("a straight", 0), ("a flush", 0),
               ("a full house", 3), ("a straight flush", 0))


@dataclass(frozen=True)
class HandRow:
    """One final hand (a category, or for lows its top card: '7-low'): how many ways end
    exactly there, and there or better, out of `total`."""

    hand: str
    ways: int | float
    or_better_ways: int | float
    total: int | float

    @property
    def chance(self) -> float:
        return self.ways / self.total

    @property
    def or_better(self) -> float:
        return self.or_better_ways / self.total


@dataclass(frozen=True)
class Half:
    """The final hands of one hand kind, best first. name: 'high', 'low' or 'low (8 or
    better)'."""

    kind: str
    name: str
    rows: tuple[HandRow, ...]


@dataclass(frozen=True)
class ThresholdRow:
    """A bar a player names ('two pair, aces up or better'), or two at once: the ways that
    clear it."""

    words: str
    ways: int | float
    total: int | float

    @property
    def chance(self) -> float:
        return self.ways / self.total

    def fraction(self) -> Fraction | None:
        """The exact chance (None for a weighted range's float counts)."""
        if isinstance(self.ways, float) or isinstance(self.total, float):
            return None
        return Fraction(int(self.ways), int(self.total))


@dataclass(frozen=True)
class OwnOdds:
    """A player's own chances of each final hand (own_odds)."""

    game: str  # the game's id
    game_name: str
    hand: str
    dead: str
    street: str  # the street the hand is on ("before the deal" for a random hand)
    to_come: int  # the player's cards still unseen (to come, or unknown hole cards)
    completions: int  # ways those cards can fall (times the hole choices of a range)
    halves: tuple[Half, ...]
    asked: tuple[ThresholdRow, ...]  # the --at-least thresholds, then both at once
    both: tuple[ThresholdRow, ...]  # a split game: a low and a high at once
    method: str = "exact"
    # A range on the first street ("(K? ??) Kd"): how often such a hand is dealt
    # (starting.dealt.HowOftenDealt), else None.
    dealt: HowOftenDealt | None = None

    def to_dict(self) -> dict:
        """The JSON document: every count, and each chance as a float."""
        def threshold(row: ThresholdRow) -> dict:
            return {"hand": row.words, "ways": row.ways, "chance": row.chance}
        return {
            "game": self.game, "hand": self.hand, "dead": self.dead, "street": self.street,
            "to_come": self.to_come, "completions": self.completions, "method": self.method,
            "halves": [{
                "kind": half.kind, "name": half.name,
                "rows": [{"hand": r.hand, "ways": r.ways, "chance": r.chance,
                          "or_better_ways": r.or_better_ways, "or_better": r.or_better}
                         for r in half.rows],
            } for half in self.halves],
            "asked": [threshold(r) for r in self.asked],
            "both": [threshold(r) for r in self.both],
            "total": self.halves[0].rows[0].total,
            **({"dealt": self.dealt.to_dict()} if self.dealt is not None else {}),
        }


def _street(game: Game, hand: StudHand) -> tuple[str, int]:
    """The hand's street and its cards still to come or unseen."""
    if hand.random:
        return "before the deal", game.hand_size
    hole = game.hole_cards if not hand.hole_given else len(hand.down)
    held = hole + len(hand.up) + len(hand.river)
    unseen = game.hand_size - len(hand.known_cards)
    return game.street_name(held), unseen


def _half_name(kind: str) -> str:
    return {"high": "high", "low_8": "low (8 or better)"}.get(kind, "low")


def _rows(kind: str, counts: np.ndarray, total) -> tuple[HandRow, ...]:
    """The final hands of a kind, best first: its categories (for lows, each unpaired low
    by its top card), with the ways to each and to it or better."""
    rows: list[HandRow] = []
    running: int | float = 0
    for category, ways in ways_by_category(kind, counts).items():
        label = _hand_name(category)
        running += ways
        if ways or kind == "high" or label == "no low":
            rows.append(HandRow(label, ways, running, total))
    return tuple(rows)


def ways_by_category(kind: str, counts: np.ndarray) -> dict[str, float]:
    """Ways per category (category_name), best first, from a tally over possible_values."""
    groups: dict[str, float] = {}
    for value, ways in zip(possible_values(kind)[::-1].tolist(), counts[::-1].tolist(),
                           strict=True):
        label = category_name(value, kind)
        groups[label] = groups.get(label, 0) + ways
    return groups


def _hand_name(category: str) -> str:
    """A final hand's row name: the category, the wheel named as players name it."""
    return "5-low (wheel)" if category == "5-low" else category


def _clearing(kind: str, counts: np.ndarray, threshold: int):
    """Ways whose value of this kind is at least threshold."""
    start = int(np.searchsorted(possible_values(kind), threshold, side="left"))
    return counts[start:].sum()


def _joint_ways(joint: np.ndarray, low_kind: str, high_value: int, low_value: int):
    top = high_value >> HIGH_TOP_SHIFT
    low_start = int(np.searchsorted(possible_values(low_kind), low_value, side="left"))
    return joint[top:, low_start:].sum()


def _number(x):
    """A count as the int it is, or a float for a weighted range."""
    x = x.item() if hasattr(x, "item") else x
    return int(x) if float(x).is_integer() and not isinstance(x, float) else x


def own_odds(
    game: Game | str, hand: StudHand | str, dead: str | Sequence = (), *,
    at_least: Iterable[str] = (), progress: Callable[[float], None] | None = None,
    threads: int | None = None,
) -> OwnOdds:
    """One hand's chances of ending as each final hand, counted exactly, as the cards lie.

    hand: one player's hand ('(As Ks) Ah', '(x x) Kd', 'random' for seven unseen cards, a
    range in the hole: '(K? K?) Kd'). dead: the cards out of play, seen or x.
    at_least: thresholds a player names ('aces up', 'a flush', '8-7'): each gets a row of
    the ways it is cleared; one high and one low also get their row at once.

    >>> odds = own_odds("stud7", "(As Ks) Ah")
    >>> odds.street, odds.completions, odds.halves[0].rows[2].hand
    ('3rd street', 211876, 'full house')
    """
    game = as_game(game)
    check_callbacks(threads, progress, None)  # as equity's: threads 0 or 100 ran silently
    if isinstance(hand, str):
        try:
            hand = parse_hand(hand)
        except InputError as error:
            raise type(error)(f"the hand: {error}", players=(0,), cards=error.cards) from None
    elif not isinstance(hand, StudHand):
        raise InputError(f"hand {shown(hand)}: a hand is text such as '(As Ks) Ah'",
                         players=(0,))
    hand = hand_with_definitions(  # its named ranges, from the list in use now
        hand, lambda problem: NamedRangeError(f"the hand {str(hand)!r}: {problem}",
                                              players=(0,)))
    try:  # one hand: "the hand", where the table's checks say "player 1"
        check_hand_shape(game, hand, 1)
    except InputError as error:
        raise type(error)(str(error).replace("player 1", "the hand", 1),
                          players=(0,)) from None
    seen_dead, unseen_dead = parse_dead(dead)
    try:
        check_no_duplicates([hand], seen_dead)
    except InputError as error:
        card = error.cards[0]
        where = "in the hand twice" if not error.fields else f"in the hand and in {option('dead')}"
        if error.fields and not error.players:
            where = f"twice in {option('dead')}"
        raise type(error)(f"card {card!r} is {where}: a card is dealt once",
                          players=error.players, fields=error.fields, cards=error.cards) from None
    thresholds = _thresholds(at_least, game)
    street, to_come = _street(game, hand)
    known = hand.known_cards
    pool = tuple(c for c in range(DECK_SIZE) if c not in set(known) | set(seen_dead))
    # Cards nobody saw (x) change no chance, and at a card shortage the dealer mixes the
    # burn and folded cards back in (docs/rules.md): only the cards seen limit the deck.
    # Still, they are cards: no more than the deck holds.
    out = hand.n_cards + len(seen_dead) + unseen_dead
    if out > DECK_SIZE:
        raise InputError(
            f"the deck cannot supply this hand: {len(seen_dead) + unseen_dead} dead cards and "
            f"the {hand.n_cards} in the hand make {out}, more than the {DECK_SIZE} in the deck",
            fields=("dead",))
    if to_come > len(pool):
        raise InputError(
            f"the deck cannot supply this hand: it needs {to_come} more cards and only "
            f"{len(pool)} are left (52 less {len(known)} in the hand and {len(seen_dead)} "
            "dead cards seen)", fields=("dead",))
    # (the hole cards a range holds, its weight or None): one empty choice without a range
    choices: list[tuple[tuple[int, ...], float | None]] = [((), None)]
    if hand.hole_range is not None:
        hole_range = player_range(game, 0, hand, pool)
        weights = hole_range.weights or (None,) * len(hole_range.combos)
        choices = list(zip(hole_range.combos, weights, strict=True))
    kinds = game.kinds
    # Sums over the choices: 0, then each kind's counts by value (arrays), weighed.
    counts: dict[str, Any] = {kind: 0 for kind in kinds}
    joint: Any = 0
    total_completions = 0
    for i, (hole, weight) in enumerate(choices):
        rest = tuple(c for c in pool if c not in hole)
        draw = to_come - len(hole)
        done = None if progress is None else (
            lambda f, i=i: progress((i + f) / len(choices)))
        tally = count_final_hands(kinds, known + hole, rest, draw, progress=done,
                                  threads=threads)
        scale = 1 if weight is None else weight
        for kind in kinds:
            counts[kind] = counts[kind] + tally.counts[kind] * scale
        if tally.joint is not None:
            joint = joint + tally.joint * scale
        total_completions += tally.total
    weight_total = (len(choices) if choices[0][1] is None
                    else sum(w for _, w in choices if w is not None))  # all weighed
    total = total_completions if choices[0][1] is None else (
        total_completions / len(choices) * weight_total)
    halves = tuple(Half(kind, _half_name(kind), _rows(kind, counts[kind], total))
                   for kind in kinds)
    asked = [ThresholdRow(f"{t.words} or better", _number(_clearing(t.kind, counts[t.kind],
                                                                      t.value)), total)
             for t in thresholds]
    highs = [t for t in thresholds if t.kind == "high"]
    lows = [t for t in thresholds if t.kind != "high"]
    if game.split and highs and lows:
        for h in highs:
            for low in lows:
                asked.append(ThresholdRow(
                    f"{low.words} or better and {h.words} or better, at once",
                    _number(_joint_ways(joint, kinds[1], h.value, low.value)), total))
    both: tuple[ThresholdRow, ...] = ()
    if game.split:
        both = _both_rows(kinds, joint, total, game.hand_size)
    return OwnOdds(game.id, game.name, str(hand), _dead_text(seen_dead, unseen_dead), street,
                   to_come, total_completions, halves, tuple(asked), both,
                   dealt=_how_often_dealt(game, hand, seen_dead))


def _how_often_dealt(game: Game, hand: StudHand, seen_dead):
    """How often a range on the first street is dealt, or None (a written hand, a later
    street, a weighted range: starting.dealt says which it answers)."""
    if hand.hole_range is None or len(hand.up) > game.streets[0].up or hand.river:
        return None
    try:
        return how_often_dealt(game, hand, seen_dead)
    except DealtError:
        return None


def _both_rows(kinds, joint, total, hand_size: int) -> tuple[ThresholdRow, ...]:
    """A split game's 'a low and a high at once': a low (an 8-low or better where the
    game has no qualifier) with each high from two pair up that a hand of this size can
    hold beside a low."""
    low_kind = kinds[1]
    if low_kind == "low_8":
        low_value, low_words = NO_LOW + 1, "a low"
    else:
        low = parse_threshold("8-low", kinds)
        low_value, low_words = low.value, "an 8-low or better"
    rows = []
    for name, spare in JOINT_HIGHS:
        if spare > hand_size - 5:
            continue
        high = parse_threshold(name, kinds)
        ways = _joint_ways(joint, low_kind, high.value, low_value)
        rows.append(ThresholdRow(f"{low_words} and {high.words} or better", _number(ways),
                                 total))
    return tuple(rows)


def _thresholds(at_least: Iterable[str], game: Game) -> list[Threshold]:
    if isinstance(at_least, str):
        at_least = [at_least]
    return [parse_threshold(text, game.kinds, game.name) for text in at_least]


def _dead_text(seen: Sequence[int], unseen: int) -> str:
    return " ".join([card_str(c) for c in seen] + ["x"] * unseen)


@dataclass(frozen=True)
class PlayerFinalHands:
    """One player's final hands at a table (for equity's distribution): the counts of
    each kind by value, over every way the player's unseen cards can fall."""

    counts: dict[str, np.ndarray]
    joint: np.ndarray | None
    total: int

    def by_category(self, kind: str) -> dict[str, float]:
        """Ways per category label (category_name), best first."""
        return ways_by_category(kind, self.counts[kind])

    def clearing(self, threshold: Threshold) -> int:
        return _number(_clearing(threshold.kind, self.counts[threshold.kind], threshold.value))

    def clearing_both(self, high: Threshold, low: Threshold) -> int:
        assert self.joint is not None  # a split game's counts hold the joint table
        return _number(_joint_ways(self.joint, low.kind, high.value, low.value))


def players_final_hands(scenario, threads: int | None = None,
                        progress: Callable[[float], None] | None = None
                        ) -> list[PlayerFinalHands]:
    """Each player's final hands, counted exactly: a player's unseen cards are any of the
    cards nobody saw, whatever the others hold (the cards seen in other hands and the dead
    cards are out). A table with a hole-card range is not for this (a range on one player
    changes what the others can get): the caller asks the engine's tallies there."""
    game = scenario.game
    seen = {c for known in scenario.known for c in known} | set(scenario.dead)
    pool = tuple(c for c in range(DECK_SIZE) if c not in seen)
    done: dict[tuple[int, ...], PlayerFinalHands] = {}  # random hands share one count
    results = []
    for p, known in enumerate(scenario.known):
        if known not in done:
            tally = count_final_hands(game.kinds, known, pool, game.hand_size - len(known),
                                      threads=threads)
            done[known] = PlayerFinalHands(tally.counts, tally.joint, tally.total)
        results.append(done[known])
        if progress is not None:
            progress((p + 1) / scenario.n_players)
    return results


def own_odds_at_table(
    game: Game | str, hands: Sequence[StudHand | str], dead: str | Sequence = (), *,
    player: int = 1, community: str | int | None = None, at_least: Iterable[str] = (),
    progress: Callable[[float], None] | None = None, threads: int | None = None,
) -> OwnOdds:
    """own_odds for one player (1-based) at a whole table: the table checked as for
    equity, the other hands' known cards out of the deck as dead cards (the page asks it
    for the player chosen). A hole-card range on another player is refused: it changes
    which cards this player can get, which one hand's count cannot say."""
    scenario = build_scenario(game, hands, dead, community)
    if not whole_number(player) or not 1 <= player <= scenario.n_players:
        raise InputError(f"{option('player')} {shown(player)}: no such player; the players "
                         f"are 1-{scenario.n_players}", fields=("player",))
    p = player - 1
    ranged = [r.player for r in scenario.ranges if r.player != p]
    if ranged:
        raise InputError(
            f"player {ranged[0] + 1} has a range in the hole: it changes the cards player "
            f"{player} can get, so the chances of player {player}'s hand are not counted at "
            "this table", players=(ranged[0],))
    others = [c for q, known in enumerate(scenario.known) if q != p for c in known
              if c != scenario.community]
    out = [card_str(c) for c in (*scenario.dead, *others)] + ["x"] * scenario.dead_unknown
    hand = scenario.hands[p]
    text = str(hand)
    if scenario.community is not None and not hand.random:  # the community card: its river
        text += f" ({card_str(scenario.community)})"
    return own_odds(scenario.game, text, " ".join(out), at_least=at_least, progress=progress,
                    threads=threads)
