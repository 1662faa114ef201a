"""#40: the answers a first visit shows for its first taps, worked out at build time. They are the forms a
player reaches with one or two taps, found by the page's own taps (calculators/src/taps.js, run in Node),
each kept under the page's own key, and each is what Python answers."""

from __future__ import annotations

import json

from rulescore.web.answer import respond
from sitegen.bundle import nearby

FALL = [  # Mordheim's fall calculator, as describe() gives it
    {"name": "height", "kind": "inches", "default": "4", "min": "0", "max": "24"},
    {"name": "toughness", "kind": "whole", "default": "3", "min": "1", "max": "10"},
    {"name": "wounds", "kind": "whole", "default": "1", "min": "1", "max": "10"},
]


def test_the_forms_two_taps_away_are_counted_by_hand():
    """Height 4, Toughness 3, Wounds 1 (its floor): one tap gives height 3 or 5, Toughness 2 or 4, Wounds 2
    (its − does nothing): 5. Two taps add height 2 or 6, Toughness 1 or 5, Wounds 3 (5), height and
    Toughness both moved (4), height and Wounds (2), Toughness and Wounds (2): 13. With the defaults, 19."""
    keyed = nearby.near(FALL)
    forms = [values for _, values in keyed]
    assert len(forms) == 19
    assert len({key for key, _ in keyed}) == 19
    assert forms[0] == {"height": "4", "toughness": "3", "wounds": "1"}
    assert {"height": "6", "toughness": "3", "wounds": "1"} in forms
    assert {"height": "5", "toughness": "4", "wounds": "1"} in forms
    assert {"height": "4", "toughness": "3", "wounds": "0"} not in forms  # below the floor: no tap reaches it
    assert {"height": "7", "toughness": "3", "wounds": "1"} not in forms  # three taps away
    assert keyed[0][0] == "height=4&toughness=3&wounds=1"  # the page's key: names in order


def said(field: dict) -> list[str]:
    """A one-field form's values a tap or two away, in the order the page's taps make them."""
    return [values[field["name"]] for _, values in nearby.near([field])]


def test_a_step_is_written_as_the_page_writes_it():
    """Nearest first: the value, its - and +, then theirs (a value met again is not repeated)."""
    modifier = {"name": "m", "kind": "modifier", "default": "+0", "min": "-5", "max": "5"}
    assert said(modifier) == ["+0", "-1", "+1", "-2", "+2"]  # as a profile prints it
    half = {"name": "h", "kind": "inches", "default": "0.5", "min": "0", "max": "24"}
    assert said(half) == ["0.5", "0", "1.5", "1", "2.5"]  # - stops at the floor; a half stays a half
    choice = {"name": "c", "kind": "choice", "default": "a", "choices": [{"value": v} for v in "abc"]}
    assert said(choice) == ["a", "b", "c"]
    target = {"name": "i", "kind": "whole", "default": "7+", "min": "1", "max": "13"}
    assert said(target) == ["7+", "6", "8", "5", "7", "9"]  # a roll needed as printed, "7+", steps from 7


def test_every_stored_answer_is_pythons_answer_on_any_page():
    """Each stored answer, its placeholder root swapped for a page's, is the HTML Python gives that page
    for the same values; a refused form is left out (Python says why); every calculator has its file."""
    names = []
    every = list(nearby.calculators())
    forms_of = nearby.forms_near({name: fields for name, fields, _ in every})
    for name, _, ask in every:
        names.append(name)
        stored = nearby.answers(forms_of[name], ask)
        assert stored, name
        for key, values in forms_of[name]:
            reply = json.loads(ask(values, "../../"))
            if not reply["ok"]:
                assert key not in stored
                continue
            html, words = stored[key]
            assert html.replace(nearby.ROOT, "../../") == reply["html"] and words == reply["for"], (name, values)
            assert nearby.ROOT not in reply["html"]
    assert "mordheim-1999-fall" in names and "compare-fall" in names
    assert "mordheim-1999-route" in names and "trench-crusade-route" in names  # #51: the planner's too


ROUTE_LEGS = {"name": "legs", "kind": "list", "default": ["climb up 2", 'gap 1"'], "choices": [  # as describe() gives it
    {"value": "move {}", "step": "1", "lowest": "1"}, {"value": "climb up {}", "step": "1", "lowest": "1"},
    {"value": "gap {}", "step": "1", "lowest": "1"}, {"value": "charge {}", "step": "1", "lowest": "0"}]}  # fmt: skip


