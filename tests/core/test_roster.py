"""A warband typed as a roster sheet reads (#63): a line a model, its name then its profile in the order Your
table's form shows; every model read as any model is, each line that cannot be said by its number, and
hostile lines (too long, too many, names Your table refuses, values no field takes) refused, never kept."""

from __future__ import annotations

import json

import pytest

from rulescore.rulebooks import RULESETS
from rulescore.table.file import MOST_MODELS
from rulescore.table.models import Model, profile
from rulescore.table.roster import LINE_LONGEST, read_roster
from rulescore.web.table import respond_roster

LRB = "mordheim-lrb"
EMPTY = json.dumps({"format": "skirmish-rules-table", "version": 1, "models": [], "house_rules": []})


def test_the_order_is_the_forms_and_a_line_reads_as_a_player_writes_it():
    assert [field.name for field in profile(RULESETS[LRB])][:4] == ["move", "initiative", "toughness", "wounds"]
    models, errors = read_roster(
        LRB, "mine", "Youngblood 4 3 3 1\n\n# the heroes\nThug 2: 4 3 3 1 7\nDog 6 - 3 1 5 yes\n"
    )
    assert errors == {}
    assert models == [
        Model("Youngblood", LRB, "mine", {"move": "4", "initiative": "3", "toughness": "3", "wounds": "1"}),
        Model(
            "Thug 2", LRB, "mine", {"move": "4", "initiative": "3", "toughness": "3", "wounds": "1", "leadership": "7"}
        ),
        Model("Dog", LRB, "mine", {"move": "6", "toughness": "3", "wounds": "1", "leadership": "5", "animal": "yes"}),
    ]


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("4 3 3 1", "give its name first"),
        ("Youngblood 4 3 three 1", "'three' is not a value of a profile"),
        ("Youngblood 4 3 3 1 7 yes 9", "7 values, and a Mordheim Living Rulebook profile here has 6"),
        ("Youngblood 99 3 3 1", "Movement"),
        ("Youngblood 4 3 3 1 7 8", "An animal '8': Choose one of"),  # the value and the column it stands in
        ("Young\u202eblood 4 3 3 1", "no invisible or direction marks"),
        ("Y" * 41 + " 4 3 3 1", "at most 40 characters"),
        ("Youngblood " + "4 " * 150, f"longer than {LINE_LONGEST} characters"),
    ],
)
def test_a_line_that_cannot_be_read_is_said_by_its_number_and_nothing_of_it_kept(line, said):
    models, errors = read_roster(LRB, "mine", f"Captain 4 4 3 1\n{line}")
    assert [m.name for m in models] == ["Captain"]
    assert list(errors) == ["line-2"] and errors["line-2"].startswith("Line 2") and said in errors["line-2"], errors


def test_markup_in_a_name_is_its_text_as_on_your_table():
    """Kept as written and shown as text wherever it lands (Your table's names are escaped: test_house_rules_page)."""
    models, errors = read_roster(LRB, "mine", "<b>Boss</b> 4")
    assert errors == {} and models[0].name == "<b>Boss</b>"


def test_a_name_taken_by_the_table_or_an_earlier_line_is_refused():
    kept = (Model("Thug", LRB, "mine", {}),)
    _, errors = read_roster(LRB, "mine", "THUG 4 3 3 1\nOgre 5\nogre 5", kept)
    assert set(errors) == {"line-1", "line-3"} and "already called" in errors["line-3"]


def test_more_models_than_a_table_holds_or_text_of_any_size_is_refused_whole():
    lines = "\n".join(f"Thug {n}: 4 3 3 1" for n in range(MOST_MODELS + 1))
    assert "a table holds at most 60" in read_roster(LRB, "mine", lines)[1]["roster"]
    assert "at most" in read_roster(LRB, "mine", "x" * 10_000_000)[1]["roster"]
    assert read_roster(LRB, "mine", None)[1]["roster"].startswith("A roster is text")
    assert read_roster("nowhere", "mine", "Thug 4")[1]["roster"].startswith("No ruleset")
    assert "Side is one of" in read_roster(LRB, "theirs", "Thug 4")[1]["line-1"]


def test_the_page_gets_the_table_as_it_would_be_kept_or_what_is_wrong_by_line():
    reply = json.loads(respond_roster(EMPTY, LRB, "enemy", "Ogre 6 3 4 3 8"))
    assert reply["ok"] and reply["table"]["models"] == [
        {
            "name": "Ogre",
            "ruleset": LRB,
            "side": "enemy",
            "profile": {"move": "6", "initiative": "3", "toughness": "4", "wounds": "3", "leadership": "8"},
        }
    ]
    refused = json.loads(respond_roster(EMPTY, LRB, "enemy", "Ogre 6 3 4 3 8\nGoblin 4 x"))
    assert not refused["ok"] and list(refused["errors"]) == ["line-2"] and "table" not in refused
    assert not json.loads(respond_roster(EMPTY, LRB, "mine", "\n# nothing\n"))["ok"]
    assert not json.loads(respond_roster("{not json", LRB, "mine", "Thug 4"))["ok"]
