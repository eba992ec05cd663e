"""The hand record every reader produces and replay consumes: who sat, what was dealt and
done on each street, what was shown and won. Room-neutral."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import cards_str


@dataclass(frozen=True)
class Action:
    """One betting action. ``amount`` is the chips it puts in (0 for check and fold)."""

    player: str
    kind: str  # "ante", "bring-in", "complete", "bet", "raise", "call", "check", "fold"
    amount: float
    to: float | None = None  # for "raise"/"complete": the total bet it raises to
    all_in: bool = False


@dataclass(frozen=True)
class Street:
    """A street: the new cards dealt on it and its actions (3rd street starts with antes)."""

    name: str  # "3rd", "4th", "5th", "6th", "7th"
    dealt: dict[str, tuple[int, ...]]
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class HandHistory:
    """One parsed stud hand."""

    hand_id: str
    game: str  # a games.py id: "stud7", "stud7hl8", "razz", "razz27", "stud5", ...
    mix: str | None
    tournament: str | None
    small_bet: float
    big_bet: float
    ante: float | None
    bring_in: float | None
    seats: tuple[tuple[int, str], ...]
    stacks: dict[str, float]
    hero: str | None
    hero_cards: tuple[int, ...]
    up_cards: dict[str, tuple[int, ...]]
    streets: tuple[Street, ...]
    shown: dict[str, tuple[int, ...]]
    collected: dict[str, float]
    total_pot: float | None
    rake: float | None
    warnings: tuple[str, ...]
    # Extension beyond the agreed model: "Uncalled bet (X) returned to NAME", summed.
    uncalled: dict[str, float] = field(default_factory=dict)
    # (street name, player, amount) of each uncalled bet returned, where it was returned
    returned: tuple[tuple[str, str, float], ...] = ()
    # The community card turned on 7th street after a card shortage ("*** RIVER *** [6h]"),
    # everyone's seventh card and nobody's own; None when each player got a river.
    community: int | None = None
    # A hand cut short by a card the file garbles ("[of]"): where, and what is kept (the
    # streets read to their end before it); None for a hand read to the end. The
    # end-of-hand facts (shown, collected, total pot) are then only those read before it.
    cut: ParseProblem | None = None
    # Who wrote the file (formats.py's room names: "PokerStars", "Full Tilt Poker", ...).
    room: str | None = None
    # When the hand was played, "YYYY-MM-DD HH:MM:SS": UTC when the file names its time
    # zone, the file's own clock when it names none (dates.py); None when it gives no date.
    played_at: str | None = None

    @property
    def players(self) -> tuple[str, ...]:
        """Players dealt in, in seat order."""
        return tuple(name for _, name in self.seats)

    def door_cards(self) -> tuple[tuple[str, int], ...]:
        """(player, door card) in seat order, for every player whose door card is known."""
        return tuple(
            (name, self.up_cards[name][0]) for name in self.players if self.up_cards.get(name)
        )

    def folded_on(self, player: str) -> str | None:
        """The name of the street on which ``player`` folded, or None."""
        for street in self.streets:
            if any(a.player == player and a.kind == "fold" for a in street.actions):
                return street.name
        return None

    def live_players(self, street_index: int) -> tuple[str, ...]:
        """Players who had not folded before street ``street_index`` starts, in seat order."""
        folded = {
            a.player
            for street in self.streets[: max(street_index, 0)]
            for a in street.actions
            if a.kind == "fold"
        }
        return tuple(name for name in self.players if name not in folded)

    def put_in(self, player: str | None = None) -> float:
        """Chips put in by ``player`` (all players if None), antes included, before returns."""
        return sum(
            a.amount
            for street in self.streets
            for a in street.actions
            if player is None or a.player == player
        )


def which_hand(hh: HandHistory) -> tuple:
    """Which hand this is, beyond its room and id: the game, the players and the cards each
    was dealt on the first street. Only what any reader of any version reads alike (not the
    date, whose zone a reader may learn, nor the amounts), so that the same hand read twice
    (two files a room wrote, a file imported again) is known as the same, and two hands
    that share an id are told apart."""
    first = hh.streets[0].dealt if hh.streets else {}
    return (hh.game, sorted(name for _, name in hh.seats),
            sorted((name, cards_str(cards)) for name, cards in first.items() if cards))


@dataclass(frozen=True)
class ParseProblem:
    """A hand that could not be read (or, as HandHistory.cut, read only in part); ``line``
    is 1-based in the text given."""

    hand_id: str | None
    line: int
    message: str


class HandError(Exception):
    """A hand that cannot be read, whichever reader finds it: it becomes a ParseProblem
    and the file reads on. ``line`` is 1-based in the file's text."""

    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line
        self.message = message


class BadCard(HandError):
    """A token that is no card ("[of]"): the hand is kept up to the street before it."""
