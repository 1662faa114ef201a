"""The one door the pages and the command line use: names and strings in, a JSON-ready result out.

Bad input never raises: it comes back as {"ok": false, "errors": {field: message}}.
"""

from __future__ import annotations

from collections.abc import Mapping

from rulescore.dice import Distribution
from rulescore.explain import Explanation, fraction_text, inches, percent_text, percent_words, said_alike
from rulescore.fields import FieldError
from rulescore.mechanic import Calculator
from rulescore.mechanics import ASSUMPTIONS, CALCULATORS, RULESETS, label, outcome_order
from rulescore.rulesets import Ruleset


def _rows(table: Distribution) -> list[dict]:
    return [
        {
            "outcome": key,
            "label": label(key),
            "probability": fraction_text(table[key]),
            "percent": percent_text(table[key]),
        }
        for key in sorted(table, key=outcome_order)
    ]


def _reach(reach: tuple[str, Distribution] | None) -> dict | None:
    """A distance the player chooses by, as "at least X inches" rows (1% or more, longest last)."""
    if reach is None:
        return None
    title, distances = reach
    rows = []
    for distance in sorted(distances):
        p = distances.probability(lambda moved, distance=distance: moved >= distance)
        if p * 100 >= 1:
            rows.append({"at_least": inches(distance), "probability": fraction_text(p), "percent": percent_text(p)})
    return {"title": title, "rows": rows}


def _procedure(clauses: list[str]) -> str:
    """What to do at the table, in one sentence: "Jump down 4"; 2 Initiative tests, each needs ..."."""
    text = "; ".join(clauses)
    return text[:1].upper() + text[1:] + "." if text else ""


def _refuse(errors: dict[str, str], calculator: str, ruleset: str) -> dict:
    return {"ok": False, "calculator": calculator, "ruleset": ruleset, "errors": errors}


def calculate(
    calculator: str, ruleset: str, values: Mapping[str, str] | None = None, *, percentages: bool = False
) -> dict:
    """Run one calculator for one ruleset on a form's values (all strings); `percentages` says every
    chance as one (for answers set side by side).

    Returns the headline, the outcome table with exact fractions and percentages, the steps with
    the rule section each comes from, and the assumptions used; or field-level error messages.
    """
    values = dict(values or {})
    try:
        return _calculate(str(calculator), str(ruleset), values, percentages)
    except FieldError as error:
        return _refuse({error.field: error.message}, str(calculator), str(ruleset))
    except Exception as error:  # a bug of ours must still not break the page
        return _refuse(
            {"calculator": f"Internal error ({type(error).__name__}); please report it."}, str(calculator), str(ruleset)
        )


def _calculate(name: str, ruleset_id: str, values: dict, percentages: bool = False) -> dict:
    calc = CALCULATORS.get(name)
    if calc is None:
        return _refuse(
            {"calculator": f"Unknown calculator '{name[:30]}'. Known: {', '.join(CALCULATORS)}."}, name, ruleset_id
        )
    rules = RULESETS.get(ruleset_id)
    if rules is None:
        return _refuse(
            {"ruleset": f"Unknown ruleset '{ruleset_id[:30]}'. Known: {', '.join(RULESETS)}."}, name, ruleset_id
        )
    if not calc.supports(rules):
        return _refuse(
            {"ruleset": f"The {rules.title} text has no rules for this ({calc.title.lower()})."}, name, ruleset_id
        )

    fields = calc.fields(rules)
    known = {f.name for f in fields}
    errors = {
        key: f"{rules.title}'s {calc.title.lower()} calculator has no field '{str(key)[:30]}'."
        for key in values
        if key not in known
    }
    read: dict = {}
    for field in fields:
        try:
            read[field.name] = field.read(values.get(field.name, field.default))
        except FieldError as error:
            errors[error.field] = error.message
    if errors:
        return _refuse(errors, name, ruleset_id)

    explain = Explanation()
    table, extra = calc.compute(explain, rules, read)
    if percentages:
        headlines = calc.headline(table, extra, percent_words)
    else:
        headlines = said_alike(lambda say: calc.headline(table, extra, say))
    if len(explain.rolls) == 1:  # one roll decides it: say what it needs, as players do
        headlines = [headlines[0], explain.rolls[0], *headlines[1:]]
    return {
        "ok": True,
        "calculator": name,
        "ruleset": ruleset_id,
        "ruleset_title": rules.title,
        "title": calc.title,
        "inputs": {field.name: str(values.get(field.name, field.default)).strip() for field in fields},
        "procedure": _procedure(explain.procedure),
        "headline": headlines[0],
        "headlines": headlines,
        "caption": explain.caption,
        "outcomes": _rows(table),
        "extra": [{"title": title, "outcomes": _rows(t)} for title, t in extra],
        "reach": _reach(explain.reach),
        "steps": [
            {
                "text": s.text,
                "section": s.section,
                "href": rules.href(s.section) if s.section else None,
                "assumption": s.assumption,
            }
            for s in explain.steps
        ],
        "assumptions": [
            {"id": a, "title": ASSUMPTIONS[a].title, "text": ASSUMPTIONS[a].text, "source": ASSUMPTIONS[a].source}
            for a in explain.assumptions
        ],
    }


def describe(calc: Calculator, rules: Ruleset) -> dict:
    return {
        "name": calc.name,
        "title": calc.title,
        "section": calc.section(rules),
        "fields": [f.describe() for f in calc.fields(rules)],
    }


def catalogue() -> dict:
    """Every calculator, the rulesets that support it and its fields in each."""
    return {
        name: {
            "title": calc.title,
            "rulesets": {r.id: describe(calc, r) for r in RULESETS.values() if calc.supports(r)},
        }
        for name, calc in CALCULATORS.items()
    }
