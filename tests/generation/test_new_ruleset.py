"""A sixth ruleset, added as CONTRIBUTING.md's "Adding a ruleset" says, with no Python file edited.

Lanternfall is invented for this test (its text is ours): numbered headings ("1.3 Rushing")
cited by bare title ("see Rushing"), rough ground, a charge of Pace plus the highest of 2D6 (dice
none of the five rulesets roll), a fall rule and a reference to a part it does not hold.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from fractions import Fraction as F
from pathlib import Path

import pytest

from tests.helpers import PROJECT_DIRS, ROOT, SUITE_SECONDS, copy_project, read_page, suite_but_browsers

FOLDER = Path(__file__).parent / "lanternfall"
# Where each section of the text is placed among the shared topics (CONTRIBUTING.md, step 6).
TOPICS = {
    "moving": ["1-1-moving"],
    "terrain": ["1-2-rough-ground"],
    "running": ["1-3-rushing"],
    "charge": ["1-4-charging"],
    "falling": ["1-5-falling"],
}
OUTLINE = """\
Lanternfall: Movement #lanternfall-movement @1
  1.1 Moving #1-1-moving @3
  1.2 Rough Ground #1-2-rough-ground @7
  1.3 Rushing #1-3-rushing @11
  1.4 Charging #1-4-charging @15
  1.5 Falling #1-5-falling @19
