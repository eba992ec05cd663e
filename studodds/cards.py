"""Cards and stud hand notation.

A card is an integer id ``rank * 4 + suit``:

    ======  ==  ==  ==  ==  ==  ==  ==  ==  ==  ==  ==  ==  ==
    rank     2   3   4   5   6   7   8   9   T   J   Q   K   A
    ======  ==  ==  ==  ==  ==  ==  ==  ==  ==  ==  ==  ==  ==
    number   0   1   2   3   4   5   6   7   8   9  10  11  12
    ======  ==  ==  ==  ==  ==  ==  ==  ==  ==  ==  ==  ==  ==

    ======  =========  ============  ==========  ==========
    suit    c (clubs)  d (diamonds)  h (hearts)  s (spades)
    ======  =========  ============  ==========  ==========
    number  0          1             2           3
    ======  =========  ============  ==========  ==========

so ``2c`` is 0, ``As`` is 51, and ``card // 4`` is the rank, ``card % 4`` the suit.

A stud hand is written with the hole (down) cards in parentheses, the up cards bare,
and on seventh street the river (a second down card) in a second pair of parentheses:
``(As Kd) Qh Jh Th 9h (2c)``. ``x``, ``X``, ``?`` or ``??`` inside parentheses is one
unknown card. A hand written with up cards only (``Qh 7c``) leaves its hole unspecified.

>>> parse_hand("(As Kd) Qh")
StudHand(down=(51, 45), up=(42,), river=(), hole_given=True, hole_range=None, random=False)
>>> str(parse_hand("(??  x)Qh,7c"))
'(x x) Qh 7c'
"""

from __future__ import annotations

import difflib
import operator
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import islice

from .messages import option, shown, whole_number
from .notation import RANKS, SUITS, NotationError, Token
from .ranges import CLASSES, LEXEMES, PIECE_KINDS, HoleRange, range_token, read_range

__all__ = [
    "RANKS",
    "SUITS",
    "NotationError",
    "StudHand",
    "Token",
    "card_str",
    "cards_str",
    "check_no_duplicates",
    "parse_card",
    "parse_cards",
    "parse_dead",
    "parse_hand",
    "parse_hands",
    "tokenize",
]

# Every spelling a card may be typed with, mapped to its rank or suit number.
_RANK_OF = {r: i for i, r in enumerate(RANKS)} | {r.lower(): i for i, r in enumerate(RANKS)}
_RANK_OF["10"] = RANKS.index("T")
_SUIT_OF = {s: i for i, s in enumerate(SUITS)} | {s.upper(): i for i, s in enumerate(SUITS)}
_SUIT_OF |= {"♣": 0, "♦": 1, "♥": 2, "♠": 3}  # black symbols
_SUIT_OF |= {"♧": 0, "♢": 1, "♡": 2, "♤": 3}  # white symbols

# Character classes are spelled out rather than using re.IGNORECASE: under IGNORECASE
# Python also matches look-alikes such as the Kelvin sign for "k" and the long s for "s".
_RANK_RE = "10|[2-9TJQKAtjqka]"
# U+FE0F asks for emoji presentation; phones often append it to a suit symbol.
_SUIT_RE = "[cdhsCDHS]|[♣♦♥♠♧♢♡♤]\ufe0f?"
_CARD_RE = re.compile(f"(?P<rank>{_RANK_RE})(?P<suit>{_SUIT_RE})")
# One token at a time. "?" may stand for the rank or the suit, so that "??" is read as a
# single card-sized token (one unknown card), like a range's slot patterns "K?" (any king)
# and "?s" (any spade).
_TOKEN_RE = re.compile(
    rf"{LEXEMES}|"  # a range's own pieces first (ranges.py)
    rf"(?P<rank>{_RANK_RE}|\?)(?P<suit>{_SUIT_RE}|\?)|(?P<unknown>[xX?])|(?P<paren>[()])"
)
_SEPARATORS_RE = re.compile(r"[\s,]*")
_WORD_END_RE = re.compile(r"[^\s,()]*")
_RANK_PREFIX_RE = re.compile(_RANK_RE)

_CARD_HELP = "rank 2-9 T J Q K A then suit c d h s"


def _not_a_card(text: str) -> NotationError:
    return NotationError(f"{text!r} is not a card: {_CARD_HELP}", cards=(text,))


def _card_id(card: int) -> int:
    """The card as a plain int, checked to be 0..51 (numpy integers are accepted)."""
    card = operator.index(card)
    if not 0 <= card < 52:
        raise ValueError(f"{card} is not a card id (0-51)")
    return card


