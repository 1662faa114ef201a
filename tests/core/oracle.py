"""A second, independent reading of every calculator: the rules written again as the texts state
them, every roll enumerated with itertools.product.

Longer than 300 lines: it is one reading of every calculator, kept whole in one file so that nothing in it
leans on another module of ours (only the numbers and the dice parts it is handed).

Nothing is shared with rulescore's computation but each ruleset's numbers (`RULESETS`, read from
rules/<id>/numbers.toml; dice as their parts: count, sides, which die counts, modifier, cap). Each answer
carries the assumption ids its reading relies on, so a disagreement names the reading in question.
Standard library only: the same file runs under Pyodide.
"""

from __future__ import annotations

import importlib
import re
from collections import defaultdict
from fractions import Fraction as F
from functools import cache
from itertools import product
from math import floor
from pathlib import Path

from rulescore import RULESETS


class Refused(Exception):
    """The rule forbids these values (a jump over the limit): the calculator must refuse them too."""


class Answer:
    def __init__(self) -> None:
        self.outcomes: dict[str, F] = defaultdict(F)
        self.extra: dict[str, dict[str, F]] = {}
        self.assumptions: set[str] = set()

    def add(self, key: str, p: F) -> None:
        if p:
            self.outcomes[key] += p

    def plain(self) -> dict:
        return {
            "outcomes": {k: v for k, v in self.outcomes.items() if v},
            "extra": {t: {k: v for k, v in o.items() if v} for t, o in self.extra.items()},
        }


def every_roll(*sides: int):
    """Each combination of the dice, with its (equal) chance."""
    combos = list(product(*(range(1, s + 1) for s in sides)))
    return [(combo, F(1, len(combos))) for combo in combos]


def number(text: str) -> F:
    return F(str(text).replace(",", ".").rstrip('"'))


def totals(dice) -> list[tuple[int, F]]:
    """Each total the dice can show, one entry per combination of faces."""
    found = []
    for combo, w in every_roll(*[dice.sides] * dice.count):
        total = max(combo) if dice.keep == "highest" else min(combo) if dice.keep == "lowest" else sum(combo)
        total += dice.add
        found.append((total if dice.cap is None else min(total, dice.cap), w))
    return found


# Characteristic tests, as each ruleset's numbers.toml gives its `test`: roll under or over, natural results first.
def passes(rules, initiative: int, roll: int, modifier: int = 0) -> bool:
    test = rules.test.value
    if roll in test.passes or roll in test.fails:
        return roll in test.passes
    return roll + modifier >= initiative if test.over else roll + modifier <= initiative


def pass_all(rules, initiative: int, tests: int, answer: Answer) -> F:
    if tests == 0:
        return F(1)
    if rules.test.assumption:
        answer.assumptions.add(rules.test.assumption)
    chance = sum((w for roll, w in totals(rules.test.value.dice) if passes(rules, initiative, roll)), F(0))
    return chance**tests  # independent tests, each enumerated above


# Falls.
def to_wound(strength: int, toughness: int) -> int | None:
    gap = strength - toughness
    if gap >= 2:
        return 2
    return {1: 3, 0: 4, -1: 5, -2: 6, -3: 6}.get(gap)


def injuries(taken: int, wounds: int, die: int, knocked: int, stunned: int):
    """(outcome, chance) for wounds taken by a model with `wounds` Wounds."""
    if taken == 0:
        return [("unhurt", F(1))]
    if taken < wounds:
        return [("wounded", F(1))]
    found = []
    for combo, w in every_roll(*[die] * (taken - wounds + 1)):
        worst = max(combo)
        found.append(("knocked-down" if worst <= knocked else "stunned" if worst <= stunned else "out-of-action", w))
    return found


def fall(rules, height: F, toughness: int, wounds: int, answer: Answer) -> dict[str, F]:
    table, assumed = _fall(rules, floor(height), height, toughness, wounds)
    answer.assumptions |= assumed
    return table


