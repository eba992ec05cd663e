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


# Heads-up questions of every kind, some with flushes in play (stud7, razz27, razz6) and
# five-card stud's odd card counts.
HEADS_UP = [
    ("stud7", ["(As Ks) Ah", "(x x) Qd"]),
    ("stud7", ["(Qh Jh) Th 9h", "(7c 7d) 7s Ac"]),
    ("razz", ["(As 2d) 3c", "(x x) Kd"]),
    ("razz27", ["(2s 3s) 4s", "(x x) 7s"]),
    ("razz6", ["(As 2s) 3s 4h", "(x x) 6s 5s"]),
    ("stud5", ["(Ks) Kd 9h", "(x) Ah 2c"]),
    ("stud5low", ["(As) 2d", "(x) 5c"]),
]


@pytest.mark.parametrize("game, hands", HEADS_UP)
def test_heads_up_loop_deals_and_counts_as_the_general_loop(game, hands):
    """sim.heads_up_trials, the loop for two players and one pot, against the general
    trial loop: --distribution sends a heads-up run through the general loop on the same
    random stream, so every number must be equal, not close."""
    fast = equity(game, hands, trials=20_001, seed=3)
    general = equity(game, hands, trials=20_001, seed=3, distribution=True)
    for a, b in zip(fast.players, general.players, strict=True):
        assert (a.equity, a.win, a.tie) == (b.equity, b.win, b.tie)


# (game, hands, options) -> each player's equity and whole-pot wins at 30,001 trials, seed 5.
PINNED = [
    ("stud7", ["(As Ks) Ah", "(x x) Qd"], {},
     [(0.7796740108663045, 0.7796406786440452), (0.22032598913369555, 0.2202926569114363)]),
    ("stud7hl8", ["(As 2s) 3h 4h", "(x x) Qc Kd", "(x x) 5c 6c"], {"distribution": True},
     [(0.5101246625112497, 0.27265757808073066), (0.21254291523615879, 0.07203093230225659),
      (0.2773324222525916, 0.12949568347721743)]),
    ("stud7", ["(As Ks) Ah", "(x x) Qd", "(pair+ | flush3) 2c"], {},
     [(0.5437485417152762, 0.5437152094930169), (0.18257724742508583, 0.1825605813139562),
      (0.273674210859638, 0.2736575447485084)]),
    ("stud7", ["(As Ks) Ah", "(x x) Qd", "(x x) Jc", "(x x) Th", "(x x) 9s", "(x x) 8d",
               "(x x) 7c", "(x x) 6h"], {},
     [(0.29717342755241494, 0.29705676477450754), (0.10197993400219993, 0.1017299423352555),
      (0.10266324455851472, 0.10229659011366288), (0.0965134495516816, 0.0961634612179594),
      (0.09586347121762608, 0.09559681343955201), (0.10312989567014433, 0.10272990900303323),
      (0.10416319456018133, 0.10382987233758875), (0.09851338288723709, 0.09819672677577414)]),
    ("stud7hl", ["(As 2s) 3h", "(x x) Kd", "(x x) 5c"], {"declare": ["both", "high", "low"]},
     [(0.2908486383787207, 0.29042365254491515), (0.35452151594946835, 0.0),
      (0.35462984567181094, 0.0)]),
]


@pytest.mark.parametrize("game, hands, options, want", PINNED,
                         ids=["heads-up", "3-way hi-lo", "ranged", "8-way", "declare"])
def test_sampled_numbers_of_a_seed_are_pinned(game, hands, options, want):
    result = equity(game, hands, trials=30_001, seed=5, **options)
    assert result.samples == 30_001
    for player, (eq, win) in zip(result.players, want, strict=True):
        assert (player.equity, player.win) == (eq, win)


def test_a_ranged_split_pot_distribution_of_a_seed_is_pinned():
    """The general loop with a range and the final-hand bins, which turn each hand's
    strength back into its value (eval/any_kind.py): the numbers of this seed, the same
    before the engines compared strengths (checked at c854535) and pinned since."""
    result = equity("stud7hl8", ["(As 2s) 3h", "(low3) 4c", "(x x) Kd"], trials=30_001,
                    seed=5, distribution=True)
    want = [  # equity; the high's pair and flush, the low's none and 7-low
        (0.39339522015932804, 0.4461851271624279, 0.03966534448851705, 0.5422485917136095,
         0.13502883237225427),
        (0.3466634445518483, 0.4314189527015766, 0.04103196560114663, 0.546448451718276,
         0.1495283490550315),
        (0.2599413352888237, 0.4282523915869471, 0.03749875004166528, 0.9387020432652244,
         0.017466084463851204),
    ]
    for player, pinned in zip(result.players, want, strict=True):
        high, low = player.distribution["high"], player.distribution["low_8"]
        assert (player.equity, high["pair"], high["flush"], low["no low"],
                low["7-low"]) == pinned