def test_the_routes_one_tap_away_are_counted_by_hand():
    """Two legs, four kinds, as the legs editor changes them (calculators/src/legs.js). Leg 1 (climb up 2):
    − and + (1", 3"), three other kinds, out, an inserted leg after it: 7. Leg 2 (gap 1"): − does nothing at
    its 1" floor, + (2"), three other kinds, out, up, inserted after: 7. A leg added at the end is the leg
    inserted after the last: none more. So 14, and with the route itself, 15. A second tap is kept only where a
    player makes it most (#62, item 5): the same tap again. Leg 1's + again (4"), out again (no legs), a
    second leg inserted after it; leg 2's + again (3"), a second leg inserted after it (the same as one added
    twice). Leg 1's − again stays at its floor; a kind picked again is no change; leg 2 moved up again is
    the route itself. So 5 more: 20."""
    keyed = nearby.near([ROUTE_LEGS])
    assert len(keyed) == 20 and len({key for key, _ in keyed}) == 20
    second = [v["legs"] for _, v in keyed[15:]]
    assert sorted(map(str, second)) == sorted(
        map(
            str,
            [
                ['climb up 4"', 'gap 1"'],
                [],
                ["climb up 2", 'move 2"', 'move 2"', 'gap 1"'],
                ["climb up 2", 'gap 3"'],
                ["climb up 2", 'gap 1"', 'move 2"', 'move 2"'],
            ],
        )
    )
    legs = [v["legs"] for _, v in keyed]
    assert ['climb up 3"', 'gap 1"'] in legs and ['climb up 1"', 'gap 1"'] in legs  # the stepped leg gets its mark
    assert ['move 2"', 'gap 1"'] in legs and ["climb up 2", 'charge 1"'] in legs  # a kind changed, inches kept
    assert ['gap 1"', "climb up 2"] in legs and ["climb up 2", 'move 2"', 'gap 1"'] in legs  # up; inserted
    assert ["climb up 2", 'gap 1"', 'move 2"'] in legs and ['gap 1"'] in legs  # added at the end; one out
    assert ["climb up 2", 'gap 0"'] not in legs  # a leg's floor is its step (a charge's is 0)
    # The model's Movement after a tap on the legs is kept; a tap on one leg then another is not.
    movement = {
        "name": "move",
        "kind": "inches",
        "default": "4",
        "min": "1",
        "max": "20",
        "characteristic": "model.move",
    }
    moved = [v for _, v in nearby.near([ROUTE_LEGS, movement])]
    assert {"legs": ['climb up 3"', 'gap 1"'], "move": "5"} in moved
    assert {"legs": ['climb up 3"', 'gap 1"'], "move": "3"} in moved
    assert not [v for v in moved if v["legs"] == ['climb up 3"', 'gap 2"']]
    # The page's key: a list as JavaScript's JSON.stringify writes it.
    move = {"name": "move", "kind": "whole", "default": "4", "min": "1", "max": "20"}
    assert nearby.near([{**ROUTE_LEGS, "default": ['move 2"']}, move])[0][0] == 'legs=["move 2\\""]&move=4'
    kinds = [
        {"value": "barrier {}", "step": "0.5", "lowest": "0.5"},
        {"value": "charge {}", "step": "1", "lowest": "0"},
    ]
    charge = [v["legs"] for _, v in nearby.near([{**ROUTE_LEGS, "default": ["charge 0"], "choices": kinds}])]
    assert ['charge 1"'] in charge and ['barrier 0"'] in charge  # a kind changed keeps its inches
    barrier = [v["legs"] for _, v in nearby.near([{**ROUTE_LEGS, "default": ["barrier 1"], "choices": kinds}])]
    assert ['barrier 0.5"'] in barrier and ['barrier 1.5"'] in barrier  # a low wall in half inches


def test_a_stored_answer_is_the_one_for_its_own_values():
    """Not a neighbour's: the answer kept for Toughness 4 is Python's for Toughness 4, not for 3."""
    name, fields, ask = next(c for c in nearby.calculators() if c[0] == "mordheim-1999-fall")
    stored = nearby.answers(nearby.near(fields), ask)
    four, three = "height=4&toughness=4&wounds=1", "height=4&toughness=3&wounds=1"
    assert stored[four] != stored[three]
    values = {"height": "4", "toughness": "4", "wounds": "1"}
    reply = json.loads(respond("fall", "mordheim-1999", json.dumps(values), nearby.ROOT))
    assert stored[four] == [reply["html"], reply["for"]]
    assert reply["for"] == 'Height of the fall 4", Toughness 4, Wounds 1'
