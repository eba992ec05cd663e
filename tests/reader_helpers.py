"""What every hand-history reader's tests share (tests/test_reader_<room>.py,
tests/test_handhistory.py): where the fixtures and the real samples are, the facts every
well-read hand keeps, the hands several rooms' fixtures write alike, the replay through
the command line, a garbled card, the encodings a file may come in, and the fuzz: the
damage a file may take and what a reader must do with it (never raise)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studodds.cards import parse_card
from studodds.cli import main
from studodds.histories import Action, HandHistory, ParseProblem, identify_file, parse_file
from studodds.histories.history_files import _decode
from studodds.histories.replay import check_rules

DATA = Path(__file__).resolve().parent / "data" / "handhistories"
SAMPLES = Path(__file__).resolve().parents[2] / "shared" / "handhistories"


# ---------------------------------------------------------------- cards, actions, lines

def C(text: str) -> tuple[int, ...]:
    """Card ids of space-separated cards."""
    return tuple(parse_card(t) for t in text.split())


def acts(street) -> list[tuple]:
    """(player, kind, amount, to, all_in) of a street's actions, amounts approximate."""
    return [(a.player, a.kind, pytest.approx(a.amount), None if a.to is None
             else pytest.approx(a.to), a.all_in) for a in street.actions]


def line_of(text: str, old: str) -> int:
    """The line number (from 1) on which ``old`` starts in ``text``."""
    return text[: text.index(old)].count("\n") + 1


def text_of(path: Path) -> str:
    """A file's text as parse_file decodes it (UTF-8, UTF-16 with a BOM, Windows-1252):
    the damage must fall on what the reader is given, whatever the file's encoding."""
    return _decode(path.read_bytes())


# ---------------------------------------------------------------- the variant fixtures

VARIANTS = DATA / "variants"


def variant_text(name: str) -> str:
    return (VARIANTS / name).read_text(encoding="utf-8")


def read_variant(name: str, count: int | None = None, *, room: str, balanced: bool = False,
                 rake_given: bool = True, consistent: bool = False, rules: bool = False,
                 check=None) -> list[HandHistory]:
    """Every hand of a fixture of data/handhistories/variants, read whole: the file
    recognised as ``room``, no problem, no warning, ``count`` hands when given.
    ``balanced``: each hand of the room, not cut, its chips adding up (put in less returns
    is the pot; collected plus the rake, which ``rake_given`` says the file writes, is the
    pot). ``consistent``: assert_consistent on each hand; ``rules``: the table rules hold;
    ``check(hand)``: the room's own check of each hand."""
    path = VARIANTS / name
    assert identify_file(path).room == room, name
    hands, problems = parse_file(path)
    assert problems == [], problems
    assert hands, f"{name}: no hand read"
    if count is not None:
        assert len(hands) == count, (name, len(hands))
    for h in hands:
        assert h.warnings == (), (h.hand_id, h.warnings)
        if balanced:
            assert h.room == room and h.cut is None, (h.hand_id, h.cut)
            assert h.put_in() - sum(h.uncalled.values()) == pytest.approx(h.total_pot), \
                h.hand_id
            rake = h.rake if rake_given else (h.rake or 0.0)
            assert sum(h.collected.values()) + rake == pytest.approx(h.total_pot), h.hand_id
        if consistent:
            assert_consistent(h, room)
        if check is not None:
            check(h)
    if rules:
        assert_rules_agree(hands)
    return hands


# ---------------------------------------------------------------- the real samples

# The real samples (../shared/handhistories) may be absent as a whole; when they are here,
# a room's folder missing fails the room's tests (no sample files) instead of skipping them.
needs_samples = pytest.mark.skipif(not SAMPLES.is_dir(), reason=f"{SAMPLES} is absent")


def samples(folder: str = "", pattern: str = "*") -> list[Path]:
    """The real sample files in ../shared/handhistories/<folder>, sorted; none if absent."""
    where = SAMPLES / folder
    return sorted(p for p in where.glob(pattern) if p.is_file()) if where.is_dir() else []


