"""The web server's routes: the page (GET /, /static/*), the games (GET /api/games) and the
odds questions (POST /api/equity, /api/next, /api/declare, /api/replay), each answered
with exactly what `studodds ... --format json` prints for it.

Why Starlette (with uvicorn to serve it): a small, well-kept ASGI toolkit with no
dependencies beyond anyio, whose routes, static files, streaming responses and test
client are all we need; an async server keeps the page's requests answered while worker
threads compute (work.py), and a client that goes away is noticed, so its work stops."""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
from collections.abc import Awaitable, Callable

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..messages import error_facts
from ..review.database import default_database
from . import questions, review_questions
from .budget import MAX_SECONDS, OVERRUN
from .engine_warm import EngineWarm
from .guards import BodyLimit, BrowserRules, HostCheck
from .lan_key import KeyCheck
from .log_lines import OneLineErrors
from .work import Busy, Cancelled, OverTime, WorkQueue

STATIC = os.path.join(os.path.dirname(__file__), "static")

# A hand-history file is a few MB (a long session); a question a few hundred bytes, so its
# cap leaves room for any real one and refuses a hostile megabyte before it is read.
MAX_BODY = 8 * 2**20
MAX_QUESTION_BODY = 64 * 2**10


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _bad_input(exc: Exception) -> JSONResponse:
    """HTTP 400 for a bad question: its one line, and the facts the page marks the seats and
    boxes with: "players" (numbered from 1, as the page shows them), "fields" (the boxes:
    "dead", "community", "declare", ...) and "cards" (as written)."""
    facts = error_facts(exc)
    facts["players"] = [p + 1 for p in facts["players"]]
    return JSONResponse({"error": str(exc), **facts}, status_code=400)


def _internal(exc: Exception) -> JSONResponse:
    """A bug still answers with one line (and the server goes on)."""
    message = " ".join(str(exc).split()) or "no message"
    return _error(500, f"internal error ({type(exc).__name__}: {message}); please report it "
                  "with the question that caused it")


async def _disconnected(request: Request) -> None:
    """Returns when the client has gone away (the body being read already)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


def _wants_stream(request: Request) -> bool:
    return request.query_params.get("stream", "").lower() in ("1", "true", "yes")


def _streamed(job) -> StreamingResponse:
    """Newline-delimited JSON: {"progress": f} lines and {"warning": "..."} lines (those
    the CLI writes on stderr), then {"result": ...} or {"error": "..."}. A client that goes
    away closes the stream, and that stops the job."""
    async def lines():
        try:
            while (update := await job.updates.get()) is not None:
                if isinstance(update, str):
                    yield json.dumps({"warning": update}, ensure_ascii=False) + "\n"
                else:
                    yield json.dumps({"progress": round(update, 4)}) + "\n"
            outcome = _outcome(job)
            line = ({"result": outcome} if not isinstance(outcome, Response)
                    else json.loads(bytes(outcome.body)))
            yield json.dumps(line, ensure_ascii=False) + "\n"
        finally:
            job.cancel()  # a no-op when done; else nobody reads the answer any more
    return StreamingResponse(lines(), media_type="application/x-ndjson",
                             headers={"cache-control": "no-store"})


async def _answer(request: Request, work: WorkQueue, read: Callable[[], Awaitable],
                  make: Callable, *, upload: bool = False) -> Response:
    """A request answered: its body read (await read()), then make(body) checks it into a
    question (ValueError: 400) and the question runs, both on the workers, in the capped
    queue (503 when it is full), so no flood of requests can take more than its places.
    An upload (up to 8 MB) takes its place before its body is read, so a flood of uploads
    is refused before it is in memory; a question (64 KB at most) is read first, so slow
    clients hold up no question. The whole answer, or (once the question is found good: a
    bad one is a plain 400) its progress streamed."""
    stream = _wants_stream(request)
    await request.app.state.warm.ready()  # the engine compiled once, not here (engine_warm.py)
    try:
        place = work.reserve() if upload else None
        try:
            body = await read()  # the body cap's 413 passes up from here
            job = work.submit(lambda: make(body), listen=stream, place=place)
        finally:
            if place is not None:
                place.release()  # a no-op once the job took it
    except Busy as exc:
        return _error(503, str(exc))
    future = job.future
    assert future is not None  # submit started the job
    gone = asyncio.ensure_future(_disconnected(request))
    try:
        waited = {job.checked, future} if stream else {future}
        await asyncio.wait(waited | {gone}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        if not future.done() and (gone.done() or not stream or not job.checked.done()):
            job.cancel()  # the client went away (or this handler was cancelled)
        gone.cancel()
    if stream and job.checked.done() and not gone.done():
        return _streamed(job)
    if not future.done():
        return _error(499, "the client went away")  # nobody reads it
    outcome = _outcome(job)
    if isinstance(outcome, Response):
        return outcome
    return Response(questions.answer_text(outcome), media_type="application/json")


def _outcome(job):
    """A finished job's document, or the error response it comes to."""
    if job.future.cancelled():  # never started: the server stopped first
        return _error(503, "the server is stopping")
    try:
        return job.future.result()
    except (ValueError, OverTime) as exc:  # bad input, or a question too big for the server
        return _bad_input(exc)
    except Cancelled:
        return _error(503, "the server is stopping")
    except Exception as exc:  # noqa: BLE001 - a bug: one line, and the server goes on
        return _internal(exc)


def _asking(work: WorkQueue, make: Callable, limits: questions.Limits) -> Callable:
    """A POST endpoint with a JSON body: checked into a question (400 when bad), answered."""
    async def endpoint(request: Request) -> Response:
        return await _answer(request, work, request.body, questions.in_page_words(
            lambda raw: make(questions.read_body(raw), limits)))
    return endpoint


