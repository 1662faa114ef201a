"""Falling damage and the injury it leads to, as exact outcome distributions.

Two kinds of fall, each read from a ruleset's `[fall]` table: hits at a Strength set by the height
(`hits = "D3"`, Mordheim), or one hit that wounds on a roll set by the height (`wound_roll`, Coreheim).
A new kind is a class here with the same four members, and a line in KINDS.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from math import floor
from typing import Annotated, NamedTuple

from rulescore.answers.explain import Explanation, chance_words, fraction_text, inches
from rulescore.answers.fields import Field, drop, modifier, toughness, whole, wounds
from rulescore.dice.distribution import Distribution
from rulescore.dice.rolls import Test, read_dice, read_injury, read_test
from rulescore.dice.wounds import hits_table, one_hit_table, wound_chance
from rulescore.mechanics.mechanic import Calculator, Line, Mechanic, Table, by_name
from rulescore.mechanics.rules import Rules
from rulescore.reading import values
from rulescore.reading.rule_value import Rule


def to_wound_target(strength: int, toughness: int) -> int | None:
    """The D6 score needed to wound, or None when Strength cannot wound that Toughness."""
    difference = strength - toughness
    if difference >= 2:
        return 2
    if difference <= -4:
        return None
    return {1: 3, 0: 4, -1: 5, -2: 6, -3: 6}[difference]


def _injury_step(explain: Explanation, wounds: int, rule: Rule, many: bool) -> None:
    """`many`: the fall can take several wounds, so the roll is for each past 0, the highest counting."""
    each = " for that wound and each one after it, keeping the highest" if many else ""
    explain.to_do(
        f"at 0 Wounds, an injury roll on a D{rule.value.sides}{' per wound, the highest counting' if many else ''} "
        f"({rule.value.words})",
        once="injuries",
    )
    explain.step(
        f"With {wounds} Wound{'s' if wounds > 1 else ''}, reaching 0 means an injury roll on a D{rule.value.sides}"
        f"{each}: {rule.value.words}.",
        rule,
        assumption=rule.assumption,
    )


class StrengthHits(NamedTuple):
    """Dice of hits at Strength equal to the whole inches fallen, wounding by the to-wound chart."""

    section: str
    hits: Annotated[Rule, read_dice, "hits a fall deals"]  # Dice: how many hits
    injury: Annotated[Rule, read_injury, "injury roll"]  # Injury
    stops: Annotated[Rule | None, values.text] = None  # what a model that fell may not do for the rest of the turn

    def toughness_field(self, game: str) -> Field:
        return whole("toughness", "Toughness", 3, 1, 10)

    def words(self) -> list[tuple[str, str, Rule]]:
        return [("Fall damage", f"{self.hits.value.name} hits at Strength = inches fallen, no save", self.hits)]

    def is_fall(self, height: Fraction) -> bool:
        return True  # under an inch is still a fall (no hit, but the model has fallen)

    def outcome(
        self, explain: Explanation, rules: Rules, height: Fraction, toughness: int, wounds: int
    ) -> Distribution:
        strength = floor(height)
        if height.denominator != 1:
            explain.assume("fraction-inches")
        if strength == 0:
            # The to-wound chart starts at Strength 1: a drop of under an inch makes no hit at all.
            explain.step(
                f"A fall of {inches(height)} would hit at Strength 0, which the to-wound chart does not have: "
                "no hit, the model is unhurt.",
                self.hits,
                assumption="fall-under-an-inch",
            )
            explain.to_do("no hit: a drop of under an inch")
            return Distribution.always("unhurt")
        explain.step(
            f"A fall of {inches(height)} is {self.hits.value.name} hits at Strength {strength}; no armour save "
            "and no critical hits.",
            self.hits,
        )
        target = to_wound_target(strength, toughness)
        if target is None:
            explain.step(f"Strength {strength} cannot wound Toughness {toughness}.", assumption="to-wound")
            explain.to_do(
                f"{self.hits.value.name} hits at Strength {strength}, none of which can wound Toughness {toughness}"
            )
        else:
            p = Fraction(7 - target, 6)
            explain.step(
                f"Strength {strength} against Toughness {toughness} wounds on {target}+: {fraction_text(p)} a hit.",
                assumption="to-wound",
            )
            explain.to_do(
                f"{self.hits.value.name} hits at Strength {strength}, each wounding Toughness {toughness} on "
                f"{target}+, no armour save"
            )
        _injury_step(explain, wounds, self.injury, many=True)
        return hits_table(self.hits.value, target, wounds, self.injury.value)


class WoundRoll(NamedTuple):
    """One hit that wounds on a roll of (wounds_on - whole inches fallen) or more, Toughness
    printed as a modifier to that roll; falls under `least` inches do nothing."""

    section: str
    roll: Annotated[Rule, read_test, "a fall's wound roll"]  # Test (over), with its natural results
    wounds_on: Annotated[
        Rule, values.count, "a fall wounds on this less the inches fallen"
    ]  # the number the inches fallen are taken from
    toughness: Annotated[Rule, values.one_of("modifier")]  # "modifier": the profile's T is added to the roll
    injury: Annotated[Rule, read_injury, "injury roll"]  # Injury
    least: Annotated[Rule | None, values.inches, "a fall shorter than this does nothing"] = None
    stops: Annotated[Rule | None, values.text] = None  # what a model that fell may not do for the rest of the turn

    def toughness_field(self, game: str) -> Field:
        # Profiles print Toughness as a modifier to the wound roll against the model.
        return modifier(
            "toughness",
            "Toughness (as on the profile: +0, -1)",
            0,
            -5,
            5,
            help=f"{game}: the T modifier from the profile, e.g. +0 or -1.",
        )

    def words(self) -> list[tuple[str, str, Rule]]:
        test = self.roll.value
        said = [f"a {face} always wounds" for face in test.passes] + [f"a {face} never" for face in test.fails]
        found = [
            (
                "Fall damage",
                f"one hit, wounds on a {test.dice.name} roll of {self.wounds_on.value} − inches fallen"
                + (f" ({', '.join(said)})" if said else "")
                + ", no save",
                self.wounds_on,
            )
        ]
        if self.least:
            found.append(("Falls count from", inches(self.least.value), self.least))
        return found

    def is_fall(self, height: Fraction) -> bool:
        """Under the least height (Coreheim: a full 2") the model drops, but has not fallen."""
        return not self.least or height >= self.least.value

    def outcome(
        self, explain: Explanation, rules: Rules, height: Fraction, toughness: int, wounds: int
    ) -> Distribution:
        test = self.roll.value
        if self.least and height < self.least.value:
            explain.step(
                f"A drop of {inches(height)} is not a fall: falls count only from a full {inches(self.least.value)}.",
                self.least,
            )
            explain.to_do(f"no hit: falls count from a full {inches(self.least.value)}")
            return Distribution.always("unhurt")
        whole_inches = floor(height)
        target = self.wounds_on.value - whole_inches
        faces = test.dice.faces
        score = (
            f"{target}+ on the {test.dice.name}"
            if faces[0] < target <= faces[-1]
            else f"a score of {target}, {'under' if target <= faces[0] else 'over'} every face of the {test.dice.name}"
        )
        explain.step(
            f"A fall of {inches(height)} is one hit; it wounds on {self.wounds_on.value} - {whole_inches} = {score}; "
            "no armour save and no critical wounds.",
            self.wounds_on,
            assumption=self.wounds_on.assumption,
        )
        if height.denominator != 1:
            explain.assume("fraction-inches")
        change = f"adds {toughness:+d} to the roll" if toughness else "does not change the roll"
        explain.step(f"Toughness {toughness:+d} {change}.", self.toughness, assumption=self.toughness.assumption)
        taken = wound_chance(test, target, toughness)
        if test.passes or test.fails:
            said = [f"a natural {face} always wounds" for face in test.passes] + [
                f"a natural {face} never does" for face in test.fails
            ]
            explain.step(
                f"As on every {rules.game} {test.dice.name} roll, {' and '.join(said)}.",
                self.roll,
                assumption=self.roll.assumption,
            )
        p = taken[1]
        explain.step(
            f"Chance to be wounded: {fraction_text(p)} ({chance_words(p)}): {_wounding_rolls(test, target, toughness)}."
        )
        explain.to_do(
            f"one hit: {_wounding_rolls(test, target, toughness).replace('it wounds', 'wounds')}, no armour save"
        )
        _injury_step(explain, wounds, self.injury, many=False)  # one hit: at most one wound
        return one_hit_table(test, target, toughness, wounds, self.injury.value)


def _wounding_rolls(test: Test, target: int, toughness: int) -> str:
    """Which faces wound, as a player reads the die: "it wounds on 5+", "every roll but a natural 1 wounds"."""
    faces = test.dice.faces
    wounding = [face for face in faces if test.passed(face, target, toughness)]
    if len(wounding) == len(faces):
        return "every roll wounds"
    if not wounding:
        return "no roll wounds"
    if len(wounding) == len(faces) - len(test.fails) and all(face not in test.fails for face in wounding):
        return "every roll but a natural " + " or ".join(str(face) for face in test.fails) + " wounds"
    if wounding == list(test.passes):
        return "only a natural " + " or ".join(str(face) for face in test.passes) + " wounds"
    return f"it wounds on {min(wounding)}+ on the {test.dice.name}"


# The key of a `[fall]` table that says which kind it is.
KINDS = {"hits": StrengthHits, "roll": WoundRoll}


def fall(explain: Explanation, rules: Rules, height: Fraction, toughness: int, wounds: int) -> Distribution:
    """Outcome of a fall from `height` inches for a model of this Toughness and Wounds.

    Toughness is the ruleset's own: a characteristic in Mordheim (T3), the profile's modifier in Coreheim (+0).
    """
    if rules.fall is None:
        raise ValueError(f"{rules.id} has no falling rules")
    if rules.fall.stops and rules.fall.is_fall(height):  # what a fall stops this turn, as the text says
        explain.then(f"A model that falls {rules.fall.stops.value}.", rules.fall.stops)
    table: Distribution = rules.fall.outcome(explain, rules, height, toughness, wounds)
    return table


def or_fall(
    explain: Explanation, rules: Rules, safe: Fraction, safe_key: str, height: Fraction, toughness: int, wounds: int
) -> Distribution:
    """`safe_key` with chance `safe`, otherwise a fall from `height` with its injuries ("fell-" outcomes);
    a drop too short to be a fall is "dropped": unhurt, and not fallen, so its turn goes on."""
    if safe == 1:
        return Distribution.always(safe_key)
    if not rules.fall.is_fall(height):
        least = rules.fall.least
        explain.step(
            f"A drop of {inches(height)} is not a fall (only a full {inches(least.value)} or more is): failing, "
            "the model drops, unhurt, and has not fallen, so it may still act this turn.",
            least,
        )
        explain.to_do(f"{'failing, it' if safe else 'it'} drops {inches(height)}: not a fall, unhurt")
        return Distribution.chance(safe, safe_key, "dropped")
    explain.to_do(f"{'failing, it' if safe else 'it'} falls {inches(height)}")
    return _safe_or(safe, safe_key, fall(explain, rules, height, toughness, wounds))


@functools.lru_cache(maxsize=256)  # as the fall tables above: the same leg is worked out again and again
def _safe_or(safe: Fraction, safe_key: str, fall_table: Distribution) -> Distribution:
    landing = fall_table.map(lambda key: f"fell-{key}")
    return Distribution.chance(safe, safe_key, "fall").then(
        lambda key: landing if key == "fall" else Distribution.always(key)
    )


def _lines(rules: Rules) -> list[Line]:
    return [Line("falling", label, text, rule) for label, text, rule in rules.fall.words()] if rules.fall else []


# Declared in the shape every mechanic shares (rulescore/mechanics/mechanic.py), alike by design: its rule differs.
FALL = Mechanic(
    title="Falling",
    parts={"fall": Table(None, kinds=KINDS)},
    calculators=(
        Calculator(
            "fall",
            "Fall",
            needs=("fall",),
            fields=lambda r: [drop("height", "Height of the fall", "4"), toughness(r), wounds()],
            compute=by_name(fall),
            headline=lambda t, x, say: [f"{say(t['out-of-action'])} out of action", f"{say(t['unhurt'])} unhurt"],
        ),
    ),
    outcomes={
        "unhurt": "Unhurt",
        "dropped": "Drops, too short to be a fall: unhurt and may act on",
        "wounded": "Wounded, still standing",
        "knocked-down": "Knocked down",
        "stunned": "Stunned",
        "out-of-action": "Out of action",
    },
    lines=_lines,
)
