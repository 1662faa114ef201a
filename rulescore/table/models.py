"""A player's models, entered once: per ruleset, a name and the characteristics its calculators read, each
read by the field that reads it in a calculator (so a model holds nothing a calculator would refuse).

A calculator's field says whose characteristic it holds (`Field.characteristic`: "model.initiative" for the
model moving, "target.leadership" for the enemy it meets); picking a model fills the first, picking a
target the second.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any, NamedTuple

from rulescore.answers.fields import Field, FieldError
from rulescore.route.plan import fields as route_fields
from rulescore.rulebooks import CALCULATORS, RULESETS
from rulescore.ruleset import Ruleset

# The characteristics a model may have, in the order a profile prints them, and their names.
CHARACTERISTICS = {
    "move": "Movement",
    "initiative": "Initiative",
    "toughness": "Toughness",
    "wounds": "Wounds",
    "leadership": "Leadership",
    "animal": "An animal",  # Mordheim: animals cannot climb
}
SIDES = {"mine": "My warband", "enemy": "An enemy"}
NAME_LONGEST = 40


def same_name(one: str, other: str) -> bool:
    """Two names a player would read as one: the same letters whatever their case or Unicode form."""
    return (
        unicodedata.normalize("NFKC", one).strip().casefold() == unicodedata.normalize("NFKC", other).strip().casefold()
    )


class Model(NamedTuple):
    """One model as a player entered it: its name, ruleset, whose it is, and its profile by characteristic
    (as the player wrote each value: "4", "+0", "7+"; every one read by its field)."""

    name: str
    ruleset: str
    side: str  # "mine" or "enemy"
    profile: dict[str, str]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "ruleset": self.ruleset, "side": self.side, "profile": dict(self.profile)}


def _calculators_fields(rules: Ruleset) -> list[Field]:
    found = [field for calc in CALCULATORS.values() if calc.supports(rules) for field in calc.fields(rules)]
    return found + route_fields(rules)


def profile(rules: Ruleset) -> list[Field]:
    """The characteristics a model of this ruleset has: each that one of its calculators (or its route
    planner) reads, for the model or for its target, as the field that reads it (named for it)."""
    found: dict[str, Field] = {}
    for field in _calculators_fields(rules):
        if not field.characteristic:
            continue
        whose, key = field.characteristic.split(".")
        if key in found and (whose == "target" or found[key].characteristic.startswith("model.")):
            continue
        label = field.label if whose == "model" else CHARACTERISTICS[key]
        found[key] = field._replace(name=key, label=label, help="", characteristic=f"model.{key}")
    return [found[key] for key in CHARACTERISTICS if key in found]


def read_model(raw: object) -> Model:
    """A model as a table gave it (a dict), checked: FieldError names the part that is wrong and why."""
    if not isinstance(raw, Mapping) or set(raw) != {"name", "ruleset", "side", "profile"}:
        raise FieldError("model", "A model is its name, ruleset, side and profile.")
    name, ruleset_id, side, given = raw["name"], raw["ruleset"], raw["side"], raw["profile"]
    if not isinstance(name, str) or not name.strip():
        raise FieldError("name", "Give the model a name.")
    if any(unicodedata.category(c) in ("Cc", "Cf") for c in name):  # #47: a right-to-left override, a zero width
        raise FieldError("name", "A name holds only characters that show: no invisible or direction marks.")
    if len(name) > NAME_LONGEST:
        raise FieldError("name", f"A name is at most {NAME_LONGEST} characters.")
    if not isinstance(ruleset_id, str) or ruleset_id not in RULESETS:
        raise FieldError("ruleset", f"No ruleset '{str(ruleset_id)[:30]}'.")
    if side not in SIDES:
        raise FieldError("side", f"Side is one of: {', '.join(SIDES)}.")
    if not isinstance(given, Mapping):
        raise FieldError("profile", "A profile is a characteristic and its value each.")
    fields = profile(RULESETS[ruleset_id])
    known = {field.name for field in fields}
    unknown = [key for key in given if key not in known]
    if unknown:
        raise FieldError(
            "profile", f"{RULESETS[ruleset_id].title} models have no '{str(unknown[0])[:20]}' the calculators read."
        )
    kept = {}
    for field in fields:
        value = given.get(field.name, "")
        if not isinstance(value, str):
            raise FieldError(field.name, f"{field.label}: give it as text, as a profile prints it.")
        if value.strip():  # a characteristic left out is one the player does not fill from this model
            field.read(value)
            kept[field.name] = value.strip()
    return Model(name.strip(), ruleset_id, side, kept)


def fill(fields: list[Field], model: Model | None, target: Model | None = None) -> dict[str, str]:
    """A calculator's values from a model (and the enemy it meets): each field that holds one of their
    characteristics, by field name."""
    found = {}
    for field in fields:
        whose, _, key = field.characteristic.partition(".")
        source = model if whose == "model" else target if whose == "target" else None
        if source is not None and key in source.profile:
            found[field.name] = source.profile[key]
    return found
