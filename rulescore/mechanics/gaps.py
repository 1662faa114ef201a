"""Jumping gaps: how far a model may jump across, what it costs of its move, and the test after."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, NamedTuple

from rulescore.answers.explain import Explanation, inches
from rulescore.answers.fields import Forbids, choice, drop, length, movement, wounds
from rulescore.dice.distribution import Distribution
from rulescore.framework.legs import Forbidden, Leg, LegKind, SoFar, Walking, refused_at, tested
from rulescore.framework.mechanic import Asked, Calculator, Card, Line, Mechanic, Numbers, by_name
from rulescore.framework.rules import Rules
from rulescore.mechanics.charge_moves import Charge, DoubleMove
from rulescore.mechanics.falling import or_fall, toughness
from rulescore.mechanics.initiative import initiative_field, pass_all
from rulescore.mechanics.running import Run
from rulescore.reading import values
from rulescore.reading.rule_value import Rule


class Gap(NamedTuple):
    section: str
    max_gap: Annotated[Rule[int | Fraction], values.inches, "widest gap"]
    uses_movement: Annotated[Rule[bool], values.flag, "a gap jumped uses Movement"]
    measure_first: Annotated[
        Rule[bool], values.flag, "a gap may be measured before jumping"
    ]  # may the player measure before jumping
    test: Annotated[Rule[str] | None, values.one_of("initiative")] = (
        None  # an Initiative test after covering the distance, or None
    )
    in_charge: Annotated[Rule[bool] | None, values.flag, "a gap may be jumped in a charge or a run"] = (
        None  # may be jumped as part of a charge or a run
    )


def gap(
    explain: Explanation,
    ruleset: Rules,
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
    rules = ruleset.given(Gap)
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
            return or_fall(explain, ruleset, Fraction(0), "made-it", height, toughness, wounds)
    elif rules.measure_first.value:
        if move < width:
            raise Forbids(
                "gap",
                f"{ruleset.title} lets you measure first: with {inches(move)} of movement "
                f"left the model cannot start a {inches(width)} jump.",
                also=("move",),
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
        return or_fall(explain, ruleset, Fraction(0), "made-it", height, toughness, wounds)
    if move < width:
        explain.step(
            f"With {inches(move)} of movement left the model cannot cover {inches(width)}: it falls.",
            rules.uses_movement,
        )
        explain.to_do(f"a {inches(width)} gap with {inches(move)} of movement left: no test")
        return or_fall(explain, ruleset, Fraction(0), "made-it", height, toughness, wounds)
    explain.step(f"The jump uses {inches(width)} of movement, leaving {inches(move - width)}.", rules.uses_movement)
    explain.to_do(f"jump the {inches(width)} gap ({inches(move - width)} of movement left after it)")
    if rules.test is None:
        explain.step("No test is needed to clear a gap within the limit.", rules.max_gap)
        return Distribution.always("made-it")
    explain.step("Having covered the distance, the model must pass an Initiative test or fall.", rules.test)
    safe = pass_all(explain, ruleset, initiative, 1)
    return or_fall(explain, ruleset, safe, "made-it", height, toughness, wounds)


def _reach(explain: Explanation, ruleset: Rules, move: Fraction, part_of: str) -> Fraction:
    """The movement a jump has to come off, from the model's Movement: a run's or a double-Movement charge's
    reach when the jump is part of one (#47: a 3" gap in a charge at M4 left 1", not 5"). The route planner
    passes gap() what is left of its legs instead."""
    run = ruleset.numbers(Run)
    if part_of == "run" and run:
        times = run.multiplier
        explain.step(f"A run is {times.value} times Movement: {inches(move * times.value)} to move.", times)
        reach: Fraction = move * times.value
        return reach
    charge = ruleset.numbers(Charge)
    if part_of == "charge" and charge and isinstance(charge.move.value, DoubleMove):
        explain.step(f"A charge is double Movement: {inches(2 * move)} to move.", charge.move)
        return 2 * move
    return move


def _jump(explain: Explanation, ruleset: Rules, values: dict[str, Any]) -> tuple[Distribution, list[Any]]:
    """The calculator: the form's Movement is the model's, turned into what the move it is part of allows."""
    reach = _reach(explain, ruleset, values["move"], values.get("part_of", "move"))
    return by_name(gap, gap="width")(explain, ruleset, {**values, "move": reach})


def _fields(ruleset: Rules) -> list[Any]:
    rules = ruleset.given(Gap)
    fields = [drop("gap", "Width of the gap", "2"), movement()]
    moves = [("move", "A normal move")] + ([("run", "A run")] if rules.in_charge and ruleset.numbers(Run) else [])
    if rules.in_charge or rules.measure_first.value:  # the charge changes what may be measured, or what is left
        fields.append(choice("part_of", "The jump is part of", "move", (*moves, ("charge", "A charge"))))
    return fields + [initiative_field(ruleset), drop("height", "Drop below the gap", "6"), toughness(ruleset), wounds()]


def _lines(rules: Rules) -> list[Line]:
    gap = rules.numbers(Gap)
    if not gap:
        return []
    return [
        Line("jumping-gaps", "Gap at most", inches(gap.max_gap.value), gap.max_gap),
        Line("jumping-gaps", "Test", "Initiative test, or fall" if gap.test else "none", gap.test or gap.max_gap),
        Line(
            "jumping-gaps",
            "Measure first",
            "yes (not in a charge)" if gap.measure_first.value else "no",
            gap.measure_first,
        ),
    ]


# Declared in the shape every mechanic shares (rulescore/framework/mechanic.py), alike by design: its rule differs.
def _gap_uses(ruleset: Rules, read: dict[str, Any], leg: Leg) -> Fraction:
    rules = ruleset.numbers(Gap)
    return leg.inches if rules and rules.uses_movement.value else Fraction(0)


def _walk(route: Walking, number: int, leg: Leg, uses: Fraction) -> None:
    """A gap leg: jumped from the height the route has reached (or its own drop), failing falls that far."""
    ruleset, explain, read = route.ruleset, route.explain, route.read
    measured = ruleset.given(Gap).measure_first.value and read["activation"] != "charge"
    # A failed charger does not leap what it cannot finish, nor does a model that measured first.
    if (route.charging == "short" or measured) and uses > route.left:
        return route.stop(number, leg, "out of movement, it stops at the edge")
    drop = leg.extra if leg.extra is not None else route.height
    said = "the leg's own drop" if leg.extra is not None else "the height the route has reached"
    explain.step(f"Failing, it would fall {inches(drop)}: {said}.", assumption="route-height")
    part_of = "move" if read["activation"] == "half-move" else read["activation"]
    initiative, t, w = tested(read)
    route.take(number, leg, gap(explain, ruleset, leg.inches, route.left, initiative, drop, t, w, part_of), "made-it")
    route.left -= min(uses, route.left)


def _check(route: SoFar, leg: Leg, number: int) -> None:
    """A gap where the text does not let one be jumped, or with no height to fall from."""
    where, name = refused_at(number, leg)
    activation = route.read["activation"]
    if activation not in ("move", "half-move") and not route.ruleset.given(Gap).in_charge:
        raise Forbidden(where, f"{name}: {route.ruleset.title}'s text does not let a gap be jumped in a {activation}.")
    if leg.extra is None and not route.height:
        raise Forbidden(
            where,
            f"{name}: the route is at ground level here, so how far would a failed jump fall? Write the "
            "drop (gap 2 drop 4), or give the height the route starts at.",
            "route-height",
        )


def _tested(rules: Rules) -> str | None:
    gap = rules.numbers(Gap)
    return "gap" if gap and gap.test else None


def _has_gap(ruleset: Rules) -> bool:
    return ruleset.numbers(Gap) is not None


def _first_gap(ruleset: Rules, height: Fraction, legs: int) -> tuple[str, ...]:
    return ("gap 1",) if height else ("gap 1 drop 2",)  # jumped at the height reached, or with a drop of its own


LEG = LegKind(
    "gap",
    40,
    "gap 2 (drop 6)",
    _walk,
    "leap",
    part="gap",
    extra="drop",
    extra_said="its drop",
    extra_zero=False,
    cost=_gap_uses,
    check=_check,
    worth=_has_gap,
    first=_first_gap,
)


def _start_height(ruleset: Rules) -> list[Asked]:
    """The height a route starts at: the height a failed gap jump falls from."""
    if ruleset.numbers(Gap) is None:
        return []
    help = "0 for the ground; climbs and jumps down change it as the route goes."
    return [(10, length("start_height", "Height it starts at", "0", "0", "24", help=help))]  # asked first


GAP = Mechanic(
    turn=100,
    title="Jumping over gaps",
    parts={"gap": Numbers(Gap)},
    tested=_tested,
    calculators=(
        Calculator(
            "gap",
            "Jump a gap",
            needs=("gap", "fall"),
            fields=_fields,
            compute=_jump,
            headline=lambda t, x, say: [f"{say(t['made-it'])} to clear the gap"],
            card=Card('Jump a gap {}"', "gap", ("1", "2", "3"), place=2),
        ),
    ),
    outcomes={"made-it": "Makes it"},
    lines=_lines,
    legs=(LEG,),
    asks=_start_height,
)
