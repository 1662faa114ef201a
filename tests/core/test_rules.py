"""The rules as exact fractions: examples worked by hand from the texts (and the readings their numbers.toml
names), one per mechanic per ruleset, and the fall checked against brute-force enumeration of every die."""

from collections import Counter
from fractions import Fraction as F
from itertools import product

import pytest

from rulescore import calculate


def odds(calculator: str, ruleset: str, **values) -> dict[str, F]:
    result = calculate(calculator, ruleset, {k: str(v) for k, v in values.items()})
    assert result["ok"], result
    return {row["outcome"]: F(row["probability"]) for row in result["outcomes"]}


def errors(calculator: str, ruleset: str, **values) -> dict[str, str]:
    result = calculate(calculator, ruleset, {k: str(v) for k, v in values.items()})
    assert not result["ok"], result
    return result["errors"]


def brute_force_mordheim_fall(height: int, toughness: int, wounds: int) -> dict[str, F]:
    """Roll the D3, three to-wound D6 and three injury D6 in every combination; use what applies."""
    difference = height - toughness
    target = 2 if difference >= 2 else {1: 3, 0: 4, -1: 5, -2: 6, -3: 6}.get(difference, 7)
    counts = Counter()
    for hits, *rest in product(range(1, 4), *[range(1, 7)] * 6):
        to_wound, injuries = rest[:3], rest[3:]
        taken = sum(roll >= target for roll in to_wound[:hits])
        if taken == 0:
            counts["unhurt"] += 1
        elif taken < wounds:
            counts["wounded"] += 1
        else:
            worst = max(injuries[: taken - wounds + 1])
            counts["knocked-down" if worst <= 2 else "stunned" if worst <= 4 else "out-of-action"] += 1
    total = sum(counts.values())
    return {key: F(count, total) for key, count in counts.items()}


# Worked by hand from Mordheim's Falling and the readings its numbers.toml names (a D6 test, the injury roll).
def test_mordheim_fall_worked_example():
    table = odds("fall", "mordheim-1999", height=4, toughness=3, wounds=1)
    assert table["unhurt"] == F(13, 81)
    assert round(float(table["out-of-action"]), 2) == 0.38
    assert round(float(table["stunned"]), 2) == 0.27
    assert round(float(table["knocked-down"]), 2) == 0.18  # "about 19%": 18.47%
    assert sum(table.values()) == 1


@pytest.mark.parametrize(
    "height, toughness, wounds", [(4, 3, 1), (2, 3, 1), (5, 4, 2), (6, 3, 3), (3, 4, 1), (1, 5, 1)]
)
def test_mordheim_fall_equals_brute_force(height, toughness, wounds):
    assert odds("fall", "mordheim-lrb", height=height, toughness=toughness, wounds=wounds) == brute_force_mordheim_fall(
        height, toughness, wounds
    )


def test_cli_example_from_the_issue():
    result = calculate("fall", "mordheim-1999", {"height": "4", "toughness": "3", "wounds": "1"})
    assert next(r for r in result["outcomes"] if r["outcome"] == "unhurt")["probability"] == "13/81"


def test_jump_down_two_tests_at_initiative_3():
    # By hand: an I3 model jumping down 4" makes two tests (one per 2"), passing both (3/6)^2 = 1/4.
    table = odds("jump-down", "mordheim-1999", height=4, initiative=3, toughness=3, wounds=1)
    assert table["landed"] == F(1, 4)
    # A failed jump feeds the fall: 3/4 of the time a 4" fall (worked example above).
    fall = brute_force_mordheim_fall(4, 3, 1)
    assert table["fell-out-of-action"] == F(3, 4) * fall["out-of-action"]


def test_jump_down_5_inches_i3_t3_w1_out_of_action_in_one_result():
    # Hand-worked: 2 tests (1/4 to land); a fall of 5" is D3 hits at S5 wounding T3 on 2+.
    table = odds("jump-down", "mordheim-1999", height=5, initiative=3, toughness=3, wounds=1)
    p_zero = F(1, 3) * (F(1, 6) + F(1, 36) + F(1, 216))
    assert table["fell-unhurt"] == F(3, 4) * p_zero
    assert table["fell-out-of-action"] == F(3, 4) * brute_force_mordheim_fall(5, 3, 1)["out-of-action"]


