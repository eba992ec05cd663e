"""Rendering results as text: tables (tabulate), JSON and CSV. Nothing here computes odds."""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tabulate import tabulate

from .. import reports
from ..games import GAMES, get_game
from ..messages import amount_text, count_text
from .untrusted import json_visible, spreadsheet_cell, visible

FORMATS = ("table", "json", "csv")


@dataclass(frozen=True)
class Report:
    """A command's answer in every format it has, each built only when asked: json() the
    document, csv() its (headers, rows), table() the text for people. write() is the one
    place that picks a format, so a new format touches it alone (sqlite-utils' shape: the
    commands return what they found, one renderer writes it)."""

    json: Callable[[], object]
    table: Callable[[], str]
    csv: Callable[[], tuple[Sequence[str], Sequence[Sequence]]] | None = None


def write(report: Report, fmt: str) -> str:
    """The report in the format asked (FORMATS)."""
    if fmt == "json":
        return render_json(report.json())
    if fmt == "csv":
        assert report.csv is not None  # csv is offered only by the reports that have rows
        headers, rows = report.csv()
        return render_csv(headers, rows)
    return report.table()


def render_table(headers: Sequence[str], rows: Sequence[Sequence]) -> str:
    """A text table; text cells made visible() (names from a file: a newline or an escape
    sequence in one must not break the table or reach the terminal)."""
    return tabulate([[_visible_cell(cell) for cell in row] for row in rows],
                    headers=[_visible_cell(h) for h in headers], tablefmt="simple",
                    disable_numparse=True)


def _visible_cell(cell):
    return visible(cell) if isinstance(cell, str) else cell


