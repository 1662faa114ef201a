"""Every calculator in every ruleset against the oracle (tests/core/oracle.py): an independent reading of
the rules that enumerates every roll, over a seeded grid that includes every field's edges and the
heights at each rule's limits. Also examples worked by hand from the texts, as exact fractions."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from rulescore import calculate
from tests.core import oracle
from tests.core.grid import CATALOGUE, PAIRS, edges, grid


def as_fractions(rows: list[dict]) -> dict[str, F]:
    return {row["outcome"]: F(row["probability"]) for row in rows}


def test_every_calculator_has_its_oracle():
    assert [oracle.missing(name) for name in CATALOGUE if name not in oracle.oracles()] == []


@pytest.mark.parametrize(("name", "ruleset_id"), PAIRS)
def test_calculator_agrees_with_the_oracle(name, ruleset_id):
    for values in grid(name, ruleset_id):
        expected = oracle.expect(name, ruleset_id, values)
        result = calculate(name, ruleset_id, values)
        if expected is None:
            assert not result["ok"], (
                f"{name}/{ruleset_id} {values}: the rule forbids this, but got {result.get('headlines')}"
            )
            continue
        assert result["ok"], f"{name}/{ruleset_id} {values}: refused {result['errors']}"
        got = {
            "outcomes": as_fractions(result["outcomes"]),
            "extra": {t["title"]: as_fractions(t["outcomes"]) for t in result["extra"]},
        }
        assert got == expected.plain(), (
            f"{name}/{ruleset_id} {values}; the oracle's reading: {sorted(expected.assumptions)}"
        )
        for table in [got["outcomes"], *got["extra"].values()]:
            assert sum(table.values()) == 1
        listed = {a["id"] for a in result["assumptions"]}
        assert expected.assumptions <= listed, (
            f"{name}/{ruleset_id} {values}: result does not say it assumes {expected.assumptions - listed}"
        )


def test_the_grid_reaches_every_edge():
    """The oracle is only as good as its cases: each pair gets its edges and a seeded spread."""
    for name, ruleset_id in PAIRS:
        cases = grid(name, ruleset_id)
        assert len(cases) >= 70
        fields = CATALOGUE[name]["rulesets"][ruleset_id]["fields"]
        for field in fields:
            assert {case[field["name"]] for case in cases} >= set(edges(field))


def odds(name: str, ruleset_id: str, **values) -> dict[str, F]:
    result = calculate(name, ruleset_id, {k: str(v) for k, v in values.items()})
    assert result["ok"], result["errors"]
    return as_fractions(result["outcomes"])


def test_rules_facts_worked_examples():
    # Mordheim: a T3 W1 model falling 4" is unhurt 13/81; an I3 model jumping 4" passes both tests 1/4.
    assert odds("fall", "mordheim-1999", height=4, toughness=3, wounds=1)["unhurt"] == F(13, 81)
    assert odds("jump-down", "mordheim-1999", height=4, initiative=3, toughness=3, wounds=1)["landed"] == F(1, 4)
    # Coreheim: T +0 W1 falling 9": unhurt 1/12, then knocked down, stunned, out of action 11/36 each.
    assert odds("fall", "coreheim-v10", height=9, toughness="+0", wounds=1) == {
        "unhurt": F(1, 12),
        "knocked-down": F(11, 36),
        "stunned": F(11, 36),
        "out-of-action": F(11, 36),
    }
    # The same fall at the end of a failed Coreheim jump down (9" is over the 7" limit: it always fails).
    assert odds("jump-down", "coreheim-v10", height=9, initiative=7, toughness=0, wounds=1)["fell-unhurt"] == F(1, 12)
    # Trench Crusade: M6, target 10" away needs 9", so a D6 of 3 or more: 2/3.
    assert odds("charge", "trench-crusade", move=6, distance=10)["reaches"] == F(2, 3)
    # An M13 model is never slowed by the 12" cap: 13" reaches a target 14" away (a 13" gap) for certain.
    assert odds("charge", "trench-crusade", move=13, distance=14)["reaches"] == 1


def test_coreheim_falls_keep_a_natural_12_and_1():
    # Even the tallest fall leaves 1 in 12 unhurt; even a sure hit on a T -5 model wounds on a 12.
    assert odds("fall", "coreheim-v10", height=24, toughness=0, wounds=1)["unhurt"] == F(1, 12)
    assert odds("fall", "coreheim-v10", height=2, toughness=-5, wounds=1)["unhurt"] == F(11, 12)


def test_nothing_is_not_a_fall():
    for name, field in [
        ("fall", "height"),
        ("jump-down", "height"),
        ("climb", "height"),
        ("gap", "gap"),
        ("gap", "height"),
        ("edge-fall", "height"),
        ("diving-charge", "height"),
    ]:
        for ruleset_id in CATALOGUE[name]["rulesets"]:
            result = calculate(name, ruleset_id, {field: "0"})
            assert not result["ok"] and result["errors"][field].endswith("must be more than 0."), (name, ruleset_id)
    # Under an inch is a real drop but no hit in Mordheim: the chart has no Strength 0.
    assert odds("fall", "mordheim-1999", height="0.5") == {"unhurt": 1}


def test_living_rulebook_interception_shows_both_answers():
    result = calculate("charge", "mordheim-lrb", {"interceptor": "yes", "distance": "7", "move": "4"})
    assert result["ok"]
    assert "certain to reach" not in " ".join(result["headlines"])
    assert result["headlines"][0] == "the enemy chooses whether to intercept"
    assert result["caption"] == "If the enemy lets the charge through"
    assert [(t["title"], as_fractions(t["outcomes"])) for t in result["extra"]] == [
        ("If the enemy intercepts", {"intercepted": 1})
    ]


def test_coreheim_toughness_is_read_as_the_profile_prints_it():
    same = [odds("fall", "coreheim-v10", height=6, toughness=t) for t in ("+0", "0", "-0")]
    assert same[0] == same[1] == same[2]
    assert odds("fall", "coreheim-v10", height=6, toughness="-1") == odds(
        "fall", "coreheim-v10", height=6, toughness="\u22121"
    )
    # T -1 (a tougher model) is harder to wound: more often unhurt.
    assert (
        odds("fall", "coreheim-v10", height=6, toughness="-1")["unhurt"]
        > odds("fall", "coreheim-v10", height=6, toughness="+0")["unhurt"]
    )
    label = CATALOGUE["fall"]["rulesets"]["coreheim-v10"]["fields"][1]["label"]
    assert label == "Toughness (as on the profile: +0, -1)"
