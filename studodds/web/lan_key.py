"""A key for a page shared on the network (`studodds serve --host` with a LAN address).

The Host check keeps other web sites out, but anyone on the network who can reach the
address could use the page and make the computer work. So on an address other computers
can reach, `serve` makes a random key and prints the page's address with it
(http://192.168.1.5:8765/?key=...). The first request carrying the key sets a cookie with
it (HttpOnly, SameSite=Lax: sent with the page's own requests and with a link followed
from elsewhere, never with another site's POST); every request must carry the key, in the
address or the cookie, or gets 403 saying how to get in. The key is in the address once:
the page's own links do not repeat it. On 127.0.0.1 there is no key: only this computer
can connect.
"""

from __future__ import annotations

import hmac
import secrets
from http.cookies import CookieError, SimpleCookie
from urllib.parse import parse_qs

from .guards import header, send_error

COOKIE = "studodds_key"


def new_key() -> str:
    """A key nobody guesses: 128 random bits, written for an address."""
    return secrets.token_urlsafe(16)


def _cookie_key(scope) -> str:
    try:
        morsel = SimpleCookie(header(scope, b"cookie") or "").get(COOKIE)
    except CookieError:
        return ""
    return morsel.value if morsel is not None else ""


class KeyCheck:
    """403 for a request without the key (in ?key= or the cookie); a request whose address
    carries it gets the cookie. key None: every request passes (a loopback address)."""

    def __init__(self, app, key: str | None):
        self.app = app
        self.key = key

    def _is_key(self, given: str) -> bool:
        assert self.key is not None  # without a key every request passes unasked
        return hmac.compare_digest(given.encode(), self.key.encode())

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or self.key is None:
            return await self.app(scope, receive, send)
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        in_address = (query.get("key") or [""])[0]
        if in_address and self._is_key(in_address):
            cookie = f"{COOKIE}={self.key}; Path=/; HttpOnly; SameSite=Lax".encode()

            async def send_with_cookie(message):
                if message["type"] == "http.response.start":
                    message = {**message,
                               "headers": [*message.get("headers", ()), (b"set-cookie", cookie)]}
                await send(message)
            return await self.app(scope, receive, send_with_cookie)
        if self._is_key(_cookie_key(scope)):
            return await self.app(scope, receive, send)
        message = ("this page is shared with a key: open the full address you were given "
                   "(it ends in ?key=...) once in this browser, then reload this page")
        if scope.get("path", "").startswith("/api/"):
            return await send_error(send, 403, message)
        return await _send_text(send, 403, message[0].upper() + message[1:] + ".")


async def _send_text(send, status: int, text: str) -> None:
    """A refusal a person reads in the browser's window (the API's are JSON)."""
    body = (text + "\n").encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