def render_csv(headers: Sequence[str], rows: Sequence[Sequence]) -> str:
    """CSV, every cell a spreadsheet_cell: no formula runs when it is opened."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([spreadsheet_cell(h) for h in headers])
    writer.writerows([spreadsheet_cell(cell) for cell in row] for row in rows)
    return out.getvalue().rstrip("\n")


def render_json(data) -> str:
    """JSON: the names exact (a program reads them back as in the file), with the
    characters a terminal would act on written as JSON escapes."""
    return json_visible(reports.to_json(data))


def eval_report(evaluations: Sequence[tuple[str, dict]]) -> Report:
    """Report for `studodds eval`: evaluations are (hand text, {kind: Evaluation}) pairs."""
    headers = ("hand", "kind", "value", "category", "description")
    rows = [
        (text, kind, e.value, e.category, e.description)
        for text, by_kind in evaluations
        for kind, e in by_kind.items()
    ]
    return Report(
        json=lambda: [
            {"cards": text}
            | {
                kind: None
                if kind == "low_8" and e.value == 0
                else {"value": e.value, "category": e.category, "description": e.description}
                for kind, e in by_kind.items()
            }
            for text, by_kind in evaluations
        ],
        csv=lambda: (headers, rows),
        table=lambda: render_table(headers, rows),
    )


def one_in(combos: int, total: int) -> str:
    """A chance as players say it: 52 hands of 22,100 is "1 in 425"; whole numbers from
    1 in 10 (rounded half up), one decimal below ("1 in 5.9")."""
    if 10 * combos > total:
        return f"1 in {f'{total / combos:.1f}'.removesuffix('.0')}"
    return f"1 in {(2 * total + combos) // (2 * combos):,}"


def _pct(x: float | None, digits: int = 2) -> str:
    return "" if x is None else f"{100 * x:.{digits}f}%"


def _method_line(result) -> str:
    if result.exact:
        how = f"exact, {result.samples:,} deal{'s' * (result.samples != 1)}"  # counted or enumerated
    else:
        how = f"Monte Carlo, {result.samples:,} trials, seed {result.seed}"
    return f"{result.game} on {result.street}: {how} ({result.elapsed:.2f} s)"


# A run estimated to take longer than this is announced before it starts.
LONG_RUN_SECONDS = 5.0


def long_run_notice(estimate) -> str | None:
    """One line for stderr before a run estimated (RunEstimate) to take over
    LONG_RUN_SECONDS, saying how long and why; None for a quick one."""
    if estimate.seconds <= LONG_RUN_SECONDS:
        return None
    deals = f"{'up to ' if estimate.at_most else ''}{count_text(estimate.deals)} deals"
    if estimate.runs > 1:
        deals += " in all"
    how = f"sampling {deals}" if estimate.method == "sampling" else f"{deals}, all exact"
    if estimate.runs > 1:
        how = (f"the odds now and after each of the {estimate.runs - 1} cards player "
               f"{estimate.player} can get next ({estimate.runs} runs, {how})")
    time = f"{'up to ' if estimate.at_most else ''}about {_duration(estimate.seconds)}"
    return f"studodds: this will take {time}: {how}. Ctrl-C stops it."


def bare_hands_note(reading) -> str:
    """One line for stderr: hands written without parentheses were read as up cards only,
    and how to write them with their first cards as the hole cards (a
    reading.BareHandsReading)."""
    if reading.hole_cards == 1:
        hole, meant = "the hole card", "the first card of each is the hole card"
    else:
        hole, meant = "the hole cards", "the first two cards of each are the hole cards"
    written = " ".join(f"'{hand}'" for hand in reading.with_hole_cards)
    return (f"studodds: read each hand as up cards only, on {reading.street} with {hole} "
            f"unknown; if {meant} ({reading.hole_street}), write {written}")


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} minutes"
    return f"{seconds / 3600:.1f} hours"


def _equity_columns(result) -> list[tuple[str, str]]:
    """(header, PlayerResult attribute) for the table and CSV, in order."""
    if result.declarations is not None:  # a declared pot: no "tie" where nobody tied
        return [("scoop", "win"), ("share", "tie"), ("equity", "equity")]
    if result.players[0].high_win is not None:
        return list(_SPLIT_COLUMNS)
    return [("win", "win"), ("tie", "tie"), ("equity", "equity")]


# Split pots as players talk: the whole pot alone is a scoop (so no "win" column repeating
# it), and a half shared is a split half, not a "tie". (header, PlayerResult attribute)
_SPLIT_COLUMNS = (
    ("equity", "equity"), ("scoop", "scoop"), ("high win", "high_win"),
    ("high split", "high_tie"), ("low win", "low_win"), ("low split", "low_tie"),
)


def _has_qualifier(game_id: str) -> bool:
    """Whether the low half needs a qualifier, so that sometimes nobody has a low (stud5hl
    and stud7hl always have one)."""
    return GAMES[game_id].kinds[-1] == "low_8"


def _no_low_line(how_often: str) -> str:
    return f"no low (high takes the whole pot): {how_often}"


def equity_report(result, odds=None) -> Report:
    """Report for `studodds equity`: a table (percentages), JSON or CSV (fractions).

    odds: a whatif.PotOdds for the hero, shown under the table / as "pot_odds" in JSON
    (CSV has no place for it: the command refuses CSV with pot odds).
    """
    return Report(json=lambda: reports.equity_document(result, odds),
                  csv=lambda: _equity_csv(result),
                  table=lambda: _equity_table(result, odds))


def _equity_csv(result) -> tuple[list, list]:
    """The JSON keys, every one: programs read CSV too."""
    mc = not result.exact
    columns = [("win", "win"), ("tie", "tie"), ("equity", "equity")]
    if result.players[0].high_win is not None:
        columns += [(a, a) for a in ("high_win", "high_tie", "low_win", "low_tie", "scoop")]
    headers = ["player", "hand"] + [attr for _, attr in columns]
    if mc:
        headers += ["win_se", "tie_se", "equity_se"]
    rows = []
    for i, p in enumerate(result.players, start=1):
        row = [i, p.hand] + [getattr(p, attr) for _, attr in columns]
        if mc:
            row += [p.win_se, p.tie_se, p.equity_se]
        rows.append(row)
    return headers, rows


def _equity_table(result, odds) -> str:
    mc = not result.exact
    columns = _equity_columns(result)
    headers = ["player", "hand"] + [h for h, _ in columns]
    if mc:
        headers.insert(headers.index("equity") + 1, "± 95%")
    rows = []
    for i, p in enumerate(result.players, start=1):
        row = [i, p.hand] + [_pct(getattr(p, attr)) for _, attr in columns]
        if mc:
            row.insert(headers.index("± 95%"), _pct(1.96 * p.equity_se))
        rows.append(row)
    lines = [_method_line(result)]
    if result.declarations is not None:
        lines.append("declared: " + ", ".join(
            f"player {i} {d}" for i, d in enumerate(result.declarations, start=1)
        ) + " (scoop: the whole pot alone; share: a smaller part of it)")
    lines += ["", render_table(headers, rows)]
    if result.note:
        lines += ["", result.note]
    if result.no_low is not None and _has_qualifier(result.game):
        lines.append("")
        lines.append(_no_low_line(_pct(result.no_low)))
    if result.community is not None:
        lines.append("")
        lines.append(f"card shortage: the community card {result.community} is every "
                     "player's seventh card")
    elif result.community_card:
        lines.append("")
        lines.append(
            "card shortage: with everyone staying in, the river will be one community card "
            "shared by every player"
        )
    if result.players[0].distribution is not None:
        lines += ["", _distribution_table(result)]
    if result.players[0].at_least is not None:
        lines += ["", _at_least_table(result)]
    if odds is not None:
        lines += [""] + pot_odds_lines(odds)
    return "\n".join(lines)


_HALF_WORDS = {"high": "high hand", "low_8": "low, 8 or better", "low_a5": "low",
               "low_a6": "low (ace-to-six)", "low_27": "low (deuce-to-seven)"}


def _distribution_table(result) -> str:
    from ..results import best_first  # results loads the engine: only when drawn
    """Final hands: one row per hand, best first, one column per player: the chance of
    ending with it, and (in parentheses) with it or better."""
    parts = []
    for kind in result.players[0].distribution:
        names = best_first(kind)
        headers = [_HALF_WORDS.get(kind, kind) + ", exactly (or better)"] + [
            f"player {i}" for i in range(1, len(result.players) + 1)]
        better = [0.0] * len(result.players)
        rows = []
        for name in names:
            cells = []
            for i, p in enumerate(result.players):
                better[i] += p.distribution[kind][name]
                cells.append(f"{_pct(p.distribution[kind][name])} ({_pct(min(better[i], 1.0))})")
            if any(p.distribution[kind][name] for p in result.players):
                rows.append([name, *cells])
        parts.append(render_table(headers, rows))
    return "\n\n".join(parts)


def _at_least_table(result) -> str:
    """Each hand asked (--at-least): each player's chance of it or better."""
    names = list(result.players[0].at_least)
    headers = ["hand or better"] + [f"player {i}" for i in range(1, len(result.players) + 1)]
    rows = [[name.removesuffix(" or better")] + [_pct(p.at_least[name]) for p in result.players]
            for name in names]
    return render_table(headers, rows)


