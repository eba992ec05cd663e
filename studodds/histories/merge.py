"""Reader for Merge Gaming stud hand histories (XML-like text): seven-card stud, stud hi/lo,
razz and five-card stud.

Each hand is a ``<game id="31423297-107" ...>`` after a ``<description type="7-Stud"
stakes="Limit $0.50/$1"/>`` naming its game (``7-Stud``, ``7-Stud H/L8``, ``Razz``,
``5-Stud``; a mixed game such as ``HORSE`` names the hand's game by its ``gametype`` or
``multigametype`` number) and its small bet and big bet. No-limit and pot-limit stud write
three amounts, ``No Limit ($0.01/$0.02/$0.10)``: ante, bring-in and minimum bet, and the
record's two bets are the minimum bet. A tournament may write ``stakes="Limit"`` alone: the
bets are then read from the betting (builder.HandBuilder.stakes_from_actions); its
``data`` attribute names the tournament and table, ``36447024-1``. The file is no XML
document (many roots, no declaration), so its tags are scanned forgivingly
(xml_tags.scan_tags).

Players are named by seat in the events; seats are numbered from 0 in the file and from 1
in the record, as the table shows them. Rounds: ``BLINDS`` (the antes), ``BRING_IN`` (the
door cards and the bring-in), ``THIRD_STREET`` (the rest of 3rd street's betting; five-card
stud: ``SECOND_STREET``), then one round a street, ``SHOWDOWN`` and ``END_OF_GAME``
(``END_OF_FOLDED_GAME`` then an empty ``END_OF_GAME`` for a hand won without a showdown). A
round's ``<cards>`` give each player's cards so far, ``null`` for a card the room hides
(``HOLE``: the file owner's, the hero's); they may be written after the round's betting,
but they were dealt before it. Amounts: ``COMPLETE`` and ``RAISE`` give the total the bet
is made, ``ANTE``, ``BRING_IN``, ``BET``, ``CALL`` and ``ALL_IN`` the chips the action puts
in (an all-in is a bet, raise or call by what it puts in); until September 8, 2010 (the
game's ``starttime``) a ``RAISE`` gave the chips it puts in, as fpdb reads it.
``<winner amount uncalled>`` gives what each player collected; a winner written
``uncalled="true"`` is an uncalled bet returned, which the hand builder also finds from the
actions (builder.HandBuilder). Files that write no such winner may count the bet nobody
called in the winner's amount: when the winners get more than the pot holds, it is taken
out.
"""

from __future__ import annotations

import re

from ..cards import parse_card
from .amounts import EITHER
from .builder import HandBuilder
from .builder import street_name as _street_name
from .dates import compact_date
from .game_names import game_of
from .record import BadCard, HandError, HandHistory, ParseProblem
from .xml_tags import Tag, scan_tags

NUMBERS = EITHER  # how the room writes amounts (amounts.py)
amount = NUMBERS.parse_optional

MERGE = "Merge Gaming"

_MIXES = ("HORSE", "HOSE", "SHOE", "RASH", "HA", "HO", "HAR")

# "Limit $0.50/$1" (small bet/big bet); "No Limit ($0.01/$0.02/$0.10)" (ante/bring-in/
# minimum bet); tournaments may write "Limit" alone, the stakes then come from the betting.
_AMOUNT = r"[^\s/()]*\d[^\s/()]*"
_STAKES_RE = re.compile(rf"{_AMOUNT}(?:\s*/\s*{_AMOUNT})+")
# Raises were written as the chips they put in until this start time (then as the total).
_RAISE_TO_FROM = "20100908000000"
_CARD_RE = re.compile(r"^(10|[2-9TJQKA])([cdhs])$", re.IGNORECASE)
_HIDDEN = ("null", "", "x", "xx", "?")

_STREET_ROUNDS = ("SECOND_STREET", "THIRD_STREET", "FOURTH_STREET", "FIFTH_STREET",
                  "SIXTH_STREET", "SEVENTH_STREET")
_QUIET_EVENTS = {"SHOW", "MUCK", "SIT_OUT", "SIT_IN", "DISCONNECTED", "RECONNECTED", "LEAVE",
                 "PLAYER_OUT", "JOIN", "CHAT", "TIMEOUT", "TIME_BANK"}


def _card(token: str, line: int) -> int | None:
    token = token.strip()
    if token.lower() in _HIDDEN:
        return None
    match = _CARD_RE.match(token)
    if match is None:
        raise BadCard(line, f"impossible card {token!r}")
    rank = "T" if match.group(1) == "10" else match.group(1).upper()
    return parse_card(rank + match.group(2).lower())


