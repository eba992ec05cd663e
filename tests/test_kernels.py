"""The evaluator's machinery: shipped tables equal the first-principles build, the key
fields never carry into each other, the hot loops carry no reference counting, and the
card check inside the batch loop catches every row that is not a hand, naming the first.

Two checks of the reference counting. The strict one: no NRT_incref at all in the parallel
function, for the kinds whose kernels have none (high, low_a5, low_8). The loop-aware one,
for every kind: no NRT_incref in any block of the parallel function's LLVM IR that lies
on a cycle of its control flow, so none runs per hand. ``low_a6`` and ``low_27`` need the
second: their call to the rare flush helper (low_a6_five_suited, low_27_five_suited) makes
numba take one reference on each argument array when the function starts (once per thread's chunk), which the
strict check counts although it costs nothing per hand.
"""

from __future__ import annotations

import re

import naive
import numba as nb
import numpy as np
import pytest

from studodds import evaluate_batch
from studodds.eval import batch as B
from studodds.eval import tables as T
from studodds.eval.batch import BATCH_KERNELS, PAIR_KEYS, batch_flags
from studodds.eval.kernels import (
    KIND_CODES,
    TABLES,
    key_and_suits,
    multiset_index,
    value_of_kind,
    value_of_one,
)
from studodds.eval.values import KINDS


def test_shipped_tables_equal_a_fresh_build():
    # The one build of the suite (15 s on a slow machine): the tests after it read the
    # shipped tables, which this one holds equal to the build.
    built = T.build_tables()
    # Read the file itself: load_tables would quietly build the tables if one were missing.
    with np.load(T._SHIPPED) as shipped:
        assert sorted(shipped.files) == sorted(T.Tables._fields)
        for name in T.Tables._fields:
            a, b = shipped[name], getattr(built, name)
            assert a.dtype == b.dtype and np.array_equal(a, b), name
    for name in T.Tables._fields:  # and the kernels run on exactly these tables
        assert np.array_equal(getattr(TABLES, name), getattr(built, name)), name


def test_multiset_index_is_dense_and_collision_free():
    tables = TABLES
    used = tables.lo_pos[tables.lo_pos != 0xFFFF]
    assert sorted(used) == list(range(len(used)))  # LO_POS numbers its multisets 0..n-1
    # Every multiset of at most 7 cards lands on its own slot of the value tables: the
    # number of slots equals the number of such multisets, and the 7-card ones all hold
    # a value.
    assert len(tables.high) == sum(1 for _ in T._count_vectors(13, 7))
    assert (tables.high > 0).sum() == 6_175 + 18_395 + 49_205  # 5-, 6- and 7-card multisets


def test_key_fields_do_not_overflow_with_seven_cards():
    key = T.KEY_BIAS + sum(int(k) for k in TABLES.card_key[-7:])  # As Ah Ad Ac Ks..
    assert key < 1 << 63
    worst_suit = T.KEY_BIAS + 7 * (1 << 12)  # seven spades: counter 3 + 7 = 10 < 16
    assert (worst_suit >> 12) & 0xF == 10
    assert 4 * 5**6 + 3 * 5**5 <= T.LO_FIELD  # the largest low-rank field of 7 cards


def _multiset_counts(tables) -> np.ndarray:
    """Every rank multiset of at most 7 cards (at most 4 a rank), as counts, with its
    index (kernels' multiset_index) alongside."""
    counts = np.array(list(T._count_vectors(13, 7)), dtype=np.int64)
    key = T.KEY_BIAS + counts @ tables.card_key[np.arange(13) * 4]  # one card a rank, clubs
    index = tables.hi_base[(key >> T.HI_SHIFT) & T.HI_FIELD].astype(np.int64) + tables.lo_pos[
        (key >> T.LO_SHIFT) & T.LO_FIELD]
    return counts, index


