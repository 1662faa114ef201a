"""The calculators' start in Chromium: Python starts when a calculator is near, an answer is honest
while it loads (never the default passed off as a shared link's), and a start that fails says so."""

from __future__ import annotations

import re

import pytest

from rulescore import calculate
from tests.server import StaticServer

pytestmark = pytest.mark.browser


def test_python_starts_only_when_a_calculator_is_near(phone, server):
    phone.goto(server.origin + "/whfb-6/movement-phase/")
    phone.wait_for_timeout(500)
    assert not any("pyodide.asm.wasm" in url for url in phone.requests), (
        "Python loaded before any calculator was in view"
    )
    phone.goto(server.origin + "/about/")
    phone.wait_for_timeout(500)
    assert not any("pyodide" in url for url in phone.requests)


def watch_status(page, calc_id: str) -> None:
    """Record every (state, status, note) the calculator shows, from the first paint on."""
    page.add_init_script(f"""(() => {{
        window.seen = [];
        const look = () => {{
            const calc = document.getElementById('{calc_id}');
            if (!calc) return;
            const note = calc.querySelector('.calc-for');
            const status = calc.querySelector('.calc-status');
            const entry = [calc.dataset.state || 'unset', getComputedStyle(status).visibility === 'hidden' ? '' : status.textContent,
                           note && !note.hidden ? note.textContent : '',
                           calc.querySelector('.calc-result').classList.contains('calc-stale') ||
                           getComputedStyle(calc.querySelector('.calc-result')).opacity < 0.6,
                           calc.querySelector('.calc-headline').textContent];
            const last = window.seen[window.seen.length - 1];
            if (!last || JSON.stringify(last) !== JSON.stringify(entry)) window.seen.push(entry);
        }};
        new MutationObserver(look).observe(document, {{ subtree: true, childList: true, attributes: true, characterData: true }});
        document.addEventListener('DOMContentLoaded', look);
    }})()""")


def test_a_shared_link_never_shows_the_default_answer_as_its_own(browser, built_site):
    """On a slow link (1 MB/s) the build-time answer (defaults) is dimmed and labelled with its own
    values until the live answer for the link's values arrives; the progress advances meanwhile."""
    slow = StaticServer(built_site, compress=True, rate=1_000_000, latency=0.04)
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    try:
        watch_status(page, "calc-fall")
        page.goto(
            slow.origin + "/mordheim-1999/movement/?calc-fall.height=5&calc-fall.toughness=4&calc-fall.wounds=2#falling"
        )
        page.wait_for_function("() => document.getElementById('calc-fall').dataset.state === 'live'", timeout=120_000)
        seen = page.evaluate("window.seen")
        default = calculate("fall", "mordheim-1999", {})["headlines"][0]
        wanted = calculate("fall", "mordheim-1999", {"height": "5", "toughness": "4", "wounds": "2"})["headlines"][0]
        assert default != wanted
        for state, status, note, dimmed, headline in seen:
            if headline.startswith(default):  # the build-time answer is on screen: never as current
                assert dimmed, (state, status)
                assert state != "built" and "when the page was built" not in status, (state, status)
                if state != "unset":
                    assert note == (
                        'Not for the values above. Shown: the answer for Height of the fall 4", Toughness 3, Wounds 1.'
                    )
        assert page.inner_text("#calc-fall .calc-headline").startswith(wanted)
        assert not page.locator("#calc-fall .calc-for").is_visible()
        loading = [
            float(m.group(1)) for _, status, *_ in seen if (m := re.match(r"Loading the calculator \((\d+)%\)", status))
        ]
        assert len(loading) >= 3 and loading == sorted(loading) and loading[-1] > loading[0], seen
    finally:
        context.close()
        slow.stop()


def test_an_input_changed_before_python_is_ready_is_marked_until_answered(browser, built_site):
    slow = StaticServer(built_site, compress=True, rate=1_000_000)
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    try:
        page.goto(slow.origin + "/coreheim-v10/movement/#falling")
        page.fill("#calc-fall-height", "9")
        page.wait_for_function("() => document.getElementById('calc-fall').dataset.state === 'stale'")
        assert "calc-stale" in page.get_attribute("#calc-fall .calc-result", "class")
        assert page.inner_text("#calc-fall .calc-for").startswith(
            'Not for the values above. Shown: the answer for Height of the fall 4"'
        )
        assert page.inner_text("#calc-fall .calc-status").startswith("Loading the calculator")
        page.wait_for_function("() => document.getElementById('calc-fall').dataset.state === 'live'", timeout=120_000)
        expected = calculate("fall", "coreheim-v10", {"height": "9"})
        assert page.inner_text("#calc-fall .calc-headline").startswith(expected["headlines"][0])
        assert page.inner_text("#calc-fall .calc-status") == "Live result."
    finally:
        context.close()
        slow.stop()


