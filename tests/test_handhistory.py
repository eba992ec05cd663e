"""Tests for the PokerStars stud hand-history reader (studodds.histories)."""

from __future__ import annotations

import re

import pytest
from reader_helpers import (
    DATA,
    SAMPLES,
    C,
    assert_consistent,
    assert_every_line_dropped_and_doubled,
    assert_samples_survive_mutation,
    balance,
    check_bad_card,
    check_bad_showdown_card,
    check_encodings,
    check_sample,
    fuzz_mutations,
    fuzz_random_text,
    needs_samples,
    samples,
)

from studodds.cards import parse_card
from studodds.histories import (
    Action,
    HandHistory,
    ParseProblem,
    Street,
    parse_file,
    parse_text,
)


def only_hand(name: str) -> HandHistory:
    hands, problems = parse_file(DATA / name)
    assert problems == []
    assert len(hands) == 1
    return hands[0]


def approx_dict(d: dict[str, float]) -> dict[str, object]:
    return {k: pytest.approx(v) for k, v in d.items()}


# ---------------------------------------------------------------- our fixtures


def test_stud7_showdown_with_show_and_muck():
    h = only_hand("stud7_showdown.txt")
    assert h.hand_id == "200000000001"
    assert (h.game, h.mix, h.tournament) == ("stud7", None, None)
    assert (h.small_bet, h.big_bet, h.ante, h.bring_in) == (2.0, 4.0, 0.25, 0.5)
    # Dave is seated but sitting out: not dealt in.
    assert h.seats == ((1, "Hero"), (2, "Alice"), (4, "Bob Smith"), (6, "Carol"))
    assert h.stacks == {"Hero": 100.0, "Alice": 80.0, "Bob Smith": 120.5, "Carol": 55.0}
    assert h.hero == "Hero"
    assert h.hero_cards == C("Ah Kh 9h Kd 3h Th 2h")
    assert h.up_cards == {
        "Hero": C("9h Kd 3h Th"),
        "Alice": C("2c 5c"),
        "Bob Smith": C("Qs Qd 8c Jc"),
        "Carol": C("7d"),
    }
    antes = tuple(Action(p, "ante", 0.25) for p in ("Hero", "Alice", "Bob Smith", "Carol"))
    assert h.streets == (
        Street("3rd", {"Hero": C("Ah Kh 9h"), "Alice": C("2c"), "Bob Smith": C("Qs"),
                       "Carol": C("7d")},
               antes + (
                   Action("Alice", "bring-in", 0.5),
                   Action("Bob Smith", "complete", 2.0, to=2.0),
                   Action("Carol", "fold", 0.0),
                   Action("Hero", "call", 2.0),
                   Action("Alice", "call", 1.5),
               )),
        Street("4th", {"Hero": C("Kd"), "Alice": C("5c"), "Bob Smith": C("Qd")}, (
            Action("Bob Smith", "bet", 4.0),
            Action("Hero", "raise", 8.0, to=8.0),
            Action("Alice", "fold", 0.0),
            Action("Bob Smith", "call", 4.0),
        )),
        Street("5th", {"Hero": C("3h"), "Bob Smith": C("8c")}, (
            Action("Bob Smith", "check", 0.0),
            Action("Hero", "bet", 4.0),
            Action("Bob Smith", "call", 4.0),
        )),
        Street("6th", {"Hero": C("Th"), "Bob Smith": C("Jc")}, (
            Action("Hero", "bet", 4.0),
            Action("Bob Smith", "raise", 8.0, to=8.0),
            Action("Hero", "call", 4.0),
        )),
        Street("7th", {"Hero": C("2h")}, (
            Action("Bob Smith", "bet", 4.0),
            Action("Hero", "call", 4.0),
        )),
    )
    # Bob shows; the hero mucks, and the summary reveals the mucked cards.
    assert h.shown == {"Bob Smith": C("Jd 4s Qs Qd 8c Jc Js"),
                       "Hero": C("Ah Kh 9h Kd 3h Th 2h")}
    assert h.collected == {"Bob Smith": 52.5}
    assert (h.total_pot, h.rake) == (55.0, 2.5)
    assert h.uncalled == {}
    assert h.warnings == ()  # chat, joins and "Pair on board" are known lines
    assert balance(h) == pytest.approx(55.0)
    # helpers
    assert h.door_cards() == (("Hero", parse_card("9h")), ("Alice", parse_card("2c")),
                              ("Bob Smith", parse_card("Qs")), ("Carol", parse_card("7d")))
    assert [h.folded_on(p) for p in h.players] == [None, "4th", None, "3rd"]
    assert h.folded_on("nobody") is None
    assert h.live_players(0) == ("Hero", "Alice", "Bob Smith", "Carol")
    assert h.live_players(1) == ("Hero", "Alice", "Bob Smith")
    assert h.live_players(2) == ("Hero", "Bob Smith")
    assert h.live_players(4) == ("Hero", "Bob Smith")


