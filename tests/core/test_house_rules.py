"""House rules (#38): a number of numbers.toml or one of our readings played otherwise. Each switch changes
exactly the answers it should (worked by hand here, the dice enumerated), the oracle agrees when it reads
the same house rules, and every answer without house rules (or with another ruleset's, or with one the
calculator does not read) is what it was, naming none."""

from __future__ import annotations

import random
from fractions import Fraction as F
from itertools import product

import pytest

from rulescore.entry import answer
from rulescore.route.plan import fields as route_fields
from rulescore.table.house_rules import read_house_rules, read_rule, rule_words, ruled
from tests.core import oracle, oracle_routes
from tests.core.grid import PAIRS, grid

M = "mordheim-1999"


def chance(outcomes, key: str) -> F:
    return next((row.chance for row in outcomes if row.outcome == key), F(0))


def passes(rolls: int, needed) -> F:
    """Every combination of `rolls` D6, counted: the share where every die passes `needed`."""
    combos = list(product(range(1, 7), repeat=rolls))
    return F(sum(all(needed(die) for die in combo) for combo in combos), len(combos))


def test_tests_every_3_inches_make_a_6_inch_jump_two_tests_not_three():
    house = (read_rule(M, "jump_down.test_every", "3"),)
    values = {"height": "6", "initiative": "4", "toughness": "3", "wounds": "1"}
    mordheim_test = lambda die: die <= 4 and die != 6  # noqa: E731  (a 6 always fails)
    played = answer("jump-down", M, values, house=house)
    assert chance(played.outcomes, "landed") == passes(2, mordheim_test) == F(4, 9)
    assert played.house == ('House rule: one jump-down test every: 3" (the rules: 2").',)
    written = answer("jump-down", M, values)
    assert chance(written.outcomes, "landed") == passes(3, mordheim_test) == F(8, 27)
    assert written.house == ()


def test_a_higher_jump_limit_lets_a_7_inch_jump_be_taken_with_three_tests():
    values = {"height": "7", "initiative": "3", "toughness": "3", "wounds": "1"}
    refused = answer("jump-down", M, values)
    assert not refused.ok and "at most 6" in " ".join(refused.errors.values())
    house = (read_rule(M, "jump_down.max_height", "8"),)
    played = answer("jump-down", M, values, house=house)
    assert played.ok
    assert chance(played.outcomes, "landed") == passes(3, lambda die: die <= 3) == F(1, 8)
    assert played.house == ('House rule: highest jump down: 8" (the rules: 6").',)
    # A 4" jump is the same with or without the higher limit: that answer does not name it.
    lower = {**values, "height": "4"}
    assert answer("jump-down", M, lower, house=house) == answer("jump-down", M, lower)


def test_a_characteristic_test_on_2d6_changes_every_test_it_decides():
    house = (read_rule(M, "test", "2D6 under"),)
    values = {"height": "2", "initiative": "5", "toughness": "3", "wounds": "1"}
    played = answer("jump-down", M, values, house=house)
    two_dice = F(sum(a + b <= 5 for a, b in product(range(1, 7), repeat=2)), 36)
    assert chance(played.outcomes, "landed") == two_dice == F(10, 36)
    assert played.house == ("House rule: Initiative test: 2D6 under (the rules: D6 under, a 6 fails).",)


def test_a_climb_in_a_charge_is_refused_as_we_read_it_and_allowed_as_a_table_plays_it():
    values = {"move": "4", "activation": "charge", "initiative": "3", "toughness": "3", "wounds": "1"}
    legs = ['climb up 2"', 'charge 3"']
    written = answer("route", M, {**values, "legs": legs})
    assert not written.ok and written.readings == (("leg-1", "charge-no-climb"),)
    house = (read_rule(M, "charge-no-climb", "otherwise"),)
    played = answer("route", M, {**values, "legs": legs}, house=house)
    assert played.ok, played.errors
    # One Initiative test for the climb (D6, 3 or under); the charge of 8" covers the 2" and the 3".
    assert chance(played.outcomes, "completes") == passes(1, lambda die: die <= 3) == F(1, 2)
    assert played.house == ("House rule: a model may climb during a charge.",)


