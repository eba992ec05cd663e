"""The one equity entry point: validate, choose exact or Monte Carlo, run, wrap the result."""

from __future__ import annotations

import dataclasses
import math
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Unpack

import numba
import numpy as np

from .cards import StudHand
from .engine import exact as exact_engine
from .engine import headsup, timing
from .engine.inputs import EngineInputs
from .engine.runs import (
    MAX_TRIALS,
    DeclarationRows,
    Declare,
    count_heads_up,
    count_heads_up_by_card,
    run_exact,
    run_monte_carlo,
)
from .engine.showdown import (
    DECLARE_BOTH,
    DECLARE_HIGH,
    DECLARE_LOW,
    DECLARE_MANY,
)
from .games import DECLARE_GAMES, Game, as_game
from .messages import OptionError, count_text, option, shown
from .method import AUTOMATIC, Method, MethodOptions, RunEstimate, threads_of
from .own.odds import players_final_hands
from .own.thresholds import parse_threshold
from .results import KIND_BINS, EquityResult, bin_name, build_result
from .scenario import Scenario, ScenarioError, build_scenario

# Below this many deals the exact answer is cheaper than a precise sample: the default.
AUTO_EXACT_DEALS = 3_000_000

# --exact refuses beyond this (75 s on 2 cores at ~40 M deals/s, 2-3 minutes at 20 M).
MAX_EXACT_DEALS = 3_000_000_000

DEFAULT_PRECISION = 0.0005  # standard error of every player's equity, default Monte Carlo

# --exact lists the ways to hand out one set of unseen cards up front; beyond this many
# (10 players with a card each to come: 3.6 million; 9! = 362,880 still fits) it samples.
MAX_ASSIGNMENTS = 400_000

# Heads-up exact counting is chosen by default up to this many lookups (under a
# second; 4th street is ~36 million, 108 million for a split pot; 3rd street ~700 million).
AUTO_COUNTING_COST = 150_000_000

# Counting keeps its lists in memory: beyond this (a hand with six cards to come against
# one with seven would need 7 GB) it is not used, and --exact falls back to enumeration.
MAX_COUNTING_BYTES = 2_000_000_000


DECLARATIONS = {"high": DECLARE_HIGH, "low": DECLARE_LOW, "both": DECLARE_BOTH}


def parse_declarations(game: Game, declare, n_players: int) -> tuple[int, ...] | None:
    """Each player's declaration (docs/rules.md, "Declare") as kernel codes, or None for none.

    declare: a list of 'high', 'low', 'both' in seat order, or the same comma-separated.

    >>> parse_declarations(as_game("stud5hl"), "high, Both", 2)
    (0, 2)
    """
    if declare is None:
        return None
    if isinstance(declare, str):
        words = [w.strip() for w in declare.split(",")]
    elif isinstance(declare, (list, tuple)):
        words = [w.strip() if isinstance(w, str) else w for w in declare]
    else:
        raise OptionError(
            f"{option('declare')} {shown(declare)}: give one of high, low, both per player, in seat order",
            fields=("declare",))
    if not game.declare:
        offered = ", ".join(DECLARE_GAMES)
        raise OptionError(
            f"{option('declare')}: {game.name} is not played with a declaration (only {offered})",
            fields=("declare",))
    for word in words:
        if not isinstance(word, str) or word.lower() not in DECLARATIONS:
            raise OptionError(
                f"{option('declare')}: {shown(word)} is not a declaration: each player declares high, low "
                "or both", fields=("declare",))
    if len(words) != n_players:
        raise OptionError(
            f"{option('declare')} {shown(','.join(str(w) for w in words))}: {len(words)} declaration"
            f"{'s' * (len(words) != 1)} for {n_players} players: give one per player, in "
            "seat order", fields=("declare",))
    return tuple(DECLARATIONS[w.lower()] for w in words)


MAX_JOINT_COMBINATIONS = 1_000_000


