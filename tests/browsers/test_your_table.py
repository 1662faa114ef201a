"""Your table (#38), in Chromium at 360 px as a player uses it: models entered once fill every calculator
and the route planner, page to page, after a reload and offline; a table saved, cleared and opened again;
storage refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulescore.web.answer import respond
from tests.browsers.table_steps import ALDRIC, RULES, add_model, filled, live, row, shot
from tests.browsers.test_offline import offline_context, wait_ready_offline
from tests.helpers import NORMALISE

pytestmark = pytest.mark.browser


def test_a_model_entered_once_fills_every_calculator_page_to_page_and_after_a_reload(phone, server):
    phone.goto(server.origin + "/table/")
    add_model(phone, "Aldric", "mordheim-1999", "mine", ALDRIC)
    add_model(phone, "Ogre", "mordheim-1999", "enemy", {"initiative": "2", "move": "6"})
    assert "Aldric (Mordheim 1999, my warband)" in phone.inner_text(".table-models")
    phone.goto(server.origin + RULES + "#jumping-down")
    phone.select_option("#calc-jump-down-pick-model", "Aldric")
    # Picked once: every calculator of the page takes it, and says where each value came from.
    for calc in ("calc-jump-down", "calc-fall", "calc-gap", "calc-climb", "calc-charge"):
        values = filled(phone, calc)
        for name, value in values.items():
            if name in ALDRIC:
                assert value == ALDRIC[name], (calc, name, value)
        assert phone.input_value(f"#{calc}-pick-model") == "Aldric"
    assert phone.inner_text("#calc-jump-down .calc-pick-note").startswith("From Aldric: Initiative, Toughness, Wounds")
    # The hide calculator's Initiative is the enemy's: the target fills it, not the model.
    assert phone.input_value("#calc-hide-initiative") == "3"
    phone.select_option("#calc-hide-pick-target", "Ogre")
    assert phone.input_value("#calc-hide-initiative") == "2"
    live(phone, "calc-jump-down")
    expected = json.loads(
        respond(
            "jump-down",
            "mordheim-1999",
            json.dumps({"height": "4", **{k: ALDRIC[k] for k in ("initiative", "toughness", "wounds")}}),
            "../../",
        )
    )
    assert phone.evaluate(NORMALISE, phone.inner_html("#calc-jump-down .calc-result")) == phone.evaluate(
        NORMALISE, expected["html"]
    )
    # A field changed by hand says it no longer matches the model.
    phone.fill("#calc-jump-down-initiative", "3")
    assert "Initiative no longer matches Aldric." in phone.inner_text("#calc-jump-down .calc-pick-note")
    shot(phone, "table-picker")
    # The next page (the route planner) has it too, and so does the page after a reload.
    phone.goto(server.origin + "/mordheim-1999/route/")
    phone.wait_for_selector("#calc-route[data-ready]")
    assert {k: v for k, v in filled(phone, "calc-route").items() if k in ALDRIC} == ALDRIC
    live(phone, "calc-route")
    phone.go_back()
    phone.wait_for_selector("#calc-fall[data-ready]")
    assert filled(phone, "calc-fall") == {"toughness": "4", "wounds": "2"}
    phone.reload()
    phone.wait_for_selector("#calc-fall[data-ready]")
    assert filled(phone, "calc-fall") == {"toughness": "4", "wounds": "2"}
    # A model's card: what it rolls at a glance, worked out by the same Python.
    phone.goto(server.origin + "/table/")
    phone.get_by_role("button", name="Card of Aldric").click()
    phone.locator(".table-card .card-rolls").wait_for(timeout=90_000)
    card = phone.inner_text(".table-card")
    jump4 = json.loads(
        respond(
            "jump-down",
            "mordheim-1999",
            json.dumps({"height": "4", "initiative": "5", "toughness": "4", "wounds": "2"}),
        )
    )
    assert 'Jump down 4"' in card and jump4["html"].split("<strong>")[1].split("</strong>")[0] in card
    phone.locator(".table-card").scroll_into_view_if_needed()
    shot(phone, "table-card")
    assert phone.console_errors == []
    assert all(url.startswith(server.origin) for url in phone.requests)


def test_a_table_saved_cleared_and_opened_again(phone, server, tmp_path: Path):
    phone.goto(server.origin + "/table/")
    add_model(phone, "Aldric", "mordheim-1999", "mine", ALDRIC)
    with phone.expect_download() as saving:
        phone.get_by_role("button", name="Save as a file").click()
    saved = tmp_path / "table.json"
    saving.value.save_as(saved)
    data = json.loads(saved.read_text())
    assert data["models"][0] == {"name": "Aldric", "ruleset": "mordheim-1999", "side": "mine", "profile": ALDRIC}
    phone.once("dialog", lambda dialog: dialog.accept())
    phone.get_by_role("button", name="Clear this table").click()
    assert phone.inner_text(".table-models").startswith("No models yet")
    # A damaged file is refused with what is wrong, changing nothing.
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({**data, "models": [{**data["models"][0], "profile": {"move": "ninety"}}]}))
    phone.set_input_files("#table-import", str(broken))
    phone.locator(".table-message", has_text="nothing was changed").wait_for(timeout=90_000)
    assert "Movement must be a number" in phone.inner_text(".table-message")
    assert phone.inner_text(".table-models").startswith("No models yet")
    phone.once("dialog", lambda dialog: dialog.accept())
    phone.set_input_files("#table-import", str(saved))
    phone.locator(".table-models li", has_text="Aldric").wait_for(timeout=30_000)
    # As a link: the table in the address's fragment, opened in another page after the player agrees.
    phone.evaluate(
        "() => { navigator.share = async (data) => { window.shared = data.url; }; }"
    )  # the share sheet, stood in for
    phone.get_by_role("button", name="Copy a link to this table").click()
    link = phone.evaluate("window.shared")
    assert "#table=" in link and "Aldric" not in link  # the table is in the fragment, encoded
    phone.once("dialog", lambda dialog: dialog.accept())
    phone.get_by_role("button", name="Clear this table").click()
    phone.goto("about:blank")
    phone.once("dialog", lambda dialog: dialog.accept())
    phone.goto(link)
    phone.locator(".table-models li", has_text="Aldric").wait_for(timeout=90_000)
    assert "#table=" not in phone.evaluate("location.href")


def test_storage_refused_works_for_the_visit_and_says_so(browser, server):
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    context.add_init_script(
        "Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('refused', 'SecurityError'); } });"
    )
    try:
        page = context.new_page()
        page.goto(server.origin + "/table/")
        page.wait_for_selector("#players-table[data-ready]")
        assert "work for this visit only" in page.inner_text(".table-status")
        add_model(page, "Aldric", "mordheim-1999", "mine", ALDRIC)
        assert "lasts for this visit only" in page.inner_text(".table-add .table-said")
    finally:
        context.close()


def test_models_and_house_rules_work_offline(browser, built_site):
    from tests.server import StaticServer

    server = StaticServer(built_site)
    context, requests = offline_context(browser)
    try:
        page = context.new_page()
        page.goto(server.base + "table/")
        wait_ready_offline(page)
        add_model(page, "Aldric", "mordheim-1999", "mine", ALDRIC)
        page.goto(server.base + RULES.lstrip("/"))
        wait_ready_offline(page)
        server.stop()
        context.set_offline(True)
        page.reload()
        page.wait_for_selector("#calc-fall[data-ready]")
        page.select_option("#calc-fall-pick-model", "Aldric")
        assert filled(page, "calc-fall") == {"toughness": "4", "wounds": "2"}
        live(page, "calc-fall")
        page.goto(server.base + "table/")
        assert "Aldric" in page.inner_text(".table-models")
    finally:
        context.close()
        if server.thread.is_alive():
            server.stop()
    assert all(url.startswith(server.base) for url in requests)


def test_the_table_page_reached_by_a_tap_is_set_up_there_and_again_after_back(phone, server):
    phone.goto(server.origin + RULES)  # a page with calculators: the next one is put in place, not loaded
    phone.evaluate("window.testMark = 'here'")
    phone.evaluate("document.querySelector('a.md-nav__link[href$=\"table/\"]').click()")  # the menu's link
    phone.wait_for_selector("#players-table[data-ready]")
    assert phone.evaluate("window.testMark === 'here' && history.state && history.state.swapped === true")
    add_model(phone, "Aldric", "mordheim-1999", "mine", ALDRIC)
    phone.go_back()
    phone.wait_for_function("() => location.pathname.endsWith('/mordheim-1999/movement/')")
    phone.go_forward()
    phone.wait_for_selector("#players-table[data-ready]")
    assert "Aldric" in phone.inner_text(".table-models")
    assert phone.evaluate("window.testMark === 'here'")  # one page all along: one worker, one table script
    assert phone.evaluate("document.querySelectorAll('script[src*=\"your-table.js\"]').length") == 1
    assert phone.console_errors == []


def test_a_model_added_in_each_of_two_tabs_keeps_both(phone, server):
    """#47 item 14: a model added in one tab and another in a second left only the second's."""
    phone.goto(server.origin + "/table/")
    phone.locator("#players-table[data-ready]").wait_for(timeout=60_000)
    other = phone.context.new_page()
    other.goto(server.origin + "/table/")
    other.locator("#players-table[data-ready]").wait_for(timeout=60_000)
    add_model(phone, "Aldric", "mordheim-1999", "mine", ALDRIC)
    # The second tab shows the first's model as soon as it is kept, and says why the list changed.
    other.locator(".table-models li", has_text="Aldric").wait_for(timeout=30_000)
    assert "changed in another tab" in other.inner_text(".table-message")
    add_model(other, "Berthold", "mordheim-1999", "mine", ALDRIC)
    kept = phone.evaluate("JSON.parse(localStorage.getItem('skirmish-table')).models.map((m) => m.name)")
    assert sorted(kept) == ["Aldric", "Berthold"]
    phone.locator(".table-models li", has_text="Berthold").wait_for(timeout=30_000)
    other.close()


