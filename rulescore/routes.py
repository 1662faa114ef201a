"""Plan a move: a whole activation, leg by leg, each leg worked out by its own mechanic and the legs
composed exactly (no simulation).

A route is the model (Movement, Initiative, Toughness, Wounds), the kind of activation (a move, a run
or a charge) and its legs in order: `move 4`, `climb up 3`, `climb down 3`, `gap 2` (or `gap 2 drop 6`:
the drop below it, if the model falls), `jump down 4`, and, to end a charge, `charge 3` (the distance
left to the target) or `diving charge 4` (or `diving charge 4 enemy 1`: the enemy's distance from the
landing point). Each leg costs what its rule says of the allowance; a failed test ends the route there
(stuck at the foot of the wall, or a fall with the fall table's injuries); a leg the rules forbid
refuses the whole route, naming the leg and the rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from rulescore.climbing import climb
from rulescore.dice import Distribution
from rulescore.diving import diving_charge
from rulescore.explain import Explanation, inches, said_alike
from rulescore.fields import Field, FieldError, choice, movement, toughness, wounds
from rulescore.gaps import gap
from rulescore.initiative import initiative_field
from rulescore.jumping_down import jump_down
from rulescore.legs import DIVE_ENEMY, GAP_DROP, SECTION_OF, Leg, read_leg
from rulescore.mechanics import ASSUMPTIONS, RULESETS, label, outcome_order
from rulescore.result import Cited, Refusal, Result, Row

NAME = "route"
TITLE = "Plan a move"


def fields(ruleset) -> list[Field]:
    """The model and the kind of activation; the legs come as a list beside them."""
    kinds = [("move", "A normal move")]
    if ruleset.run:
        kinds.append(("run", "A run"))
    if ruleset.charge:
        kinds.append(("charge", "A charge"))
    found = [movement(), choice("activation", "This activation is", "move", tuple(kinds))]
    if ruleset.test:
        found.append(initiative_field(ruleset))
    if ruleset.fall:
        found += [toughness(ruleset), wounds()]
    return found


class _Walk:
    """The route walked leg by leg: the chance it is still going, and where and how it ended otherwise."""

    def __init__(self, ruleset, explain: Explanation, allowance: Fraction) -> None:
        self.ruleset, self.explain, self.left = ruleset, explain, allowance
        self.going = Fraction(1)
        self.ends: list[tuple[str, str, Fraction]] = []  # (outcome key, label, chance)

    def end(self, number: int, leg: Leg, key: str, label: str, chance: Fraction) -> None:
        if chance:
            self.ends.append((f"leg{number}-{key}", f"Leg {number} ({leg.text}): {label}", chance))

    def take(self, number: int, leg: Leg, table: Distribution, safe: str) -> None:
        """A leg's own outcome table: `safe` goes on, every other outcome ends the route here."""
        for key in sorted(table, key=outcome_order):
            if key != safe:
                self.end(number, leg, key, label(key).lower(), self.going * table[key])
        self.going *= table[safe] if safe in table else 0


