"""One player's own chances: how often the hand ends as each final hand (own_odds)."""

from .odds import Half, HandRow, OwnOdds, ThresholdRow, own_odds
from .thresholds import Threshold, parse_threshold

__all__ = [
           "Half",
           "HandRow",
           "OwnOdds",
           "Threshold",
           "ThresholdRow",
           "own_odds",
           "parse_threshold",
]
