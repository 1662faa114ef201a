"""The house style, checked: ruff's lint rules and formatter as pyproject.toml sets them."""

from __future__ import annotations

import subprocess
import sys

from tests.helpers import ROOT

CODE = ["rulescore", "sitegen", "tests", "benchmarks", "build.py"]


def ruff(*arguments: str) -> subprocess.CompletedProcess:
    present = [path for path in CODE if (ROOT / path).exists()]  # a copy of the project may leave some out
    return subprocess.run(
        [sys.executable, "-m", "ruff", *arguments, *present], cwd=ROOT, capture_output=True, text=True
    )


def test_the_code_passes_the_linter():
    done = ruff("check", "--output-format", "concise")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_code_is_formatted():
    done = ruff("format", "--check")
    assert done.returncode == 0, done.stdout + done.stderr
