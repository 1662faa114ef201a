"""Climbing: up or down a wall within the ruleset's limit, with Initiative tests; a failure sticks or falls."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Annotated, Any, NamedTuple

from rulescore.answers.explain import Explanation, Step, inches
from rulescore.answers.fields import YES_NO, Field, FieldError, Forbids, choice, drop, movement, wounds
from rulescore.dice.distribution import Distribution
from rulescore.framework.legs import (
    DROPPED,
    Followed,
    Forbidden,
    Leg,
    LegKind,
    RouteEnd,
    SoFar,
    Walking,
    cited,
    refused_at,
    tested,
)
from rulescore.framework.mechanic import Asked, Calculator, Line, Mechanic, Numbers, Reading, by_name, when_given
from rulescore.framework.rules import Rules
from rulescore.mechanics.falling import or_fall, toughness
from rulescore.mechanics.initiative import initiative_field, pass_all
from rulescore.reading import values
from rulescore.reading.rule_value import Rule


class Climb(NamedTuple):
    section: str
    limit: Annotated[Rule[str | int | Fraction], _limit, "highest climb (Movement, or inches)"]  # "Movement" or inches
    tests: Annotated[Rule[int], values.count, "Initiative tests a climb takes"]
    fail_up: Annotated[Rule[str], values.text]
    fail_down: Annotated[Rule[str], values.text]
    touching: Annotated[Rule[bool] | None, values.flag, "a climber starts its move touching the wall"] = None
    no_run: Annotated[Rule[bool] | None, values.flag, "a model that climbs cannot run"] = None
    animals: Annotated[Rule[bool] | None, values.flag, "animals may climb"] = None  # "Any model (except animals!)"
    # a fixed limit (Coreheim's 4") still takes the climb off Movement
    uses_movement: Annotated[Rule[bool] | None, values.flag, "a climb uses Movement"] = None


def _limit(value: Any) -> str | int | Fraction:
    return "Movement" if value == "Movement" else values.inches(value)


def _movement(move: Fraction | None) -> Fraction:
    """The model's Movement, which the form asks wherever the climb counts against it."""
    if move is None:
        raise FieldError("move", "Give the model's Movement: this climb counts against it.")
    return move


def climb(
    explain: Explanation,
    ruleset: Rules,
    height: Fraction,
    direction: str,
    initiative: int,
    toughness: int,
    wounds: int,
    running: str = "no",
    move: Fraction | None = None,  # asked only where the climb counts against Movement
    animal: str = "no",  # asked only where the text says an animal cannot climb
) -> Distribution:
    """Chance to climb `height` inches up or down, and what a failure means.

    `move` is read where the climb uses Movement (a limit of Movement, or a fixed limit within it).
    """
    rules = ruleset.given(Climb)
    if animal == "yes" and not may_climb_as_animal(rules):
        raise Forbids("animal", f"{ruleset.title}: animals cannot climb ({cited(rules.animals)}). {ANIMAL_INSTEAD}")
    if running == "yes" and rules.no_run:
        raise Forbids(
            "running",
            f"{ruleset.title}: a model cannot run while it climbs; climb in a normal move, or run without climbing.",
        )
    if rules.touching:
        explain.step("The model must be touching what it climbs at the start of its movement phase.", rules.touching)
    by_movement = rules.limit.value == "Movement"
    limit = _movement(move) if by_movement else Fraction(rules.limit.value)
    if height > limit:
        what = f"the model's Movement ({inches(limit)})" if by_movement else f"{inches(limit)} a turn"
        raise Forbids(
            "height",
            f"A climb may be at most {what} ({cited(rules.limit)}): go round, or climb a lower wall.",
            also=("move",) if by_movement else (),
        )
    if uses_movement(rules) and height > _movement(move):  # a fixed limit beyond what Movement allows
        raise Forbids(
            "height",
            f"A climb uses Movement: with Movement {inches(_movement(move))} the model cannot climb {inches(height)}.",
            also=("move",),
        )
    tests = "one Initiative test" if rules.tests.value == 1 else f"{rules.tests.value} Initiative tests"
    explain.step(f"A climb of {inches(height)} is within the limit ({inches(limit)}) and takes {tests}.", rules.limit)
    explain.to_do(f"climb {inches(height)} {direction}")
    if uses_movement(rules):
        move = _movement(move)
        explain.step(
            f"It uses {inches(height)} of its {inches(move)} Movement: {inches(move - height)} left to move as "
            "normal if it makes it.",
            rules.uses_movement or rules.limit,
            assumption=rules.uses_movement.assumption if rules.uses_movement else None,
        )
    safe = pass_all(explain, ruleset, initiative, rules.tests.value)
    if direction == "up":
        explain.step(f"Failing while climbing up: the model {rules.fail_up.value}.", rules.fail_up)
        if safe < 1:
            explain.to_do(f"failing, it {rules.fail_up.value}")
        return Distribution.chance(safe, "made-it", "stuck")
    explain.step(f"Failing while climbing down: the model {rules.fail_down.value} ({inches(height)}).", rules.fail_down)
    return or_fall(explain, ruleset, safe, "made-it", height, toughness, wounds)


