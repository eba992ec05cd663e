"""Tests for studodds.cards: card notation, stud hand notation and their error messages."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studodds.cards import (
    RANKS,
    SUITS,
    NotationError,
    StudHand,
    card_str,
    cards_str,
    check_no_duplicates,
    parse_card,
    parse_cards,
    parse_hand,
    parse_hands,
    tokenize,
)

NOT_A_CARD = "is not a card: rank 2-9 T J Q K A then suit c d h s"


# --- cards -------------------------------------------------------------------------------


def test_card_id_table():
    assert RANKS == "23456789TJQKA"
    assert SUITS == "cdhs"
    assert parse_card("2c") == 0
    assert parse_card("2d") == 1
    assert parse_card("3c") == 4
    assert parse_card("Ac") == 48
    assert parse_card("As") == 51


@pytest.mark.parametrize("card", range(52))
def test_every_card_round_trips(card):
    text = card_str(card)
    assert parse_card(text) == card
    assert text == RANKS[card // 4] + SUITS[card % 4]
    assert parse_card(text.lower()) == card
    assert parse_card(text.upper()) == card


@pytest.mark.parametrize(
    "text, expected",
    [
        ("As", "As"),
        ("td", "Td"),
        ("Td", "Td"),
        ("tD", "Td"),
        ("10h", "Th"),
        ("10H", "Th"),
        ("aS", "As"),
        ("KC", "Kc"),
        (" 9s ", "9s"),
        ("A♠", "As"),
        ("A♥", "Ah"),
        ("A♦", "Ad"),
        ("A♣", "Ac"),
        ("k♤", "Ks"),
        ("K♡", "Kh"),
        ("K♢", "Kd"),
        ("K♧", "Kc"),
        ("10♠", "Ts"),
        ("Q♥\ufe0f", "Qh"),  # emoji presentation selector, as phones type it
    ],
)
def test_parse_card_spellings(text, expected):
    assert card_str(parse_card(text)) == expected


@pytest.mark.parametrize(
    "text, quoted",
    [
        ("Ax", "'Ax'"),
        ("", "''"),
        ("A", "'A'"),
        ("1h", "'1h'"),
        ("11h", "'11h'"),
        ("Zs", "'Zs'"),
        ("As Kd", "'As Kd'"),
        ("AsKd", "'AsKd'"),
        ("x", "'x'"),
        ("??", "'??'"),
        ("K?", "'K?'"),
        ("K\u212a", "'K\u212a'"),  # the Kelvin sign must not pass for a "k"
        ("A\u017f", "'A\u017f'"),  # nor the long s for an "s"
    ],
)
def test_parse_card_errors(text, quoted):
    with pytest.raises(NotationError) as err:
        parse_card(text)
    assert str(err.value) == f"{quoted} {NOT_A_CARD}"


def test_notation_error_is_value_error():
    with pytest.raises(ValueError):
        parse_card("Ax")


@pytest.mark.parametrize("bad", [-1, 52, 1000])
def test_card_str_out_of_range(bad):
    with pytest.raises(ValueError, match=str(bad)):
        card_str(bad)


def test_cards_str():
    assert cards_str([51, 45, 42]) == "As Kd Qh"
    assert cards_str(()) == ""


@pytest.mark.parametrize(
    "text, expected",
    [
        ("AsKd Qh", "As Kd Qh"),
        ("As, Kd", "As Kd"),
        ("As,Kd", "As Kd"),
        ("10h9h", "Th 9h"),
        ("  As  ", "As"),
        ("A♠K♦", "As Kd"),
        ("", ""),
        (" , ", ""),
    ],
)
def test_parse_cards(text, expected):
    assert cards_str(parse_cards(text)) == expected


def test_parse_cards_empty():
    assert parse_cards("") == ()


def test_parse_cards_duplicate():
    with pytest.raises(NotationError) as err:
        parse_cards("As Kd As")
    assert str(err.value) == "card 'As' appears twice in 'As Kd As'"


def test_parse_cards_duplicate_is_named_canonically():
    with pytest.raises(NotationError, match=r"card 'Th' appears twice in 'th 10h'"):
        parse_cards("th 10h")


@pytest.mark.parametrize(
    "text, quoted",
    [
        ("As Ax", "'Ax'"),
        ("AsKxQh", "'Kx'"),
        ("As hello", "'hello'"),
        ("As x", "'x'"),
        ("As ??", "'??'"),
        ("(As)", "'('"),
        ("As K?", "'K?'"),
        ("?s", "'?s'"),
        ("As 10", "'10'"),
    ],
)
def test_parse_cards_errors(text, quoted):
    with pytest.raises(NotationError) as err:
        parse_cards(text)
    assert str(err.value) == f"{quoted} {NOT_A_CARD}"


# --- tokenizer ---------------------------------------------------------------------------


def test_tokenize():
    tokens = tokenize("(AsKd)10h, xX ?? ?")
    assert [t.kind for t in tokens] == [
        "(", "card", "card", ")", "card", "unknown", "unknown", "unknown", "unknown",
    ]
    assert [t.text for t in tokens] == ["(", "As", "Kd", ")", "10h", "x", "X", "??", "?"]
    assert [t.card for t in tokens][1:3] == [51, 45]


# --- stud hands --------------------------------------------------------------------------


def c(text):
    return parse_card(text)


@pytest.mark.parametrize(
    "text, down, up, river, hole_given, canonical",
    [
        ("(As Kd) Qh", ("As", "Kd"), ("Qh",), (), True, "(As Kd) Qh"),
        (
            "(As Kd) Qh Jh Th 9h (2c)",
            ("As", "Kd"), ("Qh", "Jh", "Th", "9h"), ("2c",), True,
            "(As Kd) Qh Jh Th 9h (2c)",
        ),
        ("(As) Kd Qh", ("As",), ("Kd", "Qh"), (), True, "(As) Kd Qh"),
        ("(x x) Qh", (None, None), ("Qh",), (), True, "(x x) Qh"),
        ("(X X) Qh", (None, None), ("Qh",), (), True, "(x x) Qh"),
        ("(? ?) Qh", (None, None), ("Qh",), (), True, "(x x) Qh"),
        ("(??) Qh", (None,), ("Qh",), (), True, "(x) Qh"),
        ("(?? ??) Qh", (None, None), ("Qh",), (), True, "(x x) Qh"),
        ("(xx) Qh", (None, None), ("Qh",), (), True, "(x x) Qh"),
        ("(As x) Qh", ("As", None), ("Qh",), (), True, "(As x) Qh"),
        ("(AsKd)Qh", ("As", "Kd"), ("Qh",), (), True, "(As Kd) Qh"),
        ("(As Kd)Qh Jh", ("As", "Kd"), ("Qh", "Jh"), (), True, "(As Kd) Qh Jh"),
        ("(As, Kd), Qh", ("As", "Kd"), ("Qh",), (), True, "(As Kd) Qh"),
        ("Qh 7c", (), ("Qh", "7c"), (), False, "Qh 7c"),
        ("Qh", (), ("Qh",), (), False, "Qh"),
        ("(As Kd)", ("As", "Kd"), (), (), True, "(As Kd)"),
        ("(x)", (None,), (), (), True, "(x)"),
        ("(a♠ 10♦)q♥", ("As", "Td"), ("Qh",), (), True, "(As Td) Qh"),
        (
            "(xx)QhJhTh9h(?)",
            (None, None), ("Qh", "Jh", "Th", "9h"), (None,), True,
            "(x x) Qh Jh Th 9h (x)",
        ),
    ],
)
def test_parse_hand_examples(text, down, up, river, hole_given, canonical):
    def ids(cards):
        return tuple(None if t is None else c(t) for t in cards)

    hand = parse_hand(text)
    assert hand == StudHand(ids(down), ids(up), ids(river), hole_given)
    assert str(hand) == canonical
    assert parse_hand(canonical) == hand
    assert str(parse_hand(str(hand))) == str(hand)


def test_hand_properties():
    hand = parse_hand("(As x) Qh Jh Th 9h (2c)")
    assert hand.known_cards == (c("As"), c("Qh"), c("Jh"), c("Th"), c("9h"), c("2c"))
    assert hand.unknown_count == 1
    assert hand.n_cards == 7
    assert hand.hole_given

    up_only = parse_hand("Qh 7c")
    assert up_only.down == ()
    assert not up_only.hole_given
    assert up_only.unknown_count == 0
    assert up_only.n_cards == 2
    assert up_only.known_cards == (c("Qh"), c("7c"))

    unknowns = parse_hand("(x ??) Qh")
    assert unknowns.known_cards == (c("Qh"),)
    assert unknowns.unknown_count == 2


def test_hand_is_hashable_and_frozen():
    hand = parse_hand("(As Kd) Qh")
    assert hash(hand) == hash(parse_hand("(AsKd)Qh"))
    with pytest.raises(AttributeError):
        hand.up = ()


def test_stud_hand_coerces_sequences():
    hand = StudHand(down=[51, None], up=[42], river=[], hole_given=True)
    assert hand == parse_hand("(As x) Qh")
    assert isinstance(hand.down, tuple)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"down": (), "up": (), "river": (), "hole_given": False},
        {"down": (1, 2, 3), "up": (), "river": (), "hole_given": True},
        {"down": (1, 2), "up": (3, 4, 5, 6, 7), "river": (), "hole_given": True},
        {"down": (1, 2), "up": (3,), "river": (4,), "hole_given": True},
        {"down": (1, 2), "up": (3, 4, 5, 6), "river": (7, 8), "hole_given": True},
        {"down": (1,), "up": (3,), "river": (), "hole_given": False},
        {"down": (), "up": (3,), "river": (), "hole_given": True},
        {"down": (1,), "up": (None,), "river": (), "hole_given": True},
        {"down": (1,), "up": (1,), "river": (), "hole_given": True},
        {"down": (52,), "up": (), "river": (), "hole_given": True},
    ],
)
def test_stud_hand_rejects_invalid_structure(kwargs):
    with pytest.raises(ValueError):
        StudHand(**kwargs)


@pytest.mark.parametrize(
    "text, message",
    [
        ("(Ax Kd) Qh", f"'Ax' {NOT_A_CARD}"),
        ("(As Kd) Qx", f"'Qx' {NOT_A_CARD}"),
        ("(As Kd) Q", f"'Q' {NOT_A_CARD}"),
        ("(As Kd) Qh|Jh",
         "'(As Kd) Qh|Jh': '|' is a range: ranges go inside the hole-card parentheses"),
        ("(As Kd) K? Jh",
         "'(As Kd) K? Jh': 'K?' is a range: ranges go inside the hole-card parentheses"),
        ("(K? K? | A?) Qh",
         "'(K? K? | A?) Qh': every alternative of the range names the same number"),
        ("(pair+ K?) Qh", "'(pair+ K?) Qh': 'pair+' stands alone in its alternative"),
        ("(K? | | A?) Qh", "'(K? | | A?) Qh': an empty alternative"),
        ("(As Kd) As", "card 'As' appears twice in '(As Kd) As'"),
        ("(As Kd) Qh Jh Th 9h (as)", "card 'As' appears twice in '(As Kd) Qh Jh Th 9h (as)'"),
        ("(As Kd Qh) Jh", "'(As Kd Qh) Jh': at most 2 hole cards in parentheses"),
        ("(x x x) Jh", "'(x x x) Jh': at most 2 hole cards in parentheses"),
        ("(As Kd Qh", "'(As Kd Qh': unclosed '('"),
        ("(As Kd) Qh (", "'(As Kd) Qh (': unclosed '('"),
        ("(As Kd) Qh)", "'(As Kd) Qh)': ')' without a matching '('"),
        ("As Kd) Qh", "'As Kd) Qh': ')' without a matching '('"),
        ("(As (Kd)) Qh", "'(As (Kd)) Qh': nested '('"),
        ("() Qh", "'() Qh': empty group '()'"),
        ("(As Kd) Qh Jh Th 9h ()", "'(As Kd) Qh Jh Th 9h ()': empty group '()'"),
        (
            "(As Kd) Qh Jh Th 9h (2c) (3c)",
            "'(As Kd) Qh Jh Th 9h (2c) (3c)': at most 2 groups in parentheses",
        ),
        (
            "(As Kd) Qh Jh Th 9h (2c) 8h",
            "'(As Kd) Qh Jh Th 9h (2c) 8h': nothing may follow the river group, found '8h'",
        ),
        (
            "(As Kd) Qh Jh Th 9h 8h",
            ("'(As Kd) Qh Jh Th 9h 8h': too many up cards (at most 4): 7th street's card, dealt "
             "down, goes last, in its own parentheses: (As Ks) Ah Kh Qh Jh (2c)"),
        ),
        (
            "Qh Jh Th 9h 8h",
            "'Qh Jh Th 9h 8h': too many up cards (at most 4)",
        ),
        (
            "(As Kd) Qh (2c)",
            "'(As Kd) Qh (2c)': the river group comes only after 2 hole cards and 4 up cards",
        ),
        (
            "(As) Kd Qh Jh Th (2c)",
            "'(As) Kd Qh Jh Th (2c)': the river group comes only after 2 hole cards and 4 up",
        ),
        (
            "Qh (As Kd)",
            "'Qh (As Kd)': the river group comes only after 2 hole cards and 4 up cards",
        ),
        (
            "(As Kd) Qh Jh Th 9h (2c 3c)",
            "'(As Kd) Qh Jh Th 9h (2c 3c)': the river group holds exactly 1 card",
        ),
        ("x Qh", "'x Qh': unknown card 'x' outside parentheses"),
        ("(As Kd) Qh ??", "'(As Kd) Qh ??': unknown card '??' outside parentheses"),
        ("(As Kd) X", "'(As Kd) X': unknown card 'X' outside parentheses"),
        ("", "'': a hand needs at least one card"),
        ("  , ", "',': a hand needs at least one card"),
    ],
)
def test_parse_hand_errors(text, message):
    with pytest.raises(NotationError) as err:
        parse_hand(text)
    assert str(err.value).startswith(message)
    assert "\n" not in str(err.value)


def test_bare_unknown_explains_why():
    with pytest.raises(NotationError, match="up cards are face up"):
        parse_hand("(As Kd) x")


def test_error_messages_stay_on_one_line():
    with pytest.raises(NotationError) as err:
        parse_hand("(As Kd)\nQh\nJh Th 9h 8h")
    assert "\n" not in str(err.value)
    assert "too many up cards" in str(err.value)


# --- several hands -----------------------------------------------------------------------


def test_parse_hands():
    hands = parse_hands(["(As Kd) Qh", "(x x) 7c", "Jc"])
    assert [str(h) for h in hands] == ["(As Kd) Qh", "(x x) 7c", "Jc"]
    assert parse_hands([]) == []


def test_parse_hands_duplicate_across_players():
    with pytest.raises(NotationError) as err:
        parse_hands(["(As Kd) Qh", "(x x) As"])
    assert str(err.value) == "card 'As' appears twice: player 1 and player 2"


def test_parse_hands_duplicate_reports_both_players():
    with pytest.raises(NotationError) as err:
        parse_hands(["(As Kd) Qh", "(x x) 7c", "(2c x) Qh"])
    assert str(err.value) == "card 'Qh' appears twice: player 1 and player 3"


def test_parse_hands_rejects_a_single_string():
    with pytest.raises(TypeError):
        parse_hands("(As Kd) Qh")


def test_parse_hands_passes_on_notation_errors():
    with pytest.raises(NotationError, match="'Ax' is not a card"):
        parse_hands(["(As Kd) Qh", "(Ax) 7c"])


def test_check_no_duplicates():
    hands = parse_hands(["(As Kd) Qh", "(x x) 7c"])
    check_no_duplicates(hands)
    check_no_duplicates(hands, dead=parse_cards("2c 3c"))
    with pytest.raises(NotationError) as err:
        check_no_duplicates(hands, dead=parse_cards("2c 7c"))
    assert str(err.value) == "card '7c' appears twice: player 2 and --dead"
    with pytest.raises(NotationError) as err:
        check_no_duplicates([], dead=(5, 5))
    assert str(err.value) == "card '3d' appears twice in --dead"


# --- properties --------------------------------------------------------------------------


@st.composite
def stud_hands(draw):
    """Any structurally valid StudHand, built directly (not through the parser)."""
    n_down = draw(st.integers(0, 2))
    n_up = draw(st.integers(0 if n_down else 1, 4))
    n_river = draw(st.integers(0, 1)) if (n_down, n_up) == (2, 4) else 0
    cards = draw(st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True))
    maybe_unknown = st.booleans()

    def hidden(chosen):
        return tuple(None if draw(maybe_unknown) else card for card in chosen)

    down = hidden(cards[:n_down])
    up = tuple(cards[n_down:n_down + n_up])
    river = hidden(cards[6:6 + n_river])
    return StudHand(down, up, river, hole_given=n_down > 0)


@given(stud_hands())
def test_hand_round_trips_through_text(hand):
    text = str(hand)
    assert parse_hand(text) == hand
    assert str(parse_hand(text)) == text
    assert hand.n_cards <= 7
    assert len(hand.known_cards) + hand.unknown_count == hand.n_cards


@given(st.lists(st.integers(0, 51), unique=True, max_size=52))
def test_card_list_round_trips_through_text(cards):
    assert parse_cards(cards_str(cards)) == tuple(cards)
    assert parse_cards("".join(card_str(c) for c in cards)) == tuple(cards)


CARDISH = "AKQJT9872cdhsx?() ,♠♥10|"
CARDISH_PIECES = ["As", "Kd", "Qh", "10h", "2c", "x", "??", "?", "(", ")", " ", ",", "K?", "A"]
fuzz_text = st.one_of(
    st.text(),
    st.text(alphabet=CARDISH),
    st.lists(st.sampled_from(CARDISH_PIECES), max_size=20).map("".join),
)


@settings(max_examples=500)
@given(fuzz_text)
def test_parse_hand_fuzz(text):
    try:
        hand = parse_hand(text)
    except NotationError as err:
        assert "\n" not in str(err)
        return
    # Whatever parses is canonical after one round.
    assert parse_hand(str(hand)) == hand
    assert str(parse_hand(str(hand))) == str(hand)
    assert 1 <= hand.n_cards <= 7


@settings(max_examples=500)
@given(fuzz_text)
def test_parse_cards_fuzz(text):
    try:
        cards = parse_cards(text)
    except NotationError as err:
        assert "\n" not in str(err)
        return
    assert parse_cards(cards_str(cards)) == cards


@pytest.mark.parametrize(
    "text",
    ["(K? K? | A? A? | K? ??) Kd", "(?s ?s) 9s", "(pair+ | flush3) 9h", "(K?) Qh",
     "(As K?) Qh", "(rolled) 7c", "(straight3 | low3 | pair+) 5d"],
)
def test_ranges_round_trip(text):
    hand = parse_hand(text)
    assert hand.hole_range is not None
    assert str(hand) == text.replace("(As K?)", "(As K?)")
    assert parse_hand(str(hand)) == hand


@pytest.mark.parametrize("hand, word, hint", [
    ("(kings) 9h", "kings", "; a pair of kings in the hole is (K? K?)"),
    ("(Aces) 9h", "Aces", "; a pair of aces in the hole is (A? A?)"),  # 'Ac', then 'es'
    ("(deuces) 9h", "deuces", "; a pair of deuces in the hole is (2? 2?)"),
    ("(pair) 9h", "pair", "; did you mean 'pair+'?"),
    ("(rolledup) 9h", "rolledup", "; did you mean 'rolled'?"),
    ("(As Ks | flush) 9h", "flush", "; did you mean 'flush3'?"),
    ("(hello x) 9h", "hello", ""),
    ("(burried) 9h", "burried", "; did you mean 'buried'?"),
])
def test_a_word_in_a_hand_names_the_range_classes(hand, word, hint):
    """A word where a card or class should be is answered with the classes that exist
    and the nearest one (or how to write a pair of that rank), not 'ki is not a card'."""
    with pytest.raises(NotationError) as err:
        parse_hand(hand)
    assert str(err.value) == (
        f"{word!r} is neither a card nor a range class: cards are rank 2-9 T J Q K A then "
        f"suit c d h s; the classes are pair+, rolled, buried, split, flush3, straight3, low3, "
        f"topX%{hint}"
    )


@pytest.mark.parametrize("hand, quoted", [("(As Kx) 9h", "'Kx'"), ("(AsKxQh) 9h", "'Kx'")])
def test_a_mistyped_card_in_a_hand_is_still_a_card_error(hand, quoted):
    with pytest.raises(NotationError) as err:
        parse_hand(hand)
    assert str(err.value) == f"{quoted} {NOT_A_CARD}"