def test_a_kept_table_this_page_cannot_read_is_set_aside_never_overwritten_unsaid(phone, server):
    """#47 item 13: a table of another format version was dropped without a word, and the next model added
    wrote over it. Now it is said, set aside word for word before anything is written, and offered as a file."""
    newer = json.dumps({"format": "skirmish-rules-table", "version": 2, "models": [{"name": "From the future"}]})
    phone.goto(server.origin + "/")
    phone.evaluate("text => localStorage.setItem('skirmish-table', text)", newer)
    phone.goto(server.origin + "/table/")
    note = phone.locator(".table-unreadable")
    note.wait_for(timeout=60_000)
    assert "cannot be read here" in note.inner_text() and "not lost" in note.inner_text()
    add_model(phone, "Aldric", "mordheim-1999", "mine", ALDRIC)
    assert phone.evaluate("localStorage.getItem('skirmish-table-set-aside')") == newer
    note.get_by_text("set aside, word for word").wait_for()
    with phone.expect_download() as download:
        note.get_by_role("button", name="Save the set-aside table as a file").click()
    assert Path(download.value.path()).read_text(encoding="utf-8") == newer
    assert [m["name"] for m in phone.evaluate("JSON.parse(localStorage.getItem('skirmish-table')).models")] == [
        "Aldric"
    ]


