"""From a fall's hits to its injuries: the wounds the hits cause and the injury roll when Wounds reach 0,
as exact distributions."""

from __future__ import annotations

import functools

from rulescore.dice.distribution import Distribution
from rulescore.dice.rolls import Dice, Injury, Test


def injury(wounds_taken: Distribution, wounds: int, roll: Injury) -> Distribution:
    """Turn wounds taken into unhurt / wounded / knocked down / stunned / out of action: one injury
    die for the wound that reached 0 and one for each after it, the highest counting."""

    def result(taken: int) -> Distribution:
        if taken == 0:
            return Distribution.always("unhurt")
        if taken < wounds:
            return Distribution.always("wounded")
        rolls = taken - wounds + 1
        return (
            Distribution.die(roll.sides)
            .highest_of(rolls)
            .map(
                lambda face: (
                    "knocked-down"
                    if face <= roll.knocked_down
                    else "stunned"
                    if face <= roll.stunned
                    else "out-of-action"
                )
            )
        )

    return wounds_taken.then(result)


# A player changes one value at a time and a route's falls repeat: each fall's table is worked out once.
@functools.lru_cache(maxsize=256)
def hits_table(hits: Dice, target: int | None, wounds: int, roll: Injury) -> Distribution:
    """Injuries from dice of hits, each wounding on `target`+ (None: none can wound)."""
    if target is None:
        return injury(Distribution.always(0), wounds, roll)
    taken = hits.odds.then(lambda count: Distribution.die(6).count_successes(count, lambda face: face >= target))
    return injury(taken, wounds, roll)


@functools.lru_cache(maxsize=256)
def wound_chance(test: Test, target: int, toughness: int) -> Distribution:
    return test.dice.odds.map(lambda roll: int(test.passed(roll, target, toughness)))


@functools.lru_cache(maxsize=256)
def one_hit_table(test: Test, target: int, toughness: int, wounds: int, roll: Injury) -> Distribution:
    return injury(wound_chance(test, target, toughness), wounds, roll)
