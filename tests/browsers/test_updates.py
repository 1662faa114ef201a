"""Updates that never take the table offline (#22), in Chromium with a persistent profile, against a
host that sends `Cache-Control: max-age=600` as GitHub Pages does. Each update case runs minutes after
the last visit (the HTTP cache still calls build 1's files fresh) and a day later (HTTP cache cleared).
The journey in every engine (tests/browsers/journeys.py, "an update waits...") covers Firefox ESR and WebKitGTK."""

from __future__ import annotations

import hashlib
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from sitegen.finishing.offline import written_manifest
from tests.helpers import CHANGED_WORDS, CHROMIUM, CHROMIUM_ARGS, one_page_changed
from tests.server import StaticServer

pytestmark = pytest.mark.browser

MAX_AGE = "max-age=600"
CALCULATOR_PAGE = "mordheim-1999/movement/"
# The fall calculator at its default height: a shared link starts it at once, and its live answer is
# the one the build wrote into the page.
DEFAULT_FALL = CALCULATOR_PAGE + "?calc-fall.height=4#falling"


def launch(playwright, profile: Path):
    context = playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        viewport={"width": 360, "height": 740},
        service_workers="allow",
    )
    return context, (context.pages[0] if context.pages else context.new_page())


def wait(page, condition: str, seconds: int = 120) -> None:
    page.wait_for_function(condition, timeout=seconds * 1000)


def offline_ready(page) -> None:
    wait(page, "() => document.documentElement.dataset.offline === 'ready'", 180)


def live_headline(page) -> str:
    wait(
        page,
        "() => document.getElementById('calc-fall') && document.getElementById('calc-fall').dataset.state === 'live'",
    )
    return page.inner_text("#calc-fall .calc-headline")


class Headline(HTMLParser):
    """The fall calculator's headline as a build wrote it into the page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.inside, self.depth, self.text = False, 0, []
        self.in_fall = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id") == "calc-fall":
            self.in_fall = True
        if self.in_fall and "calc-headline" in (attrs.get("class") or "").split() and not self.text:
            self.inside = True
        if self.inside:
            self.depth += 1

    def handle_endtag(self, tag):
        if self.inside:
            self.depth -= 1
            self.inside = self.depth > 0

    def handle_data(self, data):
        if self.inside:
            self.text.append(data)


def built_headline(site: Path) -> str:
    reader = Headline()
    reader.feed((site / CALCULATOR_PAGE / "index.html").read_text(encoding="utf-8"))
    return re.sub(r"\s+", " ", "".join(reader.text)).strip()


def kept_lists(site: Path) -> dict:
    """What a build's own service worker keeps (its manifest), as the phone reads it."""
    return written_manifest((site / "sw.js").read_text(encoding="utf-8"))


def offline_files(site: Path) -> dict[str, tuple[str, str]]:
    """Each file the build's service worker keeps, by its URL path: (which kind, digest)."""
    lists = kept_lists(site)
    found = {}
    for kind in ("pages", "runtime", "snapshot"):
        for url in lists[kind]:
            path = site / ("index.html" if url == "./" else url + "index.html" if url.endswith("/") else url)
            found["/" + url.removeprefix("./")] = (kind.rstrip("s"), hashlib.sha256(path.read_bytes()).hexdigest())
    return found


def changed(before: Path, after: Path, kinds: tuple[str, ...]) -> set[str]:
    old, new = offline_files(before), offline_files(after)
    return {url for url, (kind, digest) in new.items() if kind in kinds and old.get(url, (None, None))[1] != digest}