def parse_card(text: str) -> int:
    """The id of one card such as ``As``, ``td``, ``10h`` or ``A♠``.

    Rank and suit letters are case-insensitive; ``10`` means ten; the suit may be one
    of the symbols ♣ ♦ ♥ ♠ or ♧ ♢ ♡ ♤. Surrounding whitespace is ignored.

    >>> parse_card("As"), parse_card("td"), parse_card("10h"), parse_card("A♠")
    (51, 33, 34, 51)
    >>> parse_card("2c")
    0
    >>> parse_card("Ax")
    Traceback (most recent call last):
    ...
    studodds.notation.NotationError: 'Ax' is not a card: rank 2-9 T J Q K A then suit c d h s
    >>> parse_card("As Kd")
    Traceback (most recent call last):
    ...
    studodds.notation.NotationError: 'As Kd' is not a card: rank 2-9 T J Q K A then suit c d h s
    """
    text = text.strip()
    match = _CARD_RE.fullmatch(text)
    if match is None:
        raise _not_a_card(text)
    return _card_from_match(match)


def _card_from_match(match: re.Match[str]) -> int:
    suit = match["suit"].removesuffix("\ufe0f")
    return _RANK_OF[match["rank"]] * 4 + _SUIT_OF[suit]


def card_str(card: int) -> str:
    """The canonical text of a card id: upper-case rank, lower-case suit.

    >>> card_str(0), card_str(34), card_str(51)
    ('2c', 'Th', 'As')
    >>> card_str(52)
    Traceback (most recent call last):
    ...
    ValueError: 52 is not a card id (0-51)
    """
    card = _card_id(card)
    return RANKS[card // 4] + SUITS[card % 4]


def cards_str(cards: Iterable[int]) -> str:
    """Card ids as canonical text separated by single spaces.

    >>> cards_str([51, 45, 42])
    'As Kd Qh'
    >>> cards_str([])
    ''
    """
    return " ".join(card_str(c) for c in cards)


def tokenize(text: str, *, in_hand: bool = False) -> list[Token]:
    """Split notation into tokens. Spaces and commas separate tokens but are optional.

    ``x``, ``X``, ``?`` and ``??`` are each one unknown card, so ``xx`` is two unknowns
    and ``??`` is one. Anything that is not a card, an unknown or a parenthesis raises
    NotationError quoting the offending piece as typed; in_hand (a player's hand, where a
    range class may stand) answers a word such as "kings" with the classes that exist.

    >>> [t.text for t in tokenize("(AsKd)10h, xx ??")]
    ['(', 'As', 'Kd', ')', '10h', 'x', 'x', '??']
    >>> [t.kind for t in tokenize("(?? ?)")]
    ['(', 'unknown', 'unknown', ')']
    >>> tokenize("As Kx Qh")
    Traceback (most recent call last):
    ...
    studodds.notation.NotationError: 'Kx' is not a card: rank 2-9 T J Q K A then suit c d h s
    >>> [(t.kind, t.rank, t.suit) for t in tokenize("K? ?s")]
    [('pattern', 11, None), ('pattern', None, 3)]
    """
    tokens = []
    pos = _run_end(_SEPARATORS_RE, text, 0)
    while pos < len(text):
        match = _TOKEN_RE.match(text, pos)
        if match is None:
            word = _word_error(text, pos) if in_hand else None
            raise word or _not_a_card(_bad_piece(text, pos))
        piece = range_token(match)
        if piece is not None:
            tokens.append(piece)
        elif match["paren"]:
            tokens.append(Token(match["paren"], match["paren"]))
        elif match["unknown"] or match.group() == "??":
            tokens.append(Token("unknown", match.group()))
        elif "?" in (match["rank"], match["suit"]):
            rank = None if match["rank"] == "?" else _RANK_OF[match["rank"]]
            suit = None if match["suit"] == "?" else _SUIT_OF[match["suit"][0]]
            tokens.append(Token("pattern", match.group(), None, rank, suit))
        else:
            tokens.append(Token("card", match.group(), _card_from_match(match)))
        pos = _run_end(_SEPARATORS_RE, text, match.end())
    return tokens


_RANK_WORDS = {
    "ace": "A", "king": "K", "queen": "Q", "jack": "J", "ten": "T", "nine": "9", "eight": "8",
    "seven": "7", "six": "6", "five": "5", "four": "4", "three": "3", "trey": "3", "two": "2",
    "deuce": "2",
}


def _word_error(text: str, pos: int) -> NotationError | None:
    """A word where a card should be ("kings", "pair"): an error that names the range
    classes that exist and the nearest one, or how to write a pair of that rank. None when
    the piece looks like a mistyped card instead (a card's message fits it better)."""
    start = pos  # the failure may be inside the word: "aces" reads as Ac, then "es"
    while start > 0 and text[start - 1] not in " \t\n,()|":
        start -= 1
    word = text[start:_run_end(_WORD_END_RE, text, pos)]
    if len(word) < 3 or not word[0].isalpha() or not all(
        ch.isalnum() or ch == "+" for ch in word
    ):
        return None
    lowered = word.lower()
    singular = lowered.removesuffix("s")
    rank = _RANK_WORDS.get(singular) or _RANK_WORDS.get(singular.removesuffix("e"))
    close = difflib.get_close_matches(lowered, CLASSES, n=1, cutoff=0.5)
    if rank is None and not close and word != lowered:
        return None  # "AsKxQh": cards with a typo, not a word
    if rank is not None:
        hint = f"; a pair of {singular}s in the hole is ({rank}? {rank}?)"
    else:
        hint = f"; did you mean {close[0]!r}?" if close else ""
    return NotationError(
        f"{word!r} is neither a card nor a range class: cards are {_CARD_HELP}; the classes "
        f"are {', '.join(CLASSES)}, topX%{hint}"
    )


def _run_end(pattern: re.Pattern[str], text: str, pos: int) -> int:
    """Where pattern's run starting at pos ends (separators, a word)."""
    run = pattern.match(text, pos)
    assert run is not None  # both patterns are a starred class: they match the empty string
    return run.end()


def _bad_piece(text: str, pos: int) -> str:
    """The unreadable piece of text starting at pos, for an error message.

    After a valid rank only the next character is blamed ("Kx" in "AsKxQh"), since the
    rest of the word may well be fine; otherwise the whole rest of the word is.
    """
    word_end = _run_end(_WORD_END_RE, text, pos)
    rank = _RANK_PREFIX_RE.match(text, pos)
    if rank is not None:
        return text[pos:min(rank.end() + 1, word_end)]
    return text[pos:word_end]


# The longest notation read: a seven-card hand is about 30 characters and a range written
# out long a few hundred; a cap keeps a hostile megabyte from being read at all.
MAX_NOTATION = 1_000


def check_length(text: str, what: str) -> None:
    """NotationError for notation longer than MAX_NOTATION characters, before reading it.

    >>> check_length("As " * 400, "a hand")
    Traceback (most recent call last):
    ...
    studodds.notation.NotationError: a hand: at most 1,000 characters, got 1,200 ('As As As As As As As As ...')
    """
    if len(text) > MAX_NOTATION:
        raise NotationError(f"{what}: at most {MAX_NOTATION:,} characters, got "
                            f"{len(text):,} ({text[:24] + '...'!r})")


def _first_duplicate(cards: Iterable[int]) -> int | None:
    seen = set()
    for card in cards:
        if card in seen:
            return card
        seen.add(card)
    return None


def parse_cards(text: str) -> tuple[int, ...]:
    """Card ids from a list of cards; spaces and commas between them are optional.

    >>> parse_cards("AsKd Qh")
    (51, 45, 42)
    >>> parse_cards("As, Kd"), parse_cards("10h9h")
    ((51, 45), (34, 30))
    >>> parse_cards("")
    ()
    >>> parse_cards("As Kd As")
    Traceback (most recent call last):
    ...
    studodds.notation.NotationError: card 'As' appears twice in 'As Kd As'
    >>> parse_cards("As x")
    Traceback (most recent call last):
    ...
    studodds.notation.NotationError: 'x' is not a card: rank 2-9 T J Q K A then suit c d h s
    """
    check_length(text, "a list of cards")
    cards = []
    for token in tokenize(text):
        if token.kind != "card" or token.card is None:  # a card token always has its id
            # Unknowns and parentheses belong to stud hands, not plain card lists.
            raise _not_a_card(token.text)
        cards.append(token.card)
    duplicate = _first_duplicate(cards)
    if duplicate is not None:
        raise NotationError(f"card {card_str(duplicate)!r} appears twice in {text.strip()!r}",
                            cards=(card_str(duplicate),))
    return tuple(cards)


RANDOM_HAND = "random"  # a hand whose every card is unseen (StudHand.random)


def _shape_problem(n_down: int, n_up: int, n_river: int) -> str | None:
    """What is wrong with a stud hand of these sizes, or None if nothing.

    These are the game-independent rules, shared by parse_hand and StudHand itself;
    limits of particular games (five-card stud has one hole card) are checked elsewhere.
    They keep a hand at 7 cards or fewer: 2 down + 4 up + 1 river.
    """
    if n_down + n_up + n_river == 0:
        return "a hand needs at least one card"
    if n_down > 2:
        return "at most 2 hole cards in parentheses"
    if n_down == 2 and n_up == 5 and not n_river:
        # seven cards written bare: the river was not put in its own parentheses
        return ("too many up cards (at most 4): 7th street's card, dealt down, goes last, in "
                "its own parentheses: (As Ks) Ah Kh Qh Jh (2c)")
    if n_up > 4:
        return "too many up cards (at most 4)"
    if n_river and (n_down != 2 or n_up != 4):
        return "the river group comes only after 2 hole cards and 4 up cards"
    if n_river > 1:
        return "the river group holds exactly 1 card"
    return None


@dataclass(frozen=True)
class StudHand:
    """One player's stud hand: hole cards, up cards and (on seventh street) the river.

    ``down`` and ``river`` may hold None for an unknown card; up cards are always known.
    ``hole_given`` is False for a hand written with up cards only, whose hole cards are
    not specified at all (then ``down == ()``).

    >>> hand = StudHand(down=(51, None), up=(42,), river=(), hole_given=True)
    >>> str(hand), hand.known_cards, hand.unknown_count, hand.n_cards
    ('(As x) Qh', (51, 42), 1, 3)
    >>> StudHand(down=(), up=(42, 42), river=(), hole_given=False)
    Traceback (most recent call last):
    ...
    ValueError: card 'Qh' appears twice in hand 'Qh Qh'
    """

    down: tuple[int | None, ...]
    up: tuple[int, ...]
    river: tuple[int | None, ...]
    hole_given: bool
    hole_range: HoleRange | None = None  # what the unknown hole cards may be (ranges.py)
    # "random": every card unseen, up cards included, on whatever street the others are.
    # Up cards are face up at a real table; this is the study question "against a random
    # hand", which no other notation can ask (its up cards could not be written as x).
    random: bool = False

    def __post_init__(self) -> None:
        # Store plain-int tuples whatever sequences or integer types were passed, so
        # hands compare equal and hash alike however they were built.
        def ids(cards: Iterable[int | None]) -> tuple[int | None, ...]:
            return tuple(None if c is None else _card_id(c) for c in cards)

        for name in ("down", "up", "river"):
            object.__setattr__(self, name, ids(getattr(self, name)))
        if self.random:
            if self.down or self.up or self.river or self.hole_given or self.hole_range:
                raise ValueError("a random hand has no written cards")
            return
        if None in self.up:
            raise ValueError("up cards are face up, so they cannot be unknown")
        if self.hole_given != bool(self.down):
            raise ValueError("hole_given must be True exactly when there are down cards")
        # A range of classes alone leaves the number of hole cards to the game; only
        # seven-card stud has a river, so with one there are two.
        n_down = len(self.down) or (2 if self.hole_range is not None and self.river else 0)
        problem = _shape_problem(n_down, len(self.up), len(self.river))
        if problem is not None:
            raise ValueError(problem)
        duplicate = _first_duplicate(self.known_cards)
        if duplicate is not None:
            raise ValueError(f"card {card_str(duplicate)!r} appears twice in hand {str(self)!r}")

    @property
    def known_cards(self) -> tuple[int, ...]:
        """The known card ids: down, then up, then river."""
        return tuple(c for c in self.down + self.up + self.river if c is not None)

    @property
    def unknown_count(self) -> int:
        """How many cards are written as unknown (``x``); an unspecified hole counts 0."""
        return sum(c is None for c in self.down + self.river)

    @property
    def n_cards(self) -> int:
        """How many cards the hand is written with, known or not."""
        return len(self.down) + len(self.up) + len(self.river)

    def __str__(self) -> str:
        def group(cards: tuple[int | None, ...]) -> list[str]:
            if not cards:
                return []
            return ["(" + " ".join("x" if c is None else card_str(c) for c in cards) + ")"]

        if self.random:
            return RANDOM_HAND
        hole = group(self.down)
        if self.hole_range is not None:
            hole = [f"({self.hole_range})"]
        return " ".join(hole + [card_str(c) for c in self.up] + group(self.river))


def parse_hand(text: str) -> StudHand:
    """A stud hand from notation like ``(As Kd) Qh Jh Th 9h (2c)``.

    >>> str(parse_hand("(AsKd)Qh Jh Th 9h(x)"))
    '(As Kd) Qh Jh Th 9h (x)'
    >>> parse_hand("Qh 7c").hole_given
    False
    >>> parse_hand("(As Kd Qh) Jh")
    Traceback (most recent call last):
    ...
    studodds.notation.NotationError: '(As Kd Qh) Jh': at most 2 hole cards in parentheses
    >>> parse_hand("(As Kd) Qh x")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    studodds.notation.NotationError: '(As Kd) Qh x': unknown card 'x' outside parentheses: up ...
    >>> parse_hand("(As Kd Qh")
    Traceback (most recent call last):
    ...
    studodds.notation.NotationError: '(As Kd Qh': unclosed '('
    """
    check_length(text, "a hand")
    quoted = repr(text.strip())
    if text.strip().lower() == RANDOM_HAND:
        return StudHand((), (), (), False, random=True)
    tokens = tokenize(text, in_hand=True)

    def fail(problem: str) -> NotationError:
        return NotationError(f"{quoted}: {problem}")

    # First pass: the hand as a sequence of parenthesised groups and bare tokens.
    pieces: list[list[Token] | Token] = []
    group: list[Token] | None = None
    for token in tokens:
        if token.kind == "(":
            if group is not None:
                raise fail("nested '(' (groups in parentheses cannot nest)")
            group = []
        elif token.kind == ")":
            if group is None:
                raise fail("')' without a matching '('")
            if not group:
                raise fail("empty group '()'")
            pieces.append(group)
            group = None
        elif group is not None:
            group.append(token)
        else:
            pieces.append(token)
    if group is not None:
        raise fail("unclosed '('")

    # Second pass: [hole group] up cards [river group], and nothing after the river (read
    # with an index: taking pieces off the front of the list made long input quadratic).
    down: list[Token] = []
    at = 0
    first = pieces[0] if pieces else None
    hole_given = isinstance(first, list)
    if isinstance(first, list):
        down, at = first, 1
    up: list[Token] = []
    while at < len(pieces) and not isinstance(piece := pieces[at], list):
        up.append(piece)
        at += 1
    river: list[Token] = []
    if at < len(pieces) and isinstance(piece := pieces[at], list):
        river, at = piece, at + 1
    if at < len(pieces):
        piece = pieces[at]
        if isinstance(piece, list):
            raise fail("at most 2 groups in parentheses (hole cards, then the river)")
        raise fail(f"nothing may follow the river group, found {piece.text!r}")

    for token in up:
        if token.kind == "unknown":
            raise fail(
                f"unknown card {token.text!r} outside parentheses:"
                " up cards are face up, so only down cards can be unknown"
            )
        if token.kind == "weight":
            raise fail(f"{token.text!r} is a weight: it ends an alternative of a range, inside "
                       "the hole-card parentheses")
        if token.kind in PIECE_KINDS:
            raise fail(f"{token.text!r} is a range: ranges go inside the hole-card parentheses")
    for token in river:
        if token.kind in PIECE_KINDS:
            raise fail(f"{token.text!r}: a range describes the hole cards, not the river")
    hole_range = None
    if any(t.kind in PIECE_KINDS for t in down):
        hole_range = read_range(down, fail)
        slots = hole_range.slot_count
        if slots is None and not up and not river:
            slots = 2  # a class alone before the door card: seven-card stud's two hole cards
        down = [Token("unknown", "x")] * (slots or 0)
    class_only_hole = hole_range is not None and not down and river
    problem = _shape_problem(2 if class_only_hole else len(down), len(up), len(river))
    if problem is not None:
        raise fail(problem)

    def ids(group: list[Token]) -> tuple[int | None, ...]:
        return tuple(t.card for t in group)

    hand_down, hand_river = ids(down), ids(river)
    hand_up = tuple(t.card for t in up if t.card is not None)  # all cards: checked above
    duplicate = _first_duplicate(c for c in hand_down + hand_up + hand_river if c is not None)
    if duplicate is not None:
        raise NotationError(f"card {card_str(duplicate)!r} appears twice in {quoted}",
                            cards=(card_str(duplicate),))
    if hole_range is not None and not hand_down:
        hole_given = False  # a class-only range: the game says how many hole cards
    return StudHand(hand_down, hand_up, hand_river, hole_given, hole_range)


def check_no_duplicates(
    hands: Iterable[StudHand], dead: Iterable[int] = (), community: int | None = None
) -> None:
    """Raise NotationError if a known card is in two hands, or in a hand and the dead cards
    or the community card.

    Players are numbered from 1 in the order given; dead cards are labelled ``--dead``, the
    community card ``--community``.

    >>> a, b = parse_hand("(As Kd) Qh"), parse_hand("(x x) 7c")
    >>> check_no_duplicates([a, b], dead=parse_cards("2c 3c"))
    >>> check_no_duplicates([a, parse_hand("(x x) As")])
    Traceback (most recent call last):
    ...
    studodds.notation.NotationError: card 'As' appears twice: player 1 and player 2
    >>> check_no_duplicates([a, b], dead=parse_cards("7c"))
    Traceback (most recent call last):
    ...
    studodds.notation.NotationError: card '7c' appears twice: player 2 and --dead
    """
    # Each place a card can be: its words in a message, and the fact the error carries.
    owner: dict[int, tuple[str, dict]] = {}
    labelled: list[tuple[str, dict, tuple[int, ...]]] = [
        (f"player {i + 1}", {"players": (i,)}, hand.known_cards)
        for i, hand in enumerate(hands)]
    labelled.append((option("dead"), {"fields": ("dead",)}, tuple(_card_id(c) for c in dead)))
    if community is not None:
        labelled.append((option("community"), {"fields": ("community",)},
                         (_card_id(community),)))
    for label, fact, cards in labelled:
        for card in cards:
            if card in owner:
                first, first_fact = owner[card]
                where = f" in {label}" if first == label else f": {first} and {label}"
                facts = {"players": (), "fields": ()}
                for name in facts:
                    facts[name] = tuple(dict.fromkeys(first_fact.get(name, ())
                                                      + fact.get(name, ())))
                raise NotationError(f"card {card_str(card)!r} appears twice{where}",
                                    cards=(card_str(card),), **facts)
            owner[card] = (label, fact)


def parse_hands(texts: Iterable[str]) -> list[StudHand]:
    """Parse several players' hands, checking that no card appears in two of them.

    >>> [str(h) for h in parse_hands(["(As Kd) Qh", "Jc 7c"])]
    ['(As Kd) Qh', 'Jc 7c']
    >>> parse_hands(["(As Kd) Qh", "(x x) As"])
    Traceback (most recent call last):
    ...
    studodds.notation.NotationError: card 'As' appears twice: player 1 and player 2
    """
    if isinstance(texts, str):
        # A lone string would silently be read one character per "hand".
        raise TypeError("parse_hands takes a list of hand texts, not a single string")
    hands = [parse_hand(text) for text in texts]
    check_no_duplicates(hands)
    return hands


MAX_DEAD = 52  # dead cards given as a list: never more than the deck


def parse_dead(text: str | Iterable) -> tuple[tuple[int, ...], int]:
    """Dead cards: seen cards out of play, and ``x`` for unseen ones (a folded hole card).

    Text, or a sequence (any iterable) of card ids and card texts.

    >>> parse_dead("7h 2c x x")
    ((22, 0), 2)
    >>> parse_dead([22, "2c", "x"])
    ((22, 0), 1)
    """
    if text is None:
        return (), 0
    if not isinstance(text, str):
        if not isinstance(text, Iterable) or isinstance(text, (bytes, Mapping)):
            raise NotationError(
                f"{option('dead')} {shown(text)}: dead cards are text such as '7h 2c x' or a list of "
                "cards", fields=("dead",))
        cards = list(islice(text, MAX_DEAD + 1))
        if len(cards) > MAX_DEAD:
            raise NotationError(f"{option('dead')}: at most {MAX_DEAD} dead cards (a deck has 52), "
                                f"got more", fields=("dead",))
        text = " ".join(card_str(c) if whole_number(c) else str(c) for c in cards)
    check_length(text, "the dead cards")
    seen, unknown = [], 0
    try:
        tokens = tokenize(text)
    except NotationError as error:
        raise NotationError(f"{option('dead')}: {error}", fields=("dead",),
                            cards=error.cards) from None
    for token in tokens:
        if token.kind == "card" and token.card is not None:  # a card token has its id
            seen.append(token.card)
        elif token.kind == "unknown":
            unknown += 1
        else:
            raise NotationError(
                f"{option('dead')} {text.strip()!r}: dead cards are a plain list (x for an unseen card), "
                "no parentheses", fields=("dead",))
    return tuple(seen), unknown
