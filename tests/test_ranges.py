"""Hole-card ranges (studodds/ranges.py) in the exact and Monte Carlo engines.

The required semantics: every combination of hole cards that fits a player's range (and
every known and dead card) is equally likely, jointly across the ranged players. That is
the uniform deal conditioned on the event "each ranged player's hole cards are in the
range", so the reference here is a brute force written independently of studodds: it
enumerates every deal of the unseen cards (the ranged players' hole cards first, then the
rest as tests/naive_equity.py deals them), keeps the deals whose hole cards satisfy this
file's own range predicate (its own notation reader, slot matcher and named classes,
straight from the ranges.py docstring; ranges.py is never called), values the hands with
tests/naive.py and splits each pot in exact integers.

Every brute-force case keeps at most ~60k deals; the whole file runs in well under a
minute on one process.
"""

from __future__ import annotations

import importlib
import json
import random
import re
import subprocess
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations, permutations
from math import comb
from pathlib import Path

import naive
import naive_equity
import pytest

from studodds.cards import parse_hand
from studodds.cli import main
from studodds.equity import equity
from studodds.messages import OptionError
from studodds.scenario import ScenarioError, build_scenario
from studodds.whatif import next_card_table

# The module (the package re-exports the function under the same name).
equity_module = importlib.import_module("studodds.equity")

RANKS = "23456789TJQKA"
SUITS = "cdhs"
POT = 1680  # pot units: divisible by 2 * k for every k <= 8 sharing a half
FIGURES = ("win", "tie", "equity")
HALF_FIGURES = ("high_win", "high_tie", "low_win", "low_tie")

# --------------------------------------------------------------------------- the predicate
# Independent of studodds/ranges.py: a range is a list of alternatives, each a class name
# or a tuple of (rank | None, suit | None) slots matched in any order.

CLASS_NAMES = ("pair+", "rolled", "flush3", "straight3", "low3")
# Pairs told apart by the door card: both hole cards (buried), or the door card and one
# hole card (split).
DOOR_CLASS_NAMES = ("buried", "split")
# Five-rank windows a straight can occupy: A-2-3-4-5 (ace low) up to T-J-Q-K-A.
STRAIGHT_WINDOWS = [frozenset({12, 0, 1, 2, 3})] + [
    frozenset(range(low, low + 5)) for low in range(9)
]
LOW_RANKS = frozenset({12, 0, 1, 2, 3, 4, 5, 6})  # A (as a one) and 2..8


def _third_street(hole, up):
    return tuple(hole) + tuple(up[:1])  # both hole cards and the door card


