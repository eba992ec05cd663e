"""The one equity entry point: validate, choose exact or Monte Carlo, run, wrap the result."""

from __future__ import annotations

import math
import numbers
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numba
import numpy as np

from . import exact as exact_engine
from . import headsup, headsup_split, sim
from .cards import StudHand
from .config import announce_compile
from .eval.kernels import CARD_KEY, KIND_CODES
from .eval.tables import KEY_BIAS
from .games import GAMES, Game, as_game
from .messages import shown
from .results import EquityResult, build_result
from .scenario import Scenario, ScenarioError, build_scenario
from .showdown import (
    DECLARE_BOTH,
    DECLARE_HIGH,
    DECLARE_LOW,
    DECLARE_MANY,
    DECLARE_ONE,
    N_BINS,
    N_DECLARE_TALLIES,
    N_TALLIES,
    NO_DECLARE,
    POT_UNITS,
    SHARE,
    SHARE_SQ,
    TIE,
    WIN,
    reduce_outcomes,
    settle_declared_outcomes,
)

# Below this many deals the exact answer is cheaper than a precise sample: the default.
AUTO_EXACT_DEALS = 3_000_000
# --exact refuses beyond this (about a minute on 2 cores at ~40 M deals/s).
MAX_EXACT_DEALS = 3_000_000_000
DEFAULT_PRECISION = 0.0005  # standard error of every player's equity, default Monte Carlo
MAX_TRIALS = 2_000_000_000
# An equity's variance is at most 1/4, so this precision needs at most 6.25e8 trials: a
# target down here is always reached within MAX_TRIALS.
MIN_PRECISION = 2e-5
# --exact lists the ways to hand out one set of unseen cards up front; beyond this many
# (10 players with a card each to come: 3.6 million; 9! = 362,880 still fits) it samples.
MAX_ASSIGNMENTS = 400_000
# Heads-up exact counting is chosen by default up to this many list searches (about a
# second; 4th street is ~36 million, 108 million for a split pot; 3rd street ~700 million).
AUTO_COUNTING_COST = 150_000_000
# Counting keeps its lists in memory: beyond this (a hand with six cards to come against
# one with seven would need 7 GB) it is not used, and --exact falls back to enumeration.
MAX_COUNTING_BYTES = 2_000_000_000
FIRST_ROUND = 200_000
ROUND_SIZE = 4_000_000  # trials between progress updates and precision checks


class OptionError(ValueError):
    """Options that contradict each other or are out of range."""


DECLARATIONS = {"high": DECLARE_HIGH, "low": DECLARE_LOW, "both": DECLARE_BOTH}


