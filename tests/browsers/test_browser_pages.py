"""The rules pages as a player on a phone uses them, in headless Chromium at 360x740."""

from __future__ import annotations

import pytest

from tests.helpers import ROOT

pytestmark = pytest.mark.browser


def site_paths(site) -> list[str]:
    return sorted("/" + str(p.parent.relative_to(site)).replace(".", "") + "/" for p in site.rglob("index.html"))


def test_no_page_scrolls_sideways_at_360(phone, server, built_site):
    wide = []
    for path in site_paths(built_site):
        phone.goto(server.origin + path.replace("//", "/"))
        overflow = phone.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        if overflow > 0:
            wide.append((path, overflow))
    assert wide == []


def test_tapping_a_term_shows_its_definition(phone, server):
    phone.goto(server.origin + "/coreheim-v10/movement/")
    term = phone.locator("abbr.term", has_text="Initiative test").first
    term.scroll_into_view_if_needed()
    term.tap()
    tooltip = phone.locator(".term-tip")
    tooltip.wait_for(timeout=5_000)
    assert "Roll one D12" in tooltip.inner_text()
    assert tooltip.bounding_box()["x"] + tooltip.bounding_box()["width"] <= 360
    phone.locator("h1").tap()  # a tap elsewhere closes it
    assert phone.locator(".term-tip").count() == 0
    assert phone.console_errors == []


def test_tap_targets_are_at_least_44px(phone, server):
    small = []
    for path in ("/mordheim-1999/movement/", "/mordheim-1999/", "/compare/falling/", "/calculators/"):
        phone.goto(server.origin + path)
        phone.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
        small += phone.evaluate("""() => Array.from(document.querySelectorAll(
                '.calc input, .calc select, .calc-step, .section-list a, .section-links a, .calc-cite, .calc-rule, .calc-jump a, .ruleset-shortcuts a, .compare-table a, .calc-share, .heading-share, label.md-header__button, .md-header__option label'))
            .filter(e => e.offsetParent !== null)
            .map(e => [e.className || e.tagName, e.getBoundingClientRect()])
            .filter(([, r]) => r.height < 44 || r.width < 44)
            .map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`)""")
    assert small == []


def test_palette_follows_the_system_and_toggles(browser, server):
    context = browser.new_context(color_scheme="dark", viewport={"width": 360, "height": 740})
    page = context.new_page()
    try:
        page.goto(server.origin + "/")
        assert page.get_attribute("body", "data-md-color-scheme") == "slate"
        assert page.get_attribute('meta[name="color-scheme"]', "content") == "dark"
        page.locator(".md-header__option label:visible").first.click()
        assert page.get_attribute("body", "data-md-color-scheme") == "default"
        assert page.get_attribute('meta[name="color-scheme"]', "content") == "light"
        page.reload()  # the choice is kept, and shown before the page's own scripts run
        assert page.get_attribute("body", "data-md-color-scheme") == "default"
        assert page.locator(".md-header__option label:visible").count() == 1
        # What the storage holds is not trusted: not JSON, or an index of no toggle, leaves the system's scheme.
        for kept in ("{not json", '{"index": "__proto__", "color": {"scheme": "default"}}', '{"index": 7}'):
            page.evaluate("kept => localStorage.setItem(__md_scope.pathname + '.__palette', kept)", kept)
            page.reload()
            assert page.get_attribute("body", "data-md-color-scheme") == "slate", kept
            assert page.locator(".md-header__option label:visible").count() == 1
    finally:
        context.close()


def test_the_book_stays_named_while_reading(phone, server):
    """Deep in a chapter on a 360 px phone, the ruleset and edition are still on screen."""
    for ruleset_id, words in (
        ("mordheim-1999", "Original rulebook (1999)"),
        ("mordheim-lrb", "Living Rulebook (2005)"),
        ("coreheim-v10", "v10"),
    ):
        phone.goto(f"{server.origin}/{ruleset_id}/movement/#falling")
        phone.wait_for_timeout(300)
        banner = phone.locator(".ruleset-banner")
        box = banner.bounding_box()
        header = phone.locator(".md-header").bounding_box()
        assert phone.evaluate("window.scrollY") > 500, "the page did not scroll to the section"
        assert header["y"] + header["height"] - 1 <= box["y"] <= header["y"] + header["height"] + 2, (ruleset_id, box)
        # The edition's words are inside the visible part of the one-line banner, not cut off.
        assert phone.evaluate(
            """words => { const b = document.querySelector('.ruleset-banner');
            const walker = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
            for (let n = walker.nextNode(); n; n = walker.nextNode()) {
                const at = n.data.indexOf(words);
                if (at < 0) continue;
                const range = document.createRange(); range.setStart(n, at); range.setEnd(n, at + words.length);
                return range.getBoundingClientRect().right <= b.getBoundingClientRect().right;
            }
            return false; }""",
            words,
        ), ruleset_id
        # Nothing covers it: the element at its middle is the banner (or inside it).
        assert phone.evaluate("""() => { const b = document.querySelector('.ruleset-banner').getBoundingClientRect();
            return document.querySelector('.ruleset-banner').contains(document.elementFromPoint(b.left + 20, b.top + b.height / 2)); }""")


