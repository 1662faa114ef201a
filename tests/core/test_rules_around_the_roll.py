"""Every condition the texts state around the roll, each checked against the section that states it,
with the exact answer worked by hand (dice enumerated here with itertools.product, never through
rulescore).

Longer than 300 lines: one short test per condition, each beside the words of the text it checks.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction as F
from itertools import product

import pytest

from rulescore import calculate
from rulescore.compare import compare_answers
from rulescore.dice.distribution import Distribution
from rulescore.entry import answer as typed
from rulescore.web.answer import compare_html, result_html
from tests.helpers import unmarked


def answer(calculator: str, ruleset: str, **values) -> dict:
    result = calculate(calculator, ruleset, {k: str(v) for k, v in values.items()})
    assert result["ok"], result
    return result


def table(rows: list[dict]) -> dict[str, F]:
    return {row["outcome"]: F(row["probability"]) for row in rows}


def extra(result: dict) -> dict[str, dict[str, F]]:
    return {t["title"]: table(t["outcomes"]) for t in result["extra"]}


def steps(result: dict) -> list[tuple[str, str | None]]:
    return [(s["text"], s["section"]) for s in result["steps"]]


def cites(result: dict, section: str, words: str) -> bool:
    """Some step says `words` and cites `section`."""
    return any(words in text and cited == section for text, cited in steps(result))


def refused(calculator: str, ruleset: str, **values) -> dict[str, str]:
    result = calculate(calculator, ruleset, {k: str(v) for k, v in values.items()})
    assert not result["ok"], result
    return result["errors"]


def chance(dice: list[int], passes) -> F:
    """Every face of every die, counted: the share of rolls that pass."""
    rolls = list(product(*(range(1, sides + 1) for sides in dice)))
    return F(sum(1 for roll in rolls if passes(roll)), len(rolls))


def mordheim_fall(height: int, toughness: int) -> dict[str, F]:
    """A W1 model's fall in Mordheim, every D3, to-wound D6 and injury D6 rolled (the text's Falling, and the injury roll its numbers.toml reads)."""
    gap = height - toughness
    target = 2 if gap >= 2 else {1: 3, 0: 4, -1: 5, -2: 6, -3: 6}.get(gap, 7)
    counts = Counter()
    for hits, *rest in product(range(1, 4), *[range(1, 7)] * 6):
        taken = sum(roll >= target for roll in rest[:3][:hits])
        worst = max(rest[3:][: max(taken, 1)])
        counts[
            "unhurt" if not taken else "knocked-down" if worst <= 2 else "stunned" if worst <= 4 else "out-of-action"
        ] += 1
    total = sum(counts.values())
    return {key: F(n, total) for key, n in counts.items()}


# Distribution: `in` says whether an outcome has a chance.
def test_a_distribution_says_which_outcomes_can_happen():
    d6 = Distribution.die(6)
    assert 6 in d6 and 7 not in d6 and "intercepted" not in d6 and [] not in d6
    assert d6[7] == 0  # asking the chance of an impossible outcome still answers 0
    assert "fell" not in Distribution.chance(F(1), "landed", "fell")  # a zero chance is no outcome


# Wrong today, 1: Warhammer has no interception (whfb-6, Move Chargers; the text has no such rule).
def test_a_warhammer_charge_never_mentions_interception():
    result = answer("charge", "whfb-6", move=4, distance=7)
    assert result["headlines"][0] == "certain to reach"
    assert not any("intercept" in text for text in result["headlines"])
    assert "interceptor" not in {f for f in result["inputs"]}


# Wrong today, 2: an unseen charger that fails its test charges no one, interceptor or not (LRB, Charge).
def test_an_interception_table_carries_the_failed_detection_test():
    result = answer("charge", "mordheim-lrb", move=4, distance=3, unseen="yes", initiative=3, interceptor="yes")
    detect = chance([6], lambda r: r[0] <= 3 and r[0] != 6)  # D6 under I3, a 6 fails: 1/2
    assert detect == F(1, 2)
    assert extra(result) == {"If the enemy intercepts": {"intercepted": detect, "cannot-charge": 1 - detect}}
    assert table(result["outcomes"]) == {"reaches": detect, "cannot-charge": 1 - detect}
    assert cites(result, "charge", "must be detected first")


# Wrong today, 3: a jump down to charge beyond 2" still takes the jump's tests (Jumping down; the LRB's
# Skaven jumping down 5" while charging takes two tests).
@pytest.mark.parametrize("ruleset", ["mordheim-1999", "mordheim-lrb"])
def test_a_jump_down_to_charge_beyond_the_diving_range_keeps_its_tests(ruleset):
    result = answer("diving-charge", ruleset, height=4, distance=3, initiative=3, toughness=3, wounds=1)
    lands = chance([6, 6], lambda r: all(x <= 3 for x in r))  # two tests at I3
    assert lands == F(1, 4)
    fall = mordheim_fall(4, 3)
    assert table(result["outcomes"]) == {
        "lands-no-bonus": lands,
        **{f"fell-{k}": (1 - lands) * p for k, p in fall.items()},
    }
    assert result["headlines"][0] == "no diving bonus: 1 in 4 to land and charge as normal"
    assert cites(result, "diving-charge", "without the diving bonus")
    assert cites(result, "jumping-down", "2 tests")
    # The Skaven of the LRB example: 5" down is two tests, the same as 4".
    skaven = answer("diving-charge", ruleset, height=5, distance=3, initiative=3)
    assert table(skaven["outcomes"])["lands-no-bonus"] == lands


# Words: each ruleset's own terms.
def test_trench_crusade_cap_words_hold_for_every_movement():
    fast = answer("charge", "trench-crusade", move=13, distance=10)
    text = " ".join(t for t, _ in steps(fast))
    assert 'bonus adds nothing and it moves 13"' in text and 'at most 12": 1/1 to cover' not in text
    slow = answer("charge", "trench-crusade", move=9, distance=10)
    assert 'Movement plus the bonus counts as at most 12"' in " ".join(t for t, _ in steps(slow))
    # M9 needs 9" for a 10" gap (end within 1"): certain, with no roll at all.
    assert table(slow["outcomes"]) == {"reaches": 1}


def test_coreheim_jump_down_says_what_coreheim_says():
    result = answer("jump-down", "coreheim-v10", height=5, initiative=7)
    assert cites(result, "falling", "may do nothing else for the rest of that turn")
    assert not any("may not move further" in t for t, _ in steps(result))
    mordheim = answer("jump-down", "mordheim-1999", height=4, initiative=3)
    assert cites(mordheim, "jumping-down", "may not move any more during the movement phase")


@pytest.mark.parametrize(
    ("height", "toughness", "says"),
    [
        (12, 0, "every roll but a natural 1 wounds"),  # 10 - 12 = -2: every face reaches it; a natural 1 still fails
        (10, 0, "every roll but a natural 1 wounds"),
        (5, 0, "it wounds on 5+ on the D12"),
        (2, -5, "only a natural 12 wounds"),  # 8+ with -5: 13+, no face, but a natural 12 always wounds
        (12, -5, "it wounds on 3+ on the D12"),  # -2 with -5: 3+
    ],
)
def test_a_coreheim_fall_says_which_rolls_wound(height, toughness, says):
    result = answer("fall", "coreheim-v10", height=height, toughness=f"{toughness:+d}")
    text = " ".join(t for t, _ in steps(result))
    assert says in text
    assert "roll of -" not in text
    target = 10 - height
    wounded = chance([12], lambda r: r[0] == 12 or (r[0] != 1 and r[0] + toughness >= target))
    assert F(1) - table(result["outcomes"])["unhurt"] == wounded


def test_coreheim_spotting_needs_the_enemy_to_move():
    result = answer("hide", "coreheim-v10", initiative=7, distance=4)
    assert cites(result, "hiding", "An enemy that moves within its Initiative value in inches")
    assert "How close the enemy moves" in [f["label"] for f in _fields("hide", "coreheim-v10")]


def test_warhammer_stand_and_shoot_needs_missile_weapons():
    far = answer("charge", "whfb-6", move=4, distance=9)
    assert cites(far, "stand-shoot", 'has missile weapons and the chargers start more than 4"')
    none = answer("charge", "whfb-6", move=4, distance=9, target="no-missiles")
    assert cites(none, "stand-shoot", "Only a unit with missile weapons may stand & shoot")
    close = answer("charge", "whfb-6", move=4, distance=4)
    assert cites(close, "stand-shoot", "counts as a hold")


def _fields(calculator: str, ruleset: str) -> list[dict]:
    from rulescore import catalogue

    return catalogue()[calculator]["rulesets"][ruleset]["fields"]


# Conditions the texts state.
@pytest.mark.parametrize("ruleset", ["mordheim-1999", "mordheim-lrb"])
def test_a_hidden_warrior_cannot_be_charged(ruleset):
    # Hiding: "When hidden, a warrior cannot be seen, shot at or charged."
    result = answer("charge", ruleset, move=4, distance=3, unseen="hidden")
    assert table(result["outcomes"]) == {"cannot-charge": 1}
    assert result["headlines"] == ["cannot charge"]
    assert cites(result, "hiding", "cannot be seen, shot at or charged")
    # Trench Crusade and Warhammer texts have no hiding: no such choice.
    for other in ("whfb-6", "trench-crusade"):
        assert refused("charge", other, unseen="hidden")["unseen"] == "Choose one of: no, yes."


@pytest.mark.parametrize(
    ("ruleset", "did", "section", "outcome"),
    [
        (
            "mordheim-1999",
            "ran",
            "hiding",
            "cannot-hide",
        ),  # "A model that runs, flees, is stunned or charges cannot hide"
        ("mordheim-1999", "charged", "hiding", "cannot-hide"),
        ("mordheim-lrb", "fled", "hiding", "cannot-hide"),
        ("mordheim-lrb", "stunned", "hiding", "cannot-hide"),
        ("mordheim-1999", "fell", "falling", "cannot-hide"),  # "A model that falls may not move any further or hide"
        ("mordheim-1999", "shot", "hiding", "spotted"),  # "If a hidden model shoots ... he is no longer hidden"
        ("coreheim-v10", "moved", "hiding", "cannot-hide"),  # "can only hide at the end of a half-move"
        ("coreheim-v10", "charged", "hiding", "spotted"),  # "automatically spotted if: He charges, shoots, or ... cast"
        ("coreheim-v10", "cast", "hiding", "spotted"),
        ("coreheim-v10", "fell", "falling", "cannot-hide"),  # "may do nothing else for the rest of that turn"
    ],
)
def test_what_the_model_did_this_turn_decides_its_hiding(ruleset, did, section, outcome):
    # An enemy far out of range: only what the model did can spoil its hiding.
    result = answer("hide", ruleset, this_turn=did, initiative=3, distance=20)
    assert table(result["outcomes"]) == {outcome: 1}
    assert result["steps"][0]["section"] == section


def test_a_half_move_lets_a_coreheim_warrior_hide():
    result = answer("hide", "coreheim-v10", this_turn="half-moved", initiative=7, distance=8)
    assert table(result["outcomes"]) == {"stays-hidden": 1}
    assert cites(result, "half-moving", "no more than a half-move")
    assert "Choose one of" in refused("hide", "coreheim-v10", this_turn="ran")["this_turn"]  # Coreheim has no running


def test_mordheim_climbing_conditions():
    # Climbing: touching at the start; cannot run while climbing; remaining movement used as normal.
    assert "cannot run while it climbs" in refused("climb", "mordheim-1999", running="yes")["running"]
    result = answer("climb", "mordheim-lrb", height=3, move=4, initiative=3)
    assert cites(result, "climbing", "must be touching what it climbs at the start of its movement phase")
    assert cites(result, "climbing", '1" left to move as normal')
    assert table(result["outcomes"]) == {"made-it": F(1, 2), "stuck": F(1, 2)}
    assert "running" not in [f["name"] for f in _fields("climb", "coreheim-v10")]  # Coreheim says nothing of it


def test_a_gap_as_part_of_a_charge_or_run():
    # Mordheim: "It may also jump as part of its charge or running move"; the test and fall are the same.
    run = answer("gap", "mordheim-1999", gap=2, move=6, part_of="run", initiative=3, height=4)
    assert cites(run, "jumping-over-gaps", "part of a run")
    assert table(run["outcomes"]) == table(
        answer("gap", "mordheim-1999", gap=2, move=6, initiative=3, height=4)["outcomes"]
    )
    # Coreheim: "You may measure beforehand, unless the jump is part of a charge": with 2" left a 3" gap
    # is refused in a normal move (measured, never started) but jumped, and fallen from, in a charge.
    assert "measure first" in refused("gap", "coreheim-v10", gap=3, move=2)["move"]
    charging = answer("gap", "coreheim-v10", gap=3, move=2, part_of="charge", height=6, toughness="+0")
    assert "made-it" not in table(charging["outcomes"])
    assert cites(charging, "jumping-horizontally-diagonally", "cannot be measured before jumping")
    assert "gap-short-falls" in [a["id"] for a in charging["assumptions"]]


def test_a_gap_in_a_charge_or_run_comes_off_that_moves_reach():
    # #47: Mordheim's charge is double Movement, its run double too: at M4 a 3" gap leaves 5" of an 8"
    # charge (it said 1", as if the jump came off Movement), and at M2 a 3" gap is within a 4" charge.
    charging = answer("gap", "mordheim-1999", gap=3, move=4, part_of="charge", initiative=3, height=6)
    assert '(5" of movement left after it)' in charging["procedure"]
    assert cites(charging, "charge", 'double Movement: 8" to move')
    short = answer("gap", "mordheim-1999", gap=3, move=2, part_of="charge", initiative=3, height=6)
    assert table(short["outcomes"])["made-it"] == F(1, 2)  # reached; Initiative 3 passes on 1-3 of the D6
    assert "made-it" not in table(answer("gap", "mordheim-1999", gap=3, move=2, initiative=3, height=6)["outcomes"])
    run = answer("gap", "mordheim-1999", gap=3, move=2, part_of="run", initiative=3, height=6)
    assert cites(run, "running", 'times Movement: 4" to move')
    assert table(run["outcomes"]) == table(short["outcomes"])


def test_coreheim_railings_stop_an_edge_fall():
    # Falling off Buildings: "Warriors will not fall off edges that have railings, low walls, etc. on all sides."
    result = answer("edge-fall", "coreheim-v10", railings="yes", initiative=12)
    assert table(result["outcomes"]) == {"stays-put": 1}
    assert cites(result, "falling-off-buildings", "railings")
    assert "railings" not in [f["name"] for f in _fields("edge-fall", "mordheim-1999")]  # Mordheim says nothing


def test_coreheim_jump_down_cannot_be_measured_in_a_charge():
    result = answer("jump-down", "coreheim-v10", height=4)
    assert cites(result, "jumping-down", "unless the jump is part of a charge")


def test_living_rulebook_fear_test_to_intercept():
    # Charge: "If the intercepting warrior would normally require a fear test to engage the charger then he
    # must pass one in order to be allowed to intercept. Failure means he will not move."
    result = answer("charge", "mordheim-lrb", move=4, distance=7, interceptor="fears", leadership=7)
    brave = chance([6, 6], lambda r: sum(r) <= 7)  # a Leadership test on 2D6: 21/36
    assert brave == F(7, 12)
    assert extra(result) == {"If the enemy tries to intercept": {"intercepted": brave, "reaches": 1 - brave}}
    short = answer(
        "charge", "mordheim-lrb", move=1, distance=4, interceptor="fears", leadership=9, unseen="yes", initiative=4
    )
    brave, seen = chance([6, 6], lambda r: sum(r) <= 9), F(4, 6)  # an M1 charge (2") never covers 4"
    assert extra(short) == {
        "If the enemy tries to intercept": {
            "intercepted": seen * brave,
            "falls-short": seen * (1 - brave),
            "cannot-charge": 1 - seen,
        }
    }
    assert cites(result, "charge", "must pass a Fear test")
    # The headline names the one roll that decides, and that roll, listed face by face, gives the table's chance.
    for leadership in range(2, 13):
        said = answer("charge", "mordheim-lrb", distance=7, interceptor="fears", leadership=leadership)
        needs = (
            [] if leadership == 12 else [f"to intercept, the enemy needs {leadership} or less on the 2D6"]
        )  # 12 never fails
        assert [h for h in said["headlines"] if "needs" in h] == needs
        stated = chance([6, 6], lambda r, leadership=leadership: sum(r) <= leadership)
        assert extra(said)["If the enemy tries to intercept"]["intercepted"] == stated
    assert "fear-test" in [a["id"] for a in result["assumptions"]]


def test_warhammer_an_engaged_unit_may_only_hold():
    # Charge Responses: "Units already engaged in close combat may only hold."
    result = answer("charge", "whfb-6", move=4, distance=9, target="engaged")
    assert result["extra"] == [] and result["reach"] is None  # no flee, no stand & shoot
    assert cites(result, "charge-responses", "may only hold")


def test_trench_crusade_says_obstacles_are_optional_in_a_charge():
    result = answer("charge", "trench-crusade", move=6, distance=8)
    assert cites(result, "taking-a-charge", "optional during a charge")


@pytest.mark.parametrize(
    ("ruleset", "section", "height", "free"),
    [
        ("mordheim-1999", "walls-and-barriers", "0.9", True),  # "a barrier that is less than 1\" high"
        ("mordheim-1999", "walls-and-barriers", "1", False),
        ("mordheim-lrb", "walls-and-barriers", "1", False),
        ("coreheim-v10", "moving", "1", True),  # "obstacles up to 1\" high without using Movement"
        ("coreheim-v10", "moving", "1.1", False),
    ],
)
def test_a_barrier_is_crossed_freely_only_under_the_texts_height(ruleset, section, height, free):
    result = answer("barrier", ruleset, height=height)
    assert table(result["outcomes"]) == {"crosses" if free else "goes-around": 1}
    assert result["steps"][0]["section"] == section
    assert ("climb it" in result["steps"][0]["text"]) == (not free)


def test_a_charge_that_is_not_made_or_falls_short_says_what_the_model_may_still_do():
    """#39 item 5. Mordheim, Charge!: a failed charger moves its Move towards the enemy, cannot shoot, casts
    spells as normal; Running: no run with an enemy within 8" (hidden models do not count). A model that
    cannot charge its target at all is our reading (the text is silent), shown as one."""
    said = lambda ruleset, **values: typed("charge", ruleset, {k: str(v) for k, v in values.items()}).after  # noqa: E731
    hidden = said("mordheim-1999", unseen="hidden", distance=3)
    assert [(line.text, line.assumption) for line in hidden] == [
        ("Not charging, it may still move, shoot and cast spells as normal.", "not-charging")
    ]
    unseen = said("mordheim-1999", unseen="yes", distance=6)  # an unseen model is charged within 4" only
    assert unseen[0].assumption == "not-charging"
    assert unseen[1].text == 'With the target within 8", it may not run either.' and unseen[1].section == "running"
    assert len(said("mordheim-1999", unseen="yes", distance=9)) == 1  # beyond 8" a run stays open
    # Charge!: "If he fails the roll, your model may not charge this turn, but may move his normal distance,
    # shoot and cast spells": within 4" the failed roll's line is the text's, cited.
    spotted = said("mordheim-1999", unseen="yes", distance=3)
    assert spotted[0].text.startswith("Failing to see it, it may not charge this turn, but may move its normal")
    assert spotted[0].section == "charge" and spotted[0].assumption is None
    short = said("mordheim-lrb", distance=9)
    assert len(short) == 1 and short[0].section == "charge"
    assert "may not shoot this turn, though it may cast spells" in short[0].text
    assert said("mordheim-1999", distance=7) == ()  # it always reaches: nothing to add
    assert "Then, this turn:" in result_html(typed("charge", "mordheim-1999", {"distance": "9"}), "../../")


def test_a_fall_says_what_the_model_may_not_do_after_it_and_a_compare_row_says_it_too():
    """Mordheim, Falling: "may not move any further or hide during that turn, even if it is not hurt";
    Coreheim: a drop under a full 2" is no fall, so it stops nothing."""
    mordheim = typed("fall", "mordheim-1999", {"height": "1"}).after
    assert [(line.text, line.section) for line in mordheim] == [
        (
            "A model that falls may not move any further or hide during that turn, even if it is not hurt.",
            "falling",
        )
    ]
    assert typed("fall", "coreheim-v10", {"height": "1.5"}).after == ()
    assert "may do nothing else" in typed("fall", "coreheim-v10", {"height": "2"}).after[0].text
    compared = compare_html(compare_answers("charge", {"distance": "9"}), "../../")
    row = unmarked(compared.split('data-ruleset="mordheim-1999"')[1].split("</tr>")[0])
    assert "Then: After a failed charge it moves its normal Movement" in row and "#charge" in row
    assert "Then:" not in compared.split('data-ruleset="whfb-6"')[1].split("</tr>")[0]


@pytest.mark.parametrize("ruleset", ["mordheim-1999", "mordheim-lrb"])
def test_a_model_that_moved_more_than_half_may_hide_in_mordheim_and_the_answer_says_why(ruleset):
    """#47, item 7: the hiding calculator asks every ruleset what Coreheim asks (a move of more than half); in
    Mordheim the text names what stops a hide (a run, a flee, a charge, a stun), not how far the model moved, and
    the answer says so, citing the Hiding section, rather than leave the choice unexplained."""
    moved = answer("hide", ruleset, this_turn="moved", distance=8, initiative=3)
    still = answer("hide", ruleset, this_turn="half-moved", distance=8, initiative=3)
    assert table(moved["outcomes"]) == table(still["outcomes"]) == {"stays-hidden": 1}
    first = moved["steps"][0]
    assert "does not ask how far the model moved" in first["text"] and first["section"] == "hiding"
    coreheim = answer("hide", "coreheim-v10", this_turn="moved")
    assert table(coreheim["outcomes"]) == {"cannot-hide": 1}  # where the text draws the line, it is kept
