"""What a hand-history file is, from its first lines: which room or format wrote it, and
whether it holds hands at all: readers.py takes a file to its room's reader, and a file
of a room without a reader, a tournament summary or a file of no room is named to the
user for what it is.

Recognised from the content, never from the file name: the first lines each room writes.

>>> identify("Full Tilt Poker Game #29408130000: Table X - $2/$4 Ante $0.40 - Limit Stud H/L")
FileKind(room='Full Tilt Poker', content='hands')
>>> identify("#39969356: Limit Razz - 40/80\\n2021-01-02 15:48:40\\nTable '8 Game Mix'")
FileKind(room='KingsClub', content='hands')
>>> identify(""), identify("hello")
(FileKind(room=None, content='empty'), FileKind(room=None, content='unknown'))
"""

from __future__ import annotations

import re
from dataclasses import dataclass

POKERSTARS = "PokerStars"

# (room or format, what the file holds, a pattern matching one of its first lines)
_SIGNS: tuple[tuple[str, str, re.Pattern[str]], ...] = tuple(
    (room, content, re.compile(pattern))
    for room, content, pattern in (
        # "PokerStars Hand #", "Game #", "Home Game Hand #", "Home Game #", "Zoom Hand #";
        # an export writes "POKERSTARS GAME #".
        (POKERSTARS, "hands", r"(?i:^PokerStars (?:Zoom |Rush |Home Game )?(?:Hand |Game )?#\d+:)"),
        (POKERSTARS, "summary", r"^PokerStars Tournament #\d+"),
        ("Full Tilt Poker", "hands", r"^Full ?Tilt ?Poker Game #\d+"),
        ("Full Tilt Poker", "summary", r"^Full ?Tilt ?Poker Tournament Summary\b"),
        ("Winamax", "hands", r"^Winamax Poker - .*HandId: #"),
        ("KingsClub", "hands", (r"^#\d+: (?:Limit|Pot Limit|No Limit|Fixed Limit) .+ - "
                                r"[\d,.]+/[\d,.]+\s*$")),
        ("iPoker", "hands", r"<session sessioncode=\"\d+\""),
        ("Merge Gaming", "hands", (r"^<description type=\"[^\"]*\" stakes=|"
                                   r"^<game id=\"[\d-]+\" starttime=")),
        ("Ongame", "hands", r"^\*{5} History for hand [A-Z0-9]+-\d+"),
        ("Bovada", "hands", (r"^(?:Bovada|Ignition|Bodog(?:\.com|\.eu| UK| Canada|88)?) "
                             r"Hand #C?\d+")),
        # Everleaf, and its Partouche skin (the hand header in French)
        ("Everleaf", "hands", (r"^Everleaf Gaming Game #\d+|"
                               r"^\*{3} Historique des Mains pour la partie \d+ \*{3}$")),
        ("Absolute Poker", "hands", r"^Stage\s+#C?\d+:?\s"),
        ("PartyPoker", "hands", r"^Game #\d+ starts\.$|^\*{5} Hand History [Ff]or Game \d+"),
        ("Winning Poker Network", "hands", r"^Game started at: \d{4}/\d+/\d+"),
        # The layout of 2019 on: "Hand #N - 7Stud(Fixed Limit) - $0.04/$0.08 - DATE UTC",
        # tournaments "Game Hand #N - Tournament #T - ..."
        ("Winning Poker Network", "hands", (r"^(?:Game )?Hand #\d+ - .*\((?:Fixed|No|Pot|"
                                            r"All-in or Fold) Limit\) - ")),
        ("PHH", "hands", r"^variant\s*=\s*['\"]"),  # the open Poker Hand History format
    )
)

ROOMS = tuple(dict.fromkeys(room for room, _, _ in _SIGNS))  # each once, in the order above

_LINES = 40  # the first non-empty lines looked at: every room names itself at the top


@dataclass(frozen=True)
class FileKind:
    """``room``: who wrote the file (None when not recognised); ``content``: "hands",
    "summary" (a tournament summary: results, no hands), "empty" or "unknown"."""

    room: str | None
    content: str


def identify(text: str) -> FileKind:
    """The room and content of a hand-history file's text (decoded, see history_files.py)."""
    lines = []
    for raw in text.splitlines():
        line = raw.strip().strip("\ufeff\x00").strip()
        if line:
            lines.append(line)
        if len(lines) >= _LINES:
            break
    if not lines:
        return FileKind(None, "empty")
    for line in lines:
        for room, content, pattern in _SIGNS:
            if pattern.search(line):
                return FileKind(room, content)
    return FileKind(None, "unknown")
