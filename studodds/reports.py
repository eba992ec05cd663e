"""The JSON documents of the odds questions: what `studodds ... --format json` prints and
what the web API (studodds.web) answers, built here once so that both give the same bytes
for the same question. The library's results know their own fields (to_dict); this module
only puts them together (equity with its pot odds) and writes the text."""

from __future__ import annotations

import json
from collections.abc import Iterable


def to_json(data) -> str:
    """The JSON text of a document: indented, non-ASCII kept as it is (player names in a
    hand history), no newline at the end (the CLI's echo adds one)."""
    return json.dumps(data, indent=2, ensure_ascii=False)


def equity_document(result, odds=None) -> dict:
    """`studodds equity`: the EquityResult's fields, and "pot_odds" (a whatif.PotOdds) when
    the pot odds were asked."""
    data = result.to_dict()
    if odds is not None:
        data["pot_odds"] = odds.to_dict()
    return data


def next_card_document(table) -> dict:
    """`studodds next`: the whatif.NextCardTable."""
    return table.to_dict()


def declare_document(table) -> dict:
    """`studodds declare`: the declare.DeclareTable."""
    return table.to_dict()


def own_odds_document(odds) -> dict:
    """`studodds odds`: the own.OwnOdds."""
    return odds.to_dict()


def replay_document(replays: Iterable) -> list:
    """`studodds replay`: one object per hand replayed (histories.replay.HandReplay)."""
    return [r.to_dict() for r in replays]