def test_stud_hilo_split_pot():
    h = only_hand("studhl_split.txt")
    assert h.hand_id == "200000000002"
    assert (h.game, h.mix, h.tournament) == ("stud7hl8", None, None)
    assert (h.small_bet, h.big_bet, h.ante, h.bring_in) == (0.5, 1.0, 0.05, 0.1)
    assert h.seats == ((2, "Hero"), (3, "Quitter"), (5, "HighRoller"))
    assert h.stacks == {"Hero": 20.0, "Quitter": 15.0, "HighRoller": 30.0}
    assert h.hero == "Hero"
    assert h.hero_cards == C("As 2d 4c 6h 7s Qd Jh")
    assert h.up_cards == {"Hero": C("4c 6h 7s Qd"), "Quitter": C("3d"),
                          "HighRoller": C("Kc Kd 9s Ts")}
    assert [s.name for s in h.streets] == ["3rd", "4th", "5th", "6th", "7th"]
    assert h.streets[0].dealt == {"Hero": C("As 2d 4c"), "Quitter": C("3d"),
                                  "HighRoller": C("Kc")}
    assert h.streets[0].actions[3:] == (
        Action("Quitter", "bring-in", 0.1),
        Action("HighRoller", "complete", 0.5, to=0.5),
        Action("Hero", "call", 0.5),
        Action("Quitter", "fold", 0.0),
    )
    assert h.streets[2].actions == (
        Action("HighRoller", "bet", 1.0),
        Action("Hero", "raise", 2.0, to=2.0),
        Action("HighRoller", "call", 1.0),
    )
    assert h.streets[4].dealt == {"Hero": C("Jh")}
    assert h.shown == {"HighRoller": C("8h 8d Kc Kd 9s Ts 5d"),
                       "Hero": C("As 2d 4c 6h 7s Qd Jh")}
    assert h.collected == approx_dict({"HighRoller": 4.9, "Hero": 4.9})
    assert (h.total_pot, h.rake) == (10.25, 0.45)
    assert h.uncalled == {}
    assert h.warnings == ()
    assert balance(h) == pytest.approx(10.25)
    assert h.folded_on("Quitter") == "3rd"
    assert h.live_players(1) == ("Hero", "HighRoller")


def test_razz_tournament_with_all_in_and_side_pot():
    h = only_hand("razz_tournament_allin.txt")
    assert h.hand_id == "200000000003"
    assert (h.game, h.mix, h.tournament) == ("razz", None, "900000001")
    assert (h.small_bet, h.big_bet, h.ante, h.bring_in) == (40.0, 80.0, 10.0, 15.0)
    assert h.seats == ((1, "Shorty"), (3, "Hero"), (6, "Big Stack"), (7, "Caller X"))
    assert h.stacks == {"Shorty": 90.0, "Hero": 1500.0, "Big Stack": 2200.0,
                        "Caller X": 1300.0}
    assert h.hero == "Hero"
    assert h.hero_cards == C("2s 5h 4d Ac 6s Jc Kd")
    assert h.up_cards == {"Shorty": C("3c 7h Qs 9h"), "Hero": C("4d Ac 6s Jc"),
                          "Big Stack": C("Kh"), "Caller X": C("6c 8d 7c")}
    third = h.streets[0].actions
    assert third[4:] == (
        Action("Big Stack", "bring-in", 15.0),
        Action("Caller X", "complete", 40.0, to=40.0),
        Action("Shorty", "call", 40.0),
        Action("Hero", "raise", 80.0, to=80.0),
        Action("Big Stack", "fold", 0.0),
        Action("Caller X", "call", 40.0),
        Action("Shorty", "call", 40.0, all_in=True),
    )
    # No betting once only one player with chips is left.
    assert [s.name for s in h.streets] == ["3rd", "4th", "5th", "6th", "7th"]
    assert h.streets[3].actions == () and h.streets[4].actions == ()
    assert h.streets[3].dealt == {"Shorty": C("9h"), "Hero": C("Jc")}
    assert h.shown == {"Shorty": C("Ad 2c 3c 7h Qs 9h 4s"), "Hero": C("2s 5h 4d Ac 6s Jc Kd")}
    assert h.collected == {"Hero": 375.0}  # side pot + main pot
    assert (h.total_pot, h.rake) == (375.0, 0.0)
    assert h.uncalled == {"Hero": 80.0}
    assert h.warnings == ()
    assert balance(h) == pytest.approx(375.0)
    assert h.folded_on("Caller X") == "5th"
    assert h.live_players(5) == ("Shorty", "Hero")


