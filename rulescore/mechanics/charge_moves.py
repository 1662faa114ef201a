"""The `[charge]` table, and how far a charge moves in each kind a text gives: double Movement (reaches or
not), or Movement plus a roll (a chance, capped or not). The `[charge] move` value names the kind (`read_move`)."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, NamedTuple

from rulescore.answers.explain import Explanation, fraction_text, inches
from rulescore.dice.rolls import Dice, Test, read_dice, read_test
from rulescore.framework.legs import Leg, LegKind, Walking, ground_cost, ground_words
from rulescore.framework.rules import Rules
from rulescore.reading import values
from rulescore.reading.rule_value import Rule


class DoubleMove(NamedTuple):
    """A charge of twice Movement, declared without measuring: it reaches or it does not."""

    def words(self, rules: Charge) -> tuple[str, Rule[object]]:
        return "2×M, no dice", rules.move

    def reaches(self, explain: Explanation, rules: Charge, move: Fraction, distance: Fraction, cost: int) -> Fraction:
        reach, needed = 2 * move, distance * cost
        explain.step(f"A charge moves double Movement: {inches(reach)}, declared without measuring.", rules.move)
        reaches = Fraction(int(needed <= reach))
        # Said of the move alone: a roll before it (an Initiative test to see the target) is still a roll.
        explain.to_do(
            f"the charge move itself takes no roll: it is {inches(reach)} (double Movement) "
            f"and the target needs {inches(needed)}"
        )
        explain.step(f"The target needs {inches(needed)} of movement: " + ("in reach." if reaches else "out of reach."))
        return reaches


class DiceMove(NamedTuple):
    """A charge of Movement plus a roll (`Movement + D6`, `Movement + highest of 2D6`); a cap limits
    what the roll adds, never the model's own Movement."""

    dice: Dice

    def words(self, rules: Charge) -> tuple[str, Rule[object]]:
        if rules.cap:
            return (
                f"M + {self.dice.name}, at most {inches(rules.cap.value)} (a Movement already over "
                f"{inches(rules.cap.value)} gets no bonus)",
                rules.cap,
            )
        return f"M + {self.dice.name}", rules.move

    def reaches(self, explain: Explanation, rules: Charge, move: Fraction, distance: Fraction, cost: int) -> Fraction:
        if rules.ends_within:
            within = rules.ends_within.value
            needed = max(distance - within, Fraction(0)) * cost
            explain.step(
                f"The charger must end within {inches(within)} of the target: it needs {inches(needed)} of "
                f"movement for a {inches(distance)} gap.",
                rules.ends_within,
                assumption=rules.ends_within.assumption,
            )
        else:
            needed = distance * cost
            explain.step(f"The target needs {inches(needed)} of movement.")
        cap = Fraction(rules.cap.value) if rules.cap else None

        def moved(roll: int) -> Fraction:
            return move + roll if cap is None else max(move, min(move + roll, cap))

        total = self.dice.odds.map(moved)
        explain.reach = ("How far the charge moves", total)
        reaches = total.probability(lambda inches_moved: inches_moved >= needed)
        if cap is not None and move >= cap:
            bonus = f"no roll counts: Movement {inches(move)} is at or over the {inches(cap)} cap, and"
        else:
            bonus = f"roll the {self.dice.name} charge bonus: Movement {inches(move)}" + (
                f" plus the roll, at most {inches(cap)}," if cap is not None else " plus the roll"
            )
        if 0 < reaches < 1:
            least = min(roll for roll in self.dice.faces if moved(roll) >= needed)
            explain.needs(f"needs {least}+ on the {self.dice.name}")
            explain.to_do(f"{bonus} must cover {inches(needed)}: needs {least}+")
        else:
            explain.to_do(f"{bonus} {'always covers' if reaches else 'never covers'} {inches(needed)}")
        capped = cap is not None and move + max(self.dice.faces) > cap
        explain.step(
            f"It moves its Movement ({inches(move)}) plus a {self.dice.name} charge bonus"
            + (_cap_words(move, cap) if cap is not None else "")
            + f": {fraction_text(reaches)} to cover {inches(needed)}.",
            rules.move,
            assumption=rules.cap.assumption if capped and rules.cap else None,
        )
        return reaches


def _cap_words(move: Fraction, cap: Fraction) -> str:
    """What the cap does to this Movement, in words true for any Movement."""
    if move >= cap:
        return f"; its Movement alone is {inches(cap)} or more, so the bonus adds nothing and it moves {inches(move)}"
    return f"; Movement plus the bonus counts as at most {inches(cap)}"


