"""#63, Your table inside the rules, in Chromium at 360 px: beside the text's words that a kept house rule
changes, what the table plays instead, the text as written still there; one tap reads the page as written
for the rest of the visit; the compare pages the same; nothing marked that the table does not play."""

from __future__ import annotations

import pytest

from tests.browsers.search_box import ask, open_search
from tests.browsers.test_accessibility import AXE, RUN, STILL, TAGS
from tests.helpers import CHROMIUM, CHROMIUM_ARGS

pytestmark = pytest.mark.browser
TABLE = {
    "format": "skirmish-rules-table",
    "version": 1,
    "models": [],
    "house_rules": [
        {"ruleset": "mordheim-lrb", "rule": "jump_down.max_height", "value": "8"},
        {"ruleset": "mordheim-lrb", "rule": "gap.max_gap", "value": "4"},
        {"ruleset": "mordheim-lrb", "rule": "jump_down.over_max", "value": "falls"},  # says nothing in the text
    ],
}
MARKS = "() => [...document.querySelectorAll('.house-mark')].map((m) => [m.previousElementSibling.textContent, m.textContent])"


def keep(page, server) -> None:
    page.goto(server.origin + "/table/")
    page.evaluate("t => localStorage.setItem('skirmish-table', JSON.stringify(t))", TABLE)


def test_a_rules_page_marks_what_the_table_plays_beside_the_words_it_changes(phone, server):
    keep(phone, server)
    phone.goto(server.origin + "/mordheim-lrb/movement/#jumping-down")
    phone.locator(".house-mark").first.wait_for()
    marks = phone.evaluate(MARKS)
    assert len(marks) == 2, marks
    (jump_text, jump), (gap_text, gap) = marks
    # The text as written, untouched, and under it what the table plays, then the text's own value.
    assert 'up to a maximum height of 6")' in jump_text
    assert jump.startswith('Your table: Highest jump down: 8". The rules: 6". Read as written')
    assert 'up to a maximum of 3")' in gap_text and gap.startswith('Your table: Widest gap: 4". The rules: 3".')
    link = phone.locator(".house-mark a").first
    assert link.get_attribute("href").endswith("/table/#house-rules")
    # Another ruleset's page plays its own rules: nothing marked there.
    phone.goto(server.origin + "/mordheim-1999/movement/#jumping-down")
    phone.locator("#calc-jump-down[data-ready]").wait_for()
    assert phone.locator(".house-mark").count() == 0
    # One tap reads the page as written, for the rest of this visit (another page, a reload), said in place.
    phone.goto(server.origin + "/mordheim-lrb/movement/#jumping-down")
    phone.locator(".house-mark button").first.tap()
    phone.wait_for_function("() => document.querySelector('.house-mark').textContent.startsWith('Read as written')")
    assert phone.evaluate("document.activeElement.textContent") == "Show what your table plays"
    phone.goto(server.origin + "/compare/jumping-down/")
    phone.locator(".house-mark").first.wait_for()
    assert phone.inner_text(".house-mark").startswith(
        "Read as written on this visit: your table plays highest jump down otherwise."
    )
    phone.locator(".house-mark button").first.tap()
    phone.wait_for_function("() => document.querySelector('.house-mark').textContent.startsWith('Your table: ')")
    # On a compare page, in its own ruleset's text only.
    ruleset = phone.evaluate(
        "document.querySelector('.house-mark').closest('.compare-text').getAttribute('aria-label')"
    )
    assert ruleset == "Mordheim Living Rulebook"
    assert phone.console_errors == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_marked_page_has_no_axe_violation(playwright, server, scheme):
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True, color_scheme=scheme, bypass_csp=True
    )
    page = context.new_page()
    try:
        keep(page, server)
        page.goto(server.origin + "/compare/jumping-gaps/")
        page.locator(".house-mark").first.scroll_into_view_if_needed()
        page.wait_for_function(STILL)
        page.add_script_tag(path=str(AXE))
        marked = page.evaluate(RUN, TAGS)
        page.locator(".house-mark button").first.tap()
        page.wait_for_function(STILL)
        written = page.evaluate(RUN, TAGS)
        # A search result saying the table plays its sentence otherwise.
        page.locator(".house-mark button").first.tap()  # back to the table's rules for the visit
        open_search(page)
        ask(page, "maximum of 3 gaps")
        page.locator(".site-search__house").first.wait_for()
        searched = page.evaluate(RUN, TAGS)
    finally:
        context.close()
        browser.close()
    assert marked == [] and written == [] and searched == [], (marked, written, searched)


def test_a_search_result_whose_sentence_the_table_plays_otherwise_says_so(phone, server):
    keep(phone, server)
    phone.goto(server.origin + "/mordheim-lrb/movement/")
    open_search(phone)
    ask(phone, "maximum height jump down")
    shown = phone.eval_on_selector_all(
        ".site-search__result",
        """links => links.map((a) => [a.getAttribute('href'), a.querySelector('.site-search__sentence').textContent,
                                     a.querySelector('.site-search__house')?.textContent || ''])""",
    )
    said = [(href, sentence, house) for href, sentence, house in shown if 'maximum height of 6"' in sentence]
    assert said, shown
    for href, _, house in said:  # the table plays the Living Rulebook's otherwise, not another ruleset's
        expected = "Your table plays this otherwise: highest jump down." if "mordheim-lrb" in href else ""
        assert house == expected, (href, house)
    assert phone.console_errors == []


def test_a_links_house_rule_is_marked_as_the_links_until_kept(phone, server):
    """A shared link's house rules play on the page it opens, offered to keep: the text is marked with what
    the link plays, not as the player's table."""
    phone.goto(server.origin + "/mordheim-lrb/movement/?house=mordheim-lrb~jump_down.max_height~8#jumping-down")
    phone.locator(".house-mark").first.wait_for()
    assert phone.inner_text(".house-mark").startswith('This link plays: Highest jump down: 8". The rules: 6".')
    assert phone.console_errors == []
