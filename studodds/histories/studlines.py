"""The bookkeeping the line-by-line stud readers of other rooms share (fulltilt.py,
kingsclub.py, winamax.py, bovada.py): each reader turns its room's lines into calls on a
:class:`HandBuilder` (a seat, an ante, a street, the cards dealt, an action, a returned
bet, a pot collected, cards shown), which keeps the accounts the way pokerstars.py does and
builds the one hand record (record.py). The rooms differ in their words; the stud they
write down is the same.

Conventions, as in pokerstars.py: an action's ``amount`` is what it puts into the pot
(``to`` is the street's total for a complete or a raise); antes are the first actions of
the first street and do not count towards its bets; the first street's "bet" after (or
instead of) the bring-in is a complete. Cards a room hides (``X``) are unknown: an up card
is never hidden, a hole card or the river may be. The hero is the player whose hole cards
the file gives (or the one the file marks); other players' hole cards that the file gives
count as shown.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable

from ..cards import card_str, parse_card
from .amounts import AmountError
from .record import Action, BadCard, HandError, HandHistory, ParseProblem, Street
from .streets import first_street, five_card, street_names

_CARD_RE = re.compile(r"^(?:10|[2-9TJQKA])[cdhs]$", re.IGNORECASE)

_HIDDEN = frozenset({"X", "x", "?", "??", "XX", "xx"})


def cards(text: str, line: int) -> tuple[int | None, ...]:
    """Space-separated cards; a hidden card (``X``) is None. A token that is no card is a
    BadCard."""
    out: list[int | None] = []
    for token in text.replace(",", " ").split():
        if token in _HIDDEN:
            out.append(None)
            continue
        if not _CARD_RE.match(token):
            raise BadCard(line, f"impossible card {token!r}")
        rank, suit = token[:-1], token[-1].lower()
        out.append(parse_card(("T" if rank == "10" else rank.upper()) + suit))
    known = [c for c in out if c is not None]
    if len(set(known)) != len(known):
        raise HandError(line, f"a card is repeated in [{text}]")
    return tuple(out)


class HandBuilder:
    """Collects one hand from a reader's calls; :meth:`build` gives the HandHistory."""

    def __init__(self, room: str, hand_id: str, header_line: int, game: str):
        self.room = room
        self.hand_id = hand_id
        self.header_line = header_line
        self.game = game
        self.five = five_card(game)
        self.order = street_names(game)
        self.mix: str | None = None
        self.tournament: str | None = None
        self.small_bet = self.big_bet = 0.0
        self.ante_size: float | None = None
        self.seat_list: list[tuple[int, str]] = []
        self.stack_of: dict[str, float] = {}
        self.names: list[str] = []  # longest first, for matching a line's leading name
        self.marked_hero: str | None = None
        self.hero: str | None = None
        self.hole: dict[str, list[int]] = {}
        self.up: dict[str, list[int]] = {}
        self.river: dict[str, int] = {}
        self.owner: dict[int, str] = {}
        self.antes: list[Action] = []
        self.streets: list[tuple[str, dict[str, tuple[int, ...]], list[Action]]] = []
        self.committed: dict[str, float] = {}
        self.section = "seats"  # seats -> street -> showdown -> summary
        self.shown: dict[str, tuple[int, ...]] = {}
        self.collected: dict[str, float] = {}
        self.uncalled: dict[str, float] = {}
        self.returned: list[tuple[str, str, float]] = []
        self.total_pot: float | None = None
        self.rake: float | None = None
        self.warnings: list[str] = []
        self.saw_summary = False
        self.complete = 0  # streets read to their end (for a hand cut by a bad card)
        self.shown_before_street: dict[str, tuple[int, ...]] = {}

    # -- who
    def seat(self, n: int, seat: int, name: str, stack: float) -> None:
        if name in self.stack_of:
            raise HandError(n, f"player {name!r} is seated twice")
        self.seat_list.append((seat, name))
        self.stack_of[name] = stack
        self.names = sorted(self.stack_of, key=len, reverse=True)

    def mark_hero(self, name: str) -> None:
        """The file says whose hand history it is (Bovada's ``[ME]``)."""
        self.marked_hero = name

    def name_prefix(self, line: str, sep: str = " ") -> tuple[str, str] | None:
        """(name, rest) when ``line`` starts with a seated player's name then ``sep``."""
        for name in self.names:
            if line.startswith(name) and line[len(name):].startswith(sep):
                return name, line[len(name) + len(sep):]
        return None

    def warn(self, n: int, line: str) -> None:
        self.warnings.append(f"line {n}: {line}")

    # -- streets
    @property
    def street(self) -> tuple[str, dict[str, tuple[int, ...]], list[Action]]:
        return self.streets[-1]

    def street_started(self) -> bool:
        """Whether the current street has begun: a card dealt or a bet made on it."""
        if not self.streets:
            return False
        _, dealt, actions = self.street
        return bool(dealt) or any(a.kind != "ante" for a in actions)

    def new_street(self, n: int, name: str | None = None) -> None:
        """The next street begins (``name``, when the file names it, must be that one)."""
        if self.section in ("showdown", "summary"):
            raise HandError(n, "a street after the showdown or summary")
        if len(self.streets) >= len(self.order):
            raise HandError(n, f"more streets than {self.order[-1]} street")
        expected = self.order[len(self.streets)]
        if name is not None and name != expected:
            raise HandError(n, f"{name} street out of order (expected {expected} street)")
        self.complete = len(self.streets)
        self.shown_before_street = dict(self.shown)
        self.streets.append((expected, {}, list(self.antes) if not self.streets else []))
        self.committed = {}
        self.section = "street"

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

    def summary(self, n: int) -> None:
        if self.section == "summary":
            raise HandError(n, "a second summary")
        self.complete = len(self.streets)
        self.section = "summary"
        self.saw_summary = True

    # -- cards
    def deal(self, n: int, name: str, new: tuple[int | None, ...],
             earlier: tuple[int | None, ...] | None = None) -> None:
        """``new``: the cards dealt to ``name`` on this street (on the first street hole
        cards then the door card, or the door card alone); ``earlier``: the cards the line
        repeats from earlier streets, checked against what is known."""
        if self.section != "street":
            raise HandError(n, "cards dealt outside a street")
        if name not in self.stack_of:
            raise HandError(n, f"cards dealt to a player who is not seated: {name!r}")
        index = len(self.streets) - 1
        street_name, dealt, _ = self.street
        if name in dealt:
            raise HandError(n, f"{name} is dealt twice on {street_name} street")
        if earlier is not None:
            self._check_earlier(n, name, earlier)
        down_first = first_street(self.game).down
        last = len(self.order) - 1
        if index == 0:
            if len(new) == down_first + 1:
                hole, door = new[:down_first], new[down_first]
            elif len(new) == 1:
                hole, door = (), new[0]
            else:
                raise HandError(n, f"{len(new)} cards dealt on {street_name} street to {name}")
            if door is None:
                raise HandError(n, f"{name}'s door card is hidden")
            known_hole = [c for c in hole if c is not None]
            if known_hole and len(known_hole) != len(hole):
                raise HandError(n, f"one of {name}'s hole cards is hidden, the other not")
            self._claim([*known_hole, door], name, n)
            if known_hole:
                self.hole[name] = known_hole
            self.up[name] = [door]
            dealt[name] = (*known_hole, door)
            return
        if len(new) != 1:
            raise HandError(n, f"expected one new card for {name} on {street_name} street")
        (card,) = new
        if index == last and not self.five:
            if card is not None:  # the river, face down
                self._claim([card], name, n)
                self.river[name] = card
                dealt[name] = (card,)
            return
        if card is None:
            raise HandError(n, f"{name}'s up card on {street_name} street is hidden")
        if name not in self.up:
            raise HandError(n, f"{name} is dealt {street_name} street without a door card")
        self._claim([card], name, n)
        self.up[name].append(card)
        dealt[name] = (card,)

    def _check_earlier(self, n: int, name: str, earlier: tuple[int | None, ...]) -> None:
        known = set(self.hole.get(name, ())) | set(self.up.get(name, ()))
        known |= set(self.shown.get(name, ()))
        given = {c for c in earlier if c is not None}
        if not set(self.up.get(name, ())) <= given or not given <= known:
            raise HandError(n, f"{name}'s earlier cards do not match the cards dealt")

    def show(self, n: int, name: str, shown: Iterable[int | None]) -> None:
        """Cards ``name`` showed or mucked face up (hidden ones left out); the longest
        list seen is kept."""
        if name not in self.stack_of:
            raise HandError(n, f"{name!r} shows cards but is not seated")
        got = tuple(c for c in shown if c is not None)
        if not got:
            return
        self._claim(got, name, n)
        before = set(self.shown.get(name, ()))
        if not (before <= set(got) or set(got) <= before):
            raise HandError(n, f"{name}'s shown cards disagree with the cards shown before")
        if len(got) > len(before):
            self.shown[name] = got

    def _claim(self, given: Iterable[int], name: str, n: int) -> None:
        for card in given:
            other = self.owner.setdefault(card, name)
            if other != name:
                raise HandError(n, f"{card_str(card)} is dealt to both {other} and {name}")

    # -- chips
    def ante(self, n: int, name: str, chips: float, all_in: bool = False) -> None:
        if name not in self.stack_of:
            raise HandError(n, f"{name!r} posts an ante but is not seated")
        action = Action(name, "ante", chips, None, all_in)
        if self.streets:
            self.street[2].append(action)  # a late ante; rare, kept where it appears
        else:
            self.antes.append(action)

    def act(self, n: int, name: str, kind: str, chips: float = 0.0, *, total: bool = False,
            all_in: bool = False) -> None:
        """An action. ``chips``: what it puts in, or with ``total`` (and always for a
        complete or a raise) the player's total on the street after it."""
        if self.section != "street":
            raise HandError(n, f"{name} acts outside a street")
        if name not in self.stack_of:
            raise HandError(n, f"{name!r} acts but is not seated")
        before = self.committed.get(name, 0.0)
        first_street = len(self.streets) == 1
        if kind == "bet" and first_street:
            kind = "complete"  # on the first street the first full bet completes it
            if not total:
                chips += before
            total = True
        elif kind == "raise" and first_street and not any(
                a.kind in ("complete", "bet", "raise") for a in self.street[2]):
            kind = "complete"  # "raises 2 to 2" over the bring-in: the complete
        to = None
        if kind in ("raise", "complete"):
            to = chips
            total = True
        if total and kind in ("bet", "raise", "complete", "call", "bring-in"):
            chips = round(chips - before, 10)
            if chips < 0:
                raise HandError(n, f"{name} {kind}s to less than already put in")
        if kind in ("check", "fold"):
            chips = 0.0
        self.committed[name] = before + chips
        self.street[2].append(Action(name, kind, chips, to, all_in))

    def return_uncalled(self, name: str, chips: float) -> None:
        if name not in self.stack_of:
            return
        street = self.streets[-1][0] if self.streets else self.order[0]
        self.uncalled[name] = self.uncalled.get(name, 0.0) + chips
        self.returned.append((street, name, chips))

    def collect(self, name: str, chips: float) -> None:
        self.collected[name] = self.collected.get(name, 0.0) + chips

    def infer_uncalled(self) -> float:
        """For rooms that never write the return: the bet nobody matched on the street the
        betting ended goes back to its bettor (the highest total on the street less the
        next highest). Returns what was returned."""
        if self.returned:
            return 0.0
        for name, _, actions in reversed(self.streets):
            totals: dict[str, float] = {}
            for a in actions:
                if a.kind != "ante":
                    totals[a.player] = totals.get(a.player, 0.0) + a.amount
            if not totals:
                continue
            ranked = sorted(totals.items(), key=lambda kv: kv[1], reverse=True)
            top, most = ranked[0]
            second = ranked[1][1] if len(ranked) > 1 else 0.0
            extra = round(most - second, 10)
            if extra > 1e-9:
                self.uncalled[top] = self.uncalled.get(top, 0.0) + extra
                self.returned.append((name, top, extra))
                return extra
            return 0.0
        return 0.0

    # -- the record
    def build(self, last_line: int) -> HandHistory:
        if not self.seat_list:
            raise HandError(self.header_line, "no seats")
        if not self.streets:
            raise HandError(last_line, f"hand is truncated: no {self.order[0]} street")
        if not self.saw_summary:
            raise HandError(last_line, "hand is truncated: no summary")
        dealt_in = set(self.streets[0][1])
        if not dealt_in:
            raise HandError(last_line, f"no cards dealt on {self.order[0]} street")
        seats = tuple(sorted((s, p) for s, p in self.seat_list if p in dealt_in))
        hero = self.marked_hero if self.marked_hero in dealt_in else None
        if hero is None and self.marked_hero is None:
            with_hole = [p for _, p in seats if p in self.hole]
            hero = with_hole[0] if len(with_hole) == 1 else None
            if len(with_hole) > 1:
                raise HandError(last_line, "two players have their hole cards given: "
                                           "whose hand history is it?")
        hero_cards: tuple[int, ...] = ()
        if hero is not None and hero in self.hole:
            hero_cards = (*self.hole[hero], *self.up.get(hero, ()))
            if hero in self.river:
                hero_cards += (self.river[hero],)
        shown = dict(self.shown)
        for _, name in seats:
            if name != hero and (name in self.hole or name in self.river):
                self._reveal(shown, name)
        self._check_cards(shown, hero, hero_cards, last_line)
        antes = [a.amount for a in self.antes]
        bring_ins = [a.amount for s in self.streets for a in s[2] if a.kind == "bring-in"]
        return HandHistory(
            room=self.room,
            hand_id=self.hand_id,
            game=self.game,
            mix=self.mix,
            tournament=self.tournament,
            small_bet=self.small_bet,
            big_bet=self.big_bet,
            ante=max(antes) if antes else self.ante_size,
            bring_in=bring_ins[0] if bring_ins else None,
            seats=seats,
            stacks={p: self.stack_of[p] for _, p in seats},
            hero=hero,
            hero_cards=hero_cards,
            up_cards={p: tuple(self.up[p]) for _, p in seats if p in self.up},
            streets=tuple(Street(name, dict(d), tuple(a)) for name, d, a in self.streets),
            shown=shown,
            collected=dict(self.collected),
            total_pot=self.total_pot,
            rake=self.rake,
            warnings=tuple(self.warnings),
            uncalled=dict(self.uncalled),
            returned=tuple(self.returned),
        )

    def _reveal(self, shown: dict[str, tuple[int, ...]], name: str) -> None:
        """A player's hole cards (and river) that the file deals face up count as shown:
        hole cards, up cards, river, merged with what the player showed."""
        up = self.up.get(name, [])
        hidden = [c for c in shown.get(name, ()) if c not in up and c != self.river.get(name)]
        hole = self.hole.get(name) or hidden[: 1 if self.five else 2]
        river = [self.river[name]] if name in self.river else hidden[len(hole):][:1]
        merged = (*hole, *up, *river)
        if len(merged) >= len(shown.get(name, ())):
            shown[name] = merged

    def _check_cards(self, shown, hero, hero_cards, line: int) -> None:
        full = len(self.order) + (1 if self.five else 2)
        for name, got in shown.items():
            known = hero_cards if name == hero else tuple(self.up.get(name, ()))
            if len(got) > full:
                raise HandError(line, f"{name} shows {len(got)} cards")
            if len(got) == full and not set(known) <= set(got):
                raise HandError(line, f"{name}'s shown cards do not contain the cards dealt")

    def build_cut(self, cut: BadCard) -> HandHistory:
        """The hand up to a bad card: every street read to its end before it (all of them
        when the bad card is in the showdown or summary), with ``cut`` saying where."""
        at_end = self.section in ("showdown", "summary")
        k = len(self.streets) if at_end else self.complete
        if k == 0 or not self.seat_list:
            raise cut
        if at_end:
            note = "the showdown from this line on is left out"
        else:
            note = f"only the streets before it are kept ({', '.join(self.order[:k])} street)"
            kept = set(self.order[:k])
            self.streets = self.streets[:k]
            self.shown = self.shown_before_street
            self.collected = {}
            self.total_pot = self.rake = None
            ups = k if self.five else min(k, 4)
            self.up = {name: got[:ups] for name, got in self.up.items()}
            if k < len(self.order):
                self.river = {}
            self.returned = [r for r in self.returned if r[0] in kept]
            self.uncalled = {}
            for _, name, chips in self.returned:
                self.uncalled[name] = self.uncalled.get(name, 0.0) + chips
        self.saw_summary = True
        hand = self.build(cut.line)
        problem = ParseProblem(self.hand_id, cut.line, f"{cut.message}: {note}")
        return dataclasses.replace(hand, cut=problem)


