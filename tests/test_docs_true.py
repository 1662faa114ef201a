"""The docs say what is there (#65): every path and every `rulescore.…` name that README, ARCHITECTURE,
CONTRIBUTING, FEATURES and the comments of each numbers.toml give exists, so a file moved or a module renamed
fails here, not in a newcomer's hands."""

from __future__ import annotations

import importlib
import importlib.util
import re

import pytest

from tests.helpers import ROOT

# A clone has them all; a copy the tests make to build in (tests.helpers.copy_project) has the code alone.
DOCS = [name for name in ("README.md", "ARCHITECTURE.md", "CONTRIBUTING.md", "FEATURES.md") if (ROOT / name).exists()]
PATH = re.compile(
    r"(?<![\w./-])((?:rulescore|sitegen|calculators|search|tests|benchmarks|docs|overrides|rules|types)/[\w./-]*\w)"
)
NAME = re.compile(r"(?<![\w./-])(rulescore(?:\.[a-z_]\w*)+)")
MADE_BY_THE_BUILD = {"rulescore/rules.json"}  # in the wheel, written from rules/ at build time


def _said(relative: str) -> str:
    text = (ROOT / relative).read_text(encoding="utf-8")
    if relative.endswith(".toml"):  # only its comments are words about the code
        return "\n".join(line for line in text.splitlines() if line.lstrip().startswith("#"))
    return text


def _names_something(name: str) -> bool:
    """A module, or a name in the longest module the dotted name starts with."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        module = ".".join(parts[:end])
        try:
            if importlib.util.find_spec(module) is None:
                continue
        except ModuleNotFoundError:  # a name inside a module ("rulescore.web.answer.respond")
            continue
        found: object = importlib.import_module(module)
        for part in parts[end:]:
            if not hasattr(found, part):
                return False
            found = getattr(found, part)
        return True
    return False


@pytest.mark.parametrize(
    "relative", DOCS + sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob("rules/*/numbers.toml"))
)
def test_every_path_and_module_a_doc_names_exists(relative):
    text = _said(relative)
    paths = {found.rstrip(".") for found in PATH.findall(text)}
    missing = sorted(p for p in paths if p not in MADE_BY_THE_BUILD and not (ROOT / p).exists())
    unknown = sorted(name for name in set(NAME.findall(text)) if not _names_something(name.rstrip(".")))
    assert (missing, unknown) == ([], []), f"{relative} names what is not there"