def may_climb_as_animal(rules: Climb) -> bool:
    """Does the text let an animal climb: only Mordheim's says it may not (#50, item 5)."""
    return rules.animals is None or bool(rules.animals.value)


# What an animal may do where the text forbids its climb ("Any model (except animals!) can climb"; any model
# "may move ... up and down ladders and stairs").
ANIMAL_INSTEAD = "An animal may still move its Movement, up and down ladders and stairs as any model may."


def animal_field() -> Field:
    """Is the model an animal: a characteristic of the model, kept on Your table."""
    return choice("animal", "An animal", "no", YES_NO).of("model.animal")


def uses_movement(rules: Climb) -> bool:
    """Does a climb's height come off the model's Movement (Mordheim: up to M; Coreheim: M, within 4")."""
    return rules.limit.value == "Movement" or bool(rules.uses_movement and rules.uses_movement.value)


def _fields(ruleset: Rules) -> list[Any]:
    fields = [drop("height", "Height of the climb", "3")]
    rules = ruleset.given(Climb)
    if uses_movement(rules):
        fields.append(movement())
    fields.append(choice("direction", "Direction", "up", (("up", "Up"), ("down", "Down"))))
    if rules.no_run:
        fields.append(choice("running", "Running this turn", "no", YES_NO))
    if rules.animals is not None:  # the text speaks of animals (a table may let them climb)
        fields.append(animal_field())
    return fields + [initiative_field(ruleset), toughness(ruleset), wounds()]


def _lines(rules: Rules) -> list[Line]:
    climb = rules.numbers(Climb)
    if not climb:
        return []
    limit = "M" if isinstance(climb.limit.value, str) else inches(climb.limit.value)  # "Movement", or inches
    tests = "one Initiative test" if climb.tests.value == 1 else f"{climb.tests.value} Initiative tests"
    return [Line("climbing", "Climb at most", f"{limit} a turn, {tests}", climb.limit)]


def _climb_uses(ruleset: Rules, read: dict[str, Any], leg: Leg) -> Fraction:
    rules = ruleset.numbers(Climb)
    return leg.inches if rules and uses_movement(rules) else Fraction(0)


def _climb_leg(direction: str) -> Callable[[Walking, int, Leg, Fraction], None]:
    """A climb leg: the climb's tests from the route's values, and the height it leaves the model at."""

    def walk(route: Walking, number: int, leg: Leg, uses: Fraction) -> None:
        if uses > route.left:
            return route.stop(number, leg, "out of movement, it stops at the foot")
        initiative, t, w = tested(route.read)
        running = "yes" if route.read["activation"] == "run" else "no"
        table = climb(
            route.explain, route.ruleset, leg.inches, direction, initiative, t, w, running, move=route.read["move"]
        )
        route.take(number, leg, table, "made-it", *((DROPPED,) if direction == "down" else ()))
        route.left -= uses
        route.height = LEGS[direction].height_after(route.height, leg)
        route.explain.step(
            f"After the climb: {inches(route.left)} of movement left if it makes it, {inches(route.height)} up."
        )

    return walk


def _if(rule: Callable[[Climb], Rule[bool] | None]) -> Callable[[Rules], bool]:  # a reading applies where its rule is
    return lambda rules: bool((climb := rules.numbers(Climb)) and rule(climb))


# Our readings of Mordheim's climbing in a route (the assumptions page says why), each a table may play otherwise.
NO_CLIMB_IN_CHARGE = Reading("charge-no-climb", "a model may climb during a charge", _if(lambda c: c.no_run))
OPENS_ROUTE = Reading("climb-opens-route", "a climb may come after other legs of the move", _if(lambda c: c.touching))


