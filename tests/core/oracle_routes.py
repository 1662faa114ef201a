"""The oracle's reading of a whole route: each leg by the oracle's own calculators (oracle.py), the legs
composed here by hand (movement and height counted, ground costed, a charge's reach decided first, every
charge roll enumerated), never through rulescore."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction as F
from math import ceil

from tests.core import oracle
from tests.core.oracle import RULESETS, Answer, Refused, number

KINDS = ("diving charge", "climb up", "climb down", "jump down", "move", "gap", "barrier", "charge")


def read(text: str) -> tuple[str, F, F | None, str]:
    """ "gap 2 drop 6" -> ("gap", 2, 6, "open"); "move 2 difficult" -> ("move", 2, None, "difficult")."""
    words = text.replace('"', " ").split()
    for size in (2, 1):
        kind = " ".join(words[:size])
        if kind in KINDS:
            rest = words[size:]
            extra = number(rest[2]) if len(rest) >= 3 and rest[1] in ("drop", "enemy") else None
            ground = "very-difficult" if "very" in rest else "difficult" if "difficult" in rest else "open"
            return kind, number(rest[0]), extra, ground
    raise ValueError(text)


def plannable(rules) -> bool:
    costly = any(cost.value != 1 for cost in (rules.terrain or {}).values())
    return costly or bool(rules.climb or rules.gap or rules.jump_down)


def costs(rules, legs) -> list[F]:
    """What each leg takes of the movement, when it is made."""
    found = []
    for kind, inches, extra, ground in legs:
        per_inch = 1 if ground == "open" else rules.terrain[ground].value
        if kind == "move":
            found.append(inches * per_inch)
        elif kind.startswith("climb"):
            climb = rules.climb
            found.append(inches if climb.limit.value == "Movement" or climb.uses_movement else F(0))
        elif kind == "gap":
            found.append(inches if rules.gap.uses_movement.value else F(0))
        elif kind == "diving charge":
            found.append(extra if extra is not None else F(1))
        elif kind == "charge":
            within = rules.charge.ends_within.value if rules.charge.ends_within else 0
            found.append(max(inches - within, F(0)) * per_inch)
        else:
            found.append(F(0))
    return found


def start_height(values, legs) -> F:
    """Where the route starts: as given, or higher where its legs go down further than that (a climb of 1" and a
    jump down of 6" start 5" up, the least they need)."""
    up, least = F(0), F(0)
    for kind, inches, _, _ in legs:
        if kind in ("climb down", "jump down", "diving charge"):
            least = max(least, inches - up)
        up += inches if kind == "climb up" else -inches if kind in ("climb down", "jump down") else 0
    return max(number(values.get("start_height", "0")), least)


def forbidden(rules, values, legs) -> bool:
    """The rules refuse this route whatever the dice."""
    move, activation = number(values["move"]), values.get("activation", "move")
    tables = {"climb up": "climb", "climb down": "climb", "gap": "gap", "jump down": "jump_down",
              "diving charge": "diving_charge", "charge": "charge", "barrier": "barrier"}  # fmt: skip
    last = len(legs)
    if activation == "charge" and legs[-1][0] not in ("charge", "diving charge"):
        return True
    height, climbed = start_height(values, legs), F(0)
    for n, (kind, inches, extra, ground) in enumerate(legs, start=1):
        if kind in tables and getattr(rules, tables[kind]) is None:
            return True
        if ground != "open" and ground not in (rules.terrain or {}):
            return True
        if kind in ("charge", "diving charge") and (activation != "charge" or n != last):
            return True
        if kind == "barrier":
            limit, how = rules.barrier.value
            if not (inches < limit or (how == "up to" and inches == limit)):
                return True
        if kind.startswith("climb"):
            climb = rules.climb
            # A table may play our two readings otherwise (house rules): the climb opens the move; no climb in a charge.
            opens = climb.touching and "climb-opens-route" not in rules.otherwise
            in_charge = activation == "charge" and "charge-no-climb" in rules.otherwise
            if (opens and n > 1) or (activation in ("run", "charge") and climb.no_run and not in_charge):
                return True
            if values.get("animal") == "yes" and climb.animals is not None and not climb.animals.value:
                return True  # "Any model (except animals!) can climb"
            climbed += inches
            limit = move if climb.limit.value == "Movement" else F(climb.limit.value)
            if climb.uses_movement:
                limit = min(limit, move)
            if climbed > limit:
                return True
            height = max(height + inches if kind == "climb up" else height - inches, F(0))
        if kind == "gap":
            if activation in ("run", "charge") and not rules.gap.in_charge:
                return True
            if extra is None and height == 0:
                return True
        if kind == "jump down":
            if inches > rules.jump_down.max_height.value and rules.jump_down.over_max.value == "not-allowed":
                return True
            height = max(height - inches, F(0))
        if kind == "diving charge" and inches > rules.diving_charge.max_height.value:
            return True
    return False


def walk(rules, values, legs, left: F, charging: str | None, interceptor: bool = False) -> dict[str, F]:
    """The route walked with `left` inches: each way it ends, with its chance ("completes" if it does). An
    interceptor meets the charger as it begins its last leg (our reading, stated on the assumptions page)."""
    model = {k: values[k] for k in ("initiative", "toughness", "wounds") if k in values}
    activation = values.get("activation", "move")
    going, ends = F(1), defaultdict(F)
    height = start_height(values, legs)
    short = "falls-short" if charging else "out-of-movement"

    def by_oracle(n, calculator, leg_values, *safe):
        nonlocal going
        answer = Answer()
        calculator(rules, {**model, **leg_values}, answer)
        for key, p in answer.outcomes.items():
            if key not in safe:
                ends[f"leg{n}-{key}"] += going * p
        going *= sum(answer.outcomes.get(key, F(0)) for key in safe)

    for n, ((kind, inches, extra, _ground), cost) in enumerate(zip(legs, costs(rules, legs), strict=True), start=1):
        if interceptor and n == len(legs):
            ends[f"leg{n}-intercepted"] += going
            return _done(ends, F(0))
        if kind in ("move", "climb up", "climb down") and cost > left:
            ends[f"leg{n}-{short}"] += going
            return _done(ends, F(0))
        if kind == "move":
            left -= cost
        elif kind.startswith("climb"):
            direction = kind.split()[1]
            leg = {"height": str(inches), "move": values["move"], "direction": direction}
            by_oracle(n, oracle.climb, leg, "made-it", "dropped")
            left -= cost
            height = max(height + inches if direction == "up" else height - inches, F(0))
        elif kind == "gap":
            measured = rules.gap.measure_first.value and activation != "charge"
            if (charging == "short" or measured) and cost > left:
                ends[f"leg{n}-{short}"] += going
                return _done(ends, F(0))
            drop = extra if extra is not None else height
            part_of = "move" if activation == "half-move" else activation
            by_oracle(
                n,
                oracle.gap,
                {"gap": str(inches), "move": str(left), "height": str(drop), "part_of": part_of},
                "made-it",
            )
            left -= min(cost, left)
        elif kind == "jump down":
            by_oracle(n, oracle.jump_down, {"height": str(inches)}, "landed")
            height = max(height - inches, F(0))
        elif kind == "diving charge":
            enemy = extra if extra is not None else F(1)
            by_oracle(
                n, oracle.diving_charge, {"height": str(inches), "distance": str(enemy)}, "landed", "lands-no-bonus"
            )
            if enemy > left:
                ends[f"leg{n}-falls-short"] += going
                going = F(0)
        elif kind == "charge" and cost > left:
            ends[f"leg{n}-falls-short"] += going
            going = F(0)
        if not going:
            break
    return _done(ends, going)


def _done(ends, going: F) -> dict[str, F]:
    found = {key: p for key, p in ends.items() if p}
    if going:
        found["completes"] = going
    return found


def route(ruleset_id: str, values: dict[str, str], legs: list[str], rules=None) -> dict[str, F] | None:
    """Each way the route can end, with its chance; None where the rules forbid the route. `rules`: the
    ruleset as a table plays it (house rules), else its own."""
    rules = rules or RULESETS[ruleset_id]
    if not plannable(rules):
        return None
    move, activation = number(values["move"]), values.get("activation", "move")
    read_legs = [read(text) for text in legs]
    try:
        if forbidden(rules, values, read_legs):
            return None
        if activation == "move":
            return walk(rules, values, read_legs, move, None)
        if activation == "half-move":
            return walk(rules, values, read_legs, F(ceil(move / 2)), None)
        if activation == "run":
            # No run with an enemy that counts within the range at the start of the turn, its edge included.
            if number(values.get("nearest_enemy", "12")) <= rules.run.enemy_range.value:
                return None
            return walk(rules, values, read_legs, move * rules.run.multiplier.value, None)
        main, _ = charge(rules, values, read_legs)
        return main
    except Refused:
        return None


def tables(ruleset_id: str, values: dict[str, str], legs: list[str]) -> tuple[dict[str, F], dict[str, F] | None] | None:
    """A charge route's two tables where an enemy may choose to intercept: the charge let through, and the
    enemy's branch; None where the rules forbid the route."""
    rules = RULESETS[ruleset_id]
    if route(ruleset_id, values, legs) is None:
        return None
    return charge(rules, values, [read(text) for text in legs]) if values.get("activation") == "charge" else None


