"""`studodds serve`: the stud table in a browser, served from this machine (studodds.web)."""

from __future__ import annotations

import errno
import ipaddress
import math
import os
import socket
import sys
import threading
import webbrowser

import click

from ..web.budget import MAX_SECONDS, OVERRUN
from .options import CONTEXT, range_file_option

WEB_EXTRA = 'the web page needs its extra: pip install "studodds[web]"'


@click.command("serve", context_settings=CONTEXT)
@click.option("--host", default="127.0.0.1", show_default=True, metavar="ADDRESS",
              help="The address to listen on. The default lets only this computer in. To "
              "show the page to others on your network, give this computer's LAN address "
              "(e.g. 192.168.1.5): the address printed then carries a key (?key=...), and "
              "only browsers that have opened that address are answered (until the browser "
              "closes or the server restarts). Give it only to the people "
              "you want at the table: the plain http it travels over can be read on the "
              "network.")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              metavar="N", help="The port to listen on (0: any free port; the address printed "
              "says which).")
@click.option("--max-seconds", type=click.FloatRange(min=1), default=MAX_SECONDS,
              show_default=True, metavar="S",
              help="The most time, in seconds, a question from the page may take, by its "
              "estimate on this computer: a longer one is refused, and the message gives the "
              f"command that asks it in a terminal; one still running after {OVERRUN} times S "
              "is stopped.")
@click.option("--no-key", is_flag=True,
              help="On a LAN address, require no key: anyone who can reach the address can use "
              "the page and make this computer work. Only for a network you trust.")
@click.option("--no-browser", is_flag=True,
              help="Do not open the page in the default browser; just print its address.")
@click.option("--no-warm", is_flag=True,
              help="Do not compile the odds engine in the background at start (`studodds "
              "warm`); each kind of question then compiles what it needs when first asked.")
@click.option("--db", "db", metavar="FILE", type=click.Path(dir_okay=False),
              help="The review database the page's Review tab imports hand histories into "
              "and shows the stats of (default: the one `studodds review` uses).")
@range_file_option
def serve_command(host, port, max_seconds, no_key, no_browser, no_warm, db):
    """The stud table in your browser: put the cards on the table, see the odds.

    Starts a small web server on this computer and opens the page in your default
    browser. Pick the game, deal each player's hole and up cards (click them from the deck
    or type them as on the command line), mark the folded cards dead; every player's equity
    (win, tie, scoop and the halves in hi/lo) updates as the table changes. For a chosen
    player: what each next card does to their equity, and in stud5hl and stud7hl which way
    to declare; the pot odds of a call; and a hand history opened and replayed street by
    street. A table's address reproduces it: send it to a student.

    The numbers are those of `studodds equity`, `next`, `declare` and `replay` (the same
    seed gives the same numbers). The page uses no internet. Ctrl-C stops the server.

    What the server defends against, and what it does not (read it before sharing the page
    on a network): docs/security.md in the studodds source.

    \b
    Needs the web extra: pip install "studodds[web]"

    \b
    Examples:
      studodds serve
      studodds serve --port 9000 --no-browser
      studodds serve --port 0 --no-browser
    """
    if not math.isfinite(max_seconds):  # FloatRange lets nan and inf through
        raise click.BadParameter(f"{max_seconds} is not a number of seconds: give one such as "
                                 "60", param_hint="--max-seconds")
    try:
        import uvicorn

        from ..web.app import create_app
        from ..web.engine_warm import EngineWarm
        from ..web.lan_key import new_key
    except ImportError:
        raise click.ClickException(WEB_EXTRA) from None
    listener = _listen(host, port)
    port = listener.getsockname()[1]  # the one given, or the free one --port 0 was given
    key = None if no_key or _loopback(listener) else new_key()
    url = f"http://{_url_host(host)}:{port}/" + (f"?key={key}" if key else "")
    click.echo(url)  # the result: where the page is
    click.echo("studodds: serving the stud table at that address; Ctrl-C stops it.", err=True)
    warming = EngineWarm(say=lambda line: click.echo(f"studodds: {line}", err=True))
    try:
        if not no_warm:
            warming.start()  # questions wait for it; the page shows how far it is
        if not no_browser:
            _open_browser(url)
        app = create_app(host=host, port=port, max_seconds=max_seconds, key=key,
                         warm=warming, db=db)

        class Server(uvicorn.Server):
            def handle_exit(self, sig, frame):
                # Stop the questions first: uvicorn then waits only for the part of their
                # work under way (about a second), not for a long run to finish.
                app.state.work.close()
                super().handle_exit(sig, frame)

        config = uvicorn.Config(app, **server_settings())
        Server(config).run(sockets=[listener])
    except KeyboardInterrupt:  # uvicorn stops on Ctrl-C and raises it again afterwards
        pass
    finally:
        listener.close()
        warming.stop()
    click.echo("studodds: stopped", err=True)