def parse_declarations(game: Game, declare, n_players: int) -> tuple[int, ...] | None:
    """Each player's declaration (RULES.md "Declare") as kernel codes, or None for none.

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
            f"--declare {declare!r}: give one of high, low, both per player, in seat order"
        )
    if not game.declare:
        offered = ", ".join(g for g, other in GAMES.items() if other.declare)
        raise OptionError(
            f"--declare: {game.name} is not played with a declaration (only {offered})"
        )
    for word in words:
        if not isinstance(word, str) or word.lower() not in DECLARATIONS:
            raise OptionError(
                f"--declare: {word!r} is not a declaration: each player declares high, low "
                "or both"
            )
    if len(words) != n_players:
        raise OptionError(
            f"--declare {','.join(str(w) for w in words)!r}: {len(words)} declaration"
            f"{'s' * (len(words) != 1)} for {n_players} players: give one per player, in "
            "seat order"
        )
    return tuple(DECLARATIONS[w.lower()] for w in words)


def _key_and_suits(cards: Sequence[int]) -> tuple[int, int]:
    """The evaluator key and suit mask of known cards (see eval/kernels.py)."""
    key = KEY_BIAS + sum(int(CARD_KEY[c]) for c in cards)
    suits = 0
    for c in cards:
        suits |= 1 << (16 * (c & 3) + (c >> 2))
    return key, suits


class _Inputs:
    """The scenario as the kernels take it: arrays, kind codes.

    Players with a hole-card range get their hole cards from the range (a list of valid
    combinations per range, or the joint combinations for exact enumeration); to_deal and
    the draws here are the rest of their cards.
    """

    def __init__(self, scenario: Scenario):
        game = scenario.game
        self.kind_a = KIND_CODES[game.kinds[0]]
        self.kind_b = KIND_CODES[game.kinds[1]] if game.split else -1
        self.low_qualifies = game.split and game.kinds[1] == "low_8"
        keys_suits = [_key_and_suits(k) for k in scenario.known]
        self.base_key = np.array([k for k, _ in keys_suits], dtype=np.int64)
        self.known_suits = np.array([s for _, s in keys_suits], dtype=np.int64)
        self.n_known = np.array([len(k) for k in scenario.known], dtype=np.int64)
        rest = list(scenario.to_deal)
        for r in scenario.ranges:
            rest[r.player] -= r.size
        self.to_deal = np.array(rest, dtype=np.int64)
        self.offsets = np.concatenate([[0], np.cumsum(self.to_deal)[:-1]]).astype(np.int64)
        self.community = scenario.community_to_come
        self.n_draws = int(self.to_deal.sum()) + self.community
        self.community_at = self.n_draws - 1 if self.community else -1
        self.pool = np.array(scenario.pool, dtype=np.uint8)
        self.dealing_pool = sim.dealing_pool(scenario.pool)
        self.ranges = scenario.ranges
        self._range_arrays(scenario)
        # Filled by joint_combinations when the joint choices are few enough to list.
        self.joint_choices = np.zeros((0, len(self.ranges)), dtype=np.int64)

    def _range_arrays(self, scenario: Scenario) -> None:
        n_players = len(self.base_key)
        self.range_of = np.full(n_players, -1, dtype=np.int64)
        combos = [c for r in self.ranges for c in r.combos]
        self.range_start = np.zeros(len(self.ranges), dtype=np.int64)
        self.range_count = np.array([len(r.combos) for r in self.ranges], dtype=np.int64)
        self.range_size = np.array([r.size for r in self.ranges], dtype=np.int64)
        start = 0
        for i, r in enumerate(self.ranges):
            self.range_of[r.player] = i
            self.range_start[i] = start
            start += len(r.combos)
        self.combo_cards = np.zeros((len(combos), 2), dtype=np.int64)
        self.combo_key = np.zeros(len(combos), dtype=np.int64)
        self.combo_suits = np.zeros(len(combos), dtype=np.int64)
        self.combo_mask = np.zeros(len(combos), dtype=np.int64)
        for k, combo in enumerate(combos):
            self.combo_cards[k, : len(combo)] = combo
            key, suits = _key_and_suits(combo)
            self.combo_key[k] = key - KEY_BIAS
            self.combo_suits[k] = suits
            self.combo_mask[k] = sum(1 << c for c in combo)

    def range_args(self) -> tuple:
        return (self.range_of, self.range_start, self.range_count, self.range_size,
                self.combo_cards, self.combo_key, self.combo_suits, self.combo_mask,
                self.joint_choices)

    def joint_combinations(self, cap: int) -> np.ndarray | None:
        """Every choice of hole cards for the ranged players using no card twice, as rows
        of card ids (player order); None if there are more than cap of them.

        Also keeps, as self.joint_choices, each row as indices into the combination arrays
        (one per range), so Monte Carlo can draw a joint choice in one step.
        """
        rows: list[tuple[int, ...]] = []
        choices: list[tuple[int, ...]] = []
        starts = [int(x) for x in self.range_start]

        def walk(i: int, used: int, row: tuple[int, ...], chosen: tuple[int, ...]) -> bool:
            if i == len(self.ranges):
                rows.append(row)
                choices.append(chosen)
                return len(rows) <= cap
            for k, combo in enumerate(self.ranges[i].combos):
                mask = sum(1 << c for c in combo)
                if not used & mask and not walk(
                    i + 1, used | mask, row + tuple(combo), chosen + (starts[i] + k,)
                ):
                    return False
            return True

        if not walk(0, 0, (), ()):
            return None
        width = sum(r.size for r in self.ranges)
        self.joint_choices = np.array(choices, dtype=np.int64).reshape(
            len(choices), len(self.ranges)
        )
        return np.array(rows, dtype=np.int64).reshape(len(rows), width)

    def hole_slices(self) -> tuple[np.ndarray, np.ndarray]:
        """Where each player's hole cards sit in a joint row (length 0 if not ranged)."""
        start = np.zeros(len(self.base_key), dtype=np.int64)
        length = np.zeros(len(self.base_key), dtype=np.int64)
        at = 0
        for r in self.ranges:
            start[r.player], length[r.player] = at, r.size
            at += r.size
        return start, length


