"""Making the starting-hand ranking that topX% ranges read (starting/top.py): each
class's equity against one random hand, from the game's chart (scripts/make_rankings.py
writes the file; tests regenerate a sample of it)."""

from __future__ import annotations

from ..starting.classes import classes

# How scripts/make_rankings.py samples each class against a random hand: the standard
# error of every class's equity, and the chart seed (each spot's seed comes from its id).
RANKING_PRECISION = 0.0005
RANKING_SEED = 0


def measure_classes(game: str, selection="all", *, precision: float = RANKING_PRECISION,
                    seed: int = RANKING_SEED, runner=None) -> dict[str, float]:
    """{class code: equity against one random hand} for the selected classes, as the
    ranking file records them. A class's figure does not depend on which others are
    selected (each spot is seeded by its id), so a few classes check the whole file."""
    from . import make_chart

    chart = make_chart(game, "random", selection=selection, precision=precision, seed=seed,
                       runner=runner)
    equities = {row.hero.code: row.equity for row in chart.rows if row.equity is not None}
    assert len(equities) == len(chart.rows)  # against a random hand no cell is empty
    return equities


def ranking_order(game: str, equities: dict[str, float]) -> list[str]:
    """Codes best first: by equity, ties by the classes' order in classes(game)."""
    index = {c.code: c.index for c in classes(game)}
    return sorted(equities, key=lambda code: (-equities[code], index[code]))
