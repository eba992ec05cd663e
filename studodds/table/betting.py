"""One fixed-limit betting round: whose turn it is, what each may do, and the pot."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from ..games import Game
from .common import RulesError, check_no_bring_in, table_game
from .stakes import CAP_BETS, Stakes, checked_amount, open_pair_round


@dataclass(frozen=True)
class LegalAction:
    """An action the player to act may take.

    ``to`` is the player's total for the round after it (the "raise to" amount; for fold
    and check what they already have in); ``cost`` is what it adds from their stack.
    """

    action: str  # fold, check, call, bet, raise, complete, bring-in
    to: int | Decimal
    cost: int | Decimal


@dataclass(frozen=True)
class Pot:
    """A main or side pot and the players who can win it.

    A pot with one eligible player is money only that player put in beyond what anyone
    else could match: it goes back to them.
    """

    amount: int | Decimal
    eligible: tuple


class BettingRound:
    """One fixed-limit betting round, action by action.

    ``players_in_order``: the players still in the hand (any distinct labels, e.g. seat
    numbers) in the order they act, the first to act first (on the first round the bring-in
    player, see bring_in / first_to_act_first_round). ``stacks``: each one's chips behind
    at the start of the round. ``posted``: what each has already put in this hand (antes,
    earlier rounds), and ``dead``: what each player who has already folded put in; both
    only matter for pot() and pots(). ``open_pair``: a pair shows on some board (see
    shows_open_pair); it has effect only where the game has the option, on the second round.
    ``bring_in=False``: five-card stud played without a bring-in.

    Choices where the rule guides are silent (docs/rules.md, "Fixed-limit betting"). From
    Robert's Rules of Poker: the bring-in does not count toward the cap (completing it is
    the first of the four bets) and if everyone calls it, the bring-in player has no option;
    an all-in bet or raise of at least half the full amount counts as a full one (it reopens
    the betting and counts toward the cap). Our own, unlike Robert's Rules: a smaller all-in
    only has to be called, and a raise over it adds a full bet to it (Robert's: the next
    player may complete it); the cap applies heads-up too (the rule guides: "per round";
    Robert's: unlimited raising heads-up). A player who may check is not offered a fold.

    Open pair (docs/rules.md, "Fixed-limit betting"): with a pair showing on any board,
    every player to act, with or without the pair, may bet the small or the big bet; after a
    small bet any player may raise by a small or a big bet; once a big bet or raise is made
    the round is a big-bet round and every later bet and raise is big. The cap counts bets
    and raises whatever their size (one bet and three raises). Where the rule guides are
    silent: an all-in bet or raise of more than the small size counts as a big one (and,
    being more than a full small one, it reopens the betting); completing a short all-in
    opening bet may also go to the big bet, as the opening bet could.

    >>> r = BettingRound("stud7", 0, Stakes(10, 10, 50, 100), ["A", "B", "C"], [1000] * 3)
    >>> [(a.action, a.to) for a in r.legal_actions()]
    [('bring-in', 10), ('complete', 50)]
    >>> r.act("bring-in"); [(a.action, a.to) for a in r.legal_actions()]
    [('fold', 0), ('call', 10), ('complete', 50)]
    >>> r.act("complete"); r.to_act, [(a.action, a.to) for a in r.legal_actions()]
    ('C', [('fold', 0), ('call', 50), ('raise', 100)])
    >>> r.act("raise", 200)
    Traceback (most recent call last):
    ...
    studodds.table.RulesError: C cannot raise to 200: raise to 100

    Open pair on 4th street: after a small bet a raise may be small or big.

    >>> r = BettingRound("stud7", 1, Stakes(10, 10, 50, 100), ["A", "B", "C"], [1000] * 3,
    ...                  open_pair=True)
    >>> r.act("bet", 50); [(a.action, a.to) for a in r.legal_actions()]
    [('fold', 0), ('call', 50), ('raise', 100), ('raise', 150)]
    >>> r.act("raise", 150); [(a.action, a.to) for a in r.legal_actions()]
    [('fold', 0), ('call', 150), ('raise', 250)]
    """

    def __init__(
        self,
        game: Game | str,
        street_index: int,
        stakes: Stakes,
        players_in_order: Sequence,
        stacks: Sequence,
        open_pair: bool = False,
        bring_in: bool = True,
        posted: Sequence | None = None,
        dead: Sequence = (),
    ) -> None:
        self.game = table_game(game)
        if not isinstance(stakes, Stakes):
            raise RulesError(f"stakes must be a Stakes, got {stakes!r}")
        if not 0 <= street_index < len(self.game.streets):
            raise RulesError(
                f"street index {street_index} is not a betting round of {self.game.id} "
                f"(0 to {len(self.game.streets) - 1})"
            )
        self.players = list(players_in_order)
        n = len(self.players)
        if n < 2:
            raise RulesError(f"a betting round needs at least 2 players, got {n}")
        if len(set(self.players)) != n:
            raise RulesError(f"players must be distinct: {self.players!r}")
        if len(stacks) != n:
            raise RulesError(f"{len(stacks)} stacks for {n} players: give one stack each")
        posted = [0] * n if posted is None else list(posted)
        if len(posted) != n:
            raise RulesError(f"{len(posted)} posted amounts for {n} players: give one each")
        if not bring_in:
            check_no_bring_in(self.game)
        self.stakes = stakes
        self.street_index = street_index
        self.street = self.game.streets[street_index].name
        self.stacks = [checked_amount(s, f"the stack of {p}") for p, s in zip(self.players, stacks,
                                                                       strict=True)]
        self.posted = [checked_amount(a, f"the amount posted by {p}") for p, a in
                       zip(self.players, posted, strict=True)]
        self.dead = [checked_amount(a, "dead money") for a in dead]
        self.round_in: list[int | Decimal] = [0] * n
        self.folded = [False] * n
        self.unit = stakes.bet(self.game.streets[street_index].bet)
        self.open_pair = bool(open_pair) and open_pair_round(self.game, street_index)
        self.bets = 0  # bets and full raises made this round; the cap is CAP_BETS
        self.awaiting_bring_in = street_index == 0 and bring_in
        self.history: list[tuple] = []  # (player, action, to)
        live = [i for i in range(n) if self.stacks[i] > 0]
        self._needs = set(live)  # who must still act
        self._may_raise = set(live)  # who may still bet or raise
        self._next = 0
        if self.awaiting_bring_in and self.stacks[0] == 0:
            raise RulesError(f"the bring-in player {self.players[0]!r} has no chips to post it")

    # -- state --------------------------------------------------------------------------

    @property
    def to_match(self) -> int | Decimal:
        return max(self.round_in)

    @property
    def pot(self) -> int | Decimal:
        """Everything in the pot: posted, dead and this round's money."""
        return sum(self.posted) + sum(self.dead) + sum(self.round_in)

    @property
    def done(self) -> bool:
        """Every player has acted and all who have not folded have put in the same
        (or are all in), or only one player is left."""
        if sum(not f for f in self.folded) <= 1:
            return True
        if self.awaiting_bring_in:
            return False
        if not self._needs:
            return True
        # Nobody can answer a bet: at most one player has chips and they have matched.
        able = [i for i in self._active() if self.stacks[i] > 0]
        return len(able) <= 1 and all(self.round_in[i] >= self.to_match for i in able)

    @property
    def to_act(self) -> Hashable | None:
        """The player to act, or None when the round is over."""
        i = self._to_act_index()
        return None if i is None else self.players[i]

    def _active(self) -> list[int]:
        return [i for i in range(len(self.players)) if not self.folded[i]]

    def _to_act_index(self) -> int | None:
        if self.done:
            return None
        n = len(self.players)
        for step in range(n):
            i = (self._next + step) % n
            if i in self._needs:
                return i
        return None  # pragma: no cover - done covers an empty _needs

    @property
    def bet_size(self) -> int | Decimal:
        """The size of a bet or raise now: small or big (big once an open-pair big bet or
        raise is made). On an open-pair round before that it is the small bet, and the big
        bet may be chosen instead (see bet_sizes)."""
        return self.unit

    @property
    def bet_sizes(self) -> tuple:
        """The sizes a bet or raise may have now: one size, or (small, big) on an open-pair
        round while no big bet has been made (docs/rules.md, "Fixed-limit betting")."""
        if self._open_pair_choice:
            return (self.unit, self.stakes.big_bet)
        return (self.unit,)

    @property
    def _open_pair_choice(self) -> bool:
        return self.open_pair and self.unit < self.stakes.big_bet

    # -- actions ------------------------------------------------------------------------

    def legal_actions(self) -> list[LegalAction]:
        """What the player to act may do, with amounts; [] when the round is over."""
        i = self._to_act_index()
        if i is None:
            return []
        have, stack, to_match = self.round_in[i], self.stacks[i], self.to_match
        all_in = have + stack

        def action(name, to):
            to = min(to, all_in)
            return LegalAction(name, to, to - have)

        if self.awaiting_bring_in:
            actions = [action("bring-in", self.stakes.bring_in)]
            if self.stakes.small_bet > self.stakes.bring_in and stack > self.stakes.bring_in:
                actions.append(action("complete", self.stakes.small_bet))
            return actions
        can_raise = i in self._may_raise and self.bets < CAP_BETS and all_in > to_match
        if to_match > have:
            actions = [action("fold", have), action("call", to_match)]
        else:
            actions = [action("check", have)]
        if not can_raise:
            return actions
        # Open pair: a bet or raise may be small or big until a big one is made.
        sizes = self.bet_sizes
        if self.bets == 0 and to_match > 0:
            # Over the bring-in (or a short all-in bet) a raise completes it to a full bet.
            actions += [action("complete", size) for size in sizes]
        elif self.bets == 0:
            actions += [action("bet", size) for size in sizes]
        else:
            actions += [action("raise", to_match + size) for size in sizes]
        # Duplicate amounts (an all-in short of both bet sizes) are one choice.
        unique = []
        for a in actions:
            if a not in unique:
                unique.append(a)
        return unique

    def act(self, action: str, amount: float | Decimal | None = None) -> None:
        """Take an action for the player to act. ``amount`` is the round total it comes to
        ("raise to"); it is needed only to choose between two bet sizes (open pair)."""
        i = self._to_act_index()
        if i is None:
            raise RulesError(f"the round is over: no one can {action}")
        player = self.players[i]
        legal = self.legal_actions()
        choices = [a for a in legal if a.action == action]
        if not choices:
            options = ", ".join(dict.fromkeys(a.action for a in legal))
            raise RulesError(f"{player} cannot {action} now: the options are {options}")
        if amount is None:
            if len(choices) > 1:
                sizes = " or ".join(str(a.to) for a in choices)
                raise RulesError(f"{player} must say how much to {action}: to {sizes}")
            chosen = choices[0]
        else:
            amount = checked_amount(amount, f"the amount to {action}")
            matching = [a for a in choices if a.to == amount]
            if not matching:
                sizes = " or ".join(str(a.to) for a in choices)
                raise RulesError(f"{player} cannot {action} to {amount}: {action} to {sizes}")
            chosen = matching[0]
        self._apply(i, chosen)

    def _apply(self, i: int, chosen: LegalAction) -> None:
        previous = self.to_match
        self.history.append((self.players[i], chosen.action, chosen.to))
        self._needs.discard(i)
        self._may_raise.discard(i)
        self._next = (i + 1) % len(self.players)
        if chosen.action == "fold":
            self.folded[i] = True
            return
        self.round_in[i] = chosen.to
        self.stacks[i] -= chosen.cost
        if chosen.action == "bring-in":
            self.awaiting_bring_in = False
            if chosen.to >= self.unit:
                # A bring-in of a full small bet is the opening bet: the next player may
                # call or raise it, there is nothing to complete (Robert's Rules).
                self.bets = 1
                others = [j for j in self._active() if j != i and self.stacks[j] > 0]
                self._may_raise = set(others)
            return
        if chosen.to <= previous:  # check or call
            return
        if chosen.action == "complete" and self.awaiting_bring_in:
            self.awaiting_bring_in = False
        # A full bet or raise of the current (small, where there is a choice) size; a bet
        # or raise beyond it can only be an open-pair big one.
        full = self.unit - previous if chosen.action == "complete" else self.unit
        small_to = previous + self.unit if chosen.action == "raise" else self.unit
        if self._open_pair_choice and chosen.to > small_to:
            self.unit = self.stakes.big_bet  # open pair: from now on every bet is big
        others = [j for j in self._active() if j != i and self.stacks[j] > 0]
        if 2 * (chosen.to - previous) >= full:
            self.bets += 1
            self._needs = set(others)
            self._may_raise = set(others)
        else:  # a short all-in: the others must call it, but it does not reopen the betting
            self._needs |= {j for j in others if self.round_in[j] < chosen.to}

    # -- pots ---------------------------------------------------------------------------

    def pots(self) -> list[Pot]:
        """The main pot, then side pots, each with the players who can win it.

        Each pot holds, from every player (folded or not, and the dead money), up to the
        next level that a player still in the hand has put in; players who put in less (all
        in) cannot win the pots above them.
        """
        contrib = [p + r for p, r in zip(self.posted, self.round_in, strict=True)]
        money = [(c, self.players[i], not self.folded[i]) for i, c in enumerate(contrib)]
        money += [(d, None, False) for d in self.dead]
        remaining = [m[0] for m in money]
        pots: list[Pot] = []
        while any(remaining):
            live = [remaining[k] for k, m in enumerate(money) if m[2] and remaining[k] > 0]
            level = min(live) if live else max(remaining)
            amount = sum(min(r, level) for r in remaining)
            eligible = tuple(m[1] for k, m in enumerate(money) if m[2] and remaining[k] > 0)
            remaining = [r - min(r, level) for r in remaining]
            if not eligible and pots:  # folded money above every live player's level
                pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
            elif not eligible:  # only dead money: it goes to whoever is still in
                pots.append(Pot(amount, tuple(m[1] for m in money if m[2])))
            elif pots and pots[-1].eligible == eligible:
                pots[-1] = Pot(pots[-1].amount + amount, eligible)
            else:
                pots.append(Pot(amount, eligible))
        return pots
