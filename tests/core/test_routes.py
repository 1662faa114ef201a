"""Plan a move: whole routes worked by hand (the dice enumerated here with itertools.product, never
through rulescore), a one-leg route against the matching calculator, and routes of up to four legs
against the oracle's own composition (tests/core/oracle_routes.py)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from fractions import Fraction as F
from itertools import product

import pytest

from rulescore import RULESETS, calculate
from rulescore.route.plan import fields as route_fields
from rulescore.route.plan import plan
from rulescore.web.answer import respond
from tests.core import oracle_routes
from tests.core.grid import grid
from tests.helpers import ROOT


def odds(result) -> dict[str, F]:
    assert result.ok, result
    return {row.outcome: row.chance for row in result.outcomes}


def d6_under(initiative: int) -> F:
    """Mordheim's test: roll the Initiative or less on a D6, a 6 always fails."""
    return F(sum(1 for face in range(1, 7) if face <= initiative and face != 6), 6)


def mordheim_fall(height: int, toughness: int) -> dict[str, F]:
    """A one-Wound model falling `height` inches in Mordheim: D3 hits at Strength = height, the to-wound
    chart, then a D6 injury roll per wound, the highest counting (1-2 knocked down, 3-4 stunned, 5-6 out)."""
    needs = {2: 2, 1: 3, 0: 4, -1: 5, -2: 6, -3: 6}.get(max(min(height - toughness, 2), -4))
    found: dict[str, F] = {}
    for hits in (1, 2, 3):
        for wounds in product(range(1, 7), repeat=hits):
            taken = sum(1 for roll in wounds if needs is not None and roll >= needs)
            weight = F(1, 3) * F(1, 6**hits)
            if taken == 0:
                found["unhurt"] = found.get("unhurt", F(0)) + weight
                continue
            for injury in product(range(1, 7), repeat=taken):
                worst = max(injury)
                key = "knocked-down" if worst <= 2 else "stunned" if worst <= 4 else "out-of-action"
                found[key] = found.get(key, F(0)) + weight * F(1, 6**taken)
    return found


def fell_at(leg: int, chance: F, height: int, toughness: int) -> dict[str, F]:
    return {f"leg{leg}-fell-{key}": chance * p for key, p in mordheim_fall(height, toughness).items()}


MORDHEIM = {"move": "4", "initiative": "4", "toughness": "3", "wounds": "1"}


def test_a_route_that_runs_out_of_movement():
    assert odds(plan("mordheim-1999", MORDHEIM, ["move 3", "move 2"])) == {"leg2-out-of-movement": 1}
    # Climbing 3" up uses 3" of M4 (Climbing): the 2" walk after it finds 1" left, if the climb is made.
    climbed = d6_under(4)
    assert odds(plan("mordheim-1999", MORDHEIM, ["climb up 3", "move 2"])) == {
        "leg1-stuck": 1 - climbed,
        "leg2-out-of-movement": climbed,
    }


def test_a_fall_at_the_second_of_three_legs():
    # Jumping down 4" is two Initiative tests (one per full 2"); failing either, the model falls the 4"
    # and may not move any more, so the third leg is never walked.
    landed = d6_under(4) ** 2
    expected = {"completes": landed, **fell_at(2, 1 - landed, 4, 3)}
    assert odds(plan("mordheim-1999", MORDHEIM, ["move 1", "jump down 4", "move 2"])) == expected
    assert landed == F(4, 9)


