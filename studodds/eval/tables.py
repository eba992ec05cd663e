"""Lookup tables for the evaluators: built from first principles (make_tables, about two
seconds in Python) and shipped in tables.npz, which the package loads in milliseconds.

How a hand finds its value (see kernels.py for the code that does it):

* Every card has one additive 64-bit key (``CARD_KEY``). Summing the keys of a hand's cards
  (plus ``KEY_BIAS``) gives, in separate bit fields that never carry into each other:

      bits  0-15  four 4-bit suit counters, each starting at 3, so a suit with 5 or more
                  cards sets bit 3 of its counter: ``key & FLUSH_BITS`` is the flush test
      bits 16-32  sum of 5**rank over ranks 2..8          (base-5 counts, < 5**7)
      bits 33-46  sum of 5**(rank-7) over ranks 9..A      (base-5 counts, < 5**6)
      bits 48-     ignored by the lookups (the engines carry card ids there)

* The two base-5 fields identify the hand's rank multiset. Two small tables turn them into
  a dense, collision-free index of every multiset of at most 7 cards (at most 4 per rank):
  ``index = HI_BASE[hi_field] + LO_POS[lo_field]``. LO_POS numbers the low-rank multisets
  by card count, so those with at most ``7 - c`` cards are a prefix; HI_BASE is the running
  sum of those prefix lengths over the high-rank multisets. No hashing, no search.

* Per hand kind, a value table over that index holds the best five-card value of the
  multiset, ignoring suits. Suits only matter when a suit has 5+ cards; then the flush
  tables, indexed by the 13-bit mask of that suit's ranks, take over (for ``high`` a flush
  always beats what the other cards can make in 7 cards: no room for quads or a full house;
  for the lows that count flushes, ``low_a6`` and ``low_27``, the kernel weighs the best
  suited five against the best five that are not all suited).

* evaluate_batch's kernels find the multiset another way, one table lookup fewer (see
  "The batch key" below): a perfect hash of a second additive key.

The batch key. A 7-card hand's card ids sit in memory as seven bytes; evaluate_batch's
kernel adds the keys of card pairs read as 16-bit words (batch.py's ``PAIR_KEYS``, a row
per word: four loads for seven cards instead of seven) and looks the multiset up through
a perfect hash in OMPEval's manner (github:zekyll/OMPEval, ISC license), whose rank
multipliers ``HASH_RANK`` it uses: their sum over a hand's ranks differs for every
multiset of at most 7 cards (at most 4 per rank), and its rows of 4,096
(``HASH_ROW_SHIFT``) pack, by an offset per row (``hash_offsets``, built here first-fit,
densest row first), into 86,571 slots for the 76,155 multisets. Multipliers of our own
(the smallest a greedy search finds) pack into 244,304 slots as they are, and scrambled
(times an odd constant modulo 2**25) into 85,329, but the kernel ran about a fifth
slower on those (numba, one thread, random hands), although random hands touch about as
many of the table's cache lines either way: we use OMPEval's.

      bits  0-31  sum of HASH_RANK[rank] over the cards
      bits 32-47  four suit counters as above (HASH_KEY_BIAS starts them at 3)
      the other 64 bits of the pair: the suit mask (suit_bit), as the engines build it

``slot = key_low32 + hash_offsets[key_low32 >> HASH_ROW_SHIFT]``; ``hash_multiset[slot]``
is the slot's multiset index (-1 for a free slot), from which batch.py makes each kind's
value table by slot. Bytes that are no hand (a card twice, up to 7 of a rank) make sums
too: in a row no multiset reaches they go to the slots 0..4095, in any other to one of
its row's 4,096 columns, and batch.py makes its tables long enough for every such slot
(every offset puts its row at slot 0 or later). The kernel flags those rows by their suit
mask anyway.

Values follow values.py: larger is stronger for every kind.
"""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

import numpy as np

from .values import EIGHT_OR_BETTER_MIN, FLUSH, LOW_FLIP, NO_LOW, STRAIGHT, STRAIGHT_FLUSH