def _moved(rules, values, read_legs, interceptor=False) -> dict[str, F]:
    """The charge moved and the legs walked: every total the charge can give, walked."""
    move = number(values["move"])
    total = sum(costs(rules, read_legs), F(0))
    kind = rules.charge.move.value
    if type(kind).__name__ == "DoubleMove":  # reaches, or a failed charge walked with Movement alone
        reach = 2 * move
        return (
            walk(rules, values, read_legs, reach, "reaches", interceptor)
            if total <= reach
            else walk(rules, values, read_legs, move, "short", interceptor)
        )
    # Movement plus a D6 (Trench Crusade), the cap on what the roll adds: every face walked.
    cap = F(rules.charge.cap.value) if rules.charge.cap else None
    found: dict[str, F] = defaultdict(F)
    for roll, weight in oracle.totals(kind.dice):
        moved = move + roll if cap is None else max(move, min(move + roll, cap))
        for key, p in walk(
            rules, values, read_legs, moved, "reaches" if moved >= total else "short", interceptor
        ).items():
            found[key] += p * weight
    return dict(found)


def _mix(*weighed: tuple[dict[str, F], F]) -> dict[str, F]:
    found: dict[str, F] = defaultdict(F)
    for table, weight in weighed:
        for key, p in table.items():
            found[key] += weight * p
    return {key: p for key, p in found.items() if p}


