"""Tests for the PHH reader (studodds.histories.phh): our own fixtures in detail, the real
WSOP samples (skipped when the samples folder is absent) checked against pokerkit as an independent
reader, the replay through the CLI, and robustness."""

from __future__ import annotations

import json
import random
import re
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reader_helpers import (
    DATA,
    ENCODINGS,
    SAMPLES,
    C,
    assert_never_raises,
    check_bad_card,
    check_encodings,
    check_replay_json,
    check_sample,
    fuzz_mutations,
    fuzz_random_text,
    fuzz_settings,
    needs_samples,
    samples,
)

from studodds.cards import parse_card
from studodds.cli import main
from studodds.histories import Action, parse_file
from studodds.histories.formats import identify
from studodds.histories.phh import parse_text
from studodds.histories.replay import check_rules, replay_hand

PHH_SAMPLES = SAMPLES / "phh"
SIDE_POT = DATA / "phh_stud7_side_pot.phh"
SEVERAL = DATA / "phh_several.phhs"
UNKNOWN = DATA / "phh_stud7_unknown_cards.phh"


def pokerkit_state(path: Path):
    """The final state of pokerkit's own reading of a one-hand file: the oracle."""
    from pokerkit import HandHistory as KitHand

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with open(path, "rb") as f:
            return list(KitHand.load(f))[-1]


def pushed(state) -> list[int]:
    """Chips each player won from the pots, as pokerkit pushed them."""
    out = [0] * len(state.payoffs)
    for op in state.operations:
        if type(op).__name__ == "ChipsPushing":
            out = [a + b for a, b in zip(out, op.amounts, strict=True)]
    return out


# ---------------------------------------------------------------- our fixtures

def test_fixture_in_detail():
    (hh,), problems = parse_file(SIDE_POT)
    assert problems == [] and hh.warnings == () and hh.cut is None
    assert (hh.room, hh.hand_id, hh.game, hh.tournament) == (
        "PHH", "Sunday-12", "stud7", "Invented Stud Classic")
    assert (hh.small_bet, hh.big_bet, hh.ante, hh.bring_in) == (40, 80, 5, 10)
    assert hh.seats == ((2, "Ann Lee"), (4, "Bo"), (5, "Cy Young"), (7, "Dee"))
    assert hh.stacks == {"Ann Lee": 1000, "Bo": 240, "Cy Young": 1500, "Dee": 800}
    assert (hh.hero, hh.hero_cards, hh.community) == (None, (), None)
    assert hh.up_cards == {"Ann Lee": C("9h 2h 5h 4h"), "Bo": C("3c 3d 9d Ts"),
                           "Cy Young": C("7h Qc Qd 2c"), "Dee": C("Kd")}
    # Every card the file knows, for the players whose hole cards are known: Bo's hole
    # cards and river were '??' when dealt and come from his show; Dee's never show.
    assert hh.shown == {"Ann Lee": C("Ah Kh 9h 2h 5h 4h 8s"),
                        "Bo": C("7d 7c 3c 3d 9d Ts 7s"),
                        "Cy Young": C("Qs Jd 7h Qc Qd 2c 6d")}
    assert [s.name for s in hh.streets] == ["3rd", "4th", "5th", "6th", "7th"]
    assert hh.streets[0].dealt == {"Ann Lee": C("Ah Kh 9h"), "Bo": C("3c"),
                                   "Cy Young": C("Qs Jd 7h"), "Dee": C("Kd")}
    assert hh.streets[4].dealt == {"Ann Lee": C("8s"), "Bo": (), "Cy Young": C("6d")}
    A, B, Cy, D = "Ann Lee", "Bo", "Cy Young", "Dee"
    assert hh.streets[0].actions == (
        Action(A, "ante", 5), Action(B, "ante", 5), Action(Cy, "ante", 5), Action(D, "ante", 5),
        Action(B, "bring-in", 10), Action(Cy, "complete", 40, to=40), Action(D, "fold", 0),
        Action(A, "raise", 80, to=80), Action(B, "call", 70), Action(Cy, "call", 40))
    assert hh.streets[1].actions == (
        Action(B, "bet", 40), Action(Cy, "call", 40), Action(A, "raise", 80, to=80),
        Action(B, "call", 40), Action(Cy, "call", 40))
    assert hh.streets[2].actions == (
        Action(Cy, "bet", 80), Action(A, "call", 80), Action(B, "call", 75, all_in=True))
    assert hh.streets[3].actions == (
        Action(Cy, "check", 0), Action(A, "bet", 80), Action(Cy, "call", 80))
    assert hh.streets[4].actions == (
        Action(Cy, "check", 0), Action(A, "bet", 80), Action(Cy, "fold", 0))
    assert (hh.uncalled, hh.returned) == ({A: 80}, (("7th", A, 80),))
    assert hh.total_pot == 895 == hh.put_in() - 80
    assert hh.collected == {A: 170, B: 725}  # the file's winnings: Bo the main pot
    assert hh.folded_on(D) == "3rd" and hh.folded_on(Cy) == "7th"
    assert check_rules(hh) == ()


