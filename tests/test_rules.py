"""Tests for studodds.table: bring-in, order of play, fixed-limit betting (docs/rules.md).

Each test is named after the rule it checks; the worked examples of the rule guides
studodds was written from (seeds 000 to 004, see docs/rules.md "Sources") are quoted with
the seed they come from. The sentences of docs/rules.md that the tests rest on are quoted
with doc_says, and test_every_quoted_sentence_is_in_docs_rules_md checks that each one is
there, word for word: the document and the tests cannot drift apart.
"""

import dataclasses
import itertools
import json
import random
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner

from studodds.cards import card_str, parse_card
from studodds.cli import cli, main
from studodds.games import GAMES
from studodds.table import (
    CAP_BETS,
    BettingRound,
    LegalAction,
    Pot,
    RulesError,
    Stakes,
    bring_in,
    first_to_act,
    first_to_act_first_round,
    limits,
    showing_strength,
    shows_open_pair,
)

HIGH_GAMES = ("stud7", "stud7hl8", "stud5", "stud5hl")
LOWBALL_GAMES = ("razz", "stud5low", "stud5low6")
NEW_GAMES = ("stud7hl", "razz27", "razz6")  # BARGE games: all three play the low order

RULES_DOC = Path(__file__).resolve().parent.parent / "docs" / "rules.md"
QUOTED: list[str] = []


def doc_says(*sentences: str) -> tuple[str, ...]:
    """Sentences of docs/rules.md that a test rests on, word for word (line breaks aside).

    Each is kept in QUOTED, and test_every_quoted_sentence_is_in_docs_rules_md checks that
    the document says it.
    """
    QUOTED.extend(sentences)
    return sentences


def options(round_):
    """The legal actions as (name, to) pairs."""
    return [(a.action, a.to) for a in round_.legal_actions()]


# --- bring-in ----------------------------------------------------------------------------


def test_bring_in_is_the_lowest_door_card_ace_high():
    assert bring_in("stud7", ["As", "3d", "Kh"]) == 1
    assert bring_in("stud7", ["Ac", "2s"]) == 1  # the ace is high, not low


def test_two_of_clubs_is_the_lowest_door_card():
    # Seeds 000 and 001: "2c is the lowest possible door card", whatever the seating.
    for seating in itertools.permutations(["2h", "2c", "2s", "2d"]):
        assert seating[bring_in("stud7", seating)] == "2c"


def test_bring_in_ties_are_broken_by_suit_clubs_lowest_by_default():
    assert bring_in("stud7", ["5h", "5d", "5s", "9c"]) == 1
    assert bring_in("stud7", ["5h", "5s"]) == 0


def test_bring_in_ties_by_seat_go_to_the_first_in_seat_order():
    # Seed 003: equal lowest cards: the player closest to the dealer's left brings it in.
    assert bring_in("stud7", ["9c", "5h", "5c"], tie="seat") == 1
    assert bring_in("stud7", ["9c", "5h", "5c"], tie="suit") == 2


def test_razz_bring_in_is_the_highest_card_king_worst():
    assert bring_in("razz", ["Qs", "Kc", "Ah"]) == 1
    assert bring_in("razz", ["Ac", "2d"]) == 1  # the ace is low


def test_razz_bring_in_ties_by_suit_spades_worst_or_by_seat():
    assert bring_in("razz", ["Kh", "Ks", "Kc"]) == 1
    assert bring_in("razz", ["Kh", "Ks", "Kc"], tie="seat") == 0


@pytest.mark.parametrize("game", LOWBALL_GAMES)
def test_lowball_games_bring_in_the_highest_card_ace_low(game):
    assert bring_in(game, ["Ad", "Kc", "7h"]) == 1


@pytest.mark.parametrize("game", HIGH_GAMES)
def test_high_and_split_games_bring_in_the_lowest_card(game):
    assert bring_in(game, ["Ad", "Kc", "7h"]) == 2


def test_bring_in_accepts_card_ids():
    assert bring_in("stud7", [parse_card("As"), parse_card("2c")]) == 1


@pytest.mark.parametrize(
    "game, cards, tie, message",
    [
        ("stud7", ["2d", "2d"], "suit", "card '2d' is dealt twice"),
        ("stud7", ["2d"], "suit", "need the door cards of at least 2 players, got 1"),
        ("stud7", ["2d", "3d"], "colour", "unknown tie rule 'colour': expected one of suit, seat"),
        ("stud7", ["2d", "Kx"], "suit", "'Kx' is not a card"),
        ("stud7", [f"{r}c" for r in "23456789T"], "suit", "stud7 seats at most 8 players, got 9"),
        ("stud9", ["2d", "3d"], "suit", "unknown game 'stud9'"),
    ],
)
def test_bring_in_errors_quote_the_input(game, cards, tie, message):
    # (a card that does not parse is the NotationError of cards.py, also a ValueError)
    with pytest.raises(ValueError, match="^" + message.replace("(", r"\(")):
        bring_in(game, cards, tie=tie)


# --- who acts first on later streets ----------------------------------------------------


def test_finnish_example_q2q_acts_before_88k_and_tj9():
    # Seed 001, $5-$10, 5th street: A (X-X) 8 8 K, B (X-X) Q 2 Q, C (X-X) T J 9: B first.
    assert first_to_act("stud7", ["8c 8d Ks", "Qh 2c Qd", "Th Js 9d"]) == 1


def test_a_pair_on_board_beats_any_two_unpaired_cards():
    # Seed 000: 2-2 is better than A-K whatever the suits.
    assert first_to_act("stud7", ["As Ks", "2c 2d"]) == 1


def test_aces_are_the_best_two_card_board_and_2_3_the_worst():
    # Seed 000: the best is As Ah, the worst 2c 3c.
    best = showing_strength("stud7", "As Ah")
    worst = showing_strength("stud7", "2c 3c")
    for a, b in itertools.combinations(range(52), 2):
        strength = showing_strength("stud7", [a, b])
        assert worst <= strength <= best


def test_pair_of_aces_on_board_beats_ace_king():
    assert first_to_act("stud7", ["As Kd", "Ah Ad"]) == 1


def test_kickers_count_pair_of_aces_with_a_king_beats_aces_with_a_queen():
    assert first_to_act("stud7", ["Ac Ad Qh", "Ah As Kd"]) == 1
    assert first_to_act("stud7", ["Kc Qd 9h 3s", "Kh Qs 9d 4c"]) == 1


@pytest.mark.parametrize(
    "better, worse",
    [
        ("2c 2d 2h 2s", "Ac Ad Ah Kc"),  # four of a kind > three of a kind
        ("3c 3d 3h 2s", "Ac Ad Kh Kd"),  # three of a kind > two pair
        ("3c 3d 2h 2s", "Ac Ad Kh Qd"),  # two pair > pair
        ("2c 2d 3h 4s", "Ac Kd Qh Jd"),  # pair > high cards
        ("Ac Kd Qh 9d", "Kc Qs Jc Td"),  # high cards: ace high > king high
    ],
)
def test_showing_hands_rank_quads_trips_two_pair_pair_high_card(better, worse):
    assert first_to_act("stud7", [worse, better]) == 1
    assert first_to_act("stud7", [better, worse]) == 0


def test_straights_and_flushes_on_board_do_not_count():
    assert first_to_act("stud7", ["5h 6h 7h 8h", "Kc 2d 3s 9h"]) == 1  # king high wins
    assert first_to_act("stud7", ["9h Th Jh Qh", "2c 2d 3s 4h"]) == 1  # a pair wins


def test_first_to_act_ties_default_to_the_first_in_seat_order():
    # Seeds 003 and 004: equal hands: the player closest to the dealer's left acts first.
    assert first_to_act("stud7", ["Ah Kc", "As Kd"]) == 0
    assert first_to_act("stud7", ["9c 8d", "Ah Kc", "As Kd"]) == 1


def test_seed_000_spade_ace_beats_heart_ace_under_the_suit_rule():
    # Seed 000: player 1 As Kc, player 2 Ah Ks: player 1, the spade ace.
    assert first_to_act("stud7", ["As Kc", "Ah Ks"], tie="suit") == 0
    assert first_to_act("stud7", ["Ah Ks", "As Kc"], tie="suit") == 1
    assert first_to_act("stud7", ["Ah Ks", "As Kc"], tie="seat") == 0


def test_seed_000_three_of_spades_decides_3s3c_against_3h3d_under_the_suit_rule():
    assert first_to_act("stud7", ["3s 3c", "3h 3d"], tie="suit") == 0
    assert first_to_act("stud7", ["3h 3d", "3s 3c"], tie="suit") == 1
    assert first_to_act("stud7", ["3h 3d", "3s 3c"], tie="seat") == 0


def test_suit_tie_uses_the_leading_card_of_the_pair_not_the_kicker():
    # The leading card is the first as the board is compared: the pair before the kicker.
    assert first_to_act("stud7", ["5h 5d As", "5s 5c Ad"], tie="suit") == 1


def test_seventh_street_order_is_the_sixth_street_order_on_the_up_cards():
    sixth = ["Kc Kd 2h 3s", "Ac Qd Jh 9s", "Ts 9c 8d 7h"]
    assert first_to_act("stud7", sixth) == 0
    with pytest.raises(RulesError, match="has 5 up cards: stud7 shows 1 to 4"):
        first_to_act("stud7", ["Kc Kd 2h 3s 4d", "Ac Qd Jh 9s 8c"])


def test_folded_seats_keep_their_seat_numbers():
    assert first_to_act("stud7", ["-", "9c 8d", None, "Ah Kc"]) == 3


def test_razz_the_best_low_board_acts_first():
    assert first_to_act("razz", ["8s 3c 2d", "7c 4d 2h", "Kc Kd 2s"]) == 1


