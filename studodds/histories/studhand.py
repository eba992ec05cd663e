"""A hand record built event by event, for the readers of rooms that write one line per
event (Ongame, Winning Poker Network, Absolute Poker, Everleaf): each reader turns its
room's lines into calls here (a seat, an ante, a street, a card, an action, a show, a
collection), and this keeps the conventions pokerstars.py set for the record, so replay
and the rules check read every room alike.

The conventions: antes are the first actions of the first street; an action's ``amount``
is the chips it puts in, ``to`` the total bet of a raise or complete on that street; an
uncalled bet returned is kept in ``uncalled`` and ``returned``; the hero is the one player
whose hole cards the file gives; ``up_cards`` are the cards dealt face up (a player's door
card first); a card that is no card cuts the hand short (BadCard: the streets read to
their end before it are kept, as :attr:`HandHistory.cut` says).
"""

from __future__ import annotations

import dataclasses
import re

from ..cards import NotationError, card_str, parse_card
from .amounts import AmountError
from .record import Action, BadCard, HandError, HandHistory, ParseProblem, Street
from .streets import down_positions, first_street, street_names

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


class Recorder:
    """One hand, event by event. Every method may raise HandError (or BadCard)."""

    def __init__(self, room: str, hand_id: str, line: int, game: str, small_bet: float,
                 big_bet: float, *, tournament: str | None = None, mix: str | None = None):
        self.room, self.hand_id, self.header_line = room, hand_id, line
        self.game, self.small_bet, self.big_bet = game, small_bet, big_bet
        self.tournament, self.mix = tournament, mix
        self.order = street_names(game)
        # Cards dealt face down, by position in the deal (the rest are up).
        self.down_at = down_positions(game)
        self.seats: list[tuple[int, str]] = []
        self.stacks: dict[str, float] = {}
        self.antes: list[Action] = []
        self.streets: list[tuple[str, dict[str, list[int]], list[Action]]] = []
        self.committed: dict[str, float] = {}
        self.dealt: dict[str, list[int | None]] = {}  # every card in the order dealt
        self.owner: dict[int, str] = {}
        self.shown: dict[str, tuple[int, ...]] = {}
        self.shown_before_street: dict[str, tuple[int, ...]] = {}
        self.collected: dict[str, float] = {}
        self.uncalled: dict[str, float] = {}
        self.returned: list[tuple[str, str, float]] = []
        self.total_pot: float | None = None
        self.rake: float | None = None
        self.warnings: list[str] = []
        self.ended = False  # the showdown or summary has begun: no more streets
        self.complete = 0  # streets read to their end (for a cut)

    # -- who is at the table
    def seat(self, line: int, seat: int, name: str, stack: float) -> None:
        if name in self.stacks:
            raise HandError(line, f"player {name!r} is seated twice")
        self.seats.append((seat, name))
        self.stacks[name] = stack

    def known(self, name: str, line: int) -> str:
        if name not in self.stacks:
            raise HandError(line, f"{name!r} is not seated")
        return name

    def warn(self, line: int, text: str) -> None:
        self.warnings.append(f"line {line}: {text}")

    # -- streets and cards
    def street(self, line: int, name: str) -> None:
        """The next street begins (its name must be the next in order)."""
        if self.ended:
            raise HandError(line, f"{name} street after the showdown")
        expected = self.order[len(self.streets)] if len(self.streets) < len(self.order) else None
        if name != expected:
            raise HandError(line, f"{name} street out of order (expected {expected} street)")
        self.complete = len(self.streets)
        self.shown_before_street = dict(self.shown)
        self.streets.append((name, {}, list(self.antes) if not self.streets else []))
        self.committed = {}

    def end_streets(self) -> None:
        """The showdown or summary begins: every street read so far is complete."""
        self.complete = len(self.streets)
        self.ended = True

    @property
    def current(self) -> str | None:
        return self.streets[-1][0] if self.streets else None

    def deal(self, line: int, name: str, card_id: int | None) -> None:
        """The next card to ``name`` on the current street; None for one the file does not
        show (a hole card of another player). Face up or down by its place in the deal."""
        if not self.streets:
            self.street(line, self.order[0])
        name = self.known(name, line)
        have = self.dealt.setdefault(name, [])
        street_name, dealt, _ = self.streets[-1]
        index = len(have)
        k = self.order.index(street_name)
        if not self._cards_by(k) <= index < self._cards_by(k + 1):
            raise HandError(line, f"card {index + 1} dealt to {name} on {street_name} street")
        if card_id is None and index not in self.down_at:
            raise HandError(line, f"{name}'s up card on {street_name} street is not given")
        have.append(card_id)
        if card_id is not None:
            self._claim((card_id,), name, line)
            dealt.setdefault(name, []).append(card_id)

    def _cards_by(self, k: int) -> int:
        """Cards each player has been dealt when the first ``k`` streets are dealt."""
        first = first_street(self.game).down + first_street(self.game).up
        return 0 if k == 0 else first + k - 1

    def _claim(self, ids, name: str, line: int) -> None:
        for c in ids:
            other = self.owner.setdefault(c, name)
            if other != name:
                raise HandError(line, f"{card_str(c)} is dealt to both {other} and {name}")

    # -- betting
    def ante(self, line: int, name: str, chips: float, all_in: bool = False) -> None:
        action = Action(self.known(name, line), "ante", chips, None, all_in)
        if self.streets:
            self.streets[-1][2].append(action)  # a late ante: kept where it appears
        else:
            self.antes.append(action)

    def act(self, line: int, name: str, kind: str, *, put_in: float | None = None,
            to: float | None = None, all_in: bool = False) -> None:
        """An action: ``put_in`` the chips it adds, or ``to`` the total it makes the bet
        on this street (raises and completes; one of the two is enough)."""
        if self.ended:
            raise HandError(line, f"{name} acts after the showdown")
        if not self.streets:
            self.street(line, self.order[0])
        name = self.known(name, line)
        before = self.committed.get(name, 0.0)
        if to is not None:
            put_in = round(to - before, 10)
            if put_in < 0:
                raise HandError(line, f"{name} raises to less than already put in")
        put_in = put_in or 0.0
        if kind in ("raise", "complete") and to is None:
            to = round(before + put_in, 10)
        if kind in ("bet", "raise") and self._completes(round(before + put_in, 10)):
            # "bets" or "raises" over the bring-in to the small bet: the complete
            kind, to = "complete", round(before + put_in, 10)
        self.committed[name] = before + put_in
        self.streets[-1][2].append(Action(name, kind, put_in, to, all_in))

    def _completes(self, to: float) -> bool:
        """Whether a bet or raise to ``to`` on the first street is the complete: nothing
        but the bring-in bet before it (or no bet at all, when the low card completes
        instead of bringing it in), and ``to`` no more than the small bet."""
        if len(self.streets) != 1 or to > self.small_bet + 1e-9:
            return False
        return all(a.kind in ("ante", "bring-in", "call", "fold", "check")
                   for a in self.streets[0][2])

    def outstanding(self, name: str) -> float:
        """What ``name`` must add to call the biggest bet of the street."""
        top = max(self.committed.values(), default=0.0)
        return round(top - self.committed.get(name, 0.0), 10)

    def return_uncalled(self, line: int, name: str, chips: float) -> None:
        name = self.known(name, line)
        self.uncalled[name] = self.uncalled.get(name, 0.0) + chips
        self.returned.append((self.current or self.order[0], name, chips))

    def settle_uncalled(self) -> None:
        """For rooms that do not write the uncalled bet returned: on each street, a bet
        nobody matched (everyone else folded, or was all in for less) goes back to the
        bettor, by how much it tops the next biggest bet of the street."""
        if self.returned:
            return  # the file says what went back
        for street_name, _, actions in self.streets:
            put: dict[str, float] = {}
            for a in actions:
                if a.kind != "ante":
                    put[a.player] = put.get(a.player, 0.0) + a.amount
            ranked = sorted(put.items(), key=lambda kv: kv[1], reverse=True)
            if not ranked:
                continue
            second = ranked[1][1] if len(ranked) > 1 else 0.0
            excess = round(ranked[0][1] - second, 10)
            if excess > 0:
                name = ranked[0][0]
                self.uncalled[name] = round(self.uncalled.get(name, 0.0) + excess, 10)
                self.returned.append((street_name, name, excess))

    def collect(self, line: int, name: str, chips: float) -> None:
        name = self.known(name, line)
        self.collected[name] = round(self.collected.get(name, 0.0) + chips, 10)

    def show(self, line: int, name: str, ids: tuple[int, ...]) -> None:
        """Cards ``name`` showed or mucked face up; the longest list seen is kept."""
        name = self.known(name, line)
        self._claim(ids, name, line)
        before = set(self.shown.get(name, ()))
        if not (before <= set(ids) or set(ids) <= before):
            raise HandError(line, f"{name}'s shown cards disagree with the cards shown before")
        if len(ids) > len(before):
            self.shown[name] = tuple(ids)

    # -- the record
    def build(self, last_line: int) -> HandHistory:
        if not self.seats:
            raise HandError(self.header_line, "no seats")
        if not self.streets:
            raise HandError(last_line, f"hand is truncated: no {self.order[0]} street")
        in_hand = set(self.dealt) or {a.player for a in self.streets[0][2]}
        if not in_hand:
            raise HandError(last_line, f"nobody is dealt in on {self.order[0]} street")
        seats = tuple(sorted((s, p) for s, p in self.seats if p in in_hand))
        hero = self._hero(last_line)
        up = {}
        for _, name in seats:
            dealt = self.dealt.get(name, [])
            ups = tuple(c for i, c in enumerate(dealt) if i not in self.down_at)
            if ups:
                up[name] = ups
        for name, shown in self.shown.items():
            if len(shown) == len(self.down_at) + 4 and not set(up.get(name, ())) <= set(shown):
                raise HandError(last_line, f"{name}'s shown cards do not contain the cards dealt")
        antes = [a.amount for a in self.antes]
        bring_ins = [a.amount for s in self.streets for a in s[2] if a.kind == "bring-in"]
        return HandHistory(
            room=self.room, hand_id=self.hand_id, game=self.game, mix=self.mix,
            tournament=self.tournament, small_bet=self.small_bet, big_bet=self.big_bet,
            ante=max(antes) if antes else None,
            bring_in=bring_ins[0] if bring_ins else None,
            seats=seats, stacks={p: self.stacks[p] for _, p in seats},
            hero=hero,
            hero_cards=tuple(self.dealt[hero]) if hero else (),
            up_cards=up,
            streets=tuple(Street(n, {p: tuple(c) for p, c in d.items()}, tuple(a))
                          for n, d, a in self.streets),
            shown=dict(self.shown), collected=dict(self.collected),
            total_pot=self.total_pot, rake=self.rake, warnings=tuple(self.warnings),
            uncalled=dict(self.uncalled), returned=tuple(self.returned),
        )

    def _hero(self, line: int) -> str | None:
        """The one player whose hole cards are all given."""
        heroes = [name for name, dealt in self.dealt.items()
                  if len(dealt) >= self._cards_by(1) and None not in dealt]
        if len(heroes) > 1:
            raise HandError(line, f"two players have their hole cards given: {', '.join(heroes)}")
        return heroes[0] if heroes else None

    def build_cut(self, cut: BadCard) -> HandHistory:
        """The hand up to a bad card: every street read to its end before it (all of them
        when the bad card is in the showdown), with ``cut`` saying where."""
        k = len(self.streets) if self.ended else self.complete
        if k == 0 or not self.seats:
            raise cut
        if self.ended:
            note = "the showdown from this line on is left out"
        else:
            note = f"only the streets before it are kept ({', '.join(self.order[:k])} street)"
            kept = self.order[:k]
            self.streets = self.streets[:k]
            self.shown = self.shown_before_street
            self.collected = {}
            self.total_pot = self.rake = None
            self.dealt = {p: c[: self._cards_by(k)] for p, c in self.dealt.items()}
            self.returned = [r for r in self.returned if r[0] in kept]
            self.uncalled = {}
            for _, name, chips in self.returned:
                self.uncalled[name] = self.uncalled.get(name, 0.0) + chips
        hand = self.build(cut.line)
        return dataclasses.replace(hand, cut=ParseProblem(self.hand_id, cut.line,
                                                          f"{cut.message}: {note}"))


