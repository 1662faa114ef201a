"""Jumping down, diving charges, jumping gaps, climbing and slipping off edges.

Each returns the chance of every outcome, a failure feeding straight into the fall that follows.
"""

from __future__ import annotations

from fractions import Fraction
from math import floor

from rulescore.checks import pass_all
from rulescore.dice import Distribution
from rulescore.explain import Explanation, inches
from rulescore.falling import fall
from rulescore.fields import FieldError
from rulescore.rule import Rule


def _or_fall(
    explain: Explanation, safe: Fraction, safe_key: str, height: Fraction, toughness: int, wounds: int
) -> Distribution:
    """`safe_key` with chance `safe`, otherwise a fall from `height` with its injuries."""
    if safe == 1:
        return Distribution.always(safe_key)
    explain.to_do(f"{'failing, it' if safe else 'it'} falls {inches(height)}")
    landing = fall(explain, height, toughness, wounds).map(lambda key: f"fell-{key}")
    return Distribution.chance(safe, safe_key, "fall").then(
        lambda key: landing if key == "fall" else Distribution.always(key)
    )


def _pass_tests(explain: Explanation, height: Fraction, every: Rule, initiative: int, say: str) -> Fraction:
    """One Initiative test per full `every` inches jumped: say how many, and the chance to pass them all."""
    tests = floor(height / every.value)
    explain.step(say.format(tests=tests, s="s" if tests != 1 else ""), every)
    if height.denominator != 1:
        explain.assume("fraction-inches")
    return pass_all(explain, initiative, tests)


def jump_down(explain: Explanation, height: Fraction, initiative: int, toughness: int, wounds: int) -> Distribution:
    """Chance to land safely from a jump of `height` inches, and what a failed jump costs."""
    rules = explain.ruleset.jump_down
    limit = rules.max_height.value
    if height > limit and rules.over_max.value == "not-allowed":
        raise FieldError("height", f"{explain.ruleset.title} allows jumps down of at most {inches(limit)}.")
    if height > limit:
        explain.step(
            f"A jump down of more than {inches(limit)} always fails: the model falls the whole {inches(height)}.",
            rules.over_max,
        )
        explain.assume("fall-full-height")
        explain.to_do(f"a jump down of {inches(height)}, over the {inches(limit)} limit: no test")
        return _or_fall(explain, Fraction(0), "landed", height, toughness, wounds)
    explain.to_do(f"jump down {inches(height)}")
    if rules.measure_first and rules.measure_first.value:
        explain.step(
            "The drop may be measured before jumping, unless the jump is part of a charge.", rules.measure_first
        )
    safe = _pass_tests(
        explain,
        height,
        rules.test_every,
        initiative,
        f"A jump down of {inches(height)} takes one Initiative test per full {inches(rules.test_every.value)}: "
        "{tests} test{s}. It does not use Movement.",
    )
    if safe < 1:
        _failed_jump(explain, rules, height)
    return _or_fall(explain, safe, "landed", height, toughness, wounds)


def _failed_jump(explain: Explanation, rules, height: Fraction) -> None:
    """What failing a jump-down test costs, in the ruleset's own terms where it states them."""
    stops = rules.fall_stops
    explain.step(
        f"Failing any test, the model falls the whole {inches(height)}" + (f" and {stops.value}." if stops else "."),
        stops or rules.max_height,
        assumption="fall-full-height",
    )


