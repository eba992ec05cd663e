"""The end of a replayed hand: each pot (main and side pots) with its size and winners,
which half each took in a split game, the hand each winner showed in words, the rake, and
each player's net; in the table, in the JSON ("result") and on the page (test_web_page.py).

Fixtures with known results come from tests/data/handhistories/; hands the fixtures do
not have (two all-ins, a quartered pot, no qualifying low) are built here as a reader
would build them."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from studodds.cards import parse_card
from studodds.cli import main
from studodds.eval import evaluate
from studodds.histories import Action, HandHistory, Street, parse_file
from studodds.histories.record import ParseProblem
from studodds.histories.result import _words, hand_result

DATA = Path(__file__).parent / "data" / "handhistories"


def fixture(name: str, hand_id: str | None = None) -> HandHistory:
    hands, _ = parse_file(DATA / name)
    return next(h for h in hands if hand_id is None or h.hand_id == hand_id)


def C(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


def built(game: str, streets: list[list[tuple]], shown: dict[str, str],
          collected: dict[str, float], rake: float | None = 0) -> HandHistory:
    """A hand record from its actions, (player, kind, amount[, all in]) per street."""
    names = list(dict.fromkeys(a[0] for street in streets for a in street))
    return HandHistory(
        hand_id="T-1", game=game, mix=None, tournament=None, small_bet=2, big_bet=4,
        ante=1, bring_in=1, seats=tuple(enumerate(names, start=1)),
        stacks=dict.fromkeys(names, 100.0), hero=None, hero_cards=(), up_cards={},
        streets=tuple(Street(name, {}, tuple(Action(*a[:3], all_in=a[3:] == (True,))
                                             for a in actions))
                      for name, actions in zip(("3rd", "4th", "5th", "6th", "7th"), streets)),
        shown={n: C(cards) for n, cards in shown.items()}, collected=collected,
        total_pot=None, rake=rake, warnings=(), room="test")


def two_all_ins() -> HandHistory:
    """A all in for 4, B for 9, C and D for 15 each, E folds after 2: a main pot and two
    side pots, each won by a different player."""
    antes = [(n, "ante", 1) for n in "ABCDE"]
    return built("stud7", [
        antes + [("E", "bring-in", 1), ("A", "complete", 3, True), ("B", "call", 3),
                 ("C", "call", 3), ("D", "call", 3), ("E", "fold", 0)],
        [("B", "bet", 5, True), ("C", "call", 5), ("D", "call", 5)],
        [("C", "bet", 6), ("D", "call", 6)],
    ], shown={"A": "As Ah Ad Ac 2c 3d 4h", "B": "Ks Kh Kd 7c 7d 8h 9s",
              "C": "Qs Qh Qd 5c 6d Jh Tc", "D": "Js Jd 9c 9d 2h 3s 5s"},
        collected={"A": 18.0, "B": 15.0, "C": 12.0})


def pots(result) -> list[tuple]:
    return [(p.label, p.amount, p.eligible) for p in result.pots]


def winners(pot) -> list[tuple]:
    return [(w.name, w.half, w.amount) for w in pot.winners]


# ------------------------------------------------------------------------ the pots


def test_one_all_in_makes_a_main_pot_and_a_side_pot():
    """Shorty all in on 4th street for 5.40: the main pot is what he matched (Carol's
    folded 2.40 in it), the side pot Hero's and Bob's bets above it; each to its winner."""
    result = hand_result(fixture("stud7_side_pot.txt"))
    assert pots(result) == [("main pot", 18.6, ("Hero", "Shorty", "Bob")),
                            ("side pot", 22.0, ("Hero", "Bob"))]
    main_pot, side = result.pots
    assert winners(main_pot) == [("Shorty", None, 18.6)]
    assert winners(side) == [("Bob", None, 22.0)]
    assert main_pot.text == ("Shorty wins the main pot of 18.60 with a straight, eight high "
                             "(8-7-6-5-4)")
    assert side.text == ("Bob wins the side pot of 22.00 with two pair, queens and fours "
                         "(Q-Q-4-4-J)")
    assert result.rake == 0 and result.total_pot == 40.6 and result.notes == ()


def test_two_all_ins_make_two_side_pots():
    result = hand_result(two_all_ins())
    assert pots(result) == [("main pot", 18.0, ("A", "B", "C", "D")),
                            ("side pot 1", 15.0, ("B", "C", "D")),
                            ("side pot 2", 12.0, ("C", "D"))]
    assert [winners(p) for p in result.pots] == [[("A", None, 18.0)], [("B", None, 15.0)],
                                                 [("C", None, 12.0)]]
    assert [p.text for p in result.pots] == [
        "A wins the main pot of 18 with four of a kind, aces (A-A-A-A-4)",
        "B wins side pot 1 of 15 with a full house, kings full of sevens",
        "C wins side pot 2 of 12 with three of a kind, queens (Q-Q-Q-J-T)",
    ]


def test_an_uncalled_bet_returned_is_in_no_pot():
    """Hero's 80 on 5th street is returned when Caller X folds: the pots are 295 (Shorty
    all in) and 80 (Caller X's and Hero's calls above it, Hero the only one left in it),
    375 in all, as the file says; Hero put in 130, not 210."""
    result = hand_result(fixture("razz_tournament_allin.txt"))
    assert pots(result) == [("main pot", 295.0, ("Shorty", "Hero")),
                            ("side pot", 80.0, ("Hero",))]
    assert result.total_pot == 375
    hero = next(p for p in result.players if p.name == "Hero")
    assert (hero.put_in, hero.returned, hero.collected, hero.net) == (130, 80, 375, 245)
    assert [p.text for p in result.pots] == [
        "Hero wins the main pot of 295 with a 6-5-4-2-A low",
        "Hero takes the side pot of 80, the only player left in it",
    ]
    # Two pots won, nothing raked: each pot's part of what Hero collected.
    assert [winners(p) for p in result.pots] == [[("Hero", None, 295)], [("Hero", None, 80)]]


def test_a_pot_won_without_a_showdown():
    result = hand_result(fixture("studhl_headsup_no_show.txt"))
    (pot,) = result.pots
    assert pot.text == "Hero wins the pot of 12.20 uncontested"
    assert winners(pot) == [("Hero", None, 12.0)] and pot.winners[0].hand is None
    assert result.rake == 0.2


# ------------------------------------------------------------- halves of split games


def test_hi_lo_split_between_a_high_and_a_low():
    result = hand_result(fixture("studhl_split.txt"))
    (pot,) = result.pots
    assert winners(pot) == [("Hero", "low", 4.9), ("HighRoller", "high", 4.9)]
    assert pot.text == ("The pot of 10.25 is split: Hero takes the low half (4.90 after the "
                        "rake) with a 7-6-4-2-A low; HighRoller takes the high half (4.90 "
                        "after the rake) with two pair, kings and eights (K-K-8-8-T)")
    assert not pot.no_low


def test_hi_lo_scoop():
    """Hero's A-2-3-4-5-6-7 is a seven-high straight and the wheel for low."""
    (pot,) = hand_result(fixture("several_hands.txt", "200000000007")).pots
    assert winners(pot) == [("Hero", "both", 222.0)]
    assert pot.text == ("Hero scoops the pot of 223 with a straight, seven high (7-6-5-4-3) "
                        "for high and a 5-4-3-2-A low")


