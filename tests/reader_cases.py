"""What every reader of a room is checked for (tests/test_reader_<room>.py): each room's
fixture tells the same invented hands in its own format, so one set of facts checks them
all; the room's tests add what is its own."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from studodds.cards import parse_cards
from studodds.cli import main
from studodds.histories import Action, parse_file
from studodds.histories.replay import check_rules

DATA = Path(__file__).parent / "data" / "handhistories"
SAMPLES = Path(__file__).resolve().parents[2] / "shared" / "handhistories"
needs_samples = pytest.mark.skipif(not SAMPLES.is_dir(), reason=f"{SAMPLES} is absent")


def C(text: str) -> tuple[int, ...]:
    return parse_cards(text)


def balance(hand) -> float:
    """Chips put in less the uncalled bets returned: the pot."""
    return round(hand.put_in() - sum(hand.uncalled.values()), 10)


def check_side_pot_hand(hand, room: str, hand_id: str, *, pot_given: bool = True) -> None:
    """The fixture's first hand: seven-card stud $1/$2, ante $0.10, bring-in $0.25; Alice
    (the hero) raises the complete, Carla is all in on 4th street, Dmitri's river bet goes
    uncalled when Alice folds; Carla's trips win the main pot, Dmitri's two pair the side
    pot."""
    assert (hand.room, hand.hand_id, hand.game) == (room, hand_id, "stud7")
    assert (hand.small_bet, hand.big_bet, hand.ante, hand.bring_in) == (1.0, 2.0, 0.1, 0.25)
    assert hand.seats == ((1, "Alice"), (3, "Bruno"), (4, "Carla"), (6, "Dmitri"))
    assert hand.stacks == {"Alice": 1250.0, "Bruno": 40.0, "Carla": 3.1, "Dmitri": 75.0}
    assert hand.hero == "Alice"
    assert hand.hero_cards == C("As Kd Qh 7c Kc 5h 3h")
    assert hand.up_cards == {"Alice": C("Qh 7c Kc 5h"), "Bruno": C("2c"),
                             "Carla": C("9s 9h 3d 8c"), "Dmitri": C("Jd 4s Jh 2d")}
    assert hand.door_cards()[1] == ("Bruno", C("2c")[0])
    assert [s.name for s in hand.streets] == ["3rd", "4th", "5th", "6th", "7th"]
    third, fourth, fifth, sixth, seventh = hand.streets
    assert third.dealt == {"Alice": C("As Kd Qh"), "Bruno": C("2c"), "Carla": C("9s"),
                           "Dmitri": C("Jd")}
    assert seventh.dealt == {"Alice": C("3h")}  # the others' rivers are face down
    assert third.actions == (
        Action("Alice", "ante", 0.1), Action("Bruno", "ante", 0.1),
        Action("Carla", "ante", 0.1), Action("Dmitri", "ante", 0.1),
        Action("Bruno", "bring-in", 0.25), Action("Carla", "call", 0.25),
        Action("Dmitri", "complete", 1.0, 1.0), Action("Alice", "raise", 2.0, 2.0),
        Action("Bruno", "fold", 0.0), Action("Carla", "call", 1.75),
        Action("Dmitri", "call", 1.0),
    )
    assert fourth.actions == (
        Action("Carla", "bet", 1.0, all_in=True), Action("Dmitri", "call", 1.0),
        Action("Alice", "raise", 2.0, 2.0), Action("Dmitri", "call", 1.0),
    )
    assert fifth.actions == (Action("Dmitri", "bet", 2.0), Action("Alice", "call", 2.0))
    assert sixth.actions == (Action("Dmitri", "check", 0.0), Action("Alice", "check", 0.0))
    assert seventh.actions == (Action("Dmitri", "bet", 2.0), Action("Alice", "fold", 0.0))
    assert hand.folded_on("Bruno") == "3rd" and hand.folded_on("Alice") == "7th"
    assert hand.uncalled == {"Dmitri": 2.0}
    assert hand.returned == (("7th", "Dmitri", 2.0),)
    assert hand.shown == {"Carla": C("9d 6c 9s 9h 3d 8c Tc"),
                          "Dmitri": C("Ad Ac Jd 4s Jh 2d 4d")}
    assert hand.collected == {"Carla": 9.15, "Dmitri": 6.0}
    assert balance(hand) == pytest.approx(15.65)
    if pot_given:
        assert (hand.total_pot, hand.rake) == (pytest.approx(15.65), pytest.approx(0.5))
        assert sum(hand.collected.values()) + hand.rake == pytest.approx(hand.total_pot)
    assert hand.cut is None and hand.warnings == ()
    assert check_rules(hand) == ()


def check_razz_hand(hand, room: str, hand_id: str) -> None:
    """The fixture's last hand: razz, Bruno's queen brings it in, Alice completes and
    nobody calls: 0.75 of her complete goes back."""
    assert (hand.room, hand.hand_id, hand.game) == (room, hand_id, "razz")
    assert hand.players == ("Alice", "Bruno", "Dmitri")
    assert hand.hero == "Alice" and hand.hero_cards == C("2h 3s 5d")
    assert hand.up_cards == {"Alice": C("5d"), "Bruno": C("Qs"), "Dmitri": C("7h")}
    (third,) = hand.streets
    assert [(a.player, a.kind, a.amount, a.to) for a in third.actions if a.kind != "ante"] == [
        ("Bruno", "bring-in", 0.25, None), ("Dmitri", "fold", 0.0, None),
        ("Alice", "complete", 1.0, 1.0), ("Bruno", "fold", 0.0, None)]
    assert hand.uncalled == {"Alice": 0.75} and hand.collected == {"Alice": 0.8}
    assert balance(hand) == pytest.approx(0.8)
    assert hand.shown == {} and check_rules(hand) == ()


def check_encodings(path: Path, tmp_path: Path) -> None:
    """The same text as UTF-16, Windows-1252 (Latin-1), UTF-8 with a BOM and with CRLF
    line ends reads the same hands through files.parse_file."""
    text = path.read_text(encoding="utf-8")
    want, problems = parse_file(path)
    assert want and problems == []
    variants = {
        "utf16": text.encode("utf-16"),
        "latin1": text.encode("cp1252"),
        "bom": b"\xef\xbb\xbf" + text.encode("utf-8"),
        "crlf": text.replace("\n", "\r\n").encode("utf-8"),
        "utf16crlf": text.replace("\n", "\r\n").encode("utf-16"),
    }
    for name, data in variants.items():
        target = tmp_path / f"{name}.txt"
        target.write_bytes(data)
        got, problems = parse_file(target)
        assert (got, problems) == (want, []), name


def check_cli_replay(path: Path, room: str, hand_ids: list[str], capsys) -> list[dict]:
    """``studodds replay FILE --format json`` replays every stud hand, naming the room."""
    assert main(["replay", str(path), "--format", "json", "--trials", "300"]) == 0
    out, err = capsys.readouterr()
    replays = json.loads(out)
    assert [r["hand_id"] for r in replays] == hand_ids
    assert {r["room"] for r in replays} == {room}
    assert all(r["rule_problems"] == [] for r in replays)
    assert err == ""
    return replays


def mutate(lines: list[str], rng: random.Random, n: int) -> list[str]:
    """``n`` random changes: drop, duplicate or swap lines, corrupt characters, truncate."""
    lines = list(lines)
    for _ in range(n):
        if not lines:
            break
        i = rng.randrange(len(lines))
        op = rng.randrange(6)
        if op == 0:
            del lines[i]
        elif op == 1:
            lines.insert(i, lines[i])
        elif op == 2:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == 3 and lines[i]:
            k = rng.randrange(len(lines[i]))
            lines[i] = lines[i][:k] + rng.choice("x[]()$,.#:*- 0\x00é") + lines[i][k + 1:]
        elif op == 4:
            lines = lines[:i]
        else:
            rng.shuffle(lines)
    return lines


def check_never_raises(parse_text, text: str) -> None:
    """parse_text returns two lists and no hand built on an internal error."""
    hands, problems = parse_text(text)
    assert isinstance(hands, list) and isinstance(problems, list)
    assert not [p for p in problems if p.message.startswith("internal error")], problems


def check_bad_card(parse_text, text: str, old: str, new: str, street_names: list[str]):
    """A card the file garbles keeps the streets read before it, with ``cut`` saying
    where; the end of the hand (shown, collected, pot) is then unknown."""
    assert old in text
    whole = parse_text(text)[0][0]
    hands, problems = parse_text(text.replace(old, new, 1))
    assert problems == []
    cut = hands[0]
    assert cut.hand_id == whole.hand_id and cut.cut is not None
    assert "impossible card" in cut.cut.message
    assert [s.name for s in cut.streets] == street_names
    assert cut.streets == whole.streets[: len(street_names)]
    assert (cut.shown, cut.collected, cut.total_pot) == ({}, {}, None)
    k = len(street_names)
    assert cut.hero_cards == whole.hero_cards[: 2 + k]
    return cut


def check_samples(folder: str, room: str) -> list:
    """Every real file of the room reads with hands, no problem and no unknown line, the
    chips balance, and the rules check agrees on bring-in and first to act."""
    files = sorted(p for p in (SAMPLES / folder).iterdir() if p.is_file())
    assert files
    every = []
    for path in files:
        hands, problems = parse_file(path)
        assert hands and problems == [], path.name
        for hand in hands:
            where = (path.name, hand.hand_id)
            assert hand.room == room and hand.warnings == () and hand.cut is None, where
            assert sum(hand.collected.values()) <= balance(hand) + 1e-9, where
            if hand.total_pot is not None:
                assert balance(hand) == pytest.approx(hand.total_pot), where
                assert sum(hand.collected.values()) + (hand.rake or 0) == pytest.approx(
                    hand.total_pot), where
            assert check_rules(hand) == (), where
        every += hands
    return every


def check_every_line_dropped_and_doubled(parse_text, text: str) -> None:
    """Each line of the text left out, then written twice: never an exception."""
    lines = text.splitlines()
    for i in range(len(lines)):
        check_never_raises(parse_text, "\n".join(lines[:i] + lines[i + 1:]))
        check_never_raises(parse_text, "\n".join(lines[: i + 1] + lines[i:]))
