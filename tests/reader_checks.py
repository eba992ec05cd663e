"""Checks every room's reader tests share (tests/test_reader_<room>.py): the hand all four
fixtures write in their own words, the real samples, replay through the command line,
mutated text, a garbled card, and the encodings a file may come in."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studodds.cards import parse_card
from studodds.cli import main
from studodds.histories import parse_file
from studodds.histories.replay import check_rules

DATA = Path(__file__).resolve().parent / "data" / "handhistories"
SAMPLES = Path(__file__).resolve().parents[2] / "shared" / "handhistories"


def C(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


def room_samples(room_dir: str) -> list[Path]:
    folder = SAMPLES / room_dir
    return sorted(p for p in folder.iterdir() if p.is_file()) if folder.is_dir() else []


def needs(room_dir: str):
    return pytest.mark.skipif(not (SAMPLES / room_dir).is_dir(),
                              reason=f"{SAMPLES / room_dir} is absent")


def balance_ok(h) -> None:
    """Antes and bets less what was returned make the pot; the pot is what was won plus
    the rake."""
    if h.total_pot is None:
        return
    assert h.put_in() - sum(h.uncalled.values()) == pytest.approx(h.total_pot), h.hand_id
    assert sum(h.collected.values()) + (h.rake or 0) == pytest.approx(h.total_pot), h.hand_id


def check_shared_hand(h, alice: str, bob: str, hero: str) -> None:
    """The seven-card stud hand every fixture writes first: Bob ($9.50) brings it in,
    Hero completes, Alice (a pair of kings showing) leads 4th and 5th, Bob calls all in
    for $3 on 5th, Hero raises, Alice folds to Hero's uncalled $4 on 6th; Bob's straight
    wins the main pot ($27.50 after a $1 rake) from Hero's aces, who takes the $10 side
    pot."""
    A, B, H = alice, bob, hero
    assert h.game == "stud7"
    assert (h.small_bet, h.big_bet, h.ante, h.bring_in) == (2.0, 4.0, 0.5, 1.0)
    assert h.seats == ((1, A), (3, B), (5, H))
    assert h.stacks == {A: 120.0, B: 9.5, H: 1200.0}
    assert h.hero == H
    assert h.hero_cards == C("Ah As 9h 2d Jc Qs 4c")
    assert h.up_cards == {A: C("Kd Kh 5c 6h"), B: C("3c 7s 8d Tc"), H: C("9h 2d Jc Qs")}
    assert h.shown[B] == C("4h 5d 3c 7s 8d Tc 6d")
    assert [s.name for s in h.streets] == ["3rd", "4th", "5th", "6th", "7th"]
    assert [(a.player, a.kind, a.amount, a.to, a.all_in) for s in h.streets
            for a in s.actions] == [
        (A, "ante", 0.5, None, False), (B, "ante", 0.5, None, False),
        (H, "ante", 0.5, None, False),
        (B, "bring-in", 1.0, None, False), (H, "complete", 2.0, 2.0, False),
        (A, "call", 2.0, None, False), (B, "call", 1.0, None, False),
        (A, "bet", 2.0, None, False), (B, "call", 2.0, None, False),
        (H, "raise", 4.0, 4.0, False), (A, "call", 2.0, None, False),
        (B, "call", 2.0, None, False),
        (A, "bet", 4.0, None, False), (B, "call", 3.0, None, True),
        (H, "raise", 8.0, 8.0, False), (A, "call", 4.0, None, False),
        (A, "check", 0.0, None, False), (H, "bet", 4.0, None, False),
        (A, "fold", 0.0, None, False),
    ]
    assert h.streets[4].actions == ()  # Bob all in, Alice folded: nobody bets on 7th
    assert h.folded_on(A) == "6th" and h.live_players(4) == (B, H)
    assert h.uncalled == {H: 4.0} and h.returned == (("6th", H, 4.0),)
    assert h.collected == {B: 27.5, H: 10.0}
    assert (h.total_pot, h.rake) == (38.5, 1.0)
    balance_ok(h)
    assert check_rules(h) == ()
    assert h.cut is None and h.warnings == ()


def check_samples(room: str, room_dir: str) -> list:
    """Every real file of the room: hands, no problem, no warning, chips that balance,
    and the rules check agreeing on the bring-in and first to act. The hands, for the
    room's own asserts."""
    files = room_samples(room_dir)
    assert files
    out = []
    for path in files:
        hands, problems = parse_file(path)
        assert problems == [], path.name
        for h in hands:
            where = (path.name, h.hand_id)
            assert h.room == room, where
            assert h.warnings == (), where
            assert h.hero is None or h.hero in h.players, where
            for name in h.players:
                assert name in h.up_cards, where
            balance_ok(h)
            assert check_rules(h) == (), where
        out.append((path, hands))
    return out


