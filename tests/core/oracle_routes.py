"""The oracle's reading of a whole route: each leg by the oracle's own calculators (oracle.py), the legs
composed here by hand (movement counted, the chance still going carried), never through rulescore."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction as F

from tests.core import oracle
from tests.core.oracle import RULESETS, Answer, Refused, number


def read(text: str) -> tuple[str, F, F | None]:
    """ "gap 2 drop 6" -> ("gap", 2, 6): the oracle's own reading of a leg."""
    words = text.split()
    for size in (2, 1):
        kind = " ".join(words[:size])
        if kind in ("move", "climb up", "climb down", "gap", "jump down", "charge", "diving charge"):
            rest = words[size:]
            return kind, number(rest[0]), number(rest[2]) if len(rest) == 3 else None
    raise ValueError(text)


def route(ruleset_id: str, values: dict[str, str], legs: list[str]) -> dict[str, F] | None:
    """Each way the route can end, with its chance; None where the rules forbid the route."""
    rules = RULESETS[ruleset_id]
    move, activation = number(values["move"]), values.get("activation", "move")
    model = {k: values[k] for k in ("initiative", "toughness", "wounds") if k in values}
    read_legs = [read(text) for text in legs]
    if activation == "charge":
        if type(rules.charge.move.value).__name__ != "DoubleMove" or read_legs[-1][0] not in (
            "charge",
            "diving charge",
        ):
            return None
        left = 2 * move
    else:
        left = move * (rules.run.multiplier.value if activation == "run" else 1)
    going, ends, climbed = F(1), defaultdict(F), F(0)

    def leg_by_oracle(number_, calculator, leg_values, safe):
        nonlocal going
        answer = Answer()
        calculator(rules, {**model, **leg_values}, answer)
        for key, p in answer.outcomes.items():
            if key != safe:
                ends[f"leg{number_}-{key}"] += going * p
        going *= answer.outcomes.get(safe, F(0))

    try:
        for n, (kind, inches, extra) in enumerate(read_legs, start=1):
            if kind in ("charge", "diving charge") and (activation != "charge" or n != len(read_legs)):
                return None
            if kind == "move":
                if inches > left:
                    ends[f"leg{n}-out-of-movement"] += going
                    going = F(0)
                else:
                    left -= inches
            elif kind.startswith("climb"):
                if rules.climb is None or (rules.climb.touching and n > 1):
                    return None
                if activation != "move" and rules.climb.no_run:
                    return None
                limit = move if rules.climb.limit.value == "Movement" else F(rules.climb.limit.value)
                if climbed + inches > limit:
                    return None
                uses = inches if rules.climb.limit.value == "Movement" else F(0)  # a fixed limit is not Movement
                if uses > left:
                    ends[f"leg{n}-out-of-movement"] += going
                    going = F(0)
                else:
                    climbed += inches
                    direction = kind.split()[1]
                    leg_by_oracle(
                        n, oracle.climb, {"height": str(inches), "move": str(move), "direction": direction}, "made-it"
                    )
                    left -= uses
            elif kind == "gap":
                if rules.gap is None or (activation != "move" and not rules.gap.in_charge):
                    return None
                drop = extra if extra is not None else F(6)
                leg = {"gap": str(inches), "move": str(left), "height": str(drop), "part_of": activation}
                leg_by_oracle(n, oracle.gap, leg, "made-it")
                left -= inches if rules.gap.uses_movement.value else 0
            elif kind == "jump down":
                if rules.jump_down is None:
                    return None
                leg_by_oracle(n, oracle.jump_down, {"height": str(inches)}, "landed")
            elif kind == "diving charge":
                if rules.diving_charge is None:
                    return None
                enemy = extra if extra is not None else F(1)
                landed = "landed" if enemy <= rules.diving_charge.enemy_range.value else "lands-no-bonus"
                leg_by_oracle(n, oracle.diving_charge, {"height": str(inches), "distance": str(enemy)}, landed)
            else:  # the charge's last stretch: a double move reaches or it does not
                if inches > left:
                    ends[f"leg{n}-falls-short"] += going
                    going = F(0)
            if not going:
                break
    except Refused:
        return None
    found = {key: p for key, p in ends.items() if p}
    if going:
        found["completes"] = going
    return found
