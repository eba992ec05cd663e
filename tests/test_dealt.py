"""How often a starting hand is dealt (studodds/starting/dealt.py and `studodds dealt`).

The slow twin: every deal of the first street from the cards not dead, each hand once
per card up (22,100 * 3 = 66,300 with nothing dead), each read with this file's own
predicates (tests/naive.py's cards; nothing of ranges.py). The library counts hole cards
per door card instead; both must give the same counts, given the door card and overall.
Then the figures stud players quote, from their sources."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import naive
import pytest

from studodds.cli import main
from studodds.starting.dealt import common_hands, how_often_dealt

STRAIGHT_WINDOWS = [frozenset({12, 0, 1, 2, 3})] + [frozenset(range(low, low + 5))
                                                    for low in range(9)]
LOW = frozenset({12, 0, 1, 2, 3, 4, 5, 6})  # the ace (low) and 2..8


def ranks(cards):
    return [c // 4 for c in cards]


# Each named hand: what it means, on the hole cards and the door card.
THREE_CARDS = {
    "(rolled)": lambda hole, up: len(set(ranks(hole + (up,)))) == 1,
    "(buried)": lambda hole, up: ranks(hole)[0] == ranks(hole)[1] != up // 4,
    "(split)": lambda hole, up: ranks(hole).count(up // 4) == 1,
    "(buried | split)": lambda hole, up: sorted(Counter(ranks(hole + (up,))).values()) == [1, 2],
    "(pair+)": lambda hole, up: len(set(ranks(hole + (up,)))) < 3,
    "(flush3)": lambda hole, up: len({c % 4 for c in hole + (up,)}) == 1,
    "(straight3)": lambda hole, up: len(set(ranks(hole + (up,)))) == 3 and any(
        set(ranks(hole + (up,))) <= w for w in STRAIGHT_WINDOWS),
    "(low3)": lambda hole, up: len(set(ranks(hole + (up,)))) == 3 and set(
        ranks(hole + (up,))) <= LOW,
    "(A? A?)": lambda hole, up: ranks(hole) == [12, 12],
    "(A? A?) x": lambda hole, up: ranks(hole) == [12, 12],
    "(K? ??) Kd": lambda hole, up: up == naive.parse_cards("Kd")[0] and 11 in ranks(hole),
    "(split) Ad": lambda hole, up: up == naive.parse_cards("Ad")[0] and ranks(hole).count(12) == 1,
    "(Ks 7d) Kc": lambda hole, up: up == naive.parse_cards("Kc")[0] and set(hole) == set(
        naive.parse_cards("Ks 7d")),
    "(Ks x) Kc": lambda hole, up: up == naive.parse_cards("Kc")[0] and naive.parse_cards(
        "Ks")[0] in hole,
    "Kd": lambda hole, up: up == naive.parse_cards("Kd")[0],
}
TWO_CARDS = {
    "(pair+)": lambda hole, up: hole[0] // 4 == up // 4,
    "(A?)": lambda hole, up: hole[0] // 4 == 12,
    "(K?) Kd": lambda hole, up: up == naive.parse_cards("Kd")[0] and hole[0] // 4 == 11,
}


def slow_twin(named, dead: str = "", cards: int = 3) -> dict[str, tuple[int, int]]:
    """{hand: (hits, deals)} over every deal of `cards` cards from the cards not dead,
    each hand once per card up."""
    out = naive.parse_cards(dead) if dead else ()
    pool = [c for c in range(52) if c not in out]
    hits = Counter()
    deals = 0
    for hand in combinations(pool, cards):
        for up in hand:
            hole = tuple(c for c in hand if c != up)
            deals += 1
            for name, fits in named.items():
                hits[name] += fits(hole, up)
    return {name: (hits[name], deals) for name in named}


@pytest.mark.parametrize("game, named, dead, cards", [
    ("stud7", THREE_CARDS, "", 3),
    ("razz", THREE_CARDS, "Kh Qc Jc Tc 8c 7c 6d", 3),
    ("stud5", TWO_CARDS, "", 2),
    ("stud5", TWO_CARDS, "Ac Ah 9d", 2),
])
def test_counts_equal_the_slow_twin(game, named, dead, cards):
    want = slow_twin(named, dead, cards)
    unseen = 52 - len(dead.split())
    for hand, (hits, deals) in want.items():
        got = how_often_dealt(game, hand, dead)
        assert (got.overall.hits, got.overall.deals) == (hits, deals), hand
        if got.door is None:
            assert got.given_door is None
        else:  # the door card is one of `unseen` cards, each up as often
            assert (got.given_door.hits, got.given_door.deals) == (
                hits, comb(unseen - 1, cards - 1)), hand
            assert got.given_door.chance == Fraction(hits * unseen, deals)


def test_published_figures():
    # poker-base.com, "Seven Card Stud Notes", its rolled-up group: "there are 52 pair
    # combinations from all 22.100 Seven Card Stud starting hands ... your odds to get a
    # pair are 424/1" (the group is rolled up; "pair" is the page's slip of the pen).
    # i-online-casinos.com, "7 Card Stud Poker Odds": "Three of a kind - 424:1".
    rolled = how_often_dealt("stud7", "(rolled)").overall
    assert rolled.chance == Fraction(52, 22_100) and rolled.one_in == 425  # 424 to 1
    # Two Plus Two Magazine 194, Peter Gelencser, "Seven Stud Starting Hands" part 2:
    # "Rolled-up Trips ... We will be dealt these very rarely, only 0.24% of the time."
    assert round(100 * float(rolled.chance), 2) == 0.24

    # spadebidder.com, "Flop Analysis Part 3 - Pair Bias": "the chance for a paired flop
    # is (52*3*48)*3 / (52*51*50) = 16.94117647% ... a flop that is paired but not
    # triplets": three cards from a full deck, as a stud player's first three.
    pair = how_often_dealt("stud7", "(buried | split)").overall
    assert pair.chance == Fraction(52 * 3 * 48 * 3, 52 * 51 * 50)
    assert f"{100 * float(pair.chance):.8f}" == "16.94117647"
    # i-online-casinos.com: "Any pair - 5:1" and "3 Suited Cards- 18:1": odds against,
    # rounded to whole numbers (4.90 to 1 and 18.32 to 1).
    assert round((1 - pair.chance) / pair.chance, 2) == pytest.approx(4.90)
    flush = how_often_dealt("stud7", "(flush3)").overall
    assert flush.chance == Fraction(4 * comb(13, 3), 22_100)
    assert round((1 - flush.chance) / flush.chance) == 18

    # Gelencser, the same article: "The chance of getting a split pair (not accounting
    # for dead cards) is 11.29% ... If an Ace raises and we don't take into account any
    # dead cards, our opponent is going to have a pair of Aces 11.29% of the time."
    split = how_often_dealt("stud7", "(split)").overall
    aces_up = how_often_dealt("stud7", "(split) Ad").given_door
    assert split.chance == aces_up.chance == Fraction(3 * 48, comb(51, 2))
    assert f"{100 * float(split.chance):.2f}%" == "11.29%"
    # A buried pair (no published figure found): the other third of the pairs.
    buried = how_often_dealt("stud7", "(buried)").overall
    assert buried.chance == pair.chance / 3 and split.chance == 2 * buried.chance

    # Gelencser again, eight-handed: "if there are seven different cards out
    # (7-7-8-T-J-Q-K dead cards ...), the probability of a split pair of Aces increases to
    # 13%. But in case there is one additional Ace among the dead cards (A-A-K-Q-T-J-8-7
    # board), the probability drops to 8%." The board is the eight door cards: the
    # raiser's ace and seven others, dead to his hole cards.
    seven_out = how_often_dealt("stud7", "(split) Ad", dead="7c 7h 8d Ts Jh Qd Kc")
    assert seven_out.given_door.chance == Fraction(3 * 41, comb(44, 2))  # 13.00%
    assert f"{100 * float(seven_out.given_door.chance):.2f}%" == "13.00%"
    ace_out = how_often_dealt("stud7", "(split) Ad", dead="Ac Kc Qd Ts Jh 8d 7c")
    assert ace_out.given_door.chance == Fraction(2 * 42, comb(44, 2))
    # 8.88%: the article drops the decimals ("8%"); to the nearest point it is 9%.
    assert int(100 * ace_out.given_door.chance) == 8
    assert round(100 * float(ace_out.given_door.chance)) == 9

    # spadebidder.com, the same page, on two cards from a full deck: "there are 78
    # possible pairs ... the chance for paired hole cards ... 78/1326 or 5.882%": a
    # five-card stud player's hole card and door card.
    stud5_pair = how_often_dealt("stud5", "(pair+)").overall
    assert stud5_pair.chance == Fraction(78, 1_326)


def test_dead_cards_as_text_or_ids_and_unseen_ones():
    text = how_often_dealt("stud7", "(split) Ad", "7c 7h 8d x")
    ids = how_often_dealt("stud7", "(split) Ad", naive.parse_cards("7c 7h 8d"))
    assert text == ids and text.dead == naive.parse_cards("7c 7h 8d")
    assert how_often_dealt("stud7", "(split) Ad", "x x x") == how_often_dealt(
        "stud7", "(split) Ad")  # an unseen dead card is one of the unseen cards


def test_the_common_hands_of_each_game():
    by_words = {words: r for words, r in common_hands("stud7")}
    assert by_words["rolled-up trips"].overall.one_in == 425
    assert by_words["a buried pair"].overall.hits + by_words["a split pair"].overall.hits \
        == by_words["a pair, buried or split"].overall.hits
    assert [words for words, _ in common_hands("stud5low")] == ["a pair", "an ace in the hole"]
    with_dead = dict(common_hands("razz", dead="As Ah Ad"))
    assert with_dead["rolled-up trips"].overall.deals == 49 * comb(48, 2)
    # Each game lists the hands its players name: no flush or straight draws in razz,
    # where they do not count, and no low cards in seven-card stud high.
    named = {game: [words for words, _ in common_hands(game)]
             for game in ("stud7", "razz", "stud7hl8", "razz27")}
    assert "three low cards (8 or lower)" not in named["stud7"]
    assert "three to a flush" in named["stud7"] and "three to a straight" in named["stud7"]
    assert "three to a flush" not in named["razz"] and "three to a straight" not in named["razz"]
    assert "three low cards (8 or lower)" in named["razz"]
    assert len(named["stud7hl8"]) == len(named["razz27"]) == 7


@pytest.mark.parametrize("game, hand, dead, fragments", [
    ("stud7", "(K? ??) Kd 5c", "", ["first street", "at most the door card"]),
    ("stud7", "(As Kd) Qh Jh Th 9h (2c)", "", ["first street"]),
    ("stud7", "random", "", ["any hand"]),
    ("stud7", "(A? A?:0.5 | K? K?) Kd", "", ["weight", "how often it is dealt"]),
    ("stud7", "(K?) Kd", "", ["stud7 deals 2 hole cards"]),
    ("stud5", "(K? K?) Kd", "", ["stud5 deals 1 hole card"]),
    ("stud5", "(rolled)", "", ["'rolled' describes third street", "not stud5"]),
    ("stud7", "(A? A?) Ad", "Ad", ["card 'Ad' is in the hand", "--dead"]),
    ("stud7", "(A? A?) Ad", "Ac Ac", ["'Ac' appears twice"]),
    ("stud7", "(A? A?) Ad", "Ac Zc", ["'Zc' is not a card"]),
    ("stud7", "(A? A?) Ad", "(Ac)", ["--dead '(Ac)'", "plain list"]),
    ("stud7", "(A? B?) Ad", "", ["'B?'"]),
])
def test_refusals_are_one_line(game, hand, dead, fragments, capsys):
    with pytest.raises(ValueError) as info:
        how_often_dealt(game, hand, dead)
    for fragment in fragments:
        assert fragment in str(info.value), (fragment, str(info.value))
    assert main(["dealt", "-g", game, hand, "--dead", dead]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and err.startswith("Error: ")


def test_the_command_line_table(capsys):
    assert main(["dealt", "(K? ??) Kd", "(A? A?) x", "(Ks 7d) Kc"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["hand", "given", "the", "door", "card", "counted", "overall",
                                "counted"]
    assert lines[2].split() == ["(K?", "??)", "Kd", "11.53%", "(1", "in", "8.7)", "147", "of",
                                "1,275", "0.22%", "(1", "in", "451)", "147", "of", "66,300"]
    assert lines[3].split() == ["(A?", "A?)", "0.45%", "(1", "in", "221)", "300", "of",
                                "66,300"]
    assert "0.0015% (1 in 66,300)" in lines[4]  # small chances keep two digits
    overall = ("overall: of the 66,300 deals of the first three cards (22,100 hands, any of "
               "the three up)")
    given = "given the door card: of the 1,275 sets of two hole cards the unseen cards make"
    assert lines[-2:] == [overall, given]


def test_the_command_line_common_hands_json_and_csv(capsys):
    assert main(["dealt"]) == 0
    out = capsys.readouterr().out
    assert "rolled-up trips" in out and "0.24% (1 in 425)" in out and "given" not in out
    assert main(["dealt", "-g", "stud5", "--format", "json", "--dead", "Ac"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["name"] for d in data] == ["a pair", "an ace in the hole"]
    assert data[1]["overall"] == {"hits": 3 * 50, "deals": 51 * 50, "chance": 3 / 51,
                                  "one_in": 17.0}
    assert data[1]["dead"] == ["Ac"] and data[1]["given_door"] is None
    assert main(["dealt", "(split) Ad", "--format", "csv"]) == 0
    header, row = capsys.readouterr().out.splitlines()
    assert header.split(",")[:6] == ["game", "hand", "door", "dead", "given_door_hits",
                                     "given_door_deals"]
    assert row.startswith("stud7,(split) Ad,Ad,,144,1275,")


def test_three_low_cards_in_deuce_to_seven_leave_the_ace_out():
    """In deuce-to-seven razz the ace is the worst card: low3 there is three different
    ranks from 2 to 8, C(7, 3) x 4^3 = 2,240 of the 22,100 three-card hands, each with
    any of its three cards up (6,720 of 66,300); in razz the ace counts (C(8, 3) x 64 =
    3,584). A stud player's read found the ace counted low in razz27."""
    from math import comb

    assert how_often_dealt("razz27", "(low3)").overall.hits == 3 * comb(7, 3) * 4**3
    assert how_often_dealt("razz", "(low3)").overall.hits == 3 * comb(8, 3) * 4**3
    assert how_often_dealt("razz27", "(low3) Ad").overall.hits == 0


def test_three_to_a_straight_plays_the_ace_as_each_game_does():
    """Three ranks within five of each other: 58 sets with the ace only high (deuce-to-
    seven: A-2-3 is no draw) or only low (ace-to-six: T-J-Q-K-A is king high), 6 more
    where it plays both ways (A-2-3 to A-4-5); each of 4^3 suits, any of the three up. A
    stud player's read found razz27 and razz6 counting both."""
    from math import comb

    one_way = 9 * comb(4, 2) + comb(3, 2) + comb(2, 2)  # by the lowest rank of the three
    assert one_way == 58
    for game, sets in (("stud7", one_way + 6), ("razz27", one_way), ("razz6", one_way)):
        assert how_often_dealt(game, "(straight3)").overall.hits == 3 * sets * 4**3, game
