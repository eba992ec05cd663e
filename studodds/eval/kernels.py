"""numba evaluator kernels: per-hand code for every hand kind (evaluate_batch's kernels,
which read whole hands from memory another way, are in batch.py).

Where the tables live, and why. The lookup tables are module globals here, which numba
freezes into the compiled code as constants. The alternative, passing them as arguments,
walks into a measured trap: a helper that receives the table arrays, even one marked
``inline="always"``, makes numba emit NRT_incref/NRT_decref pairs around every call, and
the loop ran at 37 M hands/s instead of 250 M/s on one core here. With global tables the
per-hand helpers take only scalars, inline cleanly, and every
kernel (Monte Carlo, exact enumeration, the batch kernels) reuses them without copying code.
tests/test_kernels.py checks the assembly for NRT_incref so the trap cannot come back.

The price: numba's on-disk cache does not notice when tables.npz changes, so
scripts/make_tables.py deletes the numba caches of the package and the tests after
writing the tables.

Per-hand helpers take ``key`` (KEY_BIAS plus the sum of CARD_KEY over the cards: see
tables.py), and where suits can matter the suit mask (the OR, or for distinct cards the
sum, of ``suit_bit``) with the number of cards ``n``: the engines deal into a key and a
suit mask and call value_from_suits.
"""

from __future__ import annotations

import numba as nb
import numpy as np
from llvmlite import ir
from numba.core import types
from numba.extending import intrinsic

from ..config import NUMBA_OPTIONS
from ..numba_cache import load_without_refresh, lock_numba_cache
from .tables import (
    FLUSH_BITS,
    HI_FIELD,
    HI_SHIFT,
    KEY_BIAS,
    LO_FIELD,
    LO_SHIFT,
    N_RANKS,
    SUIT_BITS,
    load_tables,
)
from .values import EIGHT_OR_BETTER_MIN, NO_LOW

# Every module with a kernel imports this one (through the eval package), so numba's
# cache saves and loads take their lock before any kernel compiles, and loads skip numba's
# refresh of its target (numba_cache.py says why).
lock_numba_cache()
load_without_refresh()

KIND_HIGH, KIND_LOW_A5, KIND_LOW_8, KIND_LOW_A6, KIND_LOW_27 = 0, 1, 2, 3, 4
KIND_CODES = {
    "high": KIND_HIGH,
    "low_a5": KIND_LOW_A5,
    "low_8": KIND_LOW_8,
    "low_a6": KIND_LOW_A6,
    "low_27": KIND_LOW_27,
}

TABLES = load_tables()
CARD_KEY = TABLES.card_key
HI_BASE = TABLES.hi_base
LO_POS = TABLES.lo_pos
N_CARDS = CARD_KEY.shape[0]  # 52
HIGH = TABLES.high
LOW_A5 = TABLES.low_a5
LOW_A6 = TABLES.low_a6
LOW_27 = TABLES.low_27
FLUSH_HIGH = TABLES.flush_high
FLUSH_A6 = TABLES.flush_a6
FLUSH_27 = TABLES.flush_27

# A suit mask (suit_bit) gives each suit a 16-bit field holding the bits of its ranks.
SUIT_MASK_FIELD = 16
RANK_MASK = (1 << N_RANKS) - 1
SUIT_COUNTER = (1 << SUIT_BITS) - 1  # one suit's counter in a key
COUNTER_START = KEY_BIAS & SUIT_COUNTER  # where KEY_BIAS starts every counter


@nb.njit(inline="always", **NUMBA_OPTIONS)
def hand_key(cards, n):
    """KEY_BIAS plus the keys of the first n cards."""
    key = KEY_BIAS
    for j in range(n):
        key += CARD_KEY[cards[j]]
    return key


def key_and_suits(cards) -> tuple[int, int]:
    """The key (as hand_key) and suit mask (OR of suit_bit) of known cards, in Python: the
    starting point the engines add dealt cards to."""
    key = KEY_BIAS + sum(int(CARD_KEY[c]) for c in cards)
    suits = 0
    for c in cards:
        suits |= int(suit_bit.py_func(int(c)))
    return key, suits


