"""The built site as a whole: every source word shown, every link resolves, references linked."""

from __future__ import annotations

import re
from collections import Counter
from itertools import pairwise
from pathlib import Path

import pytest

from rulescore import RULESETS as all_rulesets
from rulescore.reading.folder import read_folder
from rulescore.web.address import section_href
from sitegen.pages.sources import load_rulesets
from tests.helpers import ROOT, broken_links, read_page

WORD = re.compile(r"[A-Za-z0-9]+")
RULESETS = [r.id for r in load_rulesets(read_folder(ROOT / "rules"))]


def html_pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_source_word_is_on_the_ruleset_pages(built_site, ruleset_id):
    ruleset = next(r for r in load_rulesets(read_folder(ROOT / "rules")) if r.id == ruleset_id)
    source_words = Counter(WORD.findall(ruleset.source_path.read_text(encoding="utf-8")))
    shown = Counter()
    for page in (built_site / ruleset_id).rglob("index.html"):
        if page.parent.name != "glossary":
            shown.update(WORD.findall(" ".join(read_page(page).text)))
    missing = {word: count - shown[word] for word, count in source_words.items() if shown[word] < count}
    assert missing == {}


def test_every_internal_link_and_anchor_resolves(built_site):
    pages, broken = broken_links(built_site)
    assert pages > 15
    assert broken == []


# (ruleset, words as written, section anchor it must link to, or None: marked as not on this site)
KNOWN_REFERENCES = [
    ("mordheim-1999", "see the Falling section", "falling"),
    ("mordheim-1999", "see Falling", "falling"),
    ("mordheim-1999", "see the Shooting section", None),
    ("mordheim-1999", "see the Hand-to-Hand Combat section", None),
    ("mordheim-1999", "(see diagram)", None),
    ("mordheim-lrb", "see the Falling section", "falling"),
    ("mordheim-lrb", "see Falling", "falling"),
    ("mordheim-lrb", "diagram above", None),
    ("whfb-6", "see Facing, p41", None),
    ("whfb-6", "the Shooting section", None),
    ("whfb-6", "the Close Combat section", None),
    ("whfb-6", "diagrams below", None),
]


@pytest.mark.parametrize("ruleset_id, words, anchor", KNOWN_REFERENCES)
def test_known_references(built_site, ruleset_id, words, anchor):
    chapter = next(p for p in (built_site / ruleset_id).iterdir() if p.is_dir() and p.name.startswith("movement"))
    page = read_page(chapter / "index.html")
    markup = (chapter / "index.html").read_text(encoding="utf-8")
    if anchor:
        assert f'<a class="xref" href="#{anchor}">{words}</a>' in markup
        assert anchor in page.ids
    else:
        hit = re.search(
            r'<span class="xref-elsewhere" title="([^"]+)" tabindex="0">' + re.escape(words) + "</span>", markup
        )
        assert hit and "this site does not hold" in hit.group(1)


def test_every_page_of_a_ruleset_has_its_banner(built_site):
    for ruleset_id in RULESETS:
        for page in (built_site / ruleset_id).rglob("index.html"):
            assert f'class="ruleset-banner" data-ruleset="{ruleset_id}"' in page.read_text(encoding="utf-8"), page


def test_terms_carry_the_ruleset_meaning(built_site):
    mordheim = (built_site / "mordheim-1999" / "movement" / "index.html").read_text(encoding="utf-8")
    coreheim = (built_site / "coreheim-v10" / "movement" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<abbr class="term" title="Roll one D6[^"]*" tabindex="0">Initiative test</abbr>', mordheim)
    assert re.search(r'<abbr class="term" title="Roll one D12[^"]*" tabindex="0">Initiative test</abbr>', coreheim)


def test_source_text_is_escaped(tmp_path):
    from sitegen.pages.inline import render_inline

    out, _, _ = render_inline("<script>alert(1)</script> and *stars*", {}, [], set(), "g/", "doc")
    assert "<script>" not in out and "&lt;script&gt;" in out and r"\*stars\*" in out


def test_headings_have_permalinks(built_site):
    markup = (built_site / "mordheim-1999" / "movement" / "index.html").read_text(encoding="utf-8")
    assert '<a class="headerlink" href="#jumping-down" title="Link to this section">' in markup


def test_every_assumption_has_its_anchor_on_the_assumptions_page(built_site):
    from rulescore.rulebooks import ASSUMPTIONS

    ids = read_page(built_site / "assumptions" / "index.html").ids
    assert set(ASSUMPTIONS) <= ids


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_compare_link_is_not_repeated_section_after_section(built_site, ruleset_id):
    """A section's links sit on one line; a section does not repeat a link the section before it has."""
    html = (built_site / section_href(all_rulesets[ruleset_id]) / "index.html").read_text(encoding="utf-8")
    sections = re.split(r"<h[1-4] ", html)[1:]
    assert all(section.count('class="section-links"') <= 1 for section in sections)
    links = [set(re.findall(r'class="compare-link" href="([^"#]+)', section)) for section in sections]
    assert sum(map(len, links)) > 0
    assert [sorted(a & b) for a, b in pairwise(links) if a & b] == []
