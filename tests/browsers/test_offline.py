"""Offline after one visit, at the root of a host and under a subpath; installable; nothing foreign.

Longer than 300 lines: why: every way a phone keeps and restarts the site offline (pages, runtime, saved start),
here with the offline context and the cache breakers they share."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from rulescore import RULESETS
from tests.browsers.journeys import READ_TOP
from tests.browsers.search_box import ask, open_search
from tests.helpers import CHROMIUM, CHROMIUM_ARGS, STARTED, copy_project, later, save_outline
from tests.server import StaticServer

pytestmark = pytest.mark.browser

# Collected in every page: CSP violations the browser reports.
WATCH_CSP = """
window.cspViolations = [];
document.addEventListener('securitypolicyviolation', e => window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));
"""


def offline_context(browser):
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True, service_workers="allow"
    )
    context.add_init_script(WATCH_CSP)
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    return context, requests


def wait_ready_offline(page) -> None:
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=120_000)


@pytest.mark.parametrize("prefix", ["/", "/rules/"])
def test_whole_site_works_offline_after_one_visit(browser, built_site, prefix):
    server = StaticServer(built_site, prefix)
    context, requests = offline_context(browser)
    page = context.new_page()
    try:
        page.goto(server.base)
        # The note waits for the page to load and settle: it comes while the player reads, and what is on
        # the screen stays where it was (a line pushed in above would move a link from under a thumb, #64).
        before = page.evaluate(f"[{READ_TOP}, document.querySelectorAll('.offline-offer').length]")
        wait_ready_offline(page)
        assert before[1] == 0 and abs(page.evaluate(READ_TOP) - before[0]) < 1
        # Not yet on the screen, so said again at the top of the next page.
        page.locator(".md-content a[href='mordheim-1999/']").first.click()
        page.wait_for_selector(".ruleset-banner[data-ruleset='mordheim-1999']")
        # Said once, as a line at the top of the page: the header's title stays the page's (#39, item 9).
        note, header = page.locator(".offline-said"), page.locator(".md-header").bounding_box()
        assert note.count() == 1 and note.inner_text().startswith("Ready offline")
        assert page.evaluate("document.querySelector('.md-content__inner').firstElementChild.matches('.offline-said')")
        assert note.bounding_box()["y"] >= header["y"] + header["height"] - 1  # below the bar, over nothing
        assert page.locator(".md-header__title .offline-said").count() == 0
        server.stop()  # honest offline: nothing answers any more
        context.set_offline(True)
        for ruleset_id, rules in RULESETS.items():
            page.goto(f"{server.base}{ruleset_id}/{rules.chapter}/")
            assert page.locator(f".ruleset-banner[data-ruleset='{ruleset_id}']").count() == 1
        page.goto(f"{server.base}mordheim-1999/movement/")  # search from a ruleset that has a falling rule
        open_search(page)  # the index is kept with the pages: never opened before the signal went
        assert any(link.endswith("#falling") for link in ask(page, "falling"))
        page.locator(".site-search__result[href$='#falling']").first.click()
        page.wait_for_function("() => document.querySelector('mark.search-answer') !== null")
        page.goto(f"{server.base}mordheim-1999/movement/?calc-fall.height=5#falling")
        page.wait_for_function("() => document.getElementById('calc-fall').dataset.state === 'live'", timeout=120_000)
        assert page.inner_text("#calc-fall .calc-headline").startswith("46% out of action")
        assert page.evaluate("window.cspViolations") == []
    finally:
        context.close()
        if server.thread.is_alive():
            server.stop()
    foreign = [url for url in requests if not url.startswith(server.base)]
    assert foreign == []


def test_a_page_not_saved_says_so_with_no_signal(browser, built_site):
    """With no signal, an address the phone has not saved gets a page that says so (not a failed
    load, which Firefox logs as the worker's error), and a saved page still opens."""
    server = StaticServer(built_site)
    context, _ = offline_context(browser)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    try:
        page.goto(server.base)
        wait_ready_offline(page)
        server.stop()
        context.set_offline(True)
        answer = page.goto(f"{server.base}no-such-page/?<b>x</b>")
        assert answer.status == 503
        # Why, in the site's own style (its palette's colours set), with a way home and the start pages (#39).
        said, starts = page.inner_text("article"), page.locator("article li a").all_inner_texts()
        assert "/no-such-page/ is not one of this site's pages" in said and "Every page of the site is saved" in said
        assert page.evaluate("getComputedStyle(document.body).getPropertyValue('--md-primary-fg-color')").strip()
        assert len(starts) >= 1 + len(RULESETS) and all(starts), starts
        page.get_by_text("Go to the home page").click()
        page.wait_for_url(server.base)
        page.goto(f"{server.base}mordheim-1999/movement/")
        assert page.locator(".ruleset-banner[data-ruleset='mordheim-1999']").count() == 1
        assert [e for e in errors if "ServiceWorker" in e] == []
    finally:
        context.close()
        if server.thread.is_alive():
            server.stop()


def test_a_new_build_waits_for_the_tap_then_takes_over(browser, tmp_path):
    """A real rebuild (a rules text changed): the open page is told, the tap brings the new text, and
    the caches are the new build's pages, the previous build's (for a tab still open) and the shared files."""
    project = copy_project(tmp_path)
    site = project / "site"
    assert subprocess.run([sys.executable, "build.py"], cwd=project, capture_output=True).returncode == 0
    server = StaticServer(site, port=0)
    port = server.httpd.server_address[1]
    context, _ = offline_context(browser)
    page = context.new_page()
    try:
        page.goto(server.base + "whfb-6/movement-phase/")
        wait_ready_offline(page)
        first = page.evaluate("caches.keys()")
        # Change the text and rebuild, as a maintainer fixing a typo would.
        source = project / "rules" / "whfb-6" / "001_a96322852597b3f4.txt"
        source.write_text(
            source.read_text(encoding="utf-8").replace(
                "Flank & Rear Charges", "Flank & Rear Charges\n\nA NEW LINE OF RULES TEXT"
            ),
            encoding="utf-8",
        )
        metadata = project / "rules" / "whfb-6" / "ruleset.toml"
        metadata.write_text(
            metadata.read_text().replace(
                'text = "Flank & Rear Charges"\nlevel = 3',
                'text = "Flank & Rear Charges"\nlevel = 3\n\n[[parse.headings]]\ntext = "A NEW LINE OF RULES TEXT"\nlevel = 3',
            )
        )
        save_outline(project / "rules" / "whfb-6")  # a new section: its outline saved again (CONTRIBUTING.md, step 3)
        assert subprocess.run([sys.executable, "build.py"], cwd=project, capture_output=True).returncode == 0
        later(*[p for p in site.rglob("*") if p.is_file()])
        server.stop()
        server = StaticServer(site, port=port)  # the same address, new files
        page.reload()
        page.locator(".offline-update button").click(timeout=60_000)
        page.wait_for_function("() => document.body.innerText.includes('A NEW LINE OF RULES TEXT')", timeout=60_000)
        keys = page.evaluate("caches.keys()")
        pages = sorted(k for k in keys if k.startswith("rules-pages-"))
        assert len([k for k in first if k.startswith("rules-pages-")]) == 1
        assert len(pages) == 2 and set(first) & set(pages), (first, keys)  # the new build's and the one before
        assert {"rules-files", "rules-meta"} <= set(keys)
        assert page.locator("#calc-charge").count() == 1
    finally:
        context.close()
        server.stop()


def test_installable(playwright, server, tmp_path):
    # A real profile: Chromium never offers to install from an incognito-like context.
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport={"width": 360, "height": 740}
    )
    page = context.new_page()
    try:
        page.goto(server.base)
        wait_ready_offline(page)
        session = context.new_cdp_session(page)
        errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == []
        manifest = session.send("Page.getAppManifest")
        assert manifest["errors"] == []
        data = json.loads(manifest["data"])
        assert data["display"] == "standalone" and data["start_url"] == "./"
    finally:
        context.close()


