"""Hiding: may this model hide after what it did this turn, and is it spotted by an enemy at this distance."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, NamedTuple

from rulescore.answers.explain import Explanation, Step, inches
from rulescore.answers.fields import choice, length, whole
from rulescore.dice.distribution import Distribution
from rulescore.framework.legs import Followed, RouteEnd
from rulescore.framework.mechanic import Calculator, Line, Mechanic, Numbers, by_name, readers_of
from rulescore.framework.rules import Rules
from rulescore.mechanics.initiative import target_number
from rulescore.reading import values
from rulescore.reading.rule_value import Rule


class Hiding(NamedTuple):
    section: str
    spotted_within: Annotated[
        Rule[str], values.one_of("Initiative")
    ]  # "Initiative": enemies spot hidden models within their I in inches
    also: Annotated[Rule[str] | None, values.text] = None  # more the text says about hiding, in our words
    enemy_moves: Annotated[Rule[bool] | None, values.flag, "spotted only as an enemy moves within range"] = (
        None  # spotted when an enemy moves within range, not whenever one is there
    )
    cannot_be_charged: Annotated[Rule[bool] | None, values.flag, "a hidden model cannot be charged"] = None
    # What each thing the model did this turn does to hiding ("cannot hide" or "spotted"); None: nothing.
    moved: Annotated[Rule[str] | None, _stops, "a model that moved more than a half-move"] = (
        None  # a move of more than a half-move
    )
    ran: Annotated[Rule[str] | None, _stops, "a model that ran"] = None
    charged: Annotated[Rule[str] | None, _stops, "a model that charged"] = None
    fled: Annotated[Rule[str] | None, _stops, "a model that fled"] = None
    stunned: Annotated[Rule[str] | None, _stops, "a model that was stunned"] = None
    fell: Annotated[Rule[str] | None, _stops, "a model that fell"] = None
    shot: Annotated[Rule[str] | None, _stops, "a model that shot"] = None
    cast: Annotated[Rule[str] | None, _stops, "a model that cast a spell"] = None


# What an action this turn does to hiding: it may not hide at all, or it gives itself away.
_stops = values.one_of("cannot hide", "spotted")


# The things a model may have done this turn that hiding rules name, as the hiding calculator asks them:
# the keys read by _stops, in the numbers' order.
HIDING_ACTIONS = tuple(key for key, read in readers_of(Hiding).items() if read is _stops)


# What the model did this turn, as the hiding calculator offers it (HIDING_ACTIONS, and the half-move).
DID = {
    "half-moved": ("Stayed still, or moved half its Movement or less", "moved half its Movement or less"),
    "moved": ("Moved more than half its Movement", "moved more than a half-move"),
    "ran": ("Ran", "ran"),
    "charged": ("Charged", "charged"),
    "fled": ("Fled", "fled"),
    "stunned": ("Is stunned", "is stunned"),
    "fell": ("Fell", "fell"),
    "shot": ("Shot", "shot"),
    "cast": ("Cast a spell", "cast a spell"),
}


def choices(rules: Hiding) -> tuple[tuple[str, str], ...]:
    """What a model may have done this turn that the ruleset's hiding rule speaks of; the same first
    two everywhere, so a comparison asks one question of every ruleset."""
    return (
        ("half-moved", DID["half-moved"][0]),
        ("moved", DID["moved"][0]),
        *[
            (action, DID[action][0])
            for action in DID
            if action not in ("half-moved", "moved") and getattr(rules, action) is not None
        ],
    )


def hide(
    explain: Explanation, ruleset: Rules, initiative: int, distance: Fraction, this_turn: str = "half-moved"
) -> Distribution:
    """Whether a model may hide after `this_turn`, and whether an enemy with this Initiative, this far away, spots it."""
    rules = ruleset.given(Hiding)
    stops = getattr(rules, this_turn, None) if this_turn != "half-moved" else None
    if stops is not None and stops.value == "cannot hide":
        why = (
            "it can only hide at the end of a half-move"
            if this_turn == "moved"
            else f"a model that {DID[this_turn][1]} this turn cannot hide"
        )
        explain.step(f"It {DID[this_turn][1]}: {why}.", stops)
        explain.to_do("no dice: it cannot hide this turn")
        return Distribution.always("cannot-hide")
    if stops is not None:
        explain.step(f"A hidden model that {DID[this_turn][1]} gives itself away: it is no longer hidden.", stops)
        explain.to_do("no dice: it is no longer hidden")
        return Distribution.always("spotted")
    if this_turn == "moved" and rules.moved is None:
        # The choice is asked of every ruleset alike (a comparison asks one question); this text draws no line
        # at half a move, and says so rather than leave it unsaid (#47, item 7).
        explain.step(
            f"{ruleset.title}'s hiding rule does not ask how far the model moved, only what it did: a model that "
            "moved more than half its Movement, without running, may hide.",
            rules.section,
        )
    if this_turn == "half-moved" and rules.moved:
        explain.step(
            "It moved no more than a half-move, so it may hide at the end of it.",
            ruleset.single("half_move") or rules.moved,
        )
    spotted = distance <= initiative
    explain.to_do(
        f"no dice: an I{initiative}{'+' if target_number(ruleset) else ''} enemy "
        f"{'spots it' if spotted else 'does not spot it'} at {inches(distance)}"
    )
    if rules.enemy_moves:
        explain.step(
            f"An enemy that moves within its Initiative value in inches of a hidden model spots it: an "
            f"I{initiative} enemy that comes {inches(distance)} away {'spots' if spotted else 'does not spot'} it.",
            rules.spotted_within,
            assumption="within-includes-edge",
        )
    else:
        explain.step(
            f"Enemies spot hidden models within their Initiative in inches: an I{initiative} enemy "
            f"{inches(distance)} away {'spots' if spotted else 'does not spot'} it.",
            rules.spotted_within,
            assumption="within-includes-edge",
        )
    if target_number(ruleset):
        explain.step(
            f"Read literally with {ruleset.game}'s Initiative (a target number, lower is better), a worse "
            f'Initiative spots from further away: an I{initiative}+ enemy spots within {initiative}".',
            assumption=rules.spotted_within.assumption,
        )
    if rules.also:
        explain.step(rules.also.value, rules.also)
    return Distribution.always("spotted" if spotted else "stays-hidden")


def _fields(ruleset: Rules) -> list[Any]:
    rules = ruleset.given(Hiding)
    options = choices(rules)
    enemy = "How close the enemy moves" if rules.enemy_moves else "Enemy's distance"
    return [
        choice("this_turn", "This turn the hiding model", options[0][0], options),
        # A target number runs to 13 (never spotted on a D12); a characteristic, as every profile, to 10.
        whole(
            "initiative",
            "Enemy's Initiative",
            7 if target_number(ruleset) else 3,
            1,
            13 if target_number(ruleset) else 10,
        ).of("target.initiative"),
        length("distance", enemy, "4", "0", "99"),
    ]


# The quick reference's lines, a Line per number: alike in shape to every mechanic's, by design.
def _lines(rules: Rules) -> list[Line]:
    hiding = rules.numbers(Hiding)
    if not hiding:
        return []
    return [
        Line(
            "hiding",
            "Hidden models are spotted",
            "by enemies within their Initiative in inches",
            hiding.spotted_within,
        )
    ]


def _after(rules: Rules, end: RouteEnd) -> list[Followed]:
    """A completed move keeps the shot and the hiding, where no half-move rule takes them (half_move.py)."""
    hiding = rules.numbers(Hiding)
    if not (end.done and end.activation == "move" and hiding) or (rules.single("half_move") and hiding.moved):
        return []
    words = "Completing the move, it may still shoot, and hide if it ends where it could conceal itself."
    return [(10, Step(words, hiding.section))]


# Declared in the shape every mechanic shares (rulescore/framework/mechanic.py), alike by design: its rule differs.
HIDING = Mechanic(
    turn=130,
    title="Hiding",
    parts={"hiding": Numbers(Hiding)},
    calculators=(
        Calculator(
            "hide",
            "Hiding",
            needs=("hiding",),
            fields=_fields,
            compute=by_name(hide),
            headline=lambda t, x, say: [
                "cannot hide" if "cannot-hide" in t else "spotted" if "spotted" in t else "stays hidden"
            ],
            target="Spotting enemy",
        ),
    ),
    outcomes={"cannot-hide": "Cannot hide this turn", "spotted": "Spotted", "stays-hidden": "Stays hidden"},
    lines=_lines,
    after=_after,
)
