"""Reader for iPoker stud hand histories (XML, also in files ending in .txt): seven-card
stud, stud hi-lo, razz and five-card stud.

A file holds one or more ``<session>`` blocks, each with its ``<general>`` (the game
``<gametype>7 Card Stud Hi-Lo L €0.05/€0.10</gametype>``, the file owner's ``<nickname>``)
and its ``<game gamecode="...">`` hands. Files are often not well-formed XML (a missing
``</session>``, several roots, an encoding declaration that does not match the bytes), so
the tags are scanned forgivingly (xml_tags.scan_tags) rather than parsed strictly.

In a hand, ``<player seat name chips win bet/>`` gives the seats, stacks, the chips each
player put in (``bet``) and won (``win``, an uncalled bet returned included); some files
list every seat of the table, an empty one with ``name=""``; players listed without a
``seat`` are seated in the order listed. ``<round no="0">`` holds the
antes; the first round that deals cards (``no="2"`` in every file seen) is the first
street and each later round the next one (seven-card stud: 3rd street to the river;
five-card stud: 2nd street to 5th). Cards are written suit first (``H8 DJ C10``); ``X``
is a card the room hides: another player's hole card, unless they showed it down.
Actions (``<action no player type sum/>``, in the order of ``no``, not of the file) by
``type``: 0 fold, 3 call, 4 check, 5 bet (on the first street: the complete), 6 raise
(``sum`` is the chips the raise adds: the flat layout, one tag a line), 7 all-in, 9
sitting out (a fold, for a player dealt in), 15 ante, 16 bring-in, 23 raise (``sum`` is
the total the bet is raised to); ``sum`` is otherwise the chips the action puts in.

Cash games write the stakes in the game type (``7 Card Stud L $0.05/$0.10``); stud
tournaments write none (``7 Card Stud L``), and the level rises from hand to hand, so
each hand's stakes come from its own betting (the complete is the small bet, a bet from
the third street on the big bet), else from another hand of the file at the same ante
and bring-in. The tournament's number ends its table name (``$5 Limit 7 Card Stud,
699476041, 699476041``).

The file writes no "uncalled bet" or showdown lines: the uncalled bet is found from the
actions (builder.HandBuilder), the cards of a player other than the owner are shown when the
room wrote them face up, and the owner shows when the hand went to a showdown.
"""

from __future__ import annotations

import contextlib
import dataclasses
import re

from ..cards import parse_card
from .amounts import EITHER
from .builder import HandBuilder
from .builder import street_name as _street_name
from .game_names import game_of
from .record import BadCard, HandError, HandHistory, ParseProblem
from .xml_tags import Tag, scan_tags

NUMBERS = EITHER  # how the room writes amounts (amounts.py)
amount = NUMBERS.parse_optional

IPOKER = "iPoker"

_STAKES_RE = re.compile(r"([^\s/]*\d[^\s/]*)\s*/\s*([^\s/]*\d[^\s/]*)\s*$")
# The number ending a tournament's table name: "..., 699476041" or "(#16727068)".
_TABLE_TOURNAMENT_RE = re.compile(r"(?:^|[\s,#])(\d+)\)?\s*$")
# What a game's own <general> may say over its session's.
_OWN_FIELDS = ("gametype", "tournamentcode", "smallblind", "bigblind")
_NO_STAKES = ("no stakes: the game type names none (a tournament), and neither this hand's "
              "betting nor another hand at its ante and bring-in shows the small bet")
_NO_HAND = ("no hand in this iPoker file: each hand is a <game gamecode=...> inside a "
            "<session>")

_SUIT_FIRST_RE = re.compile(r"^([SHDC])(10|[2-9TJQKA])$", re.IGNORECASE)
_RANK_FIRST_RE = re.compile(r"^(10|[2-9TJQKA])([SHDC])$", re.IGNORECASE)
_HIDDEN_RE = re.compile(r"^(?:X+|\?+|-+)$", re.IGNORECASE)

_FOLD, _CALL, _CHECK, _BET, _RAISE_BY, _ALL_IN, _SITTING_OUT, _ANTE, _BRING_IN, _RAISE = (
    "0", "3", "4", "5", "6", "7", "9", "15", "16", "23")
# Types that carry no chips for a stud hand: blinds of other games, joined, chat.
_QUIET = {"1", "2", "8", "10", "11", "12", "13", "14", "17", "18", "19", "20", "21", "22"}


