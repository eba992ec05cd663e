"""The web page in a real browser: headless Chromium from Debian's packages, driven by
Selenium, against a real `studodds serve` started here. Cards clicked onto a table and a
deep link give the CLI's numbers for the same seed; a hand history replays street by
street with its chart; bad input is one line near the table; the console stays clean.

Skipped (with the reason) when Chromium, its driver or selenium are missing, except in CI
(CI=true), where they must be there: .ci/run installs them.
"""

from __future__ import annotations

import contextlib
import http.server
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import typing
import urllib.request
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
ROOT = Path(__file__).resolve().parent.parent
HISTORIES = ROOT / "tests" / "data" / "handhistories"
IN_CI = os.environ.get("CI", "").lower() == "true"


def _missing() -> str | None:
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.path.exists(path):
            return f"{path} is missing (apt-get install chromium chromium-driver)"
    for module in ("selenium", "starlette", "uvicorn"):
        try:
            __import__(module)
        except ImportError:
            return f"{module} is not installed (pip install '.[dev]')"
    return None


_WHY = _missing()
if _WHY and not IN_CI:
    pytest.skip(f"browser tests need Chromium and Selenium: {_WHY}", allow_module_level=True)

if not _WHY:
    from selenium import webdriver
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait


# Each running server's process and output by its address, for a test that times out to
# show.
SERVER_LOGS: dict[str, tuple[subprocess.Popen, typing.IO[bytes]]] = {}

# The server runs with faulthandler listening on SIGUSR1: a test that times out asks it
# for every thread's stack, so a hang says where it hangs.
SERVE_WITH_STACKS = ("import faulthandler, signal, sys; "
                     "faulthandler.register(signal.SIGUSR1, all_threads=True); "
                     "from studodds.cli import main; sys.argv[0] = 'studodds'; sys.exit(main())")


def server_log_tail(url: str, lines: int = 20) -> str:
    """The last lines the server of this page's address has written, then the stack of
    each of its threads; "" for no server of ours."""
    for address, (proc, log) in SERVER_LOGS.items():
        if url.startswith(address):
            if proc.poll() is None:
                proc.send_signal(signal.SIGUSR1)
                time.sleep(1)  # faulthandler writes at once; a second is plenty
            size = os.fstat(log.fileno()).st_size  # pread: the server shares the offset
            said = os.pread(log.fileno(), size, 0).decode(errors="replace").splitlines()
            stacks = next((i for i, line in enumerate(said) if line.startswith("Thread 0x")),
                          len(said))
            return "\n".join(said[max(0, stacks - lines):])
    return ""


@contextlib.contextmanager
def serving(*options: str):
    """`studodds serve` in a process of its own, with options (e.g. --db FILE), until the
    block ends: its address once it answers."""
    if _WHY:  # in CI: the browser must be there
        pytest.fail(f"CI=true but the browser tests cannot run: {_WHY}")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    # The server's output goes to a file, never a pipe nobody reads: a full pipe would
    # block the server at its next line (a warning, say) and hang every test after.
    log = tempfile.TemporaryFile()  # noqa: SIM115 - closed after the server, below
    # Port 0: serve binds a free port itself and prints its address (a port picked here
    # could be taken by another process before the server bound it).
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVE_WITH_STACKS, "serve", "--no-browser", "--no-warm",
         "--port", "0", *options],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    address = None
    try:
        deadline = time.monotonic() + 60
        while True:
            if address is None:  # pread: the server shares the file's offset
                said = os.pread(log.fileno(), 1 << 16, 0).decode(errors="replace")
                printed = re.search(r"^(http://127\.0\.0\.1:\d+)/$", said, re.MULTILINE)
                if printed:
                    address = printed[1]
                    SERVER_LOGS[address] = (proc, log)
            if address is not None:
                try:
                    urllib.request.urlopen(address + "/api/games", timeout=2).read()
                    break
                except OSError:
                    pass
            if proc.poll() is not None or time.monotonic() > deadline:
                log.seek(0)
                said = log.read().decode(errors="replace")
                pytest.fail(f"studodds serve did not start: {said}")
            time.sleep(0.1)
        yield address
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        SERVER_LOGS.pop(address, None)
        log.close()


@pytest.fixture(scope="module")
def server():
    # A long question's limit well above the long run the progress test cancels (625
    # million deals: estimated at up to 62 s on a slow machine, over the default 60 s).
    with serving("--max-seconds", "600") as address:
        yield address


# Run in every document before its own scripts: what the page asks of the server (each
# POST's address) and what its Content-Security-Policy refused.
WATCH = """
window.__posts = [];
const fetchOfThePage = window.fetch;
window.fetch = function (input, init) {
  if (init && String(init.method).toUpperCase() === "POST") window.__posts.push(String(input));
  return fetchOfThePage.apply(this, arguments);
};
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(
    `${e.violatedDirective} refused ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`);
});
"""


def _browser(*arguments: str, emulation: dict | None = None):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM  # never let Selenium Manager look for a browser
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", *arguments):
        options.add_argument(arg)
    if emulation:
        options.add_experimental_option("mobileEmulation", emulation)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    d = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH})
    return d


@pytest.fixture(scope="module")
def driver(server):
    d = _browser("--window-size=1400,1100")
    try:
        yield d
    finally:
        d.quit()


@pytest.fixture
def page(driver, server, request):
    """The browser, its console emptied before the test and checked after it: no errors
    (a test that provokes a 400 on purpose says so with @provokes_http_400), and nothing
    the page's Content-Security-Policy refused."""
    yield from _console_checked(driver, request)


def _console_checked(driver, request):
    driver.get_log("browser")
    yield driver
    violations = driver.execute_script("return window.__cspViolations || []")
    assert violations == [], f"the page broke its Content-Security-Policy: {violations}"
    allowed = getattr(request.function, "provokes_http_400", False)
    errors = [
        e for e in driver.get_log("browser")
        if e["level"] == "SEVERE"
        and not (allowed and "the server responded with a status of 400" in e["message"])
    ]
    assert errors == [], f"browser console errors: {errors}"


def cli_json(*args: str):
    out = subprocess.run(
        [sys.executable, "-m", "studodds", *args, "--format", "json"],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True, text=True, check=True,
    ).stdout
    return json.loads(out)


def percent(x: float) -> str:
    return f"{100 * x:.2f}%"


# Generous: with an empty numba cache (a fresh CI checkout) the server compiles each
# game's kernels on its first question (up to a minute here); warm, answers take < 2 s.
WAIT = 180


def wait(d, condition, timeout=WAIT, what="the page"):
    try:
        return WebDriverWait(d, timeout).until(lambda drv: condition(drv))
    except TimeoutException:
        # Every error line the page shows (the table's, the Review tab's, ...), what its
        # console said, and what the server was doing: a rare hang must say where it was.
        errors = d.execute_script("""
          return [...document.querySelectorAll(".error")].filter((el) => !el.hidden)
            .map((el) => `${el.id}: ${el.textContent}`);""")
        console = [e["message"] for e in d.get_log("browser")]
        said = server_log_tail(d.current_url)
        raise AssertionError(f"timed out waiting for {what}; error lines: {errors!r}; the "
                             f"console: {console!r}; the server's last lines and its "
                             f"threads:\n{said}") from None


def css(d, selector):
    return d.find_element(By.CSS_SELECTOR, selector)


def open_link(d, address: str):
    """Open the page at a deep link and ask for its odds: a link's table waits for the
    click on Work out the odds."""
    d.get(address)
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-testid=work-out]"),
         what="the Work out the odds button")
    css(d, "[data-testid=work-out]").click()


def method_line(d) -> str:
    found = d.find_elements(By.CSS_SELECTOR, "[data-testid=method]")
    return found[0].text if found else ""


def settled(d, contains: str) -> bool:
    """The results are on show for the latest table (not stale) and the method line
    says `contains`."""
    results = css(d, "#results")
    return "stale" not in results.get_attribute("class") and contains in method_line(d)


def equities(d, n: int) -> list[str]:
    return [css(d, f"[data-testid=equity-{i}]").text for i in range(1, n + 1)]


def set_text(d, selector: str, text: str):
    """Type into a box and leave it (its change event), as one step: a seat's box is
    drawn anew when its hand changes."""
    d.execute_script("arguments[0].value = arguments[1];"
                     "arguments[0].dispatchEvent(new Event('change'))", css(d, selector), text)


