"""The one door the pages and the command line use: names and strings in, a result out (`answer`, typed;
`calculate`, its JSON).

Bad input never raises: it comes back as a Refusal, {"ok": false, "errors": {field: message}} in JSON.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from rulescore.dice import Distribution
from rulescore.explain import Explanation, percent_words, said_alike
from rulescore.fields import FieldError, read_form
from rulescore.house_rules import HouseRule, ruled
from rulescore.mechanics import ASSUMPTIONS, CALCULATORS, RULESETS, label, outcome_order
from rulescore.result import Cited, Reach, Refusal, Result, Row, Table
from rulescore.routes import NAME as ROUTE
from rulescore.routes import TITLE as ROUTE_TITLE
from rulescore.routes import fields as route_fields
from rulescore.routes import plan
from rulescore.rulesets import Ruleset


def _rows(table: Distribution) -> tuple[Row, ...]:
    return tuple(Row(key, label(key), table[key]) for key in sorted(table, key=outcome_order))


def _reach(reach: tuple[str, Distribution] | None) -> Reach | None:
    """A distance the player chooses by, as "at least X inches" rows (1% or more, longest last)."""
    if reach is None:
        return None
    title, distances = reach
    rows = []
    for distance in sorted(distances):
        p = distances.probability(lambda moved, distance=distance: moved >= distance)
        if p * 100 >= 1:
            rows.append((Fraction(distance), p))
    return Reach(title, tuple(rows))


def _procedure(clauses: list[str]) -> str:
    """What to do at the table, in one sentence: "Jump down 4"; 2 Initiative tests, each needs ..."."""
    text = "; ".join(clauses)
    return text[:1].upper() + text[1:] + "." if text else ""


def calculate(
    calculator: str, ruleset: str, values: Mapping[str, str | list[str]] | None = None, *, percentages: bool = False
) -> dict:
    """Run one calculator for one ruleset on a form's values (all strings), as JSON; `percentages` says
    every chance as one (for answers set side by side).

    Returns the headline, the outcome table with exact fractions and percentages, the steps with
    the rule section each comes from, and the assumptions used; or field-level error messages.
    """
    return answer(calculator, ruleset, values, percentages=percentages).to_json()


def answer(
    calculator: str,
    ruleset: str,
    values: Mapping[str, str | list[str]] | None = None,
    *,
    percentages: bool = False,
    house: Sequence[HouseRule] = (),
) -> Result | Refusal:
    """calculate(), typed: what the site's own code works with. `house`: a table's house rules (read by
    rulescore.house_rules); those of this ruleset are played, and each one the answer would be other
    without is named in it."""
    mine = tuple(rule for rule in house if rule.ruleset == ruleset)
    found = _answer(calculator, ruleset, values, percentages, mine)
    if not mine:
        return found
    said = found.to_json()
    # Most answers are the rules' own under a table's house rules: one more answer says so, and names none.
    if _answer(calculator, ruleset, values, percentages, ()).to_json() == said:
        return found
    changed = tuple(
        rule.words
        for rule in mine
        if len(mine) == 1
        or _answer(calculator, ruleset, values, percentages, tuple(r for r in mine if r != rule)).to_json() != said
    )
    return found._replace(house=changed)


def _answer(
    calculator: str, ruleset: str, values: Mapping | None, percentages: bool, house: tuple[HouseRule, ...]
) -> Result | Refusal:
    values = dict(values or {})
    try:
        rules = ruled(ruleset, house) if house else RULESETS.get(str(ruleset))
        return _calculate(str(calculator), str(ruleset), values, percentages, rules)
    except FieldError as error:
        return Refusal(str(calculator), str(ruleset), {error.field: error.message})
    except Exception as error:  # a bug of ours must still not break the page
        return Refusal(
            str(calculator),
            str(ruleset),
            {"calculator": f"Internal error ({type(error).__name__}); please report it."},
        )


def _calculate(name: str, ruleset_id: str, values: dict, percentages: bool, rules: Ruleset | None) -> Result | Refusal:
    if name == ROUTE:  # a whole activation, its legs walked one by one
        return plan(ruleset_id, values, rules=rules)
    calc = CALCULATORS.get(name)
    if calc is None:
        return Refusal(
            name, ruleset_id, {"calculator": f"Unknown calculator '{name[:30]}'. Known: {', '.join(CALCULATORS)}."}
        )
    if rules is None:
        return Refusal(
            name, ruleset_id, {"ruleset": f"Unknown ruleset '{ruleset_id[:30]}'. Known: {', '.join(RULESETS)}."}
        )
    if not calc.supports(rules):
        return Refusal(
            name, ruleset_id, {"ruleset": f"The {rules.title} text has no rules for this ({calc.title.lower()})."}
        )

    fields = calc.fields(rules)
    read, errors = read_form(fields, values, f"{rules.title}'s {calc.title.lower()} calculator")
    if errors:
        return Refusal(name, ruleset_id, errors)

    explain = Explanation()
    table, extra = calc.compute(explain, rules, read)
    if percentages:
        headlines = calc.headline(table, extra, percent_words)
    else:
        headlines = said_alike(lambda say: calc.headline(table, extra, say))
    if len(explain.rolls) == 1:  # one roll decides it: say what it needs, as players do
        headlines = [headlines[0], explain.rolls[0], *headlines[1:]]
    return Result(
        calculator=name,
        ruleset=ruleset_id,
        ruleset_title=rules.title,
        title=calc.title,
        inputs={field.name: str(values.get(field.name, field.default)).strip() for field in fields},
        procedure=_procedure(explain.procedure),
        headlines=tuple(headlines),
        caption=explain.caption,
        outcomes=_rows(table),
        extra=tuple(Table(title, _rows(t)) for title, t in extra),
        reach=_reach(explain.reach),
        steps=tuple(Cited(s.text, s.section, s.assumption) for s in explain.steps),
        assumptions=tuple(ASSUMPTIONS[a] for a in explain.assumptions),
        after=tuple(Cited(s.text, s.section, s.assumption) for s in explain.after),
    )


def fields_of(name: str, ruleset_id: str) -> list:
    """A calculator's (or the route planner's) fields for a ruleset; none for one it does not know."""
    rules = RULESETS.get(ruleset_id)
    if rules is None:
        return []
    if name == ROUTE:
        return route_fields(rules)
    calc = CALCULATORS.get(name)
    return calc.fields(rules) if calc and calc.supports(rules) else []


def describe(name: str, rules: Ruleset) -> dict:
    """A calculator's (or the route planner's) title, the section of the text it works out, its fields."""
    if name == ROUTE:
        return {
            "name": ROUTE,
            "title": ROUTE_TITLE,
            "section": None,
            "fields": [f.describe() for f in route_fields(rules)],
        }
    calc = CALCULATORS[name]
    return {
        "name": calc.name,
        "title": calc.title,
        "section": calc.section(rules),
        "fields": [f.describe() for f in calc.fields(rules)],
        "target": calc.target,
    }


def catalogue() -> dict:
    """Every calculator, the rulesets that support it and its fields in each."""
    return {
        name: {
            "title": calc.title,
            "rulesets": {r.id: describe(name, r) for r in RULESETS.values() if calc.supports(r)},
        }
        for name, calc in CALCULATORS.items()
    }