def test_horse_header_and_fold_with_shown_cards():
    h = only_hand("horse_fold_show.txt")
    assert h.hand_id == "200000000004"
    assert (h.game, h.mix, h.tournament) == ("stud7", "HORSE", None)
    assert (h.small_bet, h.big_bet, h.ante, h.bring_in) == (1.0, 2.0, 0.1, 0.25)
    assert h.seats == ((1, "Anna"), (2, "Hero"), (3, "Ben"))
    assert h.stacks == {"Anna": 30.0, "Hero": 25.0, "Ben": 40.0}
    assert h.hero == "Hero"
    assert h.hero_cards == C("Jh Jd 8c Js")
    assert h.up_cards == {"Anna": C("5s Kc"), "Hero": C("8c Js"), "Ben": C("2d")}
    assert h.streets == (
        Street("3rd", {"Anna": C("5s"), "Hero": C("Jh Jd 8c"), "Ben": C("2d")}, (
            Action("Anna", "ante", 0.1), Action("Hero", "ante", 0.1), Action("Ben", "ante", 0.1),
            Action("Ben", "bring-in", 0.25),
            Action("Anna", "complete", 1.0, to=1.0),
            Action("Hero", "raise", 2.0, to=2.0),
            Action("Ben", "fold", 0.0),
            Action("Anna", "call", 1.0),
        )),
        Street("4th", {"Anna": C("Kc"), "Hero": C("Js")}, (
            Action("Hero", "bet", 1.0),
            Action("Anna", "fold", 0.0),
        )),
    )
    assert h.shown == {"Anna": C("Ah Ad")}  # folded and showed
    assert h.collected == {"Hero": 4.35}
    assert (h.total_pot, h.rake) == (4.55, 0.2)
    assert h.uncalled == {"Hero": 1.0}
    assert h.warnings == ()
    assert balance(h) == pytest.approx(4.55)
    assert h.folded_on("Anna") == "4th" and h.folded_on("Ben") == "3rd"


