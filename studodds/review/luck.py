"""Luck at showdown, hand by hand and street by street, as rows to store: the player's
expected share of the pots they could win with every card shown known, against the share
they won. The numbers are those of `studodds replay --summary` (histories/session.py),
computed there, for one hand; summed over a session they give its table."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from .. import __version__
from ..histories.record import HandHistory
from ..histories.session import summarize


@dataclass(frozen=True)
class LuckRow:
    """One betting street of a showdown hand: luck = won_share - expected_share."""

    hand_id: str
    room: str | None
    player: str
    street: str  # a betting street before the last card: "3rd".."6th" ("2nd".."4th")
    expected_share: float  # the player's equity on the street, every shown card known
    won_share: float  # the player's share of the pots they could win, from the cards
    luck: float
    computed_with: str  # the studodds version

    def to_dict(self) -> dict:
        return asdict(self)


def luck_of(hand: HandHistory, player: str | None = None, *, precision: float | None = None,
            trials: int | None = None, seed: int = 1) -> tuple[LuckRow, ...]:
    """The rows of ``player`` (default: the hand's hero) in ``hand``: one per betting street
    before the last card when the hand reached a showdown with the player live and every
    live hand shown (session.is_showdown), else none. Exact where cheap, else sampled to
    session.SUMMARY_PRECISION (or ``precision`` / ``trials``). SummaryError (a ValueError)
    when the player is not at the table or the hand names no hero and no player is given."""
    summary = summarize([hand], player, precision=precision, trials=trials, seed=seed,
                        where=f"hand {hand.hand_id}")
    rows = []
    for h in summary.showdown_hands:
        assert h.won_share is not None  # a showdown hand's share of the pot is known
        for street, expected in h.equity.items():
            rows.append(LuckRow(h.hand_id, h.room, summary.hero, street, expected,
                                h.won_share, h.won_share - expected, __version__))
    return tuple(rows)