def test_the_batch_key_gives_every_multiset_a_slot_of_its_own():
    counts, index = _multiset_counts(TABLES)
    sums = counts @ np.array(T.HASH_RANK, dtype=np.int64)
    slots = sums + TABLES.hash_offsets[sums >> T.HASH_ROW_SHIFT]
    assert len(np.unique(sums)) == len(sums) == 76_155  # the multipliers tell them apart
    assert len(np.unique(slots)) == len(slots)  # and the offsets keep them apart
    assert np.array_equal(TABLES.hash_multiset[slots], index)  # the slot knows its multiset
    # hash_slot's arithmetic (py_func: the int64 sum cut to uint32, as numba compiles
    # it), whose wrap-around lands on the same slots.
    assert np.array_equal(B.hash_slot.py_func(sums + T.HASH_KEY_BIAS), slots)
    assert (TABLES.hash_multiset >= 0).sum() == len(slots)
    assert len(TABLES.hash_multiset) < 1.15 * len(slots)  # packed: few free slots


def test_every_row_of_bytes_stays_inside_the_batch_tables():
    """Any key seven bytes can make (a card twice, seven aces: no hand, but read all the
    same) lands on a slot of the tables: every column of every row reachable."""
    largest = 7 * T.HASH_RANK[-1]
    assert largest >> T.HASH_ROW_SHIFT < len(B.HASH_OFFSETS) == T.HASH_ROWS
    rows = np.arange(len(B.HASH_OFFSETS)) << T.HASH_ROW_SHIFT
    assert (rows + B.HASH_OFFSETS >= 0).all()
    assert (rows + B.HASH_OFFSETS + (1 << T.HASH_ROW_SHIFT) <= B.N_SLOTS).all()
    # The kernels add the offsets in 32 bits (HASH_OFFSETS_U32): the same slots, at both
    # ends of every row (a slot grows with its column), rows that hold no hand included.
    assert len(B.HASH_OFFSETS_U32) == T.HASH_ROWS
    for column in (0, (1 << T.HASH_ROW_SHIFT) - 1):
        slots = B.hash_slot.py_func(rows + column + T.HASH_KEY_BIAS).astype(np.int64)
        assert np.array_equal(slots, rows + B.HASH_OFFSETS + column)
    assert len(B.HIGH_BY_SLOT) == len(B.LOW_27_BY_SLOT) == len(B.FIVE_A6_BY_SLOT) == B.N_SLOTS


def _row_keys_kernel(width):
    """A loop over row_key_and_suits as the batch kernels call it, for one row width."""

    @nb.njit
    def row_keys(hands):
        keys = np.empty((hands.shape[0], 2), dtype=np.int64)
        for i in range(hands.shape[0]):
            keys[i, 0], keys[i, 1] = B.row_key_and_suits(PAIR_KEYS, B.HASH_CARD_BIASED, hands,
                                                         i, width)
        return keys

    return row_keys


@pytest.mark.parametrize("width", [5, 6, 7])
def test_a_rows_key_is_the_bias_plus_its_cards(width):
    """The routine the kernels read rows with: the key is HASH_KEY_BIAS plus each card's
    (the bias from the odd byte's table or, with no odd byte, from the start), the suit
    mask the sum of the cards' bits; a repeated card included (the check catches it
    later, from the carry)."""
    rng = np.random.default_rng(width)
    rows = np.array([rng.permutation(52)[:width] for _ in range(3_000)], dtype=np.uint8)
    rows[:300, -1] = rows[:300, 0]  # a card twice
    got = _row_keys_kernel(width)(rows)
    assert np.array_equal(got[:, 0], T.HASH_KEY_BIAS + B.HASH_CARD[rows, 0].sum(axis=1))
    assert np.array_equal(got[:, 1], B.HASH_CARD[rows, 1].sum(axis=1))