def check_sample(path: Path, room: str, *, boards_known: bool = True, pot_given: bool = True,
                 summary: bool = False) -> list[HandHistory]:
    """One real file of a room: read with no problem, with hands (``summary``: a
    tournament summary, identified as one, with none), every hand with no warning,
    consistent (assert_consistent) and agreeing with the rules check on the bring-in and
    the first to act. The hands, for the room's own asserts."""
    hands, problems = parse_file(path)
    assert problems == [], path.name
    if summary:
        assert hands == [] and identify_file(path).content == "summary", path.name
    assert hands or summary, path.name
    for h in hands:
        assert h.warnings == (), (path.name, h.hand_id)
        assert_consistent(h, room, boards_known=boards_known, pot_given=pot_given)
        assert check_rules(h) == (), (path.name, h.hand_id)
    return hands


def check_samples(folder: str, room: str, *, summaries: tuple[str, ...] = (),
                  **facts) -> dict[str, list[HandHistory]]:
    """check_sample on every real file of the room (there must be some; ``summaries``:
    the names of those that are tournament summaries): file name -> its hands, in
    file-name order."""
    files = samples(folder)
    assert files, f"no sample files in {SAMPLES / folder}"
    assert set(summaries) <= {p.name for p in files}, summaries
    return {p.name: check_sample(p, room, summary=p.name in summaries, **facts) for p in files}


def every_hand(read: dict[str, list[HandHistory]]) -> list[HandHistory]:
    """The hands of check_samples' files, file after file."""
    return [h for hands in read.values() for h in hands]


# ---------------------------------------------------------------- what every hand keeps

def balance(hand: HandHistory) -> float:
    """Chips put in (antes and bets) less the uncalled bets returned: the pot."""
    return round(hand.put_in() - sum(hand.uncalled.values()), 10)


def assert_chips_balance(hand: HandHistory, *, pot_given: bool = True) -> None:
    """The chips put in less what was returned make the pot, nobody wins more than the
    pot, and (``pot_given``: the file says the pot, the rake and who won it) the pot is
    what was won plus the rake. Everleaf says none of these; PHH no rake, and not who won
    a showdown."""
    where = hand.hand_id
    assert sum(hand.collected.values()) <= balance(hand) + 1e-9, where
    if hand.total_pot is not None:
        assert balance(hand) == pytest.approx(hand.total_pot, abs=1e-9), where
    if pot_given:
        assert hand.total_pot is not None and hand.rake is not None, where
        assert sum(hand.collected.values()) + hand.rake == pytest.approx(hand.total_pot), where
    assert hand.rake is None or hand.rake >= 0, where


def assert_consistent(h: HandHistory, room: str, *, boards_known: bool = True,
                      pot_given: bool = True) -> None:
    """What every well-read hand keeps: its room, read to the end, a card belongs to one
    player, the hero's up cards are his dealt cards, the players seated are those with a
    stack, no negative amount, the chips balance (assert_chips_balance). ``boards_known``:
    the file writes everyone's up cards as dealt, so everyone still in has one up card a
    street (PartyPoker writes only the hero's; Everleaf's old layout nobody's)."""
    where = h.hand_id
    assert h.room == room, where
    assert h.cut is None, where
    owner: dict[int, str] = {}
    sources = [(h.hero, h.hero_cards)] + list(h.up_cards.items()) + list(h.shown.items())
    for player, cards in sources:
        assert len(set(cards)) == len(cards), where
        for card in cards:
            assert owner.setdefault(card, player) == player, where
    five = bool(h.streets) and h.streets[0].name == "2nd"
    if h.hero is not None:
        assert h.hero in h.players, where
        assert (2 if five else 3) <= len(h.hero_cards) <= (5 if five else 7), where
        assert h.up_cards[h.hero] == (h.hero_cards[1:5] if five else h.hero_cards[2:6]), where
    if boards_known:
        assert set(h.up_cards) == set(h.players), where
        for i in range(len(h.streets)):
            for player in h.live_players(i):
                assert len(h.up_cards[player]) >= min(i + 1, 4), where
    assert {p for _, p in h.seats} == set(h.stacks), where
    assert set(h.shown) <= set(h.stacks), where
    assert all(a.amount >= 0 for s in h.streets for a in s.actions), where
    assert_chips_balance(h, pot_given=pot_given)


# ---------------------------------------------------------------- hands fixtures share

def assert_rules_agree(hands: list[HandHistory]) -> None:
    """The table's rules (bring-in, who acts first) hold on every hand."""
    for h in hands:
        assert check_rules(h) == (), h.hand_id