MAX_JOINT_COMBINATIONS = 1_000_000


def equity(
    game: str | Game,
    hands: Sequence[str | StudHand],
    dead: str | Sequence = (),
    *,
    community: str | int | None = None,
    declare: Sequence[str] | str | None = None,
    exact: bool | None = None,
    trials: int | None = None,
    precision: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    distribution: bool = False,
    progress: Callable[[float], None] | None = None,
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

    Method: exact=True enumerates every deal; trials=N or precision=SE sample (stop at N
    trials, or when every equity's standard error is below SE). With none of them, small
    problems are enumerated and the rest sampled to a standard error of 0.0005.
    seed makes sampling reproducible on any number of threads.

    >>> r = equity("stud7", ["(As Ks) Ah Kh Qh Jh (2c)", "(Qs Qd) Qc 2d 3d 4d (5d)"])
    >>> r.method, [round(p.equity, 3) for p in r.players]
    ('exact', [0.0, 1.0])
    """
    # Every option before the table: a bad one is refused before any work.
    check_method(exact, trials, precision, seed)
    check_run_options(threads, distribution, progress)
    game = as_game(game)
    scenario = build_scenario(game, hands, dead, community)
    declarations = parse_declarations(game, declare, scenario.n_players)
    return equity_of_scenario(
        scenario, exact=exact, trials=trials, precision=precision, seed=seed, threads=threads,
        distribution=distribution, progress=progress, declarations=declarations,
    )


def _whole_number(value) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def _real_number(value) -> bool:
    """int, float, Fraction or a numpy number: what arithmetic with floats accepts."""
    return isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_))


def check_method(exact, trials, precision, seed) -> None:
    """The method options equity() takes, checked before any work (chart checks its
    spots' options with this too, before it writes them)."""
    if exact is not None and not isinstance(exact, (bool, np.bool_)):
        raise OptionError(f"exact is True, False or None, got {shown(exact)}")
    if exact and (trials is not None or precision is not None):
        raise OptionError("choose one method: exact, or trials / precision for sampling")
    if trials is not None and precision is not None:
        raise OptionError("give trials or precision, not both")
    if trials is not None and not _whole_number(trials):
        raise OptionError(f"trials must be a whole number, got {shown(trials)}")
    if seed is not None and (not _whole_number(seed) or seed < 0):
        raise OptionError(f"the seed (--seed) is a whole number 0 or more, got {shown(seed)}")
    if trials is not None and not 1 <= trials <= MAX_TRIALS:
        raise OptionError(f"trials must be between 1 and {MAX_TRIALS:,}, got {shown(trials)}")
    if precision is not None and not _real_number(precision):
        raise OptionError(
            f"precision is a number, a standard error such as 0.001, got {shown(precision)}"
        )
    if precision is not None and not MIN_PRECISION <= precision < 0.5:
        raise OptionError(
            f"precision is a standard error from {MIN_PRECISION} to 0.5, got {shown(precision)}"
        )


def check_run_options(threads, distribution, progress) -> None:
    """The options of a run beside the method: threads, distribution, progress."""
    if threads is not None and (
        not _whole_number(threads) or not 1 <= threads <= numba.config.NUMBA_NUM_THREADS
    ):
        raise OptionError(
            f"threads must be between 1 and {numba.config.NUMBA_NUM_THREADS} (a whole number), "
            f"got {shown(threads)}"
        )
    if not isinstance(distribution, (bool, np.bool_)):
        raise OptionError(f"distribution is True or False, got {shown(distribution)}")
    if progress is not None and not callable(progress):
        raise OptionError(
            f"progress is a function taking the fraction done, or None, got {shown(progress)}"
        )


@dataclass
class EngineRun:
    """What one engine run gives back, before it is turned into a result."""

    method: str  # "exact" or "monte-carlo"
    samples: int
    seed: int | None
    tallies: np.ndarray  # (players, N_TALLIES)
    no_low: int
    distribution: np.ndarray  # (players, N_BINS)
    declare_tallies: np.ndarray | None  # (rows, N_DECLARE_TALLIES) with declaration rows
    elapsed: float
    note: str | None


@dataclass(frozen=True)
class DeclarationRows:
    """Many declaration rows settled in one pass (declare.py): one player's share of the
    pot is tallied for every row. rows: (n_rows, players) codes of DECLARATIONS."""

    rows: np.ndarray
    player: int  # 0-based


def equity_of_scenario(
    scenario: Scenario,
    *,
    exact: bool | None = None,
    trials: int | None = None,
    precision: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    distribution: bool = False,
    progress: Callable[[float], None] | None = None,
    declarations: Sequence[int] | None = None,
) -> EquityResult:
    """equity() for a table state already built (the coach tools vary one and re-ask).

    declarations: kernel codes per player (parse_declarations), or None.
    """
    run = run_engine(
        scenario, exact=exact, trials=trials, precision=precision, seed=seed,
        threads=threads, distribution=distribution, progress=progress,
        declarations=declarations,
    )
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
    *,
    exact: bool | None = None,
    trials: int | None = None,
    precision: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    distribution: bool = False,
    progress: Callable[[float], None] | None = None,
    declarations: Sequence[int] | None = None,
    declaration_rows: DeclarationRows | None = None,
) -> EngineRun:
    """Choose the method (exact counting, enumeration or Monte Carlo), run it, and return
    the integer tallies. declarations settle every showdown by one row of declarations;
    declaration_rows tally one player's share under each of many rows (declare.py)."""
    game = scenario.game
    check_method(exact, trials, precision, seed)
    check_run_options(threads, distribution, progress)
    declare = _Declare(scenario.n_players, declarations, declaration_rows)

    inputs = _Inputs(scenario)
    joint = None
    if scenario.ranges:
        joint = inputs.joint_combinations(MAX_JOINT_COMBINATIONS)
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
    counting = (
        scenario.n_players == 2 and not scenario.ranges and not scenario.community_to_come
        and not distribution
        and headsup.stored_bytes(len(scenario.pool), *sorted(scenario.to_deal), game.split)
        <= MAX_COUNTING_BYTES
    )
    counting_cost = (
        headsup.cost(len(scenario.pool), *sorted(scenario.to_deal), split=game.split)
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
            note = (f"exact available: ~{headsup.estimated_seconds(counting_cost):.0f} s, "
                    "use --exact")
    too_many_assignments = (
        exact_engine.count_assignments(list(inputs.to_deal), inputs.community) > MAX_ASSIGNMENTS
    )
    if exact is True and too_many_assignments:
        raise OptionError(
            "exact enumeration would list more than "
            f"{MAX_ASSIGNMENTS:,} ways to hand out each set of unseen cards (many players with "
            "cards to come); use --trials or --precision to sample"
        )
    # Many declaration rows make every deal cost as many settlements: fewer deals are cheap.
    auto_exact_deals = AUTO_EXACT_DEALS // max(1, len(declare.rows) // 9)
    if exact is None and trials is None and precision is None:
        exact = n_deals <= auto_exact_deals and not too_many_assignments
    if not exact and trials is None and precision is None:
        precision = DEFAULT_PRECISION
    if exact is True and n_deals == math.inf:
        raise OptionError(
            f"exact enumeration would have to visit more than {MAX_JOINT_COMBINATIONS:,} "
            "combinations of the ranged players' hole cards; use --trials or --precision"
        )
    if exact is True and n_deals > MAX_EXACT_DEALS:
        raise OptionError(
            f"exact enumeration would visit {n_deals:.3g} deals (the limit is "
            f"{MAX_EXACT_DEALS:.0e}, about a minute); use --trials or --precision to sample"
        )

    previous_threads = numba.get_num_threads()
    if threads is not None:
        numba.set_num_threads(threads)
    start = time.perf_counter()
    try:
        if exact:
            if exact == "counting":
                tallies, no_low, dist, decl = _count_heads_up(inputs, scenario, declare,
                                                              progress)
            else:
                tallies, no_low, dist, decl = _run_exact(
                    inputs, joint, n_deals, distribution, declare, progress
                )
            method, samples, seed = "exact", n_deals, None
        else:
            if seed is None:
                seed = secrets.randbits(63)
            tallies, no_low, dist, decl, samples = _run_monte_carlo(
                inputs, seed, trials, precision, distribution, declare, progress
            )
            method = "monte-carlo"
    finally:
        numba.set_num_threads(previous_threads)
    return EngineRun(method, samples, seed, tallies, no_low, dist,
                     decl if declare.mode == DECLARE_MANY else None,
                     time.perf_counter() - start, note)


class _Declare:
    """The declaration arguments of a kernel run: mode, rows and the player tallied."""

    def __init__(self, n_players: int, one: Sequence[int] | None,
                 many: DeclarationRows | None):
        if one is not None and many is not None:
            raise ValueError("give one row of declarations or many rows, not both")
        if many is not None:
            self.mode = DECLARE_MANY
            self.rows = np.ascontiguousarray(many.rows, dtype=np.int64)
            self.player = many.player
        elif one is not None:
            self.mode = DECLARE_ONE
            self.rows = np.array([list(one)], dtype=np.int64)
            self.player = 0
        else:
            self.mode = NO_DECLARE
            self.rows = np.zeros((1, n_players), dtype=np.int64)
            self.player = 0

    def new_tallies(self, n_chunks: int) -> np.ndarray:
        return np.zeros((n_chunks, len(self.rows), N_DECLARE_TALLIES), dtype=np.int64)

    def args(self, tallies: np.ndarray) -> tuple:
        return self.rows, self.player, tallies


def _swap_players(outcomes: np.ndarray) -> np.ndarray:
    """Heads-up outcome counts with players 1 and 2 exchanged in both winner masks."""
    swap = (0, 2, 1, 3)  # a 2-bit mask with its bits exchanged
    out = np.zeros_like(outcomes)
    for index, count in enumerate(outcomes):
        out[swap[index >> 2] << 2 | swap[index & 3]] += count
    return out


def _count_heads_up(inputs: _Inputs, scenario: Scenario, declare: _Declare | None = None,
                    progress=None):
    """Tallies of an exact heads-up count (headsup.py), as the enumerator would give them.

    The counting stores lists for its "hero" side, 2**k values per completion of k cards:
    the player with fewer cards to come takes that side ("(x x) Ah" against a known hand
    would store 6 GB as the hero, 25 MB as the villain); the rows are swapped back.
    """
    declare = declare or _Declare(2, None, None)
    swap = scenario.to_deal[0] > scenario.to_deal[1]
    order = (1, 0) if swap else (0, 1)
    known = [scenario.known[p] for p in order]
    to_deal = [scenario.to_deal[p] for p in order]
    tallies = np.zeros((2, N_TALLIES), dtype=np.int64)
    decl = declare.new_tallies(1)[0]
    no_low = 0
    if inputs.kind_b >= 0:
        announce_compile(headsup_split.count_group, "heads-up split-pot counting kernels")
        outcomes = headsup_split.split_outcomes(
            inputs.kind_a, inputs.kind_b, inputs.low_qualifies, scenario.pool, *known,
            *to_deal, progress,
        )
        if swap:
            outcomes = _swap_players(outcomes)
        if declare.mode == DECLARE_MANY:
            for v, row in enumerate(declare.rows):
                decl[v] = _player_tallies(settle_declared_outcomes(outcomes, 2, row),
                                          declare.player)
        if declare.mode == DECLARE_ONE:
            outcomes = settle_declared_outcomes(outcomes, 2, declare.rows[0])
        no_low = int(reduce_outcomes(outcomes, 2, True, tallies))
        # The squares of the shares are for Monte Carlo's standard errors; summed over 1e12
        # counted deals they would overflow int64, and an exact result has no error.
        tallies[:, SHARE_SQ] = 0
        decl[:, 1] = 0
    else:
        announce_compile(headsup.stream_villain, "heads-up counting kernels")
        deals, wins, ties = headsup.heads_up_counts(
            inputs.kind_a, scenario.pool, *known, *to_deal, progress,
        )
        losses = deals - wins - ties
        for p, (won, tied) in enumerate(((wins, ties), (losses, ties))):
            tallies[p, WIN] = won
            tallies[p, TIE] = tied
            tallies[p, SHARE] = won * POT_UNITS + tied * (POT_UNITS // 2)
        if swap:
            tallies = tallies[::-1].copy()
    return tallies, no_low, np.zeros((2, N_BINS), dtype=np.int64), decl


def _player_tallies(outcomes: np.ndarray, player: int) -> np.ndarray:
    """One player's declare tallies (share, -, whole pot, part) from outcome counts."""
    tallies = np.zeros((2, N_TALLIES), dtype=np.int64)
    reduce_outcomes(outcomes, 2, True, tallies)
    t = tallies[player]
    return np.array([t[SHARE], 0, t[WIN], t[TIE]], dtype=np.int64)


def _run_exact(inputs: _Inputs, joint, n_deals: int, with_distribution: bool,
               declare: _Declare | None = None, progress=None):
    """Enumerate: for every joint choice of ranged hole cards (one empty choice without
    ranges), every set of the remaining unseen cards and every way to hand them out."""
    declare = declare or _Declare(len(inputs.base_key), None, None)
    kernel = exact_engine.exact_kernel(inputs.kind_a, inputs.kind_b, inputs.low_qualifies,
                                       declare.mode)
    announce_compile(kernel, "exact enumeration kernel")
    patterns = exact_engine.assignments(list(inputs.to_deal), inputs.community)
    if joint is None:
        joint = np.zeros((1, 0), dtype=np.int64)
    hole_start, hole_length = inputs.hole_slices()
    n_rest = len(inputs.pool) - joint.shape[1]
    n_sets = math.comb(n_rest, inputs.n_draws)
    binom = exact_engine.binomial_table(n_rest, max(inputs.n_draws, 1))
    n_players = len(inputs.base_key)
    tallies = np.zeros((n_players, N_TALLIES), dtype=np.int64)
    dist = np.zeros((n_players, N_BINS), dtype=np.int64)
    decl = declare.new_tallies(1)[0]
    no_low = 0
    # Work units (joint choice, range of card sets), in rounds so a long enumeration can
    # report progress; the sums are integers, so the cut never changes the answer.
    units = exact_engine.work_units(len(joint), n_sets)
    n_rounds = max(1, min(64, n_deals * len(declare.rows) // 50_000_000, len(units)))
    for r in range(n_rounds):
        sub = units[len(units) * r // n_rounds : len(units) * (r + 1) // n_rounds]
        t = np.zeros((len(sub), n_players, N_TALLIES), dtype=np.int64)
        d = np.zeros((len(sub), n_players, N_BINS), dtype=np.int64)
        nl = np.zeros(len(sub), dtype=np.int64)
        dt = declare.new_tallies(len(sub))
        kernel(sub, joint, hole_start, hole_length, inputs.pool, inputs.n_draws, binom,
               patterns, inputs.base_key, inputs.known_suits, inputs.n_known,
               with_distribution, t, d, nl, *declare.args(dt))
        tallies += t.sum(axis=0)
        dist += d.sum(axis=0)
        decl += dt.sum(axis=0)
        no_low += int(nl.sum())
        if progress is not None:
            progress((r + 1) / n_rounds)
    decl[:, 1] = 0  # exact: no standard error (and the squares could overflow)
    return tallies, no_low, dist, decl


def _run_monte_carlo(inputs: _Inputs, seed: int, trials, precision, with_distribution,
                     declare: _Declare, progress):
    kernel = sim.monte_carlo_kernel(
        inputs.kind_a, inputs.kind_b, inputs.low_qualifies, bool(inputs.ranges), declare.mode
    )
    announce_compile(kernel, "Monte Carlo kernel")
    n_players = len(inputs.base_key)
    tallies = np.zeros((n_players, N_TALLIES), dtype=np.int64)
    dist = np.zeros((n_players, N_BINS), dtype=np.int64)
    decl = declare.new_tallies(1)[0]
    no_low = 0
    done = 0
    round_index = 0
    target = trials if trials is not None else None
    # The precision is that of the equities reported: every player's, or with many
    # declaration rows the tallied player's under every row.
    many = declare.mode == DECLARE_MANY
    while True:
        se = _declare_se(decl, done) if many else _equity_se(tallies, done)
        if target is not None:
            size = min(ROUND_SIZE, target - done)
        else:
            size = _next_round_size(se, done, precision)
        if size <= 0:
            break
        t = np.zeros((sim.N_CHUNKS, n_players, N_TALLIES), dtype=np.int64)
        d = np.zeros((sim.N_CHUNKS, n_players, N_BINS), dtype=np.int64)
        nl = np.zeros(sim.N_CHUNKS, dtype=np.int64)
        dt = declare.new_tallies(sim.N_CHUNKS)
        kernel(sim.chunk_seeds(seed, round_index), sim.split_trials(size), inputs.dealing_pool,
               inputs.base_key, inputs.known_suits, inputs.n_known, inputs.to_deal,
               inputs.offsets, inputs.n_draws, inputs.community_at, with_distribution, t, d,
               nl, *inputs.range_args(), *declare.args(dt))
        tallies += t.sum(axis=0)
        dist += d.sum(axis=0)
        decl += dt.sum(axis=0)
        no_low += int(nl.sum())
        done += size
        round_index += 1
        if progress is not None:
            if target is not None:
                progress(done / target)
            else:
                se = _declare_se(decl, done) if many else _equity_se(tallies, done)
                progress(1.0 if se <= precision else (precision / se) ** 2)
    return tallies, no_low, dist, decl, done


def _declare_se(decl: np.ndarray, n: int) -> float:
    """The largest standard error of the tallied player's equity over the rows."""
    if n == 0:
        return math.inf
    return _se_of(decl[:, 0], decl[:, 1], n)


def _se_of(share: np.ndarray, share_sq: np.ndarray, n: int) -> float:
    mean = share / (POT_UNITS * n)
    mean_sq = share_sq / (POT_UNITS * POT_UNITS * n)
    var = np.maximum(mean_sq - mean * mean, 0.0) * n / max(n - 1, 1)
    return float(np.sqrt(var / n).max())


def _equity_se(tallies: np.ndarray, n: int) -> float:
    """The largest standard error of any player's equity after n trials."""
    if n == 0:
        return math.inf
    return _se_of(tallies[:, SHARE], tallies[:, SHARE_SQ], n)


def _next_round_size(se: float, done: int, precision: float) -> int:
    """Trials for the next round under a precision target, 0 when reached; se is the
    largest standard error so far.

    Rounds depend only on the tallies so far, so a seed still fixes every number.
    """
    if done == 0:
        return FIRST_ROUND
    if se <= precision:
        return 0
    if done >= MAX_TRIALS:
        return 0
    ratio = min(se / precision, 1e4)  # keeps the estimate finite; rounds cap it anyway
    needed = math.ceil(done * ratio * ratio * 1.05) - done
    return int(min(max(needed, FIRST_ROUND), ROUND_SIZE, MAX_TRIALS - done))


__all__ = ["OptionError", "ScenarioError", "equity"]
