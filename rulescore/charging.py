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
           initiative: int, target_move: Fraction) -> tuple[Distribution, list[tuple[str, Distribution]]]:
    """The charge as declared, and the other branches a player must know: the target fleeing
    (Warhammer) or an enemy choosing to intercept (Living Rulebook), each as its own table."""
    rules = explain.ruleset.charge

    if unseen == "yes":
        if rules.detect_unseen is None or distance > rules.detect_unseen.value:
            sight = rules.detect_unseen or rules.needs_sight
            # A text that only implies line of sight (Trench Crusade's cut copy) gives an assumption, not a citation.
            why = "within-includes-edge" if rules.detect_unseen else (None if sight.section else "tc-line-of-sight")
            explain.step("The charger must be able to see its target"
                         + (f"; an unseen enemy can only be charged within {inches(rules.detect_unseen.value)}."
                            if rules.detect_unseen else "."), sight, assumption=why)
            return Distribution.always("cannot-charge"), []
        explain.step(f"An unseen (not hidden) enemy within {inches(rules.detect_unseen.value)} must be detected first "
                     "with an Initiative test; failing, the model may not charge this turn.", rules.detect_unseen)
        detected, _ = initiative_test(explain, initiative)
    else:
        detected = Fraction(1)

    if interceptor == "yes":
        kind = rules.interception.value if rules.interception else None
        span = inches(rules.interception_range.value) if rules.interception_range else ""
        if kind == "blocks":
            explain.step(f"An unengaged enemy within {span} of the route blocks this charge: the charger may not charge "
                         "past it.", rules.interception)
            return Distribution.always("cannot-charge"), []
        if kind == "becomes-target":
            explain.step(f"The route passes within {span} of another enemy first: the charger must target that enemy "
                         "instead, or not charge.", rules.interception)
            return Distribution.always("cannot-charge"), []
        if kind == "enemy-chooses":
            explain.step(f"One unengaged enemy within {span} of the route may choose to intercept; if it does, the charger "
                         "fights it instead and still counts as charging. That is the opponent's choice, not a roll: "
                         "both answers are shown.", rules.interception, assumption="lrb-interception")
            explain.caption = "If the enemy lets the charge through"
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
        # The cap limits what the bonus adds; it never cuts a model's own Movement (an M13 model still moves 13").
        total = Distribution.die(sides).map(lambda roll: max(move, min(move + roll, Fraction(cap))))
        explain.reach = ("How far the charge moves", total)
        reaches = total.probability(lambda inches_moved: inches_moved >= needed)
        if 0 < reaches < 1:
            least = min(roll for roll in range(1, sides + 1) if max(move, min(move + roll, Fraction(cap))) >= needed)
            explain.needs(f"needs {least}+ on the D{sides}")
        explain.step(f"It moves its Movement ({inches(move)}) plus a D{sides} charge bonus, the bonus taking it to at most "
                     f"{inches(cap)}: {fraction_text(reaches)} to cover {inches(needed)}.", rules.bonus_die,
                     assumption="tc-charge-cap" if move + sides > cap else None)
    if rules.strike_first:
        explain.step("A model that charges strikes first in the first round of the combat.", rules.strike_first)

    p = detected * reaches
    table = Distribution({"reaches": p, "falls-short": detected * (1 - reaches), "cannot-charge": 1 - detected})
    if reaches < 1 and rules.failed:
        explain.step(f"A charger that falls short {rules.failed.value}.", rules.failed)
    explain.step(f"Chance to reach: {fraction_text(p)} ({chance_words(p)}).")

    extra: list[tuple[str, Distribution]] = []
    if explain.caption:  # interception: the other branch of the enemy's choice
        extra.append(("If the enemy intercepts", Distribution.always("intercepted")))
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
        explain.reach = ("How far the target flees", flee)
        escape = flee.probability(lambda rolled: distance + rolled > 2 * move)
        explain.step(f"If the target flees it moves {dice}D6\" straight away (its Movement is {inches(target_move)}); it escapes "
                     f"if {inches(distance)} plus the roll is more than the charge move {inches(2 * move)}: "
                     f"{fraction_text(escape)} ({chance_words(escape)}).", rules.flee, assumption="flee-escape")
        extra.append(("If the target flees", Distribution.chance(escape, "escapes", "caught")))
    return table, extra
