"""From the spots' results to a Chart: one row per class, or one cell per matchup."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Unpack

from ..cards import RANKS, parse_hand
from ..games import get_game
from ..starting.classes import (
    StartingClass,
    class_of,
    scheme_of,
    select,
)
from ..starting.door import door_classes, first_street_deals
from .categories import game_categories, game_category
from .chart_errors import ChartError
from .class_spots import RANDOM, ChartOptions, chart_spots, group_size, matchup_groups
from .runners import Runner, batch_runner

BY_DOOR_VS_CLASSES = ("a chart by door card is against random hands (--vs random); a matrix "
                      "of classes keeps one row per class")

PLAYER_FIELDS = ("equity", "win", "tie", "scoop", "high_win", "high_tie", "low_win", "low_tie")


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
               "combos": self.hero.combos, "dealt": self.hero.dealt}
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
class CategorySummary:
    """A group of the chart's classes: a category of the game (categories.py), or the
    whole selection. combos: their starting hands; dealt: the chance of being dealt one
    of them, combos / C(52, cards); equity: the mean over those hands (vs classes: over
    every deal of the matchup cells)."""

    name: str
    classes: int
    combos: int
    dealt: float
    equity: float | None = None
    equity_se: float | None = None

    def record(self) -> dict:
        return {"category": self.name, "classes": self.classes, "combos": self.combos,
                "dealt": self.dealt, "equity": self.equity, "equity_se": self.equity_se}


def _weighted_mean(weighted) -> tuple[float, float | None]:
    """(mean, standard error) of rows' equities weighted by the deals they stand for."""
    total = sum(w for _, w in weighted)
    mean = sum(w * r.equity for r, w in weighted) / total
    if all(r.equity_se is None for r, _ in weighted):
        return mean, None
    se = math.sqrt(sum((w * (r.equity_se or 0.0)) ** 2 for r, w in weighted)) / total
    return mean, se


@dataclass(frozen=True)
class Chart:
    """A chart's rows: vs random one per hero class (selection order), vs classes one per
    cell (hero-major, heroes and villains in selection order).

    by_door (vs random): records() gives each class once per rank of its door card
    (starting/door.py): ``(K K) 7`` (the pair buried) and ``(K 7) K`` (split), each with
    how often it is dealt and the class's equity, which the door card does not change.
    """

    game: str
    vs: str
    opponents: int
    heroes: tuple[StartingClass, ...]
    villains: tuple[StartingClass, ...]  # () vs random
    rows: tuple[ChartRow, ...]
    by_door: bool = False

    def __post_init__(self) -> None:
        if self.by_door and self.vs != "random":
            raise ChartError(BY_DOOR_VS_CLASSES)

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
        return _weighted_mean(self._row_weights())

    @property
    def starting_hands(self) -> int:
        """How many starting hands the game has: C(52, 3) = 22,100, or C(52, 2) = 1,326."""
        return scheme_of(self.game).hands

    @property
    def first_street_deals(self) -> int:
        """Starting hands with their door card told apart: 66,300, or 2,652 (door.py)."""
        return first_street_deals(scheme_of(self.game))

    def selection_summary(self) -> CategorySummary:
        """The hero classes as one group: how many, their hands, how often one is dealt
        (``rolled``: 52 hands, 1 in 425), and the overall equity."""
        combos = sum(c.combos for c in self.heroes)
        mean, se = self.overall
        return CategorySummary("selection", len(self.heroes), combos,
                               combos / self.starting_hands, mean, se)

    def category_summaries(self) -> list[CategorySummary]:
        """vs random: one summary per category of the game present in the chart, in the
        game's order (razz: rolled up, pair, 3-low ...), equity weighted by hands."""
        if self.vs != "random":
            raise ChartError("category summaries are for vs random charts")
        by_category: dict[str, list[ChartRow]] = {}
        for row in self.rows:
            by_category.setdefault(game_category(row.hero, self.game), []).append(row)
        out = []
        for name in game_categories(self.game):
            rows = by_category.get(name)
            if rows:
                combos = sum(r.hero.combos for r in rows)
                mean, se = _weighted_mean([(r, r.hero.combos) for r in rows])
                out.append(CategorySummary(name, len(rows), combos,
                                           combos / self.starting_hands, mean, se))
        return out

    def ranked(self) -> list[ChartRow]:
        """Rows with an equity, best first (ties: class order)."""
        rows = [(r.equity, r) for r in self.rows if r.equity is not None]
        return [r for _, r in sorted(rows, key=lambda row: -row[0])]

    def matrix(self) -> list[list[float | None]]:
        """vs classes: equity[hero][villain] in axis order, None for an empty cell."""
        if self.vs != "classes":
            raise ChartError("a matrix is for vs classes charts")
        cell = {(r.hero.index, r.villain.index): r.equity for r in self.rows
                if r.villain is not None}  # every row of a vs classes chart has one
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
            record = ({"rank": rank} if self.vs == "random" else {}) | record
            out.extend(_door_records(row.hero, record) if self.by_door else [record])
        return out

    def to_dict(self) -> dict:
        mean, se = self.overall
        summary = self.selection_summary()
        out = {"game": self.game, "vs": self.vs, "opponents": self.opponents,
               "classes": len(self.heroes),
               **({"by_door": True} if self.by_door else {}),
               "overall": {"equity": mean, "equity_se": se, "fair_share": self.fair_share,
                           "combos": summary.combos, "starting_hands": self.starting_hands,
                           "dealt": summary.dealt}}
        if self.vs == "random":
            out["categories"] = [c.record() for c in self.category_summaries()]
        out["rows"] = self.records()
        if self.vs == "classes":
            out["matrix"] = {"heroes": [c.label for c in self.heroes],
                             "villains": [c.label for c in self.villains],
                             "equity": self.matrix()}
        return out


