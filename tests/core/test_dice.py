"""Each distribution operation against brute-force enumeration with itertools.product."""

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from rulescore.dice.distribution import Distribution


def enumerate_rolls(dice: list[int], combine) -> dict:
    """Every equally likely roll of these dice, combined into an outcome: the slow, sure way."""
    counts = Counter(combine(roll) for roll in product(*(range(1, sides + 1) for sides in dice)))
    total = sum(counts.values())
    return {outcome: Fraction(count, total) for outcome, count in counts.items()}


@pytest.mark.parametrize("sides", [1, 3, 6, 12])
def test_die(sides):
    assert dict(Distribution.die(sides)) == enumerate_rolls([sides], lambda r: r[0])


@pytest.mark.parametrize("dice", [[6, 6], [6, 6, 6], [3, 6], [12, 3]])
def test_sum(dice):
    total = Distribution.die(dice[0])
    for sides in dice[1:]:
        total = total + Distribution.die(sides)
    assert dict(total) == enumerate_rolls(dice, sum)


@pytest.mark.parametrize("times", [1, 2, 3, 4])
def test_repeat_and_highest(times):
    assert dict(Distribution.die(6).repeat(times)) == enumerate_rolls([6] * times, sum)
    assert dict(Distribution.die(6).highest_of(times)) == enumerate_rolls([6] * times, max)


@pytest.mark.parametrize("times, target", [(0, 4), (1, 3), (3, 3), (4, 5)])
def test_count_successes(times, target):
    expected = enumerate_rolls([6] * times, lambda r: sum(x >= target for x in r)) if times else {0: Fraction(1)}
    assert dict(Distribution.die(6).count_successes(times, lambda x: x >= target)) == expected


def test_compounding_d3_hits_each_wounding_on_3_plus():
    # D3 hits, then a D6 per hit: enumerate the D3 and three D6, using only as many D6 as hits.
    expected = enumerate_rolls([3, 6, 6, 6], lambda r: sum(x >= 3 for x in r[1 : 1 + r[0]]))
    result = Distribution.die(3).then(lambda hits: Distribution.die(6).count_successes(hits, lambda x: x >= 3))
    assert dict(result) == expected
    assert result[0] == Fraction(13, 81)


def test_clamp_and_add_constant():
    expected = enumerate_rolls([6], lambda r: min(max(r[0] + 6, 8), 12))
    assert dict((Distribution.die(6) + 6).clamp(8, 12)) == expected


def test_probability_and_mean():
    two_d6 = Distribution.die(6).repeat(2)
    assert two_d6.probability(lambda total: total <= 7) == Fraction(21, 36)
    assert two_d6.mean() == 7


def test_distribution_is_immutable_and_checked():
    with pytest.raises(ValueError):
        Distribution({1: Fraction(1, 2)})
    with pytest.raises(ValueError):
        Distribution({1: Fraction(3, 2), 2: Fraction(-1, 2)})
    d = Distribution.die(6)
    with pytest.raises(TypeError):
        d[1] = Fraction(1)  # type: ignore[index]
    assert d[7] == 0 and d == Distribution.die(6) and hash(d) == hash(Distribution.die(6))