def test_pair_keys_add_two_cards_or_nothing():
    rng = np.random.default_rng(5)
    for word in rng.integers(0, 1 << 16, 5_000).tolist() + [51 + 256 * 51, 52, 52 * 256]:
        first, second = word & 0xFF, word >> 8
        want = (B.HASH_CARD[first] + B.HASH_CARD[second] if first < 52 and second < 52
                else np.zeros(2, dtype=np.int64))
        assert np.array_equal(PAIR_KEYS[word], want), (first, second)
    assert not B.HASH_CARD[52:].any()
    # The odd last byte's table: the same with the key's bias in every row.
    assert np.array_equal(B.HASH_CARD_BIASED - B.HASH_CARD,
                          np.tile([T.HASH_KEY_BIAS, 0], (256, 1)))
    # The suit bits are the engines' (suit_bit), the key a multiplier and a suit counter.
    card = 4 * 11 + 2  # Kh
    assert B.HASH_CARD[card, 1] == 1 << (16 * 2 + 11)
    assert B.HASH_CARD[card, 0] == T.HASH_RANK[11] + (1 << (T.HASH_SUIT_SHIFT + 4 * 2))


def test_lows_left_to_the_second_pass_get_the_full_search():
    """Rows whose ace-to-six or deuce-to-seven value the first loop leaves to the second
    pass, in every block position and at the ragged end of the batch, among hands that
    do not: each gets the full search's value, and no row keeps its mark."""
    # 8-6-4-3-2 of hearts with the king and queen of spades: the rank table's best five
    # are the five hearts, a flush, so the hand's low is the queen's.
    forced = np.array([6 * 4 + 2, 4 * 4 + 2, 2 * 4 + 2, 1 * 4 + 2, 0 * 4 + 2, 11 * 4 + 3,
                       10 * 4 + 3], dtype=np.uint8)
    plain = np.array([0, 5, 10, 15, 20, 25, 30], dtype=np.uint8)
    n = 5 * (1 << B.PENDING_SHIFT) + 3
    rng = np.random.default_rng(11)
    marked = rng.random(n) < 0.05
    marked[[0, (1 << B.PENDING_SHIFT) - 1, 1 << B.PENDING_SHIFT, n - 1]] = True
    hands = np.where(marked[:, None], forced, plain).astype(np.uint8)
    for kind in ("low_a6", "low_27"):
        values = evaluate_batch(hands, kind)
        want = {True: naive.evaluate(forced.tolist(), kind),
                False: naive.evaluate(plain.tolist(), kind)}
        assert values.tolist() == [want[m] for m in marked.tolist()], kind
        # the rank table alone would have said otherwise: these rows do need the pass
        assert want[True] != _rank_table_value(forced, kind)


