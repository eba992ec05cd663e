"""The `studodds` command: click parsing, library calls, report rendering. No odds here."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
from decimal import Decimal, InvalidOperation

import click

from . import chart as chart_module
from . import report
from .batch import BatchInterrupted, DaskExecutor, LocalExecutor, read_results, run_batch
from .cards import NotationError, StudHand, cards_str, parse_cards, parse_hand
from .classes import SELECTIONS
from .classes import select as select_classes
from .declare import declare_table
from .equity import OptionError, equity
from .eval import KINDS, evaluate
from .games import GAMES
from .handhistory import parse_file
from .replay import replay_hand
from .rules import Stakes, bring_in, first_to_act, limits
from .whatif import next_card_table, pot_odds

# click >= 8.2 raises this for a bare group in standalone_mode=False; older click has none.
_NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def format_option(choices=report.FORMATS):
    return click.option(
        "--format", "fmt", type=click.Choice(choices), default="table", show_default=True,
        help="Output: a table for people, JSON or CSV for programs.",
    )


@click.group(context_settings=CONTEXT)
@click.version_option(package_name="studodds")
def cli():
    """Stud poker odds: equity (win, tie, share of the pot) and hand values."""


def _evaluation_cards(text: str) -> tuple[str, tuple[int, ...]]:
    """Known cards of a hand for `eval`: stud notation or a plain list of 5-7 cards."""
    if "(" in text:
        hand: StudHand = parse_hand(text)
        if hand.unknown_count:
            raise NotationError(f"{text!r}: eval needs every card known, not 'x'")
        label, cards = str(hand), hand.known_cards
    else:
        cards = parse_cards(text)
        label = cards_str(cards)
    if not 5 <= len(cards) <= 7:
        raise NotationError(f"{text!r} has {len(cards)} cards: eval takes 5 to 7 known cards")
    return label, cards


@cli.command("eval", context_settings=CONTEXT)
@click.option(
    "--kind", "-k", type=click.Choice(KINDS + ("all",)), default="all", show_default=True,
    help="high, ace-to-five low, eight-or-better low, ace-to-six low, deuce-to-seven low, "
    "or all five.",
)
@format_option(("table", "json", "csv"))
@click.argument("hands", nargs=-1, required=True)
def eval_command(kind: str, fmt: str, hands: tuple[str, ...]):
    """Value of each HAND (5 to 7 known cards) for each hand kind.

    A HAND is written as in stud, "(As Kd) Qh Jh Th 9h (2c)", or as a plain list of
    cards, "As Kd Qh Jh Th". Values: larger is stronger for every kind, lows included.

    \b
    Example:
      studodds eval "(As Kd) Ah Kh 7c 7d (2s)" "As 2c 3d 4h 6s"
    """
    kinds = KINDS if kind == "all" else (kind,)
    evaluations = []
    for text in hands:
        label, cards = _evaluation_cards(text)
        evaluations.append((label, {k: evaluate(cards, k) for k in kinds}))
    click.echo(report.eval_report(evaluations, fmt))


class _Progress:
    """A one-line progress bar on stderr, shown only once a run has taken a second."""

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self.start = time.perf_counter()
        self.shown = False

    def __call__(self, fraction: float) -> None:
        if not self.enabled or time.perf_counter() - self.start < 1.0:
            return
        width = 30
        fraction = min(max(fraction, 0.0), 1.0)
        filled = int(width * fraction)
        elapsed = time.perf_counter() - self.start
        left = f"{elapsed * (1 - fraction) / fraction:6.0f} s left" if fraction > 0 else ""
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {100 * fraction:5.1f}%"
                         f" {left}")
        sys.stderr.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\r" + " " * 60 + "\r")
            sys.stderr.flush()


def _game_option(games=tuple(GAMES), default="stud7"):
    return click.option("-g", "--game", default=default, show_default=True,
                        type=click.Choice(list(games), case_sensitive=False),
                        help="The game: " + ", ".join(games) + ".")


def odds_options(each: str = "", games=tuple(GAMES), default="stud7"):
    """-g, --dead and the method options, shared by the commands that compute equity.

    each: what one computation covers when a command makes several ("per card").
    """
    per = f" {each}" if each else ""
    options = [
        _game_option(games, default),
        click.option("--dead", default="", metavar="CARDS",
                     help="Cards out of play: folded up cards; x for an unseen one "
                     "(a folded hole card)."),
        click.option("--exact", is_flag=True,
                     help=f"Enumerate or count every deal{per} (refused when too many)."),
        click.option("--trials", type=int, metavar="N", help=f"Monte Carlo with N trials{per}."),
        click.option("--precision", type=float, metavar="SE",
                     help=f"Monte Carlo{per} until every equity's standard error is below SE "
                     "(e.g. 0.001)."),
        click.option("--seed", type=int, metavar="N",
                     help="Seed: the same numbers on any thread count."),
        click.option("--threads", type=int, metavar="N",
                     help="Threads to use (default: all cores)."),
    ]

    def decorate(command):
        for option in reversed(options):
            command = option(command)
        return command

    return decorate


def _community_option(command):
    return click.option(
        "--community", metavar="CARD",
        help="7th street after a card shortage: the community card turned face up, everyone's "
        "seventh card (write each player's six cards without a river).")(command)


@cli.command("equity", context_settings=CONTEXT)
@odds_options()
@_community_option
@click.option("--declare", metavar="D1,D2,...",
              help="stud5hl, stud7hl played with a declaration: high, low or both per player, "
              "in seat order (a swing keeps a claim only with the best high among the high "
              "and both declarers and the best low among the low and both declarers).")
@click.option("--distribution", is_flag=True, help="Also each player's final hand categories.")
@click.option("--pot", type=float, metavar="P", help="Pot size before the call (with --to-call).")
@click.option("--to-call", type=float, metavar="C", help="What the hero must put in to call.")
@click.option("--hero", type=int, default=1, show_default=True, metavar="N",
              help="The player the pot odds are for.")
@click.option("--bets-to-come", type=int, default=0, metavar="K",
              help="Implied odds: big bets the hero also wins when ahead (with --big-bet).")
@click.option("--big-bet", type=float, default=0.0, metavar="B", help="The big bet (fixed limit).")
@format_option()
@click.argument("hands", nargs=-1, required=True)
def equity_command(game, dead, exact, trials, precision, seed, threads, community, declare,
                   distribution, pot, to_call, hero, bets_to_come, big_bet, fmt, hands):
    """Each player's win, tie and equity as the cards lie now.

    One HAND per player, as in stud: hole cards in parentheses, up cards bare, the river
    in parentheses on 7th street; x for an unknown card; up cards only means the hole
    cards are unknown. Without --exact, --trials or --precision, small problems are
    enumerated exactly and larger ones sampled to a standard error of 0.0005.

    \b
    With --pot and --to-call: the equity a call needs, the call's expected value in chips
    and a verdict for the hero (player 1 unless --hero), on immediate pot odds.

    \b
    Examples:
      studodds equity "(As Ks) Ah" "(x x) Qd" --dead "7h 2c"
      studodds equity -g razz "(As 2d) 3c 5h" "Kd 9s" "(x x) 4c 6d"
      studodds equity -g stud7hl8 --exact "(As 2s) 3h 4h 9c" "(x x) Qc Kd 3d"
      studodds equity "(9s 8s) 7s 2s" "(x x) Ah Kd" --pot 40 --to-call 10
      studodds equity -g stud5hl "(As) 2c 3d" "(Kd) Kh 9c" --declare both,low
    """
    if (pot is None) != (to_call is None):
        raise click.UsageError("pot odds need both --pot and --to-call")
    if pot is None and (hero != 1 or bets_to_come or big_bet):
        raise click.UsageError("--hero, --bets-to-come and --big-bet go with --pot and --to-call")
    if pot is not None and fmt == "csv":
        raise click.UsageError("pot odds are shown in the table and JSON formats, not CSV")
    progress = _Progress(enabled=sys.stderr.isatty())
    try:
        result = equity(
            game, list(hands), dead, community=community, declare=declare,
            exact=exact or None, trials=trials, precision=precision, seed=seed,
            threads=threads, distribution=distribution, progress=progress,
        )
    finally:
        progress.close()
    odds = None
    if pot is not None:
        odds = pot_odds(result, pot, to_call, hero, bets_to_come, big_bet)
    click.echo(report.equity_report(result, fmt, odds))


@cli.command("next", context_settings=CONTEXT)
@odds_options(each="per card")
@click.option("--player", type=int, default=1, show_default=True, metavar="N",
              help="Whose next card.")
@format_option()
@click.argument("hands", nargs=-1, required=True)
def next_command(game, player, dead, exact, trials, precision, seed, threads, fmt, hands):
    """What every possible next card does to a player's equity.

    For each card that can come to player N on the next street (the river on 6th
    street): N's equity once it has come (the others' cards still to come), the change
    against now, and what it makes, grouped as improving, neutral and hurting.

    \b
    Example:
      studodds next "(As Ks) Ah Kh Qh" "(x x) Qc 2d 3d" --exact
    """
    progress = _Progress(enabled=sys.stderr.isatty())
    try:
        table = next_card_table(
            game, list(hands), dead, player=player, exact=exact or None, trials=trials,
            precision=precision, seed=seed, threads=threads, progress=progress,
        )
    finally:
        progress.close()
    click.echo(report.next_card_report(table, fmt))


@cli.command("declare", context_settings=CONTEXT)
@odds_options(games=tuple(g for g, game in GAMES.items() if game.declare), default="stud5hl")
@click.option("--player", type=int, default=1, show_default=True, metavar="N",
              help="Who is declaring.")
@_community_option
@format_option()
@click.argument("hands", nargs=-1, required=True)
def declare_command(game, dead, exact, trials, precision, seed, threads, player, community,
                    fmt, hands):
    """Which way should player N declare: high, low or both?

    Five-card stud high-low (and seven-card stud hi/lo without a qualifier) played with a
    declaration: after the last round everyone declares at once. One row per way the
    others may declare, with N's equity for each choice and the best of the three. A
    swing (both) keeps a claim only with the best high among those declaring high or both
    and the best low among those declaring low or both (ties count); otherwise it gets
    nothing. Before the last card the table assumes N commits now. Default game: stud5hl.

    \b
    Example:
      studodds declare "(As) 2c 3d 4h" "(Kd) Kh 9c 9d" --exact
    """
    progress = _Progress(enabled=sys.stderr.isatty())
    try:
        table = declare_table(
            game, list(hands), dead, player=player, community=community, exact=exact or None,
            trials=trials, precision=precision, seed=seed, threads=threads, progress=progress,
        )
    finally:
        progress.close()
    click.echo(report.declare_report(table, fmt))


@cli.group("rules", context_settings=CONTEXT)
def rules_group():
    """Table rules of fixed-limit stud: bring-in, order of play, bets per street."""


def _rules_report(fmt: str, headers, rows, data) -> str:
    if fmt == "json":
        return report.render_json(data)
    if fmt == "csv":
        return report.render_csv(headers, rows)
    return report.render_table(headers, rows)


@rules_group.command("bringin", context_settings=CONTEXT)
@_game_option()
@click.option("--tie", type=click.Choice(["suit", "seat"]), default="suit", show_default=True,
              help="Equal ranks: by suit (clubs lowest) or the first in seat order.")
@format_option()
@click.argument("cards", nargs=-1, required=True)
def rules_bringin_command(game, tie, fmt, cards):
    """Who must bring it in: one door CARD per player, in seat order from the dealer's left.

    The lowest door card brings it in, ace high; on equal ranks clubs are lowest, so 2c
    is the lowest card (the split games stud7hl8 and stud5hl play the same way). In razz,
    London lowball (razz6), seven-card hi/lo with no qualifier (stud7hl) and the five-card
    lowball games it is the highest door card, ace low: a king is the worst, spades worst on
    equal ranks. In deuce-to-seven razz (razz27) the ace is high, so the spade ace is the
    worst door card.

    \b
    Example:
      studodds rules bringin Kd 2d 2c As
    """
    seat = bring_in(game, cards, tie=tie)
    card = cards_str(parse_cards(cards[seat]))
    click.echo(_rules_report(fmt, ("seat", "card"), [(seat + 1, card)],
                             {"seat": seat + 1, "card": card}))


@rules_group.command("order", context_settings=CONTEXT)
@_game_option()
@click.option("--tie", type=click.Choice(["seat", "suit"]), default="seat", show_default=True,
              help="Equal boards: the first in seat order, or the suit of the leading card.")
@format_option()
@click.argument("boards", nargs=-1, required=True)
def rules_order_command(game, tie, fmt, boards):
    """Who acts first after the first round: one BOARD (up cards) per player, in seat order.

    The best showing hand acts first: quads, trips, two pair, a pair, then high cards;
    straights and flushes on board do not count. In razz, razz6, stud7hl and the five-card
    lowball games the best low board acts first, ace low, and any pair is worse than no
    pair; in deuce-to-seven razz (razz27) too, but the ace is high: a 7-5 board beats A-2.
    A BOARD of "-" is a seat no longer in the hand. On 7th street give the 6th-street up
    cards.

    \b
    Example:
      studodds rules order "8c 8d Kh" "Qs 2c Qd" "Th Js 9d"
    """
    seat = first_to_act(game, boards, tie=tie)
    board = cards_str(parse_cards(boards[seat]))
    click.echo(_rules_report(fmt, ("seat", "board"), [(seat + 1, board)], {"seat": seat + 1}))


def _money(value) -> str:
    return "" if value is None else format(value.normalize() if hasattr(value, "normalize")
                                           else value, "f")


def _json_money(value):
    if value is None or isinstance(value, int):
        return value
    return int(value) if value == value.to_integral_value() else float(value)


class _Amount(click.ParamType):
    name = "AMOUNT"

    def convert(self, value, param, ctx):
        try:
            amount = Decimal(str(value).strip().lstrip("$"))
        except InvalidOperation:
            self.fail(f"{value!r} is not an amount (e.g. 2 or 0.50)", param, ctx)
        if not amount.is_finite():
            self.fail(f"{value!r} is not an amount (e.g. 2 or 0.50)", param, ctx)
        return amount


@rules_group.command("limits", context_settings=CONTEXT)
@_game_option()
@click.option("--ante", type=_Amount(), required=True, help="The ante.")
@click.option("--bring-in", "bring_in_", type=_Amount(), required=True, help="The bring-in.")
@click.option("--small", type=_Amount(), required=True, help="The small bet.")
@click.option("--big", type=_Amount(), required=True, help="The big bet.")
@format_option()
def rules_limits_command(game, ante, bring_in_, small, big, fmt):
    """The bets of each street in fixed limit, and the cap (one bet and three raises).

    \b
    Example:
      studodds rules limits --ante 0.50 --bring-in 1 --small 2 --big 4
    """
    rows = limits(game, Stakes(ante, bring_in_, small, big))
    if fmt == "json":
        data = [
            {"round": r.round, "street": r.street, "size": r.size, "bet": _json_money(r.bet),
             "cap": _json_money(r.cap), "bring_in": _json_money(r.bring_in),
             "complete": _json_money(r.complete), "open_pair_bet": _json_money(r.open_pair_bet)}
            for r in rows
        ]
        click.echo(report.render_json(data))
        return
    if fmt == "csv":
        headers = ("round", "street", "size", "bet", "cap", "bring_in", "complete",
                   "open_pair_bet")
        click.echo(report.render_csv(headers, [
            (r.round, r.street, r.size, _money(r.bet), _money(r.cap), _money(r.bring_in),
             _money(r.complete), _money(r.open_pair_bet)) for r in rows
        ]))
        return
    headers = ("round", "street", "bet", "cap", "notes")
    table = []
    for r in rows:
        notes = []
        if r.bring_in is not None:
            notes.append(f"bring-in {_money(r.bring_in)}, complete to {_money(r.complete)}")
        if r.open_pair_bet is not None:
            notes.append(f"open pair: may bet {_money(r.open_pair_bet)} "
                         f"(cap {_money(4 * r.open_pair_bet)})")
        table.append((r.round, r.street, f"{_money(r.bet)} ({r.size})", _money(r.cap),
                      "; ".join(notes)))
    game_name = GAMES[game.lower()].name
    title = (f"{game_name}, fixed limit {_money(small)}/{_money(big)}, ante {_money(ante)}: "
             "one bet and three raises per round")
    click.echo(title + "\n\n" + report.render_table(headers, table))


@cli.command("replay", context_settings=CONTEXT)
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--hand", "hand_id", metavar="ID", help="Replay only this hand.")
@click.option("--hero", metavar="NAME", help="Whose view (default: the player dealt 3 cards).")
@click.option("--trials", type=int, metavar="N", help="Monte Carlo with N trials per street.")
@click.option("--precision", type=float, metavar="SE",
              help="Monte Carlo per street to this standard error (default: exact when cheap, "
              "else 0.0005).")
@click.option("--seed", type=int, default=1, show_default=True, metavar="N",
              help="Seed for the sampled streets.")
@format_option()
def replay_command(file, hand_id, hero, trials, precision, seed, fmt):
    """Replay PokerStars stud hand histories street by street, with the odds.

    For every street: the pot, the live players, and each one's equity as the hero saw it
    (folded up cards dead, folded hole cards unseen) and with every card shown at the end.
    Checks who brought it in and who acted first against the rules. 7 Card Stud, Stud
    Hi/Lo and Razz, also inside mixed games; other games in the file are skipped.

    \b
    Example:
      studodds replay hands.txt --hand 35874004239
    """
    try:
        hands, problems = parse_file(file)
    except OSError as exc:
        raise click.UsageError(f"cannot read {file!r}: {exc.strerror or exc}") from None
    for problem in problems:
        where = f"hand {problem.hand_id}, " if problem.hand_id else ""
        click.echo(f"warning: {where}line {problem.line}: {problem.message}", err=True)
    if hand_id is not None:
        hands = [h for h in hands if h.hand_id == hand_id]
        if not hands:
            raise click.UsageError(f"no stud hand {hand_id!r} in {file!r}")
    if not hands:
        raise click.UsageError(f"no seven-card stud, stud hi/lo or razz hands in {file!r}")
    replays = []
    for hh in hands:
        for warning in hh.warnings:
            click.echo(f"warning: hand {hh.hand_id}, {warning} (skipped)", err=True)
        if hero is not None and hero not in dict(hh.seats).values():
            raise click.UsageError(f"--hero {hero!r} is not at the table in hand {hh.hand_id}")
        try:
            replays.append(
                replay_hand(hh, hero=hero, trials=trials, precision=precision, seed=seed)
            )
        except OptionError:
            raise  # a bad option spoils every hand: one error
        except ValueError as exc:  # a hand our engine cannot take: say so, replay the rest
            click.echo(f"warning: hand {hh.hand_id} cannot be replayed: {exc}", err=True)
    if not replays:
        raise click.UsageError(f"none of the hands in {file!r} could be replayed")
    click.echo(report.replay_report(replays, fmt))


class _BatchProgress:
    """done / total, spots per second and time left on one stderr line, at a terminal only.

    Problems reported mid-run are printed above the bar (message()).
    """

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self.start = time.perf_counter()
        self.last_draw = 0.0
        self.shown = False

    def update(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if not self.enabled or (now - self.last_draw < 0.1 and done < total):
            return
        self.last_draw = now
        elapsed = now - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        left = _duration((total - done) / rate) + " left" if rate > 0 else ""
        filled = int(30 * done / total) if total else 30
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} spots, "
                         f"{rate:.1f}/s, {left}   ")
        sys.stderr.flush()
        self.shown = True

    def message(self, text: str) -> None:
        self.close()
        click.echo(text, err=True)

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\r" + " " * 78 + "\r")
            sys.stderr.flush()
            self.shown = False


def _duration(seconds: float) -> str:
    """12 s, 4:05 or 1:02:03."""
    seconds = round(seconds)
    if seconds < 60:
        return f"{seconds} s"
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


@contextlib.contextmanager
def _sigterm_as_interrupt():
    """`kill` stops a batch like Ctrl-C does: results so far kept, Dask workers shut down."""
    def interrupt(signum, frame):
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _batch_executor(use_dask, scheduler, workers, threads_per_worker, threads):
    if use_dask and scheduler:
        raise click.UsageError("choose --dask (a cluster here) or --scheduler ADDR, not both")
    if not use_dask and (workers or threads_per_worker):
        raise click.UsageError("--workers and --threads-per-worker size the cluster of --dask")
    if use_dask or scheduler:
        return DaskExecutor(scheduler, workers=workers,
                            threads_per_worker=threads_per_worker or 1, threads=threads)
    return LocalExecutor(threads=threads)


def executor_options(command):
    """Where spots run: here (default), --dask, --scheduler; shared by batch and chart."""
    options = [
        click.option("--dask", "use_dask", is_flag=True,
                     help="Run on a Dask cluster of worker processes started here."),
        click.option("--scheduler", metavar="ADDR",
                     help="Run on an existing Dask cluster, e.g. tcp://10.0.0.5:8786."),
        click.option("--workers", type=click.IntRange(min=1), metavar="N",
                     help="--dask: worker processes (default: one per core)."),
        click.option("--threads-per-worker", type=click.IntRange(min=1), metavar="N",
                     help="--dask: spots each worker runs at once (default: 1)."),
        click.option("--chunk-size", type=click.IntRange(min=1), metavar="N",
                     help="Dask: spots per task (default: adapted to about half a second of "
                     "work per task)."),
        click.option("--threads", type=click.IntRange(min=1), metavar="N",
                     help="Threads per spot (default: all cores here, the cores shared out "
                     "with --dask, 1 with --scheduler)."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _run_batch_file(spots, output, use_dask, scheduler, workers, threads_per_worker,
                    chunk_size, threads):
    """run_batch with the executor options, a progress bar and Ctrl-C handling."""
    if chunk_size and not (use_dask or scheduler):
        raise click.UsageError("--chunk-size sets the spots per Dask task: use it with --dask "
                               "or --scheduler")
    executor = _batch_executor(use_dask, scheduler, workers, threads_per_worker, threads)
    progress = _BatchProgress(enabled=sys.stderr.isatty())
    try:
        with _sigterm_as_interrupt():
            summary = run_batch(spots, output, executor=executor, chunk_size=chunk_size,
                                on_progress=progress.update, on_problem=progress.message)
    except BatchInterrupted as exc:
        progress.message(f"interrupted: {exc.summary.line()}; run the same command again "
                         "to resume")
        click.get_current_context().exit(130)  # said above; no second "aborted" line
    finally:
        progress.close()
    click.echo(summary.line(), err=True)
    return summary


@cli.command("batch", context_settings=CONTEXT)
@click.argument("spots", type=click.Path(exists=True, dir_okay=False))
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
              metavar="RESULTS.jsonl", help="Results, one JSON line per spot (appended to).")
@executor_options
def batch_command(spots, output, use_dask, scheduler, workers, threads_per_worker, chunk_size,
                  threads):
    """Run many equity questions: SPOTS is a JSON Lines file, one spot per line.

    \b
    A spot: {"id": "a1", "game": "stud7", "hands": ["(As Ks) Ah", "(x x) Qd"],
             "dead": "7h 2c", "trials": 100000, "seed": 1}
    "id" (a string or a whole number, unique) and "game" and "hands" are required;
    "dead", "exact" | "trials" | "precision", "seed" and "distribution" as for
    `studodds equity`. A spot sampled without a seed gets one derived from its id.

    \b
    Each result is one line of RESULTS.jsonl, in the order the spots finish:
    {"id": ..., then the object `studodds equity --format json` prints}.
    Resumable: results are appended as they finish and a rerun skips the ids
    already in RESULTS.jsonl, so an interrupted batch loses only the spots that
    were running. Bad lines and failed spots are reported on stderr (line number,
    id) and skipped; rerunning tries them again.

    \b
    Exit code: 0 when every spot has its result; 1 when some lines were bad or
    some spots failed (the rest are written); 2 when nothing could run (bad
    options, unreadable files, no Dask); 130 when interrupted (rerun to resume).

    \b
    Examples:
      studodds batch spots.jsonl -o results.jsonl
      studodds batch spots.jsonl -o results.jsonl --dask --workers 4
      studodds batch spots.jsonl -o results.jsonl --scheduler tcp://10.0.0.5:8786
    """
    summary = _run_batch_file(spots, output, use_dask, scheduler, workers, threads_per_worker,
                              chunk_size, threads)
    if not summary.ok:
        click.get_current_context().exit(1)


@cli.command("chart", context_settings=CONTEXT)
@_game_option(chart_module.CHART_GAMES)
@click.option("--vs", type=click.Choice(chart_module.VS_CHOICES), default="random",
              show_default=True,
              help="random: each class against random hands; classes: every class against "
              "every class (a matrix).")
@click.option("--select", "selection", metavar="SET|LABELS",
              help="Hero classes: " + ", ".join(SELECTIONS) + ", or class labels separated "
              "by commas, e.g. '(A A) K,(K K) Q KQs'. Default: all vs random, rolled vs "
              "classes.")
@click.option("--villains", metavar="SET|LABELS",
              help="--vs classes: the villain classes (default: the same as --select).")
@click.option("--opponents", type=click.IntRange(1, 7), default=1, show_default=True,
              help="--vs random: how many random hands.")
@click.option("--exact", is_flag=True, help="Every spot exact (default vs classes).")
@click.option("--trials", type=click.IntRange(min=1), metavar="N",
              help="Monte Carlo with N trials per spot.")
@click.option("--precision", type=float, metavar="SE",
              help="Monte Carlo per spot to this standard error (default vs random: 0.0005).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Changes every spot's seed: the same seed, the same chart.")
@click.option("-o", "--output", "prefix", required=True, metavar="PREFIX",
              help="Writes PREFIX.csv, PREFIX.json and PREFIX.png; the spots and results go to "
              "PREFIX.spots.jsonl and PREFIX.results.jsonl (a rerun resumes).")
@click.option("--top", type=click.IntRange(min=1), default=25, show_default=True,
              help="The best and worst N classes in the printed table and the bar chart.")
@click.option("--no-png", is_flag=True, help="No picture (no matplotlib needed).")
@executor_options
@format_option()
def chart_command(game, vs, selection, villains, opponents, exact, trials, precision, seed,
                  prefix, top, no_png, use_dask, scheduler, workers, threads_per_worker,
                  chunk_size, threads, fmt):
    """A starting-hand chart: third-street classes (1,755 up to suits) against random
    hands or against each other, run as a batch (so on a Dask cluster too), written as
    CSV, JSON and a PNG (a ranked bar chart, or a heat map vs classes).

    Each class is weighted by its number of card combinations; equity against random
    hands does not depend on which card is the door card, so a class is 3 cards.
    Interrupted? Run the same command again: finished spots are kept.

    \b
    Examples:
      studodds chart -g razz -o razz-vs-random
      studodds chart -g stud7 --vs classes --select rolled -o rolled
      studodds chart -g stud7hl8 --select pairs --dask -o pairs
    """
    selection = _selection(selection) or ("all" if vs == "random" else "rolled")
    villains = _selection(villains)
    if prefix.endswith(("/", "\\")) or os.path.isdir(prefix):
        raise click.BadParameter(f"{prefix!r} is a folder: -o takes a prefix such as "
                                 f"{os.path.join(prefix, 'razz')!r}", param_hint="'-o'")
    if not no_png:
        chart_module.check_png_tools()  # before the work, not after it
    spots = chart_module.chart_spots(
        game, vs, selection=selection, villains=villains, opponents=opponents,
        exact=exact or None, trials=trials, precision=precision, seed=seed,
    )
    if exact and vs == "random":
        click.echo(chart_module.exact_vs_random_notice(game, opponents, len(spots)), err=True)
    spots_path, results_path = f"{prefix}.spots.jsonl", f"{prefix}.results.jsonl"
    chart_module.write_spot_file(spots, spots_path)
    summary = _run_batch_file(spots_path, results_path, use_dask, scheduler, workers,
                              threads_per_worker, chunk_size, threads)
    if not summary.ok:
        raise click.ClickException(
            f"some spots have no result (see above): fix them and rerun to finish the chart; "
            f"finished spots are kept in {results_path}"
        )
    heroes = select_classes(selection)
    chart = chart_module.chart_table(
        spots, read_results(results_path), heroes=heroes,
        villains=(select_classes(villains) if villains else heroes) if vs == "classes" else None,
    )
    written = [f"{prefix}.csv", f"{prefix}.json"]
    chart_module.write_csv(chart, written[0])
    chart_module.write_json(chart, written[1])
    if not no_png:
        chart_module.write_png(chart, f"{prefix}.png", top=top)
        written.append(f"{prefix}.png")
    click.echo(report.chart_report(chart, fmt, top))
    click.echo("wrote " + ", ".join(written), err=True)


def _selection(text: str | None):
    """A selection name as it is, or comma-separated class labels as a list."""
    if text is None or text.strip() in SELECTIONS:
        return None if text is None else text.strip()
    labels = [label.strip() for label in text.split(",") if label.strip()]
    if not labels:
        raise click.BadParameter(f"{text!r} names no class: give " + ", ".join(SELECTIONS)
                                 + " or class labels separated by commas")
    return labels


def main(argv=None) -> int:
    """Entry point: every error is one 'Error: ...' line on stderr and exit code 2."""
    try:
        # A command's own exit code (ctx.exit(1): `batch` with failed spots) comes back here.
        code = cli.main(args=argv, prog_name="studodds", standalone_mode=False)
    except _NO_ARGS_IS_HELP as exc:  # a bare `studodds`: its help is the answer
        click.echo(exc.ctx.get_help() if exc.ctx else str(exc))
        return 0
    except click.exceptions.Abort:
        click.echo("Error: aborted", err=True)
        return 130
    except click.ClickException as exc:
        hint = ""
        if isinstance(exc, click.UsageError) and exc.ctx is not None:
            hint = f" (see '{exc.ctx.command_path} --help')"
        click.echo(f"Error: {exc.format_message()}{hint}", err=True)
        return 2
    except ValueError as exc:  # the library's errors: they quote the input and say the fix
        click.echo(f"Error: {exc}", err=True)
        return 2
    except OSError as exc:  # a file that cannot be written or read: say which, and why
        where = f"{exc.filename}: " if exc.filename else ""
        click.echo(f"Error: {where}{exc.strerror or exc}", err=True)
        return 2
    return code if isinstance(code, int) else 0


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())
