"""Compare pages, the edition diff and the quick references."""

from __future__ import annotations

import html
import json
import re

import pytest

from rulescore import RULESETS
from rulescore.explain import inches
from rulescore.present import respond_compare
from rulescore.reference import lines
from sitegen.compare import load_topics, section_words, word_diff
from sitegen.parse import parse
from sitegen.sources import load_rulesets
from tests.helpers import ROOT, read_page

DOCUMENTS = {r.id: parse(r) for r in load_rulesets(ROOT / "rules")}
TOPICS, RULESET_ONLY = load_topics(ROOT / "rules", DOCUMENTS)


def test_every_section_belongs_to_a_topic_or_is_listed_as_ruleset_only():
    placed = {(r, a) for t in TOPICS for r, anchors in t.sections.items() for a in anchors}
    placed |= {(r, a) for r, anchors in RULESET_ONLY.items() for a in anchors}
    every = {(r, s.anchor) for r, d in DOCUMENTS.items() for s in d.sections()}
    assert every - placed == set()


@pytest.mark.parametrize("topic", TOPICS, ids=lambda t: t.id)
def test_compare_page_links_to_each_rulesets_sections(built_site, topic):
    links = set(read_page(built_site / "compare" / topic.id / "index.html").links)
    for ruleset_id, anchors in topic.sections.items():
        for anchor in anchors:
            assert f"../../{ruleset_id}/{RULESETS[ruleset_id].chapter}/#{anchor}" in links


def test_rule_sections_link_to_their_compare_page(built_site):
    page = read_page(built_site / "mordheim-1999" / "movement" / "index.html")
    assert "../../compare/jumping-down/" in page.links and "../../compare/falling/" in page.links


def test_diff_of_identical_text_is_empty_and_interception_shows_as_changed():
    old, new = DOCUMENTS["mordheim-1999"].anchors(), DOCUMENTS["mordheim-lrb"].anchors()
    same = section_words(old["hiding"])
    assert all(kind == "equal" for kind, _ in word_diff(same, same))
    # Typography alone (’ for ') is not a change.
    assert all(kind == "equal" for kind, _ in word_diff(section_words(old["climbing"]), section_words(new["climbing"])))
    runs = word_diff(section_words(old["charge"]), section_words(new["charge"]))
    deleted = " ".join(words for kind, words in runs if kind == "delete")
    inserted = " ".join(words for kind, words in runs if kind == "insert")
    assert "undoubtedly be intercepted" in deleted
    assert "may choose to intercept" in inserted


def test_edition_page_marks_changes_and_summaries(built_site):
    markup = (built_site / "compare" / "mordheim-editions" / "index.html").read_text(encoding="utf-8")
    assert "<del>" in markup and "<ins>" in markup
    assert "Interception became the enemy" in markup
    assert 'id="hiding"' not in markup  # unchanged sections are not repeated


def test_numbers_equal_rulescore_definitions(built_site):
    jump = read_page(built_site / "compare" / "jumping-down" / "index.html")
    text = " ".join(jump.text)
    for ruleset_id in ("mordheim-1999", "mordheim-lrb", "coreheim-v10"):
        assert inches(RULESETS[ruleset_id].jump_down.max_height.value) in text
    assert [RULESETS[r].jump_down.max_height.value for r in ("mordheim-1999", "mordheim-lrb", "coreheim-v10")] == [6, 6, 7]
    assert [RULESETS[r].gap.max_gap.value for r in ("mordheim-1999", "mordheim-lrb", "coreheim-v10")] == [3, 3, 4]
    for ruleset_id, rules in RULESETS.items():
        quick = "".join(read_page(built_site / ruleset_id / "quick" / "index.html").text)
        for line in lines(rules):
            assert line.text in quick, (ruleset_id, line)
        for topic in TOPICS:
            if ruleset_id in topic.sections:
                page = "".join(read_page(built_site / "compare" / topic.id / "index.html").text)
                for line in lines(rules):
                    if line.topic == topic.id:
                        assert line.text in page, (topic.id, line)


