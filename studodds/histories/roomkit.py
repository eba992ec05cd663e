"""What the readers of the XML rooms and PartyPoker share: a
forgiving tag scanner for XML-like text, and a hand assembler that turns the facts a file
gives (seats, cards, actions, winnings) into the one hand record (record.py) with the
PokerStars reader's conventions (pokerstars.py): antes first on the first street, an
action's ``amount`` is the chips it puts in (``to`` the total for a raise or complete),
an uncalled bet is returned on its street and is not part of what the winner collected.

Rooms that write no "Uncalled bet returned" line report the return inside the winnings;
the assembler finds it the way a dealer does: on any street, the chips one player put in
beyond what anybody else put in on that street were never called.
"""

from __future__ import annotations

import bisect
import dataclasses
import html
import re

from ..cards import card_str
from .record import Action, BadCard, HandError, HandHistory, ParseProblem, Street
from .streets import five_card, street_names

# ---------------------------------------------------------------- XML-like text

_TAG_RE = re.compile(r"<(?P<close>/?)(?P<name>[A-Za-z_][\w.-]*)"
                     r"(?P<attrs>(?:[^<>\"']|\"[^\"]*\"|'[^']*')*?)(?P<empty>/?)>")
_ATTR_RE = re.compile(r"([A-Za-z_][\w.:-]*)\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")


@dataclasses.dataclass
class Tag:
    """One opening, closing or empty tag; ``text`` is the character data after it (up to the
    next tag), ``line`` its 1-based line."""

    name: str
    attrs: dict[str, str]
    closing: bool
    empty: bool
    line: int
    end: int  # where the tag ends in the text
    text: str = ""


def scan_tags(text: str) -> list[Tag]:
    """Every tag of an XML-like text, in order, tolerant of what a strict parser refuses
    (several roots, no closing tags, fragments, stray ampersands, a wrong encoding
    declaration): a file cut mid-tag loses only that tag."""
    newlines = [i for i, ch in enumerate(text) if ch == "\n"]
    tags: list[Tag] = []
    for match in _TAG_RE.finditer(text):
        attrs = {m.group(1).lower(): html.unescape(m.group(2) if m.group(2) is not None
                                                   else m.group(3))
                 for m in _ATTR_RE.finditer(match["attrs"])}
        line = bisect.bisect_left(newlines, match.start()) + 1
        if tags:
            tags[-1].text = html.unescape(text[tags[-1].end:match.start()]).strip()
        tags.append(Tag(match["name"].lower(), attrs, bool(match["close"]),
                        bool(match["empty"]), line, match.end()))
    if tags:
        tail = text[tags[-1].end:]
        tags[-1].text = html.unescape(tail.split("<", 1)[0]).strip()
    return tags


# ---------------------------------------------------------------- the assembler


@dataclasses.dataclass
class _StreetData:
    name: str
    dealt: dict[str, tuple[int, ...]]
    actions: list[Action]
    committed: dict[str, float]
    complete: bool = False