def _card(token: str, line: int) -> int | None:
    if _HIDDEN_RE.match(token):
        return None
    match = _SUIT_FIRST_RE.match(token)
    if match:
        suit, rank = match.group(1), match.group(2)
    else:
        match = _RANK_FIRST_RE.match(token)
        if match is None:
            raise BadCard(line, f"impossible card {token!r}")
        rank, suit = match.group(1), match.group(2)
    rank = "T" if rank == "10" else rank.upper()
    return parse_card(rank + suit.lower())


def _cards(text: str, line: int) -> list[int | None]:
    return [_card(token, line) for token in text.replace(",", " ").split()]





class _Session:
    """What a ``<session>``'s ``<general>`` says about its hands."""

    def __init__(self) -> None:
        self.fields: dict[str, str] = {}

    def get(self, name: str) -> str:
        return self.fields.get(name, "")


def _stated_stakes(fields: dict[str, str]) -> tuple[float, float] | None:
    """The small and big bet the file writes: in the game type (cash), else in
    ``<smallblind>``/``<bigblind>``; None when it writes none (stud tournaments)."""
    match = _STAKES_RE.search(fields.get("gametype", ""))
    small = big = None
    if match:
        small, big = amount(match.group(1)), amount(match.group(2))
    if small is None or big is None:
        small, big = amount(fields.get("smallblind")), amount(fields.get("bigblind"))
    return (small, big) if small and big else None


def _tournament(fields: dict[str, str]) -> str | None:
    """The tournament's number: ``<tournamentcode>``, else the number that ends the table
    name of a tournament session (``$5 Limit 7 Card Stud, 699476041, 699476041``; a cash
    table's name may end in a number too)."""
    if fields.get("tournamentcode"):
        return fields["tournamentcode"]
    if "tournamentname" in fields or "place" in fields:
        match = _TABLE_TOURNAMENT_RE.search(fields.get("tablename", ""))
        if match:
            return match.group(1)
    return None


@dataclasses.dataclass
class _Read:
    """A hand read to its end but not built yet: a tournament hand may take its stakes from
    another hand of the file. ``bad``: the bad card that cut it short."""

    hh: HandBuilder
    bad: BadCard | None
    stakes_known: bool

    def level(self) -> tuple[float | None, float | None]:
        """The hand's ante and bring-in: hands with the same are at the same level."""
        antes = [a.amount for a in self.hh.antes]
        bring_ins = [a.amount for s in self.hh.streets for a in s.actions
                     if a.kind == "bring-in"]
        return (max(antes) if antes else None), (bring_ins[0] if bring_ins else None)

    def build(self) -> HandHistory:
        return self.hh.build_cut(self.bad) if self.bad else self.hh.build(self.hh.header_line)


