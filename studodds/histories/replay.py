"""Replay a played hand street by street with the odds at each point: the coach's view.

For every street a hand reached: the live players, the pot as the street began, and each
live player's equity (a) as the hero saw it: the hero's own cards, every up card, folded
players' up cards dead and their hole cards unseen; and (b) with every card shown or
mucked at the end revealed. The file is also checked against the table rules
(studodds.table): who brought it in and who acted first on each later street.

After a card shortage (eight players on 7th street in seven-card stud) the river is one
community card, face up for everyone (HandHistory.community): 7th street is then replayed
with each player's six own cards and the community card as everyone's seventh, in both
views. First to act on 7th street is judged on the 6th-street up cards, as always. A side
pot's players keep the table's shortage, though their stub alone would hold a river each
(shortage.py).

Five-card stud games (stud5, stud5low, stud5low6, stud5hl) replay the same way on their
streets "2nd".."5th": one hole card, no river. Their bring-in is optional: a hand whose
first round opens with a check or a bet, nobody bringing it in, is checked against the
rule that the best door card acts first.

Hands face up after an all-in: once betting is over for the hand (every live player but
at most one all in, that one having matched), the hands are turned face up, as online rooms
and tournament rules do (a live cash game may keep them down to the showdown); the files
often write the shows only at the showdown. So from the first street that begins with no betting left, the hero's view
holds the cards each live player shows by the end (HandReplay.face_up_from names that
street). All in is read from the file's all-in marks and from the chips put in reaching
the stack; a hand nobody shows stays hidden.

A street on which a live player's up cards are not all known (a broadcast hand history
that did not show them) cannot be asked of the engine: it is left out, and HandReplay.notes says
so; a folded player's unknown up cards are unseen dead cards.

The replay ends with who won what (result.py, HandReplay.result): each pot, its winners
and the hands they showed, the rake, each player's net.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Unpack

from .. import table
from ..cards import card_str
from ..equity import equity
from ..games import get_game
from ..method import Method, MethodOptions
from ..results import EquityResult, PlayerResult
from .chips import shortfall
from .record import HandHistory
from .result import HandResult, hand_result
from .shortage import burns_keeping_the_shortage
from .streets import street_names

# What equity's JSON gives for each player of a split game (hi/lo) besides the equity.
SPLIT_KEYS = ("scoop", "high_win", "high_tie", "low_win", "low_tie")


@dataclass(frozen=True)
class PlayerView:
    name: str
    hero_view: str  # the hand as the hero saw it, in studodds notation
    equity_hero_view: float
    revealed: str  # with the cards shown at the end
    equity_revealed: float
    # Each view's whole answer for the player (win, tie, and in split games the scoop and
    # both halves); the same object in both views when they coincide.
    seen: PlayerResult | None = field(default=None, compare=False, repr=False)
    shown: PlayerResult | None = field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict:
        out = {"name": self.name, "hero_view": self.hero_view,
               "equity_hero_view": self.equity_hero_view, "revealed": self.revealed,
               "equity_revealed": self.equity_revealed}
        for view, result in (("hero_view", self.seen), ("revealed", self.shown)):
            if result is not None and result.high_win is not None:
                out |= {f"{key}_{view}": getattr(result, key) for key in SPLIT_KEYS}
        return out


@dataclass(frozen=True)
class PotShare:
    """One pot as a street begins (the main pot, then side pots when a player is all in)
    and each eligible player's share of it: the equity among only those players, the
    others' cards out of play, in both views."""

    amount: float
    eligible: tuple[str, ...]
    equity_hero_view: tuple[float, ...]  # per eligible player, in seat order
    equity_revealed: tuple[float, ...]

    def to_dict(self) -> dict:
        return {"amount": self.amount, "eligible": list(self.eligible), "players": [
            {"name": name, "equity_hero_view": seen, "equity_revealed": shown}
            for name, seen, shown in zip(self.eligible, self.equity_hero_view,
                                         self.equity_revealed, strict=True)
        ]}


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
    # Both views hold the same cards (nobody's hidden cards but the hero's are known):
    # the odds were asked once, and the revealed numbers are the hero's view's.
    views_coincide: bool = False
    # Split games with a qualifier: how often nobody makes a low, in each view.
    no_low_hero_view: float | None = None
    no_low_revealed: float | None = None
    # The pots as the street begins: one, or a main pot and side pots after an all-in.
    pots: tuple[PotShare, ...] = ()


