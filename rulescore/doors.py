"""Every calculator a page, a table or the command line opens, the route planner among them: one table,
each asked the same way, so no layer asks which one it is (a new kind of answer is one more door)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import partial
from operator import le
from typing import Any, NamedTuple, Protocol

from rulescore.answers.explain import Explanation, percent_words, said, said_alike, sentence
from rulescore.answers.fields import Field, read_form
from rulescore.answers.result import Branch, Cited, Reach, Refusal, Result, Row
from rulescore.dice.distribution import Distribution
from rulescore.framework.mechanic import Calculator
from rulescore.route.plan import PLANNER
from rulescore.rulebooks import ASSUMPTIONS, CALCULATORS, RULESETS, label, outcome_order
from rulescore.ruleset import Ruleset


class Door(Protocol):
    """What every calculator is asked: where it applies, what it asks, and its answer."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    # The list field the command line's words without "=" fill, in order ("" : none takes them).
    @property
    def free(self) -> str: ...
    def supports(self, rules: Ruleset) -> bool: ...
    def fields(self, rules: Ruleset) -> list[Field]: ...
    def describe(self, rules: Ruleset) -> dict[str, Any]: ...
    def answer(
        self, ruleset_id: str, values: dict[str, Any], rules: Ruleset | None, percentages: bool
    ) -> Result | Refusal: ...
    # What the answer took for what the free words left out (a diving charge leg's enemy distance).
    def assumed(self, free: Sequence[str]) -> dict[str, str]: ...


class Worked(NamedTuple):
    """A calculator of one rule (a mechanic's): its form read, its rule worked out, its lines said."""

    calculator: Calculator
    free: str = ""

    @property
    def name(self) -> str:
        return self.calculator.name

    @property
    def title(self) -> str:
        return self.calculator.title

    def supports(self, rules: Ruleset) -> bool:
        return self.calculator.supports(rules)

    def fields(self, rules: Ruleset) -> list[Field]:
        return self.calculator.fields(rules)

    def describe(self, rules: Ruleset) -> dict[str, Any]:
        calc = self.calculator
        fields = [f.describe() for f in calc.fields(rules)]
        return {
            "name": calc.name,
            "title": calc.title,
            "section": calc.section(rules),
            "fields": fields,
            "target": calc.target,
        }

    def assumed(self, free: Sequence[str]) -> dict[str, str]:
        return {}

    def answer(
        self, ruleset_id: str, values: dict[str, Any], rules: Ruleset | None, percentages: bool
    ) -> Result | Refusal:
        calc, name = self.calculator, self.calculator.name
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
        lines = lambda say: calc.headline(table, extra, say)  # noqa: E731
        headlines, chances = said(lines, percent_words) if percentages else said_alike(lines)
        roll = explain.rolls[0] if len(explain.rolls) == 1 else None
        if roll:  # one roll decides it: say what it needs, as players do
            headlines = [headlines[0], roll, *headlines[1:]]
            chances = (chances[0], None, *chances[1:])
        return Result(
            calculator=name,
            ruleset=ruleset_id,
            ruleset_title=rules.title,
            title=calc.title,
            inputs={field.name: str(values.get(field.name, field.default)).strip() for field in fields},
            procedure=sentence("; ".join(explain.procedure)),  # "Jump down 4"; 2 Initiative tests, each needs ..."
            headlines=tuple(headlines),
            caption=explain.caption,
            outcomes=_rows(table),
            extra=tuple(Branch(title, _rows(t)) for title, t in extra),
            reach=_reach(explain.reach),
            steps=tuple(Cited(s.text, s.section, s.assumption) for s in explain.steps),
            assumptions=tuple(ASSUMPTIONS[a] for a in explain.assumptions),
            after=tuple(Cited(s.text, s.section, s.assumption) for s in explain.after),
            chances=chances,
            roll=roll,
        )


def _rows(table: Distribution) -> tuple[Row, ...]:
    return tuple(Row(key, label(key), table[key]) for key in sorted(table, key=outcome_order))


def _reach(reach: tuple[str, Distribution] | None) -> Reach | None:
    """A distance the player chooses by, as "at least X inches" rows (1% or more, longest last)."""
    if reach is None:
        return None
    title, distances = reach
    rows = []
    for distance in sorted(distances):
        p = distances.probability(partial(le, distance))  # moved >= distance
        if p * 100 >= 1:
            rows.append((Fraction(distance), p))
    return Reach(title, tuple(rows))


# The mechanics' calculators in their order, then the route planner.
CALCULATOR_DOORS: dict[str, Door] = {name: Worked(calc) for name, calc in CALCULATORS.items()}
DOORS: dict[str, Door] = {**CALCULATOR_DOORS, PLANNER.name: PLANNER}