def test_hi_lo_without_a_qualifying_low_the_high_hand_takes_all():
    hh = built("stud7hl8", [[("A", "ante", 1), ("B", "ante", 1), ("B", "bring-in", 1),
                             ("A", "complete", 2), ("B", "call", 1)],
                            [("A", "bet", 2), ("B", "call", 2)],
                            [("A", "bet", 4), ("B", "call", 4)]],
               shown={"A": "Ks Kh 9c 9d Qs Jh Tc", "B": "As Ad 7s 7h 2c 3d Jc"},
               collected={"A": 18.0})
    (pot,) = hand_result(hh).pots
    assert pot.no_low and winners(pot) == [("A", "high", 18.0)]
    assert pot.text == ("A wins the whole pot of 18 with a straight, king high (K-Q-J-T-9): "
                        "no hand qualifies for low")


def test_hi_lo_quartered_low_in_a_main_pot_and_a_side_pot():
    """A is all in on 3rd street. B's club flush wins high and ties C's 8-5-4-3-2 for low
    in both pots: B takes three quarters of each, C one quarter. Nothing raked, so each
    one's part of each pot is told."""
    hh = built("stud7hl8", [
        [(n, "ante", 1) for n in "ABC"] + [("A", "bring-in", 1), ("B", "complete", 2),
                                           ("C", "call", 2), ("A", "call", 1, True)],
        [("B", "bet", 2), ("C", "call", 2)],
        [("B", "bet", 4), ("C", "call", 4)],
    ], shown={"A": "As Ah 9d 9h Td Jd 7h", "B": "2c 3c 4c 5c 8c Kd Kh",
              "C": "2d 3d 4h 5h 8s Qs Js"},
        collected={"B": 15.75, "C": 5.25})
    result = hand_result(hh)
    assert pots(result) == [("main pot", 9.0, ("A", "B", "C")), ("side pot", 12.0, ("B", "C"))]
    main_pot, side = result.pots
    assert winners(main_pot) == [("B", "both", 6.75), ("C", "low", 2.25)]
    assert winners(side) == [("B", "both", 9.0), ("C", "low", 3.0)]
    assert main_pot.text == (
        "The main pot of 9.00 is split: B takes the high half and shares the low half (6.75) "
        "with a flush, eight high (8-5-4-3-2) for high and an 8-5-4-3-2 low; C shares the "
        "low half (2.25) with an 8-5-4-3-2 low")


