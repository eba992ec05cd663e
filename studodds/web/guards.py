"""What keeps the server safe on a laptop, as ASGI middleware in front of the app:

- HostCheck: only requests addressed to this server by name (Host 127.0.0.1:PORT,
  localhost:PORT or the --host given) are answered, so a web page elsewhere cannot reach
  it through DNS rebinding (its Host names the attacker's domain); a browser request from
  another page's origin (Origin header) is refused too, so no other site can make it work.
- BrowserRules: every response tells the browser never to show it in a frame and holds
  the page to its own files (a Content-Security-Policy); a browser request for the API that
  another site sent (Sec-Fetch-Site, which browsers send even where they send no Origin) is
  refused, while a link to the page from anywhere still opens it.
- BodyLimit: a request body over the cap gets 413 before it is read: at once when its
  Content-Length says so, else as soon as the bytes streamed in (chunked) pass the cap.
"""

from __future__ import annotations

import json
from collections.abc import Mapping


async def send_error(send, status: int, message: str) -> None:
    body = json.dumps({"error": message}, ensure_ascii=False).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


def header(scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return value.decode("latin-1")
    return None


def allowed_hosts(host: str, port: int) -> frozenset[str]:
    """The Host header values this server answers: its own addresses with the port (and
    without it on port 80, where browsers leave it out)."""
    names = {"127.0.0.1", "localhost", host.lower()}
    bracketed = {f"[{n}]" if ":" in n else n for n in names}  # an IPv6 address: [::1]:8765
    allowed = {f"{n}:{port}" for n in bracketed}
    if port == 80:
        allowed |= bracketed
    return frozenset(allowed)


def _refused_from(where: str) -> str:
    return f"requests from pages of {where} are refused: open the page this server serves"


class HostCheck:
    """421 for a request whose Host is not one of ours; 403 for a browser request sent by a
    page of another origin."""

    def __init__(self, app, host: str, port: int):
        self.app = app
        self.hosts = allowed_hosts(host, port)
        self.origins = frozenset(f"http://{h}" for h in self.hosts)

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            host = (header(scope, b"host") or "").lower()
            if host not in self.hosts:
                return await send_error(send, 421, (
                    f"this server answers requests for {' or '.join(sorted(self.hosts))}, not "
                    f"for host {host!r}"))
            origin = header(scope, b"origin")
            if origin is not None and origin.lower() not in self.origins:
                return await send_error(send, 403, _refused_from(repr(origin)))
        await self.app(scope, receive, send)


class BodyTooLarge(Exception):
    """The body streamed in passed the cap (raised from receive, caught by BodyLimit)."""


class BodyLimit:
    """413 for a request body larger than max_body bytes (max_body_of[path] for the paths
    given a cap of their own), never reading it whole."""

    def __init__(self, app, max_body: int, max_body_of: Mapping[str, int] | None = None):
        self.app = app
        self.default = max_body
        self.max_body_of = dict(max_body_of or {})

    @staticmethod
    def _too_large(limit: int) -> str:
        size = f"{limit / 2**20:g} MB" if limit >= 2**20 else f"{limit / 2**10:g} KB"
        return (f"what was sent is larger than {size}, the most this server takes (a hand "
                "history that large: replay it in a terminal, studodds replay FILE)")

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        limit = self.max_body_of.get(scope.get("path", ""), self.default)
        declared = header(scope, b"content-length")
        if declared is not None:
            if not declared.strip().isdigit():
                return await send_error(send, 400, f"Content-Length {declared!r} is not a "
                                         "number of bytes")
            if int(declared) > limit:
                return await send_error(send, 413, self._too_large(limit))
        received = 0
        started = False

        async def counted_receive():
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise BodyTooLarge
            return message

        async def watched_send(message):
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted_receive, watched_send)
        except BodyTooLarge:
            if started:
                raise
            await send_error(send, 413, self._too_large(limit))


# The page loads only its own files: scripts and styles from /static (no inline script, no
# style attribute in the HTML; the scripts set styles through element.style, which a CSP
# allows), questions asked of this server, the empty data: favicon. frame-ancestors 'none'
# (and X-Frame-Options for older browsers): no other site can show the page in a frame,
# where a deep link would be the framer's and the user would not see it.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'")

BROWSER_HEADERS = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),  # a deep link holds the hands: keep it here
    (b"cross-origin-opener-policy", b"same-origin"),  # a page that opened us loses its handle
    (b"cross-origin-resource-policy", b"same-origin"),
)

# Sec-Fetch-Site values of requests this server's own page makes (same-origin) or the user
# makes (none: a typed address, a bookmark).
OWN_REQUESTS = frozenset({"same-origin", "none"})


class BrowserRules:
    """The headers above on every response (the errors of the checks behind this one
    included), and 403 for a browser request for the API sent from another site: by Fetch
    Metadata (Sec-Fetch-Site), which browsers send with every request to a loopback or
    https address, a GET included, where they leave Origin off. Another port of localhost
    is the same site but not this server, so only same-origin and none pass. The page
    itself (GET and HEAD of / and /static/) opens from a link anywhere: it is a file, cheap
    and without effect, and it asks the odds of a link only when the user clicks. No
    Sec-Fetch-Site (not a browser, an old one, or a plain-http LAN address, where browsers
    do not send it): the Host and Origin checks still apply."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        async def with_headers(message):
            if message["type"] == "http.response.start":
                present = {key.lower() for key, _ in message.get("headers", ())}
                added = [(k, v) for k, v in BROWSER_HEADERS if k not in present]
                message = {**message, "headers": [*message.get("headers", ()), *added]}
            await send(message)

        site = header(scope, b"sec-fetch-site")
        if site is not None and site.strip().lower() not in OWN_REQUESTS:
            path = scope["path"]
            page = scope["method"] in ("GET", "HEAD") and (
                path == "/" or path.startswith("/static/"))
            if not page:
                return await send_error(with_headers, 403, _refused_from("another site"))
        await self.app(scope, receive, with_headers)

