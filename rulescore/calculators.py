"""The calculators: which rulesets each serves, the inputs it takes there, and what it computes."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import NamedTuple

from rulescore.barriers import barrier
from rulescore.charging import charge
from rulescore.checks import target_number
from rulescore.dice import Distribution
from rulescore.explain import Explanation
from rulescore.falling import fall
from rulescore.fields import YES_NO, Field, choice, length, whole
from rulescore.hiding import choices as hiding_choices
from rulescore.hiding import hide
from rulescore.jumping import climb, diving_charge, edge_fall, gap, jump_down
from rulescore.rulesets import Ruleset
from rulescore.running import run

ENEMY_STATES = (
    ("standing", "Standing"),
    ("fleeing", "Fleeing"),
    ("stunned", "Stunned"),
    ("knocked-down", "Knocked down"),
    ("hidden", "Hidden"),
)


def initiative(ruleset: Ruleset, label: str = "Initiative") -> Field:
    if target_number(ruleset):
        return whole(
            "initiative",
            f"{label} (target number)",
            7,
            1,
            13,
            help=f"{ruleset.game}: the roll needed on a {ruleset.test.value.dice.name}, e.g. 7 for I7+.",
        )
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
    """ "very-difficult" -> "Very difficult ground"."""
    return f"{kind.replace('-', ' ').capitalize()} ground"


class Calculator(NamedTuple):
    """One calculator: what it asks, where it applies and how it answers."""

    name: str
    title: str
    supports: Callable[[Ruleset], bool]
    fields: Callable[[Ruleset], list[Field]]
    compute: Callable[[Explanation, dict], tuple[Distribution, list[tuple[str, Distribution]]]]
    # (main table, extra tables, how a chance is said) -> the answer's first lines
    headline: Callable[[Distribution, list[tuple[str, Distribution]], Callable[[Fraction], str]], list[str]]
    section: Callable[[Ruleset], str]  # the rule section the calculator sits in


def _fell(table: Distribution, key: str) -> Fraction:
    return table[f"fell-{key}"]


def _charge_fields(ruleset: Ruleset) -> list[Field]:
    rules = ruleset.charge
    fields = [movement(), length("distance", "Distance to the target", "7", "0", "48")]
    if ruleset.terrain:
        fields.append(terrain(ruleset))
    if rules.detect_unseen or rules.needs_sight:
        sight = [("no", "No"), ("yes", "Yes, not hidden" if _hides_from_charges(ruleset) else "Yes")]
        if _hides_from_charges(ruleset):
            sight.append(("hidden", "Yes, hidden"))
        fields.append(choice("unseen", "Target out of sight", "no", tuple(sight)))
    if rules.detect_unseen:
        fields.append(initiative(ruleset))
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
            )
        )
    if rules.stand_and_shoot or rules.flee:
        fields.append(
            choice(
                "target", "The charged unit", "missiles", CHARGED_UNITS if rules.engaged_holds else CHARGED_UNITS[:2]
            )
        )
    if rules.flee:
        fields.append(length("target_move", "Target's Movement (if it flees)", "4", "1", "20"))
    return fields


CHARGED_UNITS = (
    ("missiles", "Has missile weapons"),
    ("no-missiles", "Has no missile weapons"),
    ("engaged", "Is already in close combat"),
)


def _hides_from_charges(ruleset: Ruleset) -> bool:
    return ruleset.hiding is not None and ruleset.hiding.cannot_be_charged is not None


def _charge(explain: Explanation, v: dict):
    keep = ("terrain", "unseen", "interceptor", "initiative", "target_move", "leadership", "target")
    return charge(explain, v["move"], v["distance"], **{k: v[k] for k in keep if k in v})


def _charge_headline(
    table: Distribution, extra: list[tuple[str, Distribution]], say: Callable[[Fraction], str]
) -> list[str]:
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


def _climb_fields(ruleset: Ruleset) -> list[Field]:
    fields = [drop("height", "Height of the climb", "3")]
    if ruleset.climb.limit.value == "Movement":  # a fixed limit (Coreheim: 4" a turn) does not read Movement
        fields.append(movement())
    fields.append(choice("direction", "Direction", "up", (("up", "Up"), ("down", "Down"))))
    if ruleset.climb.no_run:
        fields.append(choice("running", "Running this turn", "no", YES_NO))
    return fields + [initiative(ruleset), toughness(ruleset), wounds()]


def _gap_fields(ruleset: Ruleset) -> list[Field]:
    rules = ruleset.gap
    fields = [drop("gap", "Width of the gap", "2"), movement()]
    moves = [("move", "A normal move")] + ([("run", "A run")] if rules.in_charge and ruleset.run else [])
    if rules.in_charge or rules.measure_first.value:  # the charge changes what may be measured, or what is left
        fields.append(choice("part_of", "The jump is part of", "move", (*moves, ("charge", "A charge"))))
    return fields + [initiative(ruleset), drop("height", "Drop below the gap", "6"), toughness(ruleset), wounds()]


def _hide_fields(ruleset: Ruleset) -> list[Field]:
    options = hiding_choices(ruleset.hiding)
    enemy = "How close the enemy moves" if ruleset.hiding.enemy_moves else "Enemy's distance"
    return [
        choice("this_turn", "This turn the hiding model", options[0][0], options),
        whole("initiative", "Enemy's Initiative", 7 if target_number(ruleset) else 3, 1, 13),
        length("distance", enemy, "4", "0", "99"),
    ]


CALCULATORS: dict[str, Calculator] = {
    c.name: c
    for c in (
        Calculator(
            "charge",
            "Charge",
            supports=lambda r: r.charge is not None,
            fields=_charge_fields,
            compute=_charge,
            headline=_charge_headline,
            section=lambda r: r.charge.section,
        ),
        Calculator(
            "jump-down",
            "Jump down",
            supports=lambda r: r.jump_down is not None and r.fall is not None,
            fields=lambda r: [drop("height", "Height of the jump", "4"), initiative(r), toughness(r), wounds()],
            compute=lambda e, v: (jump_down(e, v["height"], v["initiative"], v["toughness"], v["wounds"]), []),
            headline=lambda t, x, say: [
                f"{say(t['landed'])} to land safely",
                f"{say(_fell(t, 'out-of-action'))} out of action",
            ],
            section=lambda r: r.jump_down.section,
        ),
        Calculator(
            "diving-charge",
            "Diving charge",
            supports=lambda r: r.diving_charge is not None and r.fall is not None,
            fields=lambda r: [
                drop("height", "Height of the jump", "4"),
                length("distance", "Enemy's distance from the landing point", "1", "0", "48"),
                initiative(r),
                toughness(r),
                wounds(),
            ],
            compute=lambda e, v: (
                diving_charge(e, v["height"], v["distance"], v["initiative"], v["toughness"], v["wounds"]),
                [],
            ),
            headline=lambda t, x, say: (
                [f"no diving bonus: {say(t['lands-no-bonus'])} to land and charge as normal"]
                if "lands-no-bonus" in t
                else [f"{say(t['landed'])} to land and charge with the bonus"]
            ),
            section=lambda r: r.diving_charge.section,
        ),
        Calculator(
            "gap",
            "Jump a gap",
            supports=lambda r: r.gap is not None and r.fall is not None,
            fields=_gap_fields,
            compute=lambda e, v: (
                gap(
                    e,
                    v["gap"],
                    v["move"],
                    v["initiative"],
                    v["height"],
                    v["toughness"],
                    v["wounds"],
                    v.get("part_of", "move"),
                ),
                [],
            ),
            headline=lambda t, x, say: [f"{say(t['made-it'])} to clear the gap"],
            section=lambda r: r.gap.section,
        ),
        Calculator(
            "climb",
            "Climb",
            supports=lambda r: r.climb is not None and r.fall is not None,
            fields=_climb_fields,
            compute=lambda e, v: (
                climb(
                    e,
                    v["height"],
                    v.get("move"),
                    v["direction"],
                    v["initiative"],
                    v["toughness"],
                    v["wounds"],
                    v.get("running", "no"),
                ),
                [],
            ),
            headline=lambda t, x, say: [f"{say(t['made-it'])} to make the climb"],
            section=lambda r: r.climb.section,
        ),
        Calculator(
            "fall",
            "Fall",
            supports=lambda r: r.fall is not None,
            fields=lambda r: [drop("height", "Height of the fall", "4"), toughness(r), wounds()],
            compute=lambda e, v: (fall(e, v["height"], v["toughness"], v["wounds"]), []),
            headline=lambda t, x, say: [f"{say(t['out-of-action'])} out of action", f"{say(t['unhurt'])} unhurt"],
            section=lambda r: r.fall.section,
        ),
        Calculator(
            "edge-fall",
            "Knocked down near an edge",
            supports=lambda r: r.edge_fall is not None and r.fall is not None,
            fields=lambda r: (
                [initiative(r), drop("height", "Drop below the edge", "4"), toughness(r), wounds()]
                + ([choice("railings", "Railings or low walls on all sides", "no", YES_NO)] if r.railings else [])
            ),
            compute=lambda e, v: (
                edge_fall(e, v["initiative"], v["height"], v["toughness"], v["wounds"], v.get("railings", "no")),
                [],
            ),
            headline=lambda t, x, say: [f"{say(t['stays-put'])} to stay on the edge"],
            section=lambda r: r.edge_fall.section,
        ),
        Calculator(
            "run",
            "Running",
            supports=lambda r: r.run is not None,
            fields=lambda r: [
                movement(),
                length("distance", "Nearest enemy's distance", "10", "0", "99"),
                choice("enemy_state", "That enemy is", "standing", ENEMY_STATES),
            ],
            compute=lambda e, v: (run(e, v["move"], v["distance"], v["enemy_state"]), []),
            headline=lambda t, x, say: ["may run" if t["may-run"] == 1 else "may not run"],
            section=lambda r: r.run.section,
        ),
        Calculator(
            "barrier",
            "Walls and barriers",
            supports=lambda r: r.barrier is not None,
            fields=lambda r: [drop("height", "Height of the barrier", "0.5")],
            compute=lambda e, v: (barrier(e, v["height"]), []),
            headline=lambda t, x, say: ["crosses it freely" if "crosses" in t else "too high to cross freely"],
            section=lambda r: r.barrier.section,
        ),
        Calculator(
            "hide",
            "Hiding",
            supports=lambda r: r.hiding is not None,
            fields=_hide_fields,
            compute=lambda e, v: (hide(e, v["initiative"], v["distance"], v["this_turn"]), []),
            headline=lambda t, x, say: [
                "cannot hide" if "cannot-hide" in t else "spotted" if "spotted" in t else "stays hidden"
            ],
            section=lambda r: r.hiding.section,
        ),
    )
}