N_RANKS = 13
MAX_CARDS = 7
LO_RANKS = 7  # ranks 2..8 go in the low base-5 field, 9..A in the high one
HI_RANKS = N_RANKS - LO_RANKS

SUIT_BITS = 4
KEY_BIAS = 0x3333
FLUSH_BITS = 0x8888
LO_SHIFT = 16
HI_SHIFT = 33
LO_FIELD = (1 << (HI_SHIFT - LO_SHIFT)) - 1
HI_FIELD = (1 << 14) - 1  # 5**6 < 2**14
# Bits 48-53 are free: the engines keep a card's id there (DEALT_CARD_SHIFT), so dealing
# moves one int64 per card and the key is a plain sum; the index masks the field off.
DEALT_CARD_SHIFT = 48

# The batch key (see the module docstring): OMPEval's rank multipliers, its row width.
HASH_RANK = (0x2000, 0x8001, 0x11000, 0x3A000, 0x91000, 0x176005, 0x366000, 0x41A013,
             0x47802E, 0x479068, 0x48C0E4, 0x48F211, 0x494493)
HASH_ROW_SHIFT = 12
HASH_SUIT_SHIFT = 32
HASH_KEY_BIAS = KEY_BIAS << HASH_SUIT_SHIFT
HASH_FLUSH_BITS = FLUSH_BITS << HASH_SUIT_SHIFT
# Rows up to the largest sum seven bytes can make (seven aces, not a hand): every row of
# bytes finds an offset.
HASH_ROWS = (MAX_CARDS * HASH_RANK[-1] >> HASH_ROW_SHIFT) + 1

# The five-card patterns of rank counts, sorted by count, and the category each makes.
_PATTERN_CATEGORY = {
    (1, 1, 1, 1, 1): 0,
    (2, 1, 1, 1): 1,
    (2, 2, 1): 2,
    (3, 1, 1): 3,
    (3, 2): 6,
    (4, 1): 7,
}


class Tables(NamedTuple):
    """Every table the evaluators read. kernels.py binds them as module globals, which numba
    freezes into the compiled code as constants (its docstring says why not arguments)."""

    card_key: np.ndarray  # int64[52]
    hi_base: np.ndarray  # int32[5**6]
    lo_pos: np.ndarray  # uint16[5**7]
    high: np.ndarray  # int32[n_multisets], suits ignored
    low_a5: np.ndarray  # int32[n_multisets]
    low_a6: np.ndarray  # int32[n_multisets], suits ignored (straights count)
    low_27: np.ndarray  # int32[n_multisets], suits ignored (straights count, ace high)
    flush_high: np.ndarray  # int32[8192], best high value of a one-suit rank mask
    flush_a6: np.ndarray  # int32[8192], best ace-to-six value of five of a suit's ranks
    flush_27: np.ndarray  # int32[8192], best deuce-to-seven value of five of a suit's ranks
    hash_offsets: np.ndarray  # int32[HASH_ROWS], the batch key's row offsets
    hash_multiset: np.ndarray  # int32[n_slots], each slot's multiset index, -1 if free
    kind_values: np.ndarray  # int64, each kind's values sorted, the kinds end to end
    values_start: np.ndarray  # int64[6], where each kind's values start in kind_values
    strengths: np.ndarray  # uint16, each kind's strength of each multiset, then flushes'


def _count_vectors(n_ranks: int, max_total: int):
    """All rank-count vectors over n_ranks with at most 4 per rank and total <= max_total."""
    if n_ranks == 0:
        yield ()
        return
    for rest in _count_vectors(n_ranks - 1, max_total):
        used = sum(rest)
        for c in range(min(4, max_total - used) + 1):
            yield rest + (c,)


def _base5(counts) -> int:
    return sum(c * 5**i for i, c in enumerate(counts))


def _nibbles_code(category: int, ranks_in_order) -> int:
    code = category << 20
    for i, r in enumerate(ranks_in_order):
        code |= r << (16 - 4 * i)
    return code