def test_split_pot_and_a_side_pot_after_rake():
    """Rita (all in) takes the low half of the main pot, Sam the high half and the side
    pot: 2 raked, from which pot the record does not say, so Sam's part of each is not
    given, only what he collected in all; and the sentence gives no one's part of the main
    pot (Rita's 14 alone would read as if Sam's half were nothing)."""
    result = hand_result(fixture("merge_studhl_split_side_pot.xml", "70000001-1"))
    assert pots(result) == [("main pot", 30.0, ("Rita", "Sam")), ("side pot", 13.0, ("Sam",))]
    main_pot, side = result.pots
    assert winners(main_pot) == [("Rita", "low", 14.0), ("Sam", "high", None)]
    assert winners(side) == [("Sam", None, None)]
    assert main_pot.text == ("The main pot of 30.00 is split: Rita takes the low half with a "
                             "6-5-4-3-2 low; Sam takes the high half with a full house, kings "
                             "full of queens")
    assert result.rake == 2 and result.collected == 41


# ---------------------------------------------------------------- hands in words


@pytest.mark.parametrize("cards, kind, words", [
    ("Jd 4s Qs Qd 8c Jc Js", "high", "a full house, jacks full of queens"),
    ("Ks Kh Kd 7c 7d 8h 9s", "high", "a full house, kings full of sevens"),
    ("Ah Kh 9h 2h Kc 3s 7d", "high", "a pair of kings (K-K-A-9-7)"),
    ("As 2d 4c 6h 7s Qd Jh", "high", "ace high (A-Q-J-7-6)"),
    ("9d 6c 9s 9h 3d 8c Tc", "high", "three of a kind, nines (9-9-9-T-8)"),
    ("Jc 4h Qs Qd 4c Ts 9c", "high", "two pair, queens and fours (Q-Q-4-4-J)"),
    ("Qh Qs Qd Qc 5d 8h 6c", "high", "four of a kind, queens (Q-Q-Q-Q-8)"),
    ("2s 4s 3s 8s Jd Kc 9s", "high", "a flush, nine high (9-8-4-3-2)"),
    ("Ah Kh Qh Jh Th 2c 3c", "high", "a royal flush"),
    ("As 2d 4c 6h 7s Qd Jh", "low_8", "a 7-6-4-2-A low"),
    ("8d 3h 2h 5c Jd 6d 2c", "low_8", "an 8-6-5-3-2 low"),
    ("8h 8d Kc Kd 9s Ts 5d", "low_8", "no low"),
    ("2s 5h 4d Ac 6s Jc Kd", "low_a5", "a 6-5-4-2-A low"),
    ("Ac 5d 4h 3s 2c Kd Kh", "low_27", "a K-5-4-3-2 low"),  # the ace is only high there
    ("Ac 5d 4h 3s 2c", "low_27", "ace high (A-5-4-3-2)"),
])
def test_hands_in_the_words_a_stud_player_uses(cards, kind, words):
    assert _words(evaluate(cards, kind)) == words