@dataclass(frozen=True)
class HandReplay:
    hand_id: str
    game: str
    hero: str | None
    streets: tuple[StreetReplay, ...]
    rule_problems: tuple[str, ...]
    warnings: tuple[str, ...] = field(default=())
    room: str | None = None  # who wrote the hand history
    # What the reader is told about the replay: what it could not do ("3rd street is not
    # replayed: ..."), and from which street the hands were face up after an all-in.
    notes: tuple[str, ...] = field(default=())
    # The first street replayed on which the hero's view shows other players' hands
    # because they were turned face up after an all-in ("6th"), else None.
    face_up_from: str | None = None
    # Who won what at the end of the hand (result.py).
    result: HandResult | None = None
    # When the hand was played (HandHistory.played_at), None when the file gives no date.
    played_at: str | None = None

    def to_dict(self) -> dict:
        out: dict[str, Any] = {
            "hand_id": self.hand_id, "room": self.room, "played_at": self.played_at,
            "game": self.game, "hero": self.hero,
            "streets": [_street_dict(s) for s in self.streets],
            "rule_problems": list(self.rule_problems),
            "warnings": list(self.warnings),
        }
        if self.notes:
            out["notes"] = list(self.notes)
        if self.face_up_from is not None:
            out["face_up_from"] = self.face_up_from
        if self.result is not None:
            out["result"] = self.result.to_dict()
        return out


def _street_dict(s: StreetReplay) -> dict:
    out = {"street": s.street, "pot": s.pot, "method": s.method,
           "community_card": s.community_card}
    if s.community is not None:
        out["community"] = s.community
    out |= {"dead": s.dead_hero_view, "views_coincide": s.views_coincide}
    if s.no_low_hero_view is not None:
        out |= {"no_low_hero_view": s.no_low_hero_view, "no_low_revealed": s.no_low_revealed}
    out |= {"players": [p.to_dict() for p in s.players],
            "pots": [pot.to_dict() for pot in s.pots]}
    return out


def _cards(cards) -> str:
    return " ".join(card_str(c) for c in cards)


def _up_count(game, street_index: int) -> int:
    """Up cards each player shows on the street (7th street: the 6th street's four)."""
    return sum(street.up for street in game.streets[: street_index + 1])


def _river_street(game) -> int | None:
    """The index of the street that deals a last down card (7th street), if any."""
    last = len(game.streets) - 1
    return last if last > 0 and game.streets[last].down else None


def _known_hole(hh: HandHistory, game, name: str, street_index: int) -> tuple[tuple, tuple]:
    """A player's hole cards and river as the file knows them at the end: the file's hero
    was dealt them, others only if they showed or mucked face up. Unknown: empty."""
    holes = game.hole_cards
    if name == hh.hero and hh.hero_cards:
        hole, river = hh.hero_cards[:holes], hh.hero_cards[game.hand_size - 1:game.hand_size]
    elif name in hh.shown:
        up = set(hh.up_cards.get(name, ()))
        hidden = [c for c in hh.shown[name] if c not in up]
        hole, river = tuple(hidden[:holes]), tuple(hidden[holes:holes + 1])
    else:
        return (), ()
    return hole, river if street_index == _river_street(game) else ()


def _hand_text(game, hole, up, river, street_index: int, community: bool = False) -> str:
    """Studodds notation; unknown hole or river cards written x. With a community card on
    7th street the hand is the six own cards, no river group."""
    holes = game.hole_cards
    hole_text = _cards(hole) if len(hole) == holes else " ".join(["x"] * holes)
    text = f"({hole_text}) {_cards(up)}"
    if street_index == _river_street(game) and not community:
        text += f" ({_cards(river) if river else 'x'})"
    return text


def _out_of_play(game, hole, up, river, street_index: int, community: bool) -> list[str]:
    """A hand's cards as dead cards (an unknown one is x): for a player left out of a side
    pot, whose cards are in nobody's hand there."""
    tokens = [card_str(c) for c in up] + [card_str(c) for c in hole]
    tokens += ["x"] * (game.hole_cards - len(hole))
    if street_index == _river_street(game) and not community:
        tokens += [card_str(c) for c in river] or ["x"]
    return tokens


def _pot_before(hh: HandHistory, street_index: int) -> float:
    """Chips in the pot as the street begins: antes and every earlier street's bets, less
    any uncalled bet returned on those streets."""
    return round(sum(put_in_before(hh, street_index).values()), 2)


