"""When a hand was played, from the date its room writes in the header.

The record keeps it as "YYYY-MM-DD HH:MM:SS" (HandHistory.played_at): in UTC when the file
names its time zone ("ET", "CET", "GMT+0100", ...), so that hands of rooms in different zones
sort and filter together; as the file writes it, with no zone, when the file names none
(Bovada, iPoker, Merge, KingsClub, Winning, Everleaf): studodds cannot know the zone of
the computer that wrote it. A hand whose date cannot be read keeps no date and says why in
its warnings; it is never lost for it.

The layouts read (one room may write several over the years):
- ``2009/11/26 10:08:43 ET``, ``2008/11/12 10:00:48 CET [2008/11/12 4:00:48 ET]`` (the
  first is taken), ``2006/09/23 - 02:08:03 (ET)``, ``2012-05-07 03:40:07``, ``2016/8/2
  11:17:19``, ``2016/11/12 22:46:27 UTC``: date first (PokerStars, Absolute, Bovada,
  Everleaf, Winamax, iPoker, KingsClub, Winning);
- ``18:30:57 ET - 2013/03/31``, ``10:46 ET - Saturday, February 19, 2011``: time, zone,
  then date (Full Tilt);
- ``Monday, April 25, 14:20:12 EDT 2011`` (PartyPoker);
- ``Mon Sep 13 22:31:30 GMT+0100 2010`` (OnGame);
- ``20110204202244`` (Merge's ``starttime``): see :func:`compact_date`.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError


class BadDate(ValueError):
    """A date in a header that is not one (a 30th of February, a zone nobody uses)."""


# Zones named by a fixed offset from UTC (minutes): the abbreviation says whether it is
# summer time. "CST" is the US's (the rooms that write it are American); China's is "CCT"
# in Full Tilt's files.
_FIXED_MINUTES = {
    "UTC": 0, "GMT": 0, "Z": 0, "WEST": 60, "BST": 60, "CEST": 120, "MEST": 120,
    "EEST": 180, "EST": -300, "EDT": -240,
    "CST": -360, "CDT": -300, "MST": -420, "MDT": -360, "PST": -480, "PDT": -420,
    "AKST": -540, "AKDT": -480, "HST": -600, "AWST": 480, "ACST": 570, "ACDT": 630,
    "AEST": 600, "AEDT": 660, "NZST": 720, "NZDT": 780, "CCT": 480, "HKT": 480,
    "JST": 540, "KST": 540, "ART": -180, "BRT": -180, "BRST": -120,
}
# Zones named by region ("ET": New York's clock, summer or winter): the tz database knows
# when their summer time ran. "CET" is one: PokerStars writes it all year ("2009/07/20
# 3:10:00 CET [2009/07/19 21:10:00 ET]": 3:10 is summer time), and so the other European
# names that a file may keep in summer; Moscow's offset changed over the years.
_REGIONS = {"ET": "America/New_York", "CT": "America/Chicago", "MT": "America/Denver",
            "PT": "America/Los_Angeles", "CET": "Europe/Berlin", "MET": "Europe/Berlin",
            "EET": "Europe/Helsinki", "WET": "Europe/Lisbon", "MSK": "Europe/Moscow"}

_MONTHS = {name: i + 1 for i, name in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"))}

_TIME = r"(?P<H>\d{1,2}):(?P<M>\d{2})(?::(?P<S>\d{2}))?"
_ZONE = r"(?P<zone>[A-Z]{1,5})(?P<offset>[+-]\d{1,2}(?::?\d{2})?)?"
_LAYOUTS = (
    re.compile(rf"(?<!\d)(?P<y>\d{{4}})[/-](?P<m>\d{{1,2}})[/-](?P<d>\d{{1,2}})"
               rf"(?:\s*-\s*|\s+|T){_TIME}(?:\s*\(?{_ZONE}\)?(?![A-Za-z]))?"),
    re.compile(rf"(?<!\d){_TIME}\s+{_ZONE}\s+-\s+(?P<y>\d{{4}})/(?P<m>\d{{1,2}})"
               r"/(?P<d>\d{1,2})"),
    re.compile(rf"(?<!\d){_TIME}\s+{_ZONE}\s+-\s+[A-Za-z]+,\s+(?P<month>[A-Za-z]+)\s+"
               r"(?P<d>\d{1,2}),\s+(?P<y>\d{4})\b"),
    re.compile(rf"\b[A-Za-z]+,\s+(?P<month>[A-Za-z]+)\s+(?P<d>\d{{1,2}}),\s+{_TIME}\s+"
               rf"{_ZONE}\s+(?P<y>\d{{4}})\b"),
    re.compile(rf"\b[A-Za-z]{{3}}\s+(?P<month>[A-Za-z]{{3}})\s+(?P<d>\d{{1,2}})\s+{_TIME}"
               rf"\s+{_ZONE}\s+(?P<y>\d{{4}})\b"),
)


def header_date(text: str) -> str | None:
    """The date in a header line (the earliest of the layouts above), or None when it
    holds none; BadDate for one that is no date."""
    found = [m for m in (layout.search(text) for layout in _LAYOUTS) if m is not None]
    if not found:
        return None
    match = min(found, key=lambda m: m.start())
    parts = match.groupdict()
    if parts.get("month") is not None:
        month = _MONTHS.get(parts["month"][:3].lower())
        if month is None:
            raise BadDate(f"{match.group(0)!r} names no month")
    else:
        month = int(parts["m"])
    return stamp(int(parts["y"]), month, int(parts["d"]), int(parts["H"]), int(parts["M"]),
                 int(parts["S"] or 0), parts.get("zone"), parts.get("offset"),
                 shown=match.group(0))


def compact_date(text: str) -> str:
    """Merge's ``starttime="20110204202244"`` (YYYYMMDDHHMMSS, no zone)."""
    if not re.fullmatch(r"\d{14}", text):
        raise BadDate(f"the start time {text!r} is not YYYYMMDDHHMMSS")
    y, mo, d, h, mi, s = (int(text[i:j]) for i, j in
                          ((0, 4), (4, 6), (6, 8), (8, 10), (10, 12), (12, 14)))
    return stamp(y, mo, d, h, mi, s, shown=text)


