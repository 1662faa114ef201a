"""Jumping down: one Initiative test per full few inches jumped, a failure falling the whole height."""

from __future__ import annotations

from fractions import Fraction
from math import floor
from typing import Annotated, NamedTuple

from rulescore.answers.explain import Explanation, inches
from rulescore.answers.fields import Field, Forbids, drop, wounds
from rulescore.dice.distribution import Distribution
from rulescore.framework.legs import Leg, LegKind, SoFar, Walking, at_most, tested
from rulescore.framework.mechanic import Bound, Calculator, Card, Line, Mechanic, Numbers, by_name, when_given
from rulescore.framework.rules import Rules
from rulescore.mechanics.falling import or_fall, toughness
from rulescore.mechanics.initiative import initiative_field, pass_all
from rulescore.reading import values
from rulescore.reading.rule_value import Rule, allows


class JumpDown(NamedTuple):
    section: str
    max_height: Annotated[Rule[int | Fraction], values.inches, "highest jump down"]
    test_every: Annotated[
        Rule[int | Fraction], values.step, "one jump-down test every"
    ]  # one test per full this-many inches
    over_max: Annotated[
        Rule[str], values.one_of("not-allowed", "falls"), "a jump down above the highest"
    ]  # "not-allowed" or "falls"
    fall_stops: Annotated[Rule[str] | None, values.text] = (
        None  # what a model that fell may not do after, in the text's terms
    )
    measure_first: Annotated[Rule[bool] | None, values.flag, "a drop may be measured before jumping"] = (
        None  # may the drop be measured first (never as part of a charge)
    )


def pass_tests(
    explain: Explanation, rules: Rules, height: Fraction, every: Rule[int | Fraction], initiative: int, say: str
) -> Fraction:
    """One Initiative test per full `every` inches jumped: say how many, and the chance to pass them all."""
    tests = floor(height / every.value)
    explain.step(say.format(tests=tests, s="s" if tests != 1 else ""), every)
    if height.denominator != 1:
        explain.assume("fraction-inches")
    return pass_all(explain, rules, initiative, tests)


def most_tests(table: str, highest: Rule[int | Fraction], every: Rule[int | Fraction], what: str) -> Bound | None:
    """A jump of up to `highest` inches at one test per full `every` takes at most values.MOST tests: more is
    a slip (one every 0.001") whose chance has thousands of digits; said at `table`'s test_every."""
    tests = floor(highest.value / every.value)
    if tests <= values.MOST:
        return None
    least, most = inches(Fraction(highest.value) / values.MOST), inches(every.value * values.MOST)
    return (
        table,
        "test_every",
        f"one test every {inches(every.value)} makes {what} of {inches(highest.value)} {tests} Initiative tests: "
        f"at most {values.MOST} (one every {least} or more, or at most {most} high)",
    )


def _bounded(ruleset: Rules) -> Bound | None:
    jump = ruleset.numbers(JumpDown)
    return most_tests("jump_down", jump.max_height, jump.test_every, "a jump down") if jump else None


def jump_down(
    explain: Explanation, ruleset: Rules, height: Fraction, initiative: int, toughness: int, wounds: int
) -> Distribution:
    """Chance to land safely from a jump of `height` inches, and what a failed jump costs."""
    rules = ruleset.given(JumpDown)
    limit = rules.max_height.value
    if height > limit and rules.over_max.value == "not-allowed":
        raise Forbids("height", f"{allows(ruleset, 'jump_down.max_height')} jumps down of at most {inches(limit)}.")
    if height > limit:
        explain.step(
            f"A jump down of more than {inches(limit)} always fails: the model falls the whole {inches(height)}.",
            rules.over_max,
        )
        explain.assume("fall-full-height")
        explain.to_do(f"a jump down of {inches(height)}, over the {inches(limit)} limit: no test")
        return or_fall(explain, ruleset, Fraction(0), "landed", height, toughness, wounds)
    explain.to_do(f"jump down {inches(height)}")
    if rules.measure_first and rules.measure_first.value:
        explain.step(
            "The drop may be measured before jumping, unless the jump is part of a charge.", rules.measure_first
        )
    safe = pass_tests(
        explain,
        ruleset,
        height,
        rules.test_every,
        initiative,
        f"A jump down of {inches(height)} takes one Initiative test per full {inches(rules.test_every.value)}: "
        "{tests} test{s}. It does not use Movement.",
    )
    if safe < 1:
        _failed_jump(explain, rules, height)
    return or_fall(explain, ruleset, safe, "landed", height, toughness, wounds)