@pytest.mark.parametrize("path", [SIDE_POT, UNKNOWN], ids=lambda p: p.stem)
def test_fixture_agrees_with_pokerkit(path):
    """pokerkit (its own rules engine) plays the same file: the chips each player ends
    with are those the record gives."""
    (hh,), _ = parse_file(path)
    state = pokerkit_state(path)
    for i, name in enumerate(hh.players):
        net = hh.collected.get(name, 0) + hh.uncalled.get(name, 0) - hh.put_in(name)
        assert net == state.payoffs[i], name
    assert pushed(state) == [hh.collected.get(n, 0) for n in hh.players]


def test_players_whose_cards_the_broadcast_hid_are_unknown_hands():
    """Bo's and Eve's hole cards are '????', Cy's every card '??????': the others are read
    as dealt. Bo shows his hole cards at the end ('sm 7d7c', his river not): they are known
    from then on; Eve's never are."""
    (hh,), problems = parse_file(UNKNOWN)
    assert problems == [] and hh.warnings == () and hh.cut is None
    assert (hh.hand_id, hh.players, hh.hero) == (
        "table-1-hand-9", ("Ann", "Bo", "Cy", "Dee", "Eve"), None)
    assert hh.up_cards == {"Ann": C("9h 2h 5h 4h"), "Bo": C("Kd Ks 3d Td"), "Dee": C("7h"),
                           "Eve": C("5s 4d 6s 8c")}
    assert hh.shown == {"Ann": C("Ah Kh 9h 2h 5h 4h 8s"), "Bo": C("7d 7c Kd Ks 3d Td"),
                        "Dee": C("Qs Jd 7h")}
    assert hh.streets[0].dealt == {"Ann": C("Ah Kh 9h"), "Bo": C("Kd"), "Cy": (),
                                   "Dee": C("Qs Jd 7h"), "Eve": C("5s")}
    assert hh.streets[4].dealt == {"Ann": C("8s"), "Bo": (), "Eve": ()}
    assert (hh.total_pot, hh.collected) == (905, {"Ann": 905})
    assert hh.folded_on("Cy") == "3rd" and hh.folded_on("Eve") == "7th"
    # Eve's five is the lowest door card shown: Cy's, unknown, cannot be judged.
    assert check_rules(hh) == ()


