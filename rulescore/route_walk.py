"""A route walked leg by leg with a known allowance: what each leg costs, the tests it takes, the height the
model is at, and where and how the route ends otherwise (routes.py decides the allowance)."""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple, cast

from rulescore.barriers import crosses_free
from rulescore.climbing import climb, uses_movement
from rulescore.dice import Distribution
from rulescore.diving import diving_charge
from rulescore.explain import Explanation, Step, inches
from rulescore.fields import FieldError
from rulescore.gaps import gap
from rulescore.jumping_down import jump_down
from rulescore.legs import DIVE_ENEMY, Leg, ground_words
from rulescore.mechanics import label, outcome_order
from rulescore.route_after import after_route

# Our readings of the route's rules that a table may play otherwise (a house rule), said as that table plays.
PLAYED_OTHERWISE = {
    "charge-no-climb": "a model may climb during a charge",
    "climb-opens-route": "a climb may come after other legs of the move",
}


class Forbidden(Exception):
    """A route the rules forbid: where (a field or "leg-N"), why, and the reading it rests on, if one."""

    def __init__(self, where: str, message: str, reading: str | None = None, unfinished: bool = False) -> None:
        super().__init__(message)
        self.where, self.message, self.reading, self.unfinished = where, message, reading, unfinished


def cited(rule) -> str:
    return f"§ {rule.section.replace('-', ' ')}"


def ground_cost(ruleset, leg: Leg) -> int:
    """Inches of movement each inch of this leg's ground costs."""
    if leg.ground == "open":
        return 1
    costs = ruleset.terrain or {}
    if leg.ground not in costs:
        raise FieldError("terrain", f"{ruleset.title}'s text gives no movement cost for{ground_words(leg.ground)}.")
    return costs[leg.ground].value


def charge_needs(ruleset, leg: Leg) -> Fraction:
    """The movement a charge's last stretch needs: the inches to the target (less what counts as reaching
    it), at the ground's cost."""
    within = ruleset.charge.ends_within
    return max(leg.inches - (within.value if within else 0), Fraction(0)) * ground_cost(ruleset, leg)


def cost(ruleset, read: dict, leg: Leg) -> Fraction:
    """The movement a leg uses when it is made."""
    if leg.kind == "move":
        return leg.inches * ground_cost(ruleset, leg)
    if leg.kind in ("climb up", "climb down"):
        return leg.inches if ruleset.climb and uses_movement(ruleset.climb) else Fraction(0)
    if leg.kind == "gap":
        return leg.inches if ruleset.gap and ruleset.gap.uses_movement.value else Fraction(0)
    if leg.kind == "diving charge":
        return leg.extra if leg.extra is not None else DIVE_ENEMY  # from the landing point to the enemy
    if leg.kind == "charge":
        return charge_needs(ruleset, leg)
    return Fraction(0)  # jumping down and a barrier crossed freely use none


def needed(ruleset, read: dict, legs: list[Leg]) -> Fraction:
    """The movement the whole route needs to reach its end."""
    try:
        return sum((cost(ruleset, read, leg) for leg in legs), Fraction(0))
    except FieldError as error:
        number = next(
            n for n, leg in enumerate(legs, start=1) if leg.ground != "open" and leg.kind in ("move", "charge")
        )
        raise Forbidden(f"leg-{number}", f"Leg {number} ({legs[number - 1].text}): {error.message}") from None


class Ending(NamedTuple):
    """One way the route ends, as its row in the answer carries it: the words are the web layer's to lay out."""

    key: str  # the outcome key: "leg2-fell-stunned", in a branch "not-seen-leg2-stuck"
    label: str  # 'Leg 2 (gap 1"): falls: stunned'
    leg: str = ""  # 'Leg 2 (gap 1")'; "" for an end that is no leg's (the target not seen)
    way: str = ""  # how the leg ends it, in a word or a few: "falls", "stuck"
    kind: str = "stopped"  # "out-of-action", "fell" (and stays in the fight), "stopped" or "not-seen"


def _kind(key: str) -> str:
    return "out-of-action" if key.endswith("out-of-action") else "fell" if key.startswith("fell-") else "stopped"


class Walk:
    """The route walked with `allowance` inches: the chance it is still going, and where and how it ended.

    `charging`: None for a move or a run; "reaches" when the charge move covers the route; "short" when it
    does not (running out of movement is then a failed charge, wherever it happens)."""

    def __init__(
        self,
        ruleset,
        explain: Explanation,
        allowance: Fraction,
        read: dict,
        charging: str | None = None,
        branch: tuple[str, str] = ("", ""),
        interceptor: bool = False,
    ):
        self.ruleset, self.explain, self.read, self.charging = ruleset, explain, read, charging
        # A branch's outcome keys and labels start with its own words (the target not seen); an interceptor
        # meets the charger as it begins its last leg (our reading, "interceptor-meets-last-leg").
        self.branch, self.interceptor = branch, interceptor
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
        if self.charging:
            self.explain.step(f"It has {inches(self.left)} left: the charge ends here, short of the target.")
            self.end(number, leg, "falls-short", "falls short (failed charge), it stops here", self.going)
        else:
            self.explain.step(f"It has {inches(self.left)} left, not enough: it stops there.")
            self.end(number, leg, "out-of-movement", words, self.going)
        self.going = Fraction(0)

    def merge(self, other: Walk, weight: Fraction) -> None:
        """Another walk of the same route (another charge roll), counted with its chance."""
        self.going += weight * other.going
        for slot, chance in other.ends.items():
            self.ends[slot] = self.ends.get(slot, Fraction(0)) + weight * chance

    def after(self, activation: str, done: Fraction, branches: tuple = ()) -> list[Step]:
        """What the model may still do this turn, for each way the route ends (here or in the other branch of
        an enemy's choice, a table of Rows) that the texts speak of."""
        keys = [end.key for end in self.ends] + [row.outcome for table in branches for row in table.rows]
        return after_route(self.ruleset, activation, done, keys)


