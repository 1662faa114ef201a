"""What a charge route settles before its first inch (#50, items 2, 3, 4 and 6), worked by hand from the
texts: the dice enumerated here (itertools.product), never through rulescore."""

from __future__ import annotations

import json
from fractions import Fraction as F
from itertools import product

from rulescore import RULESETS
from rulescore.route.plan import fields
from rulescore.route.plan import plan as planned
from rulescore.web.answer import respond
from tests.core.test_route_rules import run_route
from tests.core.test_routes import d6_under, mordheim_fall, odds

CHARGE = {"move": "4", "initiative": "4", "toughness": "3", "wounds": "1", "activation": "charge"}
LEGS = ["move 1", "jump down 2", "charge 2"]


def plan(ruleset: str, values: dict[str, str], legs: list[str]):
    """A route with only the fields this ruleset's planner asks (Trench Crusade has no Initiative test)."""
    asked = {field.name for field in fields(RULESETS[ruleset])}
    return planned(ruleset, {k: v for k, v in values.items() if k in asked}, legs)


def two_d6_at_most(leadership: int) -> F:
    return F(sum(1 for a, b in product(range(1, 7), repeat=2) if a + b <= leadership), 36)


def test_an_unseen_target_within_4_inches_is_detected_or_the_route_is_walked_as_a_normal_move():
    """Mordheim, Charge!: within 4", not hidden, an Initiative test to detect it; failing, no charge this turn,
    but the model may move its normal distance. The legs before the charge are then walked as a move."""
    detected, landed = d6_under(4), d6_under(4)  # I4: 1-4 pass; the 2" jump down is one test
    fall = mordheim_fall(2, 3)
    expected = {
        "completes": detected * landed,
        **{f"leg2-fell-{key}": detected * (1 - landed) * p for key, p in fall.items()},
        "not-seen": (1 - detected) * landed,
        **{f"not-seen-leg2-fell-{key}": (1 - detected) * (1 - landed) * p for key, p in fall.items()},
    }
    for ruleset in ("mordheim-1999", "mordheim-lrb"):
        routed = plan(ruleset, {**CHARGE, "target": "unseen"}, LEGS)
        assert odds(routed) == expected
        assert expected["completes"] == F(4, 9) and expected["not-seen"] == F(2, 9)
        assert routed.procedure.startswith("To see the target, an Initiative test that needs 4 or less on the D6")
        assert "unseen-failed-route" in [a.id for a in routed.assumptions]
        after = [line.text for line in routed.after]
        assert "Failing to see its target, it may not charge this turn, but may move its normal distance, shoot " in (
            " ".join(after)
        )
        # A route too long for the Movement alone stops where it runs out, in the failed branch only.
        short = plan(ruleset, {**CHARGE, "target": "unseen"}, ["move 3", "move 2", "charge 1"])
        assert odds(short) == {"completes": detected, "not-seen-leg2-out-of-movement": 1 - detected}


def test_a_charge_the_text_forbids_before_the_first_inch_is_refused_in_its_words():
    hidden = plan("mordheim-1999", {**CHARGE, "target": "hidden"}, ["charge 3"])
    assert hidden.errors == {
        "target": "A hidden warrior cannot be seen, shot at or charged (§ hiding): pick another target."
    }
    far = plan("mordheim-lrb", {**CHARGE, "target": "unseen-far"}, ["charge 3"])
    assert far.errors["target"].endswith('only within 4", after an Initiative test to detect it (§ charge).')
    # Trench Crusade's cut copy does not say a target must be seen: the refusal rests on our reading, named.
    unseen = plan("trench-crusade", {**CHARGE, "target": "unseen"}, ["charge 3"])
    assert unseen.errors == {"target": "The charger must see its target to charge it."}
    assert unseen.readings == (("target", "tc-line-of-sight"),)
    # Mordheim 1999: no charge past another unengaged enemy within 2"; Trench Crusade: that enemy must be the target.
    blocked = plan("mordheim-1999", {**CHARGE, "interceptor": "yes"}, ["charge 3"])
    assert blocked.errors["interceptor"].startswith('An unengaged enemy within 2" of the route blocks this charge')
    assert blocked.errors["interceptor"].endswith("(§ charge).")
    other = plan("trench-crusade", {**CHARGE, "interceptor": "yes"}, ["charge 3"])
    assert other.errors["interceptor"].startswith('The route passes within 1" of another enemy first')
    assert other.errors["interceptor"].endswith("(§ taking a charge).")
    # None of these is asked of a move, and a move's answer does not list them.
    moved = plan("mordheim-1999", {**CHARGE, "activation": "move", "target": "hidden"}, ["move 3"])
    assert moved.ok and not {"target", "interceptor", "others"} & set(moved.inputs)


