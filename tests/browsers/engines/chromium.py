"""Runs tests/browsers/journeys.py's journeys in Chromium through Playwright, each in a fresh profile at 360 x
740, against a server of its own (the offline journey stops it). Used by the engine tests on both
engines' builds."""

from __future__ import annotations

import re
import tempfile
import time
import urllib.request
from pathlib import Path

from tests.browsers.journeys import ARM_TAP, EXPECTED_ERRORS, SHOWING, STILL, journeys
from tests.helpers import CHROMIUM, CHROMIUM_ARGS, one_page_changed
from tests.server import StaticServer


def check(holds, what: str, seconds: float = 10) -> None:
    """A journey's `check`: true within `seconds`, or the journey fails naming what was expected."""
    deadline = time.monotonic() + seconds
    while not holds():
        if time.monotonic() > deadline:
            raise AssertionError(f"not so: {what}")
        time.sleep(0.01)


def holds(page, condition: str) -> bool:
    """`condition` true in the page now; false while a page is loading in its place."""
    try:
        return bool(page.evaluate(condition))
    except Exception:  # the page went away under the question: a new one is loading
        return False


def tap(page, selector: str) -> None:
    """A real tap, once the element holds still (journeys.STILL)."""
    page.wait_for_function(STILL, arg=selector, timeout=120_000)
    page.click(selector, timeout=30_000)


def listened(page, errors: list[str]):
    """The page, its console errors and uncaught exceptions collected in `errors`."""
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


def chromium_run(playwright, base: str, chosen: dict[str, list] | None = None) -> dict[str, dict]:
    """Each journey (or each of `chosen`) in a fresh profile; {journey: {ok, error, consoleErrors, timings}}."""
    results = {}
    for name, steps in (chosen or journeys()).items():
        context = playwright.chromium.launch_persistent_context(
            tempfile.mkdtemp(prefix="journey-"),
            executable_path=CHROMIUM,
            args=CHROMIUM_ARGS,
            viewport={"width": 360, "height": 740},
        )
        errors: list[str] = []
        timings: dict[str, float] = {}
        page = listened(context.pages[0] if context.pages else context.new_page(), errors)
        try:
            for verb, *arg in steps:
                if verb == "goto":
                    page.goto(base + arg[0])
                elif verb == "wait_for":
                    page.wait_for_selector(arg[0], state="attached", timeout=120_000)
                elif verb in ("set", "commit"):
                    # "commit": typed, then left (the change event), as a house rule's box is played
                    page.evaluate(
                        "([s, v, left]) => { const i = document.querySelector(s); i.value = v; "
                        "i.dispatchEvent(new Event('input', { bubbles: true })); "
                        "if (left) i.dispatchEvent(new Event('change', { bubbles: true })); }",
                        [*arg[0], verb == "commit"],
                    )
                elif verb == "wait_text":
                    try:
                        page.wait_for_function(
                            "([s, t]) => { const e = document.querySelector(s); "
                            "return e && e.textContent.replace(/\\s+/g, ' ').trim() === t; }",
                            arg=arg[0],
                            timeout=120_000,
                        )
                    except Exception:
                        raise AssertionError(f"{arg[0][0]} shows {page.evaluate(SHOWING, arg[0][0])!r}") from None
                elif verb == "wait_offline_ready":
                    page.wait_for_function(
                        "() => document.documentElement.dataset.offline === 'ready'", timeout=180_000
                    )
                elif verb == "stop_server":
                    page.evaluate("url => fetch(url).catch(() => {})", base + "__stop__")
                    page.wait_for_timeout(300)
                elif verb == "switch_build":
                    urllib.request.urlopen(base + "__build__/" + arg[0], timeout=5).read()
                elif verb in ("portal", "hold"):
                    urllib.request.urlopen(base + f"__{verb}__/" + arg[0], timeout=5).read()
                elif verb == "click":
                    page.wait_for_selector(arg[0], state="attached", timeout=120_000)
                    page.evaluate("s => document.querySelector(s).click()", arg[0])
                elif verb == "check":
                    check(lambda page=page, expression=arg[0][0]: page.evaluate(expression), arg[0][1])
                elif verb == "tap":
                    tap(page, arg[0])
                elif verb == "type":
                    page.keyboard.type(arg[0], delay=20)
                elif verb == "back":
                    page.go_back()
                elif verb == "reload":
                    page.reload()
                elif verb == "timed":  # a tap timed inside the page, to when what it should bring holds
                    label, selector, condition, elapsed = arg[0]
                    if selector:  # none: a moment the page noted by itself (its first live answer)
                        page.evaluate(ARM_TAP)
                        tap(page, selector)
                    check(lambda page=page, condition=condition: holds(page, condition), label, 120)
                    timings[label] = round(page.evaluate(elapsed), 1)
                elif verb == "reopen":  # a shared link opened in a fresh page of the same browser
                    address = page.url
                    page = listened(context.new_page(), errors)
                    page.goto(address)
            results[name] = {"ok": True, "consoleErrors": errors, "timings": timings}
        except Exception as error:
            results[name] = {
                "ok": False,
                "error": f"{type(error).__name__}: {str(error)[:600]}",
                "consoleErrors": errors,
            }
        finally:
            context.close()
    return results


def assert_all_pass(results: dict[str, dict]) -> None:
    assert set(results) == set(journeys())
    failed = {name: result for name, result in results.items() if not result["ok"]}
    assert failed == {}, failed
    noisy = {
        name: errors
        for name, result in results.items()
        if (
            errors := [
                e for e in result.get("consoleErrors") or [] if not re.search(EXPECTED_ERRORS.get(name, "^$"), e)
            ]
        )
    }
    assert noisy == {}, noisy


def journey_server(site: Path) -> StaticServer:
    """A server of its own for one engine's journeys (the offline journey stops it), which can put up
    a second build of the site (the update journey)."""
    return StaticServer(site, builds={"first": site, "one-page-changed": one_page_changed(site), "no-signal": None})


def assert_journeys_pass_in_chromium(playwright, site: Path) -> None:
    """Every journey in Chromium against `site` (those needing Material's search only if it has it)."""
    server = journey_server(site)
    try:
        assert_all_pass(chromium_run(playwright, server.base))
    finally:
        server.stop()