def _game_of(description: dict[str, str], head: Tag) -> tuple[str | None, str | None]:
    """(game id, mix name) of a hand; no game id for a game that is not stud."""
    kind = re.sub(r"\s+Tournament\s*$", "", description.get("type", ""),
                  flags=re.IGNORECASE).strip()
    game = game_of(MERGE, kind)
    if game is not None:
        return game, None
    mix = next((m for m in _MIXES if m.lower() == kind.lower()), None)
    if mix is not None:
        number = head.attrs.get("multigametype") or head.attrs.get("gametype", "")
        return game_of("Merge Gaming numbers", number), mix
    return None, None


def _read_game(description: dict[str, str], tags: list[Tag]) -> HandHistory | None:
    head = tags[0]
    hand_id = head.attrs.get("id", "?")
    if not description:
        raise HandError(head.line, "no <description> before the game: its game and stakes "
                                   "are unknown")
    game, mix = _game_of(description, head)
    if game is None:
        return None  # another game: not ours
    small, big = _stakes(description.get("stakes", ""))
    tournament = None
    if re.search(r"Tournament\s*$", description.get("type", ""), re.IGNORECASE):
        # data="DATE|NAME|TOURNAMENT-TABLE|GAME|true"
        parts = head.attrs.get("data", "").split("|")
        tournament = (parts[2] if len(parts) > 2 and parts[2] else hand_id).split("-")[0]
    hh = HandBuilder(MERGE, hand_id, head.line, game, small, big, tournament=tournament,
                     mix=mix, uncalled="settle", pot_from_chips=True)
    if "starttime" in head.attrs:
        hh.date(head.line, head.attrs["starttime"], compact_date)
    by_seat: dict[str, str] = {}
    rounds: list[tuple[str, Tag, list[Tag]]] = []
    for tag in tags:
        if tag.closing:
            continue
        if tag.name == "player":
            seat, name = tag.attrs.get("seat", ""), tag.attrs.get("nickname", "")
            if not seat.isdigit() or not name:
                raise HandError(tag.line, "a player without a seat or a name")
            if tag.attrs.get("dealtin", "true").lower() == "false":
                continue
            hh.seat(tag.line, int(seat) + 1, name, amount(tag.attrs.get("balance")) or 0.0)
            by_seat[seat] = name
        elif tag.name == "round":
            rounds.append((tag.attrs.get("id", "").upper(), tag, []))
        elif tag.name in ("event", "cards", "winner") and rounds:
            rounds[-1][2].append(tag)
    old_raise = head.attrs.get("starttime", _RAISE_TO_FROM)[:14] < _RAISE_TO_FROM
    reader = _Hand(hh, by_seat, old_raise)
    try:
        for round_id, tag, items in rounds:
            reader.round(round_id, tag, items)
        hh.showdown()
        reader.finish()
        _stakes_from_betting(hh)
        return hh.build(hh.header_line)
    except BadCard as bad:
        if reader.bad_street is None:
            hh.showdown()
            reader.finish()  # what was shown before the bad card
        _stakes_from_betting(hh)
        return hh.build_cut(bad)


def _stakes(text: str) -> tuple[float, float]:
    """(small bet, big bet) of a description's stakes; 0.0 for bets it does not name. No-limit and pot-limit stud name the ante, the bring-in and the minimum bet:
    the record's two bets are then the minimum bet (the replay does not depend on them)."""
    found = _STAKES_RE.findall(text)
    parts = [amount(p) for p in re.split(r"\s*/\s*", found[-1])] if found else []
    if len(parts) == 2:
        return parts[0] or 0.0, parts[1] or 0.0
    if len(parts) == 3:
        return parts[2] or 0.0, parts[2] or 0.0
    return 0.0, 0.0


def _stakes_from_betting(hh: HandBuilder) -> None:
    if not hh.small_bet or not hh.big_bet:
        hh.stakes_from_actions(hh.header_line, "in the description")


