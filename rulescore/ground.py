"""Ground: how many inches of movement each inch of a kind of ground costs (`[terrain]`); the charge reads it."""

from __future__ import annotations

from rulescore import values
from rulescore.explain import Explanation
from rulescore.fields import Field, FieldError, choice
from rulescore.mechanic import Costs, Line, Mechanic


def ground_label(kind: str) -> str:
    """ "very-difficult" -> "Very difficult ground"."""
    return f"{kind.replace('-', ' ').capitalize()} ground"


def terrain_field(ruleset) -> Field:
    kinds = list(ruleset.terrain) if ruleset.terrain else ["open"]
    return choice("terrain", "Ground along the route", "open", tuple((k, ground_label(k)) for k in kinds))


def terrain_cost(explain: Explanation, ruleset, terrain: str) -> int:
    """Inches of movement per inch of this ground, said as a step where it is more than one."""
    costs = ruleset.terrain
    if costs is None or terrain not in costs:
        if terrain == "open":
            return 1
        raise FieldError("terrain", f"{ruleset.title}'s text gives no movement cost for this ground.")
    cost = costs[terrain]
    if cost.value != 1:
        explain.step(
            f"Every inch of this ground costs {cost.value} inches of movement.", cost, assumption=cost.assumption
        )
        explain.assume("whole-route-terrain")
    return cost.value


def _lines(rules) -> list[Line]:
    return [
        Line("terrain", ground_label(ground), f"each inch costs {cost.value}", cost)
        for ground, cost in (rules.terrain or {}).items()
        if cost.value != 1
    ]


# Declared in the shape every mechanic shares (rulescore/mechanic.py), alike by design: its rule differs.
TERRAIN = Mechanic(
    parts={"terrain": Costs(values.count, "inches each inch of {key} ground costs")}, title="Ground", lines=_lines
)
