"""A leg of a route, and what a kind of leg declares (`LegKind`): the words a route writes it with, the part
of numbers.toml its rules are in, what it costs, what the rules forbid of it, how it is walked and how it is drawn. Each
mechanic declares its own kinds beside its rules (`Mechanic.legs`); rulescore/route/read.py reads a route with them.

A leg's numbers are read by the same reader as every field (plain decimals, bounded), so a leg can never
ask for more than a field can.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any, Literal, NamedTuple, Protocol, cast

from rulescore.answers.explain import Explanation, Step, inches
from rulescore.answers.fields import FieldError, length
from rulescore.dice.distribution import Distribution
from rulescore.framework.rules import Rules
from rulescore.reading.rule_value import Rule

# How any leg may end besides its own ways: a fall after a failed test (this, then the fall table's own key:
# "fell-stunned") or a drop too short to be a fall. Declared once, for every rule whose legs fall and for
# what reads their outcomes (the loader's words and order, the route's totals).
FELL = "fell-"
DROPPED = "dropped"


class Leg(NamedTuple):
    kind: str  # its kind's words: "climb up"
    inches: Fraction
    extra: Fraction | None  # a gap's drop, a diving charge's enemy distance
    text: str  # as the route writes it back
    ground: str = "open"  # a move's or a charge's ground: "open", "difficult" or "very-difficult"


class Forbidden(Exception):
    """A route refused: where (a field or "leg-N"), why, and the reading it rests on, if one. `forbids`: the
    rules forbid it (else a value is at fault: a leg the text has no rule for, a Movement not given)."""

    def __init__(
        self, where: str, message: str, reading: str | None = None, unfinished: bool = False, forbids: bool = True
    ) -> None:
        super().__init__(message)
        self.where, self.message, self.reading, self.unfinished = where, message, reading, unfinished
        self.forbids = forbids and not unfinished


def cited(rule: Any) -> str:  # a Rule, or a rule's numbers: each names its section
    return f"§ {rule.section.replace('-', ' ')}"


def ground_words(ground: str) -> str:
    return "" if ground == "open" else " " + ground.replace("-", " ") + " ground"


class Walking(Protocol):
    """What a leg's walk reads and changes of the route being walked (rulescore.route.walk.Walk)."""

    @property
    def ruleset(self) -> Rules: ...

    explain: Explanation
    read: dict[str, Any]
    charging: str | None  # None, "reaches" or "short" (rulescore.route.walk.Walk)
    left: Fraction  # movement left
    going: Fraction  # the chance the route is still going
    height: Fraction  # how high the model is

    def end(self, number: int, leg: Leg, key: str, words: str, chance: Fraction) -> None: ...
    def take(self, number: int, leg: Leg, table: Distribution, *safe: str) -> None: ...
    def stop(self, number: int, leg: Leg, words: str) -> None: ...


class SoFar:
    """A route checked leg by leg before any walking: how high it is and how much it has climbed."""

    def __init__(self, ruleset: Rules, read: dict[str, Any]) -> None:
        self.ruleset, self.read = ruleset, read
        self.height = read.get("start_height") or Fraction(0)
        self.climbed = Fraction(0)


def refused_at(number: int, leg: Leg) -> tuple[str, str]:
    """Where a refusal of this leg is shown ("leg-2") and how it names the leg ('Leg 2 (gap 1")')."""
    return f"leg-{number}", f"Leg {number} ({leg.text})"


def _no_cost(ruleset: Rules, read: dict[str, Any], leg: Leg) -> Fraction:
    return Fraction(0)


def _no_check(route: SoFar, leg: Leg, number: int) -> None:
    return None


def _not_shown(ruleset: Rules, height: Fraction, legs: int) -> tuple[str, ...]:
    return ()


def _never(ruleset: Rules) -> bool:
    return False


class RouteEnd(NamedTuple):
    """How a route went, as each mechanic reads it to say what the model may still do this turn."""

    activation: str  # "move", "half-move", "run" or "charge"
    done: Fraction  # the chance the route gets to its end
    ends: tuple[str, ...]  # its outcome keys: "leg2-fell-stunned"; in a branch, "not-seen-leg2-fell-stunned"

    def ended(self, kind: str) -> bool:
        """Does a leg end this way ("fell-", "stuck"), in the route or in a branch of it."""
        return any(f"-{kind}" in key for key in self.ends)


# A line of what follows a route: where it stands among every mechanic's (by tens), and the line.
Followed = tuple[int, Step]