@cache  # pure, and the grids ask for the same falls many times (a ruleset played otherwise is another object)
def _fall(rules, whole_inches: int, height: F, toughness: int, wounds: int) -> tuple[dict[str, F], frozenset]:
    rule = rules.fall
    out: dict[str, F] = defaultdict(F)
    injury = rule.injury.value
    bands = (injury.sides, injury.knocked_down, injury.stunned)
    if hasattr(rule, "hits"):  # hits at Strength = inches fallen, the to-wound chart against Toughness
        if whole_inches == 0:  # Strength 0: the chart has no such row
            return {"unhurt": F(1)}, frozenset({"fall-under-an-inch"})
        target = to_wound(whole_inches, toughness)
        for hits, w in totals(rule.hits.value):
            for combo, w2 in every_roll(*[6] * hits):
                taken = sum(r >= target for r in combo) if target else 0
                for key, w3 in injuries(taken, wounds, *bands):
                    out[key] += w * w2 * w3
        return dict(out), frozenset({"to-wound"} | {a for a in (rule.injury.assumption,) if a})
    # One hit wounding on a roll of (wounds_on - inches)+, Toughness a modifier; nothing under `least`.
    if rule.least and height < rule.least.value:
        return {"unhurt": F(1)}, frozenset()
    target = rule.wounds_on.value - whole_inches
    test = rule.roll.value
    for roll, w in totals(test.dice):
        wounded = roll in test.passes or (roll not in test.fails and roll + toughness >= target)
        for key, w2 in injuries(int(wounded), wounds, *bands):
            out[key] += w * w2
    return dict(out), frozenset(
        a for a in (rule.wounds_on.assumption, rule.toughness.assumption, rule.roll.assumption) if a
    )


def safe_or_fall(rules, safe: F, key: str, height: F, toughness: int, wounds: int, answer: Answer) -> None:
    answer.add(key, safe)
    least = getattr(rules.fall, "least", None)
    if safe < 1 and least and height < least.value:  # Coreheim: under a full 2" the model drops, it has not fallen
        answer.add("dropped", 1 - safe)
    elif safe < 1:
        for outcome, p in fall(rules, height, toughness, wounds, answer).items():
            answer.add(f"fell-{outcome}", (1 - safe) * p)


# The calculators.
def jump_down(rules, v, answer):
    height, rule = number(v["height"]), rules.jump_down
    if height > rule.max_height.value:
        if rule.over_max.value == "not-allowed":
            raise Refused
        return safe_or_fall(rules, F(0), "landed", height, int(v["toughness"]), int(v["wounds"]), answer)
    safe = pass_all(rules, int(v["initiative"]), floor(height / rule.test_every.value), answer)
    safe_or_fall(rules, safe, "landed", height, int(v["toughness"]), int(v["wounds"]), answer)


def diving_charge(rules, v, answer):
    height, rule = number(v["height"]), rules.diving_charge
    if height > rule.max_height.value:
        raise Refused
    answer.assumptions.add("within-includes-edge")
    # Further than the diving range it is still a jump down during a charge: same tests, same fall, no bonus.
    landed = "landed" if number(v["distance"]) <= rule.enemy_range.value else "lands-no-bonus"
    # Out of diving range it is the Jumping down rule that is taken: its own tests (a house rule may make
    # them differ from the diving charge's).
    every = (rules.jump_down or rule).test_every.value if landed == "lands-no-bonus" else rule.test_every.value
    safe = pass_all(rules, int(v["initiative"]), floor(height / every), answer)
    safe_or_fall(rules, safe, landed, height, int(v["toughness"]), int(v["wounds"]), answer)


def gap(rules, v, answer):
    width, move, rule = number(v["gap"]), number(v["move"]), rules.gap
    if v.get("part_of") == "run" and rules.run:
        move *= rules.run.multiplier.value  # a run's reach, from the model's Movement
    if v.get("part_of") == "charge" and rules.charge and getattr(rules.charge.move.value, "dice", None) is None:
        move *= 2  # a double-Movement charge's reach
    height, toughness, wounds = number(v["height"]), int(v["toughness"]), int(v["wounds"])
    measured = rule.measure_first.value and v.get("part_of", "move") != "charge"  # never within a charge
    if measured and move < width:
        raise Refused  # measured first, the jump is never started
    if width > rule.max_gap.value:
        if not rule.measure_first.value:
            answer.assumptions.add("gap-over-max-falls")
        return safe_or_fall(rules, F(0), "made-it", height, toughness, wounds, answer)
    if move < width:
        if rule.measure_first.value:
            answer.assumptions.add("gap-short-falls")  # a charge's jump, unmeasured, comes up short
        return safe_or_fall(rules, F(0), "made-it", height, toughness, wounds, answer)
    safe = F(1) if rule.test is None else pass_all(rules, int(v["initiative"]), 1, answer)
    safe_or_fall(rules, safe, "made-it", height, toughness, wounds, answer)