def test_razz_pairs_are_bad_and_the_ace_is_low():
    assert first_to_act("razz", ["2c 2d", "Kh Qd"]) == 1
    assert first_to_act("razz", ["2h 3s", "Ac 2d"]) == 1
    assert first_to_act("razz", ["Kc Kd 5h", "2c 2d Qs"]) == 1  # the lower pair is better


def test_razz_finnish_boards_the_unpaired_ten_low_acts_first():
    assert first_to_act("razz", ["8c 8d Ks", "Qh 2c Qd", "Th Js 9d"]) == 2


def test_razz_suit_ties_mirror_the_bring_in_spades_worst():
    assert first_to_act("razz", ["7s 4h", "7c 4d"], tie="suit") == 1
    assert first_to_act("razz", ["7s 4h", "7c 4d"], tie="seat") == 0


def test_split_games_use_the_high_order_of_play():
    assert first_to_act("stud7hl8", ["Ac 2d", "Kc Kd"]) == 1
    assert first_to_act("stud5hl", ["Ac 2d", "Kc Kd"]) == 1


@pytest.mark.parametrize(
    "boards, message",
    [
        (["8c 8d Kh", "Qs 2c"], ("boards must all have the same number of up cards: "
                                "'8c 8d Kh' has 3, 'Qs 2c' has 2")),
        (["Ah Kd", "Ah 2c"], "card 'Ah' is dealt twice"),
        (["-", None], "no player is in the hand"),
        (["", "Ah"], "board '' has 0 up cards"),
    ],
)
def test_first_to_act_errors_quote_the_input(boards, message):
    with pytest.raises(RulesError, match="^" + message):
        first_to_act("stud7", boards)


# --- five-card stud ---------------------------------------------------------------------


def test_five_card_stud_seed_002_examples():
    # Seed 002, 3rd street: A 7-7, B 5-5, C Q-9: A; A 6-4, B Q-2, C Q-J: C.
    assert first_to_act("stud5", ["7c 7d", "5h 5s", "Qc 9d"]) == 0
    assert first_to_act("stud5", ["6c 4d", "Qh 2s", "Qc Jd"]) == 2


def test_five_card_stud_fourth_street_trips_beat_pairs_beat_high_cards():
    assert first_to_act("stud5", ["Ac Kd Qh", "2c 2d 5h", "3c 3d 3h"]) == 2


def test_five_card_stud_without_bring_in_the_highest_card_acts_first():
    assert first_to_act_first_round("stud5", ["3h", "Kd", "9s"], bring_in=False) == 1
    assert first_to_act_first_round("stud5", ["Ah", "As"], bring_in=False) == 1  # suit
    assert first_to_act_first_round("stud5", ["Ah", "As"], bring_in=False, tie="seat") == 0


def test_five_card_stud_with_bring_in_the_lowest_card_brings_it_in():
    assert first_to_act_first_round("stud5", ["3h", "Kd", "9s"]) == 0


def test_five_card_lowball_without_bring_in_the_lowest_card_acts_first():
    assert first_to_act_first_round("stud5low", ["3h", "Kd", "As"], bring_in=False) == 2


def test_seven_card_games_always_have_a_bring_in():
    with pytest.raises(RulesError, match="stud7 always has a bring-in"):
        first_to_act_first_round("stud7", ["3h", "Kd"], bring_in=False)
    with pytest.raises(RulesError, match="razz always has a bring-in"):
        BettingRound("razz", 0, Stakes(1, 1, 2, 4), ["A", "B"], [50, 50], bring_in=False)


# --- fixed-limit structure --------------------------------------------------------------


def test_rounds_one_and_two_use_the_small_bet_three_to_five_the_big_bet():
    # Seed 000 table: $2/$4 with a 50c ante; seed 003: bring-in half the small bet.
    rows = limits("stud7", Stakes(Decimal("0.50"), 1, 2, 4))
    assert [(r.street, r.size, r.bet) for r in rows] == [
        ("3rd street", "small", 2), ("4th street", "small", 2), ("5th street", "big", 4),
        ("6th street", "big", 4), ("7th street", "big", 4),
    ]
    assert (rows[0].bring_in, rows[0].complete) == (1, 2)
    assert all(r.bring_in is None for r in rows[1:])


def test_five_card_stud_first_two_rounds_small_last_two_big():
    rows = limits("stud5", Stakes(Decimal("0.65"), 2, 5, 10))
    assert [r.bet for r in rows] == [5, 5, 10, 10]


def test_the_cap_is_one_bet_and_three_raises():
    assert CAP_BETS == 4
    assert [r.cap for r in limits("stud7", Stakes(1, 1, 2, 4))] == [8, 8, 16, 16, 16]


@pytest.mark.parametrize("game", GAMES)
def test_open_pair_option_only_on_the_second_round_of_stud7_and_stud5(game):
    rows = limits(game, Stakes(1, 1, 2, 4))
    expected = [None, 4] + [None] * (len(rows) - 2) if game in ("stud7", "stud5") else None
    assert [r.open_pair_bet for r in rows] == (expected or [None] * len(rows))
    # The most one player can put in with the option: four big bets (one bet, three raises).
    caps = [None if e is None else 16 for e in (expected or [None] * len(rows))]
    assert [r.open_pair_cap for r in rows] == caps


@pytest.mark.parametrize(
    "stakes, message",
    [
        ((1, 5, 2, 4), r"the bring-in \(5\) must not exceed the small bet \(2\)"),
        ((1, 1, 4, 2), r"the big bet \(2\) must not be below the small bet \(4\)"),
        ((-1, 1, 2, 4), "ante must not be negative, got -1"),
        ((1, 0, 2, 4), "the bring-in must be positive"),
        ((1, 1, "2", 4), "small bet must be a number, got '2'"),
        ((1, 1, float("nan"), 4), "small bet must be a finite number"),
    ],
)
def test_stakes_errors_quote_the_input(stakes, message):
    with pytest.raises(RulesError, match=message):
        Stakes(*stakes)


def test_float_stakes_are_read_as_their_text():
    assert Stakes(0.1, 0.1, 0.5, 1.0).small_bet == Decimal("0.5")


# --- a betting round --------------------------------------------------------------------

TWENTY_DOLLAR = Stakes(Decimal("0.10"), Decimal("0.10"), Decimal("0.50"), Decimal("1.00"))


def third_street(players=("P1", "P2", "P3"), stacks=None, stakes=TWENTY_DOLLAR):
    return BettingRound("stud7", 0, stakes, list(players), stacks or [20] * len(players))


def test_seed_000_minimum_bring_in_10c_then_call_10c_or_complete_to_50c():
    r = third_street()
    assert options(r) == [("bring-in", Decimal("0.10")), ("complete", Decimal("0.50"))]
    r.act("bring-in")
    assert r.to_act == "P2"
    assert options(r) == [("fold", 0), ("call", Decimal("0.10")), ("complete", Decimal("0.50"))]


def test_seed_000_maximum_bring_in_completes_to_50c_then_call_or_raise_to_1():
    r = third_street()
    r.act("complete")
    assert options(r) == [("fold", 0), ("call", Decimal("0.50")), ("raise", Decimal("1.00"))]
    r.act("raise")
    assert r.round_in[1] == Decimal("1.00")


def test_bring_in_player_must_post_and_cannot_fold_or_check_first():
    r = third_street()
    with pytest.raises(RulesError, match="P1 cannot fold now: the options are bring-in, complete"):
        r.act("fold")


def test_when_everyone_calls_the_bring_in_the_round_ends_without_an_option():
    r = third_street()
    r.act("bring-in")
    r.act("call")
    r.act("call")
    assert r.done and r.to_act is None and r.legal_actions() == []
    assert r.pot == Decimal("0.30")


def test_a_completion_reopens_the_action_for_the_bring_in_player():
    r = third_street()
    r.act("bring-in")
    r.act("complete")
    r.act("call")
    assert r.to_act == "P1"
    assert options(r) == [("fold", Decimal("0.10")), ("call", Decimal("0.50")),
                          ("raise", Decimal("1.00"))]
    r.act("call")
    assert r.done and r.pot == Decimal("1.50")


def test_completing_the_bring_in_is_the_first_bet_of_the_cap():
    r = third_street(players=("A", "B", "C", "D", "E"), stakes=Stakes(0, 10, 50, 100),
                     stacks=[1000] * 5)
    r.act("bring-in")
    r.act("complete")  # the bet: 50
    r.act("raise")  # 100
    r.act("raise")  # 150
    r.act("raise")  # 200: three raises, capped
    assert r.to_act == "A"
    assert options(r) == [("fold", 10), ("call", 200)]
    for _ in range(4):
        r.act("call")
    assert r.done and r.pot == 1000


def test_the_cap_is_one_bet_and_three_raises_on_later_streets_heads_up_too():
    r = BettingRound("stud7", 2, Stakes(1, 1, 2, 4), ["A", "B"], [100, 100])
    assert options(r) == [("check", 0), ("bet", 4)]
    r.act("bet")
    r.act("raise")
    r.act("raise")
    r.act("raise")
    assert r.bets == CAP_BETS
    assert options(r) == [("fold", 12), ("call", 16)]
    r.act("call")
    assert r.done and r.pot == 32


def test_the_round_ends_when_everyone_has_acted_and_put_in_the_same():
    r = BettingRound("stud7", 3, Stakes(1, 1, 2, 4), ["A", "B", "C"], [100] * 3, posted=[7] * 3)
    r.act("check")
    r.act("bet")
    assert not r.done and r.to_act == "C"
    r.act("call")
    assert not r.done and r.to_act == "A"  # A checked but has not put in the same
    r.act("call")
    assert r.done and r.pot == 21 + 12
    assert r.stacks == [96, 96, 96]


def test_checked_around_round_ends():
    r = BettingRound("stud7", 4, Stakes(1, 1, 2, 4), ["A", "B"], [100, 100])
    r.act("check")
    r.act("check")
    assert r.done and r.pot == 0


