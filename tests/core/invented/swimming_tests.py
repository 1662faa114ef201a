"""The invented swimming rule's own tests and its oracle, a second reading of the rule that enumerates every roll
(copied as tests/core/test_swimming.py by tests/core/test_new_mechanic.py, as CONTRIBUTING.md's step 4 says)."""

from __future__ import annotations

from fractions import Fraction as F

from rulescore import calculate
from tests.core.oracle import Refused, number, pass_all


def test_an_initiative_3_swimmer_crosses_half_the_time():
    # Mordheim's test passes on a D6 at or under Initiative: 3 of 6 faces.
    result = calculate("swim", "mordheim-1999", {"width": "2", "initiative": "3"})
    assert {row["outcome"]: F(row["probability"]) for row in result["outcomes"]} == {
        "swims-across": F(1, 2),
        "stops-in-water": F(1, 2),
    }


def test_water_wider_than_the_rule_allows_is_refused():
    result = calculate("swim", "mordheim-1999", {"width": "5"})
    assert not result["ok"] and "at most 4" in result["errors"]["width"]


# Its oracle: tests/core/test_oracle.py checks the calculator against it over the seeded grid.
def swim(rules, v, answer):
    width = number(v["width"])
    if width > rules.swim.max_width.value:
        raise Refused
    crosses = pass_all(rules, int(v["initiative"]), 1, answer)  # one test, whatever the width
    answer.add("swims-across", crosses)
    answer.add("stops-in-water", 1 - crosses)


ORACLES = {"swim": swim}
