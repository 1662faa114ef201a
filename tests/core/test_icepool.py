"""A third opinion that no one here wrote: every dice phrase of the rules vocabulary (rulescore/dice/rolls.py),
as rulescore reads it, against icepool (a maintained exact-dice library), outcome by outcome."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest

from rulescore import calculate
from rulescore.dice.rolls import read_dice, read_injury, read_test

d3, d6, d12 = icepool.d3, icepool.d6, icepool.d12


def highest(die, count: int):
    """The highest of `count` rolls of `die` (icepool.highest takes two or more dice)."""
    return die if count == 1 else icepool.highest(*[die] * count)


def odds(die) -> dict:
    """icepool's exact chances, as outcome -> Fraction."""
    total = die.denominator()
    return {outcome: Fraction(quantity, total) for outcome, quantity in die.items() if quantity}


# Each phrase a rules file may write, and the same dice written in icepool's own terms.
PHRASES = {
    "D3": d3,
    "D6": d6,
    "D12": d12,
    "2D6": 2 @ d6,
    "3D6": 3 @ d6,
    "highest of 2D6": icepool.highest(d6, d6),
    "highest of 3D6": icepool.highest(d6, d6, d6),
    "lowest of 2D6": icepool.lowest(d6, d6),
    "D6+1": d6 + 1,
    "D6-1": d6 - 1,
    "D6+2, at most 6": (d6 + 2).map(lambda total: min(total, 6)),
    "2D6+1, at most 10": (2 @ d6 + 1).map(lambda total: min(total, 10)),
}


@pytest.mark.parametrize("phrase", PHRASES)
def test_dice_phrases_agree_with_icepool(phrase):
    assert dict(read_dice(phrase).odds) == odds(PHRASES[phrase])


# Tests: a characteristic rolled under or over, natural results deciding first.
TESTS = {
    "D6 under, a 6 fails": (d6, lambda roll, value: roll != 6 and roll <= value, range(0, 11)),
    "D12 over, a 12 passes, a 1 fails": (
        d12,
        lambda roll, value: roll == 12 or (roll != 1 and roll >= value),
        range(1, 14),
    ),
    "2D6 under": (2 @ d6, lambda roll, value: roll <= value, range(2, 13)),  # a Leadership or Fear test
}


@pytest.mark.parametrize("phrase", TESTS)
def test_characteristic_tests_agree_with_icepool(phrase):
    die, passes, values = TESTS[phrase]
    test = read_test(phrase)
    for value in values:
        expected = odds(die.map(lambda roll, value=value: passes(roll, value))).get(True, Fraction(0))
        assert test.chance(value) == expected, (phrase, value)


@pytest.mark.parametrize(
    "phrase, die",
    [
        ("D6: 1-2 knocked down, 3-4 stunned, 5-6 out of action", d6),
        ("D12: 1-4 knocked down, 5-8 stunned, 9-12 out of action", d12),
    ],
)
def test_injury_rolls_agree_with_icepool(phrase, die):
    from rulescore.dice.distribution import Distribution
    from rulescore.dice.wounds import injury

    roll = read_injury(phrase)

    def band(face: int) -> str:
        return "knocked-down" if face <= roll.knocked_down else "stunned" if face <= roll.stunned else "out-of-action"

    for wounds in (1, 2):
        for taken in range(0, 4):
            got = dict(injury(Distribution.always(taken), wounds, roll))
            if taken == 0:
                expected = {"unhurt": 1}
            elif taken < wounds:
                expected = {"wounded": 1}
            else:  # one die for the wound that reached 0 and each after it, the highest counting
                expected = odds(highest(die, taken - wounds + 1).map(band))
            assert got == expected, (phrase, wounds, taken)


@pytest.mark.parametrize("height, toughness", [(2, 3), (4, 3), (5, 4), (6, 3), (3, 6)])
def test_a_mordheim_fall_agrees_with_icepool(height, toughness):
    """D3 hits at Strength = inches fallen, each wounding on the chart's score; W1, one injury die."""
    gap = height - toughness
    target = 2 if gap >= 2 else {1: 3, 0: 4, -1: 5, -2: 6, -3: 6}.get(gap)
    wounds = (
        d3.map(lambda hits: hits @ (d6 >= target).map(lambda wounded: int(wounded))) if target else icepool.Die([0])
    )

    def band(face: int) -> str:
        return "knocked-down" if face <= 2 else "stunned" if face <= 4 else "out-of-action"

    expected: dict[str, Fraction] = {}
    for taken, p in odds(wounds).items():  # W1: one injury die per wound taken, the highest counting
        outcomes = {"unhurt": Fraction(1)} if taken == 0 else odds(highest(d6, taken).map(band))
        for outcome, q in outcomes.items():
            expected[outcome] = expected.get(outcome, Fraction(0)) + p * q
    result = calculate("fall", "mordheim-1999", {"height": str(height), "toughness": str(toughness), "wounds": "1"})
    assert {row["outcome"]: Fraction(row["probability"]) for row in result["outcomes"]} == expected