def test_cards_clicked_into_unknown_hole_cards_fill_them_in_turn(page, server):
    """The example's player 2 is (x x) Qd: a tap on his first x, then two cards, gives
    (Kh Kd) Qd. The second card went past the other x to 4th street (a tester's, on a
    phone, where the table is out of sight of the deck)."""
    d = page
    d.get(f"{server}/")
    wait(d, lambda d: settled(d, "on 3rd street"), what="the example's odds")
    css(d, "[data-slot='2-hole-1']").click()
    for card in ("Kh", "Kd"):
        css(d, f"#deck .deck-card[data-card={card}]").click()
    wait(d, lambda d: css(d, "[data-testid=hand-2]").get_attribute("value") == "(Kh Kd) Qd",
         what="player 2's hole cards filled in")
    # The place chosen now is 4th street, empty: Take back takes back the card just dealt
    css(d, "#take-back").click()
    wait(d, lambda d: css(d, "[data-testid=hand-2]").get_attribute("value") == "(Kh x) Qd",
         what="the last card taken back")
    assert "target" in css(d, "[data-slot='2-hole-2']").get_attribute("class")


def test_cards_clicked_onto_the_table_give_the_clis_numbers(page, server):
    """Stud7 heads-up built by clicking: aces with a king in the hole against a queen up,
    20,000 trials with seed 7, as `studodds equity --trials 20000 --seed 7`."""
    d = page
    d.get(f"{server}/?game=stud7&hand=&hand=")
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#deck .deck-card"), what="the deck")
    # Player 1's first hole card is the place chosen at the start; each card moves on.
    for card in ("As", "Ks", "Ah"):
        css(d, f"#deck .deck-card[data-card={card}]").click()
    css(d, "[data-slot='2-up-1']").click()  # player 2's door card
    css(d, "#deck .deck-card[data-card=Qd]").click()
    css(d, "input[name=method][value=trials]").click()
    set_text(d, "#trials", "20000")
    set_text(d, "#seed", "7")
    wait(d, lambda d: settled(d, "seed 7") and "20,000 trials" in method_line(d),
         what="the sampled odds")
    expected = cli_json("equity", "(As Ks) Ah", "(x x) Qd", "--trials", "20000", "--seed", "7")
    assert equities(d, 2) == [percent(p["equity"]) for p in expected["players"]]
    hands = [e.text for e in d.find_elements(By.CSS_SELECTOR, "#results td.hand")]
    assert hands == ["(As Ks) Ah", "(x x) Qd"]
    # The cards on the table are greyed out in the deck; the others are not.
    assert not css(d, "#deck .deck-card[data-card=As]").is_enabled()
    assert css(d, "#deck .deck-card[data-card=Ac]").is_enabled()
    # The address reproduces the table.
    query = parse_qs(urlsplit(d.current_url).query)
    assert query["hand"] == ["(As Ks) Ah", "(x x) Qd"]
    assert query["seed"] == ["7"] and query["trials"] == ["20000"]
    assert method_line(d).startswith("Seven-card stud on 3rd street: Monte Carlo")


def test_a_range_typed_in_a_seat_gives_the_clis_numbers(page, server):
    """Rolled-up queens against a pair of kings or of aces in the hole behind the king:
    typed in player 2's box, kept as written in the seat and the link."""
    d = page
    d.get(f"{server}/?game=stud7&hand=(Qs%20Qh)%20Qd&hand=&trials=20000&seed=3")
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-testid=hand-2]"), what="the seats")
    set_text(d, "[data-testid=hand-2]", "(K? K? | A? A?) Kd")
    wait(d, lambda d: settled(d, "seed 3") and "(K? K? | A? A?) Kd" in css(d, "#results").text,
         what="the odds against the range")
    expected = cli_json("equity", "(Qs Qh) Qd", "(K? K? | A? A?) Kd", "--trials", "20000",
                        "--seed", "3")
    assert equities(d, 2) == [percent(p["equity"]) for p in expected["players"]]
    assert "K? K? | A? A?" in css(d, ".seat[data-seat='2'] .badge").text
    assert parse_qs(urlsplit(d.current_url).query)["hand"][1] == "(K? K? | A? A?) Kd"


def test_percentages_round_as_the_clis(page, server):
    """The page formats each fraction as Python's "{:.2f}" does, exact halves to even
    (12.125 -> 12.12, where JavaScript's toFixed gives 12.13): fractions with small
    denominators, as exact counts give, and a spread of others."""
    d = page
    d.get(f"{server}/?game=stud7&hand=&hand=")
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#deck .deck-card"), what="the page")
    values = [k / n for n in (8, 16, 40, 80, 400, 800, 1600, 3200, 8000) for k in range(n + 1)]
    values += [i / 9973 for i in range(9974)] + [0.7728801474728741, 0.22711985252712588]
    shown = d.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "import('/static/cards.js').then((m) => done(arguments[0].map((v) => m.pct(v))));",
        values)
    expected = [percent(v) for v in values]
    wrong = [(v, s, e) for v, s, e in zip(values, shown, expected) if s != e]
    assert wrong == []


def test_a_deep_link_shows_the_table_and_the_clis_numbers(page, server):
    """Stud hi/lo with three players, a dead card and a pot: the seats hold the linked
    cards, and equity, the halves and the pot odds verdict are the CLI's."""
    d = page
    hands = ["(As 2s) 3h 4h 9c", "(x x) Qc Kd 3d", "(x x) 5c 6c 7c"]
    query = [("game", "stud7hl8"), *(("hand", h) for h in hands), ("dead", "7h"),
             ("trials", "30000"), ("seed", "11"), ("pot", "60"), ("to_call", "10")]
    open_link(d, f"{server}/?{urlencode(query)}")
    wait(d, lambda d: settled(d, "seed 11"), what="the linked spot's odds")
    expected = cli_json("equity", "-g", "stud7hl8", *hands, "--dead", "7h", "--trials",
                        "30000", "--seed", "11", "--pot", "60", "--to-call", "10")
    assert equities(d, 3) == [percent(p["equity"]) for p in expected["players"]]
    seat1 = [c.get_attribute("data-card") for c in
             d.find_elements(By.CSS_SELECTOR, ".seat[data-seat='1'] .card[data-card]")]
    assert seat1 == ["As", "2s", "3h", "4h", "9c"]
    assert [c.get_attribute("data-card") for c in
            d.find_elements(By.CSS_SELECTOR, "#dead-slot .card[data-card]")] == ["7h"]
    assert css(d, "#game").get_attribute("value") == "stud7hl8"
    # The halves of a split pot, as the CLI's table heads them.
    headers = [th.text for th in d.find_elements(By.CSS_SELECTOR, "#results th")]
    assert headers[-5:] == ["scoop", "high win", "high split", "low win", "low split"]
    row1 = [td.text for td in d.find_elements(By.CSS_SELECTOR, "#results tbody tr:first-child td")]
    assert row1[-5:] == [percent(expected["players"][0][k])
                         for k in ("scoop", "high_win", "high_tie", "low_win", "low_tie")]
    assert expected["pot_odds"]["verdict"] in css(d, "[data-testid=pot-odds]").text
    # Works offline: everything the page loaded came from the local server.
    loaded = d.execute_script(
        "return performance.getEntriesByType('resource').map((e) => e.name)")
    assert loaded and all(url.startswith(server + "/") for url in loaded), loaded


def test_a_deep_link_asks_nothing_until_the_click(page, server):
    """A link someone sent (or another site opened) shows its table, but the server works
    on it only when the user clicks Work out the odds; a reload is a link too. The user's
    own changes to the table ask at once, as before."""
    d = page
    hands = ["(As Ks) Ah", "(x x) Qd"]
    d.get(f"{server}/?{urlencode([('game', 'stud7'), *(('hand', h) for h in hands), ('trials', '20000'), ('seed', '5')])}")
    for opened in ("the link", "the reload"):
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, ".seat[data-seat='2'] [data-card=Qd]"),
             what=f"the table of {opened}")
        time.sleep(1)  # more than the page waits before it asks (300 ms)
        assert d.execute_script("return window.__posts") == [], opened
        assert css(d, "[data-testid=work-out]").text == "Work out the odds"
        assert "This table was opened from a link" in css(d, "#results").text
        assert d.find_elements(By.CSS_SELECTOR, "[data-testid=equity-1]") == []
        if opened == "the link":
            d.refresh()
    css(d, "[data-testid=work-out]").click()
    wait(d, lambda d: settled(d, "seed 5"), what="the odds after the click")
    assert d.execute_script("return window.__posts") == ["/api/equity?stream=1"]
    set_text(d, "#seed", "6")
    wait(d, lambda d: settled(d, "seed 6"), what="the odds of the user's change")
    assert len(d.execute_script("return window.__posts")) == 2