def test_the_oracle_agrees_with_answers_under_house_rules():
    house = read_house_rules(
        [
            {"ruleset": M, "rule": "jump_down.max_height", "value": "8"},
            {"ruleset": M, "rule": "jump_down.test_every", "value": "3"},
            {"ruleset": M, "rule": "gap.max_gap", "value": "4"},
            {"ruleset": M, "rule": "climb.tests", "value": "2"},
        ]
    )
    rules = ruled(M, house)
    checked = 0
    for name in ("jump-down", "gap", "climb", "diving-charge", "edge-fall", "fall"):
        for values in grid(name, M, randoms=30):
            expected = oracle.expect(name, M, values, rules)
            got = answer(name, M, values, house=house)
            if expected is None:
                assert not got.ok, (name, values)
                continue
            assert got.ok, (name, values, got.errors)
            assert {row.outcome: row.chance for row in got.outcomes} == expected.plain()["outcomes"], (name, values)
            checked += 1
    assert checked > 300


@pytest.mark.parametrize("reading", ["charge-no-climb", "climb-opens-route"])
def test_routes_under_a_switched_reading_agree_with_the_oracle(reading):
    house = (read_rule(M, reading, "otherwise"),)
    rules = ruled(M, house)
    pick = random.Random(f"house/{reading}")
    changed = 0
    for _ in range(150):
        legs = [
            pick.choice(["move {}", "climb up {}", "climb down {}", "jump down {}"]).format(pick.choice("1234"))
            for _ in range(pick.randint(1, 3))
        ]
        activation = pick.choice(["move", "charge", "run"])
        if activation == "charge":
            legs.append(f"charge {pick.choice('123')}")
        values = {
            "move": "4",
            "activation": activation,
            "initiative": pick.choice("2345"),
            "toughness": "3",
            "wounds": "1",
        }
        expected = oracle_routes.route(M, values, legs, rules)
        got = answer("route", M, {**values, "legs": legs}, house=house)
        written = answer("route", M, {**values, "legs": legs})
        if expected is None:
            assert not got.ok, (values, legs)
            continue
        assert got.ok, (values, legs, got.errors)
        assert {row.outcome: row.chance for row in got.outcomes} == expected, (values, legs)
        # Named exactly where the reading changes the answer: here, a route the reading refuses.
        assert bool(got.house) == (not written.ok), (values, legs)
        changed += not written.ok
    assert changed >= 5


def test_answers_without_house_rules_are_as_before_over_the_grid():
    """Another ruleset's house rules, or one the calculator never reads, change nothing and are not named."""
    others = read_house_rules(
        [
            {"ruleset": "mordheim-lrb", "rule": "jump_down.max_height", "value": "8"},
            {"ruleset": "coreheim-v10", "rule": "edge_fall", "value": "2"},
            {"ruleset": M, "rule": "run.multiplier", "value": "3"},
        ]
    )
    for name, ruleset_id in PAIRS:
        if ruleset_id in ("mordheim-lrb", "coreheim-v10") or (
            ruleset_id == M and name in ("run", "charge", "hide", "gap")
        ):
            continue
        for values in grid(name, ruleset_id, randoms=10):
            assert answer(name, ruleset_id, values, house=others) == answer(name, ruleset_id, values), (name, values)