def test_unknown_hands_replay_unseen_in_both_views(capsys):
    assert main(["replay", str(UNKNOWN), "--trials", "500", "--format", "json"]) == 0
    out, _ = capsys.readouterr()
    (hand,) = json.loads(out)
    # Cy's door card is unknown and he is live as 3rd street begins: it cannot be asked.
    assert [s["street"] for s in hand["streets"]] == ["4th", "5th", "6th", "7th"]
    note = "3rd street is not replayed: the file does not show every up card of Cy"
    assert hand["notes"] == [note]
    assert hand["warnings"] == [] and hand["rule_problems"] == []
    fourth = {p["name"]: p for p in hand["streets"][0]["players"]}
    assert fourth["Bo"]["hero_view"] == "(x x) Kd Ks"
    assert fourth["Bo"]["revealed"] == "(7d 7c) Kd Ks"  # shown at the end
    assert fourth["Eve"]["hero_view"] == fourth["Eve"]["revealed"] == "(x x) 5s 4d"
    assert fourth["Ann"]["revealed"] == "(Ah Kh) 9h 2h"
    # Folded: Dee's door card is dead, her hole cards and all of Cy's cards unseen.
    assert sorted(hand["streets"][0]["dead"].split()) == ["7h"] + ["x"] * 5
    river = {p["name"]: p for p in hand["streets"][-1]["players"]}
    assert river["Bo"]["revealed"] == "(7d 7c) Kd Ks 3d Td (x)"  # his river never shown
    assert river["Eve"]["revealed"] == "(x x) 5s 4d 6s 8c (x)"
    assert river["Ann"]["revealed"] == "(Ah Kh) 9h 2h 5h 4h (8s)"
    assert main(["replay", str(UNKNOWN), "--trials", "500"]) == 0
    out, _ = capsys.readouterr()
    assert "(x x) Kd Ks 3d Td (x)" in out and "(7d 7c) Kd Ks 3d Td (x)" in out


def test_an_unknown_up_card_leaves_its_streets_out():
    """Ann's 5th-street card is '??' and she shows nothing new: her up cards run to it, and
    her down cards (the shown cards less the up cards) hold no up card after it."""
    text = UNKNOWN.read_text().replace("'d dh p1 5h'", "'d dh p1 ??'").replace(
        "'p1 sm AhKh9h2h5h4h8s'", "'p1 sm -'")
    (hh,), problems = parse_text(text)
    assert problems == [] and hh.cut is None
    assert hh.up_cards["Ann"] == C("9h 2h")
    assert hh.shown["Ann"] == C("Ah Kh 9h 2h 8s")
    warning = ("line 1: Ann's up cards are not all shown: those after the unknown one are "
               "left out")
    assert hh.warnings == (warning,)
    replay = replay_hand(hh, trials=300)
    assert [s.street for s in replay.streets] == ["4th"]
    assert replay.notes[1:] == tuple(
        f"{s} street is not replayed: the file does not show every up card of Ann"
        for s in ("5th", "6th", "7th"))


def test_shows_of_unknown_cards():
    """'sm' shows the cards in the order dealt, from the first (the format's reading):
    fewer cards than held leave the rest unseen."""
    text = UNKNOWN.read_text()

    def bo(show: str):
        hands, problems = parse_text(text.replace("'p2 sm 7d7c'", f"'p2 sm {show}'"))
        assert problems == [], show
        return hands[0].shown.get("Bo")

    assert bo("????") is None  # kept face down
    assert bo("7d7c??????????") == C("7d 7c Kd Ks 3d Td")
    assert bo("7d7cKdKs") == C("7d 7c Kd Ks 3d Td")
    assert bo("7d7cKdKs3dTd6c") == C("7d 7c Kd Ks 3d Td 6c")
    assert bo("7d7c6c") == C("7d 7c Kd Ks 3d Td 6c")  # the down cards only: hole and river
    assert bo("?d7c") is None  # one hole card is not a hand
    hands, problems = parse_text(text.replace("'p2 sm 7d7c'", "'p2 sm 7d7cKdKs3dTd6c5c'"))
    assert hands == [] and problems[0].message == "Bo shows 8 cards but holds 7"
    hands, problems = parse_text(text.replace("'p2 sm 7d7c'", "'p2 sm 7d7cKdKc'"))
    assert hands == [] and problems[0].message == "Bo shows Kc where Ks was dealt"


