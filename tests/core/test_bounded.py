"""No input makes a question take more than a bounded time (#36, item 2): every field and every leg is
answered or refused, whatever is typed or linked, and a leg reads numbers exactly as a field does."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulescore import calculate, catalogue
from rulescore.legs import read_leg
from rulescore.routes import plan

CATALOGUE = catalogue()
PAIRS = [(name, ruleset) for name, entry in CATALOGUE.items() for ruleset in entry["rulesets"]]
# What a hostile link or a fat thumb types: exponents, separators, fractions, huge digits, signs.
NASTY = st.one_of(
    st.text(max_size=60),
    st.from_regex(r"[+-]?[0-9]{0,12}([.,_/eE][+-]?[0-9]{0,12}){0,3}\"?", fullmatch=True),
    st.sampled_from(["1e-99999999", "1e99999999", "9" * 500, "1_0", "4/1", "0x10", "NaN", "inf", "-0", "½", "٣"]),
)
LEG_WORDS = ["move", "climb up", "climb down", "gap", "jump down", "barrier", "charge", "diving charge"]


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
