"""Routes as a rules lawyer reads them, each case beside the section it rests on: the movement a diving
charge still needs, the height a failed gap falls from, Coreheim's climb and its drops that are no fall,
refusals that rest on our reading, what the command line says it assumed. Dice enumerated here."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from fractions import Fraction as F

from rulescore import calculate
from rulescore.answers.explain import percent_text
from rulescore.route.plan import fields as route_fields
from rulescore.route.plan import plan
from rulescore.rulebooks import RULESETS
from rulescore.web.answer import respond, result_html
from tests.core.test_routes import MORDHEIM, d6_under, fell_at, odds, refusal
from tests.helpers import ROOT

CHARGE = {"move": "4", "initiative": "3", "toughness": "3", "wounds": "1", "activation": "charge"}


def test_a_diving_charge_still_needs_the_movement_from_where_it_lands():
    """Diving charge: the jump uses no Movement, but the way from the landing point to the enemy is charge
    movement (Charge!: the attacker moves into base contact). 2 + 3 of an 8" charge: it reaches, if it lands."""
    landed = d6_under(3) ** 2  # a 4" jump: two Initiative tests, I3
    result = plan("mordheim-1999", CHARGE, ["move 2", "diving charge 4 enemy 3"])
    assert odds(result) == {"completes": landed, **fell_at(2, 1 - landed, 4, 3)}
    # 6 + 3 = 9" needs more than the 8" charge move: a failed charge moves its normal 4" (Charge!) and the
    # 6" leg is where that runs out, so the jump is never made.
    assert odds(plan("mordheim-1999", CHARGE, ["move 6", "diving charge 4 enemy 3"])) == {"leg1-falls-short": 1}
    assert odds(plan("mordheim-1999", CHARGE, ["move 7.5", "diving charge 4 enemy 1"])) == {"leg1-falls-short": 1}
    # 4" then the jump (no movement) and 1" to the enemy: within the 4" of a failed charge? No: 4 + 1 = 5" of
    # an 8" charge reaches; with 3.5 + 5 = 8.5" the charge fails, the 4" walk reaches the jump, takes its
    # tests, lands with 0.5" left and falls short of the enemy.
    failed = plan("mordheim-1999", CHARGE, ["move 3.5", "diving charge 4 enemy 5"])
    assert odds(failed) == {"leg2-falls-short": landed, **fell_at(2, 1 - landed, 4, 3)}


def test_a_failed_gap_falls_from_the_height_the_route_has_reached():
    """Jumping over gaps: failing, the model falls; the route says from where (climbed 3", so 3")."""
    climbed, jumped = d6_under(4), d6_under(4)
    result = plan("mordheim-1999", MORDHEIM, ["climb up 3", "gap 1"])
    assert odds(result) == {
        "completes": climbed * jumped,
        "leg1-stuck": 1 - climbed,
        **fell_at(2, climbed * (1 - jumped), 3, 3),
    }
    assert any(step.text == 'Failing, it would fall 3": the height the route has reached.' for step in result.steps)
    assert 'falls 3"' in result.procedure
    # A route that starts high says so once; a leg's own drop wins.
    high = {**MORDHEIM, "start_height": "5"}
    assert odds(plan("mordheim-1999", high, ["gap 1"])) == {"completes": jumped, **fell_at(1, 1 - jumped, 5, 3)}
    assert odds(plan("mordheim-1999", high, ["gap 1 drop 2"])) == {"completes": jumped, **fell_at(1, 1 - jumped, 2, 3)}
    # At ground level with no drop given there is no height to fall from: asked, not guessed.
    refused = plan("mordheim-1999", MORDHEIM, ["gap 1"])
    assert "how far would a failed jump fall" in refusal(refused, "leg-1") and refused.readings == (
        ("leg-1", "route-height"),
    )


