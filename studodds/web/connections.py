"""Connections that send nothing cannot lock the page out: a time limit on reading a request.

uvicorn closes a keep-alive connection that stays idle after an answer (timeout_keep_alive),
but it waits forever for the first request of a new connection and for a request that
arrives a byte a second; and it answers 503 to everyone once limit_concurrency connections
are open. Sixty-four connections that sent nothing were enough to lock every user out. This
protocol (uvicorn's h11 protocol, with one timer) closes a connection whose request headers
have not all arrived HEADERS_SECONDS after the connection opened or the answer before
was sent (or its body BODY_SECONDS after that): a slow client then holds a connection for seconds, not for ever.
The time a question takes to answer is not limited here (work.py does that): the clock
stops once the request is read.

H11Protocol is uvicorn's own class, not a public API: pyproject.toml keeps uvicorn below
1.0, and the tests of idle, trickling and pipelined connections (tests/test_web_safety.py)
run against the uvicorn installed.
"""

from __future__ import annotations

import asyncio

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADERS_SECONDS = 10.0  # a browser sends its headers in one packet: 10 s is generous
BODY_SECONDS = 60.0  # a hand-history upload of a few MB over a slow Wi-Fi link

_READING = (h11.IDLE, h11.SEND_BODY)  # the client's side of a request not read yet


class TimedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a time limit on reading each request."""

    # The ignore: asyncio's BaseProtocol takes any BaseTransport; uvicorn's H11Protocol,
    # which this extends, narrows it to asyncio.Transport, and this keeps uvicorn's signature.
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._read_timer: asyncio.TimerHandle | None = None
        super().connection_made(transport)
        self._start_clock()

    def _start_clock(self) -> None:
        if self._read_timer is None:
            self._read_timer = self.loop.call_later(HEADERS_SECONDS, self._check_reading,
                                                    BODY_SECONDS - HEADERS_SECONDS)

    def _stop_clock(self) -> None:
        if self._read_timer is not None:
            self._read_timer.cancel()
            self._read_timer = None

    def handle_events(self) -> None:
        # Every request passes here, a pipelined one too (read from uvicorn's buffer once the
        # answer before it is sent, with no new data): while the client's side of a request
        # is unread, its clock runs; once read (or the connection done), it stops.
        super().handle_events()
        if self.conn.their_state in _READING and not self.transport.is_closing():
            self._start_clock()
        else:
            self._stop_clock()

    def shutdown(self) -> None:
        # The server stopping: a request still being sent will not be answered, so its
        # connection closes now rather than holding the stop up to its graceful timeout.
        if self.conn.their_state in _READING and self.cycle is not None:
            self.transport.close()
        else:
            super().shutdown()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_clock()
        super().connection_lost(exc)

    def _check_reading(self, body_seconds_left: float) -> None:
        self._read_timer = None
        state = self.conn.their_state
        if state is h11.SEND_BODY and body_seconds_left > 0:
            # The headers came in time; the body gets the rest of its allowance.
            self._read_timer = self.loop.call_later(body_seconds_left, self._check_reading, 0)
        elif state in _READING and not self.transport.is_closing():
            self.transport.close()  # connection_lost tells a running request it is gone
