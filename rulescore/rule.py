"""A number or choice from a rules text with where it comes from, and the error a rules file raises."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
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


class OnFirstUse(Mapping):
    """A mapping read from rules/ the first time it is used, so a broken file is an error of the
    build that reads it (file:line), not of importing rulescore."""

    def __init__(self, read: Callable[[], Mapping]) -> None:
        self._read = read

    def __getitem__(self, key: str) -> Any:
        return self._read()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._read())

    def __len__(self) -> int:
        return len(self._read())
