"""What the rules forbid of a route whatever the dice, refused before any walking: each leg against its
table and its kind's own check (the climbs against their limit, the height each gap would fall from)."""

from __future__ import annotations

from typing import Any

from rulescore.answers.fields import FieldError, Forbids
from rulescore.framework.legs import Forbidden, Leg, SoFar, cited, ground_cost, refused_at
from rulescore.route.read import LEG_KINDS
from rulescore.ruleset import Ruleset


def check(ruleset: Ruleset, read: dict[str, Any], legs: list[Leg]) -> None:
    """Refuse, before any walking, a route the rules forbid whatever the dice: each leg against its rule's numbers, the
    climbs against their limit, the height each gap would fall from."""
    route = SoFar(ruleset, read)
    for number, leg in enumerate(legs, start=1):
        kind = LEG_KINDS[leg.kind]
        where, name = refused_at(number, leg)
        try:
            if kind.on_ground:
                ground_cost(ruleset, leg)
            if kind.part and ruleset.part(kind.part) is None:
                raise FieldError(where, f"{ruleset.title}'s text has no rule for this leg ({leg.kind}).")
            kind.check(route, leg, number)
            route.height = kind.height_after(route.height, leg)
        except FieldError as error:
            rules = ruleset.part(kind.part) if kind.part else None
            # A limit the table plays otherwise is the table's, not the section's to cite.
            own = f"{kind.part}.max_height" not in ruleset.house_numbers
            cite = f" ({cited(rules)})" if rules is not None and own and "§" not in error.message else ""
            raise Forbidden(where, f"{name}: {error.message}{cite}", forbids=isinstance(error, Forbids)) from None