def put_in_before(hh: HandHistory, street_index: int) -> dict[str, float]:
    """What each player has in the pot as the street begins (antes, earlier streets' bets,
    less what was returned to them)."""
    out = dict.fromkeys(hh.players, 0.0)
    for i, street in enumerate(hh.streets[: street_index + 1]):
        for a in street.actions:
            if a.player in out and (i < street_index or a.kind == "ante"):
                out[a.player] += a.amount
    earlier = {street.name for street in hh.streets[:street_index]}
    for street_name, name, amount in hh.returned:
        if street_name in earlier and name in out:
            out[name] -= amount
    return out


def _all_in_before(hh: HandHistory, street_index: int) -> set[str]:
    """Players all in as the street begins: marked all in by the file on an earlier
    street (or on this street's ante), or whose chips in the pot reach their stack (some
    rooms write no all-in mark)."""
    marked = {
        a.player
        for i, street in enumerate(hh.streets[: street_index + 1])
        for a in street.actions
        if a.all_in and (i < street_index or a.kind == "ante")
    }
    put_in = put_in_before(hh, street_index)
    broke = {name for name, chips in put_in.items()
             if hh.stacks.get(name, 0) > 0 and chips >= hh.stacks[name] - 1e-9}
    return marked | broke


def _betting_over_from(hh: HandHistory) -> int | None:
    """The index of the first street that begins with no betting left in the hand: two
    or more live players, all of them but at most one all in (the last one has matched:
    the round before ended). From then on the hands are face up at the table. None when
    betting went on to the end."""
    for s in range(len(hh.streets)):
        live = hh.live_players(s)
        if len(live) < 2:
            return None
        all_in = _all_in_before(hh, s)
        if sum(name not in all_in for name in live) <= 1:
            return s
    return None


def _pots(hh: HandHistory, street_index: int, live: tuple[str, ...]) -> list[table.Pot]:
    """The main pot and the side pots as the street begins, as the table rules split them
    (table.BettingRound.pots): a player all in for less cannot win the chips above it."""
    put_in = put_in_before(hh, street_index)
    folded = [round(put_in[name], 2) for name in hh.players if name not in live]
    posted = [round(put_in[name], 2) for name in live]
    if (any(x < 0 for x in posted + folded)
            or shortfall(hh, put_in, live, lambda: _all_in_before(hh, street_index))):
        # A file that adds up wrong, or a call on a line ignored (not an all-in:
        # chips.shortfall): one pot (a Decimal, as the table's amounts are).
        return [table.Pot(Decimal(repr(round(sum(posted + folded), 2))), live)]
    # Stakes and stacks (chips behind) do not change how the chips already in are split.
    stakes = table.Stakes(ante=0, bring_in=1, small_bet=1, big_bet=1)
    betting = table.BettingRound(hh.game, street_index, stakes, live, [1] * len(live),
                                 posted=posted, dead=folded)
    return betting.pots()


@dataclass(frozen=True)
class SeenCards:
    """The cards as one player saw them at a moment of a street: each live player's hand
    in studodds notation (seat order; unseen hole cards x) and the dead cards (the folded
    players' up cards; their hole cards unseen, x). community: the 7th-street community
    card after a shortage, else None. None from seen_at when a live player's up cards are
    not all in the file."""

    names: tuple[str, ...]
    hands: tuple[str, ...]
    dead: tuple[str, ...]
    community: str | None = None


def seen_at(hh: HandHistory, viewer: str, street_index: int,
            live: tuple[str, ...]) -> SeenCards | None:
    """The cards ``viewer`` saw on street ``street_index`` with ``live`` still in (the
    players who folded earlier on the street are out): the hero's view of replay_hand,
    which is this at the street's start. Once the hands are face up after an all-in the
    hole cards shown down are seen too."""
    game = get_game(hh.game)
    names_of = street_names(game.id)
    s = street_index
    n_up = _up_count(game, s)
    if any(len(hh.up_cards.get(n, ())) < n_up for n in live):
        return None
    community = (card_str(hh.community)
                 if s == _river_street(game) and hh.community is not None else None)
    face_up = _betting_over_from(hh)
    names, hands, dead, unseen = [], [], [], 0
    for name in hh.players:
        up = hh.up_cards.get(name, ())[:n_up]
        hole, river = _known_hole(hh, game, name, s)
        if name in live:
            tabled = face_up is not None and s >= face_up and name in hh.shown
            if not (name == viewer or tabled):
                hole, river = (), ()
            names.append(name)
            hands.append(_hand_text(game, hole, up, river, s, community is not None))
            continue
        folded = hh.folded_on(name)
        n_folded_up = _up_count(game, names_of.index(folded)) if folded in names_of else n_up
        seen_up = hh.up_cards.get(name, ())[:n_folded_up]
        dead += [card_str(c) for c in seen_up]
        unseen += n_folded_up - len(seen_up)
        if name == viewer and len(hole) == game.hole_cards:
            dead += [card_str(c) for c in hole]  # the viewer's own folded hand
        else:
            unseen += game.hole_cards
    return SeenCards(tuple(names), tuple(hands), tuple(dead + ["x"] * unseen), community)