def test_two_threads_sharing_a_block_keep_its_flag():
    """The block the two threads' halves of a batch share holds hands the first thread
    finds suited but not forced and hands the second must leave to the second pass: a
    thread may only ever store True in a block's flag, or the other's mark is lost and a
    marked value comes back (about one call in five, before: 300 calls here)."""
    forced = np.array([26, 18, 10, 6, 2, 47, 43], dtype=np.uint8)  # as in the test above
    suited = np.array([26, 18, 10, 6, 2, 25, 1], dtype=np.uint8)  # + 8d 2d: not all hearts
    block = 1 << B.PENDING_SHIFT
    n = 9 * block
    hands = np.tile(np.array([0, 5, 10, 15, 20, 25, 30], dtype=np.uint8), (n, 1))
    middle = n // 2  # where a two-thread split falls: inside block 4
    hands[middle - block // 2 : middle] = suited
    hands[middle : middle + block // 2] = forced
    want = evaluate_batch(hands, "low_a6")
    assert len(set(want[middle - 4 : middle + 4].tolist())) == 2
    kernel = BATCH_KERNELS[KIND_CODES["low_a6"], 7]
    out = np.empty(n, dtype=np.int32)
    for _ in range(300):
        kernel(hands, out, batch_flags(n), PAIR_KEYS)
        assert np.array_equal(out, want)


def test_a_batch_kernel_refuses_arrays_of_the_wrong_shape():
    """The kernels read rows with unchecked loads: a wrong width or flag array is refused
    before any row is read."""
    kernel = BATCH_KERNELS[KIND_CODES["high"], 7]
    hands = _clean_rows(100, width=5)
    with pytest.raises(ValueError, match="wrong shape"):
        kernel(hands, np.empty(100, dtype=np.int32), batch_flags(100), PAIR_KEYS)
    with pytest.raises(ValueError, match="wrong shape"):
        kernel(_clean_rows(100), np.empty(100, dtype=np.int32), batch_flags(1), PAIR_KEYS)


def _rank_table_value(cards: np.ndarray, kind: str) -> int:
    index = int(multiset_index(T.KEY_BIAS + int(TABLES.card_key[cards].sum())))
    return int({"low_a6": TABLES.low_a6, "low_27": TABLES.low_27}[kind][index])


def _functions_calling_nrt(asm: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    current = None
    for line in asm.splitlines():
        label = re.match(r"^(\S+):\s*$", line)
        if label and not label.group(1).startswith("."):
            current = label.group(1)
        elif current and "NRT_incref" in line:
            counts[current] = counts.get(current, 0) + 1
    return counts


@pytest.mark.parametrize("kind", ["high", "low_a5", "low_8"])
@pytest.mark.parametrize("width", [5, 6, 7])
def test_hot_loop_has_no_reference_counting(kind, width):
    """The 8x trap (see kernels.py): no NRT_incref in the parallel loop body."""
    kernel = BATCH_KERNELS[KIND_CODES[kind], width]
    fresh = nb.njit(parallel=True, error_model="numpy")(kernel.py_func)  # not from cache
    hands = np.arange(width, dtype=np.uint8).reshape(1, width)
    fresh(hands, np.zeros(1, dtype=np.int32), batch_flags(1), PAIR_KEYS)
    asm = next(iter(fresh.inspect_asm().values()))
    loops = {name: n for name, n in _functions_calling_nrt(asm).items() if "parfor_gufunc" in name}
    assert loops == {}


_DEFINE = re.compile(r'^define [^@]*@("[^"]+"|[-\w.$]+)\(')
_BLOCK_LABEL = re.compile(r'^("[^"]+"|[-\w.$]+):')
_BRANCH_TARGET = re.compile(r'label %("[^"]+"|[-\w.$]+)')


def llvm_functions(llvm: str):
    """(function name, {block label: its lines}) for each function defined in LLVM IR."""
    blocks: dict[str, list[str]] = {}
    function = current = None
    for line in llvm.splitlines():
        if define := _DEFINE.match(line):
            function, current, blocks = define.group(1), "<entry>", {"<entry>": []}
        elif function is None:
            continue
        elif line.startswith("}"):
            yield function, blocks
            function = None
        elif label := _BLOCK_LABEL.match(line):
            current = label.group(1)
            blocks[current] = []
        else:
            blocks[current].append(line)


def blocks_on_cycles(blocks: dict[str, list[str]]):
    """The lines of each basic block on a cycle: one of its branch targets (read from
    ``label %name`` in the block's terminator) leads back to it."""
    successors = {
        name: {t for line in lines for t in _BRANCH_TARGET.findall(line)}
        for name, lines in blocks.items()
    }
    for name, lines in blocks.items():
        seen: set[str] = set()
        stack = list(successors[name])
        while stack:
            block = stack.pop()
            if block == name:
                yield lines
                break
            if block not in seen and block in successors:
                seen.add(block)
                stack.extend(successors[block])


def _nrt_increfs_in_loops(llvm: str, name_part: str) -> dict[str, int]:
    """{function: NRT_incref calls in basic blocks on a cycle} over the LLVM IR functions
    whose name contains name_part."""
    found: dict[str, int] = {}
    for function, blocks in llvm_functions(llvm):
        if name_part in function:
            n = sum("@NRT_incref(" in line for lines in blocks_on_cycles(blocks)
                    for line in lines)
            if n:
                found[function] = n
    return found


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("width", [5, 6, 7])
def test_no_reference_counting_in_any_loop(kind, width):
    """Every kind, every width: no NRT_incref inside a loop of the parallel function."""
    kernel = BATCH_KERNELS[KIND_CODES[kind], width]
    fresh = nb.njit(parallel=True, error_model="numpy")(kernel.py_func)  # not from cache
    hands = np.arange(width, dtype=np.uint8).reshape(1, width)
    fresh(hands, np.zeros(1, dtype=np.int32), batch_flags(1), PAIR_KEYS)
    llvm = next(iter(fresh.inspect_llvm().values()))
    assert "parfor_gufunc" in llvm
    assert _nrt_increfs_in_loops(llvm, "parfor_gufunc") == {}


@nb.njit(inline="always")
def _value_through_arguments(row, hi_base, lo_pos, high, flush):
    """The shape of the trap: tables as arguments of a per-hand helper, a branch inside."""
    key = 0
    for j in range(7):
        key += row[j]
    if key & 8:
        return flush[key & 0xFF]
    return high[hi_base[key & 0xF] + lo_pos[key & 0x7]]


def test_the_detector_sees_the_trap():
    """The check above is not vacuous: the trapped shape does show NRT_incref in the loop."""

    def trapped(hands, out, hi_base, lo_pos, high, flush):
        for i in range(hands.shape[0]):
            out[i] = _value_through_arguments(hands[i], hi_base, lo_pos, high, flush)

    kernel = nb.njit(trapped)
    table = np.arange(256, dtype=np.int32)
    kernel(np.zeros((2, 7), dtype=np.uint8), np.zeros(2, dtype=np.int32), table, table, table, table)
    asm = next(iter(kernel.inspect_asm().values()))
    assert sum(_functions_calling_nrt(asm).values()) > 0
    # The loop-aware check sees it too: the references are taken inside the loop.
    llvm = next(iter(kernel.inspect_llvm().values()))
    assert sum(_nrt_increfs_in_loops(llvm, "trapped").values()) > 0


@pytest.mark.parametrize("kind", KINDS)
def test_value_of_kind_agrees_with_value_from_suits(kind):
    """value_of_kind (the counting's evaluator, its branches written out flat) values
    5, 6 and 7 cards as value_from_suits does (through value_of_one), flushes of 5, 6 and
    7 cards of a suit among them: random hands, and hands drawn mostly from one suit."""
    rng = np.random.default_rng(7)
    hands = []
    for _ in range(600):
        n = int(rng.integers(5, 8))
        hands.append(rng.choice(52, n, replace=False))
        suited = rng.choice(13, n, replace=False) * 4 + int(rng.integers(4))
        off = int(rng.integers(0, 3))  # up to two cards of other suits
        suited[:off] = (suited[:off] + 1 + rng.integers(0, 3, off)) % 52
        if len(set(suited.tolist())) == n:
            hands.append(suited)
    code = KIND_CODES[kind]
    flushes = 0
    for cards in hands:
        key, suits = key_and_suits(cards.tolist())
        flushes += bool(key & T.FLUSH_BITS)
        assert value_of_kind(code, key, suits, len(cards)) == value_of_one(code, cards)
    assert flushes > 300


# --------------------------------------------------------------------------- the card check
# evaluate_batch checks every row inside the evaluation loop (the bit count of the sum of the
# cards' suit bits); these hold it to plain set logic and to the error it has always raised.


def _is_hand(row: list[int]) -> bool:
    return len(set(row)) == len(row) and max(row) <= 51


def _rows_to_check(width: int) -> np.ndarray:
    """Random rows over ids 0..59 (repeats and ids above 51 common, each alone and
    together), then one clean row with each id 0..255 in each place in turn."""
    rng = np.random.default_rng(width)
    random_rows = rng.integers(0, 60, size=(20_000, width))
    clean = np.arange(width) * 7  # 0, 7, 14, ...: distinct ids
    one_changed = np.repeat(clean[None, :], 256 * width, axis=0)
    one_changed[np.arange(256 * width), np.arange(256 * width) % width] = np.arange(
        256 * width
    ) // width
    return np.concatenate([random_rows, one_changed]).astype(np.uint8)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("width", [5, 6, 7])
def test_every_row_that_is_not_a_hand_is_caught(kind, width):
    hands = _rows_to_check(width)
    want_bad = np.array([not _is_hand(row) for row in hands.tolist()])
    assert 0.3 < want_bad.mean() < 0.9  # both sorts of row, plenty of each
    values = evaluate_batch(hands, kind, check=False)
    assert np.array_equal(values == -1, want_bad)
    # The rows that are hands get their values (the one-hand path, a separate kernel).
    good = hands[~want_bad][::10]
    assert values[~want_bad][::10].tolist() == [
        int(value_of_one(KIND_CODES[kind], row)) for row in good
    ]


def _clean_rows(n: int, width: int = 7) -> np.ndarray:
    """n rows of distinct ids: 7 apart, starting at i mod 52 (distinct since 7 * 6 < 52)."""
    return ((np.arange(n)[:, None] + 7 * np.arange(width)[None, :]) % 52).astype(np.uint8)


def test_the_first_row_that_is_not_a_hand_is_named():
    # Bad rows on both sides of the batch's middle, so that with two threads each thread
    # meets one: the error names the first, whichever thread finds its own first.
    hands = _clean_rows(1_000_000)
    hands[700_001, 5] = hands[700_001, 2]  # a card twice
    hands[300_000, 3] = 52  # an id above 51
    want = "row 300000 of hands is not a hand: [12, 19, 26, 52, 40, 47, 2] (card ids are "
    with pytest.raises(ValueError, match=re.escape(want + "0..51, each at most once)")):
        evaluate_batch(hands, "high")
    hands[300_000, 3] = 21
    with pytest.raises(ValueError, match=r"^row 700001 of hands is not a hand: \["):
        evaluate_batch(hands, "low_a6", out=np.empty(len(hands), dtype=np.int32))
    hands[700_001, 5] = 38
    assert evaluate_batch(hands, "low_8").shape == (1_000_000,)
    assert (evaluate_batch(hands[-1:], "low_a5") >= 0).all()
    hands[-1, 0] = 255
    with pytest.raises(ValueError, match=r"^row 999999 of hands is not a hand: \[255, "):
        evaluate_batch(hands, "low_27")


def test_a_bad_row_is_named_before_a_bad_out():
    hands = _clean_rows(10)
    hands[4, 1] = hands[4, 0]
    with pytest.raises(ValueError, match="^row 4 of hands is not a hand"):
        evaluate_batch(hands, out=np.empty(3, dtype=np.int32))
    with pytest.raises(ValueError, match="^out must be a contiguous int32 array of 10"):
        evaluate_batch(hands, out=np.empty(3, dtype=np.int32), check=False)
    with pytest.raises(ValueError, match="^out must be a contiguous int32 array of 4"):
        evaluate_batch(hands[:4], out=np.empty(8, dtype=np.int32)[::2])  # not contiguous


def test_other_integer_types_are_checked_as_before():
    hands = _clean_rows(5).astype(np.int64)
    assert np.array_equal(evaluate_batch(hands), evaluate_batch(hands.astype(np.uint8)))
    hands[2, 2] = hands[2, 6]
    with pytest.raises(ValueError, match=r"^row 2 of hands is not a hand: \[2, 9, 44, 23, "):
        evaluate_batch(hands)
    hands[3, 0] = 256  # would be card 0 as uint8: caught before the conversion
    with pytest.raises(ValueError, match=r"^hands must hold integer card ids 0\.\.51 \(rank"):
        evaluate_batch(hands)