def test_the_page_runs_under_its_content_security_policy(page, server):
    """The policy is in force in the browser: a script written into the page is refused.
    The page's own work breaks none of it: every test here ends by checking that the
    policy refused nothing (the page fixture)."""
    d = page
    d.get(f"{server}/")
    wait(d, lambda d: settled(d, "on 3rd street"), what="the example odds")
    ran = d.execute_script(
        "const s = document.createElement('script'); s.textContent = 'window.__ran = true';"
        "document.head.append(s); return window.__ran === true")
    assert not ran
    wait(d, lambda d: d.execute_script("return window.__cspViolations.length"), timeout=5,
         what="the refusal")
    refused = d.execute_script("return window.__cspViolations.splice(0)")  # it was ours
    assert refused[0].startswith("script-src") and "refused inline" in refused[0], refused
    d.get_log("browser")  # the console's line about it


@contextlib.contextmanager
def another_site(html: str):
    """A page of another origin (another port of this machine, as any local tool could
    serve): its address."""
    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # the name http.server calls
            body = html.encode()
            self.send_response(200)
            self.send_header("content-type", "text/html; charset=utf-8")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page) as httpd:
        thread = threading.Thread(target=httpd.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{httpd.server_address[1]}/"
        finally:
            httpd.shutdown()


def test_another_site_cannot_show_the_page_in_a_frame(page, server):
    """A page of another site holding a 1-pixel frame of a deep link: the browser refuses
    to show it (frame-ancestors 'none', X-Frame-Options DENY), so nothing in it runs and
    the server works on nothing."""
    d = page
    link = f"{server}/?game=stud7&hand=(As%20Ks)%20Ah&hand=(x%20x)%20Qd&exact=1"
    with another_site(f'<iframe src="{link}" width="1" height="1"></iframe>') as attacker:
        d.get(attacker)
        d.switch_to.frame(0)
        try:
            wait(d, lambda d: d.execute_script("return location.href") != "about:blank",
                 timeout=10, what="the frame's answer")
            time.sleep(1)  # the time a framed page would need to ask for the odds
            where = d.execute_script("return location.href")
            assert not where.startswith(server), "the page was shown in another site's frame"
            assert d.find_elements(By.ID, "seats") == []
            assert not d.execute_script("return window.__posts")
        finally:
            d.switch_to.default_content()
    said = [e["message"] for e in d.get_log("browser")]  # emptied: the refusal was asked for
    assert any("frame-ancestors 'none'" in m and "blocked" in m for m in said), said


def provokes_http_400(test):
    """The test asks a bad question on purpose: the browser logs the API's 400."""
    test.provokes_http_400 = True
    return test


@provokes_http_400
def test_bad_input_is_one_line_near_the_table(page, server):
    d = page
    # A link naming no game of ours: said in one line; the example table is shown instead.
    d.get(f"{server}/?game=holdem&hand=(As%20Ks)")
    wait(d, lambda d: settled(d, "Seven-card stud on 3rd street"), what="the example")
    assert css(d, "#error").text.startswith("unknown game 'holdem' in the address")
    open_link(d, f"{server}/?game=razz&hand=(As%202d)%203c&hand=(x%20x)%20Kd&trials=2000&seed=1")
    wait(d, lambda d: settled(d, "seed 1"), what="the first odds")
    set_text(d, "[data-testid=hand-2]", "(x x) Kx")
    wait(d, lambda d: css(d, "#error").is_displayed(), what="the error line")
    error = css(d, "#error").text
    assert "'Kx' is not a card" in error and "\n" not in error
    # The CLI says the same line (after its "Error: ").
    run = subprocess.run([sys.executable, "-m", "studodds", "equity", "-g", "razz",
                          "(As 2d) 3c", "(x x) Kx"], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, check=False)
    assert run.returncode == 2 and run.stderr.strip() == f"Error: {error}"
    # Fixed, the line goes away and the odds come back.
    set_text(d, "[data-testid=hand-2]", "(x x) Kd")
    wait(d, lambda d: not css(d, "#error").is_displayed() and settled(d, "seed 1"),
         what="the odds after the fix")


def at_fault(d) -> list[str]:
    """What the page marks as at fault: each seat's number, a box's id, a card's text."""
    return d.execute_script(
        "return [...document.querySelectorAll('.at-fault')].map(e => e.dataset.seat ?"
        " 'seat ' + e.dataset.seat : e.id || e.dataset.card || e.className)")


@provokes_http_400
def test_the_page_marks_what_an_error_is_about(page, server):
    """The error's facts mark the seat, box and card to fix, and a fix clears them."""
    d = page
    open_link(d, f"{server}/?game=stud7&hand=(As%20Ks)%20Ah&hand=(x%20x)%20Qd&trials=2000&seed=1")
    wait(d, lambda d: settled(d, "seed 1"), what="the first odds")
    set_text(d, "#dead-text", "Qd 7c")  # Qd is player 2's door card
    wait(d, lambda d: css(d, "#error").is_displayed(), what="the error line")
    assert "'Qd' appears twice: player 2 and the dead cards" in css(d, "#error").text
    marked = at_fault(d)
    assert "seat 2" in marked and "dead-slot" in marked and "seat 1" not in marked, marked
    assert marked.count("Qd") == 2, marked  # the door card and the dead card
    set_text(d, "#dead-text", "7c")
    wait(d, lambda d: not css(d, "#error").is_displayed() and settled(d, "seed 1"),
         what="the odds after the fix")
    assert at_fault(d) == []
    # A card that is no card: the seat that holds it.
    set_text(d, "[data-testid=hand-1]", "(As Kx) Ah")
    wait(d, lambda d: css(d, "#error").is_displayed(), what="the error line")
    assert css(d, "#error").text.startswith("player 1: 'Kx' is not a card")
    assert at_fault(d) == ["seat 1"]
    set_text(d, "[data-testid=hand-1]", "(As Ks) Ah")
    # A setting the page itself refuses: its box outlined too, as the server's refusals
    set_text(d, "#seed", "-3")
    wait(d, lambda d: css(d, "#error").text.startswith("seed '-3': a whole number"),
         what="the seed's error")
    assert at_fault(d) == ["seed"]
    set_text(d, "#seed", "1")
    wait(d, lambda d: not css(d, "#error").is_displayed() and settled(d, "seed 1"),
         what="the odds after the seed's fix")
    assert at_fault(d) == []
    # Dead cards with a token that is no card: kept as typed, marked, the odds waiting,
    # through a change elsewhere (a tester's: the line went at the next change, and the
    # box went back to its old cards)
    set_text(d, "#dead-text", "7h 1c")
    wait(d, lambda d: "'1c' is not a card" in css(d, "#error").text, what="the dead cards' error")
    assert "dead-slot" in at_fault(d)
    set_text(d, "[data-testid=hand-2]", "(x x) Qd")
    wait(d, lambda d: "'1c' is not a card" in css(d, "#error").text
         and "stale" in css(d, "#results").get_attribute("class"), what="the error kept")
    assert css(d, "#dead-text").get_attribute("value") == "7h 1c"


def test_the_next_card_grid(page, server):
    """6th street, exact: every card that can come on the river, coloured by the change;
    the straight-flush card is 100% (+15.75), as `studodds next --exact` says."""
    d = page
    hands = ["(As Ks) Ah Kh Qh Jh", "(x x) Qc 2d 3d 4d"]
    open_link(d, f"{server}/?{urlencode([('game', 'stud7'), *(('hand', h) for h in hands), ('exact', '1')])}")
    wait(d, lambda d: settled(d, "exact"), what="the exact odds")
    css(d, "[data-testid=next-run]").click()
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, ".next-grid"), what="the next-card grid")
    expected = cli_json("next", *hands, "--exact")
    cells = d.find_elements(By.CSS_SELECTOR, ".next-grid .next-cell")
    assert len(cells) == 52
    live = {c.get_attribute("data-card"): c for c in cells
            if "out" not in c.get_attribute("class")}
    assert set(live) == {c["card"] for c in expected["cards"]}
    for c in expected["cards"][:3] + expected["cards"][-3:]:
        cell = live[c["card"]]
        assert c["group"] in cell.get_attribute("class")
        assert f"{100 * c['delta']:+.2f}" == cell.find_element(By.CSS_SELECTOR, ".delta").text
    assert live["Th"].find_element(By.CSS_SELECTOR, ".eq").text == "100.0%"


