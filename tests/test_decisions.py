"""review.decisions: every decision of three fixture hands priced by hand (pot, facing,
needed, cost), its equity asked of studodds.equity directly on the cards written here,
as the player saw them. Hand 1: the hero brings it in, calls a completion and calls with
no outs (a cost of exactly one big bet). Hand 2: the hero completes over a bring-in and
folds quads on the river (more equity than the price needed). Hand 3 (stud hi/lo): the
bring-in player completes instead, then calls all in for less."""

from pathlib import Path

import pytest

from studodds.equity import equity
from studodds.histories import parse_file
from studodds.histories.replay import replay_hand, seen_at
from studodds.histories.session import trials_for
from studodds.review.decisions import (
    DECISION_PRECISION,
    IGNORES,
    DecisionError,
    decisions_of,
    price,
)

DATA = Path(__file__).parent / "data" / "handhistories"
# Our own hands, every decision priced below (not a reader fixture: no golden record).
PRICED = Path(__file__).parent / "data" / "review" / "decisions_priced.txt"


@pytest.fixture(scope="module")
def hands():
    found, problems = parse_file(str(PRICED))
    assert not problems
    return {h.hand_id[-1]: h for h in found}


def direct(game, hands, dead, method):
    """The hero's (first hand's) equity asked of studodds.equity the way the decision
    says it was asked: exact, or sampled with the same deals and seed."""
    if method == "exact":
        result = equity(game, hands, dead, exact=True)
    else:
        result = equity(game, hands, dead, trials=trials_for(DECISION_PRECISION), seed=1,
                        threads=1)
    return result.players[0].equity


def check(decisions, expected, game, big_bet):
    """Each decision against (street, index, kind, facing, pot, needed, hands, dead, cost
    from the equity), the equity against studodds.equity on those hands."""
    assert [(d.street, d.action_index, d.kind) for d in decisions] == [
        e[:3] for e in expected]
    for d, (street, _, kind, facing, pot, needed, cards, dead, cost) in zip(
            decisions, expected, strict=True):
        where = f"{street} street, {kind}"
        assert d.facing == pytest.approx(facing), where
        assert d.pot == pytest.approx(pot), where
        assert d.big_bet == big_bet
        if needed is None:
            assert d.needed is None, where
        else:
            assert d.needed == pytest.approx(needed, abs=1e-12), where
        eq = direct(game, cards, dead, d.method)
        assert d.equity == pytest.approx(eq, abs=1e-12), where
        assert (d.equity_se == 0) == (d.method == "exact"), where
        if cost is None:
            assert d.cost_big_bets is None, where
        else:
            assert d.cost_big_bets == pytest.approx(cost(eq), abs=1e-12), where
        assert d.ranges == "random"


