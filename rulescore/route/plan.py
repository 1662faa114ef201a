"""Plan a move: a whole activation, leg by leg, each leg worked out by its own mechanic and the legs
composed exactly (no simulation).

A route is the model (Movement, Initiative, Toughness, Wounds, the height it starts at), the kind of
activation (a move, or one its rule declares: a half-move, a run; or one walked its own way, a charge:
route/activations.py) and its legs in order (read.py reads them). Each leg costs what its rule says of the allowance; a failed test ends the route there
(stuck at the foot of the wall, or a fall with the fall table's injuries); a leg the rules forbid refuses the
whole route, naming the leg and the rule, or the reading it rests on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, NamedTuple

from rulescore.answers.explain import Explanation, Step, inches, number_text, said_alike, sentence
from rulescore.answers.fields import MOST_ITEMS, Field, choice, listed, movement, read_form, wounds
from rulescore.answers.result import Branch, Cited, Refusal, Result, Row
from rulescore.framework.legs import Forbidden, Leg
from rulescore.mechanics.fall_kinds import fall_of
from rulescore.mechanics.falling import toughness
from rulescore.mechanics.initiative import initiative_field
from rulescore.route.activations import OWN_ROUTES
from rulescore.route.check import check
from rulescore.route.height import start_taken
from rulescore.route.own import Planned
from rulescore.route.read import LEG_KINDS, default_legs, leg_kinds, plannable, read_leg
from rulescore.route.walk import Walk, walk_legs
from rulescore.rulebooks import ASSUMPTIONS, MECHANICS, RULESETS
from rulescore.ruleset import Ruleset

NAME = "route"
TITLE = "Plan a move"
# The kinds of activation the mechanics declare beside a normal move and a charge, in the order offered.
ACTIVATIONS = {a.key: a for a in sorted((a for m in MECHANICS for a in m.activations), key=lambda a: a.place)}


def fields(ruleset: Ruleset) -> list[Field]:
    """The model, the kind of activation and what its rules ask before the first inch, then the legs: a list, a
    leg each. Each kind of activation and each question beside a normal move is its rule's own (Mechanic)."""
    own = [each.offered(ruleset) for each in OWN_ROUTES.values()]
    allowed = [(a.key, a.words) for a in ACTIVATIONS.values() if a.offered(ruleset)]
    kinds = [("move", "A normal move"), *allowed, *(kind for offered, _ in own for kind in offered)]
    said = " ".join(why for _, why in own if why)
    found = [movement(), choice("activation", "This activation is", "move", tuple(kinds), help=said)]
    asked = sorted((each for m in MECHANICS for each in m.asks(ruleset)), key=lambda each: each[0])
    found += [field for _, field in asked]
    found += [field for each in OWN_ROUTES.values() for field in each.fields(ruleset)]
    if ruleset.single("test"):
        found.append(initiative_field(ruleset))
    if fall_of(ruleset):
        found += [toughness(ruleset), wounds()]
    legs = leg_kinds(ruleset)
    offered = tuple((pattern, words) for pattern, words, _ in legs)
    # A leg's - / + moves it by its kind's step, down to 0" where 0" is a leg of that kind, else one step; a
    # second number (a gap's drop) by whole inches, down to 0" where 0" is one, else 1".
    steps = tuple(
        (kind.step, Fraction(0) if kind.zero else kind.step)
        + ((Fraction(0) if kind.extra_zero else Fraction(1),) if pattern.count("{}") > 1 else ())
        for pattern, _, kind in legs
    )
    return [*found, listed("legs", "Legs, in order", tuple(default_legs(ruleset)), offered, steps)]


