"""A card shortage kept in a question about fewer players than the table's.

The river is one community card when the stub is short of a river for every player still
in (docs/rules.md, "Card shortage and the community card"). A question about only some of
them (a side pot's players, the players left at the end) has a stub long enough for each
of its own players: it would deal them each a river. Writing the cards nobody holds in it
as burn cards (x) keeps the stub short; a card nobody saw changes no chance.
"""

from __future__ import annotations

DECK_SIZE = 52
OWN_CARDS = 6  # a seven-card player's cards before the river


def burns_keeping_the_shortage(n_players: int, n_dead: int) -> list[str]:
    """The x cards to add to ``n_dead`` dead cards so that, with ``n_players`` holding six
    cards each, the stub is short of a river each (none when it already is).

    >>> burns_keeping_the_shortage(4, 24), burns_keeping_the_shortage(8, 0)
    (['x'], [])
    """
    stub = DECK_SIZE - OWN_CARDS * n_players - n_dead
    return ["x"] * max(0, stub - n_players + 1)
