"""The readable slow twin of the equity engines: every deal, one at a time, in plain Python.

Independent of the engine (``studodds.engine``: exact, sim, showdown): it takes a
table as plain data (each player's known card ids, how many unseen cards each player still
gets, the pool the unseen cards come from, whether a community card is dealt), lists every
deal with itertools, values the hands with the slow evaluator ``naive.evaluate`` and splits
each pot with ``fractions.Fraction`` as docs/rules.md, "Splitting the pot", says. The answers are
exact fractions.

A deal: choose the set of unseen cards (``combinations(pool, draws)``), then every distinct
way to hand that set out: player 0 takes any ``to_deal[0]`` of them, player 1 any
``to_deal[1]`` of the rest, ..., and the last one left (if any) is the community card,
which every player uses. Every deal is equally likely, so each weighs 1 / (number of deals).

Card ids are ``rank * 4 + suit`` (rank 0..12 = 2..A, suit 0..3 = c d h s), as in naive.py.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import combinations

import naive

# The games, written out again from docs/rules.md, "The games" (not read from studodds.games):
# (cards each player ends with, the hand kinds that win the pot: one, or high + low).
GAMES = {
    "stud7": (7, ("high",)),
    "stud7hl8": (7, ("high", "low_8")),
    "razz": (7, ("low_a5",)),
    "stud5": (5, ("high",)),
    "stud5low": (5, ("low_a5",)),
    "stud5low6": (5, ("low_a6",)),
    "stud5hl": (5, ("high", "low_a5")),
    "stud7hl": (7, ("high", "low_a5")),  # no qualifier: any low takes half
    "razz27": (7, ("low_27",)),
    "razz6": (7, ("low_a6",)),
}
HOLE_CARDS = {7: 2, 5: 1}  # down cards dealt first, by hand size
NO_LOW = 0  # naive.evaluate(cards, "low_8") when the cards make no eight-or-better low
LOW_FLIP = 0x8FFFFF  # a low value is LOW_FLIP - badness (studodds/eval/values.py spec)
CATEGORY_NAMES = (
    "high card", "pair", "two pair", "three of a kind", "straight", "flush", "full house",
    "four of a kind", "straight flush",
)
RANK_CHARS = "0123456789TJQK"  # a low's top card as a rank number 5..13 (ace = 1)


@dataclass
class PlayerOdds:
    win: Fraction = Fraction(0)  # takes the whole pot alone
    tie: Fraction = Fraction(0)  # gets part of the pot, not all of it
    equity: Fraction = Fraction(0)  # expected fraction of the pot
    high_win: Fraction = Fraction(0)  # split games: the high half alone
    high_tie: Fraction = Fraction(0)  # split games: shares the high half
    low_win: Fraction = Fraction(0)  # split games: the low half alone
    low_tie: Fraction = Fraction(0)  # split games: shares the low half
    # {kind: {category name: probability}}, only the categories that occur
    distribution: dict[str, dict[str, Fraction]] = field(default_factory=dict)


@dataclass
class NaiveResult:
    deals: int
    players: list[PlayerOdds]
    no_low: Fraction  # split games: P(no player has a qualifying low); 0 otherwise


# --------------------------------------------------------------------------- the table


def table_from_text(game: str, hands: list[str], dead: str = "", community: bool = False,
                    community_card: str | None = None):
    """(known, to_deal, pool) worked out from the hand texts, for simple cases.

    Each hand is read token by token: parentheses are dropped, ``x`` is an unseen card,
    a hand that does not start with '(' has its hole cards unseen. Every player ends
    with the game's number of cards, less the community card if there is one (the
    caller says whether there is). Dead ``x`` cards are unseen, so they stay in the pool.
    community_card: a community card already turned: a card every player holds.
    """
    hand_size, _ = GAMES[game]
    known, to_deal = [], []
    seen_dead = [t for t in dead.split() if t.lower() != "x"]
    out = set(naive.parse_cards(" ".join(seen_dead)))
    shared = naive.parse_cards(community_card) if community_card else ()
    out.update(shared)
    for text in hands:
        tokens = re.findall(r"[^\s()]+", text)
        cards = naive.parse_cards(" ".join(t for t in tokens if t.lower() != "x")) + shared
        known.append(cards)
        to_deal.append(hand_size - community - len(cards))
        out.update(cards)
    pool = tuple(c for c in range(52) if c not in out)
    return tuple(known), tuple(to_deal), pool


# --------------------------------------------------------------------------- the deals


def _hand_out(cards: tuple[int, ...], to_deal: tuple[int, ...]):
    """Every way to give to_deal[0] of ``cards`` to player 0, to_deal[1] of the rest to
    player 1, ...; yields (the players' cards, the cards left over)."""
    if not to_deal:
        yield (), cards
        return
    for mine in combinations(cards, to_deal[0]):
        rest = tuple(c for c in cards if c not in mine)
        for others, left in _hand_out(rest, to_deal[1:]):
            yield (mine,) + others, left


def deals(known, to_deal, pool, community: bool):
    """Every deal: each player's final cards (known + dealt + the community card)."""
    draws = sum(to_deal) + community
    for drawn in combinations(pool, draws):
        for dealt, left in _hand_out(drawn, tuple(to_deal)):
            assert len(left) == community
            yield [tuple(k) + d + left for k, d in zip(known, dealt, strict=True)]


@cache
def _value(cards: frozenset, kind: str) -> int:
    return naive.evaluate(sorted(cards), kind)


def value(cards, kind: str) -> int:
    """naive.evaluate, remembered: a player's hand recurs across many deals."""
    return _value(frozenset(cards), kind)


def category(value_: int, kind: str) -> str:
    """The --distribution category name of a hand value (values.py encoding)."""
    if kind == "high":
        return CATEGORY_NAMES[value_ >> 20]
    if kind == "low_8" and value_ == NO_LOW:
        return "no low"
    badness = LOW_FLIP - value_
    cat = badness >> 20
    if cat == 0:  # unpaired, no straight or flush: named by its top card
        top = (badness >> 16) & 0xF
        if top == 14:  # deuce-to-seven: the ace is only high
            return "ace high"
        return f"{RANK_CHARS[top]}-low" + (" (wheel)" if top == 5 else "")
    return CATEGORY_NAMES[cat]


# --------------------------------------------------------------------------- the pot


def winners(values: list[int]) -> list[int]:
    """The players with the largest value (larger is stronger for every kind)."""
    best = max(values)
    return [p for p, v in enumerate(values) if v == best]


def declared_shares(highs: list[int], lows: list[int], declarations) -> list[Fraction]:
    """Each player's share of one pot played with declarations, as docs/rules.md,
    "Declare", says it, step by step (no qualifier: the declare games use any ace-to-five low).

    1. High and both declarers compete for the high half, low and both for the low half.
    2. A swing (both) keeps a claim only with the best high among the high competitors
       and the best low among the low competitors, ties allowed; all failing swings are
       found against the same field, then removed together.
    3. Each half goes to the best of those left on its side; ties split it. One side
       empty: the other side's best takes the whole pot. Everyone removed: the pot splits
       as in the game without a declaration.
    """
    n = len(highs)
    high_side = [p for p in range(n) if declarations[p] in ("high", "both")]
    low_side = [p for p in range(n) if declarations[p] in ("low", "both")]
    best_high = max((highs[p] for p in high_side), default=None)
    best_low = max((lows[p] for p in low_side), default=None)
    removed = {
        p for p in range(n)
        if declarations[p] == "both" and (highs[p] != best_high or lows[p] != best_low)
    }
    if len(removed) == n:
        high_side, low_side = list(range(n)), list(range(n))
    else:
        high_side = [p for p in high_side if p not in removed]
        low_side = [p for p in low_side if p not in removed]
    share = [Fraction(0)] * n
    sides = [side for side in ((high_side, highs), (low_side, lows)) if side[0]]
    for side, values in sides:
        top = max(values[p] for p in side)
        best = [p for p in side if values[p] == top]
        for p in best:
            share[p] += Fraction(1, len(sides) * len(best))
    return share


def brute_force_declared(game: str, known, to_deal, pool, community: bool,
                         declarations) -> list[tuple[Fraction, Fraction, Fraction]]:
    """(win, tie, equity) per player over every deal, the pot settled with declarations
    (win: the whole pot alone; tie: part of it)."""
    _, (high_kind, low_kind) = GAMES[game]
    n = len(known)
    totals = [[Fraction(0)] * 3 for _ in range(n)]
    count = 0
    for hands in deals(known, to_deal, pool, community):
        count += 1
        share = declared_shares([value(h, high_kind) for h in hands],
                                [value(h, low_kind) for h in hands], declarations)
        assert sum(share) == 1
        for p in range(n):
            totals[p][0] += share[p] == 1
            totals[p][1] += 0 < share[p] < 1
            totals[p][2] += share[p]
    return [tuple(x / count for x in t) for t in totals]


def brute_force(game: str, known, to_deal, pool, community: bool) -> NaiveResult:
    """Exact win / tie / equity (and the split-pot figures) over every deal."""
    _, kinds = GAMES[game]
    n = len(known)
    shares_total = [Fraction(0)] * n
    wins, ties = [0] * n, [0] * n
    high_wins, high_ties, low_wins, low_ties = [0] * n, [0] * n, [0] * n, [0] * n
    no_low = 0
    categories = [{kind: Counter() for kind in kinds} for _ in range(n)]
    count = 0
    for hands in deals(known, to_deal, pool, community):
        count += 1
        values = {kind: [value(h, kind) for h in hands] for kind in kinds}
        for p in range(n):
            for kind in kinds:
                categories[p][kind][category(values[kind][p], kind)] += 1
        share = [Fraction(0)] * n
        if len(kinds) == 1:
            top = winners(values[kinds[0]])
            for p in top:
                share[p] += Fraction(1, len(top))
        else:
            high_kind, low_kind = kinds
            high = winners(values[high_kind])
            for p in high:
                high_wins[p] += len(high) == 1
                high_ties[p] += len(high) > 1
            lows = values[low_kind]
            if low_kind == "low_8" and max(lows) == NO_LOW:
                # Nobody qualifies for low: the high hand(s) take the whole pot.
                no_low += 1
                for p in high:
                    share[p] += Fraction(1, len(high))
            else:
                low = winners(lows)
                for p in low:
                    low_wins[p] += len(low) == 1
                    low_ties[p] += len(low) > 1
                for p in high:
                    share[p] += Fraction(1, 2 * len(high))
                for p in low:
                    share[p] += Fraction(1, 2 * len(low))
        assert sum(share) == 1
        for p in range(n):
            shares_total[p] += share[p]
            wins[p] += share[p] == 1
            ties[p] += 0 < share[p] < 1

    def prob(k):
        return Fraction(k, count)

    players = [
        PlayerOdds(
            win=prob(wins[p]), tie=prob(ties[p]), equity=shares_total[p] / count,
            high_win=prob(high_wins[p]), high_tie=prob(high_ties[p]),
            low_win=prob(low_wins[p]), low_tie=prob(low_ties[p]),
            distribution={
                kind: {name: prob(k) for name, k in counter.items()}
                for kind, counter in categories[p].items()
            },
        )
        for p in range(n)
    ]
    return NaiveResult(count, players, prob(no_low))
