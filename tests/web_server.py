"""A real server for the web tests: uvicorn in a thread with `studodds serve`'s settings."""

from __future__ import annotations

import contextlib
import http.client
import json
import re
import socket
import threading
import time

import uvicorn

from studodds.cli.serve import server_settings
from studodds.web.app import create_app


def port_of(address: str) -> int:
    """The port of the address `studodds serve --port 0` prints (its first line of stdout).
    The tests ask serve for port 0 rather than pick a free port and pass it on: another
    process could take a picked port before the server binds it."""
    match = re.fullmatch(r"http://127\.0\.0\.1:(\d+)/\n?", address)
    assert match and match[1] != "0", f"not the address of a server: {address!r}"
    return int(match[1])


@contextlib.contextmanager
def server_in_thread(**options):
    """uvicorn serving create_app(**options) in a thread, with `serve`'s settings: (app,
    port). No limit on a question's time unless max_seconds is given. The socket is bound
    here, to a free port, and handed to uvicorn (as serve does): no other process can take
    the port between the choice and the bind."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(128)
        port = listener.getsockname()[1]
        app = create_app(host="127.0.0.1", port=port, **{"max_seconds": None, **options})
        server = uvicorn.Server(uvicorn.Config(app, **server_settings()))
        thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]},
                                  daemon=True)
        thread.start()
        try:
            deadline = time.monotonic() + 20
            while not server.started:
                assert time.monotonic() < deadline and thread.is_alive(), \
                    "the server did not start"
                time.sleep(0.02)
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