class _Hand:
    """Feeds one game's rounds to the hand builder."""

    def __init__(self, hh: HandBuilder, by_seat: dict[str, str], old_raise: bool):
        self.hh = hh
        self.by_seat = by_seat
        self.old_raise = old_raise  # RAISE gives the chips put in, not the total
        self.winners: list[tuple[int, str, float]] = []
        self.full: dict[str, list[int | None]] = {}  # cards so far, revealed ones filled in
        self.showed: set[str] = set()
        self.first_round = "SECOND_STREET" if hh.five else "THIRD_STREET"
        self.bad_street: int | None = 0
        self.returned_stated: dict[str, float] = {}

    def name(self, tag: Tag) -> str:
        seat = tag.attrs.get("player", "")
        if seat not in self.by_seat:
            raise HandError(tag.line, f"seat {seat!r} acts or is dealt cards but is not seated")
        return self.by_seat[seat]

    def round(self, round_id: str, tag: Tag, items: list[Tag]) -> None:
        hh = self.hh
        cards = [i for i in items if i.name == "cards"]
        events = sorted((i for i in items if i.name == "event"), key=_sequence)
        if round_id in ("BLINDS", "ANTES", "ANTE"):
            for event in events:
                self.event(event, before_deal=True)
            return
        if round_id == "BRING_IN" or (round_id in _STREET_ROUNDS and not (
                round_id == self.first_round and hh.streets)):
            if round_id in _STREET_ROUNDS and not hh.streets and \
                    round_id != self.first_round:
                raise HandError(tag.line, f"{round_id} before the first street")
            index = len(hh.streets)
            named = _STREET_ROUNDS.index(round_id) - (0 if hh.five else 1) \
                if round_id in _STREET_ROUNDS else 0
            if named != index:
                raise HandError(tag.line, f"{round_id} out of order (expected "
                                          f"{hh.order[index] if index < len(hh.order) else 'no'}"
                                          " street)")
            self.bad_street = index
            hh.street(tag.line, _street_name(hh, index, tag.line))
            self.deal(cards)
        elif round_id in ("SHOWDOWN", "END_OF_GAME", "END_OF_FOLDED_GAME"):
            self.bad_street = None  # a bad card from here on is the showdown's
            hh.showdown()
            self.deal(cards)
        elif round_id in _STREET_ROUNDS:  # 3rd street's betting, after the bring-in
            self.deal(cards)
        else:
            hh.warn(tag.line, f"unknown round {round_id!r}")
            return
        for event in events:
            self.event(event)
        for item in items:
            if item.name == "winner":
                self.winner(item)

    def deal(self, items: list[Tag]) -> None:
        hh = self.hh
        for item in items:
            kind = item.attrs.get("type", "").upper()
            name = self.name(item)
            cards = [_card(t, item.line) for t in item.attrs.get("cards", "").split(",")]
            if kind in ("SHOWN", "MUCKED"):
                self.showed.add(name)
                self.reveal(name, cards, item.line)
            elif kind in ("DRAW_DRAWN_CARDS", "HOLE"):
                if hh.ended:
                    self.reveal(name, cards, item.line)
                    continue
                have = self.full.setdefault(name, [])
                if len(cards) > len(have):
                    new = cards[len(have):]
                    self.reveal(name, cards[: len(have)], item.line)
                    hh.deal(item.line, name, new, hero=kind == "HOLE")
                    have.extend(new)
                else:
                    self.reveal(name, cards, item.line)
            elif kind == "COMMUNITY":
                raise HandError(item.line, "a community card on the river (a card shortage): "
                                           "not read for this room")
            else:
                hh.warn(item.line, f"cards of an unknown kind {kind!r}")

    def reveal(self, name: str, cards: list[int | None], line: int) -> None:
        """Cards of ``name`` written face up after they were dealt face down."""
        have = self.full.setdefault(name, [])
        for i, card in enumerate(cards):
            if card is None:
                continue
            if i >= len(have):
                have.extend([None] * (i + 1 - len(have)))
            if have[i] is None:
                self.hh.claim([card], name, line)
                have[i] = card
            elif have[i] != card:
                raise HandError(line, f"{name}'s cards change between rounds")

    def event(self, tag: Tag, before_deal: bool = False) -> None:
        hh = self.hh
        kind = tag.attrs.get("type", "").upper()
        chips = amount(tag.attrs.get("amount")) or 0.0
        if kind in _QUIET_EVENTS or kind == "":
            if kind == "SHOW":
                self.showed.add(self.name(tag))
            return
        name = self.name(tag)
        line = tag.line
        if kind == "ANTE":
            hh.ante(line, name, chips)
        elif before_deal:
            hh.warn(line, f"{kind} before the cards are dealt")
        elif kind == "BRING_IN":
            hh.act(line, name, "bring-in", put_in=chips)
        elif kind == "COMPLETE":
            hh.act(line, name, "complete", to=chips)
        elif kind == "RAISE" and self.old_raise:
            hh.act(line, name, "raise", put_in=chips)
        elif kind == "RAISE":
            hh.act(line, name, "raise", to=chips)
        elif kind == "BET":
            hh.act(line, name, "bet", put_in=chips)
        elif kind == "CALL":
            hh.act(line, name, "call", put_in=chips)
        elif kind == "CHECK":
            hh.act(line, name, "check")
        elif kind == "FOLD":
            hh.act(line, name, "fold")
        elif kind == "ALL_IN":
            total, top = hh.committed(name) + chips, hh.top_bet()
            first = len(hh.streets) == 1
            # An all-in before any street (a damaged file): hh.act refuses it below, as it
            # refuses any action there.
            completed = bool(hh.streets) and any(a.kind == "complete"
                                                 for a in hh.current.actions)
            if total <= top + 1e-9:
                hh.act(line, name, "call", put_in=chips, all_in=True)
            elif first and not completed:
                hh.act(line, name, "complete", to=total, all_in=True)
            elif top > 0 or first:
                hh.act(line, name, "raise", to=total, all_in=True)
            else:
                hh.act(line, name, "bet", put_in=chips, all_in=True)
        else:
            hh.warn(line, f"unknown event {kind!r}")

    def winner(self, tag: Tag) -> None:
        name = self.name(tag)
        chips = amount(tag.attrs.get("amount")) or 0.0
        if tag.attrs.get("uncalled", "false").lower() == "true":
            self.returned_stated[name] = self.returned_stated.get(name, 0.0) + chips
        else:
            self.winners.append((tag.line, name, chips))

    def finish(self) -> None:
        """Shown cards: everything known of each player who showed or mucked face up."""
        hh = self.hh
        hole = 1 if hh.five else 2
        for name in sorted(self.showed):
            full = self.full.get(name, [])
            if len(full) >= hole and None not in full[:hole]:  # their down cards seen
                hh.show(hh.header_line, name, [c for c in full if c is not None])
        returned: dict[str, float] = {}
        for _, name, chips in hh.unmatched_bets():
            returned[name] = round(returned.get(name, 0.0) + chips, 10)
        # Files that write no winner uncalled="true" of its own may put the bet nobody
        # called inside the winner's amount: more than the pot holds.
        pot = hh.put_in() - sum(returned.values())
        inside = returned and sum(chips for _, _, chips in self.winners) > pot + 0.005
        for line, name, chips in self.winners:
            if inside and name in returned:
                hh.win(line, name, chips)
            else:
                hh.collect(line, name, chips)
        for name, chips in self.returned_stated.items():
            if abs(returned.get(name, 0.0) - chips) > 0.005:
                hh.warnings.append(f"the file returns {chips} uncalled to {name}, the "
                                   f"actions {returned.get(name, 0.0)}")


