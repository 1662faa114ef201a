"""A player's table (#38): models read by the calculators' own fields, a table file read whole or refused
whole, and the command line's --model and --house-rules."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from rulescore import RULESETS
from rulescore.answers.fields import FieldError
from rulescore.entry import answer, fields_of
from rulescore.table.file import FORMAT, PlayersTable, TableError, read_table
from rulescore.table.models import fill, profile, read_model
from tests.helpers import ROOT

ALDRIC = {"name": "Aldric", "ruleset": "mordheim-1999", "side": "mine", "profile": {"move": "5", "initiative": "4"}}
OGRE = {"name": "Ogre", "ruleset": "mordheim-lrb", "side": "enemy", "profile": {"leadership": "7", "initiative": "2"}}


def table_text(**parts) -> str:
    return json.dumps({"format": FORMAT, "version": 1, "models": [ALDRIC], "house_rules": []} | parts)


def test_a_model_has_the_characteristics_its_rulesets_calculators_read():
    names = {rules.id: [field.name for field in profile(rules)] for rules in RULESETS.values()}
    # Mordheim's animals cannot climb (#50, item 5): a model is one or not.
    assert names["mordheim-1999"] == ["move", "initiative", "toughness", "wounds", "animal"]
    assert names["mordheim-lrb"] == ["move", "initiative", "toughness", "wounds", "leadership", "animal"]
    assert names["coreheim-v10"] == ["move", "initiative", "toughness", "wounds"]
    assert names["trench-crusade"] == ["move"]
    coreheim = {field.name: field for field in profile(RULESETS["coreheim-v10"])}
    assert coreheim["toughness"].kind == "modifier" and coreheim["initiative"].target  # as its profiles print them


def test_a_model_fills_its_own_fields_and_the_target_the_enemys():
    model, target = read_model(ALDRIC), read_model({**OGRE, "ruleset": "mordheim-1999", "profile": {"initiative": "2"}})
    assert fill(fields_of("hide", "mordheim-1999"), model, target) == {"initiative": "2"}  # the enemy's Initiative
    assert fill(fields_of("jump-down", "mordheim-1999"), model, target) == {"initiative": "4"}
    assert fill(fields_of("route", "mordheim-1999"), model) == {"move": "5", "initiative": "4"}
    lrb = fill(fields_of("charge", "mordheim-lrb"), read_model({**ALDRIC, "ruleset": "mordheim-lrb"}), read_model(OGRE))
    assert lrb == {"move": "5", "initiative": "4", "leadership": "7"}


@pytest.mark.parametrize(
    ("model", "said"),
    [
        ({**ALDRIC, "profile": {"move": "fast"}}, "Movement must be a number"),
        ({**ALDRIC, "profile": {"initiative": "11"}}, "Initiative must be at most 10"),
        ({**ALDRIC, "profile": {"leadership": "7"}}, "Mordheim 1999 models have no 'leadership'"),
        ({**ALDRIC, "profile": {"move": 5}}, "give it as text"),
        ({**ALDRIC, "name": ""}, "Give the model a name"),
        ({**ALDRIC, "name": "x" * 41}, "at most 40 characters"),
        ({**ALDRIC, "side": "theirs"}, "Side is one of"),
        ({**ALDRIC, "ruleset": "mordheim-2000"}, "No ruleset"),
        ({**ALDRIC, "colour": "red"}, "A model is its name"),
    ],
)
def test_a_model_the_calculators_would_refuse_is_refused_with_the_reason(model, said):
    with pytest.raises(TableError) as refused:
        read_table(table_text(models=[model]))
    assert said in str(refused.value)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("not json", "it is not JSON"),
        (json.dumps([1, 2]), "does not say format"),
        (table_text(version=2), "this site reads version 1"),
        (table_text(notes="hi"), "not 'notes'"),
        (table_text(models=[ALDRIC, ALDRIC]), "already called 'Aldric'"),
        (table_text(models=[ALDRIC] * 61), "at most 60"),
        (table_text(house_rules=[{"ruleset": "mordheim-1999", "rule": "test", "value": "a coin"}]), "House rule 1"),
        ("x" * 100_001, "at most 100000 characters"),
    ],
)
def test_a_table_file_is_read_whole_or_refused_whole(text, said):
    with pytest.raises(TableError) as refused:
        read_table(text)
    assert said in str(refused.value)


def test_a_table_reads_back_what_it_wrote():
    table = read_table(
        table_text(
            models=[ALDRIC, OGRE],
            house_rules=[{"ruleset": "mordheim-1999", "rule": "jump_down.max_height", "value": "8"}],
        )
    )
    assert read_table(json.dumps(table.to_json())) == table
    assert isinstance(table, PlayersTable) and table.model("mordheim-lrb", "Ogre").profile == {
        "initiative": "2",
        "leadership": "7",
    }


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rulescore", *args], cwd=ROOT, capture_output=True, text=True)


def test_the_command_line_reads_a_table_file_as_the_site_exports_it(tmp_path):
    file = tmp_path / "table.json"
    file.write_text(
        table_text(house_rules=[{"ruleset": "mordheim-1999", "rule": "jump_down.max_height", "value": "8"}])
    )
    done = run(
        "jump-down",
        "--ruleset",
        "mordheim-1999",
        "--model",
        str(file),
        "--house-rules",
        str(file),
        "height=7",
        "wounds=2",
    )
    assert done.returncode == 0, done.stdout
    data = json.loads(done.stdout)
    assert data["from_model"] == {"initiative": "4"}  # the model's; wounds given here win
    assert data["inputs"]["wounds"] == "2" and data["defaults_used"] == {"toughness": "3"}
    assert data["house_rules"] == ['House rule: highest jump down: 8" (the rules: 6").']
    expected = answer(
        "jump-down",
        "mordheim-1999",
        {"height": "7", "initiative": "4", "wounds": "2"},
        house=read_table(file.read_text()).house_rules,
    )
    assert data["headlines"] == list(expected.headlines)
    # Without the house rules, the same jump is refused as the rules are written, and that is said.
    written = run("jump-down", "--ruleset", "mordheim-1999", "--model", str(file), "height=7")
    assert written.returncode == 2
    assert "holds 1 house rule(s), not played: add --house-rules" in written.stderr
    # A file saved with a byte-order mark (as some editors save it, and the site opens) reads the same.
    marked = tmp_path / "marked.json"
    marked.write_bytes(b"\xef\xbb\xbf" + file.read_bytes())
    again = run(
        "jump-down",
        "--ruleset",
        "mordheim-1999",
        "--model",
        str(marked),
        "--house-rules",
        str(marked),
        "height=7",
        "wounds=2",
    )
    assert again.returncode == 0 and json.loads(again.stdout)["headlines"] == data["headlines"], again.stdout


def test_the_command_line_refuses_a_table_it_cannot_use(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text(table_text(models=[{**ALDRIC, "profile": {"move": "fast"}}]))
    for args, said in [
        (("--model", str(broken)), "Model 1: Movement must be a number"),
        (("--model", str(tmp_path / "missing.json")), "cannot read"),
        (("--name", "Aldric"), "pick models from a --model file"),
    ]:
        done = run("fall", "--ruleset", "mordheim-1999", *args)
        assert done.returncode == 2
        assert said in json.loads(done.stdout)["errors"]["table"]


# #47, item 12: 40,000 brackets overflowed the parser's stack (a traceback here; Pyodide lost in the page).
DEEP = "[" * 40_000 + "1" + "]" * 40_000


def test_a_table_nested_deeper_than_any_table_is_refused_at_once(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text(table_text()[:-1] + f', "x": {DEEP}}}')
    with pytest.raises(TableError, match="nest deeper than any table's"):
        read_table(deep.read_text())
    done = run("fall", "--ruleset", "mordheim-1999", "--model", str(deep))
    assert done.returncode == 2, done.stderr[-500:]
    assert "nest deeper than any table's" in json.loads(done.stdout)["errors"]["table"]
    # Brackets inside a name are text, not nesting: a table with such a name still reads.
    named = table_text(models=[{**ALDRIC, "name": "[[[[[[[[[[Aldric"}])
    assert read_table(named).models[0].name == "[[[[[[[[[[Aldric"


def test_a_page_sending_deep_values_or_house_rules_is_refused_not_crashed():
    from rulescore.web.answer import FORM_REFUSED, respond

    assert respond("fall", "mordheim-1999", json.dumps({"height": "4"})[:-1] + f', "x": {DEEP}}}') == FORM_REFUSED
    said = json.loads(respond("fall", "mordheim-1999", json.dumps({"height": "4"}), "", DEEP))
    assert not said["ok"] and "nested more than" in said["errors"]["house_rules"]


def test_the_command_lines_list_names_the_route_planner_with_its_fields():
    listed = json.loads(run("--list").stdout)
    route = listed["route"]["rulesets"]["mordheim-1999"]
    assert route["title"] == "Plan a move" and "legs" in [field["name"] for field in route["fields"]]
    assert "whfb-6" not in listed["route"]["rulesets"]  # its legs cannot be planned: no route offered


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Aldric\u202eevil", "no invisible or direction marks"),  # a right-to-left override turns the words after it
        ("\u200b\u200b", "no invisible or direction marks"),  # zero-width: a name that shows as nothing
        ("Al\u0000dric", "no invisible or direction marks"),
    ],
)
def test_a_name_that_would_not_show_as_written_is_refused(name, said):
    with pytest.raises(FieldError, match=said):
        read_model({**ALDRIC, "name": name})


@pytest.mark.parametrize("other", ["aldric", "ALDRIC", "\uff21ldric", "  Aldric "])
def test_two_models_a_player_would_read_as_one_name_are_refused(other):
    with pytest.raises(TableError, match="already called"):
        read_table(table_text(models=[ALDRIC, {**ALDRIC, "name": other}]))
    # Kept apart by ruleset: the same name in another ruleset is another model.
    assert len(read_table(table_text(models=[ALDRIC, {**OGRE, "name": other}])).models) == 2
    # And picked by the name as a player types it.
    assert read_table(table_text()).model("mordheim-1999", other).name == "Aldric"


def test_a_card_names_the_values_it_took_and_only_the_house_rules_its_rows_use():
    """#47, items 3 and 10: a model with only its Movement given shows odds worked out from the calculators'
    own Initiative, Toughness and Wounds, said so; a house rule that changes no row (a jump down of 8": the
    card's highest row is 6") is not named, one that does (a run beside an enemy at 10") is."""
    from rulescore.web.table import card_html

    model = {"name": "Aldric", "ruleset": "mordheim-1999", "side": "mine", "profile": {"move": "4"}}
    house = [
        {"ruleset": "mordheim-1999", "rule": "jump_down.max_height", "value": "8"},
        {"ruleset": "mordheim-1999", "rule": "run.enemy_range", "value": "12"},
    ]
    text = json.dumps({"format": FORMAT, "version": 1, "models": [model], "house_rules": house})
    html = json.loads(card_html(text, "mordheim-1999", "Aldric"))["html"]
    assert "taken as each calculator does: Initiative 3, Toughness 3, Wounds 1." in html
    assert "highest jump down" not in html
    assert "no run with an enemy within: 12&quot;" in html  # escaped, as every value
    # The run row is the one the house rule changes: an enemy 10" away stops a run within 12", not 8".
    assert "may not run" in html.split("Run (enemy 10")[1]
    full = {**model, "profile": {"move": "4", "initiative": "4", "toughness": "3", "wounds": "1"}}
    html = json.loads(
        card_html(json.dumps({"format": FORMAT, "version": 1, "models": [full]}), "mordheim-1999", "Aldric")
    )
    assert "card-defaults" not in html["html"]


WARBAND = [  # #63's warband: five Living Rulebook models, two Youngbloods and three Thugs
    {"name": name, "ruleset": "mordheim-lrb", "side": "mine", "profile": profile_}
    for name, profile_ in [
        ("Youngblood", {"move": "4", "initiative": "3", "toughness": "3", "wounds": "1"}),
        ("Youngblood 2", {"move": "4", "initiative": "3", "toughness": "3", "wounds": "1"}),
        ("Thug", {"move": "4", "initiative": "3", "toughness": "3", "wounds": "1"}),
        ("Thug 2", {"move": "4", "initiative": "3", "toughness": "3", "wounds": "1"}),
        ("Warhound", {"move": "6", "initiative": "4", "toughness": "3", "wounds": "1", "animal": "yes"}),
    ]
]
WARBAND_HOUSE = [
    {"ruleset": "mordheim-lrb", "rule": "jump_down.max_height", "value": "8"},
    {"ruleset": "mordheim-lrb", "rule": "run.enemy_range", "value": "12"},
]


def test_the_table_sheet_holds_every_card_and_the_house_rules_in_their_words():
    """#63: the whole table on one sheet: each model's card as its own card shows it, then each house rule
    the table plays, named with its ruleset; an empty table says so and shows nothing."""
    from rulescore.web.table import card_html, sheet_html

    text = json.dumps({"format": FORMAT, "version": 1, "models": WARBAND, "house_rules": WARBAND_HOUSE})
    sheet = json.loads(sheet_html(text))
    assert sheet["ok"], sheet
    for model in WARBAND:  # the same card, word for word, as the card a model's name opens
        assert json.loads(card_html(text, "mordheim-lrb", model["name"]))["html"] in sheet["html"]
    assert sheet["html"].count('<article class="card"') == 5
    rules = sheet["html"].split('class="sheet-house"')[1]
    assert "Mordheim Living Rulebook: House rule: highest jump down: 8&quot;" in rules
    assert "Mordheim Living Rulebook: House rule: no run with an enemy within: 12&quot;" in rules
    empty = json.loads(sheet_html(json.dumps({"format": FORMAT, "version": 1, "models": []})))
    assert empty == {"ok": False, "errors": {"sheet": "Your table holds no model and no house rule yet."}}
    assert json.loads(sheet_html("not a table"))["ok"] is False