def test_file_with_several_hands_skips_other_games():
    hands, problems = parse_file(DATA / "several_hands.txt")
    assert problems == []
    # The 8-Game hold'em hand (#...06) is not stud: skipped silently.
    assert [h.hand_id for h in hands] == ["200000000005", "200000000007", "200000000008"]
    razz, hilo, stud = hands

    assert (razz.game, razz.mix, razz.tournament) == ("razz", "8-Game", None)
    assert (razz.small_bet, razz.big_bet, razz.ante, razz.bring_in) == (100.0, 200.0, 20.0, 50.0)
    assert razz.seats == ((1, "Hero"), (2, "P2"))
    assert razz.stacks == {"Hero": 5000.0, "P2": 3000.0}
    assert (razz.hero, razz.hero_cards) == ("Hero", C("Ac 2c 3c 4c"))
    assert razz.up_cards == {"Hero": C("3c 4c"), "P2": C("Kd Qd")}
    assert razz.streets[0].actions[2:] == (
        Action("P2", "bring-in", 50.0),
        Action("Hero", "complete", 100.0, to=100.0),
        Action("P2", "call", 50.0),
    )
    assert razz.streets[1].actions == (Action("Hero", "bet", 100.0), Action("P2", "fold", 0.0))
    assert razz.shown == {}
    assert razz.collected == {"Hero": 240.0}
    assert (razz.total_pot, razz.rake) == (240.0, 0.0)
    assert razz.uncalled == {"Hero": 100.0}
    assert razz.warnings == ()
    assert balance(razz) == pytest.approx(240.0)

    assert (hilo.game, hilo.mix, hilo.tournament) == ("stud7hl8", "Triple Stud", None)
    assert (hilo.small_bet, hilo.big_bet, hilo.ante, hilo.bring_in) == (10.0, 20.0, 1.0, 3.0)
    assert hilo.seats == ((1, "Hero"), (2, "P2"), (3, "P3"))
    assert hilo.stacks == {"Hero": 400.0, "P2": 300.0, "P3": 350.0}
    assert (hilo.hero, hilo.hero_cards) == ("Hero", C("Ad 2h 3s 4s 5s 6s 7d"))
    assert hilo.up_cards == {"Hero": C("3s 4s 5s 6s"), "P2": C("9c 9d Kh Ks"), "P3": C("Tc")}
    assert hilo.streets[0].actions[3:] == (
        Action("Hero", "bring-in", 3.0),
        Action("P2", "complete", 10.0, to=10.0),
        Action("P3", "fold", 0.0),
        Action("Hero", "call", 7.0),
    )
    assert hilo.streets[3].actions == (
        Action("P2", "bet", 20.0), Action("Hero", "raise", 40.0, to=40.0),
        Action("P2", "call", 20.0),
    )
    assert hilo.shown == {"Hero": C("Ad 2h 3s 4s 5s 6s 7d"), "P2": C("Qc Qd 9c 9d Kh Ks 8h")}
    assert hilo.collected == {"Hero": 222.0}  # hi and lo halves, two "collected" lines
    assert (hilo.total_pot, hilo.rake) == (223.0, 1.0)
    assert hilo.uncalled == {}
    assert hilo.warnings == ()
    assert balance(hilo) == pytest.approx(223.0)

    # "PokerStars Game #" (older wording); everyone folds to the bring-in.
    assert (stud.game, stud.mix, stud.tournament) == ("stud7", None, None)
    assert (stud.small_bet, stud.big_bet, stud.ante, stud.bring_in) == (0.1, 0.2, 0.02, 0.05)
    assert stud.seats == ((1, "Hero"), (4, "Zed"), (5, "Ygritte"))
    assert stud.stacks == {"Hero": 10.0, "Zed": 8.0, "Ygritte": 9.5}
    assert (stud.hero, stud.hero_cards) == ("Hero", C("Kc Qc Jc"))
    assert stud.up_cards == {"Hero": C("Jc"), "Zed": C("2s"), "Ygritte": C("As")}
    assert len(stud.streets) == 1
    assert stud.shown == {}
    assert stud.collected == {"Zed": 0.06}
    assert (stud.total_pot, stud.rake) == (0.06, 0.0)
    assert stud.uncalled == {"Zed": 0.05}
    assert stud.warnings == ()
    assert balance(stud) == pytest.approx(0.06)
    assert stud.live_players(1) == ("Zed",)


def test_broken_hands_are_reported_and_the_good_one_parses():
    hands, problems = parse_file(DATA / "broken_then_good.txt")
    assert problems == [
        ParseProblem("200000000010", 10, "hand is truncated: no *** SUMMARY ***"),
        ParseProblem("200000000011", 19, "As is dealt to both Hero and Villain"),
    ]
    (h,) = hands
    assert h.hand_id == "200000000012"
    assert (h.game, h.mix, h.tournament) == ("razz", None, None)
    assert (h.small_bet, h.big_bet, h.ante, h.bring_in) == (1.0, 2.0, 0.1, 0.25)
    assert h.seats == ((1, "Hero"), (2, "Villain"))
    assert h.stacks == {"Hero": 49.9, "Villain": 60.1}
    assert (h.hero, h.hero_cards) == ("Hero", C("Ah 2h 3d"))
    assert h.up_cards == {"Hero": C("3d"), "Villain": C("Kc")}
    assert h.streets == (
        Street("3rd", {"Hero": C("Ah 2h 3d"), "Villain": C("Kc")}, (
            Action("Hero", "ante", 0.1), Action("Villain", "ante", 0.1),
            Action("Villain", "bring-in", 0.25),
            Action("Hero", "complete", 1.0, to=1.0),
            Action("Villain", "fold", 0.0),
        )),
    )
    assert h.shown == {}
    assert h.collected == {"Hero": 0.7}
    assert (h.total_pot, h.rake) == (0.7, 0.0)
    assert h.uncalled == {"Hero": 0.75}
    # An unknown line is kept as a warning with its line number in the file.
    assert h.warnings == ("line 41: Villain uses 30 seconds of time bank (line ignored)",)
    assert balance(h) == pytest.approx(0.7)


