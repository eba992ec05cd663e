"""The hands a player names as a bar to clear: "aces up", "a king-high flush", "trips",
"8-7", "a 7-low", read into the weakest value that clears it, for one hand kind.

Every evaluator value is larger when stronger (eval/values.py), so "X or better" is every
value at least the threshold's. A high threshold is a category and, optionally, its top
rank (the pair, the top pair, the trips, the straight's or flush's top card): the weakest
hand of that category with that top rank. A low threshold is the ranks a player says,
highest first ("8-7", "7-5-4", "8"): the worst unpaired low that starts with them, the
rest filled with the highest ranks below ("8-7" is 8-7-6-5-4 or better).
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from ..eval.values import (
    CATEGORY_NAMES,
    FLUSH,
    FULL_HOUSE,
    HIGH_CARD,
    LOW_FLIP,
    PAIR,
    QUADS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
)
from ..messages import InputError, option

# Ranks as the values' nibbles: 2..14, the ace 14 (high and deuce-to-seven) or 1 (the
# ace-to-five and ace-to-six lows).
_RANK_NAMES = {
    "2": 2, "deuce": 2, "two": 2, "3": 3, "three": 3, "trey": 3, "4": 4, "four": 4,
    "5": 5, "five": 5, "6": 6, "six": 6, "7": 7, "seven": 7, "8": 8, "eight": 8, "9": 9,
    "nine": 9, "t": 10, "10": 10, "ten": 10, "j": 11, "jack": 11, "q": 12, "queen": 12,
    "k": 13, "king": 13, "a": 14, "ace": 14,
}
_PLURALS = {"sixes": "six", "deuces": "deuce", "treys": "trey", "threes": "three"}

_CATEGORY_WORDS = {
    "high card": HIGH_CARD, "pair": PAIR, "one pair": PAIR, "a pair": PAIR, "two pair": TWO_PAIR,
    "trips": TRIPS, "three of a kind": TRIPS, "set": TRIPS, "straight": STRAIGHT,
    "flush": FLUSH, "full house": FULL_HOUSE, "full": FULL_HOUSE, "boat": FULL_HOUSE,
    "quads": QUADS, "four of a kind": QUADS, "straight flush": STRAIGHT_FLUSH,
}

HELP = ("name a hand such as 'two pair', 'aces up', 'jacks', 'trips', 'a nine-high straight', "
        "'a king-high flush', 'tens full', 'quads' (the high half), or a low such as '8-7', "
        "'7-5', '8-low', 'a wheel'")


@dataclass(frozen=True)
class Threshold:
    """A bar to clear: the kind's values >= value clear it. words: as the tables say it
    ('two pair, aces up', '8-7 low'); asked: as the player wrote it."""

    kind: str
    value: int
    words: str
    asked: str


def _rank(word: str) -> int | None:
    word = word.lower()
    word = _PLURALS.get(word, word)
    if word in _RANK_NAMES:
        return _RANK_NAMES[word]
    if word.endswith("s") and word[:-1] in _RANK_NAMES:
        return _RANK_NAMES[word[:-1]]
    return None


def _rank_word(rank: int, plural: bool = False) -> str:
    names = {2: "deuce", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
             9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"}
    word = names[rank]
    if not plural:
        return word
    return "sixes" if word == "six" else word + "s"


def _high_value(category: int, top: int = 0) -> int:
    return category << 20 | top << 16


def _high(text: str) -> tuple[int, int] | None:
    """(category, top rank or 0) of a high hand's name, or None."""
    t = re.sub(r"\s+", " ", text.lower().strip())
    t = re.sub(r"^(an?|one) (?!pair)", "", t)  # "a flush", but "one pair" is a name
    if t in ("royal", "royal flush", "a royal flush"):
        return STRAIGHT_FLUSH, 14
    if t in ("wheel", "bicycle"):  # in a high game, the five-high straight
        return STRAIGHT, 5
    if t in _CATEGORY_WORDS:
        return _CATEGORY_WORDS[t], 0
    patterns = (
        (r"(?:a )?pair of (\w+)", PAIR),
        (r"(?:two pair,? )?(\w+) up", TWO_PAIR),
        (r"(?:trip|trips|three|set of) (\w+)", TRIPS),
        (r"(\w+)[- ]high (straight flush|straight|flush)", None),
        (r"(straight flush|straight|flush),? (\w+)[- ]high", None),
        (r"(\w+) full(?: house)?", FULL_HOUSE),
        (r"(?:quad|quads|four) (\w+)", QUADS),
        (r"(\w+)", PAIR),  # "jacks": a pair of jacks
    )
    for pattern, category in patterns:
        m = re.fullmatch(pattern, t)
        if not m:
            continue
        if category is None:  # a straight, flush or straight flush with its top card
            first, second = m.groups()
            name, word = (first, second) if first in _CATEGORY_WORDS else (second, first)
            rank = _rank(word)
            if rank is None:
                return None
            return _CATEGORY_WORDS[name], rank
        rank = _rank(m.group(1))
        if rank is None:
            continue
        if category == PAIR and pattern == r"(\w+)" and not m.group(1).endswith(("s", "es")):
            return None  # "jack" alone is no hand; "jacks" is
        return category, rank
    return None


