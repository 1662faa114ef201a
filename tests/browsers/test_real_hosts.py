"""What real hosts and networks do to a phone that keeps the site (#48), in Chromium with a persistent
profile: a deploy that deletes the last build's files while a phone saving data still holds its pages, and
a login page (a captive portal) in front of the service worker, of an update or of the saved start, each
said as it is."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browsers.test_updates import (
    CALCULATOR_PAGE,
    DEFAULT_FALL,
    MAX_AGE,
    built_headline,
    kept_offline,
    launch,
    live_headline,
    wait,
)
from tests.helpers import one_page_changed
from tests.server import StaticServer

pytestmark = pytest.mark.browser

SAVE_DATA = "Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: true }) });"


def saving_data(playwright, profile: Path):
    context, page = launch(playwright, profile)
    context.add_init_script(SAVE_DATA)
    return context, page


def stop_the_old_worker(page) -> None:
    """Chromium lets a waiting build take over once the build in use has no work or has stopped. Playwright's
    DevTools session on every service worker keeps that worker running, and in 8 of 23 runs here the update then
    waited for Chromium's five-minute limit; stopped, it took over within 3 s each time. A phone's browser
    stops an idle worker itself: the test stops the one in use, once one is waiting to take over."""
    session = page.context.new_cdp_session(page)
    versions: dict[str, dict] = {}
    session.on(
        "ServiceWorker.workerVersionUpdated",
        lambda event: versions.update({v["versionId"]: v for v in event["versions"]}),
    )
    session.send("ServiceWorker.enable")  # every version as it stands arrives at once, then each change
    for _ in range(100):
        statuses = {version["status"] for version in versions.values()}
        if {"activated", "installed"} <= statuses or "redundant" in statuses:  # waiting, or taken over
            break
        page.wait_for_timeout(50)
    if "installed" in statuses:
        for version in list(versions.values()):
            if version["status"] == "activated" and version["runningStatus"] != "stopped":
                session.send("ServiceWorker.stopWorker", {"versionId": version["versionId"]})
    session.detach()


def test_a_kept_page_whose_calculators_a_deploy_deleted_moves_to_the_current_build(
    playwright,
    built_site,
    rules_changed,
    tmp_path,
):
    """Save-Data keeps build 1's pages, not its runtime; build 2 goes up as gh-pages deploys it (build 1's
    wheel deleted). The kept page's calculator finds its wheel gone and the page moves to build 2."""
    profile = tmp_path / "profile"
    server = StaticServer(built_site, cache_control=MAX_AGE)
    context, page = saving_data(playwright, profile)
    page.goto(server.base + "about/")
    page.reload()
    wait(page, "() => navigator.serviceWorker.controller !== null")  # build 1's pages are kept
    context.close()
    server.serve(rules_changed)  # only build 2's files: build 1's wheel answers 404
    context, page = saving_data(playwright, profile)
    try:
        page.goto(server.base + DEFAULT_FALL)
        # Build 1's page finds its wheel gone and asks build 2, installed beside it, to take over (at once,
        # often: the page has then moved on before it is looked at).
        moved = "html[data-update='ready'], html[data-calculators-start]"
        page.locator(moved).first.wait_for(state="attached", timeout=120_000)
        stop_the_old_worker(page)
        assert live_headline(page) == built_headline(rules_changed)  # build 2 answers, after one reload
        assert any(path.endswith(".whl") for path, _ in server.sent)
    finally:
        context.close()
        server.stop()


def test_a_login_page_in_front_of_the_service_worker_is_said_to_be_one(playwright, built_site, tmp_path):
    server = StaticServer(built_site)
    server.httpd.portal = lambda path: path.endswith("/sw.js")
    context, page = launch(playwright, tmp_path / "profile")
    try:
        page.goto(server.base + "about/")
        wait(page, "() => document.documentElement.dataset.offline === 'unavailable'")
        said = page.inner_text(".offline-failed")
        assert "answered with a page that is not this site's (a login page?)" in said, said
        assert "would not keep" not in said
    finally:
        context.close()
        server.stop()


def test_a_login_page_during_an_update_says_the_version_held_still_works(playwright, built_site, tmp_path):
    profile = tmp_path / "profile"
    server, first = kept_offline(playwright, built_site, profile)
    server.serve(one_page_changed(built_site))
    server.httpd.portal = lambda path: path == "/about/"  # the update's changed page meets a login page
    context, page = launch(playwright, profile)
    try:
        page.goto(server.base + CALCULATOR_PAGE)
        said = page.locator(".offline-said", has_text="could not be fetched")
        said.wait_for(timeout=120_000)
        assert "keeps the version it has, which works offline" in said.inner_text()
        assert page.locator(".offline-failed").count() == 0  # nothing the phone held was lost
        assert page.evaluate("document.documentElement.dataset.offline") != "unavailable"
    finally:
        context.close()
    server.stop()  # no signal: the version held is whole
    context, page = launch(playwright, profile)
    try:
        page.goto(server.base + DEFAULT_FALL)
        assert live_headline(page) == first
        page.goto(server.base + "about/")
        assert "A rules reference for players at the table." in page.inner_text("article")
    finally:
        context.close()


def test_a_saved_start_the_network_will_not_give_costs_only_the_faster_start(playwright, built_site, tmp_path):
    """A login page answers for the saved start alone: the calculators are kept and said to be, nothing
    says the site was not kept, and the page marks the saved start as not kept; the next visit with the
    site itself answering keeps it."""
    server = StaticServer(built_site, cache_control=MAX_AGE)
    server.httpd.portal = lambda path: path.startswith("/assets/snapshot/")
    context, page = launch(playwright, tmp_path / "profile")
    try:
        page.goto(server.base + DEFAULT_FALL)
        live_headline(page)
        wait(page, "() => document.documentElement.dataset.snapshot === 'not-saved'", 180)
        assert page.evaluate("document.documentElement.dataset.offline") == "ready"
        assert "Ready offline" in page.inner_text(".offline-said")
        assert page.locator(".offline-failed").count() == 0
        server.httpd.portal = None
        page.reload()
        wait(page, "() => document.documentElement.dataset.snapshot === 'saved'", 180)
    finally:
        context.close()
        server.stop()