def _signed_pct(x: float | None) -> str:
    return "" if x is None else f"{100 * x:+.2f}"


def _next_card_rows(cards, split: bool, alike=()) -> list[list[str]]:
    """One row per outcome, best first.

    Cards whose rows would read the same (equity, change, what they make, the halves) share
    a row. Sampled, each card's figures carry their own noise, so cards that do the same
    thing (NextCardTable.alike: one rank, suits out of play) would each get a row, Ks, Kc
    and Kh apart while 8c 8d 8h share one: those share a row, with their mean figures; a
    card of a suit in play (a flush card, one off an opponent's flush draw) keeps its own.
    """
    twin = {card: group for group in alike for card in group}
    grouped: dict[tuple, list] = {}
    for c in cards:  # best first
        key: tuple = (_pct(c.equity), _signed_pct(c.delta), c.category)
        if split:
            key += (_pct(c.scoop), _signed_pct(c.scoop_delta), _pct(c.high_win),
                    _signed_pct(c.high_win_delta), _pct(c.low_win),
                    _signed_pct(c.low_win_delta))
        if c.card in twin:
            key = ("alike", twin[c.card])
        grouped.setdefault(key, []).append(c)
    rows = []
    for members in grouped.values():
        mean = {name: sum(getattr(c, name) for c in members) / len(members)
                for name in ("equity", "delta", "scoop", "scoop_delta", "high_win",
                             "high_win_delta", "low_win", "low_win_delta") if split
                or name in ("equity", "delta")}
        row = [" ".join(c.card for c in members), _pct(mean["equity"]),
               _signed_pct(mean["delta"]), members[0].category]
        if split:
            row += [f"{_pct(mean['scoop'])} ({_signed_pct(mean['scoop_delta'])})",
                    f"{_pct(mean['high_win'])} ({_signed_pct(mean['high_win_delta'])})",
                    f"{_pct(mean['low_win'])} ({_signed_pct(mean['low_win_delta'])})"]
        rows.append((-mean["equity"], row))
    rows.sort(key=lambda pair: pair[0])  # stable: equal means keep the order of their cards
    return [row for _, row in rows]