def test_hand_one_calls_and_a_call_drawing_dead(hands):
    h = hands["1"]
    # Antes 3 x 0.25 = 0.75. 3rd: Hero brings in 0.50 (forced, no decision), Villain
    # completes to 2, Third folds: Hero faces 2 - 0.50 = 1.50 into 0.75 + 0.50 + 2 = 3.25.
    # 4th: the pot is 0.75 + 2 + 2 = 4.75; Villain bets 4: Hero faces 4 into 8.75.
    # 5th: pot 4.75 + 8 = 12.75; Villain checks, Hero bets 4 (nothing to call), Villain
    # raises to 8: Hero faces 4 into 12.75 + 4 + 8 = 24.75. 6th: pot 12.75 + 16 = 28.75,
    # Villain bets 4 (quads on board: Hero has no out): Hero faces 4 into 32.75 with equity
    # 0, needing 4 / 36.75: the call costs 4 / 36.75 x 36.75 = 4 chips, one big bet.
    # 7th: pot 28.75 + 8 = 36.75, both check.
    dead = "8h x x"  # Third folded his door card on 3rd street

    def call(needed, after):
        return lambda eq: max(0.0, needed - eq) * after / 4

    expected = [
        ("3rd", 6, "call", 1.5, 3.25, 1.5 / 4.75, ["(Ah Ad) 2d", "(x x) Qs"], dead,
         call(1.5 / 4.75, 4.75)),
        ("4th", 1, "call", 4, 8.75, 4 / 12.75, ["(Ah Ad) 2d Kc", "(x x) Qs Qd"], dead,
         call(4 / 12.75, 12.75)),
        ("5th", 1, "bet", 0, 12.75, None, ["(Ah Ad) 2d Kc Kd", "(x x) Qs Qd Qc"], dead,
         None),
        ("5th", 3, "call", 4, 24.75, 4 / 28.75, ["(Ah Ad) 2d Kc Kd", "(x x) Qs Qd Qc"], dead,
         call(4 / 28.75, 28.75)),
        ("6th", 1, "call", 4, 32.75, 4 / 36.75,
         ["(Ah Ad) 2d Kc Kd 3s", "(x x) Qs Qd Qc Qh"], dead, call(4 / 36.75, 36.75)),
        ("7th", 1, "check", 0, 36.75, None,
         ["(Ah Ad) 2d Kc Kd 3s (7c)", "(x x) Qs Qd Qc Qh (x)"], dead, None),
    ]
    decisions = decisions_of(h)
    check(decisions, expected, "stud7", 4.0)
    drawing_dead = decisions[4]
    assert drawing_dead.equity == 0 and drawing_dead.method == "exact"
    assert drawing_dead.cost_big_bets == pytest.approx(1.0)
    assert {d.player for d in decisions} == {"Hero"}
    assert {d.hand_id for d in decisions} == {"350000000001"}
    assert {d.room for d in decisions} == {"PokerStars"}


def test_hand_two_folds_with_more_equity_than_needed(hands):
    h = hands["2"]
    # Antes 0.75. 3rd: Ann brings in 0.50, Ben calls 0.50: Hero completes, facing 0.50
    # into 0.75 + 1 = 1.75 (needs 0.5 / 2.25). 4th: the pot is 0.75 + 6 = 6.75; Hero bets
    # into it, Ann raises to 4, Ben folds (his Td Jd are dead from then on): Hero faces 2
    # into 6.75 + 2 + 4 = 12.75. 5th: pot 6.75 + 8 = 14.75, Hero checks, Ann bets 4: Hero
    # faces 4 into 18.75. 6th: pot 22.75, the same: 4 into 26.75. 7th: pot 30.75, Hero
    # checks, Ann bets 4 and Hero folds four aces, facing 4 into 34.75, needing 4 / 38.75:
    # the fold throws away (equity - 4 / 38.75) x 38.75 chips.
    three = ["(As Ac) 9h", "(x x) 2c", "(x x) Td"]
    fifth = ["(As Ac) 9h Ah Ad", "(x x) 2c 5c 6c"]
    sixth = ["(As Ac) 9h Ah Ad Kh", "(x x) 2c 5c 6c 7c"]
    river = ["(As Ac) 9h Ah Ad Kh (Qs)", "(x x) 2c 5c 6c 7c (x)"]
    dead = "Td Jd x x"

    def call(needed, after):
        return lambda eq: max(0.0, needed - eq) * after / 4

    expected = [
        ("3rd", 5, "complete", 0.5, 1.75, 0.5 / 2.25, three, "", call(0.5 / 2.25, 2.25)),
        ("4th", 0, "bet", 0, 6.75, None, ["(As Ac) 9h Ah", "(x x) 2c 5c", "(x x) Td Jd"], "",
         None),
        ("4th", 3, "call", 2, 12.75, 2 / 14.75, ["(As Ac) 9h Ah", "(x x) 2c 5c"], dead,
         call(2 / 14.75, 14.75)),
        ("5th", 0, "check", 0, 14.75, None, fifth, dead, None),
        ("5th", 2, "call", 4, 18.75, 4 / 22.75, fifth, dead, call(4 / 22.75, 22.75)),
        ("6th", 0, "check", 0, 22.75, None, sixth, dead, None),
        ("6th", 2, "call", 4, 26.75, 4 / 30.75, sixth, dead, call(4 / 30.75, 30.75)),
        ("7th", 0, "check", 0, 30.75, None, river, dead, None),
        ("7th", 2, "fold", 4, 34.75, 4 / 38.75, river, dead,
         lambda eq: max(0.0, eq - 4 / 38.75) * 38.75 / 4),
    ]
    decisions = decisions_of(h)
    check(decisions, expected, "stud7", 4.0)
    fold = decisions[-1]
    # Only a straight flush beats four aces: far more equity than the price needed.
    assert fold.method == "exact" and fold.equity > 0.9 > fold.needed
    assert fold.cost_big_bets == pytest.approx((38.75 * fold.equity - 4) / 4)
    assert fold.cost_big_bets > 8


