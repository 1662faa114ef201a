"""The dice a rule rolls, written as players write them, read into exact distributions.

A closed vocabulary, never `eval`: a die (`D3`, `D6`, `D12`), a sum (`2D6`), `highest of 2D6`,
`lowest of 2D6`, a modifier (`D6+1`), a cap (`D6+2, at most 6`); a test is dice and a direction
(`D6 under, a 6 fails`, `D12 over, a 12 passes, a 1 fails`); an injury roll names its bands
(`D6: 1-2 knocked down, 3-4 stunned, 5-6 out of action`).
"""

from __future__ import annotations

import functools
import re
from fractions import Fraction
from typing import NamedTuple

from rulescore.dice.distribution import Distribution

# Dice as a player writes them, bounded as a rule rolls them: dice of up to 20 sides whose highest total
# is at most 24 (3D6, 2D12, D20+4). A fall of 10D20+20 hits took 70 s to work out, 99D99 or D6+99999999999
# for ever; 24 keeps every answer under a quarter of a second here. ASCII digits only: "٣" and "８" are
# digits to Python's \d, not to a player at the table.
MOST_SIDES, MOST_TOTAL = 20, 24
DICE = re.compile(
    r"^(?:(?P<keep>highest|lowest) of )?(?P<count>[1-9]\d?)?D(?P<sides>[1-9]\d?)"
    r"(?:\s*(?P<sign>[+-])\s*(?P<add>\d{1,3}))?(?:, at most (?P<cap>\d{1,3}))?$",
    re.ASCII,
)
NATURAL = re.compile(r"^an? (?P<face>\d{1,3}) (?P<result>passes|fails)$", re.ASCII)
BAND = re.compile(r"^(?P<low>\d{1,3})(?:-(?P<high>\d{1,3}))? (?P<injury>knocked down|stunned|out of action)$", re.ASCII)
INJURIES = ("knocked down", "stunned", "out of action")


class Dice(NamedTuple):
    """Dice as a rule writes them ("highest of 2D6"), and the totals they give."""

    name: str
    sides: int
    count: int = 1  # type: ignore[assignment]  # how many dice are rolled (tuple's count() is not used on dice)
    keep: str | None = None  # "highest" or "lowest": one die counts, not the sum
    add: int = 0  # added to the total
    cap: int | None = None  # the total counts as at most this

    @property
    def odds(self) -> Distribution:
        return _odds(self)

    @property
    def faces(self) -> list[int]:
        return sorted(self.odds)

    def can_show(self, total: int) -> bool:
        """Whether a roll of these dice can come to `total` (read without working out the odds)."""
        low, high = (1, self.sides) if self.keep else (self.count, self.count * self.sides)
        low, high = low + self.add, high + self.add
        return low <= total <= (high if self.cap is None else min(high, self.cap))


@functools.cache  # worked out when first rolled, not when the rulesets are read (a faster first answer)
def _odds(dice: Dice) -> Distribution:
    one = Distribution.die(dice.sides)
    if dice.keep:
        odds = one.repeat(dice.count, max if dice.keep == "highest" else min)
    else:
        odds = one.repeat(dice.count)
    if dice.add:
        odds = odds + dice.add
    if dice.cap is not None:
        odds = odds.map(lambda total: min(total, dice.cap))
    return odds


def read_dice(text: str) -> Dice:
    """`D6`, `2D6`, `highest of 2D6`, `D6+1`, `D6, at most 4`; anything else is a ValueError saying what is allowed."""
    match = DICE.match(str(text).strip())
    if not match:
        raise ValueError(
            f"'{text}' is not dice this site reads: write a die (D6), a sum (2D6), 'highest of 2D6', "
            "'lowest of 2D6', a modifier (D6+1) or a cap (D6+1, at most 6)"
        )
    count, sides = int(match["count"] or 1), int(match["sides"])
    if sides < 2:
        raise ValueError(f"'{text}': a die has at least 2 sides (D3, D6, D12)")
    highest = (sides if match["keep"] else count * sides) + int(match["add"] or 0)
    if sides > MOST_SIDES or highest > MOST_TOTAL:
        raise ValueError(
            f"'{text}': dice of up to {MOST_SIDES} sides that roll {MOST_TOTAL} at the most (3D6, 2D12, D20+4)"
        )
    if match["keep"] and count < 2:
        raise ValueError(f"'{text}': highest or lowest of needs 2 or more dice")
    add = int(match["add"] or 0) * (1 if match["sign"] != "-" else -1)
    lowest = (1 if match["keep"] else count) + add
    if lowest < 0:  # a count of hits, inches or a roll below nothing is no roll a rule makes (#64, item 5)
        raise ValueError(f"'{text}' can total {lowest}: dice here never total less than 0 (D6-1 can, D6-2 cannot)")
    cap = int(match["cap"]) if match["cap"] else None
    return Dice(str(text).strip(), sides, count, match["keep"], add, cap)


