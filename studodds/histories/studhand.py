"""What the readers of rooms that write one line per event share (Ongame, Winning Poker
Network, Absolute Poker, Everleaf): where an amount stands in a line, and cards as those
rooms write them. The hand itself is kept by builder.HandBuilder."""

from __future__ import annotations

import re

from ..cards import NotationError, parse_card
from .builder import read_hands
from .record import BadCard, HandError

# Where an amount stands in a line ("$1,234.50", ".50"); what it is worth is the room's
# number style's to say (amounts.py).
NUM = r"\d[\d,]*(?:\.\d+)?|\.\d+"
# A currency sign or code before an amount, or none (tournament chips).
CUR = r"(?:[$€£]|USD|EUR|GBP|CAD)?\s?"


_CARD_RE = re.compile(r"^(?:10|[2-9TJQKAtjqka])[cdhsCDHS]$")


def card(token: str, line: int) -> int:
    """One card as rooms write it ("Kh", "kh", "10d"); anything else is a BadCard."""
    token = token.strip()
    if not _CARD_RE.match(token):
        raise BadCard(line, f"impossible card {token!r}")
    try:
        return parse_card(token)
    except NotationError as exc:  # pragma: no cover - the regex above already checks
        raise BadCard(line, str(exc)) from None


def cards(tokens, line: int) -> tuple[int, ...]:
    """Several cards; a card twice in one list is an error."""
    out = tuple(card(t, line) for t in tokens)
    if len(set(out)) != len(out):
        raise HandError(line, f"a card is repeated in [{' '.join(tokens)}]")
    return out


__all__ = ["CUR", "NUM", "card", "cards", "read_hands"]