def test_a_sampled_next_card_grid_shows_alike_cards_as_one(page, server):
    """Sampled, cards of one rank whose suits are nowhere on the table show one figure,
    the mean of their samples (the CLI's one row), and the page says how far apart two
    cards may be by chance."""
    d = page
    hands = ["(As Ks) Ah Kh", "(x x) Qh Jh"]  # clubs and diamonds out of play
    open_link(d, f"{server}/?{urlencode([('game', 'stud7'), *(('hand', h) for h in hands), ('trials', '2000'), ('seed', '1')])}")
    wait(d, lambda d: settled(d, "seed 1"), what="the sampled odds")
    css(d, "[data-testid=next-run]").click()
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, ".next-grid"), what="the next-card grid")
    expected = cli_json("next", *hands, "--trials", "2000", "--seed", "1")
    assert ["Qc", "Qd"] in expected["alike"] or ["Qd", "Qc"] in expected["alike"]
    by_card = {c["card"]: c for c in expected["cards"]}
    assert by_card["Qc"]["equity"] != by_card["Qd"]["equity"]  # apart, each has its noise
    mean = (by_card["Qc"]["delta"] + by_card["Qd"]["delta"]) / 2
    for card in ("Qc", "Qd"):
        cell = css(d, f".next-grid .next-cell[data-card={card}]")
        assert cell.find_element(By.CSS_SELECTOR, ".delta").text == f"{100 * mean:+.2f}"
        assert "alike" in cell.get_attribute("class")
    spade = css(d, ".next-grid .next-cell[data-card=Qs]")  # a spade: its own figure
    assert "alike" not in spade.get_attribute("class")
    assert spade.find_element(By.CSS_SELECTOR, ".delta").text == f"{100 * by_card['Qs']['delta']:+.2f}"
    assert "Sampled: each card's equity is within about" in css(d, "#next-out").text


def test_how_often_the_chosen_players_hand_makes_each_hand(page, server):
    """The what-if panel's own odds for the player chosen: `studodds odds` for that hand,
    the other hands' cards out of the deck (here player 2, a split game: both halves and
    a low and a high at once)."""
    d = page
    hands = ["(As 2s) 3h", "(7c 7d) 4s"]
    open_link(d, f"{server}/?{urlencode([('game', 'stud7hl8'), *(('hand', h) for h in hands), ('dead', '9h'), ('trials', '2000'), ('seed', '1')])}")
    wait(d, lambda d: settled(d, "seed 1"), what="the odds")
    Select(css(d, "#player")).select_by_value("2")
    css(d, "[data-testid=own-run]").click()
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#own-out table"), what="the own odds")
    expected = cli_json("odds", "-g", "stud7hl8", "(7c 7d) 4s", "--dead", "9h As 2s 3h")
    tables = d.find_elements(By.CSS_SELECTOR, "#own-out table")
    assert len(tables) == 3
    for table, half in zip(tables, expected["halves"]):
        rows = [[td.text for td in tr.find_elements(By.TAG_NAME, "td")]
                for tr in table.find_elements(By.CSS_SELECTOR, "tbody tr")]
        assert rows == [[r["hand"], percent(r["chance"]), percent(r["or_better"])]
                        for r in half["rows"]]
    both = [[td.text for td in tr.find_elements(By.TAG_NAME, "td")]
            for tr in tables[2].find_elements(By.CSS_SELECTOR, "tbody tr")]
    assert both == [[r["hand"], percent(r["chance"])] for r in expected["both"]]
    assert "Player 2 (7c 7d) 4s on 3rd street" in css(d, "#own-out").text


def test_a_long_run_shows_progress_and_cancels(page, server):
    d = page
    hands = ["(As Ks) Ah", "(x x) Qd", "(x x) 7c", "(x x) 8h"]
    open_link(d, f"{server}/?{urlencode([('game', 'stud7'), *(('hand', h) for h in hands), ('precision', '0.00002'), ('seed', '1')])}")
    wait(d, lambda d: css(d, "#progress").is_displayed(), what="the progress bar")
    # The bar moves with the server's streamed progress lines.
    wait(d, lambda d: css(d, "#progress-done").get_attribute("style") not in ("", "width: 0px;", "width: 0%;"),
         what="progress")
    css(d, "[data-testid=cancel]").click()
    wait(d, lambda d: "Cancelled" in css(d, "#results").text, timeout=10, what="the cancel")
    assert not css(d, "#progress").is_displayed()
    # A quick question afterwards is answered at once.
    started = time.monotonic()
    set_text(d, "#precision", "0.002")
    wait(d, lambda d: settled(d, "seed 1"), timeout=30, what="the next odds")
    assert time.monotonic() - started < 15


def test_replay_a_hand_street_by_street(page, server):
    d = page
    d.get(f"{server}/")
    wait(d, lambda d: settled(d, "on 3rd street"), what="the example odds")
    css(d, "[data-testid=replay-tab]").click()
    history = HISTORIES / "stud7_showdown.txt"
    css(d, "[data-testid=replay-file]").send_keys(str(history))
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#replay-streets button"),
         what="the replayed streets")
    streets = [b.text for b in d.find_elements(By.CSS_SELECTOR, "#replay-streets button")]
    assert streets == ["3rd street", "4th street", "5th street", "6th street", "7th street"]
    names = [s.text for s in d.find_elements(By.CSS_SELECTOR, "#seats .seat-name")]
    assert names == ["Hero", "Alice", "Bob Smith", "Carol"]
    # The chart: one line per player, a point on each street the player was in.
    lines = d.find_elements(By.CSS_SELECTOR, "#replay-chart svg path.line")
    assert len(lines) == 4
    assert "Replay: Seven-card stud on 3rd street" in method_line(d)
    shown = [float(t.rstrip("%")) for t in equities(d, 4)]
    assert abs(sum(shown) - 100) < 0.05
    # Step to 4th street: Carol has folded, the others have four cards.
    css(d, "#replay-next").click()
    assert "on 4th street" in method_line(d)
    assert "folded" in css(d, ".seat[data-seat='4']").get_attribute("class")
    assert len(d.find_elements(By.CSS_SELECTOR, ".seat[data-seat='1'] .card[data-card]")) == 4
    # Every card shown: Bob Smith's hole cards (Jd 4s) appear.
    css(d, "input[name=replay-view][value=revealed]").click()
    bob = [c.get_attribute("data-card") for c in
           d.find_elements(By.CSS_SELECTOR, ".seat[data-seat='3'] .card[data-card]")]
    assert bob[:2] == ["Jd", "4s"]
    # Take the street to the table: the page asks its own odds from there.
    css(d, "#replay-take").click()
    wait(d, lambda d: settled(d, "Seven-card stud on 4th street"), what="the odds from the street")
    assert parse_qs(urlsplit(d.current_url).query)["hand"][2] == "(Jd 4s) Qs Qd"


def cli_warnings(*args: str) -> list[str]:
    """The warning lines `studodds replay` writes on stderr for the same file."""
    done = subprocess.run(
        [sys.executable, "-m", "studodds", "replay", *args, "--format", "json"],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
        check=False,  # a file no hand of which replays exits 2, after its warnings
    )
    return [line for line in done.stderr.splitlines() if line.startswith("warning: ")]


def open_replay(d, server, name: str):
    """The replay tab with a file of the fixtures chosen in it."""
    d.get(f"{server}/")
    wait(d, lambda d: settled(d, "on 3rd street"), what="the example odds")
    css(d, "[data-testid=replay-tab]").click()
    css(d, "[data-testid=replay-file]").send_keys(str(HISTORIES / name))