def _noise_line(cards) -> str:
    """For a sampled table: how far apart two rows may be by chance alone."""
    errors = [c.equity_se for c in cards if c.equity_se is not None]
    if not errors:
        return ""
    return (f"sampled: each card's equity is within about {200 * max(errors):.2f} percentage "
            "points of its exact value 19 times in 20 (two standard errors); rows closer "
            "together than that may be the wrong way round. Cards that read the same share a "
            "row; so do cards of one rank whose suits are out of play (their mean).")


def next_card_report(table) -> Report:
    """Report for `studodds next`: one row per card, best first."""
    return Report(json=lambda: reports.next_card_document(table),
                  csv=lambda: _next_card_csv(table), table=lambda: _next_card_table(table))


def _next_card_csv(table) -> tuple[list, list]:
    split = table.cards and table.cards[0].scoop is not None
    headers = ["card", "group", "equity", "delta", "category", "win", "tie", "probability"]
    if table.method != "exact":
        headers.append("equity_se")
    if split:
        headers += ["scoop", "scoop_delta", "high_win", "high_win_delta", "low_win",
                    "low_win_delta"]
    return headers, [[getattr(c, h) for h in headers] for c in table.cards]


def _next_card_table(table) -> str:
    split = table.cards and table.cards[0].scoop is not None
    mc = table.method != "exact"
    # Hole cards unseen: what the up cards show with the card, not what the hand makes.
    headers = ["cards", "equity", "change", "shows" if table.unseen else "makes"]
    if split:
        headers += ["scoop", "high win", "low win"]
    # The street the card comes on, said of the card: "player 1 ... on 5th street" read as
    # the street the hand is on (4th).
    coming = ("the community card" if table.community_card
              else f"the {table.street.replace(' ', '-')} card")
    how = "exact" if table.method == "exact" else "Monte Carlo"
    title = (f"{table.game}: {coming} to player {table.player} {table.hand} "
             f"({how}; changes in percentage points)")
    lines = [title]
    for group in ("improving", "neutral", "hurting"):
        members = [c for c in table.cards if c.group == group]
        if members:
            lines += ["", f"{group} ({len(members)} card{'s' * (len(members) != 1)})",
                      render_table(headers, _next_card_rows(members, split, table.alike))]
    lines += ["", (
        f"equity now {_pct(table.equity_now)}; {table.favourite_cards} of {len(table.cards)} "
        f"cards make player {table.player} the favourite, {table.dead_cards} leave them "
        "drawing dead"
    )]
    if mc and (noise := _noise_line(table.cards)):
        lines.append(noise)
    return "\n".join(lines)


def declare_report(table) -> Report:
    """Report for `studodds declare`: one row per way the others declare."""
    return Report(json=lambda: reports.declare_document(table),
                  csv=lambda: _declare_csv(table), table=lambda: _declare_table(table))


def _others(table) -> list[int]:
    return [i for i in range(1, len(table.hands) + 1) if i != table.player]


def _declare_csv(table) -> tuple[list, list]:
    mc = not table.exact
    headers = [f"player {i}" for i in _others(table)] + ["high", "low", "both", "best"]
    if mc:
        headers += ["high_se", "low_se", "both_se"]
    rows = []
    for r in table.rows:
        row = list(r.others) + [r.high, r.low, r.both, r.best]
        if mc:
            row += [r.high_se, r.low_se, r.both_se]
        rows.append(row)
    return headers, rows


def _declare_table(table) -> str:
    # Each row is what the others declare; "player 2" alone over them read as a player
    headers = [f"player {i} declares" for i in _others(table)] + [
        f"{choice}" for choice in ("if high", "if low", "if both")
    ] + ["best"]
    rows = [
        list(r.others) + [_pct(r.high), _pct(r.low), _pct(r.both), r.best] for r in table.rows
    ]
    if table.exact:
        how = f"exact, {table.samples:,} deal{'s' * (table.samples != 1)}"
    else:
        worst = max(max(r.high_se, r.low_se, r.both_se) for r in table.rows)
        how = (f"Monte Carlo, {table.samples:,} trials, seed {table.seed}; the same deals for "
               f"every row, standard error at most {_pct(worst)}")
    lines = [
        f"{table.game} on {table.street}: {how} ({table.elapsed:.2f} s)",
        (f"player {table.player} {table.hands[table.player - 1]} declares; equity of each "
         "choice against the others' declarations:"),
        "",
        render_table(headers, rows),
    ]
    return "\n".join(lines)