def test_a_winner_who_did_not_show_has_no_hand():
    hh = fixture("stud7_showdown.txt")
    hh = dataclasses.replace(hh, shown={"Hero": hh.shown["Hero"]})
    (pot,) = hand_result(hh).pots
    assert winners(pot) == [("Bob Smith", None, 52.5)] and pot.winners[0].hand is None
    assert pot.text == "Bob Smith wins the pot of 55.00 (hand not shown)"


def test_a_winner_who_showed_part_of_a_hand_is_told_what_the_file_lacks():
    """Ines showed Ah 8d 2s 5c 3h all in on 5th street, her Kc came face up on 6th, and her
    river is an X in the file: her hand is not named, nor said to be unshown."""
    (main_pot, _) = hand_result(fixture("variants/kingsclub_side_pot_unwritten.txt",
                                        "41000004")).pots
    assert main_pot.text == "Ines wins the main pot of 3150 (the seventh card is not in the file)"
    (ines,) = main_pot.winners
    assert ines.cards == "Ah 8d 2s 5c 3h" and ines.hand is None


@pytest.mark.parametrize("shown, up_cards, unseen", [
    # Shown on 5th street; the 6th-street card unknown too.
    ("Ah 8d 2s 5c 3h", "2s 5c 3h", "the sixth and seventh cards are"),
    # Shown on 4th street; the 5th- and 6th-street cards came face up.
    ("Ah 8d 2s 5c", "2s 5c 3h Kc", "the seventh card is"),
    # One hole card and the up cards: which hole card is missing is not known.
    ("Ah 2s 5c 3h Kc", "2s 5c 3h Kc", "two of the seven cards are"),
])
def test_the_cards_a_winner_did_not_show(shown, up_cards, unseen):
    hh = built("stud7", [[("A", "ante", 1), ("B", "ante", 1), ("B", "bring-in", 1),
                          ("A", "complete", 2), ("B", "call", 1)],
                         [("A", "bet", 2), ("B", "call", 2)],
                         [("A", "bet", 4), ("B", "call", 4)]],
               shown={"A": shown, "B": "Ks Kh 9c 9d Qs Jh Tc"}, collected={"A": 18.0})
    hh = dataclasses.replace(hh, up_cards={"A": C(up_cards)})
    (pot,) = hand_result(hh).pots
    assert pot.text == f"A wins the pot of 18 ({unseen} not in the file)"
    # The hero's own cards are in the file, dealt to him: none of them is missing.
    hero = dataclasses.replace(hh, hero="A", hero_cards=C("Ah 8d 2s 5c 3h Kc 7d"),
                               up_cards={"A": C("2s 5c 3h Kc")})
    assert "not in the file" not in hand_result(hero).pots[0].text


def test_a_side_pot_won_by_a_player_who_did_not_show():
    """Seat+5 mucks: the main pot is Seat+3's (shown), the side pot Seat+5's alone."""
    result = hand_result(fixture("bovada_stud_hilo.txt", "3000000001"))
    assert [p.text for p in result.pots] == [
        "Seat+3 wins the main pot of 28.50 with a straight, eight high (8-7-6-5-4)",
        "Seat+5 takes the side pot of 10.00, the only player left in it",
    ]