@nb.njit(inline="always", **NUMBA_OPTIONS)
def multiset_index(key):
    """Dense index of the hand's rank multiset (see tables.py).

    Unsigned, so that numba adds no negative-index wraparound to every lookup (a select
    per hand; measured 5-8% of the batch speed). HI_BASE holds -1 only for fields no hand
    of at most 7 cards makes.
    """
    return np.uint32(HI_BASE[(key >> HI_SHIFT) & HI_FIELD]) + LO_POS[(key >> LO_SHIFT) & LO_FIELD]


@intrinsic
def trailing_zeros(typingctx, x):
    """The number of zero bits below the lowest set bit of a nonzero int64: one
    instruction (LLVM's cttz)."""
    if not isinstance(x, types.Integer) or x.bitwidth != 64:
        return None

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

    return types.int64(x), codegen


@intrinsic
def popcount(typingctx, x):
    """The number of set bits of an int64: one instruction (LLVM's ctpop)."""
    if not isinstance(x, types.Integer) or x.bitwidth != 64:
        return None

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return types.int64(x), codegen


@nb.njit(inline="always", **NUMBA_OPTIONS)
def flush_suit(flush_bits):
    """Which suit's counter reached 5 (in at most 7 cards only one can), from the place of
    its flush bit: one instruction where a test per suit took up to three branches."""
    return trailing_zeros(np.int64(flush_bits)) // SUIT_BITS


@nb.njit(inline="always", **NUMBA_OPTIONS)
def suit_count(key, suit):
    """How many of the hand's cards are of this suit, from the key's counter."""
    return ((key >> (SUIT_BITS * suit)) & SUIT_COUNTER) - COUNTER_START


@nb.njit(inline="always", **NUMBA_OPTIONS)
def suit_rank_mask(cards, n, suit):
    mask = 0
    for j in range(n):
        c = cards[j]
        if c & 3 == suit:
            mask |= 1 << (c >> 2)
    return mask


@nb.njit(inline="always", **NUMBA_OPTIONS)
def suit_bit(card):
    """The card's bit in a 64-bit suit mask: a 16-bit field per suit, the rank within.

    The one definition: key_and_suits calls it in Python (py_func), and suit_ranks reads
    the fields back.
    """
    return np.int64(1) << (SUIT_MASK_FIELD * (card & 3) + (card >> 2))


@nb.njit(inline="always", **NUMBA_OPTIONS)
def suit_ranks(suits, suit):
    """The rank mask of one suit's cards in a suit mask (suit_bit)."""
    return (suits >> (SUIT_MASK_FIELD * suit)) & RANK_MASK


@nb.njit(inline="always", **NUMBA_OPTIONS)
def off_suit_ranks(suits, suit):
    """The rank mask of the cards in a suit mask (suit_bit) that are not of this suit."""
    others = suits & ~(np.int64(RANK_MASK) << (SUIT_MASK_FIELD * suit))
    return (others | others >> SUIT_MASK_FIELD | others >> (2 * SUIT_MASK_FIELD)
            | others >> (3 * SUIT_MASK_FIELD)) & RANK_MASK


@nb.njit(inline="always", **NUMBA_OPTIONS)
def value_high(key, suits):
    """High value of the cards whose key and suit mask are given. Larger is stronger."""
    flush_bits = key & FLUSH_BITS
    if flush_bits:
        return FLUSH_HIGH[suit_ranks(suits, flush_suit(flush_bits))]
    return HIGH[multiset_index(key)]


@nb.njit(inline="always", **NUMBA_OPTIONS)
def value_low_a5(key):
    """Ace-to-five low value: suits never matter, one lookup. Larger is stronger."""
    return LOW_A5[multiset_index(key)]


@nb.njit(inline="always", **NUMBA_OPTIONS)
def value_low_8(key):
    """Eight-or-better low value; NO_LOW (0) when the best ace-to-five low is not 8 or better."""
    v = LOW_A5[multiset_index(key)]
    return v if v >= EIGHT_OR_BETTER_MIN else NO_LOW


