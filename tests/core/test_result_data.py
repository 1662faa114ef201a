"""An answer's headline chance and the roll that decides it, carried as data on the Result (#49): the same
chance the headline says and the same roll its second line gives, over the seeded grid, so a layer that
shows them its own way (a big number, a glance) never reads them back from the words."""

from __future__ import annotations

import re
from fractions import Fraction as F

import pytest

from rulescore.answers.explain import chance_words, percent_words
from rulescore.entry import answer
from tests.core.grid import PAIRS, grid

SAID = re.compile(r"\d+ in \d+|\d%|certain|no chance")


def chances(result) -> set[F]:
    """Every chance the answer's tables give, and 0 for an outcome they leave out (a headline's chance is one)."""
    rows = [*result.outcomes, *(row for table in result.extra for row in table.rows)]
    reach = {distance[1] for distance in result.reach.rows} if result.reach else set()
    return {row.chance for row in rows} | reach | {F(0)}


@pytest.mark.parametrize(("name", "ruleset_id"), PAIRS)
def test_the_headline_chance_and_roll_are_the_ones_said(name, ruleset_id):
    for values in grid(name, ruleset_id, randoms=15):
        result = answer(name, ruleset_id, values)
        if not result.ok:
            continue
        assert len(result.chances) == len(result.headlines), values
        for line, chance in zip(result.headlines, result.chances, strict=True):
            if chance is not None:  # the line's own chance, said in it ("if not intercepted: 1 in 2 ...")
                assert chance_words(chance) in line or percent_words(chance) in line, (values, line)
                assert chance in chances(result), values
            else:
                assert not SAID.search(line), (values, line)  # a line that says no chance ("crosses it freely")
        if result.chance is not None:  # the answer's own: the first line's that gives one
            assert result.chance == result.chances[result.chance_line], values
        if result.roll is not None:
            assert result.headlines[1] == result.roll, values  # said as its second line


@pytest.mark.parametrize(
    ("legs", "activation", "done"),
    [
        (["move 2", "gap 1 drop 3"], "move", F(1, 2)),  # the route's Initiative 3: a 1, 2 or 3 on one D6
        (["move 2"], "move", F(1)),  # said "it always completes the route": the chance is still data
        (["move 9"], "move", F(0)),
    ],
)
def test_a_routes_chance_is_that_it_gets_to_the_end(legs, activation, done):
    result = answer("route", "mordheim-1999", {"legs": legs, "activation": activation, "move": "4"})
    assert result.ok and result.chance == done and result.chances == (done,)
    assert result.chance == sum((row.chance for row in result.outcomes if row.outcome == "completes"), F(0))


def test_with_an_interceptor_the_chance_is_on_the_line_after_the_enemys_choice():
    # Line 1 is the enemy's choice, which no chance decides; line 2 gives the chance that the route ends.
    values = {"move": "4", "initiative": "4", "toughness": "3", "wounds": "1", "activation": "charge"}
    legs = ["move 1", "jump down 2", "charge 2"]  # Living Rulebook, Charge!: one enemy within 2" may intercept
    result = answer("route", "mordheim-lrb", {**values, "interceptor": "yes", "legs": legs})
    assert result.ok and result.headlines[0] == "the enemy chooses whether to intercept", result.headlines
    assert result.chances[0] is None and result.chance_line == 1 and result.chance == result.chances[1]
    assert result.chance is not None and chance_words(result.chance) in result.headlines[1]
