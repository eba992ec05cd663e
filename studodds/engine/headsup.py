"""Exact heads-up equity by counting, fast enough for every street (third included).

Heads-up, every unseen card is exchangeable: a deal is a disjoint pair (h, v) of one side's
k unseen cards and the other's m unseen cards from the pool (n cards). Full enumeration
visits every pair (1.37e12 on third street); this counts them instead:

* Every hand value is computed once per completion: C(n, k) stored, C(n, m) streamed.
* Disjointness by inclusion-exclusion over the cards both would share: the number of
  disjoint pairs with val(v) < val(h) is the sum over sets S (|S| <= min(k, m)) of
  (-1)^|S| times the number of pairs (h, v), both containing S, with val(v) < val(h).
* The stored side's values are replaced by their ranks among its distinct values (about
  a thousand on third street), and for every S the ranks of the completions holding it
  form a list (a fixed length, a completion's slot in it its colex rank, so the lists fill
  in parallel without atomics). Then each streamed completion v is valued, its value
  placed among the distinct values once, and for each S inside it the completions below
  and equal to it are counted, in one of two ways by the size of S:
  - a count table (how many of the list rank below j, for every j): two lookups;
  - a sorted list searched: a short list (one entry for the sets of all k cards), or a
    longer one when the tables would take more memory than the values did before the
    tables (2**k values of 8 bytes a completion: old_stored_bytes).

Third street stores C(48, 4) * 2**4 = 3.1 million ranks (count tables for the sets of up
to three cards, 20 MB) and makes 57 lookups for each of the C(48, 6) = 12.3 million
streamed completions. Split pots (stud7hl8, stud5hl) count the highs three times with
the same code, on the stored completions split by their low: headsup_split.py.

The count can also be tallied by the streamed side's cards (by_card): for each pool card,
the deals in which the streamed side holds it. That is a whole next-card table in one
pass (whatif.py): the deals where the card comes next to the streamed side are the deals
where it holds the card, and every completion holding it counts the same.

The kernels are in headsup_kernels.py: four, compiled once for every game and pot.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np

from ..eval.kernels import key_and_suits
from .chunked import run_chunked
from .counting_args import (
    CompletionChunks,
    Completions,
    GroupFilter,
    SharedSets,
    SizeLists,
    StoredSide,
    StoreViews,
    StreamChunks,
)
from .exact import binomial_table
from .headsup_kernels import (
    INCLUDED_START,
    LENGTH,
    LIST_START,
    MODE,
    N_LAYOUT_ROWS,
    SEARCH,
    TABLE8,
    TABLE16,
    TABLE32,
    TABLE_START,
    build_count_tables,
    completion_values,
    count_streamed,
    fill_lists,
)
from .kernel_args import kernel_arguments

N_CHUNKS = 256

TABLE_TYPES = {TABLE8: np.uint8, TABLE16: np.uint16, TABLE32: np.int32}
PIECE = 1 << 16  # entries numpy handles at a time where a temporary would be as large
SEARCH_MAX = 8  # lists this short are searched (a few comparisons), never given tables
MIN_TABLE_BUDGET = 8 << 20  # bytes of count tables allowed however small the old lists


def list_lengths(n: int, k: int, smax: int) -> list[int]:
    """The common length C(n - s, k - s) of the lists of each size s <= smax."""
    return [comb(n - s, k - s) for s in range(smax + 1)]


def count_modes(n: int, k: int, smax: int, width: int, budget: int,
                streamed: int | None = None, m: int | None = None) -> np.ndarray:
    """The mode of each size s <= smax: lists longer than SEARCH_MAX get count tables
    (width entries a list, in the smallest integer type that holds the list's length)
    while the tables fit the budget, smallest sizes first (fewest lists, longest searches
    saved), and when streamed completions of m cards are given, only where the lookups
    (streamed * C(m, s)) outnumber the table entries to build; the rest are sorted and
    searched (a list of one entry: one comparison)."""
    modes = np.full(smax + 1, SEARCH, dtype=np.int64)
    used = 0
    for s, length in enumerate(list_lengths(n, k, smax)):
        entry, mode = (1, TABLE8) if length < 1 << 8 else (
            (2, TABLE16) if length < 1 << 16 else (4, TABLE32))
        entries = comb(n, s) * width
        worth_it = streamed is None or m is None or entries <= streamed * comb(m, s)
        if length > SEARCH_MAX and worth_it and used + entries * entry <= budget:
            modes[s] = mode
            used += entries * entry
    return modes


def chunks(n_items: int, n_chunks: int = N_CHUNKS) -> np.ndarray:
    """The bounds of n_chunks (fewer when there are fewer items) nearly equal chunks."""
    return np.unique(np.linspace(0, n_items, n_chunks + 1).astype(np.int64))


def first_completions(bounds: np.ndarray, m: int, binom: np.ndarray) -> np.ndarray:
    """Row c: the pool indices (ascending) of the m-card completion of colex rank
    bounds[c], the first of chunk c, for the kernels to step from (next_colex); one
    column even when m is 0. Colex unranking, every chunk at once: the largest index x
    is the last with C(x, m) <= rank, and so on down with what is left."""
    starts = np.zeros((len(bounds) - 1, max(m, 1)), dtype=np.int64)
    left = np.array(bounds[:-1], dtype=np.int64)
    for i in range(m - 1, -1, -1):
        x = np.searchsorted(binom[:, i + 1], left, side="right") - 1
        starts[:, i] = x
        left -= binom[x, i + 1]
    return starts


def shared_set_layout(m: int, smax: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The subsets S of a streamed completion's m cards with at most smax of them, grouped
    by size: the sets of size s are q = first[s] .. first[s + 1] - 1, and set q is set
    parent[q] (one card fewer) with the completion's card at place last[q] added, the
    largest of set q's cards. So every set's rank is its parent's plus one term."""
    sets = [c for s in range(smax + 1) for c in combinations(range(m), s)]
    where = {c: q for q, c in enumerate(sets)}
    parent = np.zeros(len(sets), dtype=np.int64)
    last = np.zeros(len(sets), dtype=np.int64)
    for q, c in enumerate(sets):
        if c:
            parent[q] = where[c[:-1]]
            last[q] = c[-1]
    first = np.zeros(smax + 2, dtype=np.int64)
    for s in range(smax + 1):
        first[s + 1] = first[s] + comb(m, s)
    return parent, last, first


def stored_bytes(n: int, k: int, m: int, split: bool = False) -> int:
    """Memory a count keeps at most: the count tables and the ranks they are built from
    (table_budget), and for a split pot three sets of them and one byte per streamed
    completion (its group, headsup_split.py)."""
    one = max(MIN_TABLE_BUDGET, comb(n, k) * 2**k * 8)
    # a split pot's three sets of lists each get comb(n, m) bytes more (headsup_split.py)
    return 3 * (one + comb(n, m)) + comb(n, m) if split else one


def table_budget(n: int, k: int, smax: int | None = None) -> int:
    """Bytes the count tables of one set of lists may take: what the lists' values took
    before there were tables (2**k values of 8 bytes a completion) less the ranks the
    tables are built from, one size of set at a time (2 bytes a completion and set), and
    the lists of one entry kept (the sets of k cards), so a count needs no more memory
    than it did then; and at least MIN_TABLE_BUDGET."""
    smax = k if smax is None else smax
    ranks = (max(comb(n, k) * comb(k, s) for s in range(smax + 1)) + comb(n, k)) * 2
    return max(MIN_TABLE_BUDGET, comb(n, k) * 2**k * 8 - ranks)


def cost(n: int, k: int, m: int, split: bool = False) -> int:
    """Lookups a count makes: streamed completions times the shared sets S they hold (a
    split pot counts up to three sets of lists)."""
    lookups = comb(n, m) * sum(comb(m, s) for s in range(min(k, m) + 1)) + comb(n, k) * 2**k
    return 3 * lookups if split else lookups


def stored_values(kind: int, pool, known, k: int, binom) -> np.ndarray:
    """The value of every k-card completion of the known cards (colex rank)."""
    base_key, base_suits = key_and_suits(list(known))
    side = Completions(kind=kind, pool=pool, n_cards=k, base_key=base_key,
                       base_suits=base_suits, n_known=len(known))
    values = np.empty(comb(len(pool), k), dtype=np.int64)
    bounds = chunks(len(values))
    completion_chunks = CompletionChunks(bounds=bounds,
                                         starts=first_completions(bounds, k, binom))
    run_chunked(completion_values, len(bounds) - 1,
                *kernel_arguments(completion_values, side, completion_chunks, offset=0,
                                  out=values))
    return values


def _aligned(n_bytes: int) -> int:
    return -(-n_bytes // 8) * 8


class CountingLists:
    """The stored side of a count: for every shared set S of at most smax cards the ranks
    of the completions holding it (ranks[r] of completion r, below width - 2; width - 2
    marks a completion left out of a partial count), kept as its size's mode says
    (count_modes): count tables or sorted lists.

    Everything lives in one byte array, the store, which the kernels take read as
    integers of each width (views: four arguments a part instead of five arrays, and
    each array argument of a kernel compiles its own unboxing): the lists kept (uint16),
    the tables of each mode, and for a partial part how many entries of each list are in
    it (int64), each section at an 8-byte boundary; layout (rows MODE .. INCLUDED_START
    of headsup_kernels, a column a size) says where. The tables are built one size at a
    time into the store, so memory peaks at the store and one size's lists."""

    def __init__(self, ranks: np.ndarray, width: int, n: int, k: int, smax: int, binom,
                 budget: int, partial: bool = False, streamed: int | None = None,
                 m: int | None = None):
        # A hand kind has at most 7,462 values (high: the five-card classes), so ranks fit
        # 16 bits: one type, so each kernel compiles once.
        if width > 1 << 16:
            raise ValueError(f"{width} ranks do not fit 16 bits")
        rank_type = np.uint16
        ranks = ranks.astype(rank_type, copy=False)
        modes = count_modes(n, k, smax, width, budget, streamed, m)
        lengths = list_lengths(n, k, smax)
        n_lists = [comb(n, s) for s in range(smax + 1)]
        # The sections, in entries of their own type: the lists kept, the tables of each
        # mode, the counts of a partial part; where each size starts in its section.
        item_size: dict[int | str, int] = {
            "lists": 2, "included": 8,
            **{mode: np.dtype(entry).itemsize for mode, entry in TABLE_TYPES.items()}}
        entries = dict.fromkeys(item_size, 0)
        section, within = [], []
        for s in range(smax + 1):
            mode = int(modes[s])
            section.append(mode if mode in TABLE_TYPES else "lists")
            within.append(entries[section[s]])
            entries[section[s]] += n_lists[s] * (width if mode in TABLE_TYPES else lengths[s])
        entries["included"] = sum(n_lists) if partial else 0
        first_entry = {}  # each section's first entry in the store, read as its type
        at = 0
        for name, count in entries.items():
            first_entry[name] = at // item_size[name]
            at = _aligned(at + count * item_size[name])
        layout = np.zeros((N_LAYOUT_ROWS, smax + 1), dtype=np.int64)
        layout[MODE] = modes
        layout[LENGTH] = lengths
        for s in range(smax + 1):
            row = LIST_START if section[s] == "lists" else TABLE_START
            layout[row, s] = first_entry[section[s]] + within[s]
            layout[INCLUDED_START, s] = first_entry["included"] + sum(n_lists[:s])
        # Every byte at its final place first: built into in place, never concatenated
        # (a concatenation holds the parts and the whole at once).
        # zeros (untouched pages, no memory until written): the tables are counted into
        self.store = np.zeros(max(at, 8), dtype=np.uint8)
        self.layout = layout
        bounds = chunks(comb(n, k))
        store = self.views()
        kept_lists, counts = store.words16, store.ints64
        for s in range(smax + 1):  # one size at a time: its lists live only while used
            masks = np.array([mk for mk in range(1 << k) if mk.bit_count() == s], np.int64)
            lists = np.empty(n_lists[s] * lengths[s], dtype=rank_type)
            completion_chunks = CompletionChunks(bounds=bounds,
                                                 starts=first_completions(bounds, k, binom))
            size_lists = SizeLists(masks=masks, length=lengths[s], lists=lists)
            run_chunked(fill_lists, len(bounds) - 1,
                        *kernel_arguments(fill_lists, completion_chunks, size_lists, k=k,
                                          binom=binom, ranks=ranks))
            mode = int(modes[s])
            if partial:  # how many of each list's completions are in the part
                counts_at = layout[INCLUDED_START, s]
                step = max(1, PIECE // lengths[s])  # a few lists at a time: small temporaries
                for a in range(0, n_lists[s], step):
                    b = min(a + step, n_lists[s])
                    block = lists[a * lengths[s] : b * lengths[s]].reshape(b - a, lengths[s])
                    counts[counts_at + a : counts_at + b] = np.count_nonzero(block < width - 2,
                                                                             axis=1)
            if mode in TABLE_TYPES:
                run_chunked(build_count_tables, n_lists[s],
                            *kernel_arguments(build_count_tables, store, lists=lists,
                                              width=width, s=s, layout=layout))
                continue
            if lengths[s] > 1:  # numpy's sort: nothing to compile (see headsup_kernels)
                lists.reshape(n_lists[s], lengths[s]).sort(axis=1, kind="stable")
            start = layout[LIST_START, s]
            kept_lists[start : start + len(lists)] = lists
        del lists

    def views(self) -> StoreViews:
        """The store read as integers of 8, 16, 32 and 64 bits, as the kernels take it
        (made here: numba's view compiles for 0.3 s)."""
        return StoreViews(bytes8=self.store, words16=self.store.view(np.uint16),
                          ints32=self.store.view(np.int32), ints64=self.store.view(np.int64))


def stored_side(distinct: np.ndarray, every: CountingLists, worse: CountingLists | None,
                equal: CountingLists | None) -> StoredSide:
    """The stored side's parts as count_streamed takes them: each part's store read as
    integers of each width, by the part's name (a part not counted repeats every's)."""
    parts = {"all": every, "worse": worse or every, "equal": equal or every}
    views = {}
    for name, part in parts.items():
        store = part.views()
        views.update({f"{name}8": store.bytes8, f"{name}16": store.words16,
                      f"{name}32": store.ints32, f"{name}64": store.ints64})
    return StoredSide(distinct=distinct,
                      layout=np.stack([part.layout for part in parts.values()]),
                      with_worse=worse is not None, with_equal=equal is not None, **views)


def chunk_bounds(n_streamed: int) -> list[np.ndarray]:
    """The streamed completions' ranks cut into rounds of N_CHUNKS chunks (16 rounds for a
    long count, so progress can be told)."""
    rounds = 16 if n_streamed > 2_000_000 else 1
    cuts = np.array(
        [n_streamed * i // (N_CHUNKS * rounds) for i in range(N_CHUNKS * rounds + 1)],
        dtype=np.int64,
    )
    return [cuts[r * N_CHUNKS : (r + 1) * N_CHUNKS + 1] for r in range(rounds)]


class StreamedSide:
    """The streamed side of a count: its known cards and m cards to come, valued as one
    kind, against a stored side whose distinct values are distinct. count() sums a round
    of its completions against up to three parts (count_streamed)."""

    def __init__(self, kind: int, pool: np.ndarray, known, m: int, smax: int, binom,
                 distinct: np.ndarray):
        base_key, base_suits = key_and_suits(list(known))
        parent, last, first = shared_set_layout(m, smax)
        sets = np.zeros((3, max(len(parent), len(first))), dtype=np.int64)
        sets[0, : len(parent)], sets[1, : len(last)], sets[2, : len(first)] = parent, last, first
        self.side = Completions(kind=kind, pool=pool, n_cards=m, base_key=base_key,
                                base_suits=base_suits, n_known=len(known))
        self.shared = SharedSets(smax=smax, binom=binom, sets=sets)
        self.distinct = distinct
        self.m, self.binom, self.n_sets = m, binom, len(parent)
        self.no_groups = np.zeros(1, dtype=np.uint8)
        self.no_cards = np.zeros((1, len(pool), 2), dtype=np.int64)

    def count(self, bounds: np.ndarray, every: CountingLists,
              worse: CountingLists | None = None, equal: CountingLists | None = None,
              groups: np.ndarray | None = None, place: int = 0,
              card_out: np.ndarray | None = None) -> np.ndarray:
        """(chunk, 9) signed sums of the chunks of bounds: for each part (all, worse,
        equal; a part not given is not counted) the stored completions below, not above
        and in all; with groups, only the completions whose group >> 1 is place, and the
        equal part only for those whose group & 1. card_out: (chunk, pool card, 2) to add
        the wins and ties of part all to, by the cards the completions hold."""
        out = np.zeros((len(bounds) - 1, 9), dtype=np.int64)
        stored = stored_side(self.distinct, every, worse, equal)
        only = (GroupFilter(group_bytes=0, groups=self.no_groups, place=place)
                if groups is None else
                GroupFilter(group_bytes=groups.itemsize, groups=groups.view(np.uint8),
                            place=place))
        # each chunk's working row: its first completion, then the shared sets' ranks
        starts = first_completions(bounds, self.m, self.binom)
        work = np.zeros((len(starts), starts.shape[1] + self.n_sets), dtype=np.int64)
        work[:, : starts.shape[1]] = starts
        stream_chunks = StreamChunks(bounds=bounds, work=work, out=out,
                                     by_card=card_out is not None,
                                     card_out=self.no_cards if card_out is None else card_out)
        run_chunked(count_streamed, len(bounds) - 1,
                    *kernel_arguments(count_streamed, self.side, self.shared, stored, only,
                                      stream_chunks))
        return out


def count_against(kind: int, pool, stored_known, streamed_known, k: int, m: int,
                  by_card: bool = False, progress=None):
    """(deals, stored side wins, ties, per-card tallies or None) over every heads-up deal:
    k cards to come to the stored side, m to the streamed side. With by_card, tallies[i] =
    (stored wins, ties) over the deals where the streamed side holds pool card i."""
    pool = np.asarray(pool, dtype=np.int64)
    n = len(pool)
    binom = binomial_table(n + 1, n + 1)
    smax = min(k, m)
    distinct, ranks = np.unique(stored_values(kind, pool, stored_known, k, binom),
                                return_inverse=True)
    stored = CountingLists(ranks, len(distinct) + 2, n, k, smax, binom,
                           table_budget(n, k, smax), streamed=comb(n, m), m=m)
    del ranks
    streamed = StreamedSide(kind, pool, streamed_known, m, smax, binom, distinct)
    wins = ties = 0
    card_tallies = np.zeros((n, 2), dtype=np.int64)
    rounds = chunk_bounds(comb(n, m))
    for r, bounds in enumerate(rounds):
        card_out = np.zeros((len(bounds) - 1, n, 2), dtype=np.int64) if by_card else None
        sums = streamed.count(bounds, stored, card_out=card_out)
        below, not_above, total = sums[:, :3].sum(axis=0)
        wins += int(total - not_above)
        ties += int(not_above - below)
        if card_out is not None:  # by_card
            card_tallies += card_out.sum(axis=0)
        if progress is not None:
            progress((r + 1) / len(rounds))
    deals = comb(n, k) * comb(n - k, m)
    return deals, wins, ties, (card_tallies if by_card else None)


def heads_up_counts(kind: int, pool, hero_known, villain_known, k: int, m: int,
                    progress=None) -> tuple[int, int, int]:
    """(deals, hero wins, ties) over every heads-up deal, counted exactly."""
    deals, wins, ties, _ = count_against(kind, pool, hero_known, villain_known, k, m,
                                         progress=progress)
    return deals, wins, ties