def pot_odds_lines(odds) -> list[str]:
    return [f"pot odds for player {odds.hero}: {odds.verdict}"]


def replay_report(replays) -> Report:
    """Report for `studodds replay`: per hand, per street, each live player's equity.

    Two views: as the hero saw it, and with every card shown at the end. Where they hold
    the same cards on every street (nobody's hole cards but the hero's were shown) the
    hand has one set of numbers and a line saying so. Split games (hi/lo) give each view
    in its own table with the columns of `equity` (scoop, both halves) and how often
    nobody makes a low. After an all-in, a table of the pots: each pot, who can win it and
    each one's equity in it.

    The hand ends with its result: each pot and who won it with what, the rake the file
    gives, and a table of each player's chips put in (uncalled bets returned taken off),
    collected, and net.

    After a card shortage the 7th-street hands are six own cards each: the community card
    (everyone's seventh) is named in the street column and under the table; CSV gives it
    in a last "community" column (empty on other streets).
    """
    return Report(json=lambda: reports.replay_document(replays),
                  csv=lambda: _replay_csv(replays),
                  table=lambda: "\n\n".join(_replay_hand_text(r) for r in replays))


def _replay_csv(replays) -> tuple[list, list]:
    headers = ["hand", "street", "pot", "player", "hero_view", "equity_hero_view",
               "revealed", "equity_revealed", "community"]
    split = any(p.seen is not None and p.seen.high_win is not None
                for r in replays for s in r.streets for p in s.players)
    keys = [f"{attr}_{view}" for view in ("hero_view", "revealed")
            for _, attr in _SPLIT_COLUMNS[1:]] if split else []
    rows = []
    for r in replays:
        for s in r.streets:
            for p in s.players:
                data = p.to_dict()
                rows.append([r.hand_id, s.street, s.pot, p.name, p.hero_view,
                             p.equity_hero_view, p.revealed, p.equity_revealed,
                             s.community or ""] + [data.get(k, "") for k in keys])
    return headers + keys, rows


def _chips(amount: float, cents: bool = False) -> str:
    """A pot as the file counts it: 0.25, 47, 5300000; with cents (a hand whose amounts
    have them), two decimals: 0.30, 4.55."""
    return amount_text(amount, cents=cents)


def _cents(r) -> bool:
    """Whether a replayed hand's amounts have cents (its result says; none: a hand cut
    short, whose pots are written as the file counts them)."""
    return r.result is not None and r.result.cents


def _street_label(s) -> str:
    return s.street if s.community is None else f"{s.street} [{s.community}]"


def _replay_hand_text(r) -> str:
    coincide = bool(r.streets) and all(s.views_coincide for s in r.streets)
    split = bool(r.streets) and r.streets[0].players[0].seen is not None \
        and r.streets[0].players[0].seen.high_win is not None
    hero = (f"hero {r.hero}" if r.hero
            else "no hero (the file deals nobody's hole cards)")
    # The lines outside the tables quote the file too (hand id, names): visible() each.
    lines = [visible(f"hand {r.hand_id}: {get_game(r.game).name}, {hero}")]
    lines += [visible(note) for note in r.notes]
    if split:
        views = [("seen", "hero_view", "no_low_hero_view", "as the hero saw it")]
        if not coincide:
            views.append(("shown", "revealed", "no_low_revealed", "with every card shown"))
        for k, (result, hand, no_low, title) in enumerate(views):
            lines += ([""] if k else []) + [title, _split_table(r, result, hand)]
            if _has_qualifier(r.game):
                lines.append(_no_low_line(", ".join(
                    f"{s.street} {_pct(getattr(s, no_low))}" for s in r.streets)))
    else:
        lines.append(_views_table(r, coincide))
    if coincide and r.face_up_from is not None:
        lines.append("the hands shown were face up on every street replayed: one set of odds "
                     "per street")
    elif coincide:
        lines.append("no other player's hole cards are known in this hand history: one set "
                     "of odds per street (the hero's view)")
    lines += _replay_pot_lines(r.streets, coincide, _cents(r))
    lines += _replay_shortage_lines(r.streets)
    lines += _rules_lines(r.rule_problems)
    lines += _result_lines(r.result)
    return "\n".join(lines)


