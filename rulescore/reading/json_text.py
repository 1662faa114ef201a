"""JSON from outside (a table file, a link's house rules, the form's values), read only when it is as flat
as what we write: a parser meeting 40,000 nested brackets overflows its stack (a RecursionError in CPython,
Pyodide's whole runtime lost in the page) before it can say what is wrong."""

from __future__ import annotations

import json
import re

# Deeper than anything the site writes (a table is three levels: the file, its lists, their entries).
DEEPEST = 8
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


class TooDeep(ValueError):
    """JSON nested deeper than anything the site writes."""


def loads(text: str, deepest: int = DEEPEST) -> object:
    """`json.loads`, refusing first (TooDeep) text whose brackets nest more than `deepest` levels."""
    depth = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        if depth > deepest:
            raise TooDeep(f"nested more than {deepest} levels deep")
    return json.loads(text)
