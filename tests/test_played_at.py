"""When each hand was played (HandHistory.played_at): every room's date layouts, one line
each, read by the room's reader from a fixture hand whose date is replaced by the line.
UTC when the file names its time zone, the file's own clock when it names none; a date that
is none is a warning on the hand, which is kept."""

from __future__ import annotations

import pytest
from reader_helpers import DATA

from studodds.histories.readers import parse_any

VARIANTS = DATA / "variants"

# (fixture, its date text, the layout put in its place, played_at)
LAYOUTS = [
    # PokerStars
    ("stud7_showdown.txt", "2023/02/10 21:04:11 ET", "2009/11/26 10:08:43 ET",
     "2009-11-26 15:08:43"),
    ("stud7_showdown.txt", "2023/02/10 21:04:11 ET", "2023/07/10 21:04:11 ET",
     "2023-07-11 01:04:11"),  # summer: ET is UTC-4
    ("stud7_showdown.txt", "2023/02/10 21:04:11 ET",
     "2008/11/12 10:00:48 CET [2008/11/12 4:00:48 ET]", "2008-11-12 09:00:48"),
    ("stud7_showdown.txt", "2023/02/10 21:04:11 ET",
     "2009/07/20 3:10:00 CET [2009/07/19 21:10:00 ET]", "2009-07-20 01:10:00"),
    ("stud7_showdown.txt", "2023/02/10 21:04:11 ET", "2006/09/23 - 02:08:03 (ET)",
     "2006-09-23 06:08:03"),
    ("stud7_showdown.txt", "2023/02/10 21:04:11 ET", "2016/11/12 22:46:27 UTC",
     "2016-11-12 22:46:27"),
    # Full Tilt
    ("fulltilt_stud_horse.txt", "20:00:00 ET - 2013/01/05", "18:30:57 ET - 2013/03/31",
     "2013-03-31 22:30:57"),
    ("fulltilt_stud_horse.txt", "20:00:00 ET - 2013/01/05",
     "17:10:10 CCT - 2010/12/07 [04:10:10 ET - 2010/12/07]", "2010-12-07 09:10:10"),
    ("fulltilt_stud_horse.txt", "20:00:00 ET - 2013/01/05",
     "10:46 ET - Saturday, February 19, 2011", "2011-02-19 15:46:00"),
    # Absolute, Bovada, Everleaf, iPoker, KingsClub, Winamax, Winning
    ("absolute_stud7_side_pot.txt", "2020-03-04 20:15:00 (ET)", "2009-03-18 19:10:00 (ET)",
     "2009-03-18 23:10:00"),
    ("bovada_stud_hilo.txt", "2013-03-04 05:06:00", "2012-05-07 03:40:07",
     "2012-05-07 03:40:07"),  # no zone: the file's clock
    ("everleaf_stud7_side_pot.txt", "2020/03/04 - 20:15:00", "2011/07/08 - 00:08:53",
     "2011-07-08 00:08:53"),
    ("ipoker_stud7_side_pot.xml", "<startdate>2024-03-01 20:00:00</startdate>",
     "<startdate>2014-05-10 18:02:19</startdate>", "2014-05-10 18:02:19"),
    ("kingsclub_stud_27razz.txt", "2021-02-03 04:05:06", "2020-10-26 19:00:47",
     "2020-10-26 19:00:47"),
    ("winamax_stud_razz.txt", "2020/09/13 14:00:00 UTC", "2016/11/12 22:46:27 UTC",
     "2016-11-12 22:46:27"),
    ("winning_stud7_side_pot.txt", "2020/3/4 20:15:00", "2016/8/2 11:17:19",
     "2016-08-02 11:17:19"),
    ("variants/winning_new_cash.txt", "2021/05/04 16:15:58 UTC", "2019/07/21 17:44:30 UTC",
     "2019-07-21 17:44:30"),
    # Merge: the game's starttime
    ("merge_studhl_split_side_pot.xml", 'starttime="20240301200000"',
     'starttime="20110204202244"', "2011-02-04 20:22:44"),
    # OnGame
    ("ongame_stud7_side_pot.txt", "Wed Mar  4 20:15:00 GMT+0100 2020",
     "Mon Sep 13 22:31:30 GMT+0100 2010", "2010-09-13 21:31:30"),
    # PartyPoker
    ("partypoker_stud7_side_pot.txt", "Friday, March 01, 20:00:00 EST 2024",
     "Monday, April 25, 14:20:12 EDT 2011", "2011-04-25 18:20:12"),
    ("partypoker_stud7_side_pot.txt", "Friday, March 01, 20:00:00 EST 2024",
     "Monday, August 30, 20:20:17 EEST 2010", "2010-08-30 17:20:17"),
]


