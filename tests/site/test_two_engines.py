"""One generated tree, two engines: Zensical (Material for MkDocs' successor) renders the same site as
MkDocs with Material. Same pages, same anchors, the same words in every article, every link resolving,
and the calculators booting in a real browser."""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.browsers.engines.chromium import assert_journeys_pass_in_chromium
from tests.helpers import ROOT, broken_links

ARTICLE = re.compile(r"<article[^>]*>(.*?)</article>", re.DOTALL)
ID = re.compile(r'\bid="([^"]+)"')
TAG = re.compile(r"<[^>]+>")
# What differs on Zensical, by design of the engine, and where the site's tests account for it.
ENGINE_OWN = {
    # Zensical writes an empty search.json even with its search off; the site's own index is assets/search.json.
    "engine's search index": ("search.json", ""),
}


def articles(site: Path) -> dict[str, str]:
    """Each page's article (the page's own content, without the theme around it), by its path."""
    found = {}
    for page in sorted(site.rglob("*.html")):
        match = ARTICLE.search(page.read_text(encoding="utf-8"))
        found[page.relative_to(site).as_posix()] = match.group(1) if match else ""
    return found


def words(article: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(TAG.sub(" ", article))).strip()


def anchors(article: str) -> set[str]:
    return {found for found in ID.findall(article) if not found.startswith("__")}  # "__" ids are the theme's


def test_the_same_pages_and_files(built_site, zensical_site):
    def files(site: Path) -> set[str]:
        return {
            p.relative_to(site).as_posix()
            for p in site.rglob("*")
            if p.is_file()
            and "/stylesheets/" not in f"/{p.relative_to(site)}"
            and "/javascripts/" not in f"/{p.relative_to(site)}"
            and p.name != "sitemap.xml.gz"
        }

    ours = {path for path in files(built_site) if not path.startswith("assets/images/")}
    theirs = {path for path in files(zensical_site) if not path.startswith("assets/images/")}
    for zensical_path, mkdocs_path in ENGINE_OWN.values():
        theirs.discard(zensical_path)
        ours.discard(mkdocs_path)
    assert sorted(ours ^ theirs) == []
    assert len([path for path in ours if path.endswith(".html")]) > 40


def test_the_same_words_and_anchors_on_every_page(built_site, zensical_site):
    ours, theirs = articles(built_site), articles(zensical_site)
    assert set(ours) == set(theirs)
    differ = [path for path in ours if words(ours[path]) != words(theirs[path])]
    assert differ == []
    missing = {
        path: sorted(anchors(ours[path]) ^ anchors(theirs[path]))[:5]
        for path in ours
        if anchors(ours[path]) != anchors(theirs[path])
    }
    assert missing == {}
    assert sum(len(anchors(article)) for article in theirs.values()) > 500


def test_one_search_index_and_script_whichever_engine(built_site, zensical_site):
    """#46: search reads the same bytes on both engines' sites: the index the build makes, the same script."""
    for name in ("assets/search.json", "assets/search.js"):
        assert (built_site / name).read_bytes() == (zensical_site / name).read_bytes(), name
    index = json.loads((zensical_site / "assets" / "search.json").read_text(encoding="utf-8"))
    assert {entry["kind"] for entry in index["entries"]} == {"rule", "term", "compare", "reading", "tool"}
    # Neither engine's own search is on any page: one search box, ours.
    for site in (built_site, zensical_site):
        page = (site / "mordheim-1999" / "movement" / "index.html").read_text(encoding="utf-8")
        assert page.count('class="site-search"') == 1
        assert "md-search" not in page and 'for="__search"' not in page


def test_every_link_resolves_on_zensical(zensical_site):
    pages, broken = broken_links(zensical_site)
    assert pages > 40
    assert broken == []


