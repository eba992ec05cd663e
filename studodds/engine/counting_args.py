"""What the heads-up counting kernels take (headsup_kernels.py): their arrays bundled by
what travels together, each field's dtype, shape and meaning written down once, here.

As in kernel_args.py: a bundle is built by field name (always with keywords), and
kernel_arguments hands each field to the kernel's parameter of the same name, so no call
lists count_streamed's 35 arguments by position. A kernel compiles once for every
game, street and pot, so every field keeps one type whatever the table
(tests/test_headsup.py counts the compiles).

Shapes: n the unseen cards (the pool), k the stored side's cards to come and m the
streamed side's, smax = min(k, m) the most cards the two can share, width the stored
side's distinct values plus two (a rank per value, the sentinel width - 2 of a partial
part, and one past), n_chunks the chunks of a call.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


class Completions(NamedTuple):
    """One side of a count: its known cards, and n_cards more from the pool, valued as
    one hand kind; a completion is a choice of n_cards pool cards, ranked in colex order.

    Parameters
    ----------
    kind : int
        The KIND_* code (eval.kernels) the hands are valued as.
    pool : numpy.ndarray
        int64, shape (n,). The unseen cards' ids, which the completions index.
    n_cards : int
        The cards to come to this side (k stored, m streamed).
    base_key : int
        KEY_BIAS plus the evaluator keys of the side's known cards (key_and_suits).
    base_suits : int
        The suit mask of the side's known cards (the OR of suit_bit).
    n_known : int
        How many known cards the side holds.
    """

    kind: int
    pool: np.ndarray
    n_cards: int
    base_key: int
    base_suits: int
    n_known: int


class CompletionChunks(NamedTuple):
    """Completions cut into chunks for the threads: chunk c holds colex ranks bounds[c] ..
    bounds[c + 1] - 1 and starts from the completion starts[c].

    Parameters
    ----------
    bounds : numpy.ndarray
        int64, shape (n_chunks + 1,). Each chunk's first colex rank, and one past the last.
    starts : numpy.ndarray
        int64, shape (n_chunks, max(n_cards, 1)). Chunk c's first completion as pool
        indices, ascending (headsup.first_completions); the kernel steps it through the
        chunk in place, so a call takes a fresh copy.
    """

    bounds: np.ndarray
    starts: np.ndarray


class SizeLists(NamedTuple):
    """The lists of the shared sets of one size s (headsup.CountingLists): one list per set
    S of s pool cards, each the ranks of the stored completions holding S.

    Parameters
    ----------
    masks : numpy.ndarray
        int64, shape (C(k, s),). Each bit mask of s of a completion's k places: the sets
        of size s a completion holds.
    length : int
        Each list's length, C(n - s, k - s).
    lists : numpy.ndarray
        uint16, shape (C(n, s) * length,). Written: set S's list at colex rank(S) * length,
        a completion at its colex rank among the pool without S.
    """

    masks: np.ndarray
    length: int
    lists: np.ndarray


class StoreViews(NamedTuple):
    """One part's store (headsup.CountingLists.store, one byte array) read as integers of
    each width, which its layout's offsets count in (build_count_tables writes the count
    tables through the first three; count_streamed reads a part's four as StoredSide's).

    Parameters
    ----------
    bytes8 : numpy.ndarray
        uint8, shape (n_bytes,). The store; the TABLE8 count tables.
    words16 : numpy.ndarray
        uint16, shape (n_bytes // 2,). The sorted lists searched (SEARCH) and the TABLE16
        count tables.
    ints32 : numpy.ndarray
        int32, shape (n_bytes // 4,). The TABLE32 count tables.
    ints64 : numpy.ndarray
        int64, shape (n_bytes // 8,). A partial part's counts of included entries.
    """

    bytes8: np.ndarray
    words16: np.ndarray
    ints32: np.ndarray
    ints64: np.ndarray


class SharedSets(NamedTuple):
    """The subsets S of a streamed completion's m cards that a stored completion can share,
    by size (headsup.shared_set_layout), and the binomials that rank them.

    Parameters
    ----------
    smax : int
        The largest size of set counted: min(k, m).
    binom : numpy.ndarray
        int64, shape (n + 2, n + 2). binom[i, j] = C(i, j) (exact.binomial_table).
    sets : numpy.ndarray
        int64, shape (3, max(n_sets, smax + 2)). Row 0, parent: set q is set parent[q]
        with one card more; row 1, last: that card's place among the completion's m cards;
        row 2, first: the sets of size s are q = first[s] .. first[s + 1] - 1.
    """

    smax: int
    binom: np.ndarray
    sets: np.ndarray


class StoredSide(NamedTuple):
    """The stored side of a count as up to three parts (headsup_split.py): every stored
    completion, and for a split pot those whose low is worse than the streamed one's and
    those whose low equals it; a part not counted repeats all. Each part's store comes
    read as integers of 8, 16, 32 and 64 bits (headsup.stored_side builds this from the
    parts' StoreViews).

    Parameters
    ----------
    distinct : numpy.ndarray
        int64, shape (width - 2,). The stored side's distinct values, ascending: a
        completion's rank is its value's place here.
    layout : numpy.ndarray
        int64, shape (3, N_LAYOUT_ROWS, smax + 1). Per part (ALL, WORSE, EQUAL) and size
        s of shared set: its mode, its lists' length, and where its lists, its tables and
        its counts of included entries start in the part's store (rows MODE ..
        INCLUDED_START of headsup_kernels).
    all8 : numpy.ndarray
        uint8. Part ALL's store: every stored completion, read as StoreViews.bytes8.
    all16 : numpy.ndarray
        uint16. Part ALL's store: every stored completion, read as StoreViews.words16.
    all32 : numpy.ndarray
        int32. Part ALL's store: every stored completion, read as StoreViews.ints32.
    all64 : numpy.ndarray
        int64. Part ALL's store: every stored completion, read as StoreViews.ints64.
    worse8 : numpy.ndarray
        uint8. Part WORSE's store (read only when with_worse), read as StoreViews.bytes8.
    worse16 : numpy.ndarray
        uint16. Part WORSE's store (read only when with_worse), read as StoreViews.words16.
    worse32 : numpy.ndarray
        int32. Part WORSE's store (read only when with_worse), read as StoreViews.ints32.
    worse64 : numpy.ndarray
        int64. Part WORSE's store (read only when with_worse), read as StoreViews.ints64.
    equal8 : numpy.ndarray
        uint8. Part EQUAL's store (read only when with_equal), read as StoreViews.bytes8.
    equal16 : numpy.ndarray
        uint16. Part EQUAL's store (read only when with_equal), read as StoreViews.words16.
    equal32 : numpy.ndarray
        int32. Part EQUAL's store (read only when with_equal), read as StoreViews.ints32.
    equal64 : numpy.ndarray
        int64. Part EQUAL's store (read only when with_equal), read as StoreViews.ints64.
    with_worse : bool
        Whether to count part WORSE.
    with_equal : bool
        Whether to count part EQUAL (for the streamed completions whose group & 1).
    """

    distinct: np.ndarray
    layout: np.ndarray
    all8: np.ndarray
    all16: np.ndarray
    all32: np.ndarray
    all64: np.ndarray
    worse8: np.ndarray
    worse16: np.ndarray
    worse32: np.ndarray
    worse64: np.ndarray
    equal8: np.ndarray
    equal16: np.ndarray
    equal32: np.ndarray
    equal64: np.ndarray
    with_worse: bool
    with_equal: bool


class GroupFilter(NamedTuple):
    """Which streamed completions a pass counts (a split pot's pass per place of the low,
    headsup_split.py): all of them when group_bytes is 0.

    Parameters
    ----------
    group_bytes : int
        0 (count every completion), 1 or 2: the bytes of each completion's group.
    groups : numpy.ndarray
        uint8, shape (C(n, m) * group_bytes,), or (1,) unused. Completion v's group,
        little-endian: 2 * (the stored lows below v's low) + (1 if v's low is one of them)
        (headsup_split.villain_groups).
    place : int
        The pass counts the completions whose group >> 1 is place.
    """

    group_bytes: int
    groups: np.ndarray
    place: int


class StreamChunks(NamedTuple):
    """The streamed completions of a call cut into chunks, and each chunk's own rows.

    Parameters
    ----------
    bounds : numpy.ndarray
        int64, shape (n_chunks + 1,). Chunk c holds colex ranks bounds[c] ..
        bounds[c + 1] - 1.
    work : numpy.ndarray
        int64, shape (n_chunks, max(m, 1) + n_sets). Chunk c's working row: its first
        completion (headsup.first_completions), stepped through the chunk, then the shared
        sets' colex ranks.
    out : numpy.ndarray
        int64, shape (n_chunks, 9). Written: chunk c's signed sums of each part (below,
        not above, in all).
    by_card : bool
        Whether to tally part ALL's wins and ties by the streamed side's cards.
    card_out : numpy.ndarray
        int64, shape (n_chunks, n, 2), or (1, n, 2) unused. With by_card, added to:
        (stored side's wins, ties) over the chunk's completions holding pool card i.
    """

    bounds: np.ndarray
    work: np.ndarray
    out: np.ndarray
    by_card: bool
    card_out: np.ndarray
