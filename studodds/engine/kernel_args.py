"""What the Monte Carlo and enumeration kernels take: a run's arrays bundled by what
travels together, each field's dtype, shape and meaning written down once, here; and the
one way a call hands a bundle's fields to a kernel (kernel_arguments).

Why bundles: the kernels take 34 (Monte Carlo) and 24 (enumeration) arguments, a dozen
of them int64 arrays of one shape, and the calls listed them by position, so two swapped
at a call compiled, ran and answered wrong without a word (heads-up, to_deal and offsets
exchanged: 0% for a 78% hand). A bundle is built by field name (always with keywords: a
NamedTuple also takes positions, which would bring the swaps back), and kernel_arguments
hands each field to the kernel's parameter of the same name, so no call lists arrays by
position, and the order of the bundles at a call changes nothing.

Why the kernels still take plain arguments, not the bundles: numba takes a NamedTuple as
an argument, but measured on this project's machine (2 shared cores, alternated runs,
an empty cache each) the first compile then took longer, 6-10% for the heads-up
counting's kernels and 1-3% for the Monte Carlo one, for the same deals per second; with
plain arguments it takes what it took before. The bundles cost nothing at the call (a
few microseconds of Python against a kernel call's milliseconds), and each kernel's
docstring describes every argument from its bundle (described_by).

Shapes: n_players players, n_items the items of a run (Monte Carlo: sim.N_CHUNKS chunks;
enumeration: its work units), n_ranges the players with a hole-card range, n_combos their
combinations end to end.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from typing import NamedTuple

import numpy as np

# A numpydoc entry: "name : type" at the margin, its description indented below.
_ENTRY = re.compile(r"^(\w+) : .*(?:\n(?: {4}.*|$))*", re.MULTILINE)


def _entries(doc: str | None) -> dict[str, str]:
    """The entries of a docstring's Parameters section, by name."""
    text = inspect.cleandoc(doc or "")
    if "Parameters\n----------\n" not in text:
        return {}
    section = text.split("Parameters\n----------\n", 1)[1]
    return {m.group(1): m.group(0).rstrip() for m in _ENTRY.finditer(section)}


def _parameters(kernel) -> list[str]:
    """A kernel's parameters after its first two (the items run_chunked gives it)."""
    return list(inspect.signature(getattr(kernel, "py_func", kernel)).parameters)[2:]


def described_by(*bundles: type) -> Callable:
    """Decorator (under numba's): the kernel's docstring, its Parameters section followed
    by the entry of each parameter it takes from one of the bundles, in its own order, so
    the kernel says what every argument is while each is written once, in its bundle.
    Raises TypeError when a parameter is described nowhere."""

    def describe(function):
        own = _entries(function.__doc__)
        given = {}
        for bundle in bundles:
            for name, entry in _entries(bundle.__doc__).items():
                first, _, rest = entry.partition("\n")
                given[name] = f"{first}, from {bundle.__name__}\n{rest}"
        names = list(inspect.signature(function).parameters)
        missing = [name for name in names if name not in own and name not in given]
        if missing:
            raise TypeError(f"{function.__name__}: no description of {', '.join(missing)}")
        doc = inspect.cleandoc(function.__doc__ or "")
        if not own:
            doc += "\n\nParameters\n----------"
        function.__doc__ = "\n".join([doc] + [given[name] for name in names
                                               if name not in own])
        return function

    return describe


_PLANS: dict[tuple, list[tuple[int, int | str]]] = {}


def kernel_arguments(kernel, *bundles: NamedTuple, **values) -> tuple:
    """The arguments of kernel after its first two (the items run_chunked gives it), in
    its order, each the field of that name of one of the bundles, or the value given by
    that name: run_chunked(kernel, n, *kernel_arguments(kernel, chunks, kinds, ...)).

    Raises TypeError naming a parameter that no bundle gives, or that two give (a bundle
    may hold fields the kernel does not take)."""
    key = (kernel, tuple(type(bundle) for bundle in bundles), tuple(values))
    plan = _PLANS.get(key)
    if plan is None:
        plan = []
        for name in _parameters(kernel):
            found: list[tuple[int, int | str]] = [
                (i, bundle._fields.index(name)) for i, bundle in enumerate(bundles)
                if name in bundle._fields]
            if name in values:
                found.append((len(bundles), name))
            if len(found) != 1:
                givers = [type(bundles[i]).__name__ if i < len(bundles) else "a value"
                          for i, _ in found]
                raise TypeError(f"{getattr(kernel, '__name__', kernel)} takes {name!r}: "
                                f"given by {' and '.join(givers) or 'nothing'}")
            plan.append(found[0])
        _PLANS[key] = plan
    # at: the field's index in bundle i, or the name of a value (i == len(bundles))
    return tuple(bundles[i][at] if isinstance(at, int) else values[at] for i, at in plan)