def test_each_page_has_the_site_head_on_zensical(zensical_site):
    page = (zensical_site / "mordheim-1999" / "movement" / "index.html").read_text(encoding="utf-8")
    assert 'http-equiv="Content-Security-Policy"' in page
    assert 'rel="manifest" href="../../manifest.webmanifest"' in page
    assert 'data-runtime="../../assets/pyodide/' in page  # the calculators' start script
    assert "data-runtime" not in (zensical_site / "about" / "index.html").read_text(encoding="utf-8")


@pytest.mark.browser
def test_journeys_on_zensical_in_chromium(playwright, zensical_site):
    """Calculators boot, answer, share and work offline, and search answers, on the Zensical build too."""
    assert_journeys_pass_in_chromium(playwright, zensical_site)


CALCULATOR_ID = re.compile(r'<section class="calc"[^>]* id="([^"]+)"')
NEAR = re.compile(r'<script data-near="([^"]*)" data-runtime=')


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_the_start_script_names_every_calculator_the_page_holds(engine, request):
    """The build is told by the generator where each calculator opens (its front matter), not by reading the
    engine's HTML: on either engine's pages, the ids it names are exactly the page's calculators, each anchor
    it names is on the page, and the page it opens with is the first calculator there."""
    site = request.getfixturevalue("built_site" if engine == "mkdocs" else "zensical_site")
    checked = 0
    for path in sorted(site.rglob("*.html")):
        html = path.read_text(encoding="utf-8")
        held = CALCULATOR_ID.findall(html)
        near = NEAR.search(html)
        if not held:
            assert near is None, path
            continue
        pairs = [pair.split(":") for pair in near.group(1).split()]
        named = [anchor for anchor, _ in pairs if anchor in held]
        assert named == held, path
        assert all(f'id="{anchor}"' in html for anchor, _ in pairs if anchor), path
        assert all(re.fullmatch(r"(compare|[a-z0-9-]+)-[a-z-]+", file) for _, file in pairs), path
        if pairs[0][0] == "":  # opened at its top: the page's first calculator is the one it asks for
            assert pairs[1] == [held[0], pairs[0][1]], path
        checked += 1
    assert checked >= 20


THEME_HELD = re.compile(r'<script type="text/plain" data-theme-src="([^"]+)"></script>')
THEME_RUN = re.compile(r'<script src="[^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js"')


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_a_page_with_calculators_holds_the_themes_script_until_its_first_answer(engine, request):
    """On a calculator page the theme's script is in the page but not run (the start script loads it once the
    first answers are in: #51); every other page runs it as the engine wrote it. Either way it is one file
    the site holds, and none of our own scripts is held with it."""
    site = request.getfixturevalue("built_site" if engine == "mkdocs" else "zensical_site")
    held_pages = 0
    for path in sorted(site.rglob("*.html")):
        html = path.read_text(encoding="utf-8")
        if 'class="md-header' not in html:  # the service worker's page for one not saved has no theme
            continue
        held = THEME_HELD.findall(html)
        if CALCULATOR_ID.search(html) or "data-runtime=" in html:
            assert len(held) == 1 and not THEME_RUN.search(html), path
            assert (path.parent / held[0]).resolve().is_file(), path
            assert re.search(r'<script src="[^"]*assets/navigation\.js"', html), path  # ours run as before
            held_pages += 1
        else:
            assert held == [] and len(THEME_RUN.findall(html)) == 1, path
    assert held_pages >= 20


def test_your_table_is_one_tap_from_every_pages_header_whichever_engine(built_site, zensical_site):
    """#63: Your table was only in the menu. Every page of both engines' sites links to it from its header, by
    the address its own folder reaches it at, named in words (hidden on a phone, said by a screen reader)."""
    for site in (built_site, zensical_site):
        pages = sorted(site.rglob("index.html"))
        assert len(pages) > 40
        for page in pages:
            html = page.read_text(encoding="utf-8")
            found = re.findall(r'<a class="site-table-link" href="([^"]*)">.*?Your table</span></a>', html)
            assert len(found) == 1, page
            assert (page.parent / found[0]).resolve() == (site / "table").resolve(), (page, found[0])
