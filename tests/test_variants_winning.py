"""The Winning Poker Network's layouts as the public record documents them (fpdb-3's
WinningToFpdb.py, the one parser for every skin of the network: Americas Cardroom,
BlackChip, True Poker, Ya Poker, WinningPoker; and its regression files), each in a
fixture of our own: tests/data/handhistories/variants/. Research notes: the variants
report of issue 29 (winning.md)."""

from __future__ import annotations

from functools import partial

import pytest
from reader_helpers import C, fuzz_mutations, read_variant, variant_text

from studodds.histories import winning
from studodds.histories.formats import identify
from studodds.histories.replay import check_rules

ROOM = "Winning Poker Network"
FIXTURES = ("winning_new_cash.txt", "winning_new_tournament_hilo.txt",
            "winning_old_allin_no_amount.txt", "winning_old_hilo.txt")


read = partial(read_variant, room=ROOM)




def plays(street) -> list[tuple]:
    return [(a.player, a.kind, a.amount, a.to) for a in street.actions if a.kind != "ante"]


def test_new_layout_cash():
    """The layout of 2019 on (fpdb's ``7Stud-8max-USD-0.04-0.08-201907.CASHID-TN-Gorham
    GAMETYPE`` file): ``Hand #N - 7Stud(Fixed Limit) - $1.00/$2.00 - DATE UTC``, the table
    line without ``Table``, a ``Main pot $X | Rake $Y`` line under each street header,
    others' up cards ``Dealt to Walt [Qc] [Qs]``, the complete written ``raises $1.00 to
    $1.00``; ``Total pot`` in the summary is after the rake and the jackpot fee."""
    (hand,) = read("winning_new_cash.txt")
    assert (hand.room, hand.hand_id, hand.game, hand.tournament) == (
        ROOM, "90000001", "stud7", None)
    assert (hand.small_bet, hand.big_bet, hand.ante, hand.bring_in) == (1, 2, 0.2, 0.5)
    assert hand.seats == ((1, "Hero"), (3, "Vera"), (6, "Walt"))
    assert hand.stacks == {"Hero": 40, "Vera": 25.5, "Walt": 60}
    assert hand.hero == "Hero" and hand.hero_cards == C("Kh Kc 8s 3d Ks 9c 4h")
    assert hand.up_cards == {"Hero": C("8s 3d Ks 9c"), "Vera": C("2d"), "Walt": C("Qc Qs 7h 2s")}
    assert [s.name for s in hand.streets] == ["3rd", "4th", "5th", "6th", "7th"]
    assert plays(hand.streets[0]) == [
        ("Vera", "bring-in", 0.5, None), ("Walt", "complete", 1, 1), ("Hero", "raise", 2, 2),
        ("Vera", "fold", 0, None), ("Walt", "call", 1, None)]
    assert plays(hand.streets[1]) == [
        ("Walt", "bet", 1, None), ("Hero", "raise", 2, 2), ("Walt", "call", 1, None)]
    assert hand.shown == {"Hero": C("Kh Kc 8s 3d Ks 9c 4h"), "Walt": C("Ad Jd Qc Qs 7h 2s Jh")}
    assert hand.collected == {"Hero": 20.9} and hand.uncalled == {}
    assert (hand.total_pot, hand.rake) == (pytest.approx(21.1), pytest.approx(0.2))
    assert check_rules(hand) == ()


def test_new_layout_tournament_hilo():
    """A tournament hand in that layout (fpdb's tour/Winning files, hold'em): ``Game Hand
    #N - Tournament #T - 7Stud H/L(Fixed Limit) - Level 4 (200.00/400.00)- DATE UTC``,
    ``Table '12' 8-max``, chips with two decimals and no currency, ``Main pot 120.00`` with
    no rake; each half of the split pot is collected on its own line."""
    (hand,) = read("winning_new_tournament_hilo.txt")
    assert (hand.hand_id, hand.game, hand.tournament) == ("90000101", "stud7hl8", "5550001")
    assert (hand.small_bet, hand.big_bet, hand.ante, hand.bring_in) == (200, 400, 40, 100)
    assert hand.stacks == {"Hero": 3000, "Yuri": 2500, "Zed": 1800}
    assert hand.hero_cards == C("As 2h 4d Kc 6c 8h Ks")
    assert hand.up_cards == {"Hero": C("4d Kc 6c 8h"), "Yuri": C("9s Jd Js 5s"), "Zed": C("3c")}
    assert plays(hand.streets[0]) == [
        ("Zed", "bring-in", 100, None), ("Hero", "complete", 200, 200),
        ("Yuri", "call", 200, None), ("Zed", "fold", 0, None)]
    assert hand.shown["Yuri"] == C("Qh 5d 9s Jd Js 5s Tc")
    assert hand.collected == {"Yuri": 1310, "Hero": 1310}
    assert (hand.total_pot, hand.rake) == (2620, 0)
    assert check_rules(hand) == ()


