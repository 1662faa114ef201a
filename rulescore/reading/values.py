"""How a value in numbers.toml is read: each reader returns the value or raises ValueError saying
what is wrong ("must be ..."), which the loader reports as `file:line: reason`."""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

# The longest distance a tabletop rule measures here: anything beyond is a typing slip, not a rule.
LONGEST = 100


def inches(value: Any) -> int | Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= LONGEST:
        raise ValueError(f"must be a number of inches (0 to {LONGEST})")
    return value if isinstance(value, int) else Fraction(str(value))


def step(value: Any) -> int | Fraction:
    """A distance a rule counts in ("a test per full 2 inches"): 0 would count for ever."""
    found = inches(value)
    if not found:
        raise ValueError(f"must be more than 0 inches (up to {LONGEST})")
    return found


# The most a rule counts (tests taken, a multiplier, an inch's cost): more is a slip, and would take an
# answer minutes to work out (a climb of 99999999999 tests).
MOST = 20


def count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MOST:
        raise ValueError(f"must be a whole number, 1 to {MOST}")
    return value


def text(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError("must be some words in quotes")
    return value


def flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("must be true or false")
    return value


def one_of(*allowed: str) -> Callable[[Any], str]:
    def read(value: Any) -> str:
        if value not in allowed:
            raise ValueError(f"must be one of: {', '.join(repr(a) for a in allowed)}")
        return str(value)

    read.allowed = allowed  # type: ignore[attr-defined]  # offered as a choice where a table plays it otherwise
    return read


# A fraction as a player writes one ("1/2", "0.5"): no exponent (1e99999999 takes the reader minutes).
FRACTION = re.compile(r"[0-9]{1,3}(?:/[1-9][0-9]{0,2}|\.[0-9]{1,3})?", re.ASCII)


def fraction(value: Any) -> Fraction:
    if isinstance(value, bool) or not FRACTION.fullmatch(str(value)):
        raise ValueError('must be a fraction such as "1/2" (or a number such as 0.5)')
    return Fraction(str(value))


def words_list(value: Any, example: str) -> tuple[str, ...]:
    """A list of words, e.g. enemy states: `example` shows the list the message asks for."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"must be a list of {example}")
    return tuple(value)
