"""A route walked leg by leg with a known allowance: what each leg costs, the tests it takes, the height the
model is at, and where and how the route ends otherwise (plan.py decides the allowance)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from rulescore.answers.explain import Explanation, Step, inches
from rulescore.answers.fields import FieldError, Forbids
from rulescore.answers.result import EndingKind
from rulescore.dice.distribution import Distribution
from rulescore.framework.legs import FELL, Forbidden, Leg
from rulescore.route.after import after_route
from rulescore.route.read import LEG_KINDS
from rulescore.rulebooks import label, outcome_order
from rulescore.ruleset import Ruleset


def cost(ruleset: Ruleset, read: dict[str, Any], leg: Leg) -> Fraction:
    """The movement a leg uses when it is made."""
    return LEG_KINDS[leg.kind].cost(ruleset, read, leg)


def needed(ruleset: Ruleset, read: dict[str, Any], legs: list[Leg]) -> Fraction:
    """The movement the whole route needs to reach its end."""
    try:
        return sum((cost(ruleset, read, leg) for leg in legs), Fraction(0))
    except FieldError as error:
        number = next(
            n for n, leg in enumerate(legs, start=1) if leg.ground != "open" and LEG_KINDS[leg.kind].on_ground
        )
        message = f"Leg {number} ({legs[number - 1].text}): {error.message}"
        raise Forbidden(f"leg-{number}", message, forbids=isinstance(error, Forbids)) from None


class Ending(NamedTuple):
    """One way the route ends, as its row in the answer carries it: the words are the web layer's to lay out."""

    key: str  # the outcome key: "leg2-fell-stunned", in a branch "not-seen-leg2-stuck"
    label: str  # 'Leg 2 (gap 1"): falls: stunned'
    leg: str = ""  # 'Leg 2 (gap 1")'; "" for an end that is no leg's (the target not seen)
    way: str = ""  # how the leg ends it, in a word or a few: "falls", "stuck"
    kind: EndingKind = "stopped"


def _kind(key: str) -> EndingKind:
    return "out-of-action" if key.endswith("out-of-action") else "fell" if key.startswith(FELL) else "stopped"


class Walk:
    """The route walked with `allowance` inches: the chance it is still going, and where and how it ended.

    `charging`: None for a move or a run; "reaches" when the charge move covers the route; "short" when it
    does not. A charge's own ends come with it (route/charge.py): `short`, how running out of movement ends it
    (outcome key, words, why: a failed charge); `met`, an end met as the last leg begins (an interceptor)."""

    def __init__(
        self,
        ruleset: Ruleset,
        explain: Explanation,
        allowance: Fraction,
        read: dict[str, Any],
        charging: str | None = None,
        branch: tuple[str, str] = ("", ""),
        short: tuple[str, str, str] | None = None,
        met: tuple[str, str] | None = None,
    ):
        self.ruleset, self.explain, self.read, self.charging = ruleset, explain, read, charging
        # A branch's outcome keys and labels start with its own words (the target not seen).
        self.branch, self.short, self.met = branch, short, met
        self.left = allowance
        self.going = Fraction(1)
        self.ends: dict[Ending, Fraction] = {}  # each way it ends -> its chance
        self.height = read.get("start_height") or Fraction(0)
        self.climbed = Fraction(0)

    def end(self, number: int, leg: Leg, key: str, words: str, chance: Fraction) -> None:
        if chance:
            name = f"{self.branch[1]}Leg {number} ({leg.text})"
            slot = Ending(
                f"{self.branch[0]}leg{number}-{key}", f"{name}: {words}", name, words.split(":")[0], _kind(key)
            )
            self.ends[slot] = self.ends.get(slot, Fraction(0)) + chance

    def take(self, number: int, leg: Leg, table: Distribution, *safe: str) -> None:
        """A leg's own outcome table: the `safe` outcomes go on, every other outcome ends the route here."""
        for key in sorted(table, key=outcome_order):
            if key not in safe:
                self.end(number, leg, key, label(key).lower(), self.going * table[key])
        self.going *= sum((table[key] for key in safe), Fraction(0))

    def stop(self, number: int, leg: Leg, words: str) -> None:
        """Out of movement on this leg: the route ends here (in a charge, a failed charge)."""
        if self.short:
            key, said, why = self.short
            self.explain.step(f"It has {inches(self.left)} left: {why}.")
            self.end(number, leg, key, said, self.going)
        else:
            self.explain.step(f"It has {inches(self.left)} left, not enough: it stops there.")
            self.end(number, leg, "out-of-movement", words, self.going)
        self.going = Fraction(0)

    def merge(self, other: Walk, weight: Fraction) -> None:
        """Another walk of the same route (another charge roll), counted with its chance."""
        self.going += weight * other.going
        for slot, chance in other.ends.items():
            self.ends[slot] = self.ends.get(slot, Fraction(0)) + weight * chance

    def after(self, activation: str, done: Fraction, branches: tuple[Any, ...] = ()) -> list[Step]:
        """What the model may still do this turn, for each way the route ends (here or in the other branch of
        an enemy's choice, a table of Rows) that the texts speak of."""
        keys = [end.key for end in self.ends] + [row.outcome for table in branches for row in table.rows]
        return after_route(self.ruleset, activation, done, keys)


def walk_legs(walk: Walk, legs: list[Leg]) -> Walk:
    """Each leg in turn, until one ends the route (check() has refused what the rules forbid)."""
    for number, leg in enumerate(legs, start=1):
        if walk.met and number == len(legs):
            walk.end(number, leg, *walk.met, walk.going)
            walk.going = Fraction(0)
            break
        walk.explain.part(f"Leg {number}, {leg.text}")
        walk.explain.step(f"Leg {number} ({leg.text}), with {inches(walk.left)} of movement left:")
        _leg(walk, number, leg)
        if not walk.going:
            break
    return walk


def _leg(walk: Walk, number: int, leg: Leg) -> None:
    """The leg as its kind walks it (each kind is declared by the mechanic whose rules it follows)."""
    kind = LEG_KINDS[leg.kind]
    kind.walk(walk, number, leg, kind.cost(walk.ruleset, walk.read, leg))
