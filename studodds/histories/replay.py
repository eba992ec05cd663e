"""Replay a played hand street by street with the odds at each point: the coach's view.

For every street a hand reached: the live players, the pot as the street began, and each
live player's equity (a) as the hero saw it: the hero's own cards, every up card, folded
players' up cards dead and their hole cards unseen; and (b) with every card shown or
mucked at the end revealed. The file is also checked against the table rules
(studodds.table): who brought it in and who acted first on each later street.

After a card shortage (eight players on 7th street in seven-card stud) the river is one
community card, face up for everyone (HandHistory.community): 7th street is then replayed
with each player's six own cards and the community card as everyone's seventh, in both
views. First to act on 7th street is judged on the 6th-street up cards, as always.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import table
from ..cards import card_str
from ..equity import equity
from ..games import get_game
from .record import HandHistory

STREET_NAMES = ("3rd", "4th", "5th", "6th", "7th")


@dataclass(frozen=True)
class PlayerView:
    name: str
    hero_view: str  # the hand as the hero saw it, in studodds notation
    equity_hero_view: float
    revealed: str  # with the cards shown at the end
    equity_revealed: float


@dataclass(frozen=True)
class StreetReplay:
    street: str
    pot: float
    players: tuple[PlayerView, ...]
    dead_hero_view: str
    method: str
    community_card: bool
    # The community card turned on 7th street after a card shortage ("6h"), else None.
    # (community_card alone, on 6th street, means the shared river is still to come.)
    community: str | None = None


@dataclass(frozen=True)
class HandReplay:
    hand_id: str
    game: str
    hero: str | None
    streets: tuple[StreetReplay, ...]
    rule_problems: tuple[str, ...]
    warnings: tuple[str, ...] = field(default=())

    def to_dict(self) -> dict:
        return {
            "hand_id": self.hand_id, "game": self.game, "hero": self.hero,
            "streets": [_street_dict(s) for s in self.streets],
            "rule_problems": list(self.rule_problems),
            "warnings": list(self.warnings),
        }


def _street_dict(s: StreetReplay) -> dict:
    out = {"street": s.street, "pot": s.pot, "method": s.method,
           "community_card": s.community_card}
    if s.community is not None:
        out["community"] = s.community
    out |= {"dead": s.dead_hero_view, "players": [vars(p) for p in s.players]}
    return out


def _cards(cards) -> str:
    return " ".join(card_str(c) for c in cards)


def _up_count(street_index: int) -> int:
    return min(street_index + 1, 4)


def _known_hole(hh: HandHistory, name: str, street_index: int) -> tuple[tuple, tuple]:
    """A player's hole cards and river as the file knows them at the end: the file's hero
    was dealt them, others only if they showed or mucked face up. Unknown: empty."""
    if name == hh.hero and hh.hero_cards:
        hole, river = hh.hero_cards[:2], hh.hero_cards[6:7]
    elif name in hh.shown:
        up = set(hh.up_cards.get(name, ()))
        hidden = [c for c in hh.shown[name] if c not in up]
        hole, river = tuple(hidden[:2]), tuple(hidden[2:3])
    else:
        return (), ()
    return hole, river if street_index == 4 else ()


def _hand_text(hole, up, river, street_index: int, community: bool = False) -> str:
    """Studodds notation; unknown hole or river cards written x. With a community card on
    7th street the hand is the six own cards, no river group."""
    hole_text = _cards(hole) if len(hole) == 2 else "x x"
    text = f"({hole_text}) {_cards(up)}"
    if street_index == 4 and not community:
        text += f" ({_cards(river) if river else 'x'})"
    return text


def _pot_before(hh: HandHistory, street_index: int) -> float:
    """Chips in the pot as the street begins: antes and every earlier street's bets, less
    any uncalled bet returned on those streets."""
    total = sum(
        a.amount for street in hh.streets[: street_index + 1] for a in street.actions
        if a.kind == "ante"
    )
    total += sum(
        a.amount for street in hh.streets[:street_index] for a in street.actions
        if a.kind != "ante"
    )
    earlier = {street.name for street in hh.streets[:street_index]}
    total -= sum(amount for street, _, amount in hh.returned if street in earlier)
    return round(total, 2)


def replay_hand(hh: HandHistory, *, hero: str | None = None, trials: int | None = None,
                precision: float | None = None, seed: int = 1) -> HandReplay:
    """Every street of one hand: pot, live players, equity as the hero saw it and revealed."""
    game = get_game(hh.game)
    hero = hero or hh.hero
    streets = []
    for s, street in enumerate(hh.streets):
        live = hh.live_players(s)
        if len(live) < 2:
            break
        n_up = _up_count(s)
        # 7th street after a card shortage: the community card is everyone's seventh.
        community = card_str(hh.community) if s == 4 and hh.community is not None else None
        shared = community is not None
        hero_hands, revealed_hands, dead_seen, dead_unseen = [], [], [], 0
        revealed_dead = []
        for seat, name in hh.seats:
            up = hh.up_cards.get(name, ())[:n_up]
            hole, river = _known_hole(hh, name, s)
            seen_by_hero = name == hero  # the viewer knows only their own hole cards
            if name in live:
                hero_hands.append(_hand_text(
                    hole if seen_by_hero else (), up, river if seen_by_hero else (), s, shared
                ))
                revealed_hands.append(_hand_text(hole, up, river, s, shared))
                continue
            folded = hh.folded_on(name)
            seen_up = hh.up_cards.get(name, ())[
                : _up_count(STREET_NAMES.index(folded)) if folded in STREET_NAMES else n_up
            ]
            dead_seen += list(seen_up)
            revealed_dead += list(seen_up)
            if seen_by_hero and len(hole) == 2:
                dead_seen += list(hole)
            else:
                dead_unseen += 2
            revealed_dead += list(hole)
        dead_text = " ".join([card_str(c) for c in dead_seen] + ["x"] * dead_unseen)
        # Revealed: a folded hole card stays unseen unless the file shows it.
        n_revealed_unseen = dead_unseen - (len(revealed_dead) - len(dead_seen))
        revealed_dead_text = " ".join(
            [card_str(c) for c in revealed_dead] + ["x"] * max(n_revealed_unseen, 0)
        )
        # Exact when cheap, else sampled (the engine's default, or the caller's choice);
        # one seed for the hand so a replay is repeatable.
        options = {"trials": trials, "precision": precision, "seed": seed}
        if shared and _community_misdealt(game, len(live), len(dead_seen) + dead_unseen):
            break  # check_rules reports it; the engine has no such table
        if shared:
            options["community"] = community
        seen = equity(game, hero_hands, dead_text, **options)
        shown = equity(game, revealed_hands, revealed_dead_text, **options)
        players = tuple(
            PlayerView(name, hero_hands[i], seen.players[i].equity, revealed_hands[i],
                       shown.players[i].equity)
            for i, name in enumerate(n for _, n in hh.seats if n in live)
        )
        streets.append(StreetReplay(
            STREET_NAMES[s], _pot_before(hh, s), players, dead_text, seen.method,
            seen.community_card, seen.community,
        ))
    return HandReplay(hh.hand_id, hh.game, hero, tuple(streets), check_rules(hh), hh.warnings)


def _community_misdealt(game, n_live: int, n_dead: int) -> bool:
    """Whether a community river breaks the rules: the game never turns one, or the stub
    (52 less six cards per live player and the folded players' cards) would have held a
    river for every player."""
    return not game.community_card_rule or 52 - 6 * n_live - n_dead >= n_live


def _folded_cards(hh: HandHistory, live: tuple[str, ...]) -> int:
    """Cards the players folded before 7th street were dealt: their up cards and two hole
    cards (none of them is left in the stub)."""
    total = 0
    for name in hh.players:
        if name in live:
            continue
        folded = hh.folded_on(name)
        n_up = _up_count(STREET_NAMES.index(folded)) if folded in STREET_NAMES else 4
        total += 2 + min(len(hh.up_cards.get(name, ())), n_up)
    return total


def check_rules(hh: HandHistory) -> tuple[str, ...]:
    """Who brought it in and who acted first on each later street, against the table rules."""
    game = get_game(hh.game)
    problems = []
    names = [name for _, name in hh.seats]
    if not hh.streets:
        return ()
    third = hh.streets[0]
    doors = [hh.up_cards[name][0] for name in names if hh.up_cards.get(name)]
    with_door = [name for name in names if hh.up_cards.get(name)]
    # The bring-in player acts first on 3rd street, whether they bring it in or complete
    # (written "bets" or "raises ... to" in some files).
    first = next((a for a in third.actions if a.kind != "ante"), None)
    if first is not None and doors:
        expected = with_door[table.bring_in(game, doors)]
        if first.player != expected:
            problems.append(
                f"3rd street: {first.player} brought it in, the rules say {expected} "
                f"(door cards {_cards(doors)})"
            )
    if hh.community is not None and len(hh.streets) == 5:
        live = hh.live_players(4)
        if not game.community_card_rule:
            problems.append(f"7th street: a community card ({card_str(hh.community)}) was "
                            f"turned, but {game.name} never turns one")
        elif _community_misdealt(game, len(live), _folded_cards(hh, live)):
            problems.append(
                f"7th street: a community card ({card_str(hh.community)}) was turned, but the "
                f"stub held a river for each of the {len(live)} players: the rules turn one "
                "only when it holds fewer cards than players"
            )
    for s in range(1, len(hh.streets)):
        actions = [a for a in hh.streets[s].actions if a.kind != "ante"]
        if not actions:
            continue
        live = hh.live_players(s)
        if len(live) < 2:
            break
        # A player all in cannot act: their board is out of the comparison.
        all_in = {a.player for st in hh.streets[:s] for a in st.actions if a.all_in}
        boards = [None if name in all_in else hh.up_cards[name][: _up_count(s)]
                  for name in live]
        if sum(b is not None for b in boards) < 2:
            continue
        expected = live[table.first_to_act(game, boards)]
        if actions[0].player != expected:
            problems.append(
                f"{STREET_NAMES[s]} street: {actions[0].player} acted first, the rules say "
                f"{expected} (boards {' / '.join(_cards(b) for b in boards if b is not None)})"
            )
    return tuple(problems)
