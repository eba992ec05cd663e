"""The one amount parser (histories/amounts.py), on every number style a room writes."""

from pathlib import Path

import pytest

from studodds.histories import (
    absolute,
    bovada,
    everleaf,
    fulltilt,
    ipoker,
    kingsclub,
    merge,
    ongame,
    partypoker,
    pokerstars,
    winamax,
    winning,
)
from studodds.histories.amounts import DECIMAL_COMMA, DECIMAL_POINT, EITHER, AmountError

POINT = [
    ("0.50", 0.5), ("$0.50", 0.5), ("$.50", 0.5), ("1,000", 1000.0), ("1,000.50", 1000.5),
    ("$1,234.50", 1234.5), ("1 000", 1000.0), ("1 234€", 1234.0), ("1'000.50", 1000.5),
    ("USD 12.25", 12.25), ("£3", 3.0), ("2.50€", 2.5), ("(2,145)", 2145.0),
    ("1,000,000", 1000000.0), ("5000", 5000.0),  # tournament chips
    ("147894, 29.25€ bounty", 147894.0),  # the stack before a knockout bounty
    ("Rs. 40", 40.0),
]

COMMA = [
    ("0,50", 0.5), ("0,50 €", 0.5), ("1.000,50", 1000.5), ("1 000,50", 1000.5),
    ("EUR 1.234,50", 1234.5), ("1.000.000", 1000000.0), ("5000", 5000.0),
    # In a decimal-comma room the comma is the decimal mark, whatever follows it.
    ("1,000", 1.0), ("€2,5", 2.5),
]

# iPoker, Merge and PartyPoker skins write either: the marks in each number tell.
GUESSED = [
    ("0,50", 0.5), ("1.234,50 EUR", 1234.5), ("$1,234.50", 1234.5), ("1,000", 1000.0),
    ("1 000", 1000.0), ("€0.05", 0.05), ("1.000.000", 1000000.0), ("7", 7.0),
]


@pytest.mark.parametrize(("text", "value"), POINT)
def test_decimal_point(text, value):
    assert DECIMAL_POINT.parse(text) == value


@pytest.mark.parametrize(("text", "value"), COMMA)
def test_decimal_comma(text, value):
    assert DECIMAL_COMMA.parse(text) == value


@pytest.mark.parametrize(("text", "value"), GUESSED)
def test_either(text, value):
    assert EITHER.parse(text) == value


@pytest.mark.parametrize("text", ["0,50", "12,34", "1,0000", "1.000,50"])
def test_decimal_point_refuses_a_decimal_comma(text):
    """A comma before other than three digits is no amount a decimal-point room writes:
    it was read as 50 ("0,50" with the comma dropped) or 0 (the digits before it)."""
    with pytest.raises(AmountError, match="not an amount as this room writes them"):
        DECIMAL_POINT.parse(text)


@pytest.mark.parametrize("text", ["1.5", "0.50 €", "1,000.50"])
def test_decimal_comma_refuses_a_decimal_point(text):
    with pytest.raises(AmountError, match="not an amount as this room writes them"):
        DECIMAL_COMMA.parse(text)


@pytest.mark.parametrize("style", [DECIMAL_POINT, DECIMAL_COMMA, EITHER])
def test_no_number(style):
    assert style.parse_optional(None) is None
    assert style.parse_optional("all-in") is None
    with pytest.raises(AmountError, match="no amount in 'all-in'"):
        style.parse("all-in")


def test_each_reader_states_its_style():
    english = (absolute, bovada, everleaf, fulltilt, kingsclub, ongame, pokerstars, winamax,
               winning)
    assert all(reader.NUMBERS is DECIMAL_POINT for reader in english)
    assert all(reader.NUMBERS is EITHER for reader in (ipoker, merge, partypoker))


DATA = Path(__file__).parent / "data" / "handhistories"


@pytest.mark.parametrize(("reader", "name", "seat", "bad"), [
    (pokerstars, "stud7_side_pot.txt", "Seat 1: Hero ($100 in chips)",
     "Seat 1: Hero ($1,2.0 in chips)"),
    (ongame, "ongame_stud7_side_pot.txt", "Seat 1: Alice ($1,250)", "Seat 1: Alice ($1,2.0)"),
    (fulltilt, "fulltilt_stud_horse.txt", "Seat 1: Alice ($120)", "Seat 1: Alice ($1,2.0)"),
])
def test_an_amount_the_room_does_not_write_is_a_problem_not_an_internal_error(
        reader, name, seat, bad):
    """Found by the ongame fuzz: "$1,2.0" in a decimal-point room is a problem that names
    it, the file reading on."""
    text = (DATA / name).read_text(encoding="utf-8")
    assert seat in text
    _, problems = reader.parse_text(text.replace(seat, bad, 1))
    assert problems, "the hand should not be read"
    assert problems[0].message == (
        "'1,2.0' is not an amount as this room writes them "
        "(decimal point, thousands by comma or space)"), problems[0].message
