"""The kinds of fall a ruleset's `[fall]` table may be: hits at a Strength set by the height (`hits = "D3"`,
Mordheim), or one hit that wounds on a roll set by the height (`wound_roll`, Coreheim). A new kind is a class
here with the same four members, and a line in KINDS; falling.py is the mechanic that reads them.
"""

from __future__ import annotations

from fractions import Fraction
from math import floor
from typing import Annotated, NamedTuple

from rulescore.answers.explain import Explanation, chance_words, fraction_text, inches
from rulescore.answers.fields import Field, modifier, whole
from rulescore.dice.distribution import Distribution
from rulescore.dice.rolls import Dice, Injury, Test, read_dice, read_injury, read_test
from rulescore.dice.wounds import hits_table, one_hit_table, wound_chance
from rulescore.framework.rules import Rules
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


def _injury_step(explain: Explanation, wounds: int, rule: Rule[Injury], many: bool) -> None:
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
    hits: Annotated[Rule[Dice], read_dice, "hits a fall deals"]  # Dice: how many hits
    injury: Annotated[Rule[Injury], read_injury, "injury roll"]  # Injury
    stops: Annotated[Rule[str] | None, values.text] = None  # what a model that fell may not do for the rest of the turn

    def toughness_field(self, game: str) -> Field:
        return whole("toughness", "Toughness", 3, 1, 10)

    def words(self) -> list[tuple[str, str, Rule[object]]]:
        return [("Fall damage", f"{self.hits.value.name} hits at Strength = inches fallen, no save", self.hits)]

    def too_short(self, height: Fraction) -> Rule[int | Fraction] | None:
        return None  # under an inch is still a fall (no hit, but the model has fallen)

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
    roll: Annotated[Rule[Test], read_test, "a fall's wound roll"]  # Test (over), with its natural results
    wounds_on: Annotated[
        Rule[int], values.count, "a fall wounds on this less the inches fallen"
    ]  # the number the inches fallen are taken from
    toughness: Annotated[Rule[str], values.one_of("modifier")]  # "modifier": the profile's T is added to the roll
    injury: Annotated[Rule[Injury], read_injury, "injury roll"]  # Injury
    least: Annotated[Rule[int | Fraction] | None, values.inches, "a fall shorter than this does nothing"] = None
    stops: Annotated[Rule[str] | None, values.text] = None  # what a model that fell may not do for the rest of the turn

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

    def words(self) -> list[tuple[str, str, Rule[object]]]:
        test = self.roll.value
        said = [f"a {face} always wounds" for face in test.passes] + [f"a {face} never" for face in test.fails]
        found: list[tuple[str, str, Rule[object]]] = [
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

    def too_short(self, height: Fraction) -> Rule[int | Fraction] | None:
        """The rule under which this drop is no fall (Coreheim: a full 2"): the model drops, but has not fallen."""
        return self.least if self.least and height < self.least.value else None

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

Fall = StrengthHits | WoundRoll


def fall_of(rules: Rules) -> Fall | None:
    """The ruleset's `[fall]` table, whichever kind it is; None where the text has no falling rules."""
    return rules.numbers(StrengthHits) or rules.numbers(WoundRoll)
