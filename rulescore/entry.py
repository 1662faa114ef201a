"""The one door the pages and the command line use: names and strings in, a result out (`answer`, typed;
`calculate`, its JSON).

Bad input never raises: it comes back as a Refusal, {"ok": false, "errors": {field: message}} in JSON.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rulescore.answers.fields import FieldError, Forbids
from rulescore.answers.result import Refusal, Result
from rulescore.doors import CALCULATOR_DOORS, DOORS
from rulescore.rulebooks import CALCULATORS, RULESETS
from rulescore.ruleset import Ruleset
from rulescore.table.house_rules import HouseRule, ruled


def calculate(
    calculator: str, ruleset: str, values: Mapping[str, str | list[str]] | None = None, *, percentages: bool = False
) -> dict[str, Any]:
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
    rulescore.table.house_rules); those of this ruleset are played, and each one the answer would be other
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
    calculator: str, ruleset: str, values: Mapping[str, Any] | None, percentages: bool, house: tuple[HouseRule, ...]
) -> Result | Refusal:
    values = dict(values or {})
    try:
        rules = ruled(ruleset, house) if house else RULESETS.get(str(ruleset))
        found = _calculate(str(calculator), str(ruleset), values, percentages, rules)
        found.to_json()  # worded here, inside the handling: a chance that cannot be said is no answer (#64, item 4)
        return found
    except FieldError as error:
        return Refusal(str(calculator), str(ruleset), error.errors(), forbidden=isinstance(error, Forbids))
    except Exception as error:  # a bug of ours must still not break the page
        return Refusal.of_bug(str(calculator), str(ruleset), error)


def _calculate(
    name: str, ruleset_id: str, values: dict[str, Any], percentages: bool, rules: Ruleset | None
) -> Result | Refusal:
    door = DOORS.get(name)
    if door is None:
        return Refusal(
            name, ruleset_id, {"calculator": f"Unknown calculator '{name[:30]}'. Known: {', '.join(CALCULATORS)}."}
        )
    return door.answer(ruleset_id, values, rules, percentages)


def fields_of(name: str, ruleset_id: str) -> list[Any]:
    """A calculator's (the route planner's too) fields for a ruleset; none where it does not apply."""
    rules, door = RULESETS.get(ruleset_id), DOORS.get(name)
    return door.fields(rules) if door and rules and door.supports(rules) else []


def describe(name: str, rules: Ruleset) -> dict[str, Any]:
    """A calculator's (the route planner's too) title, the section of the text it works out, its fields."""
    return DOORS[name].describe(rules)


def catalogue(planner: bool = False) -> dict[str, Any]:
    """Every calculator (`planner`: the route planner too, last), the rulesets that have it and its fields in each."""
    return {
        name: {
            "title": door.title,
            "rulesets": {r.id: door.describe(r) for r in RULESETS.values() if door.supports(r)},
        }
        for name, door in (DOORS if planner else CALCULATOR_DOORS).items()
    }