def server_settings() -> dict:
    """uvicorn's settings for `serve` (tests start the server with the same)."""
    from ..web.connections import TimedH11Protocol

    return {
        "log_level": "warning", "access_log": False, "lifespan": "on",
        "timeout_graceful_shutdown": 5, "server_header": False,
        # A request must be read in time (TimedH11Protocol: headers 10 s, body 60 s), so
        # idle or trickling connections are closed instead of holding their places; and
        # there are many places, one open file each, within what the system allows.
        "http": TimedH11Protocol,
        "limit_concurrency": _connection_places(),  # beyond: 503 from uvicorn
        "timeout_keep_alive": 5,  # an idle connection after an answer
    }


def _connection_places(most: int = 512) -> int:
    """Connections served at once: `most`, or fewer where the process may open fewer files
    (macOS allows 256 by default), leaving 64 for the rest of the server."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to ask
        return most
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return most
    return max(16, min(most, soft - 64))


def _open_browser(url: str) -> None:
    """The page in the default browser, from a thread (a browser's start can take a
    while; the socket listens already, so the page's first request waits for the server).
    Not where there is no screen: Python would start a text browser in this terminal."""
    graphical = (sys.platform in ("win32", "darwin")
                 or bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")))
    if not graphical:
        click.echo("studodds: no screen to open a browser on: open the address above", err=True)
        return

    def open_it():
        if not webbrowser.open(url):
            click.echo("studodds: no browser could be opened: open the address above", err=True)

    threading.Thread(target=open_it, name="studodds-browser", daemon=True).start()


def _loopback(listener: socket.socket) -> bool:
    """Whether only this computer can connect: bound to a loopback address (127.0.0.1,
    ::1; a name such as localhost is read as the address it was bound to)."""
    try:
        return ipaddress.ip_address(listener.getsockname()[0]).is_loopback
    except ValueError:  # not an IP address (a Unix socket): nobody else's
        return True


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def _listen(host: str, port: int) -> socket.socket:
    """The listening socket, bound before anything is printed: a port in use is one line."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise click.BadParameter(f"{host!r} is not an address of this computer ({exc.strerror})",
                                 param_hint="--host") from None
    family, kind, proto, _, address = infos[0]
    listener = socket.socket(family, kind, proto)
    if os.name != "nt":  # a restart may bind at once; on Windows the flag lets ports be shared
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind(address)
        listener.listen(128)
    except OSError as exc:
        listener.close()
        if exc.errno == errno.EADDRINUSE:
            why = ("it is in use (another server, or `studodds serve` already running): try "
                   "another --port, or --port 0 for any free one")
        elif exc.errno == errno.EADDRNOTAVAIL:
            why = ("that is not an address of this computer: give one of its own (`ip addr`, "
                   "`ifconfig` or `ipconfig` lists them), or 127.0.0.1")
        else:
            why = exc.strerror or str(exc)
        where = f"port {port}" if port else "any free port"
        raise click.ClickException(f"cannot listen on {host} {where}: {why}") from None
    return listener