# ---------------------------------------------------------------- card shortage: community river

COMMUNITY = "stud7_community_river.txt"


def test_community_river_is_read():
    """Eight players reach 7th street: "*** RIVER *** [9s]" turns one community card, no
    "Dealt to" river lines; "Board [9s]" in the summary agrees."""
    h = only_hand(COMMUNITY)
    assert h.hand_id == "200000000013"
    assert (h.game, h.small_bet, h.big_bet, h.ante, h.bring_in) == ("stud7", 0.1, 0.2, 0.02,
                                                                    0.05)
    assert len(h.seats) == 8 and h.players[-1] == "Gus [NL]"
    assert h.community == parse_card("9s")
    # Nobody's own card: the hero keeps six cards, up cards stay four per player.
    assert h.hero == "Hero"
    assert h.hero_cards == C("8s Qs 3c Js Jh Qc")
    assert all(len(up) == 4 for up in h.up_cards.values())
    assert [s.name for s in h.streets] == ["3rd", "4th", "5th", "6th", "7th"]
    assert h.streets[4].dealt == {}
    assert h.streets[4].actions[:2] == (Action("Bo Lind", "check", 0.0),
                                        Action("Cyrus", "bet", 0.2))
    assert h.live_players(4) == h.players  # all eight on 7th street
    # Shown cards are the six own cards, whether the line listed the community card as a
    # seventh (Hero, Fumiko) or not (Cyrus, Bo Lind).
    assert h.shown == {
        "Hero": C("8s Qs 3c Js Jh Qc"),
        "Cyrus": C("2s 5h 4c 9d 4s Th"),
        "Bo Lind": C("5s As Kd 6h Kc Td"),
        "Fumiko": C("Ac 6d 2d 7c 7s 9h"),
    }
    assert parse_card("9s") not in {c for cards in h.shown.values() for c in cards}
    assert h.collected == {"Hero": 4.72}
    assert (h.total_pot, h.rake) == (4.96, 0.24)
    assert balance(h) == pytest.approx(4.96)
    assert h.warnings == ()
    assert [h.folded_on(p) for p in ("Anja", "Dagny", "Emeka", "Gus [NL]")] == ["7th"] * 4


def test_a_normal_river_has_no_community_card():
    assert only_hand("stud7_showdown.txt").community is None
    assert only_hand("studhl_split.txt").community is None


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # The hero's show line with six cards instead of seven.
        ("Hero: shows [8s Qs 3c Js Jh Qc 9s]", "Hero: shows [8s Qs 3c Js Jh Qc]"),
        # Cyrus's lines with the community card as a seventh.
        ("showed [2s 5h 4c 9d 4s Th]", "showed [2s 5h 4c 9d 4s Th 9s]"),
        # A "Dealt to" line on the river repeating the hero's cards adds nothing.
        ("*** RIVER *** [9s]\n", "*** RIVER *** [9s]\nDealt to Hero [8s Qs 3c Js Jh Qc]\n"),
        ("*** RIVER *** [9s]\n", "*** RIVER *** [9s]\nDealt to Hero [8s Qs 3c Js Jh Qc] [9s]\n"),
        # The summary without its Board line.
        ("Board [9s]\n", ""),
    ],
)
def test_community_river_variants_read_the_same(old, new):
    text = (DATA / COMMUNITY).read_text()
    assert old in text
    (h,), problems = parse_text(text.replace(old, new))
    assert problems == []
    expected = only_hand(COMMUNITY)
    assert (h.community, h.shown, h.hero_cards, h.up_cards, h.streets, h.warnings) == (
        expected.community, expected.shown, expected.hero_cards, expected.up_cards,
        expected.streets, expected.warnings)


def test_a_board_line_that_does_not_match_the_river_warns():
    text = (DATA / COMMUNITY).read_text().replace("Board [9s]", "Board [8h]")
    (h,), problems = parse_text(text)
    assert problems == []
    assert h.community == parse_card("9s")  # the river's header decides
    (warning,) = h.warnings
    line = text.splitlines().index("Board [8h]") + 1
    assert warning.startswith(f"line {line}: Board [8h]")
    assert "community card 9s" in warning


