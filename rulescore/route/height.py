"""Where a route starts (#64, item 9): where the player says, or higher where its legs go down further than
that, so the plan, its inputs and its picture take one height."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from rulescore.answers.explain import Explanation, inches
from rulescore.framework.legs import Leg
from rulescore.route.read import LEG_KINDS


def _down(leg: Leg) -> bool:
    kind = LEG_KINDS[leg.kind]
    return kind.rise < 0 or kind.drawn == "drop"


def least_start(legs: Sequence[Leg]) -> Fraction:
    """The least height a route can start at and take each leg down as far as it says (a climb of 1" and then
    a jump down of 6" starts 5" up): from there no leg goes below the ground."""
    up, least = Fraction(0), Fraction(0)
    for leg in legs:
        if _down(leg):
            least = max(least, leg.inches - up)
        up += LEG_KINDS[leg.kind].rise * leg.inches
    return least


def needs_words(legs: Sequence[Leg]) -> str:
    """Which leg sets the start height, as the answer says it ("leg 2 goes down 6", 1" above the start")."""
    up, deepest, found = Fraction(0), Fraction(-1), ""
    for number, leg in enumerate(legs, start=1):
        if _down(leg) and leg.inches - up > deepest:
            deepest, found = leg.inches - up, f"leg {number} goes down {inches(leg.inches)}"
            if up:
                found += f", {inches(abs(up))} {'above' if up > 0 else 'below'} where it starts"
        up += LEG_KINDS[leg.kind].rise * leg.inches
    return found


def start_taken(read: dict[str, Any], legs: Sequence[Leg], explain: Explanation) -> Fraction | None:
    """The start height the legs need where it is above the one given: put in `read` and said; else None."""
    given, needs = read.get("start_height") or Fraction(0), least_start(legs)
    if needs <= given:
        return None
    read["start_height"] = needs
    explain.step(f"It starts {inches(needs)} up: the least its legs need, as {needs_words(legs)}.")
    return needs