# ------------------------------------------------------- what the record cannot tell


def test_a_hand_cut_short_names_no_winner_and_no_net():
    """The reader stops at a garbled card (Bob's 5th-street "[of]", line 35); the file goes
    on to the showdown. The pots are those at the end of 4th street, the last street read."""
    result = hand_result(fixture("stud7_side_pot_bad_card.txt"))
    assert all(p.winners == () for p in result.pots) and result.players == ()
    assert [p.text for p in result.pots] == [
        "The main pot held 18.60 after 4th street, the last street read",
        "The side pot held 6.00 after 4th street, the last street read"]
    assert result.notes == (("the hand is read only up to line 35 (a garbled card): who won it "
                             "is not known, and the pots are those of 3rd and 4th street"),)
    # Read to 3rd street only, one pot: the street and the pot as the record has them.
    hh = fixture("stud7_showdown.txt")
    hh = dataclasses.replace(hh, streets=hh.streets[:1], shown={}, collected={},
                             cut=ParseProblem(hh.hand_id, 20, "impossible card 'of'"))
    result = hand_result(hh)
    (pot,) = result.pots
    assert pot.text == "The pot held 7.00 after 3rd street, the last street read"
    assert result.notes == (("the hand is read only up to line 20 (a garbled card): who won it "
                             "is not known, and the pot is that of 3rd street"),)


def test_no_collected_lines_the_cards_shown_decide_and_no_net_is_told():
    hh = dataclasses.replace(fixture("stud7_side_pot.txt"), collected={})
    result = hand_result(hh)
    assert [winners(p) for p in result.pots] == [[("Shorty", None, None)],
                                                 [("Bob", None, None)]]
    assert result.players == () and result.collected is None
    assert result.notes == (("the file does not say who collected the pots: the winners named "
                             "are those the cards shown make, and nobody's net can be told"),)
    # Bob's cards unknown too: the side pot's winner cannot be told; the main pot's
    # neither (Bob could win it).
    hh = dataclasses.replace(hh, shown={n: c for n, c in hh.shown.items() if n != "Bob"})
    result = hand_result(hh)
    assert [p.text for p in result.pots] == [
        "The file does not say who won the main pot of 18.60",
        "The file does not say who won the side pot of 22.00"]


def test_collectors_the_cards_shown_do_not_make_are_kept_and_said():
    """C's three queens beat A's and B's two pair, yet the file has all three collect a
    third: the file's word is kept, and a note says the cards make C the winner."""
    hh = built("stud7", [
        [(n, "ante", 1) for n in "ABC"] + [("B", "bring-in", 1), ("C", "complete", 2),
                                           ("A", "call", 2), ("B", "call", 1)],
        [("C", "bet", 3), ("A", "call", 3), ("B", "call", 3)],
    ], shown={"A": "Ks Kh 9c 9d Qs Jh 2c", "B": "As Ad 7s 7h 2d 3d Jc",
              "C": "Qc Qd Qh 5c 6d 8h Tc"},
        collected={"A": 6.0, "B": 6.0, "C": 6.0})
    result = hand_result(hh)
    (pot,) = result.pots
    assert winners(pot) == [("A", None, 6.0), ("B", None, 6.0), ("C", None, 6.0)]
    assert result.notes == (("the cards shown make C the winner of the pot; the file has A, B "
                             "and C collect"),)
    # Several pots: B collects the main pot A's four aces win, and side pot 1.
    hh = dataclasses.replace(two_all_ins(), collected={"B": 33.0, "C": 12.0})
    result = hand_result(hh)
    assert winners(result.pots[0]) == [("B", None, 18.0)]
    assert result.notes == (("the cards shown make A the winner of the main pot; the file has "
                             "B collect it"),)


def test_a_rake_the_file_does_not_give_is_said():
    result = hand_result(fixture("everleaf_stud7_side_pot.txt", "500000001"))
    assert result.rake is None
    assert result.notes == (("the winners collected 15.15 of the 15.65 in the pots: the file "
                             "gives no rake for the 0.50 left"),)