class Test(NamedTuple):
    """A characteristic test: dice rolled under or over the characteristic, some faces always
    passing or failing whatever it is. Its words, chance and field all come from here."""

    dice: Dice
    over: bool  # True: equal to or over a target number (Coreheim's I7+); False: equal to or under
    passes: tuple[int, ...] = ()  # natural results that always pass
    fails: tuple[int, ...] = ()  # natural results that always fail

    def passed(self, roll: int, characteristic: int, modifier: int = 0) -> bool:
        """Natural results first, then the roll with its modifier against the characteristic."""
        if roll in self.passes:
            return True
        if roll in self.fails:
            return False
        return roll + modifier >= characteristic if self.over else roll + modifier <= characteristic

    def chance(self, characteristic: int) -> Fraction:
        return self.dice.odds.probability(lambda roll: self.passed(roll, characteristic))

    def needs(self, characteristic: int) -> str | None:
        """The roll to pass in players' words ("needs 3 or less on the D6"), None if no roll can fail or none pass."""
        winning = [roll for roll in self.dice.faces if self.passed(roll, characteristic)]
        if not 0 < self.chance(characteristic) < 1:
            return None
        if self.over:
            return f"needs {min(winning)}+ on the {self.dice.name}"
        return f"needs {max(winning)} or less on the {self.dice.name}"

    @property
    def naturals(self) -> list[str]:
        """["12 always passes", "1 always fails"]: the faces that decide whatever the characteristic."""
        return [f"{face} always passes" for face in self.passes] + [f"{face} always fails" for face in self.fails]

    @property
    def words(self) -> str:
        """The test in a few words, for the quick reference: "D6, equal to or under I; a 6 always fails"."""
        how = "equal to or over I" if self.over else "equal to or under I"
        said = self.naturals
        return f"{self.dice.name}, {how}" + (
            f"; a {said[0]}" if len(said) == 1 else f"; {', '.join(said)}" if said else ""
        )

    def roll_words(self, characteristic: int) -> str:
        """ "roll 3 or under on a D6, a 6 always fails", "roll 7 or more on a D12 (12 always passes, 1 always fails)"."""
        how = "or more" if self.over else "or under"
        said = self.naturals
        return f"roll {characteristic} {how} on {'a ' if self.dice.count == 1 else ''}{self.dice.name}" + (
            f", a {said[0]}" if len(said) == 1 else f" ({', '.join(said)})" if said else ""
        )


def read_test(text: str) -> Test:
    """`D6 under, a 6 fails` or `D12 over, a 12 passes, a 1 fails`."""
    first, *naturals = [part.strip() for part in str(text).split(",")]
    dice_text, _, direction = first.rpartition(" ")
    if direction not in ("under", "over"):
        raise ValueError(
            f"'{text}' is not a test this site reads: write dice, then under or over, then any natural "
            "results ('D6 under, a 6 fails')"
        )
    dice = read_dice(dice_text)
    passes: list[int] = []
    fails: list[int] = []
    for natural in naturals:
        match = NATURAL.match(natural)
        if not match or not dice.can_show(int(match["face"])):
            raise ValueError(
                f"'{natural}' in '{text}': write a natural result as 'a 6 fails' or 'a 12 passes', "
                f"with a face the {dice.name} can show"
            )
        (passes if match["result"] == "passes" else fails).append(int(match["face"]))
    return Test(dice, direction == "over", tuple(passes), tuple(fails))


class Injury(NamedTuple):
    """The injury roll when Wounds reach 0: a die per wound, the highest counting, in three bands."""

    sides: int
    knocked_down: int  # highest roll that is still knocked down
    stunned: int  # highest roll that is still stunned

    @property
    def words(self) -> str:
        def band(low: int, high: int) -> str:
            return f"{low}" if low == high else f"{low}-{high}"

        return (
            f"{band(1, self.knocked_down)} knocked down, {band(self.knocked_down + 1, self.stunned)} stunned, "
            f"{band(self.stunned + 1, self.sides)} out of action"
        )


def read_injury(text: str) -> Injury:
    """`D6: 1-2 knocked down, 3-4 stunned, 5-6 out of action`: every face in one band, in that order."""
    die, _, bands = str(text).partition(":")
    problem = ValueError(
        f"'{text}' is not an injury roll this site reads: write 'D6: 1-2 knocked down, 3-4 stunned, "
        "5-6 out of action', every face of the die in one band"
    )
    try:
        sides = read_dice(die).sides
    except ValueError:
        raise problem from None
    parts = bands.split(",")
    found = [m for m in (BAND.match(part.strip()) for part in parts) if m]
    if len(parts) != 3 or len(found) != 3 or [m["injury"] for m in found] != list(INJURIES):
        raise problem
    spans = [(int(m["low"]), int(m["high"] or m["low"])) for m in found]
    if (
        spans[0][0] != 1
        or spans[2][1] != sides
        or any(spans[i][1] + 1 != spans[i + 1][0] for i in range(2))
        or any(low > high for low, high in spans)
    ):
        raise problem
    return Injury(sides, spans[0][1], spans[1][1])
