"""The routes one tap from a route, made as the page's legs editor makes them (calculators/src/legs.js):
a leg's inches − / +, its kind changed, the leg taken out, moved up, a new leg inserted after it, one added
at the end. The build stores their answers, so a first visit's first tap on a route is answered at once."""

from __future__ import annotations

import re
from collections.abc import Iterator
from math import floor

NEW_INCHES = "2"  # legs.js: a new leg is the first kind the ruleset offers, 2"
MOST = 48  # legs.js: a leg's inches are at most 48


def _words(text: str) -> str:
    return " ".join(re.sub(r'["\u201d]', " ", text).split()).lower()


def kind_of(kinds: list[str], leg: str) -> tuple[str, str] | None:
    """ "move 2\\" difficult ground" -> ("move {} difficult ground", "2"), as legs.js reads a row; None for a
    leg no kind writes (a gap with its drop): that row has no stepper."""
    for pattern in kinds:
        before, after = (part.strip() for part in _words(pattern).split("{}"))
        found = re.match(rf"^{re.escape(before)} (\S+)" + (rf" {re.escape(after)}" if after else "") + "$", _words(leg))
        if found:
            return pattern, found.group(1)
    return None


def write(pattern: str, inches: str) -> str:
    return pattern.replace("{}", f'{inches}"')


def _stepped(kind: dict, inches: str, step: int) -> str | None:
    """A leg's inches after − or +, by its kind's step down to its least (the form's data, as legs.js reads
    it), written as JavaScript's String() writes the number; None if not a number."""
    try:
        now = float(inches.replace(",", "."))
    except ValueError:
        return None
    size, lowest = float(kind["step"]), float(kind["lowest"])
    moved = min(MOST, max(lowest, floor((now + step * size) / size + 0.5) * size))  # floor(x + ½): Math.round
    return str(int(moved)) if float(moved).is_integer() else repr(float(moved))


def leg_taps(offered: list[dict], legs: list[str]) -> Iterator[list[str]]:
    """Every list of legs one tap on the legs editor makes from `legs`; `offered` the form's kinds of leg."""
    kinds = [kind["value"] for kind in offered]
    fresh = write(kinds[0], NEW_INCHES)
    for index, leg in enumerate(legs):
        before, after = legs[:index], legs[index + 1 :]
        kind = kind_of(kinds, leg)
        if kind:
            pattern, inches = kind
            for step in (-1, 1):
                stepped = _stepped(offered[kinds.index(pattern)], inches, step)
                if stepped is not None and write(pattern, stepped) != leg:
                    yield [*before, write(pattern, stepped), *after]
            yield from ([*before, write(other, inches), *after] for other in kinds if other != pattern)
        yield [*before, *after]
        if index:  # up: the same as the leg above's down
            yield [*legs[: index - 1], leg, legs[index - 1], *after]
        yield [*before, leg, fresh, *after]
    yield [*legs, fresh]
