"""Named ranges: what a player holds in a situation a stud coach names ("completes with a
king up from a late seat"), written out once and typed by name: ``(@steals-late) Kd``.

The shipped list is package data (``named_ranges.toml``, documented in docs/hands.md); a
player's own file in the same format (``--range-file``, ``using_range_file``) adds names,
and a name it defines replaces the shipped definitions of that name whole (the player's
file says what the name means to him, for every game and door card it gives).

A file is TOML: one ``[[range]]`` table per definition, with

    name       the name typed after the @, kebab-case: ``steals-late``
    games      the games it is for: ``["stud7"]``
    door       the door cards it is for, as ranks: ``"QKA"``; ``"any"`` (the default)
    situation  the situation in the table's words
    range      the range in the hand notation, written out (no other name in it)
    share      the percent of starting hands with those door cards it holds (optional in
               a player's file; the shipped file states it and a test counts it)
    why        the reasoning, or a source one can quote (optional in a player's file)

A name may have several definitions (one per game, or per door card), but at most one
for any game and door card. A hand read (cards.parse_hand) names them only; the table is
checked with their definitions attached (with_definitions: scenario.build_scenario,
own_odds, how_often_dealt), and a hand then carries them (HoleRange.named) wherever it is
dealt, even where the file that gave them was never read (a Dask worker).
"""

from __future__ import annotations

import contextlib
import difflib
import os
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import cache
from importlib import resources
from itertools import combinations

from ..cards import RANKS, NotationError, StudHand, card_str, tokenize
from ..games import GAMES, as_game
from ..messages import InputError
from ..ranges import (
    NAMED_MARK,
    PIECE_KINDS,
    THIRD_STREET_CLASSES,
    HoleRange,
    NamedRange,
    read_range,
)
from .top import class_tests

SHIPPED_FILE = "named_ranges.toml"
SHIPPED = "studodds"  # the source of the shipped definitions
REQUIRED = ("name", "games", "situation", "range")
OPTIONAL = ("door", "share", "why")
ANY_DOOR = "any"


class NamedRangeError(InputError):
    """A named range that does not exist or does not fit the hand, or a file of them with a
    bad entry. The message is one line."""


# The player's own definitions (--range-file): for the whole process, since the page's
# questions run on worker threads; using_range_file sets them and puts them back.
_own: tuple[NamedRange, ...] = ()


@cache
def shipped() -> tuple[NamedRange, ...]:
    """The definitions shipped with studodds."""
    text = resources.files(__package__).joinpath(SHIPPED_FILE).read_text(encoding="utf-8")
    return read_definitions(text, f"{SHIPPED_FILE} (shipped with studodds)", SHIPPED)


