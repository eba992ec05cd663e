"""A batch reads and writes regular files only (studodds.regular_files): a device
(/dev/zero) never ends, a named pipe blocks, and neither can be resumed from."""

from __future__ import annotations

import os

from ..regular_files import kind_of
from ..regular_files import open_regular as _open_regular
from .batch_errors import BatchError


def _refusal(path: str | os.PathLike, why: str):
    return lambda what: BatchError(f"{str(path)!r} is not a regular file ({what}): {why}")


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
    what = kind_of(mode)
    if what is not None:
        raise _refusal(path, why)(what)
    return True


def open_regular(path: str | os.PathLike, flags: int, why: str, mode: int = 0o666) -> int:
    """os.open(path, flags) that never blocks and returns only a regular file's descriptor
    (BatchError naming the path, what it is and `why` a regular file is needed)."""
    check_regular(path, why, to_write=bool(flags & (os.O_WRONLY | os.O_RDWR)))
    return _open_regular(path, flags, _refusal(path, why), mode)