def walk_legs(walk: Walk, legs: list[Leg]) -> Walk:
    """Each leg in turn, until one ends the route (check() has refused what the rules forbid)."""
    for number, leg in enumerate(legs, start=1):
        if walk.interceptor and number == len(legs):
            walk.end(number, leg, "intercepted", "intercepted as it begins this leg, it fights that enemy", walk.going)
            walk.going = Fraction(0)
            break
        walk.explain.part(f"Leg {number}, {leg.text}")
        walk.explain.step(f"Leg {number} ({leg.text}), with {inches(walk.left)} of movement left:")
        _leg(walk, number, leg)
        if not walk.going:
            break
    return walk


def _leg(walk: Walk, number: int, leg: Leg) -> None:
    ruleset, explain, read = walk.ruleset, walk.explain, walk.read
    # Asked wherever a leg of this ruleset tests them (routes.fields): a leg that needs one finds it.
    initiative, t, w = (cast(int, read.get(key)) for key in ("initiative", "toughness", "wounds"))
    uses = cost(ruleset, read, leg)
    if leg.kind == "move":
        if leg.ground != "open":
            rule = ruleset.terrain[leg.ground]
            explain.step(
                f"Over{ground_words(leg.ground)} each inch costs {rule.value}: {inches(leg.inches)} uses "
                f"{inches(uses)}.",
                rule,
                assumption=rule.assumption,
            )
        if uses > walk.left:
            return walk.stop(number, leg, "out of movement, it stops short")
        walk.left -= uses
        explain.to_do(f"move {inches(leg.inches)}{ground_words(leg.ground)}")
        explain.step(f"It moves {inches(leg.inches)}: {inches(walk.left)} left.")
    elif leg.kind == "barrier":
        _, limit, how = crosses_free(ruleset, leg.inches)
        explain.step(f"An obstacle {how} {inches(limit)} high is crossed without using any movement.", ruleset.barrier)
        explain.to_do(f"cross the {inches(leg.inches)} obstacle (no movement, no dice)")
    elif leg.kind in ("climb up", "climb down"):
        if uses > walk.left:
            return walk.stop(number, leg, "out of movement, it stops at the foot")
        direction = leg.kind.split()[1]
        running = "yes" if read["activation"] == "run" else "no"
        table = climb(explain, ruleset, leg.inches, direction, initiative, t, w, running, move=read["move"])
        walk.take(number, leg, table, "made-it", *(("dropped",) if direction == "down" else ()))
        walk.left -= uses
        walk.height = max(walk.height + (leg.inches if direction == "up" else -leg.inches), Fraction(0))
        explain.step(f"After the climb: {inches(walk.left)} of movement left if it makes it, {inches(walk.height)} up.")
    elif leg.kind == "gap":
        measured = ruleset.gap.measure_first.value and read["activation"] != "charge"
        # A failed charger does not leap what it cannot finish, nor does a model that measured first.
        if (walk.charging == "short" or measured) and uses > walk.left:
            return walk.stop(number, leg, "out of movement, it stops at the edge")
        drop = leg.extra if leg.extra is not None else walk.height
        said = "the leg's own drop" if leg.extra is not None else "the height the route has reached"
        explain.step(f"Failing, it would fall {inches(drop)}: {said}.", assumption="route-height")
        part_of = "move" if read["activation"] == "half-move" else read["activation"]
        walk.take(number, leg, gap(explain, ruleset, leg.inches, walk.left, initiative, drop, t, w, part_of), "made-it")
        walk.left -= min(uses, walk.left)
    elif leg.kind == "jump down":
        walk.take(number, leg, jump_down(explain, ruleset, leg.inches, initiative, t, w), "landed")
        walk.height = max(walk.height - leg.inches, Fraction(0))
    elif leg.kind == "diving charge":
        enemy = leg.extra if leg.extra is not None else DIVE_ENEMY
        table = diving_charge(explain, ruleset, leg.inches, enemy, initiative, t, w)
        walk.take(number, leg, table, *[key for key in ("landed", "lands-no-bonus") if key in table])
        explain.step(
            f"From where it lands the enemy is {inches(enemy)} away, charge movement like any other: it has "
            f"{inches(walk.left)} left, so it " + ("reaches it." if enemy <= walk.left else "falls short."),
            ruleset.charge.move,
        )
        if enemy > walk.left:
            walk.end(number, leg, "falls-short", "lands, then falls short (failed charge)", walk.going)
            walk.going = Fraction(0)
    else:  # a charge's last stretch to the target
        explain.to_do(f"charge the last {inches(leg.inches)}{ground_words(leg.ground)}")
        reaches = uses <= walk.left
        explain.step(
            f"The charge needs {inches(uses)} more and has {inches(walk.left)}: "
            + ("it reaches the target." if reaches else "it falls short (a failed charge)."),
            ruleset.charge.move,
        )
        if not reaches:
            walk.end(number, leg, "falls-short", "falls short (failed charge)", walk.going)
            walk.going = Fraction(0)
