"""A ruleset as a mechanic reads it: the type every mechanic's functions take. The loaded Ruleset
(rulescore/rulesets.py) sits on a floor above the mechanics, since it is read with them; this says what they
may ask of it."""

from __future__ import annotations

from typing import Any, Protocol


class Rules(Protocol):
    """A ruleset as a mechanic reads it (rulescore/rulesets.py's Ruleset, on a floor above the mechanics): its
    names, and each mechanic's numbers by their numbers.toml key, None where the text has no such rule."""

    id: str
    title: str
    game: str

    def __getattr__(self, key: str) -> Any: ...