def test_jump_down_limits():
    assert "at most 6" in errors("jump-down", "mordheim-1999", height=7)["height"]
    # Coreheim: a jump over 7" always fails and the warrior falls.
    assert "landed" not in odds("jump-down", "coreheim-v10", height=8, initiative=7)
    # Coreheim I7+: 6/12 a test, two tests for 5".
    assert odds("jump-down", "coreheim-v10", height=5, initiative=7)["landed"] == F(1, 4)
    # Under a full 2": no test at all.
    assert odds("jump-down", "mordheim-lrb", height="1.5", initiative=1) == {"landed": 1}


def test_characteristic_tests():
    # D6 under, 6 always fails: I6 still fails on a 6.
    assert odds("edge-fall", "mordheim-1999", initiative=6, height=4)["stays-put"] == F(5, 6)
    assert odds("edge-fall", "mordheim-1999", initiative=1, height=4)["stays-put"] == F(1, 6)
    # D12 over: natural 12 always passes, natural 1 always fails.
    assert odds("edge-fall", "coreheim-v10", initiative=13, height=4)["stays-put"] == F(1, 12)
    assert odds("edge-fall", "coreheim-v10", initiative=1, height=4)["stays-put"] == F(11, 12)
    assert odds("edge-fall", "coreheim-v10", initiative=9, height=4)["stays-put"] == F(4, 12)


def test_coreheim_fall():
    # 4": wounds on 6+ on a D12 (7/12); W1: injury D12, 9-12 out of action (4/12).
    table = odds("fall", "coreheim-v10", height=4, toughness="+0", wounds=1)
    assert table == {"unhurt": F(5, 12), "knocked-down": F(7, 36), "stunned": F(7, 36), "out-of-action": F(7, 36)}
    # T -1 on the profile (a T4 model) makes the roll one harder: 6+ becomes 7+ (6/12).
    assert odds("fall", "coreheim-v10", height=4, toughness="-1", wounds=1)["unhurt"] == F(1, 2)
    # Under a full 2" is no fall; with 2 Wounds one hit only wounds.
    assert odds("fall", "coreheim-v10", height="1.9") == {"unhurt": 1}
    assert odds("fall", "coreheim-v10", height=4, wounds=2) == {"unhurt": F(5, 12), "wounded": F(7, 12)}


def test_mordheim_charge():
    assert odds("charge", "mordheim-1999", move=4, distance=8) == {"reaches": 1}
    assert odds("charge", "mordheim-1999", move=4, distance="8.5") == {"falls-short": 1}
    assert odds("charge", "mordheim-1999", move=4, distance=4, terrain="difficult") == {"reaches": 1}
    assert odds("charge", "mordheim-1999", move=4, distance="2.5", terrain="very-difficult") == {"falls-short": 1}
    # Unseen within 4": detect with an Initiative test (I3: 1/2); beyond 4": no charge.
    assert odds("charge", "mordheim-1999", move=4, distance=3, unseen="yes", initiative=3) == {
        "reaches": F(1, 2),
        "cannot-charge": F(1, 2),
    }
    assert odds("charge", "mordheim-1999", move=4, distance=5, unseen="yes") == {"cannot-charge": 1}


def test_interception_differs_by_edition():
    assert odds("charge", "mordheim-1999", move=4, distance=6, interceptor="yes") == {"cannot-charge": 1}
    lrb = calculate("charge", "mordheim-lrb", {"move": "4", "distance": "6", "interceptor": "yes"})
    assert lrb["outcomes"][0]["outcome"] == "reaches"
    assert "lrb-interception" in [a["id"] for a in lrb["assumptions"]]
    assert any("strikes first" in step["text"] for step in lrb["steps"])
    assert odds("charge", "trench-crusade", move=6, distance=5, interceptor="yes") == {"cannot-charge": 1}


def test_trench_crusade_charge():
    # By hand (Movement + D6, ending within 1"): M6, 10" away: needs 9", a D6 of 3+: 2/3.
    assert odds("charge", "trench-crusade", move=6, distance=10) == {"reaches": F(2, 3), "falls-short": F(1, 3)}
    # Capped at 12": M10 needs 12" for a 13" gap: D6 of 2+ (5/6); 14" can never be reached.
    assert odds("charge", "trench-crusade", move=10, distance=13)["reaches"] == F(5, 6)
    assert odds("charge", "trench-crusade", move=6, distance=14) == {"falls-short": 1}
    # Difficult ground: 4" to cover costs 8": M6 needs a 2+.
    assert odds("charge", "trench-crusade", move=6, distance=5, terrain="difficult")["reaches"] == F(5, 6)
    assert odds("charge", "trench-crusade", move=6, distance=5, unseen="yes") == {"cannot-charge": 1}


