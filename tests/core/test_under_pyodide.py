"""rulescore's tests, run again inside real Pyodide (Node, no browser): CPython and Pyodide must agree."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from tests.helpers import ROOT

pytestmark = pytest.mark.browser
# The oracle and its grid run too (oracle.py is the second computation, grid.py its inputs; the two
# __init__ make `tests.core` a package).
SUITE = [
    "__init__.py",
    "core/__init__.py",
    "core/oracle.py",
    "core/grid.py",
    "core/test_dice.py",
    "core/test_rules.py",
    "core/test_properties.py",
    "core/test_oracle.py",
]


PINNED = json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text(encoding="utf-8"))


def runtime_python() -> str:
    """The pinned runtime's Python ("3.13"), as its lock file names it: the wheels downloaded are for it."""
    lock = json.loads((ROOT / "node_modules" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    return ".".join(lock["info"]["python"].split(".")[:2])


@pytest.fixture(scope="module")
def wheels(built_site, tmp_path_factory):
    """Our wheel (as build.py made it) beside pytest and hypothesis for Pyodide's Python."""
    folder = tmp_path_factory.mktemp("pyodide-wheels")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--only-binary=:all:",
            "--platform",
            "any",
            "--implementation",
            "py",
            "--python-version",
            runtime_python(),
            "--no-deps",
            "--dest",
            str(folder),
            "-r",
            str(ROOT / "tests" / "core" / "pyodide" / "requirements.txt"),
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    for wheel in (ROOT / "build" / "wheel").glob("rulescore-*.whl"):
        shutil.copy(wheel, folder)
    return folder


def test_rulescore_suite_passes_in_pyodide(wheels):
    done = subprocess.run(
        [
            "node",
            str(ROOT / "tests" / "core" / "pyodide" / "run.mjs"),
            str(wheels),
            *(str(ROOT / "tests" / name) for name in SUITE),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output[-3000:]
    assert f"in Pyodide {PINNED['version']}" in output and " passed" in output and "failed" not in output
