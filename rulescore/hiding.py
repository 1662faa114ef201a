"""Hiding: is a hidden model spotted by an enemy at this distance."""

from __future__ import annotations

from fractions import Fraction

from rulescore.dice import Distribution
from rulescore.checks import target_number
from rulescore.explain import Explanation, inches


def hide(explain: Explanation, initiative: int, distance: Fraction) -> Distribution:
    """Whether an enemy with this Initiative, this far away, spots a hidden model."""
    rules = explain.ruleset.hiding
    spotted = distance <= initiative
    explain.step(f"Enemies spot hidden models within their Initiative in inches: an I{initiative} enemy "
                 f"{inches(distance)} away {'spots' if spotted else 'does not spot'} it.", rules.spotted_within,
                 assumption="within-includes-edge")
    if target_number(explain.ruleset):
        explain.step(f"Read literally with {explain.ruleset.game}'s Initiative (a target number, lower is better), a worse "
                     f"Initiative spots from further away: an I{initiative}+ enemy spots within {initiative}\".",
                     assumption=rules.spotted_within.assumption)
    if rules.also:
        explain.step(rules.also.value, rules.also)
    return Distribution.always("spotted" if spotted else "stays-hidden")
