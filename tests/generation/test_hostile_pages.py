"""A contributed ruleset built into pages by both engines: every string from rules/ reaches a page as the
text it is, or the build refuses it with `file:line: reason`; and whatever gets past those checks stops
the build at the last look over every page (sitegen/finishing/page_safety.py), the old site kept."""

from __future__ import annotations

import json
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from rulescore.reading.folder import RulesFileError, read_folder
from sitegen.finishing.page_safety import problems
from tests.helpers import ROOT, copy_project

# Strings a contributor may write, each shown as written: the quote closes no attribute, the brackets
# make no link, the braces set no attribute.
TITLE = 'Evilfall " onmouseover="window.hacked=12'
DOCUMENT = "Evilfall [rules](javascript:alert(1)) {: onclick=alert(2) }"
DEFINITION = (
    "Moving *fast*: see [here](javascript:alert(3)){: onmouseover=alert(4) } and ![p](https://evil.example/p.png)"
)


def build(project: Path, engine: str, site: Path) -> subprocess.CompletedProcess:
    if (ROOT / ".venv-zensical").exists() and not (project / ".venv-zensical").exists():
        (project / ".venv-zensical").symlink_to(ROOT / ".venv-zensical")
    return subprocess.run(
        [sys.executable, "build.py", "--engine", engine, "--site-dir", str(site)],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=600,
    )