def diving_charge(
    explain: Explanation, height: Fraction, distance: Fraction, initiative: int, toughness: int, wounds: int
) -> Distribution:
    """Chance that a diving charge lands and gets its bonus."""
    rules = explain.ruleset.diving_charge
    reach = rules.enemy_range.value
    if height > rules.max_height.value:
        raise FieldError("height", f"A diving charge jumps down at most {inches(rules.max_height.value)}.")
    if distance > reach:
        # Still a jump down during a charge: the jump's tests and fall stand, only the bonus is gone.
        explain.step(
            f"A diving charge needs the enemy within {inches(reach)} of where the model lands; at "
            f"{inches(distance)} the model may still jump down and charge as normal, without the diving bonus.",
            rules.enemy_range,
            assumption="within-includes-edge",
        )
        jump = explain.ruleset.jump_down or rules
        explain.to_do(f"jump down {inches(height)} and charge, with no diving bonus")
        safe = _pass_tests(
            explain,
            height,
            jump.test_every,
            initiative,
            f"Jumping down still takes one Initiative test per full {inches(jump.test_every.value)}: "
            "{tests} test{s}.",
        )
        if safe < 1:
            explain.step(
                f"Failing any, the model falls the whole {inches(height)}, may not move any more and so does "
                "not reach the enemy.",
                getattr(jump, "fall_stops", None) or rules.bonus,
                assumption="fall-full-height",
            )
        return _or_fall(explain, safe, "lands-no-bonus", height, toughness, wounds)
    explain.step(
        f"The enemy is within {inches(reach)} of the landing point, so a diving charge is allowed.",
        rules.enemy_range,
        assumption="within-includes-edge",
    )
    explain.to_do(f"jump down {inches(height)} onto the enemy ({rules.bonus.value} if it lands)")
    safe = _pass_tests(
        explain,
        height,
        rules.test_every,
        initiative,
        f"One Initiative test per full {inches(rules.test_every.value)} jumped: {{tests}} test{{s}}.",
    )
    explain.step(
        f"Passing all tests gives {rules.bonus.value}; failing any, the model falls and cannot charge.",
        rules.bonus,
        assumption="fall-full-height",
    )
    return _or_fall(explain, safe, "landed", height, toughness, wounds)


def gap(
    explain: Explanation,
    width: Fraction,
    move: Fraction,
    initiative: int,
    height: Fraction,
    toughness: int,
    wounds: int,
    part_of: str = "move",
) -> Distribution:
    """Chance to clear a gap `width` inches wide with `move` inches of movement left; `part_of` is the
    move the jump belongs to: "move", "run" or "charge"."""
    rules = explain.ruleset.gap
    limit = rules.max_gap.value
    explain.assume("fall-full-height")
    if part_of != "move" and rules.in_charge:
        explain.step(
            f"A gap may be jumped as part of a {part_of}: the movement left is what remains of the {part_of} "
            "move, and failing the jump ends it, since a model that falls may not move any further.",
            rules.in_charge,
        )
    if rules.measure_first.value and part_of == "charge":
        explain.step("As part of a charge the gap cannot be measured before jumping.", rules.measure_first)
        if move < width <= limit:
            explain.step(
                f"With {inches(move)} of movement left the model cannot cover {inches(width)}: it falls from where "
                "it jumped.",
                rules.uses_movement,
                assumption="gap-short-falls",
            )
            explain.to_do(f"a {inches(width)} gap with {inches(move)} of movement left: no test")
            return _or_fall(explain, Fraction(0), "made-it", height, toughness, wounds)
    elif rules.measure_first.value:
        if move < width:
            raise FieldError(
                "move",
                f"{explain.ruleset.title} lets you measure first: with {inches(move)} of movement "
                f"left the model cannot start a {inches(width)} jump.",
            )
        explain.step(
            "You may measure the gap before jumping (unless the jump is part of a charge).", rules.measure_first
        )
    else:
        explain.step(
            "The gap cannot be measured before jumping; its width comes off the model's movement.", rules.measure_first
        )
    if width > limit:
        explain.step(
            f"Gaps are at most {inches(limit)}: at {inches(width)} the model falls from where it jumped.",
            rules.max_gap,
            assumption=None if rules.measure_first.value else "gap-over-max-falls",
        )
        explain.to_do(f"a {inches(width)} gap, over the {inches(limit)} limit: no test")
        return _or_fall(explain, Fraction(0), "made-it", height, toughness, wounds)
    if move < width:
        explain.step(
            f"With {inches(move)} of movement left the model cannot cover {inches(width)}: it falls.",
            rules.uses_movement,
        )
        explain.to_do(f"a {inches(width)} gap with {inches(move)} of movement left: no test")
        return _or_fall(explain, Fraction(0), "made-it", height, toughness, wounds)
    explain.step(f"The jump uses {inches(width)} of movement, leaving {inches(move - width)}.", rules.uses_movement)
    explain.to_do(f"jump the {inches(width)} gap ({inches(move - width)} of movement left after it)")
    if rules.test is None:
        explain.step("No test is needed to clear a gap within the limit.", rules.max_gap)
        return Distribution.always("made-it")
    explain.step("Having covered the distance, the model must pass an Initiative test or fall.", rules.test)
    safe = pass_all(explain, initiative, 1)
    return _or_fall(explain, safe, "made-it", height, toughness, wounds)