def check_shared_hand(h: HandHistory, alice: str, bob: str, hero: str) -> None:
    """The seven-card stud hand the Bovada, Full Tilt, KingsClub and Winamax fixtures
    write first: Bob ($9.50) brings it in, Hero completes, Alice (a pair of kings
    showing) leads 4th and 5th, Bob calls all in for $3 on 5th, Hero raises, Alice folds
    to Hero's uncalled $4 on 6th; Bob's straight wins the main pot ($27.50 after a $1
    rake) from Hero's aces, who takes the $10 side pot."""
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
    assert_consistent(h, h.room)
    assert check_rules(h) == ()
    assert h.cut is None and h.warnings == ()


def check_side_pot_hand(hand: HandHistory, room: str, hand_id: str, *,
                        pot_given: bool = True) -> None:
    """The hand the Absolute, Everleaf, Ongame and Winning fixtures write first:
    seven-card stud $1/$2, ante $0.10, bring-in $0.25; Alice (the hero) raises the
    complete, Carla is all in on 4th street, Dmitri's river bet goes uncalled when Alice
    folds; Carla's trips win the main pot, Dmitri's two pair the side pot."""
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
    assert_consistent(hand, room, pot_given=pot_given)
    assert hand.cut is None and hand.warnings == ()
    assert check_rules(hand) == ()


def check_razz_hand(hand: HandHistory, room: str, hand_id: str) -> None:
    """The razz hand the Absolute, Everleaf, Ongame and Winning fixtures write last:
    Bruno's queen brings it in, Alice completes and nobody calls: 0.75 of her complete
    goes back."""
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


# ---------------------------------------------------------------- replay, encodings

def check_replay_json(path: Path, room: str, hand_ids: list[str], capsys, *,
                      trials: int = 300) -> list[dict]:
    """``studodds replay FILE --format json`` replays these hands of the room, in file
    order, with no rule problem, no warning and nothing on stderr. The replays."""
    assert main(["replay", str(path), "--format", "json", "--trials", str(trials)]) == 0
    out, err = capsys.readouterr()
    replays = json.loads(out)
    assert [r["hand_id"] for r in replays] == hand_ids
    assert {r["room"] for r in replays} == {room}
    assert all(r["rule_problems"] == [] for r in replays)
    assert all(r["warnings"] == [] for r in replays)
    assert err == ""
    return replays


# How a file may come: UTF-8 with and without a byte-order mark, UTF-16 in either byte
# order, and the one-byte code pages (those that can write the text). Each Unicode codec
# with the mark written before its text where the codec itself writes none: a UTF-16
# file without one is not a file the rooms write.
UNICODE = {"utf-8": b"", "utf-8-sig": b"", "utf-16": b"", "utf-16-le": b"\xff\xfe",
           "utf-16-be": b"\xfe\xff"}
CODE_PAGES = ("latin-1", "cp1252")
ENCODINGS = (*UNICODE, *CODE_PAGES)


def check_encodings(path: Path, tmp_path: Path, *, names: tuple[str, ...] = (),
                    encodings: tuple[str, ...] = ENCODINGS) -> None:
    """The file's UTF-8 text written in each encoding, with LF and with CRLF line ends,
    reads the same hands with no problem. A one-byte code page that cannot write the
    text (the euro sign is not Latin-1) is passed over, but one must. ``names``:
    players with letters outside ASCII, read whole."""
    text = path.read_text(encoding="utf-8")
    want = parse_file(path)
    assert want[0] and want[1] == []
    players = {p for h in want[0] for p in h.players}
    for name in names:
        assert not name.isascii() and name in players, (name, players)
    written = 0
    for encoding in encodings:
        for newline in ("\n", "\r\n"):
            try:
                data = UNICODE.get(encoding, b"") + text.replace("\n", newline).encode(encoding)
            except UnicodeEncodeError:
                assert encoding in CODE_PAGES, encoding
                continue
            copy = tmp_path / f"copy-{encoding}-{len(newline)}{path.suffix}"
            copy.write_bytes(data)
            assert parse_file(copy) == want, (encoding, newline)
            written += encoding in CODE_PAGES
    assert written or not set(encodings) & set(CODE_PAGES), "no code page writes the text"


