"""`studodds replay FILE... --summary`: a session's hands, net, showdowns, pots won and the
equity held on each street; several files and folders."""

from __future__ import annotations

import faulthandler
import json
import re
import shutil
import sys
from pathlib import Path

import pytest

from studodds.batch import LocalExecutor, iter_results
from studodds.cli import main
from studodds.equity import equity
from studodds.histories import parse_file
from studodds.histories.replay import replay_hand
from studodds.histories.session import SummaryError, pots, summarize

DATA = Path(__file__).parent / "data" / "handhistories"
SESSION = DATA / "summary_session.txt"  # our own: every number below worked out by hand
STREETS = ["3rd", "4th", "5th", "6th"]


@pytest.fixture(scope="module")
def session():
    hands, problems = parse_file(SESSION)
    assert problems == []
    return hands, summarize(hands)


def by_id(summary):
    return {h.hand_id[-1]: h for h in summary.by_hand}  # the fixture's hands 1..7


def test_net_is_collected_less_put_in_with_uncalled_bets_back(session):
    _, s = session
    nets = {k: h.net for k, h in by_id(s).items()}
    # 1: collects 32.25 (the $33.25 pot less $1 rake), put in 0.25 + 2 + 2 + 4 + 4 + 4.
    # 2: puts in the same and mucks. 3: ante and bring-in, then folds. 4: collects 2.63 of
    # a $5.25 split pot, put in 2.25. 5: collects the $12 side pot, put in 8.25.
    # 6: collects 5.25, put in 0.25 + 2 + 2 less the $2 bet returned uncalled.
    assert nets == {"1": 16.0, "2": -16.25, "3": -0.75, "4": 0.38, "5": 3.75, "6": 3.0}
    assert s.net == 6.13


def test_hands_are_those_the_hero_was_dealt_into(session):
    hands, s = session
    assert len(hands) == 7 and s.hands == 6  # hand 7 is dealt without the hero
    assert "7" not in by_id(s)


def test_showdowns_need_the_hero_live_and_every_live_hand_shown(session):
    _, s = session
    # 2: the hero mucks, but the file deals the hero's cards: every live hand is known.
    # 3: the hero folded. 6: Villain folded on 4th street, no showdown.
    assert {k: h.showdown for k, h in by_id(s).items()} == {
        "1": True, "2": True, "3": False, "4": True, "5": True, "6": False}
    assert s.showdowns == 4


def test_a_hand_mucked_by_an_opponent_at_the_showdown_is_no_showdown(tmp_path):
    text = SESSION.read_text().replace(
        "Villain: shows [2c 7d Kh 9s Jc 4d 3h] (high card King)", "Villain: mucks hand"
    ).replace("Seat 3: Villain showed [2c 7d Kh 9s Jc 4d 3h] and lost with high card King",
              "Seat 3: Villain mucked")
    path = tmp_path / "mucked.txt"
    path.write_text(text)
    hands, problems = parse_file(path)
    assert problems == []
    s = summarize(hands)
    assert not by_id(s)["1"].showdown and s.showdowns == 3
    assert by_id(s)["1"].net == 16.0  # the pot is the hero's all the same


def test_won_share_is_the_heros_share_of_the_pots_the_hero_could_win(session):
    _, s = session
    shares = {k: h.won_share for k, h in by_id(s).items()}
    # 4: a split pot is a half, though the odd chip made it $2.63 of $5.25.
    # 5: Shorty (all in for $2.25) wins the $6.75 main pot, the hero the $12 side pot:
    # 12 / 18.75 of the chips the hero could win.
    assert shares == {"1": 1.0, "2": 0.0, "3": None, "4": 0.5, "5": 0.64, "6": None}
    assert s.won_share == pytest.approx(2.14)


