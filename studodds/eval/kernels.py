"""numba evaluator kernels: per-hand code for every hand kind, and the batch kernel.

Where the tables live, and why. The lookup tables are module globals here, which numba
freezes into the compiled code as constants. The alternative, passing them as arguments,
walks into a measured trap: a helper that receives the table arrays, even one marked
``inline="always"``, makes numba emit NRT_incref/NRT_decref pairs around every call, and
the loop ran at 37 M hands/s instead of 250 M/s on one core here. With global tables the
per-hand helpers take only scalars, inline cleanly, and every
kernel (batch evaluation, Monte Carlo, exact enumeration) reuses them without copying code.
tests/test_kernels.py checks the assembly for NRT_incref so the trap cannot come back.

The price: numba's on-disk cache does not notice when tables.npz changes, so
scripts/make_tables.py deletes the numba caches of the package and the tests after
writing the tables.

Per-hand helpers take ``key`` (KEY_BIAS plus the sum of CARD_KEY over the cards: see
tables.py), and where suits can matter the suit mask (the OR, or for distinct cards the
sum, of ``suit_bit``) with the number of cards ``n``: the engines deal into a key and a
suit mask and call value_from_suits; the batch kernels build both with
row_key_and_suits.
"""

from __future__ import annotations

import numba as nb
import numpy as np
from llvmlite import ir
from numba.core import types
from numba.core.errors import RequireLiteralValue
from numba.extending import intrinsic

from ..config import NUMBA_OPTIONS
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
from .values import EIGHT_OR_BETTER_MIN, HIGH_CARD, LOW_FLIP, NO_LOW, STRAIGHT

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


# For the batch kernels, every byte's key and suit bit side by side (row_key_and_suits
# reads both in one 16-byte load): a byte that is no card (above 51) adds nothing.
KEY_AND_SUIT_BIT = np.zeros((256, 2), dtype=np.int64)
KEY_AND_SUIT_BIT[:N_CARDS, 0] = CARD_KEY
KEY_AND_SUIT_BIT[:N_CARDS, 1] = [suit_bit.py_func(card) for card in range(N_CARDS)]


@intrinsic
def row_key_and_suits(typingctx, table, hands, row, width):
    """(KEY_BIAS plus the sum of table[b, 0], the sum of table[b, 1]) over the bytes b of
    hands[row, :width], hands a C-contiguous (N, width) uint8 array: OMPEval's way of
    building a hand, both sums in one 128-bit vector, one load and one add a card.

    numba does not vectorize the two sums by itself (its SLP vectorizer is off by
    default); as two scalar sums they cost the batch kernel a fifth of its speed. The
    second sum is the suit mask (suit_bit) when the bytes are distinct cards, and with
    fewer than width bits when they are not: a repeated card carries into another bit,
    a byte above 51 adds none. So the mask checks the row and finds the flush's ranks.
    """
    # Only the arrays it was written for: another dtype or layout would read outside them.
    if not (isinstance(table, types.Array) and table.dtype == types.int64 and table.ndim == 2
            and table.layout == "C" and isinstance(hands, types.Array)
            and hands.dtype == types.uint8 and hands.ndim == 2 and hands.layout == "C"):
        return None
    if not isinstance(width, types.IntegerLiteral):
        raise RequireLiteralValue(width)
    n = width.literal_value

    def codegen(context, builder, signature, args):
        table_data = context.make_array(signature.args[0])(context, builder, args[0]).data
        hands_data = context.make_array(signature.args[1])(context, builder, args[1]).data
        pair = ir.VectorType(ir.IntType(64), 2)
        pairs = builder.bitcast(table_data, pair.as_pointer())
        start = builder.gep(hands_data, [builder.mul(args[2], ir.Constant(ir.IntType(64), n))])
        total = ir.Constant(pair, [KEY_BIAS, 0])
        for j in range(n):
            byte = builder.load(builder.gep(start, [ir.Constant(ir.IntType(64), j)]))
            entry = builder.load(builder.gep(pairs, [builder.zext(byte, ir.IntType(64))]))
            entry.align = 8
            total = builder.add(total, entry)
        key = builder.extract_element(total, ir.Constant(ir.IntType(32), 0))
        suits = builder.extract_element(total, ir.Constant(ir.IntType(32), 1))
        return context.make_tuple(builder, signature.return_type, [key, suits])

    return types.UniTuple(types.int64, 2)(table, hands, types.int64, width), codegen


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


@nb.njit(inline="always", **NUMBA_OPTIONS)
def value_low_a6(key, suits, n):
    """Ace-to-six low value. Larger is stronger.

    Without five cards of one suit the rank table is the answer; with them (3% of 7-card
    hands), flushes count against the hand and low_a6_five_suited finds the best five.
    """
    if not key & FLUSH_BITS:
        return LOW_A6[multiset_index(key)]
    # int64 arguments, never numba literals: one compiled signature serves every width
    # (a literal width or key had numba compile the helper again for each).
    return low_a6_five_suited(np.int64(key), np.int64(suits), np.int64(n))