def test_compare_calculator_refuses_only_what_no_ruleset_accepts():
    answer = json.loads(respond_compare("jump-down", json.dumps({"height": "7"})))
    assert answer["ok"]  # Coreheim accepts 7"; the Mordheim rows say why they do not
    assert "at most 6" in answer["html"] and "1 in 8 to land safely" in answer["html"]
    refused = json.loads(respond_compare("jump-down", json.dumps({"height": "seven"})))
    assert refused == {"ok": False, "errors": {"height": "Height of the jump must be a number, not 'seven'."}}


@pytest.mark.browser
def test_compare_page_is_tabs_on_a_phone_and_side_by_side_when_wide(browser, server):
    phone = browser.new_page(viewport={"width": 360, "height": 740})
    wide = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        phone.goto(server.origin + "/compare/jumping-down/")
        assert phone.locator(".compare-texts .tabbed-labels").is_visible()
        assert phone.evaluate("() => document.documentElement.scrollWidth - window.innerWidth") <= 0
        blocks = phone.locator(".compare-texts .tabbed-block")
        assert blocks.nth(0).is_visible() and not blocks.nth(1).is_visible()
        wide.goto(server.origin + "/compare/jumping-down/")
        assert not wide.locator(".compare-texts .tabbed-labels").is_visible()
        first, second = (wide.locator(".compare-texts .tabbed-block").nth(i).bounding_box() for i in (0, 1))
        assert first["y"] == second["y"] and second["x"] > first["x"] + first["width"] - 1
    finally:
        phone.close()
        wide.close()


@pytest.mark.browser
def test_live_compare_calculator_equals_cpython(phone, server):
    phone.goto(server.origin + "/compare/jumping-down/")
    phone.fill("#compare-jump-down-height", "5")
    phone.wait_for_function("() => document.getElementById('compare-jump-down').dataset.state === 'live'", timeout=60_000)
    expected = json.loads(respond_compare("jump-down", json.dumps({"height": "5"}), "../../"))["html"]
    rows = phone.locator("#compare-jump-down tbody tr")
    assert rows.count() == 3
    for i, ruleset_id in enumerate(["mordheim-1999", "mordheim-lrb", "coreheim-v10"]):
        assert rows.nth(i).get_attribute("data-ruleset") == ruleset_id
    assert phone.inner_text("#compare-jump-down tbody tr:nth-child(3) td").split(" §")[0] in html.unescape(expected)
    assert phone.console_errors == []


@pytest.mark.browser
@pytest.mark.parametrize("ruleset_id", list(RULESETS))
def test_quick_reference_prints_on_one_a4_page(browser, server, ruleset_id):
    page = browser.new_page()
    try:
        page.goto(f"{server.origin}/{ruleset_id}/quick/")
        pdf = page.pdf(format="A4", print_background=False)
        assert len(re.findall(rb"/Type\s*/Page(?!s)", pdf)) == 1
    finally:
        page.close()


def test_changed_sections_link_to_their_place_in_the_edition_diff(built_site):
    """Each section the diff page shows (it changed between the editions) links there from both
    rules pages; sections that read the same do not."""
    diff = (built_site / "compare" / "mordheim-editions" / "index.html").read_text(encoding="utf-8")
    shown = set(re.findall(r'<h2 id="([a-z0-9-]+)"', diff))
    assert len(shown) >= 3
    for ruleset_id in ("mordheim-1999", "mordheim-lrb"):
        page = (built_site / ruleset_id / "movement" / "index.html").read_text(encoding="utf-8")
        linked = set(re.findall(r'<a class="compare-link edition-link" href="../../compare/mordheim-editions/#([a-z0-9-]+)"', page))
        assert linked == shown, ruleset_id


def test_start_pages_link_their_quick_reference_and_glossary(built_site):
    for ruleset_id in RULESETS:
        links = read_page(built_site / ruleset_id / "index.html").links
        assert "quick/" in links and "glossary/" in links, ruleset_id