class PotKinds(NamedTuple):
    """How the hands are valued and who takes the pot (one compile serves every game).

    Parameters
    ----------
    strengths : numpy.ndarray
        uint16, shape (n_kinds * N_MULTISETS,). Every hand kind's strength of every rank
        multiset (its value's place among the kind's values: the kernels only compare
        hands), kind by kind (eval.any_kind.STRENGTHS).
    kind_a : int
        The KIND_* code (eval.kernels) of the hand that takes the pot, or of the high half
        of a split pot.
    kind_b : int
        The KIND_* code of the low half of a split pot; -1 when one hand takes the pot.
    low_qualifies : bool
        Whether a hand with no qualifying low (NO_LOW) loses the low half
        (eight-or-better); then a pot nobody's low qualifies for goes to the high.
    """

    strengths: np.ndarray
    kind_a: int
    kind_b: int
    low_qualifies: bool


class KnownHands(NamedTuple):
    """The cards each player holds before the deal (ranged hole cards not among them).

    Parameters
    ----------
    base_key : numpy.ndarray
        int64, shape (n_players,). KEY_BIAS plus the evaluator keys of player p's known
        cards (eval.kernels.key_and_suits): dealt cards' keys are added to it.
    known_suits : numpy.ndarray
        int64, shape (n_players,). The suit mask of player p's known cards (the OR of
        eval.kernels.suit_bit).
    n_known : numpy.ndarray
        int64, shape (n_players,). How many known cards player p holds.
    """

    base_key: np.ndarray
    known_suits: np.ndarray
    n_known: np.ndarray


class Dealing(NamedTuple):
    """What the Monte Carlo kernel deals from and to whom: each trial shuffles the first
    n_draws places of the pool (sim.partial_shuffle), player p takes places offsets[p] ..
    offsets[p] + to_deal[p] - 1, and everyone the community card.

    Parameters
    ----------
    pool : numpy.ndarray
        int64, shape (n_pool,). The live cards as the kernel shuffles them: each card's
        evaluator key with its id above DEALT_CARD_SHIFT (sim.dealing_pool), so a dealt
        card adds to a hand's key without a lookup.
    to_deal : numpy.ndarray
        int64, shape (n_players,). How many cards still come to player p, ranged hole
        cards not counted (they come from HoleRanges).
    offsets : numpy.ndarray
        int64, shape (n_players,). Where player p's cards start among the dealt places:
        the sum of to_deal over the players before p.
    n_draws : int
        Places dealt a trial: the sum of to_deal, plus one for a community card.
    community_at : int
        The community card's place (n_draws - 1), or -1 when none comes.
    """

    pool: np.ndarray
    to_deal: np.ndarray
    offsets: np.ndarray
    n_draws: int
    community_at: int


class HoleRanges(NamedTuple):
    """The players whose hole cards come from a range (ranges.py), as the Monte Carlo
    kernel draws them: each trial one joint choice of the ranges' combinations that uses
    no card twice (sim.draw_joint_choice). Without ranges every array has no rows (and
    range_of is all -1), and the kernel compiled without ranges never reads them.

    Parameters
    ----------
    range_of : numpy.ndarray
        int64, shape (n_players,). The index of player p's range, -1 for a player without
        one.
    range_start : numpy.ndarray
        int64, shape (n_ranges,). Where range r's combinations start in the combo_ arrays.
    range_count : numpy.ndarray
        int64, shape (n_ranges,). How many combinations range r holds.
    range_size : numpy.ndarray
        int64, shape (n_ranges,). How many hole cards each combination of range r is.
    combo_cards : numpy.ndarray
        int64, shape (n_combos, 2). The card ids of each combination (a one-card
        combination's second place unused).
    combo_key : numpy.ndarray
        int64, shape (n_combos,). The sum of the combination's cards' evaluator keys,
        without KEY_BIAS (a player's base_key holds it once).
    combo_suits : numpy.ndarray
        int64, shape (n_combos,). The combination's suit mask (OR of suit_bit).
    combo_mask : numpy.ndarray
        int64, shape (n_combos,). Bit c set for each card id c of the combination: two
        combinations clash when their masks share a bit.
    joint_choices : numpy.ndarray
        int64, shape (n_joint, n_ranges). Every joint choice that uses no card twice, as
        the combination index of each range; no rows when there are too many to list
        (then each range is drawn again until no two clash).
    joint_cum : numpy.ndarray
        float64, shape (n_joint,), or (0,) when every choice weighs the same. The running
        sums of the listed joint choices' weights (weighted ranges).
    combo_cum : numpy.ndarray
        float64, shape (n_combos,), or (0,) when every combination weighs the same. The
        running sums of each range's combinations' weights, starting afresh at each range.
    """

    range_of: np.ndarray
    range_start: np.ndarray
    range_count: np.ndarray
    range_size: np.ndarray
    combo_cards: np.ndarray
    combo_key: np.ndarray
    combo_suits: np.ndarray
    combo_mask: np.ndarray
    joint_choices: np.ndarray
    joint_cum: np.ndarray
    combo_cum: np.ndarray