def climb(rules, v, answer):
    height, rule = number(v["height"]), rules.climb
    if rule.no_run and v.get("running") == "yes":
        raise Refused  # no climbing while running
    if rule.animals is not None and not rule.animals.value and v.get("animal") == "yes":
        raise Refused  # "Any model (except animals!) can climb"
    limit = number(v["move"]) if rule.limit.value == "Movement" else F(rule.limit.value)
    if rule.uses_movement and rule.uses_movement.value:  # Coreheim: the climb comes off Movement too
        limit = min(limit, number(v["move"]))
        answer.assumptions.add(rule.uses_movement.assumption)
    if height > limit:
        raise Refused
    safe = pass_all(rules, int(v["initiative"]), rule.tests.value, answer)
    if v["direction"] == "up":
        answer.add("made-it", safe)
        answer.add("stuck", 1 - safe)
    else:
        safe_or_fall(rules, safe, "made-it", height, int(v["toughness"]), int(v["wounds"]), answer)


def edge_fall(rules, v, answer):
    if rules.railings and v.get("railings") == "yes":
        return answer.add("stays-put", F(1))  # guarded on all sides: no test, no fall
    safe = pass_all(rules, int(v["initiative"]), 1, answer)
    safe_or_fall(rules, safe, "stays-put", number(v["height"]), int(v["toughness"]), int(v["wounds"]), answer)


def fall_calc(rules, v, answer):
    for key, p in fall(rules, number(v["height"]), int(v["toughness"]), int(v["wounds"]), answer).items():
        answer.add(key, p)


def run(rules, v, answer):
    rule = rules.run
    blocked = v["enemy_state"] not in rule.ignored_states.value and number(v["distance"]) <= rule.enemy_range.value
    answer.add("may-not-run" if blocked else "may-run", F(1))


def hide(rules, v, answer):
    did = v.get("this_turn", "half-moved")
    ruling = None if did == "half-moved" else getattr(rules.hiding, did)
    if ruling is not None:  # what it did this turn decides, whoever is near
        return answer.add("cannot-hide" if ruling.value == "cannot hide" else "spotted", F(1))
    answer.assumptions.add("within-includes-edge")
    if rules.test and rules.test.value.over and rules.hiding.spotted_within.assumption:
        answer.assumptions.add(rules.hiding.spotted_within.assumption)  # a target-number Initiative, read literally
    answer.add("spotted" if number(v["distance"]) <= int(v["initiative"]) else "stays-hidden", F(1))


