"""Falling off edges: a model knocked down or stunned near an edge tests or falls (railings stop it)."""

from __future__ import annotations

from fractions import Fraction

from rulescore.answers.explain import Explanation, inches
from rulescore.answers.fields import YES_NO, choice, drop, wounds
from rulescore.dice.distribution import Distribution
from rulescore.framework.mechanic import Calculator, Line, Mechanic, Single, by_name, when_given
from rulescore.framework.rules import Rules
from rulescore.mechanics.falling import or_fall, toughness
from rulescore.mechanics.initiative import initiative_field, pass_all
from rulescore.reading import values


def edge_fall(
    explain: Explanation,
    ruleset: Rules,
    initiative: int,
    height: Fraction,
    toughness: int,
    wounds: int,
    railings: str = "no",
) -> Distribution:
    """A model knocked down or stunned near an edge: chance it stays up, and the fall if not."""
    rule, railed = ruleset.given_single("edge_fall"), ruleset.single("railings")
    if railings == "yes" and railed:
        explain.step(
            "An edge with railings, low walls or the like on all sides: the model does not fall, and takes no test.",
            railed,
        )
        explain.to_do("no test: railings on all sides")
        return Distribution.always("stays-put")
    explain.step(
        f"A model knocked down or stunned within {inches(rule.value)} of an edge takes an Initiative test "
        "or falls to the ground below.",
        rule,
        assumption="fall-full-height",
    )
    safe = pass_all(explain, ruleset, initiative, 1)
    return or_fall(explain, ruleset, safe, "stays-put", height, toughness, wounds)


# The quick reference's lines, a Line per number: alike in shape to every mechanic's, by design.
def _lines(rules: Rules) -> list[Line]:
    rule = rules.single("edge_fall")
    if not rule:
        return []
    return [
        Line(
            "falling-off-edges",
            "Knocked down or stunned",
            f"within {inches(rule.value)} of an edge: Initiative test or fall",
            rule,
        )
    ]


# Declared in the shape every mechanic shares (rulescore/framework/mechanic.py), alike by design: its rule differs.
EDGE_FALL = Mechanic(
    turn=120,
    title="Edges",
    parts={
        "edge_fall": Single(
            values.inches, "a downed model may fall off an edge within"
        ),  # a downed model this close to an edge may fall
        "railings": Single(
            values.flag, "railings or low walls stop a fall off an edge"
        ),  # no fall off an edge with railings or low walls on all sides
    },
    tested=when_given("edge_fall"),
    calculators=(
        Calculator(
            "edge-fall",
            "Knocked down near an edge",
            needs=("edge_fall", "fall"),
            fields=lambda r: (
                [initiative_field(r), drop("height", "Drop below the edge", "4"), toughness(r), wounds()]
                + (
                    [choice("railings", "Railings or low walls on all sides", "no", YES_NO)]
                    if r.single("railings")
                    else []
                )
            ),
            compute=by_name(edge_fall),
            headline=lambda t, x, say: [f"{say(t['stays-put'])} to stay on the edge"],
        ),
    ),
    outcomes={"stays-put": "Stays on the edge"},
    lines=_lines,
)