def test_a_card_known_in_part_is_unknown():
    """'?h' or 'A?' (the format writes ? for an unknown rank or suit) is an unknown card."""
    (whole,), _ = parse_file(UNKNOWN)
    text = UNKNOWN.read_text().replace("'d dh p5 ????5s'", "'d dh p5 ?hA?5s'").replace(
        "'d dh p2 ??'", "'d dh p2 ?s'")
    (hh,), problems = parse_text(text)
    assert problems == [] and hh.cut is None
    assert (hh.streets, hh.up_cards, hh.shown) == (whole.streets, whole.up_cards, whole.shown)


def test_a_deal_short_of_cards_says_how_to_write_an_unknown_card():
    text = UNKNOWN.read_text().replace("'d dh p2 ????Kd'", "'d dh p2 ????'")
    hands, problems = parse_text(text)
    assert hands == [] and problems[0].message == (
        "Bo holds 2 cards on 3rd street, not 3 (a card the file does not know is written ??)")


def test_several_hands_in_a_phhs_file():
    """[1] razz, [2] hold'em (skipped silently), [3] stud hi/lo with its own hand number;
    no names: the players are p1, p2 ..."""
    hands, problems = parse_file(SEVERAL)
    assert problems == []
    assert [(h.hand_id, h.game) for h in hands] == [("1", "razz"), ("88", "stud7hl8")]
    razz, hilo = hands
    assert razz.players == ("p1", "p2") and razz.seats == ((1, "p1"), (2, "p2"))
    assert razz.streets[1].actions == (Action("p1", "check", 0), Action("p2", "bet", 10),
                                       Action("p1", "fold", 0))
    assert (razz.returned, razz.collected, razz.total_pot) == (
        (("4th", "p2", 10),), {"p2": 24}, 24)
    assert hilo.players == ("Eve", "Fay", "Gus") and hilo.collected == {"Gus": 7}
    assert [check_rules(h) for h in hands] == [(), ()]


def test_a_hand_without_an_id_is_named_by_its_file(tmp_path):
    text = SIDE_POT.read_text().replace("hand = 'Sunday-12'\n", "")
    path = tmp_path / "final-table-3.phh"
    path.write_text(text)
    (hh,), _ = parse_file(path)
    assert hh.hand_id == "final-table-3"
    (hh,), _ = parse_text(text)
    assert hh.hand_id == "1"


def test_the_format_is_recognised_with_any_spacing():
    for first in ("variant = 'F7S'", 'variant="FR"', "# a comment\n[1]\nvariant = 'F7S/8'"):
        assert identify(first).room == "PHH"


def test_a_community_card_after_a_shortage():
    """Eight players on 7th street: 'd db X' turns the community card, nobody's own."""
    third = ["2c3cAh", "2d3d4c", "2h3h5c", "2s3s6c", "4d4h7c", "4s5d8c", "5h5s9c", "6d6hTc"]
    later = [["Ad", "7d", "7h", "7s", "8d", "8h", "8s", "9d"],
             ["As", "9h", "9s", "Td", "Th", "Ts", "Jc", "Jd"],
             ["Kc", "Jh", "Js", "Qc", "Qd", "Qh", "Qs", "Kd"]]
    dealt = {c[i:i + 2] for c in third for i in (0, 2, 4)} | {c for s in later for c in s}
    community = next(r + s for r in "23456789TJQKA" for s in "cdhs" if r + s not in dealt)
    players = [f"p{i + 1}" for i in range(8)]
    actions = [f"d dh {p} {c}" for p, c in zip(players, third, strict=True)]
    actions += ["p2 pb"] + [f"{p} cc" for p in players[2:] + players[:1]]
    for cards in later:  # p1's aces act first on every later street; everyone checks
        actions += [f"d dh {p} {c}" for p, c in zip(players, cards, strict=True)]
        actions += [f"{p} cc" for p in players]
    actions += [f"d db {community}"] + [f"{p} cc" for p in players]
    text = ("variant = 'F7S'\nantes = [1, 1, 1, 1, 1, 1, 1, 1]\nbring_in = 1\n"
            "small_bet = 2\nbig_bet = 4\nstarting_stacks = [100, 100, 100, 100, 100, 100, "
            f"100, 100]\nactions = {json.dumps(actions)}\n")
    (hh,), problems = parse_text(text)
    assert problems == []
    assert hh.community == parse_card(community) and len(hh.streets) == 5
    assert hh.streets[4].dealt == {} and all(len(c) == 6 for c in hh.shown.values())
    assert check_rules(hh) == ()