def class_holds(name: str, hole, up) -> bool:
    if name == "pair+":
        ranks = [c // 4 for c in tuple(hole) + tuple(up)]
        return any(ranks.count(r) >= 2 for r in ranks)
    third = _third_street(hole, up)
    if len(third) != 3:
        return False
    ranks = {c // 4 for c in third}
    suits = {c % 4 for c in third}
    if name == "rolled":
        return len(ranks) == 1
    hole_ranks = [c // 4 for c in hole]
    if name == "buried":
        return hole_ranks[0] == hole_ranks[1] and up[0] // 4 != hole_ranks[0]
    if name == "split":
        return hole_ranks.count(up[0] // 4) == 1
    if name == "flush3":
        return len(suits) == 1
    if name == "straight3":
        return len(ranks) == 3 and any(ranks <= w for w in STRAIGHT_WINDOWS)
    if name == "low3":
        return len(ranks) == 3 and ranks <= LOW_RANKS
    raise AssertionError(name)


def slot_fits(slot, card) -> bool:
    rank, suit = slot
    return (rank is None or card // 4 == rank) and (suit is None or card % 4 == suit)


def in_range(alternatives, hole, up) -> bool:
    for alt in alternatives:
        if isinstance(alt, str):
            if class_holds(alt, hole, up):
                return True
        elif len(alt) == len(hole) and any(
            all(slot_fits(s, c) for s, c in zip(alt, order, strict=True))
            for order in permutations(hole)
        ):
            return True
    return False


def read_range(text: str):
    """Alternatives from a hole group's text such as 'K? K? | A? A? | pair+'."""
    alternatives = []
    for part in text.split("|"):
        words = part.split()
        if len(words) == 1 and words[0] in CLASS_NAMES + DOOR_CLASS_NAMES:
            alternatives.append(words[0])
            continue
        slots = []
        for w in words:
            if w.lower() in ("x", "??"):
                slots.append((None, None))
            else:
                assert len(w) == 2, w
                slots.append((
                    None if w[0] == "?" else RANKS.index(w[0].upper()),
                    None if w[1] == "?" else SUITS.index(w[1].lower()),
                ))
        alternatives.append(tuple(slots))
    return alternatives


# --------------------------------------------------------------------------- the table

HAND_RE = re.compile(r"^\s*(?:\((?P<hole>[^)]*)\))?(?P<up>[^()]*)(?:\((?P<river>[^)]*)\))?\s*$")


def _is_card(word: str) -> bool:
    return len(word) == 2 and word[0].upper() in RANKS and word[1].lower() in SUITS


@dataclass
class Seat:
    known: tuple[int, ...]  # known cards (a ranged player's hole cards are not known)
    up: tuple[int, ...]  # in the order dealt: up[0] is the door card
    range_: list | None  # alternatives, or None
    n_hole: int  # hole cards the range describes
    n_rest: int = 0  # other unseen cards still to come (or unseen now)


def read_table(game: str, hands: list[str], dead: str, community: bool):
    """Seats and the pool, read from the texts without studodds."""
    hand_size, _ = naive_equity.GAMES[game]
    n_hole = naive_equity.HOLE_CARDS[hand_size]
    seats = []
    for text in hands:
        m = HAND_RE.match(text)
        assert m, text
        hole = (m["hole"] or "").split()
        up = naive.parse_cards(m["up"])
        river = [w for w in (m["river"] or "").split() if _is_card(w)]
        ranged = bool(hole) and ("|" in hole or not all(
            _is_card(w) or w.lower() in ("x", "??") for w in hole
        ))
        if ranged:
            known = up + naive.parse_cards(" ".join(river))
            seat = Seat(known, up, read_range(m["hole"]), n_hole)
            seat.n_rest = hand_size - community - len(known) - n_hole
        else:
            hole_known = [w for w in hole if _is_card(w)]
            known = naive.parse_cards(" ".join(hole_known)) + up + naive.parse_cards(
                " ".join(river)
            )
            seat = Seat(known, up, None, 0, hand_size - community - len(known))
        seats.append(seat)
    out = {c for s in seats for c in s.known}
    out |= set(naive.parse_cards(" ".join(w for w in dead.split() if w.lower() != "x")))
    pool = tuple(c for c in range(52) if c not in out)
    return seats, pool


# --------------------------------------------------------------------------- brute force


@dataclass
class Tally:
    """Integer tallies over the deals that share one joint choice of ranged hole cards."""

    n_players: int
    deals: int = 0
    share: list = field(default_factory=list)  # pot units
    win: list = field(default_factory=list)
    tie: list = field(default_factory=list)
    high_win: list = field(default_factory=list)
    high_tie: list = field(default_factory=list)
    low_win: list = field(default_factory=list)
    low_tie: list = field(default_factory=list)
    no_low: int = 0

    def __post_init__(self):
        for name in ("share", "win", "tie") + HALF_FIGURES:
            setattr(self, name, [0] * self.n_players)


def _score(hands, kinds, t: Tally) -> None:
    t.deals += 1
    n = len(hands)
    share = [0] * n
    if len(kinds) == 1:
        top = naive_equity.winners([naive_equity.value(h, kinds[0]) for h in hands])
        for p in top:
            share[p] += POT // len(top)
    else:
        high = naive_equity.winners([naive_equity.value(h, kinds[0]) for h in hands])
        for p in high:
            t.high_win[p] += len(high) == 1
            t.high_tie[p] += len(high) > 1
        lows = [naive_equity.value(h, kinds[1]) for h in hands]
        if kinds[1] == "low_8" and max(lows) == naive_equity.NO_LOW:
            t.no_low += 1
            for p in high:
                share[p] += POT // len(high)
        else:
            low = naive_equity.winners(lows)
            for p in low:
                t.low_win[p] += len(low) == 1
                t.low_tie[p] += len(low) > 1
            for p in high:
                share[p] += POT // (2 * len(high))
            for p in low:
                share[p] += POT // (2 * len(low))
    assert sum(share) == POT
    for p in range(n):
        t.share[p] += share[p]
        t.win[p] += share[p] == POT
        t.tie[p] += 0 < share[p] < POT


def brute_force_by_hole(game, hands, dead="", community=False):
    """{joint hole cards (one tuple per ranged player): Tally} over the kept deals.

    Deals are enumerated with the ranged players' hole cards first and the deals whose
    hole cards miss a range are dropped as soon as that is known (the same deals kept as
    enumerating everything and filtering, just faster).
    """
    _, kinds = naive_equity.GAMES[game]
    seats, pool = read_table(game, hands, dead, community)
    ranged = [p for p, s in enumerate(seats) if s.range_ is not None]
    out = {}

    def holes(i, left, chosen):
        if i == len(ranged):
            yield chosen, left
            return
        seat = seats[ranged[i]]
        for hole in combinations(left, seat.n_hole):
            if in_range(seat.range_, hole, seat.up):
                rest = tuple(c for c in left if c not in hole)
                yield from holes(i + 1, rest, chosen + (hole,))

    for chosen, left in holes(0, pool, ()):
        known = [s.known for s in seats]
        for i, p in enumerate(ranged):
            known[p] = chosen[i] + known[p]
        tally = Tally(len(seats))
        to_deal = tuple(s.n_rest for s in seats)
        for final in naive_equity.deals(known, to_deal, left, community):
            _score(final, kinds, tally)
        out[chosen] = tally
    return out


@dataclass
class Odds:
    deals: int  # kept deals (for a uniform weighting)
    players: list[dict]  # figure name: Fraction
    no_low: Fraction


def combine(by_hole: dict, weights: dict | None = None) -> Odds:
    """Odds with each joint hole choice weighted (uniform: every kept deal counts once)."""
    assert by_hole, "no deal satisfies the ranges"
    if weights is None:
        weights = {k: Fraction(1, len(by_hole)) for k in by_hole}
    assert sum(weights.values()) == 1
    n = next(iter(by_hole.values())).n_players
    players = [defaultdict(Fraction) for _ in range(n)]
    no_low = Fraction(0)
    for key, t in by_hole.items():
        w = weights.get(key, Fraction(0)) / t.deals
        no_low += w * t.no_low
        for p in range(n):
            players[p]["equity"] += w * Fraction(t.share[p], POT)
            for name in ("win", "tie") + HALF_FIGURES:
                players[p][name] += w * getattr(t, name)[p]
    deals = sum(t.deals for t in by_hole.values())
    return Odds(deals, [dict(p) for p in players], no_low)


_CACHE: dict = {}


def brute_force(game, hands, dead="", community=False) -> Odds:
    key = (game, tuple(hands), dead, community)
    if key not in _CACHE:
        _CACHE[key] = brute_force_by_hole(game, hands, dead, community)
    return combine(_CACHE[key])


def close(x: float, want: Fraction, tol: float = 1e-12) -> bool:
    return abs(Fraction(x) - want) <= tol


def assert_matches(result, want: Odds, game: str) -> None:
    split = len(naive_equity.GAMES[game][1]) == 2
    for p, got in enumerate(result.players):
        for name in FIGURES + (HALF_FIGURES if split else ()):
            assert close(getattr(got, name), want.players[p][name]), (
                p + 1, name, getattr(got, name), float(want.players[p][name]),
            )
    if split:
        assert close(result.no_low, want.no_low)
    assert close(sum(p.equity for p in result.players), Fraction(1))


def dead_all_but(live: str, hands: list[str]) -> str:
    """Every card that is neither in a hand's text (cards only) nor in ``live``."""
    keep = set(naive.parse_cards(live))
    for hand in hands:
        keep.update(naive.parse_cards(" ".join(w for w in re.findall(r"[^\s()|]+", hand)
                                               if _is_card(w))))
    return " ".join(naive.card_text(c) for c in range(52) if c not in keep)


# --------------------------------------------------------------------------- the predicate itself


def test_predicate_examples():
    """This file's reference predicate on the docstring's examples (sanity of the oracle)."""
    c = naive.parse_cards
    kings_up = read_range("K? ??")
    assert in_range(kings_up, c("2c Kh"), c("Kd")) and not in_range(kings_up, c("2c Qh"), c("Kd"))
    assert in_range(read_range("?s ?s"), c("2s As"), c("9s"))
    assert not in_range(read_range("?s ?s"), c("2s Ah"), c("9s"))
    assert in_range(read_range("Ks ?h"), c("2h Ks"), ())  # slots in any order
    assert not in_range(read_range("K? K?"), c("Kh 2c"), c("Kd"))
    for name, hole, door, want in [
        ("rolled", "9c 9d", "9h", True), ("rolled", "9c 9d", "8h", False),
        ("flush3", "2h Ah", "9h", True), ("flush3", "2h Ac", "9h", False),
        ("straight3", "Ac 2d", "3h", True), ("straight3", "Qc Kd", "Ah", True),
        ("straight3", "Kc Ad", "2h", False), ("straight3", "4c 6d", "8h", True),
        ("straight3", "4c 6d", "9h", False), ("straight3", "4c 4d", "5h", False),
        ("low3", "Ac 2d", "8h", True), ("low3", "Ac 2d", "9h", False),
        ("low3", "2c 2d", "3h", False),
        ("pair+", "2c 7d", "7h", True), ("pair+", "2c 7d", "8h", False),
        ("buried", "Kc Kd", "7h", True), ("buried", "Kc 7d", "Kh", False),
        ("buried", "Kc Kd", "Kh", False), ("split", "Kc 7d", "Kh", True),
        ("split", "Kc 7d", "7h", True), ("split", "Kc Kd", "7h", False),
        ("split", "Kc Kd", "Kh", False), ("split", "Kc 7d", "2h", False),
    ]:
        assert class_holds(name, c(hole), c(door)) is want, (name, hole, door)
    # pair+ looks at every up card; the third-street classes at the door card only.
    assert class_holds("pair+", c("2c 7d"), c("8h 9s 2d"))
    assert not class_holds("flush3", c("2h 3h"), c("9s 4h"))


# --------------------------------------------------------------------------- class combos
# On third street a class is decided by the hole cards and the door card alone, so the
# engine's list of combinations can be compared with the predicate over the whole pool.


@pytest.mark.parametrize("door", ["Ah", "2d", "5c", "8s", "9h", "Qd", "Kc"])
@pytest.mark.parametrize("name", ["rolled", "flush3", "straight3", "low3", "pair+", "buried",
                                  "split"])
def test_third_street_class_combinations(name, door):
    game = "razz" if name == "low3" else "stud7"
    hands = [f"({name}) {door}", "(x x) Tc", "(7c 7d) 3h"]
    dead = "Jd 2s"
    _, pool = read_table(game, hands, dead, False)
    up = naive.parse_cards(door)
    want = {h for h in combinations(pool, 2) if class_holds(name, h, up)}
    if not want:  # low3 with a 9 or higher door card: nothing fits
        with pytest.raises(ScenarioError, match="no hole cards left fit"):
            build_scenario(game, hands, dead)
        return
    scenario = build_scenario(game, hands, dead)
    (player_range,) = scenario.ranges
    got = {tuple(sorted(c)) for c in player_range.combos}
    assert len(got) == len(player_range.combos)  # each combination once
    assert got == want


# --------------------------------------------------------------------------- exact == brute

# A community-card table: 8 players on 6th street hold 48 cards, so the river is one
# card in the middle (docs/rules.md). Player 1's hole is a range, player 5's unknown.
EIGHT_6TH = [
    "(K? ??) Jc Tc 2d 3d",
    "(Kd Qd) Jd Td 2h 3h",
    "(Kh Qh) Jh Th 2s 3s",
    "(Ks Qs) Js Ts 2c 3c",
    "(x x) 6h 7s 8c 9d",
    "(4d 5h) 6s 7c 8d 9h",
    "(4h 5s) 6c 7d 8h 9s",
    "(4s 5c) 6d 7h 8s 9c",
]

# (game, hands, dead, community). Comments say what each case exercises.
EXACT_CASES = {
    # One ranged player, kings up: a king among the hole cards (3 kings unseen), 7th street.
    "stud7-kings-up": (
        "stud7", ["(K? ??) Kd 7c 8h 2s (3d)", "(Ac x) Qc Qd 5h 6s (9c)"], "", False),
    # The same against a fully unknown hole, with dead cards shrinking the pool.
    "stud7-kings-up-dead": (
        "stud7", ["(K? ??) Kd 7c 8h 2s (3d)", "(x x) Qc Qd 5h 6s (9c)"],
        "live: Kc Kh Ks As Ah Qh Qs 9s 9h 8c 8d 7d 7h 4c 4d Jc", False),
    # Competing ranges: both need a king and only Kh Ks are unseen, so at most one
    # player can hold both; a third player's hole card and seen and unseen dead cards.
    "stud7-competing-kings": (
        "stud7",
        ["(K? ??) Kd 7c 8h 2s (3d)", "(K? ??) Kc Qd 5h 6s (9c)", "(Ah x) Ad 4c 4h Jd (Js)"],
        "Tc Th x", False),
    # Player 1's choice decides how many kings player 2 can pick from: K-K (3 ways)
    # leaves one king, Q-Q (1 way) three, so joint weighting is far from "player 1 first".
    "stud7-competing-kings-queens": (
        "stud7",
        ["(K? K? | Q? Q?) Kd 7c 8h 2s (3d)", "(K? ??) Tc Td 5h 6s (9c)",
         "(Ah x) Ad 4c 4h Jd (Js)"],
        "Qc Qd", False),
    # Both want two spades; four spades are unseen (so they split them 2-2), stud7hl8.
    "stud7hl8-competing-spades": (
        "stud7hl8",
        ["(?s ?s) 9s 2d 3h 4c (6d)", "(?s ?s) Ks Qh 5d 7h (8d)", "(Ac x) Kc Kh 2c 3c (Td)"],
        "As 2s 3s 4s 5s 6s 7s", False),
    # One flush draw needs two spades, the other any spade: 5 spades unseen, with x's.
    "stud7hl8-spades-any": (
        "stud7hl8",
        ["(?s ?s) 9s 2d 3h 4c (6d)", "(?s x) Ks Qh 5d 7h (8d)"],
        "live: Ts Js 8s 7s 6s Ac Ad 2h 3d 4d 5c Kd", False),
    # Alternatives, one of them contained in another (every combination counts once).
    "stud7-alternatives": (
        "stud7",
        ["(K? K? | A? A? | K? ?? | Q? J?) 9c 7c 8h 2s (3d)", "(x Th) Tc Td 5h 6s (4c)"],
        "live: Kc Kd Ah As Qc Qd Js Jh 2c 5c 9h", False),
    # Competing alternatives over few aces and kings.
    "stud7-competing-alternatives": (
        "stud7",
        ["(A? A? | K? K?) 9c 7c 8h 2s (3d)", "(A? ?? | K? ??) Tc Td 5h 6s (4c)"],
        "Ac Kc Kd", False),
    # The classes on 7th street, where they still describe the hole cards + door card.
    "stud7-rolled": (
        "stud7", ["(rolled) 9h 2c 3d 4s (5h)", "(x x) Qc Qd 5c 6s (9c)"], "", False),
    "stud7-flush3": (
        "stud7", ["(flush3) 9h 2c 3d 4s (5h)", "(Ac x) Qc Qd 5c 6s (9c)"], "", False),
    "stud7-straight3": (
        "stud7", ["(straight3) 9h 2c 3d 4s (5h)", "(Ac x) Qc Qd 5c 6s (9c)"], "", False),
    # An ace door: A-2-3 (ace low) and Q-K-A (ace high) both count.
    "stud7-straight3-ace": (
        "stud7", ["(straight3) Ah 2c 3d 4s (5h)", "(Ac x) Qc Jd 5c 6s (9c)"], "", False),
    "razz-low3": (
        "razz", ["(low3) 5h Kc Qd Js (Tc)", "(2h x) 3c 4d 6h 7s (9d)"], "", False),
    "stud7hl8-low3-or-flush3": (
        "stud7hl8", ["(low3 | flush3) 5h Kc Qd Js (Tc)", "(2h x) 3c 4d 6h 7s (9d)"], "", False),
    # pair+ on 6th street (no river yet): hole cards + every up card; a river to come.
    "stud7-pair+": (
        "stud7", ["(pair+) 9h 2c 3d 4s", "(Ac Kc) Qc Qd 5c 6s"],
        "live: 9c 9d 2h 3h 4h 5h 6h 7h 8h Th Jh Kh Ah", False),
    "stud7-pair+-or-flush3": (
        "stud7", ["(pair+ | flush3) 9h 2c 3d 4s", "(Ac Kc) Qc Qd 5c 6s"],
        "live: 9c 9d 2h 3h 4h 5h 6h 7h 8h Th Jh Kh Ah", False),
    # A class competing with slots for the same cards.
    "stud7-rolled-vs-nines": (
        "stud7", ["(rolled) 9h 2c 3d 4s (5h)", "(9? ??) Qc Qd 5c 6s (Tc)"], "", False),
    # Five-card stud: one hole card, "(K?)".
    "stud5-king": ("stud5", ["(K?) Kd 5c 7h", "(Qs) Qc Qd 2s"], "", False),
    "stud5-king-final": ("stud5", ["(K?) Kd 5c 7h 9s", "(x) Qc Qd 2s 3h"], "", False),
    "stud5-competing": ("stud5", ["(K? | A?) Kd 5c 7h 9s", "(A?) Qc Qd 2s 3h"], "Ks Ac", False),
    "stud5-pair+": ("stud5", ["(pair+) Kd 5c 7h", "(Qs) Qc Qd 2s"], "", False),
    "stud5hl-low": ("stud5hl", ["(A? | 2? | 3?) 4d 5c 9h", "(Kh) Kc Kd 6s"], "", False),
    "razz-competing": (
        "razz", ["(A? 2? | A? 3?) 4d 5c 9h Kc (Qs)", "(A? ??) 6d 7c 8h Ks (Qd)"],
        "Ac 2c 2d 3c", False),
    # Third street itself, most of the deck dead: rolled (9c 9d) or three hearts.
    "stud7-third-street": (
        "stud7", ["(rolled | flush3) 9h", "(Qs Qd) Qc"],
        "live: 9c 9d 2h 3h 4h Th 5c 6d 7s 8c Kd Ac", False),
    "razz-third-street": (
        "razz", ["(low3 | straight3) 5h", "(2c 3c) 4c"],
        "live: Ad 2d 3d 6h 7h 8h 9s Ts Js Kc Ks Qd", False),
    # The card-shortage rule: one community card, with a ranged and an unknown hole.
    "stud7-community": ("stud7", EIGHT_6TH, "", True),
}


@pytest.mark.parametrize("case", list(EXACT_CASES))
def test_exact_equals_brute_force(case):
    game, hands, dead, community = EXACT_CASES[case]
    if dead.startswith("live: "):
        dead = dead_all_but(dead.removeprefix("live: "), hands)
    want = brute_force(game, hands, dead, community)
    assert 0 < want.deals <= 60_000
    result = equity(game, hands, dead, exact=True)
    assert result.method == "exact"
    assert result.community_card is community
    assert result.samples == want.deals  # the engine visits exactly the kept deals
    assert [p.hand for p in result.players] == [str(parse_hand(h)) for h in hands]
    assert_matches(result, want, game)


def test_joint_weighting_matters():
    """Competing ranges where the weighting matters: picking player 1's hole cards first
    (uniformly) and then player 2's among what is left gives a clearly different answer
    from the joint-uniform one; the engine (exact and Monte Carlo) gives the joint one."""
    game, hands, dead, _ = EXACT_CASES["stud7-competing-kings-queens"]
    by_hole = brute_force_by_hole(game, hands, dead)
    first = defaultdict(list)
    for key in by_hole:
        first[key[0]].append(key)
    sequential = {
        key: Fraction(1, len(first)) / len(keys) for keys in first.values() for key in keys
    }
    joint, seq = combine(by_hole), combine(by_hole, sequential)
    kk = sum(w for k, w in sequential.items() if k[0][0] // 4 == 11)
    assert kk == Fraction(3, 4)  # "player 1 first": K-K three times as likely as Q-Q
    gap = abs(joint.players[0]["equity"] - seq.players[0]["equity"])
    assert gap > 0.05
    result = equity(game, hands, dead, exact=True)
    assert_matches(result, joint, game)
    mc = equity(game, hands, dead, trials=300_000, seed=13)
    assert abs(mc.players[0].equity - joint.players[0]["equity"]) <= 4 * mc.players[0].equity_se
    assert abs(mc.players[0].equity - seq.players[0]["equity"]) > 0.05


# --------------------------------------------------------------------------- the pitfall


def test_weighting_is_per_combination_not_per_class():
    """Razz, (A? A? | A? 2?) with two aces seen elsewhere: A-A is 1 combination (Ac Ad),
    A-2 is 6 (2 aces x 3 deuces). A-A makes 8-7-6-5-A, which loses to player 2's
    8-5-4-3-2; A-2 makes 7-6-5-2-A, which beats it unless player 2's river helps.
    Weighting each alternative equally (the razz-simulator pitfall) gives about 1/2 where
    the per-combination answer is about 6/7."""
    game = "razz"
    hands = ["(A? A? | A? 2?) 5c 6d 7h 8s (Kc)", "(3s 4s) 2c 5d 8c Kd (x)"]
    dead = "Ah As"
    by_hole = brute_force_by_hole(game, hands, dead)
    keys = list(by_hole)
    aces = [k for k in keys if all(c // 4 == 12 for c in k[0])]
    ace_deuce = [k for k in keys if k not in aces]
    assert len(aces) == 1 and len(ace_deuce) == 6
    per_combination = combine(by_hole)
    per_class = combine(
        by_hole,
        {k: Fraction(1, 2 * len(group)) for group in (aces, ace_deuce) for k in group},
    )
    p1_combo = per_combination.players[0]["equity"]
    p1_class = per_class.players[0]["equity"]
    assert abs(p1_combo - p1_class) > 0.2
    for kwargs in ({"exact": True}, {"trials": 400_000, "seed": 7}):
        result = equity(game, hands, dead, **kwargs)
        got = result.players[0].equity
        if result.exact:
            assert_matches(result, per_combination, game)
        else:
            assert abs(got - p1_combo) <= 4 * result.players[0].equity_se + 1e-9
        assert abs(got - p1_class) > 0.2


def test_per_combination_weighting_across_ranks_in_stud():
    """Stud: (K? K? | A? A?) with two kings seen (Kc Kd) and no ace: K-K is 1 combination
    against the aces' 6, so it takes 1/7 of the weight, not the half a per-class average
    gives it."""
    game = "stud7"
    hands = ["(K? K? | A? A?) 9c 7c 8h 2s (3d)", "(x x) Qc Qd 5h 6s (9h)"]
    dead = dead_all_but("Kh Ks Ac Ad Ah As Jc Jd Tc Td 4h 4s", hands)
    by_hole = brute_force_by_hole(game, hands, dead)
    kings = [k for k in by_hole if k[0][0] // 4 == 11]
    aces = [k for k in by_hole if k[0][0] // 4 == 12]
    assert len(kings) == 1 and len(aces) == 6
    per_class = combine(
        by_hole, {k: Fraction(1, 2 * len(g)) for g in (kings, aces) for k in g}
    )
    want = combine(by_hole)
    assert abs(want.players[0]["equity"] - per_class.players[0]["equity"]) > 0.02
    assert_matches(equity(game, hands, dead, exact=True), want, game)


# --------------------------------------------------------------------------- Monte Carlo

MC_CASES = [
    ("stud7-competing-kings", 3),
    ("stud7hl8-competing-spades", 4),
    ("stud7-competing-alternatives", 5),
    ("stud7-rolled-vs-nines", 6),
    ("razz-competing", 8),
    ("stud5-competing", 9),
    ("stud7-straight3-ace", 10),
    ("stud7-community", 11),
    ("stud7-third-street", 12),
    ("razz-third-street", 14),
]


@pytest.mark.parametrize("case, seed", MC_CASES)
def test_monte_carlo_within_4_se_of_exact(case, seed):
    game, hands, dead, _ = EXACT_CASES[case]
    if dead.startswith("live: "):
        dead = dead_all_but(dead.removeprefix("live: "), hands)
    exact = equity(game, hands, dead, exact=True)
    mc = equity(game, hands, dead, trials=300_000, seed=seed)
    assert mc.method == "monte-carlo" and mc.samples == 300_000
    for got, want in zip(mc.players, exact.players, strict=True):
        assert abs(got.equity - want.equity) <= 4 * got.equity_se + 1e-9, (got, want)
        assert abs(got.win - want.win) <= 4 * got.win_se + 1e-9, (got, want)
        assert abs(got.tie - want.tie) <= 4 * got.tie_se + 1e-9, (got, want)


def test_monte_carlo_same_seed_any_thread_count():
    game, hands, dead, _ = EXACT_CASES["stud7-competing-kings"]
    a = equity(game, hands, dead, trials=50_000, seed=5, threads=1)
    b = equity(game, hands, dead, trials=50_000, seed=5, threads=2)
    assert a.players == b.players


# --------------------------------------------------------------------------- equivalences


def _same(a, b) -> None:
    for x, y in zip(a.players, b.players, strict=True):
        for name in FIGURES:
            assert abs(getattr(x, name) - getattr(y, name)) <= 1e-12, name
    assert a.samples == b.samples


OPPONENT = "(x x) Qc Qd 5h 6s (9c)"


def test_single_combination_range_equals_the_cards():
    # Kc is dead, so (K? K?) can only be Kh Ks.
    written = equity("stud7", ["(Kh Ks) Kd 7c 8h 2s (3d)", OPPONENT], "Kc", exact=True)
    ranged = equity("stud7", ["(K? K?) Kd 7c 8h 2s (3d)", OPPONENT], "Kc", exact=True)
    _same(written, ranged)
    # Written as a range of one combination (twice, in either order).
    _same(
        equity("stud7", ["(Ks Kh | Kh Ks) Kd 7c 8h 2s (3d)", OPPONENT], "", exact=True),
        equity("stud7", ["(Kh Ks) Kd 7c 8h 2s (3d)", OPPONENT], "", exact=True),
    )
    # Every spade and heart but Ks and Kh is dead: (?s ?h) is Ks Kh.
    dead = " ".join(f"{r}{s}" for r in "23456789TJQA" for s in "sh")
    _same(
        equity("stud7", ["(?s ?h) Kd 7c 8c 2c (3d)", "(x x) Qc Qd 5c 6c (9c)"], dead,
               exact=True),
        equity("stud7", ["(Ks Kh) Kd 7c 8c 2c (3d)", "(x x) Qc Qd 5c 6c (9c)"], dead,
               exact=True),
    )
    # stud5: (K?) with three kings seen.
    _same(
        equity("stud5", ["(K?) Kd 5c 7h", "(Qs) Qc Qd 2s"], "Kc Kh", exact=True),
        equity("stud5", ["(Ks) Kd 5c 7h", "(Qs) Qc Qd 2s"], "Kc Kh", exact=True),
    )


def test_any_card_range_equals_unknown():
    hero = "Kd 7c 8h 2s (3d)"
    plain = equity("stud7", [f"(x x) {hero}", OPPONENT], "Kc Ah", exact=True)
    for hole in ("?? ??", "x ??", "?? ?? | x x", "x x | ?? ??", "?? ?? | K? ??"):
        hand = parse_hand(f"({hole}) {hero}")
        if "|" in hole:
            assert hand.hole_range is not None
        else:
            assert hand.hole_range is None  # plain unknown cards, not a range at all
        _same(plain, equity("stud7", [f"({hole}) {hero}", OPPONENT], "Kc Ah", exact=True))
    # Overlapping alternatives count each combination once: (K? K? | K? ??) = (K? ??).
    _same(
        equity("stud7", [f"(K? K? | K? ??) {hero}", OPPONENT], "Kc", exact=True),
        equity("stud7", [f"(K? ??) {hero}", OPPONENT], "Kc", exact=True),
    )


# --------------------------------------------------------------------------- random tables


def _random_slot(rng, deck) -> str:
    roll = rng.random()
    if roll < 0.2:
        return naive.card_text(rng.choice(deck))
    if roll < 0.5:
        return rng.choice(RANKS) + "?"
    if roll < 0.8:
        return "?" + rng.choice(SUITS)
    return rng.choice(["x", "??"])


def random_table(seed: int):
    """A small final-street table where one or two players' hole cards are random ranges
    (slots, classes, alternatives); every other card is known but for a few x's, and all
    but ~12 cards are dead so the brute force stays small."""
    rng = random.Random(seed)
    game = rng.choice(["stud7", "stud7hl8", "razz", "stud5", "stud5hl", "stud5low"])
    hand_size = naive_equity.GAMES[game][0]
    n_hole = naive_equity.HOLE_CARDS[hand_size]
    n_players = rng.choice([2, 3])
    deck = list(range(52))
    rng.shuffle(deck)
    classes = ["pair+"] + (["rolled", "flush3", "straight3", "low3"] if n_hole == 2 else [])
    n_ranged = rng.choice([1, 2]) if n_players == 3 else rng.choice([1, 1, 2])
    hands = []
    for p in range(n_players):
        up = [deck.pop() for _ in range(4)]
        river = [deck.pop()] if hand_size == 7 else []
        if p < n_ranged:
            alternatives = []
            for _ in range(rng.choice([1, 1, 2, 3])):
                if rng.random() < 0.3:
                    alternatives.append(rng.choice(classes))
                else:
                    alternatives.append(" ".join(_random_slot(rng, range(52))
                                                 for _ in range(n_hole)))
            if len(alternatives) == 1:
                alternatives *= 2  # "(Qd x)" alone is not a range; "(Qd x | Qd x)" is
            hole = " | ".join(alternatives)
        else:
            hole = " ".join(
                "x" if rng.random() < 0.5 else naive.card_text(deck.pop()) for _ in range(n_hole)
            )
        text = f"({hole}) " + " ".join(naive.card_text(c) for c in up)
        if river:
            text += f" ({naive.card_text(river[0])})"
        hands.append(text)
    live = " ".join(naive.card_text(c) for c in deck[:12])
    return game, hands, dead_all_but(live, hands)


N_RANDOM = 150


@pytest.mark.parametrize("seed", range(N_RANDOM))
def test_random_ranges_against_brute_force(seed):
    game, hands, dead = random_table(seed)
    by_hole = brute_force_by_hole(game, hands, dead)
    if not by_hole:  # no deal satisfies the ranges: a clear one-line error
        with pytest.raises(ScenarioError) as info:
            equity(game, hands, dead, exact=True)
        assert "\n" not in str(info.value)
        assert "fit the range" in str(info.value) or "cannot all hold" in str(info.value)
        return
    want = combine(by_hole)
    result = equity(game, hands, dead, exact=True)
    assert result.samples == want.deals
    assert_matches(result, want, game)


def test_random_tables_cover_the_features():
    """The random tables above include every class, competing ranges and failures."""
    texts, failures, competing = [], 0, 0
    for seed in range(N_RANDOM):
        game, hands, dead = random_table(seed)
        texts += hands
        competing += sum("|" in h for h in hands) >= 2
        failures += not brute_force_by_hole(game, hands, dead)
    joined = " ".join(texts)
    for name in CLASS_NAMES:
        assert f"{name}" in joined, name
    assert failures >= 5 and competing >= 30


# --------------------------------------------------------------------------- errors

ERRORS = [
    # Every king is visible elsewhere: no combination fits.
    ("stud7", ["(K? ??) Qd", "(x x) Kc", "(x x) Kh"], "Ks Kd", ScenarioError,
     ["player 1", "K? ??"]),
    # Only Ks is left: (K? K?) needs two.
    ("stud7", ["(K? K?) Kd", "(x x) Kc"], "Kh", ScenarioError, ["player 1", "K? K?"]),
    # Kh and Ks are left: player 1 needs both, player 2 one of them.
    ("stud7", ["(K? K?) Kd", "(K? ??) Kc"], "", ScenarioError,
     ["cannot both be dealt a hand from their ranges", "player 1", "player 2"]),
    # A third-street class in five-card stud.
    ("stud5", ["(rolled) Kd", "(x) Qc"], "", ScenarioError, ["rolled"]),
    ("stud5", ["(flush3 | K?) Kd", "(x) Qc"], "", ScenarioError, ["flush3"]),
    # A buried or a split pair is three cards: two hole cards and the door card.
    ("stud5", ["(split) Kd", "(x) Qc"], "", ScenarioError, ["split", "seven-card stud"]),
    ("stud7", ["(buried)", "(x x)"], "", ScenarioError, ["buried", "door card"]),
    # Alternatives with different numbers of hole cards.
    ("stud7", ["(K? K? | A?) Kd", "(x x) Qc"], "", ValueError, ["same number"]),
    # A class mixed with cards in one alternative.
    ("stud7", ["(pair+ K?) Kd", "(x x) Qc"], "", ValueError, ["pair+"]),
    # A range in the up cards, and in the river group.
    ("stud7", ["(x x) K?", "(x x) Qc"], "", ValueError, ["K?"]),
    ("stud7", ["(x x) Kd 2c 3c 4c (?s)", "(x x) Qc 2d 3d 4d (x)"], "", ValueError, ["?s"]),
    # One hole card's range in a seven-card game.
    ("stud7", ["(K?) Kd", "(x x) Qc"], "", ValueError, ["2 hole cards"]),
]


@pytest.mark.parametrize("game, hands, dead, error, fragments", ERRORS)
def test_errors(game, hands, dead, error, fragments, capsys):
    with pytest.raises(error) as info:
        equity(game, hands, dead, trials=1000, seed=1)
    message = str(info.value)
    assert isinstance(info.value, ValueError)
    assert message and "\n" not in message
    for fragment in fragments:
        assert fragment in message, (fragment, message)
    argv = ["equity", "-g", game, *hands, "--trials", "1000", "--seed", "1"]
    if dead:
        argv += ["--dead", dead]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), err
    assert message in lines[0]


# --------------------------------------------------------------------------- the cap


def test_exact_refused_beyond_joint_combination_cap(monkeypatch, capsys):
    game, hands, dead, _ = EXACT_CASES["stud7-kings-up"]
    n_joint = len(brute_force_by_hole(game, hands, dead))
    assert n_joint == 117  # 3 kings unseen in a pool of 41: 820 - 703 hole combinations
    monkeypatch.setattr(equity_module, "MAX_JOINT_COMBINATIONS", n_joint)
    assert equity(game, hands, dead, exact=True).method == "exact"  # at the cap: fine
    monkeypatch.setattr(equity_module, "MAX_JOINT_COMBINATIONS", n_joint - 1)
    with pytest.raises(OptionError) as info:
        equity(game, hands, dead, exact=True)
    message = str(info.value)
    assert "\n" not in message and "--trials" in message and f"{n_joint - 1:,}" in message
    # Without a method the engine samples instead.
    auto = equity(game, hands, dead, seed=3)
    assert auto.method == "monte-carlo"
    assert main(["equity", *hands, "--exact"]) == 2
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert out == "" and len(lines) == 1 and lines[0] == f"Error: {message}"


def test_competing_joint_combinations_counted_against_cap(monkeypatch):
    """The cap counts joint combinations (both players together), not each list."""
    game, hands, dead, _ = EXACT_CASES["stud7-competing-kings"]
    scenario = build_scenario(game, hands, dead)
    n_joint = len(brute_force_by_hole(game, hands, dead))
    assert n_joint > max(len(r.combos) for r in scenario.ranges)
    monkeypatch.setattr(equity_module, "MAX_JOINT_COMBINATIONS", n_joint - 1)
    with pytest.raises(OptionError):
        equity(game, hands, dead, exact=True)
    monkeypatch.setattr(equity_module, "MAX_JOINT_COMBINATIONS", n_joint)
    assert equity(game, hands, dead, exact=True).method == "exact"


# --------------------------------------------------------------------------- CLI

CLI_HANDS = ["(K? K? | A? A?) Kd", "(x x) Qc"]


def test_cli_json_round_trips_the_range(capsys):
    argv = ["equity", *CLI_HANDS, "--trials", "20000", "--seed", "1", "--format", "json"]
    assert main(argv) == 0
    out, _ = capsys.readouterr()
    data = json.loads(out)
    assert data["method"] == "monte-carlo" and data["trials"] == 20000 and data["seed"] == 1
    assert [p["hand"] for p in data["players"]] == CLI_HANDS
    assert abs(sum(p["equity"] for p in data["players"]) - 1) < 1e-9
    # The printed hand text reads back as the same range.
    for text in CLI_HANDS:
        assert str(parse_hand(text)) == text
    assert str(parse_hand("(k? k? |a?a?)kd")) == CLI_HANDS[0]
    # The same seed gives the same bytes.
    assert main(argv) == 0
    assert capsys.readouterr().out == out


@pytest.mark.slow
def test_console_script():
    studodds = Path(sys.executable).parent / "studodds"
    ran = subprocess.run(
        [str(studodds), "equity", *CLI_HANDS, "--trials", "20000", "--seed", "1",
         "--format", "json"],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert ran.returncode == 0, ran.stderr
    assert [p["hand"] for p in json.loads(ran.stdout)["players"]] == CLI_HANDS


# --------------------------------------------------------------------------- studodds next


def test_next_card_table_respects_ranges():
    """Player 2's (K? K?) with Kc dead can only be Kh Ks, so neither can come to player 1.
    Either the table leaves them out (and its cards average to the equity now), or it
    refuses ranges with a one-line error."""
    hands = ["(As Ah) 7c 8d 9h Ts", "(K? K?) Kd 2c 3d 4h"]
    try:
        table = next_card_table("stud7", hands, "Kc", player=1, exact=True)
    except ValueError as exc:  # refusing ranges is an acceptable answer
        assert "\n" not in str(exc)
        return
    cards = {c.card for c in table.cards}
    assert not cards & {"Kh", "Ks"}, "Kh/Ks offered as next cards"
    mean = sum(c.equity for c in table.cards) / len(table.cards)
    assert abs(mean - table.equity_now) < 1e-12


def test_next_card_weights_with_a_range_reproduce_the_equity_now():
    """(K? ??) holds a king more often than not, so the kings are less likely to come:
    the weighted mean of the per-card equities is the equity now."""
    hands = ["(As Ah) 7c 8d 9h Ts", "(K? ??) Kd 2c 3d 4h"]
    for player in (1, 2):
        table = next_card_table("stud7", hands, "Kc", player=player, exact=True)
        assert abs(sum(c.probability for c in table.cards) - 1) < 1e-12
        weighted = sum(c.probability * c.equity for c in table.cards)
        assert abs(weighted - table.equity_now) < 1e-12
        kings = [c.probability for c in table.cards if c.card[0] == "K"]
        others = [c.probability for c in table.cards if c.card[0] != "K"]
        assert max(kings) < min(others)


def test_monte_carlo_draws_the_same_joint_choice_with_or_without_the_list(monkeypatch):
    """Listed joint choices are drawn in one step; past the cap each range is drawn and
    redrawn on a clash. Both are uniform over the joint choices: both match exact."""
    import importlib

    # (studodds.equity the attribute is the function; the module is in sys.modules)
    equity_module = importlib.import_module("studodds.equity")
    hands = ["(K? ?? | A? A?) 7c 8c 9c 2s", "(K? K? | A? ??) 8d 9d Td 3s"]
    dead = "Kd As"
    exact = equity("stud7", hands, dead, exact=True)
    listed = equity("stud7", hands, dead, trials=200_000, seed=11)
    monkeypatch.setattr(equity_module, "MAX_JOINT_COMBINATIONS", 1)
    redrawn = equity("stud7", hands, dead, trials=200_000, seed=11)
    for e, a, b in zip(exact.players, listed.players, redrawn.players, strict=True):
        assert abs(a.equity - e.equity) < 4 * a.equity_se
        assert abs(b.equity - e.equity) < 4 * b.equity_se


def test_redrawn_joint_choice_keeps_every_clash_among_three_ranges(monkeypatch):
    """Past the cap each range's combination is drawn and all are drawn again when any two
    share a card. With two ranges any clash is the last range's; with three, a clash
    between the first two must still count when the third fits (a redraw that kept only
    the last range's clash dealt the same ace to two players and moved the second and
    third players' equities by 0.04, about 40 SE here). All three compete for four aces
    and four kings: 216 joint choices of 1,728, so most draws clash."""
    hands = ["(A? A? | K? K?) 2c 3d 4h 5s", "(A? A? | K? K?) 6c 7d 8h 9s",
             "(A? A? | K? K?) Tc Jd 2h 3s"]
    exact = equity("stud7", hands, exact=True)
    assert exact.samples == 216 * comb(34, 3) * 6  # joint choices * deals of the rest
    monkeypatch.setattr(equity_module, "MAX_JOINT_COMBINATIONS", 1)
    redrawn = equity("stud7", hands, trials=200_000, seed=3)
    for e, r in zip(exact.players, redrawn.players, strict=True):
        assert abs(r.equity - e.equity) < 4 * r.equity_se, (r, e)
        assert abs(r.win - e.win) < 4 * r.win_se, (r, e)