class TrialChunks(NamedTuple):
    """The Monte Carlo trials of a round, cut into sim.N_CHUNKS chunks whatever the thread
    count (so a seed gives the same numbers on any machine).

    Parameters
    ----------
    seeds : numpy.ndarray
        uint64, shape (N_CHUNKS,). Chunk c's generator state to start from
        (sim.chunk_seeds).
    trials : numpy.ndarray
        int64, shape (N_CHUNKS,). How many trials chunk c deals (sim.split_trials).
    """

    seeds: np.ndarray
    trials: np.ndarray


class Enumeration(NamedTuple):
    """What the enumeration kernel visits: for each work unit, one joint choice of ranged
    hole cards, a run of the card sets of the rest of the pool (lexicographic rank), and
    every assignment of each set's cards to the players and the community.

    Parameters
    ----------
    units : numpy.ndarray
        int64, shape (n_units, 3). Work unit u: (joint choice, first set rank, last set
        rank + 1) (exact.work_units).
    joint : numpy.ndarray
        int64, shape (n_joint, width). Each joint choice of the ranged players' hole
        cards as card ids, player p's at hole_start[p]; one row of width 0 without ranges.
    hole_start : numpy.ndarray
        int64, shape (n_players,). Where player p's hole cards sit in a row of joint.
    hole_length : numpy.ndarray
        int64, shape (n_players,). How many hole cards player p takes from joint (0 when
        not ranged).
    pool : numpy.ndarray
        uint8, shape (n_pool,). The card ids the deal comes from, the ranged players'
        possible hole cards among them (a unit leaves out its joint choice's).
    n_draws : int
        Cards of a set: every player's cards to come, plus one for a community card.
    binom : numpy.ndarray
        int64, shape (n_pool - width + 1, max(n_draws, 1) + 1). binom[i, j] = C(i, j), for
        unranking a unit's first set (exact.binomial_table).
    patterns : numpy.ndarray
        int8, shape (n_patterns, n_draws). Each distinct assignment of a set's cards:
        patterns[q, s] is the owner of the set's card s, n_players for the community.
    """

    units: np.ndarray
    joint: np.ndarray
    hole_start: np.ndarray
    hole_length: np.ndarray
    pool: np.ndarray
    n_draws: int
    binom: np.ndarray
    patterns: np.ndarray


class Tallies(NamedTuple):
    """What a run counts, one row per item (Monte Carlo: chunk; enumeration: work unit),
    each item writing only its own row, summed afterwards (showdown.py's columns).

    Parameters
    ----------
    tallies : numpy.ndarray
        int64, shape (n_items, n_players, N_TALLIES). Each item's tallies of player p
        (WIN, TIE, SHARE, SHARE_SQ and the split-pot halves), added to.
    no_low : numpy.ndarray
        int64, shape (n_items,). How many of the item's showdowns nobody's low qualified
        for (split pots; 0 otherwise), written.
    distribution : numpy.ndarray
        int64, shape (n_items, n_players, N_BINS). How often player p's final hand fell
        in each category (showdown.category_bin), added to when with_distribution.
    with_distribution : bool
        Whether to count the categories (--distribution).
    """

    tallies: np.ndarray
    no_low: np.ndarray
    distribution: np.ndarray
    with_distribution: bool


class Declarations(NamedTuple):
    """The declarations (docs/rules.md, "Declare") a split pot is settled by; the kernels
    compiled without declarations (NO_DECLARE) never read them.

    Parameters
    ----------
    declarations : numpy.ndarray
        int64, shape (n_rows, n_players). Each row: every player's DECLARE_HIGH,
        DECLARE_LOW or DECLARE_BOTH. DECLARE_ONE settles every showdown by row 0;
        DECLARE_MANY tallies decl_player's share under each row.
    decl_player : int
        The player (0-based) whose share DECLARE_MANY tallies.
    decl_tallies : numpy.ndarray
        int64, shape (n_items, n_rows, N_DECLARE_TALLIES). Per item and row, the player's
        share, its square, the whole pots and the parts won (DECLARE_MANY), added to.
    """

    declarations: np.ndarray
    decl_player: int
    decl_tallies: np.ndarray