def test_focus_ring_and_heading_links_for_thumbs(phone, server):
    phone.goto(f"{server.origin}/mordheim-1999/movement/#falling")
    phone.locator("#calc-fall-height").focus()
    phone.keyboard.press("Tab")  # keyboard focus: the ring must show
    ring = phone.evaluate(
        "() => { const s = getComputedStyle(document.activeElement); return [s.outlineStyle, parseFloat(s.outlineWidth)]; }"
    )
    assert ring[0] != "none" and ring[1] >= 2
    mark = phone.locator("#falling .headerlink").bounding_box()
    assert mark["width"] >= 44 and mark["height"] >= 44


def test_a_heading_shares_its_section_in_one_tap(browser, server):
    """#12 item 5: each section heading has a 44 px "copy link" button that puts the section's address
    on the clipboard and says so."""
    context = browser.new_context(viewport={"width": 360, "height": 740})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.origin)
    page = context.new_page()
    try:
        page.goto(server.origin + "/mordheim-1999/movement/#falling")
        button = page.locator("#falling .heading-share")
        assert button.get_attribute("aria-label").lower() == "copy link to falling"  # the heading as the text writes it
        box = button.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
        button.click()
        page.wait_for_function("() => document.querySelector('#falling .heading-share').textContent === 'Link copied'")
        assert page.evaluate("navigator.clipboard.readText()") == server.origin + "/mordheim-1999/movement/#falling"
        headings = page.eval_on_selector_all("article :is(h2, h3, h4)[id]", "hs => hs.length")
        assert page.eval_on_selector_all("article .heading-share", "bs => bs.length") == headings > 10
    finally:
        context.close()


KEY_PAGES = {
    "home": "/",
    "ruleset-start": "/mordheim-1999/",
    "rules-with-shared-fall": "/mordheim-1999/movement/?calc-fall.height=5#falling",
    "compare-jumping-down": "/compare/jumping-down/",
    "compare-charge": "/compare/charge/",
    "compare-index": "/compare/",
    "quick-reference": "/mordheim-1999/quick/",
    "calculators": "/calculators/",
    "edition-diff": "/compare/mordheim-editions/",
}


def test_screenshots_of_the_key_pages_for_a_reviewer(browser, server):
    """Made by every run into build/screenshots/ (phone 360 px and desktop 1280 px) so a reviewer can
    look; each is a whole PNG of the width asked for, of a page that does not scroll sideways."""
    import struct

    folder = ROOT / "build" / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    for width, height in ((360, 740), (1280, 800)):
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        try:
            for name, path in KEY_PAGES.items():
                page.goto(server.origin + path)
                if "calc-" in path:
                    page.wait_for_function("() => document.querySelector('.calc[data-state=live]')", timeout=120_000)
                assert page.evaluate("document.documentElement.scrollWidth") <= width, (name, width)
                shot = folder / f"{name}-{width}.png"
                page.screenshot(path=str(shot))
                data = shot.read_bytes()
                assert data[:8] == b"\x89PNG\r\n\x1a\n"
                assert struct.unpack(">I", data[16:20])[0] == width
        finally:
            context.close()
    print(f"screenshots: {folder}")


def test_nothing_stays_over_the_page_while_scrolling(phone, server):
    """#23 item 5: no "back to top" button over a calculator's title when scrolling up; a tapped term's
    meaning goes when its term scrolls under the header, never pinned over it."""
    phone.goto(server.origin + "/mordheim-1999/movement/")
    phone.mouse.wheel(0, 4000)
    phone.wait_for_timeout(300)
    phone.mouse.wheel(0, -600)  # scrolling up is when Material shows its button
    phone.wait_for_timeout(600)
    assert phone.locator(".md-top:visible").count() == 0
    term = phone.locator("abbr.term").nth(3)
    term.scroll_into_view_if_needed()
    term.tap()
    phone.locator(".term-tip").wait_for(timeout=5_000)
    header = phone.locator(".md-header").bounding_box()
    phone.evaluate("t => window.scrollBy(0, t.getBoundingClientRect().top - 10)", term.element_handle())
    phone.wait_for_timeout(300)
    tips = phone.locator(".term-tip")
    assert tips.count() == 0 or tips.bounding_box()["y"] >= header["y"] + header["height"]
    assert phone.console_errors == []