def read_hands(chunks, read_one) -> tuple[list[HandHistory], list[ParseProblem]]:
    """The hands of a file, never raising: each chunk (hand id, first line number,
    [(line number, line)]) goes to ``read_one(hand_id, start, lines, holder)``, which
    puts its Recorder in ``holder`` as soon as it has one (so that a bad card found later
    still leaves the streets read before it) and returns it, or None for a hand of
    another game (skipped silently). A HandError becomes a ParseProblem and the next
    hand is read."""
    hands: list[HandHistory] = []
    problems: list[ParseProblem] = []
    for hand_id, start, lines in chunks:
        last = lines[-1][0] if lines else start
        recorder: list[Recorder] = []
        try:
            if read_one(hand_id, start, lines, recorder) is None:
                continue
            hands.append(recorder[0].build(last))
        except BadCard as exc:
            try:
                hands.append(recorder[0].build_cut(exc))
            except Exception:  # noqa: BLE001 - nothing to keep: the bad card is the problem
                problems.append(ParseProblem(hand_id, exc.line, exc.message))
        except HandError as exc:
            problems.append(ParseProblem(hand_id, exc.line, exc.message))
        except AmountError as exc:  # the room's number style has no such amount
            problems.append(ParseProblem(hand_id, start, str(exc)))
        except Exception as exc:  # noqa: BLE001 - bad input must never raise
            problems.append(ParseProblem(hand_id, start, f"internal error: {exc!r}"))
    return hands, problems
