"""A calculator's answer as rulescore works with it: exact Fractions and inches, typed. It becomes JSON
only at the edges (the command line, the page's worker, the tests): `to_json()`."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Literal, NamedTuple

from rulescore.answers.explain import fraction_text, inches, percent_text
from rulescore.reading.assumptions import Assumption

# The kinds of way a route ends, declared once: a route's walk sets them, the web layer words them (mypy checks
# both against this): out of action, a fall it stays in the fight after, stopped, or its target not seen.
EndingKind = Literal["out-of-action", "fell", "stopped", "not-seen"]


class Row(NamedTuple):
    """One outcome and its exact chance."""

    outcome: str
    label: str
    chance: Fraction
    # A route's way of ending (rulescore.route.walk.Ending): the leg, how, and which kind ("" : the route
    # completes, or not a route); laid out by the web layer, not in the JSON.
    leg: str = ""
    way: str = ""
    ending: EndingKind | Literal[""] = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "outcome": self.outcome,
            "label": self.label,
            "probability": fraction_text(self.chance),
            "percent": percent_text(self.chance),
        }


class Branch(NamedTuple):
    """The outcomes where another's choice goes the other way, beside the main ones (the target flees; the
    enemy intercepts)."""

    title: str
    rows: tuple[Row, ...]

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title, "outcomes": [row.to_json() for row in self.rows]}


class Reach(NamedTuple):
    """A distance the player chooses by: the chance of at least each distance, longest last."""

    title: str
    rows: tuple[tuple[Fraction, Fraction], ...]  # (inches, chance of moving at least that far)

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "rows": [
                {"at_least": inches(distance), "probability": fraction_text(p), "percent": percent_text(p)}
                for distance, p in self.rows
            ],
        }


class Cited(NamedTuple):
    """A step of the working, with the section of the text it rests on or an assumption."""

    text: str
    section: str | None
    assumption: str | None

    def to_json(self) -> dict[str, Any]:
        return self._asdict()


class Result(NamedTuple):
    """One calculator's answer for one ruleset."""

    calculator: str
    ruleset: str
    ruleset_title: str
    title: str
    inputs: dict[str, str | list[str]]  # every field as the form gave it, defaults filled in (a list: its items)
    procedure: str  # what to do at the table, in one sentence
    headlines: tuple[str, ...]
    caption: str | None
    outcomes: tuple[Row, ...]
    extra: tuple[Branch, ...]
    reach: Reach | None
    steps: tuple[Cited, ...]
    assumptions: tuple[Assumption, ...]
    after: tuple[Cited, ...] = ()  # what the model may still do this turn (a route), each line cited
    # A route's procedure by leg: what comes first (a charge roll), then each leg's name and items; and the
    # items any leg may share (the injury roll after a fall) with what they are, for the page to say once.
    opening: tuple[str, ...] = ()
    parts: tuple[tuple[str, tuple[str, ...]], ...] = ()
    once: tuple[tuple[str, str], ...] = ()
    # The table's house rules this answer would be other without, each said in words (rulescore.table.house_rules).
    house: tuple[str, ...] = ()
    # As data, for a layer that shows them its own way: each headline line's chance, beside it (None: that
    # line gives none; "the enemy chooses whether to intercept" gives none, the line after it does), and the
    # one roll that decides the answer, as players say it ("4+ on one D6"; None: more than one).
    chances: tuple[Fraction | None, ...] = ()
    roll: str | None = None

    @property
    def chance(self) -> Fraction | None:
        """The answer's own chance: the first a headline line gives (None: they give none)."""
        return next((p for p in self.chances if p is not None), None)

    @property
    def chance_line(self) -> int | None:
        """Which headline line gives the answer's own chance."""
        return next((at for at, p in enumerate(self.chances) if p is not None), None)

    @property
    def ok(self) -> Literal[True]:
        """An answer (a Refusal's is False): what the page, the worker and the command line ask first."""
        return True

    def to_json(self) -> dict[str, Any]:
        return (
            {
                "ok": True,
                "calculator": self.calculator,
                "ruleset": self.ruleset,
                "ruleset_title": self.ruleset_title,
                "title": self.title,
                "inputs": self.inputs,
                "procedure": self.procedure,
                "headline": self.headlines[0],
                "headlines": list(self.headlines),
                "caption": self.caption,
                "outcomes": [row.to_json() for row in self.outcomes],
                "extra": [table.to_json() for table in self.extra],
                "reach": self.reach.to_json() if self.reach else None,
                "steps": [step.to_json() for step in self.steps],
                "assumptions": [a._asdict() for a in self.assumptions],
            }
            | ({"after": [line.to_json() for line in self.after]} if self.after else {})
            | _house(self.house)
        )


class Refusal(NamedTuple):
    """Inputs a calculator will not answer: a message for each field at fault."""

    calculator: str
    ruleset: str
    errors: dict[str, str]
    readings: tuple[tuple[str, str], ...] = ()  # (field, assumption id): a refusal that rests on our reading
    # Nothing is wrong, the question is only not whole yet (a route with no legs, a charge with no charge
    # leg): the page says what comes next, not that a field is at fault.
    unfinished: bool = False
    house: tuple[str, ...] = ()  # the house rules this refusal would be other without
    # The rules forbid what the values ask (an animal's climb): the rules' answer, not a field at fault.
    forbidden: bool = False

    @classmethod
    def of_bug(cls, calculator: str, ruleset: str, error: Exception) -> Refusal:
        """A bug of ours, said as one: never as a value at fault, nor as taking too long (#64, item 4)."""
        return cls(calculator, ruleset, {"calculator": f"Internal error ({type(error).__name__}); please report it."})

    @property
    def ok(self) -> Literal[False]:
        return False

    def to_json(self) -> dict[str, Any]:
        found = {"ok": False, "calculator": self.calculator, "ruleset": self.ruleset, "errors": self.errors}
        return (
            found
            | ({"readings": [{"field": f, "assumption": a} for f, a in self.readings]} if self.readings else {})
            | ({"unfinished": True} if self.unfinished else {})
            | ({"forbidden": True} if self.forbidden else {})
            | _house(self.house)
        )


def _house(house: tuple[str, ...]) -> dict[str, Any]:
    """An answer without house rules is the same JSON as before there were any."""
    return {"house_rules": list(house)} if house else {}
