"""evaluate_batch's kernels: one per hand kind and width, over the batch key.

The engines deal into kernels.py's key and ask value_from_suits; a batch of whole hands
in memory is valued another way, one table lookup fewer and about half the loads
(tables.py, "The batch key"). Per row:

* the key and suit mask: the row's bytes read two at a time as 16-bit words, each word
  indexing PAIR_KEYS (the two cards' batch keys and suit bits already added), an odd last
  byte HASH_CARD_BIASED;
* the check: the suit mask has ``width`` bits exactly when the row is ``width`` distinct
  cards (a repeated card carries, and each carry loses a bit; a byte above 51 adds none);
* the value: a flush (high) from FLUSH_HIGH by the suit's ranks, any other hand from the
  kind's table by the key's slot (hash_slot).

The lows that count flushes (ace-to-six, deuce-to-seven) take the rank table's value
unless the five cards that make it are forced into the flush suit (about 0.1% of random
7-card hands). The rank table's value is the best five ignoring suits, and no better with
them: a flush only makes five cards worse. So that value stands unless all five are
forced into the suit: five distinct ranks (a paired five is never one suit), none of which
the hand holds in another suit (else that card makes the same five, not suited). A forced
hand is marked below every value (FLUSH_PENDING) and its block of rows flagged, and a
second pass over the flagged blocks runs the full search (kernels.low_a6_with_flush). A
call to the search in the first loop, even one never made, cost that loop a quarter of
its speed (the loop kept its values out of the registers the call may clobber and was not
unrolled).

Measured on random 7-card hands against OMPEval (scripts/bench_eval.py --native, docs/
speed.md): the pairs and the hash took high hands from 0.76x to about 0.9x OMPEval's
speed, ace-to-five and eight-or-better (a table of its own) to 1.00x-1.07x; after the
offsets were added in 32 bits (HASH_OFFSETS_U32), high measured 0.94x-0.97x, those two lows
1.10x-1.12x, and the lows that count flushes 0.77x-0.81x (from 0.70x-0.73x). With the flush
suit found from the key (hash_flush_suit) and the bias in the odd byte's table
(HASH_CARD_BIASED), high measured 0.97x-1.03x over eight runs of the two scripts.
"""

from __future__ import annotations

import numba as nb
import numpy as np
from llvmlite import ir
from numba.core import types
from numba.core.errors import RequireLiteralValue
from numba.extending import intrinsic

from ..config import NUMBA_OPTIONS
from .any_kind import LOW_8
from .kernels import (
    CARD_KEY,
    FLUSH_HIGH,
    HIGH,
    KIND_HIGH,
    KIND_LOW_8,
    KIND_LOW_27,
    KIND_LOW_A5,
    KIND_LOW_A6,
    LOW_27,
    LOW_A5,
    LOW_A6,
    N_CARDS,
    N_RANKS,
    SUIT_MASK_FIELD,
    TABLES,
    flush_suit,
    low_27_with_flush,
    low_a6_with_flush,
    off_suit_ranks,
    popcount,
    suit_bit,
    suit_ranks,
    trailing_zeros,
)
from .tables import (
    FLUSH_BITS,
    HASH_FLUSH_BITS,
    HASH_KEY_BIAS,
    HASH_RANK,
    HASH_ROW_SHIFT,
    HASH_SUIT_SHIFT,
    KEY_BIAS,
    SUIT_BITS,
)
from .values import HIGH_CARD, LOW_FLIP, STRAIGHT

# Each byte's batch key and suit bit side by side, a byte that is no card adding nothing;
# the same for every pair of bytes read as one little-endian 16-bit word (first byte
# low), a pair holding a byte that is no card adding nothing at all (its row is caught
# all the same: its mask lacks both bits). PAIR_KEYS (1 MB) is an argument of the
# kernels, not a global: numba would freeze it into each of the 15 compiled kernels.
HASH_CARD = np.zeros((256, 2), dtype=np.int64)
for _card in range(N_CARDS):
    HASH_CARD[_card] = (HASH_RANK[_card >> 2] + (1 << (HASH_SUIT_SHIFT + SUIT_BITS * (_card & 3))),
                        suit_bit.py_func(_card))
# The odd last byte's table (rows of 5 or 7 cards) with HASH_KEY_BIAS already in its keys,
# so that the row's sum starts from nothing: one add a row fewer (high hands 1-2% faster).
HASH_CARD_BIASED = HASH_CARD + np.array([HASH_KEY_BIAS, 0], dtype=np.int64)
PAIR_KEYS = np.zeros((1 << 16, 2), dtype=np.int64)
_FIRST, _SECOND = np.meshgrid(np.arange(N_CARDS), np.arange(N_CARDS), indexing="ij")
PAIR_KEYS[_FIRST + 256 * _SECOND] = HASH_CARD[_FIRST] + HASH_CARD[_SECOND]