@nb.njit(**NUMBA_OPTIONS)
def low_a6_with_flush(key, mask, suit, n):
    """Ace-to-six value of n cards with f >= 5 of one suit, whose ranks are in mask.

    A five-card subset is a flush (bad) only if all its cards are of that suit, so the best
    all-suited five come from FLUSH_A6 by the suit's rank mask, and every other subset
    leaves out at least f - 4 suited cards: the rank table on the hand with f - 4 suited
    cards removed (which can no longer hold a flush) finds the best of those.

    Called, not inlined, with scalars only: value_of_one calls it through value_from_suits,
    the batch kernels in their second pass; taking the cards array, this rare branch once made
    numba keep reference counts on the cards in the common path.
    """
    best = FLUSH_A6[mask]
    suited = suit_count(key, suit)
    if suited == n:
        return best
    # Each suited card in turn, by its set bit: fewer mispredicted branches than a test of
    # all 13 ranks (docs/speed.md, "The flush search by set bits").
    left = np.int64(mask)
    while left:
        ri = trailing_zeros(left)
        left &= left - 1
        key_i = key - CARD_KEY[ri * 4 + suit]
        if suited == 5:
            best = max(best, LOW_A6[multiset_index(key_i)])
            continue
        right = left
        while right:  # six of the suit among seven cards: leave out two
            rj = trailing_zeros(right)
            right &= right - 1
            best = max(best, LOW_A6[multiset_index(key_i - CARD_KEY[rj * 4 + suit])])
    return best


@nb.njit(**NUMBA_OPTIONS)
def low_27_with_flush(key, mask, suit, n):
    """Deuce-to-seven value of n cards with f >= 5 of one suit, whose ranks are in mask.

    low_a6_with_flush line for line, on FLUSH_27 and LOW_27 (a copy rather than one
    function taking the tables: tables as arguments bring back the reference counting
    described at the top of this module).

    The search is written four times: here, in low_a6_with_flush, in value_of_kind's loop,
    and in strengths for the engines' kernels (any_kind.flush_strength). One definition
    was measured (issue 33; an empty numba cache, alternated runs): a search inlined
    everywhere with the kind picking the tables made every low batch
    kernel carry both kinds' tables (a called function brings its tables into each
    caller's code), and value_of_kind as the one search made them carry every kind's: the
    evaluator's first compile (its 15 batch kernels, value_of_one) took 5.9 and 5.7 s of
    CPU against 5.6 s. So the copies stay, and tests/test_exhaustive.py holds all four
    equal on every hand with five or more of a suit.
    """
    best = FLUSH_27[mask]
    suited = suit_count(key, suit)
    if suited == n:
        return best
    # Each suited card in turn, by its set bit: fewer mispredicted branches than a test of
    # all 13 ranks (docs/speed.md, "The flush search by set bits").
    left = np.int64(mask)
    while left:
        ri = trailing_zeros(left)
        left &= left - 1
        key_i = key - CARD_KEY[ri * 4 + suit]
        if suited == 5:
            best = max(best, LOW_27[multiset_index(key_i)])
            continue
        right = left
        while right:  # six of the suit among seven cards: leave out two
            rj = trailing_zeros(right)
            right &= right - 1
            best = max(best, LOW_27[multiset_index(key_i - CARD_KEY[rj * 4 + suit])])
    return best


@nb.njit(inline="always", **NUMBA_OPTIONS)
def needs_suits(kind, key):
    """Whether this hand's value depends on which cards are suited: only flushes count,
    and only for high, ace-to-six and deuce-to-seven."""
    return (key & FLUSH_BITS) != 0 and (
        kind == KIND_HIGH or kind == KIND_LOW_A6 or kind == KIND_LOW_27
    )