def replace_in(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> Path:
    """A copy of the project whose Coreheim folder carries markup in every string it may hold."""
    project = copy_project(tmp_path_factory.mktemp("hostile"))
    folder = project / "rules" / "coreheim-v10"
    replace_in(folder / "ruleset.toml", 'title = "Coreheim v10"', f"title = '{TITLE}'")
    replace_in(
        folder / "ruleset.toml", 'document = "Coreheim v10 rules', f'document = "{DOCUMENT.replace(chr(34), "")}'
    )
    glossary = (folder / "glossary.toml").read_text(encoding="utf-8")
    first = next(line for line in glossary.splitlines() if line.startswith("definition = "))
    replace_in(folder / "glossary.toml", first, f"definition = '{DEFINITION}'")
    return project


class Readback(HTMLParser):
    """A page's text and the attribute values the site's own markup sets, as a browser reads them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.attributes: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.attributes += [value for _, value in attrs if value]

    def handle_data(self, data):
        self.text.append(data)


def read(page: Path) -> Readback:
    reader = Readback()
    reader.feed(page.read_text(encoding="utf-8"))
    return reader


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_a_hostile_rulesets_strings_reach_every_page_as_text(hostile, engine, tmp_path):
    site = tmp_path / "site"
    done = build(hostile, engine, site)
    assert done.returncode == 0, done.stderr[-2000:]
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 40
    # No page carries an event handler, a script address or another origin's image: read as a browser would.
    found = {str(page.relative_to(site)): problems(page.read_text(encoding="utf-8")) for page in pages}
    assert {page: said for page, said in found.items() if said} == {}
    # Search's index holds the whole title as text, quotes included (JSON, read by our script as text).
    index = json.loads((site / "assets" / "search.json").read_text(encoding="utf-8"))
    assert TITLE in [ruleset["title"] for ruleset in index["rulesets"]]
    assert all(TITLE not in value for value in read(site / "index.html").attributes)  # in no attribute of a page
    index = " ".join(read(site / "coreheim-v10" / "index.html").text)
    assert DOCUMENT.replace('"', "") in index  # shown as written: no link, no attribute
    glossary = " ".join(read(site / "coreheim-v10" / "glossary" / "index.html").text)
    assert DEFINITION in glossary


def project_and_last_good_site(tmp_path: Path) -> tuple[Path, Path]:
    """A copy of the project, and a site folder holding a last good site a refused build must leave."""
    (tmp_path / "project").mkdir()
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("the last good site", encoding="utf-8")
    return copy_project(tmp_path / "project"), site


def test_a_page_that_would_carry_script_stops_the_build_and_keeps_the_site(tmp_path):
    """A page no source check catches (a hand-written one) is still looked at before it goes out."""
    project, site = project_and_last_good_site(tmp_path)
    about = project / "docs" / "about.md"
    about.write_text(about.read_text(encoding="utf-8") + '\n<p onclick="alert(1)">Tap</p>\n', encoding="utf-8")
    done = build(project, "mkdocs", site)
    assert done.returncode == 1
    assert "about/index.html: <p onclick=...> (an event handler)" in done.stderr, done.stderr[-1000:]
    assert f"build stopped; {site} is unchanged" in done.stderr
    assert (site / "index.html").read_text(encoding="utf-8") == "the last good site"
    assert not [p for p in tmp_path.glob(".site-*")]  # the refused build left nothing behind


def test_a_refused_construct_stops_the_build_at_its_line_and_keeps_the_site(tmp_path):
    """The source checks, as the build meets them: before any engine runs, so the same for both."""
    project, site = project_and_last_good_site(tmp_path)
    text = next((project / "rules" / "coreheim-v10").glob("003_*.txt"))
    lines = text.read_text(encoding="utf-8").splitlines()
    at = lines.index("# Climbing") + 1
    text.write_text("\n".join([*lines[:at], "", "A paragraph.", "{: onclick=alert(1) }", *lines[at:]]) + "\n", "utf-8")
    done = build(project, "mkdocs", site)
    assert done.returncode == 1
    assert f"{text}:{at + 3}: an attribute list ({{: onclick=alert(1) }})" in done.stderr, done.stderr[-1000:]
    assert (site / "index.html").read_text(encoding="utf-8") == "the last good site"


@pytest.fixture
def rules(tmp_path):
    return copy_project(tmp_path) / "rules"


@pytest.mark.parametrize("reference", ["&lt;img src=x&gt;", "&#60;b&#62;", "&#x3C;i&#x3e;", "&amp;"])
def test_a_character_reference_in_a_value_is_refused_at_its_line(rules, reference):
    path = rules / "coreheim-v10" / "ruleset.toml"
    replace_in(path, 'title = "Coreheim v10"', f'title = "Coreheim {reference}"')
    line = path.read_text(encoding="utf-8").splitlines().index(f'title = "Coreheim {reference}"') + 1
    with pytest.raises(RulesFileError) as caught:
        read_folder(rules)
    first = reference[: reference.index(";") + 1]
    assert str(caught.value) == (
        f"{path}:{line}: '{first}' in a value: rules files hold plain text, not markup; write the character itself"
    )


def test_an_ampersand_as_a_word_is_plain_text(rules):
    path = rules / "coreheim-v10" / "ruleset.toml"
    replace_in(path, 'title = "Coreheim v10"', 'title = "Coreheim & Co; v10"')
    assert read_folder(rules)["coreheim-v10/ruleset.toml"].data["title"] == "Coreheim & Co; v10"


@pytest.mark.parametrize(
    ("html", "said"),
    [
        ('<a href="java\tscript:alert(1)">x</a>', "<a href='javascript:alert(1)'> (a script or data address)"),
        ('<a href=" JAVASCRIPT:alert(1)">x</a>', "(a script or data address)"),
        ('<img src="data:image/svg+xml,<svg onload=alert(1)>">', "<img src='data:image/svg+xml,<svg"),
        ('<img src="//evil.example/p.png">', "<img src='//evil.example/p.png'> (a file from another origin)"),
        ('<link rel="stylesheet" href="https://evil.example/s.css">', "(a file from another origin)"),
        ('<svg><a xlink:href="javascript:alert(1)">x</a></svg>', "(a script or data address)"),
        ('<div onmouseover="x">', "<div onmouseover=...> (an event handler)"),
        ('<meta http-equiv="Refresh" content="0;url=//evil.example">', "(a redirect)"),
        ('<base href="https://evil.example/">', "<base> (it would move every link)"),
    ],
)
def test_the_last_look_finds_what_no_page_may_carry(html, said):
    found = problems(f"<!doctype html><html><body>{html}</body></html>")
    assert any(said in item for item in found), found


def test_the_last_look_lets_the_sites_own_markup_through():
    page = (
        '<link rel="canonical" href="https://rules.example/x/"><link rel="stylesheet" href="../assets/site.css">'
        '<a href="https://example.org/">out</a><a href="mailto:a@example.org">mail</a><a href="#top">top</a>'
        '<img src="../assets/icons/icon-192.png" alt=""><p data-on="x" title="onclick">text</p>'
    )
    assert problems(page) == []
