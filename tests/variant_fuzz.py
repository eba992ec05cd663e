"""Mangling a variant fixture (tests/data/handhistories/variants/) for the readers' fuzz
tests: the line mutations every reader is fuzzed with (reader_cases.mutate: drop,
duplicate, swap, corrupt a character, truncate, shuffle), and amounts and cards garbled in
place, where a reader is most likely to trip."""

from __future__ import annotations

import random
import re

from reader_cases import check_never_raises, mutate

# An amount ("1,000", "0.05", "-6.10"), or a card ("Kh", "10d", "HA", "x").
_TOKEN_RE = re.compile(r"-?\d[\d,]*(?:\.\d+)?|\b(?:10|[2-9TJQKA])[cdhsCDHS]\b|"
                       r"\b[SHDC](?:10|[2-9TJQKA])\b|\b[xX]\b")
_GARBLED = ("", "-1", "0", "1e9", "99999999", ",", ".", "1,2,3", "1.2.3", "Zz", "Kh", "10",
            "X", "€", "$", "nan")


def garble(lines: list[str], rng: random.Random, n: int) -> list[str]:
    """``n`` amounts or cards, each replaced by something a room never writes there (or a
    card another player holds)."""
    lines = list(lines)
    for _ in range(n):
        spots = [(i, m) for i, line in enumerate(lines) for m in _TOKEN_RE.finditer(line)]
        if not spots:
            break
        i, match = rng.choice(spots)
        lines[i] = lines[i][:match.start()] + rng.choice(_GARBLED) + lines[i][match.end():]
    return lines


def check_mangled_never_raises(parse_text, text: str, seed: int, n: int) -> None:
    """The text with amounts and cards garbled, then its lines mutated: the reader gives
    hands or problems, never an exception."""
    rng = random.Random(seed)
    lines = garble(text.splitlines(), rng, rng.randrange(n + 1))
    check_never_raises(parse_text, "\n".join(mutate(lines, rng, rng.randrange(n + 1))))
