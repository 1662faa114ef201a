"""The legs of a route as a player writes them: `move 4`, `climb up 3`, `gap 2 drop 6`, `charge 3` ..."""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from rulescore.explain import inches

# A gap's drop and a diving charge's enemy distance, when the leg does not give them.
GAP_DROP, DIVE_ENEMY = Fraction(6), Fraction(1)


class Leg(NamedTuple):
    kind: str  # "move", "climb up", "climb down", "gap", "jump down", "charge", "diving charge"
    inches: Fraction
    extra: Fraction | None  # a gap's drop, a diving charge's enemy distance
    text: str  # as the player wrote it


# The table whose section a refused leg cites.
SECTION_OF = {
    "climb up": "climb",
    "climb down": "climb",
    "gap": "gap",
    "jump down": "jump_down",
    "diving charge": "diving_charge",
    "charge": "charge",
}
KINDS = ("move", "climb up", "climb down", "gap", "jump down", "diving charge", "charge")
EXTRA = {"gap": "drop", "diving charge": "enemy"}


def _number(word: str) -> Fraction:
    value = Fraction(word)  # ValueError for anything that is not a number
    if value < 0 or value > 48 or value.denominator not in (1, 2, 4, 5, 10):
        raise ValueError(word)
    return value


def read_leg(text: str) -> Leg:
    """ "climb up 3" -> Leg("climb up", 3, None, ...); ValueError saying what a leg looks like."""
    words = " ".join(str(text).lower().replace('"', " ").split())
    kind = next((k for k in KINDS if words == k or words.startswith(k + " ")), None)
    example = "a leg is one of: move 4, climb up 3, climb down 3, gap 2 (drop 6), jump down 4, charge 3, diving charge 4 (enemy 1)"
    if kind is None:
        raise ValueError(f"'{str(text)[:30]}' is not a leg: {example}")
    rest = words[len(kind) :].split()
    try:
        length = _number(rest[0])
        extra = None
        if len(rest) == 3 and kind in EXTRA and rest[1] == EXTRA[kind]:
            extra = _number(rest[2])
        elif len(rest) != 1:
            raise ValueError(text)
    except (ValueError, IndexError, ZeroDivisionError):
        raise ValueError(f"'{str(text)[:30]}' is not a leg: {example}") from None
    if length == 0 and kind != "charge":
        raise ValueError(f"'{str(text)[:30]}': a leg of 0\" is no leg")
    return Leg(
        kind,
        length,
        extra,
        f"{kind} {inches(length)}" + (f" {EXTRA[kind]} {inches(extra)}" if extra is not None else ""),
    )


def plannable(ruleset) -> bool:
    """Has the text more to a move than walking and charging (a climb, a gap, a jump down)."""
    return any(getattr(ruleset, table) is not None for table in ("climb", "gap", "jump_down"))


def leg_kinds(ruleset) -> list[str]:
    """The kinds of leg this ruleset's text has rules for, as a form offers them."""
    kinds = ["move"]
    kinds += ["climb up", "climb down"] if ruleset.climb else []
    kinds += ["gap"] if ruleset.gap else []
    kinds += ["jump down"] if ruleset.jump_down else []
    if ruleset.charge and type(ruleset.charge.move.value).__name__ == "DoubleMove":
        kinds += ["charge"] + (["diving charge"] if ruleset.diving_charge else [])
    return kinds


def default_legs(ruleset) -> list[str]:
    """A first route the page shows worked out: one leg of each kind the text has, that fits Movement 4."""
    legs = ["climb up 2"] if ruleset.climb else []
    legs += ["gap 1 drop 4"] if ruleset.gap else []
    legs += ["jump down 4"] if ruleset.jump_down else []
    return legs + ["move 1"]