def update(playwright, tmp_path: Path, first: Path, second: Path, when: str) -> tuple[StaticServer, Path, list]:
    """Build 1 visited and kept offline; build 2 goes up; the phone opens one page of it for a few
    seconds and closes. Returns the server, the profile and what the server sent for the update."""
    profile = tmp_path / "profile"
    server = StaticServer(first, cache_control=MAX_AGE)
    context, page = launch(playwright, profile)
    page.goto(server.base + CALCULATOR_PAGE)
    offline_ready(page)
    wait(page, "() => document.documentElement.dataset.snapshot === 'saved'", 180)  # the first visit done whole
    context.close()
    server.serve(second)
    server.sent.clear()
    context, page = launch(playwright, profile)
    if when == "a day later":  # max-age long past: nothing in the HTTP cache is fresh
        context.new_cdp_session(page).send("Network.clearBrowserCache")
    page.goto(server.base + "about/")
    wait(page, "() => document.documentElement.dataset.update === 'ready'")
    page.wait_for_timeout(2000)
    context.close()
    return server, profile, list(server.sent)


def say(what: str, sent: list, runtime_bytes: int) -> None:
    total = sum(size for _, size in sent)
    print(
        f"\n{what}: {len(sent)} files, {total / 1e3:.1f} kB sent ({', '.join(sorted({p for p, _ in sent}))[:300]}); "
        f"the runtime is {runtime_bytes / 1e6:.1f} MB"
    )


def runtime_bytes(site: Path) -> int:
    return kept_lists(site)["runtimeBytes"]


@pytest.mark.parametrize("when", ["minutes later", "a day later"])
def test_a_one_page_update_sends_only_that_page_and_works_offline(playwright, built_site, tmp_path, when):
    second = one_page_changed(built_site)
    server, profile, sent = update(playwright, tmp_path, built_site, second, when)
    say(f"one-page update, {when}", sent, runtime_bytes(built_site))
    assert {path for path, _ in sent} == {"/sw.js"} | changed(built_site, second, ("page",)) == {"/sw.js", "/about/"}
    server.stop()  # honest offline: nothing answers
    context, page = launch(playwright, profile)
    try:
        page.goto(server.base + DEFAULT_FALL)
        assert live_headline(page) == built_headline(second)
        page.goto(server.base + "about/index.html")  # an address a player may have saved
        assert CHANGED_WORDS[1] in page.inner_text("article")
    finally:
        context.close()


@pytest.mark.parametrize("when", ["minutes later", "a day later"])
def test_a_rules_update_brings_the_new_wheel_not_the_runtime_again(
    playwright, built_site, rules_changed, tmp_path, when
):
    server, profile, sent = update(playwright, tmp_path, built_site, rules_changed, when)
    say(f"rules-number update, {when}", sent, runtime_bytes(built_site))
    paths = {path for path, _ in sent}
    wheel = {p for p in changed(built_site, rules_changed, ("runtime",)) if p.endswith(".whl")}
    assert len(wheel) == 1 and wheel <= paths  # the new wheel arrives before the build takes over
    assert not any(p.startswith("/assets/pyodide/") for p in paths), "the runtime was downloaded again"
    # The page opened to meet the update may come from the network: Chromium sends the first navigation
    # after its HTTP cache is cleared there, past the service worker.
    assert paths <= {"/sw.js", "/about/"} | changed(built_site, rules_changed, ("page", "runtime"))
    assert built_headline(rules_changed) != built_headline(built_site)
    server.stop()
    context, page = launch(playwright, profile)
    try:
        page.goto(server.base + DEFAULT_FALL)
        assert live_headline(page) == built_headline(rules_changed)  # build 2's answer, never build 1's
        page.goto(server.base + CALCULATOR_PAGE + "?calc-fall.height=6#falling")  # a saved link with values
        assert live_headline(page) != built_headline(rules_changed)
    finally:
        context.close()


def kept_offline(playwright, site: Path, profile: Path, snapshot: bool = False) -> tuple[StaticServer, str]:
    """Build 1 visited at the fall calculator and kept offline (with the saved start too, if `snapshot`):
    its server, and the fall's live headline."""
    server = StaticServer(site, cache_control=MAX_AGE)
    context, page = launch(playwright, profile)
    page.goto(server.base + DEFAULT_FALL)
    offline_ready(page)
    first = live_headline(page)
    if snapshot:
        wait(page, "() => document.documentElement.dataset.snapshot === 'saved'", 180)
    context.close()
    return server, first


