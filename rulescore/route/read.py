"""The legs of a route as a player writes them: `move 4`, `move 2 difficult`, `climb up 3`, `gap 2 drop 6`,
`barrier 0.5`, `charge 3` ..., read with the kinds of leg the mechanics declare (`Mechanic.legs`)."""

from __future__ import annotations

from fractions import Fraction

from rulescore.answers.explain import inches
from rulescore.framework.legs import Leg, LegKind, costly_grounds, ground_words, number
from rulescore.rulebooks import MECHANICS
from rulescore.ruleset import Ruleset


def _kinds() -> dict[str, LegKind]:
    """Every kind of leg, in the order the route's form offers them; two kinds never share their words."""
    found: dict[str, LegKind] = {}
    for kind in sorted((kind for mechanic in MECHANICS for kind in mechanic.legs), key=lambda kind: kind.rank):
        if found.setdefault(kind.words, kind) is not kind:
            raise ValueError(f"two kinds of leg are written '{kind.words}'")
    return found


LEG_KINDS = _kinds()
# Longest first, so that no kind is read as another whose words begin it.
_BY_LENGTH = sorted(LEG_KINDS, key=len, reverse=True)
EXAMPLE = "a leg is one of: " + ", ".join(kind.example for kind in LEG_KINDS.values())


def read_leg(text: str) -> Leg:
    """ "climb up 3" -> Leg("climb up", 3, None, ...); ValueError saying what a leg looks like."""
    words = " ".join(str(text)[:80].lower().replace('"', " ").replace("”", " ").split())
    found = next((k for k in _BY_LENGTH if words == k or words.startswith(k + " ")), None)
    shown = str(text)[:30]
    if found is None:
        raise ValueError(f"'{shown}' is not a leg: {EXAMPLE}")
    kind = LEG_KINDS[found]
    rest = words[len(found) :].split()
    if not rest:
        raise ValueError(f"'{shown}' needs its inches: {EXAMPLE}")
    try:
        length_ = number(rest[0])
        extra = None
        rest = rest[1:]
        if len(rest) >= 2 and kind.extra and rest[0] == kind.extra:
            extra = number(rest[1])
            rest = rest[2:]
    except ValueError as error:
        raise ValueError(f"'{shown}': {error}") from None
    ground = "open"
    if rest:  # the ground it crosses, by the name the ruleset's terrain table gives it ("very difficult")
        named = rest[:-1] if rest[-1] == "ground" and len(rest) > 1 else rest
        ground = "-".join(named)
        if not kind.on_ground or len(named) > 3 or not all(word.isalpha() for word in named):
            raise ValueError(f"'{shown}' is not a leg: {EXAMPLE}")
    if length_ == 0 and not kind.zero:
        raise ValueError(f"'{shown}': a leg of 0\" is no leg")
    if extra == 0 and not kind.extra_zero:
        raise ValueError(f"'{shown}': a {kind.extra} of 0\" is no {kind.extra}")
    return Leg(
        found,
        length_,
        extra,
        f"{found} {inches(length_)}"
        + (f" {kind.extra} {inches(extra)}" if extra is not None else "")
        + ground_words(ground),
        ground,
    )


def plannable(ruleset: Ruleset) -> bool:
    """Has the text more to a move than walking in the open: a climb, a gap, a jump down or costly ground."""
    return any(kind.worth(ruleset) for kind in LEG_KINDS.values())


def leg_kinds(ruleset: Ruleset) -> list[tuple[str, str, LegKind]]:
    """The kinds of leg this ruleset's text has rules for, as a form offers them: (what the leg writes, where
    `{}` stands for its inches, and a second `{}` for its second number; the words the list shows; its kind)."""
    grounds = costly_grounds(ruleset)
    offered: list[tuple[str, str, LegKind]] = []
    for words, kind in LEG_KINDS.items():
        if kind.has(ruleset):
            offered.append((f"{words} {{}}", words, kind))
            if kind.extra:  # its second number given on the leg, as a route writes it: "gap 2 drop 3" (#62, item 4)
                offered.append(
                    (f"{words} {{}} {kind.extra} {{}}", f"{words}, with {kind.extra_said or kind.extra}", kind)
                )
            if kind.on_ground:
                offered += [(f"{words} {{}}{ground_words(g)}", f"{words}{ground_words(g)}", kind) for g in grounds]
    return offered


def default_legs(ruleset: Ruleset) -> list[str]:
    """A first route the page shows worked out: each kind of leg the text has adds its own (`LegKind.first`), the
    heights agreeing; the legs over obstacles first, the walks across ground last."""
    legs: list[Leg] = []
    height = Fraction(0)
    for kind in sorted(LEG_KINDS.values(), key=lambda kind: (kind.on_ground, kind.rank)):
        if kind.has(ruleset):
            for text in kind.first(ruleset, height, len(legs)):
                legs.append(read_leg(text))
                height = kind.height_after(height, legs[-1])
    # Written back as a route writes them ('climb up 2"'): the page's own items, so its first taps' keys match.
    return [leg.text for leg in legs]