def shown_warnings(d) -> list[str]:
    return [li.text for li in d.find_elements(By.CSS_SELECTOR, "[data-testid=replay-warnings] li")]


def test_a_replayed_file_shows_the_warnings_of_the_cli(page, server):
    """A hand truncated, a hand that cannot be read, a line skipped: the page lists what
    `studodds replay` warns on stderr, in its words; and when no hand can be replayed,
    the warnings that say why stay with the error."""
    d = page
    open_replay(d, server, "broken_then_good.txt")
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#replay-streets button"),
         what="the replayed streets")
    expected = cli_warnings(str(HISTORIES / "broken_then_good.txt"))
    assert len(expected) == 3 and "(line ignored)" in expected[2]
    assert shown_warnings(d) == expected
    css(d, "[data-testid=replay-file]").send_keys(str(HISTORIES / "partypoker_stud7_side_pot.txt"))
    # The refusal is said beside the file chooser (the line under the table was out of
    # sight), and the last file's hand is no longer on show under the new file's name
    status = "[data-testid=replay-status]"
    wait(d, lambda d: "error" in css(d, status).get_attribute("class"), what="the refusal")
    assert css(d, status).text.startswith(
        "none of the hands in 'partypoker_stud7_side_pot.txt' could be replayed")
    assert not css(d, "#replay-views").is_displayed()
    assert not d.find_elements(By.CSS_SELECTOR, "#replay-hand option")
    expected = cli_warnings(str(HISTORIES / "partypoker_stud7_side_pot.txt"))
    assert len(expected) == 2 and shown_warnings(d) == expected
    wait(d, lambda d: settled(d, "on 3rd street") and [
        e.text for e in d.find_elements(By.CSS_SELECTOR, "#results td.hand")]
        == ["(As Ks) Ah", "(x x) Qd"], what="the table as it was (the example), with its odds")


def test_the_hands_face_up_after_an_all_in_on_the_page(page, server):
    """Tiny is all in on 3rd street and nobody can bet: from 4th street the hero sees his
    kings, and the page says why."""
    d = page
    open_replay(d, server, "razz_sng_allin_face_up.txt")
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#replay-streets button"),
         what="the replayed streets")
    assert shown_warnings(d) == []
    notes = css(d, "#replay-notes").text
    assert "hands face up from 4th street: a player is all in and nobody is left to bet" in notes
    css(d, "#replay-next").click()
    tiny = [c.get_attribute("data-card") for c in
            d.find_elements(By.CSS_SELECTOR, ".seat[data-seat='2'] .card[data-card]")]
    assert tiny[:2] == ["Kd", "Kc"]  # as the hero saw it: the view on show by default
    assert not css(d, "[data-testid=replay-coincide]").is_displayed()


def test_ask_what_if_from_a_street_keeps_the_players_names(page, server):
    """The street taken to the table keeps who is who: the seats, the odds table and the
    what-if player picker say the players' names, and so does the link to the spot."""
    d = page
    open_replay(d, server, "stud7_showdown.txt")
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#replay-streets button"),
         what="the replayed streets")
    css(d, "#replay-next").click()  # 4th street: Carol has folded
    css(d, "#replay-take").click()
    wait(d, lambda d: settled(d, "Seven-card stud on 4th street"), what="the odds from the street")
    live = ["Hero", "Alice", "Bob Smith"]

    def names_on_show():
        seats = [s.text for s in d.find_elements(By.CSS_SELECTOR, "#seats .seat-name")]
        rows = [td.text for td in d.find_elements(By.CSS_SELECTOR, "#results td.seat-no")]
        picker = [o.get_attribute("textContent") for o in
                  d.find_elements(By.CSS_SELECTOR, "#player option")]  # another tab
        return seats, rows, picker

    assert names_on_show() == (live, live, live)
    assert parse_qs(urlsplit(d.current_url).query)["name"] == live
    open_link(d, d.current_url)  # the link reproduces the spot, names and all
    wait(d, lambda d: settled(d, "Seven-card stud on 4th street"), what="the odds from the link")
    assert names_on_show() == (live, live, live)
    css(d, ".seat[data-seat='2'] .remove-seat").click()  # Alice leaves; the others stay named
    wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#results td.seat-no")) == 2
         and settled(d, "4th street"), what="the odds without Alice")
    assert names_on_show() == (["Hero", "Bob Smith"],) * 3


def test_replay_ends_with_who_won_what_under_the_chart(page, server):
    """Under the street chart: each pot in the words of `studodds replay`, the rake, and
    each player's net; the same on every street."""
    d = page
    d.get(f"{server}/")
    wait(d, lambda d: settled(d, "on 3rd street"), what="the example odds")
    css(d, "[data-testid=replay-tab]").click()
    history = HISTORIES / "stud7_side_pot.txt"
    css(d, "[data-testid=replay-file]").send_keys(str(history))
    pots_shown = lambda d: [li.text for li in
                            d.find_elements(By.CSS_SELECTOR, "[data-testid=replay-pots] li")]
    wait(d, pots_shown, what="the result of the hand")
    words = [
        "Shorty wins the main pot of 18.60 with a straight, eight high (8-7-6-5-4)",
        "Bob wins the side pot of 22.00 with two pair, queens and fours (Q-Q-4-4-J)",
    ]
    assert pots_shown(d) == words
    (hand,) = cli_json("replay", str(history), "--trials", "2000")
    assert [pot["text"] for pot in hand["result"]["pots"]] == words
    assert "rake 0.00" in css(d, "[data-testid=replay-result]").text
    rows = [[td.text for td in tr.find_elements(By.TAG_NAME, "td")] for tr in
            d.find_elements(By.CSS_SELECTOR, "[data-testid=replay-nets] tbody tr")]
    # The amounts as the table and the sentences write them: two decimals, as the file.
    assert rows == [["Hero", "16.40", "0.00", "-16.40"], ["Shorty", "5.40", "18.60", "13.20"],
                    ["Bob", "16.40", "22.00", "5.60"], ["Carol", "2.40", "0.00", "-2.40"]]
    chart, result = css(d, "#replay-chart"), css(d, "[data-testid=replay-result]")
    assert result.location["y"] >= chart.location["y"] + chart.size["height"]  # under it
    css(d, "#replay-next").click()
    assert "on 4th street" in method_line(d) and pots_shown(d) == words


def test_every_game_and_its_seats(page, server):
    """The game picker holds every game of /api/games; a five-card game deals one hole
    card and seats up to 10 players, a seven-card game up to 8."""
    d = page
    games = json.loads(urllib.request.urlopen(server + "/api/games").read())
    open_link(d, f"{server}/?game=stud7&hand=(As%20Ks)%20Ah&hand=(x%20x)%20Qd&trials=2000&seed=1")
    wait(d, lambda d: settled(d, "seed 1"), what="the odds")
    options = [o.get_attribute("value") for o in d.find_elements(By.CSS_SELECTOR, "#game option")]
    assert options == list(games)
    add = css(d, "#add-seat")

    def fill_the_table():
        for _ in range(12):  # more than any game seats: the button must stop them
            if not add.is_enabled():
                return
            add.click()

    fill_the_table()
    assert len(d.find_elements(By.CSS_SELECTOR, "#seats .seat")) == games["stud7"]["max_players"] == 8
    d.execute_script("const g = document.getElementById('game'); g.value = 'stud5';"
                     "g.dispatchEvent(new Event('change'))")
    wait(d, lambda d: settled(d, "Five-card stud on 2nd street"), what="the five-card odds")
    # The seven-card hands keep their first hole card and their up cards.
    hands = parse_qs(urlsplit(d.current_url).query)["hand"]
    assert hands[:2] == ["(As) Ah", "(x) Qd"] and hands[2:] == ["random"] * 6
    assert len(d.find_elements(By.CSS_SELECTOR, ".seat[data-seat='1'] [data-slot^='1-hole']")) == 1
    fill_the_table()
    assert len(d.find_elements(By.CSS_SELECTOR, "#seats .seat")) == games["stud5"]["max_players"] == 10
    wait(d, lambda d: settled(d, "Five-card stud") and len(equities(d, 10)) == 10,
         what="ten players' odds")


