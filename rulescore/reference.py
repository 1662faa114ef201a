"""Every number of a ruleset's movement rules as short lines: the quick reference and the
compare tables are made from these, so they can never disagree with the calculators."""

from __future__ import annotations

import functools

from rulescore.framework.mechanic import Line, Mechanic
from rulescore.rulebooks import MECHANICS
from rulescore.ruleset import Ruleset


def _place(mechanic: Mechanic) -> tuple[int, str]:
    """The quick reference reads as a turn is played: each mechanic declares its place (its `turn`)."""
    return mechanic.turn, mechanic.name


@functools.cache  # the quick reference, the compare tables and the compare index all read them
def lines(rules: Ruleset) -> tuple[Line, ...]:
    """The quick reference of one ruleset, topic by topic."""
    return tuple(line for mechanic in sorted(MECHANICS, key=_place) for line in mechanic.lines(rules))


__all__ = ["Line", "lines"]
