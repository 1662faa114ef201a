"""The one error a broken rules folder raises: where it is and why, on one line."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from rulescore.rule import RulesFileError

# One error for every file in rules/: rulescore reads the numbers, sitegen the texts and the rest.
SourceError = RulesFileError


def line_of(text: str, needle: str) -> int | None:
    """First line (1-based) of `text` that contains `needle`, to point at a metadata entry."""
    for number, line in enumerate(text.splitlines(), start=1):
        if needle in line:
            return number
    return None


def read_toml(path: Path) -> tuple[str, dict]:
    """A TOML file's text and data; a syntax error names the file and line."""
    raw = path.read_text(encoding="utf-8")
    try:
        return raw, tomllib.loads(raw)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"at line (\d+)", str(error))
        raise SourceError(path, int(match.group(1)) if match else None, f"not valid TOML: {error}") from None
