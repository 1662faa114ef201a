"""A charge planned as a route: what is settled before the first inch (can the charger see its target, is
another enemy near the route, is more than one enemy in reach), how far the charge moves, then the legs
walked as far as that takes it. Each from the text and cited, or refused in its words (#50). A charge is worked
out whole before it is walked: a double move that cannot cover the route is a failed charge, walked again with
the model's Movement alone; a charge of Movement plus a roll is walked once per total the roll can give."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rulescore.answers.explain import Explanation, Step, fraction_text, inches, sentence
from rulescore.answers.fields import FieldError
from rulescore.dice.distribution import Distribution
from rulescore.framework.legs import Forbidden, Leg, cited
from rulescore.mechanics.charge_moves import Charge, DoubleMove
from rulescore.mechanics.hiding import Hiding
from rulescore.mechanics.initiative import initiative_test, test_words
from rulescore.mechanics.interception import STOPPED_BY, fear_to_intercept
from rulescore.route.charge_form import charge_fields, charge_kind, charge_legs, charge_refused
from rulescore.route.own import OwnRoute, Planned
from rulescore.route.walk import Ending, Walk, needed, walk_legs
from rulescore.ruleset import Ruleset

# The outcome a failed detection ends in, when the legs before the charge are all walked.
NOT_SEEN = Ending("not-seen", "Fails to see the target: no charge; it moves as far as the last leg", kind="not-seen")


# How a charge's walk ends where its own rules end it: out of movement (a failed charge), and met by an
# interceptor as it begins its last leg (our reading, "interceptor-meets-last-leg").
FALLS_SHORT = ("falls-short", "falls short (failed charge), it stops here", "the charge ends here, short of the target")
INTERCEPTED = ("intercepted", "intercepted as it begins this leg, it fights that enemy")


def _charge_walk(
    explain: Explanation, ruleset: Ruleset, allowance: Fraction, read: dict[str, Any], charging: str, interceptor: bool
) -> Walk:
    return Walk(
        ruleset, explain, allowance, read, charging, short=FALLS_SHORT, met=INTERCEPTED if interceptor else None
    )


def charge_route(explain: Explanation, ruleset: Ruleset, read: dict[str, Any], legs: list[Leg]) -> Planned:
    """Sight, then an enemy near the route, then the charge moved and walked."""
    rules = ruleset.given(Charge)
    seen = _sight(explain, ruleset, read)
    interceptor = read.get("interceptor", "no")
    interception, near = rules.interception, rules.interception_range
    if interceptor != "no" and interception and near and interception.value in STOPPED_BY:
        words = STOPPED_BY[interception.value].format(inches(near.value))
        raise Forbidden("interceptor", f"{words[:-1]} ({cited(interception)}).")
    then: tuple[Step, ...] = ()
    if read.get("others") == "yes" and rules.several:
        several = f"With more than one enemy in reach of base contact, it {rules.several.value}."
        explain.step(several, rules.several)
        then = (Step(several, rules.several.section, rules.several.assumption),)
    brave = _interception(explain, rules, interceptor, read.get("leadership"))
    through = _moved(explain, ruleset, read, legs)
    # The target not seen: no charge, the legs before it walked as a normal move (one walk for both tables).
    unseen = _not_seen(ruleset, read, legs) if seen < 1 else None

    def seeing(charged: Walk) -> Walk:
        return _mixed(ruleset, read, (charged, seen), (unseen, 1 - seen)) if unseen else charged

    if brave is None:
        return Planned(seeing(through), then=then)
    met = _moved(Explanation(), ruleset, read, legs, interceptor=True)
    if brave < 1 or interceptor == "fears":
        met = _mixed(ruleset, read, (met, brave), (through, 1 - brave))
    title = "If the enemy tries to intercept" if interceptor == "fears" else "If the enemy intercepts"
    choice = ("the enemy chooses whether to intercept", "if not intercepted: ")
    return Planned(seeing(through), "If the enemy lets the charge through", (title, seeing(met)), then, choice)


def _interception(explain: Explanation, rules: Charge, interceptor: str, leadership: int | None) -> Fraction | None:
    """An enemy that may choose to intercept: the chance it may (a Fear test it must pass), None if none."""
    if interceptor == "no" or not rules.interception or not rules.interception_range:
        return None
    explain.step(
        f"One unengaged enemy within {inches(rules.interception_range.value)} of the route may choose to intercept; "
        "if it does, the charger fights it instead and still counts as charging. That is the opponent's choice, "
        "not a roll: both answers are shown, the interceptor meeting the charger as it begins the last leg.",
        rules.interception,
        assumption=rules.interception.assumption,
    )
    explain.assume("interceptor-meets-last-leg")
    if rules.intercept_fear:  # the Living Rulebook: said, since it changes no way the charge ends
        explain.step(
            "Only one enemy may try to intercept each charger. An interceptor that causes fear makes the charger "
            "test for fear as if it were charged; whatever the result, the charger still counts as charging.",
            rules.interception,
        )
    if interceptor != "fears" or not rules.intercept_fear:  # "fears" is offered only where the text has the test
        return Fraction(1)
    if leadership is None:  # asked with the interceptor wherever an interceptor may fear the charger
        raise FieldError("leadership", "Give the interceptor's Leadership: it takes a Fear test to intercept.")
    return fear_to_intercept(explain, rules.intercept_fear, leadership)


def _sight(explain: Explanation, ruleset: Ruleset, read: dict[str, Any]) -> Fraction:
    """The chance the charger sees its target: 1 in sight; an Initiative test within the detection range;
    a target it may not charge is refused in the text's words."""
    rules, target = ruleset.given(Charge), read.get("target", "seen")
    if target == "seen":
        return Fraction(1)
    if target == "hidden":
        hiding = ruleset.given(Hiding).cannot_be_charged
        message = f"A hidden warrior cannot be seen, shot at or charged ({cited(hiding)}): pick another target."
        raise Forbidden("target", message)
    if target == "unseen-far" or not rules.detect_unseen:
        sight = rules.detect_unseen or rules.needs_sight
        if rules.detect_unseen:
            words = f"An enemy it cannot see may be charged only within {inches(rules.detect_unseen.value)}"
            raise Forbidden("target", f"{words}, after an Initiative test to detect it ({cited(sight)}).")
        raise Forbidden("target", "The charger must see its target to charge it.", sight.assumption if sight else None)
    explain.step(
        f"The target is out of sight but not hidden, within {inches(rules.detect_unseen.value)}: the charger must "
        "pass an Initiative test to detect it; failing, it may not charge this turn, but may move its normal "
        "distance, shoot and cast spells.",
        rules.detect_unseen,
        assumption="within-includes-edge",
    )
    detected, needs = initiative_test(explain, ruleset, read["initiative"])
    explain.to_do(f"to see the target, {test_words(1, needs, detected)}")
    if detected < 1:
        explain.step(
            f"Failing ({fraction_text(1 - detected)}), it walks the legs before the last as a normal move, with its "
            f"Movement, {inches(read['move'])}, and stops before the charge itself.",
            assumption="unseen-failed-route",
        )
    return detected


