"""A ruleset as a mechanic reads it: the type every mechanic's functions take. The loaded Ruleset
(rulescore/ruleset.py) sits on a floor above the mechanics, since it is read with them; this says what they
may ask of it, each read typed by what it reads."""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

from rulescore.reading.rule_value import Rule

Part = TypeVar("Part", bound=tuple[Any, ...])  # a mechanic's table type (a NamedTuple)


class Rules(Protocol):
    """A ruleset as a mechanic reads it (rulescore/ruleset.py's Ruleset, on a floor above the mechanics): its
    names, a table's house rules, and each mechanic's numbers as their type, None where the text has no such rule."""

    id: str
    title: str
    game: str
    otherwise: frozenset[str]  # our readings a table's house rules switch
    house_numbers: frozenset[str]  # the numbers a table's house rules play otherwise

    def part(self, key: str) -> object:
        """What the ruleset gives under a numbers.toml key, whatever its kind (None: nothing)."""
        ...

    def numbers(self, kind: type[Part]) -> Part | None:
        """The ruleset's numbers of a mechanic's type (`rules.numbers(Climb)`), None where the text has none."""
        ...

    def given(self, kind: type[Part]) -> Part:
        """The ruleset's numbers of a mechanic's type, where the caller runs only on rulesets that give it."""
        ...

    def single(self, key: str) -> Rule[Any] | None:
        """One value at the top of numbers.toml, None where the text has none."""
        ...

    def given_single(self, key: str) -> Rule[Any]:
        """One value at the top of numbers.toml, where the caller runs only on rulesets that give it."""
        ...

    def costs(self, key: str) -> dict[str, Rule[Any]] | None:
        """A table of costs by key (ground type -> inches each inch costs), None where the text has none."""
        ...
