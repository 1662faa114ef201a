"""Running: may this model run this turn, and how far."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, NamedTuple

from rulescore.answers.explain import Explanation, Step, inches
from rulescore.answers.fields import choice, length, movement
from rulescore.dice.distribution import Distribution
from rulescore.framework.legs import Followed, Forbidden, RouteEnd, cited
from rulescore.framework.mechanic import Activation, Asked, Calculator, Card, Line, Mechanic, Numbers, by_name
from rulescore.framework.rules import Rules
from rulescore.mechanics.hiding import Hiding
from rulescore.reading import values
from rulescore.reading.rule_value import Rule


class Run(NamedTuple):
    section: str
    multiplier: Annotated[Rule[int], values.count, "a run is Movement times"]
    enemy_range: Annotated[
        Rule[int | Fraction], values.inches, "no run with an enemy within"
    ]  # no counting enemy within this many inches at the start of the turn
    ignored_states: Annotated[Rule[tuple[str, ...]], _enemy_states]  # enemy states that do not stop a run
    no_shooting: Annotated[Rule[str] | None, values.text] = None  # what a run costs the rest of the turn, in our words


def _enemy_states(value: Any) -> tuple[str, ...]:
    return values.words_list(value, 'enemy states, e.g. ["fleeing", "stunned"]')


ENEMY_STATES = (
    ("standing", "Standing"),
    ("fleeing", "Fleeing"),
    ("stunned", "Stunned"),
    ("knocked-down", "Knocked down"),
    ("hidden", "Hidden"),
)


def run(explain: Explanation, ruleset: Rules, move: Fraction, distance: Fraction, enemy_state: str) -> Distribution:
    """Whether a model may run, given the nearest enemy's distance and state at the start of the turn."""
    rules = ruleset.given(Run)
    if enemy_state in rules.ignored_states.value:
        explain.step(
            f"A {enemy_state.replace('-', ' ')} enemy does not count when deciding whether a model may run.",
            rules.ignored_states,
        )
        allowed = True
    else:
        allowed = distance > rules.enemy_range.value
        explain.step(
            f"No standing enemy may be within {inches(rules.enemy_range.value)} at the start of the turn: the nearest "
            f"is {inches(distance)} away, so the model {'may' if allowed else 'may not'} run.",
            rules.enemy_range,
            assumption="within-includes-edge",
        )
    explain.to_do(f"no dice: it {'may run ' + inches(move * rules.multiplier.value) if allowed else 'may not run'}")
    if allowed:
        explain.step(
            f"A run is {rules.multiplier.value} times Movement: {inches(move * rules.multiplier.value)}; "
            "a model that runs cannot shoot this turn.",
            rules.multiplier,
        )
    return Distribution.always("may-run" if allowed else "may-not-run")


def _lines(rules: Rules) -> list[Line]:
    run = rules.numbers(Run)
    if not run:
        return []
    return [
        Line("running", "Run", f"{run.multiplier.value}×M", run.multiplier),
        Line("running", "No run if an enemy is within", inches(run.enemy_range.value), run.enemy_range),
    ]


def _after(rules: Rules, end: RouteEnd) -> list[Followed]:
    """A completed run costs the shot, and the hiding where the text says so."""
    run, hiding = rules.numbers(Run), rules.numbers(Hiding)
    if not (end.done and end.activation == "run" and run and run.no_shooting):
        return []
    cannot_hide = hiding and hiding.ran and hiding.ran.value == "cannot hide"
    words = f"Having run, it {run.no_shooting.value}" + (", and it cannot hide." if cannot_hide else ".")
    return [(30, Step(words, run.section))]


def _nearest_enemy(ruleset: Rules) -> list[Asked]:
    """How far the nearest enemy that counts stands at the start of the turn: what a route's run is decided by."""
    rules = ruleset.numbers(Run)
    if rules is None:
        return []
    ignored = [state.replace("-", " ") for state in rules.ignored_states.value]
    not_counted = f"{', '.join(ignored[:-1])} or {ignored[-1]}" if len(ignored) > 1 else "".join(ignored)
    asked = length(
        "nearest_enemy",
        "Nearest enemy at the start of the turn",
        "12",
        "0",
        "99",
        help=f"For a run: the nearest enemy that is not {not_counted}." if ignored else "For a run.",
    ).when(activation=("run",))
    return [(20, asked)]  # after the height the route starts at, before an animal's climb


def _run_allowance(explain: Explanation, ruleset: Rules, read: dict[str, Any]) -> Fraction:
    """A route's run: allowed only with no enemy that counts this near (#50, item 1), then Movement times its rule."""
    rules = ruleset.given(Run)
    rule, near, nearest, move = rules.multiplier, rules.enemy_range, read["nearest_enemy"], read["move"]
    if nearest <= near.value:  # "within" takes in its edge (the running calculator reads it so)
        raise Forbidden(
            "nearest_enemy",
            f"A model may not run with an enemy that counts within {inches(near.value)} at the start of the "
            f"turn: the nearest is {inches(nearest)} away ({cited(near)}). It may still move, or charge.",
            "within-includes-edge",
        )
    explain.step(
        f"No enemy that counts is within {inches(near.value)} at the start of the turn (the nearest is "
        f"{inches(nearest)} away), so it may run.",
        near,
        assumption="within-includes-edge",
    )
    explain.step(f"A run: {rule.value} times Movement, {inches(move * rule.value)} in all.", rule)
    return Fraction(move * rule.value)


# Declared in the shape every mechanic shares (rulescore/framework/mechanic.py), alike by design: its rule differs.
RUN = Mechanic(
    turn=40,
    title="Running",
    parts={"run": Numbers(Run)},
    calculators=(
        Calculator(
            "run",
            "Running",
            needs=("run",),
            fields=lambda r: [
                movement(),
                length("distance", "Nearest enemy's distance", "10", "0", "99"),
                choice("enemy_state", "That enemy is", "standing", ENEMY_STATES),
            ],
            compute=by_name(run),
            headline=lambda t, x, say: ["may run" if t["may-run"] == 1 else "may not run"],
            card=Card('Run (enemy 10" away)', "distance", ("10",), place=5),
        ),
    ),
    outcomes={"may-run": "May run", "may-not-run": "May not run"},
    lines=_lines,
    after=_after,
    activations=(Activation("run", "A run", 20, lambda r: r.numbers(Run) is not None, _run_allowance),),
    asks=_nearest_enemy,
)
