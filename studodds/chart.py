"""Starting-hand charts: every third-street class against a random hand, or classes
against classes, for the seven-card games (stud7, stud7hl8, razz, stud7hl, razz27, razz6).

The work is split so that running the equities is someone else's job:

    chart_spots(game, vs, ...)   -> spots: dicts in the batch format (one equity question each)
    runner(spots)                -> (spot, result) pairs; result as `studodds equity --format
                                    json` prints it. run_spots is the plain one-by-one runner
    chart_table(spots, results)  -> Chart: one row per class (or per matchup cell)
    write_csv / write_json / write_png(chart, path)

**vs random.** One spot per class: the class's representative (classes.py) against
``opponents`` hands whose every card is unseen (the hand text ``"random"``). A class's
row is that spot's result; the class weighs ``combos`` hands. Over all 1,755 classes the
combination-weighted mean equity is a random hand's fair share, 1 / (opponents + 1): the
`Chart.overall` check.

**vs classes.** For hero class A and villain class B, A's representative H is fixed (by
suit symmetry every hand of A is H under some relabelling of suits, and relabelling both
hands changes no equity). The villain's holdings are every hand of B sharing no card with
H. Two of them related by a relabelling of suits that maps H onto itself (its stabilizer:
e.g. swapping the suits of a pair's two cards) have the same equity against H, so each
such group is one spot, weighted by its size. A cell is the weighted mean over the
spots, which is also the mean over every pair of disjoint hands (a in A, b in B); so
cell(A, B) + cell(B, A) = 1 exactly in a heads-up pot, and over a selection used on both
axes the overall mean is 0.5. That also halves the work: by default only one of A-B and
B-A is run and the other is read from the villain's side of the same spots ("mirror").
A cell with no disjoint holdings ((A A) A against (A A) K) is empty.

**Ids and seeds.** ``stud7:AKQ-AKs:vs:random``, ``stud7:AAK:vs:QQJ-QJs:QsQhJs`` (hero
code, villain code, the villain's cards); each seed is a stable hash of the id (and the
chart's seed), so a rerun gives the same numbers whatever runs the spots, in any order.

**Methods and costs** (measured on this project's 2-core machine, busy with other work).
vs random: Monte Carlo to a standard error of 0.0005 (about a million trials, 0.02-0.05
s a spot), so all 1,755 classes take one to one and a half minutes per game. vs classes:
exact, since a heads-up third-street spot of known cards is counted, not sampled
(headsup.py; split pots headsup_split.py): 0.15-0.2 s a spot in stud7 and razz, about
0.5 s in stud7hl8. Spots (mirrored): "rolled" 156 (half a minute), "pairs" 287,586
(16 hours in stud7, two days in stud7hl8), "all" about 9 million: a cluster job.
"""

from __future__ import annotations

import csv
import hashlib
import json
import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from . import headsup
from .cards import card_str, parse_hand
from .classes import (
    CATEGORIES,
    SUIT_PERMUTATIONS,
    StartingClass,
    class_of,
    hands_of,
    permute_suits,
    presentation_order,
    select,
    stud_text,
)
from .equity import OptionError, check_method
from .games import get_game
from .scenario import build_scenario

__all__ = [
    "DEFAULT_RANDOM_PRECISION",
    "RANDOM",
    "VS_CHOICES",
    "Chart",
    "ChartError",
    "ChartRow",
    "chart_spots",
    "chart_table",
    "make_chart",
    "matchup_groups",
    "run_spots",
    "spot_seed",
    "write_csv",
    "write_json",
    "write_png",
]

RANDOM = "random"  # the hand text of a player whose every card is unseen
VS_CHOICES = ("random", "classes")
# Every equity's standard error vs random (95% interval about +-0.1%): neighbouring
# classes in the ranking often differ by a few tenths of a percent, and at ~1 million
# trials a spot costs only a few hundredths of a second.
DEFAULT_RANDOM_PRECISION = 0.0005
PLAYER_FIELDS = ("equity", "win", "tie", "scoop", "high_win", "high_tie", "low_win", "low_tie")
NOTEBOOKS_HINT = 'pip install "studodds[notebooks]"'
Runner = Callable[[Sequence[dict]], Iterable[tuple[dict, dict]]]


class ChartError(ValueError):
    """A chart that cannot be built as asked: the message says what to change."""


# ---------------------------------------------------------------------------- spots


