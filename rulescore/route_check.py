"""What the rules forbid of a route whatever the dice, refused before any walking: each leg against its
table, the climbs against their limit, the height each gap would fall from (#46, #50)."""

from __future__ import annotations

from fractions import Fraction

from rulescore.barriers import crosses_free
from rulescore.climbing import may_climb_as_animal, uses_movement
from rulescore.explain import inches
from rulescore.fields import FieldError
from rulescore.legs import SECTION_OF, Leg
from rulescore.route_walk import Forbidden, cited, ground_cost


def check(ruleset, read: dict, legs: list[Leg]) -> None:
    """Refuse, before any walking, a route the rules forbid whatever the dice: each leg against its table, the
    climbs against their limit, the height each gap would fall from."""
    height, climbed = read.get("start_height") or Fraction(0), Fraction(0)
    for number, leg in enumerate(legs, start=1):
        where, name = f"leg-{number}", f"Leg {number} ({leg.text})"
        try:
            if leg.kind in ("move", "charge"):
                ground_cost(ruleset, leg)
            table = SECTION_OF.get(leg.kind)
            if table and getattr(ruleset, table) is None:
                raise FieldError(where, f"{ruleset.title}'s text has no rule for this leg ({leg.kind}).")
            if leg.kind == "barrier":
                free, limit, how = crosses_free(ruleset, leg.inches)
                if not free:
                    climb_it = " or climb it (climb legs)" if ruleset.climb else ""
                    raise FieldError(
                        where,
                        f"only an obstacle {how} {inches(limit)} high is crossed without using movement: go around "
                        f"it (a move leg){climb_it}",
                    )
            elif leg.kind in ("climb up", "climb down"):
                climbed += leg.inches
                _check_climb(ruleset, read, leg, number, name, where, climbed)
                height = max(height + (leg.inches if leg.kind == "climb up" else -leg.inches), Fraction(0))
            elif leg.kind == "gap":
                activation = read["activation"]
                if activation not in ("move", "half-move") and not ruleset.gap.in_charge:
                    raise Forbidden(
                        where, f"{name}: {ruleset.title}'s text does not let a gap be jumped in a {activation}."
                    )
                if leg.extra is None and not height:
                    raise Forbidden(
                        where,
                        f"{name}: the route is at ground level here, so how far would a failed jump fall? Write the "
                        "drop (gap 2 drop 4), or give the height the route starts at.",
                        "route-height",
                    )
            elif leg.kind == "jump down":
                rules = ruleset.jump_down
                if leg.inches > rules.max_height.value and rules.over_max.value == "not-allowed":
                    raise FieldError(where, _at_most(ruleset, "jump_down", "A model may jump down"))
                height = max(height - leg.inches, Fraction(0))
            elif leg.kind == "diving charge" and leg.inches > ruleset.diving_charge.max_height.value:
                raise FieldError(where, _at_most(ruleset, "diving_charge", "A diving charge jumps down"))
        except FieldError as error:
            rules = getattr(ruleset, SECTION_OF.get(leg.kind, ""), None)
            # A limit the table plays otherwise is the table's, not the section's to cite.
            own = f"{SECTION_OF.get(leg.kind)}.max_height" not in ruleset.house_numbers
            cite = f" ({cited(rules)})" if rules is not None and own and "§" not in error.message else ""
            raise Forbidden(where, f"{name}: {error.message}{cite}") from None


def _at_most(ruleset, table: str, what: str) -> str:
    """A leg over its highest: the text's limit, or the table's house rule (#47: credited to the book)."""
    limit = inches(getattr(ruleset, table).max_height.value)
    if f"{table}.max_height" in ruleset.house_numbers:
        return f"{what} at most {limit}: your table's house rule."
    return f"{what} at most {limit}."


def _check_climb(ruleset, read: dict, leg: Leg, number: int, name: str, where: str, climbed: Fraction) -> None:
    rules, activation, move = ruleset.climb, read["activation"], read["move"]
    if read.get("animal") == "yes" and not may_climb_as_animal(rules):  # "Any model (except animals!)"
        raise Forbidden(where, f"{name}: animals cannot climb ({cited(rules.animals)}).")
    if rules.touching and number > 1 and "climb-opens-route" not in ruleset.otherwise:
        raise Forbidden(
            where,
            f"{name}: the model must be touching what it climbs at the start of its movement phase ({cited(rules)}); "
            "we read that its climb opens the route.",
            "climb-opens-route",
        )
    if activation == "run" and rules.no_run:
        raise Forbidden(where, f"{name}: a model cannot run while it climbs: climb in a normal move ({cited(rules)}).")
    if activation == "charge" and rules.no_run and "charge-no-climb" not in ruleset.otherwise:
        raise Forbidden(
            where,
            f"{name}: a model cannot run while it climbs ({cited(rules)}), and a charge is like a running move; "
            "we read that it may not climb either.",
            "charge-no-climb",
        )
    limit = move if rules.limit.value == "Movement" else Fraction(rules.limit.value)
    if uses_movement(rules):
        limit = min(limit, move)
    if climbed > limit:
        raise FieldError(where, f"A climb may be at most {inches(limit)} a turn; this route climbs {inches(climbed)}.")