def test_a_board_line_without_a_community_river_warns():
    text = (DATA / "stud7_showdown.txt").read_text().replace(
        "Total pot $55 | Rake $2.50\n", "Total pot $55 | Rake $2.50\nBoard [5d]\n")
    (h,), problems = parse_text(text)
    assert problems == []
    assert h.community is None
    (warning,) = h.warnings
    assert "Board [5d]" in warning and "no community card" in warning


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        # The community card is a card someone already holds.
        ("*** RIVER *** [9s]", "*** RIVER *** [Jh]", "Jh is the community card and also Hero's"),
        ("*** RIVER *** [9s]", "*** RIVER *** [9s 8h]", "the community card is one card"),
        # A river of one's own as well as the community card.
        ("*** RIVER *** [9s]\n", "*** RIVER *** [9s]\nDealt to Hero [8s Qs 3c Js Jh Qc] [8h]\n",
         "a river dealt to Hero, but the river is the community card 9s"),
        ("*** RIVER *** [9s]\n", "*** RIVER *** [9s]\nDealt to Hero [8s Qs 3c Js Jh Qd]\n",
         "earlier cards do not match"),
        # Seven own cards shown: the seventh is not the community card.
        ("Hero: shows [8s Qs 3c Js Jh Qc 9s]", "Hero: shows [8s Qs 3c Js Jh Qc 8h]",
         "Hero shows 7 cards of their own"),
        # The summary contradicts the show line (the community card left out of both).
        ("showed [2s 5h 4c 9d 4s Th]", "showed [2s 5h 4c 9d 4s Ah 9s]", "disagree"),
        ("Bo Lind mucked [5s As Kd 6h Kc Td]", "Bo Lind mucked [5s As Kd 6h Kc Jh]",
         "Jh is dealt to both"),
    ],
)
def test_inconsistent_community_river_is_a_problem(old, new, message):
    text = (DATA / COMMUNITY).read_text()
    assert old in text
    hands, problems = parse_text(text.replace(old, new))
    assert hands == []
    (problem,) = problems
    assert problem.hand_id == "200000000013"
    assert message in problem.message, problem.message


def test_shown_cards_without_the_dealt_up_cards_are_a_problem():
    """Six own cards shown after a community river must hold the player's up cards."""
    text = (DATA / COMMUNITY).read_text()
    old = "Seat 4: Cyrus showed [2s 5h 4c 9d 4s Th]"
    assert old in text
    text = text.replace("Cyrus: shows [2s 5h 4c 9d 4s Th]", "Cyrus: shows [2s 5h]")
    hands, problems = parse_text(text.replace(old, "Seat 4: Cyrus showed [2s 5h 4c 9d 4s 3d]"))
    assert hands == []
    assert "do not contain the cards dealt" in problems[0].message


def test_file_without_stud_hands_is_empty():
    assert parse_file(DATA / "holdem_only.txt") == ([], [])
    assert parse_text("") == ([], [])
    assert parse_text("hello\nworld\n\n*** SUMMARY ***\n") == ([], [])


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("Dealt to Carol [7d]", "Dealt to Carol [7x]", "impossible card '7x'"),  # no street left
        ("Dealt to Bob Smith [Qs] [Qd]", "Dealt to Bob Smith [Qh] [Qd]", "earlier cards"),
        ("Dealt to Bob Smith [Qs] [Qd]", "Dealt to Bob Smith [Qs] [Kd]", "Kd is dealt to both"),
        ("*** 5th STREET ***", "*** 6th STREET ***", "out of order"),
        ("Dealt to Carol [7d]", "Dealt to Carol [7d 6d]", "2 cards dealt on 3rd street"),
        ("Dealt to Carol [7d]", "Dealt to Nobody [7d]", "not seated"),
        ("*** SUMMARY ***", "*** SUMMARY ***\n*** SUMMARY ***", "second"),
        ("showed [Jd 4s Qs Qd 8c Jc Js]", "showed [Jd 4s Qs Qh 8c Jc Js]", "disagree"),
        ("[Jd 4s Qs Qd 8c Jc Js]", "[Jd 4s Qs Qh 8c Jc Js]", "do not contain"),
    ],
)
def test_inconsistent_hand_is_a_problem(old, new, message):
    text = (DATA / "stud7_showdown.txt").read_text()
    assert old in text
    hands, problems = parse_text(text.replace(old, new))
    assert hands == []
    (problem,) = problems
    assert problem.hand_id == "200000000001"
    assert message in problem.message
    assert problem.line >= 1