def spot_seed(spot_id: str, seed: int = 0) -> int:
    """A seed for a spot: a stable 63-bit hash of the chart seed and the id (Python's
    hash() changes from run to run, so it would not reproduce).

    >>> spot_seed("stud7:AAA:vs:random") == spot_seed("stud7:AAA:vs:random")
    True
    >>> spot_seed("stud7:AAA:vs:random") != spot_seed("stud7:AAA:vs:random", seed=1)
    True
    """
    digest = hashlib.sha256(f"{seed}:{spot_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


# Three cards on the first street: every seven-card game.
CHART_GAMES = ("stud7", "stud7hl8", "razz", "stud7hl", "razz27", "razz6")
_LOW_RANK_NAMES = "A23456789TJQK"  # ace low
LOW_CATEGORIES = ("rolled up", "pair") + tuple(f"{r}-low" for r in _LOW_RANK_NAMES[2:])
# Deuce-to-seven: the ace is only high, so a start with an ace is "ace high".
LOW_27_CATEGORIES = (("rolled up", "pair") + tuple(f"{r}-low" for r in "456789TJQK")
                     + ("ace high",))


def game_categories(game: str) -> tuple[str, ...]:
    found = get_game(game)
    if found.high_kind:
        return CATEGORIES
    return LOW_27_CATEGORIES if found.low_kind == "low_27" else LOW_CATEGORIES


def game_category(hero: StartingClass, game: str) -> str:
    """The class's category as a player of the game sees it: in the low games (razz,
    razz6, razz27) three different ranks are named by the highest, ace low (``(A 3) 2``
    is a 3-low start, ``(K Q) J`` a K-low one), not by flush and straight draws; in
    deuce-to-seven the ace is high, so ``(A 3) 2`` is an ace-high start."""
    found = get_game(game)
    if found.high_kind or hero.category in ("rolled up", "pair"):
        return hero.category
    if found.low_kind == "low_27":
        top = max(hero.ranks)  # rank index, 12 = ace
        return "ace high" if top == 12 else f"{'23456789TJQK'[top]}-low"
    top = max(0 if r == 12 else r + 1 for r in hero.ranks)  # index into A23456789TJQK
    return f"{_LOW_RANK_NAMES[top]}-low"


def _chart_game(game: str) -> str:
    """The game id, checked to deal three cards on its first street."""
    found = get_game(game)
    first = found.streets[0]
    if first.down + first.up != 3:
        raise ChartError(
            f"starting-hand charts are for the seven-card games ({', '.join(CHART_GAMES)}), "
            f"whose first street deals three cards; {found.id} deals {first.down + first.up}"
        )
    return found.id


def _method(vs: str, exact: bool | None, trials: int | None, precision: float | None) -> dict:
    """The spot's method keys: one of exact / trials / precision, the default by vs."""
    if sum(x is not None and x is not False for x in (exact, trials, precision)) > 1:
        raise ChartError("choose one method: exact, trials or precision")
    try:
        check_method(exact, trials, precision, None)  # before any spot is written
    except OptionError as error:
        raise ChartError(str(error)) from None
    if exact:
        return {"exact": True}
    if trials is not None:
        return {"trials": int(trials)}
    if precision is not None:
        return {"precision": float(precision)}
    if vs == "classes" and exact is None:
        return {"exact": True}
    return {"precision": DEFAULT_RANDOM_PRECISION}


def _spot(spot_id: str, game: str, hands: list[str], method: dict, seed: int) -> dict:
    return {"id": spot_id, "game": game, "hands": hands, "dead": "", **method,
            "seed": spot_seed(spot_id, seed)}


def _stabilizer(cards: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The suit relabellings that map these cards onto themselves (as a set)."""
    held = set(cards)
    return tuple(p for p in SUIT_PERMUTATIONS if set(permute_suits(cards, p)) == held)


def matchup_groups(
    hero_cards: Sequence[int], villain: StartingClass
) -> list[tuple[tuple[int, ...], int]]:
    """The villain's holdings of a class against fixed hero cards, one per group of equal
    equity: (cards in presentation order, how many holdings the group stands for).

    The weights add up to the number of the class's hands disjoint from the hero's.

    >>> from studodds.classes import class_by_label
    >>> [(stud_text(v), n) for v, n in matchup_groups((51, 50, 49),
    ...                                               class_by_label("(K K) K"))]
    [('(Ks Kh) Kd', 1), ('(Ks Kh) Kc', 3)]
    """
    stabilizer = _stabilizer(hero_cards)
    held = set(hero_cards)
    sizes: dict[tuple[int, ...], int] = {}
    for hand in hands_of(villain):
        if held.isdisjoint(hand):
            # The group's name: its highest member, as presentation orders compare.
            name = max(presentation_order(permute_suits(hand, p)) for p in stabilizer)
            sizes[name] = sizes.get(name, 0) + 1
    return sorted(sizes.items(), reverse=True)


def _cards_code(cards: Iterable[int]) -> str:
    return "".join(card_str(c) for c in cards)


def chart_spots(
    game: str,
    vs: str = "random",
    *,
    selection: str | Iterable[str] = "all",
    villains: str | Iterable[str] | None = None,
    opponents: int = 1,
    exact: bool | None = None,
    trials: int | None = None,
    precision: float | None = None,
    seed: int = 0,
    mirror: bool = True,
) -> list[dict]:
    """The equity questions of a chart, as batch spots (``{"id", "game", "hands", "dead",
    "exact" | "trials" | "precision", "seed"}``).

    selection: the hero classes, a name from classes.SELECTIONS ("rolled", "pairs",
    "flush3", "straight3", "low3", "all") or a list of labels or codes; vs classes, also the
    villain classes unless ``villains`` says otherwise. opponents: how many random hands
    (vs random only). Method: one of exact / trials / precision; by default Monte Carlo to
    a standard error of 0.0005 vs random, exact vs classes. seed: changes every spot's seed.
    mirror (vs classes): when both A against B and B against A are in the chart, run only
    the first; chart_table reads the second from the villain's side of the same spots
    (what one player does not win the other does, so it is the same answer, for half the
    work). mirror=False runs both, as a check.

    >>> spots = chart_spots("razz", selection=["(A 3) 2 A32s"])
    >>> spots[0]["id"], spots[0]["hands"], spots[0]["precision"]
    ('razz:A32-A32s:vs:random', ['(As 3s) 2s', 'random'], 0.0005)
    >>> [s["id"] for s in chart_spots("stud7", "classes", selection=["AAA", "KKK"])]
    ['stud7:AAA:vs:KKK:KsKhKd', 'stud7:AAA:vs:KKK:KsKhKc']
    """
    game = _chart_game(game)
    if vs not in VS_CHOICES:
        raise ChartError(f"vs must be one of {', '.join(VS_CHOICES)}, got {vs!r}")
    heroes = select(selection)
    method = _method(vs, exact, trials, precision)
    if vs == "random":
        if villains is not None:
            raise ChartError("villains are for vs classes; vs random has random opponents")
        return _random_spots(game, heroes, opponents, method, seed)
    if opponents != 1:
        raise ChartError("a matchup chart (vs classes) is heads-up: opponents must be 1")
    villain_classes = heroes if villains is None else select(villains)
    return _matchup_spots(game, heroes, villain_classes, method, seed, mirror)


def _random_spots(game, heroes, opponents: int, method: dict, seed: int) -> list[dict]:
    if not isinstance(opponents, int) or not 1 <= opponents <= get_game(game).max_players - 1:
        raise ChartError(
            f"opponents must be 1 to {get_game(game).max_players - 1}, got {opponents!r}"
        )
    if method.get("exact") and opponents > 1:
        raise ChartError(
            "exact against several random hands is out of reach (only heads-up is counted "
            "exactly): use precision or trials"
        )
    against = RANDOM if opponents == 1 else f"{opponents}-{RANDOM}"
    return [
        _spot(f"{game}:{hero.code}:vs:{against}", game,
              [hero.representative] + [RANDOM] * opponents, method, seed)
        for hero in heroes
    ]


def exact_vs_random_notice(game: str, opponents: int, n_spots: int) -> str:
    """How long an exact chart against a random hand will take: counting a starting hand
    against all C(49, 7) random hands is minutes, not milliseconds."""
    hero = select("all")[0].representative
    scenario = build_scenario(game, [hero] + [RANDOM] * opponents)
    n = len(scenario.pool)
    searches = headsup.cost(n, *sorted(scenario.to_deal), split=scenario.game.split)
    seconds = headsup.estimated_seconds(searches)
    return (f"exact against a random hand: about {seconds:.0f} s a class on 2 cores, "
            f"{seconds * n_spots / 3600:.1f} hours for {n_spots} classes (a run can be "
            "stopped and resumed; --dask/--scheduler spread it)")


def _matchup_spots(game, heroes, villain_classes, method: dict, seed: int,
                   mirror: bool) -> list[dict]:
    spots = []
    hero_set, villain_set = set(heroes), set(villain_classes)
    for hero in heroes:
        for villain in villain_classes:
            if mirror and villain.index < hero.index and villain in hero_set and \
                    hero in villain_set:
                continue  # the cell villain-against-hero is run, and read backwards
            for cards, _ in matchup_groups(hero.cards, villain):
                spot_id = f"{game}:{hero.code}:vs:{villain.code}:{_cards_code(cards)}"
                spots.append(_spot(spot_id, game, [hero.representative, stud_text(cards)],
                                   method, seed))
    return spots


# --------------------------------------------------------------------------- runner


def run_spots(spots: Iterable[dict], *, threads: int | None = None) -> Iterator[tuple[dict, dict]]:
    """The plain runner: each spot through studodds.equity, one after another.

    Yields (spot, result) with result the object `studodds equity --format json` prints,
    made by the CLI's own report code. The batch runner can stand in for it.
    """
    from . import report
    from .equity import equity  # the numba engine, only when spots are actually run

    for spot in spots:
        result = equity(
            spot["game"], spot["hands"], dead=spot.get("dead", ""), exact=spot.get("exact"),
            trials=spot.get("trials"), precision=spot.get("precision"),
            seed=spot.get("seed"), threads=threads,
        )
        yield spot, json.loads(report.equity_report(result, "json"))


def batch_runner(executor=None, *, chunk_size: int | None = None) -> Runner:
    """A runner through studodds.batch: a Dask cluster (batch.DaskExecutor) or the local
    executor. A spot that fails stops the chart with its error.

    >>> from studodds.batch import DaskExecutor  # doctest: +SKIP
    >>> with DaskExecutor(workers=2) as cluster:  # doctest: +SKIP
    ...     chart = make_chart("stud7", "classes", selection="rolled",
    ...                        runner=batch_runner(cluster))
    """
    from .batch import iter_results

    def run(spots: Sequence[dict]) -> Iterator[tuple[dict, dict]]:
        by_id = {spot["id"]: spot for spot in spots}
        for result in iter_results(spots, executor=executor, chunk_size=chunk_size):
            if not result.ok:
                raise ChartError(f"spot {result.id!r}: {result.error}")
            yield by_id[result.id], result.result

    return run


# ---------------------------------------------------------------------------- table


@dataclass(frozen=True)
class ChartRow:
    """One class against random hands, or one matchup cell (hero class vs villain class).

    weight: vs random the hero class's hands; vs classes the villain's holdings disjoint
    from the hero's representative (0: an empty cell, every figure None). The figures are
    the hero's, weighted means over the row's spots; equity_se is None when all are exact.
    mirrored: read from the spots of the reverse cell, as the villain's figures.
    """

    hero: StartingClass
    villain: StartingClass | None
    weight: int
    spots: int
    method: str | None
    equity: float | None
    equity_se: float | None = None
    win: float | None = None
    tie: float | None = None
    scoop: float | None = None
    high_win: float | None = None
    high_tie: float | None = None
    low_win: float | None = None
    low_tie: float | None = None
    no_low: float | None = None  # split games: nobody has a qualifying low
    mirrored: bool = False

    def record(self) -> dict:
        """A flat record for CSV and JSON (None for what does not apply)."""
        out = {"hero": self.hero.label, "hero_code": self.hero.code,
               "representative": self.hero.representative, "category": self.hero.category,
               "combos": self.hero.combos}
        if self.villain is not None:
            out |= {"villain": self.villain.label, "villain_code": self.villain.code,
                    "villain_combos": self.weight}
        out["spots"] = self.spots
        out["method"] = self.method
        if self.villain is not None:
            out["mirrored"] = self.mirrored
        for name in ("equity", "equity_se", *PLAYER_FIELDS[1:], "no_low"):
            out[name] = getattr(self, name)
        return out


@dataclass(frozen=True)
class Chart:
    """A chart's rows: vs random one per hero class (selection order), vs classes one per
    cell (hero-major, heroes and villains in selection order)."""

    game: str
    vs: str
    opponents: int
    heroes: tuple[StartingClass, ...]
    villains: tuple[StartingClass, ...]  # () vs random
    rows: tuple[ChartRow, ...]

    @property
    def split(self) -> bool:
        return get_game(self.game).split

    @property
    def fair_share(self) -> float:
        """What an average hand gets: 1 / players."""
        return 1.0 / (self.opponents + 1)

    def _row_weights(self) -> list[tuple[ChartRow, int]]:
        """Each row with the number of concrete deals of cards it stands for."""
        if self.vs == "random":
            return [(r, r.hero.combos) for r in self.rows]
        return [(r, r.hero.combos * r.weight) for r in self.rows if r.weight]

    @property
    def overall(self) -> tuple[float, float | None]:
        """(equity, standard error): the mean over every hand the rows stand for.

        The fair share for vs random over all classes, and 0.5 for a matchup chart with
        the same classes on both axes: a check of the symmetry and the weights.
        """
        weighted = self._row_weights()
        total = sum(w for _, w in weighted)
        mean = sum(w * r.equity for r, w in weighted) / total
        if all(r.equity_se is None for r, _ in weighted):
            return mean, None
        se = math.sqrt(sum((w * (r.equity_se or 0.0)) ** 2 for r, w in weighted)) / total
        return mean, se

    def ranked(self) -> list[ChartRow]:
        """Rows with an equity, best first (ties: class order)."""
        rows = [r for r in self.rows if r.equity is not None]
        return sorted(rows, key=lambda r: -r.equity)

    def matrix(self) -> list[list[float | None]]:
        """vs classes: equity[hero][villain] in axis order, None for an empty cell."""
        if self.vs != "classes":
            raise ChartError("a matrix is for vs classes charts")
        cell = {(r.hero.index, r.villain.index): r.equity for r in self.rows}
        return [[cell[h.index, v.index] for v in self.villains] for h in self.heroes]

    def records(self) -> list[dict]:
        """Flat rows for CSV and JSON: vs random ranked best first with a rank, vs classes
        in cell order. Split-pot columns only for split games."""
        if self.vs == "random":
            rows = self.ranked()
        else:
            rows = list(self.rows)
        out = []
        for rank, row in enumerate(rows, start=1):
            record = row.record()
            record["category"] = game_category(row.hero, self.game)
            if not self.split:
                for name in ("scoop", "high_win", "high_tie", "low_win", "low_tie", "no_low"):
                    del record[name]
            out.append(({"rank": rank} if self.vs == "random" else {}) | record)
        return out

    def to_dict(self) -> dict:
        mean, se = self.overall
        out = {"game": self.game, "vs": self.vs, "opponents": self.opponents,
               "classes": len(self.heroes),
               "overall": {"equity": mean, "equity_se": se, "fair_share": self.fair_share},
               "rows": self.records()}
        if self.vs == "classes":
            out["matrix"] = {"heroes": [c.label for c in self.heroes],
                             "villains": [c.label for c in self.villains],
                             "equity": self.matrix()}
        return out


def _results_by_id(results) -> dict[str, dict]:
    if isinstance(results, Mapping):
        return dict(results)
    return {spot["id"]: result for spot, result in results}


def _hand_cards(text: str) -> tuple[int, ...]:
    return parse_hand(text).known_cards


def _spot_key(spot: dict) -> tuple[StartingClass, StartingClass | None, int, int]:
    """What a spot stands for, read back from its hands: (hero class, villain class or
    None, opponents, weight within its cell)."""
    hero_cards = _hand_cards(spot["hands"][0])
    others = spot["hands"][1:]
    if all(h == RANDOM for h in others):
        return class_of(hero_cards), None, len(others), 1
    if len(others) != 1:
        raise ChartError(f"spot {spot['id']!r}: a matchup spot is heads-up")
    villain_cards = _hand_cards(others[0])
    group = {frozenset(permute_suits(villain_cards, p)) for p in _stabilizer(hero_cards)}
    return class_of(hero_cards), class_of(villain_cards), 1, len(group)


def _method_of(results: list[dict]) -> str:
    methods = {r["method"] for r in results}
    return methods.pop() if len(methods) == 1 else "mixed"


def _weighted_row(hero, villain, parts: list[tuple[int, dict]], weight: int,
                  mirrored: bool = False) -> ChartRow:
    """A row from its spots' (weight, result) pairs: weighted means of the hero's figures,
    and the standard error of that mean from the spots' (independent) errors.

    mirrored: the spots are the reverse cell's, whose player 2 is this row's hero.
    """
    total = sum(w for w, _ in parts)
    heroes = [(w, result["players"][1 if mirrored else 0]) for w, result in parts]
    figures = {}
    for name in PLAYER_FIELDS:
        if all(p.get(name) is not None for _, p in heroes):
            figures[name] = sum(w * p[name] for w, p in heroes) / total
    if all(result.get("no_low") is not None for _, result in parts):  # the table's, split
        figures["no_low"] = sum(w * result["no_low"] for w, result in parts) / total
    if any(p.get("equity_se") is not None for _, p in heroes):
        figures["equity_se"] = math.sqrt(
            sum((w * (p.get("equity_se") or 0.0)) ** 2 for w, p in heroes)) / total
    return ChartRow(hero=hero, villain=villain, weight=weight, spots=len(parts),
                    method=_method_of([r for _, r in parts]), mirrored=mirrored, **figures)


def chart_table(
    spots: Sequence[dict],
    results: Iterable[tuple[dict, dict]] | Mapping[str, dict],
    *,
    heroes: Sequence[StartingClass] | None = None,
    villains: Sequence[StartingClass] | None = None,
) -> Chart:
    """The chart from spots (chart_spots) and their results: a runner's (spot, result)
    pairs in any order, or {spot id: result}. Each result is an equity JSON object.

    heroes, villains: the axes, in order. By default the classes as they first appear in
    the spots; vs classes, when the spots cover a square chart (every cell run itself or
    its reverse, as chart_spots mirrors), all of them on both axes. A class whose every
    cell is empty has no spot: pass the axes to keep it (make_chart does).
    """
    if not spots:
        raise ChartError("no spots: nothing to chart")
    by_id = _checked_results(spots, results)
    games = {s["game"] for s in spots}
    if len(games) != 1:
        raise ChartError(f"the spots mix games: {', '.join(sorted(games))}")
    game = games.pop()
    cells, opponents = _cells(spots, by_id)
    if None in {villain for _, villain in cells}:
        hero_axis = tuple(heroes) if heroes is not None else tuple(dict.fromkeys(
            h for h, _ in cells))
        rows = tuple(_random_row(h, cells.get((h, None))) for h in hero_axis)
        return Chart(game, "random", opponents, hero_axis, (), rows)
    hero_axis, villain_axis = _matchup_axes(cells, heroes, villains)
    rows = tuple(_matchup_row(h, v, cells.get((h, v)), cells.get((v, h)))
                 for h in hero_axis for v in villain_axis)
    return Chart(game, "classes", 1, hero_axis, villain_axis, rows)


def _checked_results(spots, results) -> dict[str, dict]:
    """{spot id: result}, every spot present and none failed."""
    by_id = _results_by_id(results)
    missing = [s["id"] for s in spots if s["id"] not in by_id]
    if missing:
        raise ChartError(f"{len(missing)} spot(s) have no result, e.g. {missing[0]!r}")
    failed = [s["id"] for s in spots if "error" in by_id[s["id"]]]
    if failed:
        raise ChartError(f"{len(failed)} spot(s) failed, e.g. {failed[0]!r}: "
                         f"{by_id[failed[0]]['error']}")
    return by_id


def _cells(spots, by_id) -> tuple[dict[tuple, list[tuple[int, dict]]], int]:
    """{(hero class, villain class or None): [(weight, result)]}, and the opponents."""
    cells: dict[tuple, list[tuple[int, dict]]] = {}
    opponents = set()
    for spot in spots:
        hero, villain, n_opponents, weight = _spot_key(spot)
        opponents.add(n_opponents)
        cells.setdefault((hero, villain), []).append((weight, by_id[spot["id"]]))
    if len(opponents) != 1 or len({villain is None for _, villain in cells}) != 1:
        raise ChartError("the spots mix charts: vs random and vs classes, or different "
                         "numbers of opponents")
    return cells, opponents.pop()


def _matchup_axes(cells, heroes, villains) -> tuple[tuple, tuple]:
    """The axes given, or the square chart of every class seen if the cells cover it,
    or else the heroes and the villains seen."""
    if heroes is not None and villains is not None:
        return tuple(heroes), tuple(villains)
    seen_heroes = tuple(dict.fromkeys(h for h, _ in cells))
    seen_villains = tuple(dict.fromkeys(v for _, v in cells))
    if heroes is None and villains is None:
        square = tuple(dict.fromkeys(c for cell in cells for c in cell))
        if all((a, b) in cells or (b, a) in cells or not matchup_groups(a.cards, b)
               for a in square for b in square):
            return square, square
    return (tuple(heroes) if heroes is not None else seen_heroes,
            tuple(villains) if villains is not None else seen_villains)


def _random_row(hero, parts) -> ChartRow:
    if parts is None:
        raise ChartError(f"no spot for {hero.label}")
    if len(parts) != 1:
        raise ChartError(f"{len(parts)} spots for {hero.label} against random hands, not one")
    return _weighted_row(hero, None, parts, hero.combos)


def _matchup_row(hero, villain, parts, reverse_parts) -> ChartRow:
    """A cell from its own spots, or else from the reverse cell's (the villain's side)."""
    holdings = sum(n for _, n in matchup_groups(hero.cards, villain))
    if not holdings:
        return ChartRow(hero=hero, villain=villain, weight=0, spots=0, method=None,
                        equity=None)
    mirrored = parts is None and hero != villain
    if mirrored:
        parts = reverse_parts
        if parts is None:
            raise ChartError(f"no spot for {hero.label} against {villain.label} "
                             "(nor for the reverse)")
        hero_holdings = sum(n for _, n in matchup_groups(villain.cards, hero))
        _check_cell_weights(villain, hero, parts, hero_holdings)
    else:
        if parts is None:
            raise ChartError(f"no spot for {hero.label} against {villain.label}")
        _check_cell_weights(hero, villain, parts, holdings)
    return _weighted_row(hero, villain, parts, holdings, mirrored)


def _check_cell_weights(hero, villain, parts, holdings: int) -> None:
    if sum(w for w, _ in parts) != holdings:
        raise ChartError(f"the spots for {hero.label} against {villain.label} stand for "
                         f"{sum(w for w, _ in parts)} holdings, not {holdings}: "
                         "missing or repeated spots")


def make_chart(
    game: str,
    vs: str = "random",
    *,
    runner: Runner | None = None,
    **options,
) -> Chart:
    """chart_spots, the runner (run_spots by default), chart_table: the whole chart.

    options: as chart_spots (selection, villains, opponents, exact, trials, precision, seed).
    """
    spots = chart_spots(game, vs, **options)
    heroes = select(options.get("selection", "all"))
    villains = select(options["villains"]) if options.get("villains") is not None else heroes
    results = (runner or run_spots)(spots)
    return chart_table(spots, results, heroes=heroes,
                       villains=villains if vs == "classes" else None)


# --------------------------------------------------------------------------- writers


def write_csv(chart: Chart, path: str | Path) -> None:
    """One row per class (vs random, ranked best first) or per cell (vs classes);
    fractions in [0, 1], empty where a figure does not apply."""
    records = chart.records()
    with open(path, "w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=list(records[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(records)


def write_json(chart: Chart, path: str | Path) -> None:
    """The chart as one JSON object: game, vs, opponents, classes, overall, rows and
    (vs classes) the matrix, heroes by rows, villains by columns, null for empty cells."""
    Path(path).write_text(json.dumps(chart.to_dict(), indent=2) + "\n", encoding="utf-8")


def _figure_tools():
    """matplotlib's Figure and Agg canvas, imported only when a PNG is asked for.

    Figure + FigureCanvasAgg rather than pyplot: no global backend switch in the
    caller's process (a notebook keeps its own), and nothing left open afterwards.
    """
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError as error:
        raise ChartError(
            f"a PNG chart needs matplotlib: {NOTEBOOKS_HINT}, or ask for CSV and JSON only "
            "(--no-png)"
        ) from error
    return Figure, FigureCanvasAgg


def check_png_tools() -> None:
    """Raise ChartError now if a PNG could not be drawn later (no matplotlib)."""
    _figure_tools()


def write_png(chart: Chart, path: str | Path, *, top: int | None = 25) -> None:
    """vs random: a ranked horizontal bar chart, the best ``top`` classes and the worst
    ``top`` (all of them, in a tall figure, with top=None or when they fit); vs classes: a
    heat map of the hero's equity, heroes by rows."""
    Figure, FigureCanvasAgg = _figure_tools()
    if chart.vs == "random":
        figure = _bar_chart(Figure, chart, top)
    else:
        figure = _heat_map(Figure, chart)
    FigureCanvasAgg(figure).print_png(str(path))


def _title(chart: Chart) -> str:
    if chart.vs == "random":
        against = "a random hand" if chart.opponents == 1 else f"{chart.opponents} random hands"
        return f"{chart.game}: third-street classes against {against} (equity)"
    return f"{chart.game}: hero class (rows) against villain class (columns)\nhero's equity"


def _bar_chart(Figure, chart: Chart, top: int | None):
    ranked = chart.ranked()
    if top is not None and 2 * top < len(ranked):
        shown: list[ChartRow | None] = ranked[:top] + [None] + ranked[-top:]
    else:
        shown = list(ranked)
    figure = Figure(figsize=(8, 1.2 + 0.17 * len(shown)))
    axes = figure.add_subplot()
    from matplotlib import colormaps

    categories = game_categories(chart.game)
    palette = colormaps["tab20"] if len(categories) > 10 else colormaps["tab10"]
    colours = {c: palette(i) for i, c in enumerate(categories)}
    y = range(len(shown))
    bars = [r for r in shown if r is not None]
    positions = [i for i, r in zip(y, shown, strict=True) if r is not None]
    axes.barh(positions, [r.equity for r in bars],
              xerr=[1.96 * (r.equity_se or 0.0) for r in bars],
              color=[colours[game_category(r.hero, chart.game)] for r in bars], height=0.8)
    labels = ["..." if r is None else f"{ranked.index(r) + 1}. {r.hero.label}" for r in shown]
    axes.set_yticks(list(y), labels, fontsize=7)
    axes.invert_yaxis()
    axes.axvline(chart.fair_share, color="black", lw=0.8, ls="--")
    axes.set_xlim(0, min(1.0, max(r.equity for r in bars) * 1.05 + 0.02))
    axes.set_xlabel(f"equity (dashed: fair share {chart.fair_share:.1%}; bars: 95% interval)")
    axes.set_title(_title(chart), fontsize=9)
    from matplotlib.patches import Patch

    seen = {game_category(r.hero, chart.game) for r in bars}
    handles = [Patch(color=colours[c], label=c) for c in categories if c in seen]
    # outside the bars: beside the axes, where it covers no class
    axes.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=7)
    figure.tight_layout()
    return figure