def _first_hand(fixture: str, old: str, new: str):
    text = (DATA / fixture).read_text(encoding="utf-8")
    assert old in text, f"{fixture} no longer holds {old!r}"
    hands, problems, _ = parse_any(text.replace(old, new, 1), fixture)
    assert hands, problems
    return hands[0]


@pytest.mark.parametrize("fixture, old, new, played_at", LAYOUTS,
                         ids=[f"{f.split('_')[0]}: {new}" for f, _, new, _ in LAYOUTS])
def test_each_rooms_date_layout(fixture, old, new, played_at):
    hand = _first_hand(fixture, old, new)
    assert hand.played_at == played_at
    assert not any("date" in w for w in hand.warnings)


def test_a_header_without_a_date_gives_none():
    hand = _first_hand("stud7_showdown.txt", " - 2023/02/10 21:04:11 ET", "")
    assert hand.played_at is None and hand.warnings == ()


@pytest.mark.parametrize("fixture, old, new, words", [
    ("stud7_showdown.txt", "2023/02/10 21:04:11 ET", "2024/02/30 21:04:11 ET",
     "'2024/02/30 21:04:11 ET' is not a date and time on the calendar"),
    ("stud7_showdown.txt", "2023/02/10 21:04:11 ET", "2023/02/10 21:04:11 XYZ",
     "the time zone 'XYZ' is not one studodds knows"),
    ("merge_studhl_split_side_pot.xml", 'starttime="20240301200000"',
     'starttime="2024030120000"', "the start time '2024030120000' is not YYYYMMDDHHMMSS"),
    ("ongame_stud7_side_pot.txt", "Wed Mar  4 20:15:00 GMT+0100 2020",
     "Wed Mar  4 25:15:00 GMT+0100 2020", "is not a date and time on the calendar"),
    # a date on the calendar whose UTC is not: year 1 at UTC+8 is in year 0
    ("stud7_showdown.txt", "2023/02/10 21:04:11 ET", "0001/01/01 00:00:00 CCT",
     "'0001/01/01 00:00:00 CCT' is not a date and time on the calendar"),
])
def test_a_date_that_is_none_is_a_warning_and_the_hand_is_kept(fixture, old, new, words):
    hand = _first_hand(fixture, old, new)
    assert hand.played_at is None
    assert any(words in w and w.endswith("the hand is kept without its date")
               for w in hand.warnings), hand.warnings


PHH_DATES = [
    ("year = 2023\nmonth = 6\nday = 21\ntime = 01:02:14\ntime_zone = 'America/Los_Angeles'",
     "2023-06-21 08:02:14", None),
    ("year = 2023\nmonth = 6\nday = 21\ntime = 01:02:14\ntime_zone_abbreviation = 'PDT'",
     "2023-06-21 08:02:14", None),
    ("year = 2023\nmonth = 6\nday = 21\ntime = 01:02:14", "2023-06-21 01:02:14", None),
    ("year = 2023\nmonth = 6\nday = 21", "2023-06-21", None),
    ("year = 2023\nmonth = 13\nday = 21", None, "is not a date and time on the calendar"),
    ("year = '2023'\nmonth = 6\nday = 21", None, "is not three whole numbers"),
    ("year = 2023\nmonth = 6\nday = 21\ntime = 01:02:14\ntime_zone = 'America/'", None,
     "the time zone 'America/' is not one studodds knows"),
    ("year = 2023\nmonth = 6\nday = 21\ntime = '1 pm'", None, "is not HH:MM:SS"),
]


@pytest.mark.parametrize("fields, played_at, words", PHH_DATES,
                         ids=[f.replace("\n", " ") for f, _, _ in PHH_DATES])
def test_phh_date_fields(fields, played_at, words):
    text = (DATA / "phh_stud7_side_pot.phh").read_text(encoding="utf-8")
    text = text.replace("variant = 'F7S'", f"variant = 'F7S'\n{fields}", 1)
    hands, problems, _ = parse_any(text, "hand.phh")
    assert hands, problems
    assert hands[0].played_at == played_at
    dated = [w for w in hands[0].warnings if "date" in w]
    assert (dated and words in dated[0]) if words else not dated
