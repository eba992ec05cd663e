"""Text that came from a file (player names, hand ids, table names) made safe to show: a
hand history is written by whoever names a player, so a name may hold escape sequences
that retitle the terminal or write its clipboard (OSC 52), marks that print it backwards,
or a formula a spreadsheet would run. The library keeps names as read; they are made
safe here, where they are shown.

>>> visible("Bob\\x1b]0;owned\\x07 \\u202eylla")
'Bob\\\\x1b]0;owned\\\\x07 \\\\u202eylla'
>>> spreadsheet_cell('=HYPERLINK("http://x")'), spreadsheet_cell("-12.50"), spreadsheet_cell(-0.5)
('\\'=HYPERLINK("http://x")', '-12.50', -0.5)
"""

from __future__ import annotations

import re

# Bidirectional marks, embeddings, overrides and isolates: they reorder the text after
# them, so a name can print backwards or carry the next column along. Line and paragraph
# separators break a line where some terminals and editors show text.
_REORDERING = r"\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029"
# C0 (tab and newline too: inside a name they break the table), DEL and C1 (0x9b is a
# CSI by itself on some terminals).
_HIDDEN = re.compile(rf"[\x00-\x1f\x7f-\x9f{_REORDERING}]")
# What json.dumps(ensure_ascii=False) leaves raw: it escapes C0 only.
_RAW_IN_JSON = re.compile(rf"[\x7f-\x9f{_REORDERING}]")
_SHORT = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _escape(match: re.Match) -> str:
    char = match.group()
    code = ord(char)
    return _SHORT.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def visible(text: str) -> str:
    """text with every control character and reordering mark written as its escape
    (\\x1b, \\t, \\u202e): what is printed is what the file holds, and nothing acts on the
    terminal. Other text, accents and all, is unchanged."""
    return _HIDDEN.sub(_escape, text)


def json_visible(document: str) -> str:
    """JSON text with DEL, C1 and the reordering marks as \\u escapes: the same document to
    a program (the strings decode to the same names), nothing raw to a terminal."""
    return _RAW_IN_JSON.sub(lambda m: f"\\u{ord(m.group()):04x}", document)


# A cell a spreadsheet reads as a formula (OWASP, CSV injection): = + - @, tab, return.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")


def spreadsheet_cell(value):
    """A CSV cell: text made visible(), and an apostrophe before text a spreadsheet would
    run as a formula; numbers, and text that is a plain number (-12.50), as they are."""
    if not isinstance(value, str):
        return value
    text = visible(value)
    if text.startswith(_FORMULA_START) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text
