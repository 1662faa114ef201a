"""An enemy near a charge's route: what each text's kind of interception does, and the Fear test an
interceptor that fears the charger takes (the charge calculator's and the route's)."""

from __future__ import annotations

from fractions import Fraction

from rulescore.answers.explain import Explanation, fraction_text, inches
from rulescore.dice.distribution import Distribution
from rulescore.dice.rolls import Test
from rulescore.framework.mechanic import Line
from rulescore.mechanics.charge_moves import Charge
from rulescore.reading.rule_value import Rule

# The kinds of interception that stop the charge outright, as the working says it.
STOPPED_BY = {
    "blocks": "An unengaged enemy within {} of the route blocks this charge: the charger may not charge past it.",
    "becomes-target": "The route passes within {} of another enemy first: the charger must target that enemy "
    "instead, or not charge.",
}

# What an enemy near the charge route does, in each ruleset's kind of interception.
INTERCEPTION_WORDS = {
    "blocks": "an unengaged enemy within {} of the route stops the charge",
    "enemy-chooses": "one unengaged enemy within {} of the route may choose to intercept",
    "becomes-target": "an enemy within {} of the route must be charged instead, or no charge",
}


def fear_to_intercept(explain: Explanation, fear: Rule[Test], leadership: int) -> Fraction:
    """An interceptor that fears the charger: the chance it passes the Fear test it must take to step in (the
    charge calculator's and the route's; `fear` is `[charge] intercept_fear`)."""
    test = fear.value
    brave: Fraction = test.chance(leadership)
    explain.to_do(f"to intercept, the enemy's Fear test {test.needs(leadership) or 'passes whatever the roll'}")
    explain.step(
        f"The interceptor would have to test for fear to engage the charger, so it must pass a Fear test to "
        f"intercept (Ld {leadership}: {test.roll_words(leadership)}: {fraction_text(brave)}); failing, it "
        "does not move and the charge goes on.",
        fear,
        assumption=fear.assumption,
    )
    return brave


def intercept_branch(
    explain: Explanation, rules: Charge, fears: bool, leadership: int, detected: Fraction, reaches: Fraction
) -> tuple[str, Distribution]:
    """The branch where the enemy steps in; a charger that fails to detect its target charges no one either way."""
    fear = rules.intercept_fear  # asked only where the text has it
    if not fears or fear is None:
        return "If the enemy intercepts", Distribution({"intercepted": detected, "cannot-charge": 1 - detected})
    brave = fear_to_intercept(explain, fear, leadership)
    needs = fear.value.needs(leadership)
    if needs:
        explain.needs(f"to intercept, the enemy {needs}")
    through = detected * (1 - brave)
    return "If the enemy tries to intercept", Distribution(
        {
            "intercepted": detected * brave,
            "reaches": through * reaches,
            "falls-short": through * (1 - reaches),
            "cannot-charge": 1 - detected,
        }
    )


def interception_lines(charge: Charge) -> list[Line]:
    """The quick reference's line for an enemy near the route, where the text has one."""
    if not charge.interception or not charge.interception_range:  # the loader takes one only with the other
        return []
    words = INTERCEPTION_WORDS[charge.interception.value].format(inches(charge.interception_range.value))
    return [Line("interception", "Enemy near the route", words, charge.interception)]