def test_hand_three_hi_lo_bring_in_completes_and_short_call(hands):
    h = hands["3"]
    # Stud hi/lo, $1/$2, antes 0.30. 3rd: Hero has the bring-in and completes to 1
    # instead: nothing to call, into 0.30 (priced like a bet). Lowman calls, Highman
    # raises to 2: Hero faces 1 into 0.30 + 1 + 1 + 2 = 4.30. 4th: pot 0.30 + 6 = 6.30,
    # Highman bets 1: Hero faces 1 into 7.30 (Lowman, yet to act, still in). 5th: Hero
    # has 5 - 0.10 - 2 - 1 = 1.90 left against a bet of 2: facing 1.90, and the pot Hero
    # can win leaves out Highman's 0.10 over it: 3.10 + 2.10 (Lowman's) + 5.00 = 10.20.
    three = ["(As 4d) 2c", "(x x) 5h", "(x x) Kc"]

    def call(needed, after):
        return lambda eq: max(0.0, needed - eq) * after / 2

    expected = [
        ("3rd", 3, "complete", 0, 0.30, None, three, "", None),
        ("3rd", 6, "call", 1, 4.30, 1 / 5.30, three, "", call(1 / 5.30, 5.30)),
        ("4th", 1, "call", 1, 7.30, 1 / 8.30,
         ["(As 4d) 2c 6h", "(x x) 5h 8s", "(x x) Kc Kd"], "", call(1 / 8.30, 8.30)),
        ("5th", 1, "call", 1.90, 10.20, 1.90 / 12.10,
         ["(As 4d) 2c 6h 7s", "(x x) Kc Kd 9s"], "5h 8s x x", call(1.90 / 12.10, 12.10)),
    ]
    check(decisions_of(h), expected, "stud7hl8", 2.0)


def test_cheap_streets_are_exact_and_dear_ones_sampled(hands):
    decisions = decisions_of(hands["2"])
    methods = {(d.street, d.action_index): d.method for d in decisions}
    assert methods[("3rd", 5)] == "sampled"  # three players on 3rd street
    assert methods[("6th", 2)] == methods[("7th", 2)] == "exact"  # heads-up, late
    sampled = [d for d in decisions if d.method == "sampled"]
    assert all(0 < d.equity_se <= DECISION_PRECISION * 1.05 for d in sampled)
    # Everything sampled when nothing is cheap enough to count.
    assert {d.method for d in decisions_of(hands["2"], exact_below=-1)} == {"sampled"}


def test_ranges_per_opponent_and_for_all(hands):
    h = hands["1"]
    decisions = decisions_of(h, ranges={"Villain": "Q? ?? | ?? ??:0.5", "Nobody here": "AA"})
    first = decisions[0]
    assert first.ranges == "Villain: Q? ?? | ?? ??:0.5"
    eq = equity("stud7", ["(Ah Ad) 2d", "(Q? ?? | ?? ??:0.5) Qs"], "8h x x",
                trials=trials_for(DECISION_PRECISION), seed=1, threads=1)
    assert first.equity == pytest.approx(eq.players[0].equity, abs=1e-12)
    assert {d.ranges for d in decisions_of(h, ranges="top20%")} == {"top20%"}
    # A range that cannot hold is a clear error naming the hand and street.
    with pytest.raises(DecisionError,
                       match=r"hand 350000000001, 3rd street \(.*player 2 is Villain\): "):
        decisions_of(h, ranges={"Villain": "Ah Ad"})