def check_replay_json(path: Path, room: str, capsys) -> list[dict]:
    assert main(["replay", str(path), "--trials", "500", "--format", "json"]) == 0
    out, _ = capsys.readouterr()
    replays = json.loads(out)
    assert replays and all(r["room"] == room for r in replays)
    assert all(r["rule_problems"] == [] for r in replays)
    return replays


def mutations():
    return st.tuples(st.integers(0, 2**32 - 1), st.integers(1, 8))


def mutate(text: str, seed: int, count: int) -> str:
    """Drop, duplicate, swap lines; corrupt characters; truncate."""
    rng = random.Random(seed)
    lines = text.splitlines()
    for _ in range(count):
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
            lines[i] = lines[i][:k] + rng.choice("X[]()$#:,.0 9aZ\u20ac\x00") + lines[i][k + 1:]
        elif op == 4:
            lines = lines[: i + 1]
            lines[-1] = lines[-1][: rng.randrange(len(lines[-1]) + 1)]
        else:
            rng.shuffle(lines)
    return "\n".join(lines)


def fuzz_test(parse_text, fixture: Path):
    """A hypothesis test: the reader never raises on the mutated fixture."""
    text = fixture.read_text(encoding="utf-8")

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(mutations())
    def run(m):
        hands, problems = parse_text(mutate(text, *m))
        assert isinstance(hands, list) and isinstance(problems, list)

    run()


def check_encodings(fixture: Path, tmp_path: Path, latin: str = "latin-1") -> None:
    """UTF-16 (with its BOM), a one-byte code page, UTF-8 with a BOM, CRLF line ends: the
    same hands."""
    text = fixture.read_text(encoding="utf-8")
    want = parse_file(fixture)
    assert want[0] and want[1] == []
    variants = {
        "utf16.txt": text.encode("utf-16"),
        "latin.txt": text.encode(latin),
        "bom.txt": b"\xef\xbb\xbf" + text.encode("utf-8"),
        "crlf.txt": text.replace("\n", "\r\n").encode("utf-8"),
        "crlf16.txt": text.replace("\n", "\r\n").encode("utf-16"),
    }
    for name, data in variants.items():
        path = tmp_path / name
        path.write_bytes(data)
        assert parse_file(path) == want, name


def check_bad_card(parse_text, text: str, old: str, new: str, kept: list[str]):
    """A card garbled to ``[of]`` keeps the streets read before it."""
    assert old in text
    hands, problems = parse_text(text.replace(old, new, 1))
    whole, _ = parse_text(text)
    hand = hands[0]
    assert problems == []
    assert [s.name for s in hand.streets] == kept
    assert hand.cut is not None and "impossible card 'of'" in hand.cut.message
    assert hand.streets == whole[0].streets[: len(kept)]
    assert (hand.collected, hand.total_pot) == ({}, None)
    return hand


__all__ = [
    "DATA",
    "SAMPLES",
    "C",
    "balance_ok",
    "check_bad_card",
    "check_encodings",
    "check_replay_json",
    "check_samples",
    "check_shared_hand",
    "fuzz_test",
    "mutate",
    "needs",
    "room_samples",
]