def plan(ruleset_id: str, values: Mapping[str, str] | None, legs: Sequence[str]) -> Result | Refusal:
    """The whole route's outcomes; a Refusal (naming the field or the leg) for what the rules forbid."""
    values = dict(values or {})
    ruleset = RULESETS.get(ruleset_id)
    if ruleset is None:
        return Refusal(
            NAME,
            str(ruleset_id),
            {"ruleset": f"Unknown ruleset '{str(ruleset_id)[:30]}'. Known: {', '.join(RULESETS)}."},
        )
    form = fields(ruleset)
    errors = {key: f"A route has no field '{str(key)[:30]}'." for key in values if key not in {f.name for f in form}}
    read: dict = {}
    for field in form:
        try:
            read[field.name] = field.read(values.get(field.name, field.default))
        except FieldError as error:
            errors[error.field] = error.message
    parsed = []
    for number, text in enumerate(legs, start=1):
        try:
            parsed.append(read_leg(text))
        except ValueError as error:
            errors[f"leg-{number}"] = f"Leg {number}: {error}"
    if not parsed and not errors:
        errors["legs"] = "Add a leg: a route is one leg or more (move 4, climb up 3, ...)."
    if errors:
        return Refusal(NAME, ruleset_id, errors)
    explain = Explanation()
    try:
        walk = _route(explain, ruleset, read, parsed)
    except _Forbidden as refused:
        return Refusal(NAME, ruleset_id, {refused.where: refused.message})
    done = walk.going
    finish = "reaches the target" if parsed[-1].kind in ("charge", "diving charge") else "completes the route"
    rows = [Row("completes", finish[0].upper() + finish[1:], done)] if done else []
    rows += [Row(key, words, chance) for key, words, chance in walk.ends]
    headlines = said_alike(
        lambda say: [
            f"{say(done)} that it {finish}" if 0 < done < 1 else ("it always " if done else "it never ") + finish
        ]
    )
    text = "; ".join(explain.procedure)
    return Result(
        calculator=NAME,
        ruleset=ruleset_id,
        ruleset_title=ruleset.title,
        title=TITLE,
        inputs={
            **{f.name: str(values.get(f.name, f.default)).strip() for f in form},
            "legs": " | ".join(leg.text for leg in parsed),
        },
        procedure=text[:1].upper() + text[1:] + "." if text else "",
        headlines=tuple(headlines),
        caption=None,
        outcomes=tuple(rows),
        extra=(),
        reach=None,
        steps=tuple(
            Cited(s.text, s.section, ruleset.href(s.section) if s.section else None, s.assumption)
            for s in explain.steps
        ),
        assumptions=tuple(ASSUMPTIONS[a] for a in explain.assumptions),
    )


class _Forbidden(Exception):
    def __init__(self, where: str, message: str) -> None:
        super().__init__(message)
        self.where, self.message = where, message


def _allowance(explain: Explanation, ruleset, activation: str, move: Fraction) -> Fraction:
    if activation == "run":
        rule = ruleset.run.multiplier
        explain.step(f"A run: {rule.value} times Movement, {inches(move * rule.value)} in all.", rule)
        near = ruleset.run.enemy_range
        explain.step(
            f"Only if no standing enemy is within {inches(near.value)} at the start of the turn (the running "
            "calculator checks it): the route takes that as given.",
            near,
        )
        return move * rule.value
    if activation == "charge":
        kind = ruleset.charge.move.value
        if type(kind).__name__ != "DoubleMove":
            raise _Forbidden(
                "activation",
                f"{ruleset.title}'s charge moves Movement plus a roll: plan the legs as a normal move, then use the "
                "charge calculator for the roll.",
            )
        explain.step(
            f"A charge moves double Movement: {inches(2 * move)} in all, declared without measuring.",
            ruleset.charge.move,
        )
        explain.step(
            "Seeing the target, enemies near the route and the target's response are the charge calculator's: "
            "the route counts the movement and the legs' own tests."
        )
        return 2 * move
    explain.step(f"A normal move: up to its Movement, {inches(move)}.")
    return move


