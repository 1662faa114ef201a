"""Diving charges: jumping down onto an enemy below, with a bonus for a clean landing."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, NamedTuple

from rulescore.answers.explain import Explanation, inches
from rulescore.answers.fields import Forbids, length
from rulescore.dice.distribution import Distribution
from rulescore.framework.legs import Leg, LegKind, SoFar, Walking, at_most, tested
from rulescore.framework.mechanic import Bound, Calculator, Line, Mechanic, Numbers, by_name, when_given
from rulescore.framework.rules import Rules
from rulescore.mechanics.charge_moves import Charge
from rulescore.mechanics.falling import or_fall
from rulescore.mechanics.jumping_down import JumpDown, jump_fields, most_tests, pass_tests
from rulescore.reading import values
from rulescore.reading.rule_value import Rule, allows


class DivingCharge(NamedTuple):
    section: str
    enemy_range: Annotated[
        Rule[int | Fraction], values.inches, "a diving charge's enemy is within"
    ]  # enemy within this many inches of the landing point
    max_height: Annotated[Rule[int | Fraction], values.inches, "highest diving charge"]
    test_every: Annotated[Rule[int | Fraction], values.step, "one diving-charge test every"]
    bonus: Annotated[Rule[str], values.text]  # what a clean landing gives


def diving_charge(
    explain: Explanation,
    ruleset: Rules,
    height: Fraction,
    distance: Fraction,
    initiative: int,
    toughness: int,
    wounds: int,
) -> Distribution:
    """Chance that a diving charge lands and gets its bonus."""
    rules = ruleset.given(DivingCharge)
    reach = rules.enemy_range.value
    if height > rules.max_height.value:
        limit = rules.max_height.value
        said = f"{allows(ruleset, 'diving_charge.max_height')} a diving charge of at most {inches(limit)}."
        jumping = ruleset.numbers(JumpDown)
        most = jumping.max_height.value if jumping else limit
        if most != limit:  # played otherwise for one of the two: they are two limits, not one (#47, item 6)
            said += f" That is the diving charge's own limit, apart from a jump down's ({inches(most)})."
        raise Forbids("height", said)
    if distance > reach:
        # Still a jump down during a charge: the jump's tests and fall stand, only the bonus is gone.
        explain.step(
            f"A diving charge needs the enemy within {inches(reach)} of where the model lands; at "
            f"{inches(distance)} the model may still jump down and charge as normal, without the diving bonus.",
            rules.enemy_range,
            assumption="within-includes-edge",
        )
        jump: JumpDown | DivingCharge = ruleset.numbers(JumpDown) or rules
        explain.to_do(f"jump down {inches(height)} and charge, with no diving bonus")
        safe = pass_tests(
            explain,
            ruleset,
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
        return or_fall(explain, ruleset, safe, "lands-no-bonus", height, toughness, wounds)
    explain.step(
        f"The enemy is within {inches(reach)} of the landing point, so a diving charge is allowed.",
        rules.enemy_range,
        assumption="within-includes-edge",
    )
    explain.to_do(f"jump down {inches(height)} onto the enemy ({rules.bonus.value} if it lands)")
    safe = pass_tests(
        explain,
        ruleset,
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
    return or_fall(explain, ruleset, safe, "landed", height, toughness, wounds)


def _lines(rules: Rules) -> list[Line]:
    dive = rules.numbers(DivingCharge)
    if not dive:
        return []
    return [
        Line(
            "diving-charge",
            "Diving charge",
            f"enemy within {inches(dive.enemy_range.value)} of the landing point",
            dive.enemy_range,
        ),
        Line("diving-charge", "Clean landing", dive.bonus.value, dive.bonus),
    ]


# The enemy's distance from the landing point, when the leg does not give it.
ENEMY = Fraction(1)


def _enemy(ruleset: Rules, read: dict[str, Any], leg: Leg) -> Fraction:
    return leg.extra if leg.extra is not None else ENEMY  # from the landing point to the enemy


def _walk(route: Walking, number: int, leg: Leg, uses: Fraction) -> None:
    """A diving charge leg: the jump's tests, then charge movement from where it lands to the enemy."""
    explain, ruleset = route.explain, route.ruleset
    enemy = _enemy(ruleset, route.read, leg)
    initiative, t, w = tested(route.read)
    table = diving_charge(explain, ruleset, leg.inches, enemy, initiative, t, w)
    route.take(number, leg, table, *[key for key in ("landed", "lands-no-bonus") if key in table])
    explain.step(
        f"From where it lands the enemy is {inches(enemy)} away, charge movement like any other: it has "
        f"{inches(route.left)} left, so it " + ("reaches it." if enemy <= route.left else "falls short."),
        ruleset.given(Charge).move,
    )
    if enemy > route.left:
        route.end(number, leg, "falls-short", "lands, then falls short (failed charge)", route.going)
        route.going = Fraction(0)


def _check(route: SoFar, leg: Leg, number: int) -> None:
    most = route.ruleset.given(DivingCharge).max_height
    if leg.inches > most.value:
        raise Forbids(f"leg-{number}", at_most(route.ruleset, "diving_charge", most, "A diving charge jumps down"))


def _offered(ruleset: Rules) -> bool:
    return ruleset.numbers(Charge) is not None and ruleset.numbers(DivingCharge) is not None


def _bounded(ruleset: Rules) -> Bound | None:
    """Its own tests, and a jump down's where the enemy is too far for the bonus (the jump's tests stand)."""
    diving = ruleset.numbers(DivingCharge)
    if not diving:
        return None
    jump = ruleset.numbers(JumpDown)
    return most_tests("diving_charge", diving.max_height, diving.test_every, "a diving charge") or (
        most_tests("jump_down", diving.max_height, jump.test_every, "a diving charge without its bonus")
        if jump
        else None
    )


LEG = LegKind(
    "diving charge",
    80,
    "diving charge 4 (enemy 1)",
    _walk,
    "drop",
    part="diving_charge",
    offered=_offered,
    extra="enemy",
    extra_said="the inches to the enemy",
    extra_default=ENEMY,
    to_target=True,
    cost=_enemy,
    check=_check,
)

# Declared in the shape every mechanic shares (rulescore/framework/mechanic.py), alike by design: its rule differs.
DIVING_CHARGE = Mechanic(
    turn=90,
    title="Diving charge",
    parts={"diving_charge": Numbers(DivingCharge)},
    tested=when_given("diving_charge"),
    calculators=(
        Calculator(
            "diving-charge",
            "Diving charge",
            needs=("diving_charge", "fall"),
            fields=lambda r: jump_fields(
                r, length("distance", "Enemy's distance from the landing point", "1", "0", "48")
            ),
            compute=by_name(diving_charge),
            headline=lambda t, x, say: (
                [f"no diving bonus: {say(t['lands-no-bonus'])} to land and charge as normal"]
                if "lands-no-bonus" in t
                else [f"{say(t['landed'])} to land and charge with the bonus"]
            ),
        ),
    ),
    outcomes={"lands-no-bonus": "Lands safely, and charges on without the diving bonus", "landed": "Lands safely"},
    lines=_lines,
    legs=(LEG,),
    bounded=_bounded,
)
