"""A chart as equity questions: one spot per class (vs random) or per group of villain
holdings (vs classes), in the batch format, each with a stable id and seed."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path

import numba

from ..batch.spot_lines import seed_from_id
from ..cards import RANDOM_HAND, card_str
from ..engine import timing
from ..games import get_game
from ..messages import OptionError
from ..method import check_method
from ..scenario import build_scenario
from ..starting.classes import (
    SUIT_PERMUTATIONS,
    StartingClass,
    hands_of,
    permute_suits,
    presentation_order,
    select,
    stud_text,
)
from .categories import chart_game
from .chart_errors import ChartError

RANDOM = RANDOM_HAND  # the hand text of a player whose every card is unseen

VS_CHOICES = ("random", "classes")

# Every equity's standard error vs random (95% interval about +-0.1%): neighbouring
# classes in the ranking often differ by a few tenths of a percent, and at ~1 million
# trials a spot costs only a few hundredths of a second.
DEFAULT_RANDOM_PRECISION = 0.0005


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
            "seed": seed_from_id(f"{seed}:{spot_id}")}


def suit_stabilizer(cards: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The suit relabellings that map these cards onto themselves (as a set)."""
    held = set(cards)
    return tuple(p for p in SUIT_PERMUTATIONS if set(permute_suits(cards, p)) == held)


def group_size(hero_cards: Sequence[int], villain_cards: Sequence[int],
               villain: StartingClass) -> int:
    """How many of the villain class's holdings the spot of these villain cards stands
    for (the size of its group in matchup_groups)."""
    if villain.shape is None:  # suits do not count: one group, every disjoint holding
        return sum(n for _, n in matchup_groups(hero_cards, villain))
    return len({frozenset(permute_suits(villain_cards, p))
                for p in suit_stabilizer(hero_cards)})


def matchup_groups(
    hero_cards: Sequence[int], villain: StartingClass
) -> list[tuple[tuple[int, ...], int]]:
    """The villain's holdings of a class against fixed hero cards, one per group of equal
    equity: (cards in presentation order, how many holdings the group stands for).

    The weights add up to the number of the class's hands disjoint from the hero's.
    Where no hand value depends on suits (razz, stud5low) they are one group:
    relabelling the suits of each rank on its own, card by card, keeps the hero's cards
    and every rank, so it takes any disjoint holding of the class to any other with the
    same outcome in every deal.

    >>> from studodds.starting.classes import class_by_label
    >>> [(stud_text(v), n) for v, n in matchup_groups((51, 50, 49),
    ...                                               class_by_label("(K K) K"))]
    [('(Ks Kh) Kd', 1), ('(Ks Kh) Kc', 3)]
    >>> [(stud_text(v), n) for v, n in matchup_groups((51, 42, 37),   # As Qh Jd
    ...                                               class_by_label("(K K) 2", "razz"))]
    [('(Ks Kh) 2s', 24)]
    """
    held = set(hero_cards)
    if villain.shape is None:
        holdings = [hand for hand in hands_of(villain) if held.isdisjoint(hand)]
        return [(holdings[0], len(holdings))] if holdings else []
    stabilizer = suit_stabilizer(hero_cards)
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
    "flush3", "straight3", "low3", "suited", "all", as far as they apply to the game) or a
    list of labels or codes (classes.class_by_label); vs classes, also the
    villain classes unless ``villains`` says otherwise. opponents: how many random hands
    (vs random only). Method: one of exact / trials / precision; by default Monte Carlo to
    a standard error of 0.0005 vs random, exact vs classes. seed: changes every spot's seed.
    mirror (vs classes): when both A against B and B against A are in the chart, run only
    the first; chart_table reads the second from the villain's side of the same spots
    (what one player does not win the other does, so it is the same answer, for half the
    work). mirror=False runs both, as a check.

    >>> spots = chart_spots("stud7", selection=["(A 3) 2 A32s"])
    >>> spots[0]["id"], spots[0]["hands"], spots[0]["precision"]
    ('stud7:A32-A32s:vs:random', ['(As 3s) 2s', 'random'], 0.0005)
    >>> [(s["id"], s["hands"]) for s in chart_spots("stud5low", selection=["(2) A"])]
    [('stud5low:A2:vs:random', ['(As) 2h', 'random'])]
    >>> [s["id"] for s in chart_spots("stud7", "classes", selection=["AAA", "KKK"])]
    ['stud7:AAA:vs:KKK:KsKhKd', 'stud7:AAA:vs:KKK:KsKhKc']
    """
    game = chart_game(game)
    if vs not in VS_CHOICES:
        raise ChartError(f"vs must be one of {', '.join(VS_CHOICES)}, got {vs!r}")
    heroes = select(selection, game)
    method = _method(vs, exact, trials, precision)
    if vs == "random":
        if villains is not None:
            raise ChartError("villains are for vs classes; vs random has random opponents")
        return _random_spots(game, heroes, opponents, method, seed)
    if opponents != 1:
        raise ChartError("a matchup chart (vs classes) is heads-up: opponents must be 1")
    villain_classes = heroes if villains is None else select(villains, game)
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
    against every random hand (all C(49, 7) of them in seven-card stud) is minutes, not
    milliseconds."""
    hero = select("all", game)[0].representative
    scenario = build_scenario(game, [hero] + [RANDOM] * opponents)
    n = len(scenario.pool)
    # A chart is long whatever a class takes: scaled by this machine's speed always.
    seconds = timing.machine_factor() * timing.counting_seconds(
        n, *sorted(scenario.to_deal), scenario.game.split, numba.get_num_threads())
    total = seconds * n_spots
    minutes = round(total / 60)  # a five-card chart takes minutes, not hours
    span = (f"{total / 3600:.1f} hours" if total >= 3600
            else "under a minute" if total < 60
            else f"{minutes} minute{'s' if minutes != 1 else ''}")
    classes = f"{n_spots} class{'es' if n_spots != 1 else ''}"
    return (f"exact against a random hand: about {seconds:.2g} s a class on 2 cores, "
            f"{span} for {classes} (a run can be stopped and resumed; "
            "--dask/--scheduler spread it)")


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


def write_spot_file(spots: Sequence[dict], path: str | Path) -> None:
    """The chart's spots as a batch input file. A file already there must hold the same
    spots: its results file may hold finished spots of this chart, which a rerun resumes;
    a different chart under the same name would mix stale results in."""
    text = "".join(json.dumps(spot) + "\n" for spot in spots)
    path = Path(path)
    if path.exists():
        if path.read_text(encoding="utf-8") != text:
            raise ChartError(
                f"{path} holds the spots of a different chart (other game, classes, method or "
                "seed, or an older studodds, which seeded spots differently): choose another -o "
                "prefix, or delete it and its results file to start over"
            )
        return
    path.write_text(text, encoding="utf-8")
