"""The half-move: a move short enough that the model may still shoot or hide (hiding reads it)."""

from __future__ import annotations

from fractions import Fraction
from math import ceil
from typing import Any

from rulescore.answers.explain import Explanation, Step, inches
from rulescore.framework.legs import Followed, RouteEnd
from rulescore.framework.mechanic import Activation, Line, Mechanic, Single
from rulescore.framework.rules import Rules
from rulescore.mechanics.hiding import Hiding
from rulescore.reading import values


def _lines(rules: Rules) -> list[Line]:
    half_move = rules.single("half_move")
    if not half_move:
        return []
    return [Line("half-move", "Half-move (to shoot or hide)", half_move.value, half_move)]


def _after(rules: Rules, end: RouteEnd) -> list[Followed]:
    """A completed move longer than a half-move costs the shot and the hiding, where hiding says so."""
    half_move, hiding = rules.single("half_move"), rules.numbers(Hiding)
    if not (end.done and half_move):
        return []
    if end.activation == "move" and hiding and hiding.moved:
        words = "If it moves more than a half-move, it may not shoot or hide this turn (a half-move keeps both)."
        return [(10, Step(words, half_move.section))]
    if end.activation == "half-move":
        return [
            (20, Step("Completing the half-move, it may still shoot, or hide at the end of it.", half_move.section))
        ]
    return []


def _half(explain: Explanation, rules: Rules, read: dict[str, Any]) -> Fraction:
    """A route's half-move: half its Movement, rounded up."""
    half = Fraction(ceil(read["move"] / 2))
    explain.step(f"A half-move: half its Movement, rounded up: {inches(half)}.", rules.single("half_move"))
    return half


HALF = Activation("half-move", "A half-move (to shoot or hide)", 10, lambda r: bool(r.single("half_move")), _half)
# Declared in the shape every mechanic shares (rulescore/framework/mechanic.py), alike by design: its rule differs.
HALF_MOVE = Mechanic(turn=20, parts={"half_move": Single(values.text)}, lines=_lines, after=_after, activations=(HALF,))
