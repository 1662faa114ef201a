"""Charges: can the charger reach, with what chance, and what can stop it.

How far a charge moves is charge_moves.py, an enemy near its route interception.py, what the charged unit
may do in response (hold, stand and shoot, flee) charge_responses.py: each reads the same `[charge]` table.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from rulescore.answers.explain import Explanation, chance_words, fraction_text, inches, sentence
from rulescore.answers.fields import YES_NO, Field, FieldError, choice, length, movement, whole
from rulescore.dice.distribution import Distribution
from rulescore.framework.mechanic import Calculator, Card, Line, Mechanic, Numbers
from rulescore.framework.rules import Rules
from rulescore.mechanics.charge_after import after_charge, what_follows
from rulescore.mechanics.charge_moves import LEG, Charge
from rulescore.mechanics.charge_responses import response_fields, response_lines, target_responses
from rulescore.mechanics.ground import terrain_cost, terrain_field
from rulescore.mechanics.hiding import Hiding
from rulescore.mechanics.initiative import initiative_field, initiative_test, test_words
from rulescore.mechanics.interception import STOPPED_BY, intercept_branch, interception_lines


def charge(
    explain: Explanation,
    ruleset: Rules,
    move: Fraction,
    distance: Fraction,
    terrain: str = "open",
    unseen: str = "no",
    interceptor: str = "no",
    initiative: int = 0,
    target_move: Fraction = Fraction(4),
    leadership: int = 7,
    target: str = "missiles",
) -> tuple[Distribution, list[tuple[str, Distribution]]]:
    """The charge as declared, and the other branches a player must know: the target fleeing
    (Warhammer) or an enemy choosing to intercept (Living Rulebook), each as its own table.

    `unseen`: "no", "yes" (out of sight, not hidden) or "hidden"; `interceptor`: "no", "yes" or
    "fears" (it must pass a Fear test to intercept, at `leadership`); `target` (Warhammer): "missiles",
    "no-missiles" or "engaged" (already in close combat)."""
    rules = ruleset.given(Charge)

    if unseen == "hidden":
        hiding = ruleset.given(Hiding)
        explain.step(
            "A hidden warrior cannot be seen, shot at or charged: pick another target.", hiding.cannot_be_charged
        )
        explain.to_do("no dice: it cannot charge this target")
        return Distribution.always("cannot-charge"), []
    if unseen == "yes":
        if rules.detect_unseen is None or distance > rules.detect_unseen.value:
            sight = rules.detect_unseen or rules.needs_sight
            # A text that only implies line of sight (Trench Crusade's cut copy) gives an assumption, not a citation.
            why = "within-includes-edge" if rules.detect_unseen else sight.assumption if sight else None
            explain.step(
                "The charger must be able to see its target"
                + (
                    f"; an unseen enemy can only be charged within {inches(rules.detect_unseen.value)}."
                    if rules.detect_unseen
                    else "."
                ),
                sight,
                assumption=why,
            )
            explain.to_do("no dice: it cannot charge this target")
            return Distribution.always("cannot-charge"), []
        explain.step(
            f"An unseen (not hidden) enemy within {inches(rules.detect_unseen.value)} must be detected first "
            "with an Initiative test; failing, the model may not charge this turn.",
            rules.detect_unseen,
        )
        detected, needs = initiative_test(explain, ruleset, initiative)
        explain.to_do(f"to see the target, {test_words(1, needs, detected)}")
    else:
        detected = Fraction(1)

    intercepting = interceptor in ("yes", "fears")
    if intercepting:
        interception = rules.interception
        kind = interception.value if interception else None
        span = inches(rules.interception_range.value) if rules.interception_range else ""
        if kind in STOPPED_BY:
            explain.step(STOPPED_BY[kind].format(span), rules.interception)
            explain.to_do("no dice: it cannot charge this target")
            return Distribution.always("cannot-charge"), []
        if interception and kind == "enemy-chooses":
            explain.step(
                f"One unengaged enemy within {span} of the route may choose to intercept; if it does, the charger "
                "fights it instead and still counts as charging. That is the opponent's choice, not a roll: "
                "both answers are shown.",
                interception,
                assumption=interception.assumption,
            )
            explain.caption = "If the enemy lets the charge through"
            if rules.intercept_fear:
                explain.step(
                    "An interceptor that causes fear makes the charger test for fear as if it were charged; "
                    "whatever the result, the charger still counts as charging.",
                    rules.intercept_fear,
                )
        else:
            raise FieldError("interceptor", f"{ruleset.title}'s text has no interception rule.")

    if rules.obstacles:
        explain.step(sentence(rules.obstacles.value), rules.obstacles)
    cost = terrain_cost(explain, ruleset, terrain)
    reaches = rules.move.value.reaches(explain, rules, move, distance, cost)
    if rules.strike_first and reaches:  # a charge that cannot reach fights no first round
        said = "A model that charges" if reaches == 1 else "If it reaches, a model that charges"
        explain.step(f"{said} strikes first in the first round of the combat.", rules.strike_first)

    p = detected * reaches
    table = Distribution({"reaches": p, "falls-short": detected * (1 - reaches), "cannot-charge": 1 - detected})
    if reaches < 1 and rules.failed:
        explain.step(f"A charger that falls short {rules.failed.value}.", rules.failed)
    explain.step(f"Chance to reach: {fraction_text(p)} ({chance_words(p)}).")

    extra: list[tuple[str, Distribution]] = []
    if intercepting and explain.caption:  # the other branch of the enemy's choice
        extra.append(intercept_branch(explain, rules, interceptor == "fears", leadership, detected, reaches))
    extra.extend(target_responses(explain, rules, move, distance, target, target_move))
    return table, extra


def _tested(rules: Rules) -> str | None:
    charge = rules.numbers(Charge)
    return "charge" if charge and charge.detect_unseen else None


def _hides_from_charges(ruleset: Rules) -> bool:
    hiding = ruleset.numbers(Hiding)
    return hiding is not None and hiding.cannot_be_charged is not None


def _fields(ruleset: Rules) -> list[Field]:
    rules = ruleset.given(Charge)
    fields = [movement(), length("distance", "Distance to the target", "7", "0", "48")]
    if ruleset.costs("terrain"):
        fields.append(terrain_field(ruleset))
    if rules.detect_unseen or rules.needs_sight:
        sight = [("no", "No"), ("yes", "Yes, not hidden" if _hides_from_charges(ruleset) else "Yes")]
        if _hides_from_charges(ruleset):
            sight.append(("hidden", "Yes, hidden"))
        fields.append(choice("unseen", "Target out of sight", "no", tuple(sight)))
    if rules.detect_unseen:
        fields.append(initiative_field(ruleset))
    if rules.interception:
        near = [*YES_NO] + ([("fears", "Yes, and it fears the charger")] if rules.intercept_fear else [])
        fields.append(choice("interceptor", "Enemy near the route", "no", tuple(near)))
    if rules.intercept_fear:
        fields.append(
            whole(
                "leadership",
                "That enemy's Leadership",
                7,
                2,
                12,
                help="Read only when the enemy near the route fears the charger.",
            ).of("target.leadership")
        )
    fields.extend(response_fields(rules))
    return fields


def _compute(
    explain: Explanation, ruleset: Rules, v: dict[str, Any]
) -> tuple[Distribution, list[tuple[str, Distribution]]]:
    keep = ("terrain", "unseen", "interceptor", "initiative", "target_move", "leadership", "target")
    table, extra = charge(explain, ruleset, v["move"], v["distance"], **{k: v[k] for k in keep if k in v})
    what_follows(explain, ruleset, table, v["distance"], v.get("unseen", "no"))
    return table, extra


def _headline(table: Distribution, extra: list[tuple[str, Distribution]], say: Callable[[Fraction], str]) -> list[str]:
    if any("intercepted" in t for _, t in extra):
        # The enemy chooses: never a single chance while an interceptor may step in.
        through = table["reaches"]
        return [
            "the enemy chooses whether to intercept",
            "if not intercepted: " + ("reaches the target" if through == 1 else f"{say(through)} to reach"),
        ]
    if table["cannot-charge"] == 1:
        return ["cannot charge"]
    return [f"{say(table['reaches'])} to reach"]


# The quick reference's lines, a Line per number: alike in shape to every mechanic's, by design.
def _lines(rules: Rules) -> list[Line]:
    charge = rules.numbers(Charge)
    if not charge:
        return []
    found = [Line("charge", "Charge move", *charge.move.value.words(charge))]
    if charge.ends_within:
        found.append(
            Line(
                "charge",
                "A charge reaches its target",
                f"within {inches(charge.ends_within.value)}",
                charge.ends_within,
            )
        )
    elif charge.base_contact and charge.base_contact.value:
        found.append(Line("charge", "A charge reaches its target", "in base-to-base contact", charge.base_contact))
    if charge.detect_unseen:
        found.append(
            Line(
                "charge",
                "Unseen target",
                f"within {inches(charge.detect_unseen.value)}: pass an Initiative test to detect it",
                charge.detect_unseen,
            )
        )
    elif charge.needs_sight and charge.needs_sight.value:
        found.append(Line("charge", "Unseen target", "cannot be charged: the charger must see it", charge.needs_sight))
    if charge.failed:
        found.append(Line("charge", "Failed charge", charge.failed.value, charge.failed))
    found.extend(interception_lines(charge))
    if charge.strike_first:
        found.append(Line("charge", "Chargers", "strike first in the first round", charge.strike_first))
    return found + response_lines(charge)


# Declared in the shape every mechanic shares (rulescore/framework/mechanic.py), alike by design: its rule differs.
CHARGE = Mechanic(
    turn=50,
    title="Charging",
    parts={"charge": Numbers(Charge, together=(("interception", "interception_range"),))},
    tested=_tested,
    calculators=(
        Calculator(
            "charge",
            "Charge",
            needs=("charge",),
            fields=_fields,
            compute=_compute,
            headline=_headline,
            card=Card('Charge a target {}"', "distance", ("6", "8", "10", "12"), place=4),
        ),
    ),
    outcomes={
        "reaches": "Reaches the target",
        "intercepted": "Intercepted: fights the intercepting enemy (still counts as charging)",
        "cannot-charge": "Cannot charge",
        "falls-short": "Falls short (failed charge)",
        "escapes": "Fleeing unit escapes",
        "caught": "Fleeing unit is caught",
    },
    lines=_lines,
    legs=(LEG,),
    after=after_charge,
)
