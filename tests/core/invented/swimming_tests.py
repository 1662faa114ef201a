"""The invented swimming rule's own tests (copied as tests/test_swimming.py by tests/core/test_new_mechanic.py)."""

from __future__ import annotations

from fractions import Fraction as F

from rulescore import calculate


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
