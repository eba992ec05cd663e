"""Checks every room reader's tests share (tests/test_reader_<room>.py): where the real
samples are, the invariants a parsed hand keeps, mutation of a fixture, and the same
text in other encodings."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from studodds.cards import parse_card
from studodds.cli import main
from studodds.histories import HandHistory, ParseProblem, parse_file
from studodds.histories.replay import check_rules

DATA = Path(__file__).resolve().parent / "data" / "handhistories"
SAMPLES = Path(__file__).resolve().parents[2] / "shared" / "handhistories"


def needs(room_folder: str):
    """Skip unless ../shared/handhistories/<room_folder> is here."""
    folder = SAMPLES / room_folder
    return pytest.mark.skipif(not folder.is_dir(), reason=f"{folder} is absent")


def samples(room_folder: str) -> list[Path]:
    folder = SAMPLES / room_folder
    return sorted(p for p in folder.iterdir() if p.is_file()) if folder.is_dir() else []


def C(text: str) -> tuple[int, ...]:
    """Card ids of space-separated cards."""
    return tuple(parse_card(t) for t in text.split())


def acts(street) -> list[tuple]:
    """(player, kind, amount, to, all_in) of a street's actions."""
    return [(a.player, a.kind, pytest.approx(a.amount), None if a.to is None
             else pytest.approx(a.to), a.all_in) for a in street.actions]


def assert_consistent(h: HandHistory, room: str) -> None:
    """What every well-read hand keeps: its room, a card belongs to one player, up cards
    one a street for everyone still in, the chips balance."""
    where = h.hand_id
    assert h.room == room, where
    assert h.cut is None, where
    owner: dict[int, str] = {}
    sources = [(h.hero, h.hero_cards)] + list(h.up_cards.items()) + list(h.shown.items())
    for player, cards in sources:
        assert len(set(cards)) == len(cards), where
        for card in cards:
            assert owner.setdefault(card, player) == player, where
    n_up = 4
    for i in range(len(h.streets)):
        for player in h.live_players(i):
            assert len(h.up_cards[player]) >= min(i + 1, n_up), where
    if h.hero is not None:
        five = h.streets[0].name == "2nd"
        assert h.up_cards[h.hero] == (h.hero_cards[1:5] if five else h.hero_cards[2:6]), where
    put_in = h.put_in() - sum(h.uncalled.values())
    assert put_in == pytest.approx(h.total_pot, abs=1e-9), where
    assert sum(h.collected.values()) + h.rake == pytest.approx(h.total_pot), where
    assert h.rake >= -1e-9, where
    assert {p for _, p in h.seats} == set(h.stacks), where
    assert all(a.amount >= 0 for s in h.streets for a in s.actions), where


def assert_rules_agree(hands: list[HandHistory]) -> None:
    for h in hands:
        assert check_rules(h) == (), h.hand_id


def mutate(lines: list[str], rng: random.Random, n: int) -> list[str]:
    """Drop, duplicate, swap, truncate or corrupt ``n`` times."""
    lines = list(lines)
    for _ in range(n):
        if not lines:
            break
        i = rng.randrange(len(lines))
        op = rng.randrange(5)
        if op == 0:
            del lines[i]
        elif op == 1:
            lines.insert(rng.randrange(len(lines) + 1), lines[i])
        elif op == 2:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == 3:
            lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
        elif lines[i]:
            k = rng.randrange(len(lines[i]))
            lines[i] = lines[i][:k] + rng.choice("<>\"/=&X9$,. #") + lines[i][k + 1:]
    return lines


def assert_never_raises(parse_text, text: str) -> None:
    hands, problems = parse_text(text)
    assert isinstance(hands, list) and isinstance(problems, list)
    assert all(isinstance(h, HandHistory) for h in hands)
    assert all(isinstance(p, ParseProblem) for p in problems)
    assert not [p for p in problems if p.message.startswith("internal error")], problems
    for h in hands:
        assert all(a.amount >= 0 for s in h.streets for a in s.actions)


def assert_encodings_read_the_same(path: Path, tmp_path: Path) -> None:
    """UTF-16, UTF-8 with a BOM, Latin-1 and Windows-1252, CRLF: the same hands."""
    text = path.read_text(encoding="utf-8")
    expected, problems = parse_file(path)
    assert expected and problems == []
    if not text.isascii():  # a name with an accent is read whole
        names = {p for h in expected for p in h.players}
        assert any(not name.isascii() and name in text for name in names), names
    for encoding in ("utf-16", "utf-8-sig", "latin-1", "cp1252"):
        for newline in ("\n", "\r\n"):
            copy = tmp_path / f"copy-{encoding}-{len(newline)}{path.suffix}"
            copy.write_bytes(text.replace("\n", newline).encode(encoding))
            assert parse_file(copy) == (expected, []), (encoding, newline)


def replay_json(path: Path, capsys) -> list[dict]:
    """The replay of a file through the command line, as JSON."""
    assert main(["replay", str(path), "--trials", "2000", "--format", "json"]) == 0
    out, _ = capsys.readouterr()
    return json.loads(out)