# A low value's rank nibbles (values.py: 2..13, the ace 1 or 14) as bits of a 13-bit rank
# mask, and the five ranks of a straight by its top nibble (5..14): straight-line lookups,
# which numba compiles faster than loops over the nibbles.
NIBBLE_RANK_BIT = np.array([0, 1 << (N_RANKS - 1)] + [1 << (v - 2) for v in range(2, 15)] + [0],
                           dtype=np.int64)
STRAIGHT_RANKS = np.array(
    [np.bitwise_or.reduce(NIBBLE_RANK_BIT[top - 4 : top + 1]) if top >= 5 else 0
     for top in range(16)], dtype=np.int64)


@nb.njit(inline="always", **NUMBA_OPTIONS)
def unpaired_low_ranks(value):
    """The rank mask of the five cards of a low value when they are five distinct ranks
    (an unpaired hand or a straight; the rank tables hold no flushes), else 0."""
    badness = LOW_FLIP - value
    category = badness >> 20
    if category == HIGH_CARD:
        return (NIBBLE_RANK_BIT[(badness >> 16) & 0xF] | NIBBLE_RANK_BIT[(badness >> 12) & 0xF]
                | NIBBLE_RANK_BIT[(badness >> 8) & 0xF] | NIBBLE_RANK_BIT[(badness >> 4) & 0xF]
                | NIBBLE_RANK_BIT[badness & 0xF])
    if category == STRAIGHT:
        return STRAIGHT_RANKS[(badness >> 16) & 0xF]
    return 0


@nb.njit(inline="always", **NUMBA_OPTIONS)
def flush_forced(value, suits, suit):
    """Whether every five cards that make this rank-table value are all of the suit.

    The rank table's value is the best five ignoring suits, and no better with them: a
    flush only makes five cards worse. That value stands unless all five are forced into
    the suit: five distinct ranks (a paired five is never one suit), none of which the
    hand holds in another suit (else that card makes the same five, not suited).
    """
    ranks = unpaired_low_ranks(value)
    return ranks != 0 and not ranks & off_suit_ranks(suits, suit)


@nb.njit(**NUMBA_OPTIONS)
def low_a6_five_suited(key, suits, n):
    """Ace-to-six value of n cards with five or more of one suit (suits: their suit mask):
    the rank table's value, unless flush_forced (4% of such random 7-card hands), then
    low_a6_with_flush's full search.

    For the batch kernels: the full search on every such hand cost them a quarter of their
    speed (190 against 240 M hands/s, one core). Called, not inlined: one compile serves
    every width. The engines call low_a6_with_flush directly (a few percent of their
    hands, and one function less to compile on a game's first query).
    """
    suit = flush_suit(key & FLUSH_BITS)
    value = LOW_A6[multiset_index(key)]
    if not flush_forced(value, suits, suit):
        return value
    return low_a6_with_flush(key, suit_ranks(suits, suit), suit, n)


@nb.njit(**NUMBA_OPTIONS)
def low_a6_with_flush(key, mask, suit, n):
    """Ace-to-six value of n cards with f >= 5 of one suit, whose ranks are in mask.

    A five-card subset is a flush (bad) only if all its cards are of that suit, so the best
    all-suited five come from FLUSH_A6 by the suit's rank mask, and every other subset
    leaves out at least f - 4 suited cards: the rank table on the hand with f - 4 suited
    cards removed (which can no longer hold a flush) finds the best of those.

    Called, not inlined, with scalars only: the engines call it from value_from_suits, the
    batch kernels when flush_forced; taking the cards array, this rare branch once made
    numba keep reference counts on the cards in the common path.
    """
    best = FLUSH_A6[mask]
    suited = suit_count(key, suit)
    if suited == n:
        return best
    for ri in range(13):
        if not mask >> ri & 1:
            continue
        key_i = key - CARD_KEY[ri * 4 + suit]
        if suited == 5:
            best = max(best, LOW_A6[multiset_index(key_i)])
            continue
        for rj in range(ri + 1, 13):  # six of the suit among seven cards: leave out two
            if mask >> rj & 1:
                best = max(best, LOW_A6[multiset_index(key_i - CARD_KEY[rj * 4 + suit])])
    return best


@nb.njit(inline="always", **NUMBA_OPTIONS)
def value_low_27(key, suits, n):
    """Deuce-to-seven low value. Larger is stronger.

    The same shape as value_low_a6, with the deuce-to-seven tables (ace only high, no wheel).
    """
    if not key & FLUSH_BITS:
        return LOW_27[multiset_index(key)]
    return low_27_five_suited(np.int64(key), np.int64(suits), np.int64(n))