def equity(
    game: str | Game,
    hands: Sequence[str | StudHand],
    dead: str | Sequence = (),
    *,
    community: str | int | None = None,
    declare: Sequence[str] | str | None = None,
    distribution: bool = False,
    at_least: Sequence[str] | str = (),
    method: Method | None = None,
    **options: Unpack[MethodOptions],
) -> EquityResult:
    """Each player's chance to win, tie, and share of the pot, as the cards lie now.

    game: "stud7", "stud7hl8", "razz", "stud5", "stud5low", "stud5low6", "stud5hl",
    "stud7hl", "razz27", "razz6".
    hands: one per player, "(As Kd) Qh" notation (x for an unknown card; up cards only
    means the hole cards are unknown). dead: cards out of play, x for unseen ones.
    community: on 7th street after a card shortage, the community card turned face up
    (every player then holds six own cards, written without a river).
    declare: stud5hl and stud7hl played with a declaration: "high", "low" or "both" per
    player in seat order; the pot is settled by the declare rules.

    method: how it is answered (studodds.Method: exact, trials, precision, seed, threads,
    progress, on_estimate), or the same as keywords: ``equity(..., trials=10_000, seed=1)``.
    With none, small problems are counted exactly and the rest sampled to a standard error
    of 0.0005.
    distribution: also each player's chance of ending with each final hand; at_least:
    hands a player names ("aces up", "8-7": own.parse_threshold), each player's chance to
    end with that or better. Both are counted exactly, whatever the method of the equity
    (a player's own cards to come are any unseen cards), except at a table with a
    hole-card range, where the distribution comes from the equity's deals.

    >>> r = equity("stud7", ["(As Ks) Ah Kh Qh Jh (2c)", "(Qs Qd) Qc 2d 3d 4d (5d)"])
    >>> r.method, [round(p.equity, 3) for p in r.players]
    ('exact', [0.0, 1.0])
    """
    # Every option before the table: a bad one is refused before any work.
    method = Method.of(method, options)
    check_distribution(distribution)
    game = as_game(game)
    scenario = build_scenario(game, hands, dead, community)
    declarations = parse_declarations(game, declare, scenario.n_players)
    at_least = [at_least] if isinstance(at_least, str) else list(at_least)
    thresholds = [parse_threshold(t, game.kinds, game.name) for t in at_least]
    counted = (distribution or thresholds) and not scenario.ranges
    if thresholds and scenario.ranges:
        raise OptionError(
            f"{option('at_least')} needs every hole card written or unknown (x): with a "
            "range at the table, ask `studodds odds` for that hand, the others' cards given "
            "as dead cards",
            fields=("at_least",))
    result = equity_of_scenario(scenario, method, distribution=distribution and not counted,
                                declarations=declarations)
    if counted:
        result = _with_final_hands(result, scenario, thresholds, distribution, method.threads)
    elif distribution and result.method == "monte-carlo":  # a range: from the deals
        sampled = (f"with a range at the table the final hands come from the "
                   f"{result.samples:,} sampled deals: each chance within about "
                   f"{100 / math.sqrt(result.samples):.1f} points (two standard errors)")
        result = dataclasses.replace(
            result, note=f"{result.note}; {sampled}" if result.note else sampled)
    return result


def _with_final_hands(result: EquityResult, scenario: Scenario, thresholds, distribution: bool,
                      threads) -> EquityResult:
    """The result with each player's final hands counted exactly (own.players_final_hands):
    the distribution by the engine's category names, and the chance of each threshold."""
    game = scenario.game
    highs = [t for t in thresholds if t.kind == "high"]
    lows = [t for t in thresholds if t.kind != "high"]
    players = []
    for player, final in zip(result.players, players_final_hands(scenario, threads),
                             strict=True):
        extra: dict[str, Any] = {}  # PlayerResult's fields, by name
        if distribution:
            extra["distribution"] = {}
            for kind in game.kinds:
                ways = final.by_category(kind)
                names = {bin_name(b): bin_name(b).split(" (")[0] for b in KIND_BINS[kind]}
                assert set(ways) <= set(names.values()), ways  # every hand has its bin
                extra["distribution"][kind] = {
                    name: ways.get(label, 0) / final.total for name, label in names.items()}
        if thresholds:
            asked = {f"{t.words} or better": final.clearing(t) / final.total
                     for t in thresholds}
            if game.split:
                for high in highs:
                    for low in lows:
                        asked[f"{low.words} or better and {high.words} or better, at once"] = (
                            final.clearing_both(high, low) / final.total)
            extra["at_least"] = asked
        players.append(dataclasses.replace(player, **extra))
    return dataclasses.replace(result, players=tuple(players))


