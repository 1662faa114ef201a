"""Charges: can the charger reach, with what chance, and what can stop it."""

from __future__ import annotations

from fractions import Fraction

from rulescore.checks import initiative_test
from rulescore.dice import Distribution
from rulescore.explain import Explanation, chance_words, fraction_text, inches
from rulescore.fields import FieldError


def _terrain_cost(explain: Explanation, terrain: str) -> int:
    rules = explain.ruleset.terrain
    if rules is None or terrain not in rules.cost:
        if terrain == "open":
            return 1
        raise FieldError("terrain", f"{explain.ruleset.title}'s text gives no movement cost for this ground.")
    cost = rules.cost[terrain]
    if cost.value != 1:
        explain.step(f"Every inch of this ground costs {cost.value} inches of movement.", cost, assumption=rules.assumption)
        explain.assume("whole-route-terrain")
    return cost.value


def charge(explain: Explanation, move: Fraction, distance: Fraction, terrain: str, unseen: str, interceptor: str,
           initiative: int, target_move: Fraction) -> tuple[Distribution, Distribution | None]:
    """The charge as declared, and (Warhammer) what happens if the target flees instead."""
    rules = explain.ruleset.charge

    if unseen == "yes":
        if rules.detect_unseen is None or distance > rules.detect_unseen.value:
            explain.step("The charger must be able to see its target"
                         + (f"; an unseen enemy can only be charged within {inches(rules.detect_unseen.value)}."
                            if rules.detect_unseen else "."), rules.detect_unseen or rules.needs_sight,
                         assumption="within-includes-edge" if rules.detect_unseen else None)
            return Distribution.always("cannot-charge"), None
        explain.step(f"An unseen (not hidden) enemy within {inches(rules.detect_unseen.value)} must be detected first "
                     "with an Initiative test; failing, the model may not charge this turn.", rules.detect_unseen)
        detected = initiative_test(explain, initiative)
    else:
        detected = Fraction(1)

    if interceptor == "yes":
        kind = rules.interception.value if rules.interception else None
        span = inches(rules.interception_range.value) if rules.interception_range else ""
        if kind == "blocks":
            explain.step(f"An unengaged enemy within {span} of the route blocks this charge: the charger may not charge "
                         "past it.", rules.interception)
            return Distribution.always("cannot-charge"), None
        if kind == "becomes-target":
            explain.step(f"The route passes within {span} of another enemy first: the charger must target that enemy "
                         "instead, or not charge.", rules.interception)
            return Distribution.always("cannot-charge"), None
        if kind == "enemy-chooses":
            explain.step(f"One unengaged enemy within {span} of the route may choose to intercept; the charger still counts "
                         "as charging. The chances below are for the charge going through.", rules.interception,
                         assumption="lrb-interception")
        else:
            raise FieldError("interceptor", f"{explain.ruleset.title}'s text has no interception rule.")

    cost = _terrain_cost(explain, terrain)
    if rules.move.value == "double":
        reach = 2 * move
        needed = distance * cost
        explain.step(f"A charge moves double Movement: {inches(reach)}, declared without measuring.", rules.move)
        reaches = Fraction(int(needed <= reach))
        explain.step(f"The target needs {inches(needed)} of movement: " + ("in reach." if reaches else "out of reach."))
    else:
        sides, cap, within = rules.bonus_die.value, rules.cap.value, rules.ends_within.value
        gap = max(distance - within, Fraction(0))
        needed = gap * cost
        explain.step(f"The charger must end within {inches(within)} of the target: it needs {inches(needed)} of movement "
                     f"for a {inches(distance)} gap.", rules.ends_within, assumption="tc-distance")
        total = Distribution.die(sides).map(lambda roll: min(move + roll, Fraction(cap)))
        reaches = total.probability(lambda inches_moved: inches_moved >= needed)
        explain.step(f"It moves its Movement ({inches(move)}) plus a D{sides} charge bonus, to at most {inches(cap)}: "
                     f"{fraction_text(reaches)} to cover {inches(needed)}.", rules.bonus_die)
    if rules.strike_first:
        explain.step("A model that charges strikes first in the first round of the combat.", rules.strike_first)

    p = detected * reaches
    table = Distribution({"reaches": p, "falls-short": detected * (1 - reaches), "cannot-charge": 1 - detected})
    if reaches < 1 and rules.failed:
        explain.step(f"A charger that falls short {rules.failed.value}.", rules.failed)
    explain.step(f"Chance to reach: {fraction_text(p)} ({chance_words(p)}).")

    flee_table = None
    if rules.stand_and_shoot:
        limit = move * 2 * rules.stand_and_shoot.value
        if distance > limit:
            explain.step(f"The chargers start more than {inches(limit)} (half the charge move) away: the target may "
                         "stand & shoot.", rules.stand_and_shoot)
        else:
            explain.step(f"The chargers start {inches(limit)} or closer: the target may not stand & shoot.", rules.stand_and_shoot)
    if rules.flee:
        dice = rules.flee.value[0] if target_move <= 6 else rules.flee.value[1]
        flee = Distribution.die(6).repeat(dice)
        escape = flee.probability(lambda rolled: distance + rolled > 2 * move)
        explain.step(f"If the target flees it moves {dice}D6\" straight away (its Movement is {inches(target_move)}); it escapes "
                     f"if {inches(distance)} plus the roll is more than the charge move {inches(2 * move)}: "
                     f"{fraction_text(escape)} ({chance_words(escape)}).", rules.flee, assumption="flee-escape")
        flee_table = Distribution.chance(escape, "escapes", "caught")
    return table, flee_table
