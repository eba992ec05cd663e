"""What is no bug is one line in the server's log, not a traceback: a client that goes
away while it sends its request, a request cut off when the server stops. (uvicorn logs
every exception that leaves the app with its traceback: sixty clients that dropped their
uploads were sixty tracebacks.)"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from starlette.requests import ClientDisconnect

from .guards import send_error

log = logging.getLogger("studodds.web")


class OneLineErrors:
    """What is no bug is one line in the log: a client gone mid-request (its body cut off:
    nobody to answer), a request cut off by the server stopping (503 when nothing was sent
    yet). Anything else passes up to uvicorn, which logs it whole."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started = False

        async def watched_send(message):
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        what = f"{scope.get('method', '')} {scope.get('path', '')}"
        try:
            await self.app(scope, receive, watched_send)
        except ClientDisconnect:
            log.warning("%s: the request was cut off before all of it came (the client "
                        "went away, or sent it too slowly)", what)
        except asyncio.CancelledError:
            log.warning("%s: cut off, the server is stopping", what)
            if not started:
                with contextlib.suppress(Exception):
                    await send_error(send, 503, "the server is stopping")
