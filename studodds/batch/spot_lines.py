"""Spots: one equity question per JSON line, checked when the file is read (ids, fields,
cards, the game), each with a seed (given, or derived from its id)."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from ..cards import StudHand
from ..equity import parse_declarations
from ..games import get_game
from ..messages import shown
from ..scenario import build_scenario
from .batch_errors import BatchError
from .regular import open_regular

SPOT_FIELDS = ("id", "game", "hands", "dead", "community", "declare", "exact", "trials",
               "precision", "seed", "distribution")
# A spot is one short line (a few hundred bytes; a result with distributions a few KB): a
# longer line is refused without being read into memory whole (a file of one 50 GB line).
MAX_LINE_BYTES = 1 << 20
# Why the spots file must be a regular file: read_spots reads to the end before any spot runs.
SPOTS_NOT_REGULAR = "give a file of spots (a device or a pipe may never end)"


class SpotError(ValueError):
    """A spot that cannot be run as written: not JSON, a missing or repeated id, a bad field.

    spot_id: the spot's id when it could be read.
    """

    def __init__(self, message: str, spot_id: str | int | None = None) -> None:
        super().__init__(message)
        self.spot_id = spot_id


@dataclass(frozen=True)
class Spot:
    """One equity question: its id, equity() keyword arguments, and where it was read."""

    id: str | int
    options: dict
    line: int | None = None

    def where(self) -> str:
        return describe_spot(self.id, self.line)


def describe_spot(spot_id, line: int | None) -> str:
    if line is None:
        return f"spot {spot_id!r}"
    return f"line {line}" + ("" if spot_id is None else f" (id {spot_id!r})")


def seed_from_id(spot_id: str | int) -> int:
    """The seed of a sampled spot that gives none: SHA-256 of the id written as JSON, the
    first 8 bytes, top bit cleared (63 bits, like a drawn seed). The same id always gets
    the same numbers, so an interrupted batch resumes without mixing samples.

    >>> seed_from_id("a1") == seed_from_id("a1") != seed_from_id(1)
    True
    """
    digest = hashlib.sha256(json.dumps(spot_id).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def spot_id_of(data) -> str | int:
    """The id of a parsed input line: a non-empty string or a whole number."""
    if not isinstance(data, Mapping):
        raise SpotError(f"a spot is a JSON object {{\"id\": ..., \"game\": ...}}, "
                        f"got {type(data).__name__}")
    if "id" not in data:
        raise SpotError('the spot has no "id"')
    spot_id = data["id"]
    if isinstance(spot_id, bool) or not isinstance(spot_id, (str, int)) or spot_id == "":
        raise SpotError(f'"id" is a non-empty string or a whole number, got {shown(spot_id)}')
    if isinstance(spot_id, str):
        try:
            spot_id.encode("utf-8")  # JSON's \ud800 escapes can make a lone surrogate
        except UnicodeEncodeError:
            raise SpotError(f'"id" {shown(spot_id)} is not valid Unicode text') from None
    return spot_id


def _typed(data: Mapping, name: str, types: tuple, wanted: str):
    """data[name] if it is null, missing or of the given JSON types (never a bool by accident)."""
    value = data.get(name)
    if value is None:
        return None
    if (isinstance(value, bool) and bool not in types) or not isinstance(value, types):
        raise SpotError(f'"{name}" is {wanted}, got {shown(value)}')
    return value


def _hands_of(data: Mapping) -> list[str]:
    hands = data.get("hands")
    if not isinstance(hands, list) or not hands or not all(isinstance(h, str) for h in hands):
        raise SpotError('"hands" is a list of hand strings, one per player, e.g. '
                        f'["(As Ks) Ah", "(x x) Qd"], got {shown(hands)}')
    return hands


def _dead_of(data: Mapping) -> str | list:
    dead = data.get("dead")
    if dead is None:
        return ""
    if isinstance(dead, str):
        return dead
    if isinstance(dead, list) and all(isinstance(c, str) for c in dead):
        return dead
    raise SpotError(f'"dead" is a string or a list of cards, e.g. "7h 2c x", got {shown(dead)}')


def parse_spot(data: Mapping, line: int | None = None) -> Spot:
    """Check one spot (a parsed JSON object) as far as can be done without running it:
    fields and their types, the game, the cards (build_scenario). Raises SpotError or the
    library's own ValueError, which quotes the bad card or game."""
    spot_id = spot_id_of(data)
    check_fields(data, SPOT_FIELDS)
    options = question_options(data)
    # equity() ignores the seed of an exact answer, so deriving one always is harmless.
    if options["seed"] is None:
        options["seed"] = seed_from_id(spot_id)
    return Spot(spot_id, options, line)


def check_fields(data: Mapping, fields: tuple[str, ...]) -> None:
    """Refuse a field not among `fields`, naming it and the fields there are."""
    unknown = sorted(set(data) - set(fields), key=repr)  # a dict's keys: any type
    if unknown:
        raise SpotError(f"unknown field {shown(unknown[0])} (the fields: "
                        f"{', '.join(fields)})")


