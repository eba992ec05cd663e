"""A batch reads and writes regular files only: a device (/dev/zero) never ends, a named
pipe blocks on opening and again on each read, and neither can be resumed from."""

from __future__ import annotations

import os
import stat

from .errors import BatchError

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a named pipe, or FIFO"),
    (stat.S_ISSOCK, "a socket"),
)

# Opening never waits: a FIFO swapped in after the check would block open() itself, before
# fstat could say what it is. On a regular file O_NONBLOCK changes nothing.
_NO_WAIT = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)


def kind_of(mode: int) -> str:
    for test, name in _KINDS:
        if test(mode):
            return name
    return "not a regular file"


def refuse_unless_regular(mode: int, path: str | os.PathLike, why: str) -> None:
    """BatchError naming the path, what it is and `why` a regular file is needed."""
    if not stat.S_ISREG(mode):
        raise BatchError(f"{str(path)!r} is not a regular file ({kind_of(mode)}): {why}")


def check_regular(path: str | os.PathLike, why: str, *, to_write: bool = False) -> bool:
    """Refuse a path that is there and is not a regular file (a symbolic link counts as what
    it points to). Nothing there: False for a file to write, BatchError for one to read."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        if to_write and isinstance(exc, FileNotFoundError):
            return False
        reason = getattr(exc, "strerror", None) or exc
        raise BatchError(f"cannot {'write' if to_write else 'read'} {str(path)!r}: "
                         f"{reason}") from None
    refuse_unless_regular(mode, path, why)
    return True


def open_regular(path: str | os.PathLike, flags: int, why: str, mode: int = 0o666) -> int:
    """os.open(path, flags) that never blocks and returns only a regular file's descriptor:
    checked by path first (a clear error for a pipe nobody writes to), then by the open
    file itself (the path may have changed in between)."""
    check_regular(path, why, to_write=bool(flags & (os.O_WRONLY | os.O_RDWR)))
    fd = os.open(path, flags | _NO_WAIT, mode)
    try:
        refuse_unless_regular(os.fstat(fd).st_mode, path, why)
    except BaseException:
        os.close(fd)
        raise
    return fd
