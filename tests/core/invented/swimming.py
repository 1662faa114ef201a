"""Swimming: crossing deep water takes one Initiative test; failing, the model stops in the water. A route
may swim too: a `swim 2` leg uses its width of movement and takes the same test.

Invented: no ruleset held here has this rule. tests/core/test_new_mechanic.py copies this module into a
temporary copy of the project as rulescore/mechanics/swimming.py, to show a new kind of rule is one module,
a line in rulescore/rulebooks.py, its numbers in a ruleset's numbers.toml, and its tests with its oracle
(swimming_tests.py): four files.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, NamedTuple

from rulescore.answers.explain import Explanation, Step, inches
from rulescore.answers.fields import FieldError, drop
from rulescore.dice.distribution import Distribution
from rulescore.framework.legs import Followed, Leg, LegKind, RouteEnd, SoFar, Walking, tested
from rulescore.framework.mechanic import Calculator, Card, Line, Mechanic, Numbers, when_given
from rulescore.framework.rules import Rules
from rulescore.mechanics.initiative import initiative_field, pass_all
from rulescore.reading import values
from rulescore.reading.rule_value import Rule


class Swim(NamedTuple):
    section: str
    max_width: Annotated[Rule[int | Fraction], values.inches]  # the widest water a model may swim in one move


def swim(explain: Explanation, ruleset: Rules, width: Fraction, initiative: int) -> Distribution:
    """Chance to swim across water `width` inches wide."""
    rules = ruleset.given(Swim)  # its calculator runs only where the text has it
    if width > rules.max_width.value:
        raise FieldError("width", f"{ruleset.title} lets a model swim at most {inches(rules.max_width.value)}.")
    explain.step(f"Swimming {inches(width)} takes one Initiative test; failing, the model stops.", rules.max_width)
    explain.to_do(f"swim {inches(width)}")
    safe = pass_all(explain, ruleset, initiative, 1)
    return Distribution.chance(safe, "swims-across", "stops-in-water")


def _lines(rules: Rules) -> list[Line]:
    # Its compare topic is terrain's (rules/topics.toml): one that no [[topic]] has is refused as rules are read.
    swim = rules.numbers(Swim)
    return [Line("terrain", "Swim at most", inches(swim.max_width.value), swim.max_width)] if swim else []


def _swim_leg(route: Walking, number: int, leg: Leg, uses: Fraction) -> None:
    """A swim leg of a route: its width of movement and the swimming test; failing, the route ends there."""
    if uses > route.left:
        return route.stop(number, leg, "out of movement, it stops at the water's edge")
    initiative, _, _ = tested(route.read)
    route.take(number, leg, swim(route.explain, route.ruleset, leg.inches, initiative), "swims-across")
    route.left -= uses


def _check_leg(route: SoFar, leg: Leg, number: int) -> None:
    widest = route.ruleset.given(Swim).max_width.value
    if leg.inches > widest:
        raise FieldError(f"leg-{number}", f"A model may swim at most {inches(widest)}.")


def _width(ruleset: Rules, read: dict[str, Any], leg: Leg) -> Fraction:
    return leg.inches  # swimming uses its width of movement


def _after(rules: Rules, end: RouteEnd) -> list[Followed]:
    """What follows a route that stopped in the water (after every other line: the others rank to 100)."""
    swim = rules.numbers(Swim)
    if not (swim and end.ended("stops-in-water")):
        return []
    return [(110, Step("A model that stops in the water may do nothing else this turn.", swim.section))]


def _has_swim(ruleset: Rules) -> bool:
    return ruleset.numbers(Swim) is not None


# Its route leg, offered after the climbs: "swim 2" (drawn as a stretch of ground).
LEG = LegKind("swim", 35, "swim 2", _swim_leg, "ground", part="swim", cost=_width, check=_check_leg, worth=_has_swim)

# Declared in the shape every mechanic shares (rulescore/framework/mechanic.py), alike by design: its rule differs.
SWIM = Mechanic(
    parts={"swim": Numbers(Swim)},
    tested=when_given("swim"),
    calculators=(
        Calculator(
            "swim",
            "Swim",
            needs=("swim",),
            fields=lambda r: [drop("width", "Width of the water", "2"), initiative_field(r)],
            compute=lambda e, r, v: (swim(e, r, v["width"], v["initiative"]), []),
            headline=lambda t, x, say: [f"{say(t['swims-across'])} to swim across"],
            card=Card('Swim {}"', "width", ("2", "4"), place=6),  # its rows on a model's card
        ),
    ),
    outcomes={"swims-across": "Swims across", "stops-in-water": "Stops in the water"},
    lines=_lines,
    legs=(LEG,),
    after=_after,
)
