"""One ruleset as loaded (rulescore/rulesets.py reads them): its names and place, where each value's section is
written, and each mechanic's numbers, read typed by what they are (`table`, `given`, `single`, `costs`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from rulescore.framework.rules import Part
from rulescore.reading.folder import TomlFile
from rulescore.reading.rule_value import Rule


class Ruleset:
    """The movement rules of one ruleset: its title and place, and what its numbers.toml gives of each
    mechanic, read as its type (`ruleset.numbers(Charge)`, `ruleset.single("test")`); None where it gives none."""

    # A table's house rules (rulescore.table.house_rules): our readings it switches, the numbers it plays otherwise.
    otherwise: frozenset[str] = frozenset()
    house_numbers: frozenset[str] = frozenset()

    def __init__(
        self,
        id: str,
        title: str,
        game: str,
        chapter: str,
        order: int,
        parts: dict[str, Any],
        keys: frozenset[str],
        citations: tuple[Citation, ...] = (),
    ) -> None:
        self.id, self.title, self.game, self.chapter, self.order = id, title, game, chapter, order
        self.citations = citations  # where each value's section is written
        self._parts, self._keys = parts, keys

    if not TYPE_CHECKING:  # the rules core reads typed (`table`, `given`, `single`, `costs`): mypy sees no other way

        def __getattr__(self, name: str) -> object:
            # Only reached for names that are not attributes: a mechanic's key, read untyped as the tests and the
            # page templates do, or a mistake.
            if name in self.__dict__.get("_keys", ()):
                return self.part(name)
            raise AttributeError(f"a ruleset has no '{name}' (no mechanic reads that key)")

    def part(self, key: str) -> object:
        """What this ruleset gives under a numbers.toml key, whatever its kind; None where its text has none."""
        if key not in self._keys:
            raise KeyError(f"a ruleset has no '{key}' (no mechanic reads that key)")
        return self._parts.get(key)

    def numbers(self, kind: type[Part]) -> Part | None:
        """This ruleset's numbers of a mechanic's type (`ruleset.numbers(Climb)`): None where its text has none, or
        gives that table as another kind (a fall by hits, not by a roll)."""
        for part in self._parts.values():
            if type(part) is kind:
                return part
        return None

    def given(self, kind: type[Part]) -> Part:
        """This ruleset's numbers of a mechanic's type, where a calculator runs only on rulesets that give it."""
        found = self.numbers(kind)
        if found is None:
            raise LookupError(f"{self.title} gives no {kind.__name__} table")
        return found

    def single(self, key: str) -> Rule[Any] | None:
        """One value at the top of numbers.toml (`ruleset.single("barrier")`), None where the text has none."""
        found = self.part(key)
        return found if isinstance(found, Rule) else None

    def given_single(self, key: str) -> Rule[Any]:
        """One value at the top of numbers.toml, where a calculator runs only on rulesets that give it."""
        found = self.single(key)
        if found is None:
            raise LookupError(f"{self.title} gives no {key}")
        return found

    def costs(self, key: str) -> dict[str, Rule[Any]] | None:
        """A table of costs by key (`ruleset.costs("terrain")`), None where the text has none."""
        found = self.part(key)
        return cast(dict[str, Rule[Any]], found) if isinstance(found, dict) else None

    def __repr__(self) -> str:
        return f"Ruleset({self.id!r})"

    def sections(self) -> set[str]:
        """Every section this ruleset's numbers cite (the build checks each one exists)."""
        return {citation.section for citation in self.citations}


class Citation(NamedTuple):
    """Where a value's section is written: a file, a table (None at the top) and a key."""

    section: str
    file: TomlFile
    table: str | None
    key: str
    rule: str = ""  # the value cited, as a house rule names it ("jump_down.max_height")
    says: str | None = None  # the text's own words that state it, found in the section at build time

    @property
    def path(self) -> Path:
        return self.file.path

    @property
    def line(self) -> int | None:
        """Found only when asked (a wrong section at build time): a browser never reads it."""
        return self.file.line(self.table, self.key)

    @property
    def says_line(self) -> int | None:
        """Where the value itself is written (what it says is on its own line, not its table's section's)."""
        table, _, key = self.rule.partition(".")
        return self.file.line(table, key) if key else self.file.line(None, table)
