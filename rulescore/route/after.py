"""After a route: what the model may still do this turn, for each way the route can end, in the texts'
own terms and cited (a run costs the shot, a fall ends the turn, a failed charge stays where it is). Each
mechanic says its own lines (`Mechanic.after`); here they are put in their order."""

from __future__ import annotations

from fractions import Fraction

from rulescore.answers.explain import Step
from rulescore.framework.legs import RouteEnd
from rulescore.rulebooks import MECHANICS
from rulescore.ruleset import Ruleset


def after_route(ruleset: Ruleset, activation: str, done: Fraction, ends: list[str]) -> list[Step]:
    """One line per way the route ends that a text speaks of; `ends` are the route's outcome keys."""
    end = RouteEnd(activation, done, tuple(ends))
    said = [line for mechanic in MECHANICS for line in mechanic.after(ruleset, end)]
    return [step for _, step in sorted(said, key=lambda line: line[0])]