def replay_hand(hh: HandHistory, *, hero: str | None = None, method: Method | None = None,
                **options: Unpack[MethodOptions]) -> HandReplay:
    """Every street of one hand: pot, live players, equity as the hero saw it and revealed.

    method (or its fields as keywords, as for equity()): exact when cheap, else sampled;
    the seed is 1 unless given, one for the whole hand, so a replay is repeatable.
    The same question is asked of the engine once: where both views hold the same cards
    (or a side pot's players are all the live players) the answer is shared."""
    method = Method.of(method, options)
    if method.seed is None:
        method = method.replace(seed=1)
    game = get_game(hh.game)
    names_of = street_names(game.id)
    hero = hero or hh.hero
    if not hh.up_cards and not hh.hero_cards:
        # Some rooms (Everleaf) write no cards before the showdown: no odds to give.
        raise ValueError("the file gives nobody's cards before the showdown, so there are "
                         "no odds street by street")
    streets = []
    notes = []
    face_up_from = None
    answers: dict[tuple, EquityResult] = {}
    face_up = _betting_over_from(hh)

    def ask(hands: list[str], dead: list[str], community: str | None) -> EquityResult:
        key = (tuple(hands), tuple(dead), community)
        if key not in answers:
            answers[key] = equity(game, hands, " ".join(dead), community=community,
                                  method=method)
        return answers[key]

    for s, street in enumerate(hh.streets):
        live = hh.live_players(s)
        if len(live) < 2:
            break
        n_up = _up_count(game, s)
        unknown = [n for n in live if len(hh.up_cards.get(n, ())) < n_up]
        if unknown:
            notes.append(f"{names_of[s]} street is not replayed: the file does not show "
                         f"every up card of {', '.join(unknown)}")
            continue
        # 7th street after a card shortage: the community card is everyone's seventh.
        community = (card_str(hh.community)
                     if s == _river_street(game) and hh.community is not None else None)
        shared = community is not None
        # Per live player: (hand text, cards out of play when left out of a side pot).
        hero_hands: dict[str, tuple[str, list[str]]] = {}
        revealed_hands: dict[str, tuple[str, list[str]]] = {}
        dead_seen, dead_unseen, revealed_dead, revealed_unseen = [], 0, [], 0
        face_up_here = False  # another player's hole cards seen face up on this street
        for _, name in hh.seats:
            up = hh.up_cards.get(name, ())[:n_up]
            hole, river = _known_hole(hh, game, name, s)
            seen_by_hero = name == hero  # the viewer knows only their own hole cards
            if name in live:
                # ... and, once the hands are face up after an all-in, every hand shown.
                tabled = face_up is not None and s >= face_up and name in hh.shown
                hole_seen, river_seen = (hole, river) if seen_by_hero or tabled else ((), ())
                face_up_here |= tabled and not seen_by_hero and bool(hole)
                hero_hands[name] = (_hand_text(game, hole_seen, up, river_seen, s, shared),
                                    _out_of_play(game, hole_seen, up, river_seen, s, shared))
                revealed_hands[name] = (_hand_text(game, hole, up, river, s, shared),
                                        _out_of_play(game, hole, up, river, s, shared))
                continue
            folded = hh.folded_on(name)
            n_folded_up = _up_count(game, names_of.index(folded)) if folded in names_of else n_up
            seen_up = hh.up_cards.get(name, ())[:n_folded_up]
            dead_seen += [card_str(c) for c in seen_up]
            revealed_dead += [card_str(c) for c in seen_up]
            # An up card the file does not show (a broadcast's): unseen, in both views.
            dead_unseen += n_folded_up - len(seen_up)
            revealed_unseen += n_folded_up - len(seen_up)
            if seen_by_hero and len(hole) == game.hole_cards:
                dead_seen += [card_str(c) for c in hole]
            else:
                dead_unseen += game.hole_cards
            # Revealed: a folded hole card stays unseen unless the file shows it.
            revealed_dead += [card_str(c) for c in hole]
            revealed_unseen += game.hole_cards - len(hole)
        dead = dead_seen + ["x"] * dead_unseen
        dead_revealed = revealed_dead + ["x"] * revealed_unseen
        if shared and _community_misdealt(game, len(live), len(dead)):
            break  # check_rules reports it; the engine has no such table
        names = [n for _, n in hh.seats if n in live]
        seen = ask([hero_hands[n][0] for n in names], dead, community)
        shown = ask([revealed_hands[n][0] for n in names], dead_revealed, community)
        players = tuple(
            PlayerView(name, hero_hands[name][0], seen.players[i].equity,
                       revealed_hands[name][0], shown.players[i].equity,
                       seen.players[i], shown.players[i])
            for i, name in enumerate(names)
        )
        pots = []
        for pot in _pots(hh, s, tuple(names)):
            shares: list[tuple[float, ...]] = []
            for view, base, result in ((hero_hands, dead, seen),
                                       (revealed_hands, dead_revealed, shown)):
                if len(pot.eligible) == 1:
                    shares.append((1.0,))  # chips only this player put in or can win
                    continue
                if len(pot.eligible) == len(names):
                    shares.append(tuple(p.equity for p in result.players))
                    continue
                out = [card for n in names if n not in pot.eligible for card in view[n][1]]
                if seen.community_card:  # every live player is dealt in: the shortage holds
                    out += burns_keeping_the_shortage(len(pot.eligible), len(base + out))
                part = ask([view[n][0] for n in pot.eligible], base + out, community)
                shares.append(tuple(p.equity for p in part.players))
            pots.append(PotShare(round(float(pot.amount), 2), tuple(pot.eligible), *shares))
        streets.append(StreetReplay(
            names_of[s], _pot_before(hh, s), players, " ".join(dead), seen.method,
            seen.community_card, seen.community, views_coincide=seen is shown,
            no_low_hero_view=seen.no_low, no_low_revealed=shown.no_low, pots=tuple(pots),
        ))
        if face_up_here and face_up_from is None:
            face_up_from = names_of[s]
    if face_up_from is not None:
        notes.append(f"hands face up from {face_up_from} street: a player is all in and "
                     "nobody is left to bet, so from then on the hero's view shows the hole "
                     "cards shown down")
    if not streets and notes:
        # PartyPoker writes only the hero's cards: nothing to give odds on, street by street.
        raise ValueError("the file writes only the hero's cards and the cards shown down, "
                         "not the other players' up cards: no odds street by street")
    return HandReplay(hh.hand_id, hh.game, hero, tuple(streets), check_rules(hh), hh.warnings,
                      hh.room, tuple(notes), face_up_from, hand_result(hh), hh.played_at)


