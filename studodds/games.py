"""The games as frozen data: streets, hand kinds, how the pot splits, who acts first.

A game is data, not a subclass: the equity engine reads the number of cards, the hand
kinds and the split rule from here; the table rules (studodds.table) read the streets, the
order of play and the open-pair option.
Rules reference: docs/rules.md ("The games", "The deal", "Fixed-limit betting").
"""

from __future__ import annotations

from dataclasses import dataclass

from .messages import shown


@dataclass(frozen=True)
class Street:
    """One dealing round: how many cards each player gets down and up, and the bet size."""

    name: str
    down: int
    up: int
    bet: str  # "small" or "big": the fixed-limit bet size of the betting round after it


@dataclass(frozen=True)
class Game:
    id: str
    name: str
    streets: tuple[Street, ...]
    kinds: tuple[str, ...]  # one hand kind wins the pot, or (high, low) split it
    min_players: int
    max_players: int
    # Fixed limit: a pair showing on the second betting round (stud7's 4th street) lets any
    # player bet the big bet, or raise by it after a small bet (docs/rules.md, "Fixed-limit
    # betting": open pair on 4th street).
    open_pair_option: bool
    community_card_rule: bool  # card shortage on the river: one shared card (7-card games)
    # Order of play (docs/rules.md, "Bring-in and first to act"): "high" = the lowest door
    # card brings it in (ace high) and the best high board acts first; "low" = the highest
    # door card brings it in and the best low board acts first, the ace counting as
    # order_ace_low says.
    order: str = "high"
    order_ace_low: bool = True
    declare: bool = False  # a high-low game that may be played with a declaration

    @property
    def hand_size(self) -> int:
        return sum(s.down + s.up for s in self.streets)

    @property
    def hole_cards(self) -> int:
        """Down cards dealt on the first street."""
        return self.streets[0].down

    @property
    def split(self) -> bool:
        return len(self.kinds) == 2

    @property
    def high_kind(self) -> str | None:
        return self.kinds[0] if self.kinds[0] == "high" else None

    @property
    def low_kind(self) -> str | None:
        return self.kinds[-1] if self.kinds[-1] != "high" else None

    def street_name(self, n_cards: int) -> str:
        """'3rd street' for the street on which each player has n_cards cards.

        Hole cards alone (no door card yet) are the deal itself: what a starting-hand
        study asks about before the up cards are known.
        """
        if n_cards == self.hole_cards:
            return "the deal (hole cards only)"
        total = 0
        for street in self.streets:
            total += street.down + street.up
            if total == n_cards:
                return street.name
        raise ValueError(f"no street of {self.name} deals a player {n_cards} cards")


_SEVEN_CARD_STREETS = (
    Street("3rd street", 2, 1, "small"),
    Street("4th street", 0, 1, "small"),
    Street("5th street", 0, 1, "big"),
    Street("6th street", 0, 1, "big"),
    Street("7th street", 1, 0, "big"),
)
_FIVE_CARD_STREETS = (
    Street("2nd street", 1, 1, "small"),
    Street("3rd street", 0, 1, "small"),
    Street("4th street", 0, 1, "big"),
    Street("5th street", 0, 1, "big"),
)


def _seven(id, name, kinds, open_pair, **order):
    return Game(id, name, _SEVEN_CARD_STREETS, kinds, 2, 8, open_pair, True, **order)


def _five(id, name, kinds, open_pair, **order):
    return Game(id, name, _FIVE_CARD_STREETS, kinds, 2, 10, open_pair, False, **order)


GAMES: dict[str, Game] = {
    g.id: g
    for g in (
        _seven("stud7", "Seven-card stud", ("high",), True),
        _seven("stud7hl8", "Seven-card stud hi/lo eight or better", ("high", "low_8"), False),
        _seven("razz", "Razz", ("low_a5",), False, order="low"),
        _five("stud5", "Five-card stud", ("high",), True),
        _five("stud5low", "Five-card stud lowball, ace-to-five", ("low_a5",), False,
              order="low"),
        _five("stud5low6", "Five-card stud lowball, ace-to-six", ("low_a6",), False,
              order="low"),
        _five("stud5hl", "Five-card stud high-low", ("high", "low_a5"), False, declare=True),
        # The stud games other tools and cardrooms deal (BARGE rules; docs/rules.md, "Sources").
        _seven("stud7hl", "Seven-card stud hi/lo, no qualifier", ("high", "low_a5"), False,
               order="low", declare=True),
        _seven("razz27", "Deuce-to-seven razz", ("low_27",), False, order="low",
               order_ace_low=False),
        _seven("razz6", "London lowball (ace-to-six razz)", ("low_a6",), False, order="low"),
    )
}


# The games played with a declaration (declare, --declare).
DECLARE_GAMES = tuple(g for g, game in GAMES.items() if game.declare)


def get_game(game_id: str) -> Game:
    try:
        return GAMES[game_id.strip().lower()]
    except (KeyError, AttributeError):  # not a name, or not text at all
        raise ValueError(
            f"unknown game {shown(game_id)}: expected one of {', '.join(GAMES)}"
        ) from None


def as_game(game: Game | str) -> Game:
    """A Game as it is, or the game of that name (ValueError for anything else)."""
    return game if isinstance(game, Game) else get_game(game)
