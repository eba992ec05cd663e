"""What a pricing run of review/costly.py can say besides the prices: a hand not priced
and why, a range refused. Apart from costly.py and pricing.py so that both use them
without importing each other (pricing loads the odds engine; costly only when needed)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

# One range for every opponent, a range per opponent by name, or None (random).
Ranges = str | Mapping[str, str] | None


class RangesError(ValueError):
    """A range that cannot be read: refused before any hand is priced (else every hand
    would be stored as one that cannot be)."""


@dataclass(frozen=True)
class Unpriced:
    """A hand whose decisions were not priced, and why."""

    room: str
    hand_id: str
    source: str
    reason: str