def test_another_player_whose_cards_were_shown(hands):
    decisions = decisions_of(hands["1"], "Villain")
    assert [(d.street, d.kind) for d in decisions] == [
        ("3rd", "complete"), ("4th", "bet"), ("5th", "check"), ("5th", "raise"),
        ("6th", "bet"), ("7th", "check")]
    # Villain completes over Hero's bring-in of 0.50: facing 0.50 into 0.75 + 0.50, with
    # his own hole cards (shown down) and nobody else's; Third is yet to act, still in.
    assert (decisions[0].facing, decisions[0].pot) == (0.5, 1.25)
    eq = equity("stud7", ["(x x) 2d", "(4h 5s) Qs", "(x x) 8h"], "",
                trials=trials_for(DECISION_PRECISION), seed=1, threads=1)
    assert decisions[0].equity == pytest.approx(eq.players[1].equity, abs=1e-12)


def test_errors_name_the_hand_and_the_player(hands):
    with pytest.raises(DecisionError, match="'Nobody' is not at the table in hand 350000000002"):
        decisions_of(hands["2"], "Nobody")
    with pytest.raises(DecisionError, match="does not show the hole cards of 'Ann'"):
        decisions_of(hands["2"], "Ann")


def test_price_formula():
    assert price("call", 4, 32.75, 0.0, 4) == (pytest.approx(4 / 36.75), pytest.approx(1.0))
    assert price("raise", 4, 12, 0.9, 4) == (0.25, 0.0)
    assert price("fold", 4, 12, 0.1, 4) == (0.25, 0.0)  # a right fold costs nothing
    assert price("fold", 0, 10, 0.3, 5) == (None, pytest.approx(0.6))  # folding for free
    assert price("check", 0, 10, 0.3, 5) == (None, None)
    assert price("bet", 0, 10, 0.3, 5) == (None, None)


def test_the_note_says_what_is_ignored():
    assert "implied" in IGNORES and "reverse implied" in IGNORES
    assert "bets still to come" in IGNORES
    assert IGNORES.isascii()


@pytest.mark.parametrize("path", [PRICED] + [DATA / name for name in (
    "stud7_showdown.txt", "studhl_split.txt", "stud7_side_pot.txt")])
def test_seen_at_a_street_start_is_the_replay_hero_view(path):
    for h in parse_file(str(path))[0]:
        replay = replay_hand(h, trials=100)
        for street in replay.streets:
            s = [st.name for st in h.streets].index(street.street)
            seen = seen_at(h, h.hero, s, h.live_players(s))
            assert seen.hands == tuple(p.hero_view for p in street.players)
            assert " ".join(seen.dead) == street.dead_hero_view


def test_a_file_without_the_other_players_up_cards():
    # PartyPoker writes only the hero's cards and the cards shown down.
    hand = parse_file(str(DATA / "partypoker_stud7_side_pot.txt"))[0][0]
    assert hand.hero is not None
    with pytest.raises(DecisionError, match="does not show the up cards of every player "
                       "still in"):
        decisions_of(hand)


def _hand(file: str, hand_id: str):
    hands, _ = parse_file(DATA / file)
    return next(h for h in hands if h.hand_id == hand_id)


def test_one_range_for_all_leaves_a_bring_in_who_only_posted_at_random():
    """Hero completes against Villain's razz bring-in: Villain has put in only what he had
    to, so a range of chosen starting hands says nothing of his; he stays at random, and
    the row says why (the range once applied to him, and a king door card fit none)."""
    hand = _hand("broken_then_good.txt", "200000000012")
    ranged = decisions_of(hand, ranges="top20%")
    plain = decisions_of(hand)
    assert ranged[0].kind == "complete"
    assert ranged[0].ranges == "random (only forced bets in: Villain)"
    assert ranged[0].equity == plain[0].equity


def test_a_range_no_hand_of_which_fits_the_board_leaves_that_player_at_random():
    """P2 called with a king door card in razz; on 4th street his board is Kd Qd, which no
    top-20% starting hand fits: the hand was left unpriced, now he is at random, said."""
    hand = _hand("several_hands.txt", "200000000005")
    ranged = {d.street: d for d in decisions_of(hand, ranges="top20%")}
    plain = {d.street: d for d in decisions_of(hand)}
    assert ranged["4th"].ranges == "top20% (at random, no hand of it fits the board: P2)"
    assert ranged["4th"].equity == plain["4th"].equity