def open_with_no_runtime(phone, server, path: str) -> None:
    """Opens `path` with the runtime's WebAssembly refused, once the fall calculator says it could not start."""
    phone.route("**/pyodide.asm.wasm", lambda route: route.abort())
    phone.goto(server.origin + path)
    phone.wait_for_function(
        "() => document.querySelector('#calc-fall .calc-status').textContent.includes('could not start')",
        timeout=60_000,
    )


def test_a_calculator_that_cannot_start_says_so_and_keeps_its_values_label(phone, server):
    # 9": five taps from the defaults, so no answer is stored for it on the page (#40).
    open_with_no_runtime(phone, server, "/mordheim-1999/movement/?calc-fall.height=9#falling")
    assert phone.get_attribute("#calc-fall", "data-state") == "stale"
    assert phone.inner_text("#calc-fall .calc-for").startswith(
        'Not for the values above. Shown: the answer for Height of the fall 4"'
    )
    # A calculator whose values are its build-time ones keeps its answer, and says the live one is off.
    assert phone.inner_text("#calc-jump-down .calc-status") == (
        "Worked out for these values when the page was built. The live calculator could not start."
    )
    phone.console_errors.clear()  # the aborted download is the point of this test
    # A start that failed does not hold the theme back: it comes and mounts.
    phone.wait_for_function("() => typeof window.document$ === 'object'", timeout=10_000)


def test_a_page_read_without_asking_python_gets_the_theme_soon_after_loading(phone, server):
    """Opened at its top, where no calculator is in view, the page asks nothing of Python: the theme's script
    comes at the latest 3 s after the page has loaded."""
    phone.goto(server.origin + "/mordheim-1999/movement/")
    phone.wait_for_load_state("load")
    phone.wait_for_function("() => typeof window.document$ === 'object'", timeout=10_000)
    assert phone.evaluate("document.documentElement.dataset.calculatorsStart || ''") == ""  # Python never started


def test_a_link_two_taps_away_is_answered_from_the_page_when_python_cannot_start(phone, server):
    """#40: a link's values that are stored on the page get their answer at once, and keep it when the
    runtime never comes; the line says where the answer came from and that the live calculator is off."""
    open_with_no_runtime(phone, server, "/mordheim-1999/movement/?calc-fall.height=6#falling")
    assert phone.get_attribute("#calc-fall", "data-state") == "page"
    status = phone.inner_text("#calc-fall .calc-status")
    assert status.startswith("Answered from the page") and "The live calculator could not start (" in status, status
    expected = calculate("fall", "mordheim-1999", {"height": "6"})
    assert phone.inner_text("#calc-fall .calc-headline").startswith(expected["headlines"][0])
    phone.console_errors.clear()  # the aborted download is the point of this test


# What the page holds when its first live answer is shown: the theme's script (its global) and its bundle fetched.
AT_FIRST_ANSWER = """document.addEventListener('calculators:result', () => {
  window.atFirstAnswer ??= [typeof window.document$,
    performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes('javascripts/bundle.'))];
});"""


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_the_themes_script_comes_once_the_first_answer_is_in(browser, request, engine):
    """A link's answer on the ten-calculator page is worked out with the theme's script neither fetched nor run
    (it was most of a phone's main-thread work before that answer: #51); once the answer is in, the theme comes
    and mounts its parts as it would have at load: its header title and table of contents follow the page."""
    site = request.getfixturevalue("built_site" if engine == "mkdocs" else "zensical_site")
    served = StaticServer(site)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.add_init_script(AT_FIRST_ANSWER)
    try:
        page.goto(served.origin + "/mordheim-1999/movement/?calc-fall.height=4#falling")
        page.wait_for_function("() => window.atFirstAnswer", timeout=120_000)
        assert page.evaluate("window.atFirstAnswer") == ["undefined", []]
        page.wait_for_function(
            "() => document.querySelector('[data-md-component=header-title]')"
            ".classList.contains('md-header__title--active')",
            timeout=20_000,
        )
        assert page.locator(".md-nav__link--active").count() >= 1
        assert page.evaluate("typeof window.document$") == "object"
    finally:
        context.close()
        served.stop()
