"""Runs tests/browsers/journeys.py's journeys in WebKitGTK (the engine of every browser on an iPhone) through
Selenium and WebKitWebDriver, on a virtual screen (MiniBrowser has no headless mode)."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import threading
import time
import urllib.request

from tests.browsers.journeys import ARM_LANDED, ARM_TAP, LANDED, SHOWING, STILL

MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
DRIVER = "/usr/bin/WebKitWebDriver"


@contextlib.contextmanager
def virtual_screen():
    """DISPLAY set to a fresh Xvfb screen while inside (MiniBrowser has no headless mode)."""
    # Xvfb picks a free display and writes its number to fd 1, our pipe.
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    number = xvfb.stdout.readline().decode().strip()
    previous = os.environ.get("DISPLAY")
    os.environ["DISPLAY"] = f":{number}"
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop("DISPLAY", None)
        else:
            os.environ["DISPLAY"] = previous
        xvfb.terminate()
        xvfb.wait(timeout=10)


class BrowserGone(Exception):
    """MiniBrowser did not start, or stopped answering its driver: the engine failed, not the site."""


def open_browser(seconds: float = 60):
    """A fresh MiniBrowser; one that has not started within `seconds` is killed with its driver."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    options = Options()
    options.binary_location = MINIBROWSER
    options.add_argument("--automation")
    service = Service(executable_path=DRIVER)
    opened: list = []
    failed: list[BaseException] = []

    def start() -> None:
        # A start given up on (its driver killed below) fails in this thread: kept, not raised there.
        try:
            opened.append(webdriver.WebKitGTK(options=options, service=service))
        except Exception as error:  # whatever the driver raised: said below
            failed.append(error)

    starting = threading.Thread(target=start, daemon=True)
    starting.start()
    starting.join(seconds)
    if not opened:
        if service.process:
            service.process.kill()
        why = f": {type(failed[0]).__name__}" if failed else ""
        raise BrowserGone(f"MiniBrowser did not start within {seconds:.0f} s{why}")
    browser = opened[0]
    browser.set_window_size(360, 740)
    return browser


