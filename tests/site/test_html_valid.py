"""The Nu HTML Checker (npm vnu-jar, the W3C validator's engine) over every built page: no error in
our markup. Material for MkDocs' own templates make a few known errors; each is listed here with the
reason, so a new one, ours or theirs, fails."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from tests.helpers import ROOT

pytestmark = pytest.mark.browser
VNU = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"

# (message pattern, why it is not ours). Matched against the whole message.
MATERIAL = [
    (
        r"Bad value “” for attribute “tabindex” on element “label”: The empty string is not a valid integer\.",
        "Material's header and search labels carry an empty tabindex (its partials/header.html and search.html)",
    ),
    (
        r"Attribute “autocomplete” is only allowed when the input type is .*",
        "Material's drawer and search toggles are checkboxes with autocomplete=off (its base.html)",
    ),
]


def run_checker(folder) -> list[dict]:
    if not shutil.which("java"):
        pytest.fail("Java is not installed: ./dev test installs Debian's default-jre-headless")
    done = subprocess.run(
        ["java", "-jar", str(VNU), "--format", "json", "--errors-only", "--skip-non-html", str(folder)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    report = json.loads(done.stderr or done.stdout or '{"messages": []}')
    return [m for m in report["messages"] if m.get("type") == "error"]


def test_every_page_is_valid_html_but_for_materials_known_errors(built_site):
    errors = run_checker(built_site)
    ours = [m for m in errors if not any(re.fullmatch(pattern, m["message"]) for pattern, _ in MATERIAL)]
    shown = "\n".join(f"{m['url'].split('/site/')[-1]}:{m.get('lastLine')}: {m['message']}" for m in ours[:40])
    assert ours == [], f"{len(ours)} errors in our markup:\n{shown}"


def test_the_checker_finds_errors(tmp_path):
    """The check above can fail: a block inside a paragraph is reported."""
    (tmp_path / "bad.html").write_text('<!doctype html><html lang="en"><title>x</title><p><div>x</div></p>')
    messages = [m["message"] for m in run_checker(tmp_path)]
    assert any("No “p” element in scope but a “p” end tag seen" in message for message in messages), messages