@nb.njit(inline="always", **NUMBA_OPTIONS)
def value_from_suits(kind, key, suits, n):
    """Value of n cards from their key and, when needs_suits(kind, key), their suit mask
    (OR of suit_bit over the cards; otherwise pass anything).

    Scalars only: the engines deal into registers and call this for every hand without
    any reference counting, and they build the suit mask only in the rare flush case.
    """
    flush_bits = key & FLUSH_BITS
    if kind == KIND_LOW_A5:
        return value_low_a5(key)
    if kind == KIND_LOW_8:
        return value_low_8(key)
    if kind == KIND_HIGH:
        if flush_bits:
            suit = flush_suit(flush_bits)
            return FLUSH_HIGH[suit_ranks(suits, suit)]
        return HIGH[multiset_index(key)]
    if kind == KIND_LOW_27:
        if flush_bits:
            suit = flush_suit(flush_bits)
            return low_27_with_flush(key, suit_ranks(suits, suit), suit, n)
        return LOW_27[multiset_index(key)]
    if flush_bits:
        suit = flush_suit(flush_bits)
        return low_a6_with_flush(key, suit_ranks(suits, suit), suit, n)
    return LOW_A6[multiset_index(key)]


@nb.njit(**NUMBA_OPTIONS)
def value_of_kind(kind, key, suits, n):
    """value_from_suits compiled once as a function of its own, for the kernels that take
    the kind at run time (the heads-up counting) and call it (not inlined: inlined, each
    of them compiled every kind's branches again); a call of scalars costs no reference
    counting, and a few ns against the counting's ~100 ns per completion.

    The same branches as value_from_suits written out flat, the multiset index computed
    once, and low_a6_with_flush and low_27_with_flush written in as one loop whose tables
    the kind picks: a first query compiles this one function, where value_from_suits'
    inlined helpers and the two called ones took three compiles and twice the time.
    tests/test_kernels.py checks the two agree for every kind, flushes included, and
    tests/test_exhaustive.py the loop against the two on every hand with five or more of
    a suit (low_27_with_flush says why the search is written four times).
    """
    flush_bits = key & FLUSH_BITS
    if flush_bits and kind != KIND_LOW_A5 and kind != KIND_LOW_8:
        suit = flush_suit(flush_bits)
        mask = (suits >> (SUIT_MASK_FIELD * suit)) & RANK_MASK  # suit_ranks
        if kind == KIND_HIGH:
            return FLUSH_HIGH[mask]
        # A low that counts flushes (low_a6_with_flush says how): the best all-suited
        # five, or the best five leaving out n - 4 suited cards.
        deuce_to_seven = kind == KIND_LOW_27
        best = FLUSH_27[mask] if deuce_to_seven else FLUSH_A6[mask]
        suited = suit_count(key, suit)
        if suited == n:
            return best
        left = np.int64(mask)
        while left:  # each suited card in turn, by its set bit
            ri = trailing_zeros(left)
            left &= left - 1
            key_i = key - CARD_KEY[ri * 4 + suit]
            if suited == 5:
                index = multiset_index(key_i)
                best = max(best, LOW_27[index] if deuce_to_seven else LOW_A6[index])
                continue
            right = left
            while right:  # six of the suit among seven cards: leave out two
                rj = trailing_zeros(right)
                right &= right - 1
                index = multiset_index(key_i - CARD_KEY[rj * 4 + suit])
                best = max(best, LOW_27[index] if deuce_to_seven else LOW_A6[index])
        return best
    index = multiset_index(key)
    if kind == KIND_HIGH:
        return HIGH[index]
    if kind == KIND_LOW_A5 or kind == KIND_LOW_8:
        low = LOW_A5[index]
        return NO_LOW if kind == KIND_LOW_8 and low < EIGHT_OR_BETTER_MIN else low
    if kind == KIND_LOW_27:
        return LOW_27[index]
    return LOW_A6[index]


@nb.njit(**NUMBA_OPTIONS)
def value_of_one(kind, cards):
    """One hand's value, serially: for a single hand a parallel launch costs far more
    than the evaluation (the coach tools value a hand per card)."""
    n = cards.shape[0]
    key = hand_key(cards, n)
    suits = np.int64(0)
    for j in range(n):
        suits |= suit_bit(cards[j])
    return value_from_suits(kind, key, suits, n)