HASH_OFFSETS = TABLES.hash_offsets
# The same offsets as unsigned 32-bit words, a negative one wrapped (two's complement;
# nearly all are negative, the row's first key subtracted): the sum cut to 32 bits is the
# slot all the same, since every key's true slot, a hand's or not, is in [0, N_SLOTS), far
# below 2**32. LLVM makes that one 32-bit add where the signed offset took three
# instructions (sign-extend, add, scale). OMPEval adds its offsets so. Measured, one
# thread, the kernel before and after in one process: high and ace-to-five hands about 5%
# faster (docs/speed.md).
HASH_OFFSETS_U32 = (HASH_OFFSETS.astype(np.int64) & 0xFFFFFFFF).astype(np.uint32)
# A slot any key of at most 7 bytes can reach: rows hold 4,096 columns, and a key that
# is no hand may sit in any column of its row.
N_SLOTS = int(max((np.arange(len(HASH_OFFSETS)) << HASH_ROW_SHIFT) + HASH_OFFSETS)
              + (1 << HASH_ROW_SHIFT))


def _by_slot(table: np.ndarray) -> np.ndarray:
    """A value table by multiset index laid out by slot, 0 where no multiset lands."""
    by_slot = np.zeros(N_SLOTS, dtype=np.int32)
    used = np.flatnonzero(TABLES.hash_multiset >= 0)
    by_slot[used] = table[TABLES.hash_multiset[used]]
    return by_slot


# A low value's rank nibbles (values.py: 2..13, the ace 1 or 14) as bits of a 13-bit rank
# mask, and the five ranks of a straight by its top nibble (5..14).
NIBBLE_RANK_BIT = np.array([0, 1 << (N_RANKS - 1)] + [1 << (v - 2) for v in range(2, 15)] + [0],
                           dtype=np.int64)
STRAIGHT_RANKS = np.array(
    [np.bitwise_or.reduce(NIBBLE_RANK_BIT[top - 4 : top + 1]) if top >= 5 else 0
     for top in range(16)], dtype=np.int64)


def _five_distinct_ranks(values: np.ndarray) -> np.ndarray:
    """For each value of a low table, the rank mask of its five cards when they are five
    distinct ranks (an unpaired hand or a straight: the rank tables hold no flushes), else
    0: the five a flush can force into its suit (the module docstring)."""
    badness = LOW_FLIP - values.astype(np.int64)
    spread = np.zeros(len(values), dtype=np.int64)
    for shift in (16, 12, 8, 4, 0):
        spread |= NIBBLE_RANK_BIT[(badness >> shift) & 0xF]
    category = badness >> 20
    five = np.where(category == HIGH_CARD, spread,
                    np.where(category == STRAIGHT, STRAIGHT_RANKS[(badness >> 16) & 0xF], 0))
    return five.astype(np.int16)


HIGH_BY_SLOT = _by_slot(HIGH)
LOW_A5_BY_SLOT = _by_slot(LOW_A5)
LOW_8_BY_SLOT = _by_slot(LOW_8)
LOW_A6_BY_SLOT = _by_slot(LOW_A6)
LOW_27_BY_SLOT = _by_slot(LOW_27)
# The five ranks a flush can force, one lookup where decoding the value took five and
# two hard-to-guess branches.
FIVE_A6_BY_SLOT = _five_distinct_ranks(LOW_A6_BY_SLOT)
FIVE_27_BY_SLOT = _five_distinct_ranks(LOW_27_BY_SLOT)

# A hand left to the second pass is stored this much below its value (every value is
# below 2**24, so it lands below NOT_A_HAND), and its block of 2**PENDING_SHIFT rows is
# flagged in found[1 + (row >> PENDING_SHIFT)].
FLUSH_PENDING = 1 << 30
PENDING_SHIFT = 6
NOT_A_HAND = -1  # the value of a row that is not a hand: below every value


def batch_flags(n_rows: int) -> np.ndarray:
    """The ``found`` array a kernel takes for n_rows: [0] a row that is not a hand, then
    one flag per block of rows (the last block may be short) left for the second pass."""
    return np.zeros(1 + ((n_rows + (1 << PENDING_SHIFT) - 1) >> PENDING_SHIFT), dtype=np.bool_)


