"""A value of the rules (a number, a choice, dice) with where it is written: a section of the text, or
the assumption that stands in where the text is silent."""

from __future__ import annotations

from typing import Any, Generic, NamedTuple, TypeVar

# What the value is, as its reader returns it (inches, a count, dice, words); covariant: a value is never
# replaced, so any Rule is a Rule[object], which is all that citing one reads.
V = TypeVar("V", covariant=True)


class Rule(NamedTuple, Generic[V]):
    """A value from a ruleset's numbers, the section of its text it comes from, and the assumption
    (an id on the assumptions page) that stands in where the text does not say it."""

    value: V
    section: str | None  # None: not in the text; the assumption says where it comes from
    assumption: str | None = None
    says: str | None = None  # the text's own words that state it, in its section: where a house rule marks it


def allows(ruleset: Any, rule: str) -> str:
    """Who sets a limit, as a refusal says it: the ruleset's text, or the table's house rule (#47: a refusal
    under a house rule credited the book with the table's number)."""
    return "Your table's house rule allows" if rule in ruleset.house_numbers else f"{ruleset.title} allows"