def _door_records(hero: StartingClass, record: dict) -> list[dict]:
    """A class's record once per door class: its hand, pair kind and door rank first,
    then the class's fields, with the door class's representative, deals and dealt
    (deals out of first_street_deals)."""
    out = []
    for door in door_classes(hero):
        head = {"rank": record["rank"], "hand": door.label, "hand_code": door.code,
                "pair": door.pair_kind, "door": RANKS[door.door_rank]}
        for key, value in record.items():
            if key == "dealt":
                head["deals"], value = door.deals, door.dealt
            elif key == "representative":
                value = door.representative
            if key != "rank":
                head[key] = value
        out.append(head)
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
    game = spot["game"]
    if all(h == RANDOM for h in others):
        return class_of(hero_cards, game), None, len(others), 1
    if len(others) != 1:
        raise ChartError(f"spot {spot['id']!r}: a matchup spot is heads-up")
    villain_cards = _hand_cards(others[0])
    villain = class_of(villain_cards, game)
    return (class_of(hero_cards, game), villain, 1,
            group_size(hero_cards, villain_cards, villain))


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
    by_door: bool = False,
) -> Chart:
    """The chart from spots (chart_spots) and their results: a runner's (spot, result)
    pairs in any order, or {spot id: result}. Each result is an equity JSON object.

    heroes, villains: the axes, in order. By default the classes as they first appear in
    the spots; vs classes, when the spots cover a square chart (every cell run itself or
    its reverse, as chart_spots mirrors), all of them on both axes. A class whose every
    cell is empty has no spot: pass the axes to keep it (make_chart does). by_door: a
    chart against random hands by door card (Chart).
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
        return Chart(game, "random", opponents, hero_axis, (), rows, by_door)
    if by_door:
        raise ChartError(BY_DOOR_VS_CLASSES)
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
    by_door: bool = False,
    **options: Unpack[ChartOptions],
) -> Chart:
    """chart_spots, the runner (batch_runner() by default: this process), chart_table: the whole chart.

    options: as chart_spots (selection, villains, opponents, exact, trials, precision, seed).
    by_door: records by door card (Chart), vs random only.
    """
    if by_door and vs != "random":
        raise ChartError(BY_DOOR_VS_CLASSES)
    spots = chart_spots(game, vs, **options)
    heroes = select(options.get("selection", "all"), game)
    chosen = options.get("villains")
    villains = select(chosen, game) if chosen is not None else heroes
    results = (runner or batch_runner())(spots)
    return chart_table(spots, results, heroes=heroes,
                       villains=villains if vs == "classes" else None, by_door=by_door)
