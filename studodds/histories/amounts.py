"""Chip amounts as each room writes them. A room states its number style once
(``NUMBERS = DECIMAL_POINT``) and reads every amount with it, so that "0,50" means one thing
in a room: half a unit where the comma is the decimal mark, a malformed amount where the
comma only groups thousands.

Currency signs and codes around a number ("$", "€", "£", "USD", "EUR") are not part of it:
the first number in the text is the amount. Tournament chips are plain integers and read
alike in every style. A minus sign is not read: no amount the readers take (stacks, bets,
pots, rake) is negative."""

from __future__ import annotations

import re
from dataclasses import dataclass


class AmountError(ValueError):
    """Text with no amount in it, or one the room's number style cannot have written."""


@dataclass(frozen=True)
class NumberStyle:
    """How a room writes numbers. ``decimal``: its decimal mark, or None for a room whose
    skins write either (each number then tells its own). ``groups``: the characters that
    group thousands, and only in groups of three digits ("1,000", "1 000 000")."""

    name: str
    decimal: str | None
    groups: str

    def parse(self, text: str) -> float:
        """The first amount in ``text``; an AmountError when there is none or it does
        not fit the style."""
        value = self.parse_optional(text)
        if value is None:
            raise AmountError(f"no amount in {text!r}")
        return value

    def parse_optional(self, text: str | None) -> float | None:
        """The first amount in ``text``, None when ``text`` is None or holds no number."""
        if text is None:
            return None
        if self.decimal is None:
            return _guess(text)
        return _strict(text, self)


# A number in a style with a known decimal mark: whole part (grouped by threes or not), then
# an optional fraction, or a bare fraction (".5" in a decimal-point room).
def _number_re(style: NumberStyle) -> re.Pattern[str]:
    mark = re.escape(style.decimal or "")
    groups = "[" + re.escape(style.groups) + "]"
    return re.compile(
        rf"(?<![\d{mark}])(?P<whole>\d{{1,3}}(?:{groups}\d{{3}})+|\d+)(?:{mark}(?P<frac>\d+))?"
        rf"(?!\d)|(?<!\d){mark}(?P<bare>\d+)"
    )


_PATTERNS: dict[NumberStyle, re.Pattern[str]] = {}


def _strict(text: str, style: NumberStyle) -> float | None:
    pattern = _PATTERNS.get(style)
    if pattern is None:
        pattern = _PATTERNS[style] = _number_re(style)
    match = pattern.search(text)
    if match is None:
        return None
    # A decimal mark or a grouping character (not a space: "5000, 2.50€ bounty" lists two
    # amounts) right before more digits means the room did not write this number: "0,50"
    # where the comma groups thousands, "1.5" where the comma is the decimal mark.
    rest = text[match.end():match.end() + 2]
    marks = {style.decimal, *style.groups} - set(" \t\u00a0")
    if len(rest) == 2 and rest[0] in marks and rest[1].isdigit():
        digits = re.match(r"[\d.,']*\d", text[match.start():])
        assert digits is not None  # the number matched starts with a digit
        written = digits.group(0)
        raise AmountError(f"{written!r} is not an amount as this room writes them "
                          f"({style.name})")
    if match["bare"] is not None:
        return float(f"0.{match['bare']}")
    whole = re.sub(r"\D", "", match["whole"])
    return float(f"{whole}.{match['frac'] or '0'}")


_ANY_NUMBER_RE = re.compile(r"\.?\d[\d.,\s\u00a0']*")


def _guess(text: str) -> float | None:
    """With both a comma and a dot, the last one is the decimal mark; a lone comma before
    one or two digits at the end is a decimal comma, other commas group thousands, as do
    spaces, apostrophes and repeated dots."""
    match = _ANY_NUMBER_RE.search(text)
    if match is None:
        return None
    digits = re.sub(r"[\s\u00a0']", "", match.group(0)).rstrip(".,")
    if "," in digits and "." in digits:
        decimal = "," if digits.rfind(",") > digits.rfind(".") else "."
    elif "," in digits:
        decimal = "," if re.fullmatch(r"\d+,\d{1,2}", digits) else ""
    else:
        decimal = "." if digits.count(".") <= 1 else ""
    whole, _, frac = digits.partition(decimal) if decimal else (digits, "", "")
    whole = re.sub(r"[.,]", "", whole)
    try:
        return float(f"{whole or '0'}.{frac or '0'}")
    except ValueError:
        return None


# "$1,234.50", "1 000", "1'000.50": the rooms writing in English.
DECIMAL_POINT = NumberStyle("decimal point, thousands by comma or space", ".", ", \t\u00a0'")
# "1.234,50 EUR", "1 000,50", "0,50": rooms writing as continental Europe does.
DECIMAL_COMMA = NumberStyle("decimal comma, thousands by dot or space", ",", ". \t\u00a0'")
# Networks whose skins write either way in the same format (iPoker, Merge, PartyPoker):
# each number is read by the marks it carries.
EITHER = NumberStyle("decimal point or comma, told per number", None, ",. \t\u00a0'")
