"""Replaying five-card stud hands (stud5, stud5low, stud5low6, stud5hl): streets "2nd" to
"5th", one hole card and four up cards, no river. No reader of ours writes five-card
records yet, so the records are built here, as a reader would build them."""

from __future__ import annotations

import dataclasses

import pytest

from studodds.cards import parse_card
from studodds.equity import equity
from studodds.histories import Action, HandHistory, Street
from studodds.histories.replay import check_rules, replay_hand


def C(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


def stud5_hand(game: str = "stud5") -> HandHistory:
    """Hero (As | 7d 7c Ks 8h), Bea (Kc | 2h 3d, folds on 3rd street), Cal (9s | Qh Jh Qd 4c).
    Bea's deuce brings it in; Hero's sevens act first on 3rd street, Cal's queens after."""
    H, B, Cl = "Hero", "Bea", "Cal"
    antes = [Action(p, "ante", 1) for p in (H, B, Cl)]
    streets = (
        Street("2nd", {H: C("As 7d"), B: C("2h"), Cl: C("Qh")}, tuple(antes) + (
            Action(B, "bring-in", 2), Action(Cl, "complete", 5, to=5), Action(H, "call", 5),
            Action(B, "call", 3))),
        Street("3rd", {H: C("7c"), B: C("3d"), Cl: C("Jh")}, (
            Action(H, "bet", 5), Action(B, "fold", 0), Action(Cl, "call", 5))),
        Street("4th", {H: C("Ks"), Cl: C("Qd")}, (
            Action(Cl, "bet", 10), Action(H, "call", 10))),
        Street("5th", {H: C("8h"), Cl: C("4c")}, (
            Action(Cl, "check", 0), Action(H, "bet", 10), Action(Cl, "call", 10))),
    )
    return HandHistory(
        hand_id="5-1", game=game, mix=None, tournament=None, small_bet=5, big_bet=10,
        ante=1, bring_in=2, seats=((1, H), (2, B), (3, Cl)),
        stacks={H: 100, B: 100, Cl: 100}, hero=H, hero_cards=C("As 7d 7c Ks 8h"),
        up_cards={H: C("7d 7c Ks 8h"), B: C("2h 3d"), Cl: C("Qh Jh Qd 4c")}, streets=streets,
        shown={H: C("As 7d 7c Ks 8h"), Cl: C("9s Qh Jh Qd 4c")}, collected={Cl: 68},
        total_pot=68, rake=0, warnings=(), room="test")


def test_streets_pots_and_hands():
    r = replay_hand(stud5_hand(), trials=2000)
    assert [s.street for s in r.streets] == ["2nd", "3rd", "4th", "5th"]
    assert [s.pot for s in r.streets] == [3, 18, 28, 48]
    assert [p.hero_view for p in r.streets[1].players] == ["(As) 7d 7c", "(x) 2h 3d",
                                                            "(x) Qh Jh"]
    last = {p.name: p for p in r.streets[-1].players}
    # No river group in five-card stud: the hand is the hole card and four up cards.
    assert last["Cal"].revealed == "(9s) Qh Jh Qd 4c"
    assert last["Cal"].hero_view == "(x) Qh Jh Qd 4c"
    assert (last["Cal"].equity_revealed, last["Hero"].equity_revealed) == (1.0, 0.0)
    # Bea folded on 3rd street: her two up cards are dead, her hole card unseen.
    assert r.streets[2].dead_hero_view == "2h 3d x"
    assert r.rule_problems == ()


def test_equities_are_those_equity_gives():
    r = replay_hand(stud5_hand(), trials=2000, seed=7)
    asked = {
        "2nd": (["(As) 7d", "(x) 2h", "(x) Qh"], ""),
        "3rd": (["(As) 7d 7c", "(x) 2h 3d", "(x) Qh Jh"], ""),
        "4th": (["(As) 7d 7c Ks", "(x) Qh Jh Qd"], "2h 3d x"),
        "5th": (["(As) 7d 7c Ks 8h", "(x) Qh Jh Qd 4c"], "2h 3d x"),
    }
    for street in r.streets:
        hands, dead = asked[street.street]
        want = equity("stud5", hands, dead, trials=2000, seed=7)
        assert [p.equity_hero_view for p in street.players] == [p.equity for p in want.players]
    revealed = equity("stud5", ["(As) 7d 7c Ks", "(9s) Qh Jh Qd"], "2h 3d x", trials=2000,
                      seed=7)
    assert [p.equity_revealed for p in r.streets[2].players] == [
        p.equity for p in revealed.players]


@pytest.mark.parametrize("game", ["stud5low", "stud5low6", "stud5hl"])
def test_other_five_card_games_replay(game):
    hh = stud5_hand(game)
    r = replay_hand(hh, trials=1000)
    assert [s.street for s in r.streets] == ["2nd", "3rd", "4th", "5th"]
    for street in r.streets:
        assert sum(p.equity_hero_view for p in street.players) == pytest.approx(1)
        assert sum(p.equity_revealed for p in street.players) == pytest.approx(1)


def _swap_actor(hh: HandHistory, street: int, new_first: str) -> HandHistory:
    """The same street with its first action (after the antes) made by another player."""
    s = hh.streets[street]
    acts = list(s.actions)
    i = next(k for k, a in enumerate(acts) if a.kind != "ante")
    acts[i] = dataclasses.replace(acts[i], player=new_first)
    streets = list(hh.streets)
    streets[street] = dataclasses.replace(s, actions=tuple(acts))
    return dataclasses.replace(hh, streets=tuple(streets))


def test_bring_in_and_first_to_act_are_checked():
    hh = stud5_hand()
    assert check_rules(hh) == ()
    assert check_rules(_swap_actor(hh, 0, "Cal")) == (
        "2nd street: Cal brought it in, but Bea should have: Bea's 2h is the lowest door card",)
    assert check_rules(_swap_actor(hh, 2, "Hero")) == (
        ("4th street: Hero acted first, but Cal should have: Cal's Qh Jh Qd is the best board "
         "showing (Hero's board: 7d 7c Ks)"),)


def test_without_a_bring_in_the_best_door_card_acts_first():
    """Five-card stud may be played without a bring-in: Cal's queen, the highest door card,
    checks or bets first; in the lowball games the lowest card does (the ace low)."""
    hh = stud5_hand()
    first = hh.streets[0]
    antes = tuple(a for a in first.actions if a.kind == "ante")
    opened = dataclasses.replace(first, actions=antes + (
        Action("Cal", "check", 0), Action("Hero", "bet", 5), Action("Bea", "call", 5),
        Action("Cal", "call", 5)))
    hh = dataclasses.replace(hh, bring_in=None, streets=(opened,) + hh.streets[1:])
    assert check_rules(hh) == ()
    assert check_rules(_swap_actor(hh, 0, "Hero")) == (
        ("2nd street: Hero acted first, but Cal should have: without a bring-in the best door "
         "card acts first, and Cal's Qh is the highest"),)
    low = check_rules(dataclasses.replace(hh, game="stud5low"))
    assert low[0] == ("2nd street: Cal acted first, but Bea should have: without a bring-in "
                      "the best door card acts first, and Bea's 2h is the lowest")
    assert low[1:] == (
        ("3rd street: Hero acted first, but Bea should have: Bea's 2h 3d is the best low board "
         "showing (Hero's board: 7d 7c)"),
        ("4th street: Cal acted first, but Hero should have: Hero's 7d 7c Ks is the best low "
         "board showing (Cal's board: Qh Jh Qd)"),
        ("5th street: Cal acted first, but Hero should have: Hero's 7d 7c Ks 8h is the best "
         "low board showing (Cal's board: Qh Jh Qd 4c)"))
    # A seven-card game always has a bring-in: a check first is judged as a bring-in.
    seven = dataclasses.replace(hh, game="stud7")
    assert "brought it in" in check_rules(seven)[0]