def _straight_top(rank_values, wheel: bool = True) -> int:
    """Top card of five distinct consecutive rank values, else 0; with ``wheel``, also 5
    for A-2-3-4-5 with the ace as 14 (deuce-to-seven has no wheel: there it is ace high)."""
    values = sorted(rank_values, reverse=True)
    if values[0] - values[4] == 4:
        return values[0]
    if wheel and values == [14, 5, 4, 3, 2]:
        return 5
    return 0


def _five_card_code(counts, rank_value, straights: bool, wheel: bool = True) -> int:
    """High-style code (category + nibbles) of five cards given as rank counts.

    rank_value maps rank index 0..12 to the number the nibbles carry: 2..14 for high and
    deuce-to-seven, with the ace moved to 1 for the other lows. Larger code = stronger
    high hand. ``wheel``: whether A-2-3-4-5 (ace as 14) is a five-high straight.
    """
    groups = sorted(
        ((c, rank_value[r]) for r, c in enumerate(counts) if c),
        reverse=True,
    )
    pattern = tuple(c for c, _ in groups)
    ranks = [v for _, v in groups]
    category = _PATTERN_CATEGORY[pattern]
    if category == 0 and straights:
        top = _straight_top(ranks, wheel)
        if top:
            return _nibbles_code(STRAIGHT, [top])
    return _nibbles_code(category, ranks)


HIGH_RANK_VALUE = tuple(range(2, 15))
LOW_RANK_VALUE = tuple(range(2, 14)) + (1,)  # ace (index 12) counts as 1


def build_tables() -> Tables:
    lo_vectors = sorted(_count_vectors(LO_RANKS, MAX_CARDS), key=lambda v: (sum(v), v))
    hi_vectors = list(_count_vectors(HI_RANKS, MAX_CARDS))

    lo_pos = np.full(5**LO_RANKS, 0xFFFF, dtype=np.uint16)  # 0xFFFF: never a real hand
    for pos, vec in enumerate(lo_vectors):
        lo_pos[_base5(vec)] = pos
    prefix = np.zeros(MAX_CARDS + 2, dtype=np.int64)  # prefix[t] = #lo vectors with total < t
    for vec in lo_vectors:
        prefix[sum(vec) + 1 :] += 1

    hi_base = np.full(5**HI_RANKS, -1, dtype=np.int32)
    index_of: dict[tuple, int] = {}
    running = 0
    for hi in hi_vectors:
        hi_base[_base5(hi)] = running
        room = MAX_CARDS - sum(hi)
        for lo in lo_vectors[: prefix[room + 1]]:
            index_of[lo + hi] = running + int(lo_pos[_base5(lo)])
        running += int(prefix[room + 1])
    n_multisets = running

    high = np.zeros(n_multisets, dtype=np.int32)
    low_a5 = np.zeros(n_multisets, dtype=np.int32)
    low_a6 = np.zeros(n_multisets, dtype=np.int32)
    low_27 = np.zeros(n_multisets, dtype=np.int32)

    # Five cards straight from the rules; six and seven as the best after dropping one card.
    by_size: dict[int, list[tuple]] = {5: [], 6: [], 7: []}
    for counts in index_of:
        if sum(counts) >= 5:
            by_size[sum(counts)].append(counts)
    best: dict[str, dict[tuple, int]] = {"high": {}, "low_a5": {}, "low_a6": {}, "low_27": {}}
    for counts in by_size[5]:
        best["high"][counts] = _five_card_code(counts, HIGH_RANK_VALUE, straights=True)
        best["low_a5"][counts] = LOW_FLIP - _five_card_code(counts, LOW_RANK_VALUE, False)
        best["low_a6"][counts] = LOW_FLIP - _five_card_code(counts, LOW_RANK_VALUE, True)
        # Deuce-to-seven: the ace only high, so A-2-3-4-5 is no straight but ace high.
        best["low_27"][counts] = LOW_FLIP - _five_card_code(
            counts, HIGH_RANK_VALUE, True, wheel=False
        )
    for size in (6, 7):
        for counts in by_size[size]:
            smaller = [
                counts[:r] + (counts[r] - 1,) + counts[r + 1 :]
                for r in range(N_RANKS)
                if counts[r]
            ]
            for kind, table in best.items():
                table[counts] = max(table[s] for s in smaller)
    arrays = {"high": high, "low_a5": low_a5, "low_a6": low_a6, "low_27": low_27}
    for kind, array in arrays.items():
        for counts, value in best[kind].items():
            array[index_of[counts]] = value

    flush_high = np.zeros(1 << N_RANKS, dtype=np.int32)
    flush_a6 = np.zeros(1 << N_RANKS, dtype=np.int32)
    flush_27 = np.zeros(1 << N_RANKS, dtype=np.int32)
    for mask in range(1 << N_RANKS):
        ranks = [r for r in range(N_RANKS) if mask >> r & 1]
        if len(ranks) < 5:
            continue
        flush_high[mask] = max(_flush_high_code(five) for five in combinations(ranks, 5))
        flush_a6[mask] = max(LOW_FLIP - _flush_low_code(five) for five in combinations(ranks, 5))
        flush_27[mask] = max(
            LOW_FLIP - _flush_low_code(five, HIGH_RANK_VALUE) for five in combinations(ranks, 5)
        )

    card_key = np.zeros(52, dtype=np.int64)
    for card in range(52):
        rank, suit = divmod(card, 4)
        field = (5**rank << LO_SHIFT) if rank < LO_RANKS else (5 ** (rank - LO_RANKS) << HI_SHIFT)
        card_key[card] = field + (1 << (SUIT_BITS * suit))

    hash_offsets, hash_multiset = _perfect_hash(index_of)
    kind_values, values_start, strengths = _strengths(
        high, low_a5, low_a6, low_27, flush_high, flush_a6, flush_27)
    return Tables(
        card_key=card_key, hi_base=hi_base, lo_pos=lo_pos, high=high, low_a5=low_a5,
        low_a6=low_a6, low_27=low_27, flush_high=flush_high, flush_a6=flush_a6,
        flush_27=flush_27, hash_offsets=hash_offsets, hash_multiset=hash_multiset,
        kind_values=kind_values, values_start=values_start, strengths=strengths,
    )


