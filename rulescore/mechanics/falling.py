"""Falling damage and the injury it leads to, as exact outcome distributions.

The kinds of fall a `[fall]` table may be (hits at a Strength set by the height, or one hit that wounds on a
roll set by the height) are fall_kinds.py's; this module is the mechanic that reads them.
"""

from __future__ import annotations

import functools
from fractions import Fraction

from rulescore.answers.explain import Explanation, Step, inches
from rulescore.answers.fields import Field, drop, wounds
from rulescore.dice.distribution import Distribution
from rulescore.framework.legs import DROPPED, FELL, Followed, RouteEnd
from rulescore.framework.mechanic import Calculator, Card, Line, Mechanic, Numbers, by_name
from rulescore.framework.rules import Rules
from rulescore.mechanics.fall_kinds import KINDS, WoundRoll, fall_of


def fall(explain: Explanation, rules: Rules, height: Fraction, toughness: int, wounds: int) -> Distribution:
    """Outcome of a fall from `height` inches for a model of this Toughness and Wounds.

    Toughness is the ruleset's own: a characteristic in Mordheim (T3), the profile's modifier in Coreheim (+0).
    """
    found = fall_of(rules)
    if found is None:
        raise ValueError(f"{rules.id} has no falling rules")
    if found.stops and not found.too_short(height):  # what a fall stops this turn, as the text says
        explain.then(f"A model that falls {found.stops.value}.", found.stops)
    return found.outcome(explain, rules, height, toughness, wounds)


def or_fall(
    explain: Explanation, rules: Rules, safe: Fraction, safe_key: str, height: Fraction, toughness: int, wounds: int
) -> Distribution:
    """`safe_key` with chance `safe`, otherwise a fall from `height` with its injuries ("fell-" outcomes);
    a drop too short to be a fall is "dropped": unhurt, and not fallen, so its turn goes on."""
    if safe == 1:
        return Distribution.always(safe_key)
    found = fall_of(rules)
    least = found.too_short(height) if found else None
    if least:
        explain.step(
            f"A drop of {inches(height)} is not a fall (only a full {inches(least.value)} or more is): failing, "
            "the model drops, unhurt, and has not fallen, so it may still act this turn.",
            least,
        )
        explain.to_do(f"{'failing, it' if safe else 'it'} drops {inches(height)}: not a fall, unhurt")
        return Distribution.chance(safe, safe_key, DROPPED)
    explain.to_do(f"{'failing, it' if safe else 'it'} falls {inches(height)}")
    return _safe_or(safe, safe_key, fall(explain, rules, height, toughness, wounds))


@functools.lru_cache(maxsize=256)  # as the fall tables above: the same leg is worked out again and again
def _safe_or(safe: Fraction, safe_key: str, fall_table: Distribution) -> Distribution:
    landing = fall_table.map(lambda key: f"{FELL}{key}")
    return Distribution.chance(safe, safe_key, "fall").then(
        lambda key: landing if key == "fall" else Distribution.always(key)
    )


def toughness(rules: Rules) -> Field:
    """Toughness as the ruleset's kind of fall reads it (a characteristic, or a profile's modifier)."""
    found = fall_of(rules)
    if found is None:
        raise ValueError(f"{rules.id} has no falling rules")
    return found.toughness_field(rules.game).of("model.toughness")


def _lines(rules: Rules) -> list[Line]:
    found = fall_of(rules)
    return [Line("falling", label, text, rule) for label, text, rule in found.words()] if found else []


def _after(rules: Rules, end: RouteEnd) -> list[Followed]:
    """A fall on the way ends what the text says it ends; a drop too short to be a fall ends nothing."""
    fall = fall_of(rules)
    lines: list[Followed] = []
    if fall and end.ended(FELL) and fall.stops:
        lines.append((80, Step(f"A model that falls {fall.stops.value}.", fall.stops.section)))
    if isinstance(fall, WoundRoll) and fall.least and end.ended(DROPPED):  # only a least height drops
        words = "A drop too short to be a fall leaves it free to act on this turn."
        lines.append((90, Step(words, fall.least.section)))
    return lines


# Declared in the shape every mechanic shares (rulescore/framework/mechanic.py), alike by design: its rule differs.
FALL = Mechanic(
    turn=110,
    title="Falling",
    parts={"fall": Numbers(None, kinds=KINDS)},
    calculators=(
        Calculator(
            "fall",
            "Fall",
            needs=("fall",),
            fields=lambda r: [drop("height", "Height of the fall", "4"), toughness(r), wounds()],
            compute=by_name(fall),
            headline=lambda t, x, say: [f"{say(t['out-of-action'])} out of action", f"{say(t['unhurt'])} unhurt"],
            card=Card('Fall {}"', "height", ("2", "4", "6"), place=3),
        ),
    ),
    outcomes={
        "unhurt": "Unhurt",
        DROPPED: "Drops, too short to be a fall: unhurt and may act on",
        "wounded": "Wounded, still standing",
        "knocked-down": "Knocked down",
        "stunned": "Stunned",
        "out-of-action": "Out of action",
    },
    lines=_lines,
    after=_after,
)