def test_an_interrupted_update_leaves_build_one_whole(playwright, built_site, tmp_path):
    profile = tmp_path / "profile"
    server, first = kept_offline(playwright, built_site, profile, snapshot=True)
    server.serve(one_page_changed(built_site))
    server.httpd.cut = lambda path: path == "/about/"  # the signal goes halfway through the changed page
    context, page = launch(playwright, profile)
    page.goto(server.base + "mordheim-1999/")
    for _ in range(120):  # until the update's download is cut
        if server._stopped.locked():
            break
        page.wait_for_timeout(500)
    context.close()
    assert ("/about/", len((one_page_changed(built_site) / "about" / "index.html").read_bytes()) // 2) in server.sent
    assert server._stopped.locked()  # the signal went with it: the server stopped itself
    context, page = launch(playwright, profile)
    try:
        page.goto(server.base + DEFAULT_FALL)
        assert live_headline(page) == first
        page.goto(server.base + "about/")
        assert CHANGED_WORDS[0] in page.inner_text("article")
        assert page.evaluate("document.documentElement.dataset.update") is None
    finally:
        context.close()


def test_a_page_open_across_an_update_keeps_answering_and_every_tab_is_told(playwright, built_site, tmp_path):
    """Every open tab says a newer version is ready, and says it again after a reload (#48, item 8: the
    offer was told once, in whichever tab asked first); the update taken in one, the others' offers go."""
    server = StaticServer(built_site, cache_control=MAX_AGE)
    context, page = launch(playwright, tmp_path / "profile")
    try:
        page.goto(server.base + CALCULATOR_PAGE + "?calc-fall.height=5#falling")
        offline_ready(page)
        before = live_headline(page)
        server.serve(one_page_changed(built_site))
        other = context.new_page()
        other.goto(server.base + "about/")
        wait(other, "() => document.documentElement.dataset.update === 'ready'")
        wait(page, "() => document.documentElement.dataset.update === 'ready'")
        assert page.locator(".offline-update").count() == 1 and other.locator(".offline-update").count() == 1
        page.fill("#calc-fall [name=height]", "3")  # the open page still answers, from its own build
        wait(page, f"() => document.querySelector('#calc-fall .calc-headline').textContent.trim() !== {before!r}")
        assert page.evaluate("document.querySelector('#calc-fall').dataset.state") == "live"
        other.reload()
        wait(other, "() => document.documentElement.dataset.update === 'ready'")
        other.locator(".offline-update button").wait_for()  # the reloaded tab is told again
        assert CHANGED_WORDS[0] in other.inner_text("article")  # and the update waits for a tap
        with other.expect_navigation():
            other.locator(".offline-update button").click()
        assert CHANGED_WORDS[1] in other.inner_text("article")
        wait(page, "() => !document.querySelector('.offline-update')")  # taken in the other tab: no stale offer
    finally:
        context.close()
        server.stop()


def test_storage_refused_works_online_and_says_offline_is_not_available(playwright, built_site, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(built_site, site)
    worker = site / "sw.js"
    refuse = (
        'for (const name of ["put", "add", "addAll"]) Cache.prototype[name] = () => '
        'Promise.reject(new DOMException("The quota has been exceeded.", "QuotaExceededError"));\n'
    )
    worker.write_text(refuse + worker.read_text(encoding="utf-8"), encoding="utf-8")
    server = StaticServer(site)
    context, page = launch(playwright, tmp_path / "profile")
    try:
        page.goto(server.base + CALCULATOR_PAGE + "?calc-fall.height=5#falling")
        live_headline(page)  # online, the calculators still answer
        wait(page, "() => document.documentElement.dataset.offline === 'unavailable'")
        assert "works while you have signal, but not offline" in page.inner_text(".offline-failed")
        # The next page, put in place by navigation.js, still says so.
        page.evaluate("document.querySelector('.md-content a[href*=\"assumptions/\"]').click()")
        wait(page, "() => location.pathname.endsWith('/assumptions/')")
        assert "works while you have signal, but not offline" in page.inner_text(".md-content .offline-failed")
    finally:
        context.close()
        server.stop()