def _not_seen(ruleset: Ruleset, read: dict[str, Any], legs: list[Leg]) -> Walk:
    """Failing to see the target: the legs before the charge walked as a normal move, stopping before it."""
    moving = {**read, "activation": "move"}
    unseen = walk_legs(Walk(ruleset, Explanation(), read["move"], moving, branch=_NOT_SEEN_BRANCH), legs[:-1])
    if unseen.going:
        unseen.ends[NOT_SEEN] = unseen.going
        unseen.going = Fraction(0)
    return unseen


_NOT_SEEN_BRANCH = ("not-seen-", "Not seen, a normal move: ")


def _mixed(ruleset: Ruleset, read: dict[str, Any], *weighed: tuple[Walk, Fraction]) -> Walk:
    """Walks of one route under different fortunes (a roll, a test, an enemy's choice), each counted with its
    chance; the walking is done, so the mix explains nothing itself."""
    found = Walk(ruleset, Explanation(), Fraction(0), read)
    found.going = Fraction(0)
    for walk, weight in weighed:
        found.merge(walk, weight)
    return found


def _moved(
    explain: Explanation, ruleset: Ruleset, read: dict[str, Any], legs: list[Leg], interceptor: bool = False
) -> Walk:
    """A charge: how far it moves, then the route walked as far as that takes it."""
    rules, move = ruleset.given(Charge), read["move"]
    total = needed(ruleset, read, legs)
    if rules.obstacles:
        explain.step(sentence(rules.obstacles.value), rules.obstacles)
    kind = rules.move.value
    if isinstance(kind, DoubleMove):
        reach = 2 * move
        reaches = total <= reach
        explain.step(
            f"A charge moves double Movement, {inches(reach)}, declared without measuring; this route needs "
            f"{inches(total)}: " + ("it covers it." if reaches else "it cannot (a failed charge)."),
            rules.move,
        )
        if reaches:
            return walk_legs(_charge_walk(explain, ruleset, reach, read, "reaches", interceptor), legs)
        explain.to_do(f"the route needs {inches(total)}, over the {inches(reach)} charge move: a failed charge")
        if rules.failed:
            explain.step(f"A charger that falls short {rules.failed.value}.", rules.failed)
        explain.step(
            f"So it walks the route with its Movement alone, {inches(move)}, and stops where that runs out.",
            assumption="failed-charge-route",
        )
        return walk_legs(_charge_walk(explain, ruleset, move, read, "short", interceptor), legs)
    cap = Fraction(rules.cap.value) if rules.cap else None
    totals: Distribution = kind.dice.odds.map(
        lambda roll: move + roll if cap is None else max(move, min(move + roll, cap))
    )
    reaches = totals.probability(lambda moved: moved >= total)
    bonus = f"roll the {kind.dice.name} charge bonus: Movement {inches(move)} plus the roll" + (
        f", at most {inches(cap)}," if cap is not None else ""
    )
    if 0 < reaches < 1:
        least = min(moved for moved in totals if moved >= total)
        explain.to_do(f"{bonus} must cover the route's {inches(total)}: a charge move of {inches(least)} or more")
    else:
        explain.to_do(f"{bonus} {'always covers' if reaches else 'never covers'} the route's {inches(total)}")
    explain.step(
        f"The charge moves Movement plus a {kind.dice.name} charge bonus"
        + (f", at most {inches(cap)} in all" if cap is not None else "")
        + f"; this route needs {inches(total)}.",
        rules.cap or rules.move,
        assumption=rules.cap.assumption if rules.cap else None,
    )
    if reaches < 1 and rules.failed:
        explain.step(f"A charger that falls short {rules.failed.value}.", rules.failed)
        explain.assume("failed-charge-route")
    # One walk per total the roll can give, weighted by its chance; the longest is the one explained.
    longest = max(totals)
    walks = []
    for moved in sorted(totals):
        said = explain if moved == longest else Explanation()
        charging = "reaches" if moved >= total else "short"
        walks.append((walk_legs(_charge_walk(said, ruleset, moved, read, charging, interceptor), legs), totals[moved]))
    return _mixed(ruleset, read, *walks)


# The charge as the planner takes it (route/activations.py lists it).
CHARGING = OwnRoute("charge", charge_kind, charge_refused, charge_fields, charge_legs, charge_route)