def new_seed() -> int:
    """A seed for a run given none: six digits, as good for repeating a run as 63 bits (the
    chunk streams are derived from it by SeedSequence) and easy to type back in."""
    return secrets.randbelow(1_000_000)


def check_distribution(distribution) -> None:
    if not isinstance(distribution, (bool, np.bool_)):
        raise OptionError(f"distribution is True or False, got {shown(distribution)}")


@dataclass
class EngineRun:
    """What one engine run gives back, before it is turned into a result."""

    method: str  # "exact" or "monte-carlo"
    samples: int
    seed: int | None
    tallies: np.ndarray  # (players, N_TALLIES)
    no_low: int | float  # a float when weighted ranges weigh the deals
    distribution: np.ndarray  # (players, N_BINS)
    declare_tallies: np.ndarray | None  # (rows, N_DECLARE_TALLIES) with declaration rows
    elapsed: float
    note: str | None


def equity_of_scenario(
    scenario: Scenario,
    method: Method = AUTOMATIC,
    *,
    distribution: bool = False,
    declarations: Sequence[int] | None = None,
) -> EquityResult:
    """equity() for a table state already built (the coach tools vary one and re-ask).

    declarations: kernel codes per player (parse_declarations), or None.
    """
    run = run_engine(scenario, method, distribution=distribution, declarations=declarations)
    return build_result(
        game=scenario.game, scenario=scenario, method=run.method, samples=run.samples,
        seed=run.seed, tallies=run.tallies, no_low_count=run.no_low,
        distribution=run.distribution if distribution else None, elapsed=run.elapsed,
        note=run.note,
        declarations=None if declarations is None
        else tuple(_DECLARATION_WORDS[d] for d in declarations),
    )


_DECLARATION_WORDS = {code: word for word, code in DECLARATIONS.items()}


def run_engine(
    scenario: Scenario,
    method: Method,
    *,
    distribution: bool = False,
    declarations: Sequence[int] | None = None,
    declaration_rows: DeclarationRows | None = None,
) -> EngineRun:
    """Choose the method (exact counting, enumeration or Monte Carlo), run it, and return
    the tallies (integers; floats summed by weight with weighted ranges, exact runs only). declarations settle every showdown by one row of declarations;
    declaration_rows tally one player's share under each of many rows (declare.py)."""
    check_distribution(distribution)
    declare = Declare(scenario.n_players, declarations, declaration_rows)
    plan = plan_run(scenario, method, distribution, declare)
    inputs, joint, n_deals = plan.inputs, plan.joint, plan.n_deals
    exact, precision, note = plan.exact, plan.precision, plan.note
    progress, seed = method.progress, method.seed
    if method.on_estimate is not None:
        method.on_estimate(plan.estimate.on_this_machine())

    previous_threads = numba.get_num_threads()
    if method.threads is not None:
        numba.set_num_threads(method.threads)
    start = time.perf_counter()
    try:
        if exact:
            if exact == "counting":
                tallies, no_low, dist, decl = count_heads_up(inputs, scenario, declare,
                                                              progress)
            else:
                tallies, no_low, dist, decl = run_exact(
                    inputs, joint, int(n_deals), distribution, declare, progress
                )
            answered_by, samples, seed = "exact", int(n_deals), None  # finite when exact
        else:
            if seed is None:
                seed = new_seed()
            tallies, no_low, dist, decl, samples = run_monte_carlo(
                inputs, seed, method.trials, precision, distribution, declare, progress
            )
            answered_by = "monte-carlo"
    finally:
        numba.set_num_threads(previous_threads)
    return EngineRun(answered_by, samples, seed, tallies, no_low, dist,
                     decl if declare.mode == DECLARE_MANY else None,
                     time.perf_counter() - start, note)


@dataclass
class RunPlan:
    """The method chosen for a table state, before any kernel runs: exact is "counting",
    True (enumeration) or False or None (sampling, to `precision` unless trials are
    given)."""

    inputs: EngineInputs
    joint: np.ndarray | None
    n_deals: float  # an int, or math.inf when the ranged hole cards are too many to list
    exact: bool | str | None
    precision: float | None
    note: str | None
    estimate: RunEstimate


