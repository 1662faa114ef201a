"""A number or choice from a rules text with where it comes from, and the error a rules file raises."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple


class Rule(NamedTuple):
    """A value from a ruleset's numbers, the section of its text it comes from, and the assumption
    (an id on the assumptions page) that stands in where the text does not say it."""

    value: Any
    section: str | None  # None: not in the text; the assumption says where it comes from
    assumption: str | None = None


class RulesFileError(Exception):
    """A file in rules/ the build or the calculators cannot use: where it is and why, on one line."""

    def __init__(self, path: Path | str, line: int | None, reason: str) -> None:
        self.path = Path(path)
        self.line = line
        self.reason = reason
        where = f"{self.path}:{line}" if line else f"{self.path}"
        super().__init__(f"{where}: {reason}")