def stamp(year: int, month: int, day: int, hour: int, minute: int, second: int,
          zone: str | None = None, offset: str | None = None, *, shown: str = "") -> str:
    """"YYYY-MM-DD HH:MM:SS": in UTC when ``zone`` (an abbreviation, a region, "GMT" with
    ``offset`` "+0100") is given, else as written."""
    shown = shown or f"{year}/{month}/{day} {hour}:{minute:02}:{second:02}"
    try:
        local = datetime(year, month, day, hour, minute, second)
        if zone is None:
            return _text(local)
        return _text(local.replace(tzinfo=zone_of(zone, offset, shown)).astimezone(UTC))
    except (ValueError, OverflowError) as exc:  # BadDate is a ValueError: said as it is
        if isinstance(exc, BadDate):
            raise
        raise BadDate(f"{shown!r} is not a date and time on the calendar") from None


def zone_of(zone: str, offset: str | None = None, shown: str = "") -> tzinfo:
    """The time zone a file names: an abbreviation ("CET"), a region ("ET"), or an IANA
    name ("America/Los_Angeles", PHH's ``time_zone``), with an offset from it ("GMT+0100")."""
    name = zone.upper()
    if offset:
        sign = -1 if offset[0] == "-" else 1
        digits = offset[1:].replace(":", "")
        hours, minutes = (digits, "0") if len(digits) <= 2 else (digits[:-2], digits[-2:])
        base = _FIXED_MINUTES.get(name)  # "GMT+0100": an offset from a fixed zone only
        if base is None:
            raise BadDate(f"{shown!r}: the time zone {zone + offset!r} is not one studodds "
                          "knows")
        return timezone(timedelta(minutes=base + sign * (int(hours) * 60 + int(minutes))))
    if name in _FIXED_MINUTES:
        return timezone(timedelta(minutes=_FIXED_MINUTES[name]))
    region = _REGIONS.get(name, zone if "/" in zone else None)
    if region is None:
        raise BadDate(f"{shown!r}: the time zone {zone!r} is not one studodds knows")
    try:
        return ZoneInfo(region)
    except (ZoneInfoNotFoundError, ValueError, OSError):  # no such zone, or a key no zone has
        if name not in _REGIONS:
            raise BadDate(f"{shown!r}: the time zone {zone!r} is not one studodds knows"
                          ) from None
        raise BadDate(f"{shown!r}: the time zone {zone!r} ({region}) is not in this "
                      "computer's time zone database (pip install tzdata)") from None


def _text(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M:%S")
