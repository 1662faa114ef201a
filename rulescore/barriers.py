"""Walls, hedges and other low obstacles: can the model cross this one without spending movement."""

from __future__ import annotations

from fractions import Fraction

from rulescore.dice import Distribution
from rulescore.explain import Explanation, inches


def barrier(explain: Explanation, height: Fraction) -> Distribution:
    """Whether a barrier this high is crossed for free, or must be gone around (or climbed)."""
    rule = explain.ruleset.barrier
    limit, how = rule.value  # (1, "under"): less than 1" high; (1, "up to"): 1" or less
    free = height < limit if how == "under" else height <= limit
    if free:
        explain.step(
            f"A barrier {how} {inches(limit)} high is crossed without using any movement: at {inches(height)} "
            "the model goes straight over it.",
            rule,
        )
        explain.to_do("no dice: it goes over, using no movement")
        return Distribution.always("crosses")
    climb = " or climb it (see the climbing rule)" if explain.ruleset.climb else ""
    explain.step(
        f"Only a barrier {how} {inches(limit)} high is crossed for free: at {inches(height)} the model must go "
        f"around it{climb}.",
        rule,
    )
    explain.to_do("no dice: it goes around" + (", or climbs it" if climb else ""))
    return Distribution.always("goes-around")
