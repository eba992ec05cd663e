"""What each player did in one hand that the stats count (docs/review.md defines each
stat from these facts; player_stats.py adds them up). Worked out once, at import, from
the hand record, so that a query over many hands is a sum in SQL.

"The first street" is 3rd street (2nd in five-card stud), where the bring-in is. On it:
- voluntary: the player called, completed or raised (the bring-in itself is forced; a
  bring-in who then calls a completion did put chips in voluntarily);
- raised_first: the player completed or raised;
- brought_in / faced_completion / defended: the player brought it in, then acted facing
  a completion by another player, and that action was a call or a raise (not a fold);
- steal_chance / stole: the player was one of the last two to act (counted from the
  bring-in in seat order), and acted first with nobody in yet (only antes, the bring-in and
  folds before); a steal is a completion (or raise) then;
- faced_steal / folded_to_steal: the player's first action after a steal attempt came
  with nothing but folds between, and it was a fold.
Over the hand:
- saw_second: live when the second street was dealt;
- went_to_showdown: live at the end of a hand that ended with two or more players live;
- won_at_showdown: went to showdown and collected chips;
- won_without_showdown: collected chips in a hand everyone else folded;
- aggressive_<street> / calls_<street>: the bets, completions and raises (the bring-in
  not counted), and the calls, on each street.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..histories.record import HandHistory

STREETS = ("2nd", "3rd", "4th", "5th", "6th", "7th")

_IN = frozenset(("call", "complete", "raise", "bet"))
_AGGRESSIVE = frozenset(("complete", "raise", "bet"))


@dataclass
class PlayerFacts:
    """One player's facts in one hand (0 or 1 each, the per-street counts aside)."""

    net: float = 0.0
    put_in: float = 0.0
    returned: float = 0.0
    collected: float = 0.0
    voluntary: int = 0
    raised_first: int = 0
    brought_in: int = 0
    faced_completion: int = 0
    defended: int = 0
    steal_chance: int = 0
    stole: int = 0
    faced_steal: int = 0
    folded_to_steal: int = 0
    saw_second: int = 0
    went_to_showdown: int = 0
    won_at_showdown: int = 0
    won_without_showdown: int = 0
    aggressive: dict[str, int] = field(default_factory=lambda: dict.fromkeys(STREETS, 0))
    calls: dict[str, int] = field(default_factory=lambda: dict.fromkeys(STREETS, 0))


def live_at_end(hh: HandHistory) -> tuple[str, ...]:
    """The players who never folded, in seat order."""
    return hh.live_players(len(hh.streets))


def is_showdown(hh: HandHistory) -> bool:
    """The hand ended with two or more players live (an all-in hand included)."""
    return len(live_at_end(hh)) >= 2


def hand_facts(hh: HandHistory) -> dict[str, PlayerFacts]:
    """Every dealt-in player's facts, by name."""
    facts = {name: PlayerFacts() for name in hh.players}
    for name, f in facts.items():
        f.put_in = round(hh.put_in(name), 2)
        f.returned = round(hh.uncalled.get(name, 0.0), 2)
        f.collected = round(hh.collected.get(name, 0.0), 2)
        f.net = round(f.collected - (f.put_in - f.returned), 2)
    for street in hh.streets:
        for action in street.actions:
            if action.player not in facts:
                continue
            if action.kind in _AGGRESSIVE:
                facts[action.player].aggressive[street.name] += 1
            elif action.kind == "call":
                facts[action.player].calls[street.name] += 1
    if hh.streets:
        _first_street(hh, facts)
    showdown = is_showdown(hh)
    live = set(live_at_end(hh))
    folded_first = {a.player for a in hh.streets[0].actions if a.kind == "fold"} \
        if hh.streets else set()
    for name, f in facts.items():
        f.saw_second = int(len(hh.streets) >= 2 and name not in folded_first)
        won = f.collected > 0
        f.went_to_showdown = int(showdown and name in live)
        f.won_at_showdown = int(f.went_to_showdown and won)
        f.won_without_showdown = int(not showdown and won)
    return facts


def _first_street(hh: HandHistory, facts: dict[str, PlayerFacts]) -> None:
    actions = [a for a in hh.streets[0].actions if a.kind != "ante" and a.player in facts]
    if not actions:
        return
    forced = actions[0].player  # the bring-in's seat, even when it completes instead
    seats = list(hh.players)
    at = seats.index(forced)
    in_order = seats[at:] + seats[:at]
    last_two = {name for name in in_order[-2:] if name != forced}
    anyone_in = False          # a call, completion or raise so far (the bring-in is not one)
    steal_by: str | None = None  # a steal attempt nothing but folds has followed yet
    completed_by: str | None = None
    acted: set[str] = set()
    answered_steal: set[str] = set()
    bring_in_answered = False
    for action in actions:
        f = facts[action.player]
        kind = action.kind
        if kind in _IN:
            f.voluntary = 1
        if kind in _AGGRESSIVE:
            f.raised_first = 1
        if kind == "bring-in":
            f.brought_in = 1
        elif f.brought_in and completed_by not in (None, action.player) \
                and not bring_in_answered:
            bring_in_answered = True
            f.faced_completion = 1
            f.defended = int(kind in ("call", "raise"))
        if steal_by is not None and action.player != steal_by \
                and action.player not in answered_steal:
            answered_steal.add(action.player)
            f.faced_steal = 1
            f.folded_to_steal = int(kind == "fold")
        if action.player in last_two and action.player not in acted and not anyone_in:
            f.steal_chance = 1
            if kind in _AGGRESSIVE:
                f.stole = 1
                steal_by = action.player
        elif kind != "fold":
            steal_by = None  # a call or a raise after the steal: no longer facing a steal
        if kind == "complete" and completed_by is None:
            completed_by = action.player
        if kind in _IN:
            anyone_in = True
        acted.add(action.player)
