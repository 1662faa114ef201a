"""Characteristic tests: the chance to pass an Initiative test in each ruleset."""

from __future__ import annotations

from fractions import Fraction

from rulescore.explain import Explanation, chance_words, fraction_text


def initiative_test(explain: Explanation, initiative: int) -> tuple[Fraction, str | None]:
    """Chance to pass one Initiative test, by the ruleset's kind of test, and the roll it needs in
    players' words (None when no roll can fail or none can pass)."""
    rule = explain.ruleset.test
    if rule is None:
        raise ValueError(f"{explain.ruleset.id} has no characteristic test")
    test = rule.value
    p = test.chance(initiative)
    explain.step(
        f"One Initiative test with I{initiative}{'+' if test.over else ''}: {test.roll_words(initiative)}: "
        f"{fraction_text(p)} ({chance_words(p)}).",
        rule,
        assumption=rule.assumption,
    )
    return p, test.needs(initiative)


def target_number(ruleset) -> bool:
    """Is Initiative a number to roll over (Coreheim's I7+), not a characteristic to roll under."""
    return ruleset.test is not None and ruleset.test.value.over


def test_words(tests: int, needs: str | None, p: Fraction) -> str:
    """ "2 Initiative tests, each needs 3 or less on the D6", "an Initiative test, passed whatever the roll"."""
    what = "an Initiative test that" if tests == 1 else f"{tests} Initiative tests, each"
    return f"{what} {needs}" if needs else f"{what} {'passed' if p == 1 else 'failed'} whatever the roll"


def pass_all(explain: Explanation, initiative: int, tests: int) -> Fraction:
    """Chance to pass `tests` Initiative tests in a row."""
    if tests == 0:
        explain.step("No Initiative test is needed.")
        explain.to_do("no Initiative test")
        return Fraction(1)
    p, needs = initiative_test(explain, initiative)
    explain.to_do(test_words(tests, needs, p))
    if needs:
        explain.needs(needs + ("" if tests == 1 else " each time" if tests > 2 else " twice"))
    if tests > 1:
        explain.step(f"All {tests} tests must be passed: ({fraction_text(p)})^{tests} = {fraction_text(p**tests)}.")
    return p**tests