def test_the_round_ends_when_everyone_else_folds():
    r = third_street()
    r.act("bring-in")
    r.act("complete")
    r.act("fold")
    r.act("fold")
    assert r.done and r.folded == [True, False, True]
    assert r.pots() == [Pot(Decimal("0.60"), ("P2",))]


def test_finnish_open_pair_example_check_bet_5_or_bet_10():
    # Seed 001, $5-$10: (X-X) 8 8 on 4th street may check, bet $5 or (the option) bet $10.
    stakes = Stakes(1, 2, 5, 10)
    r = BettingRound("stud7", 1, stakes, ["eights", "other"], [100, 100], open_pair=True)
    assert options(r) == [("check", 0), ("bet", 5), ("bet", 10)]


def test_seed_000_open_pair_big_bet_makes_every_raise_big():
    # Seed 000, $10-$20: a $20 bet on 4th street; the next may fold, call $20 or raise to $40.
    stakes = Stakes(1, 5, 10, 20)
    r = BettingRound("stud7", 1, stakes, ["A", "B", "C"], [500] * 3, open_pair=True)
    r.act("bet", 20)
    assert options(r) == [("fold", 0), ("call", 20), ("raise", 40)]
    r.act("raise")
    r.act("raise")
    r.act("raise")
    assert r.to_act == "B"
    assert options(r) == [("fold", 40), ("call", 80)]  # capped at four big bets


def test_open_pair_option_passes_on_after_a_check():
    r = BettingRound("stud7", 1, Stakes(1, 5, 10, 20), ["A", "B"], [500] * 2, open_pair=True)
    r.act("check")
    assert options(r) == [("check", 0), ("bet", 10), ("bet", 20)]


# docs/rules.md, "Fixed-limit betting": open pair on 4th street and the cap.
OPEN_PAIR_RULE = doc_says(
    "if any board shows a pair, the player to act may bet the big bet instead of the small; "
    "if they check, the option passes on.",
    "After a small bet any player may raise by a small or a big bet; once a big bet or raise "
    "is made, every bet and raise of that round is big.",
    "One bet and three raises per round, whatever their size",
)


def test_open_pair_after_a_small_bet_a_raise_may_be_small_or_big():
    # This replaces a test that locked in "raises after a small bet stay small" (only a
    # raise to 20 was legal): the rules now allow the big raise too (OPEN_PAIR_RULE).
    r = BettingRound("stud7", 1, Stakes(1, 5, 10, 20), ["A", "B"], [500] * 2, open_pair=True)
    r.act("bet", 10)
    assert options(r) == [("fold", 0), ("call", 10), ("raise", 20), ("raise", 30)]
    assert r.bet_sizes == (10, 20)


def test_open_pair_small_bet_then_big_raise_makes_the_round_big():
    r = BettingRound("stud7", 1, Stakes(1, 5, 10, 20), ["A", "B", "C"], [500] * 3,
                     open_pair=True)
    r.act("bet", 10)
    r.act("raise", 30)  # B raises by the big bet
    assert r.bet_size == 20 and r.bet_sizes == (20,)
    assert options(r) == [("fold", 0), ("call", 30), ("raise", 50)]  # C: only a big raise
    r.act("call")
    assert options(r) == [("fold", 10), ("call", 30), ("raise", 50)]  # A too


def test_open_pair_small_bet_then_small_raise_keeps_both_sizes():
    r = BettingRound("stud7", 1, Stakes(1, 5, 10, 20), ["A", "B", "C"], [500] * 3,
                     open_pair=True)
    r.act("bet", 10)
    r.act("raise", 20)  # B raises by the small bet: no big bet made yet
    assert r.bet_size == 10
    assert options(r) == [("fold", 0), ("call", 20), ("raise", 30), ("raise", 40)]
    r.act("raise", 40)  # C raises big: from now on every raise is big
    assert options(r) == [("fold", 10), ("call", 40), ("raise", 60)]


def test_open_pair_raise_needs_an_amount_and_a_legal_one():
    r = BettingRound("stud7", 1, Stakes(1, 5, 10, 20), ["A", "B"], [500] * 2, open_pair=True)
    r.act("bet", 10)
    with pytest.raises(RulesError, match="B must say how much to raise: to 20 or 30"):
        r.act("raise")
    with pytest.raises(RulesError, match="B cannot raise to 25: raise to 20 or 30"):
        r.act("raise", 25)


def test_open_pair_cap_counts_one_bet_and_three_raises_of_either_size():
    r = BettingRound("stud7", 1, Stakes(1, 5, 10, 20), ["A", "B", "C", "D", "E"], [500] * 5,
                     open_pair=True)
    r.act("bet", 10)  # the bet, small
    r.act("raise", 20)  # raise 1, small
    r.act("raise", 40)  # raise 2, big
    r.act("raise", 60)  # raise 3, big: capped
    assert r.bets == CAP_BETS
    assert options(r) == [("fold", 0), ("call", 60)]
    for _ in range(4):
        r.act("call")
    assert r.done and r.pot == 5 * 60


def test_open_pair_cap_after_a_small_bet_and_three_big_raises():
    r = BettingRound("stud7", 1, Stakes(1, 5, 10, 20), ["A", "B"], [500] * 2, open_pair=True)
    r.act("bet", 10)
    r.act("raise", 30)
    r.act("raise")
    r.act("raise")  # 10 + 3 x 20 = 70: one bet and three raises, less than four big bets
    assert r.round_in == [50, 70]
    assert options(r) == [("fold", 50), ("call", 70)]


def test_open_pair_a_player_without_the_pair_may_bet_big():
    # "if any player shows a pair on board, the player to act may bet the big bet": the
    # pair (8c 8d) acts first, checks, and the option passes to a player without one.
    boards = ["8c 8d", "Ah Kc", "Qs Jd"]
    assert first_to_act("stud7", boards) == 0
    stakes = Stakes(1, 5, 10, 20)
    r = BettingRound("stud7", 1, stakes, ["eights", "AK", "QJ"], [500] * 3,
                     open_pair=shows_open_pair(boards))
    r.act("check")
    assert options(r) == [("check", 0), ("bet", 10), ("bet", 20)]
    r.act("bet", 20)
    assert options(r) == [("fold", 0), ("call", 20), ("raise", 40)]


def test_open_pair_a_player_without_the_pair_may_raise_big_after_a_small_bet():
    boards = ["8c 8d", "Ah Kc", "Qs Jd"]
    r = BettingRound("stud7", 1, Stakes(1, 5, 10, 20), ["eights", "AK", "QJ"], [500] * 3,
                     open_pair=shows_open_pair(boards))
    r.act("bet", 10)
    assert options(r) == [("fold", 0), ("call", 10), ("raise", 20), ("raise", 30)]
    r.act("raise", 30)
    assert options(r) == [("fold", 0), ("call", 30), ("raise", 50)]


def test_without_an_open_pair_the_second_round_raises_are_small_only():
    r = BettingRound("stud7", 1, Stakes(1, 5, 10, 20), ["A", "B"], [500] * 2,
                     open_pair=shows_open_pair(["8c 9d", "Ah Kc"]))
    r.act("bet")
    assert options(r) == [("fold", 0), ("call", 10), ("raise", 20)]


def test_open_pair_an_all_in_raise_beyond_the_small_size_is_a_big_one():
    # The rule guides are silent: an all-in raise of more than a small raise can only be a
    # (short) big one; it is more than a full small raise, so it reopens the betting.
    r = BettingRound("stud7", 1, Stakes(1, 5, 10, 30), ["A", "B", "C"], [500, 22, 500],
                     open_pair=True)
    r.act("bet", 10)
    assert options(r) == [("fold", 0), ("call", 10), ("raise", 20), ("raise", 22)]
    r.act("raise", 22)  # B all in: 12 more, beyond the small raise, short of the big one
    assert r.bets == 2 and r.bet_size == 30
    assert options(r) == [("fold", 0), ("call", 22), ("raise", 52)]


def test_open_pair_completing_a_short_all_in_bet_may_go_to_the_big_bet():
    # The rule guides are silent: the first full bet over a short all-in may be big, as it
    # could have been without the all-in.
    r = BettingRound("stud7", 1, Stakes(1, 5, 10, 20), ["A", "B", "C"], [4, 500, 500],
                     open_pair=True)
    r.act("bet")  # A all in for 4, less than half a small bet
    assert r.bets == 0
    assert options(r) == [("fold", 0), ("call", 4), ("complete", 10), ("complete", 20)]
    r.act("complete", 20)
    assert options(r) == [("fold", 0), ("call", 20), ("raise", 40)]


def test_open_pair_bet_needs_an_amount_and_a_legal_one():
    r = BettingRound("stud7", 1, Stakes(1, 5, 10, 20), ["A", "B"], [500] * 2, open_pair=True)
    with pytest.raises(RulesError, match="A must say how much to bet: to 10 or 20"):
        r.act("bet")
    with pytest.raises(RulesError, match="A cannot bet to 15: bet to 10 or 20"):
        r.act("bet", 15)


@pytest.mark.parametrize("game", ["stud7hl8", "razz", "stud5hl", "stud5low"])
def test_open_pair_does_not_apply_to_split_or_low_games(game):
    r = BettingRound(game, 1, Stakes(1, 5, 10, 20), ["A", "B"], [500] * 2, open_pair=True)
    assert options(r) == [("check", 0), ("bet", 10)]


def test_open_pair_applies_only_on_the_second_round():
    r = BettingRound("stud7", 2, Stakes(1, 5, 10, 20), ["A", "B"], [500] * 2, open_pair=True)
    assert options(r) == [("check", 0), ("bet", 20)]


def test_five_card_stud_open_pair_on_the_second_round():
    # Seed 002: big bets are allowed in the second round if a player shows a pair.
    r = BettingRound("stud5", 1, Stakes(1, 2, 5, 10), ["A", "B"], [100] * 2, open_pair=True)
    assert options(r) == [("check", 0), ("bet", 5), ("bet", 10)]