def eight_or_better(low_a5: np.ndarray) -> np.ndarray:
    """The eight-or-better values of ace-to-five values: a low above eight is no low
    (NO_LOW), as kernels.value_low_8 says hand by hand."""
    return np.where(low_a5 >= EIGHT_OR_BETTER_MIN, low_a5, NO_LOW).astype(low_a5.dtype)


def _strengths(high, low_a5, low_a6, low_27, flush_high, flush_a6, flush_27):
    """The engines' strengths (eval/any_kind.py says what they are): each kind's values
    sorted, the kinds in kind-code order (high, ace-to-five, eight-or-better, ace-to-six,
    deuce-to-seven) end to end, where each kind's start, and each kind's strength of every
    rank multiset followed by the strengths of the high, ace-to-six and deuce-to-seven
    flush tables. Built here and shipped: computed at import, they took some 30 ms of
    every query's start."""
    rows = [high, low_a5, eight_or_better(low_a5), low_a6, low_27]
    flush_rows = {0: flush_high, 3: flush_a6, 4: flush_27}
    kinds = [np.unique(np.concatenate([row, flush_rows.get(k, row)]))
             for k, row in enumerate(rows)]
    kind_values = np.concatenate(kinds).astype(np.int64)
    values_start = np.concatenate([[0], np.cumsum([len(v) for v in kinds])]).astype(np.int64)
    strengths = np.concatenate(
        [np.searchsorted(kinds[k], row) for k, row in enumerate(rows)]
        + [np.searchsorted(kinds[k], flush_rows[k]) for k in (0, 3, 4)]).astype(np.uint16)
    return kind_values, values_start, strengths