def _result_lines(result) -> list[str]:
    """Who won what: each pot in a sentence, the rake the file gives, what the record
    cannot tell, and each player's net."""
    if result is None:
        return []
    money = lambda amount: amount_text(amount, cents=result.cents)  # 4.90 as in the pots
    lines = ["", "result:"] + [visible(pot.text) for pot in result.pots]
    if result.rake is not None:
        lines.append(f"rake {money(result.rake)}")
    lines += [visible(note) for note in result.notes]
    if result.players:
        rows = [[p.name, money(p.put_in), money(p.collected), money(p.net)]
                for p in result.players]
        lines.append(render_table(["player", "put in", "collected", "net"], rows))
    return lines


def _views_table(r, coincide: bool) -> str:
    """One row per live player and street: the hand and its equity in each view (one
    view when they coincide)."""
    headers = ["street", "pot", "player", "as the hero saw it", "equity"]
    if not coincide:
        headers += ["all shown", "equity "]
    rows = []
    for s in r.streets:
        for i, p in enumerate(s.players):
            row = [_street_label(s) if i == 0 else "",
                   _chips(s.pot, _cents(r)) if i == 0 else "",
                   p.name, p.hero_view, _pct(p.equity_hero_view)]
            if not coincide:
                row += [p.revealed, _pct(p.equity_revealed)]
            rows.append(row)
    return render_table(headers, rows)


def _split_table(r, result: str, hand: str) -> str:
    """One view of a split game: the columns of `equity` for a split pot."""
    headers = ["street", "pot", "player", "hand"] + [h for h, _ in _SPLIT_COLUMNS]
    rows = []
    for s in r.streets:
        for i, p in enumerate(s.players):
            shares = getattr(p, result)
            rows.append([_street_label(s) if i == 0 else "",
                         _chips(s.pot, _cents(r)) if i == 0 else "", p.name, getattr(p, hand)]
                        + [_pct(getattr(shares, attr)) for _, attr in _SPLIT_COLUMNS])
    return render_table(headers, rows)


def _replay_pot_lines(streets, coincide: bool, cents: bool) -> list[str]:
    """After an all-in: each pot as the street begins, who can win it, and each one's
    equity in it (among those players only)."""
    split = [s for s in streets if len(s.pots) > 1]
    if not split:
        return []
    headers = ["street", "pot", "size", "player", "equity as the hero saw it"]
    if not coincide:
        headers.append("equity, all shown")
    rows = []
    for s in split:
        for k, pot in enumerate(s.pots):
            name = "main pot" if k == 0 else (
                "side pot" if len(s.pots) == 2 else f"side pot {k}")
            for j, player in enumerate(pot.eligible):
                row = [_street_label(s) if k == j == 0 else "", name if j == 0 else "",
                       _chips(pot.amount, cents) if j == 0 else "", player,
                       _pct(pot.equity_hero_view[j])]
                if not coincide:
                    row.append(_pct(pot.equity_revealed[j]))
                rows.append(row)
    note = ("the pots as the street begins (the equity above is each player's share of the "
            "main pot; a player all in can win only the pots they are in, and a side pot "
            "with one player left in it is theirs):")
    return ["", note, render_table(headers, rows)]


def _rules_lines(problems) -> list[str]:
    if not problems:
        return [("rules: the bring-in and who acted first on every street replayed agree "
                 "with the table rules")]
    return [visible("rules: " + problem) for problem in problems]


def _replay_shortage_lines(streets) -> list[str]:
    """The card-shortage notes of one replayed hand (used only by replay_report)."""
    ahead = [s.street for s in streets if s.community_card and s.community is None]
    lines = []
    if ahead:
        lines.append(f"card shortage: on {', '.join(ahead)} street, with everyone staying in, "
                     "the river will be one community card shared by every player")
    lines += [f"card shortage: on {s.street} street the community card {s.community} is every "
              "player's seventh card" for s in streets if s.community is not None]
    return lines



