"""#12 item 3: when one roll decides an answer, the headline says what it needs as players say it
("needs 3 or less on the D6", "needs 7+ on the D12", "needs 4+ on the D6"). Each phrase is checked by
rolling the die it names, face by face, against the chance the calculator gives."""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import product

import pytest

from rulescore import RULESETS, calculate
from rulescore.dice.rolls import read_dice
from rulescore.mechanics.initiative import target_number
from rulescore.rulebooks import CALCULATORS

PHRASE = re.compile(r"needs (\d+)(\+| or less) on the (.+?)(?: (twice|each time))?$")
# The outcome a single roll decides, per calculator.
DECIDED = {"climb": "made-it", "gap": "made-it", "jump-down": "landed", "charge": "reaches"}


def chance_of(phrase: str, tests: int) -> Fraction:
    """The chance the phrase states, by listing every roll of the dice it names ("D6", "highest of 2D6")."""
    target, kind, named, _ = PHRASE.fullmatch(phrase).groups()
    dice, target = read_dice(named), int(target)
    rolls = []
    for faces in product(range(1, dice.sides + 1), repeat=dice.count):
        total = max(faces) if dice.keep == "highest" else min(faces) if dice.keep == "lowest" else sum(faces)
        rolls.append(total + dice.add if dice.cap is None else min(total + dice.add, dice.cap))
    passing = [roll for roll in rolls if (roll >= target if kind == "+" else roll <= target)]
    return Fraction(len(passing), len(rolls)) ** tests


def cases():
    for name, outcome in DECIDED.items():
        for ruleset_id, rules in RULESETS.items():
            if not CALCULATORS[name].supports(rules):
                continue
            for initiative in range(1, 14 if target_number(rules) else 11):
                for height in ("2", "4", "6"):
                    values = {"initiative": str(initiative), "height": height}
                    if name == "charge":
                        values = {"distance": str(initiative)}
                    yield name, ruleset_id, outcome, values


@pytest.mark.parametrize("name, ruleset_id, outcome, values", list(cases()))
def test_the_stated_roll_gives_the_stated_chance(name, ruleset_id, outcome, values):
    result = calculate(name, ruleset_id, values)
    if not result["ok"]:
        return  # a refused input has no headline (its message is tested elsewhere)
    phrases = [h for h in result["headlines"] if h.startswith("needs ")]
    chance = next(
        (Fraction(row["probability"]) for row in result["outcomes"] if row["outcome"] == outcome), Fraction(0)
    )
    if not phrases:
        return
    assert len(phrases) == 1 and result["headlines"][1] == phrases[0]
    phrase = phrases[0]
    tests = 2 if phrase.endswith("twice") else None
    if phrase.endswith("each time"):
        tests = int(next(s["text"] for s in result["steps"] if s["text"].startswith("All ")).split()[1])
    assert chance == chance_of(phrase, tests or 1), (phrase, chance)


def test_hand_worked_examples():
    # Mordheim I3 climb: 1, 2 or 3 on a D6. Coreheim I7+: 7 to 12 on a D12. Trench Crusade, M4 and a
    # 7" gap: within 1" means 6" of movement, so the D6 bonus must be 2 or more.
    assert calculate("climb", "mordheim-1999", {})["headlines"][1] == "needs 3 or less on the D6"
    assert calculate("climb", "coreheim-v10", {})["headlines"][1] == "needs 7+ on the D12"
    assert calculate("charge", "trench-crusade", {})["headlines"][1] == "needs 2+ on the D6"
    assert calculate("jump-down", "mordheim-1999", {})["headlines"][1] == "needs 3 or less on the D6 twice"
    # A certain answer states no roll.
    assert calculate("charge", "mordheim-1999", {})["headlines"] == ["certain to reach"]


def test_phrases_are_checked_at_all():
    stated = [calculate(n, r, v)["headlines"] for n, r, _, v in cases() if calculate(n, r, v)["ok"]]
    assert sum(1 for headlines in stated if any(h.startswith("needs ") for h in headlines)) > 100


def rolled_reach(faces_per_die: int, dice: int, moved) -> dict[str, Fraction]:
    """P(distance >= d) for every distance the dice can give, by listing every roll."""
    from itertools import product

    rolls = [moved(sum(faces)) for faces in product(range(1, faces_per_die + 1), repeat=dice)]
    return {d: Fraction(sum(1 for r in rolls if r >= d), len(rolls)) for d in sorted(set(rolls))}


def shown_reach(result) -> dict[Fraction, Fraction]:
    return {Fraction(row["at_least"].rstrip('"')): Fraction(row["probability"]) for row in result["reach"]["rows"]}


@pytest.mark.parametrize("move", range(1, 14))
def test_trench_crusade_charge_reach_chart_matches_every_roll(move):
    """Movement plus a D6 bonus, never past 12" through the bonus (the cap never cuts Movement)."""
    result = calculate("charge", "trench-crusade", {"move": str(move), "distance": "6"})
    expected = rolled_reach(6, 1, lambda roll: max(move, min(move + roll, 12)))
    assert result["reach"]["title"] == "How far the charge moves"
    assert shown_reach(result) == {d: p for d, p in expected.items() if p * 100 >= 1}


@pytest.mark.parametrize("target_move, dice", [(4, 2), (6, 2), (7, 3), (9, 3)])
def test_wfb_flee_chart_matches_every_roll(target_move, dice):
    """A unit of Movement 6 or less flees 2D6", a faster one 3D6" (rows under 1% are left off)."""
    result = calculate("charge", "whfb-6", {"target_move": str(target_move)})
    expected = rolled_reach(6, dice, lambda total: total)
    assert result["reach"]["title"] == "How far the target flees"
    assert shown_reach(result) == {d: p for d, p in expected.items() if p * 100 >= 1}
    assert min(shown_reach(result)) == dice and shown_reach(result)[dice] == 1


def test_a_charge_without_dice_has_no_reach_chart():
    assert calculate("charge", "mordheim-1999", {})["reach"] is None


def test_a_target_number_is_read_as_the_profile_prints_it_and_says_which_way_is_better():
    """#39 item 8: Coreheim's Initiative is the roll needed (I7+): "7+" is read as 7, and the field says that
    lower is better; an Initiative that is a characteristic (Mordheim's 3) takes no "+"."""
    as_printed, plain = (calculate("climb", "coreheim-v10", {"initiative": i}) for i in ("7+", "7"))
    assert as_printed["ok"] and as_printed["outcomes"] == plain["outcomes"]
    easier, harder = (calculate("climb", "coreheim-v10", {"initiative": i}) for i in ("6+", "8+"))
    made = lambda result: Fraction(result["outcomes"][0]["probability"])  # noqa: E731
    assert easier["outcomes"][0]["outcome"] == "made-it" and made(easier) > made(harder)  # lower is better
    label = [f for f in CALCULATORS["climb"].fields(RULESETS["coreheim-v10"]) if f.name == "initiative"][0].label
    assert "lower is better" in label
    assert not calculate("climb", "mordheim-1999", {"initiative": "3+"})["ok"]