def split_hands(text: str, header: re.Pattern[str]) -> list[tuple[int, re.Match[str],
                                                                   list[tuple[int, str]]]]:
    """The file's hands: each header line (``header`` matched on the stripped line) and
    the non-empty lines up to the next one, numbered from 1."""
    chunks: list[tuple[int, re.Match[str], list[tuple[int, str]]]] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().strip("\ufeff\x00").strip()
        if line.strip("\ufffd") == "":
            continue  # blank, or the residue of a file cut in the middle of a character
        match = header.match(line)
        if match:
            chunks.append((n, match, []))
        elif chunks:
            chunks[-1][2].append((n, line))
    return chunks


def read_hands(text: str, header: re.Pattern[str],
               start: Callable[[int, re.Match[str]], HandBuilder | None],
               feed: Callable[[HandBuilder, int, str], None],
               finish: Callable[[HandBuilder, HandHistory], HandHistory] | None = None,
               ) -> tuple[list[HandHistory], list[ParseProblem]]:
    """Every stud hand of ``text``: ``start`` makes a hand's builder from its header (None
    for another game: skipped silently), ``feed`` gives it each line, ``finish`` adjusts
    the record the builder built (a room's own accounting). Never raises: a hand that
    cannot be read is a ParseProblem and the next hand is read."""
    hands: list[HandHistory] = []
    problems: list[ParseProblem] = []
    for first, match, lines in split_hands(text, header):
        last = lines[-1][0] if lines else first
        hand_id = match.group("id")
        builder = None
        try:
            builder = start(first, match)
            if builder is None:
                continue
            for n, line in lines:
                feed(builder, n, line)
            hand = builder.build(last)
            hands.append(finish(builder, hand) if finish else hand)
        except BadCard as exc:
            kept = None
            if builder is not None:
                try:
                    kept = builder.build_cut(exc)
                    kept = finish(builder, kept) if finish else kept
                except Exception:  # noqa: BLE001 - nothing to keep: the bad card is the problem
                    kept = None
            if kept is None:
                problems.append(ParseProblem(hand_id, exc.line, exc.message))
            else:
                hands.append(kept)
        except HandError as exc:
            problems.append(ParseProblem(hand_id, exc.line, exc.message))
        except AmountError as exc:  # the room's number style has no such amount
            problems.append(ParseProblem(hand_id, first, str(exc)))
        except Exception as exc:  # noqa: BLE001 - bad input must never raise
            problems.append(ParseProblem(hand_id, first, f"internal error: {exc!r}"))
    return hands, problems
