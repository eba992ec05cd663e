"""PartyPoker's stud layouts, one fixture each (tests/data/handhistories/variants/): every
hand read with no problem and no warning, and its key facts right.

The layouts come from fpdb-3's PartyPokerToFpdb.py (re_GameInfo, re_GameInfoTrny1-3,
re_Blinds, re_SplitHands, re_Action, re_CollectPot) and its regression files; the notes
are in the issue-29 research (variants/partypoker.md). PartyPoker writes the hero's cards
only: the others' boards are known when they show. A test here that fails names a layout
the reader does not read yet."""

from __future__ import annotations

import pytest
from reader_helpers import (
    VARIANTS,
    C,
    acts,
    fuzz_mutations,
    read_variant,
    variant_text,
)

from studodds.histories import identify_file, parse_file, partypoker
from studodds.histories.partypoker import PARTYPOKER


def read(name: str, count: int = 1):
    return read_variant(name, count, room=PARTYPOKER, check=assert_party_consistent)


def assert_party_consistent(h) -> None:
    """What a PartyPoker hand keeps: boards for the hero and whoever showed, the chips
    balance."""
    assert h.room == PARTYPOKER and h.cut is None
    assert set(h.up_cards) <= {h.hero} | set(h.shown), h.hand_id
    put_in = h.put_in() - sum(h.uncalled.values())
    assert put_in == pytest.approx(h.total_pot), h.hand_id
    assert sum(h.collected.values()) + h.rake == pytest.approx(h.total_pot), h.hand_id
    assert h.rake >= -1e-9, h.hand_id




def assert_split_hand(h) -> None:
    assert (h.game, h.tournament) == ("stud7hl8", None)
    assert (h.small_bet, h.big_bet, h.ante, h.bring_in) == (5.0, 10.0, 0.5, 2.0)
    assert h.seats == ((2, "Hero"), (4, "Ana"), (6, "Bo"))
    assert h.hero == "Hero" and h.hero_cards == C("Ad 3c 5h 4s 8h 2s 7c")
    assert h.up_cards == {"Hero": C("5h 4s 8h 2s"), "Bo": C("2d 9c Kd Qs")}
    assert h.shown == {"Bo": C("9h 9s 2d 9c Kd Qs Kh"), "Hero": C("Ad 3c 5h 4s 8h 2s 7c")}
    assert h.collected == {"Bo": 50.0, "Hero": 50.0}
    assert (h.total_pot, h.rake) == pytest.approx((101.5, 1.5))


def test_limit_word_and_a_split_pot():
    """'$5/$10 USD FL 7 Card Stud Hi-Lo', the low half 'wins Lo ($50 USD)'."""
    (h,) = read("partypoker_hilo_split_fl.txt")
    assert_split_hand(h)


def test_a_low_announced_without_brackets_is_read_quietly():
    """'Hero shows5,4,3,2,A  for low.' (no space, no brackets): nothing new in it."""
    (h,) = read("partypoker_low_announced.txt")
    assert_split_hand(h)


def test_double_bets_on_fourth_street():
    """'Hero double bets [$10 USD]': an open pair on 4th street, a bet of the big bet."""
    (h,) = read("partypoker_double_bets.txt")
    assert acts(h.streets[1]) == [("Hero", "bet", 10.0, None, False),
                                  ("Di", "raise", 20.0, 20.0, False),
                                  ("Hero", "call", 10.0, None, False)]
    assert h.uncalled == {"Hero": 10.0}
    assert h.collected == {"Hero": 72.5}
    assert (h.total_pot, h.rake) == pytest.approx((73.5, 1.0))


def test_tournament_level_lines_and_finish_lines():
    """'Trny:88001122 Level:4' and 'Stakes-Antes(200/400-25)' repeated after the seats, and
    'Player Zed finished in 3.': read quietly."""
    (h,) = read("partypoker_tourney_level_lines.txt")
    assert (h.game, h.tournament) == ("stud7", "88001122")
    assert (h.small_bet, h.big_bet, h.ante, h.bring_in) == (200.0, 400.0, 25.0, 50.0)
    assert h.stacks == {"Hero": 2000.0, "Yul": 1425.0, "Zed": 225.0}
    assert acts(h.streets[0])[-1] == ("Zed", "call", 150.0, None, True)
    assert h.shown["Zed"] == C("5d 7c 4c 8s 3h Qd Ks")
    assert h.collected == {"Hero": 475.0} and h.rake == 0.0


def test_tournament_stakes_on_their_own_line():
    """fpdb's re_GameInfoTrny2: 'FL 7 Card Stud $6 USD Buy-in  - DATE' names no stakes;
    'Trny: 88002233 Level: 2' and 'Stakes-Antes(60/120 -10)' follow the seats."""
    (h,) = read("partypoker_tourney_stakes_line.txt")
    assert (h.game, h.tournament) == ("stud7", "88002233")
    assert (h.small_bet, h.big_bet, h.ante, h.bring_in) == (60.0, 120.0, 10.0, 20.0)
    assert acts(h.streets[0])[3:] == [
        ("Hero", "bring-in", 20.0, None, False), ("Uma", "call", 20.0, None, False),
        ("Vic", "complete", 60.0, 60.0, False), ("Hero", "raise", 100.0, 120.0, False),
        ("Uma", "fold", 0.0, None, False), ("Vic", "call", 60.0, None, False)]
    assert h.uncalled == {"Hero": 60.0}
    assert h.collected == {"Hero": 410.0} and h.rake == 0.0


