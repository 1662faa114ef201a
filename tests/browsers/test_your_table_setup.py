"""Your table set up as a player sets it up (#47), in Chromium at 360 px: a house rule played where it is
switched, a model entered, changed and carded, an enemy picked as a target and the spotter named so, an
animal that may not climb (#50)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browsers.table_steps import RULES, add_model, live, row, shot, unfold

pytestmark = pytest.mark.browser


def test_a_house_rule_plays_when_switched_says_so_there_and_is_undone_the_same_way(phone, server):
    """#47, item 1: no button at the foot of the form; a tick, a choice or a box left plays at once, said next
    to it, kept after a reload, and switched back the same way."""
    phone.goto(server.origin + "/table/")
    phone.locator(".table-house[data-ruleset='mordheim-1999'] > summary").click()
    assert phone.locator(".table-house button[type=submit]").count() == 0
    kept = "() => JSON.parse(localStorage.getItem('skirmish-table') || '{\"house_rules\": []}').house_rules"
    unfold(phone, "charge-no-climb")
    phone.check("#house-mordheim-1999-charge-no-climb")
    said = row(phone, "charge-no-climb").locator(".table-said")
    said.filter(has_text="In play: House rule: a model may climb during a charge.").wait_for(timeout=90_000)
    row(phone, "charge-no-climb").scroll_into_view_if_needed()
    shot(phone, "table-house-switched")
    unfold(phone, "jump_down.over_max")
    phone.select_option("#house-mordheim-1999-jump_down-over_max", "falls")
    choice = row(phone, "jump_down.over_max").locator(".table-said")
    choice.filter(has_text="In play").wait_for(timeout=60_000)
    assert "a jump down above the highest: falls (the rules: not allowed)" in choice.inner_text()
    assert {(r["rule"], r["value"]) for r in phone.evaluate(kept)} == {
        ("charge-no-climb", "otherwise"),
        ("jump_down.over_max", "falls"),
    }
    assert phone.inner_text(".table-house[data-ruleset='mordheim-1999'] .table-in-play") == "(2 in play)"
    # Each kind of rule is folded, and says how many of its own are in play (#63).
    mordheim = ".table-house[data-ruleset='mordheim-1999'] .table-house-group"
    jumping = phone.locator(mordheim, has=phone.locator("[data-row='jump_down.over_max']"))
    assert jumping.locator(".table-group-in-play").inner_text() == "(1 in play)"
    assert phone.locator(".table-house[data-ruleset='mordheim-1999'] .table-house-group[open]").count() == 2
    phone.reload()
    assert phone.is_checked("#house-mordheim-1999-charge-no-climb")
    assert phone.input_value("#house-mordheim-1999-jump_down-over_max") == "falls"
    phone.locator(".table-house[data-ruleset='mordheim-1999'] > summary").click()
    unfold(phone, "charge-no-climb")
    phone.uncheck("#house-mordheim-1999-charge-no-climb")
    row(phone, "charge-no-climb").locator(".table-said", has_text="Switched back").wait_for(timeout=90_000)
    assert [r["rule"] for r in phone.evaluate(kept)] == ["jump_down.over_max"]
    # Played where the answers are: a jump down over the highest falls, not refused.
    phone.goto(server.origin + RULES + "?calc-jump-down.height=8#jumping-down")
    live(phone, "calc-jump-down")
    assert phone.inner_text("#calc-jump-down .calc-error").strip() == ""
    assert "falls (the rules: not allowed)" in phone.inner_text("#calc-jump-down .calc-house")


def test_a_model_is_entered_in_boxes_that_show_changed_in_place_and_its_card_names_what_it_assumed(phone, server):
    """#47, item 3: boxes with a border in the light scheme and no grey numbers that look like values; a
    model changed in place; a card that names the values it took for characteristics the profile left out,
    and that goes when its model goes."""
    phone.goto(server.origin + "/table/")
    boxes = phone.eval_on_selector_all(
        ".table-add input[type=text]",
        "els => els.map(e => [e.placeholder, getComputedStyle(e).borderTopWidth, getComputedStyle(e).borderTopStyle])",
    )
    assert boxes and all(p == "" and w != "0px" and s != "none" for p, w, s in boxes), boxes
    add_model(phone, "Aldric", "mordheim-1999", "mine", {"move": "4"})
    phone.get_by_role("button", name="Card of Aldric").click()
    phone.locator(".table-card .card-rolls").wait_for(timeout=60_000)
    assert "Initiative 3, Toughness 3, Wounds 1" in phone.inner_text(".table-card .card-defaults")
    shot(phone, "table-card-assumed")
    phone.get_by_role("button", name="Change Aldric").click()
    assert phone.input_value("#table-mordheim-1999-move") == "4"
    phone.fill("#table-mordheim-1999-initiative", "5")
    phone.get_by_role("button", name="Keep the changes").click()
    phone.locator(".table-add .table-said", has_text="Changed Aldric").wait_for(timeout=60_000)
    assert phone.locator(".table-models li").count() == 1
    assert "Initiative 5" in phone.inner_text(".table-models")
    assert phone.is_hidden(".table-card")  # the card of the model as it was is put away
    phone.get_by_role("button", name="Card of Aldric").click()
    phone.locator(".table-card .card-rolls").wait_for(timeout=60_000)
    assert "Initiative" not in phone.inner_text(".table-card .card-defaults")
    # Renamed, it stays the model picked on the calculators' pages, under its new name.
    phone.evaluate(
        "localStorage.setItem('skirmish-picked', JSON.stringify({'mordheim-1999': {model: 'Aldric', target: ''}}))"
    )
    phone.reload()
    phone.get_by_role("button", name="Change Aldric").click()
    phone.fill("#table-name", "Aldric the Bold")
    phone.get_by_role("button", name="Keep the changes").click()
    phone.locator(".table-add .table-said", has_text="Changed Aldric the Bold").wait_for(timeout=60_000)
    picked = phone.evaluate("JSON.parse(localStorage.getItem('skirmish-picked'))['mordheim-1999']")
    assert picked == {"model": "Aldric the Bold", "target": ""}
    phone.get_by_role("button", name="Card of Aldric the Bold").click()
    phone.locator(".table-card .card-rolls").wait_for(timeout=60_000)
    phone.get_by_role("button", name="Remove Aldric the Bold").click()
    phone.locator(".table-models-said", has_text="Removed Aldric the Bold").wait_for()
    assert phone.is_hidden(".table-card")


def test_an_enemy_picked_as_a_target_fills_targets_only_and_the_spotter_is_named_so(phone, server):
    """#47, item 7: an enemy picked as one calculator's Target fills the target's fields of every calculator,
    and no calculator's Model; hiding's enemy is the one who spots, and its picker says so."""
    phone.goto(server.origin + "/table/")
    add_model(phone, "Knight", "whfb-6", "mine", {"move": "4", "initiative": "3"})
    add_model(phone, "Goblin", "whfb-6", "enemy", {"move": "5", "initiative": "2"})
    add_model(phone, "Orc Boy", "mordheim-1999", "enemy", {"move": "4", "initiative": "2"})
    phone.goto(server.origin + "/whfb-6/movement-phase/#calc-charge")
    phone.select_option("#calc-charge-pick-target", "Goblin")
    live(phone, "calc-charge")
    assert phone.input_value("#calc-charge-target_move") == "5"
    assert phone.input_value("#calc-charge-pick-model") == ""
    assert "From Goblin: Target's Movement" in phone.inner_text("#calc-charge .calc-pick-note")
    assert phone.get_attribute("#calc-charge-move", "data-from") is None  # the charger is no one picked
    models = phone.eval_on_selector_all("[data-pick='model']", "els => els.map(e => e.value)")
    assert models and set(models) == {""}, models
    phone.goto(server.origin + RULES + "#hiding")
    assert phone.inner_text("label[for='calc-hide-pick-target']") == "Spotting enemy"
    assert phone.locator("#calc-hide-pick-model").count() == 0  # the hiding model's own values are not asked


def test_an_animal_on_your_table_is_refused_a_climb_next_to_its_field(phone, server):
    """#50, item 5: a model can be an animal on Your table (a choice, not a number to type), and a climb
    calculator that picks it says that Mordheim's animals cannot climb: the rules' verdict, as the answer (#62)."""
    phone.goto(server.origin + "/table/")
    phone.fill("#table-name", "Wolf")
    phone.select_option("#table-mordheim-1999-animal", "yes")
    phone.fill("#table-mordheim-1999-move", "9")
    phone.locator(".table-add button[type=submit]").click()
    phone.locator(".table-models li", has_text="Wolf").wait_for(timeout=90_000)
    assert phone.evaluate("JSON.parse(localStorage.getItem('skirmish-table')).models[0].profile") == {
        "move": "9",
        "animal": "yes",
    }
    phone.goto(server.origin + RULES + "#climbing")
    phone.select_option("#calc-climb-pick-model", "Wolf")
    phone.wait_for_function(
        "() => document.querySelector('#calc-climb .calc-result').innerText.includes('animals cannot climb')",
        timeout=90_000,
    )
    said = phone.inner_text("#calc-climb .calc-result")
    assert said.startswith("Not allowed by the rules") and "ladders and stairs" in said, said
    assert phone.inner_text("#calc-climb [data-field=animal] .calc-error") == ""
    assert phone.inner_text("#calc-climb .calc-status") != "Fix the marked field."
    assert phone.input_value("#calc-climb-animal") == "yes"


def test_a_model_picked_after_an_animal_is_no_animal_unless_its_profile_says_so(phone, server):
    """#62, item 1: picking a model sets every field it gives and puts back the ruleset's default in every
    field it does not, after a reload too: a Youngblood picked after a warhound is not an animal."""
    table = {
        "format": "skirmish-rules-table",
        "version": 1,
        "models": [
            {"name": "Warhound", "ruleset": "mordheim-1999", "side": "mine", "profile": {"move": "6", "animal": "yes"}},
            {"name": "Youngblood", "ruleset": "mordheim-1999", "side": "mine", "profile": {"move": "4"}},
        ],
        "house_rules": [],
    }
    phone.goto(server.origin + "/table/")
    phone.evaluate("t => localStorage.setItem('skirmish-table', JSON.stringify(t))", table)
    phone.goto(server.origin + RULES + "#climbing")
    phone.select_option("#calc-climb-pick-model", "Warhound")
    assert phone.input_value("#calc-climb-animal") == "yes"
    phone.select_option("#calc-climb-pick-model", "Youngblood")
    assert phone.input_value("#calc-climb-animal") == "no"
    assert phone.input_value("#calc-climb-move") == "4"
    assert "calc-climb.animal=no" in phone.url or "animal" not in phone.url  # the address shares what is shown
    phone.goto(server.origin + RULES + "#climbing")  # the next visit to the page, not a shared link
    phone.locator("#calc-climb-pick-model").wait_for()
    assert phone.input_value("#calc-climb-pick-model") == "Youngblood"
    assert phone.input_value("#calc-climb-animal") == "no"
    # The route planner, where a player met it: the same.
    phone.goto(server.origin + "/mordheim-1999/route/")
    phone.select_option("#calc-route-pick-model", "Warhound")
    assert phone.input_value("#calc-route-animal") == "yes"
    phone.select_option("#calc-route-pick-model", "Youngblood")
    assert phone.input_value("#calc-route-animal") == "no"
    phone.goto(server.origin + RULES + "#climbing")
    phone.locator("#calc-climb-pick-model").wait_for()
    # Picking no one leaves the values as they are: the player types them.
    phone.select_option("#calc-climb-animal", "yes")
    phone.select_option("#calc-climb-pick-model", "")
    assert phone.input_value("#calc-climb-animal") == "yes"


def test_a_kept_house_rule_this_site_no_longer_plays_is_said_and_can_be_taken_out(phone, server):
    """#47, item 4's choice: words the answers only quote (what a fall stops) are no house rule a table plays;
    one kept by an older version is not played (Python refuses it, and the answers say so), is listed on Your
    table as such, and is taken out with one tap, the rest of the table kept."""
    stray = {"ruleset": "mordheim-1999", "rule": "fall.stops", "value": "may move on"}
    kept = {"ruleset": "mordheim-1999", "rule": "jump_down.max_height", "value": "8"}
    table = {"format": "skirmish-rules-table", "version": 1, "models": [], "house_rules": [kept, stray]}
    phone.goto(server.origin + "/table/")
    phone.evaluate("t => localStorage.setItem('skirmish-table', JSON.stringify(t))", table)
    phone.reload()
    box = phone.locator(".table-house[data-ruleset='mordheim-1999']")
    assert "fall, stops: may move on" in box.locator(".table-unplayable").inner_text()  # no configuration key
    # Said by the page's script once it has read the table: waited for, not read before it (a race under load).
    expect(box.locator(".table-in-play")).to_have_text("(1 in play)")
    box.get_by_role("button", name="Take it out").click()  # the box is open: there is something to take out
    expect(box.locator(".table-unplayable")).to_have_count(0)
    assert phone.evaluate("JSON.parse(localStorage.getItem('skirmish-table')).house_rules") == [kept]


def test_a_warband_is_entered_in_one_ruleset_and_a_repeated_profile_copied_in_one_tap(phone, server):
    """#63: after each model the ruleset went back to Mordheim 1999, and the note named that ruleset for a Living
    Rulebook model; a warband's repeated profiles had to be typed again. The ruleset chosen stays chosen, the
    note names the model's own, and Copy adds "Youngblood 2", then "Youngblood 3", checked by Python."""
    lrb = {"move": "4", "initiative": "3"}
    phone.goto(server.origin + "/table/")
    add_model(phone, "Captain", "mordheim-lrb", "mine", lrb)
    assert phone.input_value("#table-ruleset") == "mordheim-lrb"
    assert phone.locator(".table-profile[data-ruleset='mordheim-lrb']").is_visible()
    said = phone.inner_text(".table-add .table-said")
    assert said == "Added Captain: every Mordheim Living Rulebook calculator offers it now.", said
    # The next model only needs its name and profile: the ruleset is still the Living Rulebook's.
    phone.fill("#table-name", "Youngblood")
    for key, value in lrb.items():
        phone.fill(f"#table-mordheim-lrb-{key}", value)
    phone.locator(".table-add button[type=submit]").click()
    phone.locator(".table-models li", has_text="Youngblood (Mordheim Living Rulebook").wait_for(timeout=60_000)
    phone.get_by_role("button", name="Copy Youngblood").click()
    phone.locator(".table-models li", has_text="Youngblood 2 (").wait_for(timeout=60_000)
    assert "Copied Youngblood as Youngblood 2" in phone.inner_text(".table-models-said")
    phone.get_by_role("button", name="Copy Youngblood 2").click()
    phone.locator(".table-models li", has_text="Youngblood 3 (").wait_for(timeout=60_000)
    kept = phone.evaluate("JSON.parse(localStorage.getItem('skirmish-table')).models")
    assert [m["name"] for m in kept] == ["Captain", "Youngblood", "Youngblood 2", "Youngblood 3"]
    assert all(m["ruleset"] == "mordheim-lrb" and m["profile"] == lrb for m in kept)
    assert phone.console_errors == []


def test_a_warband_typed_a_line_a_model_is_read_shown_and_then_kept(phone, server):
    """#63: five models took about 50 taps. Typed as the roster sheet reads, for the ruleset and side chosen,
    they are read by Python and shown (a line it cannot read said by its number, nothing kept), then kept."""
    phone.goto(server.origin + "/table/")
    phone.locator("#players-table[data-ready]").wait_for(timeout=60_000)
    phone.select_option("#table-ruleset", "mordheim-lrb")
    phone.locator(".table-roster summary").click()
    assert phone.inner_text(".table-roster-order").startswith("Movement, Initiative, Toughness, Wounds")
    phone.fill("#table-roster-lines", "Captain 4 4 3 1 8\nYoungblood 4 3 3 1\nThug 2: 4 3 3 1\nDog 6 four 3 1")
    phone.get_by_role("button", name="Read the lines").click()
    error = phone.locator("#table-roster-error", has_text="Line 4")
    error.wait_for(timeout=90_000)
    assert "'four' is not a value of a profile" in error.inner_text()
    assert phone.get_attribute("#table-roster-lines", "aria-invalid") == "true"
    assert phone.inner_text(".table-models").startswith("No models yet")
    phone.fill("#table-roster-lines", "Captain 4 4 3 1 8\nYoungblood 4 3 3 1\nThug 2: 4 3 3 1")
    phone.get_by_role("button", name="Read the lines").click()
    shown = phone.locator(".table-roster-read li")
    shown.first.wait_for(timeout=60_000)
    assert shown.all_inner_texts() == [
        "Captain: Movement 4 · Initiative 4 · Toughness 3 · Wounds 1 · Leadership 8",
        "Youngblood: Movement 4 · Initiative 3 · Toughness 3 · Wounds 1",
        "Thug 2: Movement 4 · Initiative 3 · Toughness 3 · Wounds 1",
    ]
    assert phone.inner_text(".table-models").startswith("No models yet")  # shown, not kept yet
    shot(phone, "table-roster-read")
    phone.get_by_role("button", name="Keep these 3 models").click()
    phone.locator(".table-models li", has_text="Thug 2 (Mordheim Living Rulebook").wait_for(timeout=60_000)
    kept = phone.evaluate("JSON.parse(localStorage.getItem('skirmish-table')).models.map((m) => m.name)")
    assert kept == ["Captain", "Youngblood", "Thug 2"]
    assert phone.input_value("#table-roster-lines") == ""
    assert phone.console_errors == []
