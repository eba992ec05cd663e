"""Take the README's pictures of the web page (docs/web_page.png, docs/web_replay.png, and
the page on a phone and a tablet: docs/web_page_phone.png, docs/web_page_tablet.png) with
headless Chromium.

    python scripts/screenshot_web.py                    # starts `studodds serve` itself
    python scripts/screenshot_web.py --server http://127.0.0.1:8765   # a server already up

Needs the web extra, selenium (the dev extra) and Debian's chromium and chromium-driver
(/usr/bin/chromium, /usr/bin/chromedriver). The table is a fixed deep link with a seed, so
the first picture shows the same numbers each time it is taken; the replay (a hand of
tests/data) samples its streets afresh.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import subprocess
import sys
import time
import urllib.request
from urllib.parse import urlencode

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import WebDriverWait

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPLAYED = os.path.join(ROOT, "tests", "data", "handhistories", "stud7_side_pot.txt")

# Three players on 5th street of stud hi/lo eight or better (the README's equity example),
# with a pot and a price, so the picture shows the halves, the error bars and the verdict.
SPOT = [
    ("game", "stud7hl8"),
    ("hand", "(As 2s) 3h 4h 9c"),
    ("hand", "(x x) Qc Kd 3d"),
    ("hand", "(x x) 5c 6c 7c"),
    ("dead", "7h Kc 8d"),
    ("trials", "200000"),
    ("seed", "1"),
    ("pot", "60"),
    ("to_call", "10"),
]


@contextlib.contextmanager
def server(url: str | None):
    """The address of a running `studodds serve`: the one given, or one started here."""
    if url:
        yield url.rstrip("/")
        return
    env = {**os.environ, "PYTHONPATH": ROOT + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen(  # port 0: serve binds a free port and prints its address
        [sys.executable, "-m", "studodds", "serve", "--no-browser", "--port", "0"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    address = proc.stdout.readline().strip().rstrip("/")  # "" if it could not start
    try:
        if not address.startswith("http://"):
            raise SystemExit("studodds serve did not start")
        for _ in range(200):
            try:
                urllib.request.urlopen(address + "/api/games", timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise SystemExit("studodds serve did not start")
        yield address
    finally:
        proc.terminate()
        proc.wait(10)


# Chromium's mobile emulation for the phone and the tablet (held upright): a touch screen
# and a mobile browser, as tests/test_web_page.py checks the page.
MOBILE_UA = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
             "Chrome/150.0 Mobile Safari/537.36")
DEVICES = {"phone": (360, 740), "tablet": (768, 1024)}


def browser(width: int, height: int, mobile: bool = False) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars",
                f"--window-size={width},{height}", "--force-device-scale-factor=1"):
        options.add_argument(arg)
    if mobile:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": width, "height": height, "pixelRatio": 1, "touch": True,
                              "mobile": True},
            "userAgent": MOBILE_UA})
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", help="the address of a running studodds serve")
    parser.add_argument("--output", default=os.path.join(ROOT, "docs", "web_page.png"))
    parser.add_argument("--width", type=int, default=1440)
    parser.add_argument("--no-next", dest="next", action="store_false",
                        help="leave out the next-card grid for player 1")
    parser.add_argument("--replay-output", default=os.path.join(ROOT, "docs", "web_replay.png"),
                        help="the replay's picture ('' for none)")
    for device, (width, _) in DEVICES.items():
        parser.add_argument(f"--{device}-output",
                            default=os.path.join(ROOT, "docs", f"web_page_{device}.png"),
                            help=f"the page on a {device} {width} px wide ('' for none)")
    args = parser.parse_args()
    with server(args.server) as address:
        for device, (width, height) in DEVICES.items():
            path = getattr(args, f"{device}_output")
            if path:
                on_a_device(address, width, height, path)
                print(path)
        driver = browser(args.width, 900)
        try:
            driver.get(f"{address}/?{urlencode(SPOT)}")
            wait = WebDriverWait(driver, 120)
            # A link's odds wait for the click (the page opened at a link someone sent).
            wait.until(ec.element_to_be_clickable((By.CSS_SELECTOR, "[data-testid=work-out]")))
            driver.find_element(By.CSS_SELECTOR, "[data-testid=work-out]").click()
            wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, "[data-testid=equity-3]")))
            if args.next:
                driver.find_element(By.CSS_SELECTOR, "[data-testid=next-run]").click()
                wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, ".next-grid")))
            whole_page(driver, args.width, args.output)
            print(args.output)
            if args.replay_output:
                replay(driver, wait)
                whole_page(driver, args.width, args.replay_output)
                print(args.replay_output)
        finally:
            driver.quit()


def on_a_device(address: str, width: int, height: int, path: str) -> None:
    """The same spot on a phone or a tablet: the whole page, as long as it is."""
    driver = browser(width, height, mobile=True)
    try:
        driver.get(f"{address}/?{urlencode(SPOT)}")
        wait = WebDriverWait(driver, 120)
        wait.until(ec.element_to_be_clickable((By.CSS_SELECTOR, "[data-testid=work-out]")))
        driver.find_element(By.CSS_SELECTOR, "[data-testid=work-out]").click()
        wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, "[data-testid=equity-3]")))
        time.sleep(0.5)  # the bars' transitions
        # An emulated screen as tall as the page, so one picture holds all of it.
        driver.execute_script("window.scrollTo(0, 0)")
        tall = driver.execute_script("return document.documentElement.scrollHeight")
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": tall, "deviceScaleFactor": 1, "mobile": True,
            "screenWidth": width, "screenHeight": tall})
        time.sleep(0.3)
        driver.save_screenshot(path)
        shrink(path)
    finally:
        driver.quit()


def replay(driver, wait) -> None:
    """A hand with a side pot replayed: 6th street on the table, every card shown."""
    driver.find_element(By.CSS_SELECTOR, "[data-testid=replay-tab]").click()
    driver.find_element(By.CSS_SELECTOR, "[data-testid=replay-file]").send_keys(REPLAYED)
    wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, "#replay-streets button")))
    for _ in range(3):
        driver.find_element(By.ID, "replay-next").click()
    driver.find_element(By.CSS_SELECTOR, "input[name=replay-view][value=revealed]").click()


def whole_page(driver, width: int, path: str) -> None:
    time.sleep(0.5)  # the bars' transitions
    # The window's size counts the browser's frame: from a short window, grow it until the
    # viewport holds the whole page.
    driver.set_window_size(width, 600)
    for _ in range(3):
        page, viewport = driver.execute_script(
            "return [document.documentElement.scrollHeight, window.innerHeight]")
        if viewport == page:
            break
        outer = driver.get_window_size()["height"]
        driver.set_window_size(width, outer + page - viewport)
    driver.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.3)
    driver.save_screenshot(path)
    shrink(path)


def shrink(path: str) -> None:
    """A quarter of the bytes: 256 colours (octree, no dithering: the page's flat colours
    come out as they are; the felt's gradient bands a little). Needs Pillow (it comes with
    the notebooks extra's matplotlib); without it the picture stays as taken."""
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as taken:
        small = taken.convert("RGB").quantize(256, method=Image.Quantize.FASTOCTREE,
                                              dither=Image.Dither.NONE)
    small.save(path, optimize=True)


if __name__ == "__main__":
    main()
