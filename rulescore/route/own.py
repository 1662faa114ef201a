"""A kind of activation that walks its route its own way (a charge: its target's sight, an enemy that may
intercept, each total its roll can give), as the planner takes it: rulescore/route/activations.py lists them,
and the planner names none."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from rulescore.answers.explain import Explanation, Step
from rulescore.answers.fields import Field
from rulescore.framework.legs import Leg
from rulescore.route.walk import Walk
from rulescore.ruleset import Ruleset


class Planned(NamedTuple):
    """A route's answer: the main walk (in a charge, the enemy letting it through, if one may intercept), the
    other branch of an enemy's choice, and the words that name each."""

    walk: Walk
    caption: str | None = None
    branch: tuple[str, Walk] | None = None
    then: tuple[Step, ...] = ()  # what the text says follows, beside what the walk's ends say
    # With a branch: the headline's first line (who chooses), and the main walk's line before its chance.
    choice: tuple[str, str] = ("", "")


class OwnRoute(NamedTuple):
    """An activation walked its own way, beside a normal move and the mechanics' (`Mechanic.activations`)."""

    key: str  # as the form and an answer's inputs spell it
    # Ruleset -> the kinds it adds to the form's choice ((key, words), last), and the words that say why none
    offered: Callable[[Ruleset], tuple[list[tuple[str, str]], str]]
    refused: Callable[[Ruleset, object], str | None]  # (ruleset, the activation asked) -> why the text has none
    fields: Callable[[Ruleset], list[Field]]  # what it settles before the first inch, asked of it alone
    # (explanation, ruleset, activation, legs) -> refuses a route's legs its rules forbid, whatever the activation
    legs: Callable[[Explanation, Ruleset, str, list[Leg]], None]
    route: Callable[[Explanation, Ruleset, dict[str, Any], list[Leg]], Planned]
