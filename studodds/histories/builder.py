"""The one hand builder every line-reading room uses: a reader turns its room's lines into
calls here (a seat, an ante, a street, cards dealt, an action, a bet returned, chips won,
cards shown) and :meth:`HandBuilder.build` gives the one hand record (record.py). The rooms
differ in their words and in a few habits, given to the builder as options; the stud they
write down is the same, so the bookkeeping is written once.

The record's conventions:
- antes are the first actions of the first street and do not count towards its bets;
- an action's ``amount`` is the chips it puts in, ``to`` the street's total after a
  complete or a raise; on the first street the first bet over the bring-in is the complete,
  whatever word the room uses for it, unless the bring-in was of the whole small bet;
- every card of a player is kept in the order dealt, None for one the file hides (another
  player's hole card, the river); an up card is never hidden except in rooms that write
  nobody's up cards but the hero's (``hidden_up_cards``);
- the hero is the player the file marks, else the one player whose first-street hole cards
  it gives; another player's hole cards that the file gives count as shown;
- a bet nobody called goes back to its bettor: as the file says ("Uncalled bet returned"),
  or, for rooms that do not write it, found the way a dealer does (:meth:`settle_uncalled`);
  rooms that report winnings with the return inside give them to :meth:`win`;
- a card that is no card (BadCard) cuts the hand short: :meth:`build_cut` keeps the streets
  read to their end before it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import TypeVar

from ..cards import card_str
from .amounts import AmountError
from .dates import BadDate, header_date
from .record import Action, BadCard, HandError, HandHistory, ParseProblem, Street
from .streets import down_positions, first_street, five_card, street_names

# The owner of a community card in HandBuilder.owner (no name starts with a NUL).
COMMUNITY = "\0community"

_BETS = ("complete", "bet", "raise")


@dataclasses.dataclass
class _Street:
    name: str
    dealt: dict[str, list[int]]  # the known cards each player got on this street
    actions: list[Action]
    committed: dict[str, float]  # each player's bets on this street, antes not counted


class HandBuilder:
    """One hand, fed fact by fact in the order of play. Every method may raise HandError
    (or BadCard); ``line`` is always the 1-based line of the file the fact comes from.

    Options (a room's habits): ``hidden_up_cards``: the room writes nobody's up cards but
    the hero's; ``needs_summary``: the summary a hand without is truncated, in the room's
    words (rooms that always write one); ``opens_first_street``: cards or actions before any street header
    open the first street (rooms that write no header for it); ``uncalled``: how a bet
    nobody called comes back: "written" (the file says so), "settle" (found on every
    street, rooms that never write it), "last" (found on the last street with bets only);
    ``pot_from_chips``: the pot is what was put in less the returns, the rake what the
    winners did not get (rooms that write no total); ``broadcast``: a televised hand (PHH):
    no hero, every card the file gives was seen dealt, the players in the file's order
    rather than by seat number; ``cards_from_shown``: the room may write no card dealt at
    all (Winamax's export layout), and lists a player's cards shown in the order dealt: a
    hand without a card dealt takes each whole hand shown as dealt, the up cards face up
    and the down cards face down."""

    def __init__(self, room: str, hand_id: str, line: int, game: str, small_bet: float = 0.0,
                 big_bet: float = 0.0, *, tournament: str | None = None, mix: str | None = None,
                 hidden_up_cards: bool = False, needs_summary: str | None = None,
                 opens_first_street: bool = False, uncalled: str = "written",
                 pot_from_chips: bool = False, broadcast: bool = False,
                 cards_from_shown: bool = False):
        self.room, self.hand_id, self.header_line = room, hand_id, line
        self.game, self.small_bet, self.big_bet = game, small_bet, big_bet
        self.tournament, self.mix = tournament, mix
        self.ante_size: float | None = None  # the ante the header states, if no one posts
        self.hidden_up_cards = hidden_up_cards
        self.needs_summary = needs_summary
        self.opens_first_street = opens_first_street
        self.uncalled_mode = uncalled
        self.pot_from_chips = pot_from_chips
        self.broadcast = broadcast
        self.cards_from_shown = cards_from_shown
        # Each player's total put in as the file states it, compared with the actions.
        self.stated_put_in: dict[str, float] | None = None
        self.order = street_names(game)
        self.five = five_card(game)
        self.down_at = down_positions(game)
        self.first_cards = first_street(game).down + first_street(game).up
        self.seats: list[tuple[int, str]] = []
        self.stacks: dict[str, float] = {}
        self.names: list[str] = []  # longest first, to match a line's leading name
        self.marked_hero: str | None = None
        self.antes: list[Action] = []
        self.streets: list[_Street] = []
        self.section = "seats"  # seats -> street -> showdown -> summary
        self.dealt: dict[str, list[int | None]] = {}  # every card, in the order dealt
        self.hole_given: set[str] = set()  # players whose hole cards the file gives
        self.owner: dict[int, str] = {}
        self.community: int | None = None
        self.shown: dict[str, tuple[int, ...]] = {}
        self.collected: dict[str, float] = {}
        self.won: dict[str, float] = {}  # winnings with the uncalled bet inside
        self.summary_won: dict[str, float] = {}  # used when no pot is collected otherwise
        self.uncalled: dict[str, float] = {}
        self.returned: list[tuple[str, str, float]] = []
        self.total_pot: float | None = None
        self.rake: float | None = None
        self.warnings: list[str] = []
        self.played_at: str | None = None
        self.saw_summary = False
        # For a hand cut short by a bad card: the streets read to their end, and the cards
        # shown before the street in progress began.
        self.complete = 0
        self.shown_before_street: dict[str, tuple[int, ...]] = {}
        self.trimmed = False  # cut back to the streets before a bad card

    # -- who is at the table
    def seat(self, line: int, seat: int, name: str, stack: float) -> None:
        if name in self.stacks:
            raise HandError(line, f"player {name!r} is seated twice")
        self.seats.append((seat, name))
        self.stacks[name] = stack
        self.names = sorted(self.stacks, key=len, reverse=True)

    def known(self, name: str, line: int) -> str:
        if name not in self.stacks:
            raise HandError(line, f"{name!r} acts or is dealt cards but is not seated")
        return name

    def mark_hero(self, name: str) -> None:
        """The file says whose hand history it is (Bovada's ``[ME]``)."""
        self.marked_hero = name

    def name_prefix(self, line: str, sep: str = " ") -> tuple[str, str] | None:
        """(name, rest) when ``line`` starts with a seated player's name then ``sep``."""
        for name in self.names:
            if line.startswith(name) and line[len(name):].startswith(sep):
                return name, line[len(name) + len(sep):]
        return None

    def warn(self, line: int, text: str) -> None:
        """A line not understood: the hand is kept, the line left out and reported."""
        self.warnings.append(f"line {line}: {text} (line ignored)")

    def doubt(self, line: int, text: str) -> None:
        """A line read, with something the reader could not square (said, not ignored):
        ``text`` says what."""
        self.warnings.append(f"line {line}: {text}")

    def date(self, line: int, text: str,
             read: Callable[[str], str | None] = header_date) -> None:
        """When the hand was played, from the text that holds the room's date (``read``
        finds it: dates.py); a date that is none is said on the hand, which is kept
        without it."""
        try:
            self.played_at = read(text)
        except BadDate as exc:
            self.doubt(line, f"{exc}: the hand is kept without its date")

    # -- streets
    @property
    def current(self) -> _Street:
        return self.streets[-1]

    @property
    def ended(self) -> bool:
        """The showdown or the summary has begun: no more streets."""
        return self.section in ("showdown", "summary")

    def street(self, line: int, name: str | None = None) -> None:
        """The next street begins; ``name``, when the file names it, must be that one."""
        if self.ended:
            raise HandError(line, "a street dealt after the showdown")
        if len(self.streets) >= len(self.order):
            raise HandError(line, f"more streets than {self.order[-1]} street")
        expected = self.order[len(self.streets)]
        if name is not None and name != expected:
            raise HandError(line, f"{name} street out of order (expected {expected} street)")
        self.complete = len(self.streets)
        self.shown_before_street = dict(self.shown)
        self.streets.append(_Street(expected, {}, list(self.antes) if not self.streets else [],
                                    {}))
        self.section = "street"

    def street_started(self) -> bool:
        """Whether the open street has begun: a card dealt or a bet made on it."""
        return bool(self.streets) and (bool(self.current.dealt) or any(
            a.kind != "ante" for a in self.current.actions))

    def _open(self, line: int, what: str) -> None:
        if self.section == "street":
            return
        if self.section == "seats" and self.opens_first_street:
            self.street(line)
            return
        raise HandError(line, f"{what} outside a street")

    def showdown(self) -> None:
        if self.section == "summary":
            return
        self.complete = len(self.streets)
        self.section = "showdown"

    def showdown_unmarked(self) -> None:
        """A show in a room that writes no showdown header: the showdown when it comes on
        the last street (a player all in may show earlier, and the streets go on)."""
        if len(self.streets) == len(self.order):
            self.showdown()

    def summary(self, line: int) -> None:
        if self.section == "summary":
            raise HandError(line, "a second summary")
        self.complete = len(self.streets)
        self.section = "summary"
        self.saw_summary = True

    # -- cards
    def _cards_by(self, k: int) -> int:
        """Cards each player holds once the first ``k`` streets are dealt."""
        return 0 if k == 0 else self.first_cards + k - 1

    def deal(self, line: int, name: str, cards, *, earlier=None, hero: bool = False,
             door_only: bool = False) -> None:
        """Cards dealt to ``name`` on the open street, in the order dealt, None for one the
        file hides; a room may deal a street's cards in one call or one by one.
        ``earlier``: the cards the line repeats from earlier streets, checked against
        what is known. ``hero``: the file deals these face up to its owner.
        ``door_only``: on the first street, the door card alone (the hole cards unseen)."""
        self._open(line, "cards dealt")
        self.known(name, line)
        street = self.current
        k = len(self.streets)
        have = self.dealt.setdefault(name, [])
        if door_only and k == 1 and not have:
            cards = [None] * (self.first_cards - 1) + list(cards)
        if earlier is not None:
            self.check_earlier(line, name, earlier)
        if len(have) < self._cards_by(k - 1):
            raise HandError(line, f"{name} gets {street.name}-street cards without the "
                                  "earlier streets' cards")
        if len(have) + len(cards) > self._cards_by(k):
            if len(have) >= self._cards_by(k):
                raise HandError(line, f"{name} is dealt twice on {street.name} street")
            raise HandError(line, f"{len(cards)} cards dealt to {name} on {street.name} "
                                  f"street")
        if hero:
            if self.marked_hero not in (None, name):
                raise HandError(line, f"two players have their hole cards dealt face up: "
                                      f"{self.marked_hero} and {name}")
            if None in cards:
                raise HandError(line, f"the hero's ({name}) cards are hidden")
            self.marked_hero = name
        known = [c for c in cards if c is not None]
        again = [c for c in known if c in have]
        if again:
            raise HandError(line, f"{card_str(again[0])} is dealt to {name} twice")
        if len(set(known)) != len(known):
            raise HandError(line, f"a card is repeated in {name}'s cards")
        for i, card in enumerate(cards, start=len(have)):
            if card is None and i not in self.down_at and not self.hidden_up_cards:
                raise HandError(line, f"{name}'s up card on {street.name} street is hidden")
        self.claim(known, name, line)
        if any(c is not None for i, c in enumerate(cards, start=len(have)) if i in self.down_at):
            self.hole_given.add(name)
        have.extend(cards)
        if known or self.broadcast:  # a broadcast says who was dealt, even face down
            street.dealt.setdefault(name, []).extend(known)

    def deal_street(self, line: int, name: str, cards, earlier=None) -> None:
        """The cards a line deals ``name`` on the open street, all at once: on the first
        street the hole cards then the door card, or the door card alone; on a later
        street the one new card (the river may be hidden)."""
        first = len(self.streets) == 1 and not self.dealt.get(name)
        door_only = first and len(cards) == 1 and self.first_cards > 1
        if first and not door_only and len(cards) != self.first_cards:
            raise HandError(line, f"{len(cards)} cards dealt on {self.order[0]} street to "
                                  f"{name}")
        self.deal(line, name, cards, earlier=earlier, door_only=door_only)

    def check_earlier(self, line: int, name: str, earlier) -> None:
        have = self.dealt.get(name, [])
        up = {c for i, c in enumerate(have) if i not in self.down_at and c is not None}
        given = {c for c in earlier if c is not None}
        known = {c for c in have if c is not None} | set(self.shown.get(name, ()))
        if not up <= given or not given <= known:
            raise HandError(line, f"{name}'s earlier cards do not match the cards dealt")

    def reveal(self, line: int, name: str, cards) -> bool:
        """``name``'s cards in the order dealt, written face up after the deal: the hidden
        ones are filled in. False (nothing changed) when they do not fit the known ones."""
        have = self.dealt.get(name, [])
        if len(cards) != len(have) or any(
                h is not None and h != c for h, c in zip(have, cards, strict=True)):
            return False
        self.claim([c for h, c in zip(have, cards, strict=True) if h is None], name, line)
        self.dealt[name] = list(cards)
        return True

    def fill(self, line: int, name: str, cards: dict[int, int]) -> None:
        """Cards of ``name`` the file shows after dealing them face down: {position in the
        order dealt: card}. A card that contradicts the one dealt there is a HandError."""
        have = self.dealt.get(name, [])
        for k, card in sorted(cards.items()):
            dealt_there = have[k]
            if dealt_there is None:
                self.claim([card], name, line)
                have[k] = card
            elif dealt_there != card:
                raise HandError(line, f"{name} shows {card_str(card)} where "
                                      f"{card_str(dealt_there)} was dealt")
        if self._hole_known(name):
            self.hole_given.add(name)

    def turn_community(self, line: int, card: int) -> None:
        """The river as one community card (a card shortage), nobody's own."""
        self.claim((card,), COMMUNITY, line)
        self.community = card

    def show(self, line: int, name: str, cards) -> None:
        """Cards ``name`` turns face up (shows, or mucks face up; hidden ones left out);
        the longest list seen is kept."""
        self.known(name, line)
        got = tuple(c for c in cards if c is not None)
        if not got:
            return
        self.claim(got, name, line)
        before = set(self.shown.get(name, ()))
        if not (before <= set(got) or set(got) <= before):
            raise HandError(line, f"{name}'s shown cards disagree with the cards shown before")
        if len(got) > len(before):
            self.shown[name] = got

    def claim(self, cards, name: str, line: int) -> None:
        """``cards`` are ``name``'s; a card already seen with another player is an error."""
        for card in cards:
            other = self.owner.setdefault(card, name)
            if other != name:
                if COMMUNITY in (other, name):
                    player = name if other == COMMUNITY else other
                    raise HandError(line, f"{card_str(card)} is the community card and "
                                          f"also {player}'s own card")
                raise HandError(line, f"{card_str(card)} is dealt to both {other} and {name}")

    # -- chips
    def ante(self, line: int, name: str, chips: float, all_in: bool = False) -> None:
        action = Action(self.known(name, line), "ante", chips, None, all_in)
        if self.streets:
            self.current.actions.append(action)  # a late ante: kept where it appears
        else:
            self.antes.append(action)

    def act(self, line: int, name: str, kind: str, chips: float | None = None, *,
            put_in: float | None = None, to: float | None = None,
            all_in: bool = False) -> None:
        """A betting action on the open street: ``put_in`` the chips it adds, or ``to``
        the player's total on the street after it (one of the two is enough). ``chips``
        as most rooms write it: the total of a raise or complete ("raises to 4"), what
        any other action puts in ("calls 2")."""
        if chips is not None:
            if kind in ("raise", "complete"):
                to = chips
            else:
                put_in = chips
        if self.ended:
            raise HandError(line, f"{name} acts after the showdown")
        self._open(line, f"{name} acts")
        self.known(name, line)
        street = self.current
        before = street.committed.get(name, 0.0)
        if kind in ("check", "fold"):
            put_in, to = 0.0, None
        elif to is not None:
            put_in = round(to - before, 10)
            if put_in < 0:
                raise HandError(line, f"{name} {kind}s to less than already put in")
        put_in = put_in or 0.0
        if put_in < 0:
            raise HandError(line, f"{name} puts in a negative amount")
        if kind in ("bet", "raise") and len(self.streets) == 1 and not any(
                a.kind in _BETS or self._full_bring_in(a) for a in street.actions):
            kind = "complete"  # the first bet over the bring-in, whatever its word
        to = round(before + put_in, 10) if kind in ("raise", "complete") else None
        street.committed[name] = round(before + put_in, 10)
        street.actions.append(Action(name, kind, put_in, to, all_in))

    def stakes_from_actions(self, line: int, where: str) -> bool:
        """For a hand whose file names no stakes (some tournaments write only the level):
        the fixed-limit bets read from the betting. The small bet is what a complete makes
        it on the first street (else the smallest bet on the second), the big bet the first
        bet of a later street (else twice the small bet); all-ins for less are left out.
        ``where``: where the file should have named them, for the error when the hand has
        neither (over at the bring-in). Returns whether the betting tells them for sure:
        not when only a second-street bet does and an open pair there allowed the big bet
        (a reader that can, takes another hand's level instead)."""
        def bets(index: int, kind: str) -> list[float]:
            street = self.streets[index] if index < len(self.streets) else None
            sizes = [a.to if kind == "complete" else a.amount for a in
                     (street.actions if street else ()) if a.kind == kind and not a.all_in]
            return [s for s in sizes if s is not None]  # all: act gives a complete its total

        completes = bets(0, "complete")
        later = [b for i in range(2, len(self.streets)) for b in bets(i, "bet")]
        small = completes[0] if completes else None
        big = later[0] if later else None
        sure = True
        if small is None and bets(1, "bet"):
            small = min(bets(1, "bet"))
            if big is not None and small >= big - 1e-9:  # a double bet on an open pair
                small = big / 2
            elif big is None and self._open_pair():
                sure = False  # the bet may be the big bet
        if small is None and big is None:
            raise HandError(line, f"no stakes (small bet/big bet) {where}, and no complete "
                                  "or bet in the hand to tell them")
        if small is None:
            assert big is not None  # one of the two is known: checked above
            small = big / 2
        elif big is None:
            big = 2 * small
        self.small_bet, self.big_bet = small, big
        return sure

    def _open_pair(self) -> bool:
        """A player's first two up cards pair (the second street may be bet big)."""
        return any(len(up) >= 2 and up[0] // 4 == up[1] // 4
                   for up in map(self.up_cards, self.dealt))

    def _full_bring_in(self, action: Action) -> bool:
        """A bring-in of the whole small bet (Ongame's "big bring in"): it is the complete
        already, and the next bet over it a raise."""
        return (action.kind == "bring-in" and self.small_bet > 0
                and action.amount >= self.small_bet - 1e-9)

    def put_in(self) -> float:
        """Chips put in so far by everyone, antes included, before any return."""
        return sum(a.amount for s in self.streets for a in s.actions)

    def top_bet(self) -> float:
        """The highest total anyone has put in on the open street."""
        return max(self.current.committed.values(), default=0.0) if self.streets else 0.0

    def committed(self, name: str) -> float:
        """What ``name`` has put in on the open street."""
        return self.current.committed.get(name, 0.0) if self.streets else 0.0

    def outstanding(self, name: str) -> float:
        """What ``name`` must add to call the biggest bet of the street."""
        return round(self.top_bet() - self.committed(name), 10)

    def return_uncalled(self, line: int, name: str, chips: float) -> None:
        """"Uncalled bet (X) returned to NAME", as the file writes it."""
        self.known(name, line)
        street = self.current.name if self.streets else self.order[0]
        self.uncalled[name] = round(self.uncalled.get(name, 0.0) + chips, 10)
        self.returned.append((street, name, chips))

    def settle_uncalled(self, *, last_street_only: bool = False) -> float:
        """For rooms that do not write the uncalled bet returned: on a street, a bet nobody
        matched (everyone else folded, or was all in for less) goes back to the bettor, by
        how much it tops the next biggest bet of the street. ``last_street_only``: only on
        the last street with bets (rooms whose all-ins for less show it otherwise).
        Returns the chips it gave back."""
        if self.returned:
            return 0.0  # the file says what went back
        back = 0.0
        for street, name, chips in self.unmatched_bets(last_street_only=last_street_only):
            self.uncalled[name] = round(self.uncalled.get(name, 0.0) + chips, 10)
            self.returned.append((street, name, chips))
            back += chips
        return back

    def unmatched_bets(self, *, last_street_only: bool = False) -> list[tuple[str, str, float]]:
        """(street, bettor, chips) of each bet nobody matched, as settle_uncalled finds
        them, without recording them."""
        out = []
        for street in reversed(self.streets) if last_street_only else self.streets:
            excess = _unmatched(street.actions)
            if excess is None:
                continue
            if excess[1] > 1e-9:
                out.append((street.name, *excess))
            if last_street_only:
                break
        return out

    def collect(self, line: int, name: str, chips: float) -> None:
        """Chips won from the pot, no uncalled bet in them."""
        self.known(name, line)
        self.collected[name] = round(self.collected.get(name, 0.0) + chips, 10)

    def win(self, line: int, name: str, chips: float) -> None:
        """Winnings as a room reports them with the uncalled bet returned inside: the
        builder finds the return itself (settle_uncalled) and keeps the rest as collected."""
        self.known(name, line)
        self.won[name] = round(self.won.get(name, 0.0) + chips, 10)

    # -- the record
    def dealt_in(self) -> set[str]:
        """Players dealt in: dealt a card on the first street, or acting on it."""
        if not self.streets:
            return set()
        first = {name for name, cards in self.dealt.items() if cards}
        return first or {a.player for a in self.streets[0].actions}

    def hero(self, line: int, dealt_in: set[str]) -> str | None:
        if self.broadcast:
            return None
        if self.marked_hero is not None:
            return self.marked_hero if self.marked_hero in dealt_in else None
        heroes = [name for _, name in sorted(self.seats)
                  if name in dealt_in and self._hole_known(name)]
        if len(heroes) > 1:
            raise HandError(line, "two players have their hole cards given: "
                                  f"{', '.join(heroes)}: whose hand history is it?")
        return heroes[0] if heroes else None

    def up_cards(self, name: str) -> tuple[int, ...]:
        """``name``'s up cards, up to the first the file hides."""
        out = []
        for i, card in enumerate(self.dealt.get(name, ())):
            if i in self.down_at:
                continue
            if card is None:
                break
            out.append(card)
        return tuple(out)

    def _shown_with_dealt(self, hero: str | None) -> dict[str, tuple[int, ...]]:
        """The cards shown, with another player's hole cards the file deals face up
        counted as shown (hole, up and river in the order dealt, merged with a show)."""
        shown = dict(self.shown)
        for name, cards in self.dealt.items():
            if name == hero or name not in self.hole_given or self.trimmed:
                continue
            up = set(self.up_cards(name))
            down = [c for i, c in enumerate(cards) if i in self.down_at]
            extra = [c for c in shown.get(name, ()) if c not in up and c not in down]
            merged = [c if c is not None else (extra.pop(0) if extra else None) for c in cards]
            # Up cards after one the file hides are left out, as from up_cards: readers take
            # the shown cards less the up cards for the down cards.
            kept = tuple(c for i, c in enumerate(merged) if c is not None
                         and (i in self.down_at or c in up))
            if len(kept) >= len(shown.get(name, ())):
                shown[name] = kept
        return shown

    def build(self, last_line: int) -> HandHistory:
        if not self.seats:
            raise HandError(self.header_line, "no seats")
        if not self.streets:
            raise HandError(last_line, f"hand is truncated: no {self.order[0]} street")
        if self.needs_summary and not self.saw_summary:
            raise HandError(last_line, f"hand is truncated: no {self.needs_summary}")
        dealt_in = self.dealt_in()
        if not dealt_in:
            raise HandError(last_line, f"no cards dealt on {self.order[0]} street")
        if self.cards_from_shown and not self.trimmed and not any(self.dealt.values()):
            self._deal_shown()
        seats = tuple((s, p) for s, p in self.seats if p in dealt_in)
        if not self.broadcast:
            seats = tuple(sorted(seats))
        hero = self.hero(last_line, dealt_in)
        hero_cards: tuple[int, ...] = ()
        if hero is not None and self._hole_known(hero):
            hero_cards = tuple(c for c in self.dealt[hero] if c is not None)
        shown = self._shown_with_dealt(hero)
        own = self._cards_by(len(self.order)) - (self.community is not None)
        for name, cards in shown.items():
            known = [c for c in self.dealt.get(name, ()) if c is not None]
            if len(cards) > own:
                raise HandError(last_line, f"{name} shows {len(cards)} cards")
            if len(cards) >= len(self.dealt.get(name, ())) and not set(known) <= set(cards):
                raise HandError(last_line, f"{name}'s shown cards do not contain the cards "
                                           "dealt")
        if self.uncalled_mode != "written":
            self.settle_uncalled(last_street_only=self.uncalled_mode == "last")
        collected = dict(self.collected) or dict(self.summary_won)
        for name, chips in self.won.items():
            net = round(chips - self.uncalled.get(name, 0.0), 10)
            if net > 1e-9:
                collected[name] = round(collected.get(name, 0.0) + net, 10)
        total_pot, rake = self.total_pot, self.rake
        if self.pot_from_chips and not self.trimmed:
            put_in = sum(a.amount for s in self.streets for a in s.actions)
            total_pot = round(put_in - sum(self.uncalled.values()), 10)
            if collected or self.won:
                rake = round(total_pot - sum(collected.values()), 10)
                if rake < -1e-9:
                    self.warnings.append(f"the winnings ({round(sum(collected.values()), 2)})"
                                         f" are more than the pot ({round(total_pot, 2)})")
        self._compare_put_in()
        antes = [a.amount for a in self.antes]
        bring_ins = [a.amount for s in self.streets for a in s.actions if a.kind == "bring-in"]
        return HandHistory(
            room=self.room, hand_id=self.hand_id, game=self.game, mix=self.mix,
            tournament=self.tournament, small_bet=self.small_bet, big_bet=self.big_bet,
            ante=max(antes) if antes else self.ante_size,
            bring_in=bring_ins[0] if bring_ins else None,
            seats=seats, stacks={p: self.stacks[p] for _, p in seats},
            hero=hero, hero_cards=hero_cards,
            up_cards={p: self.up_cards(p) for _, p in seats if self.up_cards(p)},
            streets=tuple(Street(s.name, self._seen_dealt(s, hero), tuple(s.actions))
                          for s in self.streets),
            shown=shown, collected=collected, total_pot=total_pot, rake=rake,
            warnings=tuple(self.warnings), uncalled=dict(self.uncalled),
            returned=tuple(self.returned), community=self.community,
            played_at=self.played_at,
        )

    def _deal_shown(self) -> None:
        """Each hand shown whole, in the order dealt, dealt street by street (a room that
        writes no card dealt): the up cards face up, the down cards face down as another
        player's are, known from the show."""
        if len(self.streets) != len(self.order):
            return  # a hand shown before the last street: not every card is the player's yet
        whole = self._cards_by(len(self.order))
        for name, cards in self.shown.items():
            if len(cards) != whole:
                continue
            self.dealt[name] = [None if i in self.down_at else c for i, c in enumerate(cards)]
            for k, street in enumerate(self.streets):
                up = [c for i, c in enumerate(cards) if i not in self.down_at
                      and self._cards_by(k) <= i < self._cards_by(k + 1)]
                if up:
                    street.dealt.setdefault(name, []).extend(up)

    def _seen_dealt(self, street: _Street, hero: str | None) -> dict[str, tuple[int, ...]]:
        """A street's new cards as the hero saw them dealt: the hero's own and everyone's
        up cards (another player's hole cards the file gives are shown, not seen dealt)."""
        out = {}
        for name, cards in street.dealt.items():
            if name != hero and not self.broadcast:
                down = {self.dealt[name][i] for i in self.down_at if i < len(self.dealt[name])}
                cards = [c for c in cards if c not in down]
            if cards or self.broadcast:
                out[name] = tuple(cards)
        return out

    def _hole_known(self, name: str) -> bool:
        hole = self._cards_by(1) - 1
        cards = self.dealt.get(name, [])
        return len(cards) >= hole and None not in cards[:hole]

    def _compare_put_in(self) -> None:
        for name, stated in (self.stated_put_in or {}).items():
            if name not in self.stacks:
                continue
            got = sum(a.amount for s in self.streets for a in s.actions if a.player == name)
            back = self.uncalled.get(name, 0.0)
            if abs(got - back - stated) > 0.005 and abs(got - stated) > 0.005:
                self.warnings.append(f"{name} put in {round(got - back, 2)} by the actions, "
                                     f"but the file says {round(stated, 2)}")

    def build_cut(self, bad: BadCard) -> HandHistory:
        """The hand up to a bad card: every street read to its end before it (all of them
        when the bad card is in the showdown or summary), with ``cut`` saying where."""
        k = len(self.streets) if self.ended else self.complete
        if k == 0 or not self.seats:
            raise bad  # not one street to keep
        if self.ended:
            note = "the showdown from this line on is left out"
        else:
            note = f"only the streets before it are kept ({', '.join(self.order[:k])} street)"
            kept = set(self.order[:k])
            self.trimmed = True
            self.streets = self.streets[:k]
            self.shown = self.shown_before_street
            self.collected, self.summary_won, self.won = {}, {}, {}
            self.total_pot = self.rake = None
            self.dealt = {p: c[: self._cards_by(k)] for p, c in self.dealt.items()}
            if k < len(self.order):
                self.community = None
            self.returned = [r for r in self.returned if r[0] in kept]
            self.uncalled = {}
            for _, name, chips in self.returned:
                self.uncalled[name] = round(self.uncalled.get(name, 0.0) + chips, 10)
        self.saw_summary = True
        hand = self.build(bad.line)
        return dataclasses.replace(hand, cut=ParseProblem(self.hand_id, bad.line,
                                                          f"{bad.message}: {note}"))


def _unmatched(actions) -> tuple[str, float] | None:
    """(bettor, chips) by which the street's biggest bets top the next biggest; None for
    a street with no bets."""
    put: dict[str, float] = {}
    for a in actions:
        if a.kind != "ante":
            put[a.player] = put.get(a.player, 0.0) + a.amount
    if not put:
        return None
    ranked = sorted(put.items(), key=lambda kv: kv[1], reverse=True)
    second = ranked[1][1] if len(ranked) > 1 else 0.0
    return ranked[0][0], round(ranked[0][1] - second, 10)


def street_name(builder: HandBuilder, index: int, line: int) -> str:
    """The name of street ``index`` (0: the first) of the builder's game, for rooms that
    number their streets; a number past the last street is a HandError."""
    if 0 <= index < len(builder.order):
        return builder.order[index]
    raise HandError(line, f"street {index + 1} out of order (the game has "
                          f"{len(builder.order)} streets)")


# A hand's lines: (hand id, the header's line number, [(line number, line)]).
Chunk = tuple[str, int, list[tuple[int, str]]]
# A room's builder: HandBuilder or a subclass that keeps what the room alone writes.
RoomBuilder = TypeVar("RoomBuilder", bound=HandBuilder)
ReadOne = Callable[[str, int, list[tuple[int, str]], list[RoomBuilder]], RoomBuilder | None]
Finish = Callable[[RoomBuilder, HandHistory], HandHistory]


def read_hands(chunks: Iterable[Chunk], read_one: ReadOne[RoomBuilder],
               finish: Finish[RoomBuilder] | None = None
               ) -> tuple[list[HandHistory], list[ParseProblem]]:
    """The hands of a file, never raising: each chunk goes to ``read_one(hand_id, start,
    lines, holder)``, which puts its builder in ``holder`` as soon as it has one (so that a
    bad card found later still leaves the streets read before it) and returns it, or None
    for a hand of another game (skipped silently). ``finish`` adjusts the record built (a
    room's own accounting). A HandError becomes a ParseProblem and the next hand is read."""
    hands: list[HandHistory] = []
    problems: list[ParseProblem] = []
    for hand_id, start, lines in chunks:
        last = lines[-1][0] if lines else start
        holder: list[RoomBuilder] = []
        try:
            if read_one(hand_id, start, lines, holder) is None:
                continue
            hand = holder[0].build(last)
            hands.append(finish(holder[0], hand) if finish else hand)
        except BadCard as exc:
            try:
                hand = holder[0].build_cut(exc)
                hands.append(finish(holder[0], hand) if finish else hand)
            except Exception:  # noqa: BLE001 - nothing to keep: the bad card is the problem
                problems.append(ParseProblem(hand_id, exc.line, exc.message))
        except HandError as exc:
            problems.append(ParseProblem(hand_id, exc.line, exc.message))
        except AmountError as exc:  # the room's number style has no such amount
            problems.append(ParseProblem(hand_id, start, str(exc)))
        except Exception as exc:  # noqa: BLE001 - bad input must never raise
            problems.append(ParseProblem(hand_id, start, f"internal error: {exc!r}"))
    return hands, problems