def charge(rules, v, answer):
    rule = rules.charge
    move, distance = number(v["move"]), number(v["distance"])
    seen = F(1)
    if v.get("unseen") == "hidden":
        return answer.add("cannot-charge", F(1))  # a hidden model cannot be charged
    if v.get("unseen") == "yes":
        if rule.detect_unseen is None or distance > rule.detect_unseen.value:
            if rule.detect_unseen is None and rule.needs_sight.assumption:
                answer.assumptions.add(rule.needs_sight.assumption)  # sight from outside the text
            return answer.add("cannot-charge", F(1))
        seen = pass_all(rules, int(v["initiative"]), 1, answer)
    intercept = v.get("interceptor", "no") != "no"
    if intercept:
        kind = rule.interception.value
        if kind in ("blocks", "becomes-target"):
            return answer.add("cannot-charge", F(1))
        if rule.interception.assumption:
            answer.assumptions.add(rule.interception.assumption)  # the enemy's choice: both branches, as two answers
    cost = rules.terrain[v.get("terrain", "open")].value if rules.terrain else 1
    dice = getattr(rule.move.value, "dice", None)
    if dice is None:  # double Movement
        reach = F(int(distance * cost <= 2 * move))
    else:  # Movement plus the roll, a cap limiting what the roll adds
        within = rule.ends_within.value if rule.ends_within else 0
        if rule.ends_within and rule.ends_within.assumption:
            answer.assumptions.add(rule.ends_within.assumption)
        cap = rule.cap.value if rule.cap else None
        rolls = totals(dice)
        if cap is not None and move + max(r for r, _ in rolls) > cap and rule.cap.assumption:
            answer.assumptions.add(rule.cap.assumption)
        needed = max(distance - within, F(0)) * cost
        reach = sum(
            (w for r, w in rolls if (move + r if cap is None else max(move, min(move + r, cap))) >= needed), F(0)
        )
    answer.add("reaches", seen * reach)
    answer.add("falls-short", seen * (1 - reach))
    answer.add("cannot-charge", 1 - seen)
    if intercept and v["interceptor"] == "fears":  # a Fear test (2D6 under Leadership) before it may step in
        answer.assumptions.add(rule.intercept_fear.assumption)
        brave = sum((w for combo, w in every_roll(6, 6) if sum(combo) <= int(v["leadership"])), F(0))
        answer.extra["If the enemy tries to intercept"] = {
            "intercepted": seen * brave,
            "reaches": seen * (1 - brave) * reach,
            "falls-short": seen * (1 - brave) * (1 - reach),
            "cannot-charge": 1 - seen,
        }
    elif intercept:  # a charger that did not detect its target charges no one, intercepted or not
        answer.extra["If the enemy intercepts"] = {"intercepted": seen, "cannot-charge": 1 - seen}
    if v.get("target") == "engaged" and rule.engaged_holds:
        return  # may only hold: it cannot flee
    if rule.flee:
        answer.assumptions.add("flee-escape")
        dice = rule.flee.value[0] if number(v["target_move"]) <= 6 else rule.flee.value[1]
        escape = sum((w for rolled, w in totals(dice) if distance + rolled > 2 * move), F(0))
        answer.extra["If the target flees"] = {"escapes": escape, "caught": 1 - escape}


def barrier(rules, v, answer):
    limit, how = rules.barrier.value  # Mordheim: less than 1" high; Coreheim: up to 1"
    height = number(v["height"])
    answer.add("crosses" if height < limit or (how == "up to" and height == limit) else "goes-around", F(1))


ORACLES = {
    "charge": charge,
    "jump-down": jump_down,
    "diving-charge": diving_charge,
    "gap": gap,
    "climb": climb,
    "fall": fall_calc,
    "edge-fall": edge_fall,
    "run": run,
    "hide": hide,
    "barrier": barrier,
}


@cache
def oracles() -> dict:
    """ORACLES, and each new rule's oracle written beside its own tests (tests/core/test_<rule>.py, as
    `ORACLES = {"swim": swim}`): its tests and its second reading in the one file a new rule adds for them."""
    found = dict(ORACLES)
    for path in sorted(Path(__file__).parent.glob("test_*.py")):
        if re.search(r"^ORACLES = ", path.read_text(encoding="utf-8"), re.MULTILINE):
            found.update(importlib.import_module(f"tests.core.{path.stem}").ORACLES)
    return found


def missing(calculator: str) -> str:
    """What a new calculator's author is told when its oracle is not written yet."""
    return (
        f"no oracle for the {calculator} calculator: write its own reading of the rule (a function (rules, values,"
        " answer) that enumerates every roll, not rulescore's code) in its test module, tests/core/test_<rule>.py,"
        ' and name it there: ORACLES = {"<calculator>": <function>}'
    )


def expect(calculator: str, ruleset_id: str, values: dict[str, str], rules=None) -> Answer | None:
    """The oracle's answer for complete, in-range form values; None when the rule refuses them. `rules`:
    the ruleset as a table plays it (its house rules' numbers), else the ruleset's own."""
    answer = Answer()
    if calculator not in oracles():
        raise LookupError(missing(calculator))
    try:
        oracles()[calculator](rules or RULESETS[ruleset_id], values, answer)
    except Refused:
        return None
    return answer