def two_digits_percent(x: float) -> str:
    """A small chance to two significant digits, never in powers of ten: '0.0015%'."""
    percent = 100 * x
    return f"{percent:.{max(2, 1 - math.floor(math.log10(percent)))}f}%"


def _chance(x: float) -> str:
    """A chance as a player reads it: 2 decimals, and a rare one that can come (under
    0.1%) to two significant digits, as `dealt` says it ('0.0045%', not '<0.01%';
    '0.018%', not '0.02%')."""
    if 0 < x < 0.001:
        return two_digits_percent(x)
    return _pct(x)


def _long_shot(ways, total) -> str:
    """one_in for a chance under a half (how players say a long shot); '' from a half up.
    A weighted range's counts are floats: the same words, from their ratio."""
    if not ways or 2 * ways >= total:
        return ""
    if isinstance(ways, int) and isinstance(total, int):
        return one_in(ways, total)
    return f"1 in {total / ways:,.{0 if 10 * ways <= total else 1}f}"


def own_odds_report(odds) -> Report:
    """Report for `studodds odds`: each half's final hands, exactly and or better, the
    thresholds asked, and for a split game a low and a high at once."""
    return Report(json=lambda: reports.own_odds_document(odds),
                  csv=lambda: _own_odds_csv(odds), table=lambda: _own_odds_table(odds))


def _own_odds_csv(odds) -> tuple[list, list]:
    headers = ["section", "hand", "ways", "chance", "or_better_ways", "or_better"]
    rows = [[half.name, r.hand, r.ways, r.chance, r.or_better_ways, r.or_better]
            for half in odds.halves for r in half.rows]
    rows += [[section, r.words, r.ways, r.chance, "", ""]
             for section, group in (("asked", odds.asked), ("both", odds.both))
             for r in group]
    return headers, rows


def _own_odds_table(odds) -> str:
    total = odds.halves[0].rows[0].total
    whose = "a random hand" if odds.hand == "random" else odds.hand
    ways = f"{odds.completions:,} ways its {odds.to_come} unseen card{'s' * (odds.to_come != 1)} can fall"
    if odds.completions != total:
        ways += f" (over the range's hole cards, {total:,.6g} by weight)" if isinstance(
            total, float) else " (over every hole-card choice of the range)"
    lines = [f"{odds.game_name}: {whose} on {odds.street}"
             if odds.street != "before the deal" else f"{odds.game_name}: {whose}, before the deal",
             f"exact, every one of the {ways}" if odds.to_come else
             "the hand is complete: nothing more to come"]
    if odds.dead:
        lines[-1] += f"; dead: {odds.dead}"
    for half in odds.halves:
        headers = [half.name.replace("low (8 or better)", "low, 8 or better")
                   if len(odds.halves) > 1 else "final hand",
                   "exactly", "or better", "or better, 1 in", "ways"]
        rows = [[r.hand, _chance(r.chance), _chance(r.or_better),
                 _long_shot(r.or_better_ways, r.total).removeprefix("1 in "),
                 f"{r.ways:,}" if isinstance(
                     r.ways, int) else f"{r.ways:,.1f}"] for r in half.rows]
        lines += ["", render_table(headers, rows)]
    if odds.dealt is not None:
        def said(count) -> str:
            shot = _long_shot(count.hits, count.deals)
            return f"{_chance(float(count.chance))}" + (f" ({shot})" if shot else "")
        dealt = odds.dealt.to_dict()
        parts = []
        if odds.dealt.given_door is not None:
            parts.append(f"given the door card {dealt['door']}, {said(odds.dealt.given_door)}")
        door = (f" ({dealt['door']} as the door card and hole cards that match)"
                if odds.dealt.given_door is not None else "")
        parts.append(f"before any card is dealt{door}, {said(odds.dealt.overall)}")
        lines += ["", f"how often this hand is dealt: {'; '.join(parts)}"]
    for title, group in (("asked", odds.asked), ("a low and a high at once", odds.both)):
        if group:
            rows = [[r.words, _chance(r.chance),
                     _long_shot(r.ways, r.total).removeprefix("1 in "),
                     f"{r.ways:,}" if isinstance(r.ways, int) else f"{r.ways:,.1f}"]
                    for r in group]
            lines += ["", render_table([title, "chance", "1 in", "ways"], rows)]
    return "\n".join(lines)
