"""What the line-by-line readers share besides the hand builder (builder.py): cards as the
rooms write them (``X`` for a hidden card, ``10h``, lower case), and the loop that splits a
file into its hands at each header line and reads them one by one."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..cards import parse_card
from .builder import RoomBuilder
from .builder import read_hands as builder_read_hands
from .record import BadCard, HandError, HandHistory, ParseProblem

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


def split_hands(text: str, header) -> list[tuple[int, re.Match[str], list[tuple[int, str]]]]:
    """The file's hands: each header line (``header``, a pattern or a function of the
    stripped line, matched) and the non-empty lines up to the next one, numbered from 1."""
    chunks: list[tuple[int, re.Match[str], list[tuple[int, str]]]] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().strip("\ufeff\x00").strip()
        if line.strip("\ufffd") == "":
            continue  # blank, or the residue of a file cut in the middle of a character
        match = header(line) if callable(header) else header.match(line)
        if match:
            chunks.append((n, match, []))
        elif chunks:
            chunks[-1][2].append((n, line))
    return chunks


def hand_chunks(text: str, header, *, keep_header: bool = False
                ) -> list[tuple[str, int, list[tuple[int, str]]]]:
    """(hand id, the header's line number, [(line number, line)]) of every hand, for
    builder.read_hands; ``keep_header``: the header line is the hand's first line."""
    return [(match["id"], n, ([(n, match.string)] if keep_header else []) + lines)
            for n, match, lines in split_hands(text, header)]


def read_hands(text: str, header: re.Pattern[str],
               start: Callable[[int, re.Match[str]], RoomBuilder | None],
               feed: Callable[[RoomBuilder, int, str], None],
               finish: Callable[[RoomBuilder, HandHistory], HandHistory] | None = None,
               ) -> tuple[list[HandHistory], list[ParseProblem]]:
    """Every stud hand of ``text``: ``start`` makes a hand's builder from its header (None
    for another game: skipped silently), ``feed`` gives it each line, ``finish`` adjusts
    the record the builder built (a room's own accounting). Never raises: a hand that
    cannot be read is a ParseProblem and the next hand is read (builder.read_hands)."""
    matches = {}

    def chunks():
        for first, match, lines in split_hands(text, header):
            matches[first] = match
            yield match.group("id"), first, lines

    def read_one(hand_id, first, lines, holder):
        builder = start(first, matches[first])
        if builder is None:
            return None
        holder.append(builder)
        for n, line in lines:
            feed(builder, n, line)
        return builder

    return builder_read_hands(chunks(), read_one, finish)