def climb(
    explain: Explanation,
    height: Fraction,
    move: Fraction | None,
    direction: str,
    initiative: int,
    toughness: int,
    wounds: int,
    running: str = "no",
) -> Distribution:
    """Chance to climb `height` inches up or down, and what a failure means.

    `move` is read only where the limit is the model's Movement; a fixed limit (Coreheim's 4") ignores it.
    """
    rules = explain.ruleset.climb
    if running == "yes" and rules.no_run:
        raise FieldError(
            "running",
            f"{explain.ruleset.title}: a model cannot run while it climbs; climb in a normal "
            "move, or run without climbing.",
        )
    if rules.touching:
        explain.step("The model must be touching what it climbs at the start of its movement phase.", rules.touching)
    if rules.limit.value == "Movement":
        limit = move
    else:
        limit = Fraction(rules.limit.value)
        explain.assume("climb-fixed-limit")
    if height > limit:
        what = (
            f"the model's Movement ({inches(move)})" if rules.limit.value == "Movement" else f"{inches(limit)} a turn"
        )
        raise FieldError("height", f"A climb may be at most {what}.")
    tests = "one Initiative test" if rules.tests.value == 1 else f"{rules.tests.value} Initiative tests"
    explain.step(f"A climb of {inches(height)} is within the limit ({inches(limit)}) and takes {tests}.", rules.limit)
    explain.to_do(f"climb {inches(height)} {direction}")
    if rules.limit.value == "Movement":
        explain.step(
            f"It uses {inches(height)} of its {inches(move)} Movement: {inches(move - height)} left to move as "
            "normal if it makes it.",
            rules.limit,
        )
    safe = pass_all(explain, initiative, rules.tests.value)
    if direction == "up":
        explain.step(f"Failing while climbing up: the model {rules.fail_up.value}.", rules.fail_up)
        if safe < 1:
            explain.to_do(f"failing, it {rules.fail_up.value}")
        return Distribution.chance(safe, "made-it", "stuck")
    explain.step(f"Failing while climbing down: the model {rules.fail_down.value} ({inches(height)}).", rules.fail_down)
    return _or_fall(explain, safe, "made-it", height, toughness, wounds)


def edge_fall(
    explain: Explanation, initiative: int, height: Fraction, toughness: int, wounds: int, railings: str = "no"
) -> Distribution:
    """A model knocked down or stunned near an edge: chance it stays up, and the fall if not."""
    rule = explain.ruleset.edge_fall
    if railings == "yes" and explain.ruleset.railings:
        explain.step(
            "An edge with railings, low walls or the like on all sides: the model does not fall, and takes no test.",
            explain.ruleset.railings,
        )
        explain.to_do("no test: railings on all sides")
        return Distribution.always("stays-put")
    explain.step(
        f"A model knocked down or stunned within {inches(rule.value)} of an edge takes an Initiative test "
        "or falls to the ground below.",
        rule,
        assumption="fall-full-height",
    )
    safe = pass_all(explain, initiative, 1)
    return _or_fall(explain, safe, "stays-put", height, toughness, wounds)