# ---------------------------------------------------------------- the real samples

@needs_samples
def test_every_sample_reads_and_follows_the_rules():
    files = samples("phh", "*.phh")
    assert len(files) == 12
    games = set()
    for path in files:
        # The rules check agrees with the WSOP broadcast on every bring-in and every
        # first to act. Who holds '??????' has no board; PHH gives no rake.
        (hh,) = check_sample(path, "PHH", boards_known=False, pot_given=False)
        assert (hh.room, hh.hand_id, hh.hero) == ("PHH", path.stem, None), path.name
        games.add(hh.game)
    assert games == {"stud7", "stud7hl8", "razz"}


@needs_samples
@pytest.mark.parametrize("path", samples("phh", "*.phh"), ids=lambda p: p.stem)
def test_sample_chips_agree_with_pokerkit(path):
    """Antes, bring-ins, completes, raises to, calls, all-ins and the bets returned: every
    player's result equals pokerkit's. Who won a showdown PHH does not write: there the
    pots pokerkit pushed stand in for it."""
    (hh,), _ = parse_file(path)
    state = pokerkit_state(path)
    won = pushed(state)
    live = [n for n in hh.players if hh.folded_on(n) is None]
    for i, name in enumerate(hh.players):
        collected = hh.collected.get(name, 0) if len(live) == 1 else won[i]
        net = collected + hh.uncalled.get(name, 0) - hh.put_in(name)
        assert net == state.payoffs[i], name
    if len(live) == 1:
        assert hh.collected == {live[0]: hh.total_pot}
    assert hh.total_pot == hh.put_in() - sum(hh.uncalled.values())


@needs_samples
def test_sample_details():
    (hh,), _ = parse_file(PHH_SAMPLES / "wsop-2023-43-5-85_03_50_24.phh")
    # p1 is all in calling on 6th street; p2's raise above it comes back.
    assert hh.streets[3].actions[-1] == Action("p1", "call", 150000, all_in=True)
    assert hh.returned == (("6th", "p2", 450000),)
    assert hh.shown["p1"] == C("8c 2h 4c Ad Qd Jd Kh")  # shown, then the river dealt
    (hh,), _ = parse_file(PHH_SAMPLES / "wsop-2023-43-5-51_02_18_42.phh")
    # p1's cards were not on the broadcast ('??????'): no up card, nothing shown.
    assert "p1" not in hh.up_cards and "p1" not in hh.shown
    assert hh.streets[0].dealt["p1"] == ()


@needs_samples
def test_showdown_equity_is_the_pot_the_showdown_gives():
    """The issue's proof: in the hands where every card is known, the revealed equity as
    7th street begins is each player's share of the pot at the showdown (as pokerkit
    settles it; odd chips ignored)."""
    checked = 0
    for path in samples("phh", "*.phh"):
        (hh,), _ = parse_file(path)
        if len(hh.streets) < 5:
            continue
        live = hh.live_players(4)
        if not all(len(hh.shown.get(n, ())) == 7 for n in live):
            continue
        state = pokerkit_state(path)
        won = pushed(state)
        replay = replay_hand(hh, trials=500)
        river = replay.streets[-1]
        assert river.street == "7th"
        for player in river.players:
            share = won[hh.players.index(player.name)] / sum(won)
            assert player.equity_revealed == pytest.approx(share, abs=1e-6), (path.name,
                                                                              player.name)
        checked += 1
    assert checked == 6


# ---------------------------------------------------------------- replay through the CLI

