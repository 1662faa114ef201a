"""Initiative tests: the ruleset's characteristic test (`test = ...` in numbers.toml), the chance to
pass it, and the Initiative field every tested calculator asks for."""

from __future__ import annotations

from fractions import Fraction

from rulescore.answers.explain import Explanation, chance_words, fraction_text
from rulescore.answers.fields import Field, whole
from rulescore.dice.rolls import read_test
from rulescore.framework.mechanic import CHARACTERISTIC_TEST, Line, Mechanic, Single
from rulescore.framework.rules import Rules


def initiative_test(explain: Explanation, rules: Rules, initiative: int) -> tuple[Fraction, str | None]:
    """Chance to pass one Initiative test, by the ruleset's kind of test, and the roll it needs in
    players' words (None when no roll can fail or none can pass)."""
    rule = rules.single("test")
    if rule is None:
        raise ValueError(f"{rules.id} has no characteristic test")
    test = rule.value
    p = test.chance(initiative)
    explain.step(
        f"One Initiative test with I{initiative}{'+' if test.over else ''}: {test.roll_words(initiative)}: "
        f"{fraction_text(p)} ({chance_words(p)}).",
        rule,
        assumption=rule.assumption,
    )
    return p, test.needs(initiative)


def target_number(ruleset: Rules) -> bool:
    """Is Initiative a number to roll over (Coreheim's I7+), not a characteristic to roll under."""
    test = ruleset.single("test")
    return test is not None and bool(test.value.over)


def test_words(tests: int, needs: str | None, p: Fraction) -> str:
    """ "2 Initiative tests, each needs 3 or less on the D6", "an Initiative test, passed whatever the roll"."""
    what = "an Initiative test that" if tests == 1 else f"{tests} Initiative tests, each"
    return f"{what} {needs}" if needs else f"{what} {'passed' if p == 1 else 'failed'} whatever the roll"


def pass_all(explain: Explanation, rules: Rules, initiative: int, tests: int) -> Fraction:
    """Chance to pass `tests` Initiative tests in a row."""
    if tests == 0:
        explain.step("No Initiative test is needed.")
        explain.to_do("no Initiative test")
        return Fraction(1)
    p, needs = initiative_test(explain, rules, initiative)
    explain.to_do(test_words(tests, needs, p))
    if needs:
        explain.needs(needs + ("" if tests == 1 else " each time" if tests > 2 else " twice"))
    if tests > 1:
        explain.step(f"All {tests} tests must be passed: ({fraction_text(p)})^{tests} = {fraction_text(p**tests)}.")
    return p**tests


def initiative_field(rules: Rules, label: str = "Initiative") -> Field:
    return _initiative(rules, label).of("model.initiative")


def _initiative(rules: Rules, label: str) -> Field:
    test = rules.single("test")
    if test and test.value.over:
        # A target number: the lower, the better the model (7+ beats 8+); said in the label, where "+" is.
        return whole(
            "initiative",
            f"{label} (target number: lower is better)",
            7,
            1,
            13,
            help=f"{rules.game}: the roll needed on a {test.value.dice.name}, e.g. 7 (or 7+) for I7+.",
            target=True,
        )
    return whole("initiative", label, 3, 1, 10)


def _lines(rules: Rules) -> list[Line]:
    test = rules.single("test")
    if not test:
        return []
    return [Line(CHARACTERISTIC_TEST, "Initiative test", test.value.words, test if test.section else None)]


# Declared in the shape every mechanic shares (rulescore/framework/mechanic.py), alike by design: its rule differs.
TEST = Mechanic(turn=10, parts={"test": Single(read_test, "Initiative test")}, title="Tests", lines=_lines)