def test_a_player_who_collected_from_no_pot_is_named():
    """E folded on 3rd street, yet the file has E collect 5: said in the words of the table."""
    hh = two_all_ins()
    hh = dataclasses.replace(hh, collected=hh.collected | {"E": 5.0})
    assert "E collected 5, but E was in no pot the file shows" in hand_result(hh).notes
    # D, in every pot and beaten in each, collected a chip: not a share of any of them.
    hh = dataclasses.replace(hh, collected=two_all_ins().collected | {"D": 0.01})
    assert "D collected 0.01, but the file shows no pot D won" in hand_result(hh).notes


# ------------------------------------------------------------------------ amounts


def test_money_has_two_decimals_and_tournament_chips_stay_whole():
    """A hand whose amounts have cents writes every amount of its result with two decimals,
    as the file does (4.90, not 4.9; 22.00, not 22); a share taken after a rake says so.
    Tournament chips are whole (3150)."""
    (pot,) = hand_result(fixture("studhl_split.txt")).pots
    assert "Hero takes the low half (4.90 after the rake) with" in pot.text
    side_pot = hand_result(fixture("stud7_side_pot.txt"))
    assert side_pot.cents and side_pot.pots[1].text.startswith("Bob wins the side pot of 22.00")
    chips = hand_result(fixture("variants/kingsclub_side_pot_unwritten.txt", "41000004"))
    assert not chips.cents and chips.pots[1].text == ("Hero takes the side pot of 2400, the only "
                                                      "player left in it")
    assert not hand_result(two_all_ins()).cents  # whole amounts: no decimals


# ------------------------------------------------------------------------ the nets

FIXTURES = sorted(p.name for p in DATA.iterdir() if p.suffix in (".txt", ".xml", ".phh",
                                                                  ".phhs"))


@pytest.mark.parametrize("name", FIXTURES)
def test_the_nets_sum_to_minus_the_rake(name):
    hands, _ = parse_file(DATA / name)
    for hh in hands:
        result = hand_result(hh)
        if not result.players:
            continue
        assert [p.name for p in result.players] == list(hh.players)
        for p in result.players:
            assert p.net == pytest.approx(p.collected - p.put_in)
        left = result.total_pot - result.collected  # the rake, given or not
        assert sum(p.net for p in result.players) == pytest.approx(-left, abs=1e-9)
        if hh.rake is not None:
            assert left == pytest.approx(hh.rake), hh.hand_id


def test_nets_of_the_side_pot_hand():
    result = hand_result(fixture("stud7_side_pot.txt"))
    assert [(p.name, p.put_in, p.collected, p.net) for p in result.players] == [
        ("Hero", 16.4, 0, -16.4), ("Shorty", 5.4, 18.6, 13.2), ("Bob", 16.4, 22, 5.6),
        ("Carol", 2.4, 0, -2.4)]


def test_a_tie_splits_the_pot_and_says_who_took_the_odd_chip():
    """The same hand: one tie, the hand said once."""
    (pot,) = hand_result(fixture("summary_session.txt", "300000000004")).pots
    assert winners(pot) == [("Hero", None, 2.63), ("Villain", None, 2.62)]
    assert pot.text == ("Hero (2.63) and Villain (2.62) split the pot of 5.25, each with a "
                        "straight, nine high (9-8-7-6-5)")


def test_a_tie_in_hi_lo_without_a_low_splits_the_whole_pot():
    hh = built("stud7hl8", [[("A", "ante", 1), ("B", "ante", 1), ("B", "bring-in", 1),
                             ("A", "complete", 2), ("B", "call", 1)],
                            [("A", "bet", 2), ("B", "call", 2)],
                            [("A", "bet", 4), ("B", "call", 4)]],
               shown={"A": "Ks Kh 9c 9d Qs Jh Tc", "B": "Kd Kc 9h 9s Qd Jc Th"},
               collected={"A": 9.0, "B": 9.0})
    (pot,) = hand_result(hh).pots
    assert pot.no_low and winners(pot) == [("A", "high", 9.0), ("B", "high", 9.0)]
    assert pot.text == ("A (9) and B (9) split the whole pot of 18, each with a straight, king "
                        "high (K-Q-J-T-9): no hand qualifies for low")