def _sequence(tag: Tag) -> int:
    number = tag.attrs.get("sequence", "")
    return int(number) if number.isdigit() else 10**9


def parse_text(text: str) -> tuple[list[HandHistory], list[ParseProblem]]:
    """All stud hands in a Merge Gaming file's text and the problems of those not read."""
    hands: list[HandHistory] = []
    problems: list[ParseProblem] = []
    try:
        tags = scan_tags(text)
    except Exception as exc:  # noqa: BLE001 - bad input must never raise
        return [], [ParseProblem(None, 1, f"internal error: {exc!r}")]
    description: dict[str, str] = {}
    games: list[tuple[dict[str, str], list[Tag]]] = []
    current: list[Tag] | None = None
    for tag in tags:
        if tag.name == "description" and not tag.closing:
            description, current = dict(tag.attrs), None
        elif tag.name == "game":
            if tag.closing:
                current = None
            else:
                current = [tag]
                games.append((description, current))
        elif current is not None:
            current.append(tag)
    if not games and text.strip():
        problems.append(ParseProblem(None, 1, "no <game> in this Merge Gaming file: each hand "
                                              "is a <game id=...> after a <description>"))
    for desc, game_tags in games:
        head = game_tags[0]
        try:
            hand = _read_game(desc, game_tags)
            if hand is not None:
                hands.append(hand)
        except HandError as exc:
            problems.append(ParseProblem(head.attrs.get("id"), exc.line, exc.message))
        except Exception as exc:  # noqa: BLE001 - bad input must never raise
            problems.append(ParseProblem(head.attrs.get("id"), head.line,
                                         f"internal error: {exc!r}"))
    return hands, problems