def plan_run(scenario: Scenario, method: Method, distribution: bool,
             declare: Declare) -> RunPlan:
    """Choose how run_engine answers (exact counting, enumeration or sampling to a
    precision), and how long it takes."""
    exact: bool | str | None = method.exact
    trials, precision = method.trials, method.precision
    game = scenario.game
    inputs = EngineInputs(scenario, joint_cap=MAX_JOINT_COMBINATIONS)
    joint = inputs.joint_rows
    if joint is None and scenario.ranges:
        n_deals = math.inf  # too many hole-card combinations to enumerate
    else:
        n_rest_pool = len(scenario.pool) - (joint.shape[1] if joint is not None else 0)
        n_deals = exact_engine.count_deals(n_rest_pool, list(inputs.to_deal), inputs.community)
        if joint is not None:
            n_deals *= len(joint)
    # Heads-up without ranges, no community card to come: exact by counting, on any street
    # (headsup.py); its cost is the villain completions times the shared sets. Two hands'
    # counts compare them completely, so declarations are settled on the counts.
    sides = sorted(scenario.to_deal)  # heads-up: the stored side's cards to come, the other's
    counting = (
        scenario.n_players == 2 and not scenario.ranges and not scenario.community_to_come
        and not distribution
        and headsup.stored_bytes(len(scenario.pool), sides[0], sides[1], game.split)
        <= MAX_COUNTING_BYTES
    )
    counting_cost = (
        headsup.cost(len(scenario.pool), sides[0], sides[1], split=game.split)
        if counting else 0
    )
    note = None
    # Counting beats enumeration at every size (0.9 ms against 10 ms for 447,720 deals on
    # 6th street, 9 ms against 1.7 s for 1e8 on 5th), so it is used whenever it is cheap.
    if counting and exact:
        exact = "counting"
    elif counting and exact is None and trials is None and precision is None:
        if counting_cost <= AUTO_COUNTING_COST:
            exact = "counting"
        elif n_deals > AUTO_EXACT_DEALS:
            seconds = timing.counting_seconds(
                len(scenario.pool), sides[0], sides[1], game.split, threads_of(method)
            )
            # The constants' figure, not scaled by timing's probe: the probe took 0.07 s, a
            # seventh of a small query's whole process, and a note needs no precision.
            note = f"exact available: ~{max(seconds, 1):.0f} s, use {option('exact')}"

    too_many_assignments = (
        exact_engine.count_assignments(list(inputs.to_deal), inputs.community) > MAX_ASSIGNMENTS
    )
    if exact is True and too_many_assignments:
        deals = (f"{count_text(n_deals)} deals (the limit is {count_text(MAX_EXACT_DEALS)}), "
                 "and " if n_deals > MAX_EXACT_DEALS else "")
        raise OptionError(
            f"exact enumeration is refused: {deals}more than {MAX_ASSIGNMENTS:,} ways to "
            "share out each set of unseen cards among the players with cards to come; use "
            f"{option('trials')} or {option('precision')} to sample",
            fields=("trials", "precision"))
    # Many declaration rows make every deal cost as many settlements: fewer deals are cheap.
    auto_exact_deals = AUTO_EXACT_DEALS // max(1, len(declare.rows) // 9)
    if exact is None and trials is None and precision is None:
        exact = n_deals <= auto_exact_deals and not too_many_assignments
    if not exact and trials is None and precision is None:
        precision = DEFAULT_PRECISION
    if exact is True and n_deals == math.inf:
        raise OptionError(
            f"exact enumeration would have to visit more than {MAX_JOINT_COMBINATIONS:,} "
            f"combinations of the ranged players' hole cards; use {option('trials')} or "
            f"{option('precision')}", fields=("trials", "precision"))
    if exact is True and n_deals > MAX_EXACT_DEALS:
        raise OptionError(
            f"exact enumeration would visit {count_text(n_deals)} deals (the limit is "
            f"{count_text(MAX_EXACT_DEALS)}, a minute or two); use {option('trials')} or "
            f"{option('precision')} to sample", fields=("trials", "precision"))

    estimate = _estimate(scenario, exact, n_deals, trials, precision, len(declare.rows),
                         threads_of(method))
    return RunPlan(inputs, joint, n_deals, exact, precision, note, estimate)