def _heat_map(Figure, chart: Chart):
    import numpy as np  # a dependency of studodds; here only to mask empty cells

    values = np.array([[np.nan if v is None else v for v in row] for row in chart.matrix()])
    n_rows, n_cols = values.shape
    # cells about 0.45 in square, room for labels, the colour bar and the title
    width = min(max(6.0, 0.45 * n_cols + 4.0), 60.0)
    height = min(max(4.0, 0.45 * n_rows + 2.5), 60.0)
    figure = Figure(figsize=(width, height))
    axes = figure.add_subplot()
    from matplotlib import colormaps

    colours = colormaps["RdBu"].with_extremes(bad="lightgrey")  # grey: an empty cell
    image = axes.imshow(np.ma.masked_invalid(values), cmap=colours, vmin=0.0, vmax=1.0)
    font = 7 if max(n_rows, n_cols) <= 40 else 4
    axes.set_xticks(range(n_cols), [c.label for c in chart.villains], rotation=90,
                    fontsize=font)
    axes.set_yticks(range(n_rows), [c.label for c in chart.heroes], fontsize=font)
    axes.set_xlabel("villain class")
    axes.set_ylabel("hero class")
    if max(n_rows, n_cols) <= 30:  # numbers stay readable only on small grids
        for i in range(n_rows):
            for j in range(n_cols):
                if not np.isnan(values[i, j]):
                    axes.text(j, i, f"{100 * values[i, j]:.0f}", ha="center", va="center",
                              fontsize=6)
    figure.colorbar(image, ax=axes, shrink=0.8, label="hero's equity")
    axes.set_title(_title(chart), fontsize=9)
    figure.tight_layout()
    return figure


# ------------------------------------------------------------------- a chart's batch files


def write_spot_file(spots: Sequence[dict], path: str | Path) -> None:
    """The chart's spots as a batch input file. A file already there must hold the same
    spots: its results file may hold finished spots of this chart, which a rerun resumes;
    a different chart under the same name would mix stale results in."""
    text = "".join(json.dumps(spot) + "\n" for spot in spots)
    path = Path(path)
    if path.exists():
        if path.read_text(encoding="utf-8") != text:
            raise ChartError(
                f"{path} holds the spots of a different chart (other game, classes, method or seed): "
                "choose another -o prefix, or delete it and its results file to start over"
            )
        return
    path.write_text(text, encoding="utf-8")

