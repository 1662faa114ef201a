"""What a locked-down browser or a hostile network does to a phone (#36): storage that throws still
gives an offline copy and says what it cannot do; a network answering with a login page never has that
page kept as the site."""

from __future__ import annotations

import pytest

from tests.browsers.test_offline import offline_context, wait_ready_offline
from tests.server import StaticServer

pytestmark = pytest.mark.browser

# A private window or a locked-down browser: reaching web storage at all throws.
STORAGE_REFUSED = """
for (const area of ['localStorage', 'sessionStorage']) {
  Object.defineProperty(window, area, { get() { throw new DOMException('refused', 'SecurityError'); } });
}
"""
# Storage full: reading works, every write throws.
STORAGE_FULL = """
Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };
"""


@pytest.mark.parametrize("script", [STORAGE_REFUSED, STORAGE_FULL], ids=["storage refused", "storage full"])
def test_storage_that_throws_still_leaves_the_site_offline_and_says_what_it_cannot_keep(browser, built_site, script):
    server = StaticServer(built_site)
    context, _ = offline_context(browser)
    context.add_init_script(script)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(server.base + "mordheim-1999/movement/")
        wait_ready_offline(page)
        assert "keeps no notes for the site" in page.locator(".offline-said").inner_text()
        # The dark-mode toggle still switches, for this page, with nothing kept (#64, item 10: it did nothing).
        shown = page.evaluate("document.body.getAttribute('data-md-color-scheme')")
        page.locator(".site-palette label:not([hidden])").click()
        page.wait_for_function("(shown) => document.body.getAttribute('data-md-color-scheme') !== shown", arg=shown)
        server.stop()
        context.set_offline(True)
        page.goto(server.base + "mordheim-1999/movement/?calc-fall.height=5#falling")
        page.wait_for_function("() => document.getElementById('calc-fall').dataset.state === 'live'", timeout=120_000)
        assert page.inner_text("#calc-fall .calc-headline").startswith("46% out of action")
        # The theme's own inline script reads localStorage as a default argument (Material's __md_get), so a
        # refused storage throws there, outside our code; a full one throws nowhere.
        assert errors == [] if script == STORAGE_FULL else set(errors) <= {"refused"}
    finally:
        context.close()
        if server.thread.is_alive():
            server.stop()


# A worker stuck on one question: the page's copy of Worker never passes it on (no input can do this to
# rulescore any more, tests/core/test_bounded.py; this stands for whatever might).
STUCK_ON_HEIGHT_7 = """
const RealWorker = window.Worker;
window.Worker = class extends RealWorker {
  postMessage(message, ...rest) {
    if (message && message.type === 'calculate' && String(message.values).includes('"height":"7"')) return;
    return super.postMessage(message, ...rest);
  }
};
"""


def test_a_question_that_is_never_answered_is_stopped_and_the_next_is_answered(browser, server):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    context.add_init_script(STUCK_ON_HEIGHT_7)
    page = context.new_page()
    try:
        page.goto(server.origin + "/mordheim-1999/movement/?calc-fall.height=5#falling")
        page.wait_for_function("() => document.getElementById('calc-fall').dataset.state === 'live'", timeout=120_000)
        page.fill("#calc-fall-height", "7")
        page.wait_for_function(
            "() => document.querySelector('#calc-fall .calc-status').textContent.includes('took too long')",
            timeout=60_000,
        )
        assert page.get_attribute("#calc-fall", "data-state") == "stale"  # the answer for 5 is still marked so
        page.fill("#calc-fall-height", "6")  # a new worker starts and answers
        page.wait_for_function(
            "() => document.getElementById('calc-fall').dataset.state === 'live'"
            " && document.getElementById('calc-fall-height').value === '6'",
            timeout=120_000,
        )
        assert "Height of the fall 6" not in page.inner_text("#calc-fall .calc-for")
    finally:
        context.close()


