"""The seeded grid of inputs the calculators are checked over: the defaults, each field alone at each
of its edges (both ends, the default, the heights where a rule changes), then seeded random mixes.
Shared by the oracle's tests and the procedure tests."""

from __future__ import annotations

import random
from fractions import Fraction as F

from rulescore import catalogue

CATALOGUE = catalogue()
PAIRS = [(name, ruleset_id) for name, entry in CATALOGUE.items() for ruleset_id in entry["rulesets"]]
# Heights, gaps and distances where the rules change: under an inch, each full 2", each limit, past the 12" cap.
LIMITS = ["0.5", "1", "1.9", "2", "3", "3.5", "4", "4.5", "6", "6.5", "7", "8", "9", "12", "13", "14", "16"]


def edges(field: dict) -> list[str]:
    """The values of one field worth checking: both ends, the default and the rules' limits."""
    if field["kind"] == "choice":
        return [option["value"] for option in field["choices"]]
    low = F(field["min"])
    high = F(field["max"])
    if field.get("above_zero"):
        low = F(1, 10)
    found = {low, high, F(field["default"])}
    if field["kind"] == "inches":
        found |= {F(x) for x in LIMITS if low <= F(x) <= high}
    else:
        found |= {v for v in (low + 1, high - 1, F(0), F(2), F(3), F(4), F(7), F(12)) if low <= v <= high}
    return [shown(v, field) for v in sorted(found)]


def shown(value: F, field: dict) -> str:
    if field["kind"] == "modifier":
        return f"{int(value):+d}"
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def grid(name: str, ruleset_id: str, randoms: int = 60) -> list[dict[str, str]]:
    """The defaults; each field alone at each of its edges; then seeded random mixes of edges."""
    fields = CATALOGUE[name]["rulesets"][ruleset_id]["fields"]
    defaults = {f["name"]: f["default"] for f in fields}
    cases = [defaults]
    for field in fields:
        cases += [{**defaults, field["name"]: value} for value in edges(field)]
    pick = random.Random(f"{name}/{ruleset_id}/2026")
    for _ in range(randoms):
        cases.append({f["name"]: pick.choice(edges(f)) for f in fields})
    return cases