def _read_game(session: _Session, tags: list[Tag]) -> _Read | None:
    head = tags[0]
    hand_id = head.attrs.get("gamecode", "?")
    fields = dict(session.fields)
    in_general = False
    started: tuple[int, str] | None = None  # the game's own <startdate>, not the session's
    for tag in tags:  # a game's own <general> may name its game (mixed games) or stakes
        if tag.name == "general":
            in_general = not tag.closing and not tag.empty
        elif in_general and not tag.closing and tag.name in _OWN_FIELDS:
            fields[tag.name] = tag.text
        elif in_general and not tag.closing and tag.name == "startdate":
            started = (tag.line, tag.text)
    game = game_of(IPOKER, fields.get("gametype", ""))
    if game is None:
        return None  # another game: not ours
    stakes = _stated_stakes(fields)
    small, big = stakes or (0.0, 0.0)
    hh = HandBuilder(IPOKER, hand_id, head.line, game, small, big,
                     tournament=_tournament(fields), uncalled="settle", pot_from_chips=True)
    if started is not None:
        hh.date(*started)
    nickname = fields.get("nickname", "")
    stated_bets: dict[str, float] = {}
    rounds: list[tuple[int, Tag, list[Tag]]] = []
    for tag in tags:
        if tag.closing:
            continue
        if tag.name == "player":
            name = tag.attrs.get("name", "")
            seat = tag.attrs.get("seat", "")
            if not name:
                continue  # an empty seat: some files list every seat of the table
            if seat.isdigit():
                number = int(seat)
            else:  # players listed without their seats: seated in the order listed
                number = max((s for s, _ in hh.seats), default=0) + 1
            stack = amount(tag.attrs.get("chips")) or 0.0
            hh.seat(tag.line, number, name, stack)
            won = amount(tag.attrs.get("win"))
            if won:
                hh.win(tag.line, name, won)
            bet = amount(tag.attrs.get("bet"))
            # A stated bet over the player's chips is the file's own slip (seen: an all-in
            # player's ante counted twice): it cannot be checked against the actions.
            if bet is not None and bet <= stack + 0.005:
                stated_bets[name] = bet
        elif tag.name == "round":
            round_number = tag.attrs.get("no", "")
            if not round_number.isdigit():
                raise HandError(tag.line, f"a round numbered {round_number!r}")
            rounds.append((int(round_number), tag, []))
        elif tag.name in ("cards", "action") and rounds:
            rounds[-1][2].append(tag)
    if nickname in hh.stacks:
        # The file is its owner's: the hero, even in a hand where it hides his own hole
        # cards (then the others' cards written face up are shown, no hero's cards known).
        hh.mark_hero(nickname)
    street_index = 0
    first_round: int | None = None  # the first street's round (2 in every file seen)
    try:
        for number, tag, items in rounds:
            if first_round is None and not any(i.name == "cards" for i in items):
                for item in _in_order(items):
                    if item.name == "action" and item.attrs.get("type") == _ANTE:
                        hh.ante(item.line, item.attrs.get("player", ""),
                                amount(item.attrs.get("sum")) or 0.0)
                    elif item.name == "action" and item.attrs.get("type") not in (
                            _QUIET | {_SITTING_OUT}):
                        hh.warn(item.line, f"action type {item.attrs.get('type')!r} before the "
                                           "first street")
                continue
            if not items:
                continue
            if first_round is None:
                first_round = number
            street_index = number - first_round
            hh.street(tag.line, _street_name(hh, street_index, tag.line))
            for item in items:
                if item.name == "cards":
                    name = item.attrs.get("player", "")
                    cards = _cards(item.text, item.line)
                    hh.deal(item.line, name, cards,
                            hero=name == nickname and None not in cards)
            for item in _in_order([i for i in items if i.name == "action"]):
                _action(hh, item)
        hh.showdown()
        _showdown(hh, nickname)
        hh.stated_put_in = stated_bets
    except BadCard as bad:
        return _Read(hh, bad, stakes is not None)
    return _Read(hh, None, stakes is not None)


def _resolve_stakes(reads: list[_Read]) -> list[HandError | None]:
    """Stakes for the hands whose file writes none (stud tournaments): from the hand's own
    betting (HandBuilder.stakes_from_actions), else from the nearest hand of the file at
    the same ante and bring-in whose betting tells them for sure (the same level; a hand
    without a bring-in matches on the ante), else the hand's own best guess. The hands no
    stakes can be found for: a HandError each, None for the others."""
    sure: dict[int, tuple[float, float]] = {}
    guessed: set[int] = set()
    for i, read in enumerate(reads):
        if read.stakes_known:
            continue
        try:
            if read.hh.stakes_from_actions(read.hh.header_line, "in the game type"):
                sure[i] = (read.hh.small_bet, read.hh.big_bet)
            else:
                guessed.add(i)
        except HandError:
            pass  # no full bet in the hand: another hand's level, or a problem
    levels = [read.level() for read in reads]
    errors: list[HandError | None] = []
    for i, read in enumerate(reads):
        errors.append(None)
        if read.stakes_known or i in sure:
            continue
        ante, bring_in = levels[i]
        same = [j for j in sure if levels[j][0] == ante and (
            bring_in is None or levels[j][1] == bring_in)]
        if same:
            read.hh.small_bet, read.hh.big_bet = sure[min(same, key=lambda j: (abs(j - i),
                                                                               j > i))]
        elif i not in guessed:
            errors[-1] = HandError(read.hh.header_line, _NO_STAKES)
    return errors


def _in_order(items: list[Tag]) -> list[Tag]:
    """Actions in the order of their ``no`` (the file interleaves them with the cards)."""
    def key(item: Tag) -> int:
        number = item.attrs.get("no", "")
        return int(number) if number.isdigit() else 10**9
    return sorted(items, key=key)


