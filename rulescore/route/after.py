"""After a route: what the model may still do this turn, for each way the route can end, in the texts'
own terms and cited (a run costs the shot, a fall ends the turn, a failed charge stays where it is)."""

from __future__ import annotations

from fractions import Fraction

from rulescore.answers.explain import Step
from rulescore.rulesets import Ruleset


def _ended(keys: list[str], kind: str) -> bool:
    """Does a leg end this way: "leg2-fell-stunned", or in a branch, "not-seen-leg2-fell-stunned"."""
    return any(f"-{kind}" in key for key in keys)


def after_route(ruleset: Ruleset, activation: str, done: Fraction, ends: list[str]) -> list[Step]:
    """One line per way the route ends that a text speaks of; `ends` are the route's outcome keys."""
    lines: list[Step] = []
    hiding, charge = ruleset.hiding, ruleset.charge
    if done and activation == "move":
        if ruleset.half_move and hiding and hiding.moved:
            lines.append(
                Step(
                    "If it moves more than a half-move, it may not shoot or hide this turn (a half-move keeps both).",
                    ruleset.half_move.section,
                )
            )
        elif hiding:
            lines.append(
                Step(
                    "Completing the move, it may still shoot, and hide if it ends where it could conceal itself.",
                    hiding.section,
                )
            )
    if done and activation == "half-move":
        lines.append(
            Step("Completing the half-move, it may still shoot, or hide at the end of it.", ruleset.half_move.section)
        )
    if done and activation == "run" and ruleset.run.no_shooting:
        cannot_hide = hiding and hiding.ran and hiding.ran.value == "cannot hide"
        lines.append(
            Step(
                f"Having run, it {ruleset.run.no_shooting.value}" + (", and it cannot hide." if cannot_hide else "."),
                ruleset.run.section,
            )
        )
    if done and activation == "charge":
        words = "Reaching the target, it is in hand-to-hand combat with it"
        if charge.strike_first:
            words += " and strikes first in the first round"
        if hiding and hiding.charged and hiding.charged.value == "cannot hide":
            words += "; a model that charges cannot hide"
        lines.append(Step(words + ".", charge.section))
    if "not-seen" in ends or _ended(ends, "not-seen-"):
        lines.append(
            Step(
                "Failing to see its target, it may not charge this turn, but may move its normal distance, shoot "
                "and cast spells.",
                charge.detect_unseen.section,
            )
        )
    if _ended(ends, "intercepted"):
        lines.append(
            Step(
                "Intercepted, it fights that enemy instead, and still counts as charging in the first round"
                + ("; if that enemy causes fear, it tests for fear as if charged." if charge.intercept_fear else "."),
                charge.interception.section,
            )
        )
    if _ended(ends, "falls-short") and charge.failed:
        lines.append(Step(f"After a failed charge it {charge.failed.value}.", charge.failed.section))
    if _ended(ends, "fell-") and ruleset.fall.stops:
        lines.append(Step(f"A model that falls {ruleset.fall.stops.value}.", ruleset.fall.stops.section))
    if _ended(ends, "dropped"):
        lines.append(
            Step("A drop too short to be a fall leaves it free to act on this turn.", ruleset.fall.least.section)
        )
    if _ended(ends, "stuck"):
        lines.append(Step(f"Failing a climb up, it {ruleset.climb.fail_up.value}.", ruleset.climb.fail_up.section))
    return lines
