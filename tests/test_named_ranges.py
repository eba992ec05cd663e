"""Named ranges (studodds/starting/named_ranges.py and its data, named_ranges.toml): every shipped
definition reads for each of its games and holds the share it states (counted here, hand
by hand, with this file's own counter); a name means the same as its range written out;
a name that is none, a door card or game the name is not for, and a bad entry of a
player's file are each one line that names them; a player's file adds and replaces names
everywhere a hand is read (the CLI, a batch spot, Python)."""

from __future__ import annotations

import contextlib
import io
import json
import re
from itertools import combinations
from pathlib import Path

import pytest

import studodds
from studodds.batch.spot_lines import question_options
from studodds.cards import RANKS, parse_hand
from studodds.cli import main
from studodds.equity import equity
from studodds.games import as_game
from studodds.scenario import build_scenario
from studodds.starting.named_ranges import (
    NamedRangeError,
    named_ranges,
    read_range_file,
    shipped,
    using_range_file,
)
from studodds.starting.top import class_tests

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = shipped()
BY_GAME = [(d, game) for d in SHIPPED for game in d.games]


def ids(pairs):
    return [f"{d.name}-{game}-{d.door_text.replace(' ', '')}" for d, game in pairs]


def run(*argv) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def one_error_line(*argv) -> str:
    code, out, err = run(*argv)
    assert code == 2 and out == "" and err.startswith("Error: ") and err.count("\n") == 1, (
        code, out, err)
    return err.removeprefix("Error: ").rstrip("\n")


# ----------------------------------------------------------------- the shipped definitions


def test_the_shipped_list_covers_the_situations_a_course_teaches():
    names = {(d.name, game) for d, game in BY_GAME}
    assert {("completes-high-door", "stud7"), ("steals-late", "stud7"),
            ("calls-completion", "stud7"), ("bring-in-defends", "stud7"),
            ("re-steals", "stud7"), ("completes-low-door", "razz"), ("steals-late", "razz"),
            ("calls-low-door", "razz"), ("bring-in-defends", "razz"),
            ("completes-low-door", "stud7hl8"), ("calls-low-door", "stud7hl8"),
            ("bring-in-defends", "stud7hl8"),
            ("big-pair", "stud7hl8")} <= names
    assert len({d.name for d in SHIPPED if "stud5" in d.games}) >= 2
    for d in SHIPPED:  # the shipped file states what a player's may leave out
        assert d.share is not None and d.why and d.situation and d.source == "studodds"


@pytest.mark.parametrize("definition, game", BY_GAME, ids=ids(BY_GAME))
def test_each_definition_deals_for_each_of_its_games_and_door_cards(definition, game):
    written = parse_hand(f"({definition.hole_range}) 2c").hole_range
    assert written == definition.hole_range  # the range reads back as written
    for rank in definition.doors:
        hand = f"(@{definition.name}) {RANKS[rank]}s"
        scenario = build_scenario(game, [hand, "random"])
        (ranged,) = scenario.ranges
        assert ranged.combos and ranged.size == as_game(game).hole_cards


def held(definition, game) -> float:
    """This file's count: for each door card of the definition's ranks, every set of hole
    cards of the other 51 cards, weighed by the range written out (not by name)."""
    written = parse_hand(f"({definition.hole_range}) 2c").hole_range
    tests = class_tests(written, game)
    hole_cards = as_game(game).hole_cards
    total = dealt = 0
    for door in range(52):
        if door // 4 not in definition.doors:
            continue
        for hole in combinations([c for c in range(52) if c != door], hole_cards):
            total += written.weight_of(hole, (door,), tests)
            dealt += 1
    return 100 * total / dealt


@pytest.mark.parametrize("definition, game", BY_GAME, ids=ids(BY_GAME))
def test_each_definition_holds_the_share_it_states(definition, game):
    assert abs(held(definition, game) - definition.share) <= 0.05 + 1e-9


def test_the_situations_are_in_the_tables_words():
    """In stud the completion is the first bet, so raising it is a raise (two small bets),
    not a re-raise; and only the bring-in brings it in: the others complete."""
    for d in SHIPPED:
        words = f"{d.situation} {d.why}".replace("\\\n", " ")
        assert "re-rais" not in words, (d.name, d.games)
        if "bring-in" not in d.situation:
            assert "brings it in" not in words and "bring it in" not in words, (d.name, d.games)