def test_a_living_rulebook_interceptor_is_the_enemys_choice_shown_as_two_tables():
    """Living Rulebook, Charge!: one enemy within 2" of the route may choose to intercept; one that would test
    for fear to engage must pass a Fear test (2D6 under its Leadership) first. Met as the charger begins its
    last leg, after the legs before it and their tests."""
    landed = d6_under(4)
    fall = mordheim_fall(2, 3)
    fell = {f"leg2-fell-{key}": (1 - landed) * p for key, p in fall.items()}
    routed = plan("mordheim-lrb", {**CHARGE, "interceptor": "yes"}, LEGS)
    assert odds(routed) == {"completes": landed, **fell}
    assert routed.caption == "If the enemy lets the charge through"
    assert routed.headlines[0] == "the enemy chooses whether to intercept"
    assert routed.headlines[1] == "if not intercepted: 2 in 3 that it reaches the target"
    (branch,) = routed.extra
    assert branch.title == "If the enemy intercepts"
    assert {row.outcome: row.chance for row in branch.rows} == {"leg3-intercepted": landed, **fell}
    brave = two_d6_at_most(7)
    assert brave == F(7, 12)
    feared = plan("mordheim-lrb", {**CHARGE, "interceptor": "fears", "leadership": "7"}, LEGS)
    (branch,) = feared.extra
    assert branch.title == "If the enemy tries to intercept"
    assert {row.outcome: row.chance for row in branch.rows} == {
        "completes": (1 - brave) * landed,
        "leg3-intercepted": brave * landed,
        **fell,
    }
    assert "interceptor-meets-last-leg" in [a.id for a in feared.assumptions]
    # A fear-causing interceptor: the charger tests for fear as if charged, and still counts as charging.
    assert any(
        line.text.endswith("if that enemy causes fear, it tests for fear as if charged.") for line in feared.after
    )
    assert feared.inputs["leadership"] == "7" and "leadership" not in routed.inputs
    html = json.loads(
        respond("route", "mordheim-lrb", json.dumps({**CHARGE, "interceptor": "yes", "legs": LEGS}), "../")
    )["html"]
    assert "If the enemy lets the charge through" in html and "If the enemy intercepts" in html


def test_charging_more_than_one_enemy_says_what_each_text_allows():
    for ruleset, words, section in (
        ("mordheim-1999", "may charge each enemy its charge move brings into base contact", "charging more than one"),
        ("trench-crusade", "has one target: it stops as soon as it touches the target's base", "taking a charge"),
    ):
        routed = plan(ruleset, {**CHARGE, "others": "yes"}, ["charge 2"])
        line = routed.after[-1]
        assert line.text.startswith(f"With more than one enemy in reach of base contact, it {words}")
        assert section in line.section.replace("-", " ")
        assert routed.inputs["others"] == "yes"
        assert all(not line.text.startswith("With more") for line in plan(ruleset, CHARGE, ["charge 2"]).after)


def test_trench_crusade_keeps_a_move_more_than_1_inch_from_enemies_and_a_charge_may_close():
    moved = plan("trench-crusade", {**CHARGE, "activation": "move"}, ["move 3"])
    assert moved.procedure.startswith('Keep more than 1" from every enemy model (only a charge may come closer)')
    step = next(s for s in moved.steps if s.text.startswith("Only a charge may move within 1"))
    assert step.section == "moves"
    charged = plan("trench-crusade", CHARGE, ["charge 2"])
    assert not any(s.text.startswith("Only a charge") for s in charged.steps)


def test_the_command_line_takes_what_a_charge_settles_first_and_names_what_it_assumed():
    answer, said = run_route("move=4", "initiative=4", "activation=charge", "target=unseen", "charge 2")
    assert answer["ok"] and answer["inputs"]["target"] == "unseen"
    assert {row["outcome"]: row["probability"] for row in answer["outcomes"]} == {"completes": "2/3", "not-seen": "1/3"}
    refused, _ = run_route("move=4", "activation=charge", "interceptor=yes", "charge 2")
    assert refused["errors"]["interceptor"].startswith('An unengaged enemy within 2" of the route blocks')
    assert answer["defaults_used"]["interceptor"] == "no" and "target" not in answer["defaults_used"]
    assert "interceptor=no" in said