def test_a_house_rule_plays_when_switched_says_so_there_and_is_undone_the_same_way(phone, server):
    """#47, item 1: no button at the foot of the form; a tick, a choice or a box left plays at once, said next
    to it, kept after a reload, and switched back the same way."""
    phone.goto(server.origin + "/table/")
    phone.locator(".table-house[data-ruleset='mordheim-1999'] summary").click()
    assert phone.locator(".table-house button[type=submit]").count() == 0
    kept = "() => JSON.parse(localStorage.getItem('skirmish-table') || '{\"house_rules\": []}').house_rules"
    phone.check("#house-mordheim-1999-charge-no-climb")
    said = row(phone, "charge-no-climb").locator(".table-said")
    said.filter(has_text="In play: House rule: a model may climb during a charge.").wait_for(timeout=90_000)
    row(phone, "charge-no-climb").scroll_into_view_if_needed()
    shot(phone, "table-house-switched")
    phone.select_option("#house-mordheim-1999-jump_down-over_max", "falls")
    choice = row(phone, "jump_down.over_max").locator(".table-said")
    choice.filter(has_text="In play").wait_for(timeout=60_000)
    assert "a jump down above the highest: falls (the rules: not allowed)" in choice.inner_text()
    assert {(r["rule"], r["value"]) for r in phone.evaluate(kept)} == {
        ("charge-no-climb", "otherwise"),
        ("jump_down.over_max", "falls"),
    }
    assert phone.inner_text(".table-house[data-ruleset='mordheim-1999'] .table-in-play") == "(2 in play)"
    phone.reload()
    assert phone.is_checked("#house-mordheim-1999-charge-no-climb")
    assert phone.input_value("#house-mordheim-1999-jump_down-over_max") == "falls"
    phone.locator(".table-house[data-ruleset='mordheim-1999'] summary").click()
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
    calculator that picks it says, next to the field, that Mordheim's animals cannot climb."""
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
        "() => document.querySelector('#calc-climb [data-field=animal] .calc-error').textContent.includes('animals cannot climb')",
        timeout=90_000,
    )
    assert phone.input_value("#calc-climb-animal") == "yes"
