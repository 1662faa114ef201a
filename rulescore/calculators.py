"""The calculators: which rulesets each serves, the inputs it takes there, and what it computes."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import NamedTuple

from rulescore.charging import charge
from rulescore.dice import Distribution
from rulescore.explain import Explanation, chance_words
from rulescore.falling import fall
from rulescore.fields import YES_NO, Field, choice, length, whole
from rulescore.hiding import hide
from rulescore.jumping import climb, diving_charge, edge_fall, gap, jump_down
from rulescore.rulesets import Ruleset
from rulescore.running import run

TERRAIN_LABELS = {"open": "Open ground", "difficult": "Difficult ground", "very-difficult": "Very difficult ground"}
ENEMY_STATES = (("standing", "Standing"), ("fleeing", "Fleeing"), ("stunned", "Stunned"),
                ("knocked-down", "Knocked down"), ("hidden", "Hidden"))


def initiative(ruleset: Ruleset, label: str = "Initiative") -> Field:
    if ruleset.characteristic_test == "test-d12-over":
        return whole("initiative", f"{label} (target number)", 7, 1, 13, help="Coreheim: the roll needed on a D12, e.g. 7 for I7+.")
    return whole("initiative", label, 3, 1, 10)


def movement(default: int = 4) -> Field:
    return length("move", "Movement", str(default), "1", "20")


def toughness() -> Field:
    return whole("toughness", "Toughness", 3, 1, 10)


def wounds() -> Field:
    return whole("wounds", "Wounds", 1, 1, 10)


def terrain(ruleset: Ruleset) -> Field:
    kinds = list(ruleset.terrain.cost) if ruleset.terrain else ["open"]
    return choice("terrain", "Ground along the route", "open", tuple((k, TERRAIN_LABELS[k]) for k in kinds))


class Calculator(NamedTuple):
    """One calculator: what it asks, where it applies and how it answers."""

    name: str
    title: str
    supports: Callable[[Ruleset], bool]
    fields: Callable[[Ruleset], list[Field]]
    compute: Callable[[Explanation, dict], tuple[Distribution, list[tuple[str, Distribution]]]]
    headline: Callable[[Distribution], list[str]]
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
    table, flee = charge(explain, v["move"], v["distance"], v.get("terrain", "open"), v.get("unseen", "no"),
                         v.get("interceptor", "no"), v.get("initiative", 0), v.get("target_move", Fraction(4)))
    return table, ([("If the target flees", flee)] if flee else [])


CALCULATORS: dict[str, Calculator] = {
    c.name: c
    for c in (
        Calculator(
            "charge", "Charge",
            supports=lambda r: r.charge is not None,
            fields=_charge_fields,
            compute=_charge,
            headline=lambda t: [f"{chance_words(t['reaches'])} to reach"],
            section=lambda r: r.charge.section,
        ),
        Calculator(
            "jump-down", "Jump down",
            supports=lambda r: r.jump_down is not None and r.falling is not None,
            fields=lambda r: [length("height", "Height of the jump", "4", "0", "24"), initiative(r), toughness(), wounds()],
            compute=lambda e, v: (jump_down(e, v["height"], v["initiative"], v["toughness"], v["wounds"]), []),
            headline=lambda t: [f"{chance_words(t['landed'])} to land safely", f"{chance_words(_fell(t, 'out-of-action'))} out of action"],
            section=lambda r: r.jump_down.max_height.section,
        ),
        Calculator(
            "diving-charge", "Diving charge",
            supports=lambda r: r.diving_charge is not None and r.falling is not None,
            fields=lambda r: [length("height", "Height of the jump", "4", "0", "24"),
                              length("distance", "Enemy's distance from the landing point", "1", "0", "48"),
                              initiative(r), toughness(), wounds()],
            compute=lambda e, v: (diving_charge(e, v["height"], v["distance"], v["initiative"], v["toughness"], v["wounds"]), []),
            headline=lambda t: [f"{chance_words(t['landed'])} to land and charge with the bonus"],
            section=lambda r: r.diving_charge.enemy_range.section,
        ),
        Calculator(
            "gap", "Jump a gap",
            supports=lambda r: r.gap is not None and r.falling is not None,
            fields=lambda r: [length("gap", "Width of the gap", "2", "0", "12"), movement(),
                              initiative(r), length("height", "Drop below the gap", "6", "0", "24"), toughness(), wounds()],
            compute=lambda e, v: (gap(e, v["gap"], v["move"], v["initiative"], v["height"], v["toughness"], v["wounds"]), []),
            headline=lambda t: [f"{chance_words(t['made-it'])} to clear the gap"],
            section=lambda r: r.gap.max_gap.section,
        ),
        Calculator(
            "climb", "Climb",
            supports=lambda r: r.climb is not None and r.falling is not None,
            fields=lambda r: [length("height", "Height of the climb", "3", "0", "24"), movement(),
                              choice("direction", "Direction", "up", (("up", "Up"), ("down", "Down"))),
                              initiative(r), toughness(), wounds()],
            compute=lambda e, v: (climb(e, v["height"], v["move"], v["direction"], v["initiative"], v["toughness"], v["wounds"]), []),
            headline=lambda t: [f"{chance_words(t['made-it'])} to make the climb"],
            section=lambda r: r.climb.limit.section,
        ),
        Calculator(
            "fall", "Fall",
            supports=lambda r: r.falling is not None,
            fields=lambda r: [length("height", "Height of the fall", "4", "0", "24"), toughness(), wounds()],
            compute=lambda e, v: (fall(e, v["height"], v["toughness"], v["wounds"]), []),
            headline=lambda t: [f"{chance_words(t['out-of-action'])} out of action", f"{chance_words(t['unhurt'])} unhurt"],
            section=lambda r: r.falling.section,
        ),
        Calculator(
            "edge-fall", "Knocked down near an edge",
            supports=lambda r: r.edge_fall is not None and r.falling is not None,
            fields=lambda r: [initiative(r), length("height", "Drop below the edge", "4", "0", "24"), toughness(), wounds()],
            compute=lambda e, v: (edge_fall(e, v["initiative"], v["height"], v["toughness"], v["wounds"]), []),
            headline=lambda t: [f"{chance_words(t['stays-put'])} to stay on the edge"],
            section=lambda r: r.edge_fall.section,
        ),
        Calculator(
            "run", "Running",
            supports=lambda r: r.run is not None,
            fields=lambda r: [movement(), length("distance", "Nearest enemy's distance", "10", "0", "99"),
                              choice("enemy_state", "That enemy is", "standing", ENEMY_STATES)],
            compute=lambda e, v: (run(e, v["move"], v["distance"], v["enemy_state"]), []),
            headline=lambda t: ["may run" if t["may-run"] == 1 else "may not run"],
            section=lambda r: r.run.multiplier.section,
        ),
        Calculator(
            "hide", "Hiding",
            supports=lambda r: r.hiding is not None,
            fields=lambda r: [whole("initiative", "Enemy's Initiative", 3 if r.characteristic_test != "test-d12-over" else 7, 1, 13),
                              length("distance", "Enemy's distance", "4", "0", "99")],
            compute=lambda e, v: (hide(e, v["initiative"], v["distance"]), []),
            headline=lambda t: ["spotted" if t["spotted"] == 1 else "stays hidden"],
            section=lambda r: r.hiding.section,
        ),
    )
}
