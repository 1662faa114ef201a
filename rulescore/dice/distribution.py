"""Exact probability distributions: outcome -> Fraction, and the few operations dice rules need.

No game knowledge lives here; the rules are built on top of it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from typing import Any


class Distribution(Mapping[Any, Fraction]):
    """An immutable, exact distribution over hashable outcomes; probabilities sum to 1."""

    __slots__ = ("_odds",)

    def __init__(self, odds: Mapping[Any, Fraction | int] | Iterable[tuple[Any, Fraction | int]]) -> None:
        items = odds.items() if isinstance(odds, Mapping) else odds
        merged: dict[Hashable, Fraction] = {}
        for outcome, chance in items:
            chance = Fraction(chance)
            if chance < 0:
                raise ValueError(f"negative probability for {outcome!r}")
            if chance:
                merged[outcome] = merged.get(outcome, Fraction(0)) + chance
        if sum(merged.values()) != 1:
            raise ValueError(f"probabilities sum to {sum(merged.values())}, not 1")
        self._odds: dict[Any, Fraction] = dict(sorted(merged.items(), key=lambda item: _order(item[0])))

    # Mapping interface: outcome -> probability (0 for an impossible outcome).
    def __getitem__(self, outcome: Hashable) -> Fraction:
        return self._odds.get(outcome, Fraction(0))

    def __contains__(self, outcome: object) -> bool:
        """Whether `outcome` has a chance: Mapping's own test would ask __getitem__, which never says no."""
        try:
            return outcome in self._odds
        except TypeError:  # an unhashable question has no outcome to match
            return False

    def __iter__(self) -> Iterator[Any]:
        return iter(self._odds)

    def __len__(self) -> int:
        return len(self._odds)

    def __repr__(self) -> str:
        inner = ", ".join(f"{k!r}: {v}" for k, v in self._odds.items())
        return f"Distribution({{{inner}}})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Distribution) and self._odds == other._odds

    def __hash__(self) -> int:
        return hash(tuple(self._odds.items()))

    # Building blocks.
    @classmethod
    def always(cls, outcome: Hashable) -> Distribution:
        return cls({outcome: 1})

    @classmethod
    def die(cls, sides: int) -> Distribution:
        """One fair die numbered 1..sides (a D3 is `die(3)`)."""
        if sides < 1:
            raise ValueError("a die needs at least one side")
        return cls({face: Fraction(1, sides) for face in range(1, sides + 1)})

    @classmethod
    def chance(cls, p: Fraction, yes: Hashable = True, no: Hashable = False) -> Distribution:
        """Two outcomes: `yes` with probability p, otherwise `no`."""
        p = Fraction(p)
        if not 0 <= p <= 1:
            raise ValueError(f"probability {p} is outside 0..1")
        return cls({yes: p, no: 1 - p})

    # Operations.
    def map(self, change: Callable[[Any], Hashable]) -> Distribution:
        """Relabel outcomes; outcomes that map to the same value merge."""
        return Distribution((change(outcome), chance) for outcome, chance in self._odds.items())

    def then(self, next_step: Callable[[Any], Distribution]) -> Distribution:
        """Compound: for each outcome, what follows from it (e.g. D3 hits, then a roll per hit)."""
        return Distribution(
            (result, chance * inner)
            for outcome, chance in self._odds.items()
            for result, inner in next_step(outcome)._odds.items()
        )

    def __add__(self, other: Distribution | int) -> Distribution:
        if isinstance(other, int):
            return self.map(lambda outcome: outcome + other)
        return self.then(lambda a: other.map(lambda b: a + b))

    __radd__ = __add__

    def repeat(self, times: int, combine: Callable[[Any, Any], Hashable] = lambda a, b: a + b) -> Distribution:
        """`times` independent copies combined pairwise (sum by default: 2D6 is `die(6).repeat(2)`)."""
        if times < 1:
            raise ValueError("repeat needs at least one copy")
        result = self
        for _ in range(times - 1):
            result = result.then(lambda a: self.map(lambda b: combine(a, b)))
        return result

    def highest_of(self, times: int) -> Distribution:
        """The highest of `times` independent rolls."""
        return self.repeat(times, max)

    def count_successes(self, times: int, success: Callable[[Any], bool]) -> Distribution:
        """How many of `times` independent rolls succeed (0 for times == 0)."""
        if times == 0:
            return Distribution.always(0)
        return self.map(lambda outcome: int(bool(success(outcome)))).repeat(times)

    def clamp(self, low: int, high: int) -> Distribution:
        """Outcomes below `low` count as `low`, above `high` as `high`."""
        return self.map(lambda outcome: min(max(outcome, low), high))

    def probability(self, event: Callable[[Any], bool]) -> Fraction:
        """Chance that an outcome satisfies `event`."""
        return sum((chance for outcome, chance in self._odds.items() if event(outcome)), Fraction(0))

    def mean(self) -> Fraction:
        return sum((outcome * chance for outcome, chance in self._odds.items()), Fraction(0))


def _order(outcome: Hashable) -> tuple[Any, ...]:
    # Numbers in numeric order, anything else after them in a stable order.
    if isinstance(outcome, (int, Fraction)) and not isinstance(outcome, bool):
        return (0, outcome, "")
    return (1, 0, repr(outcome))