def question_options(data: Mapping) -> dict:
    """equity() keyword arguments from a question's fields (a spot's, or a web request's,
    without its id), checked as far as can be without running it: the fields' types, the
    game, the cards (build_scenario), the declarations. The seed is None when not given."""
    game = data.get("game")
    if not isinstance(game, str):
        raise SpotError(f'"game" is required, a game name such as "stud7", got {shown(game)}')
    hands, dead = _hands_of(data), _dead_of(data)
    community = _typed(data, "community", (str,), 'one card, e.g. "6h"')
    declare = data.get("declare")
    if declare is not None and not (
        isinstance(declare, str)
        or (isinstance(declare, list) and all(isinstance(d, str) for d in declare))
    ):
        raise SpotError(f'"declare" is a list such as ["high", "low"], got {shown(declare)}')
    # Bad cards, games and declarations fail here, not on a worker.
    scenario = build_scenario(get_game(game), hands, dead, community)
    parse_declarations(scenario.game, declare, scenario.n_players)
    seed = _typed(data, "seed", (int,), "a whole number 0 or more")
    if seed is not None and seed < 0:
        raise SpotError(f'"seed" is a whole number 0 or more, got {seed}')
    # A hand with a named range goes on as read, with the definitions it carries: a Dask
    # worker does not read the --range-file that gave them.
    carried: list[str | StudHand] = [
        parsed if parsed.hole_range is not None and parsed.hole_range.names else text
        for text, parsed in zip(hands, scenario.hands, strict=True)]
    return {
        "game": game, "hands": carried, "dead": dead,
        **({"community": community} if community is not None else {}),
        **({"declare": declare} if declare is not None else {}),
        "exact": _typed(data, "exact", (bool,), "true or false"),
        "trials": _typed(data, "trials", (int,), "a whole number"),
        "precision": _typed(data, "precision", (int, float), "a number (a standard error)"),
        "seed": seed,
        "distribution": bool(_typed(data, "distribution", (bool,), "true or false")),
    }


@dataclass
class SpotFile:
    """An input file read and checked: the spots to run and what was left out."""

    spots: list[Spot] = field(default_factory=list)
    present: int = 0  # spots whose id the output holds already
    problems: list[str] = field(default_factory=list)  # bad lines, each "line N: ..."


def read_spots(path: str | os.PathLike, present_ids: AbstractSet = frozenset()) -> SpotFile:
    """Read a JSON Lines file of spots. Bad lines (not JSON, no id, a repeated id, a bad
    field, card or game) are reported with their line number and left out; blank lines are
    ignored; spots whose id is in present_ids are counted, not checked again. Anything but
    a regular file (/dev/zero, a named pipe) is refused: it may never end."""
    spot_file = SpotFile()
    first_line_of: dict = {}
    try:
        with open(open_regular(path, os.O_RDONLY, SPOTS_NOT_REGULAR), "rb") as lines:
            for number, (raw, size, _) in enumerate(bounded_lines(lines), start=1):
                try:
                    if raw is None:
                        raise SpotError(_too_long(size))
                    spot = _read_line(raw, number, first_line_of, present_ids)
                except SpotError as exc:
                    where = describe_spot(exc.spot_id, number)
                    spot_file.problems.append(f"{where}: {exc} (skipped)")
                    continue
                if spot is _PRESENT:
                    spot_file.present += 1
                elif isinstance(spot, Spot):  # not None, a blank line
                    spot_file.spots.append(spot)
    except OSError as exc:
        raise BatchError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None
    return spot_file


_PRESENT = object()  # read_spots: this line's id is in the output already
_Line = tuple[bytes | None, int, bool]


def bounded_lines(source, limit: int = MAX_LINE_BYTES) -> Iterator[_Line]:
    """(line, its length in bytes, whether it ends with a newline) for each line of a
    binary file; the line is None when it is longer than limit bytes, and is then skipped
    in pieces, never held whole."""
    while True:
        raw = source.readline(limit + 1)
        if not raw:
            return
        if len(raw) <= limit or raw.endswith(b"\n"):
            yield raw, len(raw), raw.endswith(b"\n")
            continue
        size = len(raw)
        while not raw.endswith(b"\n"):
            raw = source.readline(1 << 16)
            if not raw:
                break
            size += len(raw)
        yield None, size, raw.endswith(b"\n")


def _too_long(size: int) -> str:
    return (f"the line is {size / 2**20:,.1f} MB long: a spot is one JSON object on a line of "
            f"at most {MAX_LINE_BYTES / 2**20:g} MB")


def json_line(raw: bytes | str):
    """json.loads, with every way it can fail as one ValueError: not JSON, not UTF-8, a
    number too long for Python's int, arrays nested too deep (a RecursionError)."""
    try:
        return json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON: {exc.msg} at column {exc.colno}") from None
    except RecursionError:
        raise ValueError("not JSON: nested too deeply") from None
    except ValueError as exc:  # not UTF-8, or an integer of thousands of digits
        raise ValueError(f"not JSON: {str(exc).split(';')[0]}") from None


def _read_line(raw: bytes, number: int, first_line_of: dict, present_ids) -> Spot | object:
    """The spot on one input line; _PRESENT if its id has a result, None if blank."""
    try:
        text = raw.decode("utf-8-sig" if number == 1 else "utf-8")
    except UnicodeDecodeError:
        raise SpotError("not UTF-8 text") from None
    if not text.strip():
        return None
    try:
        data = json_line(text)
    except ValueError as exc:
        raise SpotError(str(exc)) from None
    spot_id = spot_id_of(data)
    if spot_id in first_line_of:
        raise SpotError(f"the id repeats line {first_line_of[spot_id]}", spot_id)
    first_line_of[spot_id] = number
    if spot_id in present_ids:
        return _PRESENT
    try:
        return parse_spot(data, number)
    except ValueError as exc:  # SpotError, or the library's card and game errors
        raise SpotError(str(exc), spot_id) from None