def test_a_house_rule_the_rules_cannot_take_is_refused_with_the_readers_reason():
    cases = [
        ((M, "jump_down.max_height", "high"), "must be a number such as 6 or 3.5"),
        ((M, "jump_down.over_max", "maybe"), "must be one of: 'not-allowed', 'falls'"),
        ((M, "test", "a coin"), "is not a test this site reads"),
        ((M, "jump_down.max_height", "6"), 'highest jump down is 6" in the rules already'),
        ((M, "jump_down.flying", "yes"), "have no 'jump_down.flying'"),
        (("trench-crusade", "charge-no-climb", "otherwise"), "have no 'charge-no-climb'"),
        ((M, "charge-no-climb", "yes"), "switched with the value 'otherwise'"),
        (("mordheim-2000", "test", "x"), "no ruleset"),
        ((M, "test", "x" * 61), "at most 60 characters"),
    ]
    for (ruleset_id, rule, value), said in cases:
        with pytest.raises(ValueError, match=None) as refused:
            read_rule(ruleset_id, rule, value)
        assert said in str(refused.value), (rule, value, str(refused.value))
    with pytest.raises(ValueError, match="given twice"):
        read_house_rules([{"ruleset": M, "rule": "test", "value": "2D6 under"}] * 2)
    with pytest.raises(ValueError, match="at most 20"):  # 21 rules, each one a table could play
        numbers = "jump_down.max_height diving_charge.max_height run.multiplier run.enemy_range charge.detect_unseen"
        numbers += " charge.interception_range diving_charge.enemy_range jump_down.test_every diving_charge.test_every"
        numbers += " gap.max_gap climb.tests edge_fall terrain.very-difficult"
        switches = "charge.needs_sight charge.base_contact gap.uses_movement gap.in_charge climb.touching climb.no_run"
        chosen = [(r, "9") for r in numbers.split()] + [(r, "no") for r in switches.split()]
        chosen += [("charge-no-climb", "otherwise"), ("climb-opens-route", "otherwise")]
        read_house_rules([{"ruleset": M, "rule": rule, "value": value} for rule, value in chosen])


def test_the_route_planner_and_the_calculators_read_the_same_house_ruled_numbers():
    house = (read_rule(M, "jump_down.max_height", "8"),)
    values = {
        "move": "4",
        "activation": "move",
        "initiative": "3",
        "toughness": "3",
        "wounds": "1",
        "legs": ['jump down 7"'],
    }
    assert not answer("route", M, values).ok
    routed = answer("route", M, values, house=house)
    jumped = answer("jump-down", M, {"height": "7", "initiative": "3", "toughness": "3", "wounds": "1"}, house=house)
    assert chance(routed.outcomes, "completes") == chance(jumped.outcomes, "landed") == F(1, 8)
    assert routed.house == jumped.house
    assert [f.name for f in route_fields(ruled(M, house))] == [f.name for f in route_fields(ruled(M, ()))]


# #47 item 11: each value that once hung an answer (or the reader itself), as a link or a table gave it.
HOSTILE = [
    ((M, "fall.hits", "20D20"), "roll 24 at the most"),
    ((M, "fall.hits", "D6+99999999999"), "is not dice this site reads"),
    ((M, "fall.hits", "10D20+20"), "roll 24 at the most"),
    ((M, "climb.tests", "99999999999"), "must be a whole number, 1 to 20"),
    ((M, "climb.tests", "21"), "must be a whole number, 1 to 20"),
    (("trench-crusade", "charge.move", "Movement + 99D99"), "roll 24 at the most"),
    ((M, "run.multiplier", "1" + "0" * 55), "must be a number such as 6 or 3.5"),
    (("whfb-6", "charge.stand_and_shoot", "1e99999999"), 'must be a fraction such as "1/2"'),
    ((M, "jump_down.max_height", "\u0663"), "must be a number such as 6 or 3.5"),  # Arabic-Indic three
    ((M, "jump_down.max_height", "\uff18"), "must be a number such as 6 or 3.5"),  # fullwidth eight
    ((M, "jump_down.max_height", "1_000"), "must be a number such as 6 or 3.5"),
    ((M, "test", "D\u0666 under"), "is not dice this site reads"),
    ((M, "fall.injury", "D6: 1-2 knocked down, 3-4 stunned, 5-\u0666 out of action"), "is not an injury roll"),
]