def test_crlf_utf16_and_cp1252_files(tmp_path):
    path = DATA / "horse_fold_show.txt"
    assert parse_file(path) == (parse_text(path.read_text(encoding="utf-8"))[0], [])
    check_encodings(path, tmp_path)


def test_headers():
    header = "PokerStars Hand #1: {} - 2024/01/01 00:00:00 ET\n"
    body = (DATA / "broken_then_good.txt").read_text().split("\n\n\n\n")[-1]
    body = body.split("\n", 1)[1]
    cases = {
        "Razz Limit ($1/$2 USD)": ("razz", None, None, 1.0, 2.0),
        "HORSE (Razz Limit, $2/$4 USD)": ("razz", "HORSE", None, 2.0, 4.0),
        "Tournament #55, $10+$1 USD HORSE (Razz Limit) - Level I (20/40)":
            ("razz", "HORSE", "55", 20.0, 40.0),
        "Tournament #56, Freeroll  Razz Limit - Level II (1,000/2,000)":
            ("razz", None, "56", 1000.0, 2000.0),
        "Mixed Games (7 Card Stud Hi/Lo Limit, 10/20)": ("stud7hl8", "Mixed Games", None,
                                                         10.0, 20.0),
        "Razz Limit (£0.50/£1 GBP)": ("razz", None, None, 0.5, 1.0),
        "8-Game (7 Card Stud Hi/Lo Limit, 1,000/2,000)": ("stud7hl8", "8-Game", None,
                                                          1000.0, 2000.0),
    }
    for game, expected in cases.items():
        (h,), problems = parse_text(header.format(game) + body)
        assert problems == []
        assert (h.game, h.mix, h.tournament, h.small_bet, h.big_bet) == expected, game
    hands, problems = parse_text(header.format("Razz Limit - no stakes") + body)
    assert hands == [] and "no stakes" in problems[0].message


# ---------------------------------------------------------------- robustness

FIXTURE_TEXTS = [p.read_text(encoding="utf-8") for p in sorted(DATA.glob("*.txt"))]


def test_fuzz_line_mutations_never_raise():
    fuzz_mutations(parse_text, FIXTURE_TEXTS, examples=300)


def test_fuzz_random_text_never_raises():
    fuzz_random_text(parse_text, alphabet="PokerStars Hand#:1234[]()$./*\nDealt to AKs"
                                          "SeatRzcalls bets raises folds in chips")


def test_every_single_line_deletion_of_fixtures():
    for text in FIXTURE_TEXTS:
        assert_every_line_dropped_and_doubled(parse_text, text)


# ---------------------------------------------------------------- real samples

SAMPLE_COUNTS = {
    "7-Stud-USD-0.04-0.08-200911.txt": (11, {"stud7"}),
    "7-StudHL-USD-0.04-0.08-200911.txt": (7, {"stud7hl8"}),
    "7-StudHL-USD-400-800-201701.3bet.fix.txt": (1, {"stud7hl8"}),
    "Razz-8max-USD-200-15-201009.bracket.in.alias.txt": (1, {"razz"}),
    "Razz-USD-0.04-0.08-200911.txt": (9, {"razz"}),
}


@needs_samples
def test_samples_all_parse():
    files = samples("", "*.txt")
    assert {f.name for f in files} >= set(SAMPLE_COUNTS)
    for path in files:
        hands = check_sample(path, "PokerStars")
        text = path.read_text()
        headers = re.findall(r"^PokerStars (?:Hand|Game) #(\d+):", text, re.MULTILINE)
        assert [h.hand_id for h in hands] == headers, path.name
        if path.name in SAMPLE_COUNTS:
            count, games = SAMPLE_COUNTS[path.name]
            assert len(hands) == count
            assert {h.game for h in hands} == games


