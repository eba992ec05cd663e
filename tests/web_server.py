"""A real server for the web tests: uvicorn in a thread with `studodds serve`'s settings."""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import threading
import time

import uvicorn

from studodds.cli.serve import server_settings
from studodds.web.app import create_app


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def server_in_thread(**options):
    """uvicorn serving create_app(**options) in a thread, with `serve`'s settings: (app,
    port). No limit on a question's time unless max_seconds is given."""
    port = free_port()
    app = create_app(host="127.0.0.1", port=port, **{"max_seconds": None, **options})
    config = uvicorn.Config(app, host="127.0.0.1", port=port, **server_settings())
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.02)
    try:
        yield app, port
    finally:
        server.should_exit = True
        thread.join(20)


def post(port, path, body: dict, timeout=60) -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("POST", path, json.dumps(body),
                           {"content-type": "application/json"})
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()