# ------------------------------------------------------------------- table and JSON


def test_the_table_ends_with_the_result(capsys):
    assert main(["replay", str(DATA / "stud7_side_pot.txt"), "--trials", "2000"]) == 0
    out = capsys.readouterr()[0]
    tail = out[out.index("\nresult:\n"):].strip().splitlines()
    assert tail[:4] == [
        "result:",
        "Shorty wins the main pot of 18.60 with a straight, eight high (8-7-6-5-4)",
        "Bob wins the side pot of 22.00 with two pair, queens and fours (Q-Q-4-4-J)",
        "rake 0.00",
    ]
    assert tail[4].split() == ["player", "put", "in", "collected", "net"]
    assert [line.split() for line in tail[6:]] == [
        ["Hero", "16.40", "0.00", "-16.40"], ["Shorty", "5.40", "18.60", "13.20"],
        ["Bob", "16.40", "22.00", "5.60"], ["Carol", "2.40", "0.00", "-2.40"]]


def test_the_table_says_what_the_file_does_not_tell(capsys):
    assert main(["replay", str(DATA / "stud7_side_pot_bad_card.txt"), "--trials", "2000"]) == 0
    out = capsys.readouterr()[0]
    assert out.rstrip().endswith(
        "result:\nThe main pot held 18.60 after 4th street, the last street read\nThe side pot "
        "held 6.00 after 4th street, the last street read\nthe hand is read only up to line "
        "35 (a garbled card): who won it is not known, and the pots are those of 3rd and 4th "
        "street")


def test_json_adds_the_result_and_keeps_every_other_key(capsys):
    assert main(["replay", str(DATA / "studhl_split.txt"), "--trials", "2000",
                 "--format", "json"]) == 0
    (hand,) = json.loads(capsys.readouterr()[0])
    assert list(hand) == ["hand_id", "room", "played_at", "game", "hero", "streets",
                          "rule_problems", "warnings", "result"]
    result = hand["result"]
    assert result["total_pot"] == 10.25 and result["rake"] == 0.45
    assert result["collected"] == 9.8 and result["notes"] == [] and result["cents"]
    (pot,) = result["pots"]
    assert pot["pot"] == "pot" and pot["amount"] == 10.25 and not pot["no_low"]
    assert pot["eligible"] == ["Hero", "HighRoller"]
    assert pot["winners"] == [
        {"name": "Hero", "half": "low", "amount": 4.9, "cards": "As 2d 4c 6h 7s Qd Jh",
         "hand": "a 7-6-4-2-A low"},
        {"name": "HighRoller", "half": "high", "amount": 4.9, "cards": "8h 8d Kc Kd 9s Ts 5d",
         "hand": "two pair, kings and eights (K-K-8-8-T)"},
    ]
    assert result["players"][1] == {"name": "Quitter", "put_in": 0.15, "returned": 0,
                                     "collected": 0, "net": -0.15}


@pytest.mark.parametrize("name", ["stud7_side_pot.txt", "studhl_split.txt"])
def test_the_readme_example_is_what_replay_prints(name, capsys):
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    after = readme.split(f"  $ studodds replay tests/data/handhistories/{name}\n  ...\n")[1]
    example = []
    for line in after.splitlines():
        if line.startswith(("  $ ", "  ```")):
            break
        example.append(line[2:])
    assert main(["replay", str(DATA / name), "--trials", "2000"]) == 0
    out = capsys.readouterr()[0]
    printed = out[out.index("\nresult:\n") + 1:].rstrip("\n").splitlines()
    assert len(example) >= 3 and printed[:len(example)] == example  # the README may stop early
