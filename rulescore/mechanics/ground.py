"""Ground: how many inches of movement each inch of a kind of ground costs (`[terrain]`); the charge reads it."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rulescore.answers.explain import Explanation, inches
from rulescore.answers.fields import Field, FieldError, choice
from rulescore.framework.legs import GROUND, Leg, LegKind, Walking, costly_grounds, ground_cost, ground_words
from rulescore.framework.mechanic import Costs, Line, Mechanic
from rulescore.framework.rules import Rules
from rulescore.reading import values


def ground_label(kind: str) -> str:
    """ "very-difficult" -> "Very difficult ground"."""
    return f"{kind.replace('-', ' ').capitalize()} ground"


def terrain_field(ruleset: Rules) -> Field:
    terrain = ruleset.costs(GROUND)
    kinds = list(terrain) if terrain else ["open"]
    return choice(GROUND, "Ground along the route", "open", tuple((k, ground_label(k)) for k in kinds))


def terrain_cost(explain: Explanation, ruleset: Rules, terrain: str) -> int:
    """Inches of movement per inch of this ground, said as a step where it is more than one."""
    costs = ruleset.costs(GROUND)
    if costs is None or terrain not in costs:
        if terrain == "open":
            return 1
        raise FieldError(GROUND, f"{ruleset.title}'s text gives no movement cost for this ground.")
    cost = costs[terrain]
    if cost.value != 1:
        explain.step(
            f"Every inch of this ground costs {cost.value} inches of movement.", cost, assumption=cost.assumption
        )
        explain.assume("whole-route-terrain")
    inches_each: int = cost.value
    return inches_each


def _lines(rules: Rules) -> list[Line]:
    return [
        Line(GROUND, ground_label(ground), f"each inch costs {cost.value}", cost)
        for ground, cost in (rules.costs(GROUND) or {}).items()
        if cost.value != 1
    ]


def _costly(rules: Rules) -> bool:
    return bool(costly_grounds(rules))


def _first_moves(rules: Rules, height: Fraction, legs: int) -> tuple[str, ...]:
    """A route ends with a move; one with no other leg crosses ground that costs more first, where the text has it."""
    costly = costly_grounds(rules)
    return (*([f"move 1{ground_words(costly[0])}"] if not legs and costly else []), "move 1")


def _move_uses(rules: Rules, read: dict[str, Any], leg: Leg) -> Fraction:
    return leg.inches * ground_cost(rules, leg)


def _move(walk: Walking, number: int, leg: Leg, uses: Fraction) -> None:
    """A move leg: its inches at the ground's cost, or it stops short."""
    explain = walk.explain
    if leg.ground != "open":
        rule = (walk.ruleset.costs(GROUND) or {})[leg.ground]
        explain.step(
            f"Over{ground_words(leg.ground)} each inch costs {rule.value}: {inches(leg.inches)} uses {inches(uses)}.",
            rule,
            assumption=rule.assumption,
        )
    if uses > walk.left:
        return walk.stop(number, leg, "out of movement, it stops short")
    walk.left -= uses
    explain.to_do(f"move {inches(leg.inches)}{ground_words(leg.ground)}")
    explain.step(f"It moves {inches(leg.inches)}: {inches(walk.left)} left.")


MOVE = LegKind(
    "move",
    10,
    "move 4 (or move 2 difficult)",
    _move,
    "ground",
    on_ground=True,
    cost=_move_uses,
    worth=_costly,
    first=_first_moves,
)

# Declared in the shape every mechanic shares (rulescore/framework/mechanic.py), alike by design: its rule differs.
TERRAIN = Mechanic(
    turn=60,
    parts={GROUND: Costs(values.count, "inches each inch of {key} ground costs")},
    title="Ground",
    lines=_lines,
    legs=(MOVE,),
)
