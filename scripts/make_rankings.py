"""Regenerate studodds/starting/rankings.json: every game's starting classes, best first, by
equity against one random hand (starting/top.py and chart/ranking.py say how; tests check a sample of
classes against a fresh run).

    python scripts/make_rankings.py            # every game (tens of minutes on 2 cores)
    python scripts/make_rankings.py stud7 razz # only these, the rest kept from the file
"""

import json
import sys
import time
from pathlib import Path

from studodds.chart import CHART_GAMES
from studodds.chart.ranking import (
    RANKING_PRECISION,
    RANKING_SEED,
    measure_classes,
    ranking_order,
)
from studodds.starting.top import RANKINGS_FILE

PATH = Path(__file__).resolve().parents[1] / "studodds" / "starting" / RANKINGS_FILE


def dumps(data: dict) -> str:
    """The file as JSON with one class a line, so a new ranking diffs line by line."""
    games = ",\n".join(
        f"    {json.dumps(game)}: [\n" + ",\n".join(f"      {json.dumps(e)}" for e in entries)
        + "\n    ]"
        for game, entries in data["games"].items()
    )
    return ('{\n  "method": ' + json.dumps(data["method"]) + ',\n  "games": {\n' + games
            + "\n  }\n}\n")


def main(games: list[str]) -> None:
    old = json.loads(PATH.read_text()) if PATH.exists() else {"games": {}}
    out = {
        "method": {
            "opponent": "one random hand (every card unseen)",
            "sampling": "Monte Carlo, each class to a standard error of "
                        f"{RANKING_PRECISION} (chart seed {RANKING_SEED}, each spot seeded "
                        "by its id)",
            "order": "equity, best first; ties by the classes' order in classes(game)",
            "entry": "[class code, equity]",
        },
        "games": {g: old["games"][g] for g in CHART_GAMES if g in old["games"]},
    }
    for game in games:
        start = time.perf_counter()
        equities = measure_classes(game)
        out["games"][game] = [[code, equities[code]] for code in ranking_order(game, equities)]
        print(f"{game}: {len(equities)} classes in {time.perf_counter() - start:.0f} s",
              file=sys.stderr, flush=True)
        out["games"] = {g: out["games"][g] for g in CHART_GAMES if g in out["games"]}
        PATH.write_text(dumps(out))
    print(f"wrote {PATH}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:] or list(CHART_GAMES))
