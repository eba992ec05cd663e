"""Rooms that write a hand the way PokerStars does: a header line, ``Seat N: NAME (stack)``
lines, ``*** 3RD STREET ***`` headers, ``Dealt to NAME [cards] [new card]``, one line per
action after the player's name, the uncalled bet returned, the pot collected, and a
``*** SUMMARY ***``. PokerStars, Full Tilt Poker and Winamax write it in their own words.

A room is a subclass of :class:`StarsLayout` that sets the class-level patterns in its
words, and overrides a hook only where it truly differs: :meth:`StarsLayout.start` reads
the header (game, stakes, tournament), :meth:`StarsLayout.finish` the room's own
accounting. The hand itself is kept by the one hand builder (builder.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import ClassVar

from ..cards import card_str
from .amounts import DECIMAL_POINT, NumberStyle
from .builder import HandBuilder, read_hands
from .record import HandError, HandHistory, ParseProblem
from .studlines import cards


class StarsLayout:
    """One hand of a room writing the PokerStars layout; subclasses set the patterns."""

    ROOM: ClassVar[str]
    NUMBERS: ClassVar[NumberStyle] = DECIMAL_POINT
    # The hand's first line: groups ``id`` and ``rest`` (what follows the id).
    HEADER: ClassVar[re.Pattern[str]]
    # The problem of a file of the room in which no HEADER starts a hand (None: no problem).
    NO_HAND: ClassVar[str | None] = None
    SEAT: ClassVar[re.Pattern[str]] = re.compile(
        r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^()]*\d[^()]*)\)(?P<rest>.*)$")
    # Lines among the seats that say nothing of the hand (the table, the date).
    SEAT_NOISE: ClassVar[re.Pattern[str] | None] = None
    SECTION: ClassVar[re.Pattern[str]] = re.compile(r"^\*\*\* (?P<name>[^*]+?) \*\*\*(?P<rest>.*)$")
    # Section headers (upper case) that open a street, and the record's name of it.
    STREETS: ClassVar[dict[str, str]] = {
        "2ND STREET": "2nd", "3RD STREET": "3rd", "4TH STREET": "4th", "5TH STREET": "5th",
        "6TH STREET": "6th", "7TH STREET": "7th"}
    SHOWDOWNS: ClassVar[tuple[str, ...]] = ("SHOW DOWN",)
    # Section headers that open nothing (Winamax's "*** ANTE/BLINDS ***").
    QUIET_SECTIONS: ClassVar[tuple[str, ...]] = ()
    # What stands between a player's name and the action: "Hero bets" or "Hero: bets".
    ACTOR: ClassVar[str] = " "
    # After "Dealt to NAME ": the cards held so far, and the new card.
    DEALT: ClassVar[re.Pattern[str]] = re.compile(
        r"^\[(?P<a>[^\[\]]*)\](?: \[(?P<b>[^\[\]]*)\])?$")
    # After the name: an ante, when the room's ante is not one of ACTIONS.
    ANTE: ClassVar[re.Pattern[str] | None] = None
    # After the name: (kind, pattern) of each action; groups ``amt`` (a raise's or
    # complete's total, what any other action puts in), ``allin``, ``cards`` (a fold face up).
    ACTIONS: ClassVar[tuple[tuple[str, re.Pattern[str]], ...]]
    SHOWS: ClassVar[re.Pattern[str]] = re.compile(
        r"^(?:shows|mucks|showed) \[(?P<cards>[^\[\]]*)\]")
    # After the name: chips won from a pot (group ``amt``).
    WINS: ClassVar[re.Pattern[str]]
    # A whole line: chips won from a pot, the name first (groups ``name``, ``amt``).
    COLLECTED: ClassVar[re.Pattern[str] | None] = None
    # A whole line: a bet nobody called, returned (groups ``amt``, ``name``).
    UNCALLED: ClassVar[re.Pattern[str] | None] = None
    # After the name: lines that say nothing of the hand.
    QUIET: ClassVar[re.Pattern[str]]
    # Whole lines that say nothing of the hand.
    NOISE: ClassVar[re.Pattern[str]]
    # "NAME: text" that is no action is chat, skipped (rooms writing "Hero bets").
    CHAT: ClassVar[bool] = True
    # The summary: the pot (group ``pot``, and ``rake`` when on the same line).
    TOTAL: ClassVar[re.Pattern[str]]
    RAKE: ClassVar[re.Pattern[str] | None] = None  # the rake, searched in the TOTAL line
    NO_RAKE: ClassVar[float | None] = None  # the rake when the TOTAL line names none
    SUMMARY_SEAT: ClassVar[re.Pattern[str]] = re.compile(r"^Seat (?P<seat>\d+): (?P<rest>.*)$")
    SUMMARY_CARDS: ClassVar[re.Pattern[str]] = re.compile(
        r"(?:showed|mucked) \[(?P<cards>[^\[\]]*)\]")
    # In a summary seat line: chips won, used when the hand wrote no pot collected.
    SUMMARY_WON: ClassVar[re.Pattern[str] | None] = None

    def __init__(self, hand_id: str, line: int, header: re.Match[str]):
        self.hand_id = hand_id
        self.header_line = line
        self.builder: HandBuilder | None = self.start(line, header)

    @property
    def hh(self) -> HandBuilder:
        """The hand's builder: a reader reads on only a hand of its game (read_one)."""
        assert self.builder is not None, "a hand of another game is not read"
        return self.builder

    # -- hooks
    def start(self, line: int, header: re.Match[str]) -> HandBuilder | None:
        """The hand's builder from its header line; None for a hand of another game."""
        raise NotImplementedError

    def finish(self, hand: HandHistory) -> HandHistory:
        """The record as built, adjusted by the room's own accounting."""
        return hand

    def amount(self, text: str) -> float:
        return self.NUMBERS.parse(text)

    # -- reading
    @classmethod
    def parse_text(cls, text: str) -> tuple[list[HandHistory], list[ParseProblem]]:
        """Every stud hand of ``text``, and the problems of those that could not be read."""
        readers: dict[int, StarsLayout] = {}

        def chunks() -> Iterator[tuple[str, int, list]]:
            hand: tuple[str, int, list] | None = None
            for n, raw in enumerate(text.splitlines(), start=1):
                line = raw.strip().strip("\ufeff\x00").strip()
                if line.strip("\ufffd") == "":
                    continue  # blank, or the residue of a file cut inside a character
                header = cls.HEADER.match(line)
                if header:
                    if hand is not None:
                        yield hand
                    hand = (header["id"], n, [(n, header)])
                elif hand is not None:
                    hand[2].append((n, line))
            if hand is not None:
                yield hand

        def read_one(hand_id, start, lines, holder):
            (_, header), *rest = lines
            reader = cls(hand_id, start, header)
            if reader.builder is None:
                return None  # another game: not ours
            holder.append(reader.hh)
            readers[id(reader.hh)] = reader
            for n, line in rest:
                reader.feed(n, line)
            return reader.hh

        hands = list(chunks())
        if not hands and cls.NO_HAND is not None and text.strip():
            return [], [ParseProblem(None, 1, cls.NO_HAND)]
        return read_hands(hands, read_one,
                          lambda builder, hand: readers[id(builder)].finish(hand))

    def feed(self, n: int, line: str) -> None:
        hh = self.hh
        if hh.section == "seats":
            seat = self.SEAT.match(line)
            if seat:
                hh.seat(n, int(seat["seat"]), seat["name"], self.amount(seat["stack"]))
                return
            if self.SEAT_NOISE is not None and self.SEAT_NOISE.match(line):
                return
            hh.section = "antes"
        section = self.SECTION.match(line)
        if section:
            self.section(n, line, section["name"].strip().upper(), section["rest"].strip())
            return
        if hh.section == "summary":
            self.summary_line(n, line)
            return
        if line.startswith("Dealt to "):
            self.dealt(n, line)
            return
        uncalled = self.UNCALLED.match(line) if self.UNCALLED else None
        if uncalled and uncalled["name"] in hh.stacks:
            hh.return_uncalled(n, uncalled["name"], self.amount(uncalled["amt"]))
            return
        named = hh.name_prefix(line, self.ACTOR)
        if named:
            self.player_line(n, line, *named)
            return
        collected = self.COLLECTED.match(line) if self.COLLECTED else None
        if collected and collected["name"] in hh.stacks:
            hh.collect(n, collected["name"], self.amount(collected["amt"]))
            return
        if self.CHAT and hh.name_prefix(line, ": "):
            return
        if not self.NOISE.match(line):
            hh.warn(n, line)

    def section(self, n: int, line: str, name: str, rest: str) -> None:
        hh = self.hh
        if name in self.STREETS:
            hh.street(n, self.STREETS[name])
            if rest:
                self.street_rest(n, name, rest)
        elif name in self.SHOWDOWNS:
            if hh.section == "summary":
                raise HandError(n, f"*** {name} *** after the summary")
            hh.showdown()
        elif name == "SUMMARY":
            hh.summary(n)
        elif name not in self.QUIET_SECTIONS:
            hh.warn(n, line)

    def street_rest(self, n: int, name: str, rest: str) -> None:
        """What a street header writes after its name: the pot so far, in the rooms that
        write one (Full Tilt's "(Total Pot: 6,400, 2 Players, 1 All-In)")."""

    def dealt(self, n: int, line: str) -> None:
        hh = self.hh
        if hh.section != "street":
            raise HandError(n, "cards dealt outside a street")
        text = line[len("Dealt to "):]
        name = next((c for c in hh.names if text.startswith(c + " [")), None)
        if name is None:
            raise HandError(n, f"cards dealt to a player who is not seated: {text!r}")
        match = self.DEALT.match(text[len(name) + 1:])
        if match is None:
            raise HandError(n, f"cannot read the cards dealt to {name}: {line!r}")
        held = cards(match["a"], n)
        new = cards(match["b"], n) if match["b"] is not None else None
        if len(hh.streets) == 1:
            hh.deal_street(n, name, held + (new or ()))
        else:
            self.deal_new(n, name, new, held)

    def deal_new(self, n: int, name: str, new, held) -> None:
        """A later street's line: the cards ``held`` from before and the ``new`` card (or,
        with no second brackets, the new card alone)."""
        if new is None:
            self.hh.deal_street(n, name, held)
        else:
            self.hh.deal_street(n, name, new, earlier=held)

    def player_line(self, n: int, line: str, name: str, rest: str) -> None:
        hh = self.hh
        ante = self.ANTE.match(rest) if self.ANTE else None
        if ante:
            hh.ante(n, name, self.amount(ante["amt"]), bool(ante["allin"]))
            return
        for kind, regex in self.ACTIONS:
            match = regex.match(rest)
            if match is None:
                continue
            groups = match.groupdict()
            chips = self.amount(groups["amt"]) if groups.get("amt") else 0.0
            all_in = bool(groups.get("allin"))
            if kind == "ante":
                hh.ante(n, name, chips, all_in)
                return
            if kind == "fold" and groups.get("cards"):
                self.show(n, name, cards(groups["cards"], n))
            self.act(n, name, kind, chips, all_in)
            return
        shows = self.SHOWS.match(rest)
        if shows:
            self.show(n, name, cards(shows["cards"], n))
            return
        wins = self.WINS.match(rest)
        if wins:
            hh.collect(n, name, self.amount(wins["amt"]))
            return
        if not self.QUIET.match(rest):
            hh.warn(n, line)

    def act(self, n: int, name: str, kind: str, chips: float, all_in: bool) -> None:
        """A betting action of ACTIONS: ``chips`` is a raise's or complete's total, what any
        other action puts in (HandBuilder.act)."""
        self.hh.act(n, name, kind, chips, all_in=all_in)

    def show(self, n: int, name: str, shown) -> None:
        """Cards ``name`` turned face up. After a card shortage the community card may be
        listed among them: it is not the player's own and is left out."""
        community = self.hh.community
        if community is not None:
            shown = tuple(c for c in shown if c != community)
            if len(shown) > 6:
                raise HandError(n, f"{name} shows {len(shown)} cards of their own, but the "
                                   f"river was the community card {card_str(community)}")
        self.hh.show(n, name, shown)

    def summary_line(self, n: int, line: str) -> None:
        hh = self.hh
        total = self.TOTAL.match(line)
        if total:
            hh.total_pot = self.amount(total["pot"])
            rake = self.RAKE.search(line) if self.RAKE else None
            if rake:
                hh.rake = self.amount(rake["rake"])
            elif total.groupdict().get("rake"):
                hh.rake = self.amount(total["rake"])
            else:
                hh.rake = self.NO_RAKE
            return
        seat = self.SUMMARY_SEAT.match(line)
        if seat:
            named = hh.name_prefix(seat["rest"], " ")
            if named is None:
                if not self.NOISE.match(line):
                    hh.warn(n, line)
                return
            shown = self.SUMMARY_CARDS.search(seat["rest"])
            if shown:
                self.show(n, named[0], cards(shown["cards"], n))
            for won in self.SUMMARY_WON.finditer(seat["rest"]) if self.SUMMARY_WON else ():
                name = named[0]
                hh.summary_won[name] = hh.summary_won.get(name, 0.0) + self.amount(won["amt"])
            return
        if not self.NOISE.match(line):
            hh.warn(n, line)