def test_a_site_tag_after_the_header_and_no_banner():
    """'***** Hand History for Game N ***** (Party)', hands apart by a blank line and no
    'Game #N starts.' banner."""
    first, second = read("partypoker_site_tag.txt", count=2)
    assert [first.hand_id, second.hand_id] == ["7100000501", "7100000502"]
    assert (first.game, first.small_bet, first.big_bet, first.ante) == ("stud7", 1.0, 2.0, 0.1)
    assert first.hero_cards == C("Tc Td 6s Th")
    assert first.collected == {"Hero": 4.0} and first.rake == pytest.approx(0.2)
    assert second.uncalled == {"Hero": 0.75} and second.collected == {"Hero": 0.7}


def test_euro_tables():
    """'€0.50/€1 EUR 7 Card Stud', seats '( €25 EUR )', amounts '[€0.25 EUR]'."""
    (h,) = read("partypoker_euro.txt")
    assert (h.game, h.small_bet, h.big_bet, h.ante, h.bring_in) == pytest.approx(
        ("stud7", 0.5, 1.0, 0.05, 0.25))
    assert h.stacks == pytest.approx({"Hero": 25.0, "Gil": 31.4, "Ines": 18.05})
    assert h.hero_cards == C("Jh Js 4c Jc 9d")
    assert h.uncalled == {"Hero": 1.0}
    assert h.collected == pytest.approx({"Hero": 2.05}) and h.rake == pytest.approx(0.1)


def edited(name: str, old: str, new: str) -> str:
    text = variant_text(name)
    assert old in text
    return text.replace(old, new, 1)


def test_a_low_announced_that_was_not_shown_is_warned():
    """The announced low must be among the cards the player showed: a 6 Hero never showed
    is a line misread or a file mangled, said as a warning."""
    text = edited("partypoker_low_announced.txt", "Hero shows5,4,3,2,A", "Hero shows6,4,3,2,A")
    (h,), problems = partypoker.parse_text(text)
    assert problems == []
    assert len(h.warnings) == 1 and "Hero's shown cards do not make this low" in h.warnings[0]
    assert h.collected == {"Bo": 50.0, "Hero": 50.0}


def test_stakes_from_the_betting_when_no_line_names_them():
    """A tournament header without stakes and no 'Stakes-Antes(...)' line (fpdb's
    re_GameInfoTrny3): the complete makes the small bet, the big bet is twice it."""
    text = edited("partypoker_tourney_stakes_line.txt", "Stakes-Antes(60/120 -10)\n", "")
    (h,), problems = partypoker.parse_text(text)
    assert problems == [] and h.warnings == ()
    assert (h.small_bet, h.big_bet, h.ante, h.bring_in) == (60.0, 120.0, 10.0, 20.0)


def test_a_hand_that_cannot_tell_its_stakes_is_a_problem():
    """No stakes written and nobody completes or bets: the hand is refused, saying why."""
    text = variant_text("partypoker_tourney_stakes_line.txt")
    text = text.replace("Stakes-Antes(60/120 -10)\n", "")
    text = text[: text.index("Uma calls [20]")] + (
        "Uma folds\nVic folds\nHero does not show cards.\nHero wins 50 chips\n")
    hands, problems = partypoker.parse_text(text)
    assert hands == [] and len(problems) == 1
    assert problems[0].message == (
        "no stakes (small bet/big bet) in the header or after the seats, and no complete or "
        "bet in the hand to tell them")


def test_a_stakes_line_that_disagrees_with_the_header_is_warned():
    text = edited("partypoker_tourney_level_lines.txt", "\nStakes-Antes(200/400-25)\n",
                  "\nStakes-Antes(100/200-25)\n")
    (h,), problems = partypoker.parse_text(text)
    assert problems == [] and (h.small_bet, h.big_bet) == (200.0, 400.0)
    assert h.warnings == (("line 11: Stakes-Antes(100/200-25) (the header says 200/400: the "
                           "header's stakes are kept)"),)


def test_a_file_whose_hands_never_start_is_a_problem(tmp_path):
    """A file recognised as PartyPoker's whose banner the reader cannot read says so,
    rather than giving no hand and no problem."""
    path = tmp_path / "party.txt"
    path.write_text(edited("partypoker_site_tag.txt", "Game 7100000501 ***** (Party)",
                           "Game 7100000501-2 ***** (Party)").replace(
                               "Game 7100000502 ***** (Party)", "Game 7100000502-2 *****"),
                    encoding="utf-8")
    assert identify_file(path).room == PARTYPOKER
    hands, problems = parse_file(path)
    assert hands == [] and len(problems) == 1
    assert problems[0].message.startswith("no hand starts in this PartyPoker file")


FIXTURES = sorted(p.name for p in VARIANTS.glob("partypoker_*.txt"))


def test_mangled_variants_never_raise():
    """Lines dropped, doubled, swapped, garbled or cut: hands or problems, never a raise."""
    fuzz_mutations(partypoker.parse_text, [variant_text(p) for p in FIXTURES], examples=80)