def test_expected_share_is_the_heros_revealed_equity_on_each_street(session):
    _, s = session
    hands = by_id(s)
    # Hand 1, 3rd street, every card shown at the end revealed: Third folds his 3s on 3rd
    # street, so among the players who reach the showdown he is dead money, his 3s out of
    # the deck and his hole cards never shown; heads-up, counted exactly.
    third = equity("stud7", ["(Ah As) Ad", "(2c 7d) Kh"], "3s x x", exact=True, threads=1)
    # (weighed by the share's weight and divided back: equal up to the last bit)
    assert hands["1"].equity["3rd"] == pytest.approx(third.players[0].equity, rel=1e-12)
    # From 4th street on four aces win: Villain's four suits can make no straight flush.
    assert [hands["1"].equity[st] for st in STREETS[1:]] == [1.0, 1.0, 1.0]
    # Hand 4, 4th street: heads-up, Third's folded 3s dead and his hole cards unseen.
    fourth = equity("stud7", ["(5h 6h) 7c 8d", "(5d 6d) 7s 8c"], "3s x x", exact=True,
                    threads=1)
    assert hands["4"].equity["4th"] == fourth.players[0].equity
    # Hand 2, 5th street on: the hero's king-high draw cannot catch four queens.
    assert [hands["2"].equity[st] for st in STREETS[2:]] == [0.0, 0.0]
    # Hand 5, 5th street: the $6.75 main pot three-way and the $4 side pot heads-up,
    # Shorty's cards out of the side pot, each pot weighed by its size.
    main_pot = equity("stud7", ["(Ah Ad) Kh 7c 7d", "(Qc Qh) Td 6h 3c", "(2s 4s) 3s 8s Jd"],
                      trials=40_000, seed=2, threads=1)
    side_pot = equity("stud7", ["(Ah Ad) Kh 7c 7d", "(Qc Qh) Td 6h 3c"], "2s 4s 3s 8s Jd",
                      exact=True, threads=1)
    weighed = (6.75 * main_pot.players[0].equity + 4 * side_pot.players[0].equity) / 10.75
    assert hands["5"].equity["5th"] == pytest.approx(weighed, abs=0.02)  # sampled or not
    assert s.expected_share == {st: sum(h.equity[st] for h in s.showdown_hands)
                                for st in STREETS}
    assert s.luck == {st: s.won_share - e for st, e in s.expected_share.items()}


def test_expected_share_agrees_with_replay(session):
    """Without side pots, on the streets where every player still in reaches the
    showdown, a street's expected share is the replay's revealed equity (Third, who folds
    on 3rd street in both hands, is in the replay's 3rd street, and dead money here)."""
    hands, s = session
    for hh in (hands[0], hands[3]):  # a hand won, a split pot
        mine = by_id(s)[hh.hand_id[-1]]
        replay = replay_hand(hh, trials=20_000)
        for street in replay.streets[1:4]:
            hero = next(p for p in street.players if p.name == "Hero")
            assert mine.equity[street.street] == pytest.approx(hero.equity_revealed, abs=0.02)


def test_side_pots_leave_out_what_nobody_matched():
    put_in = {"Hero": 8.25, "Villain": 8.25, "Shorty": 2.25, "Folder": 1.0}
    assert pots(put_in, ["Hero", "Villain", "Shorty"]) == [
        (7.75, ("Hero", "Villain", "Shorty")), (12.0, ("Hero", "Villain"))]
    assert pots({"A": 4.0, "B": 2.0}, ["A", "B"]) == [(4.0, ("A", "B"))]  # 2 unmatched


def test_the_same_seed_gives_the_same_summary(session):
    hands, s = session
    assert summarize(hands, seed=1).to_dict() == s.to_dict()


def test_the_batch_path_gives_the_same_numbers(session):
    hands, s = session

    def runner(spots):
        for result in iter_results(spots, executor=LocalExecutor(threads=1)):
            assert result.ok, result.error
            yield result.id, result.result

    assert summarize(hands, runner=runner).to_dict() == s.to_dict()