def test_cli_replay_json(capsys):
    (hand,) = check_replay_json(SIDE_POT, "PHH", ["Sunday-12"], capsys, trials=2000)
    assert (hand["room"], hand["hand_id"], hand["game"], hand["hero"]) == (
        "PHH", "Sunday-12", "stud7", None)
    assert [s["street"] for s in hand["streets"]] == ["3rd", "4th", "5th", "6th", "7th"]
    assert [s["pot"] for s in hand["streets"]] == [20, 260, 500, 735, 895]
    river = {p["name"]: p for p in hand["streets"][-1]["players"]}
    assert river["Bo"]["revealed"] == "(7d 7c) 3c 3d 9d Ts (7s)"
    assert river["Bo"]["hero_view"] == "(x x) 3c 3d 9d Ts (x)"
    # The main pot (Bo in it) and the side pot between Ann and Cy.
    pots = hand["streets"][-1]["pots"]
    assert [(p["amount"], p["eligible"]) for p in pots] == [
        (725, ["Ann Lee", "Bo", "Cy Young"]), (170, ["Ann Lee", "Cy Young"])]
    assert [p["equity_revealed"] for p in pots[0]["players"]] == [0, 1, 0]
    assert [p["equity_revealed"] for p in pots[1]["players"]] == [1, 0]


@needs_samples
def test_a_street_with_an_unknown_up_card_is_left_out(capsys):
    path = PHH_SAMPLES / "wsop-2023-43-5-51_02_18_42.phh"
    assert main(["replay", str(path), "--trials", "500", "--format", "json"]) == 0
    out, _ = capsys.readouterr()
    (hand,) = json.loads(out)
    assert [s["street"] for s in hand["streets"]] == ["4th", "5th", "6th", "7th"]
    note = "3rd street is not replayed: the file does not show every up card of p1"
    assert hand["notes"] == [note] and hand["warnings"] == []
    # p1's three unseen cards are dead, unseen, on every street after.
    assert hand["streets"][0]["dead"].split().count("x") == 3 + 2 + 2
    assert main(["replay", str(path), "--trials", "500"]) == 0
    out, _ = capsys.readouterr()
    assert out.splitlines()[1] == note


# ---------------------------------------------------------------- robustness

FIXTURE_TEXTS = [SIDE_POT.read_text(), SEVERAL.read_text(), UNKNOWN.read_text()]
ONE_HAND_TEXTS = [SIDE_POT.read_text(), UNKNOWN.read_text()]


def test_fuzz_line_mutations_never_raise():
    fuzz_mutations(parse_text, FIXTURE_TEXTS, examples=300)


def _mutate(items: list[str], rng: random.Random, n: int) -> list[str]:
    items = list(items)
    for _ in range(n):
        if not items:
            break
        i = rng.randrange(len(items))
        op = rng.randrange(8)
        if op == 7:  # a card the broadcast did not show
            cards = list(re.finditer(r"[2-9TJQKA][cdhs]", items[i]))
            if cards:
                at = rng.choice(cards).start()
                items[i] = items[i][:at] + "??" + items[i][at + 2:]
        elif op == 5:  # another player: one not at the table, or p0
            items[i] = re.sub(r"\bp\d+", rng.choice(["p0", "p5", "p9", "p12", "p2"]), items[i])
        elif op == 6:  # another amount: none, negative, huge, not a number
            items[i] = re.sub(r"\d+$", rng.choice(["0", "-5", "1e400", "nan", "40.5", "x"]),
                              items[i])
        elif op == 0:
            del items[i]
        elif op == 1:
            items.insert(rng.randrange(len(items) + 1), items[i])
        elif op == 2:
            j = rng.randrange(len(items))
            items[i], items[j] = items[j], items[i]
        elif op == 3:
            items[i] = items[i][: rng.randrange(len(items[i]) + 1)]
        else:
            k = rng.randrange(len(items[i]) + 1)
            items[i] = items[i][:k] + rng.choice("?x0 -#'\"pc[]=9Ts") + items[i][k + 1:]
    return items


