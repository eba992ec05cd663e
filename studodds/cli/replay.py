"""`studodds replay`: hand histories street by street, with everyone's odds; or, with
--summary, a whole session at once: how the hero ran."""

from __future__ import annotations

import os
import sys
import time

import click

from ..batch import iter_results
from ..histories import FileRefused, HandHistory, ParseProblem, identify_file, parse_file
from ..histories.replaying import (
    ReplayError,
    distinct_hands,
    no_hands_reason,
    problem_line,
    replay_hands,
    select_hand,
)
from ..histories.session import SummaryError, summarize
from ..messages import OptionError
from ..method import Method
from ..review.decisions import DECISION_PRECISION, Decision, DecisionError, decisions_of
from . import render
from . import replay_decisions as decisions_render
from . import replay_summary as summary_render
from .batch import _batch_executor
from .options import CONTEXT, format_option
from .untrusted import visible


def _summary_executor_options(command):
    """Where the summary's questions run: here (default, one core each), --dask,
    --scheduler (the names of `studodds batch`'s options, told for the summary)."""
    options = [
        click.option("--dask", "use_dask", is_flag=True,
                     help="--summary: ask the questions on a Dask cluster of worker processes "
                     "started here."),
        click.option("--scheduler", metavar="ADDR",
                     help="--summary: ask them on an existing Dask cluster, e.g. "
                     "tcp://10.0.0.5:8786."),
        click.option("--workers", type=click.IntRange(min=1), metavar="N",
                     help="--dask: worker processes (default: one per core; at most twice "
                     "the number of cores)."),
        click.option("--threads-per-worker", type=click.IntRange(min=1), metavar="N",
                     help="--dask: questions each worker runs at once (default: 1; at most "
                     "twice the number of cores)."),
        click.option("--chunk-size", type=click.IntRange(min=1), metavar="N",
                     help="Dask: questions per task (default: about half a second of work)."),
        click.option("--threads", type=click.IntRange(min=1), metavar="N",
                     help="--summary: threads per question (default: 1 here, the questions "
                     "being small; the cores shared out with --dask, 1 with --scheduler)."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


@click.command("replay", context_settings=CONTEXT)
@click.argument("files", nargs=-1, required=True, metavar="FILE...",
                type=click.Path(dir_okay=True))
@click.option("--hand", "hand_id", metavar="ID", help="Replay only this hand.")
@click.option("--hero", metavar="NAME",
              help="Whose view (default: the player the file deals hole cards to).")
@click.option("--summary", "summary", is_flag=True,
              help="The whole session at once: hands, net, showdowns, pots won against the "
              "equity held on each street.")
@click.option("--decisions", "decisions", is_flag=True,
              help="Each decision of the hero (fold, call, raise, complete, check, bet) with "
              "its price: the pot, the chips to call, the equity the call needs, the "
              "equity held as the hero saw the cards, and what a wrong call or fold cost in "
              "big bets.")
@click.option("--ranges", "ranges", multiple=True, metavar="RANGE|NAME=RANGE",
              help="--decisions: the opponents' hole cards from a range instead of at random "
              "(docs/hands.md, Ranges): one RANGE for every opponent, or NAME=RANGE, "
              "repeated, per opponent. E.g. --ranges top20%.")
@click.option("--png", metavar="FILE", type=click.Path(dir_okay=False),
              help="--summary: draw pots won against pots expected over the showdowns "
              "(needs matplotlib).")
@click.option("--trials", type=int, metavar="N", help="Monte Carlo with N trials per street.")
@click.option("--precision", type=float, metavar="SE",
              help="Monte Carlo per street to this standard error (default: exact when cheap, "
              f"else 0.0005; --summary: 0.005; --decisions: {DECISION_PRECISION}).")
@click.option("--seed", type=int, default=1, show_default=True, metavar="N",
              help="Seed for the sampled streets.")
@_summary_executor_options
@format_option()
def replay_command(files, hand_id, hero, summary, decisions, ranges, png, trials, precision,
                   seed, use_dask, scheduler, workers, threads_per_worker, chunk_size,
                   threads, fmt):
    """Replay stud hand histories street by street, with the odds.

    Reads PokerStars, Full Tilt, Winamax, KingsClub, iPoker, Merge, Ongame, Bovada/Bodog,
    Everleaf, Absolute, PartyPoker and Winning Poker hand histories and PHH files, the
    room told from the content (Everleaf and PartyPoker files do not write the other
    players' up cards: their hands are read but give no odds). For every street: the pot, the live players, and each
    one's equity as the hero saw it (folded up cards dead, folded hole cards unseen; the
    hands face up once no betting is left after an all-in) and with the hole cards shown
    at showdown or on folding. Checks who brought it in and who
    acted first against the rules. Seven-card stud, stud hi/lo, razz, deuce-to-seven razz
    and five-card stud, also inside mixed games; other games in the file are skipped.

    FILE...: one or more hand-history files, or folders of them (every file inside,
    subfolders too). A single file without a hand to replay is an error (exit 2); with
    several, such a file is named on stderr and the others replay; the exit code is then 1.

    --summary: how the hero ran over every hand in the files: the hands dealt into, the
    net (chips collected less chips put in), and over the showdowns (the hero live and
    every live hand shown) the pots won (the hero's share of each pot the hero could win)
    against the pots expected on each street (the hero's equity there against the hands
    that reached the showdown, with their hole cards as shown at the end).
    Exact where cheap, else sampled to a standard error of 0.005 per street; --dask or
    --scheduler spread the streets over Dask workers.

    --decisions: each decision of the hero with its price (docs/replay.md, "Decisions
    with the price"): exact where cheap (heads-up from 5th street), else sampled to a
    standard error of 0.0025.

    \b
    Examples:
      studodds replay hands.txt --hand 35874004239
      studodds replay HandHistory/ --summary --hero Hero --png session.png
      studodds replay hands.txt --decisions --ranges top20%
    """
    if summary and decisions:
        raise click.UsageError("--summary and --decisions answer different questions: give "
                               "one of them")
    if ranges and not decisions:
        raise click.UsageError("--ranges is an option of the decisions: add --decisions")
    opponent_ranges = _opponent_ranges(ranges) if ranges else None
    if not summary and (png or use_dask or scheduler or workers or threads_per_worker
                        or chunk_size or threads):
        given = next(name for name, value in (
            ("--png", png), ("--dask", use_dask), ("--scheduler", scheduler),
            ("--workers", workers), ("--threads-per-worker", threads_per_worker),
            ("--chunk-size", chunk_size), ("--threads", threads)) if value)
        raise click.UsageError(f"{given} is an option of the summary: add --summary")
    if png:
        summary_render.check_png_tools()  # before the work, not after it
    several, paths = _expand(files)
    read: list[tuple[str, list[HandHistory]]] = []
    problems: list[ParseProblem] = []  # the hands that could not be read
    unread = 0
    for path in paths:
        found = _read(path, several, problems)
        unread += found is None
        read.append((path, found or []))
    hands, repeats = distinct_hands(read)
    if repeats:
        first = repeats[0]
        where = (f"twice in {first.first!r}" if first.first == first.again
                 else f"in {first.first!r} and again in {first.again!r}")
        hands_repeated = len({(r.hand_id, r.first) for r in repeats})
        _warn(f"warning: {_hands_read_again(hands_repeated)} (the same room, id, players and "
              f"cards dealt on the first street; the first: hand {first.hand_id}, {where})")
    if not hands:
        raise click.UsageError(f"none of the {len(paths)} files holds a stud hand to replay")
    where = repr(paths[0]) if len(paths) == 1 else f"the {len(paths)} files"
    try:
        hands = select_hand(hands, hand_id, where, problems)
    except ReplayError as exc:
        raise click.UsageError(str(exc)) from None
    if summary:
        _summary(hands, paths, hero, png, trials, precision, seed, fmt,
                 (use_dask, scheduler, workers, threads_per_worker, chunk_size, threads))
    elif decisions:
        _decisions(hands, paths, hero, opponent_ranges, trials, precision, seed, fmt)
    else:
        _replay(hands, paths, hero, trials, precision, seed, fmt)
    if unread:
        click.get_current_context().exit(1)


def _opponent_ranges(values) -> str | dict[str, str]:
    """--ranges: one range for every opponent, or NAME=RANGE per opponent (a range has no
    "=", so the last one splits)."""
    named = [v for v in values if "=" in v]
    if not named:
        if len(values) > 1:
            raise click.UsageError(f"--ranges {values[1]!r}: one range for every opponent is "
                                   "given once; for a range per opponent write NAME=RANGE")
        return values[0]
    if len(named) != len(values):
        plain = next(v for v in values if "=" not in v)
        raise click.UsageError(f"--ranges {plain!r}: with ranges per opponent, write each as "
                               "NAME=RANGE")
    out = {}
    for value in named:
        name, _, text = value.rpartition("=")
        if not name.strip() or not text.strip():
            raise click.UsageError(f"--ranges {value!r}: write NAME=RANGE, e.g. Alice=top20%")
        out[name.strip()] = text.strip()
    return out


def _decisions(hands, paths, hero, ranges, trials, precision, seed, fmt) -> None:
    """Each hand's decisions; a hand that cannot be priced is a warning, none an error."""
    where = repr(paths[0]) if len(paths) == 1 else f"the {len(paths)} files"
    found: list[Decision] = []
    priced = 0
    for hh in hands:
        try:
            found += decisions_of(hh, hero, ranges=ranges, precision=precision,
                                  trials=trials, seed=seed)
            priced += 1
        except OptionError as exc:  # a bad option spoils every hand: one error
            raise click.UsageError(str(exc)) from None
        except DecisionError as exc:
            if len(hands) == 1:
                raise click.UsageError(str(exc)) from None
            _warn(f"warning: {exc} (left out)")
    if not priced:
        raise click.UsageError(f"no decision in {where} could be priced: see the warnings "
                               "above")
    if fmt == "csv":
        _warn(decisions_render.IGNORES)  # a CSV has no room for a sentence
    click.echo(render.write(decisions_render.decisions_report(found), fmt))


def _expand(files) -> tuple[bool, list[str]]:
    """The files named and those inside the folders named (sorted, hidden ones left
    out); whether there are several (a folder counts as several)."""
    paths = []
    for name in files:
        if not os.path.isdir(name):
            paths.append(name)
            continue
        inside = []
        for root, dirs, names in os.walk(name):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            inside += [os.path.join(root, n) for n in sorted(names) if not n.startswith(".")]
        if not inside:
            raise click.UsageError(f"the folder {name!r} holds no files")
        paths += inside
    # A file named twice (or also inside a folder named) is read once.
    once: dict[str, str] = {}
    for path in paths:
        once.setdefault(os.path.realpath(path), path)
    return len(files) > 1 or len(paths) != len(files), list(once.values())


def _hands_read_again(n: int) -> str:
    if n == 1:
        return "a hand read more than once, replayed once"
    return f"{n:,} hands read more than once, each replayed once"


def _read(path: str, several: bool, problems: list[ParseProblem]):
    """The hands of one file, with its warnings on stderr, and the hands it could not read
    added to problems. A file that cannot be read or holds no hand (a device, a pipe, a
    file over the size cap: FileRefused) is the error when it is the only one; among
    several it is named on stderr (None)."""
    try:
        hands, unread = parse_file(path)
    except FileRefused as exc:
        return _unreadable(str(exc), several)
    except OSError as exc:
        return _unreadable(f"cannot read {path!r}: {exc.strerror or exc}", several)
    problems += unread
    prefix = f"{path}: " if several else ""
    for problem in unread:
        _warn(problem_line(problem, prefix))
    if not hands:
        if not several:
            raise click.UsageError(_no_hands(path, unread))
        _warn(f"warning: {_no_hands(path, unread)}; skipped")
        return None
    return hands


def _unreadable(why: str, several: bool) -> None:
    if not several:
        raise click.UsageError(why)
    _warn(f"warning: {why} (skipped)")


def _warn(line: str) -> None:
    """A warning on stderr: it may quote the file (a name, a line), so visible()."""
    click.echo(visible(line), err=True)


def _replay(hands, paths, hero, trials, precision, seed, fmt) -> None:
    where = repr(paths[0]) if len(paths) == 1 else f"the {len(paths)} files"
    try:
        replays = replay_hands(hands, hero=hero, where=where, warn=_warn,
                               method=Method(trials=trials, precision=precision, seed=seed))
    except ReplayError as exc:
        raise click.UsageError(str(exc)) from None
    click.echo(render.write(render.replay_report(replays), fmt))


class _Progress:
    """done / total questions on one stderr line, at a terminal only."""

    def __init__(self, first_line: str):
        self.enabled = sys.stderr.isatty()
        self.first_line = first_line  # said when the work starts (the hero is known)
        self.last = 0.0
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        if self.first_line:
            click.echo(self.first_line, err=True)
            self.first_line = ""
        now = time.perf_counter()
        if not self.enabled or (now - self.last < 0.1 and done < total):
            return
        self.last = now
        filled = int(30 * done / total) if total else 30
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} questions")
        sys.stderr.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\r" + " " * 60 + "\r")
            sys.stderr.flush()


def _summary(hands, paths, hero, png, trials, precision, seed, fmt, executor_args) -> None:
    use_dask, scheduler, workers, threads_per_worker, chunk_size, threads = executor_args
    if chunk_size and not (use_dask or scheduler):
        raise click.UsageError("--chunk-size sets the spots per Dask task: use it with --dask "
                               "or --scheduler")
    runner = None  # in this process, one core per question (histories.session)
    executor = None
    if use_dask or scheduler or threads:
        executor = _batch_executor(use_dask, scheduler, workers, threads_per_worker,
                                   threads or (None if use_dask or scheduler else 1))
        runner = _batch_runner(executor, chunk_size)
    if len({hh.tournament is None for hh in hands}) > 1:
        _warn("warning: the files mix tournament hands and cash games: the net adds "
              "tournament chips and money together as they are")
    where = repr(paths[0]) if len(paths) == 1 else f"the {len(paths)} files"
    progress = _Progress(summary_render.sampled_note(precision, trials))
    try:
        result = summarize(hands, hero, precision=precision, trials=trials, seed=seed,
                           runner=runner, progress=progress, where=where)
    except SummaryError as exc:
        raise click.UsageError(str(exc)) from None
    finally:
        progress.close()
    for hand, why in result.skipped:
        _warn(f"warning: hand {hand} {why} (left out)")
    click.echo(render.write(summary_render.summary_report(result), fmt))
    if png:
        summary_render.write_png(result, png)
        click.echo(f"wrote {png}", err=True)


def _batch_runner(executor, chunk_size):
    """The summary's questions through studodds.batch (the code `studodds batch` runs)."""
    def run(spots):
        for result in iter_results(spots, executor=executor, chunk_size=chunk_size):
            if not result.ok:
                raise click.ClickException(f"street {result.id}: {result.error}")
            yield result.id, result.result
    return run


def _no_hands(file: str, problems) -> str:
    """Why a file gave no hands, naming what it is (recognised from its content)."""
    return no_hands_reason(file, identify_file(file), problems)
