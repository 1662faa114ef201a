"""The trimmed, precompiled standard library the browser boots with: enough for every calculator,
and the same answers as CPython's full one."""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile

import pytest

from sitegen.bundle import pyodide_answers, saved_start
from sitegen.bundle.stdlib import browser_modules
from tests.helpers import ROOT, shipped_parts

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def staged(built_site):
    runtime = next((built_site / "assets" / "pyodide").iterdir())
    stdlib = next(runtime.glob("stdlib-*.zip"))
    wheel = next((built_site / "assets" / "py").rglob("rulescore-*.whl"))
    return stdlib, wheel


def run_session(stdlib, wheel, *snapshot) -> list[str]:
    """Every calculator case's answer from the site's files in Pyodide (Node), started afresh or from a snapshot."""
    done = subprocess.run(
        [
            "node",
            str(ROOT / "tests" / "core" / "pyodide" / "answers.mjs"),
            str(stdlib),
            str(wheel),
            str(ROOT / "sitegen" / "bundle" / "pyodide_answers.py"),
            *map(str, snapshot),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])["answers"]


def test_the_site_ships_only_compiled_modules(staged):
    stdlib, _ = staged
    names = zipfile.ZipFile(stdlib).namelist()
    assert names and all(name.endswith(".pyc") for name in names)
    # Start-up and the calculators' own needs are there; what no calculator imports is not.
    for needed in ("encodings/__init__.pyc", "json/__init__.pyc", "fractions.pyc", "pyodide/__init__.pyc"):
        assert needed in names
    for unused in ("email/__init__.pyc", "http/client.pyc", "unittest/__init__.pyc", "html/entities.pyc"):
        assert unused not in names


def test_every_calculator_answers_as_in_cpython_on_the_trimmed_library(staged):
    answers = run_session(*staged)
    expected = pyodide_answers.answers()
    assert len(answers) == len(expected) > 1000
    # A module missing from the zip would show up here as an "Internal error (ModuleNotFoundError)".
    broken = [answer for answer in answers if "Internal error" in answer]
    assert broken == []
    assert answers == expected


def test_the_snapshot_answers_as_a_fresh_start(staged, built_site, tmp_path):
    """A returning visitor's worker restores Pyodide's saved memory: every case answers as a fresh
    start does, with the wheel's file never written back (so nothing rulescore needs was left out)."""
    joined = tmp_path / "snapshot.bin"  # its parts, joined as the worker joins them
    joined.write_bytes(b"".join(part.read_bytes() for part in shipped_parts(built_site)))
    size = saved_start.whole_size(joined.read_bytes())
    restored = run_session(*staged, joined, size)
    assert [answer for answer in restored if "Internal error" in answer] == []
    assert restored == pyodide_answers.answers()


def test_the_saved_start_is_the_same_bytes_from_any_folder(staged, tmp_path):
    """The snapshot step run from two folders of different path lengths, each with its own copy of the script
    and the runtime: the same bytes (#64, item 1: the script's path was kept in Pyodide's memory, so a CI
    runner, a clone and a deploy job each made another 8 MB saved start, fetched again by every phone)."""
    stdlib, wheel = staged
    made = []
    for name in ("a", "a-folder-with-a-much-longer-name-than-the-first-" * 2):
        folder = tmp_path / name
        shutil.copytree(ROOT / "node_modules" / "pyodide", folder / "runtime")
        shutil.copy(ROOT / "sitegen" / "bundle" / "snapshot.mjs", folder)
        shutil.copy(stdlib, folder / "stdlib.zip")
        shutil.copy(wheel, folder / wheel.name)
        modules = json.dumps(browser_modules(folder / wheel.name))
        arguments = [folder / "runtime", folder / "stdlib.zip", folder / wheel.name, folder / "snapshot.bin"]
        done = subprocess.run(
            ["node", str(folder / "snapshot.mjs"), *map(str, arguments), modules],
            cwd=folder,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert done.returncode == 0, done.stderr[-2000:]
        made.append((folder / "snapshot.bin").read_bytes())
    assert len(made[0]) > 1_000_000
    assert made[0] == made[1], f"{sum(a != b for a, b in zip(*made, strict=True))} bytes differ"


def test_the_runtime_staged_is_the_files_the_installed_runtime_has(tmp_path):
    """0.29 ships its runtime script classic (pyodide.asm.js), 314 as a module (pyodide.asm.mjs): the build
    copies whichever the pinned runtime has, so moving is a change to package.json, not to the build."""
    from sitegen.bundle.assets import runtime_files

    installed = ROOT / "node_modules" / "pyodide"
    assert all((installed / name).is_file() for name in runtime_files(installed))
    (tmp_path / "pyodide.asm.mjs").write_bytes(b"")
    assert runtime_files(tmp_path) == ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
    assert runtime_files(tmp_path / "elsewhere")[1] == "pyodide.asm.js"