def test_a_charge_whose_gap_test_belongs_to_the_charge():
    charge = {**MORDHEIM, "activation": "charge"}
    # A charge is double Movement (8"): 2 + 2 + 3 = 7" reaches, if the gap's Initiative test is passed.
    result = plan("mordheim-1999", charge, ["move 2", "gap 2 drop 4", "charge 3"])
    assert odds(result) == {"completes": F(2, 3), **fell_at(2, F(1, 3), 4, 3)}
    assert any(step.text.startswith("A gap may be jumped as part of a charge") for step in result.steps)
    assert result.outcomes[0].label == "Reaches the target"
    # 4 + 2 + 3 = 9" is more than the 8" charge move: a failed charge (Charge!), walked with its Movement
    # alone, so it stops at the gap's edge with nothing left and never jumps.
    result = plan("mordheim-1999", charge, ["move 4", "gap 2 drop 4", "charge 3"])
    assert odds(result) == {"leg2-falls-short": 1}
    # The shorter way still meets the gap: 1 + 2 of its 4", the test taken, then it stops on leg 3.
    result = plan("mordheim-1999", charge, ["move 1", "gap 2 drop 4", "move 4", "charge 3"])
    assert odds(result) == {"leg3-falls-short": F(2, 3), **fell_at(2, F(1, 3), 4, 3)}
    assert "failed-charge-route" in [a.id for a in result.assumptions]
    # The Living Rulebook inherits these rules: the same answer.
    assert odds(plan("mordheim-lrb", charge, ["move 2", "gap 2 drop 4", "charge 3"])) == odds(
        plan("mordheim-1999", charge, ["move 2", "gap 2 drop 4", "charge 3"])
    )


def refusal(result, leg: str) -> str:
    assert not result.ok and leg in result.errors, result
    return result.errors[leg]


def test_routes_the_rules_forbid_are_refused_naming_the_leg_and_the_rule():
    running = {**MORDHEIM, "activation": "run"}
    said = refusal(plan("mordheim-1999", running, ["climb up 3", "move 2"]), "leg-1")
    assert "cannot run while it climbs" in said and "(§ climbing)" in said and said.startswith("Leg 1 (climb up 3")
    said = refusal(plan("mordheim-1999", MORDHEIM, ["jump down 7"]), "leg-1")
    assert "at most 6" in said and "(§ jumping down)" in said
    said = refusal(plan("mordheim-1999", MORDHEIM, ["move 1", "climb up 2"]), "leg-2")
    assert "touching what it climbs at the start of its movement phase" in said
    said = refusal(plan("mordheim-1999", MORDHEIM, ["charge 3"]), "leg-1")
    assert "choose 'A charge'" in said
    coreheim = {"move": "6", "initiative": "7", "toughness": "+0", "wounds": "1"}
    said = refusal(plan("coreheim-v10", coreheim, ["climb up 3", "climb up 2"]), "leg-2")
    assert 'at most 4" a turn' in said
    assert "charge" not in dict(plan("coreheim-v10", coreheim, ["move 1"]).inputs)  # no charge rules held for it


def test_coreheim_tests_on_a_d12_and_its_jump_does_not_use_movement():
    coreheim = {"move": "6", "initiative": "7", "toughness": "+0", "wounds": "1"}
    # I7+ on a D12 (a 12 passes, a 1 fails): 7..12, 6 faces of 12; a 4" jump is two tests. Jumping down
    # uses no Movement (Jumping Down), so 3 + 3 walks fit M6.
    chances = odds(plan("coreheim-v10", coreheim, ["move 3", "jump down 4", "move 3"]))
    assert chances["completes"] == F(6, 12) ** 2
    assert sum(p for key, p in chances.items() if key.startswith("leg2-fell-")) == 1 - F(6, 12) ** 2
    # Over 7" a jump always fails (not refused: the text says it fails).
    assert "completes" not in odds(plan("coreheim-v10", coreheim, ["jump down 8"]))


