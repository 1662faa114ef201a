"""#40: the answers a first visit shows for its first taps, worked out at build time. They are the forms a
player reaches with one or two taps, stepped as the page steps them, and each is what Python answers."""

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
    forms = nearby.near(FALL)
    assert len(forms) == 19
    assert len({nearby.key(values) for values in forms}) == 19
    assert forms[0] == {"height": "4", "toughness": "3", "wounds": "1"}
    assert {"height": "6", "toughness": "3", "wounds": "1"} in forms
    assert {"height": "5", "toughness": "4", "wounds": "1"} in forms
    assert {"height": "4", "toughness": "3", "wounds": "0"} not in forms  # below the floor: no tap reaches it
    assert {"height": "7", "toughness": "3", "wounds": "1"} not in forms  # three taps away
    assert nearby.key(forms[0]) == "height=4&toughness=3&wounds=1"  # the page's key: names in order


def test_a_step_is_written_as_the_page_writes_it():
    modifier = {"name": "m", "kind": "modifier", "default": "+0", "min": "-5", "max": "5"}
    assert [v["m"] for v in nearby.one_tap([modifier], {"m": "+0"})] == ["-1", "+1"]
    assert [v["m"] for v in nearby.one_tap([modifier], {"m": "-1"})] == ["-2", "+0"]
    half = {"name": "h", "kind": "inches", "default": "0.5", "min": "0", "max": "24"}
    assert [v["h"] for v in nearby.one_tap([half], {"h": "0.5"})] == ["0", "1.5"]
    choice = {
        "name": "c",
        "kind": "choice",
        "default": "a",
        "choices": [{"value": "a"}, {"value": "b"}, {"value": "c"}],
    }
    assert [v["c"] for v in nearby.one_tap([choice], {"c": "a"})] == ["b", "c"]
    target = {"name": "i", "kind": "whole", "default": "7+", "min": "1", "max": "13"}
    assert [v["i"] for v in nearby.one_tap([target], {"i": "7+"})] == ["6", "8"]


def test_every_stored_answer_is_pythons_answer_on_any_page():
    """Each stored answer, its placeholder root swapped for a page's, is the HTML Python gives that page
    for the same values; a refused form is left out (Python says why); every calculator has its file."""
    names = []
    for name, fields, ask in nearby.calculators():
        names.append(name)
        stored = nearby.answers(fields, ask)
        assert stored, name
        forms = nearby.near(fields)
        for values in forms:
            reply = json.loads(ask(values, "../../"))
            if not reply["ok"]:
                assert nearby.key(values) not in stored
                continue
            html, said = stored[nearby.key(values)]
            assert html.replace(nearby.ROOT, "../../") == reply["html"] and said == reply["for"], (name, values)
            assert nearby.ROOT not in reply["html"]
    assert "mordheim-1999-fall" in names and "compare-fall" in names
    assert "mordheim-1999-route" in names and "trench-crusade-route" in names  # #51: the planner's too


ROUTE_LEGS = {"name": "legs", "kind": "list", "default": ["climb up 2", 'gap 1"'], "choices": [
    {"value": "move {}"}, {"value": "climb up {}"}, {"value": "gap {}"}, {"value": "charge {}"}]}  # fmt: skip


def test_the_routes_one_tap_away_are_counted_by_hand():
    """Two legs, four kinds, as the legs editor changes them (calculators/src/legs.js). Leg 1 (climb up 2):
    − and + (1", 3"), three other kinds, out, an inserted leg after it: 7. Leg 2 (gap 1"): − does nothing at
    its 1" floor, + (2"), three other kinds, out, up, inserted after: 7. A leg added at the end is the leg
    inserted after the last: none more. So 14, and with the route itself, 15; a route is one tap deep (every
    leg's taps make it wide enough)."""
    forms = nearby.near([ROUTE_LEGS])
    assert len(forms) == 15 and len({nearby.key(v) for v in forms}) == 15
    legs = [v["legs"] for v in forms]
    assert ['climb up 3"', 'gap 1"'] in legs and ['climb up 1"', 'gap 1"'] in legs  # the stepped leg gets its mark
    assert ['move 2"', 'gap 1"'] in legs and ["climb up 2", 'charge 1"'] in legs  # a kind changed, inches kept
    assert ['gap 1"', "climb up 2"] in legs and ["climb up 2", 'move 2"', 'gap 1"'] in legs  # up; inserted
    assert ["climb up 2", 'gap 1"', 'move 2"'] in legs and ['gap 1"'] in legs  # added at the end; one out
    assert ["climb up 2", 'gap 0"'] not in legs  # a leg's floor is its step (a charge's is 0)
    # The page's key: a list as JavaScript's JSON.stringify writes it.
    assert nearby.key({"legs": ['move 2"'], "move": "4"}) == 'legs=["move 2\\""]&move=4'
    half = {**ROUTE_LEGS, "default": ["charge 0"], "choices": [{"value": "barrier {}"}, {"value": "charge {}"}]}
    assert ['charge 1"'] in [v["legs"] for v in nearby.near([half])]
    assert ["barrier 0.5"] not in [v["legs"] for v in nearby.near([half])]  # a kind changed keeps its inches


def test_a_stored_answer_is_the_one_for_its_own_values():
    """Not a neighbour's: the answer kept for Toughness 4 is Python's for Toughness 4, not for 3."""
    name, fields, ask = next(c for c in nearby.calculators() if c[0] == "mordheim-1999-fall")
    stored = nearby.answers(fields, ask)
    four = {"height": "4", "toughness": "4", "wounds": "1"}
    three = {"height": "4", "toughness": "3", "wounds": "1"}
    assert stored[nearby.key(four)] != stored[nearby.key(three)]
    reply = json.loads(respond("fall", "mordheim-1999", json.dumps(four), nearby.ROOT))
    assert stored[nearby.key(four)] == [reply["html"], reply["for"]]
    assert reply["for"] == 'Height of the fall 4", Toughness 4, Wounds 1'
