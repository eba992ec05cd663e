"""iPoker's layouts as the public record documents them (fpdb-3's iPoker parser,
fpdb_3_legacy/iPoker/*.py, and its regression files), each in a fixture of our own:
tests/data/handhistories/variants/. Research notes: the variants report of issue 29
(ipoker.md)."""

from __future__ import annotations

import re
from functools import partial

import pytest
from reader_helpers import DATA, C, fuzz_mutations, read_variant, variant_text

from studodds.histories import Action, ipoker
from studodds.histories.replay import check_rules

ROOM = "iPoker"
FIXTURES = ("ipoker_empty_seats.txt", "ipoker_tournament.xml", "ipoker_flat_raise_by.xml")


read = partial(read_variant, room=ROOM)




def plays(street) -> list[tuple]:
    return [(a.player, a.kind, a.amount, a.to) for a in street.actions if a.kind != "ante"]


def test_empty_seats_listed_as_players():
    """A cash file saved as .txt that lists every seat of the table, the empty ones as
    ``<player seat="2" name="" chips="$0" .../>`` (fpdb's cash/iPoker/Stud/7-StudL-USD
    file), and a seated player who sits the hand out: neither is dealt in."""
    (hand,) = read("ipoker_empty_seats.txt")
    assert (hand.room, hand.hand_id, hand.game) == (ROOM, "700000202", "stud7")
    assert (hand.small_bet, hand.big_bet, hand.ante, hand.bring_in) == (0.1, 0.2, 0.02, 0.05)
    assert hand.seats == ((1, "Hero"), (4, "Lena"), (9, "Pavel"))
    assert hand.stacks == {"Hero": 4.0, "Lena": 6.2, "Pavel": 2.75}
    assert hand.hero == "Hero" and hand.hero_cards == C("As 9d 2h 5s Jh 3c Ad")
    assert hand.up_cards == {"Hero": C("2h 5s Jh 3c"), "Lena": C("Kc 9c 4d 8s"),
                             "Pavel": C("7d")}
    assert plays(hand.streets[0]) == [
        ("Hero", "bring-in", 0.05, None), ("Lena", "complete", 0.1, 0.1),
        ("Pavel", "fold", 0.0, None), ("Hero", "call", 0.05, None)]
    assert plays(hand.streets[2]) == [
        ("Lena", "bet", 0.2, None), ("Hero", "raise", 0.4, 0.4), ("Lena", "call", 0.2, None)]
    assert hand.shown["Lena"] == C("8h Qh Kc 9c 4d 8s Qc")
    assert hand.collected == {"Lena": 1.58}
    assert (hand.total_pot, hand.rake) == (pytest.approx(1.66), pytest.approx(0.08))
    assert check_rules(hand) == ()


def test_tournament_without_stakes_in_the_game_type():
    """A sit-and-go (fpdb's tour/iPoker/Stud/7-StudHi-USD-STT file): ``<gametype>7 Card
    Stud Hi-Lo L</gametype>`` names no stakes, chips are written ``1,500``, the tournament
    number ends the table name; the level shows in each hand's own betting (the complete
    on 3rd street is the small bet, the big bet is twice it) and rises between hands."""
    first, second = read("ipoker_tournament.xml")
    assert (first.room, first.hand_id, first.game) == (ROOM, "700000302", "stud7hl8")
    assert first.tournament == "700000001"
    assert (first.small_bet, first.big_bet, first.ante, first.bring_in) == (200, 400, 20, 50)
    assert first.stacks == {"Hero": 2500, "Rita": 1250, "Sven": 3000}
    assert first.hero_cards == C("4s 5h Ad 3c Ks 9h 2d")
    assert first.up_cards["Sven"] == C("2c Th 6d 7c")
    assert plays(first.streets[2]) == [
        ("Hero", "bet", 400, None), ("Sven", "raise", 800, 800), ("Hero", "call", 400, None)]
    assert first.shown["Sven"] == C("8d 9s 2c Th 6d 7c 3s")
    assert first.collected == {"Hero": 1630, "Sven": 1630}
    assert (first.total_pot, first.rake) == (3260, 0)
    assert (second.small_bet, second.big_bet, second.ante, second.bring_in) == (300, 600, 30, 75)
    assert second.streets[0].actions[3:] == (
        Action("Rita", "bring-in", 75), Action("Sven", "fold", 0),
        Action("Hero", "complete", 300, 300), Action("Rita", "fold", 0))
    assert second.uncalled == {"Hero": 225} and second.collected == {"Hero": 240}