def test_a_login_page_is_never_kept_as_the_site(browser, built_site):
    """A network that answers a page and a runtime file with its own login page (200, HTML) during the
    first visit: nothing wrong is kept, the page says why, and once the site itself answers it is kept
    whole and works with no signal."""
    server = StaticServer(built_site)
    server.httpd.portal = lambda path: (
        path in ("/about/", "/assets/pyodide/pyodide-lock.json") or path.endswith("/pyodide-lock.json")
    )
    context, _ = offline_context(browser)
    page = context.new_page()
    try:
        page.goto(server.base + "mordheim-1999/movement/")
        page.wait_for_function(
            "() => (document.querySelector('.offline-failed') || {}).textContent?.includes('login page')",
            timeout=120_000,
        )
        server.httpd.portal = None  # logged in: the site itself answers
        page.reload()
        wait_ready_offline(page)
        server.stop()
        context.set_offline(True)
        page.goto(server.base + "about/")
        assert "Log in" not in page.inner_text("body") and page.locator("#offline-status").count() == 1
        page.goto(server.base + "mordheim-1999/movement/?calc-fall.height=5#falling")
        page.wait_for_function("() => document.getElementById('calc-fall').dataset.state === 'live'", timeout=120_000)
    finally:
        context.close()
        if server.thread.is_alive():
            server.stop()


DAMAGE_WASM = """async () => {
  const runtime = new URL(document.querySelector('script[data-runtime]').dataset.runtime, document.baseURI).href;
  const cache = await caches.open('rules-files');
  await cache.put(runtime + 'pyodide.asm.wasm', new Response('<p>Log in</p>', { headers: { 'Content-Type': 'text/html' } }));
}"""


def test_a_damaged_kept_copy_is_dropped_and_fetched_again_or_said_with_no_signal(browser, built_site):
    server = StaticServer(built_site)
    context, _ = offline_context(browser)
    page = context.new_page()
    live = "() => document.getElementById('calc-fall').dataset.state === 'live'"
    try:
        page.goto(server.base + "mordheim-1999/movement/?calc-fall.height=5#falling")
        wait_ready_offline(page)
        page.evaluate(DAMAGE_WASM)
        page.reload()  # with signal: the damaged copy is dropped and the runtime downloaded again
        page.wait_for_function(live, timeout=120_000)
        page.evaluate(DAMAGE_WASM)
        server.stop()
        context.set_offline(True)
        page.reload()  # no signal: said plainly, not "this browser could not run it"
        page.wait_for_function(
            "() => document.querySelector('#calc-fall .calc-status').textContent.includes('was damaged')",
            timeout=120_000,
        )
    finally:
        context.close()
        if server.thread.is_alive():
            server.stop()


def test_the_calculators_worker_obeys_the_policy_the_host_sends_for_it(browser, server):
    """A page's policy is a <meta> tag, which does not reach a worker: the build's `_headers` gives the
    worker's script its own (the test server sends it, as a host that reads the file does)."""
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(server.origin + "/mordheim-1999/movement/?calc-fall.height=5#falling")
        page.wait_for_function("() => document.getElementById('calc-fall').dataset.state === 'live'", timeout=120_000)
        (worker,) = [w for w in page.workers if w.url.endswith("/worker.js")]
        # Code the worker itself compiles from a string (the tool's own evaluation is exempt from policies).
        worker.evaluate("() => { self.evaluated = 'no'; setTimeout('self.evaluated = \\'yes\\''); }")
        page.wait_for_timeout(500)
        assert worker.evaluate("() => self.evaluated") == "no"
        other = StaticServer(server.httpd.folder)  # another address that would answer
        try:
            asked = worker.evaluate(
                "url => fetch(url, { mode: 'no-cors' }).then(() => 'answered', (error) => 'refused')",
                other.base + "about/",
            )
        finally:
            other.stop()
        assert asked == "refused"
    finally:
        context.close()
    headers = (server.httpd.folder / "_headers").read_text(encoding="utf-8")
    assert "frame-ancestors 'self'" in headers
