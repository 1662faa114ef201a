"""No input makes a question take more than a bounded time (#36, item 2): every field and every leg is
answered or refused, whatever is typed or linked, and a leg reads numbers exactly as a field does."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulescore import calculate, catalogue
from rulescore.route.plan import plan
from rulescore.route.read import read_leg

CATALOGUE = catalogue()
PAIRS = [(name, ruleset) for name, entry in CATALOGUE.items() for ruleset in entry["rulesets"]]
# What a hostile link or a fat thumb types: exponents, separators, fractions, huge digits, signs.
NASTY = st.one_of(
    st.text(max_size=60),
    st.from_regex(r"[+-]?[0-9]{0,12}([.,_/eE][+-]?[0-9]{0,12}){0,3}\"?", fullmatch=True),
    st.sampled_from(["1e-99999999", "1e99999999", "9" * 500, "1_0", "4/1", "0x10", "NaN", "inf", "-0", "½", "٣"]),
)
LEG_WORDS = ["move", "climb up", "climb down", "gap", "jump down", "barrier", "charge", "diving charge"]


@pytest.mark.parametrize(("name", "ruleset"), PAIRS)
def test_a_plausible_value_given_alone_is_answered_or_refused_next_to_its_field(name, ruleset):
    """Every value a thumb makes likely, each in its own field: a refusal names that field, also where it
    clashes with another's default (a 5" gap with 4" of movement left), so the message is where the eye is."""
    plausible = [str(n) for n in range(25)] + ["0.5", "1.5", "-1", "+0", "-2", "+1", "100", "", "x"]
    for field in CATALOGUE[name]["rulesets"][ruleset]["fields"]:
        for value in [choice["value"] for choice in field.get("choices", [])] or plausible:
            answer = calculate(name, ruleset, {field["name"]: value})
            assert answer["ok"] or field["name"] in answer["errors"], (field["name"], value, answer["errors"])


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(PAIRS), st.data())
def test_every_field_answers_or_refuses_whatever_it_is_given(pair, data):
    name, ruleset = pair
    fields = CATALOGUE[name]["rulesets"][ruleset]["fields"]
    field = data.draw(st.sampled_from(fields))
    answer = calculate(name, ruleset, {field["name"]: data.draw(NASTY)})
    assert answer["ok"] or field["name"] in answer["errors"], answer


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(LEG_WORDS), NASTY, st.sampled_from(["", " drop ", " enemy ", " difficult"]), NASTY)
def test_every_leg_answers_or_refuses_whatever_it_is_given(kind, number, extra, more):
    legs = [f"{kind} {number}{extra}{more if extra.strip() in ('drop', 'enemy') else ''}"]
    answer = plan("mordheim-1999", {"activation": "charge" if "charge" in kind else "move", "start_height": "4"}, legs)
    assert answer.ok or "leg-1" in answer.errors or set(answer.errors) <= {"activation", "legs"}, answer


@pytest.mark.parametrize("number", ["1e-99999999", "1e1", "1_0", "4/1", "0x4", "9" * 40, "1.25"])
def test_a_leg_reads_numbers_as_a_field_does(number):
    with pytest.raises(ValueError):
        read_leg(f'move {number}"')
    assert read_leg("move 7,5").inches * 2 == 15  # a decimal comma, as in every field


def test_what_the_page_sends_in_the_wrong_shape_is_refused_by_field():
    """A form's JSON from a hostile page: a list where one value goes, a value where a list goes, items
    that are not text, more legs than a route holds. Each is refused next to its field; nothing raises."""
    import json

    from rulescore.web.answer import respond

    def said(name: str, ruleset: str, values: object) -> dict:
        return json.loads(respond(name, ruleset, json.dumps(values), ""))

    assert said("fall", "mordheim-1999", {"height": ["4", "5"]})["errors"] == {
        "height": "Height of the fall takes one value, not a list."
    }
    assert said("route", "mordheim-1999", {"legs": "move 2"})["errors"] == {
        "legs": "Legs, in order: give a list, one item each."
    }
    nested = said("route", "mordheim-1999", {"legs": [["move 2"], {"a": 1}, 3]})
    assert not nested["ok"] and set(nested["errors"]) == {"legs"}  # each item read as its text, and refused
    many = said("route", "mordheim-1999", {"legs": ["move 1"] * 41})
    assert many["errors"] == {"legs": "A route is at most 40 legs."}
    assert said("route", "mordheim-1999", {"legs": ["move 1"] * 40})["ok"]  # 40 are read (it runs out of movement)
    # Not cut to its first 80 characters, where "move 1      ...x" would read as the leg "move 1".
    long = said("route", "mordheim-1999", {"legs": ["move 1" + " " * 500 + "x"]})
    assert long["errors"] == {"legs": "Legs, in order: each at most 80 characters."}