def _high_words(category: int, top: int) -> str:
    if not top:
        return {PAIR: "a pair", STRAIGHT: "a straight", FLUSH: "a flush",
                FULL_HOUSE: "a full house", STRAIGHT_FLUSH: "a straight flush"
                }.get(category, CATEGORY_NAMES[category])
    if category == PAIR:
        return f"a pair of {_rank_word(top, True)}"
    if category == TWO_PAIR:
        return f"two pair, {_rank_word(top, True)} up"
    if category == TRIPS:
        return f"three {_rank_word(top, True)}"
    if category == FULL_HOUSE:
        return f"{_rank_word(top, True)} full"
    if category == QUADS:
        return f"four {_rank_word(top, True)}"
    if category == STRAIGHT_FLUSH and top == 14:
        return "a royal flush"
    name = CATEGORY_NAMES[category]
    article = "an" if top in (8, 14) else "a"
    return f"{article} {_rank_word(top)}-high {name}"


def _low_ranks(text: str, kind: str) -> list[int] | None:
    """The ranks of a low as a player says them, highest first, as the kind's nibbles."""
    t = re.sub(r"\s+", " ", text.lower().strip())
    t = re.sub(r"^an? ", "", t)
    if t in ("wheel", "bicycle"):
        return [7, 5, 4, 3, 2] if kind == "low_27" else [5, 4, 3, 2, 1]
    if kind == "low_27" and t in ("number one", "seven-five", "7-5-4-3-2"):
        return [7, 5, 4, 3, 2]
    t = re.sub(r"[ -]?low$", "", t)
    parts = re.split(r"[- ]", t) if t else []
    if not parts or len(parts) > 5:
        return None
    ranks = []
    for part in parts:
        rank = _RANK_NAMES.get(part)
        if rank is None:
            return None
        if rank == 14 and kind != "low_27":
            rank = 1  # the ace is low in ace-to-five and ace-to-six
        ranks.append(rank)
    return ranks


def _low_value(ranks: list[int], kind: str) -> int | None:
    """The worst unpaired low starting with these ranks (strictly falling), or None."""
    if any(b >= a for a, b in itertools.pairwise(ranks)):
        return None
    lowest = 2 if kind == "low_27" else 1
    filled = list(ranks)
    while len(filled) < 5:
        filled.append(filled[-1] - 1)
    if filled[-1] < lowest:
        return None
    return LOW_FLIP - _badness(filled)


def _badness(ranks: list[int]) -> int:
    """The code of an unpaired low with these five ranks, highest first (values.py)."""
    badness = HIGH_CARD << 20
    for shift, rank in zip((16, 12, 8, 4, 0), ranks, strict=True):
        badness |= rank << shift
    return badness


# Each low kind's best hand: a threshold better than it is no hand (ace-to-six counts
# A-2-3-4-5 as a straight, deuce-to-seven plays the ace high and counts straights).
BEST_LOW = {"low_a5": [5, 4, 3, 2, 1], "low_8": [5, 4, 3, 2, 1], "low_a6": [6, 4, 3, 2, 1],
            "low_27": [7, 5, 4, 3, 2]}
_BEST_LOW_WORDS = {
    "low_a6": "in ace-to-six lowball A-2-3-4-5 is a straight; the best low is 6-4-3-2-A: ask "
              "for '6-4' or a worse low",
    "low_27": "in deuce-to-seven the ace is high and straights count; the best low is "
              "7-5-4-3-2 (number one): ask for '7-5' or a worse low",
}


# The lows in which a straight counts against the hand.
STRAIGHTS_COUNT = ("low_a6", "low_27")
_KIND_GAME = {"low_a6": "ace-to-six lowball", "low_27": "deuce-to-seven"}


def _low_words(ranks: list[int], kind: str) -> str:
    chars = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
    text = "-".join(chars.get(r, str(r)) for r in ranks)
    return f"{text} low" if len(ranks) > 1 else f"{text}-low"