# ---------------------------------------------------------------- a garbled card

def _tokens(text: str) -> set[str]:
    """A line's words, split at brackets, quotes, commas and markup: the impossible card
    named must be a word the garbling brought in."""
    return set(re.split(r"[\s\[\](),\"'<>=/:]+", text))


def check_bad_card(parse_text, text: str, old: str, new: str, kept: list[str], *,
                   boards_known: bool = True, shown_as_dealt: bool = False) -> HandHistory:
    """``old`` (on one line) garbled to ``new`` in the first hand: the streets read to
    their end before it are kept (``kept``, as read whole), with ``cut`` naming the line
    and the impossible card; the hero's cards and the up cards are those of the streets
    kept; the end of the hand (collected, pot, what was shown) is unknown.
    ``boards_known``: as in assert_consistent. ``shown_as_dealt``: the file gives some
    players' hole cards as dealt, which count as shown (PHH): those of the streets kept
    stay. The cut hand."""
    assert old in text and "\n" not in old
    whole = parse_text(text)[0][0]
    assert whole.cut is None
    hands, problems = parse_text(text.replace(old, new, 1))
    assert problems == []
    cut = hands[0]
    assert cut.hand_id == whole.hand_id and cut.cut is not None
    assert cut.cut.hand_id == whole.hand_id and cut.cut.line == line_of(text, old)
    bad = re.match(r"impossible card '([^']*)'", cut.cut.message)
    assert bad and bad[1] in _tokens(new) - _tokens(old), cut.cut.message
    assert cut.cut.message.endswith(
        f"only the streets before it are kept ({', '.join(kept)} street)"), cut.cut.message
    assert [s.name for s in cut.streets] == kept
    assert cut.streets == whole.streets[: len(kept)]
    assert (cut.collected, cut.total_pot) == ({}, None)
    hole = 1 if whole.streets[0].name == "2nd" else 2
    assert cut.hero_cards == whole.hero_cards[: hole + len(kept)]
    if shown_as_dealt:
        assert cut.shown and all(c == whole.shown[p][: hole + len(kept)]
                                 for p, c in cut.shown.items())
    else:
        assert cut.shown == {}
    if boards_known:
        assert cut.up_cards == {p: c[: len(kept)] for p, c in whole.up_cards.items()}
    else:
        assert all(c == whole.up_cards[p][: len(kept)] for p, c in cut.up_cards.items())
    return cut


def check_bad_showdown_card(parse_text, text: str, old: str, new: str,
                            shown_before: set[str]) -> HandHistory:
    """A card garbled in the showdown: every street is kept, the shows before the line
    are read and the rest of the showdown is left out. The cut hand."""
    assert old in text and "\n" not in old
    whole = parse_text(text)[0][0]
    hands, problems = parse_text(text.replace(old, new, 1))
    assert problems == []
    cut = hands[0]
    assert cut.hand_id == whole.hand_id and cut.streets == whole.streets
    assert set(cut.shown) == shown_before
    assert cut.cut.line == line_of(text, old)
    bad = re.match(r"impossible card '([^']*)'", cut.cut.message)
    assert bad and bad[1] in _tokens(new) - _tokens(old), cut.cut.message
    assert cut.cut.message.endswith("the showdown from this line on is left out")
    return cut


# ---------------------------------------------------------------- damage: the fuzz

# Characters a corrupted line gets: markup, amounts, cards, separators, NUL, accents.
JUNK_CHARACTERS = "<>\"'/=&X9$,.#[]()-:*0 aZx?pcTs\u20ac\x00\u00e9"
# What an amount may become: nothing, negative, overflowing, not a number.
JUNK_AMOUNTS = ["0", "-5", "1e400", "nan", "40.5", "x", "", "9" * 30, "1,000.5"]
# Another player: one not at the table (as PHH names players: p1, p2, ...).
JUNK_PLAYERS = ["p0", "p5", "p9", "p12", "p2"]


