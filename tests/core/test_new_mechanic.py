"""A new kind of rule, added as CONTRIBUTING.md's "A new kind of rule" says: one module, a line in the list of
mechanics, its numbers in a ruleset's numbers.toml, its tests with its oracle; nothing else in the project
changes. Its route leg is declared in its module too, and the route planner walks it.

The rule (swimming, tests/core/invented/swimming.py) is one no ruleset held here has.
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

from tests.helpers import ROOT, SUITE_SECONDS, copy_project, read_page, suite_but_browsers

INVENTED = Path(__file__).parent / "invented"
NUMBERS = Path("rules/mordheim-1999/numbers.toml")
# An arbitrary section of the text for the invented rule: the calculator sits there.
SWIM_TABLE = '\n[swim]\nsection = "very-difficult-ground"\nmax_width = 4\n'


def add_mechanic(project: Path) -> None:
    """CONTRIBUTING.md's steps, as a newcomer would take them."""
    shutil.copy(INVENTED / "swimming.py", project / "rulescore" / "mechanics" / "swimming.py")  # 1. the module
    mechanics = project / "rulescore" / "rulebooks.py"  # 2. the list of mechanics
    text = mechanics.read_text(encoding="utf-8")
    text = text.replace(
        "from rulescore.mechanics.running import RUN\n",
        "from rulescore.mechanics.running import RUN\nfrom rulescore.mechanics.swimming import SWIM\n",
    )
    text = text.replace("    HIDING,\n", "    HIDING,\n    SWIM,\n", 1)
    mechanics.write_text(text, encoding="utf-8")
    with (project / NUMBERS).open("a", encoding="utf-8") as numbers:  # 3. a ruleset's numbers
        numbers.write(SWIM_TABLE)
    # 4. its tests, with its oracle
    shutil.copy(INVENTED / "swimming_tests.py", project / "tests" / "core" / "test_swimming.py")