def test_shows_open_pair_finds_a_pair_on_any_board():
    assert shows_open_pair(["Qs 8c", "8d 8h"])
    assert not shows_open_pair(["Qs 8c", "-", "8d 9h"])


def test_five_card_stud_without_a_bring_in_the_first_player_may_check():
    r = BettingRound("stud5", 0, Stakes(1, 2, 5, 10), ["A", "B"], [100] * 2, bring_in=False)
    assert options(r) == [("check", 0), ("bet", 5)]


def test_seed_002_five_card_stud_bring_in_2_or_full_small_bet_5():
    r = BettingRound("stud5", 0, Stakes(Decimal("0.65"), 2, 5, 10), ["A", "B"], [100] * 2)
    assert options(r) == [("bring-in", 2), ("complete", 5)]


def test_side_pot_when_a_player_is_all_in():
    r = BettingRound("stud7", 2, Stakes(5, 5, 10, 20), ["B", "C", "A"], [100, 100, 15],
                     posted=[5, 5, 5])
    r.act("bet")  # B 20
    r.act("raise")  # C 40
    assert options(r) == [("fold", 0), ("call", 15)]  # A can only call all in
    r.act("call")
    r.act("call")  # B 40
    assert r.done
    assert r.pots() == [Pot(60, ("B", "C", "A")), Pot(50, ("B", "C"))]
    assert sum(p.amount for p in r.pots()) == r.pot == 110


def test_side_pots_hold_folded_money_but_folded_players_cannot_win():
    r = BettingRound("stud7", 2, Stakes(0, 5, 10, 20), ["A", "B", "C"], [10, 100, 100],
                     dead=[3])
    r.act("bet")  # A all in for 10: half the big bet of 20, so it counts as a bet
    r.act("raise")  # B: a raise adds one big bet to what is in, 10 + 20
    assert r.round_in[1] == 30
    r.act("call")  # C 30
    assert r.done  # A all in, B and C level
    r2 = BettingRound("stud7", 2, Stakes(0, 5, 10, 20), ["A", "B", "C"], [10, 100, 100])
    r2.act("bet")
    r2.act("raise")
    r2.act("fold")  # C folds with nothing in
    assert r2.done
    assert r2.pots() == [Pot(20, ("A", "B")), Pot(20, ("B",))]  # B's 20 over A comes back
    assert r.pots() == [Pot(33, ("A", "B", "C")), Pot(40, ("B", "C"))]


def test_folded_money_above_an_all_in_goes_to_the_side_pot():
    r = BettingRound("stud7", 2, Stakes(0, 5, 10, 20), ["A", "B", "C"], [100, 5, 100])
    r.act("bet")  # A 20
    r.act("call")  # B all in for 5
    r.act("raise")  # C 40
    r.act("fold")  # A folds, 20 in
    assert r.done
    assert r.pots() == [Pot(15, ("B", "C")), Pot(50, ("C",))]


def test_a_short_all_in_raise_does_not_reopen_the_betting():
    # Robert's Rules: an all-in raise of less than half a bet only has to be called.
    r = BettingRound("stud7", 0, Stakes(0, 5, 10, 20), ["A", "B", "C"], [100, 14, 100],
                     bring_in=True)
    r.act("complete")  # A 10
    assert options(r) == [("fold", 0), ("call", 10), ("raise", 14)]
    r.act("raise")  # B all in to 14: 4 more, less than half of 10
    assert r.bets == 1
    assert options(r) == [("fold", 0), ("call", 14), ("raise", 24)]  # C has not acted yet
    r.act("call")
    assert r.to_act == "A"
    assert options(r) == [("fold", 10), ("call", 14)]  # A has acted: no raise
    r.act("call")
    assert r.done


def test_an_all_in_raise_of_half_a_bet_or_more_reopens_the_betting():
    r = BettingRound("stud7", 0, Stakes(0, 5, 10, 20), ["A", "B", "C"], [100, 15, 100])
    r.act("complete")
    r.act("raise")  # B all in to 15: half a bet
    assert r.bets == 2
    r.act("call")
    assert options(r) == [("fold", 10), ("call", 15), ("raise", 25)]


def test_a_short_bring_in_all_in_is_called_for_what_it_is():
    r = BettingRound("stud7", 0, Stakes(0, 5, 10, 20), ["A", "B"], [3, 100])
    assert options(r) == [("bring-in", 3)]
    r.act("bring-in")
    assert options(r) == [("fold", 0), ("call", 3), ("complete", 10)]
    r.act("call")
    assert r.done and r.pots() == [Pot(6, ("A", "B"))]


def test_legal_actions_carry_what_they_cost():
    r = BettingRound("stud7", 3, Stakes(1, 1, 2, 4), ["A", "B"], [100, 100])
    r.act("bet")
    assert r.legal_actions() == [LegalAction("fold", 0, 0), LegalAction("call", 4, 4),
                                 LegalAction("raise", 8, 8)]


def test_acting_after_the_round_is_over_is_an_error():
    r = BettingRound("stud7", 4, Stakes(1, 1, 2, 4), ["A", "B"], [100, 100])
    r.act("check")
    r.act("check")
    with pytest.raises(RulesError, match="the round is over: no one can bet"):
        r.act("bet")


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"players_in_order": ["A"], "stacks": [1]}, "at least 2 players, got 1"),
        ({"players_in_order": ["A", "A"], "stacks": [1, 1]}, "players must be distinct"),
        ({"players_in_order": ["A", "B"], "stacks": [1]}, "1 stacks for 2 players"),
        ({"players_in_order": ["A", "B"], "stacks": [1, -1]}, "the stack of B must not be neg"),
        ({"players_in_order": ["A", "B"], "stacks": [1, 1], "street_index": 5},
         "street index 5 is not a betting round of stud7"),
        ({"players_in_order": ["A", "B"], "stacks": [0, 1]},
         "the bring-in player 'A' has no chips"),
    ],
)
def test_betting_round_errors_quote_the_input(kwargs, message):
    args = {"game": "stud7", "street_index": 0, "stakes": Stakes(1, 1, 2, 4)} | kwargs
    with pytest.raises(RulesError, match=message):
        BettingRound(**args)


# --- the command line -------------------------------------------------------------------