def _community_misdealt(game, n_live: int, n_dead: int) -> bool:
    """Whether a community river breaks the rules: the game never turns one, or the stub
    (52 less six cards per live player and the folded players' cards) would have held a
    river for every player."""
    return not game.community_card_rule or 52 - 6 * n_live - n_dead >= n_live


def _folded_cards(hh: HandHistory, live: tuple[str, ...]) -> int:
    """Cards the players folded before 7th street were dealt: their up cards and two hole
    cards (none of them is left in the stub)."""
    game = get_game(hh.game)
    names_of = street_names(game.id)
    total = 0
    for name in hh.players:
        if name in live:
            continue
        folded = hh.folded_on(name)
        n_up = _up_count(game, names_of.index(folded) if folded in names_of else
                         len(names_of) - 1)
        total += game.hole_cards + min(len(hh.up_cards.get(name, ())), n_up)
    return total


def check_rules(hh: HandHistory) -> tuple[str, ...]:
    """Who brought it in and who acted first on each later street, against the table rules."""
    game = get_game(hh.game)
    names_of = street_names(game.id)
    problems = []
    names = [name for _, name in hh.seats]
    if not hh.streets:
        return ()
    third = hh.streets[0]
    doors = [hh.up_cards[name][0] for name in names if hh.up_cards.get(name)]
    with_door = [name for name in names if hh.up_cards.get(name)]
    # The bring-in player acts first on 3rd street, whether they bring it in or complete
    # (written "bets" or "raises ... to" in some files). A player whose door card the file
    # does not show cannot be judged.
    first = next((a for a in third.actions if a.kind != "ante"), None)
    if first is not None and len(doors) >= 2 and first.player in with_door:
        if _without_bring_in(game, hh, first):
            seat = table.first_to_act_first_round(game, doors, bring_in=False)
            expected = with_door[seat]
            if first.player != expected:
                problems.append(_no_bring_in_problem(game, names_of[0], first.player,
                                                     expected, with_door, doors))
        else:
            seat = table.bring_in(game, doors)
            expected = with_door[seat]
            if first.player != expected:
                problems.append(_bring_in_problem(game, names_of[0], first.player, expected,
                                                  with_door, doors))
    if hh.community is not None and len(hh.streets) == len(names_of):
        live = hh.live_players(len(names_of) - 1)
        if not game.community_card_rule:
            problems.append(f"{names_of[-1]} street: a community card "
                            f"({card_str(hh.community)}) was "
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
        n_up = _up_count(game, s)
        boards = [None if name in all_in else hh.up_cards.get(name, ())[:n_up]
                  for name in live]
        if any(b is not None and len(b) < n_up for b in boards):
            continue  # a board the file does not show: who should act cannot be told
        if sum(b is not None for b in boards) < 2:
            continue
        expected = live[table.first_to_act(game, boards)]
        if actions[0].player != expected:
            problems.append(_order_problem(game, names_of[s], actions[0].player,
                                           expected, live, boards))
    return tuple(problems)


def _without_bring_in(game, hh: HandHistory, first) -> bool:
    """A five-card stud hand played without a bring-in: nobody brought it in and the first
    round opened with a check or a bet (a completion answers a bring-in)."""
    return (game.hand_size == 5 and first.kind in ("check", "bet")
            and not any(a.kind == "bring-in" for a in hh.streets[0].actions))


def _no_bring_in_problem(game, street: str, actor: str, expected: str, names: list[str],
                         doors: list) -> str:
    """Who opened a round without a bring-in against who should have: the best door card."""
    door = dict(zip(names, doors, strict=True))
    best = "lowest" if game.order == "low" else "highest"
    text = (f"{street} street: {actor} acted first, but {expected} should have: without a "
            f"bring-in the best door card acts first, and {expected}'s "
            f"{card_str(door[expected])} is the {best}")
    if actor in door and door[actor] // 4 == door[expected] // 4:
        text += (" (the ranks tie: the lower suit acts first, clubs lowest)" if best ==
                 "lowest" else " (the ranks tie: the higher suit acts first, spades highest)")
    return text


def _bring_in_problem(game, street: str, actor: str, expected: str, names: list[str],
                      doors: list) -> str:
    """Who brought it in against who should have, and why, as a dealer would say it."""
    door = dict(zip(names, doors, strict=True))
    low = game.order == "low"
    text = (f"{street} street: {actor} brought it in, but {expected} should have: "
            f"{expected}'s {card_str(door[expected])} is the {'highest' if low else 'lowest'} "
            "door card")
    if actor in door and door[actor] // 4 == door[expected] // 4:  # same rank: the suit
        text += (" (the ranks tie: the higher suit brings it in, spades highest, then hearts, "
                 "diamonds, clubs)" if low else " (the ranks tie: the lower suit brings it in, "
                 "clubs lowest, then diamonds, hearts, spades)")
    return text


def _order_problem(game, street: str, actor: str, expected: str, live, boards) -> str:
    """Who acted first against who should have: the best board showing (high, or low in
    the games played in the low order) acts first; on a tie, the player closest to the
    dealer's left."""
    board = dict(zip(live, boards, strict=True))
    best = "best low board" if game.order == "low" else "best board"
    text = (f"{street} street: {actor} acted first, but {expected} should have: "
            f"{expected}'s {_cards(board[expected])} is the {best} showing")
    if board.get(actor) is not None:
        text += f" ({actor}'s board: {_cards(board[actor])})"
        if table.showing_strength(game, board[actor]) == table.showing_strength(
                game, board[expected]):
            text = text[:-1] + (f": the boards tie and {expected} sits closer to the "
                                "dealer's left)")
    return text
