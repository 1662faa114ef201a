"""Every number of a ruleset's movement rules as short lines: the quick reference and the
compare tables are made from these, so they can never disagree with the calculators."""

from __future__ import annotations

from typing import NamedTuple

from rulescore.charging import INTERCEPTION_WORDS
from rulescore.explain import inches
from rulescore.rule import Rule
from rulescore.rulesets import Ruleset


class Line(NamedTuple):
    """One number or rule of a ruleset, in a few words, with the rule it comes from."""

    topic: str  # the shared topic id (rules/topics.toml), or "tests" for the characteristic test
    label: str
    text: str
    rule: Rule | None  # None: from outside the text (see the assumptions page)


def lines(rules: Ruleset) -> list[Line]:
    """The quick reference of one ruleset, topic by topic."""
    found: list[Line] = []
    add = lambda topic, label, text, rule: found.append(Line(topic, label, text, rule))  # noqa: E731
    if rules.test:
        add("tests", "Initiative test", rules.test.value.words, rules.test if rules.test.section else None)
    if rules.half_move:
        add("half-move", "Half-move (to shoot or hide)", rules.half_move.value, rules.half_move)
    if rules.barrier:
        height, how = rules.barrier.value
        add("obstacles", "Obstacles crossed at no cost", f"{how} {inches(height)} high", rules.barrier)
    if rules.run:
        add("running", "Run", f"{rules.run.multiplier.value}×M", rules.run.multiplier)
        add("running", "No run if an enemy is within", inches(rules.run.enemy_range.value), rules.run.enemy_range)
    charge = rules.charge
    if charge:
        add("charge", "Charge move", *charge.move.value.words(charge))
        if charge.ends_within:
            add(
                "charge",
                "A charge reaches its target",
                f"within {inches(charge.ends_within.value)}",
                charge.ends_within,
            )
        elif charge.base_contact and charge.base_contact.value:
            add("charge", "A charge reaches its target", "in base-to-base contact", charge.base_contact)
        if charge.detect_unseen:
            add(
                "charge",
                "Unseen target",
                f"within {inches(charge.detect_unseen.value)}: pass an Initiative test to detect it",
                charge.detect_unseen,
            )
        elif charge.needs_sight and charge.needs_sight.value:
            add("charge", "Unseen target", "cannot be charged: the charger must see it", charge.needs_sight)
        if charge.failed:
            add("charge", "Failed charge", charge.failed.value, charge.failed)
        if charge.interception:
            add(
                "interception",
                "Enemy near the route",
                INTERCEPTION_WORDS[charge.interception.value].format(inches(charge.interception_range.value)),
                charge.interception,
            )
        if charge.strike_first:
            add("charge", "Chargers", "strike first in the first round", charge.strike_first)
        if charge.stand_and_shoot:
            add(
                "charge-responses",
                "Stand & shoot",
                "only if the chargers start more than half their charge move (M) away",
                charge.stand_and_shoot,
            )
        if charge.flee:
            low, high = charge.flee.value
            add("fleeing", "Flee", f'{low.name}" if M is 6 or less, {high.name}" if more', charge.flee)
    if rules.terrain:
        for ground, cost in rules.terrain.items():
            if cost.value != 1:
                add("terrain", f"{ground.replace('-', ' ').capitalize()} ground", f"each inch costs {cost.value}", cost)
    if rules.climb:
        limit = "M" if rules.climb.limit.value == "Movement" else inches(rules.climb.limit.value)
        tests = "one Initiative test" if rules.climb.tests.value == 1 else f"{rules.climb.tests.value} Initiative tests"
        add("climbing", "Climb at most", f"{limit} a turn, {tests}", rules.climb.limit)
    if rules.jump_down:
        jump = rules.jump_down
        over = "not allowed" if jump.over_max.value == "not-allowed" else "always fails"
        add("jumping-down", "Jump down at most", f"{inches(jump.max_height.value)} (more: {over})", jump.max_height)
        add("jumping-down", "Tests", f"one per full {inches(jump.test_every.value)}", jump.test_every)
    if rules.diving_charge:
        dive = rules.diving_charge
        add(
            "diving-charge",
            "Diving charge",
            f"enemy within {inches(dive.enemy_range.value)} of the landing point",
            dive.enemy_range,
        )
        add("diving-charge", "Clean landing", dive.bonus.value, dive.bonus)
    if rules.gap:
        gap = rules.gap
        add("jumping-gaps", "Gap at most", inches(gap.max_gap.value), gap.max_gap)
        add("jumping-gaps", "Test", "Initiative test, or fall" if gap.test else "none", gap.test or gap.max_gap)
        add(
            "jumping-gaps",
            "Measure first",
            "yes (not in a charge)" if gap.measure_first.value else "no",
            gap.measure_first,
        )
    if rules.fall:
        for label, text, rule in rules.fall.words():
            add("falling", label, text, rule)
    if rules.edge_fall:
        add(
            "falling-off-edges",
            "Knocked down or stunned",
            f"within {inches(rules.edge_fall.value)} of an edge: Initiative test or fall",
            rules.edge_fall,
        )
    if rules.hiding:
        add(
            "hiding",
            "Hidden models are spotted",
            "by enemies within their Initiative in inches",
            rules.hiding.spotted_within,
        )
    return found
