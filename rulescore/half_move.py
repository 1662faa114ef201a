"""The half-move: a move short enough that the model may still shoot or hide (hiding reads it)."""

from __future__ import annotations

from rulescore import values
from rulescore.mechanic import Line, Mechanic, Single


def _lines(rules) -> list[Line]:
    if not rules.half_move:
        return []
    return [Line("half-move", "Half-move (to shoot or hide)", rules.half_move.value, rules.half_move)]


# Declared in the shape every mechanic shares (rulescore/mechanic.py), alike by design: its rule differs.
HALF_MOVE = Mechanic(parts={"half_move": Single(values.text)}, lines=_lines)
