"""What a charge leaves the model to do this turn: the charge calculator's lines after a charge that did not
happen or fell short, and the route's once it ends each way a charge can (Mechanic.after)."""

from __future__ import annotations

from fractions import Fraction

from rulescore.answers.explain import Explanation, Step, inches
from rulescore.dice.distribution import Distribution
from rulescore.framework.legs import Followed, RouteEnd
from rulescore.framework.rules import Rules
from rulescore.mechanics.charge_moves import Charge
from rulescore.mechanics.hiding import Hiding
from rulescore.mechanics.running import Run


def what_follows(explain: Explanation, ruleset: Rules, table: Distribution, distance: Fraction, unseen: str) -> None:
    """What the model may still do this turn when it does not charge, or charges and falls short (#39)."""
    if table["cannot-charge"]:
        detect = ruleset.given(Charge).detect_unseen
        if unseen == "yes" and detect is not None and distance <= detect.value:  # the text says it of a failed roll
            explain.then("Failing to see it, it may not charge this turn, but may move its normal distance, shoot "
                         "and cast spells.", detect)  # fmt: skip
        else:
            explain.then("Not charging, it may still move, shoot and cast spells as normal.", assumption="not-charging")
        run = ruleset.numbers(Run)
        near = run.enemy_range if run else None
        # A hidden enemy does not stop a run; one in the open (seen or not) within range does.
        if near is not None and unseen != "hidden" and distance <= near.value:
            explain.then(f"With the target within {inches(near.value)}, it may not run either.", near)
    failed = ruleset.given(Charge).failed
    if table["falls-short"] and failed:
        explain.then(f"After a failed charge it {failed.value}.", failed)


def after_charge(rules: Rules, end: RouteEnd) -> list[Followed]:
    """What a charge leaves the model to do: fighting the target it reached, or the enemy that stepped in;
    no charge at a target it failed to see; a failed charge's rule."""
    charge, hiding = rules.numbers(Charge), rules.numbers(Hiding)
    if not charge:
        return []
    lines: list[Followed] = []
    if end.done and end.activation == "charge":
        words = "Reaching the target, it is in hand-to-hand combat with it"
        if charge.strike_first:
            words += " and strikes first in the first round"
        if hiding and hiding.charged and hiding.charged.value == "cannot hide":
            words += "; a model that charges cannot hide"
        lines.append((40, Step(words + ".", charge.section)))
    # Only a text with a detection rule ends a charge unseen, and only one with interception intercepts it.
    if charge.detect_unseen and ("not-seen" in end.ends or end.ended("not-seen-")):
        words = "Failing to see its target, it may not charge this turn, but may move its normal distance, shoot "
        lines.append((50, Step(words + "and cast spells.", charge.detect_unseen.section)))
    if charge.interception and end.ended("intercepted"):
        fear = "; if that enemy causes fear, it tests for fear as if charged." if charge.intercept_fear else "."
        words = "Intercepted, it fights that enemy instead, and still counts as charging in the first round" + fear
        lines.append((60, Step(words, charge.interception.section)))
    if end.ended("falls-short") and charge.failed:
        lines.append((70, Step(f"After a failed charge it {charge.failed.value}.", charge.failed.section)))
    return lines