@fuzz_settings(300)
@given(st.randoms(use_true_random=False), st.integers(1, 5))
def test_fuzz_action_mutations_never_raise(rng, n):
    """Most line mutations break the TOML; these keep it and garble the hand instead."""
    assert_never_raises(parse_text, _with_actions(rng.choice(ONE_HAND_TEXTS),
                                      lambda actions: _mutate(actions, rng, n)))


def _with_actions(text: str, change) -> str:
    """The PHH or PHHS text again, each hand's actions changed (TOML written anew)."""
    import tomllib

    def table(fields: dict) -> str:
        fields = {**fields, "actions": change(fields["actions"])}
        return "".join(f"{k} = {json.dumps(v)}\n" for k, v in fields.items())

    doc = tomllib.loads(text)
    if "actions" in doc:
        return table(doc)
    return "".join(f"[{key}]\n{table(fields)}\n" for key, fields in doc.items())


_CARD_ACTION = re.compile(r"(d dh p\d+|p\d+ sm) ((?:[2-9TJQKA?][cdhs?])+)")


def _hide(actions: list[str], rng: random.Random, n: int) -> list[str]:
    """Cards hidden as a broadcast hides them: written ??, known in part (?h, A?), or a
    show cut short (the cards after it not shown)."""
    actions = list(actions)
    for _ in range(n):
        places = [i for i, a in enumerate(actions) if _CARD_ACTION.fullmatch(a)]
        if not places:
            break
        i = rng.choice(places)
        head, cards = _CARD_ACTION.fullmatch(actions[i]).groups()
        k = 2 * rng.randrange(len(cards) // 2)
        op = rng.randrange(3 if head.endswith("sm") else 2)
        if op == 0:
            cards = cards[:k] + "??" + cards[k + 2:]
        elif op == 1:
            part = rng.choice(["?" + cards[k + 1], cards[k] + "?"])
            cards = cards[:k] + part + cards[k + 2:]
        else:
            cards = cards[:k]
        actions[i] = f"{head} {cards}" if cards else head
    return actions


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(FIXTURE_TEXTS) - 1), st.randoms(use_true_random=False),
       st.integers(1, 6))
def test_fuzz_hidden_cards_keep_every_hand(index, rng, n):
    """A card the file does not know never costs a hand: the same hands, players, actions
    and chips; only fewer cards known (up cards a prefix of those dealt, shown cards among
    the cards shown)."""
    text = FIXTURE_TEXTS[index]
    whole, _ = parse_text(text)
    hands, problems = parse_text(_with_actions(text, lambda actions: _hide(actions, rng, n)))
    assert problems == [] and len(hands) == len(whole)
    for hh, was in zip(hands, whole, strict=True):
        assert hh.cut is None
        assert (hh.hand_id, hh.players, hh.total_pot, hh.collected, hh.returned) == (
            was.hand_id, was.players, was.total_pot, was.collected, was.returned)
        assert [s.actions for s in hh.streets] == [s.actions for s in was.streets]
        assert all(was.up_cards[name][:len(up)] == up for name, up in hh.up_cards.items())
        assert all(set(cards) <= set(was.shown[name]) for name, cards in hh.shown.items())


def test_fuzz_random_text_never_raises():
    fuzz_random_text(parse_text, alphabet="variant= 'F7S'[]\nactions,\"d dh p1 Ac??pbcc"
                                          "cbr 40f sm#antes=[5]0.12")


