"""A forgiving tag scanner for XML-like hand histories (iPoker, Merge): every tag of the
text, in order, with its attributes and the text after it, whatever a strict parser would
refuse (several roots, no closing tags, fragments, stray ampersands, a wrong encoding
declaration). The hands themselves are kept by the one hand builder (builder.py)."""

from __future__ import annotations

import bisect
import dataclasses
import html
import re

_TAG_RE = re.compile(r"<(?P<close>/?)(?P<name>[A-Za-z_][\w.-]*)"
                     r"(?P<attrs>(?:[^<>\"']|\"[^\"]*\"|'[^']*')*?)(?P<empty>/?)>")
_ATTR_RE = re.compile(r"([A-Za-z_][\w.:-]*)\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")


@dataclasses.dataclass
class Tag:
    """One opening, closing or empty tag; ``text`` is the character data after it (up to the
    next tag), ``line`` its 1-based line."""

    name: str
    attrs: dict[str, str]
    closing: bool
    empty: bool
    line: int
    end: int  # where the tag ends in the text
    text: str = ""


def scan_tags(text: str) -> list[Tag]:
    """Every tag of an XML-like text, in order, tolerant of what a strict parser refuses
    (several roots, no closing tags, fragments, stray ampersands, a wrong encoding
    declaration): a file cut mid-tag loses only that tag."""
    newlines = [i for i, ch in enumerate(text) if ch == "\n"]
    tags: list[Tag] = []
    for match in _TAG_RE.finditer(text):
        attrs = {m.group(1).lower(): html.unescape(m.group(2) if m.group(2) is not None
                                                   else m.group(3))
                 for m in _ATTR_RE.finditer(match["attrs"])}
        line = bisect.bisect_left(newlines, match.start()) + 1
        if tags:
            tags[-1].text = html.unescape(text[tags[-1].end:match.start()]).strip()
        tags.append(Tag(match["name"].lower(), attrs, bool(match["close"]),
                        bool(match["empty"]), line, match.end()))
    if tags:
        tail = text[tags[-1].end:]
        tags[-1].text = html.unescape(tail.split("<", 1)[0]).strip()
    return tags