def _action(hh: HandBuilder, item: Tag) -> None:
    name = item.attrs.get("player", "")
    kind = item.attrs.get("type", "")
    chips = amount(item.attrs.get("sum")) or 0.0
    first = len(hh.streets) == 1
    line = item.line
    if kind == _FOLD:
        hh.act(line, name, "fold")
    elif kind == _CHECK:
        hh.act(line, name, "check")
    elif kind == _CALL:
        hh.act(line, name, "call", put_in=chips)
    elif kind == _BRING_IN:
        hh.act(line, name, "bring-in", put_in=chips)
    elif kind == _BET:
        before = hh.committed(name)
        if first:
            hh.act(line, name, "complete", to=before + chips)
        elif hh.top_bet() > 0:
            hh.act(line, name, "raise", to=before + chips)
        else:
            hh.act(line, name, "bet", put_in=chips)
    elif kind == _RAISE:
        hh.act(line, name, "raise", to=chips)
    elif kind == _RAISE_BY:  # the flat layout: sum is the chips the raise adds
        hh.act(line, name, "raise", put_in=chips)
    elif kind == _SITTING_OUT:  # a player dealt in who sits out has folded
        folded = {a.player for s in hh.streets for a in s.actions if a.kind == "fold"}
        if hh.dealt.get(name) and name not in folded:
            hh.act(line, name, "fold")
    elif kind == _ALL_IN:
        total, top = hh.committed(name) + chips, hh.top_bet()
        completed = any(a.kind == "complete" for a in hh.current.actions)
        if total <= top + 1e-9:
            hh.act(line, name, "call", put_in=chips, all_in=True)
        elif first and not completed:
            hh.act(line, name, "complete", to=total, all_in=True)
        elif top > 0 or first:
            hh.act(line, name, "raise", to=total, all_in=True)
        else:
            hh.act(line, name, "bet", put_in=chips, all_in=True)
    elif kind == _ANTE:
        hh.ante(line, name, chips)
    elif kind not in _QUIET:
        hh.warn(line, f"unknown action type {kind!r} by {name}")


def _showdown(hh: HandBuilder, nickname: str) -> None:
    """Cards the room wrote face up are shown; the owner shows at a showdown."""
    folded = {a.player for s in hh.streets for a in s.actions if a.kind == "fold"}
    at_showdown = [name for _, name in hh.seats if name in hh.dealt and name not in folded]
    for name, cards in hh.dealt.items():
        if name == hh.marked_hero:
            if len(at_showdown) > 1 and name in at_showdown:
                hh.show(hh.header_line, name, cards)
        elif cards and None not in cards:
            hh.show(hh.header_line, name, [c for c in cards if c is not None])


def parse_text(text: str) -> tuple[list[HandHistory], list[ParseProblem]]:
    """All stud hands in an iPoker file's text and the problems of those not read."""
    hands: list[HandHistory] = []
    problems: list[ParseProblem] = []
    try:
        tags = scan_tags(text)
    except Exception as exc:  # noqa: BLE001 - bad input must never raise
        return [], [ParseProblem(None, 1, f"internal error: {exc!r}")]
    session = _Session()
    in_general = False
    games: list[tuple[_Session, list[Tag]]] = []
    current: list[Tag] | None = None
    for tag in tags:
        if tag.name == "session" and not tag.closing:
            session, current = _Session(), None
            continue
        if tag.name == "game":
            if tag.closing:
                current = None
            else:
                current = [tag]
                games.append((session, current))
            continue
        if current is not None:
            current.append(tag)
            continue
        if tag.name == "general":
            in_general = not tag.closing and not tag.empty
        elif in_general and not tag.closing:
            session.fields[tag.name] = tag.text
    if not games and text.strip():
        return [], [ParseProblem(None, 1, _NO_HAND)]
    reads: list[tuple[Tag, _Read]] = []
    for owner, game_tags in games:
        head = game_tags[0]
        with _problem(problems, head):
            read = _read_game(owner, game_tags)
            if read is not None:
                reads.append((head, read))
    errors = _resolve_stakes([read for _, read in reads])
    for (head, read), error in zip(reads, errors, strict=True):
        with _problem(problems, head):
            if error is not None:
                raise error
            hands.append(read.build())
    return hands, problems


@contextlib.contextmanager
def _problem(problems: list[ParseProblem], head: Tag):
    """A hand that cannot be read is a problem, never an exception."""
    try:
        yield
    except HandError as exc:
        problems.append(ParseProblem(head.attrs.get("gamecode"), exc.line, exc.message))
    except Exception as exc:  # noqa: BLE001 - bad input must never raise
        problems.append(ParseProblem(head.attrs.get("gamecode"), head.line,
                                     f"internal error: {exc!r}"))