@needs_samples
@pytest.mark.parametrize("name", sorted(SAMPLE_COUNTS))
def test_sample_hands_are_consistent(name):
    path = SAMPLES / name
    if not path.exists():
        pytest.skip(f"{path} is absent")
    hands, _ = parse_file(path)
    assert hands
    for h in hands:
        where = (name, h.hand_id)
        # A card belongs to one player; one up card a street for everyone still in, and
        # the hero's are his dealt cards; the chips balance; the seated have stacks.
        assert_consistent(h, "PokerStars")
        assert h.hero is not None and h.streets[0].name == "3rd", where  # hero_cards[2:6] up
        assert h.ante is not None and h.small_bet > 0 and h.big_bet == 2 * h.small_bet, where


@needs_samples
def test_sample_details():
    hands, _ = parse_file(SAMPLES / "Razz-8max-USD-200-15-201009.bracket.in.alias.txt")
    (h,) = hands
    assert (h.tournament, h.small_bet, h.big_bet, h.ante, h.bring_in) == (
        "2010090015", 50.0, 100.0, 10.0, 15.0)
    assert "PC [Mittel]" in h.stacks  # a name with brackets
    assert h.up_cards["PC [Mittel]"] == C("5c 9s 4s 9d")
    assert h.shown["Player2"] == C("3s 8c 4h Qs Ah Td Qh")  # "mucks hand", cards in summary
    (h,), _ = parse_file(SAMPLES / "7-StudHL-USD-400-800-201701.3bet.fix.txt")
    assert (h.mix, h.game, h.small_bet, h.big_bet) == ("8-Game", "stud7hl8", 400.0, 800.0)
    # "Hero: raises $280 to $400" over the $120 bring-in is the complete, whatever the word.
    bets = [(a.kind, a.to, a.amount) for a in h.streets[0].actions
            if a.kind in ("complete", "raise")]
    assert bets == [("complete", 400.0, 400.0), ("raise", 800.0, 680.0),
                    ("raise", 1200.0, 800.0)]
    hands, _ = parse_file(SAMPLES / "Razz-USD-0.04-0.08-200911.txt")
    by_id = {h.hand_id: h for h in hands}
    # Shows four cards after winning uncontested on 4th street.
    assert by_id["35874664176"].shown == {"HIWAII2": C("3d 3s 5h 4h")}
    assert by_id["35874817957"].streets[4].actions[0] == Action(
        "manga130", "bet", 0.04, all_in=True)


@needs_samples
def test_fuzz_samples_line_deletions():
    assert_samples_survive_mutation(parse_text, samples("", "*.txt"))


# ---------------------------------------------------------------- a garbled card

def test_a_bad_card_keeps_the_streets_before_it():
    """'[of]' on 5th street: 3rd and 4th street are kept, with a note naming the line and
    the token; nothing of the end of the hand (shows, collections) is known."""
    hands, problems = parse_file(DATA / "stud7_side_pot_bad_card.txt")
    assert problems == []
    (hh,) = hands
    assert hh.cut == ParseProblem("200000000022", 35, "impossible card 'of': only the streets "
                                  "before it are kept (3rd, 4th street)")
    # The fixture is stud7_side_pot.txt (another hand number) with 5th street's '[4c]' '[of]'.
    whole = (DATA / "stud7_side_pot.txt").read_text().replace("#200000000020:", "#200000000022:")
    assert hh == check_bad_card(parse_text, whole, "Dealt to Bob [Qs Qd] [4c]",
                                "Dealt to Bob [Qs Qd] [of]", ["3rd", "4th"])


def test_a_bad_card_in_the_showdown_keeps_every_street():
    hh = check_bad_showdown_card(parse_text, (DATA / "stud7_side_pot.txt").read_text(),
                                 "Shorty: shows [6d 7s 3d 8s 5c Jd 4d]",
                                 "Shorty: shows [6d 7s 3d 8s 5c Jd 4x]", {"Bob", "Hero"})
    assert len(hh.streets) == 5
    assert hh.cut.message == "impossible card '4x': the showdown from this line on is left out"


def test_a_bad_community_card_keeps_the_streets_before_the_river():
    text = (DATA / COMMUNITY).read_text()
    (hh,), problems = parse_text(text.replace("*** RIVER *** [9s]", "*** RIVER *** [9x]"))
    assert problems == []
    assert [s.name for s in hh.streets] == ["3rd", "4th", "5th", "6th"]
    assert hh.community is None and "impossible card '9x'" in hh.cut.message
