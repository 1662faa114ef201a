"""The legs of a route as a player writes them: `move 4`, `move 2 difficult`, `climb up 3`, `gap 2 drop 6`,
`barrier 0.5`, `charge 3` ...

A leg's numbers are read by the same reader as every field (plain decimals, bounded), so a leg can never
ask for more than a field can.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple, cast

from rulescore.explain import inches
from rulescore.fields import FieldError, length

# A diving charge's enemy distance from the landing point, when the leg does not give it.
DIVE_ENEMY = Fraction(1)


class Leg(NamedTuple):
    kind: str  # one of KINDS
    inches: Fraction
    extra: Fraction | None  # a gap's drop, a diving charge's enemy distance
    text: str  # as the route writes it back
    ground: str = "open"  # a move's or a charge's ground: "open", "difficult" or "very-difficult"


# The table whose section a refused leg cites.
SECTION_OF = {
    "climb up": "climb",
    "climb down": "climb",
    "gap": "gap",
    "jump down": "jump_down",
    "diving charge": "diving_charge",
    "charge": "charge",
    "barrier": "barrier",
}
# Longest first, so "diving charge" is not read as "charge".
KINDS = ("diving charge", "climb up", "climb down", "jump down", "move", "gap", "barrier", "charge")
EXTRA = {"gap": "drop", "diving charge": "enemy"}
ON_GROUND = ("move", "charge")  # the legs that cross ground (the others are a climb, a jump or an obstacle)
EXAMPLE = (
    "a leg is one of: move 4 (or move 2 difficult), climb up 3, climb down 3, gap 2 (drop 6), jump down 4, "
    "barrier 0.5, charge 3, diving charge 4 (enemy 1)"
)
# A leg's inches, read as a field reads them: the same refusals, the same bounds.
_INCHES = length("inches", "A leg's inches", "1", "0", "48")


def _number(word: str) -> Fraction:
    try:
        return cast(Fraction, _INCHES.read(word))  # a length field reads a Fraction
    except FieldError as error:
        raise ValueError(error.message) from None


def ground_words(ground: str) -> str:
    return "" if ground == "open" else " " + ground.replace("-", " ") + " ground"


def read_leg(text: str) -> Leg:
    """ "climb up 3" -> Leg("climb up", 3, None, ...); ValueError saying what a leg looks like."""
    words = " ".join(str(text)[:80].lower().replace('"', " ").replace("”", " ").split())
    kind = next((k for k in KINDS if words == k or words.startswith(k + " ")), None)
    shown = str(text)[:30]
    if kind is None:
        raise ValueError(f"'{shown}' is not a leg: {EXAMPLE}")
    rest = words[len(kind) :].split()
    if not rest:
        raise ValueError(f"'{shown}' needs its inches: {EXAMPLE}")
    try:
        length_ = _number(rest[0])
        extra = None
        rest = rest[1:]
        if len(rest) >= 2 and kind in EXTRA and rest[0] == EXTRA[kind]:
            extra = _number(rest[1])
            rest = rest[2:]
    except ValueError as error:
        raise ValueError(f"'{shown}': {error}") from None
    ground = "open"
    if rest:  # the ground it crosses, by the name the ruleset's terrain table gives it ("very difficult")
        named = rest[:-1] if rest[-1] == "ground" and len(rest) > 1 else rest
        ground = "-".join(named)
        if kind not in ON_GROUND or len(named) > 3 or not all(word.isalpha() for word in named):
            raise ValueError(f"'{shown}' is not a leg: {EXAMPLE}")
    if length_ == 0 and kind != "charge":
        raise ValueError(f"'{shown}': a leg of 0\" is no leg")
    if extra == 0 and kind == "gap":
        raise ValueError(f"'{shown}': a drop of 0\" is no drop")
    return Leg(
        kind,
        length_,
        extra,
        f"{kind} {inches(length_)}"
        + (f" {EXTRA[kind]} {inches(extra)}" if extra is not None else "")
        + ground_words(ground),
        ground,
    )


def plannable(ruleset) -> bool:
    """Has the text more to a move than walking in the open: a climb, a gap, a jump down or costly ground."""
    costly = any(cost.value != 1 for cost in (ruleset.terrain or {}).values())
    return costly or any(getattr(ruleset, table) is not None for table in ("climb", "gap", "jump_down"))


def leg_kinds(ruleset) -> list[tuple[str, str]]:
    """The kinds of leg this ruleset's text has rules for, as a form offers them: (what the leg writes, where
    `{}` stands for its inches; the words the list shows)."""
    grounds = [g for g, cost in (ruleset.terrain or {}).items() if cost.value != 1]

    def on_ground(kind: str) -> list[tuple[str, str]]:
        found = [(f"{kind} {{}}", kind)]
        return found + [(f"{kind} {{}}{ground_words(g)}", f"{kind}{ground_words(g)}") for g in grounds]

    kinds = on_ground("move")
    kinds += [("climb up {}", "climb up"), ("climb down {}", "climb down")] if ruleset.climb else []
    kinds += [("gap {}", "gap")] if ruleset.gap else []
    kinds += [("jump down {}", "jump down")] if ruleset.jump_down else []
    kinds += [("barrier {}", "barrier")] if ruleset.barrier else []
    if ruleset.charge:
        kinds += on_ground("charge")
        kinds += [("diving charge {}", "diving charge")] if ruleset.diving_charge else []
    return kinds


def default_legs(ruleset) -> list[str]:
    """A first route the page shows worked out: one leg of each kind the text has, that fits Movement 4, the
    heights agreeing (the gap is jumped at the height climbed, the jump down comes back to the ground)."""
    legs = ["climb up 2"] if ruleset.climb else []
    legs += ["gap 1" if ruleset.climb else "gap 1 drop 2"] if ruleset.gap else []
    legs += ["jump down 2"] if ruleset.jump_down else []
    costly = [ground for ground, cost in (ruleset.terrain or {}).items() if cost.value != 1]
    legs += [f"move 1{ground_words(costly[0])}"] if not legs and costly else []
    # Written back as a route writes them ('climb up 2"'): the page's own items, so its first taps' keys match.
    return [read_leg(text).text for text in [*legs, "move 1"]]