def test_coreheim_climbing_uses_movement_and_a_drop_under_2_is_no_fall():
    """Coreheim, Moving: only low obstacles and jumping down are free, so a climb uses Movement (within
    Climbing's 4" a turn). Falling: 'You can only fall from a full 2" or more'."""
    coreheim = {"move": "4", "initiative": "7", "toughness": "+0", "wounds": "1"}
    passes = F(6, 12)  # I7+ on a D12: 7..12
    assert odds(plan("coreheim-v10", coreheim, ["climb up 3", "move 1"])) == {
        "completes": passes,
        "leg1-stuck": 1 - passes,
    }
    assert odds(plan("coreheim-v10", coreheim, ["climb up 3", "move 2"])) == {
        "leg2-out-of-movement": passes,
        "leg1-stuck": 1 - passes,
    }
    # Climbing down 1.5" and failing drops it 1.5": no fall, unhurt, and the route goes on.
    assert odds(plan("coreheim-v10", {**coreheim, "start_height": "1.5"}, ["climb down 1.5", "move 2"])) == {
        "completes": 1
    }
    down = calculate("climb", "coreheim-v10", {"height": "1.5", "move": "4", "direction": "down", "initiative": "7"})
    assert {row["outcome"]: F(row["probability"]) for row in down["outcomes"]} == {
        "made-it": passes,
        "dropped": 1 - passes,
    }
    # A gap wider than 4" falls from where it jumped: 1" is a drop, not a fall, and it ends the route unhurt.
    result = plan("coreheim-v10", {**coreheim, "move": "6"}, ["gap 4.5 drop 1"])
    assert odds(result) == {"leg1-dropped": 1}
    assert any("free to act on" in line.text and line.section == "falling" for line in result.after)


def test_refusals_that_rest_on_our_reading_say_so_and_link_to_it():
    """Charge! calls a charge 'like a running move'; only Climbing's 'cannot run while climbing' is written."""
    result = plan("mordheim-1999", CHARGE, ["climb up 2", "charge 3"])
    said = refusal(result, "leg-1")
    assert "a charge is like a running move; we read that it may not climb either" in said
    assert "a charge is a running move" not in said and result.readings == (("leg-1", "charge-no-climb"),)
    answer = json.loads(
        respond("route", "mordheim-1999", json.dumps({**CHARGE, "legs": ["climb up 2", "charge 3"]}), "../../")
    )
    # A reading a table may play otherwise also links to where it is switched (a house rule, #38).
    assert answer["readings"] == [
        {
            "field": "legs",
            "title": "No climbing during a Mordheim charge",
            "href": "../../assumptions/#charge-no-climb",
            "switch": "../../table/#house-rules",
        }
    ]
    assert plan("mordheim-1999", MORDHEIM, ["move 1", "climb up 2"]).readings == (("leg-2", "climb-opens-route"),)
    # What the text states is refused without a reading.
    assert plan("mordheim-1999", {**MORDHEIM, "activation": "run"}, ["climb up 2"]).readings == ()