def test_data_saver_caches_the_runtime_only_when_asked(browser, server):
    """With Save-Data on, pages are cached but the 12 MB runtime waits for a calculator or a tap."""
    context, requests = offline_context(browser)
    context.add_init_script(
        "Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: true }) });"
    )
    page = context.new_page()
    try:
        page.goto(server.base + "about/")
        offer = page.locator(".offline-offer button")
        offer.wait_for(timeout=60_000)
        assert re.fullmatch(r"Keep calculators offline \(\d+\.\d MB\)", offer.inner_text())
        page.wait_for_timeout(1500)
        assert not any("pyodide.asm.wasm" in url for url in requests), "the runtime was fetched with Save-Data on"
        assert page.evaluate("document.documentElement.dataset.offline") is None
        offer.click()
        wait_ready_offline(page)
        assert any("pyodide.asm.wasm" in url for url in requests)
        assert page.locator(".offline-save").count() == 0  # the offer is done with; "Ready offline" is said
        page.wait_for_timeout(1500)
        assert not any("/snapshot/" in url for url in requests), (
            "the snapshot, a speed-up only, was fetched with Save-Data on"
        )
    finally:
        context.close()


FALL_LINK = "mordheim-1999/movement/?calc-fall.height=5#falling"
# Replaces the saved snapshot with `size` bytes of nonsense (the size of its memory when null), or
# with nonsense packed as the build packs a saved start, so that only Pyodide can tell.
BREAK_SNAPSHOT = """async ([size, packed]) => {
    const start = document.querySelector('script[data-snapshot]');
    const [first, ...rest] = start.dataset.snapshot.split(' ').map((part) => new URL(part, document.baseURI).href);
    const whole = Number(start.dataset.snapshotBytes);
    let nonsense = new Uint8Array(size || whole).fill(7);
    if (packed) {  // one run, the whole memory: see sitegen/bundle/saved_start.py
        nonsense = new Uint8Array(20 + whole).fill(7);
        const head = new DataView(nonsense.buffer);
        [0x31535352, whole, 1, 0, whole].forEach((word, index) => head.setUint32(4 * index, word, true));
    }
    for (const name of await caches.keys()) {  // joined, the parts are the nonsense
        const cache = await caches.open(name);
        if (await cache.match(first)) await cache.put(first, new Response(nonsense));
        for (const url of rest) if (await cache.match(url)) await cache.put(url, new Response(new Uint8Array(0)));
    }
}"""
# Takes the saved start's last part out of the offline cache.
DROP_LAST_PART = """async () => {
    const parts = document.querySelector('script[data-snapshot]').dataset.snapshot.split(' ');
    const url = new URL(parts[parts.length - 1], document.baseURI).href;
    for (const name of await caches.keys()) await (await caches.open(name)).delete(url);
}"""