def test_warhammer_charge_and_flee():
    result = calculate("charge", "whfb-6", {"move": "4", "distance": "3", "target_move": "4"})
    assert result["outcomes"] == [
        {"outcome": "reaches", "label": "Reaches the target", "probability": "1/1", "percent": "100.0%"}
    ]
    flee = {r["outcome"]: F(r["probability"]) for r in result["extra"][0]["outcomes"]}
    assert flee["escapes"] == F(26, 36)  # 3 + 2D6 > 8: 2D6 of 6 or more
    result = calculate("charge", "whfb-6", {"move": "4", "distance": "2", "target_move": "7"})
    flee = {r["outcome"]: F(r["probability"]) for r in result["extra"][0]["outcomes"]}
    assert flee["escapes"] == F(196, 216)  # 3D6 of 7 or more
    texts = " ".join(s["text"] for s in result["steps"])
    assert "too close to shoot, so a stand & shoot response counts as a hold" in texts
    far = calculate("charge", "whfb-6", {"move": "7", "distance": "8"})
    assert "may stand & shoot" in " ".join(s["text"] for s in far["steps"])
    assert "terrain" not in [f["name"] for f in far.get("fields", [])]


def test_gaps():
    assert odds("gap", "mordheim-1999", gap=2, move=4, initiative=3, height=4)["made-it"] == F(1, 2)
    assert "made-it" not in odds("gap", "mordheim-1999", gap="3.5", move=6, initiative=5, height=4)
    assert "made-it" not in odds("gap", "mordheim-1999", gap=3, move=2, initiative=5, height=4)
    assert odds("gap", "coreheim-v10", gap=4, move=4) == {"made-it": 1}
    assert "made-it" not in odds("gap", "coreheim-v10", gap=5, move=6, height=4)
    assert "measure first" in errors("gap", "coreheim-v10", gap=3, move=2)["move"]


def test_climbing():
    assert odds("climb", "mordheim-1999", height=3, move=4, initiative=3) == {"made-it": F(1, 2), "stuck": F(1, 2)}
    down = odds("climb", "mordheim-1999", height=4, move=4, initiative=3, direction="down")
    assert (
        down["made-it"] == F(1, 2)
        and down["fell-out-of-action"] == F(1, 2) * brute_force_mordheim_fall(4, 3, 1)["out-of-action"]
    )
    assert "Movement" in errors("climb", "mordheim-lrb", height=5, move=4)["height"]
    assert '4" a turn' in errors("climb", "coreheim-v10", height=5)["height"]
    # Coreheim: a climb comes off Movement (Moving names only low obstacles and jumping down as free), within 4".
    assert odds("climb", "coreheim-v10", height=3, move=4, initiative=7)["made-it"] == F(6, 12)
    assert "Movement 2" in errors("climb", "coreheim-v10", height=3, move=2)["height"]


def test_diving_charge():
    assert odds("diving-charge", "mordheim-1999", height=4, distance=2, initiative=4)["landed"] == F(4, 9)
    # Past 2" it is a normal charge without the bonus, but still a jump down with its tests (tests/core/test_rules_around_the_roll.py).
    assert odds("diving-charge", "mordheim-1999", height=4, distance="2.5", initiative=4)["lands-no-bonus"] == F(4, 9)
    assert "diving charge" in errors("diving-charge", "coreheim-v10")["ruleset"]


def test_running_and_hiding():
    assert odds("run", "mordheim-1999", distance=8) == {"may-not-run": 1}
    assert odds("run", "mordheim-1999", distance="8.5") == {"may-run": 1}
    assert odds("run", "mordheim-lrb", distance=2, enemy_state="stunned") == {"may-run": 1}
    assert odds("hide", "mordheim-1999", initiative=3, distance=3) == {"spotted": 1}
    assert odds("hide", "coreheim-v10", initiative=3, distance="3.5") == {"stays-hidden": 1}
    assert "running" in errors("run", "whfb-6")["ruleset"]


def test_bad_input_gets_field_messages():
    found = errors("fall", "mordheim-1999", height="tall", toughness="3.5", wounds="0", colour="red")
    assert found == {
        "height": "Height of the fall must be a number, not 'tall'.",
        "toughness": "Toughness must be a whole number.",
        "wounds": "Wounds must be at least 1.",
        "colour": "Mordheim 1999's fall calculator has no field 'colour'.",
    }
    assert "Unknown ruleset" in errors("fall", "necromunda")["ruleset"]
    assert "Unknown calculator" in errors("teleport", "mordheim-1999")["calculator"]
    assert errors("charge", "whfb-6", terrain="difficult") == {
        "terrain": "Warhammer Fantasy Battle 6th's charge calculator has no field 'terrain'."
    }