def snapshot(project: Path) -> dict[str, bytes]:
    return {
        p.relative_to(project).as_posix(): p.read_bytes()
        for p in project.rglob("*")
        if p.is_file() and "node_modules" not in p.parts and "__pycache__" not in p.parts
    }


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    project = copy_project(tmp_path_factory.mktemp("mechanic"))
    # With its tests, as a clone has them: the new calculator is checked by the suite's own oracle test too.
    shutil.copytree(ROOT / "tests", project / "tests", ignore=shutil.ignore_patterns("__pycache__"))
    before = snapshot(project)
    add_mechanic(project)
    after = snapshot(project)
    changed = {path for path in after if before.get(path) != after[path]}
    assert changed == {
        "rulescore/mechanics/swimming.py",
        "rulescore/rulebooks.py",
        NUMBERS.as_posix(),
        "tests/core/test_swimming.py",
    }
    done = subprocess.run([sys.executable, "build.py"], cwd=project, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return project


def rulescore(project: Path, *arguments: str) -> tuple[int, dict]:
    done = subprocess.run([sys.executable, "-m", "rulescore", *arguments], cwd=project, capture_output=True, text=True)
    return done.returncode, json.loads(done.stdout)


def test_the_command_line_answers_it(project):
    code, result = rulescore(project, "swim", "--ruleset", "mordheim-1999", "width=3", "initiative=4")
    assert code == 0
    assert {row["outcome"]: F(row["probability"]) for row in result["outcomes"]} == {
        "swims-across": F(4, 6),
        "stops-in-water": F(2, 6),
    }
    assert result["procedure"].startswith('Swim 3"; an Initiative test that needs 4 or less')
    assert [o["label"] for o in result["outcomes"]] == ["Swims across", "Stops in the water"]
    code, listed = rulescore(project, "--list")
    # The ruleset that gives its numbers, and the Living Rulebook, which inherits them; no other.
    assert list(listed["swim"]["rulesets"]) == ["mordheim-1999", "mordheim-lrb"]


def test_a_models_card_on_your_table_has_its_rows(project):
    """What its calculator declares for a card reaches every card of a ruleset that has the rule, after the
    others' rows, worked out with the model's own Initiative."""
    model = {"ruleset": "mordheim-1999", "name": "Aldric", "side": "mine", "profile": {"move": "4", "initiative": "4"}}
    table = json.dumps({"format": "skirmish-rules-table", "version": 1, "models": [model]})
    ask = f"from rulescore.web.table import card_html; print(card_html({table!r}, 'mordheim-1999', 'Aldric'))"
    done = subprocess.run([sys.executable, "-c", ask], cwd=project, capture_output=True, text=True, timeout=120)
    card = json.loads(done.stdout)
    assert card["ok"], done.stderr
    rows = re.findall(r'<th scope="row">([^<]*)</th><td>([^<]*)</td>', card["html"])
    # One Initiative test whatever the width: a 1 to 4 on one D6.
    assert [(row, said.split(" · ")[0]) for row, said in rows[-2:]] == [
        ("Swim 2&quot;", "2 in 3 to swim across"),
        ("Swim 4&quot;", "2 in 3 to swim across"),
    ], rows


def test_the_route_planner_walks_its_leg(project):
    # Declared in its module beside its rule (Mechanic.legs): read, costed, checked and walked as any other leg.
    code, result = rulescore(
        project, "route", "--ruleset", "mordheim-1999", "move 1", "swim 2", "move=4", "initiative=4"
    )
    assert code == 0, result
    assert {row["outcome"]: F(row["probability"]) for row in result["outcomes"]} == {
        "completes": F(4, 6),  # an Initiative test of 4 or less on one D6
        "leg2-stops-in-water": F(2, 6),
    }
    assert 'Leg 2 (swim 2"): stops in the water' in [row["label"] for row in result["outcomes"]]
    # What follows, as its module says it, after the others' lines.
    assert [line["text"] for line in result["after"]][
        -1
    ] == "A model that stops in the water may do nothing else this turn."
    code, refused = rulescore(project, "route", "--ruleset", "mordheim-1999", "swim 5", "move=6", "initiative=4")
    assert code != 0 and refused["errors"]["leg-1"].startswith('Leg 1 (swim 5"): A model may swim at most 4"')
    code, short = rulescore(
        project, "route", "--ruleset", "mordheim-1999", "move 3", "swim 2", "move=4", "initiative=4"
    )
    assert [row["outcome"] for row in short["outcomes"]] == ["leg2-out-of-movement"]
    # Offered by the route page's form of the ruleset that has it, and by no other's.
    page = (project / "site" / "mordheim-1999" / "route" / "index.html").read_text(encoding="utf-8")
    assert "&#34;swim {}&#34;" in page  # its choice in the legs list's JSON
    assert "&#34;swim {}&#34;" not in (project / "site" / "trench-crusade" / "route" / "index.html").read_text()


@pytest.mark.timeout(SUITE_SECONDS + 300)  # a whole suite, bounded as one (tests/helpers.py)
def test_the_whole_suite_but_browsers_passes_in_the_copy(project):
    """Every test that does not drive a browser, run in the copy with the new rule among the others: its own
    tests; the rules core's (its oracle agrees over the seeded grid, every field of it answers or refuses whatever
    it is given, its words are a player's); the build's and the site's (its pages, links, anchors, search entries
    and stored answers, on both engines). The browsers' suite runs once, on the project itself."""
    done, ran = suite_but_browsers(project)
    assert done.returncode == 0, done.stdout[-3000:]
    assert {"core", "generation", "site", "core.test_swimming"} <= set(ran), ran  # every layer's suite, and its own
    core = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    swim = subprocess.run(
        [*core, "tests/core/test_oracle.py", "-k", "swim"], cwd=project, capture_output=True, text=True, timeout=300
    )
    assert swim.returncode == 0 and "2 passed" in swim.stdout, swim.stdout[-2000:]  # its oracle, in both rulesets


def test_the_rules_core_with_it_passes_the_type_check(project):
    """The recipe's module is typed as the core is (mypy --strict, pyproject.toml): a newcomer who follows it
    passes the style check too."""
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=project, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:]


def test_the_site_shows_its_calculator_and_quick_reference_line(project):
    html = (project / "site" / "mordheim-1999" / "movement" / "index.html").read_text(encoding="utf-8")
    assert 'id="calc-swim"' in html
    # Placed in the section its table names, after that section's heading.
    assert html.index('id="very-difficult-ground"') < html.index('id="calc-swim"')
    assert "Swim at most" in read_page(project / "site" / "mordheim-1999" / "quick" / "index.html").text
    assert "Swim" in read_page(project / "site" / "calculators" / "index.html").text


def test_a_ruleset_without_its_test_is_told_what_to_add(project, tmp_path):
    # The loader knows the new key only through the list: a ruleset giving it without a test is refused.
    broken = tmp_path / "rules"
    shutil.copytree(project / "rules", broken)
    numbers = broken / "trench-crusade" / "numbers.toml"  # it has no Initiative test
    numbers.write_text(numbers.read_text(encoding="utf-8") + SWIM_TABLE, encoding="utf-8")
    code = (
        "import sys; from pathlib import Path; from rulescore.rulebooks import load_folder\n"
        "try:\n    load_folder(Path(sys.argv[1]))\nexcept Exception as error:\n    print(error)"
    )
    done = subprocess.run([sys.executable, "-c", code, str(broken)], cwd=project, capture_output=True, text=True)
    assert "trench-crusade/numbers.toml" in done.stdout and "swim takes Initiative tests" in done.stdout, done.stdout
