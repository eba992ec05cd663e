"""The Monte Carlo kernel's own pieces (studodds/engine/sim.py, showdown.py), checked against
their plain forms, and its sampled numbers pinned for one seed.

The pinned numbers were printed by the kernel before it summed keys over a fixed seven
places and built the winner masks while valuing the hands (same generator, same stream):
a change that keeps the stream must keep every one of them, to the last bit.
"""

from __future__ import annotations

import numba as nb
import numpy as np
import pytest

from studodds import equity
from studodds.engine.showdown import add_to_winners, winners_mask
from studodds.engine.sim import MAX_DEALT, dealt_key


@nb.njit
def _keys_both_ways(work, base, start, count, community_at):
    """(dealt_key, the plain sum it stands for)."""
    plain = base
    for d in range(count):
        plain += work[start + d]
    if community_at >= 0:
        plain += work[community_at]
    return dealt_key(base, work, start, count, community_at), plain


@pytest.mark.parametrize("count", range(MAX_DEALT + 3))
def test_dealt_key_adds_exactly_the_dealt_places(count):
    """Every count, those with a case of their own and those the loop takes, with the
    places around the hand holding cards (never zeros), so a sum that takes one place too
    many or too few shows."""
    rng = np.random.default_rng(count)
    work = rng.integers(1, 1 << 40, size=40 + MAX_DEALT)
    for start in (0, 5, 17):
        for community_at in (-1, 30):
            got, want = _keys_both_ways(work, 12345, start, count, community_at)
            assert got == want, (count, start, community_at)


@nb.njit
def _masks_both_ways(values):
    mask, best = np.int64(0), np.int64(-1)
    for p in range(values.shape[0]):
        mask, best = add_to_winners(mask, best, values[p], p)
    return mask, best, winners_mask(values, values.shape[0], values.max())


def test_winner_masks_built_on_the_way_equal_the_masks_of_all_values():
    """Random values from a small set (ties are common), 2 to 8 players, and NO_LOW (0)."""
    rng = np.random.default_rng(7)
    for _ in range(3000):
        n = int(rng.integers(2, 9))
        values = rng.integers(0, 4, size=n).astype(np.int64)
        mask, best, want = _masks_both_ways(values)
        assert best == values.max()
        assert mask == want, values


# (game, hands, options) -> each player's equity and whole-pot wins at 30,001 trials, seed 5.
PINNED = [
    ("stud7", ["(As Ks) Ah", "(x x) Qd"], {},
     [(0.7772407586413786, 0.7771407619746008), (0.22275924135862138, 0.22265924469184362)]),
    ("stud7hl8", ["(As 2s) 3h 4h", "(x x) Qc Kd", "(x x) 5c 6c"], {"distribution": True},
     [(0.5134162194593513, 0.276057464751175), (0.21142628579047365, 0.07103096563447885),
      (0.275157494750175, 0.12492916902769907)]),
    ("stud7", ["(As Ks) Ah", "(x x) Qd", "(pair+ | flush3) 2c"], {},
     [(0.5446151794940168, 0.5445485150494983), (0.1837605413152895, 0.18369387687077096),
      (0.27162427919069365, 0.2715576147461751)]),
    ("stud7", ["(As Ks) Ah", "(x x) Qd", "(x x) Jc", "(x x) Th", "(x x) 9s", "(x x) 8d",
               "(x x) 7c", "(x x) 6h"], {},
     [(0.29174027532415586, 0.2915902803239892), (0.10302989900336655, 0.10266324455851472),
      (0.10626312456251458, 0.105929802339922), (0.09611346288457051, 0.09579680677310756),
      (0.09764674510849639, 0.09739675344155195), (0.10222992566914436, 0.10186327122429252),
      (0.10439652011599614, 0.10412986233792207), (0.09858004733175561, 0.09816339455351489)]),
    ("stud7hl", ["(As 2s) 3h", "(x x) Kd", "(x x) 5c"], {"declare": ["both", "high", "low"]},
     [(0.2900403319889337, 0.2896903436552115), (0.35492983567214426, 0.0),
      (0.35502983233892205, 0.0)]),
]


@pytest.mark.parametrize("game, hands, options, want", PINNED,
                         ids=["heads-up", "3-way hi-lo", "ranged", "8-way", "declare"])
def test_sampled_numbers_of_a_seed_are_pinned(game, hands, options, want):
    result = equity(game, hands, trials=30_001, seed=5, **options)
    assert result.samples == 30_001
    for player, (eq, win) in zip(result.players, want, strict=True):
        assert (player.equity, player.win) == (eq, win)