def test_old_layout_hilo_low_hand_in_the_summary():
    """The ``Game started at:`` layout for stud hi/lo (``Seven Cards Stud HiLow``): the
    summary writes the low after the cards, ``[...] Low hand (A A 2 3 5 7 ).Bets: ...``,
    and ranks ``10c``."""
    (hand,) = read("winning_old_hilo.txt")
    assert (hand.hand_id, hand.game) == ("800000101", "stud7hl8")
    assert (hand.small_bet, hand.big_bet, hand.ante, hand.bring_in) == (2, 4, 0.25, 0.5)
    assert hand.hero == "Hero" and hand.hero_cards == C("Ah 3s 5c 2d 7s Qc 8h")
    assert hand.up_cards == {"Hero": C("5c 2d 7s Qc"), "Uma": C("Kd Kh 9d 9c")}
    assert hand.shown == {"Hero": C("Ah 3s 5c 2d 7s Qc 8h"), "Uma": C("Jc 4h Kd Kh 9d 9c Tc")}
    assert hand.collected == {"Hero": 15.73, "Uma": 15.73}
    assert (hand.total_pot, hand.rake) == (pytest.approx(32.5), pytest.approx(1.04))
    assert check_rules(hand) == ()


def test_old_layout_all_in_without_an_amount():
    """``Player Xena allin`` with no amount (fpdb: a disconnected all-in, the rest of the
    stack): Xena's 1.40 less her 0.15 ante and 0.40 bring-in, 0.85, makes it 1.25."""
    (hand,) = read("winning_old_allin_no_amount.txt")
    assert plays(hand.streets[0]) == [
        ("Xena", "bring-in", 0.4, None), ("Hero", "complete", 1, 1),
        ("Xena", "raise", 0.85, 1.25), ("Hero", "call", 0.25, None)]
    assert hand.streets[0].actions[4].all_in
    assert hand.put_in("Xena") == pytest.approx(1.4)
    assert hand.collected == {"Hero": 2.68}
    assert (hand.total_pot, hand.rake) == (pytest.approx(2.8), pytest.approx(0.12))


def test_new_layout_winner_without_a_collected_line():
    """fpdb's 2019 file: the bet nobody called is returned and the winner ``does not
    show``; no ``collected`` line, only the summary's ``did not show and won $0.36``."""
    text = variant_text("winning_new_cash.txt")
    text = text[: text.index("*** 7th STREET ***")] + """\
*** 7th STREET ***
Main pot $16.90 | Rake $0.20
Dealt to Hero [Kh Kc 8s 3d Ks 9c] [4h]
Walt bets $2.00
Hero folds
Uncalled bet ($2.00) returned to Walt
Walt does not show
*** SUMMARY ***
Total pot $16.90 | Rake $0.20
Seat 1: Hero folded on the 7th Street
Seat 3: Vera folded on the 3rd Street
Seat 6: Walt did not show and won $16.90
"""
    (hand,), problems = winning.parse_text(text)
    assert problems == [] and hand.warnings == ()
    assert hand.collected == {"Walt": 16.9} and hand.uncalled == {"Walt": 2}
    assert (hand.total_pot, hand.rake) == (pytest.approx(17.1), pytest.approx(0.2))


def test_new_layout_sign_is_anchored():
    """Other rooms write "<Room> Hand #N - ..." (Unibet, PokerStars): not this network's.
    A hold'em hand of the network is recognised, and skipped as another game."""
    line = "Hand #1 - Holdem(No Limit) - $0.05/$0.10 - 2019/06/28 02:38:17 UTC"
    assert identify("Unibet " + line).room is None
    assert identify(line).room == ROOM
    text = variant_text("winning_new_cash.txt")
    holdem = text.replace("Hand #90000001 - 7Stud(Fixed Limit)", "Hand #90000000 - Holdem(No Limit)")
    hands, problems = winning.parse_text(holdem + text)
    assert problems == [] and [h.hand_id for h in hands] == ["90000001"]


def test_a_file_in_which_no_hand_starts_says_so():
    text = variant_text("winning_new_cash.txt").replace("Hand #90000001 - ", "Hand 90000001 - ")
    hands, problems = winning.parse_text(text)
    assert hands == [] and [p.message for p in problems] == [(
        "no hand starts in this Winning Poker Network file: a hand starts at 'Game started "
        "at: DATE' or at 'Hand #N - 7Stud(Fixed Limit) - ...'")]


def test_old_layout_all_in_without_an_amount_and_no_chips_left():
    """An amountless all-in by a player with nothing left is no action the file can
    mean: a problem, not a zero."""
    text = variant_text("winning_old_allin_no_amount.txt").replace("Seat 5: Xena (1.40).",
                                                              "Seat 5: Xena (0.55).")
    hands, problems = winning.parse_text(text)
    assert hands == [] and [p.message for p in problems] == [
        "Xena is all in with no amount and no chips left"]


def test_mangled_variants_never_raise():
    """Every variant fixture damaged (reader_helpers.mutate: lines dropped, doubled,
    swapped, cut, characters corrupted, amounts garbled): hands or problems, never an
    exception."""
    fuzz_mutations(winning.parse_text, [variant_text(name)
                                    for name in FIXTURES])
