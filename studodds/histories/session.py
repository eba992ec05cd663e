"""A whole session at once: "how did I run?" over the hands a player was dealt into.

For each hand: the hero's net (chips collected less chips put in, an uncalled bet returned
counting back). For the hands that reached a showdown with the hero live and every live
hand's cards known (shown, or the hero's own): the hero's share of the pot the cards gave
(won_share) against the hero's revealed-view equity on each betting street before the
last card (expected_share), among the players who reach the showdown (a player who folds
later is dead money on the street). Luck on a street is won_share -
expected_share[street].

Both numbers are a share of "the chips the hero could win": with side pots, each pot the
hero was eligible for weighs by its size, and the pots the hero could not win are left
out. won_share weighs the pots as they stood at the end (a fraction 0..1 per hand, from
the cards: odd chips and the rake do not enter it; a split pot is a half, a quartered one
a quarter); a street's expected share weighs the pots as that street began, each pot's
equity among its own players (as `studodds replay` gives them).

Only the questions the summary needs are asked: the revealed view only (the one a
showdown makes known), on the showdown hands only, once per street and per side pot, and
once per pot at the end (all cards known: one deal). Exact where cheap (the engine's own
test: counting or enumeration under its limits), otherwise sampled to SUMMARY_PRECISION,
ample for a sum over many hands (the sampling errors of N hands add up to about
SUMMARY_PRECISION * sqrt(N), far below the swing of the cards).

The questions are plain spot dicts (batch.spot_lines' format), so a caller can run them in
this process (local_runner) or as a batch on Dask worker processes (the command line does,
with --dask): the same spots with the same seeds give the same numbers.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import card_str
from ..equity import equity, estimate_run
from ..games import Game, get_game
from ..method import check_method
from ..scenario import build_scenario
from .record import HandHistory
from .replay import put_in_before
from .shortage import burns_keeping_the_shortage

# Standard error of each sampled street (a street not cheap enough to be exact), reached
# by a fixed number of deals: a share of the pot per deal lies in 0..1, its variance is at
# most 1/4, so N deals give every equity a standard error of at most 0.5 / sqrt(N). (The
# engine's own stop at a precision samples 200,000 deals first: 20 times too many here.)
SUMMARY_PRECISION = 0.005


def trials_for(precision: float) -> int:
    """Deals that bring every equity's standard error to ``precision`` or below.

    >>> trials_for(0.005)
    10000
    """
    return math.ceil(0.25 / precision**2 - 1e-9)

# A spot's id -> its result (the object `studodds equity --format json` prints).
Runner = Callable[[Sequence[dict]], Iterable[tuple[str, dict]]]


class SummaryError(ValueError):
    """A session that cannot be summarised: no hero (a file that deals nobody's hole
    cards), several heroes, or five-card and seven-card stud mixed."""


@dataclass(frozen=True)
class HandSummary:
    """One hand the hero was dealt into. won_share and equity only for a showdown hand."""

    hand_id: str
    game: str
    room: str | None
    net: float
    showdown: bool
    won_share: float | None = None
    equity: dict[str, float] = field(default_factory=dict)  # street -> revealed equity

    def to_dict(self) -> dict:
        return {"hand_id": self.hand_id, "net": self.net, "showdown": self.showdown,
                "won_share": self.won_share, "equity": dict(self.equity)}


@dataclass(frozen=True)
class SessionSummary:
    hero: str
    streets: tuple[str, ...]  # the betting streets before the last card
    by_hand: tuple[HandSummary, ...]
    skipped: tuple[tuple[str, str], ...] = ()  # (hand id, why) of hands left out

    @property
    def hands(self) -> int:
        return len(self.by_hand)

    @property
    def net(self) -> float:
        return round(sum(h.net for h in self.by_hand), 2)

    @property
    def showdown_hands(self) -> tuple[HandSummary, ...]:
        return tuple(h for h in self.by_hand if h.showdown)

    @property
    def showdowns(self) -> int:
        return len(self.showdown_hands)

    @property
    def won_share(self) -> float:
        # every showdown hand has its share
        return sum(h.won_share for h in self.showdown_hands if h.won_share is not None)

    @property
    def expected_share(self) -> dict[str, float]:
        return {s: sum(h.equity[s] for h in self.showdown_hands) for s in self.streets}

    @property
    def luck(self) -> dict[str, float]:
        """Per street: the pots won beyond (or short of) the equity held on it."""
        return {s: self.won_share - e for s, e in self.expected_share.items()}

    def to_dict(self) -> dict:
        return {"hero": self.hero, "hands": self.hands, "net": self.net,
                "showdowns": self.showdowns, "won_share": self.won_share,
                "expected_share": self.expected_share,
                "by_hand": [h.to_dict() for h in self.by_hand]}


def summary_streets(game: Game) -> tuple[str, ...]:
    """The betting streets before the last card: 3rd..6th, or 2nd..4th in five-card stud."""
    return tuple(s.name.split()[0] for s in game.streets[:-1])


def session_hero(hands: Sequence[HandHistory], hero: str | None,
                 where: str = "the hand history") -> str:
    """The hero to summarise for: ``hero`` as given, else the one player whose hole cards
    the hands deal (the file's own hero). SummaryError when there is none or more than one."""
    if hero is not None:
        if not any(hero in h.players for h in hands):
            raise SummaryError(f"--hero {hero!r} was not dealt into any hand in {where}: give "
                            "the name as the file writes it")
        return hero
    heroes = list(dict.fromkeys(h.hero for h in hands if h.hero is not None))
    if not heroes:
        raise SummaryError(f"in {where}, nobody's hole cards are dealt: say whose session it "
                           "is with --hero NAME")
    if len(heroes) > 1:
        raise SummaryError(f"in {where}, hole cards are dealt to {_names(heroes)}: say whose "
                           "session it is with --hero NAME")
    return heroes[0]


def _names(names: list[str]) -> str:
    quoted = [repr(n) for n in names[:4]] + (["..."] if len(names) > 4 else [])
    return ", ".join(quoted[:-1]) + " and " + quoted[-1]


def net_result(hh: HandHistory, hero: str) -> float:
    """Chips collected less chips put in (antes included), uncalled bets returned back."""
    put_in = hh.put_in(hero) - hh.uncalled.get(hero, 0.0)
    return round(hh.collected.get(hero, 0.0) - put_in, 2)


def _known_cards(hh: HandHistory, name: str) -> tuple[int, ...] | None:
    """Every card of a player the file knows at the end: the file's hero's own, or a hand
    shown (or mucked face up); None when unknown."""
    if name == hh.hero and hh.hero_cards:
        return tuple(hh.hero_cards)
    return tuple(hh.shown[name]) if name in hh.shown else None


def _hidden(hh: HandHistory, name: str) -> list[int] | None:
    """A player's down cards in the order dealt, when known."""
    cards = _known_cards(hh, name)
    if cards is None:
        return None
    up = set(hh.up_cards.get(name, ())) | {hh.community}  # a community river is nobody's
    return [c for c in cards if c not in up]


def _counts(game: Game, index: int) -> tuple[int, int]:
    """Down and up cards a player holds on street ``index``."""
    streets = game.streets[: index + 1]
    return sum(s.down for s in streets), sum(s.up for s in streets)


def _hand(hh: HandHistory, game: Game, name: str, index: int) -> tuple[str, list[str]]:
    """A live player's hand in the revealed view on street ``index`` (studodds notation,
    x for an unknown down card), and the same cards as dead cards (for a side pot the
    player is out of)."""
    n_down, n_up = _counts(game, index)
    river = index == len(game.streets) - 1 and game.streets[index].down
    shared = river and hh.community is not None  # six own cards, the seventh everyone's
    n_down -= shared
    up = [card_str(c) for c in hh.up_cards.get(name, ())[:n_up]]
    hidden = _hidden(hh, name)
    down = ([card_str(c) for c in hidden[:n_down]] if hidden and len(hidden) >= n_down
            else ["x"] * n_down)
    if river and not shared:  # the river: its own group
        text = f"({' '.join(down[:-1])}) {' '.join(up)} ({down[-1]})"
    else:
        text = f"({' '.join(down)}) {' '.join(up)}"
    return text, up + down


def _dead(hh: HandHistory, game: Game, index: int, live: tuple[str, ...]) -> list[str]:
    """The folded players' cards on street ``index``: their up cards, and their down
    cards where known (x where not)."""
    dead = []
    names = [s.name for s in hh.streets]
    for name in hh.players:
        if name in live:
            continue
        folded = hh.folded_on(name)
        at = min(names.index(folded), index) if folded in names else index
        n_down, n_up = _counts(game, at)
        n_down -= at == len(game.streets) - 1 and hh.community is not None  # no own river
        dead += [card_str(c) for c in hh.up_cards.get(name, ())[:n_up]]
        hidden = _hidden(hh, name) or []
        dead += [card_str(c) for c in hidden[:n_down]] + ["x"] * (n_down - len(hidden[:n_down]))
    return dead


def _contributions(hh: HandHistory, index: int | None) -> dict[str, float]:
    """What each player has in the pot as street ``index`` begins (its antes in; None: at
    the end of the hand), less the uncalled bets returned on the streets before."""
    return put_in_before(hh, len(hh.streets) if index is None else index)


def pots(put_in: dict[str, float], live: Sequence[str]) -> list[tuple[float, tuple[str, ...]]]:
    """The main pot and side pots (amount, eligible players in seat order): each level a
    live player is all in for closes a pot; folded players' chips fill the levels they
    reach. A "pot" only one player can win (chips nobody matched) is left out.

    >>> pots({"A": 5, "B": 20, "C": 20, "D": 2}, ["A", "B", "C"])
    [(17.0, ('A', 'B', 'C')), (30.0, ('B', 'C'))]
    """
    out = []
    below = 0.0
    for level in sorted({round(put_in[name], 2) for name in live}):
        amount = sum(max(0.0, min(c, level) - below) for c in put_in.values())
        eligible = tuple(name for name in live if round(put_in[name], 2) >= level)
        if len(eligible) > 1 and amount > 0:
            out.append((round(amount, 2), eligible))
        below = level
    return out


@dataclass(frozen=True)
class _Share:
    """A share to be weighed: the hero's equity in spot ``spot_id`` times ``weight``."""

    street: str  # a summary street, or "end"
    weight: float
    spot_id: str
    hero_at: int  # the hero's place among the spot's hands


@dataclass
class _HandPlan:
    summary: HandSummary
    shares: list[_Share]


def _spot(game: Game, hands: list[str], dead: list[str], community: str | None,
          precision: float | None, trials: int | None, seed: int) -> dict:
    """One equity question: exact where the engine finds it cheap, else sampled."""
    spot: dict[str, Any] = {"game": game.id, "hands": hands, "dead": " ".join(dead),
                            "seed": seed}
    if community is not None:
        spot["community"] = community
    if community is not None:
        # At the end, players who folded on 7th street are out of the question, but the
        # stub they left was still short of a river each. Every card is known then: the
        # answer does not depend on the burn cards written for it.
        spot["dead"] = " ".join(dead + burns_keeping_the_shortage(len(hands), len(dead)))
    scenario = build_scenario(game, hands, spot["dead"], community)
    if estimate_run(scenario).method == "sampling":
        spot["trials"] = trials or trials_for(precision or SUMMARY_PRECISION)
    else:
        spot["exact"] = True
    return spot


def is_showdown(hh: HandHistory, hero: str) -> bool:
    """The hand went to a showdown with the hero live, every live hand's cards known and
    every street dealt (a hand cut short by a garbled card is not one)."""
    game = get_game(hh.game)
    if hh.cut is not None or len(hh.streets) != len(game.streets):
        return False
    live = hh.live_players(len(hh.streets))
    if hero not in live or len(live) < 2:
        return False
    n_own = sum(s.down + s.up for s in game.streets) - (hh.community is not None)
    n_up = sum(s.up for s in game.streets)
    return all((hidden := _hidden(hh, name)) is not None
               and len(hidden) + len(hh.up_cards.get(name, ())) == n_own
               and len(hh.up_cards.get(name, ())) == n_up for name in live)


def plan_hand(hh: HandHistory, hero: str, key: str, spots: dict[str, dict], *,
              precision: float | None = None, trials: int | None = None,
              seed: int = 1) -> _HandPlan:
    """The hand's net, and for a showdown hand the questions its shares need (added to
    ``spots``, shared when two pots have the same players)."""
    summary = HandSummary(hh.hand_id, hh.game, hh.room, net_result(hh, hero), False)
    if not is_showdown(hh, hero):
        return _HandPlan(summary, [])
    game = get_game(hh.game)
    shares = []
    streets = summary_streets(game)
    last = len(game.streets) - 1
    for index in (*range(len(streets)), last):
        street = streets[index] if index < last else "end"
        # Among the players who reached the showdown: a player still in on this street who
        # folded later is dead money here, as at the end. Counting their equity on the
        # street made every showdown player look lucky (a tester: all four players of 500
        # generated hands ran 56 to 169 big bets above expectation on 3rd street).
        live = tuple(name for name in hh.live_players(index)
                     if name in hh.live_players(len(hh.streets)))
        hands = {name: _hand(hh, game, name, index) for name in live}
        dead = _dead(hh, game, index, live)
        community = (card_str(hh.community) if index == last and hh.community is not None
                     else None)
        for amount, eligible in pots(_contributions(hh, None if index == last else index),
                                     live):
            if hero not in eligible:
                continue
            mask = "".join("1" if name in eligible else "0" for name in live)
            spot_id = f"{key}:{street}:{mask}"
            if spot_id not in spots:
                out = [card for name in live if name not in eligible for card in hands[name][1]]
                spots[spot_id] = {"id": spot_id} | _spot(
                    game, [hands[name][0] for name in eligible], dead + out, community,
                    precision, trials, seed)
            shares.append(_Share(street, amount, spot_id, eligible.index(hero)))
    summary = HandSummary(summary.hand_id, summary.game, summary.room, summary.net, True)
    return _HandPlan(summary, shares)


# Threads per question: the summary's questions are small (milliseconds on one core), and
# starting a kernel's threads costs more than they save: 1.7 ms on one thread against
# about a second on two for a heads-up 6th street counted exactly, on a busy 2-core machine.
SPOT_THREADS = 1


def local_runner(spots: Sequence[dict]) -> Iterator[tuple[str, dict]]:
    """The spots one after another in this process, each on one core (SPOT_THREADS)."""
    for spot in spots:
        options = {k: v for k, v in spot.items() if k != "id"}
        yield spot["id"], equity(**options, threads=SPOT_THREADS).to_dict()


def _weighed(shares: list[_Share], results: dict[str, dict], street: str) -> float:
    mine = [s for s in shares if s.street == street]
    total = sum(s.weight for s in mine)
    return sum(s.weight * results[s.spot_id]["players"][s.hero_at]["equity"]
               for s in mine) / total


def summarize(hands: Sequence[HandHistory], hero: str | None = None, *,
              precision: float | None = None, trials: int | None = None, seed: int = 1,
              runner: Runner | None = None,
              progress: Callable[[int, int], None] | None = None,
              where: str = "the hand history") -> SessionSummary:
    """The session of ``hero`` (default: the hands' own hero) over ``hands``.

    runner: runs the spots (default local_runner); progress(done, total) as they finish.
    """
    check_method(None, trials, precision, seed)  # a bad option before any work
    hero = session_hero(hands, hero, where)
    games = {get_game(h.game) for h in hands if hero in h.players}
    streets = {summary_streets(g) for g in games}
    if len(streets) > 1:
        raise SummaryError(f"{where} mixes five-card and seven-card stud, whose streets differ: "
                        "summarise each apart")
    spots: dict[str, dict] = {}
    plans, skipped = [], []
    for i, hh in enumerate(hands):
        if hero not in hh.players:
            continue
        if hh.cut is not None:
            skipped.append((hh.hand_id, "cut short by a garbled card: its result is unknown"))
            continue
        plans.append(plan_hand(hh, hero, str(i), spots, precision=precision, trials=trials,
                               seed=seed))
    results: dict[str, dict] = {}
    if progress is not None:
        progress(0, len(spots))
    for spot_id, result in (runner or local_runner)(list(spots.values())):
        results[spot_id] = result
        if progress is not None:
            progress(len(results), len(spots))
    by_hand = []
    for plan in plans:
        s = plan.summary
        if s.showdown:
            won = _weighed(plan.shares, results, "end")
            s = HandSummary(s.hand_id, s.game, s.room, s.net, True, won,
                            {st: _weighed(plan.shares, results, st)
                             for st in summary_streets(get_game(s.game))})
        by_hand.append(s)
    return SessionSummary(hero, next(iter(streets), ()), tuple(by_hand), tuple(skipped))
