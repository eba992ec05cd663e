"""A validated table state: who holds what, what is dead, which street, what is to come.

Everything the engines need is decided here, once, in plain Python: each player's known
cards and how many unseen cards they will end up with, the pool the unseen cards come
from, and whether the card-shortage rule deals one community card on the river.
Errors are ``ScenarioError`` (a ValueError) with one line that says what to fix.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from .cards import (
    NotationError,
    StudHand,
    card_str,
    check_no_duplicates,
    parse_dead,
    parse_hand,
    tokenize,
)
from .engine.joint import JointSearchTooHard, conflicting_players
from .games import Game, as_game
from .messages import InputError, option, players_text, shown
from .ranges import THIRD_STREET_CLASSES, PlayerRange
from .starting.named_ranges import NamedRangeError, fit_problem, hand_with_definitions
from .starting.top import class_tests

DECK_SIZE = 52


class ScenarioError(InputError):
    """A table state that cannot be: different streets, too many players, no cards left."""


@dataclass(frozen=True)
class Scenario:
    """The table as it stands, checked against the game's rules.

    ``known[p]`` are player p's known cards; ``to_deal[p]`` how many more of p's cards
    are unseen, now or still to come (hole cards written ``x``, an unspecified hole,
    future streets), not counting the community card. Unseen cards are equally likely
    to be any card of ``pool`` (the deck less every known card and every seen dead card).
    """

    game: Game
    hands: tuple[StudHand, ...]
    dead: tuple[int, ...]
    dead_unknown: int
    street_cards: int  # cards each player holds now, seen or not
    known: tuple[tuple[int, ...], ...]
    to_deal: tuple[int, ...]
    community_card: bool
    pool: tuple[int, ...]
    ranges: tuple[PlayerRange, ...] = ()  # players whose hole cards have a range
    # The community card once turned (card shortage on 7th street): known to everyone, in
    # every player's ``known``; ``community_card`` is then True and nothing more is drawn
    # for it. None when no community card is turned, or when it is still to come.
    community: int | None = None

    @property
    def n_players(self) -> int:
        return len(self.hands)

    @property
    def street(self) -> str:
        return self.game.street_name(self.street_cards)

    @property
    def community_to_come(self) -> bool:
        """Whether a deal draws the community card (the shortage is ahead, not turned)."""
        return self.community_card and self.community is None

    def hand_texts(self) -> tuple[str, ...]:
        return tuple(str(h) for h in self.hands)


def check_hand_shape(game: Game, hand: StudHand, player: int) -> None:
    if hand.random:
        return
    hole = game.hole_cards
    max_up = sum(s.up for s in game.streets)
    if hand.hole_given and len(hand.down) != hole:
        raise ScenarioError(
            f"player {player} {str(hand)!r}: {game.name} has {hole} hole card"
            f"{'s' * (hole > 1)} in the parentheses", players=(player - 1,))
    if len(hand.up) > max_up:
        raise ScenarioError(
            f"player {player} {str(hand)!r}: {game.name} has at most {max_up} up cards", players=(player - 1,))
    if hand.river and not game.streets[-1].down:
        raise ScenarioError(
            f"player {player} {str(hand)!r}: {game.name} has no river card in parentheses", players=(player - 1,))
    if not hand.up and not hand.hole_given:
        raise ScenarioError(f"player {player}: a hand needs at least one card",
                            players=(player - 1,))


def _cards_dealt(game: Game, hand: StudHand) -> int:
    """Cards the player holds: written ones, with an unspecified hole counted in."""
    hole = game.hole_cards
    return (len(hand.down) if hand.hole_given else hole) + len(hand.up) + len(hand.river)


def parse_community(card: str | int | None) -> int | None:
    """The community card: one card, as text or an id; None for none.

    >>> parse_community("6h"), parse_community(None)
    (18, None)
    """
    if card is None:
        return None
    if isinstance(card, str):
        if not card.strip():
            return None
        try:
            cards = tokenize(card)
        except NotationError as exc:
            raise NotationError(f"{option('community')} {shown(card.strip())}: {exc}",
                                fields=("community",), cards=exc.cards) from None
        if len(cards) != 1 or cards[0].kind != "card":
            raise NotationError(
                f"{option('community')} {shown(card.strip())}: the community card is one known card, "
                "such as 6h", fields=("community",))
        return cards[0].card
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < DECK_SIZE:
        raise NotationError(f"community card {shown(card)}: give one card, such as '6h'",
                            fields=("community",))
    return int(card)


def _hands(hands) -> tuple[StudHand, ...]:
    """Each player's hand parsed: a list of hand texts (or StudHands), one per player."""
    if isinstance(hands, (str, bytes, Mapping)) or not isinstance(hands, Iterable):
        raise ScenarioError(
            f"hands is a list of hand texts, one per player, such as ['(As Ks) Ah', "
            f"'(x x) Qd'], got {shown(hands)}"
        )
    parsed = []
    for p, hand in enumerate(hands):
        if isinstance(hand, str):
            try:
                read = parse_hand(hand)
            except NotationError as error:  # which hand: with eight, the card alone is not enough
                raise NotationError(f"player {p + 1}: {error}", players=(p,),
                                    cards=error.cards) from None
            quoted = repr(hand.strip())
        elif isinstance(hand, StudHand):
            read, quoted = hand, repr(str(hand))
        else:
            raise NotationError(
                f"hand {shown(hand)}: a hand is text such as '(As Ks) Ah', one per player",
                players=(p,))
        parsed.append(hand_with_definitions(  # its named ranges, from the list in use now
            read, _named_range_error(p, quoted)))
    return tuple(parsed)


