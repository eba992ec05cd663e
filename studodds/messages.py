"""Error messages quote the bad value: shown() quotes it, cut short when it is long; and the
two number checks every option needs (whole_number, real_number); players_text names
players as a user counts them; amount_text writes chips and money as a hand history does."""

from __future__ import annotations

import contextlib
import contextvars
import numbers
from collections.abc import Iterable, Iterator, Mapping, Sequence

import numpy as np

# How the front end that asked names each option in its messages. The library writes
# option(field) where a message names one; the command line's flags are the default
# ("--dead"), and the page sets its own words for the questions it runs (web/questions.py:
# "the dead cards"), so the same fact reaches each user in the words of what they used.
_OPTION_WORDS: contextvars.ContextVar[Mapping[str, str] | None] = contextvars.ContextVar(
    "studodds_option_words", default=None)


def option(field: str) -> str:
    """The name of an option in the words of the front end asking: the CLI's flag by
    default.

    >>> option("dead"), option("to_call")
    ('--dead', '--to-call')
    >>> with option_words({"dead": "the dead cards"}):
    ...     option("dead")
    'the dead cards'
    """
    words = _OPTION_WORDS.get()
    if words is not None and field in words:
        return words[field]
    return "--" + field.replace("_", "-")


@contextlib.contextmanager
def option_words(words: Mapping[str, str]) -> Iterator[None]:
    """Messages raised inside name the options with these words (option())."""
    token = _OPTION_WORDS.set(words)
    try:
        yield
    finally:
        _OPTION_WORDS.reset(token)


class InputError(ValueError):
    """A bad input, with its facts for a front end to point at: the players whose hands are
    at fault (0-based), the fields ("dead", "community", "declare", "player", ... as in
    option()) and the cards (as written). The message says the same in words; the page
    marks the seat or box to fix from the facts.

    >>> e = InputError("card 'As' appears twice: player 1 and player 2", players=(0, 1),
    ...                cards=("As",))
    >>> e.facts()
    {'players': [0, 1], 'fields': [], 'cards': ['As']}
    """

    def __init__(self, message: str = "", *, players: Iterable[int] = (),
                 fields: Iterable[str] = (), cards: Iterable[str] = ()) -> None:
        super().__init__(message)
        self.players = tuple(players)
        self.fields = tuple(fields)
        self.cards = tuple(cards)

    def facts(self) -> dict[str, list]:
        return {"players": list(self.players), "fields": list(self.fields),
                "cards": list(self.cards)}

    def __reduce__(self):  # a copy (pickle, a process pool) keeps the facts
        return _rebuilt, (type(self), str(self), self.players, self.fields, self.cards)


def _rebuilt(cls, message, players, fields, cards):
    return cls(message, players=players, fields=fields, cards=cards)


def error_facts(error: BaseException) -> dict[str, list]:
    """The facts an error carries (InputError.facts); none for any other error."""
    if isinstance(error, InputError):
        return error.facts()
    return {"players": [], "fields": [], "cards": []}


class OptionError(InputError):
    """Options that contradict each other or are out of range. (Here, not beside the
    equity code that raises it most, so that catching it loads no engine.)"""


def shown(value, limit: int = 40) -> str:
    """repr(value) for a one-line error message, at most `limit` characters.

    >>> shown("As"), shown(10**400)[:12], shown(10**5000)
    ("'As'", '100000000000', 'an int too long to show')
    """
    try:
        text = repr(value)
    except ValueError:  # an int beyond sys.get_int_max_str_digits()
        return f"an {type(value).__name__} too long to show"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def whole_number(value) -> bool:
    """An int or numpy integer, not a bool."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def real_number(value) -> bool:
    """int, float, Fraction or a numpy number: what arithmetic with floats accepts."""
    return isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_))


def players_text(players: Sequence[int]) -> str:
    """0-based player numbers as a user reads them: 'player 3', 'players 1 and 5',
    'players 1, 2 and 4'."""
    names = [str(p + 1) for p in sorted(players)]
    if len(names) == 1:
        return f"player {names[0]}"
    return f"players {', '.join(names[:-1])} and {names[-1]}"


def count_text(n: float) -> str:
    """A large count as people say it, to three figures: 625 million, 1.37 trillion, 2.53
    quintillion, 3.01 × 10^33."""
    if n < 1e6:
        return f"{n:,.0f}"
    n = float(f"{n:.3g}")  # rounded first: 999.6 million is 1 billion, not 1e+03 million
    if n >= 1e21:
        mantissa, exponent = f"{n:.2e}".split("e")
        return f"{float(mantissa):g} × 10^{int(exponent)}"
    for size, word in ((1e18, "quintillion"), (1e15, "quadrillion"), (1e12, "trillion"),
                       (1e9, "billion"), (1e6, "million")):
        if n >= size:
            return f"{n / size:.3g} {word}"
    raise AssertionError(n)  # n >= 1e6: a word above


def bet_text(amount) -> str:
    """A stake or bet as players write it, alone (not beside a hand's other amounts, as
    amount_text): whole units bare, cents with both digits, a finer amount to its last.

    >>> bet_text(2), bet_text(0.1), bet_text("0.50"), bet_text(0.125), bet_text(1000000.0)
    ('2', '0.10', '0.50', '0.125', '1000000')
    """
    from decimal import Decimal  # only where stakes are written

    value = Decimal(str(amount)).normalize()
    if value == value.to_integral_value():
        return format(value.quantize(Decimal(1)), "f")
    finer = isinstance(exponent := value.as_tuple().exponent, int) and exponent < -2
    return format(value if finer else value.quantize(Decimal("0.01")), "f")


def amount_text(amount, cents: bool = False) -> str:
    """Chips or money as a hand history writes them: 0.25, 47, 5300000 (tournament chips
    run to millions: never 5.3e+06). ``cents``: money in a hand whose amounts have cents,
    every amount with two decimals, as the file writes it (4.90, 22.00).

    >>> amount_text(18.6), amount_text(47.0), amount_text(5300000), amount_text(0), amount_text(-2.5)
    ('18.6', '47', '5300000', '0', '-2.5')
    >>> amount_text(4.9, cents=True), amount_text(22, cents=True), amount_text(-0.0, cents=True)
    ('4.90', '22.00', '0.00')
    """
    amount = round(float(amount), 10) + 0.0  # + 0.0: no "-0"
    if cents:
        return f"{amount:.2f}"
    return f"{amount:f}".rstrip("0").rstrip(".")