@pytest.mark.slow
def test_the_dask_path_gives_the_same_numbers(session, capsys):
    pytest.importorskip("distributed")
    faulthandler.dump_traceback_later(120, exit=True, file=sys.__stderr__)  # if Dask hangs
    try:
        assert main(["replay", str(SESSION), "--summary", "--format", "json", "--dask",
                     "--workers", "1"]) == 0
    finally:
        faulthandler.cancel_dump_traceback_later()
    out, _ = capsys.readouterr()
    assert json.loads(out) == json.loads(json.dumps(session[1].to_dict()))


def test_cli_summary_json_keys(capsys):
    assert main(["replay", str(SESSION), "--summary", "--format", "json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert list(data) == ["hero", "hands", "net", "showdowns", "won_share", "expected_share",
                          "by_hand"]
    assert data["hero"] == "Hero" and list(data["expected_share"]) == STREETS
    assert all(list(h) == ["hand_id", "net", "showdown", "won_share", "equity"]
               for h in data["by_hand"])
    assert list(data["by_hand"][0]["equity"]) == STREETS
    assert "sampled with 10,000 deals" in err


def test_cli_summary_table(capsys):
    assert main(["replay", str(SESSION), "--summary"]) == 0
    out, _ = capsys.readouterr()
    assert out.startswith("Hero: 6 stud hands dealt, net +6.13\n"
                          "showdowns: 4, pot shares won at showdown 2.14")
    assert re.search(r"^4th street\s+1\.80\s+2\.14\s+\+0\.34$", out, re.MULTILINE)


def anonymised(tmp_path: Path) -> Path:
    """The session with nobody's hole cards dealt: the hero's lines show up cards only."""
    lines = []
    for line in SESSION.read_text().splitlines():
        if line.startswith("Dealt to Hero"):
            groups = re.findall(r"\[([^\]]*)\]", line)
            if len(groups) == 2 and len(groups[0].split()) == 6:
                continue  # the river, a down card: nobody sees it
            first = groups[0].split()
            up = first[2:] if len(groups) == 1 or len(first) > 1 else first
            line = "Dealt to Hero " + " ".join(f"[{g}]" for g in [" ".join(up)] + groups[1:])
        lines.append(line.replace("Hero: mucks hand", "Hero: mucks hand")
                     .replace("Seat 1: Hero mucked [2c 7d Kh 9s Jc 4d 3h]", "Seat 1: Hero mucked"))
    path = tmp_path / "anonymous.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_a_file_without_a_hero_needs_hero(tmp_path, capsys):
    path = anonymised(tmp_path)
    hands, problems = parse_file(path)
    assert problems == [] and all(h.hero is None for h in hands)
    assert main(["replay", str(path), "--summary"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("Error: ") and "nobody's hole cards are dealt" in err
    assert "--hero NAME" in err
    # Named, the hero's showdowns are those where the hero showed: hand 1, 4 and 5 (in
    # hand 2 the hero mucked, and nobody saw those cards).
    assert main(["replay", str(path), "--summary", "--hero", "Hero", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr()[0])
    assert (data["hands"], data["showdowns"], data["won_share"]) == (6, 3, 2.14)


def test_hero_not_dealt_in_and_several_heroes_are_one_line(tmp_path, capsys):
    assert main(["replay", str(SESSION), "--summary", "--hero", "Zed"]) == 2
    _, err = capsys.readouterr()
    assert err.count("\n") == 1 and "--hero 'Zed' was not dealt into any hand" in err
    other = tmp_path / "other.txt"
    other.write_text(SESSION.read_text().replace("Hero", "Alter Ego"))
    assert main(["replay", str(SESSION), str(other), "--summary"]) == 2
    warning, error = capsys.readouterr().err.splitlines()
    # Hand 300000000007 deals no Hero: renamed, it is the same hand, counted once.
    assert warning.startswith("warning: a hand read more than once") and "300000000007" in warning
    assert "hole cards are dealt to 'Hero' and 'Alter Ego'" in error and "--hero NAME" in error
    assert main(["replay", str(SESSION), str(other), "--summary", "--hero", "Alter Ego",
                 "--format", "json"]) == 0
    assert json.loads(capsys.readouterr()[0])["hands"] == 6


def test_a_bad_precision_is_one_line(capsys):
    assert main(["replay", str(SESSION), "--summary", "--precision", "0"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("Error: precision is a standard error from")


def test_summary_errors_without_summary(capsys):
    assert main(["replay", str(SESSION), "--png", "x.png"]) == 2
    _, err = capsys.readouterr()
    assert err.count("\n") == 1 and "--png is an option of the summary: add --summary" in err


def test_png_is_written(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    png = tmp_path / "session.png"
    assert main(["replay", str(SESSION), "--summary", "--png", str(png)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"wrote {png}" in capsys.readouterr()[1]


def test_png_without_matplotlib_is_one_line(tmp_path, monkeypatch, capsys):
    for name in list(sys.modules):
        if name == "matplotlib" or name.startswith("matplotlib."):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib fails
    assert main(["replay", str(SESSION), "--summary", "--png", str(tmp_path / "a.png")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert 'needs matplotlib: pip install "studodds[notebooks]"' in err


# ------------------------------------------------------------------ several files, folders


def test_several_files_replay_as_one_list_with_the_room(capsys):
    files = [str(DATA / "stud7_showdown.txt"), str(DATA / "studhl_headsup_no_show.txt")]
    assert main(["replay", *files, "--format", "json", "--trials", "2000"]) == 0
    out, _ = capsys.readouterr()
    hands = json.loads(out)
    assert [h["hand_id"] for h in hands] == [parse_file(f)[0][0].hand_id for f in files]
    assert {h["room"] for h in hands} == {"PokerStars"}


def test_a_file_without_hands_among_several_is_named_and_the_rest_replay(tmp_path, capsys):
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    files = [str(DATA / "stud7_showdown.txt"), str(DATA / "holdem_only.txt"), str(empty)]
    assert main(["replay", *files, "--format", "json", "--trials", "2000"]) == 1
    out, err = capsys.readouterr()
    assert [h["hand_id"] for h in json.loads(out)] == ["200000000001"]
    assert "no stud hands in" in err and "holdem_only.txt" in err
    assert f"{str(empty)!r} is empty" in err
    assert "Error" not in err


def test_a_single_file_without_hands_is_still_exit_2(capsys):
    assert main(["replay", str(DATA / "holdem_only.txt")]) == 2
    _, err = capsys.readouterr()
    assert err.count("\n") == 1 and err.startswith("Error: no stud hands in")


def test_no_file_with_a_hand_is_an_error(capsys):
    files = [str(DATA / "holdem_only.txt"), str(DATA / "other_room_winamax.txt")]
    assert main(["replay", *files]) == 2
    _, err = capsys.readouterr()
    assert err.splitlines()[-1].startswith("Error: none of the 2 files holds a stud hand")


def test_a_folder_replays_every_file_in_it(tmp_path, capsys):
    folder = tmp_path / "HandHistory"
    (folder / "2024").mkdir(parents=True)
    shutil.copy(SESSION, folder / "2024" / "b.txt")
    shutil.copy(DATA / "stud7_showdown.txt", folder / "a.txt")
    (folder / ".hidden.txt").write_text("not a hand history")
    assert main(["replay", str(folder), "--summary", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr()[0])
    assert data["hands"] == 7 and data["showdowns"] == 5  # stud7_showdown's hand too
    (folder / "notes.txt").write_text("my notes")
    assert main(["replay", str(folder), "--summary", "--format", "json"]) == 1
    out, err = capsys.readouterr()
    assert json.loads(out)["hands"] == 7 and "notes.txt" in err


def test_an_empty_folder_is_one_line(tmp_path, capsys):
    assert main(["replay", str(tmp_path)]) == 2
    _, err = capsys.readouterr()
    assert err.count("\n") == 1 and "holds no files" in err


def test_mixing_five_and_seven_card_stud_is_refused(session):
    import dataclasses

    hands, _ = session
    five = dataclasses.replace(hands[5], game="stud5")
    with pytest.raises(SummaryError, match="mixes five-card and seven-card stud"):
        summarize([hands[0], five])