def _failed_jump(explain: Explanation, rules: JumpDown, height: Fraction) -> None:
    """What failing a jump-down test costs, in the ruleset's own terms where it states them."""
    stops = rules.fall_stops
    explain.step(
        f"Failing any test, the model falls the whole {inches(height)}" + (f" and {stops.value}." if stops else "."),
        stops or rules.max_height,
        assumption="fall-full-height",
    )


def _lines(rules: Rules) -> list[Line]:
    jump = rules.numbers(JumpDown)
    if not jump:
        return []
    over = "not allowed" if jump.over_max.value == "not-allowed" else "always fails"
    return [
        Line("jumping-down", "Jump down at most", f"{inches(jump.max_height.value)} (more: {over})", jump.max_height),
        Line("jumping-down", "Tests", f"one per full {inches(jump.test_every.value)}", jump.test_every),
    ]


# Declared in the shape every mechanic shares (rulescore/framework/mechanic.py), alike by design: its rule differs.
def _walk(route: Walking, number: int, leg: Leg, uses: Fraction) -> None:
    """A jump down leg: its tests and fall, and the model lower by its height."""
    initiative, t, w = tested(route.read)
    route.take(number, leg, jump_down(route.explain, route.ruleset, leg.inches, initiative, t, w), "landed")
    route.height = LEG.height_after(route.height, leg)


def _check(route: SoFar, leg: Leg, number: int) -> None:
    rules = route.ruleset.given(JumpDown)
    if leg.inches > rules.max_height.value and rules.over_max.value == "not-allowed":
        raise Forbids(f"leg-{number}", at_most(route.ruleset, "jump_down", rules.max_height, "A model may jump down"))


def _has_jump_down(ruleset: Rules) -> bool:
    return ruleset.numbers(JumpDown) is not None


def jump_fields(rules: Rules, *more: Field) -> list[Field]:
    """A jump's form, here and in a diving charge: its height, what else the jump asks, then the model."""
    return [drop("height", "Height of the jump", "4"), *more, initiative_field(rules), toughness(rules), wounds()]


def _first_jump_down(ruleset: Rules, height: Fraction, legs: int) -> tuple[str, ...]:
    return ("jump down 2",)  # back to the ground a first route's climb left it 2" above


LEG = LegKind(
    "jump down",
    50,
    "jump down 4",
    _walk,
    "drop",
    part="jump_down",
    rise=-1,
    check=_check,
    worth=_has_jump_down,
    first=_first_jump_down,
)

JUMP_DOWN = Mechanic(
    turn=80,
    title="Jumping down",
    parts={"jump_down": Numbers(JumpDown)},
    tested=when_given("jump_down"),
    calculators=(
        Calculator(
            "jump-down",
            "Jump down",
            needs=("jump_down", "fall"),
            fields=jump_fields,
            compute=by_name(jump_down),
            headline=lambda t, x, say: [
                f"{say(t['landed'])} to land safely",
                f"{say(t['fell-out-of-action'])} out of action",
            ],
            card=Card('Jump down {}"', "height", ("2", "4", "6"), place=1),
        ),
    ),
    outcomes={"landed": "Lands safely"},
    lines=_lines,
    legs=(LEG,),
    bounded=_bounded,
)
