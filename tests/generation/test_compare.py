"""Compare pages, the edition diff and the quick references."""

from __future__ import annotations

import html
import json
import re
from itertools import pairwise

import pytest

from rulescore import RULESETS
from rulescore.answers.explain import inches
from rulescore.reading.folder import read_folder
from rulescore.reference import lines
from rulescore.rulebooks import CALCULATORS
from rulescore.web.answer import respond_compare
from sitegen.pages.compare import load_topics
from sitegen.pages.editions import section_words, word_diff
from sitegen.pages.parse import parse
from sitegen.pages.sources import load_rulesets
from tests.helpers import ROOT, read_page

DOCUMENTS = {r.id: parse(r) for r in load_rulesets(read_folder(ROOT / "rules"))}
TOPICS, RULESET_ONLY = load_topics(read_folder(ROOT / "rules"), DOCUMENTS)


def test_every_section_belongs_to_a_topic_or_is_listed_as_ruleset_only():
    placed = {(r, a) for t in TOPICS for r, anchors in t.sections.items() for a in anchors}
    placed |= {(r, a) for r, anchors in RULESET_ONLY.items() for a in anchors}
    every = {(r, s.anchor) for r, d in DOCUMENTS.items() for s in d.sections()}
    assert every - placed == set()


@pytest.mark.parametrize("topic", [t for t in TOPICS if t.compared], ids=lambda t: t.id)
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
    assert [RULESETS[r].jump_down.max_height.value for r in ("mordheim-1999", "mordheim-lrb", "coreheim-v10")] == [
        6,
        6,
        7,
    ]
    assert [RULESETS[r].gap.max_gap.value for r in ("mordheim-1999", "mordheim-lrb", "coreheim-v10")] == [3, 3, 4]
    for ruleset_id, rules in RULESETS.items():
        quick = "".join(read_page(built_site / ruleset_id / "quick" / "index.html").text)
        for line in lines(rules):
            assert line.text in quick, (ruleset_id, line)
        for topic in TOPICS:
            if ruleset_id in topic.sections and topic.compared:
                page = "".join(read_page(built_site / "compare" / topic.id / "index.html").text)
                for line in lines(rules):
                    if line.topic == topic.id:
                        assert line.text in page, (topic.id, line)


def test_compare_calculator_refuses_only_what_no_ruleset_accepts():
    answer = json.loads(respond_compare("jump-down", json.dumps({"height": "7"})))
    assert answer["ok"]  # Coreheim accepts 7"; the Mordheim rows say why they do not
    assert "at most 6" in answer["html"] and "13% to land safely" in answer["html"]  # 1 in 8
    refused = json.loads(respond_compare("jump-down", json.dumps({"height": "seven"})))
    assert refused == {"ok": False, "errors": {"height": "Height of the jump must be a number, not 'seven'."}}


@pytest.mark.browser
def test_compare_texts_follow_each_other_on_a_phone_and_sit_side_by_side_when_wide(browser, server):
    """#23 item 3: no tabs where two of five names fit; on a phone every text is reached by scrolling,
    its ruleset's name held under the header while it is read; wide, all side by side."""
    phone = browser.new_page(viewport={"width": 360, "height": 740})
    wide = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        phone.goto(server.origin + "/compare/charge/")
        assert phone.locator(".tabbed-labels").count() == 0
        texts = phone.locator(".compare-text")
        names = [texts.nth(i).locator(".compare-ruleset").inner_text() for i in range(texts.count())]
        assert names == [
            RULESETS[r].title for r in RULESETS if r in next(t for t in TOPICS if t.id == "charge").sections
        ]
        boxes = [texts.nth(i).bounding_box() for i in range(texts.count())]
        assert all(b["x"] == boxes[0]["x"] and b["width"] > 300 for b in boxes)  # full width, one under the other
        assert all(later["y"] >= earlier["y"] + earlier["height"] - 1 for earlier, later in pairwise(boxes))
        # Scrolled into the second text, its name stays in sight just under the header.
        phone.evaluate(f"window.scrollTo(0, {boxes[1]['y'] + boxes[1]['height'] / 2})")
        phone.wait_for_timeout(200)
        label = texts.nth(1).locator(".compare-ruleset").bounding_box()
        header = phone.locator(".md-header").bounding_box()
        assert header["y"] + header["height"] - 1 <= label["y"] <= header["y"] + header["height"] + 2
        assert phone.evaluate("() => document.documentElement.scrollWidth - window.innerWidth") <= 0
        wide.goto(server.origin + "/compare/jumping-down/")
        first, second = (wide.locator(".compare-text").nth(i).bounding_box() for i in (0, 1))
        assert first["y"] == second["y"] and second["x"] > first["x"] + first["width"] - 1
    finally:
        phone.close()
        wide.close()


def test_a_compare_calculator_names_the_rulesets_it_holds_and_those_with_no_such_rule(built_site):
    """#39 item 7: "every ruleset" over three rows sent the player looking for the other two."""
    page = (built_site / "compare" / "falling" / "index.html").read_text()
    title = re.search(r'<p class="calc-title">(.*?)</p>', page, re.S).group(1)
    having, lacking = title.split("no such rule in the text held of")
    assert "every ruleset" not in title
    for rules in RULESETS.values():
        assert html.escape(rules.title) in (having if CALCULATORS["fall"].supports(rules) else lacking), rules.id


