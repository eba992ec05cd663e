"""Replaying the hands of one file: which hands, whose view, and what is said when a file
or a hand cannot be replayed. `studodds replay` (files) and the web page (an upload) both
replay through here, so they refuse and warn alike and give the same results."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..messages import OptionError, option, shown
from ..method import AUTOMATIC, Method
from .formats import FileKind
from .readers import readable_rooms
from .record import HandHistory, ParseProblem, which_hand
from .replay import HandReplay, replay_hand


class ReplayError(ValueError):
    """Nothing to replay as asked: a file without stud hands, a hand or a hero not there."""


def no_hands_reason(name: str, kind: FileKind, problems: Sequence[ParseProblem]) -> str:
    """Why a file (named `name`, of the kind formats.identify found) gave no hands."""
    if kind.content == "empty":
        return f"{name!r} is empty: there are no hands in it to replay"
    if kind.room is None:
        return (f"{name!r} is not a hand history studodds can read: it reads hand histories "
                f"of {_rooms_read()}")
    article = "an" if kind.room[0].lower() in "aeiou" else "a"
    if kind.content == "summary":
        return (f"{name!r} is {article} {kind.room} tournament summary (the results, not the "
                "hands): there are no hands in it to replay")
    if problems:
        return f"none of the stud hands in {name!r} could be read: see the warnings above"
    return (f"no stud hands in {name!r}: none of seven-card stud, stud hi/lo, razz, "
            "deuce-to-seven razz or five-card stud")


def _rooms_read() -> str:
    rooms = readable_rooms()
    return rooms[0] if len(rooms) == 1 else ", ".join(rooms[:-1]) + " and " + rooms[-1]


def problem_text(problem: ParseProblem) -> str:
    """Where a hand could not be read, and why: "hand 12, line 26: 9h is dealt to ..."."""
    where = f"hand {problem.hand_id}, " if problem.hand_id else ""
    return f"{where}line {problem.line}: {problem.message}"


def problem_line(problem: ParseProblem, prefix: str = "") -> str:
    """A hand that could not be read, as one warning line that says it is left out (the
    other hands replay without it)."""
    return f"warning: {prefix}{problem_text(problem)} (this hand is left out)"


@dataclass(frozen=True)
class RepeatedHand:
    """A hand read a second time (record.which_hand: the same room, id, game, players and
    first cards): from `again`, after `first`."""

    hand_id: str
    first: str
    again: str


def distinct_hands(files: Sequence[tuple[str, Sequence[HandHistory]]]
                   ) -> tuple[list[HandHistory], list[RepeatedHand]]:
    """The hands of files (name, hands), each hand once: rooms' exports overlap (a day's
    file and the month's, a folder copied twice), and a session counted twice would say
    twice its net. Returns the hands in file order, first reading kept, and the repeats."""
    seen: dict[tuple, str] = {}
    hands, repeats = [], []
    for name, file_hands in files:
        for hh in file_hands:
            key = (hh.room, hh.hand_id, repr(which_hand(hh)))  # its lists: repr to hash
            if key in seen:
                repeats.append(RepeatedHand(hh.hand_id, seen[key], name))
            else:
                seen[key] = name
                hands.append(hh)
    return hands, repeats


def select_hand(hands: list[HandHistory], hand_id: str | None, where: str,
                problems: Sequence[ParseProblem] = ()) -> list[HandHistory]:
    """The hands to replay: all of them, or the one whose id is hand_id (ReplayError when
    no hand has it: one of the problems, the hands that could not be read, says why when
    it is one of them). where: the files, as the message names them."""
    if hand_id is None:
        return hands
    chosen = [h for h in hands if h.hand_id == hand_id]
    if not chosen:
        unread = next((p for p in problems if p.hand_id == hand_id), None)
        if unread is not None:
            raise ReplayError(f"hand {shown(hand_id)} in {where} could not be read: line "
                              f"{unread.line}: {unread.message}")
        raise ReplayError(f"no stud hand {shown(hand_id)} in {where}")
    return chosen


def replay_hands(hands: Sequence[HandHistory], *, hero: str | None = None,
                 method: Method = AUTOMATIC, where: str,
                 warn: Callable[[str], None] = lambda line: None,
                 progress: Callable[[float], None] | None = None) -> list[HandReplay]:
    """Replay each hand (histories.replay.replay_hand), from the hero's view when a hero is
    named. A hand the engine cannot take is a warning and the others replay; a hero not at
    a hand's table, or no hand replayed, is a ReplayError; a bad option (OptionError) spoils
    every hand and is raised as it is. method: each hand's (replay_hand); warn(line) is
    told each warning line; progress(fraction) after each hand (it may raise to stop the
    replay)."""
    replays = []
    for done, hh in enumerate(hands, start=1):
        if hh.cut is not None:  # a garbled card: the streets before it still replay
            warn(f"warning: hand {hh.hand_id}, line {hh.cut.line}: {hh.cut.message}")
        for warning in hh.warnings:
            warn(f"warning: hand {hh.hand_id}, {warning}")
        if hero is not None and hero not in dict(hh.seats).values():
            raise ReplayError(f"{option('hero')} {shown(hero)} is not at the table in hand {hh.hand_id}")
        try:
            replays.append(replay_hand(hh, hero=hero, method=method))
        except OptionError:
            raise  # a bad option spoils every hand: one error
        except ValueError as exc:  # a hand our engine cannot take: say so, replay the rest
            warn(f"warning: hand {hh.hand_id} cannot be replayed: {exc}")
        if progress is not None:
            progress(done / len(hands))
    if not replays:
        raise ReplayError(f"none of the hands in {where} could be replayed")
    return replays