def test_the_declare_table(page, server):
    """stud5hl: the declare table for player 1 is `studodds declare`'s (exact)."""
    d = page
    hands = ["(As) 2c 3d 4h", "(Kd) Kh 9c 9d"]
    open_link(d, f"{server}/?{urlencode([('game', 'stud5hl'), *(('hand', h) for h in hands)])}")
    wait(d, lambda d: settled(d, "exact"), what="the exact odds")
    css(d, "[data-testid=declare-run]").click()
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, ".declare-table"), what="the declare table")
    expected = cli_json("declare", "-g", "stud5hl", *hands)
    rows = [[td.text for td in tr.find_elements(By.TAG_NAME, "td")]
            for tr in d.find_elements(By.CSS_SELECTOR, ".declare-table tbody tr")]
    said = {"high": "high", "low": "low", "both": "both ways"}  # as players say it
    assert rows == [[*(said[o] for o in r["others"]), percent(r["high"]), percent(r["low"]),
                     percent(r["both"]), said[r["best"]]] for r in expected["rows"]]


def test_a_player_who_has_not_declared_is_undecided(page, server):
    """stud5hl with a declaration: one player's declaration set, the other's not yet:
    the odds wait, saying whose is missing (no error line); once both have declared, the
    odds are `studodds equity --declare`'s."""
    d = page
    hands = ["(As) 2c 3d 4h", "(Kd) Kh 9c 9d"]
    open_link(d, f"{server}/?{urlencode([('game', 'stud5hl'), *(('hand', h) for h in hands)])}")
    wait(d, lambda d: settled(d, "exact"), what="the exact odds")
    selects = d.find_elements(By.CSS_SELECTOR, "select.declare")
    assert len(selects) == 2
    set_text(d, "select.declare", "low")  # the first seat's
    wait(d, lambda d: "Waiting for the declarations: Player 2 has not declared yet."
         in css(d, "#results").text, what="the line saying whose declaration is missing")
    assert not css(d, "#error").is_displayed()
    d.execute_script("arguments[0].value = 'high';"
                     "arguments[0].dispatchEvent(new Event('change'))",
                     d.find_elements(By.CSS_SELECTOR, "select.declare")[1])
    wait(d, lambda d: settled(d, "exact") and "declared:" in css(d, "#results").text,
         what="the odds with both declarations")
    expected = cli_json("equity", "-g", "stud5hl", "--exact", "--declare", "low,high", *hands)
    assert equities(d, 2) == [percent(p["equity"]) for p in expected["players"]]


def test_the_page_says_it_is_getting_ready_then_answers(page, tmp_path):
    """A server started on an empty numba cache (as after install) compiles the odds
    engine as it starts: the page says so, step by step, instead of "Working out the
    odds", and shows the odds once it is ready."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NUMBA_CACHE_DIR": str(tmp_path)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "studodds", "serve", "--no-browser", "--port", "0"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        address = proc.stdout.readline().strip()
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/", address), address
        page.get(address)
        wait(page, lambda d: "Getting ready (once after install, under a minute): compiling the "
             "odds engine, step" in css(d, "#results").text, timeout=30,
             what="the getting-ready line")
        wait(page, lambda d: settled(d, "trials") or settled(d, "exact"),
             what="the example's odds once the engine is ready")
        assert "Getting ready" not in css(page, "#results").text
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


# ---- the page on a phone, a tablet and a desktop ----

# Chromium's mobile emulation: the screen's size in CSS pixels, a touch screen and a
# mobile browser's user agent for the phone and the tablet (held upright); the desktop a
# plain window with a mouse.
SCREENS = {"phone": (360, 740), "tablet": (768, 1024), "desktop": (1440, 900)}
MOBILE_UA = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
             "Chrome/150.0 Mobile Safari/537.36")


@pytest.fixture(scope="module", params=list(SCREENS))
def screen_browser(request, server):
    width, height = SCREENS[request.param]
    touch = request.param != "desktop"
    if touch:
        metrics = {"width": width, "height": height, "pixelRatio": 2, "touch": True, "mobile": True}
        d = _browser(emulation={"deviceMetrics": metrics, "userAgent": MOBILE_UA})
    else:  # headless Chromium's screen is 800 px wide whatever its window: say 1440
        d = _browser(f"--window-size={width},{height}")
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": False,
            "screenWidth": width, "screenHeight": height})
    d.screen_name, d.touch = request.param, touch
    try:
        yield d
    finally:
        d.quit()


@pytest.fixture
def device(screen_browser, request):
    """A phone, a tablet or a desktop (each test that takes it runs on all three), its
    console checked as the page fixture's."""
    yield from _console_checked(screen_browser, request)


# What does not fit the screen, checked against screen.width: a phone widens its layout
# viewport to hold whatever overflows, so innerWidth and scrollWidth grow together and
# would hide it. A box meant to scroll sideways may hold more than it shows, when it says
# so (a shadow at its edge: a gradient background); what it shows must fit.
NOT_ON_SCREEN = """
const W = screen.width;
const problems = [];
const root = document.documentElement;
if (root.scrollWidth > W) problems.push(`the page is ${root.scrollWidth} px wide`);
if (innerWidth > W) problems.push(`the layout viewport is ${innerWidth} px wide`);
function name(el) {
  return el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
}
function clipper(el) {
  for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
    if (getComputedStyle(p).overflowX !== 'visible') return p;
  }
  return null;
}
function shown(el) {
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
}
// Everything must lie within the screen, or within the box that clips it.
for (const el of document.body.querySelectorAll('*')) {
  if (!shown(el)) continue;
  const r = el.getBoundingClientRect();
  if (!clipper(el) && (r.left < -0.5 || r.right > W + 0.5))
    problems.push(`${name(el)} spans ${Math.round(r.left)}-${Math.round(r.right)}`);
  if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') {
    const style = getComputedStyle(el);
    if (!['auto', 'scroll'].includes(style.overflowX) || !style.backgroundImage.includes('gradient'))
      problems.push(`${name(el)} cuts off ${el.scrollWidth - el.clientWidth} px without saying it scrolls`);
  }
}
// Text past the right edge: of the screen, or of the box it scrolls in.
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let t = walker.nextNode(); t; t = walker.nextNode()) {
  if (!t.textContent.trim() || !shown(t.parentElement)) continue;
  const range = document.createRange();
  range.selectNodeContents(t);
  const r = range.getBoundingClientRect();
  if (!r.width) continue;
  const box = clipper(t.parentElement);
  const right = box ? box.getBoundingClientRect().right : W;
  const scrolls = box && ['auto', 'scroll'].includes(getComputedStyle(box).overflowX);
  if (!scrolls && r.right > Math.min(W, right) + 0.5) problems.push(`text '${t.textContent.trim().slice(0, 30)}' ends at ${Math.round(r.right)}`);
}
// What a player looks for: every seat, the deck and the results, each equity without
// scrolling sideways (scrolling down to it is fine).
// (the deck not during a replay on a phone, where it deals nothing and is left out)
const replayingOnPhone = document.body.classList.contains('replaying') && innerWidth <= 700;
const wanted = [...document.querySelectorAll('.seat'),
  ...(replayingOnPhone ? [] : [document.getElementById('deck')]),
  document.getElementById('results'), ...document.querySelectorAll('[data-testid^=equity-]'),
  ...arguments[0].flatMap((s) => [...document.querySelectorAll(s)])];
for (const el of wanted) {
  if (!shown(el)) { problems.push(`${name(el)} is not shown`); continue; }
  const r = el.getBoundingClientRect();
  const box = clipper(el);
  const right = Math.min(W, box ? box.getBoundingClientRect().right : W);
  if (r.left < -0.5 || r.right > right + 0.5) problems.push(`${name(el)} ${el.textContent.slice(0, 20)} is off the screen (${Math.round(r.left)}-${Math.round(r.right)})`);
}
return problems;
"""

# The places a finger taps: at least 40 px both ways on a touch screen.
TAPPED = ["#deck .deck-card", ".card.slot", "#add-seat", "#clear-table", "#unknown-card",
          "#take-back", "#copy-link", "[data-testid=work-out]", "#recompute", "#next-run",
          "#declare-run", "[data-testid=cancel]", "#dead-slot"]


def too_small_to_tap(d) -> list[str]:
    return d.execute_script("""
      const out = [];
      for (const el of document.querySelectorAll(arguments[0])) {
        const r = el.getBoundingClientRect();
        if (!r.width && !r.height) continue;  // not on show
        if (r.width < 40 || r.height < 40)
          out.push(`${el.id || el.dataset.card || el.dataset.slot || el.textContent} ${Math.round(r.width)}x${Math.round(r.height)}`);
      }
      return out;""", ", ".join(TAPPED))