def read_move(text: str) -> DoubleMove | DiceMove:
    """`double Movement`, or `Movement + ` and dice."""
    text = str(text).strip()
    if text == "double Movement":
        return DoubleMove()
    if text.startswith("Movement + "):
        return DiceMove(read_dice(text.removeprefix("Movement + ")))
    raise ValueError(
        f"'{text}' is not a charge move this site reads: write 'double Movement' or 'Movement + D6' "
        "(any dice: 'Movement + highest of 2D6')"
    )


def read_flee(value: Any) -> tuple[Any, ...]:
    """numbers.toml's `flee`: the dice a fleeing unit rolls, for Movement 6 or less and for more."""
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError('must be two dice: Movement 6 or less, then more (["2D6", "3D6"])')
    return tuple(read_dice(v) for v in value)


class Charge(NamedTuple):
    """How far a charge goes and what can stop it."""

    section: str  # where the charge calculator sits
    move: Annotated[Rule[DoubleMove | DiceMove], read_move, "charge move"]  # DoubleMove or DiceMove
    # greatest total a charge roll may take Movement to
    cap: Annotated[Rule[int | Fraction] | None, values.inches, "longest charge"] = None
    # inches from the target that count as reaching it
    ends_within: Annotated[Rule[int | Fraction] | None, values.inches, "a charge reaches its target within"] = None
    # the text says a charge ends in base contact with its target
    base_contact: Annotated[Rule[bool] | None, values.flag, "a charge ends in base contact"] = None
    # an unseen target this close may be detected with a test
    detect_unseen: Annotated[
        Rule[int | Fraction] | None, values.inches, "a target out of sight may be detected within"
    ] = None
    # a target out of sight cannot be charged at all
    needs_sight: Annotated[Rule[bool] | None, values.flag, "the charger must see its target"] = None
    interception: Annotated[
        Rule[str] | None, values.one_of("blocks", "enemy-chooses", "becomes-target"), "an enemy near a charge's path"
    ] = None  # "blocks", "enemy-chooses" or "becomes-target"
    interception_range: Annotated[
        Rule[int | Fraction] | None, values.inches, "an enemy is near a charge's path within"
    ] = None
    failed: Annotated[Rule[str] | None, values.text] = None  # what a charger that falls short does
    # more than this many times the charge move away: may shoot
    stand_and_shoot: Annotated[
        Rule[Fraction] | None, values.fraction, "stand and shoot beyond this share of the charge"
    ] = None
    flee: Annotated[Rule[tuple[Any, ...]] | None, read_flee] = None  # (dice when Movement <= 6, dice when more)
    strike_first: Annotated[Rule[bool] | None, values.flag, "a charger strikes first"] = None
    # Test: an interceptor that fears the charger must pass it to intercept
    intercept_fear: Annotated[Rule[Test] | None, read_test, "an interceptor's Fear test"] = None
    # a charged unit already in combat may only hold
    engaged_holds: Annotated[Rule[bool] | None, values.flag, "a unit already in combat may only hold"] = None
    obstacles: Annotated[Rule[str] | None, values.text] = None  # what a charge may go around, in our words
    several: Annotated[Rule[str] | None, values.text] = None  # what a charge with more than one enemy in reach may do
    near_enemies: Annotated[
        Rule[int | Fraction] | None, values.inches, "only a charge moves within this of an enemy"
    ] = None


def charge_needs(ruleset: Rules, read: dict[str, Any], leg: Leg) -> Fraction:
    """The movement a charge's last stretch needs: the inches to the target (less what counts as reaching
    it), at the ground's cost."""
    within = ruleset.given(Charge).ends_within
    return max(leg.inches - (within.value if within else 0), Fraction(0)) * ground_cost(ruleset, leg)


def _walk(route: Walking, number: int, leg: Leg, uses: Fraction) -> None:
    """A charge's last stretch to the target: reached with the movement left, or a failed charge."""
    route.explain.to_do(f"charge the last {inches(leg.inches)}{ground_words(leg.ground)}")
    reaches = uses <= route.left
    route.explain.step(
        f"The charge needs {inches(uses)} more and has {inches(route.left)}: "
        + ("it reaches the target." if reaches else "it falls short (a failed charge)."),
        route.ruleset.given(Charge).move,
    )
    if not reaches:
        route.end(number, leg, "falls-short", "falls short (failed charge)", route.going)
        route.going = Fraction(0)


LEG = LegKind(
    "charge",
    70,
    "charge 3",
    _walk,
    "ground",
    part="charge",
    on_ground=True,
    zero=True,
    to_target=True,
    cost=charge_needs,
)
