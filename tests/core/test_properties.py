"""Properties over many inputs: tables sum to 1, odds move the way the rules say, no input breaks it."""

from fractions import Fraction as F

from hypothesis import given, settings
from hypothesis import strategies as st

from rulescore import RULESETS, calculate, catalogue

CATALOGUE = catalogue()
PAIRS = [(name, ruleset) for name, entry in CATALOGUE.items() for ruleset in entry["rulesets"]]


def field_value(field: dict):
    if field["kind"] == "choice":
        return st.sampled_from([c["value"] for c in field["choices"]])
    low, high = F(field["min"]), F(field["max"])
    if field["kind"] == "whole":
        return st.integers(int(low), int(high)).map(str)
    if field["kind"] == "modifier":
        return st.integers(int(low), int(high)).map(lambda m: f"{m:+d}")
    return st.integers(int(low * 2), int(high * 2)).map(lambda half: str(F(half, 2).__float__()))


@st.composite
def valid_request(draw):
    name, ruleset = draw(st.sampled_from(PAIRS))
    fields = CATALOGUE[name]["rulesets"][ruleset]["fields"]
    values = {f["name"]: draw(field_value(f)) for f in fields}
    return name, ruleset, values


def chance(result: dict, *keys: str) -> F:
    return sum((F(r["probability"]) for r in result["outcomes"] if r["outcome"] in keys), F(0))


@settings(max_examples=300, deadline=None)
@given(valid_request())
def test_every_table_sums_to_one(request):
    result = calculate(*request)
    if result["ok"]:
        for table in [result["outcomes"]] + [extra["outcomes"] for extra in result["extra"]]:
            assert sum(F(row["probability"]) for row in table) == 1
        assert result["steps"] and result["headline"]
    else:
        assert "calculator" not in result["errors"]  # refused by a rule, not broken


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from([r.id for r in RULESETS.values() if r.jump_down and r.fall]),
    st.integers(0, 14).map(lambda h: F(h, 2)),
    st.integers(1, 12),
    st.integers(1, 5),
    st.integers(1, 3),
)
def test_higher_initiative_never_makes_a_jump_riskier(ruleset, height, initiative, toughness, wounds):
    if RULESETS[ruleset].test.value.over:
        better, worse = initiative, initiative + 1  # roll-high: a lower target number is better
    else:
        better, worse = min(initiative + 1, 10), min(initiative, 10)
    values = {"height": str(float(height)), "toughness": str(toughness), "wounds": str(wounds)}
    good = calculate("jump-down", ruleset, {**values, "initiative": str(better)})
    bad = calculate("jump-down", ruleset, {**values, "initiative": str(worse)})
    assert good["ok"] == bad["ok"]
    if good["ok"]:
        assert chance(good, "landed") >= chance(bad, "landed")
        assert chance(good, "fell-out-of-action") <= chance(bad, "fell-out-of-action")


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(PAIRS_CHARGE := [p for p in PAIRS if p[0] == "charge"]),
    st.integers(2, 16),
    st.integers(0, 60),
    st.data(),
)
def test_longer_charges_are_never_easier(pair, move, half_inches, data):
    _, ruleset = pair
    fields = {f["name"]: f for f in CATALOGUE["charge"]["rulesets"][ruleset]["fields"]}
    base = {"move": str(move)}
    if "terrain" in fields:  # any ground the ruleset names
        base["terrain"] = data.draw(st.sampled_from([c["value"] for c in fields["terrain"]["choices"]]))
    near = calculate("charge", ruleset, {**base, "distance": str(half_inches / 2)})
    far = calculate("charge", ruleset, {**base, "distance": str(half_inches / 2 + 0.5)})
    assert near["ok"] and far["ok"]
    assert chance(near, "reaches") >= chance(far, "reaches")


@settings(max_examples=200, deadline=None)
@given(
    st.text(max_size=20), st.text(max_size=20), st.dictionaries(st.text(max_size=12), st.text(max_size=30), max_size=6)
)
def test_entry_point_never_raises_on_arbitrary_strings(calculator, ruleset, values):
    result = calculate(calculator, ruleset, values)
    assert result["ok"] is False and result["errors"]
    assert not any("Internal error" in message for message in result["errors"].values())


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(PAIRS), st.data())
def test_arbitrary_field_text_gets_a_message_not_an_exception(pair, data):
    name, ruleset = pair
    fields = [f["name"] for f in CATALOGUE[name]["rulesets"][ruleset]["fields"]]
    values = data.draw(st.dictionaries(st.sampled_from(fields), st.text(max_size=15), max_size=len(fields)))
    result = calculate(name, ruleset, values)
    if not result["ok"]:
        assert set(result["errors"]) <= set(fields)
        assert all(isinstance(m, str) and m for m in result["errors"].values())
    else:
        for table in [result["outcomes"]] + [extra["outcomes"] for extra in result["extra"]]:
            assert sum(F(row["probability"]) for row in table) == 1


ARGUMENT = st.one_of(
    st.text(max_size=12),
    st.sampled_from(
        [
            "--ruleset",
            "--ruleset=mordheim-1999",
            "coreheim-v10",
            "fall",
            "charge",
            "height=4",
            "height=",
            "=4",
            "toughness=+0",
            "move=99999999999",
            "distance=3,5",
            "-x",
        ]
    ),
    st.builds(
        lambda name, value: f"{name}={value}",
        st.sampled_from(["height", "move", "distance", "toughness", ""]),
        st.text(max_size=8),
    ),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(ARGUMENT, max_size=6))
def test_the_command_line_answers_every_argument_list_with_json(argv):
    """Exit 0 with a result whose tables sum to 1, or exit 2 with messages: never a traceback or usage text."""
    import contextlib
    import io
    import json

    from rulescore.__main__ import main

    if any(arg in ("-h", "--help", "--list") for arg in argv):
        return
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(argv)
    result = json.loads(out.getvalue())
    assert code == (0 if result["ok"] else 2)
    if result["ok"]:
        for table in [result["outcomes"]] + [extra["outcomes"] for extra in result["extra"]]:
            assert sum(F(row["probability"]) for row in table) == 1
    else:
        assert result["errors"] and all(isinstance(m, str) and m for m in result["errors"].values())
        assert not any("Internal error" in m for m in result["errors"].values())