@intrinsic
def unlikely(typingctx, condition):
    """condition, marked for LLVM as rarely true (llvm.expect), so that it lays the
    branch's code out of the loop's path: the lows that count flushes ran 10% faster."""
    if not isinstance(condition, types.Boolean):
        return None

    def codegen(context, builder, signature, args):
        bit = ir.IntType(1)
        expect = builder.module.declare_intrinsic("llvm.expect", [bit],
                                                  ir.FunctionType(bit, [bit, bit]))
        return builder.call(expect, [args[0], ir.Constant(bit, 0)])

    return types.boolean(condition), codegen


@intrinsic
def row_key_and_suits(typingctx, pairs, singles, hands, row, width):
    """(HASH_KEY_BIAS plus the batch keys, the suit mask) of hands[row, :width], hands a
    C-contiguous (N, width) uint8 array (the kernel checks its width): each 16-bit word
    of the row indexes pairs (PAIR_KEYS), an odd last byte singles (HASH_CARD_BIASED,
    which holds the bias; an even width starts from the bias instead), and both sums
    ride in one 128-bit vector (OMPEval's way), one load and one add for two cards. A
    word holding a byte above 51 adds nothing for either of its cards, and such a last
    byte only the bias, so the mask lacks bits and the row is caught.

    Written in LLVM IR: numba does not vectorize the two sums itself (its SLP vectorizer
    is off by default), and a 16-bit load needs no alignment here.
    """
    # Only the arrays it was written for: another dtype or layout would read outside them.
    if not (all(isinstance(a, types.Array) and a.dtype == types.int64 and a.ndim == 2
                and a.layout == "C" for a in (pairs, singles))
            and isinstance(hands, types.Array) and hands.dtype == types.uint8
            and hands.ndim == 2 and hands.layout == "C"):
        return None
    if not isinstance(width, types.IntegerLiteral):
        raise RequireLiteralValue(width)
    n = width.literal_value

    def codegen(context, builder, signature, args):
        def data(i):
            return context.make_array(signature.args[i])(context, builder, args[i]).data

        pair = ir.VectorType(ir.IntType(64), 2)
        start = builder.gep(data(2), [builder.mul(args[3], ir.Constant(ir.IntType(64), n))])
        total = ir.Constant(pair, [0 if n % 2 else HASH_KEY_BIAS, 0])  # the bias: see above
        for j in range(0, n, 2):
            at = builder.gep(start, [ir.Constant(ir.IntType(64), j)])
            if j + 1 < n:  # a word: two cards
                table = builder.bitcast(data(0), pair.as_pointer())
                index = builder.load(builder.bitcast(at, ir.IntType(16).as_pointer()))
                index.align = 1
            else:  # the odd last byte
                table = builder.bitcast(data(1), pair.as_pointer())
                index = builder.load(at)
            entry = builder.load(builder.gep(table, [builder.zext(index, ir.IntType(64))]))
            entry.align = 8
            total = builder.add(total, entry)
        key = builder.extract_element(total, ir.Constant(ir.IntType(32), 0))
        suits = builder.extract_element(total, ir.Constant(ir.IntType(32), 1))
        return context.make_tuple(builder, signature.return_type, [key, suits])

    return types.UniTuple(types.int64, 2)(pairs, singles, hands, types.int64, width), codegen


@nb.njit(inline="always", **NUMBA_OPTIONS)
def hash_slot(key):
    """The slot of a batch key in the *_BY_SLOT tables (tables.py: its row's offset plus
    the key): the sum cut to uint32 (HASH_OFFSETS_U32; LLVM emits one 32-bit add), and
    unsigned, so that numba adds no negative-index fix-up to the lookup (the row's is
    masked, which numba sees is never negative)."""
    low = key & 0xFFFFFFFF
    return np.uint32(low + HASH_OFFSETS_U32[low >> HASH_ROW_SHIFT])


# Each suit counter's flush bit (its top bit) moved down to the counter's bottom bit.
FLUSH_LOW_BITS = FLUSH_BITS >> (SUIT_BITS - 1)


@nb.njit(inline="always", **NUMBA_OPTIONS)
def hash_flush_suit(key):
    """Which suit holds five or more cards, for a batch key with a flush bit set (kernels.
    flush_suit for the batch key's counters, HASH_SUIT_SHIFT higher).

    Found again from the key itself, not from the AND with HASH_FLUSH_BITS that the loop
    tests: while this rare branch read that AND, LLVM kept it in a register beside its
    test on every row (a copy and an AND where one TEST does). Measured, one thread: high
    hands 2-3% faster."""
    return trailing_zeros((key >> (HASH_SUIT_SHIFT + SUIT_BITS - 1)) & FLUSH_LOW_BITS) // SUIT_BITS


