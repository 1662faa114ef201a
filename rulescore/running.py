"""Running: may this model run this turn, and how far."""

from __future__ import annotations

from fractions import Fraction

from rulescore.dice import Distribution
from rulescore.explain import Explanation, inches


def run(explain: Explanation, move: Fraction, distance: Fraction, enemy_state: str) -> Distribution:
    """Whether a model may run, given the nearest enemy's distance and state at the start of the turn."""
    rules = explain.ruleset.run
    if enemy_state in rules.ignored_states.value:
        explain.step(
            f"A {enemy_state.replace('-', ' ')} enemy does not count when deciding whether a model may run.",
            rules.ignored_states,
        )
        allowed = True
    else:
        allowed = distance > rules.enemy_range.value
        explain.step(
            f"No standing enemy may be within {inches(rules.enemy_range.value)} at the start of the turn: the nearest "
            f"is {inches(distance)} away, so the model {'may' if allowed else 'may not'} run.",
            rules.enemy_range,
            assumption="within-includes-edge",
        )
    explain.to_do(f"no dice: it {'may run ' + inches(move * rules.multiplier.value) if allowed else 'may not run'}")
    if allowed:
        explain.step(
            f"A run is {rules.multiplier.value} times Movement: {inches(move * rules.multiplier.value)}; "
            "a model that runs cannot shoot this turn.",
            rules.multiplier,
        )
    return Distribution.always("may-run" if allowed else "may-not-run")