def _check_player_count(game: Game, n: int) -> None:
    if n > game.max_players:
        raise ScenarioError(
            f"{game.name} is played by at most {game.max_players} players, got {n} hands"
        )


def _named_range_error(p: int, quoted: str) -> Callable[[str], NamedRangeError]:
    """The error for player p's (0-based) named range that is none, worded for him."""
    def fail(problem: str) -> NamedRangeError:
        return NamedRangeError(f"player {p + 1}: {quoted}: {problem}", players=(p,))

    return fail


def _hole_cards_hint(game: Game, bare: StudHand, others_hold: int) -> str:
    """For a hand written without parentheses whose cards, the first as hole cards, would
    be the others' street ('As Ks Ah' beside '(x x) Qd'): how to write it. Bare cards
    are up cards, and the hole cards then unknown: a new user's hand read as 5th street."""
    hole = game.hole_cards
    if (bare.hole_given or bare.hole_range is not None or len(bare.up) != others_hold
            or len(bare.up) <= hole):  # hole cards alone: no door card to write after them
        return ""
    cards = [card_str(c) for c in bare.up]
    return (f"; written without parentheses, every card is an up card: if {' and '.join(cards[:hole])} "
            f"{'are' if hole > 1 else 'is'} in the hole, write "
            f"'({' '.join(cards[:hole])}) {' '.join(cards[hole:])}'")


