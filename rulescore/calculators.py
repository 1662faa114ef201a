"""The calculators: which rulesets each serves, the inputs it takes there, and what it computes."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import NamedTuple

from rulescore.charging import charge
from rulescore.checks import target_number
from rulescore.dice import Distribution
from rulescore.explain import Explanation, chance_words
from rulescore.falling import fall
from rulescore.fields import YES_NO, Field, choice, length, whole
from rulescore.hiding import hide
from rulescore.jumping import climb, diving_charge, edge_fall, gap, jump_down
from rulescore.rulesets import Ruleset
from rulescore.running import run

ENEMY_STATES = (("standing", "Standing"), ("fleeing", "Fleeing"), ("stunned", "Stunned"),
                ("knocked-down", "Knocked down"), ("hidden", "Hidden"))


def initiative(ruleset: Ruleset, label: str = "Initiative") -> Field:
    if target_number(ruleset):
        return whole("initiative", f"{label} (target number)", 7, 1, 13,
                     help=f"{ruleset.game}: the roll needed on a {ruleset.test.value.dice.name}, e.g. 7 for I7+.")
    return whole("initiative", label, 3, 1, 10)


def movement(default: int = 4) -> Field:
    return length("move", "Movement", str(default), "1", "20")


def toughness(ruleset: Ruleset) -> Field:
    return ruleset.fall.toughness_field(ruleset.game)


def drop(name: str, label: str, default: str) -> Field:
    """A height the rule measures: 0" is no fall, jump or climb, so the field refuses it."""
    return length(name, label, default, "0", "24", above_zero=True)


def wounds() -> Field:
    return whole("wounds", "Wounds", 1, 1, 10)


def terrain(ruleset: Ruleset) -> Field:
    kinds = list(ruleset.terrain) if ruleset.terrain else ["open"]
    return choice("terrain", "Ground along the route", "open", tuple((k, ground_label(k)) for k in kinds))


def ground_label(kind: str) -> str:
    """"very-difficult" -> "Very difficult ground"."""
    return f"{kind.replace('-', ' ').capitalize()} ground"


class Calculator(NamedTuple):
    """One calculator: what it asks, where it applies and how it answers."""

    name: str
    title: str
    supports: Callable[[Ruleset], bool]
    fields: Callable[[Ruleset], list[Field]]
    compute: Callable[[Explanation, dict], tuple[Distribution, list[tuple[str, Distribution]]]]
    headline: Callable[[Distribution, list[tuple[str, Distribution]]], list[str]]  # (main table, extra tables)
    section: Callable[[Ruleset], str]  # the rule section the calculator sits in


def _p(table: Distribution, *keys: str) -> Fraction:
    return sum((table[k] for k in keys), Fraction(0))


def _fell(table: Distribution, key: str) -> Fraction:
    return table[f"fell-{key}"]


def _charge_fields(ruleset: Ruleset) -> list[Field]:
    rules = ruleset.charge
    fields = [movement(), length("distance", "Distance to the target", "7", "0", "48")]
    if ruleset.terrain:
        fields.append(terrain(ruleset))
    if rules.detect_unseen or rules.needs_sight:
        fields.append(choice("unseen", "Target out of sight", "no", YES_NO))
    if rules.detect_unseen:
        fields.append(initiative(ruleset))
    if rules.interception:
        fields.append(choice("interceptor", "Enemy near the route", "no", YES_NO))
    if rules.flee:
        fields.append(length("target_move", "Target's Movement (if it flees)", "4", "1", "20"))
    return fields


def _charge(explain: Explanation, v: dict):
    table, extra = charge(explain, v["move"], v["distance"], v.get("terrain", "open"), v.get("unseen", "no"),
                          v.get("interceptor", "no"), v.get("initiative", 0), v.get("target_move", Fraction(4)))
    return table, extra


def _charge_headline(table: Distribution, extra: list[tuple[str, Distribution]]) -> list[str]:
    if any("intercepted" in t for _, t in extra):
        # The enemy chooses: never a single chance while an interceptor may step in.
        through = table["reaches"]
        return ["the enemy chooses whether to intercept",
                "if not intercepted: " + ("reaches the target" if through == 1 else f"{chance_words(through)} to reach")]
    return [f"{chance_words(table['reaches'])} to reach"]


def _climb_fields(ruleset: Ruleset) -> list[Field]:
    fields = [drop("height", "Height of the climb", "3")]
    if ruleset.climb.limit.value == "Movement":  # a fixed limit (Coreheim: 4" a turn) does not read Movement
        fields.append(movement())
    return fields + [choice("direction", "Direction", "up", (("up", "Up"), ("down", "Down"))), initiative(ruleset),
                     toughness(ruleset), wounds()]


