"""Characteristic tests: the chance to pass an Initiative test in each ruleset."""

from __future__ import annotations

from fractions import Fraction

from rulescore.dice import Distribution
from rulescore.explain import Explanation, chance_words, fraction_text


def initiative_test(explain: Explanation, initiative: int) -> tuple[Fraction, str | None]:
    """Chance to pass one Initiative test, by the ruleset's kind of test, and the roll it needs in
    players' words (None when no roll can fail or none can pass)."""
    kind = explain.ruleset.characteristic_test
    if kind == "test-d6-under":
        # Equal to or under I on a D6; a 6 always fails.
        p = Distribution.die(6).probability(lambda roll: roll != 6 and roll <= initiative)
        explain.step(f"One Initiative test with I{initiative}: roll {initiative} or under on a D6, a 6 always fails: "
                     f"{fraction_text(p)} ({chance_words(p)}).", assumption=kind)
        needs = f"needs {min(initiative, 5)} or less on the D6" if 0 < p < 1 else None
    elif kind == "test-d12-over":
        # Equal to or over I on a D12; a natural 12 passes and a natural 1 fails.
        p = Distribution.die(12).probability(lambda roll: roll == 12 or (roll != 1 and roll >= initiative))
        explain.step(f"One Initiative test with I{initiative}+: roll {initiative} or more on a D12 (12 always passes, "
                     f"1 always fails): {fraction_text(p)} ({chance_words(p)}).", assumption=kind)
        needs = f"needs {min(max(initiative, 2), 12)}+ on the D12"
    else:
        raise ValueError(f"{explain.ruleset.id} has no characteristic test")
    return p, needs


def pass_all(explain: Explanation, initiative: int, tests: int) -> Fraction:
    """Chance to pass `tests` Initiative tests in a row."""
    if tests == 0:
        explain.step("No Initiative test is needed.")
        return Fraction(1)
    p, needs = initiative_test(explain, initiative)
    if needs:
        explain.needs(needs + ("" if tests == 1 else " each time" if tests > 2 else " twice"))
    if tests > 1:
        explain.step(f"All {tests} tests must be passed: ({fraction_text(p)})^{tests} = {fraction_text(p ** tests)}.")
    return p**tests