def build_scenario(
    game: Game | str,
    hands: Sequence[StudHand | str],
    dead: str | Sequence = (),
    community: str | int | None = None,
) -> Scenario:
    """Check a table state and work out what is still to be dealt.

    >>> s = build_scenario("stud7", ["(As Ks) Ah", "(x x) Qd Qc"], "7h 2c")
    Traceback (most recent call last):
    ...
    studodds.scenario.ScenarioError: players are on different streets: player 2 '(x x) Qd Qc' holds 4 cards (4th street), player 1 '(As Ks) Ah' holds 3 (3rd street)
    >>> s = build_scenario("stud7", ["(As Ks) Ah", "(x x) Qd"], "7h 2c")
    >>> s.to_deal, len(s.pool), s.community_card
    ((4, 6), 46, False)
    """
    game = as_game(game)
    # Too many hands are refused before any is read (a hostile list of a million).
    if isinstance(hands, Sequence) and not isinstance(hands, str):
        _check_player_count(game, len(hands))
    hands = _hands(hands)
    dead_seen, dead_unknown = parse_dead(dead)
    community_card = parse_community(community)

    n = len(hands)
    if n < game.min_players:
        raise ScenarioError(
            f"{game.name} needs at least {game.min_players} hands, got {n}: give one per player"
        )
    _check_player_count(game, n)
    for p, hand in enumerate(hands, start=1):
        check_hand_shape(game, hand, p)

    check_no_duplicates(hands, dead_seen, community_card)
    if community_card is not None:
        return _with_community(game, hands, dead_seen, dead_unknown, community_card)

    # The street: the most cards any player holds. A hand written with up cards only
    # takes unknown hole cards (and an unknown river on 7th street) to match it.
    river = game.streets[-1].down
    written = [h for h in hands if not h.random]
    if not written:
        raise ScenarioError(
            "every hand is 'random': write at least one hand's cards, so the street is known"
        )
    street_cards = max(_cards_dealt(game, h) for h in written)
    seventh = river and street_cards == game.hand_size
    for p, hand in enumerate(hands, start=1):
        if hand.random:
            continue  # on the others' street, every card unseen
        held = _cards_dealt(game, hand)
        # On 7th street a hand written without its river group has an unknown river, just
        # as a hand written without hole cards has unknown hole cards.
        completes = seventh and not hand.river and held + 1 == street_cards
        if held != street_cards and not completes:
            first = next(i for i, h in enumerate(hands) if _cards_dealt(game, h) == street_cards)
            raise ScenarioError(
                "players are on different streets: "
                f"player {first + 1} {str(hands[first])!r} holds {street_cards} cards "
                f"({game.street_name(street_cards)}), "
                f"player {p} {str(hand)!r} holds {held}"
                + (f" ({game.street_name(held)})" if _is_street(game, held) else "")
                + _hole_cards_hint(game, hands[first], held),
                players=(first, p - 1))

    known = tuple(h.known_cards for h in hands)
    dealt_so_far = n * street_cards
    dead_total = len(dead_seen) + dead_unknown
    left_now = DECK_SIZE - dealt_so_far - dead_total
    if left_now < 0:
        shortage_river = river and street_cards == game.hand_size
        raise ScenarioError(
            f"the deck cannot supply this table: {n} players holding {street_cards} cards and "
            f"{dead_total} dead cards need {dealt_so_far + dead_total} cards, a deck has 52"
            + ("; with a card shortage the river is one community card: write each player's "
               f"six cards without a river and give that card as {option('community')}"
               if shortage_river else "")
        )

    # Cards each player still gets before the river (all of them in five-card games).
    held_before_river = game.hand_size - river
    needed_before_river = n * max(held_before_river - street_cards, 0)
    if needed_before_river > left_now:
        raise ScenarioError(
            f"the deck cannot supply the next streets: {n} players need {needed_before_river} "
            f"more cards and only {left_now} are left (52 less {dealt_so_far} dealt and "
            f"{dead_total} dead)"
        )
    community = False
    mixed_back = False  # the community card comes from the unseen dead cards
    if river and street_cards < game.hand_size:
        stub_at_river = left_now - needed_before_river
        if stub_at_river < n:
            if not game.community_card_rule:
                raise ScenarioError(
                    f"the deck cannot supply the river: {stub_at_river} cards left for {n} "
                    "players"
                )
            # Burn and folded cards are not in the stub, so they count above; but with no
            # card left the dealer mixes them back in and turns the community card from
            # them (docs/rules.md). A card nobody saw changes no chance.
            if stub_at_river < 1 and not dead_unknown:
                raise ScenarioError(
                    f"the deck cannot supply the river: {dealt_so_far + needed_before_river} "
                    f"cards dealt before it and {len(dead_seen)} seen dead cards leave no card, "
                    f"not even one community card ({_mixed_back_in()})", fields=("dead",))
            community = True  # one card face up in the middle for everyone (docs/rules.md)
            mixed_back = stub_at_river < 1

    final = game.hand_size - community
    to_deal = tuple(final - len(k) for k in known)
    known_set = {c for k in known for c in k} | set(dead_seen)
    pool = tuple(c for c in range(DECK_SIZE) if c not in known_set)
    # The checks above leave enough unseen cards for every deal.
    assert sum(to_deal) + community <= len(pool) - dead_unknown + mixed_back
    ranges = tuple(
        player_range(game, p, hand, pool) for p, hand in enumerate(hands)
        if hand.hole_range is not None
    )
    _check_ranges(hands, ranges)
    return Scenario(
        game, hands, tuple(dead_seen), dead_unknown, street_cards, known, to_deal, community,
        pool, ranges,
    )