@nb.njit(**NUMBA_OPTIONS)
def low_27_five_suited(key, suits, n):
    """low_a6_five_suited on the deuce-to-seven tables."""
    suit = flush_suit(key & FLUSH_BITS)
    value = LOW_27[multiset_index(key)]
    if not flush_forced(value, suits, suit):
        return value
    return low_27_with_flush(key, suit_ranks(suits, suit), suit, n)


@nb.njit(**NUMBA_OPTIONS)
def low_27_with_flush(key, mask, suit, n):
    """Deuce-to-seven value of n cards with f >= 5 of one suit, whose ranks are in mask.

    low_a6_with_flush line for line, on FLUSH_27 and LOW_27 (a copy rather than one
    function taking the tables: tables as arguments bring back the reference counting
    described at the top of this module).

    The search is written three times: here, in low_a6_with_flush and in value_of_kind's
    loop. One definition was measured (issue 33; an empty numba cache, alternated runs):
    a search inlined everywhere with the kind picking the tables made every low batch
    kernel carry both kinds' tables (a called function brings its tables into each
    caller's code), and value_of_kind as the one search made them carry every kind's: the
    evaluator's first compile (its 15 batch kernels, value_of_one) took 5.9 and 5.7 s of
    CPU against 5.6 s. So the copies stay, and tests/test_exhaustive.py holds all three
    equal on every hand with five or more of a suit.
    """
    best = FLUSH_27[mask]
    suited = suit_count(key, suit)
    if suited == n:
        return best
    for ri in range(13):
        if not mask >> ri & 1:
            continue
        key_i = key - CARD_KEY[ri * 4 + suit]
        if suited == 5:
            best = max(best, LOW_27[multiset_index(key_i)])
            continue
        for rj in range(ri + 1, 13):  # six of the suit among seven cards: leave out two
            if mask >> rj & 1:
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
    a suit (low_27_with_flush says why the search is written three times).
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
        for ri in range(13):
            if not mask >> ri & 1:
                continue
            key_i = key - CARD_KEY[ri * 4 + suit]
            if suited == 5:
                index = multiset_index(key_i)
                best = max(best, LOW_27[index] if deuce_to_seven else LOW_A6[index])
                continue
            for rj in range(ri + 1, 13):  # six of the suit among seven cards: leave out two
                if mask >> rj & 1:
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


NOT_A_HAND = -1  # evaluate_rows' value for a row that is not a hand: below every value


def _batch_kernel(kind: int, width: int):
    """A kernel for one (kind, hand width) pair: out[i] = value of hands[i], or NOT_A_HAND
    when the row is not a hand, and then found[0] = True.

    The check is a bit count and a compare: the suit mask row_key_and_suits builds has
    width bits exactly when the row is width distinct cards (a repeated card carries, and
    each carry loses a bit; a byte above 51 adds none). Measured before this shape, a
    52-bit mask of the cards of its own, loaded and ORed card by card, cost a third of the
    loop's speed. A row that is not a hand is never looked up; the lows that count
    flushes take the batch's shortcut (low_a6_five_suited). Every thread that meets one stores the same True, so whichever
    store lands, found[0] says the same; the caller finds which row it was (the first
    NOT_A_HAND) only then.

    kind and width are closure constants: numba prunes the other kinds' branches before
    it inlines the helpers, and unrolls the key loop. (One inlined helper taking the kind
    had every kind's code inlined first: 14 s against 10.5 s of CPU to compile the 15
    kernels.) One generic kernel with both as arguments measured 164 M hands/s against
    240 M/s for these (one core, random 7-card high hands). numba caches each closure
    separately (its cache key includes the closure's values: plain ints here; a closure
    over a jitted function was compiled again in every process).
    """

    @nb.njit(parallel=True, **NUMBA_OPTIONS)
    def evaluate_rows(hands, out, found):
        for i in nb.prange(hands.shape[0]):
            key, suits = row_key_and_suits(KEY_AND_SUIT_BIT, hands, i, width)
            if popcount(suits) != width:
                out[i] = NOT_A_HAND
                found[0] = True
            elif kind == KIND_HIGH:
                out[i] = value_high(key, suits)
            elif kind == KIND_LOW_A5:
                out[i] = value_low_a5(key)
            elif kind == KIND_LOW_8:
                out[i] = value_low_8(key)
            elif kind == KIND_LOW_A6:
                out[i] = value_low_a6(key, suits, width)
            else:
                out[i] = value_low_27(key, suits, width)

    return evaluate_rows


BATCH_KERNELS = {
    (kind, width): _batch_kernel(kind, width)
    for kind in KIND_CODES.values()
    for width in (5, 6, 7)
}
