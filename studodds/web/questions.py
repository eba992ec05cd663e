"""Requests to library calls: a request body checked into a question, and the question
run into the JSON text `studodds ... --format json` prints for it.

The bodies are batch spots without an id (batch/spot_lines.py checks their fields, so errors
read as they do for a batch file) plus the pot-odds fields of `equity` or the `player` of
`next` and `declare`; the answers are built by studodds.reports, as the CLI's are. Every
bad input is a ValueError whose message is the one line the CLI prints after "Error: "."""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..batch.spot_lines import SPOT_FIELDS, check_fields, json_line, question_options
from ..declare import declare_table
from ..equity import equity
from ..games import GAMES
from ..histories.history_files import parse_bytes
from ..histories.replaying import (
    ReplayError,
    no_hands_reason,
    problem_line,
    problem_text,
    replay_hands,
    select_hand,
)
from ..messages import option_words
from ..reports import (
    declare_document,
    equity_document,
    next_card_document,
    own_odds_document,
    replay_document,
    to_json,
)
from ..whatif import check_pot_odds, next_card_table, pot_odds, pot_odds_asked

POT_ODDS_FIELDS = ("pot", "to_call", "hero", "bets_to_come", "big_bet")
EQUITY_FIELDS = tuple(f for f in SPOT_FIELDS if f != "id") + POT_ODDS_FIELDS
NEXT_FIELDS = ("game", "hands", "dead", "exact", "trials", "precision", "seed", "player")
DECLARE_FIELDS = NEXT_FIELDS[:3] + ("community",) + NEXT_FIELDS[3:]
ODDS_FIELDS = ("game", "hands", "dead", "community", "player", "at_least")

Progress = Callable[[float], None]
Warn = Callable[[str], None]  # a warning line, in the words the CLI writes on stderr
# A checked question: run(progress, warn) -> its JSON document (answer_text writes it out).
Question = Callable[[Progress, Warn], object]

# What a question may hold, checked before any of it is read: a question is a few hundred
# bytes; these leave room for every real one and none for a hostile megabyte.
MAX_HANDS = max(game.max_players for game in GAMES.values())
MAX_LIST = 52  # entries in "dead" or "declare" given as a list: never more than a deck
# An uploaded hand-history file: the hands it may hold (a long session is a few hundred).
MAX_REPLAY_HANDS = 200


class TooLong(ValueError):
    """A question whose estimated time is over the server's limit: refused before the work
    (HTTP 400), with the command that asks it in a terminal."""


@dataclass(frozen=True)
class Limits:
    """How much one question may cost the server (`studodds serve --max-seconds`).

    max_seconds: the longest estimated time (engine/timing.py, on this machine) a question
    is given; None for no limit (the library's own use, tests)."""

    max_seconds: float | None = None

    def on_estimate(self, command: Callable[[], str]):
        """The on_estimate of a library call: TooLong when the estimate is over the limit."""
        def check(estimate) -> None:
            if self.max_seconds is not None and estimate.seconds > self.max_seconds:
                smaller = ("ask for fewer trials or a coarser precision"
                           if estimate.method == "sampling" else
                           "ask for a sample instead (trials or a precision)")
                took = _duration(estimate.seconds)
                if took == _duration(self.max_seconds):  # "about 60 s ... up to 60 s"
                    took = f"more than {took}"
                else:
                    took = f"{'up to' if estimate.at_most else 'about'} {took}"
                over = f", over {estimate.runs} questions" if estimate.runs > 1 else ""
                raise TooLong(
                    f"this question would take {took} here ({estimate.method}, "
                    f"{estimate.deals:,.0f} deals{over}); the page answers questions of up to "
                    f"{_duration(self.max_seconds)}: {smaller}, or ask it in a terminal: "
                    f"{command()}")
        return check


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:,.0f} hours"


def command_line(command: str, options: Mapping, **extra) -> str:
    """The same question as a `studodds` command a terminal takes (quoted for a POSIX shell)."""
    words = ["studodds", command, "-g", options["game"]]
    dead = options.get("dead")
    if dead:
        words += ["--dead", dead if isinstance(dead, str) else " ".join(map(str, dead))]
    if options.get("community"):
        words += ["--community", options["community"]]
    declare = options.get("declare")
    if declare:
        words += ["--declare", declare if isinstance(declare, str) else ",".join(declare)]
    if options.get("exact"):
        words.append("--exact")
    for name in ("trials", "precision", "seed"):
        if options.get(name) is not None:
            words += [f"--{name}", str(options[name])]
    if options.get("distribution"):
        words.append("--distribution")
    for name, value in extra.items():
        if value is not None:
            words += [f"--{name.replace('_', '-')}", str(value)]
    return " ".join(shlex.quote(w) for w in words + list(options["hands"]))