def test_flat_layout_with_a_raise_by():
    """The flat layout (fpdb's cash/iPoker LHE ``flat.format`` file): one tag a line,
    ``actiontxt`` and ``turntime`` on each action, hidden cards ``x``, no closing
    ``</session>``; a raise written as type 6, whose ``sum`` is the chips it adds (Ivo's
    0.10 bring-in and 0.30 make 0.40), not type 23's total."""
    (hand,) = read("ipoker_flat_raise_by.xml")
    assert (hand.hand_id, hand.game) == ("700000103", "stud7")
    assert (hand.small_bet, hand.big_bet, hand.ante, hand.bring_in) == (0.2, 0.4, 0.04, 0.1)
    assert hand.hero == "Hero" and hand.hero_cards == C("Qh 6s 9c Jd")
    assert plays(hand.streets[0]) == [
        ("Ivo", "bring-in", 0.1, None), ("Hero", "complete", 0.2, 0.2),
        ("Ivo", "raise", 0.3, 0.4), ("Hero", "call", 0.2, None)]
    assert hand.uncalled == {"Ivo": 0.2} and hand.collected == {"Ivo": 0.84}
    assert (hand.total_pot, hand.rake) == (pytest.approx(0.88), pytest.approx(0.04))


def game_block(text: str, code: str) -> str:
    return re.search(rf'<game gamecode="{code}">.*?</game>', text, re.DOTALL).group(0)


# The tournament's second hand (ante 30, bring-in 75) again, but Hero folds to Rita's
# bring-in: no complete, no bet, nothing in the hand's own betting gives its level.
def folded_to_the_bring_in(text: str) -> str:
    hand = game_block(text, "700000303").replace('gamecode="700000303"', 'gamecode="700000304"')
    hand = hand.replace('<action no="6" player="Hero" type="5" sum="300" cards=""/>',
                        '<action no="6" player="Hero" type="0" sum="0" cards=""/>')
    hand = hand.replace('win="465" bet="330"', 'win="0" bet="30"')
    return hand.replace('win="0" bet="105"', 'win="165" bet="105"')


def test_a_hand_without_a_full_bet_takes_its_level_from_another_hand():
    """Everyone folds to the bring-in: the hand shows no small bet. Its ante and bring-in
    (30 and 75) are those of the hand before, whose complete was 300: the same level."""
    text = variant_text("ipoker_tournament.xml")
    text = text.replace("</game>\n</session>", "</game>" + folded_to_the_bring_in(text)
                        + "\n</session>")
    hands, problems = ipoker.parse_text(text)
    assert problems == [] and [h.hand_id for h in hands] == [
        "700000302", "700000303", "700000304"]
    third = hands[2]
    assert (third.small_bet, third.big_bet, third.ante, third.bring_in) == (300, 600, 30, 75)
    assert third.uncalled == {"Rita": 75} and third.collected == {"Rita": 90}
    assert third.warnings == ()
    # Without a hand at its level to go by, the hand is a problem that says why.
    text = text.replace(game_block(text, "700000303"), "")
    hands, problems = ipoker.parse_text(text)
    assert [h.hand_id for h in hands] == ["700000302"]
    assert [(p.hand_id, p.message) for p in problems] == [("700000304", (
        "no stakes: the game type names none (a tournament), and neither this hand's "
        "betting nor another hand at its ante and bring-in shows the small bet"))]


