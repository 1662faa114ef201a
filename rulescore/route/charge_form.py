"""A charge before it moves, as the route planner asks it: offered where the text has a charge move (and said
where it has none), what it settles first (its target's sight, an enemy near the route, more than one enemy in
reach), and what its rules say of a route's legs whatever the activation (#50). route/charge.py walks it."""

from __future__ import annotations

from rulescore.answers.explain import Explanation, inches
from rulescore.answers.fields import YES_NO, Field, choice, whole
from rulescore.framework.legs import Forbidden, Leg, refused_at
from rulescore.mechanics.charge_moves import Charge
from rulescore.mechanics.hiding import Hiding
from rulescore.route.read import LEG_KINDS
from rulescore.ruleset import Ruleset

# A charge's own fields are asked of a charge only.
CHARGE = {"activation": ("charge",)}
NO_CHARGE = "{title}'s text gives no charge move, so a charge is not planned here: plan the move to the enemy."


def charge_kind(ruleset: Ruleset) -> tuple[list[tuple[str, str]], str]:
    """A charge among the kinds of activation, last, where the text has a charge move; where it has none, the
    words that say so where a charge would be chosen, not left out unsaid (#50)."""
    if ruleset.numbers(Charge):
        return [("charge", "A charge")], ""
    return [], NO_CHARGE.format(title=ruleset.title)


def charge_refused(ruleset: Ruleset, activation: object) -> str | None:
    """A charge asked of a text with no charge move, said in the text's terms (not "choose one of")."""
    return NO_CHARGE.format(title=ruleset.title) if activation == "charge" and not ruleset.numbers(Charge) else None


def charge_legs(explain: Explanation, ruleset: Ruleset, activation: str, legs: list[Leg]) -> None:
    """What a charge's rules say of a route's legs, whatever its activation: a charge ends a charge, and only a
    charge may come close to the enemy (Trench Crusade, Moves)."""
    if activation == "charge" and not LEG_KINDS[legs[-1].kind].to_target:
        message = "A charge ends at its target: add a last leg, charge N (the inches left to it)."
        raise Forbidden("activation", message, unfinished=True)
    for number, leg in enumerate(legs, start=1):
        if LEG_KINDS[leg.kind].to_target:
            where, name = refused_at(number, leg)
            if activation != "charge":
                raise Forbidden(where, f"{name}: a charge ends a charge; choose 'A charge' for this activation.")
            if number != len(legs):
                raise Forbidden(where, f"{name}: a charge ends the route: the model is then in combat.")
    charge = ruleset.numbers(Charge)
    near_enemies = charge.near_enemies if charge else None
    if near_enemies and activation != "charge":  # Trench Crusade, Moves: only a charge comes this close
        gap = inches(near_enemies.value)
        explain.to_do(f"keep more than {gap} from every enemy model (only a charge may come closer)")
        explain.step(
            f"Only a charge may move within {gap} of an enemy model; a model that starts within {gap} of enemies "
            f"may move only if it stays within {gap} of each of them all the way, or retreats.",
            near_enemies,
        )


def charge_fields(ruleset: Ruleset) -> list[Field]:
    """What a charge settles before it moves, each asked only where the text has the rule."""
    rules = ruleset.numbers(Charge)
    if rules is None:
        return []
    found = []
    sight = [("seen", "In sight")]
    if rules.detect_unseen:
        near = inches(rules.detect_unseen.value)
        sight += [("unseen", f"Out of sight, within {near} (not hidden)"), ("unseen-far", f"Out of sight, over {near}")]
    elif rules.needs_sight:
        sight.append(("unseen", "Out of sight"))
    hiding = ruleset.numbers(Hiding)
    if hiding is not None and hiding.cannot_be_charged is not None:
        sight.append(("hidden", "Hidden"))
    if len(sight) > 1:
        found.append(
            choice("target", "The charge's target is", "seen", tuple(sight), help="For a charge.").when(**CHARGE)
        )
    if rules.interception and rules.interception_range:  # the loader takes one only with the other
        near = inches(rules.interception_range.value)
        label = (
            f"Another enemy within {near} of the route, before the target"
            if rules.interception.value == "becomes-target"
            else f"Another unengaged enemy within {near} of the route"
        )
        offered = [*YES_NO] + ([("fears", "Yes, and it fears the charger")] if rules.intercept_fear else [])
        found.append(choice("interceptor", label, "no", tuple(offered), help="For a charge.").when(**CHARGE))
    if rules.intercept_fear:
        found.append(
            whole(
                "leadership", "That enemy's Leadership", 7, 2, 12, help="Read only when that enemy fears the charger."
            )
            .of("target.leadership")
            .when(**CHARGE, interceptor=("fears",))
        )
    if rules.several:
        found.append(
            choice("others", "More than one enemy in reach of base contact", "no", YES_NO, help="For a charge.").when(
                **CHARGE
            )
        )
    return found