def wait(browser, check, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if browser.execute_script(check[0], *check[1:]):
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


SAME_TEXT = (
    "const e = document.querySelector(arguments[0]);"
    "return (e ? e.textContent.replace(/\\s+/g, ' ').trim() : '(missing)') === arguments[1];"
)


def _holds(browser, condition: str) -> bool:
    """`condition` true in the page now; false while a page is loading in its place."""
    from selenium.common.exceptions import JavascriptException

    try:
        return bool(browser.execute_script(f"return Boolean({condition});"))
    except JavascriptException:
        return False


def _said(browser, expression: str) -> str:
    """`expression` in the page now, as text; "" while a page is loading in its place."""
    from selenium.common.exceptions import JavascriptException

    try:
        return str(browser.execute_script(f"return {expression};") or "")
    except JavascriptException:
        return ""


def step(browser, base: str, verb: str, arg=None, timings: dict | None = None) -> None:
    if verb == "goto":
        browser.get(base + arg)
    elif verb == "wait_for":
        wait(browser, ("return document.querySelector(arguments[0]) !== null;", arg), 120, arg)
    elif verb in ("set", "commit"):
        # "commit": typed, then left (the change event), as a house rule's box is played
        browser.execute_script(
            "const i = document.querySelector(arguments[0]); i.value = arguments[1];"
            "i.dispatchEvent(new Event('input', { bubbles: true }));"
            "if (arguments[2]) i.dispatchEvent(new Event('change', { bubbles: true }));",
            *arg,
            verb == "commit",
        )
    elif verb == "wait_text":
        try:
            wait(browser, (SAME_TEXT, *arg), 120, arg[0])
        except AssertionError:
            shown = browser.execute_script(f"return {SHOWING}(arguments[0]);", arg[0])
            raise AssertionError(f"{arg[0]} shows {shown!r}") from None
    elif verb == "wait_offline_ready":
        wait(browser, ("return document.documentElement.dataset.offline === 'ready';",), 180, "ready offline")
    elif verb == "stop_server":
        try:
            urllib.request.urlopen(base + "__stop__", timeout=5).read()
        except OSError:
            pass
    elif verb == "switch_build":
        urllib.request.urlopen(base + "__build__/" + arg, timeout=5).read()
    elif verb in ("portal", "hold"):
        urllib.request.urlopen(base + f"__{verb}__/" + arg, timeout=5).read()
    elif verb == "click":
        wait(browser, ("return document.querySelector(arguments[0]) !== null;", arg), 120, arg)
        browser.execute_script("document.querySelector(arguments[0]).click();", arg)
    elif verb == "check":
        wait(browser, (f"return Boolean({arg[0]});",), 10, arg[1])
    elif verb == "tap":
        wait(browser, (f"return {STILL}(arguments[0]);", arg), 120, f"{arg} holding still")
        from selenium.webdriver.common.by import By

        target = browser.find_element(By.CSS_SELECTOR, arg)
        # As a thumb does: in the middle of the screen first, not under the sticky header, where
        # WebKitWebDriver's own scrolling can leave it (its click then lands on the header).
        browser.execute_script("arguments[0].scrollIntoView({ block: 'center' });", target)
        browser.execute_script(f"{ARM_LANDED}(arguments[0]);", arg)
        target.click()
        landed = _said(browser, LANDED)
        if landed:
            raise AssertionError(f"the tap on {arg} landed on {landed}: the page moved under it")
    elif verb == "back":
        browser.back()
    elif verb == "reload":
        # The next step acts on the new document, never on the old one as it goes: marked, then waited out.
        browser.execute_script("window.journeyBefore = true;")
        browser.refresh()
        wait(
            browser,
            ("return !window.journeyBefore && document.readyState !== 'loading';",),
            120,
            "the page loaded again",
        )
    elif verb == "timed":  # a tap timed inside the page, to when what it should bring holds
        label, selector, condition, elapsed = arg
        if selector:  # none: a moment the page noted by itself (its first live answer)
            browser.execute_script(ARM_TAP)
            step(browser, base, "tap", selector)
        deadline = time.monotonic() + 120
        while not _holds(browser, condition):
            if time.monotonic() > deadline:
                raise AssertionError(f"not so within 120 s: {label}")
            time.sleep(0.01)
        timings = {} if timings is None else timings
        timings[label] = round(browser.execute_script(f"return {elapsed};"), 1)
    elif verb == "reopen":  # a shared link opened in a fresh tab of the same browser
        address = browser.current_url
        browser.switch_to.new_window("tab")
        browser.get(address)
    elif verb == "type":
        from selenium.webdriver.common.action_chains import ActionChains

        ActionChains(browser).send_keys(arg).perform()
    else:
        raise ValueError(f"unknown step {verb}")


def run(journeys: dict[str, list], base: str) -> dict[str, dict]:
    """Each journey in a fresh browser; {journey: {ok, error}}. A journey whose browser did not start
    or stopped answering (now and then under load, MiniBrowser does) is run once more; a wrong
    answer is never retried."""
    results = {}
    previous = socket.getdefaulttimeout()
    socket.setdefaulttimeout(180)  # a driver whose browser died answers nothing: fail, do not hang
    try:
        for name, steps in journeys.items():
            results[name] = _journey(steps, base)
            if not results[name]["ok"] and results[name].get("gone"):
                results[name] = {**_journey(steps, base), "retried": results[name]["error"]}
    finally:
        socket.setdefaulttimeout(previous)
    return results


def _seen(browser) -> str:
    """What the page showed when a journey failed, so a failure seen once under load says where it stood (#64)."""
    try:
        return json.dumps(browser.execute_script(SEEN))[:600]
    except Exception as error:  # a page that does not answer says so
        return f"(it did not answer: {type(error).__name__})"


# The page's address, its state marks, and how many calculators it has and has set up.
SEEN = (
    "return { url: location.href, state: { ...document.documentElement.dataset }, "
    "calculators: document.querySelectorAll('.calc').length, ready: document.querySelectorAll('.calc[data-ready]').length };"
)


def _journey(steps: list, base: str) -> dict:
    from urllib3.exceptions import HTTPError as DriverUnreachable

    try:
        browser = open_browser()
    except BrowserGone as error:
        return {"ok": False, "gone": True, "error": str(error)}
    at = "opening"
    try:
        timings: dict[str, float] = {}
        for number, (verb, *arg) in enumerate(steps, start=1):
            at = f"step {number} ({verb})"
            step(browser, base, verb, *arg, timings=timings)
        return {"ok": True, "timings": timings}
    except (OSError, TimeoutError, DriverUnreachable) as error:  # the driver's connection: the browser is gone
        return {"ok": False, "gone": True, "error": f"{type(error).__name__}: {str(error)[:600]}"}
    except Exception as error:  # reported per journey, so one failure does not hide the others
        return {"ok": False, "error": f"{type(error).__name__}: {str(error)[:600]} at {at}; the page: {_seen(browser)}"}
    finally:
        try:
            browser.quit()
        except Exception:  # a browser already gone cannot be closed
            if browser.service.process:
                browser.service.process.kill()