def check_sizes(data: Mapping) -> None:
    """Refuse a question too big to be a real one before any card of it is read: more hands
    than any game seats, a hand or dead list longer than notation ever is (cards.py caps
    the text of each), a list of dead cards or declarations longer than a deck."""
    hands = data.get("hands")
    if isinstance(hands, list) and len(hands) > MAX_HANDS:
        raise ValueError(f'"hands" holds {len(hands):,} hands: a stud game seats at most '
                         f"{MAX_HANDS} players, one hand each")
    for name in ("dead", "declare"):
        value = data.get(name)
        if isinstance(value, list) and len(value) > MAX_LIST:
            raise ValueError(f'"{name}" is a list of {len(value):,} entries: at most {MAX_LIST}')


def read_body(raw: bytes) -> Mapping:
    """A request body as a JSON object (ValueError: not JSON, or not an object)."""
    data = json_line(raw)
    if not isinstance(data, Mapping):  # a ValueError, as every bad input is: HTTP 400
        raise ValueError('the request body is a JSON object such as {"game": "stud7", '  # noqa: TRY004
                         f'"hands": ["(As Ks) Ah", "(x x) Qd"]}}, got {type(data).__name__}')
    return data


def answer_text(document) -> str:
    """The text of an answer: the CLI's stdout for the same question, newline included."""
    return to_json(document) + "\n"


def _method(options: dict) -> dict:
    return {k: options[k] for k in ("exact", "trials", "precision", "seed")}


def _given(data: Mapping, name: str, default):
    """A field's value; its default when missing or null (the CLI's option default)."""
    value = data.get(name)
    return default if value is None else value


# The options as the page names them (its boxes' labels): the library's messages name an
# option through messages.option, so a card twice is "player 2 and the dead cards" here
# and "player 2 and --dead" on the command line, the same fact in each one's words.
PAGE_WORDS = {
    "dead": "the dead cards", "community": "the community card",
    "declare": "the declarations", "exact": "the exact method", "trials": "trials",
    "precision": "precision", "seed": "the seed", "player": "player", "pot": "the pot",
    "to_call": "to call", "hero": "the hero", "bets_to_come": "bets to come",
    "big_bet": "the big bet", "at_least": "the hand asked",
}


def in_page_words(make: Callable[[bytes], Question]) -> Callable[[bytes], Question]:
    """make, and the question it returns, with the page's names for the options in the
    messages they raise (PAGE_WORDS)."""
    def worded_make(raw: bytes) -> Question:
        with option_words(PAGE_WORDS):
            question = make(raw)

        def worded_question(progress: Progress, warn: Warn):
            with option_words(PAGE_WORDS):
                return question(progress, warn)
        return worded_question
    return worded_make


def equity_question(data: Mapping, limits: Limits = Limits(None)) -> Question:
    """POST /api/equity: `studodds equity`, with pot odds when "pot" and "to_call" are
    given ("hero" defaults to 1, "bets_to_come" and "big_bet" to 0)."""
    check_fields(data, EQUITY_FIELDS)
    check_sizes(data)
    options = question_options({k: v for k, v in data.items() if k not in POT_ODDS_FIELDS})
    odds_args: tuple = (data.get("pot"), data.get("to_call"), _given(data, "hero", 1),
                 _given(data, "bets_to_come", 0), _given(data, "big_bet", 0.0))
    wanted = pot_odds_asked(*odds_args)
    if wanted:  # answered now, not after the equity run (as the CLI does)
        check_pot_odds(*odds_args, players=len(options["hands"]))

    def command() -> str:
        names = ("pot", "to_call", "hero", "bets_to_come", "big_bet") if wanted else ()
        return command_line("equity", options, **{n: data.get(n) for n in names})

    def run(progress: Progress, warn: Warn):
        result = equity(**options, progress=progress,
                        on_estimate=limits.on_estimate(command))
        return equity_document(result, pot_odds(result, *odds_args) if wanted else None)
    return run


def _for_player(data: Mapping, fields) -> tuple[dict, int]:
    """The checked options of a question asked for one player, and that player (default 1)."""
    check_fields(data, fields)
    check_sizes(data)
    options = question_options({k: v for k, v in data.items() if k != "player"})
    return options, _given(data, "player", 1)