def _with_community(game: Game, hands, dead_seen, dead_unknown, community: int) -> Scenario:
    """7th street after a card shortage: six own cards each, the community card everyone's
    seventh (docs/rules.md, "Card shortage and the community card"), checked to be a table
    where the rules turn one."""
    river = game.streets[-1].down
    if not game.community_card_rule or not river:
        raise ScenarioError(
            f"{option('community')}: {game.name} never turns a community card (only the seven-card "
            "games do, when the deck runs short for the river)", fields=("community",))
    own = game.hand_size - river
    n = len(hands)
    for p, hand in enumerate(hands, start=1):
        if hand.random:
            continue
        if hand.river:
            raise ScenarioError(
                f"player {p} {str(hand)!r} holds a river card, but after a card shortage the "
                "community card is everyone's seventh: write six cards, no river group",
                players=(p - 1,))
        held = _cards_dealt(game, hand)
        if held != own:
            raise ScenarioError(
                f"player {p} {str(hand)!r} holds {held} cards: with a community card, every player "
                f"still in holds {own} own cards (2 hole cards and 4 up cards)",
                players=(p - 1,))
    if all(h.random for h in hands):
        raise ScenarioError(
            "every hand is 'random': write at least one hand's cards, so the street is known"
        )
    dead_total = len(dead_seen) + dead_unknown
    stub = DECK_SIZE - n * own - dead_total
    if stub < 0:
        raise ScenarioError(
            f"the deck cannot supply this table: {n} players holding {own} cards and "
            f"{dead_total} dead cards need {n * own + dead_total} cards before the river; "
            "a deck has 52"
        )
    # An empty stub: the community card came from the burn and folded cards mixed back in
    # (docs/rules.md), one of the dead cards written x.
    if stub == 0 and not dead_unknown:
        raise ScenarioError(
            f"the deck cannot supply the community card: {n * own} cards dealt before the "
            f"river and {len(dead_seen)} seen dead cards leave none to turn "
            f"({_mixed_back_in()})", fields=("dead",))
    if stub >= n:
        raise ScenarioError(
            f"{option('community')}: no community card is turned here: at the river the stub holds "
            f"{stub} cards for {n} players, enough for each player's own river (cards dealt "
            f"to folded players and burn cards are not in the stub: give each as an x in "
            f"{option('dead')}); "
            "otherwise write each river in parentheses", fields=("community",))
    known = tuple(h.known_cards + (community,) for h in hands)
    to_deal = tuple(game.hand_size - len(k) for k in known)
    known_set = {c for k in known for c in k} | set(dead_seen)
    pool = tuple(c for c in range(DECK_SIZE) if c not in known_set)
    ranges = tuple(
        player_range(game, p, hand, pool) for p, hand in enumerate(hands)
        if hand.hole_range is not None
    )
    _check_ranges(hands, ranges)
    return Scenario(
        game, hands, tuple(dead_seen), dead_unknown, game.hand_size, known, to_deal, True,
        pool, ranges, community,
    )


def _mixed_back_in() -> str:
    """Why an empty stub is an error only when every dead card was seen (docs/rules.md)."""
    return ("burn and folded cards nobody saw are mixed back in for it: give those as x in "
            f"{option('dead')}")


def _check_ranges(hands, ranges) -> None:
    if not ranges:
        return
    try:
        clash = conflicting_players(ranges)
    except JointSearchTooHard as error:
        raise ScenarioError(str(error)) from None
    if clash is not None:
        raise ScenarioError(
            f"{players_text(clash)} cannot {'both' if len(clash) == 2 else 'all'} be dealt a "
            "hand from their ranges: every way to deal "
            + " and ".join(f"player {p + 1} ({hands[p].hole_range})" for p in clash)
            + " needs some card twice", players=clash)


def player_range(game: Game, p: int, hand: StudHand, pool: tuple[int, ...]) -> PlayerRange:
    hole_range = hand.hole_range
    assert hole_range is not None  # called for the players with a range only
    size = game.hole_cards
    third_street = [c for c in hole_range.classes if c in THIRD_STREET_CLASSES]
    if third_street and (size != 2 or not hand.up):
        raise ScenarioError(
            f"player {p + 1} {str(hand)!r}: {third_street[0]!r} describes third street in "
            "seven-card stud (two hole cards and the door card)", players=(p,))
    if hole_range.tops and not hand.up:
        raise ScenarioError(
            f"player {p + 1} {str(hand)!r}: {hole_range.tops[0]!r} ranks starting hands, hole "
            "cards with the door card: write the door card after the parentheses",
            players=(p,))
    problem = fit_problem(hole_range, game.id, hand.up)
    if problem is not None:
        raise ScenarioError(f"player {p + 1} {str(hand)!r}: {problem}", players=(p,))
    tests = class_tests(hole_range, game.id)  # topX% as this game's ranking, @name its range
    weighed = [(combo, hole_range.weight_of(combo, hand.up, tests))
               for combo in combinations(pool, size)]
    combos = tuple(combo for combo, w in weighed if w > 0)
    weights = None
    if hole_range.weighted:
        # Relative to the heaviest combination: the same chances, no product of small
        # weights underflowing to 0, and a range whose kept weights are all equal is
        # unweighted (exact sums stay integers).
        heaviest = max((w for _, w in weighed), default=1.0)
        weights = tuple(w / heaviest for _, w in weighed if w > 0)
        if all(w == 1.0 for w in weights):
            weights = None
    if not combos:
        raise ScenarioError(
            f"player {p + 1} {str(hand)!r}: no hole cards left fit the range {str(hole_range)!r} "
            "(every card it allows is in a hand or dead)", players=(p,))
    return PlayerRange(p, size, combos, weights)


def _is_street(game: Game, n_cards: int) -> bool:
    try:
        game.street_name(n_cards)
    except ValueError:
        return False
    return True