def _check_leg(route: SoFar, leg: Leg, number: int) -> None:
    """What the text forbids of a climb in a route: an animal's, one that does not open it, one in a run or a
    charge, and more than its limit in a turn."""
    rules, read, ruleset = route.ruleset.given(Climb), route.read, route.ruleset
    where, name = refused_at(number, leg)
    route.climbed += leg.inches
    if read.get("animal") == "yes" and not may_climb_as_animal(rules):  # "Any model (except animals!)"
        raise Forbidden(where, f"{name}: animals cannot climb ({cited(rules.animals)}). {ANIMAL_INSTEAD}")
    if rules.touching and number > 1 and OPENS_ROUTE.id not in ruleset.otherwise:
        raise Forbidden(
            where,
            f"{name}: the model must be touching what it climbs at the start of its movement phase ({cited(rules)}); "
            "we read that its climb opens the route.",
            OPENS_ROUTE.id,
        )
    activation, move = read["activation"], read["move"]
    if activation == "run" and rules.no_run:
        raise Forbidden(where, f"{name}: a model cannot run while it climbs: climb in a normal move ({cited(rules)}).")
    if activation == "charge" and rules.no_run and NO_CLIMB_IN_CHARGE.id not in ruleset.otherwise:
        raise Forbidden(
            where,
            f"{name}: a model cannot run while it climbs ({cited(rules)}), and a charge is like a running move; "
            "we read that it may not climb either.",
            NO_CLIMB_IN_CHARGE.id,
        )
    limit = move if rules.limit.value == "Movement" else Fraction(rules.limit.value)
    if uses_movement(rules):
        limit = min(limit, move)
    if route.climbed > limit:
        raise Forbids(
            where, f"A climb may be at most {inches(limit)} a turn; this route climbs {inches(route.climbed)}."
        )


def _has_climb(ruleset: Rules) -> bool:
    return ruleset.numbers(Climb) is not None


def _first_climb(ruleset: Rules, height: Fraction, legs: int) -> tuple[str, ...]:
    return ("climb up 2",)  # the first route climbs, so that what follows starts up high


def _no_first_climb(ruleset: Rules, height: Fraction, legs: int) -> tuple[str, ...]:
    return ()  # and does not climb down: its jump down comes back to the ground


LEGS = {
    direction: LegKind(
        f"climb {direction}",
        rank,
        f"climb {direction} 3",
        _climb_leg(direction),
        "climb",
        part="climb",
        rise=rise,
        asks=("animal",),
        cost=_climb_uses,
        check=_check_leg,
        worth=_has_climb,
        first=first,
    )
    for direction, rank, rise, first in (("up", 20, 1, _first_climb), ("down", 30, -1, _no_first_climb))
}


def _animal(ruleset: Rules) -> list[Asked]:
    """A route that climbs asks whether the model is an animal, where the text forbids animals a climb (#50, item 5)."""
    climb = ruleset.numbers(Climb)
    if climb is None or climb.animals is None:
        return []
    climbs = tuple(kind.words for kind in LEGS.values() if "animal" in kind.asks)
    return [(30, animal_field().when(legs=climbs))]  # after a run's nearest enemy


def _after(rules: Rules, end: RouteEnd) -> list[Followed]:
    """A failed climb up leaves the model where the text says."""
    climb = rules.numbers(Climb)
    if not (climb and end.ended("stuck")):
        return []
    return [(100, Step(f"Failing a climb up, it {climb.fail_up.value}.", climb.fail_up.section))]


# Declared in the shape every mechanic shares (rulescore/framework/mechanic.py), alike by design: its rule differs.
CLIMB = Mechanic(
    turn=70,
    title="Climbing",
    parts={"climb": Numbers(Climb)},
    tested=when_given("climb"),
    calculators=(
        Calculator(
            "climb",
            "Climb",
            needs=("climb", "fall"),
            fields=_fields,
            compute=by_name(climb),
            headline=lambda t, x, say: [f"{say(t['made-it'])} to make the climb"],
        ),
    ),
    outcomes={"made-it": "Makes it", "stuck": "Cannot move this turn"},
    lines=_lines,
    legs=tuple(LEGS.values()),
    after=_after,
    asks=_animal,
    readings=(NO_CLIMB_IN_CHARGE, OPENS_ROUTE),
)
