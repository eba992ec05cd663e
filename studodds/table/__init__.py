"""Table rules of fixed-limit stud: who brings it in, who acts first, bet sizes, a betting round.

Rules reference: docs/rules.md ("Bring-in and first to act", "Fixed-limit betting", "Where
rulebooks differ"). Where the rule guides it was written from are silent we follow Robert's
Rules of Poker and say so.

Seats are 0-based indexes in seat order, closest to the dealer's left first. Cards are ids
(``rank * 4 + suit``, see cards.py) or card text (``"2c"``); a board is one player's up cards.
Suit order, used here and never at showdown: clubs < diamonds < hearts < spades.

The order of play is data (games.py): ``Game.order`` "high" (the lowest door card brings it
in, ace high; the best high board acts first) or "low" (the highest door card brings it in
and the best low board acts first), and for "low" ``Game.order_ace_low`` says whether the
ace counts low (razz: a king is the worst door card) or high (razz27: the spade ace is).
``Game.open_pair_option`` (stud7, stud5) gives the open-pair option on the second betting
round: with a pair on any board, any player may bet the big bet, or raise by it after a
small bet, and from then on every bet and raise of the round is big. Five-card games may
be played without a bring-in (``bring_in=False``): the best door card acts first.
No code here branches on a game id: a new game is a row in games.py.

>>> bring_in("stud7", ["Kd", "2d", "2c", "As"])
2
>>> bring_in("razz27", ["Kd", "2d", "As"]), bring_in("razz6", ["Kd", "2d", "As"])
(2, 0)
>>> first_to_act("stud7", ["8c 8d Kh", "Qs 2c Qd", "Th Js 9d"])
1
>>> first_to_act("stud7", ["8c 8d Kh", "Qs 2c"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
studodds.table.RulesError: boards must all have the same number of up cards: '8c 8d Kh' has 3, ...
"""

from .betting import BettingRound, LegalAction, Pot
from .common import RulesError
from .first_round import bring_in, first_to_act_first_round
from .order import first_to_act, showing_strength, shows_open_pair
from .stakes import CAP_BETS, LimitRow, Stakes, limits

# Errors read "studodds.table.RulesError" wherever in the package they are raised.
RulesError.__module__ = __name__

__all__ = [
    "CAP_BETS",
    "BettingRound",
    "LegalAction",
    "LimitRow",
    "Pot",
    "RulesError",
    "Stakes",
    "bring_in",
    "first_to_act",
    "first_to_act_first_round",
    "limits",
    "showing_strength",
    "shows_open_pair",
]
