"""#23 item 1: an answer opens with what to do at the table, then the odds. Over the oracle's grid,
for every calculator and ruleset, the first line names the procedure the rule gives, worked out here
again from the rule (tests counted by full 2", the to-wound chart, the dice a phrase names)."""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import product
from math import floor

import pytest

from rulescore import RULESETS, calculate
from rulescore.entry import answer
from rulescore.web.answer import result_html
from tests.core.grid import PAIRS, grid

CHART = {1: 3, 0: 4, -1: 5, -2: 6, -3: 6}  # Strength minus Toughness -> score to wound; +2 or more: 2+


def initiative_tests_in(procedure: str) -> int | None:
    """How many Initiative tests the procedure says, or None if it names none."""
    if "no Initiative test" in procedure:
        return 0
    found = re.search(r"(?:^|; )(?:An|an) Initiative test|(\d+) Initiative tests", procedure)
    if not found:
        return None
    return int(found.group(1)) if found.group(1) else 1


@pytest.mark.parametrize(("name", "ruleset_id"), PAIRS)
def test_the_answer_opens_with_the_procedure_the_rule_gives(name, ruleset_id):
    rules = RULESETS[ruleset_id]
    for values in grid(name, ruleset_id, randoms=20):
        result = calculate(name, ruleset_id, values)
        if not result["ok"]:
            continue
        procedure = result["procedure"]
        assert procedure and procedure.endswith("."), (name, ruleset_id, values)
        html = result_html(answer(name, ruleset_id, values))
        assert html.startswith('<p class="calc-procedure">'), "the procedure is the first line"
        # A roll the headline names is the roll the procedure names.
        for needs in (h for h in result["headlines"] if "needs " in h):
            assert (
                needs.split("needs ", 1)[1].removesuffix(" twice").removesuffix(" each time").split(" on ")[0]
                in procedure
            )
        height = Fraction(values.get("height", "0").replace(",", "."))
        if name in ("jump-down", "diving-charge") and height <= rules.jump_down.max_height.value:
            assert initiative_tests_in(procedure) == floor(height / rules.jump_down.test_every.value), (
                values,
                procedure,
            )
        if name in ("climb", "edge-fall") and values.get("railings") != "yes":
            assert initiative_tests_in(procedure) == (rules.climb.tests.value if name == "climb" else 1), procedure
        fell = "falls " in procedure or name == "fall"
        if fell and hasattr(rules.fall, "hits"):  # Mordheim: hits at Strength = whole inches, the chart's score
            strength, toughness = floor(height), int(values["toughness"])
            if strength >= 1:
                gap = strength - toughness
                target = 2 if gap >= 2 else CHART.get(gap)
                if target:
                    assert f"at Strength {strength}, each wounding Toughness {toughness} on {target}+" in procedure
                else:
                    assert f"none of which can wound Toughness {toughness}" in procedure
        if fell and hasattr(rules.fall, "wounds_on") and height >= rules.fall.least.value:
            # Coreheim: one hit, the faces of a D12 that wound with Toughness added (12 always, 1 never).
            toughness, target = int(values["toughness"]), rules.fall.wounds_on.value - floor(height)
            wound = [f for f in range(1, 13) if f == 12 or (f != 1 and f + toughness >= target)]
            said = re.search(r"(?:^|; )[Oo]ne hit: ([^,]+)", procedure)
            assert said, (name, values, procedure)
            said = said.group(1)
            expected = (
                "every roll but a natural 1 wounds"
                if wound == list(range(2, 13))
                else "only a natural 12 wounds"
                if wound == [12]
                else f"wounds on {min(wound)}+ on the D12"
            )
            assert said == expected, (values, procedure)


def test_hand_worked_procedures():
    def say(*args, **values) -> str:
        return calculate(*args, {k: str(v) for k, v in values.items()})["procedure"]

    assert say("fall", "mordheim-1999", height=5, toughness=4, wounds=2).startswith(
        "D3 hits at Strength 5, each wounding Toughness 4 on 3+, no armour save; at 0 Wounds, an injury roll"
    )
    assert (
        say("charge", "mordheim-1999", move=4, distance=7)
        == 'The charge move itself takes no roll: it is 8" (double Movement) and the target needs 7".'
    )
    # #39 item 4: after a test, what is not rolled is said of its own part, never as "no dice" for the whole.
    assert say("charge", "mordheim-1999", move=4, distance=3, unseen="yes") == (
        "To see the target, an Initiative test that needs 3 or less on the D6; "
        'the charge move itself takes no roll: it is 8" (double Movement) and the target needs 3".'
    )
    assert (
        say("charge", "trench-crusade", move=4, distance=7)
        == 'Roll the D6 charge bonus: Movement 4" plus the roll, at most 12", must cover 6": needs 2+.'
    )
    assert say("jump-down", "mordheim-1999", height=4, initiative=3).startswith(
        'Jump down 4"; 2 Initiative tests, each needs 3 or less on the D6; failing, it falls 4"; D3 hits at Strength 4'
    )
    # The stated roll is the chance the calculator gives: 2+ on a D6 is 5 in 6.
    assert Fraction(sum(1 for (r,) in product(range(1, 7)) if r >= 2), 6) == Fraction(5, 6)
    assert calculate("charge", "trench-crusade", {"move": "4", "distance": "7"})["outcomes"][0]["probability"] == "5/6"
