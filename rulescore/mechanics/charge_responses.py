"""What the charged unit may do in response (Warhammer): hold when it is already in combat, stand and shoot
when the chargers start far enough away, or flee, with the chance its flight takes it out of reach. Read from
the `[charge]` table; the charge calculator asks it after the charge itself is worked out."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rulescore.answers.explain import Explanation, chance_words, fraction_text, inches
from rulescore.answers.fields import Field, choice, length
from rulescore.dice.distribution import Distribution
from rulescore.framework.mechanic import Line
from rulescore.mechanics.charge_moves import Charge

CHARGED_UNITS = (
    ("missiles", "Has missile weapons"),
    ("no-missiles", "Has no missile weapons"),
    ("engaged", "Is already in close combat"),
)


def response_fields(rules: Charge) -> list[Field]:
    """The charged unit's fields, where the text gives it responses."""
    fields = []
    if rules.stand_and_shoot or rules.flee:
        fields.append(
            choice(
                "target", "The charged unit", "missiles", CHARGED_UNITS if rules.engaged_holds else CHARGED_UNITS[:2]
            )
        )
    if rules.flee:
        fields.append(length("target_move", "Target's Movement (if it flees)", "4", "1", "20").of("target.move"))
    return fields


def target_responses(
    explain: Explanation, rules: Charge, move: Fraction, distance: Fraction, target: str, target_move: Fraction
) -> list[tuple[str, Distribution]]:
    """The working of each response the text gives the charged unit; a flight as its own table."""
    if target == "engaged" and rules.engaged_holds:
        explain.step(
            "The target is already engaged in close combat, so it may only hold: no stand & shoot, no flee.",
            rules.engaged_holds,
        )
        return []
    if rules.stand_and_shoot:
        limit = move * 2 * rules.stand_and_shoot.value
        if target == "no-missiles":
            explain.step(
                "Only a unit with missile weapons may stand & shoot; this one may hold or flee.", rules.stand_and_shoot
            )
        elif distance > limit:
            explain.step(
                f"The target has missile weapons and the chargers start more than {inches(limit)} (half the "
                "charge move) away: it may stand & shoot.",
                rules.stand_and_shoot,
            )
        else:
            explain.step(
                f"The chargers start {inches(limit)} or closer (half the charge move): too close to shoot, so a "
                "stand & shoot response counts as a hold.",
                rules.stand_and_shoot,
            )
    if not rules.flee:
        return []
    dice = rules.flee.value[0] if target_move <= 6 else rules.flee.value[1]
    flee = dice.odds
    explain.reach = ("How far the target flees", flee)
    escape = flee.probability(lambda rolled: distance + rolled > 2 * move)
    explain.to_do(f'if the target flees, it moves {dice.name}" away')
    explain.step(
        f'If the target flees it moves {dice.name}" straight away (its Movement is {inches(target_move)}); it escapes '
        f"if {inches(distance)} plus the roll is more than the charge move {inches(2 * move)}: "
        f"{fraction_text(escape)} ({chance_words(escape)}).",
        rules.flee,
        assumption="flee-escape",
    )
    return [("If the target flees", Distribution.chance(escape, "escapes", "caught"))]


def response_lines(charge: Any) -> list[Line]:
    """The quick reference's lines for the responses the text gives."""
    found = []
    if charge.stand_and_shoot:
        found.append(
            Line(
                "charge-responses",
                "Stand & shoot",
                "only if the chargers start more than half their charge move (M) away",
                charge.stand_and_shoot,
            )
        )
    if charge.flee:
        low, high = charge.flee.value
        found.append(Line("fleeing", "Flee", f'{low.name}" if M is 6 or less, {high.name}" if more', charge.flee))
    return found
