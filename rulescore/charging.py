"""Charges: can the charger reach, with what chance, and what can stop it.

Longer than 300 lines: the charge is the richest rule the texts hold (its move, sight, interception,
the target's responses), and each piece reads the same `[charge]` table.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Annotated, Any, NamedTuple

from rulescore import values
from rulescore.dice import Distribution
from rulescore.explain import Explanation, chance_words, fraction_text, inches, sentence
from rulescore.fields import YES_NO, Field, FieldError, choice, length, movement, whole
from rulescore.ground import terrain_cost, terrain_field
from rulescore.initiative import initiative_field, initiative_test, test_words
from rulescore.mechanic import Calculator, Line, Mechanic, Table
from rulescore.rolls import Dice, read_dice, read_test
from rulescore.rule_value import Rule


class Charge(NamedTuple):
    """How far a charge goes and what can stop it."""

    section: str  # where the charge calculator sits
    move: Annotated[Rule, read_move, "charge move"]  # DoubleMove or DiceMove
    cap: Annotated[Rule | None, values.inches, "longest charge"] = (
        None  # greatest total a charge roll may take Movement to
    )
    ends_within: Annotated[Rule | None, values.inches, "a charge reaches its target within"] = (
        None  # inches from the target that count as reaching it
    )
    base_contact: Annotated[Rule | None, values.flag, "a charge ends in base contact"] = (
        None  # the text says a charge ends in base contact with its target
    )
    detect_unseen: Annotated[Rule | None, values.inches, "a target out of sight may be detected within"] = (
        None  # an unseen target this close may be detected with a test
    )
    needs_sight: Annotated[Rule | None, values.flag, "the charger must see its target"] = (
        None  # a target out of sight cannot be charged at all
    )
    interception: Annotated[
        Rule | None, values.one_of("blocks", "enemy-chooses", "becomes-target"), "an enemy near a charge's path"
    ] = None  # "blocks", "enemy-chooses" or "becomes-target"
    interception_range: Annotated[Rule | None, values.inches, "an enemy is near a charge's path within"] = None
    failed: Annotated[Rule | None, values.text] = None  # what a charger that falls short does
    stand_and_shoot: Annotated[Rule | None, values.fraction, "stand and shoot beyond this share of the charge"] = (
        None  # more than this many times the charge move away: may shoot
    )
    flee: Annotated[Rule | None, _flee] = None  # (dice when Movement <= 6, dice when more)
    strike_first: Annotated[Rule | None, values.flag, "a charger strikes first"] = None
    intercept_fear: Annotated[Rule | None, read_test, "an interceptor's Fear test"] = (
        None  # Test: an interceptor that fears the charger must pass it to intercept
    )
    engaged_holds: Annotated[Rule | None, values.flag, "a unit already in combat may only hold"] = (
        None  # a charged unit already in combat may only hold
    )
    obstacles: Annotated[Rule | None, values.text] = None  # what a charge may go around, in our words
    several: Annotated[Rule | None, values.text] = None  # what a charge with more than one enemy in reach may do
    near_enemies: Annotated[Rule | None, values.inches, "only a charge moves within this of an enemy"] = None


class DoubleMove(NamedTuple):
    """A charge of twice Movement, declared without measuring: it reaches or it does not."""

    def words(self, rules) -> tuple[str, Rule]:
        return "2×M, no dice", rules.move

    def reaches(self, explain: Explanation, rules, move: Fraction, distance: Fraction, cost: int) -> Fraction:
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

    def words(self, rules) -> tuple[str, Rule]:
        if rules.cap:
            return (
                f"M + {self.dice.name}, at most {inches(rules.cap.value)} (a Movement already over "
                f"{inches(rules.cap.value)} gets no bonus)",
                rules.cap,
            )
        return f"M + {self.dice.name}", rules.move

    def reaches(self, explain: Explanation, rules, move: Fraction, distance: Fraction, cost: int) -> Fraction:
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
            assumption=rules.cap.assumption if capped else None,
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


# The kinds of interception that stop the charge outright, as the working says it.
STOPPED_BY = {
    "blocks": "An unengaged enemy within {} of the route blocks this charge: the charger may not charge past it.",
    "becomes-target": "The route passes within {} of another enemy first: the charger must target that enemy "
    "instead, or not charge.",
}

# What an enemy near the charge route does, in each ruleset's kind of interception.
INTERCEPTION_WORDS = {
    "blocks": "an unengaged enemy within {} of the route stops the charge",
    "enemy-chooses": "one unengaged enemy within {} of the route may choose to intercept",
    "becomes-target": "an enemy within {} of the route must be charged instead, or no charge",
}


def charge(
    explain: Explanation,
    ruleset,
    move: Fraction,
    distance: Fraction,
    terrain: str = "open",
    unseen: str = "no",
    interceptor: str = "no",
    initiative: int = 0,
    target_move: Fraction = Fraction(4),
    leadership: int = 7,
    target: str = "missiles",
) -> tuple[Distribution, list[tuple[str, Distribution]]]:
    """The charge as declared, and the other branches a player must know: the target fleeing
    (Warhammer) or an enemy choosing to intercept (Living Rulebook), each as its own table.

    `unseen`: "no", "yes" (out of sight, not hidden) or "hidden"; `interceptor`: "no", "yes" or
    "fears" (it must pass a Fear test to intercept, at `leadership`); `target` (Warhammer): "missiles",
    "no-missiles" or "engaged" (already in close combat)."""
    rules = ruleset.charge

    if unseen == "hidden":
        hiding = ruleset.hiding
        explain.step(
            "A hidden warrior cannot be seen, shot at or charged: pick another target.", hiding.cannot_be_charged
        )
        explain.to_do("no dice: it cannot charge this target")
        return Distribution.always("cannot-charge"), []
    if unseen == "yes":
        if rules.detect_unseen is None or distance > rules.detect_unseen.value:
            sight = rules.detect_unseen or rules.needs_sight
            # A text that only implies line of sight (Trench Crusade's cut copy) gives an assumption, not a citation.
            why = "within-includes-edge" if rules.detect_unseen else sight.assumption
            explain.step(
                "The charger must be able to see its target"
                + (
                    f"; an unseen enemy can only be charged within {inches(rules.detect_unseen.value)}."
                    if rules.detect_unseen
                    else "."
                ),
                sight,
                assumption=why,
            )
            explain.to_do("no dice: it cannot charge this target")
            return Distribution.always("cannot-charge"), []
        explain.step(
            f"An unseen (not hidden) enemy within {inches(rules.detect_unseen.value)} must be detected first "
            "with an Initiative test; failing, the model may not charge this turn.",
            rules.detect_unseen,
        )
        detected, needs = initiative_test(explain, ruleset, initiative)
        explain.to_do(f"to see the target, {test_words(1, needs, detected)}")
    else:
        detected = Fraction(1)

    intercepting = interceptor in ("yes", "fears")
    if intercepting:
        kind = rules.interception.value if rules.interception else None
        span = inches(rules.interception_range.value) if rules.interception_range else ""
        if kind in STOPPED_BY:
            explain.step(STOPPED_BY[kind].format(span), rules.interception)
            explain.to_do("no dice: it cannot charge this target")
            return Distribution.always("cannot-charge"), []
        if kind == "enemy-chooses":
            explain.step(
                f"One unengaged enemy within {span} of the route may choose to intercept; if it does, the charger "
                "fights it instead and still counts as charging. That is the opponent's choice, not a roll: "
                "both answers are shown.",
                rules.interception,
                assumption=rules.interception.assumption,
            )
            explain.caption = "If the enemy lets the charge through"
            if rules.intercept_fear:
                explain.step(
                    "An interceptor that causes fear makes the charger test for fear as if it were charged; "
                    "whatever the result, the charger still counts as charging.",
                    rules.intercept_fear,
                )
        else:
            raise FieldError("interceptor", f"{ruleset.title}'s text has no interception rule.")

    if rules.obstacles:
        explain.step(sentence(rules.obstacles.value), rules.obstacles)
    cost = terrain_cost(explain, ruleset, terrain)
    reaches = rules.move.value.reaches(explain, rules, move, distance, cost)
    if rules.strike_first and reaches:  # a charge that cannot reach fights no first round
        said = "A model that charges" if reaches == 1 else "If it reaches, a model that charges"
        explain.step(f"{said} strikes first in the first round of the combat.", rules.strike_first)

    p = detected * reaches
    table = Distribution({"reaches": p, "falls-short": detected * (1 - reaches), "cannot-charge": 1 - detected})
    if reaches < 1 and rules.failed:
        explain.step(f"A charger that falls short {rules.failed.value}.", rules.failed)
    explain.step(f"Chance to reach: {fraction_text(p)} ({chance_words(p)}).")

    extra: list[tuple[str, Distribution]] = []
    if intercepting and explain.caption:  # the other branch of the enemy's choice
        extra.append(_interception(explain, rules, interceptor == "fears", leadership, detected, reaches))
    if target == "engaged" and rules.engaged_holds:
        explain.step(
            "The target is already engaged in close combat, so it may only hold: no stand & shoot, no flee.",
            rules.engaged_holds,
        )
        return table, extra
    if rules.stand_and_shoot:
        limit = move * 2 * rules.stand_and_shoot.value
        if target == "no-missiles":
            explain.step(
                "Only a unit with missile weapons may stand & shoot; this one may hold or flee.", rules.stand_and_shoot
            )
        elif distance > limit:
            explain.step(
                f"The target has missile weapons and the chargers start more than {inches(limit)} (half the "
                "charge move) away: it may stand & shoot.",
                rules.stand_and_shoot,
            )
        else:
            explain.step(
                f"The chargers start {inches(limit)} or closer (half the charge move): too close to shoot, so a "
                "stand & shoot response counts as a hold.",
                rules.stand_and_shoot,
            )
    if rules.flee:
        dice = rules.flee.value[0] if target_move <= 6 else rules.flee.value[1]
        flee = dice.odds
        explain.reach = ("How far the target flees", flee)
        escape = flee.probability(lambda rolled: distance + rolled > 2 * move)
        explain.to_do(f'if the target flees, it moves {dice.name}" away')
        explain.step(
            f'If the target flees it moves {dice.name}" straight away (its Movement is {inches(target_move)}); it escapes '
            f"if {inches(distance)} plus the roll is more than the charge move {inches(2 * move)}: "
            f"{fraction_text(escape)} ({chance_words(escape)}).",
            rules.flee,
            assumption="flee-escape",
        )
        extra.append(("If the target flees", Distribution.chance(escape, "escapes", "caught")))
    return table, extra


def fear_to_intercept(explain: Explanation, rules, leadership: int) -> Fraction:
    """An interceptor that fears the charger: the chance it passes the Fear test it must take to step in (the
    charge calculator's and the route's)."""
    test = rules.intercept_fear.value
    brave = test.chance(leadership)
    explain.to_do(f"to intercept, the enemy's Fear test {test.needs(leadership) or 'passes whatever the roll'}")
    explain.step(
        f"The interceptor would have to test for fear to engage the charger, so it must pass a Fear test to "
        f"intercept (Ld {leadership}: {test.roll_words(leadership)}: {fraction_text(brave)}); failing, it "
        "does not move and the charge goes on.",
        rules.intercept_fear,
        assumption=rules.intercept_fear.assumption,
    )
    return brave


def _interception(
    explain: Explanation, rules, fears: bool, leadership: int, detected: Fraction, reaches: Fraction
) -> tuple[str, Distribution]:
    """The branch where the enemy steps in; a charger that fails to detect its target charges no one either way."""
    if not fears:
        return "If the enemy intercepts", Distribution({"intercepted": detected, "cannot-charge": 1 - detected})
    brave = fear_to_intercept(explain, rules, leadership)
    needs = rules.intercept_fear.value.needs(leadership)
    if needs:
        explain.needs(f"to intercept, the enemy {needs}")
    through = detected * (1 - brave)
    return "If the enemy tries to intercept", Distribution(
        {
            "intercepted": detected * brave,
            "reaches": through * reaches,
            "falls-short": through * (1 - reaches),
            "cannot-charge": 1 - detected,
        }
    )


def _flee(value: Any) -> tuple:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError('must be two dice: Movement 6 or less, then more (["2D6", "3D6"])')
    return tuple(read_dice(v) for v in value)


CHARGED_UNITS = (
    ("missiles", "Has missile weapons"),
    ("no-missiles", "Has no missile weapons"),
    ("engaged", "Is already in close combat"),
)


def _hides_from_charges(ruleset) -> bool:
    return ruleset.hiding is not None and ruleset.hiding.cannot_be_charged is not None


def _fields(ruleset) -> list[Field]:
    rules = ruleset.charge
    fields = [movement(), length("distance", "Distance to the target", "7", "0", "48")]
    if ruleset.terrain:
        fields.append(terrain_field(ruleset))
    if rules.detect_unseen or rules.needs_sight:
        sight = [("no", "No"), ("yes", "Yes, not hidden" if _hides_from_charges(ruleset) else "Yes")]
        if _hides_from_charges(ruleset):
            sight.append(("hidden", "Yes, hidden"))
        fields.append(choice("unseen", "Target out of sight", "no", tuple(sight)))
    if rules.detect_unseen:
        fields.append(initiative_field(ruleset))
    if rules.interception:
        near = [*YES_NO] + ([("fears", "Yes, and it fears the charger")] if rules.intercept_fear else [])
        fields.append(choice("interceptor", "Enemy near the route", "no", tuple(near)))
    if rules.intercept_fear:
        fields.append(
            whole(
                "leadership",
                "That enemy's Leadership",
                7,
                2,
                12,
                help="Read only when the enemy near the route fears the charger.",
            ).of("target.leadership")
        )
    if rules.stand_and_shoot or rules.flee:
        fields.append(
            choice(
                "target", "The charged unit", "missiles", CHARGED_UNITS if rules.engaged_holds else CHARGED_UNITS[:2]
            )
        )
    if rules.flee:
        fields.append(length("target_move", "Target's Movement (if it flees)", "4", "1", "20").of("target.move"))
    return fields


def _compute(explain: Explanation, ruleset, v: dict):
    keep = ("terrain", "unseen", "interceptor", "initiative", "target_move", "leadership", "target")
    table, extra = charge(explain, ruleset, v["move"], v["distance"], **{k: v[k] for k in keep if k in v})
    _what_follows(explain, ruleset, table, v["distance"], v.get("unseen", "no"))
    return table, extra


def _what_follows(explain: Explanation, ruleset, table: Distribution, distance: Fraction, unseen: str) -> None:
    """What the model may still do this turn when it does not charge, or charges and falls short (#39)."""
    if table["cannot-charge"]:
        detect = ruleset.charge.detect_unseen
        if unseen == "yes" and detect is not None and distance <= detect.value:  # the text says it of a failed roll
            explain.then("Failing to see it, it may not charge this turn, but may move its normal distance, shoot "
                         "and cast spells.", detect)  # fmt: skip
        else:
            explain.then("Not charging, it may still move, shoot and cast spells as normal.", assumption="not-charging")
        near = ruleset.run.enemy_range if ruleset.run else None
        # A hidden enemy does not stop a run; one in the open (seen or not) within range does.
        if near is not None and unseen != "hidden" and distance <= near.value:
            explain.then(f"With the target within {inches(near.value)}, it may not run either.", near)
    if table["falls-short"] and ruleset.charge.failed:
        explain.then(f"After a failed charge it {ruleset.charge.failed.value}.", ruleset.charge.failed)


def _headline(table: Distribution, extra: list[tuple[str, Distribution]], say: Callable[[Fraction], str]) -> list[str]:
    if any("intercepted" in t for _, t in extra):
        # The enemy chooses: never a single chance while an interceptor may step in.
        through = table["reaches"]
        return [
            "the enemy chooses whether to intercept",
            "if not intercepted: " + ("reaches the target" if through == 1 else f"{say(through)} to reach"),
        ]
    if table["cannot-charge"] == 1:
        return ["cannot charge"]
    return [f"{say(table['reaches'])} to reach"]


# The quick reference's lines, a Line per number: alike in shape to every mechanic's, by design.
def _lines(rules) -> list[Line]:
    charge = rules.charge
    if not charge:
        return []
    found = [Line("charge", "Charge move", *charge.move.value.words(charge))]
    if charge.ends_within:
        found.append(
            Line(
                "charge",
                "A charge reaches its target",
                f"within {inches(charge.ends_within.value)}",
                charge.ends_within,
            )
        )
    elif charge.base_contact and charge.base_contact.value:
        found.append(Line("charge", "A charge reaches its target", "in base-to-base contact", charge.base_contact))
    if charge.detect_unseen:
        found.append(
            Line(
                "charge",
                "Unseen target",
                f"within {inches(charge.detect_unseen.value)}: pass an Initiative test to detect it",
                charge.detect_unseen,
            )
        )
    elif charge.needs_sight and charge.needs_sight.value:
        found.append(Line("charge", "Unseen target", "cannot be charged: the charger must see it", charge.needs_sight))
    if charge.failed:
        found.append(Line("charge", "Failed charge", charge.failed.value, charge.failed))
    if charge.interception:
        found.append(
            Line(
                "interception",
                "Enemy near the route",
                INTERCEPTION_WORDS[charge.interception.value].format(inches(charge.interception_range.value)),
                charge.interception,
            )
        )
    if charge.strike_first:
        found.append(Line("charge", "Chargers", "strike first in the first round", charge.strike_first))
    if charge.stand_and_shoot:
        found.append(
            Line(
                "charge-responses",
                "Stand & shoot",
                "only if the chargers start more than half their charge move (M) away",
                charge.stand_and_shoot,
            )
        )
    if charge.flee:
        low, high = charge.flee.value
        found.append(Line("fleeing", "Flee", f'{low.name}" if M is 6 or less, {high.name}" if more', charge.flee))
    return found


# Declared in the shape every mechanic shares (rulescore/mechanic.py), alike by design: its rule differs.
CHARGE = Mechanic(
    title="Charging",
    parts={"charge": Table(Charge)},
    tested=lambda r: "charge" if r.charge and r.charge.detect_unseen else None,
    calculators=(
        Calculator(
            "charge",
            "Charge",
            needs=("charge",),
            fields=_fields,
            compute=_compute,
            headline=_headline,
        ),
    ),
    outcomes={
        "reaches": "Reaches the target",
        "intercepted": "Intercepted: fights the intercepting enemy (still counts as charging)",
        "cannot-charge": "Cannot charge",
        "falls-short": "Falls short (failed charge)",
        "escapes": "Fleeing unit escapes",
        "caught": "Fleeing unit is caught",
    },
    lines=_lines,
)