def run_route(*arguments: str) -> tuple[dict, str]:
    done = subprocess.run(
        [sys.executable, "-m", "rulescore", "route", "--ruleset", "mordheim-1999", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    return json.loads(done.stdout), done.stderr


def test_the_command_line_lists_exactly_the_defaults_it_used():
    answer, said = run_route(
        "move=4", "initiative=3", "toughness=3", "wounds=1", "activation=charge", "move 2", "diving charge 4"
    )
    # What a charge settles before it moves (#50) is assumed and said too: the target in sight, no enemy near.
    charge = {"target": "seen", "interceptor": "no", "others": "no"}
    assert answer["defaults_used"] == {"start_height": "4", "leg-2.enemy": '1"', **charge}  # the legs' least (#64)
    assert 'leg-2.enemy=1"' in said and "target=seen" in said
    answer, _ = run_route("move=4", "initiative=3", "toughness=3", "wounds=1", "start_height=3", "gap 1", "move 2")
    assert answer["defaults_used"] == {"activation": "move"}  # the legs were given: never listed as defaults


def test_small_wrongs():
    # Living Rulebook: a charge that can never reach strikes no first blow.
    never = calculate("charge", "mordheim-lrb", {"move": "4", "distance": "9"})
    assert not any("strikes first" in step["text"] for step in never["steps"])
    maybe = calculate("charge", "mordheim-lrb", {"move": "4", "distance": "8"})
    assert any(step["text"].startswith("A model that charges strikes first") for step in maybe["steps"])
    # Mordheim's Initiative is a characteristic (at most 10); Coreheim's a D12 target number (to 13).
    assert "at most 10" in calculate("hide", "mordheim-1999", {"initiative": "13"})["errors"]["initiative"]
    assert calculate("hide", "coreheim-v10", {"initiative": "13"})["ok"]


def test_a_trench_crusade_charge_after_a_move_rolls_its_d6_once_for_the_whole_route():
    """Taking a Charge: Movement + D6, at most 12"; ending within 1" of the target reaches it; a charger that
    does not reach stays where its charge move ended. Each face of the D6 enumerated here."""
    charge = {"move": "6", "activation": "charge"}
    # 3" moved, then the target 4" away: 3 + (4 - 1) = 6" needed, so every roll covers it with M6.
    assert odds(plan("trench-crusade", charge, ["move 3", "charge 4"])) == {"completes": 1}
    # 4" through difficult ground costs 8" (each inch counts 2), then 3" to the target: 8 + 2 = 10".
    reached = F(sum(1 for face in range(1, 7) if min(6 + face, 12) >= 10), 6)
    result = plan("trench-crusade", charge, ["move 4 difficult", "charge 3"])
    # 6 + D6 < 8 (a 1) stops inside the difficult leg; 8 or 9 (a 2 or 3) reaches the last leg but not the target.
    assert odds(result) == {"completes": reached, "leg1-falls-short": F(1, 6), "leg2-falls-short": F(2, 6)}
    assert reached == F(1, 2)
    assert any(line.text == "After a failed charge it stays where its charge move ended." for line in result.after)
    # The cap: an M11 model needs 12" at most; M + D6 never passes 12.
    assert odds(plan("trench-crusade", {"move": "11", "activation": "charge"}, ["move 10", "charge 4"])) == {
        "leg2-falls-short": 1
    }


def test_a_route_over_difficult_ground_and_a_low_wall():
    # Mordheim, Difficult ground: half speed, each inch costs 2; Walls and barriers: under 1" is leapt freely.
    assert odds(plan("mordheim-1999", MORDHEIM, ["move 1", "barrier 0.5", "move 1.5 difficult"])) == {"completes": 1}
    assert odds(plan("mordheim-1999", MORDHEIM, ["move 1", "move 2 difficult"])) == {"leg2-out-of-movement": 1}
    # Very difficult ground: a quarter rate, so 1" uses all of M4.
    assert odds(plan("mordheim-1999", MORDHEIM, ["move 1 very difficult"])) == {"completes": 1}
    said = refusal(plan("mordheim-1999", MORDHEIM, ["barrier 1"]), "leg-1")
    assert 'under 1"' in said and "go around it" in said and "(§ walls and barriers)" in said
    # Coreheim, Moving: obstacles up to 1" pass without using Movement.
    coreheim = {"move": "4", "initiative": "7", "toughness": "+0", "wounds": "1"}
    assert odds(plan("coreheim-v10", coreheim, ["move 4", "barrier 1"])) == {"completes": 1}
    # A charge over difficult ground (Mordheim's open ground "will not affect movement even if charging").
    charge = {**MORDHEIM, "activation": "charge"}
    assert odds(plan("mordheim-1999", charge, ["move 4", "charge 2 difficult"])) == {"completes": 1}
    # 4 + 3 x 2 = 10" is past the 8" charge move: a failed charge walks its 4" and stops at the last stretch.
    assert odds(plan("mordheim-1999", charge, ["move 4", "charge 3 difficult"])) == {"leg2-falls-short": 1}


def test_coreheim_half_move():
    """Half-moving: half Movement, rounded up; it is what lets a warrior shoot or hide."""
    coreheim = {"move": "5", "initiative": "7", "toughness": "+0", "wounds": "1", "activation": "half-move"}
    assert odds(plan("coreheim-v10", coreheim, ["move 3"])) == {"completes": 1}
    assert odds(plan("coreheim-v10", coreheim, ["move 3.5"])) == {"leg1-out-of-movement": 1}
    result = plan("coreheim-v10", coreheim, ["move 3"])
    assert any("may still shoot, or hide" in line.text and line.section == "half-moving" for line in result.after)


def test_a_route_not_finished_yet_says_what_comes_next_and_faults_no_field():
    """#39: while a player builds a route, an empty one or a charge still without its charge leg is a next
    step, not a mistake; what the rules forbid, or a leg that cannot be read, stays a fault."""
    for legs, values in (([], MORDHEIM), (["move 2"], CHARGE)):
        result = plan("mordheim-1999", values, legs)
        assert not result.ok and result.unfinished, legs
        said = json.loads(respond("route", "mordheim-1999", json.dumps({**values, "legs": legs})))
        assert said["unfinished"] is True and said["errors"], legs
    for legs, values in ((["climb up 2", "charge 3"], CHARGE), (["move x"], MORDHEIM), (["move 2"], {"move": "0"})):
        result = plan("mordheim-1999", values, legs)
        assert not result.ok and not result.unfinished, legs
        said = json.loads(respond("route", "mordheim-1999", json.dumps({**values, "legs": legs})))
        assert "unfinished" not in said, legs


def test_a_route_answer_leads_with_a_line_per_leg_says_the_injuries_once_and_where_it_ends():
    """#39 item 2: the route first, one line per leg (what to roll, what failing means), the injury roll once
    however many legs may fall; then where it ends, leg by leg in total, and the totals a player weighs."""
    legs = ['climb up 2"', 'gap 1"', 'jump down 2"', 'move 1"']
    result = plan("mordheim-1999", {"initiative": "3"}, legs)
    html = result_html(result, "../../")
    plan_part = html.split('<p class="calc-headline">')[0]
    assert [name for name, _ in result.parts] == [f"Leg {n}, {leg}" for n, leg in enumerate(legs, start=1)]
    assert plan_part.count("an injury roll") == 1 and plan_part.count("injuries below") == 2
    # Every item of the flat procedure is said, in order, and the flat one is unchanged for the command line.
    assert (
        "; ".join(result.opening + tuple(i for _, items in result.parts for i in items))
        in result.procedure[:1].lower() + result.procedure[1:]
    )
    # Leg by leg in total: a climb fails on 4-6 (1/2); the gap then fails 1/2 of the rest (1/4); the jump 1/8.
    ends = re.findall(r"<li>(Leg \d) \([^)]*\): the route ends here ([\d.]+)%", html)
    assert ends == [("Leg 1", "50.0"), ("Leg 2", "25.0"), ("Leg 3", "12.5")]
    oo_a = sum((row.chance for row in result.outcomes if row.outcome.endswith("out-of-action")), F(0))
    assert f"out of action on the way {percent_text(oo_a)}" in html
    assert "stopped on the way 50.0%" in html


def test_a_run_is_refused_with_an_enemy_that_counts_within_8_inches_and_a_charge_is_not():
    """#50, item 1. Running (Mordheim 1999 and the Living Rulebook): "models may only run if there are no
    enemy models within 8" at the start of the turn" (fleeing, stunned, knocked down and hidden ones do not
    count), and that distance is checked after any charges are declared. Worked by hand: at 8" the enemy is
    within (its edge included, our reading), at 9" it is not; a run of M4 is 8", so "move 8" always completes."""
    for ruleset in ("mordheim-1999", "mordheim-lrb"):
        run = {**MORDHEIM, "activation": "run"}
        near = plan(ruleset, {**run, "nearest_enemy": "8"}, ["move 8"])
        assert not near.ok and set(near.errors) == {"nearest_enemy"}
        assert near.errors["nearest_enemy"].startswith('A model may not run with an enemy that counts within 8"')
        assert "(§ running)" in near.errors["nearest_enemy"]
        assert near.readings == (("nearest_enemy", "within-includes-edge"),)
        far = plan(ruleset, {**run, "nearest_enemy": "9"}, ["move 8"])
        assert odds(far) == {"completes": 1}
        assert far.inputs["nearest_enemy"] == "9"
        # A run of 8" past 8" of ground: 8.5" is out of reach whatever the enemy.
        assert odds(plan(ruleset, {**run, "nearest_enemy": "9"}, ["move 8.5"])) == {"leg1-out-of-movement": 1}
        # A charge is declared before the 8" are checked: an enemy 3" away refuses no charge.
        charge = plan(ruleset, {**CHARGE, "nearest_enemy": "3"}, ["move 2", "charge 3"])
        assert odds(charge) == {"completes": 1} and "nearest_enemy" not in charge.inputs
    field = next(f for f in route_fields(RULESETS["mordheim-1999"]) if f.name == "nearest_enemy")
    assert "not fleeing, stunned, knocked down or hidden" in field.help


def test_the_command_line_takes_the_nearest_enemy_and_names_it_when_assumed():
    answer, said = run_route("move=4", "activation=run", "nearest_enemy=7", "move 3")
    assert not answer["ok"] and 'the nearest is 7"' in answer["errors"]["nearest_enemy"]
    answer, said = run_route("move=4", "activation=run", "move 3")
    assert answer["ok"] and answer["defaults_used"]["nearest_enemy"] == "12"
    assert "nearest_enemy=12" in said
    answer, _ = run_route("move=4", "activation=move", "move 3")
    assert "nearest_enemy" not in answer["defaults_used"]  # a move does not ask it


def test_an_animal_cannot_climb_in_mordheim_unless_the_table_plays_it_otherwise():
    """#50, item 5. Climbing (Mordheim 1999 and the Living Rulebook): "Any model (except animals!) can climb".
    An animal's climb is refused in the calculator and in the route, naming the rule; its route without a
    climb is walked as any model's; Coreheim's text has no such rule and asks nothing of it."""
    from rulescore.entry import answer
    from rulescore.table.house_rules import read_rule

    for ruleset in ("mordheim-1999", "mordheim-lrb"):
        single = answer("climb", ruleset, {"animal": "yes"})
        # #62, item 2: the rules' verdict, said as one (forbidden), with what the animal may do instead.
        assert not single.ok and single.forbidden and "animals cannot climb (§ climbing)." in single.errors["animal"]
        assert single.errors["animal"].endswith("up and down ladders and stairs as any model may.")
        route = plan(ruleset, {**MORDHEIM, "animal": "yes"}, ["move 1", "climb up 2"])
        assert not route.ok and route.forbidden
        assert route.errors["leg-2"].startswith('Leg 2 (climb up 2"): animals cannot climb (§ climbing). An animal')
        walked = plan(ruleset, {**MORDHEIM, "animal": "yes"}, ["move 3"])
        assert odds(walked) == {"completes": 1} and "animal" not in walked.inputs  # asked only of a climb
        assert answer("climb", ruleset, {"animal": "no"}).ok
    assert "animal" not in [f.name for f in route_fields(RULESETS["coreheim-v10"])]
    # A table that lets its animals climb (a house rule in a player's words) is answered as it plays.
    house = (read_rule("mordheim-1999", "climb.animals", "yes"),)
    assert house[0].words == "House rule: animals may climb: yes (the rules: no)."
    played = answer("climb", "mordheim-1999", {"animal": "yes", "height": "2", "initiative": "3"}, house=house)
    assert played.ok and played.house == (house[0].words,)


def test_coreheim_says_why_it_plans_no_charge():
    """#50, item 6: Coreheim's text speaks of a charge move (a jump "part of a charge move") but gives it no
    distance; its planner offers no charge and says so by the choice, and a charge asked for (a link, the
    command line) is refused in those words, not as a choice the form does not have."""
    said = "Coreheim v10's text gives no charge move, so a charge is not planned here: plan the move to the enemy."
    activation = next(f for f in route_fields(RULESETS["coreheim-v10"]) if f.name == "activation")
    assert "charge" not in [value for value, _ in activation.choices] and activation.help == said
    refused = plan("coreheim-v10", {"move": "4", "activation": "charge"}, ["move 2"])
    assert refused.errors == {"activation": said}
    assert next(f for f in route_fields(RULESETS["mordheim-1999"]) if f.name == "activation").help == ""