def limped_hand(fourth: str, later: str = "", hero_fourth: str = "D2") -> str:
    """A hand at ante 30, bring-in 75 where Hero only calls the bring-in (no complete):
    Rita brings in, Sven folds, Hero calls; ``fourth``: the 4th-street actions, ``later``
    the rounds after it."""
    return f"""<game gamecode="700000305">
    <general><players>
        <player seat="2" name="Hero" chips="2,000" win="0" bet="0"/><player seat="5" name="Rita" chips="2,000" win="0" bet="0"/><player seat="8" name="Sven" chips="2,000" win="0" bet="0"/>
    </players></general>
    <round no="0">
      <action no="1" player="Hero" type="15" sum="30"/><action no="2" player="Rita" type="15" sum="30"/><action no="3" player="Sven" type="15" sum="30"/>
    </round>
    <round no="2">
      <cards type="Third Street" player="Hero">CJ C9 HK</cards><cards type="Third Street" player="Rita">X X D3</cards><cards type="Third Street" player="Sven">X X S8</cards>
      <action no="4" player="Rita" type="16" sum="75"/><action no="5" player="Sven" type="0" sum="0"/><action no="6" player="Hero" type="3" sum="75"/>
    </round>
    <round no="3">
      <cards type="Fourth Street" player="Hero">{hero_fourth}</cards><cards type="Fourth Street" player="Rita">C4</cards>
      {fourth}
    </round>
    {later}
  </game>"""


HERO_BETS_RITA_FOLDS = '<action no="7" player="Hero" type="5" sum="{bet}"/><action no="8" player="Rita" type="0" sum="0"/>'
BOTH_CHECK = '<action no="7" player="Hero" type="4" sum="0"/><action no="8" player="Rita" type="4" sum="0"/>'
FIFTH_BET = """<round no="4"><cards type="Fifth Street" player="Hero">D7</cards><cards type="Fifth Street" player="Rita">C5</cards>
      <action no="9" player="Hero" type="5" sum="600"/><action no="10" player="Rita" type="0" sum="0"/>
    </round>"""


@pytest.mark.parametrize(("hand", "level_before", "stakes"), [
    # 4th street, no open pair: the bet is the small bet.
    (limped_hand(HERO_BETS_RITA_FOLDS.format(bet=300)), False, (300, 600)),
    # 5th street: the big bet.
    (limped_hand(BOTH_CHECK, FIFTH_BET), False, (300, 600)),
    # Open kings on 4th street: 600 may be the big bet, so the level is the hand before's
    # (same ante and bring-in) ...
    (limped_hand(HERO_BETS_RITA_FOLDS.format(bet=600), hero_fourth="DK"), True, (300, 600)),
    # ... and with no hand at that level, the bet is taken for the small bet.
    (limped_hand(HERO_BETS_RITA_FOLDS.format(bet=600), hero_fourth="DK"), False, (600, 1200)),
])
def test_the_level_from_the_betting_after_the_first_street(hand, level_before, stakes):
    """No complete on 3rd street: a 4th-street bet is the small bet, unless a pair shows
    there (the big bet may then be bet: the level of a hand at the same ante and bring-in
    is surer); a bet from 5th street on is the big bet."""
    text = variant_text("ipoker_tournament.xml")
    if not level_before:
        text = text.replace(game_block(text, "700000303"), "")
    text = text.replace("</game>\n</session>", "</game>" + hand + "\n</session>")
    hands, problems = ipoker.parse_text(text)
    assert problems == []
    last = hands[-1]
    assert last.hand_id == "700000305"
    assert (last.small_bet, last.big_bet, last.ante, last.bring_in) == (*stakes, 30, 75)


def test_the_tournament_number_ends_the_table_name():
    """``(#16727068)`` as fpdb's iPoker parser reads it; a cash table's name that ends in
    a number (``Invented Flat, 700000102``) is no tournament."""
    text = variant_text("ipoker_tournament.xml").replace(
        "$10 Limit 7 Card Stud Hi-Lo, 700000001, 700000001", "Hyper Turbo (500 Chips) (#16727068)")
    hands, problems = ipoker.parse_text(text)
    assert problems == [] and {h.tournament for h in hands} == {"16727068"}
    (cash,) = read("ipoker_flat_raise_by.xml")
    assert cash.tournament is None


