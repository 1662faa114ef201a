"""build.py: strict about broken sources, never leaves a half-built site, same bytes every time."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rulescore.reading.folder import RulesFileError
from sitegen.pages.parse import parse
from sitegen.pages.sources import load_ruleset
from tests.helpers import copy_project, serve_project


def run_build(project: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "build.py"], cwd=project, capture_output=True, text=True)


def build_changed(project: Path, relative: str, old: str, new: str) -> subprocess.CompletedProcess:
    """A build with one edit to one file of the project, the file put back after."""
    path = project / relative
    good = path.read_text(encoding="utf-8")
    assert old in good, (relative, old)
    path.write_text(good.replace(old, new, 1), encoding="utf-8")
    try:
        return run_build(project)
    finally:
        path.write_text(good, encoding="utf-8")


def digest(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    project = copy_project(tmp_path_factory.mktemp("project"))
    first = run_build(project)
    assert first.returncode == 0, first.stderr
    return project


def test_broken_metadata_stops_build_and_keeps_previous_site(project):
    before = digest(project / "site")
    done = build_changed(project, "rules/whfb-6/ruleset.toml", 'format = "text"', 'format = "text')
    assert done.returncode != 0
    assert "rules/whfb-6/ruleset.toml:" in done.stderr
    assert "not valid TOML" in done.stderr
    assert digest(project / "site") == before


def test_unknown_heading_names_metadata_line(project):
    done = build_changed(project, "rules/trench-crusade/ruleset.toml", 'text = "Moves"', 'text = "Movez"')
    good = (project / "rules" / "trench-crusade" / "ruleset.toml").read_text()
    assert done.returncode != 0
    line = good.splitlines().index('text = "Moves"') + 1
    assert f"rules/trench-crusade/ruleset.toml:{line}: heading 'Movez' is not a line of" in done.stderr


def test_build_is_deterministic(project, tmp_path):
    first = digest(project / "site")
    again = run_build(project)
    assert again.returncode == 0, again.stderr
    assert digest(project / "site") == first


def test_a_fresh_checkout_builds_the_same_site_byte_for_byte(project):
    """As a fresh clone that deploys the same commit again (#36, item 4; #48, item 6): with build/ cleared,
    every file is the same, the saved start and sw.js included, so no phone is offered an update that
    changes nothing and none downloads anything again."""
    first = digest(project / "site")
    shutil.rmtree(project / "build")
    again = run_build(project)
    assert again.returncode == 0, again.stderr
    second = digest(project / "site")
    assert set(second) == set(first)
    assert {name for name in first if first[name] != second[name]} == set()


def test_a_build_in_another_folder_makes_every_file_the_same(project, built_site):
    """The project built where it is cloned and in a copy elsewhere (another path, another length): every
    file the same, the saved start and sw.js too (#64, item 1: two folders made two 8 MB saved starts)."""
    here, there = digest(built_site), digest(project / "site")
    assert set(here) == set(there)
    assert sorted(name for name in here if here[name] != there[name]) == []


def test_unclosed_front_matter_names_source_line(tmp_path):
    folder = copy_project(tmp_path) / "rules" / "coreheim-v10"
    ruleset = load_ruleset(folder)
    with pytest.raises(RulesFileError) as caught:
        parse(ruleset, "---\nsidebar_position: 3\n## Moving\n- text\n")
    assert str(caught.value).endswith("003_49d89d32c6453d4f.txt:1: front matter opened with '---' is never closed")


def test_text_without_headings_is_refused(tmp_path):
    ruleset = load_ruleset(copy_project(tmp_path) / "rules" / "mordheim-lrb")
    with pytest.raises(RulesFileError, match="is not a line of"):
        parse(ruleset, "Just one long paragraph of rules with no heading at all.\n")


def test_markup_in_a_rules_text_shows_as_text(project):
    source = project / "rules" / "mordheim-1999" / "000_9327bfef36001d18.txt"
    good = source.read_text(encoding="utf-8")
    source.write_text(
        good.replace(
            "A model that falls takes D3 hits", "<script>alert('x')</script> A model that falls takes D3 hits"
        ),
        encoding="utf-8",
    )
    try:
        done = run_build(project)
        markup = (project / "site" / "mordheim-1999" / "movement" / "index.html").read_text(encoding="utf-8")
    finally:
        source.write_text(good, encoding="utf-8")
    assert done.returncode == 0, done.stderr
    assert "&lt;script&gt;alert('x')&lt;/script&gt; A model that falls" in markup
    assert "<script>alert(" not in markup


def test_serve_shows_the_current_text_and_code(project):
    """`serve` regenerates the tree when a rules text changes, and when rulescore does (the wheel too)."""
    import re
    import time
    import urllib.request

    server, port = serve_project(project)
    source = project / "rules" / "trench-crusade" / "002_7d830321182f7f65.txt"
    good = source.read_text(encoding="utf-8")
    numbers = project / "rules" / "trench-crusade" / "numbers.toml"
    good_numbers = numbers.read_text(encoding="utf-8")
    code = project / "rulescore" / "mechanics" / "charge_moves.py"  # how far a charge moves: its bonus roll
    good_code = code.read_text(encoding="utf-8")

    def page() -> str:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/trench-crusade/movement/", timeout=5) as response:
            return response.read().decode()

    def charge_steps(html: str) -> str:
        block = html[html.index('id="calc-charge"') :]
        return re.search(r'<details class="calc-steps">(.*?)</details>', block, re.DOTALL).group(1)

    def wait_for(predicate, seconds: float = 90) -> bool:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                if predicate(page()):
                    return True
            except OSError:
                pass
            time.sleep(0.5)
        return False

    try:
        assert wait_for(lambda html: "Charge Bonus" in html)
        assert "livereload" in page()  # MkDocs' reload script, allowed in serve mode (no CSP there)
        source.write_text(
            good.replace("Taking a Retreat", "Taking a Retreat\nA LINE ADDED WHILE SERVING"), encoding="utf-8"
        )
        assert wait_for(lambda html: "A LINE ADDED WHILE SERVING" in html)
        before = charge_steps(page())
        assert "at most 12&quot;" in before
        # Trench Crusade's charge cap (12") becomes 9" in its numbers: the prerendered answer is worked out anew.
        edited = good_numbers.replace("cap = { value = 12,", "cap = { value = 9,")
        assert edited != good_numbers
        numbers.write_text(edited, encoding="utf-8")
        assert wait_for(lambda html: "at most 9&quot;" in charge_steps(html), seconds=120)
        # And an edit to rulescore's code is run too, not an imported copy of the old one.
        reworded = good_code.replace("charge bonus", "charge roll")
        assert reworded != good_code
        code.write_text(reworded, encoding="utf-8")
        assert wait_for(lambda html: "D6 charge roll" in charge_steps(html), seconds=120)
    finally:
        source.write_text(good, encoding="utf-8")
        numbers.write_text(good_numbers, encoding="utf-8")
        code.write_text(good_code, encoding="utf-8")
        server.terminate()
        server.wait(timeout=10)


def test_a_hand_written_page_with_calculators_must_say_so(project):
    """The theme loads the calculators' script from a page's front matter: a hand-written page that
    shows calculators without saying so stops the build, naming the page."""
    before = digest(project / "site")
    done = build_changed(project, "docs/calculators.md", "calculators: true\n", "")
    assert done.returncode == 1
    assert "docs/calculators.md:1: shows calculators: its front matter needs `calculators: true`" in done.stderr
    assert digest(project / "site") == before


def test_generated_pages_are_written_once_with_no_placeholder_to_find_again():
    """Templates call the page for its calculators; only hand-written pages (docs/) hold placeholders."""
    templates = Path(__file__).resolve().parents[2] / "sitegen" / "pages" / "templates"
    for template in templates.iterdir():
        assert "<!--" not in template.read_text(encoding="utf-8"), template.name