def test_a_caller_holds_no_hand_the_completer_would_not_play():
    """Calling a completion takes a hand at least as good as completing with (a coach's gap:
    the completer has shown strength and the call costs as much as his bet). Where a game
    names both for the same door cards, every hand the caller holds the completer holds as
    often."""
    pairs = [(calls, completes, game) for calls, game in BY_GAME
             for completes, other in BY_GAME
             if calls.name.startswith("calls-") and completes.name.startswith("completes-")
             and other == game and completes.doors == calls.doors]
    assert len(pairs) >= 3  # razz, and hi/lo with an ace up and with a 2 to 8 up
    for calls, completes, game in pairs:
        ranges = [parse_hand(f"({d.hole_range}) 2c").hole_range for d in (calls, completes)]
        tests = [class_tests(written, game) for written in ranges]
        for door in (c for c in range(52) if c // 4 in calls.doors):
            for hole in combinations([c for c in range(52) if c != door], 2):
                called, completed = (written.weight_of(hole, (door,), t)
                                     for written, t in zip(ranges, tests))
                assert called <= completed, (calls.name, game, hole, door)


def test_a_share_is_of_the_hands_with_the_door_cards_given():
    (completes,) = [d for d in SHIPPED if d.name == "completes-high-door" and "stud7" in d.games]
    # `studodds dealt` counts the king's 237 of 1,275; a queen or an ace up holds as many
    counted = json.loads(run("dealt", "(@completes-high-door) Kd", "--format", "json")[1])
    assert counted[0]["given_door"]["hits"] == 237
    assert completes.share == round(100 * 237 / 1275, 1)


# ----------------------------------------------------------------- a name means its range


def test_equity_with_a_name_is_equity_with_the_range_written_out():
    (re_steal,) = [d for d in SHIPPED if d.name == "re-steals"]
    assert re_steal.hole_range.weighted  # the weights reach the deal too
    board = "Kd 7c 8c 2h (4s)"
    hero = "(As Ah) 7d 2s 9s Ts (Qd)"
    named = equity("stud7", [f"(@re-steals) {board}", hero], exact=True)
    written = equity("stud7", [f"({re_steal.hole_range}) {board}", hero], exact=True)
    assert [p.equity for p in named.players] == [p.equity for p in written.players]
    assert 0 < named.players[0].equity < 1
    # and the weight of the name's alternative scales those inside it
    half = equity("stud7", [f"(@re-steals:0.5 | K? ??) {board}", hero], exact=True)
    spelled_out = ("(rolled:0.5 | split:0.5 | buried:0.5 | flush3:0.5 | A? ??:0.25 | "
                   f"?? ??:0.1 | K? ??) {board}")
    spelled = equity("stud7", [spelled_out, hero], exact=True)
    assert [p.equity for p in half.players] == [p.equity for p in spelled.players]


def test_on_later_streets_a_name_is_still_the_starting_hand():
    """The bring-in called with a pair: on 7th street a hole card that pairs his 9 up is no
    pair he called with (pair+ of the written range counts every up card)."""
    board = "3c 9d 5h Th (Qs)"
    hero = "(As Ah) 7d 2s 9s Ts (Qd)"

    def hero_equity(hole: str) -> float:
        return equity("stud7", [f"({hole}) {board}", hero], exact=True).players[1].equity

    named = hero_equity("@bring-in-defends")
    assert named == hero_equity("rolled | buried | split | flush3 | straight3 | A? ?? | K? ??")
    assert named != hero_equity("pair+ | flush3 | straight3 | A? ?? | K? ??")


def test_the_door_card_chooses_the_definition():
    by_door = {"Ad": "low3 | rolled | split | K? K? | Q? Q?", "5d": "low3 | rolled | A? A?"}
    hero = "(Kh Ks) Qh Qs Jd Jh (Tc)"  # two pair for the high: the ranges differ for him

    def hero_equity(hole: str, door: str) -> float:
        return equity("stud7hl8", [f"({hole}) {door} 7c 8d 4s (2h)", hero],
                      exact=True).players[1].equity

    for door, other in (("Ad", "5d"), ("5d", "Ad")):
        named = hero_equity("@completes-low-door", door)
        assert named == hero_equity(by_door[door], door)
        assert named != hero_equity(by_door[other], door)  # the case tells them apart


# ----------------------------------------------------------------- errors: one line each


def test_an_unknown_name_is_one_line_naming_it_and_the_close_names():
    line = one_error_line("equity", "(@steal-late) Kd", "(As Ah) 7c")
    assert line.startswith("player 1: '(@steal-late) Kd': '@steal-late' is not a named range")
    assert "@steals-late" in line and "@re-steals" in line and "studodds ranges" in line
    assert "did you mean" not in one_error_line("equity", "(@zzz) Kd", "(As Ah) 7c")


def test_a_door_card_or_game_the_name_is_not_for_is_one_line():
    line = one_error_line("equity", "(@steals-late) 5c", "(As Ah) 7c")
    assert line == ("player 1 '(@steals-late) 5c': @steals-late is for stud7 with a Q, K or A "
                    "up; razz with a 2, 3, 4, 5, 6 or A up; here the door card is 5c in stud7")
    assert "write the door card" in one_error_line("dealt", "(@completes-high-door)")
    assert one_error_line("equity", "(@Steals_Late) Kd", "(As Ah) 7c").endswith(
        "a named range is written @ and its name, e.g. '(@bring-in-defends) 3c'; "
        "`studodds ranges` lists the names")


def write(tmp_path, text: str) -> Path:
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    return path


ENTRY = 'name = "wide"\ngames = ["stud7"]\nsituation = "plays anything"\nrange = "?? ??"\n'
BAD_FILES = {
    "unknown key": ('[[range]]\n' + ENTRY + 'rnage = "x"\n',
                    "entry 1 ('wide'): unknown key 'rnage'"),
    "missing key": ('[[range]]\nname = "wide"\ngames = ["stud7"]\nrange = "?? ??"\n',
                    "entry 1 ('wide'): no 'situation'"),
    "not a game": ('[[range]]\n' + ENTRY.replace('"stud7"', '"stud9"'),
                   "entry 1 ('wide'): 'games' is a list of games"),
    "a bad door": ('[[range]]\n' + ENTRY + 'door = "KZ"\n',
                   "entry 1 ('wide'): 'door' is the door cards' ranks"),
    "a bad range": ('[[range]]\n' + ENTRY.replace('"?? ??"', '"K? ?? | kings"'),
                    "entry 1 ('wide'): 'range': 'kings' is neither a card nor a range class"),
    "hole cards the game has not": ('[[range]]\n' + ENTRY.replace('"?? ??"', '"A?"'),
                                    ("entry 1 ('wide'): 'range' names 1 hole card per "
                                    "alternative; stud7 deals 2")),
    "a name in a range": ('[[range]]\n' + ENTRY.replace('"?? ??"', '"@steals-late"'),
                          "entry 1 ('wide'): 'range' is written out"),
    "a bad name": ('[[range]]\n' + ENTRY.replace('"wide"', '"Wide Open"'),
                   "entry 1 ('Wide Open'): the name 'Wide Open' is lower-case words"),
    "a share out of range": ('[[range]]\n' + ENTRY + "share = 140\n",
                             "entry 1 ('wide'): 'share' is a percent"),
    "two definitions for one door": ('[[range]]\n' + ENTRY + '[[range]]\n' + ENTRY,
                                     "entry 2 ('wide'): a second definition of 'wide'"),
    "not TOML": ('[[range]\n', "not TOML"),
    "not [[range]] tables": ('name = "wide"\n', "the file holds [[range]] tables only"),
}


@pytest.mark.parametrize("text, expected", BAD_FILES.values(), ids=BAD_FILES)
def test_a_bad_entry_of_a_range_file_is_one_line_naming_the_file_and_entry(
        tmp_path, text, expected):
    path = write(tmp_path, text)
    line = one_error_line("equity", "--range-file", str(path), "(As Ah) 7c", "(x x) Kd")
    assert line.startswith(f"{path}: {expected}"), line
    with pytest.raises(NamedRangeError):
        read_range_file(path)


def test_a_missing_range_file_is_one_line():
    assert one_error_line("ranges", "--range-file", "no/such.toml").startswith(
        "no/such.toml: cannot read the range file")


# ----------------------------------------------------------------- a player's own names

OWN = ('[[range]]\n' + ENTRY + '\n[[range]]\nname = "steals-late"\ngames = ["stud7"]\n'
       'door = "K"\nsituation = "steals with a king up: only with a pair"\nrange = "pair+"\n')


def test_a_players_file_adds_names_and_replaces_a_shipped_one_whole(tmp_path):
    path = write(tmp_path, OWN)
    definitions = named_ranges(path)
    steals = [d for d in definitions if d.name == "steals-late"]
    assert [(d.games, d.door_text, d.source) for d in steals] == [(("stud7",), "K", str(path))]
    assert any(d.name == "wide" for d in definitions)
    assert len(definitions) == len(SHIPPED) - 2 + 2  # both shipped steals-late went
    assert {d.name for d in named_ranges()} == {d.name for d in SHIPPED}  # nothing kept


def test_the_cli_reads_hands_with_the_players_file(tmp_path):
    path = write(tmp_path, OWN)
    hands = ["(@steals-late) Kd 7c 8c 2h (4s)", "(As Ah) 7d 2s 9s Ts (Qd)"]
    code, out, err = run("equity", "--exact", "--range-file", str(path), *hands,
                         "--format", "json")
    assert code == 0, err
    pairs = equity("stud7", ["(rolled | buried | split) Kd 7c 8c 2h (4s)", hands[1]],
                   exact=True)  # his pair+ is a pair on third street
    assert json.loads(out)["players"][0]["equity"] == pytest.approx(pairs.players[0].equity)
    # the shipped definition again once the command is done
    assert "is for stud7 with a K up" not in one_error_line("dealt", "(@steals-late) 5c")
    listed = json.loads(run("ranges", "--range-file", str(path), "-g", "stud7",
                            "--format", "json")[1])
    wide = next(r for r in listed if r["name"] == "wide")
    assert wide["share"] == 100.0 and wide["source"] == str(path)  # counted: none stated


def test_a_batch_spot_keeps_the_definitions_its_hands_carry(tmp_path):
    path = write(tmp_path, OWN)
    spot = {"game": "stud7", "hands": ["(@wide) Kd 7c 8c 2h (4s)",
                                       "(As Ah) 7d 2s 9s Ts (Qd)"], "exact": True}
    with using_range_file(path):
        options = question_options(spot)
    # on a Dask worker, which never read the file
    result = equity(**options)
    assert result.players[0].equity == pytest.approx(
        equity("stud7", ["(?? ??) Kd 7c 8c 2h (4s)", spot["hands"][1]],
               exact=True).players[0].equity)


def test_python_has_the_names_and_the_file():
    assert studodds.named_ranges() == SHIPPED
    assert studodds.using_range_file is using_range_file


# ----------------------------------------------------------------- the document


def doc_table() -> list[list[str]]:
    text = (ROOT / "docs" / "hands.md").read_text(encoding="utf-8")
    start = text.index("| name | game | door card | share | situation | range |")
    lines = text[start:].split("\n\n", 1)[0].splitlines()[2:]
    return [[cell.strip().strip("`").replace("\\|", "|")
             for cell in re.split(r"(?<!\\)\|", line)[1:-1]] for line in lines]


def test_the_documents_table_is_the_shipped_list():
    assert doc_table() == [
        [f"@{d.name}", ", ".join(d.games), d.door_text, f"{d.share:.1f}%", d.situation,
         str(d.hole_range)] for d in SHIPPED]


def test_the_documents_example_file_reads_and_states_its_share(tmp_path):
    text = (ROOT / "docs" / "hands.md").read_text(encoding="utf-8")
    example = re.search(r"```toml\n(.*?)```", text, re.DOTALL).group(1)
    (definition,) = read_range_file(write(tmp_path, example))
    assert abs(held(definition, "stud7") - definition.share) <= 0.05
    shown = re.search(r"`(Error: mine\.toml: entry 2\n\('steals-late'\).*?)`", text,
                      re.DOTALL).group(1)
    bad = write(tmp_path, '[[range]]\n' + ENTRY + example.replace("range =", "rnage ="))
    assert one_error_line("ranges", "--range-file", str(bad)) == " ".join(
        shown.removeprefix("Error: ").split()).replace("mine.toml", str(bad))