def estimate_run(scenario: Scenario, method: Method = AUTOMATIC, *,
                 declarations: Sequence[int] | None = None) -> RunEstimate:
    """How long equity_of_scenario with this method will take, without running it, by
    the constants of engine/timing.py (.on_this_machine() scales it to this machine; the
    next-card table adds up its questions' estimates first)."""
    declare = Declare(scenario.n_players, declarations, None)
    return plan_run(scenario, method, False, declare).estimate


def by_card_estimate(scenario: Scenario, player: int, method: Method) -> RunEstimate | None:
    """When a next-card table for `player` (0-based) can be counted in one pass (heads-up
    counting, the player's cards tallied: engine/runs.count_heads_up_by_card), how long
    that pass takes; None when each card must be asked on its own.

    The conditions are those under which every card's question would be counted: the
    method exact or automatic with counting chosen for the table now, two players, no
    ranges, no community card, one pot (split pots count by card is not written yet),
    and the lists of the other player (the stored side here) within memory."""
    if method.trials is not None or method.precision is not None or method.exact is False:
        return None
    game = scenario.game
    if (scenario.n_players != 2 or scenario.ranges or scenario.community_to_come
            or game.split or not scenario.to_deal[player]):
        return None
    n, k, m = len(scenario.pool), scenario.to_deal[1 - player], scenario.to_deal[player]
    if headsup.stored_bytes(n, k, m) > MAX_COUNTING_BYTES:
        return None
    plan = plan_run(scenario, method, False, Declare(2, None, None))
    if plan.exact != "counting":
        return None
    seconds = timing.counting_seconds(n, k, m, False, threads_of(method))
    return RunEstimate(seconds, "counting", plan.n_deals)


def equities_by_card(scenario: Scenario, player: int, card_scenario,
                     method: Method = AUTOMATIC):
    """(the result now, {card: the result once it has come to `player`}) by one counting
    pass, for a table by_card_estimate accepts; card_scenario(card) is the table with the
    card come. Every number equals that of equity_of_scenario(card_scenario(card),
    Method(exact=True))."""
    threads, progress = method.threads, method.progress
    previous_threads = numba.get_num_threads()
    if threads is not None:
        numba.set_num_threads(threads)
    start = time.perf_counter()
    try:
        kind = EngineInputs(scenario).kind_a
        by_card, now = count_heads_up_by_card(scenario, player, kind, progress)
    finally:
        numba.set_num_threads(previous_threads)
    elapsed = time.perf_counter() - start
    game = scenario.game
    n, to_deal = len(scenario.pool), scenario.to_deal
    deals_now = exact_engine.count_deals(n, list(to_deal), False)
    result_now = build_result(game=game, scenario=scenario, method="exact",
                              samples=deals_now, seed=None, tallies=now, no_low_count=0,
                              distribution=None, elapsed=elapsed)
    results = {}
    for card, tallies in by_card.items():
        after = card_scenario(card)
        deals = exact_engine.count_deals(len(after.pool), list(after.to_deal), False)
        results[card] = build_result(game=game, scenario=after, method="exact",
                                     samples=deals, seed=None, tallies=tallies,
                                     no_low_count=0, distribution=None, elapsed=0.0)
    return result_now, results


def _estimate(scenario: Scenario, exact, n_deals, trials, precision, declaration_rows: int,
              threads: int) -> RunEstimate:
    """How long the method chosen will take (engine/timing.py)."""
    split = scenario.game.split
    players = scenario.n_players
    if exact == "counting":
        k, m = sorted(scenario.to_deal)  # heads-up
        seconds = timing.counting_seconds(len(scenario.pool), k, m, split, threads)
        return RunEstimate(seconds, "counting", n_deals)
    if exact:
        seconds = timing.enumeration_seconds(n_deals, players, split, declaration_rows,
                                             threads)
        return RunEstimate(seconds, "enumeration", n_deals)
    # An equity is a share of the pot, in [0, 1]: its variance is at most 1/4, so sampling
    # to a standard error SE stops by 1/(4 SE^2) trials (rounded up to whole rounds).
    at_most = trials is None
    deals = trials if trials is not None else min(MAX_TRIALS, math.ceil(0.25 / precision**2))
    seconds = timing.sampling_seconds(deals, players, split, declaration_rows, threads)
    return RunEstimate(seconds, "sampling", deals, at_most=at_most)


__all__ = ["ScenarioError", "equity", "equity_of_scenario", "estimate_run"]