def _perfect_hash(index_of: dict[tuple, int]) -> tuple[np.ndarray, np.ndarray]:
    """The batch key's row offsets and each slot's multiset index (module docstring).

    Rows are placed densest first, each at the lowest start where all its columns find
    free slots: the candidates are the free slots from the first one on, filtered column
    by column with numpy, so the ~8,000 rows take well under a second.
    """
    counts = np.array(list(index_of), dtype=np.int64)
    sums = counts @ np.array(HASH_RANK, dtype=np.int64)
    index = np.array(list(index_of.values()), dtype=np.int32)
    rows = sums >> HASH_ROW_SHIFT
    columns = sums & ((1 << HASH_ROW_SHIFT) - 1)
    per_row = np.bincount(rows, minlength=HASH_ROWS)
    order = np.argsort(-per_row, kind="stable")
    by_row = np.argsort(rows, kind="stable")
    first_of_row = np.concatenate([[0], np.cumsum(per_row)])
    room = 2 * len(sums) + (1 << HASH_ROW_SHIFT)
    free = np.ones(4 * room, dtype=bool)  # room past the end for a start's columns
    offsets = np.empty(HASH_ROWS, dtype=np.int64)
    multiset = np.full(room, -1, dtype=np.int32)
    first_free = 0
    for row in order:
        members = by_row[first_of_row[row] : first_of_row[row + 1]]
        if not len(members):
            offsets[row] = -(int(row) << HASH_ROW_SHIFT)  # no hand: slots 0..4095
            continue
        cols = columns[members]
        lowest = int(cols.min())
        window = 1 << HASH_ROW_SHIFT
        while True:  # the free slots from the first one on, a window at a time
            starts = np.flatnonzero(free[first_free : first_free + window]) + first_free - lowest
            starts = starts[starts >= 0]
            for col in cols:
                starts = starts[free[starts + col]]
            if len(starts):
                break
            window *= 2
        start = int(starts[0])
        free[start + cols] = False
        multiset[start + cols] = index[members]
        offsets[row] = start - (int(row) << HASH_ROW_SHIFT)
        while not free[first_free]:
            first_free += 1
    used = int(np.flatnonzero(~free).max()) + 1
    return offsets.astype(np.int32), multiset[:used]


def _flush_high_code(ranks) -> int:
    values = sorted((HIGH_RANK_VALUE[r] for r in ranks), reverse=True)
    top = _straight_top(values)
    if top:
        return _nibbles_code(STRAIGHT_FLUSH, [top])
    return _nibbles_code(FLUSH, values)


def _flush_low_code(ranks, rank_value=LOW_RANK_VALUE) -> int:
    """Low badness of five suited ranks: a flush, or a straight flush of consecutive values.

    No wheel either way: with the ace as 1 (ace-to-six) A-2-3-4-5 is simply consecutive,
    and with the ace as 14 (deuce-to-seven, ``rank_value=HIGH_RANK_VALUE``) it is not a
    straight at all.
    """
    values = sorted((rank_value[r] for r in ranks), reverse=True)
    if values[0] - values[4] == 4:
        return _nibbles_code(STRAIGHT_FLUSH, [values[0]])
    return _nibbles_code(FLUSH, values)


_SHIPPED = __import__("pathlib").Path(__file__).with_name("tables.npz")


def save_tables(tables: Tables, path=_SHIPPED) -> None:
    np.savez_compressed(path, **tables._asdict())


def load_tables(path=_SHIPPED) -> Tables:
    """The shipped tables (scripts/make_tables.py writes them; a test rebuilds and compares).

    Building them takes about two seconds in Python, loading a few milliseconds, so the
    package ships them; without the file, or with a file that lacks a table (a source
    checkout mid-edit, before scripts/make_tables.py has run), they are built.
    """
    try:
        with np.load(path) as data:
            return Tables(**{name: data[name] for name in Tables._fields})
    except (FileNotFoundError, KeyError):
        return build_tables()
