"""Swimming: crossing deep water takes one Initiative test; failing, the model stops in the water.

Invented: no ruleset held here has this rule. tests/core/test_new_mechanic.py copies this module into a
temporary copy of the project as rulescore/swimming.py, to show a new kind of rule is one module,
a line in rulescore/mechanics.py, its numbers in a ruleset's numbers.toml, its tests and its oracle
(swimming_oracle.py).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, NamedTuple

from rulescore import values
from rulescore.dice import Distribution
from rulescore.explain import Explanation, inches
from rulescore.fields import FieldError, drop
from rulescore.initiative import initiative_field, pass_all
from rulescore.mechanic import Calculator, Line, Mechanic, Table
from rulescore.rule_value import Rule


class Swim(NamedTuple):
    section: str
    max_width: Annotated[Rule, values.inches]  # the widest water a model may swim in one move


def swim(explain: Explanation, ruleset, width: Fraction, initiative: int) -> Distribution:
    """Chance to swim across water `width` inches wide."""
    rules = ruleset.swim
    if width > rules.max_width.value:
        raise FieldError("width", f"{ruleset.title} lets a model swim at most {inches(rules.max_width.value)}.")
    explain.step(f"Swimming {inches(width)} takes one Initiative test; failing, the model stops.", rules.max_width)
    explain.to_do(f"swim {inches(width)}")
    safe = pass_all(explain, ruleset, initiative, 1)
    return Distribution.chance(safe, "swims-across", "stops-in-water")


def _lines(rules) -> list[Line]:
    # Its compare topic is terrain's (rules/topics.toml): one that no [[topic]] has is refused as rules are read.
    return (
        [Line("terrain", "Swim at most", inches(rules.swim.max_width.value), rules.swim.max_width)]
        if rules.swim
        else []
    )


# Declared in the shape every mechanic shares (rulescore/mechanic.py), alike by design: its rule differs.
SWIM = Mechanic(
    parts={"swim": Table(Swim)},
    tested=lambda r: "swim" if r.swim else None,
    calculators=(
        Calculator(
            "swim",
            "Swim",
            needs=("swim",),
            fields=lambda r: [drop("width", "Width of the water", "2"), initiative_field(r)],
            compute=lambda e, r, v: (swim(e, r, v["width"], v["initiative"]), []),
            headline=lambda t, x, say: [f"{say(t['swims-across'])} to swim across"],
        ),
    ),
    outcomes={"swims-across": "Swims across", "stops-in-water": "Stops in the water"},
    lines=_lines,
)