# The side view's shapes (rulescore/web/route_view.py draws each).
Drawn = Literal["ground", "climb", "obstacle", "leap", "drop"]


class LegKind(NamedTuple):
    """One kind of leg, as the mechanic whose rules it follows declares it."""

    words: str  # as a route writes it: "climb up"
    rank: int  # where the route's form offers it among the others (by tens: a new kind fits between)
    example: str  # as the route's help shows it: "gap 2 (drop 6)"
    walk: Callable[[Walking, int, Leg, Fraction], None]  # (walk, leg number, leg, the movement it uses)
    drawn: Drawn  # how the side view draws it
    part: str | None = None  # the numbers.toml key its rules are under (a ruleset without it has no such leg)
    offered: Callable[[Rules], bool] | None = None  # Ruleset -> has it this leg (default: has that part)
    extra: str | None = None  # the word for its second number: "drop"
    extra_said: str = ""  # that number as the route's form names it: "its drop", "the inches to the enemy"
    extra_default: Fraction | None = None  # the second number, when the leg leaves it out
    extra_zero: bool = True  # may the second number be 0 (a drop of 0" is no drop)
    on_ground: bool = False  # crosses ground, which it may name: "move 2 difficult"
    zero: bool = False  # 0" is a leg (a charge that starts in contact)
    step: Fraction = Fraction(1)  # the inches a - or + on the route's form moves it by (a low wall: half inches)
    rise: int = 0  # +1: the model ends the leg its inches higher; -1: lower
    to_target: bool = False  # ends a charge at its target
    asks: tuple[str, ...] = ()  # the route's fields only this kind of leg reads ("animal")
    worth: Callable[[Rules], bool] = _never  # Ruleset -> does this leg alone make a route worth planning
    cost: Callable[[Rules, dict[str, Any], Leg], Fraction] = _no_cost  # (ruleset, values, leg) -> the movement it uses
    check: Callable[[SoFar, Leg, int], None] = _no_check  # refuses what the rules forbid whatever the dice
    # (ruleset, the height the route has reached, its legs so far) -> its legs in the route a page first shows
    first: Callable[[Rules, Fraction, int], tuple[str, ...]] = _not_shown

    def has(self, ruleset: Rules) -> bool:
        if self.offered is not None:
            return self.offered(ruleset)
        return self.part is None or ruleset.part(self.part) is not None

    def height_after(self, height: Fraction, leg: Leg) -> Fraction:
        return max(height + self.rise * leg.inches, Fraction(0))


# A leg's inches, read as a field reads them: the same refusals, the same bounds.
_INCHES = length("inches", "A leg's inches", "1", "0", "48")


def number(word: str) -> Fraction:
    try:
        return cast(Fraction, _INCHES.read(word))  # a length field reads a Fraction
    except FieldError as error:
        raise ValueError(error.message) from None


# What an inch of each kind of ground costs, under this numbers.toml key (and the route's field that names the
# ground): every leg on the ground reads it, so it is the framework's; rulescore/mechanics/ground.py declares it.
GROUND = "terrain"


def ground_cost(ruleset: Rules, leg: Leg) -> int:
    """Inches of movement each inch of this leg's ground costs."""
    if leg.ground == "open":
        return 1
    costs = ruleset.costs(GROUND) or {}
    if leg.ground not in costs:
        raise FieldError(GROUND, f"{ruleset.title}'s text gives no movement cost for{ground_words(leg.ground)}.")
    cost: int = costs[leg.ground].value
    return cost


def costly_grounds(ruleset: Rules) -> list[str]:
    """The grounds a leg may name, in the text's order: those an inch of which costs more than an inch."""
    return [ground for ground, cost in (ruleset.costs(GROUND) or {}).items() if cost.value != 1]


def at_most(ruleset: Rules, table: str, most: Rule[int | Fraction], what: str) -> str:
    """A leg over its highest (`[table] max_height`): the text's limit, or the table's house rule (#47: credited
    to the book)."""
    limit = inches(most.value)
    if f"{table}.max_height" in ruleset.house_numbers:
        return f"{what} at most {limit}: your table's house rule."
    return f"{what} at most {limit}."


def tested(read: dict[str, Any]) -> tuple[int, int, int]:
    """The Initiative, Toughness and Wounds a leg's test and fall read (each asked wherever a leg tests them)."""
    return cast(tuple[int, int, int], tuple(read.get(key) for key in ("initiative", "toughness", "wounds")))