def next_question(data: Mapping, limits: Limits = Limits(None)) -> Question:
    """POST /api/next: `studodds next` for "player" (default 1)."""
    options, player = _for_player(data, NEXT_FIELDS)

    def run(progress: Progress, warn: Warn):
        on_estimate = limits.on_estimate(lambda: command_line("next", options, player=player))
        table = next_card_table(options["game"], options["hands"], options["dead"],
                                player=player, progress=progress, on_estimate=on_estimate,
                                **_method(options))
        return next_card_document(table)
    return run


def declare_question(data: Mapping, limits: Limits = Limits(None)) -> Question:
    """POST /api/declare: `studodds declare` for "player" (default 1)."""
    options, player = _for_player(data, DECLARE_FIELDS)

    def run(progress: Progress, warn: Warn):
        on_estimate = limits.on_estimate(
            lambda: command_line("declare", options, player=player))
        table = declare_table(options["game"], options["hands"], options["dead"],
                              player=player, community=options.get("community"),
                              progress=progress, on_estimate=on_estimate, **_method(options))
        return declare_document(table)
    return run


def odds_question(data: Mapping, limits: Limits = Limits(None)) -> Question:
    """POST /api/odds: `studodds odds` for "player" (default 1) at the table: how often
    the player's hand ends as each final hand, the other hands' cards out of the deck.
    Counted exactly, and never long (133,784,560 ways at most: a second or two), so no
    estimate is checked against the server's limit."""
    check_fields(data, ODDS_FIELDS)
    check_sizes(data)
    at_least = _given(data, "at_least", [])
    if isinstance(at_least, str):
        at_least = [at_least] if at_least.strip() else []
    if not isinstance(at_least, list) or len(at_least) > 8 or not all(
            isinstance(t, str) and len(t) <= 100 for t in at_least):
        raise ValueError('"at_least" is a list of at most 8 hands, such as ["aces up", "8-7"]')
    options = question_options({k: v for k, v in data.items() if k not in ("player", "at_least")})
    player = _given(data, "player", 1)

    def run(progress: Progress, warn: Warn):
        from ..own.odds import own_odds_at_table  # the engine: only when asked
        odds = own_odds_at_table(options["game"], options["hands"], options["dead"],
                                 player=player, community=options.get("community"),
                                 at_least=at_least, progress=progress)
        return own_odds_document(odds)
    return run


def upload_name(name: str | None) -> str:
    """The name an uploaded file is called by in messages and PHH hand ids: the last part
    of what the page says (a label only: no path is ever opened)."""
    base = os.path.basename((name or "").replace("\\", "/")).strip()
    return base[:200] or "upload"


def replay_question(raw: bytes, *, hero: str | None = None, hand: str | None = None,
                    name: str | None = None) -> Question:
    """POST /api/replay: `studodds replay FILE [--hand ID] [--hero NAME]` for the file's
    bytes. The warnings the CLI writes on stderr (a hand that could not be read, a line
    skipped, a hand cut short or that cannot be replayed) are told to warn(), in its words;
    they are not in the answer, as they are not in the CLI's JSON."""
    name = upload_name(name)
    hands, problems, kind = parse_bytes(raw, name)
    if not hands and problems and kind.content == "hands":  # no warnings "above" here
        raise ReplayError(f"none of the stud hands in {name!r} could be read: the first: "
                          + problem_text(problems[0]))
    if not hands:
        raise ReplayError(no_hands_reason(name, kind, problems))
    where = repr(name)
    hands = select_hand(hands, hand, where, problems)
    if len(hands) > MAX_REPLAY_HANDS:
        raise ValueError(
            f"{name!r} holds {len(hands):,} hands: the page replays at most "
            f"{MAX_REPLAY_HANDS} at once. Replay them in a terminal: studodds replay "
            f"{shlex.quote(name)} (--summary for the whole session), or pick one with --hand ID")

    def run(progress: Progress, warn: Warn):
        for problem in problems:  # told first, as the CLI does on reading the file
            warn(problem_line(problem))
        replays = replay_hands(hands, hero=hero, where=where, progress=progress, warn=warn)
        return replay_document(replays)
    return run


def games_document() -> dict:
    """GET /api/games: each game as the page needs it, so the page knows no rules itself:
    its name, cards, players, whether the pot splits, declares or can share a community
    card, who brings it in, and what each street deals."""
    return {
        game.id: {
            "id": game.id,
            "name": game.name,
            "cards": game.hand_size,
            "hole_cards": game.hole_cards,
            "min_players": game.min_players,
            "max_players": game.max_players,
            "kinds": list(game.kinds),
            "split": game.split,
            "declare": game.declare,
            "community_card": game.community_card_rule,
            "order": game.order,
            "streets": [{"name": s.name, "down": s.down, "up": s.up} for s in game.streets],
        }
        for game in GAMES.values()
    }
