"""The arrays a kernel run takes, built from a checked Scenario: keys of the known cards,
cards to deal, the pool, and the ranged players' hole-card combinations."""

from __future__ import annotations

import numpy as np

from ..eval.any_kind import STRENGTHS
from ..eval.kernels import KIND_CODES, key_and_suits
from ..eval.tables import KEY_BIAS
from ..scenario import Scenario
from . import sim
from .joint import choice_weights, list_joint_choices
from .kernel_args import Dealing, HoleRanges, KnownHands, PotKinds


class EngineInputs:
    """The scenario as the kernels take it: arrays, kind codes.

    Players with a hole-card range get their hole cards from the range (a list of valid
    combinations per range, or the joint combinations listed up to joint_cap); to_deal and
    the draws here are the rest of their cards.
    """

    def __init__(self, scenario: Scenario, joint_cap: int = 0):
        game = scenario.game
        self.kind_a = KIND_CODES[game.kinds[0]]
        self.kind_b = KIND_CODES[game.kinds[1]] if game.split else -1
        self.low_qualifies = game.split and game.kinds[1] == "low_8"
        keys_suits = [key_and_suits(k) for k in scenario.known]
        self.base_key = np.array([k for k, _ in keys_suits], dtype=np.int64)
        self.known_suits = np.array([s for _, s in keys_suits], dtype=np.int64)
        self.n_known = np.array([len(k) for k in scenario.known], dtype=np.int64)
        rest = list(scenario.to_deal)
        for r in scenario.ranges:
            rest[r.player] -= r.size
        self.to_deal = np.array(rest, dtype=np.int64)
        self.offsets = np.concatenate([[0], np.cumsum(self.to_deal)[:-1]]).astype(np.int64)
        self.community = scenario.community_to_come
        self.n_draws = int(self.to_deal.sum()) + self.community
        self.community_at = self.n_draws - 1 if self.community else -1
        self.pool = np.array(scenario.pool, dtype=np.uint8)
        self.dealing_pool = sim.dealing_pool(scenario.pool)
        self.ranges = scenario.ranges
        self._range_arrays(scenario)
        # Every joint choice of the ranged players' hole cards, when there are at most
        # joint_cap: joint_rows as card ids (player order; exact enumeration walks them) and
        # joint_choices as indices into the combination arrays (Monte Carlo draws a row in
        # one step). joint_rows is None past the cap or without ranges; joint_choices is
        # then empty, and Monte Carlo draws each range and redraws on a clash.
        self.joint_rows = None
        self.joint_choices = np.zeros((0, len(self.ranges)), dtype=np.int64)
        if self.ranges and joint_cap > 0:
            joint = list_joint_choices(self.ranges, joint_cap)
            if joint is not None:
                self.joint_rows, self.joint_choices = joint
        # Weighted ranges (ranges.py): a joint choice's chance is proportional to its
        # weight. joint_weight (listed choices, scaled to mean 1, so that weighted tallies
        # still add up to the number of deals) is None when every choice weighs the same;
        # Monte Carlo draws by the running sums joint_cum (listed) or, past the listing,
        # combo_cum (each range's combinations, restarting at every range). Both are empty
        # unweighted, and the kernels then draw uniformly, as they always did.
        self.joint_weight = None
        self.joint_cum = np.zeros(0, dtype=np.float64)
        self.combo_cum = np.zeros(0, dtype=np.float64)
        if any(r.weights is not None for r in self.ranges):
            self.combo_cum = np.concatenate([
                np.cumsum(np.ones(len(r.combos)) if r.weights is None else r.weights)
                for r in self.ranges
            ])
            if self.joint_rows is not None and len(self.joint_choices):
                weight = choice_weights(self.ranges, self.joint_choices)
                assert weight is not None  # a range has weights
                self.joint_weight = weight * (len(weight) / weight.sum())
                self.joint_cum = np.cumsum(weight)

    def _range_arrays(self, scenario: Scenario) -> None:
        n_players = len(self.base_key)
        self.range_of = np.full(n_players, -1, dtype=np.int64)
        combos = [c for r in self.ranges for c in r.combos]
        self.range_start = np.zeros(len(self.ranges), dtype=np.int64)
        self.range_count = np.array([len(r.combos) for r in self.ranges], dtype=np.int64)
        self.range_size = np.array([r.size for r in self.ranges], dtype=np.int64)
        start = 0
        for i, r in enumerate(self.ranges):
            self.range_of[r.player] = i
            self.range_start[i] = start
            start += len(r.combos)
        self.combo_cards = np.zeros((len(combos), 2), dtype=np.int64)
        self.combo_key = np.zeros(len(combos), dtype=np.int64)
        self.combo_suits = np.zeros(len(combos), dtype=np.int64)
        self.combo_mask = np.zeros(len(combos), dtype=np.int64)
        for k, combo in enumerate(combos):
            self.combo_cards[k, : len(combo)] = combo
            key, suits = key_and_suits(combo)
            self.combo_key[k] = key - KEY_BIAS
            self.combo_suits[k] = suits
            self.combo_mask[k] = sum(1 << c for c in combo)

    def pot_kinds(self) -> PotKinds:
        """How the kernels value the hands and split the pot."""
        return PotKinds(strengths=STRENGTHS, kind_a=self.kind_a, kind_b=self.kind_b,
                        low_qualifies=self.low_qualifies)

    def known_hands(self) -> KnownHands:
        """The players' known cards as the kernels take them."""
        return KnownHands(base_key=self.base_key, known_suits=self.known_suits,
                          n_known=self.n_known)

    def dealing(self) -> Dealing:
        """What the Monte Carlo kernel deals from, and where each player's cards go."""
        return Dealing(pool=self.dealing_pool, to_deal=self.to_deal, offsets=self.offsets,
                       n_draws=self.n_draws, community_at=self.community_at)

    def hole_ranges(self) -> HoleRanges:
        """The ranged players' combinations as the Monte Carlo kernel draws them."""
        return HoleRanges(range_of=self.range_of, range_start=self.range_start,
                          range_count=self.range_count, range_size=self.range_size,
                          combo_cards=self.combo_cards, combo_key=self.combo_key,
                          combo_suits=self.combo_suits, combo_mask=self.combo_mask,
                          joint_choices=self.joint_choices, joint_cum=self.joint_cum,
                          combo_cum=self.combo_cum)

    def hole_slices(self) -> tuple[np.ndarray, np.ndarray]:
        """Where each player's hole cards sit in a joint row (length 0 if not ranged)."""
        start = np.zeros(len(self.base_key), dtype=np.int64)
        length = np.zeros(len(self.base_key), dtype=np.int64)
        at = 0
        for r in self.ranges:
            start[r.player], length[r.player] = at, r.size
            at += r.size
        return start, length
