"""Walls, hedges and other low obstacles: can the model cross this one without spending movement."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rulescore.answers.explain import Explanation, inches
from rulescore.answers.fields import Forbids, drop
from rulescore.dice.distribution import Distribution
from rulescore.framework.legs import Leg, LegKind, SoFar, Walking
from rulescore.framework.mechanic import Calculator, Line, Mechanic, Single, by_name
from rulescore.framework.rules import Rules
from rulescore.mechanics.climbing import Climb


def _barrier(value: Any) -> tuple[int, str]:
    words = str(value).rsplit(" ", 1)
    if len(words) != 2 or words[0] not in ("under", "up to") or not words[1].isdigit():
        raise ValueError("must be 'under N' or 'up to N' (inches)")
    return int(words[1]), words[0]


def crosses_free(ruleset: Rules, height: Fraction) -> tuple[bool, int, str]:
    """Is a barrier this high crossed without using movement; and the limit as the text gives it."""
    limit, how = ruleset.given_single("barrier").value  # (1, "under"): less than 1" high; (1, "up to"): 1" or less
    return (height < limit if how == "under" else height <= limit), limit, how


def barrier(explain: Explanation, ruleset: Rules, height: Fraction) -> Distribution:
    """Whether a barrier this high is crossed for free, or must be gone around (or climbed)."""
    rule = ruleset.given_single("barrier")
    free, limit, how = crosses_free(ruleset, height)
    if free:
        explain.step(
            f"A barrier {how} {inches(limit)} high is crossed without using any movement: at {inches(height)} "
            "the model goes straight over it.",
            rule,
        )
        explain.to_do("no dice: it goes over, using no movement")
        return Distribution.always("crosses")
    climb = " or climb it (see the climbing rule)" if ruleset.numbers(Climb) else ""
    explain.step(
        f"Only a barrier {how} {inches(limit)} high is crossed for free: at {inches(height)} the model must go "
        f"around it{climb}.",
        rule,
    )
    explain.to_do("no dice: it goes around" + (", or climbs it" if climb else ""))
    return Distribution.always("goes-around")


def _lines(rules: Rules) -> list[Line]:
    rule = rules.single("barrier")
    if not rule:
        return []
    height, how = rule.value
    return [Line("obstacles", "Obstacles crossed at no cost", f"{how} {inches(height)} high", rule)]


# Declared in the shape every mechanic shares (rulescore/framework/mechanic.py), alike by design: its rule differs.
def _walk(route: Walking, number: int, leg: Leg, uses: Fraction) -> None:
    """A barrier leg: crossed without using movement (check() has refused one too high)."""
    _, limit, how = crosses_free(route.ruleset, leg.inches)
    route.explain.step(
        f"An obstacle {how} {inches(limit)} high is crossed without using any movement.",
        route.ruleset.given_single("barrier"),
    )
    route.explain.to_do(f"cross the {inches(leg.inches)} obstacle (no movement, no dice)")


def _check(route: SoFar, leg: Leg, number: int) -> None:
    free, limit, how = crosses_free(route.ruleset, leg.inches)
    if not free:
        climb_it = " or climb it (climb legs)" if route.ruleset.numbers(Climb) else ""
        raise Forbids(
            f"leg-{number}",
            f"only an obstacle {how} {inches(limit)} high is crossed without using movement: go around "
            f"it (a move leg){climb_it}",
        )


LEG = LegKind("barrier", 60, "barrier 0.5", _walk, "obstacle", part="barrier", check=_check, step=Fraction(1, 2))

BARRIER = Mechanic(
    turn=30,
    title="Walls and barriers",
    parts={
        "barrier": Single(_barrier, "a wall or barrier crossed at no cost")
    },  # (inches, "under" or "up to"): crossed at no cost
    calculators=(
        Calculator(
            "barrier",
            "Walls and barriers",
            needs=("barrier",),
            fields=lambda r: [drop("height", "Height of the barrier", "0.5")],
            compute=by_name(barrier),
            headline=lambda t, x, say: ["crosses it freely" if "crosses" in t else "too high to cross freely"],
        ),
    ),
    outcomes={"crosses": "Crosses it without using movement", "goes-around": "Too high to cross freely: go around it"},
    lines=_lines,
    legs=(LEG,),
)