def parse_threshold(text: str, kinds: tuple[str, ...], game_name: str = "") -> Threshold:
    """The threshold a player names, for the game's kinds (a split game's high or low:
    a low is written with ranks, '8-7'; a high with words, 'aces up').

    >>> t = parse_threshold("aces up", ("high",))
    >>> t.words, hex(t.value)
    ('two pair, aces up', '0x2e0000')
    >>> parse_threshold("8-7", ("high", "low_8")).words
    '8-7 low'
    >>> parse_threshold("a king-high flush", ("high",)).words
    'a king-high flush'
    """
    if not isinstance(text, str) or not text.strip():
        raise InputError(f"{option('at_least')} {text!r}: {HELP}", fields=("at_least",))
    low_kind = kinds[-1] if kinds[-1] != "high" else None
    high_kind = "high" if "high" in kinds else None
    if low_kind is not None:
        ranks = _low_ranks(text, low_kind)
        if ranks is not None:
            asked = f"{option('at_least')} {text.strip()!r}"
            if any(b >= a for a, b in itertools.pairwise(ranks)):
                raise InputError(f"{asked}: a low is up to five different ranks, highest first, "
                                 "such as '8-7' or '7-5-4'", fields=("at_least",))
            value = _low_value(ranks, low_kind)
            if value is None or LOW_FLIP - value < _badness(BEST_LOW[low_kind]):
                # ranks that run out below the deuce or the ace ('4-3', 2-7's '6-4')
                raise InputError(f"{asked}: " + _BEST_LOW_WORDS.get(
                    low_kind, "no low is better than 5-4-3-2-A, the wheel: ask for 'a wheel' "
                    "or a worse low"), fields=("at_least",))
            # (the ace-to-six wheel, A as 1, is the best-low refusal above; deuce-to-seven
            # has no wheel: its A-5-4-3-2 is ace high)
            if low_kind in STRAIGHTS_COUNT and len(ranks) == 5 and ranks[0] - ranks[4] == 4:
                # the worst low of its top card: the straight's last card one lower
                worse = ranks[:4] + [ranks[4] - 1]
                # "a 7-low"; deuce-to-seven players say "ace high", not "A-low"
                ace = ranks[0] == 14
                its_low = "ace high" if ace else _low_words(ranks[:1], low_kind)
                worst = "ace-high hand" if ace else its_low
                instead = (f": ask for '{_low_words(worse, low_kind)[:-4]}' (the worst {worst})"
                           if worse[4] >= (2 if low_kind == "low_27" else 1) else "")
                article = "" if ace else "an " if its_low.startswith("8") else "a "
                raise InputError(f"{asked}: in {_KIND_GAME[low_kind]} "
                                 f"{_low_words(ranks, low_kind)[:-4]} is a straight, not "
                                 f"{article}{its_low}{instead}", fields=("at_least",))
            if low_kind == "low_8" and ranks[0] > 8:
                raise InputError(
                    f"{option('at_least')} {text.strip()!r}: a low here is eight or better: ask for "
                    "'8-low' or a better one", fields=("at_least",))
            return Threshold(low_kind, value, _low_words(ranks, low_kind), text.strip())
    named = _high(text)
    if named is not None:
        category, top = named
        if high_kind is None:
            # A low game: categories are its bad hands ("a pair or better": every
            # unpaired low and every pair).
            assert low_kind is not None  # a game with no high kind has a low one
            if top or category not in (PAIR, TWO_PAIR, TRIPS):
                why = (f"in {_KIND_GAME[low_kind]} a {CATEGORY_NAMES[category]} only spoils a "
                       "low" if low_kind in STRAIGHTS_COUNT and category in (STRAIGHT, FLUSH)
                       else f"{game_name or 'this game'} has no high hand")
                raise InputError(f"{option('at_least')} {text.strip()!r}: {why}: name a low such "
                                 "as '8-7' or '7-low', or a paired hand: 'a pair', 'two pair'",
                                 fields=("at_least",))
            # "a pair or better" here: one pair, or any unpaired low
            value = LOW_FLIP - (category << 20 | 0xFFFFF)
            return Threshold(low_kind, value, _high_words(category, 0), text.strip())
        if category == STRAIGHT and top and top < 5 or category == FLUSH and top and top < 7:
            raise InputError(f"{option('at_least')} {text.strip()!r}: no such hand", fields=("at_least",))
        return Threshold("high", _high_value(category, top), _high_words(category, top),
                         text.strip())
    if (low_kind is None and _low_ranks(text, "low_a5") is not None
            and re.search(r"-|low|wheel|bicycle|^\d", text.strip().lower())):
        raise InputError(f"{option('at_least')} {text.strip()!r}: {game_name or 'this game'} "
                         "has no low half: name a high hand such as 'aces up' or 'a flush' "
                         "(a low is asked in the hi/lo games and the lowball games)",
                         fields=("at_least",))
    raise InputError(f"{option('at_least')} {text.strip()!r}: not a hand studodds knows: {HELP}",
                     fields=("at_least",))