"""


def add_ruleset(project: Path) -> None:
    """CONTRIBUTING.md's steps: the folder with its text and files, its outline, its sections placed."""
    shutil.copytree(FOLDER, project / "rules" / "lanternfall")
    (project / "rules" / "lanternfall" / "outline.txt").write_text(OUTLINE, encoding="utf-8")
    topics = project / "rules" / "topics.toml"
    lines = topics.read_text(encoding="utf-8").splitlines()
    for topic, anchors in TOPICS.items():
        at = lines.index(f'id = "{topic}"') + 2  # after the topic's id and title
        assert lines[at - 1].startswith("title = ")
        lines.insert(at, f"lanternfall = {json.dumps(anchors)}")
    lines.insert(lines.index("[ruleset_only]") + 1, 'lanternfall = ["lanternfall-movement"]')
    topics.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    project = copy_project(tmp_path_factory.mktemp("sixth"))  # the sources, and the installed tools
    shutil.copytree(ROOT / "tests", project / "tests", ignore=shutil.ignore_patterns("__pycache__"))
    folders = (*PROJECT_DIRS, "tests")
    python = [ROOT / "build.py", *(p for name in folders for p in (ROOT / name).rglob("*.py"))]
    before = {p.relative_to(ROOT): p.read_bytes() for p in python}
    add_ruleset(project)
    # No Python file was touched: every one in the copy is the project's own.
    assert all((project / path).read_bytes() == data for path, data in before.items())
    done = subprocess.run([sys.executable, "build.py"], cwd=project, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return project


def calculate(project: Path, *arguments: str) -> dict:
    done = subprocess.run([sys.executable, "-m", "rulescore", *arguments], cwd=project, capture_output=True, text=True)
    return json.loads(done.stdout)


def odds(result: dict) -> dict[str, F]:
    return {row["outcome"]: F(row["probability"]) for row in result["outcomes"]}


def test_its_pages_exist(project):
    site = project / "site" / "lanternfall"
    for page in ("index.html", "movement/index.html", "glossary/index.html", "quick/index.html"):
        assert (site / page).is_file(), page
    assert "Pace" in read_page(site / "glossary" / "index.html").text


def test_references_by_bare_title_link_to_the_numbered_section(project):
    html = (project / "site" / "lanternfall" / "movement" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<a [^>]*href="#1-3-rushing"[^>]*>see Rushing</a>', html)
    assert re.search(r'<a [^>]*href="#1-2-rough-ground"[^>]*>see Rough Ground</a>', html)
    assert re.search(r'<a [^>]*href="#1-3-rushing"[^>]*>see Rush</a>', html)  # the other name ruleset.toml gives
    # Climbing is not in this text: the reference says so instead of linking nowhere.
    assert re.search(
        r'class="xref-elsewhere" title="The Climbing section is in a part of[^"]*this site does not hold', html
    )


def test_search_compare_and_calculator_pages_hold_it(project):
    index = json.loads((project / "site" / "assets" / "search.json").read_text(encoding="utf-8"))
    assert any(entry["url"] == "lanternfall/movement/#1-4-charging" for entry in index["entries"])
    assert {"id": "lanternfall"}.items() <= next(r for r in index["rulesets"] if r["id"] == "lanternfall").items()
    for topic in TOPICS:
        assert "Lanternfall" in read_page(project / "site" / "compare" / topic / "index.html").text, topic
    charge = (project / "site" / "compare" / "charge" / "index.html").read_text(encoding="utf-8")
    assert "M + highest of 2D6" in charge  # its row in the numbers table
    calculators = read_page(project / "site" / "calculators" / "index.html").text
    assert "Lanternfall" in calculators
    # Its own assumption, from its folder, is on the assumptions page.
    assert "Every enemy stops a rush (Lanternfall)" in read_page(project / "site" / "assumptions" / "index.html").text


def test_its_calculators_answer_as_worked_by_hand(project):
    # Pace 4, 7" away in the open: it needs the highest of 2D6 to be 3 or more; both dice 1-2 is 4/36.
    result = calculate(project, "charge", "--ruleset", "lanternfall", "move=4", "distance=7")
    assert odds(result)["reaches"] == 1 - F(4, 36)
    assert result["headlines"][1] == "needs 3+ on the highest of 2D6"
    # 5" of rough ground costs 10": only a six on either die (11/36) carries Pace 4 that far.
    result = calculate(project, "charge", "--ruleset", "lanternfall", "move=4", "distance=5", "terrain=rough")
    assert odds(result)["reaches"] == F(11, 36)
    # Rushing: an enemy at 6" forbids it, at 6.5" it does not.
    assert odds(
        calculate(project, "run", "--ruleset", "lanternfall", "move=4", "distance=6", "enemy_state=standing")
    ) == {"may-not-run": 1}
    assert odds(calculate(project, "run", "--ruleset", "lanternfall", "move=4", "distance=6.5")) == {"may-run": 1}
    assert odds(
        calculate(project, "run", "--ruleset", "lanternfall", "move=4", "distance=3", "enemy_state=stunned")
    ) == {"may-not-run": 1}  # every enemy counts in Lanternfall (its own assumption)
    # A 6" fall on T3: Strength 6 wounds on 2+ (5/6). With one Wound, any injury die showing 6 is out
    # of action, so each hit is safe with 1/6 + 5/6 * 5/6 = 31/36; D3 hits average the three powers.
    safe = F(31, 36)
    fall = odds(calculate(project, "fall", "--ruleset", "lanternfall", "height=6", "toughness=3", "wounds=1"))
    assert fall["out-of-action"] == 1 - (safe + safe**2 + safe**3) / 3
    # A 1" fall: Strength 1 against T3 wounds only on a 6, so unhurt is (5/6 + (5/6)^2 + (5/6)^3) / 3.
    fall = odds(calculate(project, "fall", "--ruleset", "lanternfall", "height=1", "toughness=3", "wounds=1"))
    assert fall["unhurt"] == (F(5, 6) + F(5, 6) ** 2 + F(5, 6) ** 3) / 3


def test_its_prerendered_calculator_is_on_its_page(project):
    html = (project / "site" / "lanternfall" / "movement" / "index.html").read_text(encoding="utf-8")
    block = html[html.index('id="calc-charge"') :]
    assert "highest of 2D6" in block[:20000]


@pytest.mark.timeout(SUITE_SECONDS + 300)  # a whole suite, bounded as one (tests/helpers.py)
def test_the_project_tests_pass_with_it(project):
    """Every test that does not drive a browser, run in the copy: none assumes the bundled five."""
    done, ran = suite_but_browsers(project)
    assert done.returncode == 0, done.stdout[-3000:]
    assert {"core", "generation", "site"} <= set(ran), ran  # every layer's suite ran
    assert " passed" in done.stdout
