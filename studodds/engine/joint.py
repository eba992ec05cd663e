"""Joint hole-card choices for the ranged players: can they all hold at once, and which ones.

Each ranged player (``ranges.PlayerRange``) gets one combination of 1 or 2 hole cards
from a list; a joint choice gives one to every ranged player with no card used twice.
Two questions are asked of the lists:

* ``conflicting_players``: is there any joint choice at all? If not, which few players'
  ranges already clash, so the error can name them. The question is NP-hard in general
  (three-dimensional matching hides in it), so the cheap necessary conditions go first
  (each pair of players on its own, then Hall's condition: any k players need enough
  distinct cards between them), then a search that fails early, prunes on a count of the
  cards left that sees parity, and remembers failures, with a work cap that raises
  ``JointSearchTooHard`` instead of hanging. With one hole card each (five-card stud)
  Hall's condition alone is exact, so the search only ever finds a joint choice.
* ``list_joint_choices``: every joint choice in a fixed order, or None past a cap. A lower
  bound on the count refuses hopeless cases at once; the listing itself runs on int64
  card masks in blocks of rows (a depth-first walk whose steps are numpy block
  operations), so it stops as soon as the cap is passed and never holds more than a
  few blocks besides its answer.

Cards are ids 0..51; a set of cards is an int mask with bit c for card c, which fits in
an int64. Pure Python and numpy: every step is a block operation or a small loop.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain, combinations

import numpy as np

from ..messages import players_text
from ..ranges import PlayerRange

N_CARDS = 52

# Default work cap for conflicting_players: tentative combination choices in the search.
# One choice filters every other player's list (a few microseconds each), so the cap
# bounds the time to about a second on any input (15-30 us a choice, measured on ten
# ranges); real tables need a handful of choices, random tangles of ten a few hundred.
MAX_SEARCH_WORK = 50_000

# Elements in one block of the listing's (rows x combinations) disjointness test: 2**16
# int64 masks are half a megabyte, large enough that numpy's per-call cost vanishes (2**14
# lists 800k rows 40% slower, 2**16 to 2**20 equally fast), small enough to be no memory.
_BLOCK = 1 << 16


class JointSearchTooHard(ValueError):
    """The ranges are so entangled that checking them passed the work cap."""

    def __init__(self, players: Sequence[int], max_work: int):
        self.players = tuple(players)  # 0-based
        super().__init__(
            f"the ranges of {players_text(self.players)} share too many cards to check whether "
            f"they can all be dealt (gave up after {max_work:,} search steps): narrow one of "
            "them"
        )


# --------------------------------------------------------------------------- feasibility


def conflicting_players(
    ranges: Sequence[PlayerRange], max_work: int = MAX_SEARCH_WORK
) -> tuple[int, ...] | None:
    """None when some joint choice exists; otherwise the players (0-based, ascending) of a
    small set of ranges that cannot all hold at once.

    The set is the first found of: a range with no combination; a pair of players whose
    ranges clash on their own; the smallest set of players breaking Hall's condition
    (fewer distinct cards between them than hole cards they need); or the players the
    search proved infeasible. Then players are dropped while the rest still clash, within
    the same work cap, so the set is minimal (no player can go) unless that cap ran out.

    Raises JointSearchTooHard when the search itself needs more than max_work tentative
    choices: an answer is never a guess.
    """
    if not ranges:
        return None
    for r in ranges:
        if not r.combos:
            return (r.player,)
    problem = _Problem(ranges)
    found = problem.clashing_pair() or problem.hall_violation()
    if found is None:
        everyone = (1 << len(ranges)) - 1
        for component in problem.components(everyone):
            if not problem.feasible(component, max_work):
                found = component
                break
        else:
            return None
    found = problem.shrink(found, max_work)
    return tuple(sorted(ranges[i].player for i in _members(found)))


class _Problem:
    """The ranges as card masks, with the search's memory of failed states.

    Players inside are range indices 0..n-1; a set of them is an int bitmask (``group``).
    """

    def __init__(self, ranges: Sequence[PlayerRange]):
        self.ranges = ranges
        self.cards = [_combo_cards(r) for r in ranges]
        self.masks = [_masks_of(c) for c in self.cards]
        self.union = [int(np.bitwise_or.reduce(m)) if m.size else 0 for m in self.masks]
        self.work = 0
        self.top = 0
        # (group, used cards that matter to the group) known to have no joint choice. A fact
        # about the state alone, so it holds across every search of one call.
        self.failed: set[tuple[int, int]] = set()
        self._relevant: dict[int, int] = {}
        # neighbours[i][c]: the cards that share a two-card combination of player i with c.
        self.neighbours = [_neighbour_masks(c) for c in self.cards]
        self._group_neighbours: dict[int, list[int]] = {}

    def relevant(self, group: int) -> int:
        """The cards some player of group could use: the only used cards that matter."""
        cards = self._relevant.get(group)
        if cards is None:
            cards = 0
            for i in _members(group):
                cards |= self.union[i]
            self._relevant[group] = cards
        return cards

    # ----------------------------------------------------------------- cheap checks

    def clashing_pair(self) -> int | None:
        """The first pair of players with no disjoint combinations between them.

        For each combination a of player i, the combinations of player j touching a are
        counted from j's card degrees (inclusion-exclusion over a's at most two cards), so
        a pair costs O(|C_i| + |C_j|), not |C_i| * |C_j|.
        """
        n = len(self.ranges)
        cards = self.cards
        degree = [np.bincount(c.ravel(), minlength=N_CARDS) for c in cards]
        both = []  # both[j][c, d]: combinations of j holding cards c and d
        for c in cards:
            counts = np.zeros((N_CARDS, N_CARDS), dtype=np.int64)
            if c.shape[1] == 2:
                counts += np.bincount(c[:, 0] * N_CARDS + c[:, 1],
                                      minlength=N_CARDS**2).reshape(N_CARDS, N_CARDS)
                counts += counts.T.copy()
            both.append(counts)
        for i, j in combinations(range(n), 2):
            if self.union[i] & self.union[j] == 0:
                continue
            a = cards[i]
            touching = degree[j][a].sum(axis=1)
            if a.shape[1] == 2:
                touching -= both[j][a[:, 0], a[:, 1]]
            if not (touching < len(cards[j])).any():
                return 1 << i | 1 << j
        return None

    def hall_violation(self) -> int | None:
        """The smallest group of three or more players whose combinations hold fewer
        distinct cards than the group's hole cards (pairs are settled exactly above).

        Up to 16 ranged players every group is tried (stud seats at most 10 players);
        beyond that the search alone decides.
        """
        n = len(self.ranges)
        if n < 3 or n > 16:
            return None
        union = [0] * (1 << n)
        need = [0] * (1 << n)
        for group in range(1, 1 << n):
            low = group & -group
            i = low.bit_length() - 1
            union[group] = union[group ^ low] | self.union[i]
            need[group] = need[group ^ low] + self.ranges[i].size
        short = [g for g in range(1, 1 << n) if union[g].bit_count() < need[g]]
        return min(short, key=lambda g: (g.bit_count(), g)) if short else None

    def components(self, group: int) -> list[int]:
        """group split into sets of players sharing no card: each is checked alone."""
        parts: list[int] = []
        left = group
        while left:
            low = left & -left
            part, cards = low, self.union[low.bit_length() - 1]
            grew = True
            while grew:
                grew = False
                for i in _members(left & ~part):
                    if self.union[i] & cards:
                        part |= 1 << i
                        cards |= self.union[i]
                        grew = True
            parts.append(part)
            left &= ~part
        return parts

    # ----------------------------------------------------------------- search

    def feasible(self, group: int, max_work: int) -> bool:
        """Whether the players of group have a joint choice (JointSearchTooHard past the
        cap, counting from this call)."""
        self.work = 0
        self.top = group  # named if the cap runs out
        options = {i: self.masks[i] for i in _members(group)}
        return self._search(group, options, 0, max_work)

    def _search(self, group: int, options: dict[int, np.ndarray], used: int,
                max_work: int) -> bool:
        """Depth-first: the player with fewest options left goes first (fail first); each
        choice filters every other player's options, and a player left with none ends the
        branch before going deeper. Failed states are remembered by the players left and
        the used cards that matter to them, so a state reached again by another order of
        choices costs nothing."""
        if not group:
            return True
        key = (group, used & self.relevant(group))
        if key in self.failed:
            return False
        if self.too_few_cards(group, options):
            self.failed.add(key)
            return False
        player = min(options, key=lambda i: (len(options[i]), i))
        rest = group & ~(1 << player)
        rest_cards = self.relevant(rest)
        # Combinations meeting the rest in the same cards lead to the same state: try one.
        mine = options[player]
        _, first = np.unique(mine & rest_cards, return_index=True)
        for mask in mine[np.sort(first)]:
            self.work += 1
            if self.work > max_work:
                raise JointSearchTooHard(
                    [self.ranges[i].player for i in _members(self.top)], max_work
                )
            left = {}
            for i in _members(rest):
                kept = options[i][(options[i] & mask) == 0]
                if not kept.size:
                    break
                left[i] = kept
            else:
                if self._search(rest, left, used | int(mask), max_work):
                    return True
        self.failed.add(key)
        return False

    def too_few_cards(self, group: int, options: dict[int, np.ndarray]) -> bool:
        """Whether the cards left to group are too few, counted in a way that sees parity.

        Link two live cards when some two-card combination still holds both. A pair of
        hole cards lies inside one linked set, so a set of v cards gives at most v // 2
        pairs: three players choosing two cards each among two separate triples of cards
        cannot all hold (Hall's condition counts 6 cards and passes). Also the plain count:
        the live cards must cover every hole card of group. Necessary conditions only, at
        a cost of one pass over the live cards, so every search node can afford it.
        """
        live = 0
        pairs_needed = singles_needed = 0
        for i in _members(group):
            live |= int(np.bitwise_or.reduce(options[i]))
            if self.ranges[i].size == 2:
                pairs_needed += 1
            else:
                singles_needed += 1
        if live.bit_count() < 2 * pairs_needed + singles_needed:
            return True
        if pairs_needed < 2:
            return False
        neighbours = self._group_neighbours.get(group)
        if neighbours is None:
            neighbours = [0] * N_CARDS
            for i in _members(group):
                neighbours = [a | b for a, b in zip(neighbours, self.neighbours[i])]
            self._group_neighbours[group] = neighbours
        pairs = 0
        left = live
        while left:
            linked = frontier = left & -left
            while frontier:
                low = frontier & -frontier
                frontier ^= low
                new = neighbours[low.bit_length() - 1] & left & ~linked
                linked |= new
                frontier |= new
            pairs += linked.bit_count() // 2
            left &= ~linked
        return pairs < pairs_needed

    def shrink(self, group: int, max_work: int) -> int:
        """Drop players from an infeasible group while the rest stay infeasible (the
        deletion filter): the result has no player to spare. Each check gets its own
        max_work; one that runs out keeps its player, so the group only stays larger."""
        if group.bit_count() <= 2:
            return group  # a single range is never empty here; a pair is minimal
        for i in _members(group):
            smaller = group & ~(1 << i)
            try:
                infeasible = not all(
                    self.feasible(part, max_work) for part in self.components(smaller)
                )
            except JointSearchTooHard:
                infeasible = False
            if infeasible:
                group = smaller
        return group


# --------------------------------------------------------------------------- listing


def list_joint_choices(
    ranges: Sequence[PlayerRange], cap: int
) -> tuple[np.ndarray, np.ndarray] | None:
    """Every joint choice, or None if there are more than cap of them.

    Returns (rows, choices): rows are the chosen cards in range order, each combination's
    cards as written in its tuple (width: the sum of the sizes); choices are, per row, one
    index per range into the concatenated combination lists (range i's k-th combination is
    start_i + k, start_i the number of combinations of the ranges before it). Rows come in
    lexicographic order of (range 0's combination, range 1's, ...), exactly as
    EngineInputs (engine/inputs.py) lists them.

    None is decided by a lower bound on the count when it can be (no listing at all),
    otherwise by listing until the count passes cap.
    """
    n = len(ranges)
    width = sum(r.size for r in ranges)
    if n == 0:  # one empty choice
        return None if cap < 1 else (np.zeros((1, 0), np.int64), np.zeros((1, 0), np.int64))
    if any(not r.combos for r in ranges):
        return np.zeros((0, width), np.int64), np.zeros((0, n), np.int64)
    cards = [_combo_cards(r) for r in ranges]
    if _lower_bound(ranges, cards) > cap:
        return None
    masks = [_masks_of(c) for c in cards]
    starts = np.concatenate([[0], np.cumsum([len(r.combos) for r in ranges])[:-1]])
    choices = _list_choices(masks, starts.astype(np.int64), cap)
    if choices is None:
        return None
    rows = np.empty((len(choices), width), dtype=np.int64)
    at = 0
    for i, r in enumerate(ranges):
        rows[:, at:at + r.size] = cards[i][choices[:, i] - starts[i]]
        at += r.size
    return rows, choices


def choice_weights(ranges: Sequence[PlayerRange], choices: np.ndarray) -> np.ndarray | None:
    """Each joint choice's weight, the product of its combinations' weights (ranges.py),
    for choices as list_joint_choices gives them; None when no range has weights (every
    joint choice equally likely)."""
    if all(r.weights is None for r in ranges):
        return None
    flat = np.concatenate([
        np.ones(len(r.combos)) if r.weights is None else np.asarray(r.weights, dtype=np.float64)
        for r in ranges
    ])
    return np.prod(flat[choices], axis=1) if choices.size else np.ones(len(choices))


def count_lower_bound(ranges: Sequence[PlayerRange]) -> int:
    """A number of joint choices there are at least (0 when nothing is promised).

    Take the players narrowest range first. Whatever the earlier players chose, they hold
    k cards, all from the union of their ranges, and those k cards remove at most the
    combinations of this player holding one of them: at most the sum of the k largest card
    degrees of this player's range over that union. Every choice of the earlier players
    therefore leaves this player at least |C| minus that sum, and the count is at least
    the product. Three ranges of any two hole cards give about 1e9 at once.
    """
    return _lower_bound(ranges, [_combo_cards(r) for r in ranges])


def _lower_bound(ranges: Sequence[PlayerRange], cards: list[np.ndarray]) -> int:
    """count_lower_bound, given each range's cards as an array."""
    order = sorted(range(len(ranges)), key=lambda i: (len(ranges[i].combos), i))
    bound = 1
    earlier_cards = np.zeros(N_CARDS, dtype=bool)
    held = 0
    for i in order:
        r = ranges[i]
        degree = np.bincount(cards[i].ravel(), minlength=N_CARDS)
        reachable = np.sort(degree[earlier_cards])[::-1]
        left = len(r.combos) - int(reachable[:held].sum())
        if left <= 0:
            return 0
        bound *= left
        earlier_cards[cards[i].ravel()] = True
        held += r.size
    return bound


class _TooMany(Exception):
    """The listing passed its cap."""


def _list_choices(masks: list[np.ndarray], starts: np.ndarray, cap: int) -> np.ndarray | None:
    """The choice rows in lexicographic order, or None past cap.

    A depth-first walk over blocks of partial rows: a block is extended by one range at a
    time (a (rows x combinations) disjointness test, its true cells read in row-major
    order, which keeps the lexicographic order), and each extended block is walked to the
    last range before the next block starts. Finished rows are counted as they come, so
    the walk stops soon after cap, and the memory besides the answer is a few blocks.
    """
    n = len(masks)
    out: list[np.ndarray] = []
    total = 0

    def walk(level: int, chosen: np.ndarray, used: np.ndarray) -> None:
        nonlocal total
        combos = masks[level]
        step = max(1, _BLOCK // len(combos))
        for s in range(0, len(used), step):
            block_used = used[s:s + step]
            row, k = np.nonzero((block_used[:, None] & combos[None, :]) == 0)
            if not row.size:
                continue
            if level == n - 1:
                total += row.size
                if total > cap:
                    raise _TooMany
            extended = np.empty((row.size, level + 1), dtype=np.int64)
            extended[:, :level] = chosen[s:s + step][row]
            extended[:, level] = k + starts[level]
            if level == n - 1:
                out.append(extended)
            else:
                walk(level + 1, extended, block_used[row] | combos[k])

    try:
        walk(0, np.zeros((1, 0), dtype=np.int64), np.zeros(1, dtype=np.int64))
    except _TooMany:
        return None
    if not out:
        return np.zeros((0, n), dtype=np.int64)
    return out[0] if len(out) == 1 else np.concatenate(out)


# --------------------------------------------------------------------------- helpers


def _combo_cards(r: PlayerRange) -> np.ndarray:
    """The combinations as an int64 array (combinations x size)."""
    flat = np.fromiter(chain.from_iterable(r.combos), dtype=np.int64,
                       count=len(r.combos) * r.size)
    return flat.reshape(len(r.combos), r.size)


def _masks_of(cards: np.ndarray) -> np.ndarray:
    """Each combination (a row of cards) as an int64 card mask."""
    return np.bitwise_or.reduce(np.left_shift(np.int64(1), cards), axis=1).reshape(-1)


def _neighbour_masks(cards: np.ndarray) -> list[int]:
    """For each card, the mask of cards it shares a two-card combination with."""
    masks = np.zeros(N_CARDS, dtype=np.int64)
    if cards.shape[1] == 2 and cards.size:
        np.bitwise_or.at(masks, cards[:, 0], np.left_shift(np.int64(1), cards[:, 1]))
        np.bitwise_or.at(masks, cards[:, 1], np.left_shift(np.int64(1), cards[:, 0]))
    return [int(m) for m in masks]


def _members(group: int):
    """The player indices in a group bitmask, lowest first."""
    while group:
        low = group & -group
        yield low.bit_length() - 1
        group ^= low
