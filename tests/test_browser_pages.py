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


def type_search(phone, server, words: str, path: str = "/") -> None:
    """Opens the search from `path` and types `words` as a player does."""
    phone.goto(server.origin + path)
    phone.locator("label.md-header__button[for=__search]").tap()
    box = phone.locator("input.md-search__input")
    box.wait_for()
    phone.wait_for_timeout(500)  # the search worker loads its index after the box opens
    box.press_sequentially(words, delay=20)


def search(phone, server, words: str, path: str = "/") -> list[str]:
    type_search(phone, server, words, path)
    phone.locator(".md-search-result__item:not([hidden])").first.wait_for(timeout=10_000)
    return phone.eval_on_selector_all(".md-search-result__item a", "links => links.map(a => a.getAttribute('href'))")


def test_search_finds_jumping_down_in_every_ruleset_that_has_it(phone, server):
    links = search(phone, server, "jumping down")
    for ruleset_id in ("mordheim-1999", "mordheim-lrb", "coreheim-v10"):
        assert any(f"/{ruleset_id}/movement/" in link and link.endswith("#jumping-down") for link in links), links
    # The rules sections come before any glossary entry.
    first_glossary = next(i for i, link in enumerate(links) if "/glossary/" in link)
    first_section = next(i for i, link in enumerate(links) if link.endswith("#jumping-down"))
    assert first_section < first_glossary


def test_search_finds_terms(phone, server):
    found = search(phone, server, "interception")
    assert any("/mordheim-lrb/movement/" in link and link.endswith("#charge") for link in found), found
    assert any("/mordheim-1999/glossary/" in link and link.endswith("#interception") for link in found), found
    assert any(link.endswith("#stand-shoot") for link in search(phone, server, "stand shoot"))
    assert any("/trench-crusade/glossary/" in link and link.endswith("#dash") for link in search(phone, server, "dash"))


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
        page.locator(".md-header__option label:visible").first.click()
        assert page.get_attribute("body", "data-md-color-scheme") == "default"
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


# (query, where the first section found must be) for #12's rule questions. Each answer is a rules
# section, but for a term's definition ("initiative test", "hide") and a rule that differs by
# edition, whose compare page comes first ("interception").
RULE_QUESTIONS = [
    ("jump down", r"/movement/\?.*#jumping-down$"),
    ("fall damage", r"/movement/\?.*#falling(-off-buildings)?$"),
    ("climbing", r"/movement/\?.*#climbing$"),
    ("coreheim climb", r"/coreheim-v10/movement/\?.*#climbing$"),
    ("charge range", r"/(movement|movement-phase)/\?.*#(charge|move-chargers|taking-a-charge)$"),
    ("initiative test", r"/glossary/\?.*#initiative-test$"),
    ("stand and shoot", r"/whfb-6/movement-phase/\?.*#stand-shoot$"),
    ("interception", r"/compare/interception/"),
    ("hide", r"/glossary/\?.*#hide$"),
    ("flee", r"/whfb-6/movement-phase/\?.*#flee$"),
    ("difficult terrain", r"/movement/\?.*#difficult-ground$"),
]


def test_rule_questions_find_the_rule_first_with_clean_snippets(phone, server):
    import re

    for words, wanted in RULE_QUESTIONS:
        links = search(phone, server, words)
        # Results come grouped by page: the first page, or its first section when it lists one.
        first = links[0]
        if len(links) > 1 and "#" in links[1] and links[1].split("?")[0] == first.split("?")[0]:
            first = links[1]
        assert re.search(wanted, first), (words, links[:4])
        snippets = phone.eval_on_selector_all(".md-search-result__item", "els => els.map(e => e.innerText)")
        noisy = [s for s in snippets if re.search(r"Copy link|Less:|More:|RulesetResult|Exact odds|Outcome", s)]
        assert noisy == [], (words, noisy[:2])


def visible_results(phone) -> list[str]:
    return phone.eval_on_selector_all(
        ".md-search-result__item",
        "items => items.filter(i => i.offsetParent !== null).map(i => i.querySelector('a').getAttribute('href'))",
    )


