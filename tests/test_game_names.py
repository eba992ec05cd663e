"""One table of the rooms' game names (histories/game_names.py), each naming a games.py
row; no reader keeps a map of its own (issue 29: there were seven)."""

import ast
from pathlib import Path

import pytest

from studodds.games import GAMES
from studodds.histories.game_names import GAME_NAMES, find_game, game_of
from studodds.histories.readers import READERS

HISTORIES = Path(__file__).resolve().parent.parent / "studodds" / "histories"


def test_every_name_is_a_games_row():
    named = {row.game for rows in GAME_NAMES.values() for row in rows} - {None}
    assert named <= set(GAMES), named - set(GAMES)


def test_every_room_read_has_its_names():
    assert set(READERS) <= set(GAME_NAMES), set(READERS) - set(GAME_NAMES)


@pytest.mark.parametrize(("room", "text", "game"), [
    ("PokerStars", "7 Card Stud Hi/Lo Limit ($0.04/$0.08)", "stud7hl8"),
    ("PokerStars", "HORSE (Razz Limit, $1/$2)", "razz"),
    ("Full Tilt Poker", "Stud H/L", "stud7hl8"),
    ("Full Tilt Poker", "5 Card Stud Hi/Lo", None),  # a stud game not read
    ("KingsClub", "2-7 Razz", "razz27"),
    ("Winamax", "7-Card Stud", "stud7"),
    ("Winning Poker Network", "Seven Cards Stud HiLow", "stud7hl8"),
    ("Winning Poker Network", "Tournament #1 - 7Stud H/L(Fixed Limit) - Level 4", "stud7hl8"),
    ("Winning Poker Network", "7Stud(Fixed Limit) - $0.04/$0.08", "stud7"),
    ("Winning Poker Network", "Omaha H/L(Pot Limit) - $0.04/$0.08", None),
    ("Ongame", "SEVEN_CARD_STUD_HI_LO", "stud7hl8"),
    ("iPoker", "7 Card Stud Hi-Lo L €0.05/€0.10", "stud7hl8"),
    ("Merge Gaming", "7-Stud H/L8", "stud7hl8"),
    ("Merge Gaming", "7-Stud H/L8 extra", None),  # the whole attribute, not a part
    ("Merge Gaming numbers", "46", "razz"),
    ("PartyPoker", "$1/$2 USD 5 Card Stud", "stud5"),
    ("PHH", "F7S/8", "stud7hl8"),
    ("PHH", "f7s", None),  # the specification's codes are upper case
    ("Bovada", "Hold'em No Limit", None),
])
def test_room_names(room, text, game):
    assert game_of(room, text) == game


def test_leftmost_name_wins_where_asked():
    """A PokerStars header names its game first; row order alone would read stud."""
    assert find_game("PokerStars", "Razz 7 Card Stud", leftmost=True)[0] == "razz"
    assert find_game("PokerStars", "Razz 7 Card Stud")[0] == "stud7"


def _game_pairs(tree):
    """Places mapping a string to a games.py id: {"razz": "razz"}, ("7 card stud", "stud7")."""
    ids = set(GAMES)
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            for value in node.values:
                if isinstance(value, ast.Constant) and value.value in ids:
                    yield node.lineno
                    break
        elif isinstance(node, ast.Tuple) and len(node.elts) == 2:
            key, value = node.elts
            if (isinstance(value, ast.Constant) and value.value in ids
                    and not (isinstance(key, ast.Constant) and key.value in ids)
                    and isinstance(key, (ast.Constant, ast.Call))):
                yield node.lineno


def test_no_reader_names_games_itself():
    found = [
        f"{path.name}:{line}"
        for path in sorted(HISTORIES.glob("*.py")) if path.name != "game_names.py"
        for line in _game_pairs(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert found == [], f"game names outside game_names.py: {found}"