def _replaying(work: WorkQueue) -> Callable:
    """POST /api/replay?hero=NAME&hand=ID&name=FILE: the raw bytes of a hand-history file."""
    async def endpoint(request: Request) -> Response:
        params = request.query_params
        return await _answer(request, work, request.body, questions.in_page_words(
            lambda raw: questions.replay_question(
                raw, hero=params.get("hero") or None, hand=params.get("hand") or None,
                name=params.get("name"))), upload=True)
    return endpoint


def _review_import(work: WorkQueue, db: str) -> Callable:
    """POST /api/review/import?name=FILE: the raw bytes of a hand-history file, into the
    database."""
    async def endpoint(request: Request) -> Response:
        name = request.query_params.get("name")
        return await _answer(request, work, request.body, lambda raw: (
            review_questions.import_question(raw, db, name=name)), upload=True)
    return endpoint


def _review_query(work: WorkQueue, db: str, question: Callable) -> Callable:
    """GET /api/review/stats?game=...&stakes=... (the stats, filtered, and their plots) or
    /api/review/costly?game=... (the costliest decisions, pricing what is missing): the
    query's parameters asked of the database."""
    async def endpoint(request: Request) -> Response:
        params = dict(request.query_params)
        return await _answer(request, work, request.body, lambda raw: question(params, db))
    return endpoint


def _review_replay(work: WorkQueue, db: str) -> Callable:
    """POST /api/review/replay?room=ROOM&hand=ID&player=NAME: a hand of the database
    replayed."""
    async def endpoint(request: Request) -> Response:
        params = dict(request.query_params)
        return await _answer(request, work, request.body, questions.in_page_words(
            lambda raw: review_questions.stored_replay_question(params, db)))
    return endpoint


async def _page(request: Request) -> Response:
    index = os.path.join(STATIC, "index.html")
    if not os.path.isfile(index):
        return _error(404, "the page is not installed (studodds/web/static/index.html)")
    return FileResponse(index, headers={"cache-control": "no-cache"})


def create_app(*, host: str = "127.0.0.1", port: int = 8765, max_body: int = MAX_BODY,
               max_question_body: int = MAX_QUESTION_BODY, max_workers: int = 2,
               max_waiting: int = 8, max_seconds: float | None = MAX_SECONDS,
               key: str | None = None, warm: EngineWarm | None = None,
               db: str | os.PathLike[str] | None = None) -> Starlette:
    """The ASGI app `studodds serve` runs: answers requests addressed to host:port (or
    127.0.0.1:port, localhost:port), hand-history uploads up to max_body bytes and
    questions up to max_question_body, max_workers questions computed at once and
    max_waiting more queued (beyond: 503); a question estimated to take more than
    max_seconds is refused (400) and one running OVERRUN times that long is stopped (None:
    no limit); with a key, only requests that carry it (lan_key.py). warm: the odds engine
    prepared in the background as the server starts (engine_warm.py), questions held until it
    is ready; without it, every question goes ahead at once. db: the review database the
    Review tab imports into and asks (default: the user's, review/database.py)."""
    if max_seconds is not None and not 0 < max_seconds < math.inf:
        raise ValueError(f"max_seconds is a number of seconds above 0, got {max_seconds}")
    work = WorkQueue(max_workers, max_waiting,
                     stop_after=None if max_seconds is None else OVERRUN * max_seconds)
    limits = questions.Limits(max_seconds)
    games = questions.games_document()
    db = os.fspath(db if db is not None else default_database())

    warm = warm or EngineWarm()  # not started: ready at once

    async def game_list(request: Request) -> Response:
        return JSONResponse(games)

    async def ready(request: Request) -> Response:
        return JSONResponse(warm.status(), headers={"cache-control": "no-store"})

    @contextlib.asynccontextmanager
    async def lifespan(app):
        try:
            yield
        finally:
            work.close()  # Ctrl-C: running questions stop within a part of their work
            warm.stop()

    routes = [
        Route("/", _page),
        Route("/api/games", game_list),
        Route("/api/ready", ready),
        Route("/api/equity", _asking(work, questions.equity_question, limits),
              methods=["POST"]),
        Route("/api/next", _asking(work, questions.next_question, limits), methods=["POST"]),
        Route("/api/odds", _asking(work, questions.odds_question, limits), methods=["POST"]),
        Route("/api/declare", _asking(work, questions.declare_question, limits),
              methods=["POST"]),
        Route("/api/replay", _replaying(work), methods=["POST"]),
        Route("/api/review/import", _review_import(work, db), methods=["POST"]),
        Route("/api/review/stats", _review_query(work, db, review_questions.stats_question)),
        Route("/api/review/costly", _review_query(work, db,
                                                  review_questions.costly_question)),
        Route("/api/review/replay", _review_replay(work, db), methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC, check_dir=False)),
    ]
    question_paths = ("/api/equity", "/api/next", "/api/declare", "/api/odds")
    middleware = [Middleware(BrowserRules),  # first: its headers go on every error after it
                  Middleware(OneLineErrors),
                  Middleware(HostCheck, host=host, port=port),
                  Middleware(KeyCheck, key=key),
                  Middleware(BodyLimit, max_body=max_body,
                             max_body_of=dict.fromkeys(question_paths, max_question_body))]
    app = Starlette(routes=routes, middleware=middleware, lifespan=lifespan)
    app.state.work = work
    app.state.warm = warm
    return app