def test_a_topic_one_text_holds_is_no_comparison(built_site):
    """#23 item 3: a topic only one text has gets no compare page and no "compare" link; the index
    lists it apart, linked to that text's section."""
    alone = [t for t in TOPICS if len(t.sections) == 1]
    assert {t.id for t in alone} >= {"half-move", "fleeing"}
    index = read_page(built_site / "compare" / "index.html")
    for topic in alone:
        assert not (built_site / "compare" / topic.id).exists(), topic.id
        ((ruleset_id, anchors),) = topic.sections.items()
        assert f"../{ruleset_id}/{RULESETS[ruleset_id].chapter}/#{anchors[0]}" in index.links, topic.id
        assert f"{topic.id}/" not in index.links
        chapter = read_page(built_site / ruleset_id / RULESETS[ruleset_id].chapter / "index.html")
        assert f"../../compare/{topic.id}/" not in chapter.links
    for topic in TOPICS:
        if len(topic.sections) > 1:
            assert f"{topic.id}/" in index.links


def test_a_number_a_text_lacks_says_the_site_holds_only_movement(built_site):
    """#23 item 3: an empty cell says the rule is not in what the site holds, not that the game lacks it
    (Mordheim 1999's chargers strike first in its close-combat chapter); a text that does say it is
    never shown empty (Warhammer: a unit may only charge an enemy it can see)."""
    markup = (built_site / "compare" / "charge" / "index.html").read_text(encoding="utf-8")
    table = re.search(r'<table class="compare-table".*?</table>', markup, re.S).group(0)
    assert "not in this text" not in table

    def cell(row: str, ruleset: str) -> str:
        found = re.search(rf'<th scope="row">{row}</th>(.*?)</tr>', table, re.S).group(1)
        return re.search(rf'data-ruleset="{ruleset}">(.*?)</td>', found, re.S).group(1)

    assert cell("Chargers", "Mordheim 1999") == '<span class="compare-none">not in the movement rules held here</span>'
    assert "strike first" not in " ".join(
        block.text for s in DOCUMENTS["mordheim-1999"].sections() for block in s.blocks
    )
    warhammer = cell("Unseen target", "Warhammer Fantasy Battle 6th")
    assert (
        re.sub("<[^>]+>", "", warhammer).startswith("cannot be charged")
        and 'href="../../whfb-6/movement-phase/#movement-phase"' in warhammer
    )
    assert "can see at least one enemy model" in section_words(DOCUMENTS["whfb-6"].anchors()["movement-phase"])
    assert "assumption" in cell("Unseen target", "Trench Crusade")  # from the core rules, not the text held
    # Mordheim says where a charge ends: base to base, so the row is never empty for it.
    mordheim = cell("A charge reaches its target", "Mordheim 1999")
    assert (
        "in base-to-base contact" in re.sub("<[^>]+>", "", mordheim)
        and 'href="../../mordheim-1999/movement/#charge"' in mordheim
    )
    assert "base-to-base contact" in section_words(DOCUMENTS["mordheim-1999"].anchors()["charge"])


@pytest.mark.parametrize("name", ["fall", "jump-down", "gap", "climb", "edge-fall"])
def test_a_compare_table_says_every_chance_on_one_scale(name):
    """#23 item 3: "16% unhurt" beside "5 in 12 unhurt" reads as two scales; side by side, percentages."""
    answer = json.loads(respond_compare(name, json.dumps({})))
    cells = re.findall(r"<td>(.*?)</td>", answer["html"])
    assert len(cells) >= 2
    for cell in cells:
        assert not re.search(r"\d in \d", cell), cell
    assert any("%" in cell for cell in cells)


@pytest.mark.browser
def test_live_compare_calculator_equals_cpython(phone, server):
    phone.goto(server.origin + "/compare/jumping-down/")
    phone.fill("#compare-jump-down-height", "5")
    phone.wait_for_function(
        "() => document.getElementById('compare-jump-down').dataset.state === 'live'", timeout=60_000
    )
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
        linked = set(
            re.findall(
                r'<a class="compare-link edition-link" href="../../compare/mordheim-editions/#([a-z0-9-]+)"', page
            )
        )
        assert linked == shown, ruleset_id


def test_start_pages_link_their_quick_reference_and_glossary(built_site):
    for ruleset_id in RULESETS:
        links = read_page(built_site / ruleset_id / "index.html").links
        assert "quick/" in links and "glossary/" in links, ruleset_id


def test_a_line_whose_topic_no_topic_has_is_refused_naming_its_mechanic(tmp_path):
    import shutil

    from rulescore.reading.folder import RulesFileError

    rules = tmp_path / "rules"
    shutil.copytree(ROOT / "rules", rules)
    topics = rules / "topics.toml"
    topics.write_text(topics.read_text().replace('id = "running"', 'id = "runs"'))
    with pytest.raises(RulesFileError) as refused:
        load_topics(read_folder(rules), DOCUMENTS)
    said = str(refused.value)
    assert "topics.toml" in said and "the run mechanic's line 'Run'" in said and "names topic 'running'" in said
