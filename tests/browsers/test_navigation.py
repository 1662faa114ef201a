"""Page to page without leaving the page (#26, docs/assets/navigation.js), in Chromium at 360 px: a
tap on a link puts the next page in place with the calculators' Python still running; back brings
the first page again with its values; whatever it cannot do safely becomes an ordinary load."""

from __future__ import annotations

import json

import pytest

from rulescore.web.answer import respond
from tests.helpers import NORMALISE

pytestmark = pytest.mark.browser

LINK = "a.compare-section[href$='mordheim-lrb/movement/#falling']"


def live(page, calc: str) -> None:
    page.wait_for_function(f"() => document.getElementById('{calc}')?.dataset.state === 'live'", timeout=60_000)


def kept(page) -> bool:
    """Still the document the test marked: no page load since."""
    return page.evaluate("window.testMark === 'here'")


def mark(page) -> None:
    page.evaluate("window.testMark = 'here'")


def test_a_link_puts_the_next_page_in_place_and_its_calculator_answers_with_the_same_python(phone, server):
    phone.goto(server.origin + "/compare/falling/?compare-fall.height=5")
    live(phone, "compare-fall")
    mark(phone)
    phone.locator(LINK).tap()
    phone.wait_for_function("() => location.pathname.endsWith('/mordheim-lrb/movement/')")
    phone.wait_for_selector("#calc-fall[data-ready]")
    assert kept(phone)
    assert phone.title().startswith("Movement · Mordheim Living Rulebook")
    assert phone.inner_text(".md-content h1").strip() != ""
    assert phone.evaluate("document.activeElement === document.querySelector('.md-content h1')")
    # The new page's own parts are set up: its headings' share buttons, its calculators.
    assert phone.locator(".md-content .heading-share").count() > 0
    phone.fill("#calc-fall-height", "6")
    live(phone, "calc-fall")
    expected = json.loads(
        respond("fall", "mordheim-lrb", json.dumps({"height": "6", "toughness": "3", "wounds": "1"}), "../../")
    )
    assert phone.evaluate(NORMALISE, phone.inner_html("#calc-fall .calc-result")) == phone.evaluate(
        NORMALISE, expected["html"]
    )
    assert kept(phone)  # the same page all along: the first page's worker, and its Python, answered
    # Back: the first page again, its value and its live answer.
    phone.go_back()
    phone.wait_for_function("() => location.pathname.endsWith('/compare/falling/')")
    live(phone, "compare-fall")
    assert phone.input_value("#compare-fall-height") == "5"
    assert kept(phone)
    # Forward: the second page with the value it was left with.
    phone.go_forward()
    live(phone, "calc-fall")
    assert phone.input_value("#calc-fall-height") == "6"
    assert kept(phone)
    assert phone.console_errors == []


def test_a_page_with_calculators_reached_from_one_without_loads_whole(phone, server):
    phone.goto(server.origin + "/mordheim-1999/")
    mark(phone)
    phone.locator(".ruleset-shortcuts a[href$='#calc-fall']").first.tap()
    phone.wait_for_function("() => location.pathname.endsWith('/mordheim-1999/movement/')")
    phone.wait_for_selector("#calc-fall[data-ready]")
    assert not kept(phone)  # its scripts were not on the first page: an ordinary load brought them


def test_after_a_failed_start_the_next_page_loads_whole(phone, server):
    # A start that really fails (the lock file answered with a login page), not one said to have failed while
    # the real one may still finish and overwrite it (which raced under load).
    server.httpd.portal = lambda path: path.endswith("/pyodide-lock.json")
    try:
        phone.goto(server.origin + "/compare/falling/")
        phone.wait_for_selector("#compare-fall[data-ready]")
        phone.locator("#compare-fall-height").focus()  # a touched calculator starts Python
        phone.wait_for_selector("html[data-calculators='failed']", state="attached", timeout=120_000)
    finally:
        server.httpd.portal = None
    mark(phone)
    phone.locator(LINK).tap()
    phone.wait_for_function("() => location.pathname.endsWith('/mordheim-lrb/movement/')")
    phone.wait_for_selector("#calc-fall[data-ready]")
    assert not kept(phone)


def test_a_page_of_another_build_loads_whole(phone, server):
    # The next page as a newer build would serve it: another wheel for its calculators.
    def newer(route):
        body = route.fetch().text().replace("rulescore-0.1.0", "rulescore-0.2.0")
        route.fulfill(body=body, headers={"Content-Type": "text/html; charset=utf-8"})

    phone.route("**/mordheim-lrb/movement/", newer)
    phone.goto(server.origin + "/compare/falling/")
    phone.wait_for_selector("#compare-fall[data-ready]")
    mark(phone)
    phone.locator(LINK).tap()
    phone.wait_for_function("() => location.pathname.endsWith('/mordheim-lrb/movement/')")
    phone.wait_for_selector("#calc-fall")
    assert not kept(phone)


def test_a_page_that_does_not_come_loads_whole(browser, server):
    # A request that never ends (a stalled worker, a network that takes it and never answers): past the bound
    # the tap becomes an ordinary load, with the browser's own progress, never a tap that does nothing (#64).
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, service_workers="block")
    try:
        page = context.new_page()
        stalled = []

        def stall(route):
            if route.request.resource_type == "fetch":
                stalled.append(route)  # never answered
            else:
                route.continue_()

        page.route("**/mordheim-lrb/movement/", stall)
        page.goto(server.origin + "/compare/falling/")
        page.wait_for_selector("#compare-fall[data-ready]")
        mark(page)
        page.locator(LINK).tap()
        page.wait_for_function("() => location.pathname.endsWith('/mordheim-lrb/movement/')", timeout=60_000)
        page.wait_for_selector("#calc-fall[data-ready]")
        assert stalled, "the page was asked for in the page first"
        assert not kept(page)
    finally:
        context.close()