# The runtime's files the worker reads (Pyodide's scripts are imported by address, from the service worker).
RUNTIME_FILE = re.compile(r"/assets/(pyodide|py)/.*(\.wasm|\.zip|\.json|\.whl)$")
# Takes the wheel out of the offline cache, as a phone short of storage might.
DROP_WHEEL = """async () => {
    const url = new URL(document.querySelector('script[data-wheel]').dataset.wheel, document.baseURI).href;
    for (const name of await caches.keys()) await (await caches.open(name)).delete(url);
}"""


def live_answer(page) -> tuple[str, str]:
    """How the page's calculators started, and the fall calculator's live result."""
    page.wait_for_function("() => document.getElementById('calc-fall').dataset.state === 'live'", timeout=120_000)
    page.wait_for_function(STARTED, timeout=60_000)
    return page.evaluate(STARTED), page.inner_text("#calc-fall .calc-result")


def test_a_returning_visitor_starts_from_the_snapshot(browser, server):
    """The first visit starts Python afresh and saves the snapshot after the runtime; the next visit
    restores it and gives the same answer; a snapshot that cannot be restored means a fresh start."""
    context, requests = offline_context(browser)
    page = context.new_page()
    try:
        page.goto(server.base + FALL_LINK)
        started, first = live_answer(page)
        assert started == "fresh"
        assert not any("/snapshot/" in url for url in requests), "the snapshot was fetched before the first answer"
        wait_ready_offline(page)
        page.wait_for_selector("html[data-snapshot='saved']", state="attached", timeout=120_000)

        page.goto(server.base + FALL_LINK)
        assert live_answer(page) == ("snapshot", first)
        assert page.inner_text("#calc-fall .calc-headline").startswith("46% out of action")
        page.fill("#calc-fall [name=height]", "3")  # and it keeps answering
        page.wait_for_function(
            "() => !document.querySelector('#calc-fall .calc-headline').textContent.startsWith('46%')"
        )
        # Too short; the memory's size but not packed; packed, but not Pyodide's memory.
        for size, packed in ((4096, False), (None, False), (None, True)):
            page.evaluate(BREAK_SNAPSHOT, [size, packed])
            page.goto(server.base + FALL_LINK)
            assert live_answer(page) == ("fresh, the snapshot failed", first)
        page.evaluate(DROP_LAST_PART)  # a part missing is no saved start at all: nothing of it is read
        server.hold(lambda path: "/snapshot/" in path)  # asked for again by the worker: held, it stays missing
        page.goto(server.base + FALL_LINK)
        assert live_answer(page) == ("fresh", first)
    finally:
        server.release()
        context.close()


def test_a_returning_visitor_reads_the_runtime_from_the_phone(browser, server):
    """Once the runtime is saved, a visit reads its files from the offline cache: none is asked of
    the service worker or the network. With one of its files gone from the cache, all are asked
    for again, and the answer is the same."""
    context, requests = offline_context(browser)
    page = context.new_page()
    try:
        page.goto(server.base + FALL_LINK)
        _, first = live_answer(page)
        asked = {url.rsplit("/", 1)[-1] for url in requests if RUNTIME_FILE.search(url)}
        assert "pyodide.asm.wasm" in asked, f"the worker's requests are not seen here: {sorted(asked)}"
        wait_ready_offline(page)
        requests.clear()
        page.goto(server.base + FALL_LINK)
        assert live_answer(page)[1] == first
        assert [url for url in requests if RUNTIME_FILE.search(url)] == []
        page.evaluate(DROP_WHEEL)
        requests.clear()
        page.goto(server.base + FALL_LINK)
        assert live_answer(page)[1] == first
        asked = {url.rsplit("/", 1)[-1] for url in requests if RUNTIME_FILE.search(url)}
        assert {"pyodide.asm.wasm", "pyodide-lock.json"} <= asked and any(name.endswith(".whl") for name in asked)
    finally:
        context.close()
