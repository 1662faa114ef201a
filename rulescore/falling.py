"""Falling damage and the injury it leads to, as exact outcome distributions."""

from __future__ import annotations

from fractions import Fraction
from math import floor

from rulescore.dice import Distribution
from rulescore.explain import Explanation, chance_words, fraction_text, inches


def to_wound_target(strength: int, toughness: int) -> int | None:
    """The D6 score needed to wound, or None when Strength cannot wound that Toughness."""
    difference = strength - toughness
    if difference >= 2:
        return 2
    if difference <= -4:
        return None
    return {1: 3, 0: 4, -1: 5, -2: 6, -3: 6}[difference]


def injury(explain: Explanation, wounds_taken: Distribution, wounds: int, die: int, bands: tuple[int, int]) -> Distribution:
    """Turn wounds taken into unhurt / wounded / knocked down / stunned / out of action.

    `bands` are the highest rolls that still mean knocked down and stunned (2 and 4 on a D6).
    """
    knocked_down, stunned = bands

    def result(taken: int) -> Distribution:
        if taken == 0:
            return Distribution.always("unhurt")
        if taken < wounds:
            return Distribution.always("wounded")
        rolls = taken - wounds + 1  # one for the wound that reached 0, one for each after it
        return Distribution.die(die).highest_of(rolls).map(
            lambda roll: "knocked-down" if roll <= knocked_down else "stunned" if roll <= stunned else "out-of-action"
        )

    return wounds_taken.then(result)


def fall(explain: Explanation, height: Fraction, toughness: int, wounds: int) -> Distribution:
    """Outcome of a fall from `height` inches for a model of this Toughness and Wounds.

    Toughness is the ruleset's own: a characteristic in Mordheim (T3), the profile's modifier in Coreheim (+0).
    """
    model = explain.ruleset.falling
    if model is None:
        raise ValueError(f"{explain.ruleset.id} has no falling rules")
    if model.value == "mordheim":
        return _fall_mordheim(explain, height, toughness, wounds)
    return _fall_coreheim(explain, height, toughness, wounds)


def _fall_mordheim(explain: Explanation, height: Fraction, toughness: int, wounds: int) -> Distribution:
    rule = explain.ruleset.falling
    strength = floor(height)
    if height.denominator != 1:
        explain.assume("fraction-inches")
    if strength == 0:
        # The to-wound chart starts at Strength 1: a drop of under an inch makes no hit at all.
        explain.step(f"A fall of {inches(height)} would hit at Strength 0, which the to-wound chart does not have: "
                     "no hit, the model is unhurt.", rule, assumption="fall-under-an-inch")
        return Distribution.always("unhurt")
    explain.step(f"A fall of {inches(height)} is D3 hits at Strength {strength}; no armour save and no critical hits.", rule)
    target = to_wound_target(strength, toughness)
    if target is None:
        explain.step(f"Strength {strength} cannot wound Toughness {toughness}.", assumption="to-wound")
        taken = Distribution.always(0)
    else:
        p = Fraction(7 - target, 6)
        explain.step(f"Strength {strength} against Toughness {toughness} wounds on {target}+: {fraction_text(p)} a hit.",
                     assumption="to-wound")
        taken = Distribution.die(3).then(lambda hits: Distribution.die(6).count_successes(hits, lambda roll: roll >= target))
    explain.step(f"With {wounds} Wound{'s' if wounds > 1 else ''}, reaching 0 means an injury roll on a D6 for that wound "
                 "and each one after it, keeping the highest: 1-2 knocked down, 3-4 stunned, 5-6 out of action.",
                 assumption="injury-mordheim")
    return injury(explain, taken, wounds, 6, (2, 4))


def _fall_coreheim(explain: Explanation, height: Fraction, toughness: int, wounds: int) -> Distribution:
    rules = explain.ruleset
    if height < rules.min_fall.value:
        explain.step(f"A drop of {inches(height)} is not a fall: falls count only from a full {inches(rules.min_fall.value)}.",
                     rules.min_fall)
        return Distribution.always("unhurt")
    whole = floor(height)
    target = 10 - whole
    explain.step(f"A fall of {inches(height)} is one hit that wounds on a D12 roll of {target}+ (10 - {whole}); "
                 "no armour save and no critical wounds.", rules.falling, assumption="fall-coreheim")
    if height.denominator != 1:
        explain.assume("fraction-inches")
    # `toughness` is the profile's modifier to rolls to wound the model (T +0, T -1).
    change = f"changes the roll by {toughness:+d}" if toughness else "does not change the roll"
    explain.step(f"Toughness {toughness:+d} {change}.", assumption="toughness-coreheim")
    taken = Distribution.die(12).map(lambda roll: int(roll == 12 or (roll != 1 and roll + toughness >= target)))
    explain.step("As on every Coreheim D12 roll, a natural 12 always wounds and a natural 1 never does.",
                 assumption="coreheim-natural-rolls")
    p = taken[1]
    explain.step(f"Chance to be wounded: {fraction_text(p)} ({chance_words(p)}).")
    explain.step(f"With {wounds} Wound{'s' if wounds > 1 else ''}, reaching 0 means an injury roll on a D12: "
                 "1-4 knocked down, 5-8 stunned, 9-12 out of action.", assumption="injury-coreheim")
    return injury(explain, taken, wounds, 12, (4, 8))