def test_quick_reference_text_is_readable_on_a_phone(phone, server):
    """#23 item 6: the quick reference's tables at 14 px or more, not 12 px."""
    phone.goto(server.origin + "/mordheim-1999/quick/")
    sizes = phone.eval_on_selector_all(
        ".quick-reference td", "cells => cells.map(c => parseFloat(getComputedStyle(c).fontSize))"
    )
    assert sizes and min(sizes) >= 14


def test_a_dimmed_answer_keeps_its_bars_in_dark_mode(browser, server):
    """#23 item 6: in the dark scheme a dimmed (stale) answer's bars take the text colour, not brown."""
    context = browser.new_context(color_scheme="dark", viewport={"width": 360, "height": 740})
    page = context.new_page()
    try:
        page.goto(server.origin + "/mordheim-1999/movement/#falling")
        page.fill("#calc-fall-height", "nonsense")  # a refused value dims the answer
        page.wait_for_selector("#calc-fall .calc-result.calc-stale", state="attached", timeout=60_000)
        fill, text = page.evaluate("""() => [
            getComputedStyle(document.querySelector('#calc-fall .calc-bar rect')).fill,
            getComputedStyle(document.querySelector('#calc-fall .calc-result')).color]""")
        assert fill == text, (fill, text)
    finally:
        context.close()


def tap_term(phone, term) -> str:
    """Taps a game term as a player does; the meaning it shows."""
    term.scroll_into_view_if_needed()
    term.tap()
    tip = phone.locator(".term-tip")
    tip.wait_for(timeout=5_000)
    box = tip.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360
    return tip.inner_text()


def test_terms_are_explained_on_the_quick_reference_and_compare_pages(phone, server):
    """#23 item 7: a term in our tables and in a rules text shown on a compare page explains itself on
    tap, as the ruleset whose words it is means it."""
    phone.goto(server.origin + "/mordheim-1999/quick/")
    assert "equal to or lower than its Initiative" in tap_term(
        phone, phone.locator(".quick-reference abbr.term", has_text="Initiative test").first
    )
    phone.goto(server.origin + "/compare/jumping-down/")
    texts = phone.locator(".compare-text[aria-label='Coreheim v10'] abbr.term", has_text="Initiative test")
    assert "Roll one D12" in tap_term(phone, texts.first)
    mordheim = phone.locator(".compare-text[aria-label='Mordheim 1999'] abbr.term", has_text="Initiative test")
    assert "Roll one D6" in tap_term(phone, mordheim.first)
    phone.goto(server.origin + "/compare/charge/")
    cell = phone.locator(".compare-table td[data-ruleset='Mordheim 1999'] abbr.term", has_text="Initiative test")
    assert "Roll one D6" in tap_term(phone, cell.first)
    assert phone.console_errors == []


def test_a_live_answer_explains_its_terms_in_its_rulesets_words(phone, server):
    """#23 item 7: the answer Python writes at the table marks its game terms too (first use each),
    on a rules page and on the calculators page, and a new answer is marked again."""
    phone.goto(server.origin + "/coreheim-v10/movement/#jumping-down")
    field = phone.locator("#calc-jump-down-height")
    field.scroll_into_view_if_needed()
    field.tap()
    field.press_sequentially("5")
    phone.wait_for_function("() => document.getElementById('calc-jump-down').dataset.state === 'live'", timeout=120_000)
    answer = phone.locator("#calc-jump-down .calc-result")
    marked = [t.strip() for t in answer.locator("abbr.term").all_text_contents()]
    assert any(t.lower().startswith("initiative test") for t in marked), marked
    assert len(marked) == len({t.lower() for t in marked})  # first use only
    assert "Roll one D12" in tap_term(phone, answer.locator("abbr.term", has_text="Initiative test").first)
    phone.goto(server.origin + "/calculators/")
    procedure = phone.locator("#calc-mordheim-1999-jump-down .calc-result abbr.term")
    assert procedure.count() > 0
    assert "Roll one D6" in tap_term(phone, procedure.filter(has_text="Initiative test").first)
    assert phone.console_errors == []
