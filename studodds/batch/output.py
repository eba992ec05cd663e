"""The results file of a batch: its format, its one writer (ResultWriter), its reader.

The first line, HEADER_LINE, says whose file it is; then one result per line, each
{"id": ..., then the object `studodds equity --format json` prints}. The writer takes only
a new or empty file or one of its own: it never changes, let alone cuts, another program's
file named by mistake, and cuts a torn last line only when it is the start of a result.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from io import FileIO
from pathlib import Path
from typing import Self

from .batch_errors import BatchError
from .regular import open_regular
from .running import SpotResult
from .spot_lines import bounded_lines, json_line

# The first line of a results file says whose file it is: a batch resumes, and repairs,
# only a file it wrote, never another program's file named by mistake.
RESULTS_HEADER = {"studodds": "batch results", "version": 1}
HEADER_LINE = json.dumps(RESULTS_HEADER, separators=(",", ":")) + "\n"
# How every result line starts (SpotResult.json_line, compact: the id, then equity()'s
# "game"), in three parts, to tell whether a line cut short is the start of one.
_OPENING, _AFTER_ID = b'{"id":', b',"game":"'
_ID = re.compile(rb'"(?:[^"\\]|\\.)*"|-?\d+')
_ID_CUT_SHORT = re.compile(rb'"(?:[^"\\]|\\.)*\\?|-?\d*')


def starts_as_result(start: bytes, *, whole_start: bool) -> bool:
    """Whether a line cut short is a result line's start: the opening, the id and the game
    key all there (whole_start), or else as much of them as was written before the cut."""
    if not start.startswith(_OPENING):
        return not whole_start and _OPENING.startswith(start)
    rest = start[len(_OPENING):]
    found = _ID.match(rest)
    if found is None:  # cut inside the id
        return not whole_start and _ID_CUT_SHORT.fullmatch(rest) is not None
    after = rest[found.end():]
    return after.startswith(_AFTER_ID) or (not whole_start and _AFTER_ID.startswith(after))


OUTPUT_NOT_REGULAR = "results go to a file a rerun can resume from"


def _result_id(raw: bytes | None):
    """The id of an output line, or None if the line is not a whole result (None: a line
    too long to be one)."""
    if raw is None:
        return None
    try:
        data = json_line(raw)
    except ValueError:  # not JSON, or not UTF-8
        return None
    if not isinstance(data, dict):
        return None
    spot_id = data.get("id")
    if "players" not in data:  # e.g. a spot line copied into the output: not a result
        return None
    return spot_id if isinstance(spot_id, (str, int)) and not isinstance(spot_id, bool) else None


def read_results(path: str | os.PathLike) -> dict:
    """The results in an output file by id, without the id ({} if there is no file).
    Lines that are not whole results (the header, a run killed mid-write) are left out;
    anything but a regular file is refused (BatchError)."""
    if not os.path.exists(path):
        return {}
    results: dict = {}
    try:
        with open(open_regular(path, os.O_RDONLY, OUTPUT_NOT_REGULAR), "rb") as source:
            for raw, _, _ in bounded_lines(source):
                spot_id = _result_id(raw)
                if spot_id is not None and raw is not None:  # an id: a whole line
                    data = json.loads(raw)
                    del data["id"]
                    results[spot_id] = data
    except OSError as exc:
        raise BatchError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None
    return results


def _looks_like_spot(raw: bytes | None) -> bool:
    """An input line (a spot: it has hands) rather than a result."""
    if raw is None:
        return False
    try:
        data = json_line(raw)
    except ValueError:
        return False
    return isinstance(data, dict) and "hands" in data and "players" not in data


BLANK, HEADER, RESULT, OTHER = "blank", "header", "result", "other"


def _header_version(raw: bytes | None):
    """The format version of a header line; None if the line is no header."""
    if raw is None or not raw.lstrip().startswith(b'{"studodds"'):
        return None
    try:
        data = json_line(raw)
    except ValueError:
        return None
    if isinstance(data, dict) and data.get("studodds") == RESULTS_HEADER["studodds"]:
        return data.get("version")
    return None


def _kind_of_line(raw: bytes | None) -> tuple[str, object]:
    """(BLANK | HEADER | RESULT | OTHER, the result's id or the header's version)."""
    if raw is not None and not raw.strip():
        return BLANK, None
    spot_id = _result_id(raw)
    if spot_id is not None:
        return RESULT, spot_id
    version = _header_version(raw)
    if version is not None:
        return HEADER, version
    return OTHER, None


@dataclass
class _Survey:
    """What an existing output file holds, read before anything in it is changed."""

    ids: set = field(default_factory=set)
    first: tuple[str, object, int] | None = None  # the first line not blank: kind, value, number
    others: list[int] = field(default_factory=list)  # whole lines that are not results
    spot_line: int | None = None  # the first of them that is a spot (an input file?)
    torn: tuple[int, int] | None = None  # an unfinished last line: its number and offset
    torn_start: bytes = b""  # its first bytes
    needs_newline: bool = False  # the last line is whole but has no newline
    size: int = 0  # bytes read (the whole file, unless it is not ours)

    @property
    def has_header(self) -> bool:
        return self.first is not None and self.first[:2] == (HEADER, RESULTS_HEADER["version"])


class ResultWriter:
    """The one writer of an output file: locked, checked, repaired, appended line by line.

    The file starts with HEADER_LINE (written when the file is new or empty). On opening:
    an exclusive lock (a second batch on the same file is refused); a file that is not a
    regular file, or not a results file, refused untouched; the ids of the results there
    already (self.ids); an unfinished last line removed if it is the start of a result.
    A results file of an earlier studodds (no header) is resumed as it is if every line in
    it is a result. write() appends one whole line with one system call, each id once.
    """

    def __init__(self, path: str | os.PathLike,
                 on_problem: Callable[[str], None] | None = None) -> None:
        self.path = Path(path)
        self.on_problem = on_problem or (lambda message: None)
        self.ids: set = set()
        self.file: FileIO | None = None  # open between __enter__ and __exit__

    @property
    def _open_file(self) -> FileIO:
        assert self.file is not None, "inside `with` only"
        return self.file

    def __enter__(self) -> Self:
        if str(self.path) == "-":
            raise BatchError("results go to a file, which a rerun resumes from, not to stdout "
                             "('-'): give a file name")
        try:
            # Unbuffered and O_APPEND: each write() is one whole line at the end of the file.
            fd = open_regular(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT,
                              OUTPUT_NOT_REGULAR)
            self.file = open(fd, "a+b", buffering=0)
        except OSError as exc:
            raise BatchError(f"cannot write {str(self.path)!r}: {exc.strerror or exc}") from None
        try:
            self._lock()
            self._scan_and_repair()
        except BaseException:
            self.file.close()
            raise
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._open_file.close()  # also releases the lock

    def _lock(self) -> None:
        try:
            import fcntl
        except ImportError:  # Windows: no advisory lock; one batch per output file, please
            return
        try:
            fcntl.flock(self._open_file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise BatchError(f"another studodds batch is writing {str(self.path)!r}: wait for "
                             "it to finish or choose another output file") from None
        except OSError:  # a file system without locks: go on unlocked
            pass

    def _survey(self) -> _Survey:
        """Read the file as it is (through the open file: the path may have changed)."""
        survey = _Survey()
        with open(self._open_file.fileno(), "rb", closefd=False) as lines:
            lines.seek(0)  # the descriptor's offset is at the end: opened to append
            offset = 0
            for number, (raw, size, whole) in enumerate(bounded_lines(lines), start=1):
                kind, value = _kind_of_line(raw)
                if survey.first is None and kind != BLANK:
                    survey.first = (kind, value, number)
                if kind == HEADER and value != RESULTS_HEADER["version"]:
                    kind = OTHER  # not of this format: refused if first, else not ours
                if kind == RESULT:
                    survey.ids.add(value)
                if not whole:  # the last line
                    if kind == OTHER:
                        survey.torn = (number, offset)
                    else:
                        survey.needs_newline = True
                elif kind == OTHER:
                    survey.others.append(number)
                    if survey.spot_line is None and _looks_like_spot(raw):
                        survey.spot_line = number
                    if not survey.has_header:
                        break  # not ours: nothing more to learn
                offset += size
            survey.size = offset
            if survey.torn is not None:
                lines.seek(survey.torn[1])
                survey.torn_start = lines.read(1 << 16)  # enough for any sane id
        return survey

    def _refuse_unless_ours(self, survey: _Survey) -> None:
        """BatchError, the file untouched, unless it is a results file of studodds: it starts
        with the header, or (an earlier studodds) every line in it is a result."""
        name = repr(str(self.path))
        if survey.first is None:
            return  # empty, or only blank lines: nothing to lose
        kind, value, number = survey.first
        if kind == HEADER and value != RESULTS_HEADER["version"]:
            raise BatchError(f"{name} is a results file of another format (version "
                             f"{json.dumps(value)}; this studodds writes version "
                             f"{RESULTS_HEADER['version']}): it was left as it is; choose "
                             "another output file, or the studodds that wrote it")
        if kind == HEADER:
            return
        if survey.spot_line is not None:
            raise BatchError(f"{name} holds spots, not results (line {survey.spot_line}): is "
                             "it an input file? It was left as it is; choose another output")
        if kind == OTHER or survey.others:
            raise BatchError(f"{name} is not a results file of studodds (line "
                             f"{survey.others[0] if survey.others else number} is not a "
                             f"result, and the file does not start with {HEADER_LINE.strip()}): "
                             "it was left as it is; choose another output file, or a new one")
        if survey.torn is not None and not starts_as_result(survey.torn_start,
                                                            whole_start=True):
            raise BatchError(f"{name} line {survey.torn[0]} is cut short and does not start as "
                             "a result does, and the file does not start with "
                             f"{HEADER_LINE.strip()}: it was left as it is; remove that line if "
                             "a stopped batch wrote it, or choose another output file")

    def _scan_and_repair(self) -> None:
        """Refuse a file that is not ours; collect the ids; cut a torn last line of ours; end
        a whole last line with its newline; start a new (or empty) file with the header."""
        survey = self._survey()
        self._refuse_unless_ours(survey)
        self.ids = survey.ids
        for number in survey.others:  # only in a file with the header: ours
            self.on_problem(f"{self.path} line {number}: not a result, left as it is (its "
                            "spot, if any, runs again)")
        good_end = survey.size
        if survey.torn is not None:
            number, offset = survey.torn
            # In a file without the header (an earlier studodds's) the line was checked to
            # start as a result does up to its game; with it, as far as it goes is enough.
            if starts_as_result(survey.torn_start, whole_start=False):
                good_end = offset
                self.on_problem(f"{self.path} line {number}: cut short by a stopped run, "
                                "removed (its spot runs again)")
            else:
                survey.needs_newline = True
                self.on_problem(f"{self.path} line {number}: cut short, and not a result: left "
                                "as it is, ended with a newline")
        if survey.size > good_end:
            self._open_file.truncate(good_end)
        if survey.needs_newline:
            self._append(b"\n")
        if survey.first is None:
            self._append(HEADER_LINE.encode("ascii"))

    def _append(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            view = view[self._open_file.write(view):]

    def write(self, result: SpotResult) -> bool:
        """Append a finished spot's line (False if its id is there already).

        No fsync: once write() has returned, a killed process loses nothing (the line is in
        the operating system's hands); syncing each line would only guard against a power
        cut, at milliseconds per spot.
        """
        if result.id in self.ids:
            return False
        self._append(result.json_line().encode("utf-8"))
        self.ids.add(result.id)
        return True