def charge(rules, values, read_legs) -> tuple[dict[str, F], dict[str, F] | None]:
    """Before the first inch: sight (hidden and out-of-range targets refused, an Initiative test within the
    detection range, failing it the legs before the charge walked as a normal move), an enemy near the route
    (refused where it blocks or must be charged; the Living Rulebook's choice as a second table)."""
    rule, target = rules.charge, values.get("target", "seen")
    if target in ("hidden", "unseen-far") or (target == "unseen" and rule.detect_unseen is None):
        raise Refused
    seen = F(1)
    if target == "unseen":
        seen = oracle.pass_all(rules, int(values.get("initiative", "3")), 1, oracle.Answer())
    interceptor = values.get("interceptor", "no")
    if interceptor != "no" and rule.interception.value in ("blocks", "becomes-target"):
        raise Refused
    not_seen = {}
    if seen < 1:
        # The legs before the charge, from where the whole route starts (its last leg may set that height).
        moving = {**values, "activation": "move", "start_height": str(start_height(values, read_legs))}
        walked = walk(rules, moving, read_legs[:-1], number(values["move"]), None)
        not_seen = {("not-seen" if key == "completes" else f"not-seen-{key}"): p for key, p in walked.items()}
    through = _mix((_moved(rules, values, read_legs), seen), (not_seen, 1 - seen))
    if interceptor == "no":
        return through, None
    met = _moved(rules, values, read_legs, interceptor=True)
    if interceptor == "fears":  # a Fear test, 2D6 under its Leadership, before it may step in
        brave = sum((w for combo, w in oracle.every_roll(6, 6) if sum(combo) <= int(values["leadership"])), F(0))
        met = _mix((met, brave), (_moved(rules, values, read_legs), 1 - brave))
    return through, _mix((met, seen), (not_seen, 1 - seen))