def test_the_command_line_plans_a_route_and_exits_2_naming_a_refused_leg():
    def run(*arguments):
        done = subprocess.run(
            [sys.executable, "-m", "rulescore", "route", "--ruleset", "mordheim-1999", *arguments],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        return done.returncode, json.loads(done.stdout)

    code, answer = run("move=4", "initiative=4", "activation=charge", "move 2", "gap 2 drop 4", "charge 3")
    assert code == 0 and F(answer["outcomes"][0]["probability"]) == F(2, 3)
    assert answer["inputs"]["legs"] == ['move 2"', 'gap 2" drop 4"', 'charge 3"']
    code, answer = run("move=4", "activation=run", "climb up 3")
    assert code == 2 and "leg-1" in answer["errors"]
    code, answer = run("move=4", "sing 3")  # no kind of leg, in any copy (the invented swim is one)
    assert code == 2 and "is not a leg" in answer["errors"]["leg-1"]


# One leg alone is the matching calculator: the same chances under the route's own keys.
ONE_LEG = {
    "jump-down": lambda v: ({}, [f"jump down {v['height']}"], "landed"),
    "climb": lambda v: ({}, [f"climb {v['direction']} {v['height']}"], "made-it"),
    "gap": lambda v: (
        {"activation": "run"} if v.get("part_of") == "run" else {},
        [f"gap {v['gap']} drop {v['height']}"],
        "made-it",
    ),
    "diving-charge": lambda v: (
        {"activation": "charge"},
        [f"diving charge {v['height']} enemy {v['distance']}"],
        "landed" if "landed" in calculate("diving-charge", RULESET, v)["headline"] else "lands-no-bonus",
    ),
}
RULESET = "mordheim-1999"


@pytest.mark.parametrize("ruleset_id", ["mordheim-1999", "mordheim-lrb", "coreheim-v10"])
@pytest.mark.parametrize("name", ["jump-down", "climb", "gap"])
def test_a_one_leg_route_is_the_single_calculator(name, ruleset_id):
    for values in grid(name, ruleset_id, randoms=20):
        if values.get("part_of", "move") == "charge" or values.get("running", "no") != "no":
            continue  # a charge route ends in its charge leg; a run's climb is the route's to refuse
        extra, legs, safe = ONE_LEG[name](values)
        single = calculate(name, ruleset_id, values)
        model = {k: values[k] for k in ("move", "initiative", "toughness", "wounds", "animal") if k in values}
        routed = plan(ruleset_id, {**model, **extra}, legs)
        if not single["ok"]:
            if "move" in single["errors"] and name == "gap":  # measured first, it stops at the edge
                assert odds(routed) == {"leg1-out-of-movement": 1}, (name, values)
                continue
            assert not routed.ok, (name, values)
            continue
        # A climb down too short to be a fall (Coreheim: under 2") still gets the model down: the route goes on.
        going = (safe, "dropped") if name == "climb" and values["direction"] == "down" else (safe,)
        expected: dict[str, F] = {}
        for row in single["outcomes"]:
            key = "completes" if row["outcome"] in going else f"leg1-{row['outcome']}"
            expected[key] = expected.get(key, F(0)) + F(row["probability"])
        assert odds(routed) == expected, (name, ruleset_id, values)


# Each kind of leg (every ruleset gets every kind: the ones its text lacks must be refused).
LEGS = ["move {}", "move {} difficult", "move {} very difficult", "climb up {}", "climb down {}", "gap {}",
        "gap {} drop 4", "jump down {}", "barrier {}", "charge {}", "charge {} difficult", "diving charge {}",
        "diving charge {} enemy 3"]  # fmt: skip
PLANNABLE = ["mordheim-1999", "mordheim-lrb", "coreheim-v10", "trench-crusade"]


@pytest.mark.parametrize("ruleset_id", PLANNABLE)
def test_routes_of_up_to_four_legs_agree_with_the_oracle(ruleset_id):
    pick = random.Random(f"routes/{ruleset_id}/2026-11")
    rules = RULESETS[ruleset_id]
    checked, walked, intercepted, unseen = 0, set(), 0, 0
    offered = {f.name: [value for value, _ in f.choices] for f in route_fields(rules) if f.kind == "choice"}
    activations = offered["activation"]
    for _ in range(600):
        legs = [
            pick.choice(LEGS).format(pick.choice(["0.5", "1", "2", "3", "4", "6", "7"]))
            for _ in range(pick.randint(1, 4))
        ]
        if pick.random() < 0.4:  # a charge's routes mostly end at the target, as players plan them
            legs[-1] = pick.choice(["charge {}", "charge {} difficult", "diving charge {}"]).format(
                pick.choice(["1", "2", "3", "5"])
            )
        values = {
            "move": pick.choice(["3", "4", "5", "6", "7"]),
            "activation": pick.choice(activations + [activations[-1]]),
            "start_height": pick.choice(["0", "0", "2", "4"]),
            "initiative": pick.choice(["2", "3", "4", "7", "9"]),
            "toughness": "3" if ruleset_id != "coreheim-v10" else pick.choice(["+0", "-1"]),
            "wounds": pick.choice(["1", "2"]),
            "nearest_enemy": pick.choice(["3", "8", "9", "12"]),  # a run only with none within the range (#50)
            "animal": pick.choice(["no", "no", "yes"]),  # Mordheim: an animal may not climb (#50)
            # Before a charge's first inch (#50): sight, an enemy near the route, its Leadership if it fears.
            "target": pick.choice(["seen", "seen", *offered.get("target", ())]),
            "interceptor": pick.choice(["no", "no", *offered.get("interceptor", ())]),
            "leadership": pick.choice(["4", "7", "10"]),
            "others": pick.choice(["no", "yes"]),
        }
        asked = {f.name for f in route_fields(rules)}
        values = {k: v for k, v in values.items() if k in asked or k == "activation"}
        routed = plan(ruleset_id, values, legs)
        if (
            not routed.ok
            and set(routed.errors) & {"activation"}
            and "Choose one of" in routed.errors.get("activation", "")
        ):
            continue  # an activation this ruleset's text does not have: the form refuses it
        expected = oracle_routes.route(ruleset_id, values, legs)
        if expected is None:
            assert not routed.ok, (ruleset_id, values, legs, odds(routed))
            continue
        assert routed.ok, (ruleset_id, values, legs, routed.errors)
        assert odds(routed) == expected, (ruleset_id, values, legs)
        _, branch = oracle_routes.tables(ruleset_id, values, legs) or (None, None)
        assert [{row.outcome: row.chance for row in table.rows} for table in routed.extra] == (
            [branch] if branch else []
        ), (ruleset_id, values, legs)
        intercepted += bool(branch)
        unseen += any(key.startswith("not-seen") for key in expected)
        assert sum(expected.values()) == 1
        checked += 1
        walked |= {key.split("-", 1)[1] for key in expected if key != "completes"} | {values["activation"]}
    assert checked >= 25, checked  # enough routes were walked, not only refused
    if RULESETS[ruleset_id].charge and RULESETS[ruleset_id].charge.interception.value == "enemy-chooses":
        assert intercepted >= 5, intercepted  # the enemy's choice was met, not only refused
    if RULESETS[ruleset_id].charge and RULESETS[ruleset_id].charge.detect_unseen:
        assert unseen >= 5, unseen  # a failed detection walked as a normal move, not only refused
    assert "move" in walked and ("falls-short" in walked or "charge" not in activations), walked


def test_a_ruleset_without_a_planner_is_refused_on_the_command_line_too():
    said = plan("whfb-6", {"move": "4"}, ["move 3"])
    assert not said.ok and "No route planner for 'whfb-6'" in said.errors["ruleset"]


def test_the_page_worker_answers_a_route_given_as_one_field():
    """The calculators' worker sends a form's values as JSON: a route's legs are one field, a list."""
    sent = {**MORDHEIM, "activation": "charge", "legs": ['move 2"', 'gap 2" drop 4"', 'charge 3"']}
    answer = json.loads(respond("route", "mordheim-1999", json.dumps(sent), "../../"))
    assert answer["ok"] and answer["html"].startswith(
        '<ol class="calc-route-plan"><li><strong>Leg 1, move 2&quot;:</strong> Move 2&quot;.</li>'
    )
    assert "Reaches the target" in answer["html"] and "2/3" in answer["html"]
    # What the page puts back in its form (and its address) reads the same route again.
    again = {**sent, "legs": answer["inputs"]["legs"]}
    assert json.loads(respond("route", "mordheim-1999", json.dumps(again), "../../"))["html"] == answer["html"]
    refused = json.loads(respond("route", "mordheim-1999", json.dumps({**sent, "activation": "run"}), "../../"))
    assert not refused["ok"] and refused["errors"]["legs"].startswith("Leg 3 (charge 3")
    # The legs as one string are refused as such, not read letter by letter or split on a guess.
    joined = json.loads(respond("route", "mordheim-1999", json.dumps({**sent, "legs": "move 2|charge 3"}), ""))
    assert joined["errors"] == {"legs": "Legs, in order: give a list, one item each."}