CALCULATORS: dict[str, Calculator] = {
    c.name: c
    for c in (
        Calculator(
            "charge", "Charge",
            supports=lambda r: r.charge is not None,
            fields=_charge_fields,
            compute=_charge,
            headline=_charge_headline,
            section=lambda r: r.charge.section,
        ),
        Calculator(
            "jump-down", "Jump down",
            supports=lambda r: r.jump_down is not None and r.fall is not None,
            fields=lambda r: [drop("height", "Height of the jump", "4"), initiative(r), toughness(r), wounds()],
            compute=lambda e, v: (jump_down(e, v["height"], v["initiative"], v["toughness"], v["wounds"]), []),
            headline=lambda t, x: [f"{chance_words(t['landed'])} to land safely", f"{chance_words(_fell(t, 'out-of-action'))} out of action"],
            section=lambda r: r.jump_down.section,
        ),
        Calculator(
            "diving-charge", "Diving charge",
            supports=lambda r: r.diving_charge is not None and r.fall is not None,
            fields=lambda r: [drop("height", "Height of the jump", "4"),
                              length("distance", "Enemy's distance from the landing point", "1", "0", "48"),
                              initiative(r), toughness(r), wounds()],
            compute=lambda e, v: (diving_charge(e, v["height"], v["distance"], v["initiative"], v["toughness"], v["wounds"]), []),
            headline=lambda t, x: (["no diving charge: a normal charge, without the bonus"] if t["no-dive"] == 1
                                   else [f"{chance_words(t['landed'])} to land and charge with the bonus"]),
            section=lambda r: r.diving_charge.section,
        ),
        Calculator(
            "gap", "Jump a gap",
            supports=lambda r: r.gap is not None and r.fall is not None,
            fields=lambda r: [drop("gap", "Width of the gap", "2"), movement(),
                              initiative(r), drop("height", "Drop below the gap", "6"), toughness(r), wounds()],
            compute=lambda e, v: (gap(e, v["gap"], v["move"], v["initiative"], v["height"], v["toughness"], v["wounds"]), []),
            headline=lambda t, x: [f"{chance_words(t['made-it'])} to clear the gap"],
            section=lambda r: r.gap.section,
        ),
        Calculator(
            "climb", "Climb",
            supports=lambda r: r.climb is not None and r.fall is not None,
            fields=_climb_fields,
            compute=lambda e, v: (climb(e, v["height"], v.get("move"), v["direction"], v["initiative"], v["toughness"], v["wounds"]), []),
            headline=lambda t, x: [f"{chance_words(t['made-it'])} to make the climb"],
            section=lambda r: r.climb.section,
        ),
        Calculator(
            "fall", "Fall",
            supports=lambda r: r.fall is not None,
            fields=lambda r: [drop("height", "Height of the fall", "4"), toughness(r), wounds()],
            compute=lambda e, v: (fall(e, v["height"], v["toughness"], v["wounds"]), []),
            headline=lambda t, x: [f"{chance_words(t['out-of-action'])} out of action", f"{chance_words(t['unhurt'])} unhurt"],
            section=lambda r: r.fall.section,
        ),
        Calculator(
            "edge-fall", "Knocked down near an edge",
            supports=lambda r: r.edge_fall is not None and r.fall is not None,
            fields=lambda r: [initiative(r), drop("height", "Drop below the edge", "4"), toughness(r), wounds()],
            compute=lambda e, v: (edge_fall(e, v["initiative"], v["height"], v["toughness"], v["wounds"]), []),
            headline=lambda t, x: [f"{chance_words(t['stays-put'])} to stay on the edge"],
            section=lambda r: r.edge_fall.section,
        ),
        Calculator(
            "run", "Running",
            supports=lambda r: r.run is not None,
            fields=lambda r: [movement(), length("distance", "Nearest enemy's distance", "10", "0", "99"),
                              choice("enemy_state", "That enemy is", "standing", ENEMY_STATES)],
            compute=lambda e, v: (run(e, v["move"], v["distance"], v["enemy_state"]), []),
            headline=lambda t, x: ["may run" if t["may-run"] == 1 else "may not run"],
            section=lambda r: r.run.section,
        ),
        Calculator(
            "hide", "Hiding",
            supports=lambda r: r.hiding is not None,
            fields=lambda r: [whole("initiative", "Enemy's Initiative", 7 if target_number(r) else 3, 1, 13),
                              length("distance", "Enemy's distance", "4", "0", "99")],
            compute=lambda e, v: (hide(e, v["initiative"], v["distance"]), []),
            headline=lambda t, x: ["spotted" if t["spotted"] == 1 else "stays hidden"],
            section=lambda r: r.hiding.section,
        ),
    )
}