def plan(
    ruleset_id: str,
    values: Mapping[str, str | list[str]] | None,
    legs: Sequence[str] | None = None,
    rules: Ruleset | None = None,
) -> Result | Refusal:
    """The whole route's outcomes; a Refusal (naming the field or the leg) for what the rules forbid. The
    legs are the `legs` value (a list), or given apart (the tests' and the oracle's way); `rules`, the
    ruleset as a table plays it (its house rules), else the ruleset's own."""
    values = dict(values or {})
    if legs is not None:
        values["legs"] = list(legs)
    ruleset = rules or RULESETS.get(ruleset_id)
    if ruleset is None or not plannable(ruleset):
        known = ", ".join(r for r, rules in RULESETS.items() if plannable(rules))
        return Refusal(
            NAME, str(ruleset_id), {"ruleset": f"No route planner for '{str(ruleset_id)[:30]}'. Known: {known}."}
        )
    form = fields(ruleset)
    for each in OWN_ROUTES.values():
        refused = each.refused(ruleset, values.get("activation"))
        if refused:
            return Refusal(NAME, ruleset.id, {"activation": refused})
    read, errors = read_form(form, values, "A route")
    given = values.get("legs", ())
    if isinstance(given, list | tuple) and len(given) > MOST_ITEMS:
        errors["legs"] = f"A route is at most {MOST_ITEMS} legs."
    parsed = []
    given_legs = read.get("legs", ())  # a list field reads a tuple of its items
    for number, text in enumerate(given_legs if isinstance(given_legs, tuple) else (), start=1):
        try:
            parsed.append(read_leg(text))
        except ValueError as error:
            errors[f"leg-{number}"] = f"Leg {number}: {error}"
    if not parsed and not errors:
        message = "Add a leg: a route is one leg or more (move 4, climb up 3, ...)."
        return Refusal(NAME, ruleset_id, {"legs": message}, unfinished=True)
    if errors:
        return Refusal(NAME, ruleset_id, errors)
    explain = Explanation()
    taken = start_taken(read, parsed, explain)  # the plan and its picture take one height (#64, item 9)
    try:
        planned = _route(explain, ruleset, read, parsed)
    except Forbidden as refused:
        readings = ((refused.where, refused.reading),) if refused.reading else ()
        said = {refused.where: refused.message}
        return Refusal(NAME, ruleset_id, said, readings, refused.unfinished, forbidden=refused.forbids)
    walk = planned.walk
    done = walk.going
    finish = "reaches the target" if LEG_KINDS[parsed[-1].kind].to_target else "completes the route"
    rows = _rows(walk, finish)
    extra = (Branch(planned.branch[0], tuple(_rows(planned.branch[1], finish))),) if planned.branch else ()

    def headline(say: Callable[[Fraction], str]) -> list[str]:
        reaching = f"{say(done)} that it {finish}" if 0 < done < 1 else ("it always " if done else "it never ") + finish
        chooser, main = planned.choice
        return [chooser, f"{main}{reaching}"] if extra else [reaching]

    headlines, _ = said_alike(headline)
    text = "; ".join(explain.procedure)
    opening, parts = explain.grouped()

    def cite(step: Step) -> Cited:
        return Cited(step.text, step.section, step.assumption)

    inputs: dict[str, str | list[str]] = {
        f.name: str(values.get(f.name, f.default)).strip()
        for f in form
        if f.kind != "list" and f.asked(read, (leg.kind for leg in parsed))
    }
    inputs |= {"legs": [leg.text for leg in parsed]} | ({"start_height": number_text(taken)} if taken else {})
    return Result(
        calculator=NAME,
        ruleset=ruleset_id,
        ruleset_title=ruleset.title,
        title=TITLE,
        inputs=inputs,
        procedure=sentence(text),
        headlines=tuple(headlines),
        caption=planned.caption,
        outcomes=tuple(rows),
        extra=extra,
        reach=None,
        steps=tuple(cite(s) for s in explain.steps),
        assumptions=tuple(ASSUMPTIONS[a] for a in explain.assumptions),
        after=tuple(cite(s) for s in [*walk.after(str(read["activation"]), done, extra), *planned.then]),
        opening=opening,
        parts=parts,
        once=tuple(explain.once.items()),
        # The chance it gets to the end, on its line, said or not ("it always completes the route").
        chances=(None, done) if extra else (done,),
    )


def _rows(walk: Walk, finish: str) -> list[Row]:
    """Each way the walk ends, with its chance; the route's end first."""
    rows = [Row("completes", finish[0].upper() + finish[1:], walk.going)] if walk.going else []
    return rows + [Row(end.key, end.label, chance, end.leg, end.way, end.kind) for end, chance in walk.ends.items()]


def route_defaults(legs: Sequence[str]) -> dict[str, str]:
    """What the legs left out and the route took for them: "leg-2.enemy" -> '1"'."""
    found = {}
    for number, text in enumerate(legs, start=1):
        try:
            leg = read_leg(text)
        except ValueError:
            continue
        kind = LEG_KINDS[leg.kind]
        if kind.extra_default is not None and leg.extra is None:
            found[f"leg-{number}.{kind.extra}"] = inches(kind.extra_default)
    return found


class Planner(NamedTuple):
    """The route planner, asked as every calculator is (rulescore.doors): its legs are its free words."""

    name: str = NAME
    title: str = TITLE
    free: str = "legs"

    def supports(self, rules: Ruleset) -> bool:
        return plannable(rules)

    def fields(self, rules: Ruleset) -> list[Field]:
        return fields(rules)

    def describe(self, rules: Ruleset) -> dict[str, Any]:
        return {"name": NAME, "title": TITLE, "section": None, "fields": [f.describe() for f in fields(rules)]}

    def answer(
        self, ruleset_id: str, values: dict[str, Any], rules: Ruleset | None, percentages: bool
    ) -> Result | Refusal:
        return plan(ruleset_id, values, rules=rules)

    def assumed(self, free: Sequence[str]) -> dict[str, str]:
        return route_defaults(free)


PLANNER = Planner()


def _route(explain: Explanation, ruleset: Ruleset, read: dict[str, Any], legs: list[Leg]) -> Planned:
    move, activation = read["move"], read["activation"]
    check(ruleset, read, legs)
    for each in OWN_ROUTES.values():
        each.legs(explain, ruleset, activation, legs)
    if activation == "move":
        explain.step(f"A normal move: up to its Movement, {inches(move)}.")
        return Planned(walk_legs(Walk(ruleset, explain, move, read), legs))
    kind = ACTIVATIONS.get(activation)
    if kind:
        return Planned(walk_legs(Walk(ruleset, explain, kind.allowance(explain, ruleset, read), read), legs))
    return OWN_ROUTES[activation].route(explain, ruleset, read, legs)