def read_range_file(path: str | os.PathLike) -> tuple[NamedRange, ...]:
    """A player's file of named ranges (the format in the module's docs). NamedRangeError
    naming the file, and the entry, for anything wrong in it."""
    where = os.fspath(path)
    try:
        with open(path, "rb") as file:
            data = file.read(1_000_001)
    except OSError as error:
        raise NamedRangeError(f"{where}: cannot read the range file ({error.strerror or error})"
                              ) from None
    if len(data) > 1_000_000:
        raise NamedRangeError(f"{where}: a range file is at most 1,000,000 bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise NamedRangeError(f"{where}: a range file is UTF-8 text (TOML)") from None
    return read_definitions(text, where, where)


def read_definitions(text: str, where: str, source: str) -> tuple[NamedRange, ...]:
    """The definitions in a file's text; ``where`` names the file in errors, ``source`` is
    what the definitions record as their source."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise NamedRangeError(f"{where}: not TOML ({error})") from None
    extra = [key for key in data if key != "range"]
    if extra or not isinstance(data.get("range", []), list):
        raise NamedRangeError(f"{where}: the file holds [[range]] tables only, one for each "
                              "named range (see docs/hands.md)")
    definitions: list[NamedRange] = []
    for number, entry in enumerate(data.get("range", []), start=1):
        label = f"entry {number}"
        if isinstance(entry, dict) and isinstance(entry.get("name"), str):
            label += f" ({entry['name']!r})"

        def fail(problem: str, label=label) -> NamedRangeError:
            return NamedRangeError(f"{where}: {label}: {problem}")

        definition = _definition(entry, source, fail)
        clash = next((d for d in definitions if d.name == definition.name
                      and set(d.games) & set(definition.games)
                      and set(d.doors) & set(definition.doors)), None)
        if clash is not None:
            raise fail(f"a second definition of {definition.name!r} for the same game and door "
                       "card: give each definition other games or other door cards")
        definitions.append(definition)
    return tuple(definitions)


def _definition(entry, source: str, fail: Callable[[str], NamedRangeError]) -> NamedRange:
    if not isinstance(entry, dict):
        raise fail("each named range is a [[range]] table")
    unknown = [key for key in entry if key not in REQUIRED + OPTIONAL]
    if unknown:
        raise fail(f"unknown key {unknown[0]!r}: the keys are {', '.join(REQUIRED + OPTIONAL)}")
    missing = [key for key in REQUIRED if key not in entry]
    if missing:
        raise fail(f"no {missing[0]!r}: every named range has {', '.join(REQUIRED)}")
    for key in ("name", "situation", "range", "door", "why"):
        if key in entry and not isinstance(entry[key], str):
            raise fail(f"{key!r} is text in quotes")
    name = entry["name"].strip()
    try:
        tokenize(NAMED_MARK + name, in_hand=True)
    except NotationError:
        raise fail(f"the name {name!r} is lower-case words and digits joined by '-', "
                   "e.g. 'steals-late'") from None
    games = entry["games"]
    if (not isinstance(games, list) or not games
            or not all(isinstance(g, str) and g in GAMES for g in games)):
        raise fail(f"'games' is a list of games such as [\"stud7\", \"razz\"]; the games are "
                   f"{', '.join(GAMES)}")
    doors = _doors(entry.get("door", ANY_DOOR), fail)
    if not entry["situation"].strip():
        raise fail("'situation' says in words when a player holds this range")
    share = entry.get("share")
    if share is not None and (isinstance(share, bool) or not isinstance(share, (int, float))
                              or not 0 <= share <= 100):
        raise fail("'share' is a percent of starting hands, a number from 0 to 100")
    hole_range = _written_range(entry["range"], tuple(games), fail)
    return NamedRange(name, tuple(games), doors, " ".join(entry["situation"].split()),
                      hole_range, None if share is None else float(share),
                      " ".join(entry.get("why", "").split()), source)


def _doors(text: str, fail: Callable[[str], NamedRangeError]) -> tuple[int, ...]:
    if text.strip().lower() == ANY_DOOR:
        return tuple(range(len(RANKS)))
    letters = "".join(text.split()).upper()
    if not letters or any(ch not in RANKS for ch in letters) or len(set(letters)) < len(letters):
        raise fail(f"'door' is the door cards' ranks, such as 'K' or 'QKA' (ranks "
                   f"{' '.join(RANKS)}), or 'any'; got {text!r}")
    return tuple(sorted(RANKS.index(ch) for ch in letters))


def _written_range(text: str, games: tuple[str, ...],
                   fail: Callable[[str], NamedRangeError]) -> HoleRange:
    """A definition's range: the inside of a hole group, checked for each of its games."""
    try:
        tokens = tokenize(text, in_hand=True)
    except NotationError as error:
        raise fail(f"'range': {error}") from None
    if not tokens:
        raise fail("'range' is empty: write the range as inside a hand's parentheses")
    if any(t.kind not in PIECE_KINDS + ("card", "unknown") for t in tokens):
        raise fail("'range' is what goes inside the hole-card parentheses, without them")
    if any(t.kind == "class" and t.text.startswith(NAMED_MARK) for t in tokens):
        raise fail("'range' is written out: another named range cannot stand in it")
    try:
        hole_range = read_range(tokens, lambda problem: NotationError(f"'range': {problem}"))
    except NotationError as error:
        raise fail(str(error)) from None
    for game in games:
        hole_cards = as_game(game).hole_cards
        if hole_range.slot_count not in (None, hole_cards):
            raise fail(f"'range' names {hole_range.slot_count} hole card"
                       f"{'s' * (hole_range.slot_count > 1)} per alternative; {game} deals "
                       f"{hole_cards}")
        third_street = [c for c in hole_range.classes if c in THIRD_STREET_CLASSES]
        if third_street and hole_cards != 2:
            raise fail(f"{third_street[0]!r} describes third street in the seven-card games, "
                       f"not {game}")
    return hole_range


def named_ranges(range_file: str | os.PathLike | None = None) -> tuple[NamedRange, ...]:
    """Every named range's definitions: the shipped ones, the player's own in use
    (using_range_file) and those of ``range_file``, a name defined later replacing the
    earlier definitions of that name whole.

    >>> steal = [d for d in named_ranges() if d.name == "steals-late" and "stud7" in d.games]
    >>> steal[0].door_text
    'Q K A'
    """
    definitions = shipped()
    for own in (_own, read_range_file(range_file) if range_file is not None else ()):
        replaced = {d.name for d in own}
        definitions = tuple(d for d in definitions if d.name not in replaced) + tuple(own)
    return definitions


@contextlib.contextmanager
def using_range_file(path: str | os.PathLike | None) -> Iterator[tuple[NamedRange, ...]]:
    """Within the block, hands may use the named ranges of this file too (None: only the
    shipped ones), for the whole process; the file's definitions are what it yields."""
    global _own
    own = read_range_file(path) if path is not None else ()
    before, _own = _own, own
    try:
        yield own
    finally:
        _own = before


def hand_with_definitions(hand: StudHand, fail: Callable[[str], InputError]) -> StudHand:
    """The hand with the definitions of the named ranges its hole range uses (as it is when
    it has none, or carries them already). ``fail`` makes the error for a name that is
    none, which lists the names close to it."""
    hole_range = hand.hole_range
    if hole_range is None or not hole_range.names or hole_range.named:
        return hand
    return replace(hand, hole_range=with_definitions(hole_range, fail))


def with_definitions(hole_range: HoleRange, fail: Callable[[str], InputError]) -> HoleRange:
    """The range with the definitions of the named ranges it uses. ``fail`` makes the error
    for a name that is none, which lists the names close to it."""
    book = named_ranges()
    carried: list[NamedRange] = []
    for name in hole_range.names:
        found = tuple(d for d in book if d.name == name)
        if not found:
            raise fail(f"{NAMED_MARK + name!r} is not a named range"
                       f"{_close_names(name, {d.name for d in book})} (`studodds ranges` lists "
                       "them all)")
        carried.extend(d for d in found if d not in carried)
    return replace(hole_range, named=tuple(carried))


def _close_names(name: str, names: set[str]) -> str:
    """'; did you mean @a or @b?' for the names close to ``name`` (at most four): those
    sharing a word with it, or nearly ('king' and 'kings', 'steal' and 'steals'), most
    words first, then those alike as text; '' when none is."""
    words = name.split("-")

    def shared(other: str) -> int:
        theirs = other.split("-")
        return sum(bool(difflib.get_close_matches(w, theirs, n=1, cutoff=0.75)) for w in words)

    alike = set(difflib.get_close_matches(name, sorted(names), n=4, cutoff=0.6))
    close = sorted((n for n in names if n in alike or shared(n)),
                   key=lambda n: (-shared(n), -difflib.SequenceMatcher(None, name, n).ratio(), n))
    if not close:
        return ""
    listed = [f"{NAMED_MARK}{n}" for n in close[:4]]
    return f"; did you mean {' or '.join(_or(listed))}?"


def _or(items: list[str]) -> list[str]:
    """['a, b', 'c'] for ' or '.join: 'a, b or c'."""
    return [", ".join(items[:-1]), items[-1]] if len(items) > 1 else items


def fit_problem(hole_range: HoleRange, game: str, up: tuple[int, ...]) -> str | None:
    """Why a named range of this range has no definition for the game and the hand's door
    card (up[0]), or None when every one has."""
    for name in hole_range.names:
        definitions = [d for d in hole_range.named if d.name == name]
        if not definitions:  # a caller's slip: the hand was never given its definitions
            return (f"{NAMED_MARK}{name}: the definitions were not read "
                    "(starting.named_ranges.hand_with_definitions)")
        if not up:
            return (f"{NAMED_MARK}{name} is a range for a player with his door card up: write "
                    f"the door card after the parentheses, e.g. '({NAMED_MARK}{name}) "
                    f"{RANKS[definitions[0].doors[-1]]}d'")
        if not any(d.fits(game, up[0]) for d in definitions):
            where = "; ".join(f"{' or '.join(d.games)} {_door_words(d)}" for d in definitions)
            return (f"{NAMED_MARK}{name} is for {where}; here the door card is {card_str(up[0])} "
                    f"in {game}")
    return None


def _door_words(definition: NamedRange) -> str:
    """'with any door card', 'with a Q, K or A up'."""
    if len(definition.doors) == len(RANKS):
        return "with any door card"
    ranks = [RANKS[r] for r in definition.doors]
    return f"with {'an' if ranks[0] in '8A' else 'a'} {' or '.join(_or(ranks))} up"


def counted_share(definition: NamedRange, game: str) -> float:
    """The percent of the starting hands with one of the definition's door cards that it
    holds (weighted): every door card, every set of hole cards from the other 51 cards.

    >>> bring_in = [d for d in shipped() if d.name == "bring-in-defends" and "stud7" in d.games]
    >>> round(counted_share(bring_in[0], "stud7"), 1) == bring_in[0].share
    True
    """
    hole_cards = as_game(game).hole_cards
    carried = HoleRange((NAMED_MARK + definition.name,), named=(definition,))
    tests = class_tests(carried, game)
    held, dealt = 0.0, 0
    for door in (c for c in range(52) if c >> 2 in definition.doors):
        others = [c for c in range(52) if c != door]
        for hole in combinations(others, hole_cards):
            held += carried.weight_of(hole, (door,), tests)
            dealt += 1
    return 100 * held / dealt


def share_of(definition: NamedRange) -> float:
    """The definition's share of starting hands: as stated, or counted when a player's
    file states none (for its first game)."""
    if definition.share is not None:
        return definition.share
    return counted_share(definition, definition.games[0])
