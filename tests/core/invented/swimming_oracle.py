"""The invented swimming rule's oracle: its own reading of the rule, every roll enumerated by oracle.py's
helpers. tests/core/test_new_mechanic.py puts the function below into the copy's tests/core/oracle.py and
its name into ORACLES, as CONTRIBUTING.md's step 5 says."""

from __future__ import annotations

from tests.core.oracle import Refused, number, pass_all


def swim(rules, v, answer):
    width = number(v["width"])
    if width > rules.swim.max_width.value:
        raise Refused
    crosses = pass_all(rules, int(v["initiative"]), 1, answer)  # one test, whatever the width
    answer.add("swims-across", crosses)
    answer.add("stops-in-water", 1 - crosses)