def test_the_owner_is_the_hero_when_the_file_hides_his_own_cards():
    """fpdb's 7-StudHi STT file writes its owner's cards ``X X S7`` in one hand, and the
    cards of two players who went to the showdown face up: the owner (``<nickname>``)
    is still the hero, with no cards known; the others' cards are shown."""
    text = variant_text("ipoker_tournament.xml")
    hand = game_block(text, "700000303")
    hidden = hand.replace(">CJ C9 HK<", ">X X HK<").replace(
        '<cards type="Third Street" player="Sven">X X S8</cards>',
        '<cards type="Third Street" player="Sven">D5 D6 S8</cards>')
    hands, problems = ipoker.parse_text(text.replace(hand, hidden))
    assert problems == []
    second = hands[1]
    assert (second.hero, second.hero_cards) == ("Hero", ())
    assert second.shown == {"Sven": C("5d 6d 8s")}


def test_a_stated_bet_over_the_players_chips_is_not_checked():
    """The same file states an all-in player's bet as his chips plus the ante again (5,203
    for a stack of 5,053): a figure over the player's chips is the file's slip, not a
    warning that the actions were read wrong."""
    text = variant_text("ipoker_tournament.xml").replace(
        'name="Rita" chips="1,250" dealer="0" win="0" bet="20"',
        'name="Rita" chips="1,250" dealer="0" win="0" bet="1,270"')
    hands, problems = ipoker.parse_text(text)
    assert problems == [] and hands[0].warnings == ()


def test_a_player_sitting_out_after_the_deal_folds():
    """Type 9 (sitting out) for a player dealt in is a fold, as fpdb reads it."""
    text = variant_text("ipoker_flat_raise_by.xml")
    out = text.replace('actiontxt="Fold" turntime="10:00:17" type="0"',
                       'actiontxt="Sitting out" turntime="10:00:17" type="9"')
    assert out != text
    (hand,), problems = ipoker.parse_text(out)
    assert problems == [] and hand == ipoker.parse_text(text)[0][0]
    assert hand.folded_on("Hero") == "4th"


def test_players_listed_without_seats_are_seated_in_the_order_listed():
    """A ``<player>`` with no ``seat`` (a file listing its players without seat numbers):
    the players are seated in the order listed, and the hand reads as with its seats."""
    text = (DATA / "ipoker_stud7_side_pot.xml").read_text(encoding="utf-8")
    bare = re.sub(r'<player seat="\d+" ', "<player ", text)
    assert bare != text and 'seat="' not in bare.split("</players>")[0]
    (with_seats, *_), _ = ipoker.parse_text(text)
    (hand, *_), problems = ipoker.parse_text(bare)
    assert problems == []
    assert hand.seats == ((1, "Alice"), (2, "Hero"), (3, "Bob"), (4, "Zoé"))
    assert hand.players == with_seats.players
    assert (hand.streets, hand.shown, hand.collected, hand.hero_cards) == (
        with_seats.streets, with_seats.shown, with_seats.collected, with_seats.hero_cards)


def test_a_file_without_a_game_says_so():
    text = variant_text("ipoker_flat_raise_by.xml")
    text = text[: text.index("<game ")]
    hands, problems = ipoker.parse_text(text)
    assert hands == [] and [p.message for p in problems] == [
        "no hand in this iPoker file: each hand is a <game gamecode=...> inside a <session>"]


def test_mangled_variants_never_raise():
    """Every variant fixture damaged (reader_helpers.mutate: lines dropped, doubled,
    swapped, cut, characters corrupted, amounts garbled): hands or problems, never an
    exception."""
    fuzz_mutations(ipoker.parse_text, [variant_text(name)
                                    for name in FIXTURES])