@nb.njit(inline="always", **NUMBA_OPTIONS)
def engine_key(suits):
    """kernels' key (hand_key) of the distinct cards of a suit mask, for the full search."""
    key = KEY_BIAS
    while suits:
        bit = trailing_zeros(np.int64(suits))
        key += CARD_KEY[(bit % SUIT_MASK_FIELD) * 4 + bit // SUIT_MASK_FIELD]
        suits &= suits - 1
    return key


def _batch_kernel(kind: int, width: int):
    """A kernel for one (kind, hand width) pair: out[i] = value of hands[i], or NOT_A_HAND
    when the row is not a hand, and then found[0] = True (found: batch_flags). Threads
    only ever store True in found (a block's flag too: two threads can share a block, and
    a store of False could undo the other's True), so whichever store lands, it says the
    same; the caller finds which row was not a hand (the first NOT_A_HAND) only then.
    The shapes are checked first: the key's loads read the rows unchecked.

    kind and width are closure constants: numba prunes the other kinds' branches and
    unrolls the key's loads. (One generic kernel with both as arguments measured 164 M
    hands/s against 240 M/s for these, one core, random 7-card high hands, before the
    batch key.) numba caches each closure separately (its cache key includes the
    closure's values: plain ints here).
    """

    @nb.njit(parallel=True, **NUMBA_OPTIONS)
    def evaluate_rows(hands, out, found, pair_keys):
        n = hands.shape[0]
        if (hands.shape[1] != width or out.shape[0] != n or pair_keys.shape[0] != 1 << 16
                or found.shape[0] != 1 + ((n + (1 << PENDING_SHIFT) - 1) >> PENDING_SHIFT)):
            raise ValueError("batch kernel: hands, out, found or pair_keys of the wrong shape")
        for i in nb.prange(n):
            key, suits = row_key_and_suits(pair_keys, HASH_CARD_BIASED, hands, i, width)
            flush_bits = key & HASH_FLUSH_BITS
            if unlikely(popcount(suits) != width):
                out[i] = NOT_A_HAND
                found[0] = True
            elif kind == KIND_HIGH:
                if unlikely(flush_bits != 0):
                    out[i] = FLUSH_HIGH[suit_ranks(suits, hash_flush_suit(key))]
                else:
                    out[i] = HIGH_BY_SLOT[hash_slot(key)]
            elif kind == KIND_LOW_A5:
                out[i] = LOW_A5_BY_SLOT[hash_slot(key)]
            elif kind == KIND_LOW_8:
                out[i] = LOW_8_BY_SLOT[hash_slot(key)]
            else:
                slot = hash_slot(key)
                value = LOW_A6_BY_SLOT[slot] if kind == KIND_LOW_A6 else LOW_27_BY_SLOT[slot]
                if unlikely(flush_bits != 0):
                    five = FIVE_A6_BY_SLOT[slot] if kind == KIND_LOW_A6 else FIVE_27_BY_SLOT[slot]
                    # flush_forced, its two tests without a branch (hard to guess)
                    forced = (five != 0) & ((five & off_suit_ranks(
                        suits, hash_flush_suit(key))) == 0)
                    value -= FLUSH_PENDING * forced
                    if forced:  # only True is ever stored: threads share a block's flag
                        found[1 + (i >> PENDING_SHIFT)] = True
                out[i] = value
        if kind == KIND_LOW_A6 or kind == KIND_LOW_27:  # the second pass
            for block in nb.prange(found.shape[0] - 1):
                if not found[1 + block]:
                    continue
                for i in range(block << PENDING_SHIFT, min((block + 1) << PENDING_SHIFT, n)):
                    if out[i] < NOT_A_HAND:
                        suits = row_key_and_suits(pair_keys, HASH_CARD_BIASED, hands, i, width)[1]
                        key = engine_key(suits)
                        suit = flush_suit(key & FLUSH_BITS)
                        if kind == KIND_LOW_A6:
                            out[i] = low_a6_with_flush(key, suit_ranks(suits, suit), suit,
                                                       np.int64(width))
                        else:
                            out[i] = low_27_with_flush(key, suit_ranks(suits, suit), suit,
                                                        np.int64(width))

    return evaluate_rows


BATCH_KERNELS = {
    (kind, width): _batch_kernel(kind, width)
    for kind in (KIND_HIGH, KIND_LOW_A5, KIND_LOW_8, KIND_LOW_A6, KIND_LOW_27)
    for width in (5, 6, 7)
}