def mutate(lines: list[str], rng: random.Random, n: int) -> list[str]:
    """``n`` random damages to the lines (or items): drop one, duplicate one anywhere,
    swap two, truncate one, corrupt or add a character, cut the text off within a line,
    shuffle them all, change a number to a junk amount, change a player."""
    lines = list(lines)
    for _ in range(n):
        if not lines:
            break
        i = rng.randrange(len(lines))
        op = rng.randrange(9)
        if op == 0:
            del lines[i]
        elif op == 1:
            lines.insert(rng.randrange(len(lines) + 1), lines[i])
        elif op == 2:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == 3:
            lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
        elif op == 4:
            k = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:k] + rng.choice(JUNK_CHARACTERS) + lines[i][k + 1:]
        elif op == 5:
            lines = lines[: i + 1]
            lines[-1] = lines[-1][: rng.randrange(len(lines[-1]) + 1)]
        elif op == 6:
            rng.shuffle(lines)
        elif op == 7:
            numbers = list(re.finditer(r"\d+(?:[.,]\d+)*", lines[i]))
            if numbers:
                m = rng.choice(numbers)
                lines[i] = lines[i][: m.start()] + rng.choice(JUNK_AMOUNTS) + lines[i][m.end():]
        else:
            lines[i] = re.sub(r"\bp\d+", rng.choice(JUNK_PLAYERS), lines[i])
    return lines


def assert_never_raises(parse_text, text: str) -> None:
    """parse_text returns hands and problems, no problem an internal error, no action a
    negative amount."""
    hands, problems = parse_text(text)
    assert isinstance(hands, list) and isinstance(problems, list)
    assert all(isinstance(h, HandHistory) for h in hands)
    assert all(isinstance(p, ParseProblem) for p in problems)
    assert not [p for p in problems if "internal error" in p.message], problems
    for h in hands:
        assert all(a.amount >= 0 for s in h.streets for a in s.actions), h.hand_id


def fuzz_settings(examples: int):
    """Hypothesis settings for a fuzz of ``examples`` examples: no deadline and no
    complaint about slow examples (how long a reader takes varies with the damage)."""
    return settings(max_examples=examples, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def fuzz_mutations(parse_text, texts: str | list[str], *, examples: int = 200,
                   changes: int = 8) -> None:
    """A hypothesis run: the reader never raises on one of the texts damaged 1 to
    ``changes`` times (mutate)."""
    texts = [texts] if isinstance(texts, str) else list(texts)

    @fuzz_settings(examples)
    @given(st.integers(0, len(texts) - 1), st.randoms(use_true_random=False),
           st.integers(1, changes))
    def run(index, rng, n):
        assert_never_raises(parse_text, "\n".join(mutate(texts[index].splitlines(), rng, n)))

    run()


def fuzz_truncations(parse_text, text: str, *, examples: int = 100) -> None:
    """A hypothesis run: the reader never raises on the text cut off anywhere."""

    @fuzz_settings(examples)
    @given(st.integers(0, len(text)))
    def run(cut):
        assert_never_raises(parse_text, text[:cut])

    run()


def fuzz_random_text(parse_text, *, alphabet: str | None = None, header: str = "",
                     examples: int = 200) -> None:
    """A hypothesis run: the reader never raises on random text after ``header`` (the
    room's first line, to get past recognising the file), drawn from ``alphabet`` (the
    room's words and signs) or from any characters."""
    texts = (st.text(alphabet=st.sampled_from(list(alphabet))) if alphabet
             else st.text(max_size=300))

    @fuzz_settings(examples)
    @given(texts)
    def run(text):
        assert_never_raises(parse_text, header + text)

    run()


def assert_every_line_dropped_and_doubled(parse_text, text: str) -> None:
    """Each line of the text left out, then written twice: never raises."""
    lines = text.splitlines()
    for i in range(len(lines)):
        assert_never_raises(parse_text, "\n".join(lines[:i] + lines[i + 1:]))
        assert_never_raises(parse_text, "\n".join(lines[: i + 1] + lines[i:]))


def assert_samples_survive_mutation(parse_text, files: list[Path], *,
                                    rounds: int = 90) -> None:
    """Each real file damaged ``rounds`` times (1 to 7 changes each, mutate): never
    raises. Not a hypothesis run, so the same damage every time: enough rounds that each
    of the nine kinds is tried as often as the four or five kinds of the tests before."""
    assert files
    rng = random.Random(15)
    for path in files:
        lines = text_of(path).splitlines()
        for _ in range(rounds):
            assert_never_raises(parse_text, "\n".join(mutate(lines, rng, rng.randrange(1, 8))))
