"""Every room's names for the games, in one table: the words a header writes ("7 Card Stud
Hi/Lo", "Stud H/L", "SEVEN_CARD_STUD_HI_LO", "F7S/8") to the games.py row they name. A
reader asks ``game_of(ROOM, text)``; a new spelling is a row here, a new game touches no
reader.

Each room's rows are tried in order and the first that matches wins, so a longer name
("7 Card Stud Hi/Lo") stands before the name it contains ("7 Card Stud"). A row naming no
game (None) is a stud game no reader plays yet: the hand is skipped like hold'em."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class GameName:
    """A room's name for a game: ``pattern`` searched in the header's text, ``game`` the
    games.py id it names (None: a game not read)."""

    pattern: re.Pattern[str]
    game: str | None


def _names(*rows: tuple[str, str | None], flags: int = re.IGNORECASE) -> tuple[GameName, ...]:
    return tuple(GameName(re.compile(pattern, flags), game) for pattern, game in rows)


def _exactly(*rows: tuple[str, str | None], flags: int = re.IGNORECASE) -> tuple[GameName, ...]:
    """Names that are the whole text, not part of it (XML attributes, PHH variants)."""
    return _names(*((rf"\A(?:{re.escape(name)})\Z", game) for name, game in rows), flags=flags)


# "7 Card Stud", "7 Card Stud Hi/Lo" (also "Hi / Lo"), "Razz" in the header line.
_POKERSTARS = _names(
    (r"7 Card Stud Hi\s*/\s*Lo", "stud7hl8"),
    ("7 Card Stud", "stud7"),
    ("Razz", "razz"),
)

# Absolute, Everleaf, Ongame and Winning: "Seven Card Stud Hi/Lo", "7 Card Stud HiLow",
# "SEVEN_CARD_STUD_HI_LO", "5 Card Stud", "Razz".
_SEVEN_CARD_WORDS = _names(
    ("razz", "razz"),
    (r"(?:five|5)[ _-]?cards?[ _]stud", "stud5"),
    (r"(?:seven|7)[ _-]?cards?[ _](?:stud[ _-]?)?(?:hi[ /_-]?lo|high[ /_-]?low|h/l|8)", "stud7hl8"),
    (r"(?:seven|7)[ _-]?cards?[ _]stud", "stud7"),
)

# Bovada, Full Tilt, KingsClub and Winamax: "Stud Hi", "Stud H/L", "7-Card Stud Hi/Lo",
# Bovada's "7CARD_HL",
# "Stud 8 or better", "2-7 Razz", "5 Card Stud" (its low and high-low versions: not read).
_STUD_WORDS = _names(
    (r"2-7 razz|deuce[- ]to[- ]seven razz|2-7 lowball stud", "razz27"),
    ("razz", "razz"),
    (r"\A(?=.*(?:hi[/-]?lo|h/l|low)).*(?:\b(?:5|five)[- ]?card stud|\bstud ?5\b)", None),
    (r"\b(?:5|five)[- ]?card stud|\bstud ?5\b", "stud5"),
    ((r"\A(?=.*(?:hi[/ -]?lo|h/l|8 or better|eight or better|(?:\b|_)hl\b|stud8))"
      r".*(?:\bstud\b|7 ?card|7-card|seven card|\b7stud)"), "stud7hl8"),
    (r"\bstud\b|7 ?card|7-card|seven card|\b7stud", "stud7"),
    flags=re.IGNORECASE | re.DOTALL,
)

GAME_NAMES: dict[str, tuple[GameName, ...]] = {
    "PokerStars": _POKERSTARS,
    "Absolute Poker": _SEVEN_CARD_WORDS,
    "Everleaf": _SEVEN_CARD_WORDS,
    "Ongame": _SEVEN_CARD_WORDS,
    # "(Seven Cards Stud HiLow)" (2016), "7Stud H/L(Fixed Limit)" (2019 on)
    "Winning Poker Network": _SEVEN_CARD_WORDS + _names(
        (r"\b7Stud H/L(?=\(| |$)", "stud7hl8"),
        (r"\b7Stud(?=\(| |$)", "stud7"),
    ),
    "Bovada": _STUD_WORDS,
    "Full Tilt Poker": _STUD_WORDS,
    "KingsClub": _STUD_WORDS,
    "Winamax": _STUD_WORDS,
    # <gametype>7 Card Stud Hi-Lo L €0.05/€0.10</gametype>
    "iPoker": _names(
        (r"7\s*Card\s*Stud\s*Hi[\s/-]*Lo", "stud7hl8"),
        (r"7\s*Card\s*Stud", "stud7"),
        (r"5\s*Card\s*Stud", "stud5"),
        ("Razz", "razz"),
    ),
    # <description type="7-Stud H/L8">, "Tournament" after it taken off
    "Merge Gaming": _exactly(
        ("7-stud", "stud7"), ("7-stud h/l8", "stud7hl8"), ("7-stud h/l", "stud7hl8"),
        ("razz", "razz"), ("5-stud", "stud5"),
    ),
    # A mixed game's hand names its game by number: <game multigametype="43">.
    "Merge Gaming numbers": _exactly(
        ("38", "stud7"), ("39", "stud7"), ("41", "stud7"), ("42", "stud7"),
        ("43", "stud7hl8"), ("45", "stud7hl8"), ("46", "razz"), ("47", "razz"), ("49", "razz"),
    ),
    "PartyPoker": _names(
        ("7 Card Stud Hi[- ]?Lo", "stud7hl8"),
        ("7 Card Stud", "stud7"),
        (r"\bRazz\b", "razz"),
        ("5 Card Stud", "stud5"),
    ),
    # variant = "F7S/8": the PHH specification's codes, exactly as written.
    "PHH": _exactly(("F7S", "stud7"), ("F7S/8", "stud7hl8"), ("FR", "razz"), flags=0),
}


def find_game(room: str, text: str, *, leftmost: bool = False
              ) -> tuple[str | None, re.Match[str] | None]:
    """(games.py id, where the name stands) of the first of ``room``'s names found in
    ``text``; (None, None) when none is: not a stud game the room writes. ``leftmost``: the
    name written first in the text wins instead (a header that goes on to name other
    things), the row order settling only names that start at the same place."""
    found = None
    for name in GAME_NAMES[room]:
        match = name.pattern.search(text)
        if match is None:
            continue
        if not leftmost:
            return name.game, match
        if found is None or match.start() < found[1].start():
            found = (name.game, match)
    return found or (None, None)


def game_of(room: str, text: str) -> str | None:
    """The games.py id ``room`` names in ``text``, or None: another game."""
    return find_game(room, text)[0]