def test_a_bad_card_keeps_the_streets_before_it():
    text = SIDE_POT.read_text()
    hh = check_bad_card(parse_text, text, "'d dh p2 9d'", "'d dh p2 9x'", ["3rd", "4th"],
                        shown_as_dealt=True)
    assert hh.cut.message == ("impossible card '9x' in '9x': only the streets before it are "
                              "kept (3rd, 4th street)")
    assert hh.cut.line == text.splitlines().index(
        "  'd dh p1 5h', 'd dh p2 9d', 'd dh p3 Qd',") + 1
    # A bad card in the first deal of a street: the street before it was read to its end.
    (hh,), _ = parse_text(text.replace("'d dh p1 5h'", "'d dh p1 5H'"))
    assert [s.name for s in hh.streets] == ["3rd", "4th"]
    # On 3rd street there is nothing to keep: a problem.
    hands, problems = parse_text(text.replace("'d dh p1 AhKh9h'", "'d dh p1 AhKh9'"))
    assert hands == [] and "impossible card '9'" in problems[0].message
    # In the showdown: every street is kept, the show is left out.
    (hh,), _ = parse_text(text.replace("'p1 sm AhKh9h2h5h4h8s'", "'p1 sm AhKh9h2h5h4h8z'"))
    assert len(hh.streets) == 5 and hh.cut.message.endswith(
        "the showdown from this action on is left out")


@pytest.mark.parametrize(("old", "new", "message"), [
    ("'d dh p3 Qc'", "'d dh p3 9h'", "9h is dealt to both Ann Lee and Cy Young"),
    ("'p2 pb', ", "'p9 pb', ", "'p9' is not a player of this hand (p1 to p4)"),
    ("'p3 cbr 40', 'p4 f'", "'p3 cbr 5', 'p4 f'", "must raise to more than the bet (10)"),
    ("'d dh p1 2h', ", "", "Ann Lee holds 3 cards on 4th street, not 4"),
    ("starting_stacks = [1000, 240, 1500, 800]", "starting_stacks = [1000, 240]",
     "antes must list one ante for each of the 2 players"),
    ("'p1 sm AhKh9h2h5h4h8s'", "'p1 sm AhKh9h2h5h4h9s'", "Ann Lee shows 9s where 8s"),
])
def test_an_inconsistent_hand_is_a_problem(old, new, message):
    text = SIDE_POT.read_text()
    assert old in text
    hands, problems = parse_text(text.replace(old, new))
    assert hands == [] and len(problems) == 1 and message in problems[0].message


def test_not_toml_is_one_problem():
    hands, problems = parse_text("variant = 'F7S\nantes = [")
    assert hands == [] and len(problems) == 1
    assert problems[0].message.startswith("not a readable PHH file (TOML)")


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_encodings_read_the_same(encoding, tmp_path):
    text = SIDE_POT.read_text().replace("'Dee'", "'Zoë'")
    path = tmp_path / "hand.phh"
    path.write_text(text, encoding="utf-8")
    assert parse_file(path) == parse_text(text)
    check_encodings(path, tmp_path, names=("Zoë",), encodings=(encoding,))


def test_tournament_pots_in_millions_print_in_full(tmp_path, capsys):
    """WSOP chips run to millions: the replay table prints 2400000, never 2.4e+06."""
    path = tmp_path / "big.phh"
    path.write_text(
        "variant = 'FR'\nantes = [200000, 200000]\nbring_in = 300000\nsmall_bet = 1000000\n"
        "big_bet = 2000000\nstarting_stacks = [30000000, 25000000]\n"
        "actions = ['d dh p1 Ac4d9s', 'd dh p2 2h5cKc', 'p2 pb', 'p1 cbr 1000000', 'p2 cc',"
        " 'd dh p1 Td', 'd dh p2 3s', 'p1 cc', 'p2 cbr 1000000', 'p1 f']\n")
    assert main(["replay", str(path), "--trials", "500"]) == 0
    out, _ = capsys.readouterr()
    assert "2400000" in out and "e+0" not in out


def test_a_problem_names_the_line_of_the_action():
    """Actions repeat ('p3 cc' on four streets): the line is the one the bad action is on."""
    text = SIDE_POT.read_text()
    bad = text.replace("'p3 f',\n", "'p3 f', 'p3 cc',\n")
    assert bad != text
    hands, problems = parse_text(bad)
    assert hands == [] and problems[0].message == "Cy Young acts after folding"
    assert problems[0].line == bad.splitlines().index(
        "  'p3 cc', 'p1 cbr 80 # Ann bets her flush', 'p3 f', 'p3 cc',") + 1