def run(capsys, *args):
    code = main(["rules", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_bringin_table_names_the_seat_and_card(capsys):
    code, out, err = run(capsys, "bringin", "Kd", "2d", "2c", "As")
    assert code == 0 and err == ""
    assert out.splitlines() == ["seat 3 (2c) brings it in"]
    code, out, err = run(capsys, "bringin", "-g", "stud5", "--no-bring-in", "Kd", "2d", "As")
    assert out.splitlines() == ["seat 3 (As) acts first (no bring-in): may check or bet"]


def test_cli_bringin_json_and_seat_ties(capsys):
    code, out, _ = run(capsys, "bringin", "--format", "json", "--tie", "seat", "2d", "2c")
    assert code == 0 and json.loads(out) == {"seat": 1, "card": "2d"}
    code, out, _ = run(capsys, "bringin", "-g", "razz", "--format", "json", "Kh", "Ks", "10c")
    assert code == 0 and json.loads(out) == {"seat": 2, "card": "Ks"}


def test_cli_order_finnish_example(capsys):
    code, out, _ = run(capsys, "order", "--format", "json", "8c 8d Ks", "Qh 2c Qd", "Th Js 9d")
    assert code == 0 and json.loads(out) == {"seat": 2}
    code, out, _ = run(capsys, "order", "8c 8d Ks", "Qh 2c Qd", "Th Js 9d")
    assert out == "seat 2 (Qh 2c Qd) acts first\n"


def test_cli_order_suit_tie_and_folded_seat(capsys):
    code, out, _ = run(capsys, "order", "--tie", "suit", "--format", "json", "-", "3h 3d", "3s 3c")
    assert code == 0 and json.loads(out) == {"seat": 3}


def test_cli_limits_json_is_a_list_of_rows(capsys):
    code, out, _ = run(capsys, "limits", "--ante", "0.50", "--bring-in", "1", "--small", "2",
                       "--big", "4", "--format", "json")
    rows = json.loads(out)
    assert code == 0 and len(rows) == 5
    assert rows[0] == {"round": 1, "street": "3rd street", "size": "small", "bet": 2, "cap": 8,
                       "bring_in": 1, "complete": 2, "open_pair_bet": None,
                       "open_pair_cap": None}
    assert rows[1]["open_pair_bet"] == 4 and rows[1]["open_pair_cap"] == 16
    assert rows[4]["cap"] == 16


def test_cli_limits_table_shows_bets_cap_and_open_pair(capsys):
    code, out, _ = run(capsys, "limits", "-g", "stud5", "--ante", "0.65", "--bring-in", "2",
                       "--small", "5", "--big", "10")
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == ("Five-card stud, fixed limit 5/10, ante 0.65: one bet and three raises "
                        "per round")
    assert "bring-in 2, complete to 5" in lines[4]
    # OPEN_PAIR_RULE: the big bet instead of the small; after a small bet a small or a big
    # raise; once a big bet or raise is made, every bet and raise is big.
    assert ("open pair showing: the bet may be 5 or 10; after a bet of 5 a raise may be 5 or "
            "10; once 10 is bet or raised, every bet and raise is 10 (still a bet and three "
            "raises: at most 40 a player this round)") in lines[5]
    assert lines[7].split()[:5] == ["4", "5th", "street", "10", "(big)"]
    # a bring-in of a full small bet has nothing to complete; big = small: no open pair
    code, out, _ = run(capsys, "limits", "-g", "stud7", "--ante", "1", "--bring-in", "2",
                       "--small", "2", "--big", "2")
    assert "bring-in 2 (a full bet: nothing to complete)" in out and "open pair" not in out


def test_cli_limits_csv_has_the_open_pair_bet_and_cap(capsys):
    code, out, _ = run(capsys, "limits", "--ante", "1", "--bring-in", "1", "--small", "2",
                       "--big", "4", "--format", "csv")
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == ("round,street,size,bet,cap,bring_in,complete,open_pair_bet,"
                        "open_pair_cap")
    assert lines[2] == "2,4th street,small,2,8,,,4,16"


def test_cli_limits_cents_keep_their_decimals(capsys):
    code, out, _ = run(capsys, "limits", "--ante", "0.10", "--bring-in", "0.10", "--small",
                       "0.50", "--big", "1", "--format", "json")
    rows = json.loads(out)
    assert code == 0 and (rows[0]["bring_in"], rows[0]["bet"], rows[2]["bet"]) == (0.1, 0.5, 1)
    # The table writes cents as players do: 0.50, not 0.5
    code, out, _ = run(capsys, "limits", "--ante", "0.1", "--bring-in", "0.10", "--small",
                       "0.5", "--big", "1")
    assert code == 0 and out.splitlines()[0].startswith(
        "Seven-card stud, fixed limit 0.50/1, ante 0.10: ")
    assert "bring-in 0.10, complete to 0.50" in out


def test_cli_limits_without_an_ante(capsys):
    """The ante changes no bet: a game without one (or a user who does not say) gets the
    same limits, and the title says there is no ante."""
    code, out, _ = run(capsys, "limits", "--bring-in", "1", "--small", "2", "--big", "4")
    assert code == 0 and out.splitlines()[0] == (
        "Seven-card stud, fixed limit 2/4, no ante: one bet and three raises per round")
    _, with_ante, _ = run(capsys, "limits", "--ante", "1", "--bring-in", "1", "--small", "2",
                          "--big", "4")
    assert out.splitlines()[1:] == with_ante.splitlines()[1:]


@pytest.mark.parametrize(
    "args, message",
    [
        (["bringin", "Kd", "Kx"],
         "Error: 'Kx' is not a card: rank 2-9 T J Q K A then suit c d h s"),
        (["bringin", "Kd"], "Error: need the door cards of at least 2 players, got 1"),
        (["bringin", "Kd", "Kd"], "Error: card 'Kd' is dealt twice"),
        (["order", "Ah", "Kd Qd"], ("Error: boards must all have the same number of up cards: "
                                   "'Ah' has 1, 'Kd Qd' has 2")),
        (["limits", "--ante", "1", "--bring-in", "5", "--small", "2", "--big", "4"],
         "Error: the bring-in (5) must not exceed the small bet (2)"),
        (["limits", "--ante", "x", "--bring-in", "1", "--small", "2", "--big", "4"],
         ("Error: Invalid value for '--ante': 'x' is not an amount (e.g. 2 or 0.50) "
         "(see 'studodds rules limits --help')")),
    ],
)
def test_cli_errors_are_one_line_and_exit_2(capsys, args, message):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err == message + "\n"


def test_cli_bad_tie_choice_is_a_usage_error(capsys):
    code, _, err = run(capsys, "bringin", "--tie", "colour", "2c", "3c")
    assert code == 2 and err.startswith("Error: Invalid value for '--tie'")
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize("command", ["bringin", "order", "limits"])
def test_cli_rules_commands_have_help(capsys, command):
    code, out, _ = run(capsys, command, "--help")
    assert code == 0 and "Example:" in out


def test_random_rounds_always_end_level_with_the_pots_adding_up():
    """Random legal play: the round ends, everyone still in is level or all in, money is
    conserved, the cap holds and the pots add up to the pot."""
    rng = random.Random(2024)
    for _ in range(2000):
        n = rng.randint(2, 6)
        street = rng.randint(0, 3)
        stacks = [rng.choice([0, 3, 5, 12, 15, 40, 100]) for _ in range(n)]
        stacks[0] = stacks[0] or 7  # the bring-in player has chips
        r = BettingRound(rng.choice(["stud7", "razz", "stud5"]), street, Stakes(1, 5, 10, 20),
                         list(range(n)), stacks, open_pair=rng.random() < 0.5,
                         posted=[1] * n, dead=[rng.choice([0, 1, 30])])
        total = sum(stacks) + r.pot
        for _ in range(60):
            if r.done:
                break
            action = rng.choice(r.legal_actions())
            r.act(action.action, action.to)
            assert min(r.stacks) >= 0 and r.bets <= CAP_BETS
        assert r.done
        assert r.pot + sum(r.stacks) == total
        assert sum(p.amount for p in r.pots()) == r.pot
        live = [i for i in range(n) if not r.folded[i]]
        top = max(r.round_in[i] for i in live)
        assert all(r.round_in[i] == top or r.stacks[i] == 0 for i in live)


FULL_SIZE_BRING_IN = doc_says(
    "A bring-in as big as the small bet is already the opening bet: there is nothing to "
    "complete, and the next raise adds a small bet.",
)


def test_a_full_size_bring_in_is_the_opening_bet_and_can_be_raised():
    """Bring-in equal to the small bet (the bring-in size is the table's: FULL_SIZE_BRING_IN):
    there is nothing to complete, the next player calls or raises it."""
    from studodds.table import BettingRound, Stakes

    round_ = BettingRound("stud7", 0, Stakes(1, 2, 2, 4), ["A", "B", "C"], [100] * 3)
    round_.act("bring-in")
    assert [(a.action, a.to) for a in round_.legal_actions()] == [
        ("fold", 0), ("call", 2), ("raise", 4),
    ]


# --- the BARGE games: stud7hl, razz27, razz6 (docs/rules.md, "Bring-in and first to act") --
#
# All three play the low order: the HIGHEST door card brings it in and the best LOW board
# acts first. The ace counts low in razz6 and stud7hl (as in razz), high in razz27.

ALL_CARDS = [card_str(c) for c in range(52)]


LOW_ORDER_GAMES = doc_says(
    "The games that bring it in from the highest card also play the low order on later "
    "streets (below).",
    "razz, razz6, stud7hl, stud5low and stud5low6: the highest door card brings it in, the "
    "ace low,",
    "razz27: the highest door card brings it in, the ace high;",
)


def test_order_of_play_is_read_from_the_game_data_as_the_rules_say():
    # LOW_ORDER_GAMES: razz, razz6, razz27, stud7hl and the five-card lowball games play
    # the low order; stud7hl8 and stud5hl deal and bet as the high games; only razz27
    # counts the ace high in the low order.
    assert {g.id for g in GAMES.values() if g.order == "low"} == {
        "razz", "razz6", "razz27", "stud7hl", "stud5low", "stud5low6"}
    assert {g.id for g in GAMES.values() if g.order == "low" and not g.order_ace_low} == {
        "razz27"}


def test_a_new_game_is_a_row_of_data_not_new_code():
    # A five-card deuce-to-seven stud made up from data only: ace high in the low order.
    game = dataclasses.replace(GAMES["stud5low"], id="stud5low27", order_ace_low=False)
    assert bring_in(game, ["Kc", "As", "2d"]) == 1
    assert first_to_act(game, ["Ah 2d", "7c 5d"]) == 1
    assert first_to_act_first_round(game, ["Ah", "3c", "2d"], bring_in=False) == 2
    assert first_to_act_first_round(GAMES["stud5low"], ["Ah", "3c", "2d"], bring_in=False) == 0


def test_an_unknown_order_of_play_in_the_game_data_is_an_error():
    game = dataclasses.replace(GAMES["razz"], id="razzx", order="lowball")
    with pytest.raises(RulesError, match="game 'razzx' has order of play 'lowball': "
                                         "expected one of high, low"):
        bring_in(game, ["Kc", "2d"])


def test_razz27_the_highest_door_card_brings_it_in_ace_high():
    assert bring_in("razz27", ["Qs", "Kc", "7h"]) == 1
    assert bring_in("razz27", ["Kc", "Ah", "2d"]) == 1  # the ace is high: worse than a king
    assert bring_in("razz", ["Kc", "Ah", "2d"]) == 0  # (in razz the king is the worst)


def test_razz27_the_spade_ace_is_the_worst_door_card():
    for card in ALL_CARDS:
        if card != "As":
            assert bring_in("razz27", [card, "As"]) == 1, card
            assert bring_in("razz27", ["As", card]) == 0, card
    for seating in itertools.permutations(["Ah", "As", "Ac", "Ad", "Ks"]):
        assert seating[bring_in("razz27", seating)] == "As"


def test_razz27_bring_in_ties_by_suit_spades_worst():
    assert bring_in("razz27", ["Kc", "Ks"]) == 1
    assert bring_in("razz27", ["Ks", "Kc"]) == 0
    assert bring_in("razz27", ["Kh", "Ks", "Kc"]) == 1
    assert bring_in("razz27", ["Ad", "Ah", "Ac"]) == 1


def test_razz27_a_deuce_never_brings_it_in_against_a_higher_card():
    for two in ("2c", "2d", "2h", "2s"):
        for card in ALL_CARDS:
            if card[0] != "2":
                assert bring_in("razz27", [two, card]) == 1, (two, card)
                assert bring_in("razz27", [card, two]) == 0, (two, card)


@pytest.mark.parametrize("game", ["razz6", "stud7hl"])
def test_razz6_and_stud7hl_bring_in_the_highest_card_ace_low_king_worst(game):
    assert bring_in(game, ["Qs", "Kc", "Ah"]) == 1
    assert bring_in(game, ["Ac", "2d"]) == 1  # the ace is low
    assert bring_in(game, ["Kh", "Ks", "Kc"]) == 1  # spades worst on a tie
    for seating in itertools.permutations(["Ks", "Kh", "Qs", "As"]):
        assert seating[bring_in(game, seating)] == "Ks"  # the spade king is the worst


@pytest.mark.parametrize("game", ["razz6", "stud7hl"])
def test_razz6_and_stud7hl_the_ace_is_the_best_door_card(game):
    for ace in ("Ac", "Ad", "Ah", "As"):
        for card in ALL_CARDS:
            if card[0] != "A":
                assert bring_in(game, [ace, card]) == 1, (ace, card)


def test_stud7hl_brings_in_like_razz_not_like_stud7hl8():
    # BARGE: stud7hl is split but plays the low order; stud7hl8 plays the high order.
    doors = ["Ad", "Kc", "7h", "2c"]
    assert bring_in("stud7hl", doors) == bring_in("razz", doors) == 1
    assert bring_in("stud7hl8", doors) == 3


@pytest.mark.parametrize("game", NEW_GAMES)
def test_new_games_bring_in_ties_by_seat_go_to_the_first_in_seat_order(game):
    assert bring_in(game, ["9c", "Kh", "Ks", "Kc"], tie="seat") == 1
    assert bring_in(game, ["9c", "Kh", "Ks", "Kc"], tie="suit") == 2


def test_razz27_seat_ties_between_aces():
    assert bring_in("razz27", ["Kc", "Ah", "As"], tie="seat") == 1
    assert bring_in("razz27", ["Kc", "Ah", "As"], tie="suit") == 2


@pytest.mark.parametrize("game", NEW_GAMES)
def test_new_games_always_have_a_bring_in(game):
    with pytest.raises(RulesError, match=f"{game} always has a bring-in"):
        first_to_act_first_round(game, ["3h", "Kd"], bring_in=False)
    assert first_to_act_first_round(game, ["3h", "Kd"]) == 1


def test_razz27_best_deuce_to_seven_board_acts_first_7_5_beats_a_2():
    assert first_to_act("razz27", ["Ah 2d", "7c 5d"]) == 1
    assert first_to_act("razz27", ["7c 5d", "Ah 2d"]) == 0
    assert first_to_act("razz", ["Ah 2d", "7c 5d"]) == 0  # (in razz A-2 is the best)


def test_razz27_an_ace_on_board_is_worse_than_a_king():
    assert first_to_act("razz27", ["Ac 2d", "Kc 2h"]) == 1
    assert first_to_act("razz27", ["Ac 3d 2s", "Kc Qh Jd"]) == 1


def test_razz27_boards_compare_from_the_highest_card_down():
    assert first_to_act("razz27", ["8c 3d 2h", "7c 6d 5h"]) == 1
    assert first_to_act("razz27", ["7c 6d 5h 2s", "7h 6s 4c 3d"]) == 1


def test_razz27_a_pair_is_worse_than_any_unpaired_board():
    assert first_to_act("razz27", ["2c 2d", "Ah Ks"]) == 1
    unpaired = [(a, b) for a, b in itertools.combinations(range(52), 2) if a // 4 != b // 4]
    paired = [(a, b) for a, b in itertools.combinations(range(52), 2) if a // 4 == b // 4]
    worst_unpaired = min(showing_strength("razz27", b) for b in unpaired)
    best_paired = max(showing_strength("razz27", b) for b in paired)
    assert worst_unpaired > best_paired
    assert worst_unpaired == showing_strength("razz27", "As Kd")  # ace-king is the worst
    assert best_paired == showing_strength("razz27", "2c 2d")  # the lowest pair the best
    assert first_to_act("razz27", ["Kc Kd 5h", "2c 2d Qs"]) == 1  # the lower pair is better
    assert first_to_act("razz27", ["Ac Ad 2h", "Kc Kd Qs"]) == 1  # aces the worst pair


def test_razz27_straights_and_flushes_on_board_do_not_count():
    # 2-3-4-5 suited is still the lowest board; 3-4-5-6 beats 7-5-3-2 on the highest card.
    assert first_to_act("razz27", ["7c 5d 3s 2s", "2h 3h 4h 5h"]) == 1
    assert first_to_act("razz27", ["7c 5d 3s 2s", "3c 4d 5s 6h"]) == 1


def test_razz27_suit_ties_mirror_the_bring_in_spades_worst():
    assert first_to_act("razz27", ["7s 5h", "7c 5d"], tie="suit") == 1
    assert first_to_act("razz27", ["7s 5h", "7c 5d"], tie="seat") == 0
    # The leading card of an ace-king board is the ace (ace high): the spade ace is worst.
    assert first_to_act("razz27", ["As Kc", "Ah Ks"], tie="suit") == 1


def test_stud7hl_the_best_ace_to_five_low_board_acts_first():
    assert first_to_act("stud7hl", ["Kc Kd", "Ac 2d"]) == 1  # A-2 beats K-K
    assert first_to_act("stud7hl", ["7c 7d", "3h 4s"]) == 1  # 3-4 beats 7-7
    assert first_to_act("stud7hl", ["2h 3s", "Ac 2d"]) == 1  # the ace is low
    assert first_to_act("stud7hl", ["8s 3c 2d", "7c 4d 2h", "Kc Kd 2s"]) == 1


def test_stud7hl_plays_the_low_order_but_stud7hl8_the_high_order():
    for boards in (["Kc Kd", "Ac 2d"], ["7c 7d", "3h 4s"]):
        assert first_to_act("stud7hl", boards) == 1
        assert first_to_act("stud7hl8", boards) == 0


def test_razz6_the_best_low_board_acts_first_like_razz():
    assert first_to_act("razz6", ["8s 3c 2d", "7c 4d 2h", "Kc Kd 2s"]) == 1
    assert first_to_act("razz6", ["2c 2d", "Kh Qd"]) == 1
    assert first_to_act("razz6", ["2h 3s", "Ac 2d"]) == 1  # the ace is low
    assert first_to_act("razz6", ["8c 8d Ks", "Qh 2c Qd", "Th Js 9d"]) == 2


@pytest.mark.parametrize("game", ["razz6", "stud7hl"])
def test_razz6_and_stud7hl_boards_rank_exactly_as_razz_boards(game):
    # Straights and flushes on board do not count, so an ace-to-six board (razz6) and the
    # ace-to-five board of stud7hl rank as in razz.
    for board in itertools.combinations(range(52), 2):
        assert showing_strength(game, board) == showing_strength("razz", board)
    rng = random.Random(7)
    for _ in range(500):
        n_players, n_up = rng.randint(2, 8), rng.randint(1, 4)
        cards = rng.sample(range(52), n_players * n_up)
        boards = [cards[i * n_up:(i + 1) * n_up] for i in range(n_players)]
        for tie in ("seat", "suit"):
            assert first_to_act(game, boards, tie) == first_to_act("razz", boards, tie)
        doors = [b[0] for b in boards]
        assert bring_in(game, doors) == bring_in("razz", doors)


@pytest.mark.parametrize("game", NEW_GAMES)
def test_new_games_seventh_street_order_is_the_sixth_street_order(game):
    with pytest.raises(RulesError, match=f"has 5 up cards: {game} shows 1 to 4"):
        first_to_act(game, ["Kc Kd 2h 3s 4d", "Ac Qd Jh 9s 8c"])


@pytest.mark.parametrize("game", NEW_GAMES)
def test_new_games_first_to_act_ties_default_to_the_first_in_seat_order(game):
    assert first_to_act(game, ["9c 8d", "7h 5c", "7s 5d"]) == 1
    assert first_to_act(game, ["9c 8d", "7s 5d", "7h 5c"]) == 1


@pytest.mark.parametrize("game", NEW_GAMES)
def test_open_pair_never_applies_in_the_new_games(game):
    assert [r.open_pair_bet for r in limits(game, Stakes(1, 5, 10, 20))] == [None] * 5
    r = BettingRound(game, 1, Stakes(1, 5, 10, 20), ["A", "B"], [500] * 2, open_pair=True)
    assert options(r) == [("check", 0), ("bet", 10)]


@pytest.mark.parametrize("game", NEW_GAMES)
def test_new_games_rounds_one_and_two_small_bet_three_to_five_big_bet_cap_four(game):
    rows = limits(game, Stakes(Decimal("0.50"), 1, 2, 4))
    assert [(r.street, r.size, r.bet, r.cap) for r in rows] == [
        ("3rd street", "small", 2, 8), ("4th street", "small", 2, 8),
        ("5th street", "big", 4, 16), ("6th street", "big", 4, 16),
        ("7th street", "big", 4, 16),
    ]
    assert (rows[0].bring_in, rows[0].complete) == (1, 2)
    r = BettingRound(game, 0, Stakes(0, 5, 10, 20), ["A", "B"], [500] * 2)
    assert options(r) == [("bring-in", 5), ("complete", 10)]


# --- the command line for the BARGE games (click's CliRunner) ---------------------------


def invoke(*args):
    result = CliRunner().invoke(cli, ["rules", *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_cli_bringin_razz27_the_spade_ace_brings_it_in():
    out = invoke("bringin", "-g", "razz27", "--format", "json", "Ks", "As", "2c")
    assert json.loads(out) == {"seat": 2, "card": "As"}
    out = invoke("bringin", "-g", "razz27", "Kc", "Ks", "10h")
    assert out.splitlines() == ["seat 2 (Ks) brings it in"]
    out = invoke("bringin", "-g", "razz27", "--tie", "seat", "--format", "json", "Ah", "As")
    assert json.loads(out) == {"seat": 1, "card": "Ah"}


@pytest.mark.parametrize("game", ["razz6", "stud7hl"])
def test_cli_bringin_razz6_and_stud7hl_the_king_brings_it_in(game):
    out = invoke("bringin", "-g", game, "--format", "json", "Ac", "Kd", "Qs")
    assert json.loads(out) == {"seat": 2, "card": "Kd"}


def test_cli_order_stud7hl_the_best_ace_to_five_board_acts_first():
    out = invoke("order", "-g", "stud7hl", "--format", "json", "Kc Kd", "Ac 2d")
    assert json.loads(out) == {"seat": 2}
    out = invoke("order", "-g", "stud7hl", "7c 7d", "3h 4s", "-")
    assert out == "seat 2 (3h 4s) acts first\n"
    out = invoke("order", "-g", "stud7hl8", "--format", "json", "Kc Kd", "Ac 2d")
    assert json.loads(out) == {"seat": 1}


def test_cli_order_razz27_7_5_acts_before_a_2_and_razz6_like_razz():
    out = invoke("order", "-g", "razz27", "--format", "json", "Ah 2d", "7c 5d", "Kc Kd")
    assert json.loads(out) == {"seat": 2}
    out = invoke("order", "-g", "razz6", "--format", "json", "Ah 2d", "7c 5d", "Kc Kd")
    assert json.loads(out) == {"seat": 1}


@pytest.mark.parametrize("game", NEW_GAMES)
def test_cli_limits_new_games(game):
    out = invoke("limits", "-g", game, "--ante", "0.50", "--bring-in", "1", "--small", "2",
                 "--big", "4", "--format", "json")
    rows = json.loads(out)
    assert [(r["street"], r["bet"], r["cap"], r["open_pair_bet"]) for r in rows] == [
        ("3rd street", 2, 8, None), ("4th street", 2, 8, None), ("5th street", 4, 16, None),
        ("6th street", 4, 16, None), ("7th street", 4, 16, None),
    ]
    assert (rows[0]["bring_in"], rows[0]["complete"]) == (1, 2)


def test_cli_rules_help_describes_the_new_games():
    # (click rewraps the docstring: compare with the whitespace collapsed)
    bringin = " ".join(invoke("bringin", "--help").split())
    order = " ".join(invoke("order", "--help").split())
    assert "razz27" in bringin and "spade ace" in bringin
    assert "razz6" in bringin and "stud7hl" in bringin
    assert "razz27" in order and "stud7hl" in order and "7-5" in order


# --- every game in games.py against docs/rules.md, one table ----------------------------
#
# The expected answers are written by hand from docs/rules.md, never computed from games.py,
# so wrong game data (order, order_ace_low, open_pair_option, streets) fails here. Each list
# of answers comes with the sentences of docs/rules.md it is read from (doc_says). Seats are
# 0-based, in seat order from the dealer's left. A new game needs a row: see
# test_every_game_has_a_row_in_the_rules_table.

# Door cards, one per seat: ties on rank and aces at either end.
RULES_DOORS = (
    ("Kd", "2d", "2c", "As"),  # a deuce tie (2d, 2c), a king, an ace
    ("5h", "5c", "9s", "5s"),  # a three-way tie on the lowest rank
    ("Qh", "Qs", "Qc", "4d"),  # a three-way tie on the highest rank
    ("Ah", "As", "Kc"),  # two aces and a king: where does the ace count?
    ("Ac", "2h"),  # ace against deuce
    ("Ac", "Ad", "3s"),  # two aces (clubs, diamonds) and a trey
)

# Boards (up cards), one per seat, "-" a seat that has folded.
RULES_BOARDS = (
    ("8c 8d", "Ah Kc", "3c 2d"),  # a pair, the best high cards, the best low cards
    ("Ah 2c", "7d 5s", "Kh Kd"),  # A-2 (best ace-to-five), 7-5 (best deuce-to-seven), a pair
    ("Ah Kc", "As Kd"),  # equal ranks: a tie the high order's suit rule gives to seat 2
    ("Kc Kd 2h 2s", "Ah Ad Qc 3c", "-", "7c 6s 4h 3d"),  # two pair, a pair, folded, 7-low
    ("Ac 2d 3h", "6c 4d 2s", "Kc Kh Ks"),  # A-2-3, 6-4-2, trips
    ("Kc Qd Jh", "2c 2d 3h", "-"),  # unpaired king-high against a pair of deuces
    ("As Kd", "Ah Kc"),  # equal ranks: a tie the low order's suit rule gives to seat 2
)

# Each pair is (tie by suit, tie by seat).
LOWEST_CARD_ACE_HIGH = [(2, 1), (1, 0), (3, 3), (2, 2), (1, 1), (2, 2)]
BRING_IN_HIGH = doc_says(
    "stud7, stud7hl8, stud5 and stud5hl: the lowest door card brings it in, the ace high. On "
    "equal ranks the lower suit brings it in, clubs lowest, so `2c` is the lowest door card.",
    "`--tie seat` breaks a tie on rank by seat instead of suit: the first player in seat "
    "order, starting from the dealer's left, brings it in.",
)
HIGHEST_CARD_ACE_LOW = [(0, 0), (2, 2), (1, 0), (2, 2), (1, 1), (2, 2)]
BRING_IN_LOW = doc_says(
    "razz, razz6, stud7hl, stud5low and stud5low6: the highest door card brings it in, the "
    "ace low, so a king is the worst door card. On equal ranks spades are worst: `Ks` brings "
    "it in over `Kh`.",
)
HIGHEST_CARD_ACE_HIGH = [(3, 3), (2, 2), (1, 0), (1, 0), (0, 0), (1, 0)]
BRING_IN_RAZZ27 = doc_says(
    "razz27: the highest door card brings it in, the ace high; on equal ranks spades are "
    "worst, so the spade ace is the worst door card.",
)

# Without a bring-in, (tie by suit, tie by seat) again.
NO_BRING_IN_HIGHEST_CARD = [(3, 3), (2, 2), (1, 0), (1, 0), (0, 0), (1, 0)]
NO_BRING_IN_LOWEST_CARD_ACE_LOW = [(3, 3), (1, 0), (3, 3), (0, 0), (0, 0), (0, 0)]
NO_BRING_IN = doc_says(
    "In five-card stud the bring-in is optional. Without one (`--no-bring-in`), the best door "
    "card acts first and may check: the highest, ace high, in stud5 and stud5hl (spades best "
    "on equal ranks); the lowest, ace low, in stud5low and stud5low6 (clubs best).",
)

# Each pair is (tie by seat, tie by suit).
BEST_HIGH_BOARD = [(0, 0), (2, 2), (0, 1), (0, 0), (2, 2), (1, 1), (0, 0)]
ORDER_HIGH = doc_says(
    "stud7, stud7hl8, stud5 and stud5hl: the boards compare as poker hands: four of a kind, "
    "three of a kind, two pair, a pair, then high cards, the ace high. Straights and flushes "
    "on board do not count.",
)
# The ace low (razz, razz6, stud7hl and the five-card lowball games) and high (razz27).
BEST_LOW_BOARD_ACE_LOW = [(2, 2), (0, 0), (0, 0), (3, 3), (0, 0), (0, 0), (0, 1)]
BEST_LOW_BOARD_ACE_HIGH = [(2, 2), (1, 1), (0, 0), (3, 3), (1, 1), (0, 0), (0, 1)]
ORDER_LOW = doc_says(
    "razz, razz6, stud7hl, stud5low and stud5low6: the best low board acts first, the ace "
    "low, and any pair is worse than no pair. razz27 plays the same way with the ace high, so "
    "an ace is the worst card on board and a 7-5 board beats A-2.",
)
ORDER_TIES = doc_says(
    "Equal boards: the first player in seat order, starting from the dealer's left, acts "
    "first (the default). `--tie suit` decides by the suit of each board's leading card, the "
    "highest card of its biggest group: the spade ace before the heart ace, `3s 3c` before "
    "`3h 3d`; in the low order the lower suit acts first, as spades are worst for the "
    "bring-in.",
)

SEVEN_CARD_SIZES = ["small", "small", "big", "big", "big"]
FIVE_CARD_SIZES = ["small", "small", "big", "big"]
BET_SIZES = doc_says(
    "The first two rounds (3rd and 4th street) use the small bet, the rest (5th, 6th and 7th "
    "street) the big bet. Five-card stud: the first two rounds small, the last two big.",
)
OPEN_PAIR_GAMES = doc_says(
    "In stud7, and in stud5 on its second betting round: if any board shows a pair,",
    "The split and low games have no open-pair option.",
)
HIGH_ORDER_SPLIT_GAMES = doc_says(
    "stud7hl brings it in as razz does (the BARGE rule), although its high half is the same "
    "as stud7hl8's; stud5hl deals and bets as stud5.",
)


@dataclasses.dataclass(frozen=True)
class RulesRow:
    bring_in: list  # (suit tie, seat tie) per RULES_DOORS
    no_bring_in: list | None  # the same without a bring-in; None: always has one
    first_to_act: list  # (seat tie, suit tie) per RULES_BOARDS
    open_pair_round: int | None  # 1-based betting round with the open-pair option
    sizes: list


RULES_TABLE = {
    # OPEN_PAIR_GAMES: stud7 on 4th street, its second round.
    "stud7": RulesRow(LOWEST_CARD_ACE_HIGH, None, BEST_HIGH_BOARD, 2, SEVEN_CARD_SIZES),
    # BRING_IN_HIGH, ORDER_HIGH; a split game, so no open pair (OPEN_PAIR_GAMES).
    "stud7hl8": RulesRow(LOWEST_CARD_ACE_HIGH, None, BEST_HIGH_BOARD, None, SEVEN_CARD_SIZES),
    # BRING_IN_LOW, ORDER_LOW.
    "razz": RulesRow(HIGHEST_CARD_ACE_LOW, None, BEST_LOW_BOARD_ACE_LOW, None,
                     SEVEN_CARD_SIZES),
    # NO_BRING_IN; open pair "in stud5 on its second betting round" (games.py names that
    # round "3rd street").
    "stud5": RulesRow(LOWEST_CARD_ACE_HIGH, NO_BRING_IN_HIGHEST_CARD, BEST_HIGH_BOARD, 2,
                      FIVE_CARD_SIZES),
    # BRING_IN_LOW, ORDER_LOW, and without a bring-in the lowest card (NO_BRING_IN).
    "stud5low": RulesRow(HIGHEST_CARD_ACE_LOW, NO_BRING_IN_LOWEST_CARD_ACE_LOW,
                         BEST_LOW_BOARD_ACE_LOW, None, FIVE_CARD_SIZES),
    "stud5low6": RulesRow(HIGHEST_CARD_ACE_LOW, NO_BRING_IN_LOWEST_CARD_ACE_LOW,
                          BEST_LOW_BOARD_ACE_LOW, None, FIVE_CARD_SIZES),
    # HIGH_ORDER_SPLIT_GAMES: "stud5hl deals and bets as stud5", but a split game has no
    # open pair (seed 002: no big bet or raise in high-low even when pairs show).
    "stud5hl": RulesRow(LOWEST_CARD_ACE_HIGH, NO_BRING_IN_HIGHEST_CARD, BEST_HIGH_BOARD, None,
                        FIVE_CARD_SIZES),
    # HIGH_ORDER_SPLIT_GAMES: "stud7hl brings it in as razz does"; BRING_IN_LOW, ORDER_LOW.
    "stud7hl": RulesRow(HIGHEST_CARD_ACE_LOW, None, BEST_LOW_BOARD_ACE_LOW, None,
                        SEVEN_CARD_SIZES),
    # BRING_IN_RAZZ27; ORDER_LOW with the ace high.
    "razz27": RulesRow(HIGHEST_CARD_ACE_HIGH, None, BEST_LOW_BOARD_ACE_HIGH, None,
                       SEVEN_CARD_SIZES),
    # BRING_IN_LOW, ORDER_LOW.
    "razz6": RulesRow(HIGHEST_CARD_ACE_LOW, None, BEST_LOW_BOARD_ACE_LOW, None,
                      SEVEN_CARD_SIZES),
}


def test_every_game_has_a_row_in_the_rules_table():
    assert set(RULES_TABLE) == set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_brings_in_as_the_rules_document_says(game):
    expected = RULES_TABLE[game].bring_in
    got = [(bring_in(game, doors), bring_in(game, doors, tie="seat")) for doors in RULES_DOORS]
    assert got == expected
    # With a bring-in, the bring-in player acts first on the first round.
    assert [first_to_act_first_round(game, doors) for doors in RULES_DOORS] == [
        suit for suit, _ in expected]
    # The command line says the same (1-based seats).
    for doors, (suit, seat) in zip(RULES_DOORS, expected, strict=True):
        out = invoke("bringin", "-g", game, "--format", "json", *doors)
        assert json.loads(out) == {"seat": suit + 1, "card": doors[suit]}
        out = invoke("bringin", "-g", game, "--tie", "seat", "--format", "json", *doors)
        assert json.loads(out) == {"seat": seat + 1, "card": doors[seat]}


@pytest.mark.parametrize("game", GAMES)
def test_every_game_first_to_act_without_a_bring_in_as_the_rules_document_says(game):
    expected = RULES_TABLE[game].no_bring_in
    if expected is None:
        # Only "five-card stud" has the optional bring-in.
        with pytest.raises(RulesError, match=f"{game} always has a bring-in"):
            first_to_act_first_round(game, RULES_DOORS[0], bring_in=False)
        with pytest.raises(RulesError, match=f"{game} always has a bring-in"):
            limits(game, Stakes(1, 1, 2, 4), bring_in=False)
        code = CliRunner().invoke(cli, ["rules", "bringin", "-g", game, "--no-bring-in",
                                        *RULES_DOORS[0]]).exit_code
        assert code != 0
        return
    got = [(first_to_act_first_round(game, doors, bring_in=False),
            first_to_act_first_round(game, doors, bring_in=False, tie="seat"))
           for doors in RULES_DOORS]
    assert got == expected
    for doors, (suit, seat) in zip(RULES_DOORS, expected, strict=True):
        out = invoke("bringin", "-g", game, "--no-bring-in", "--format", "json", *doors)
        assert json.loads(out) == {"seat": suit + 1, "card": doors[suit]}
        out = invoke("bringin", "-g", game, "--no-bring-in", "--tie", "seat", "--format",
                     "json", *doors)
        assert json.loads(out) == {"seat": seat + 1, "card": doors[seat]}
    # Nothing to post or complete on the first round; the first player may check.
    first = limits(game, Stakes(1, 1, 2, 4), bring_in=False)[0]
    assert (first.bring_in, first.complete) == (None, None)
    r = BettingRound(game, 0, Stakes(1, 1, 2, 4), ["A", "B"], [100, 100], bring_in=False)
    assert options(r) == [("check", 0), ("bet", 2)]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_first_to_act_on_later_streets_as_the_rules_document_says(game):
    expected = RULES_TABLE[game].first_to_act
    assert [first_to_act(game, boards) for boards in RULES_BOARDS] == [
        seat for seat, _ in expected]
    assert [first_to_act(game, boards, tie="suit") for boards in RULES_BOARDS] == [
        suit for _, suit in expected]
    for boards, (seat, _) in zip(RULES_BOARDS, expected, strict=True):
        out = invoke("order", "-g", game, "--format", "json", *boards)
        assert json.loads(out) == {"seat": seat + 1}


@pytest.mark.parametrize("game", GAMES)
def test_every_game_open_pair_round_and_bet_sizes_as_the_rules_document_says(game):
    row = RULES_TABLE[game]
    stakes = Stakes(1, 5, 10, 20)
    rows = limits(game, stakes)
    assert [r.size for r in rows] == row.sizes
    assert [r.round for r in rows if r.open_pair_bet is not None] == (
        [] if row.open_pair_round is None else [row.open_pair_round])
    # OPEN_PAIR_RULE, "the player to act may bet the big bet instead of the small": only on
    # the open-pair round is a big bet offered on a small round.
    for street_index in range(1, len(rows)):
        r = BettingRound(game, street_index, stakes, ["A", "B"], [500, 500], open_pair=True)
        small = row.sizes[street_index] == "small"
        bets = [to for action, to in options(r) if action == "bet"]
        if street_index + 1 == row.open_pair_round:
            assert bets == [10, 20]
        else:
            assert bets == ([10] if small else [20])
    out = invoke("limits", "-g", game, "--ante", "1", "--bring-in", "5", "--small", "10",
                 "--big", "20", "--format", "json")
    assert [r["round"] for r in json.loads(out) if r["open_pair_bet"] is not None] == (
        [] if row.open_pair_round is None else [row.open_pair_round])


# --- what `studodds rules` tells the user, against docs/rules.md -------------------------


FIRST_ROUND = doc_says(
    "The bring-in player posts the bring-in or completes to the small bet.",
)


def helptext(command):
    # (click rewraps the docstring: compare with the whitespace collapsed)
    return " ".join(invoke(command, "--help").split())


def test_cli_bringin_help_names_the_high_order_games_and_the_optional_bring_in():
    text = helptext("bringin")
    # BRING_IN_HIGH and HIGH_ORDER_SPLIT_GAMES (stud7hl brings it in like razz).
    assert ("In stud7, stud7hl8, stud5 and stud5hl the lowest door card brings it in, ace "
            "high") in text
    assert "(stud7hl) and the five-card lowball games (stud5low, stud5low6)" in text
    # NO_BRING_IN
    assert ("Five-card stud may be played without a bring-in (--no-bring-in): then the best "
            "door card acts first and may check") in text


def test_cli_order_help_names_the_high_order_games_and_the_seat_tie():
    text = helptext("order")
    assert "In stud7, stud7hl8, stud5 and stud5hl the best showing hand acts first" in text
    # ORDER_TIES
    assert "Equal boards: the first in seat order (--tie suit" in text


def test_cli_limits_help_states_the_open_pair_and_the_cap():
    text = helptext("limits")
    # OPEN_PAIR_RULE
    assert ("In stud7 and stud5, if any board shows a pair on the second round, any player "
            "may bet the big bet, or raise by it after a small bet; from then on every bet "
            "and raise of that round is big.") in text
    # OPEN_PAIR_RULE: "One bet and three raises per round, whatever their size"
    assert "The cap counts one bet and three raises, whatever their size." in text
    # FIRST_ROUND
    assert "the bring-in player posts the bring-in or completes to the small bet" in text


def test_cli_limits_without_a_bring_in(capsys):
    code, out, _ = run(capsys, "limits", "-g", "stud5", "--no-bring-in", "--ante", "1",
                       "--small", "2", "--big", "4")
    assert code == 0
    assert "no bring-in: the first player may check or bet 2" in out.splitlines()[4]
    assert "bring-in" not in out.splitlines()[5]
    code, out, _ = run(capsys, "limits", "-g", "stud5hl", "--no-bring-in", "--ante", "1",
                       "--small", "2", "--big", "4", "--format", "json")
    first = json.loads(out)[0]
    assert code == 0 and (first["bring_in"], first["complete"]) == (None, None)


@pytest.mark.parametrize(
    "args, message",
    [
        (["--ante", "1", "--small", "2", "--big", "4"],
         "Error: Missing option '--bring-in' (or --no-bring-in, five-card stud only)"),
        (["-g", "stud5", "--ante", "1", "--bring-in", "1", "--small", "2", "--big", "4",
          "--no-bring-in"], "Error: give --bring-in or --no-bring-in, not both"),
        (["-g", "razz", "--ante", "1", "--small", "2", "--big", "4", "--no-bring-in"],
         "Error: razz always has a bring-in: only five-card stud may be played without one"),
    ],
)
def test_cli_limits_bring_in_errors(capsys, args, message):
    code, out, err = run(capsys, "limits", *args)
    assert code == 2 and out == ""
    assert err.splitlines()[0].startswith(message) and len(err.splitlines()) == 1


@pytest.mark.parametrize("sentence", QUOTED)
def test_every_quoted_sentence_is_in_docs_rules_md(sentence):
    document = " ".join(RULES_DOC.read_text(encoding="utf-8").split())
    assert " ".join(sentence.split()) in document
