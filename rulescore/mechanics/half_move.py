"""The half-move: a move short enough that the model may still shoot or hide (hiding reads it)."""

from __future__ import annotations

from rulescore.mechanics.mechanic import Line, Mechanic, Single
from rulescore.mechanics.rules import Rules
from rulescore.reading import values


def _lines(rules: Rules) -> list[Line]:
    if not rules.half_move:
        return []
    return [Line("half-move", "Half-move (to shoot or hide)", rules.half_move.value, rules.half_move)]


# Declared in the shape every mechanic shares (rulescore/mechanics/mechanic.py), alike by design: its rule differs.
HALF_MOVE = Mechanic(parts={"half_move": Single(values.text)}, lines=_lines)
