"""Only regular files are read or written: a device (/dev/zero) never ends, a named pipe
blocks on opening and again on each read (a FIFO nobody writes to hangs for ever), a
socket is no file. batch and replay refuse them, before opening and again on what was
opened (the path may change in between), and never wait on the open itself."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable

# What a path is, when it is not a regular file: the words of the errors.
_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISFIFO, "a pipe"),
    (stat.S_ISSOCK, "a socket"),
)

# Opening never waits: a FIFO swapped in after the check would block open() itself, before
# fstat could say what it is. On a regular file O_NONBLOCK changes nothing.
_NO_WAIT = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)


def kind_of(mode: int) -> str | None:
    """What a file of this mode is, in words ("a device"); None for a regular
    file."""
    if stat.S_ISREG(mode):
        return None
    return next((words for test, words in _KINDS if test(mode)), "not a regular file")


def open_regular(path: str | os.PathLike, flags: int, refuse: Callable[[str], Exception],
                 mode: int = 0o666) -> int:
    """os.open(path, flags) that never blocks and returns only a regular file's descriptor:
    refuse(what) is raised for a path that is `what` ("a pipe"), checked on the path
    first (when it is there) and on the open file after."""
    try:
        what = kind_of(os.stat(path).st_mode)
    except FileNotFoundError:
        what = None  # a file to create, or an error os.open says best
    if what is not None:
        raise refuse(what)
    fd = os.open(path, flags | _NO_WAIT, mode)
    try:
        what = kind_of(os.fstat(fd).st_mode)
        if what is not None:
            raise refuse(what)
    except BaseException:
        os.close(fd)
        raise
    return fd
