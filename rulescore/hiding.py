"""Hiding: is a hidden model spotted by an enemy at this distance."""

from __future__ import annotations

from fractions import Fraction

from rulescore.dice import Distribution
from rulescore.explain import Explanation, inches


def hide(explain: Explanation, initiative: int, distance: Fraction) -> Distribution:
    """Whether an enemy with this Initiative, this far away, spots a hidden model."""
    rule = explain.ruleset.hiding
    spotted = distance <= initiative
    explain.step(f"Enemies spot hidden models within their Initiative in inches: an I{initiative} enemy "
                 f"{inches(distance)} away {'spots' if spotted else 'does not spot'} it.", rule, assumption="within-includes-edge")
    if explain.ruleset.characteristic_test == "test-d12-over":
        explain.step(f"Read literally with Coreheim's Initiative (a target number, lower is better), a worse Initiative "
                     f"spots from further away: an I{initiative}+ enemy spots within {initiative}\".",
                     assumption="coreheim-hiding")
        explain.step("A warrior can only hide at the end of a half-move, and is also spotted by any enemy with a clear, "
                     "uncovered line of sight to it.", rule)
    return Distribution.always("spotted" if spotted else "stays-hidden")