def spot(game: str, players: int) -> str:
    """A table of `players` (the first with aces, the others a door card each), sampled
    with a seed: its link."""
    five = game.startswith("stud5")
    doors = ["Qd", "7c", "8h", "9d", "Tc", "Jh", "2s", "3s", "4s"]
    hands = ["(As) Ah" if five else "(As Ks) Ah"]
    hands += [f"({'x' if five else 'x x'}) {c}" for c in doors[:players - 1]]
    return urlencode([("game", game), *(("hand", h) for h in hands), ("trials", "3000"),
                      ("seed", "1")])


def test_the_page_fits_the_screen(device, server):
    """On a phone, a tablet and a desktop, with 2, 3 and 8 players of seven-card stud and
    10 of five-card stud: nothing is wider than the screen, every seat, the deck and the
    results are on it, and the next-card grid too; on a touch screen every card and main
    button is big enough to tap."""
    d = device
    for game, players in [("stud7", 2), ("stud7", 3), ("stud7", 8), ("stud5", 10)]:
        table = f"{d.screen_name}, {game} with {players} players"
        open_link(d, f"{server}/?{spot(game, players)}")
        wait(d, lambda d, n=players: settled(d, "seed 1")
             and len(d.find_elements(By.CSS_SELECTOR, "[data-testid^=equity-]")) == n,
             what=f"the odds ({table})")
        grid = []
        if players == 3:
            css(d, "[data-testid=next-run]").click()
            wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, ".next-grid"),
                 what=f"the next-card grid ({table})")
            grid = [".next-grid"]
        assert d.execute_script(NOT_ON_SCREEN, grid) == [], table
        assert split_words(d) + split_hands(d) == [], table
        if d.touch:
            assert too_small_to_tap(d) == [], table
            # The boxes a finger types in, and the method's radios (13 and 24 px high
            # before a tester's report)
            assert d.execute_script("""
              return [...document.querySelectorAll('input[type=text], input[type=radio]')]
                .filter((el) => el.getBoundingClientRect().height > 0)
                .filter((el) => el.getBoundingClientRect().height < (el.type === 'radio' ? 22 : 36))
                .map((el) => el.id || el.name || el.dataset.testid)""") == [], table


def test_the_declare_table_shows_every_column(device, server):
    """stud5hl, three players: the declare table has room of its own under the results,
    and every column of it is on the screen (its 'if both' was cut off even at 1400 px)."""
    d = device
    hands = ["(As) 2c 3d 4h", "(Kd) Kh 9c 9d", "(x) 5c 6c 7c"]
    open_link(d, f"{server}/?{urlencode([('game', 'stud5hl'), *(('hand', h) for h in hands), ('trials', '3000'), ('seed', '1')])}")
    wait(d, lambda d: settled(d, "seed 1"), what="the odds")
    css(d, "[data-testid=declare-run]").click()
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, ".declare-table"), what="the declare table")
    headers = [th.text.replace("\n", " ")
               for th in d.find_elements(By.CSS_SELECTOR, ".declare-table th")]
    who = ["player 2", "player 3"] if d.screen_name == "phone" else [
        "player 2 declares", "player 3 declares"]  # no room on a phone
    assert headers == [*who, "if high", "if low", "if both ways", "best"]
    assert d.execute_script(NOT_ON_SCREEN, [".declare-table th", ".declare-table td"]) == []
    assert split_words(d) + split_hands(d) == []
    if d.touch:
        assert too_small_to_tap(d) == []


# Text split where a reader would not split it. Words: a run without spaces (such as
# "--format" or "8-7-5-3-2") over two lines anywhere on the page. Hands, in the boxes
# named by the selector: a group of cards in parentheses, "(As 2s)", over two lines (a
# range's alternatives, "(K? K? | A? A?)", may each stand on a line of their own, whole).
SPLIT = r"""
const [selector, words] = arguments;
const problems = [];
function lines(range) {
  const tops = new Set();
  for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
  return tops.size;
}
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let t = words ? walker.nextNode() : null; t; t = walker.nextNode()) {
  for (const m of t.textContent.matchAll(/\S+/g)) {
    const range = document.createRange();
    range.setStart(t, m.index);
    range.setEnd(t, m.index + m[0].length);
    if (lines(range) > 1) problems.push(`the word '${m[0]}' is split over two lines`);
  }
}
const CARD = String.raw`(?:[2-9TJQKA?][cdhs?]|x)`;
const GROUP = new RegExp(String.raw`\(\s*${CARD}(?:[\s|]+${CARD})*\s*\)`, 'g');
for (const box of selector ? document.querySelectorAll(selector) : []) {
  // The box's text, and where each of its characters lies (a text node and an offset).
  const at = [];
  let text = '';
  const nodes = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  for (let t = nodes.nextNode(); t; t = nodes.nextNode()) {
    for (let i = 0; i < t.textContent.length; i++) at.push([t, i]);
    text += t.textContent;
  }
  for (const m of text.matchAll(GROUP)) {
    let start = m.index;
    for (const piece of m[0].split('|')) {
      const first = start + piece.search(/\S/);
      const last = start + piece.trimEnd().length - 1;
      const range = document.createRange();
      range.setStart(...at[first]);
      range.setEnd(at[last][0], at[last][1] + 1);
      if (lines(range) > 1) problems.push(`'${piece.trim()}' of '${m[0]}' is split over two lines`);
      start += piece.length + 1;
    }
  }
}
return problems;
"""

HANDS_SHOWN = "#results td.hand, #next-out .method-line, #declare-out .method-line"


def split_hands(d) -> list[str]:
    return d.execute_script(SPLIT, HANDS_SHOWN, False)


def split_words(d) -> list[str]:
    return d.execute_script(SPLIT, "", True)


def places_off_the_row(d) -> list[str]:
    """Each seat's places (cards and places still to be dealt) that do not lie on the
    line of its first place, and how many places it has."""
    return d.execute_script("""
      return [...document.querySelectorAll('#seats .seat')].map((seat) => {
        const tops = [...seat.querySelectorAll('.seat-cards .card')].map(
          (c) => Math.round(c.getBoundingClientRect().top));
        return [tops.length, tops.filter((t) => t !== tops[0]).length];
      });""")


# Where the tabs under the table stand in every frame, from the moment odds are asked for
# (the results box says it is waiting, or holds a table) until the script is removed.
RECORD_THE_TABS = """
window.tabsTop = [];
(function record() {
  const results = document.getElementById('results');
  const tabs = document.querySelector('.lower');
  if (results && tabs && results.querySelector('.waiting, table')) {
    window.tabsTop.push(Math.round(tabs.getBoundingClientRect().top + scrollY));
  }
  requestAnimationFrame(record);
})();
"""


def test_the_page_holds_still_when_the_first_odds_come(device, server):
    """While a table's first odds are worked out, the results box holds their rows (blank
    numbers), so what lies below stays put when they come: on a phone the tabs jumped
    210 px down, and a tap meant for a tab landed on the deck. The example on load, and
    a link's three-handed hi/lo table with a pot (more rows, a low line, the verdict)."""
    d = device
    script = d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                               {"source": RECORD_THE_TABS})["identifier"]
    hands = ["(As 2s) 3h 4h 9c", "(x x) Qc Kd 3d", "(x x) 5c 6c 7c"]
    link = urlencode([("game", "stud7hl8"), *(("hand", h) for h in hands), ("dead", "7h Kc 8d"),
                      ("trials", "20000"), ("seed", "1"), ("pot", "60"), ("to_call", "10")])
    try:
        for name, ask in [("the example", lambda: d.get(f"{server}/")),
                          ("a hi/lo link", lambda: open_link(d, f"{server}/?{link}"))]:
            ask()
            wait(d, lambda d: settled(d, "street"), what=f"the odds of {name}")
            tops = d.execute_script("return window.tabsTop")
            assert tops, name
            # What is left is the method line's and a note's words, which come with the
            # odds (on a phone about 95 px: two lines each where the waiting line is one).
            assert max(tops) - min(tops) <= 120, (d.screen_name, name, sorted(set(tops)))
    finally:
        d.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script})