def test_a_value_that_would_hang_an_answer_is_refused_as_a_player_would_not_write_it():
    for (ruleset_id, rule, value), said in HOSTILE:
        with pytest.raises(ValueError) as refused:
            read_house_rules([{"ruleset": ruleset_id, "rule": rule, "value": value}])
        assert said in str(refused.value), (rule, value, str(refused.value))
        assert f"house rule 1, {rule_words(rule)}:" in str(refused.value)  # named as the player knows it


def test_values_a_player_writes_are_still_taken():
    """The bounds leave what a rule rolls and counts: a half inch where the text has a whole number (#47
    item 6: the reader of numbers.toml takes 3.5), dice up to 24 at the most, a count up to 20."""
    for ruleset_id, rule, value in (
        (M, "gap.max_gap", "3.5"),
        (M, "fall.hits", "2D12"),
        (M, "fall.hits", "D20+4"),
        (M, "climb.tests", "20"),
        (M, "test", "2D6 under"),
        ("trench-crusade", "charge.move", "Movement + highest of 2D12"),
        ("whfb-6", "charge.stand_and_shoot", "0.25"),
    ):
        (house,) = read_house_rules([{"ruleset": ruleset_id, "rule": rule, "value": value}])
        assert house.value == value
    (gap,) = read_house_rules([{"ruleset": M, "rule": "gap.max_gap", "value": "3.5"}])
    jumped = answer("gap", M, {"gap": "3.5", "move": "4", "initiative": "4"}, house=(gap,))
    assert jumped.to_json()["ok"], jumped.to_json()


def test_a_house_rule_is_kept_only_once_answers_under_it_are_worked_out_in_bounded_time(monkeypatch):
    """#47 item 11: keeping (the page's "Keep them on this phone", Your table) answers every calculator of the
    ruleset once under the table's house rules; one that cannot answer, or answers too slowly, keeps nothing."""
    import json

    from rulescore.web import table as web_table

    table = {
        "format": "skirmish-rules-table",
        "version": 1,
        "models": [],
        "house_rules": [{"ruleset": M, "rule": "fall.hits", "value": "2D6"}],
    }
    assert json.loads(web_table.respond_table(json.dumps(table)))["ok"]
    monkeypatch.setattr(web_table, "TRIAL_SECONDS", -1.0)  # every trial over its time
    said = json.loads(web_table.respond_table(json.dumps(table)))
    assert not said["ok"] and "took over" in said["errors"]["table"] and "not kept" in said["errors"]["table"]
    # No house rules, nothing to try: a table of models alone is kept as before.
    assert json.loads(web_table.respond_table(json.dumps({**table, "house_rules": []})))["ok"]


def test_a_refusal_under_a_house_rule_credits_the_table_and_the_diving_charge_says_its_limit_is_its_own():
    """#47, item 6: with jumps down allowed up to 8", a 9" jump is refused as the table's limit, not the book's
    (which says 6"), in the calculator and the route; a diving charge of 7" is refused at its own 6", and says
    that is apart from the jump down's 8"."""
    house = (read_rule(M, "jump_down.max_height", "8"),)
    jump = answer("jump-down", M, {"height": "9"}, house=house)
    assert jump.errors["height"] == "Your table's house rule allows jumps down of at most 8\"."
    assert answer("jump-down", M, {"height": "7"}).errors["height"] == 'Mordheim 1999 allows jumps down of at most 6".'
    route = answer("route", M, {"legs": ["jump down 9"]}, house=house)
    assert route.errors["leg-1"] == 'Leg 1 (jump down 9"): A model may jump down at most 8": your table\'s house rule.'
    assert route.house == (house[0].words,)
    dive = answer("diving-charge", M, {"height": "7"}, house=house)
    assert dive.errors["height"] == (
        "Mordheim 1999 allows a diving charge of at most 6\". That is the diving charge's own limit, apart from a "
        "jump down's (8\")."
    )
    assert dive.house == (house[0].words,)
    assert "apart from" not in answer("diving-charge", M, {"height": "7"}).errors["height"]