def test_search_keeps_to_the_book_being_read_and_says_what_the_site_holds(phone, server):
    search(phone, server, "climbing", path="/mordheim-1999/movement/")
    scoped = visible_results(phone)
    assert scoped and all("/mordheim-1999/" in link for link in scoped), scoped
    button = phone.locator(".search-scope button")
    assert button.inner_text() == "Only Mordheim 1999: show every ruleset"
    assert button.bounding_box()["height"] >= 44
    button.tap()
    widened = visible_results(phone)
    assert any("/coreheim-v10/" in link for link in widened) and any("/mordheim-lrb/" in link for link in widened), (
        widened
    )
    # From the home page nothing is scoped; a word no text here holds says what the site does hold.
    type_search(phone, server, "march")
    phone.locator(".search-held").wait_for(state="visible", timeout=10_000)
    held = phone.inner_text(".search-held")
    assert (
        "Warhammer Fantasy Battle 6th: Warhammer rulebook, 6th edition (Games Workshop, 2000), Movement phase" in held
    )
    assert held.count("\n") >= 5  # every ruleset named
    assert not phone.is_visible(".search-scope")


def shown_snippets(phone) -> list[dict]:
    """Each visible result: its link, whether a searched word is marked in it, each section's visible blocks."""
    return phone.eval_on_selector_all(
        ".md-search-result__item",
        """items => items
        .filter(i => i.offsetParent !== null)
        .map(i => ({href: i.querySelector('a').getAttribute('href'), marked: Boolean(i.querySelector('mark')),
                    text: i.innerText,
                    articles: [...i.querySelectorAll('article')].filter(a => a.offsetParent !== null).map(a =>
                      [...a.querySelectorAll(':scope > p, :scope > ul, :scope > ol')]
                        .filter(b => b.offsetParent !== null && !b.matches('.md-search-result__terms'))
                        .map(b => [b.tagName, b.previousElementSibling ? b.previousElementSibling.tagName : '']))}))""",
    )


def test_search_results_hold_no_noise(phone, server):
    """#23 item 4: no result that holds none of the words; no index table, jump list or "picture not
    included" as a snippet; a list is never shown without the line that leads into it."""
    for words, path in (
        ("far run", "/"),
        ("hiding", "/"),
        ("jumping down", "/"),
        ("spotted", "/coreheim-v10/"),
        ("hiding", "/coreheim-v10/movement/"),
        ("charge", "/"),
    ):
        search(phone, server, words, path)
        phone.wait_for_timeout(300)
        results = shown_snippets(phone)
        assert results, words
        for result in results:
            assert result["marked"], (words, result["text"][:120])
            assert not result["href"].split("?")[0].endswith(("/compare/", "/calculators/")), (words, result["href"])
            assert "picture not included" not in result["text"], words
            assert "Used in:" not in result["text"], words
            for blocks in result["articles"]:  # a section's snippet: one block, or a list and its lead-in
                assert len(blocks) <= 2, (words, result["text"][:200])
                for tag, before in blocks:
                    assert tag == "P" or before in ("P", "H1", "H2", "H3"), (words, result["text"][:200])
    # The Coreheim hiding rule: the list of what spots a hidden warrior never shows as what hiding needs.
    search(phone, server, "hiding", "/coreheim-v10/movement/")
    coreheim = next(r for r in shown_snippets(phone) if "Movement · Coreheim v10" in r["text"])
    assert "He charges" not in coreheim["text"] or "automatically spotted if" in coreheim["text"]


def test_a_scoped_search_never_counts_other_rulesets_results(phone, server):
    """#23 item 4: "16 matching documents" above "Nothing in Coreheim v10" contradicted itself."""
    type_search(phone, server, "far run", "/coreheim-v10/movement/")
    phone.locator(".search-held").wait_for(state="visible", timeout=10_000)
    assert phone.inner_text(".search-held").startswith("Nothing in Coreheim v10")
    assert not phone.is_visible(".md-search-result__meta")
    phone.locator(".search-scope button").tap()  # every ruleset: Material's count is true again
    assert "matching document" in phone.inner_text(".md-search-result__meta")
    assert phone.is_visible(".md-search-result__meta")


def test_several_rule_sections_fit_on_a_phone_screen_of_results(phone, server):
    """Snippets are cut to a few lines: at least three sections whole on the first 360 x 740 screen
    (before: none for "jump down", one for "climbing")."""
    for words in ("jump down", "climbing", "falling"):
        search(phone, server, words)
        on_screen = phone.eval_on_selector_all(
            ".md-search-result__link",
            "links => links.filter(l => l.offsetParent !== null"
            " && l.getBoundingClientRect().bottom <= innerHeight && l.href.includes('#')).length",
        )
        assert on_screen >= 3, (words, on_screen)


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