class Assembler:
    """One hand, fed fact by fact in the order of play; ``build`` gives the record."""

    def __init__(self, room: str, hand_id: str, game: str, *, small_bet: float,
                 big_bet: float, mix: str | None = None, tournament: str | None = None,
                 line: int = 1, up_cards_hidden: bool = False):
        self.room, self.hand_id, self.game = room, hand_id, game
        self.small_bet, self.big_bet = small_bet, big_bet
        self.mix, self.tournament = mix, tournament
        self.line = line
        self.names = street_names(game)
        self.five = five_card(game)
        # A room that writes nobody's up cards but the hero's (PartyPoker): a hidden up
        # card is no error, and a player's cards become known only when shown.
        self.up_cards_hidden = up_cards_hidden
        self.seats: list[tuple[int, str]] = []
        self.stacks: dict[str, float] = {}
        self.antes: list[Action] = []
        self.streets: list[_StreetData] = []
        self.hero: str | None = None
        self.hero_cards: list[int] = []
        self.own: dict[str, list[int | None]] = {}  # each player's cards in deal order
        self.owner: dict[int, str] = {}
        self.shown: dict[str, tuple[int, ...]] = {}
        self.collected: dict[str, float] = {}
        self.won: dict[str, float] = {}  # winnings as rooms report them: returns included
        self.rake: float | None = None
        self.warnings: list[str] = []
        self.in_showdown = False

    # -- facts
    def warn(self, line: int, text: str) -> None:
        self.warnings.append(f"line {line}: {text}")

    def seat(self, seat: int, name: str, stack: float, line: int) -> None:
        if name in self.stacks:
            raise HandError(line, f"player {name!r} is seated twice")
        self.seats.append((seat, name))
        self.stacks[name] = stack

    def known(self, name: str, line: int) -> str:
        if name not in self.stacks:
            raise HandError(line, f"{name!r} acts or is dealt cards but is not seated")
        return name

    def ante(self, name: str, chips: float, line: int, all_in: bool = False) -> None:
        self.known(name, line)
        action = Action(name, "ante", chips, None, all_in)
        if self.streets:
            self.streets[-1].actions.append(action)  # a late ante, kept where it appears
        else:
            self.antes.append(action)

    def street(self, index: int, line: int) -> None:
        """Open street ``index`` (0 = the first street); streets come in order."""
        if self.in_showdown:
            raise HandError(line, "a street dealt after the showdown")
        if index != len(self.streets) or index >= len(self.names):
            expected = self.names[len(self.streets)] if len(self.streets) < len(self.names) \
                else "no further"
            raise HandError(line, f"street {index + 1} out of order (expected {expected} "
                                  "street)")
        for s in self.streets:
            s.complete = True
        actions = list(self.antes) if not self.streets else []
        self.streets.append(_StreetData(self.names[index], {}, actions, {}))

    def showdown(self) -> None:
        for s in self.streets:
            s.complete = True
        self.in_showdown = True

    @property
    def current(self) -> _StreetData:
        return self.streets[-1]

    def deal(self, name: str, cards: list[int | None], line: int, hero: bool = False) -> None:
        """The cards ``name`` gets on the open street (first street: hole cards then the door
        card), None for a card the file hides. ``hero``: the file's owner."""
        self.known(name, line)
        if not self.streets:
            raise HandError(line, "cards dealt before the first street")
        index = len(self.streets) - 1
        street = self.current
        if name in street.dealt or (index and name in self.own
                                    and len(self.own[name]) > self._cards_by(index - 1)):
            raise HandError(line, f"{name} is dealt twice on the {street.name} street")
        want = self._cards_by(index) - (self._cards_by(index - 1) if index else 0)
        if len(cards) != want:
            raise HandError(line, f"{len(cards)} cards dealt to {name} on the {street.name} "
                                  f"street (expected {want})")
        have = self.own.setdefault(name, [])
        if len(have) != (self._cards_by(index - 1) if index else 0):
            raise HandError(line, f"{name} gets {street.name}-street cards without the "
                                  "earlier streets' cards")
        if hero:
            if self.hero not in (None, name):
                raise HandError(line, f"two players have their hole cards dealt face up: "
                                      f"{self.hero} and {name}")
            if None in cards:
                raise HandError(line, f"the hero's ({name}) cards are hidden")
            self.hero = name
        again = [c for c in cards if c is not None and c in have]
        if again:
            raise HandError(line, f"{card_str(again[0])} is dealt to {name} twice")
        self.claim([c for c in cards if c is not None], name, line)
        have.extend(cards)
        up_card = self._up_card(index, cards)
        if up_card is None and self._street_has_up(index) and not self.up_cards_hidden:
            raise HandError(line, f"{name}'s up card on the {street.name} street is hidden")
        if name == self.hero:
            self.hero_cards.extend(c for c in cards if c is not None)
            street.dealt[name] = tuple(c for c in cards if c is not None)
        elif up_card is not None:
            street.dealt[name] = (up_card,)

    def reveal(self, name: str, cards: list[int], line: int) -> bool:
        """``name``'s cards in the order dealt, written face up after the deal: the hidden
        ones are filled in. False (nothing changed) when they do not fit the known ones."""
        have = self.own.get(name, [])
        if len(cards) != len(have) or any(
                h is not None and h != c for h, c in zip(have, cards, strict=True)):
            return False
        self.claim([c for h, c in zip(have, cards, strict=True) if h is None], name, line)
        self.own[name] = list(cards)
        return True

    def _up_of(self, name: str, streets: int) -> tuple[int, ...]:
        """The up cards known of ``name`` on the first ``streets`` streets (each one up to
        the first one hidden)."""
        own = self.own.get(name, [])
        first = 1 if self.five else 2
        out = []
        for pos in range(first, first + min(streets, 4)):
            if pos >= len(own) or own[pos] is None:
                break
            out.append(own[pos])
        return tuple(out)

    def _cards_by(self, index: int) -> int:
        """Cards each player holds once street ``index`` is dealt."""
        first = 2 if self.five else 3
        return first + index

    def _street_has_up(self, index: int) -> bool:
        return self.five or index < 4

    def _up_card(self, index: int, cards: list[int | None]) -> int | None:
        return cards[-1] if self._street_has_up(index) else None

    def act(self, name: str, kind: str, line: int, *, put_in: float | None = None,
            to: float | None = None, all_in: bool = False) -> None:
        """A betting action on the open street: give the chips it puts in (``put_in``) or,
        for a complete or raise, the total it makes the bet (``to``)."""
        self.known(name, line)
        if not self.streets or self.in_showdown:
            raise HandError(line, f"{name} acts outside a street")
        street = self.current
        before = street.committed.get(name, 0.0)
        if kind in ("check", "fold"):
            chips = 0.0
        elif to is not None:
            chips = round(to - before, 10)
            if chips < 0:
                raise HandError(line, f"{name} raises to less than already put in")
        else:
            chips = put_in or 0.0
        if chips < 0:
            raise HandError(line, f"{name} puts in a negative amount")
        if kind in ("raise", "complete") and to is None:
            to = round(before + chips, 10)
        street.committed[name] = round(before + chips, 10)
        street.actions.append(Action(name, kind, chips, to, all_in))

    def top_bet(self) -> float:
        """The highest total anyone has put in on the open street."""
        return max(self.current.committed.values(), default=0.0) if self.streets else 0.0

    def committed(self, name: str) -> float:
        return self.current.committed.get(name, 0.0) if self.streets else 0.0

    def show(self, name: str, cards: list[int], line: int) -> None:
        """Cards ``name`` turns face up (shows, or mucks face up); the longest list is kept."""
        self.known(name, line)
        self.claim(cards, name, line)
        before = set(self.shown.get(name, ()))
        if not (before <= set(cards) or set(cards) <= before):
            raise HandError(line, f"{name}'s shown cards disagree with the cards shown before")
        if len(cards) > len(before):
            self.shown[name] = tuple(cards)

    def win(self, name: str, chips: float, line: int) -> None:
        """Winnings as the file reports them, an uncalled bet returned included."""
        self.known(name, line)
        self.won[name] = round(self.won.get(name, 0.0) + chips, 10)

    def collect(self, name: str, chips: float, line: int) -> None:
        """Chips won from the pot, no uncalled bet in them."""
        self.known(name, line)
        self.collected[name] = round(self.collected.get(name, 0.0) + chips, 10)

    def claim(self, cards, name: str, line: int) -> None:
        if len(set(cards)) != len(cards):
            raise HandError(line, f"a card is repeated in {name}'s cards")
        for card in cards:
            other = self.owner.setdefault(card, name)
            if other != name:
                raise HandError(line, f"{card_str(card)} is dealt to both {other} and {name}")

    # -- the record
    def returned(self, streets: list[_StreetData]) -> list[tuple[str, str, float]]:
        """(street, player, chips) of each bet nobody called: the top contribution on a
        street beyond every other player's."""
        out = []
        for s in streets:
            bets: dict[str, float] = {}
            for a in s.actions:
                if a.kind != "ante":
                    bets[a.player] = bets.get(a.player, 0.0) + a.amount
            if not bets:
                continue
            ranked = sorted(bets.items(), key=lambda kv: kv[1], reverse=True)
            top_name, top = ranked[0]
            second = ranked[1][1] if len(ranked) > 1 else 0.0
            excess = round(top - second, 10)
            if excess > 1e-9:
                out.append((s.name, top_name, excess))
        return out

    def build(self, streets: list[_StreetData] | None = None, *, whole: bool = True,
              cut: ParseProblem | None = None, check: dict[str, float] | None = None
              ) -> HandHistory:
        """The record; ``streets`` (a cut hand) keeps only those streets, and ``whole``
        False leaves out the end of the hand (shown cards, winnings, pot). ``check``: each
        player's total put in as the file states it, compared with the actions."""
        streets = self.streets if streets is None else streets
        if not self.seats:
            raise HandError(self.line, "no seats")
        if not streets:
            raise HandError(self.line, f"hand is truncated: no {self.names[0]} street")
        dealt_in = {name for name in self.own}
        if not dealt_in:
            raise HandError(self.line, f"no cards dealt on {self.names[0]} street")
        k = len(streets)
        seats = tuple(sorted((s, p) for s, p in self.seats if p in dealt_in))
        returned = self.returned(streets)
        uncalled: dict[str, float] = {}
        for _, name, chips in returned:
            uncalled[name] = round(uncalled.get(name, 0.0) + chips, 10)
        antes = [a.amount for a in self.antes]
        bring_ins = [a.amount for s in streets for a in s.actions if a.kind == "bring-in"]
        hero_cards = self.hero_cards[: self._cards_by(k - 1)]
        up = {p: self._up_of(p, k) for _, p in seats if self._up_of(p, k)}
        put_in = sum(a.amount for s in streets for a in s.actions)
        total_pot = round(put_in - sum(uncalled.values()), 10)
        shown, collected, rake = {}, {}, None
        if whole:
            shown = dict(self.shown)
            collected = dict(self.collected)
            for name, chips in self.won.items():
                net = round(chips - uncalled.get(name, 0.0), 10)
                if net > 1e-9:
                    collected[name] = round(collected.get(name, 0.0) + net, 10)
            if collected or self.won:
                rake = round(total_pot - sum(collected.values()), 10)
                if rake < -1e-9:
                    self.warnings.append(f"the winnings ({round(sum(collected.values()), 2)})"
                                         f" are more than the pot ({round(total_pot, 2)})")
            for name, cards in shown.items():
                known = [c for c in self.own.get(name, ()) if c is not None]
                if len(cards) >= len(self.own.get(name, ())) and not set(known) <= set(cards):
                    raise HandError(self.line, f"{name}'s shown cards do not contain the "
                                               "cards dealt")
            if check:
                for name, stated in check.items():
                    got = sum(a.amount for s in streets for a in s.actions if a.player == name)
                    got -= uncalled.get(name, 0.0)
                    if name in self.stacks and abs(got - stated) > 0.005 and \
                            abs(got + uncalled.get(name, 0.0) - stated) > 0.005:
                        self.warnings.append(f"{name} put in {round(got, 2)} by the actions, "
                                             f"but the file says {round(stated, 2)}")
        return HandHistory(
            room=self.room,
            hand_id=self.hand_id,
            game=self.game,
            mix=self.mix,
            tournament=self.tournament,
            small_bet=self.small_bet,
            big_bet=self.big_bet,
            ante=max(antes) if antes else None,
            bring_in=bring_ins[0] if bring_ins else None,
            seats=seats,
            stacks={p: self.stacks[p] for _, p in seats},
            hero=self.hero,
            hero_cards=tuple(hero_cards),
            up_cards=up,
            streets=tuple(Street(s.name, dict(s.dealt), tuple(s.actions)) for s in streets),
            shown=shown,
            collected=collected,
            total_pot=total_pot if whole else None,
            rake=rake,
            warnings=tuple(self.warnings),
            uncalled=uncalled,
            returned=tuple(returned),
            cut=cut,
        )

    def build_cut(self, bad: BadCard, street_index: int | None) -> HandHistory:
        """The hand up to a garbled card on street ``street_index`` (None: in the showdown,
        every street kept), as pokerstars.py keeps it."""
        if street_index is None:
            note = "the showdown from this line on is left out"
            problem = ParseProblem(self.hand_id, bad.line, f"{bad.message}: {note}")
            return self.build(self.streets, whole=True, cut=problem)
        kept = self.streets[:street_index]
        if not kept:
            raise bad
        note = (f"only the streets before it are kept "
                f"({', '.join(s.name for s in kept)} street)")
        problem = ParseProblem(self.hand_id, bad.line, f"{bad.message}: {note}")
        return self.build(kept, whole=False, cut=problem)