def _route(explain: Explanation, ruleset, read: dict, legs: list[Leg]) -> _Walk:
    move, activation = read["move"], read["activation"]
    initiative, t, w = read.get("initiative"), read.get("toughness"), read.get("wounds")
    if activation == "charge" and legs[-1].kind not in ("charge", "diving charge"):
        raise _Forbidden("activation", "A charge ends at its target: add a last leg, charge N (the inches left to it).")
    walk = _Walk(ruleset, explain, _allowance(explain, ruleset, activation, move))
    climbed = Fraction(0)
    for number, leg in enumerate(legs, start=1):
        where, name = f"leg-{number}", f"Leg {number} ({leg.text})"
        last = number == len(legs)
        explain.step(f"{name}, with {inches(walk.left)} of movement left:")
        if leg.kind in ("charge", "diving charge"):
            if activation != "charge":
                raise _Forbidden(where, f"{name}: a charge ends a charge; choose 'A charge' for this activation.")
            if not last:
                raise _Forbidden(where, f"{name}: a charge ends the route: the model is then in combat.")
        try:
            if leg.kind == "move":
                if leg.inches > walk.left:
                    explain.step(f"It has {inches(walk.left)} left, not {inches(leg.inches)}: it stops there.")
                    walk.end(number, leg, "out-of-movement", "out of movement, it stops short", walk.going)
                    walk.going = Fraction(0)
                    break
                walk.left -= leg.inches
                explain.to_do(f"move {inches(leg.inches)}")
                explain.step(f"It moves {inches(leg.inches)}: {inches(walk.left)} left.")
            elif leg.kind in ("climb up", "climb down"):
                rules = ruleset.climb
                if rules is None:
                    raise FieldError(where, f"{ruleset.title}'s text has no climbing rule.")
                if rules.touching and number > 1:
                    raise _Forbidden(
                        where,
                        f"{name}: the model must be touching what it climbs at the start of its movement phase, so a "
                        f"climb can only open the route (§ {rules.section.replace('-', ' ')}).",
                    )
                if activation != "move" and rules.no_run:
                    # A charge is "like a running move" (Charge!): we read that it may not climb either.
                    also = ", and a charge is a running move at double Movement" if activation == "charge" else ""
                    raise _Forbidden(
                        where,
                        f"{name}: a model cannot run while it climbs{also}: climb in a normal move "
                        f"(§ {rules.section.replace('-', ' ')}).",
                    )
                limit = move if rules.limit.value == "Movement" else Fraction(rules.limit.value)
                if climbed + leg.inches > limit:
                    raise FieldError(
                        where,
                        f"A climb may be at most {inches(limit)} a turn; this route climbs {inches(climbed + leg.inches)}.",
                    )
                # A climb limited to Movement is taken off it; a fixed limit (Coreheim's 4" a turn) is not
                # (assumption climb-fixed-limit, which climb() states).
                uses = leg.inches if rules.limit.value == "Movement" else Fraction(0)
                if uses > walk.left:
                    explain.step(f"It has {inches(walk.left)} left: not enough to climb {inches(leg.inches)}.")
                    walk.end(number, leg, "out-of-movement", "out of movement, it stops at the foot", walk.going)
                    walk.going = Fraction(0)
                    break
                climbed += leg.inches
                table = climb(
                    explain,
                    ruleset,
                    leg.inches,
                    move,
                    leg.kind.split()[1],
                    initiative,
                    t,
                    w,
                    "yes" if activation == "run" else "no",
                )
                walk.take(number, leg, table, "made-it")
                walk.left -= uses
                explain.step(f"After the climb: {inches(walk.left)} of movement left if it makes it.")
            elif leg.kind == "gap":
                if ruleset.gap is None:
                    raise FieldError(where, f"{ruleset.title}'s text has no rule for jumping gaps.")
                if activation != "move" and not ruleset.gap.in_charge:
                    raise _Forbidden(
                        where, f"{name}: {ruleset.title}'s text does not let a gap be jumped in a {activation}."
                    )
                drop = leg.extra if leg.extra is not None else GAP_DROP
                table = gap(explain, ruleset, leg.inches, walk.left, initiative, drop, t, w, activation)
                walk.take(number, leg, table, "made-it")
                walk.left -= leg.inches if ruleset.gap.uses_movement.value else 0
            elif leg.kind == "jump down":
                if ruleset.jump_down is None:
                    raise FieldError(where, f"{ruleset.title}'s text has no rule for jumping down.")
                table = jump_down(explain, ruleset, leg.inches, initiative, t, w)
                walk.take(number, leg, table, "landed")
            elif leg.kind == "diving charge":
                if ruleset.diving_charge is None:
                    raise FieldError(where, f"{ruleset.title}'s text has no diving charge.")
                enemy = leg.extra if leg.extra is not None else DIVE_ENEMY
                table = diving_charge(explain, ruleset, leg.inches, enemy, initiative, t, w)
                walk.take(number, leg, table, "landed" if "landed" in table else "lands-no-bonus")
            else:  # a charge's last stretch to the target
                needed = leg.inches
                within = ruleset.charge.ends_within
                if within:
                    needed = max(needed - within.value, Fraction(0))
                reaches = needed <= walk.left
                explain.to_do(f"charge the last {inches(leg.inches)}")
                explain.step(
                    f"The charge needs {inches(needed)} more and has {inches(walk.left)}: "
                    + ("it reaches the target." if reaches else "it falls short (a failed charge)."),
                    ruleset.charge.move,
                )
                if not reaches:
                    walk.end(number, leg, "falls-short", "falls short (failed charge)", walk.going)
                    walk.going = Fraction(0)
        except FieldError as error:
            rules = getattr(ruleset, SECTION_OF.get(leg.kind, ""), None)
            cite = f" (§ {rules.section.replace('-', ' ')})" if rules is not None and "§" not in error.message else ""
            raise _Forbidden(where, f"{name}: {error.message}{cite}") from None
        if not walk.going:
            break
    return walk
