"""House rules bounded by what they do (#64, items 4, 5 and 8): a value is taken only if every answer of its
ruleset stays inside what can be worked out and said, over the whole range of the fields, worked out from
the value and not tried at one default; a failure is said in its own words, never "Internal error" for a
value we took, and the command line never prints a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction as F
from itertools import product

import pytest

from rulescore.entry import answer
from rulescore.rulebooks import RULESETS
from rulescore.table.house_rules import numbers, read_rule
from rulescore.web.answer import respond
from rulescore.web.table import respond_table
from tests.helpers import ROOT

M = "mordheim-1999"


@pytest.mark.parametrize(
    ("rule", "value", "said"),
    [
        ("jump_down.test_every", "0.001", "6000 Initiative tests: at most 20"),
        ("jump_down.max_height", "100", "50 Initiative tests: at most 20"),
        ("diving_charge.test_every", "0.1", "60 Initiative tests: at most 20"),
        ("fall.hits", "D6-5", "can total -4: dice here never total less than 0"),
        ("fall.hits", "D6-2, at most 3", "can total -1"),
    ],
)
def test_a_value_past_what_an_answer_can_take_is_refused_with_the_limit(rule, value, said):
    """Each of these was kept and then answered "Internal error" (a 6" jump of 6,000 tests, dice of -4 hits)."""
    with pytest.raises(ValueError, match=said):
        read_rule(M, rule, value)
    refused = json.loads(
        respond_table(
            json.dumps(
                {
                    "format": "skirmish-rules-table",
                    "version": 1,
                    "house_rules": [{"ruleset": M, "rule": rule, "value": value}],
                }
            )
        )
    )
    assert not refused["ok"] and said in refused["errors"]["table"]


def test_the_most_tests_a_jump_may_take_is_still_taken_and_answered_exactly():
    """One test every 0.3": a 6" jump down takes the 20 tests allowed, each passed on 3 or less at I3."""
    house = (read_rule(M, "jump_down.test_every", "0.3"),)
    found = answer("jump-down", M, {"height": "6", "initiative": "3"}, house=house)
    assert found.ok
    landed = next(row.chance for row in found.outcomes if row.outcome == "landed")
    assert landed == F(1, 2) ** 20


def test_dice_that_can_total_0_are_taken_and_a_fall_of_no_hits_is_answered():
    """D6-1 hits: a roll of 1 is no hit at all. Enumerated: hits of 0-5, each wounding at Strength 4 against
    Toughness 3 on 3+ (Mordheim's to-wound), one wound: unhurt only when no hit wounds."""
    house = (read_rule(M, "fall.hits", "D6-1"),)
    found = answer("fall", M, {"height": "4", "toughness": "3", "wounds": "1"}, house=house)
    assert found.ok, found
    unhurt = next(row.chance for row in found.outcomes if row.outcome == "unhurt")
    counted = F(0)
    for hits_roll in range(1, 7):
        hits = hits_roll - 1
        dice = list(product(range(1, 7), repeat=hits))
        counted += F(sum(all(die < 3 for die in combo) for combo in dice), len(dice)) / 6
    assert unhurt == counted


def _extremes(ruleset: str, rule: str, text_value: object) -> list[str]:
    """The values a player could give a number, at the ends of what its reader takes."""
    if isinstance(text_value, bool):
        return ["no" if text_value else "yes"]
    if isinstance(text_value, int | float):
        return ["0", "0.001", "0.3", "1", "20", "40", "100"]
    return [
        "D6-1", "D20+4", "2D12", "highest of 2D12", "lowest of 2D6", "Movement + 2D12", "20 times Movement",
        "D12 over, a 12 passes, a 1 fails", "2D12 under", "D20: 1-10 knocked down, 11-19 stunned, 20 out of action",
        "not-allowed", "falls", "cannot hide", "spotted", "enemy-chooses", "becomes-target", "up to 100", "under 100",
        "100", "1/20", "Movement",
    ]  # fmt: skip


def _worst_forms(ruleset: str) -> list[tuple[str, dict[str, object]]]:
    """Every calculator with its defaults, then each number field at its highest and lowest; the route
    planner with its first route and with four jumps from 24"."""
    from rulescore import catalogue

    forms: list[tuple[str, dict[str, object]]] = []
    for name, entry in catalogue(planner=True).items():
        if ruleset not in entry["rulesets"]:
            continue
        forms.append((name, {}))
        for field in entry["rulesets"][ruleset]["fields"]:
            for end in ("max", "min"):
                if field.get(end) is not None and field["kind"] != "list":
                    forms.append((name, {field["name"]: field[end]}))
        if name == "route":
            forms.append((name, {"start_height": "24", "legs": ["jump down 6"] * 4}))
    return forms


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_every_house_rule_a_table_can_keep_answers_every_calculator_at_its_worst(ruleset):
    """Every number of the ruleset, at each end a player could give it: where it is kept, every calculator and
    the route planner answer, or refuse a value by its field, at every field's highest and lowest; none says
    "Internal error" and every answer is worded (its chances said as fractions, its HTML made)."""
    forms = _worst_forms(ruleset)
    kept = 0
    for rule, text_value in numbers(ruleset).items():
        for value in _extremes(ruleset, rule, text_value):
            try:
                house = read_rule(ruleset, rule, value)
            except ValueError:
                continue
            kept += 1
            house_json = json.dumps([house.to_json()])
            for name, values in forms:
                reply = json.loads(respond(name, ruleset, json.dumps(values), "", house_json))
                where = (rule, value, name, values)
                assert reply["ok"] or "calculator" not in reply["errors"], (where, reply["errors"])
                assert "Internal error" not in json.dumps(reply), where
    assert kept, "no extreme value was kept: the sweep tried nothing"


def test_the_command_line_says_a_file_that_is_not_text_and_exits_2(tmp_path):
    table = tmp_path / "bytes.json"
    table.write_bytes(b"\xff\xfe\x00")
    done = subprocess.run(
        [sys.executable, "-m", "rulescore", "fall", "--ruleset", M, "--model", str(table)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "not UTF-8 text" in json.loads(done.stdout)["errors"]["table"]