@provokes_http_400
def test_a_first_question_refused_leaves_no_blank_rows(page, server):
    """The rows held for the first odds go when the server refuses the table: the error
    line says why, and no row of dots suggests odds still to come."""
    d = page
    open_link(d, f"{server}/?game=stud7&hand=(As%20Ks)%20Ah&hand=(x%20x)%20Qd&dead=Qd&seed=1")
    wait(d, lambda d: css(d, "#error").is_displayed(), what="the error line")
    wait(d, lambda d: "No odds for this table" in css(d, "#results").text, what="no odds")
    assert d.find_elements(By.CSS_SELECTOR, "#results .placeholder") == []


def test_a_seats_places_are_one_row(device, server):
    """A stud player reads a hand as one row: on a phone, a tablet and a desktop, with 2,
    3 and 8 players of seven-card stud (2 hole cards, 4 up cards, the river: 7 places)
    and 10 of five-card stud (5 places), every place of a seat is on one line (the river
    dropped to a second line alone on a phone and a tablet)."""
    d = device
    for game, players in [("stud7", 2), ("stud7", 3), ("stud7", 8), ("stud5", 10)]:
        table = f"{d.screen_name}, {game} with {players} players"
        d.get(f"{server}/?{spot(game, players)}")  # the table is drawn; no odds needed
        wait(d, lambda d, n=players: len(d.find_elements(By.CSS_SELECTOR, "#seats .seat")) == n,
             what=f"the seats ({table})")
        places = 5 if game.startswith("stud5") else 7
        assert places_off_the_row(d) == [[places, 0]] * players, table


def test_the_odds_table_shows_every_column(device, server):
    """The odds on a phone, a tablet and a desktop: every column on the screen without
    scrolling sideways (hi/lo sampled has nine: the error bar was cut off, and more), and
    a hand breaks only between its groups, never inside "(As 2s)" or a card."""
    d = device
    spots = [
        ("stud7hl8", ["(As 2s) 3h 4h 9c", "(x x) Qc Kd 3d", "(x x) 5c 6c 7c"], ["7h Kc 8d"]),
        ("stud7", ["(As Ks) Ah Kh Qh Jh", "(K? K? | A? A?) Qc 2d 3d 4d", "(x x) 5c 6c 7c 8c"], []),
        ("razz", ["(As 2s) 3h 4h 5c Kd (Qh)", "(x x) 6c 7c 8c 9c (x)"], []),
    ]
    problems = []
    for game, hands, dead in spots:
        table = f"{d.screen_name}, {game} {hands}"
        query = [("game", game), *(("hand", h) for h in hands), *(("dead", c) for c in dead),
                 ("trials", "3000"), ("seed", "1")]
        open_link(d, f"{server}/?{urlencode(query)}")
        wait(d, lambda d: settled(d, "seed 1"), what=f"the odds ({table})")
        cut = d.execute_script("""
          const box = document.getElementById('results').getBoundingClientRect();
          const right = Math.min(screen.width, box.right);
          return [...document.querySelectorAll('#results th, #results td')]
            .filter((c) => { const r = c.getBoundingClientRect(); return r.left < box.left - 0.5 || r.right > right + 0.5; })
            .map((c) => `${c.textContent} (${Math.round(c.getBoundingClientRect().right)} > ${Math.round(right)})`);""")
        problems += [f"{table}: {problem}" for problem in split_hands(d) + cut]
    assert problems == []


def test_a_replayed_hand_fits_the_screen(device, server):
    """A hand history replayed on a phone, a tablet and a desktop, on its last street:
    the street buttons, the chart and the result are on the screen (at 360 px the 7th
    street's button was off it, and the page 362 px wide), the dead cards' box shows all
    of its cards, and no word is split over two lines (the razz winner's '8-7-5-3-2')."""
    d = device
    for name in ("razz_sng_allin_face_up.txt", "stud7_showdown.txt"):
        where = f"{d.screen_name}, {name}"
        open_replay(d, server, name)
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#replay-streets button"),
             what=f"the replayed streets ({where})")
        while css(d, "#replay-next").is_enabled():
            css(d, "#replay-next").click()
        shown = ["#replay-streets button", "#replay-prev", "#replay-next", "#replay-chart",
                 "[data-testid=replay-result]"]
        assert d.execute_script(NOT_ON_SCREEN, shown) + split_words(d) + split_hands(d) == [], where
        # The chart is drawn as wide as its box, not shrunk to it: its words keep their
        # 12 px (a 640-unit drawing on a phone printed them at about 6)
        scale = d.execute_script("const s = document.querySelector('#replay-chart svg');"
                                 "return s.getBoundingClientRect().width / s.viewBox.baseVal.width")
        assert scale > 0.95, (where, scale)
        # On a phone the greyed deck is left out of a replay: it stood between the table
        # and the street buttons (about 2,000 px apart, a tester's)
        assert css(d, "#deck").is_displayed() is (d.screen_name != "phone"), where


def tap(d, element):
    """A finger's tap on the middle of an element (scrolled into view first)."""
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    box = d.execute_script("const r = arguments[0].getBoundingClientRect();"
                           "return [r.left + r.width / 2, r.top + r.height / 2]", element)
    point = {"x": box[0], "y": box[1]}
    d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_a_tap_on_a_place_then_a_card_deals_it(device, server):
    """On a touch screen a finger does what the mouse does: tap player 2's door card
    place, then the nine of hearts in the deck: the nine is player 2's door card."""
    d = device
    if not d.touch:
        pytest.skip("the desktop has a mouse: the other tests click")
    d.get(f"{server}/?game=stud7&hand=&hand=")
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#deck .deck-card"), what="the deck")
    tap(d, css(d, "[data-slot='2-up-1']"))
    wait(d, lambda d: "player 2's door card" in css(d, "#target").text, timeout=10,
         what="the place chosen by the tap")
    tap(d, css(d, "#deck .deck-card[data-card='9h']"))
    wait(d, lambda d: css(d, "[data-slot='2-up-1']").get_attribute("data-card") == "9h",
         timeout=10, what="the card dealt by the tap")
    assert not css(d, "#deck .deck-card[data-card='9h']").is_enabled()
    assert parse_qs(urlsplit(d.current_url).query)["hand"][1] == "(x x) 9h"


def png_pixels(png: bytes) -> list[list[tuple[int, int, int]]]:
    """The RGB pixels of a screenshot, row by row (8-bit RGB or RGBA PNG, as Chromium
    writes them)."""
    import struct
    import zlib
    pos, data = 8, b""
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        chunk = png[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", chunk[:10])
        elif kind == b"IDAT":
            data += chunk
        pos += 12 + length
    assert depth == 8 and colour in (2, 6), (depth, colour)
    step = 3 if colour == 2 else 4
    raw, stride, above, pixels, at = zlib.decompress(data), width * step, bytearray(width * step), [], 0
    for _ in range(height):
        kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for x in range(stride):
            a = line[x - step] if x >= step else 0
            b, c = above[x], (above[x - step] if x >= step else 0)
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        pixels.append([tuple(line[x:x + 3]) for x in range(0, stride, step)])
        above = line
    return pixels


def contrast(one, other) -> float:
    """WCAG's contrast ratio of two sRGB colours."""
    def luminance(rgb):
        c = [v / 255 for v in rgb]
        c = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_quiet_buttons_stay_readable_under_the_mouse(page, server):
    """Copy link to this spot (on the dark bar) and Clear the table (on the felt), with
    the mouse over them: their words stand out from the button's face (cream on cream
    before)."""
    from selenium.webdriver.common.action_chains import ActionChains
    d = page
    d.get(f"{server}/?game=stud7&hand=&hand=")
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#deck .deck-card"), what="the page")
    for button in ("#copy-link", "#clear-table"):
        element = css(d, button)
        ActionChains(d).move_to_element(element).perform()
        time.sleep(0.3)  # any transition
        assert d.execute_script("return arguments[0].matches(':hover')", element)
        # Inside the rounded border: the face and the words only.
        rows = png_pixels(element.screenshot_as_png)
        pixels = [p for row in rows[6:-6] for p in row[8:-8]]
        face = max(set(pixels), key=pixels.count)  # the most common colour: the face
        words = max(pixels, key=lambda p: contrast(p, face))
        assert contrast(words, face) >= 4.5, (button, face, words)
