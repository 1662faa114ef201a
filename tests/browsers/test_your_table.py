"""Your table (#38), in Chromium at 360 px as a player uses it: models entered once fill every calculator
and the route planner, page to page, after a reload and offline; a table saved, cleared and opened again;
a house rule switched and named in the answer and in the link it shares; storage refused."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote

import pytest

from rulescore.house_rules import read_rule
from rulescore.web.answer import respond
from tests.browsers.test_accessibility import AXE
from tests.browsers.test_accessibility import RUN as AXE_RUN
from tests.browsers.test_accessibility import TAGS as AXE_TAGS
from tests.browsers.test_offline import offline_context, wait_ready_offline
from tests.helpers import NORMALISE, ROOT
from tests.site.test_html_valid import MATERIAL, run_checker

pytestmark = pytest.mark.browser

SHOTS = ROOT / "build" / "screenshots"
RULES = "/mordheim-1999/movement/"
ALDRIC = {"move": "5", "initiative": "5", "toughness": "4", "wounds": "2"}


def live(page, calc: str) -> None:
    page.wait_for_function(
        f"() => {{ const c = document.getElementById('{calc}'); return c && c.dataset.state === 'live' && !c.dataset.asking; }}",
        timeout=90_000,
    )


def add_model(page, name: str, ruleset: str, side: str, profile: dict[str, str]) -> None:
    page.fill("#table-name", name)
    page.select_option("#table-ruleset", ruleset)
    page.select_option("#table-side", side)
    for key, value in profile.items():
        page.fill(f"#table-{ruleset}-{key}", value)
    page.locator(".table-add button[type=submit]").click()
    page.locator(".table-models li", has_text=name).wait_for(timeout=90_000)


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=str(SHOTS / f"{name}-{scheme}-360.png"), full_page=False)
    page.emulate_media(color_scheme="light")


def filled(page, calc: str) -> dict[str, str]:
    return page.eval_on_selector_all(
        f"#{calc} [data-characteristic]", "fields => Object.fromEntries(fields.map(f => [f.name, f.value]))"
    )


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


def test_a_house_rule_is_named_in_the_answer_and_in_the_link_it_shares(browser, phone, server):
    phone.goto(server.origin + "/table/")
    phone.locator(".table-house[data-ruleset='mordheim-1999'] summary").click()
    phone.fill("#house-mordheim-1999-jump_down-max_height", "8")
    phone.locator(".table-house[data-ruleset='mordheim-1999'] button[type=submit]").click()
    phone.locator(".table-message", has_text="In play").wait_for(timeout=90_000)
    # A value the rules cannot take is refused next to it, with the reader's reason, and nothing changes.
    phone.fill("#house-mordheim-1999-jump_down-test_every", "two")
    phone.locator(".table-house[data-ruleset='mordheim-1999'] button[type=submit]").click()
    error = phone.locator(".table-house[data-ruleset='mordheim-1999'] .calc-error")
    error.filter(has_text="whole number").wait_for(timeout=30_000)
    stored = phone.evaluate("JSON.parse(localStorage.getItem('skirmish-table')).house_rules")
    assert stored == [{"ruleset": "mordheim-1999", "rule": "jump_down.max_height", "value": "8"}]
    phone.goto(server.origin + RULES + "?calc-jump-down.height=7#jumping-down")
    live(phone, "calc-jump-down")
    house = (read_rule("mordheim-1999", "jump_down.max_height", "8"),)
    said = phone.inner_text("#calc-jump-down .calc-house")
    assert said == house[0].words == "House rule: jump down, max height 8 (the rules: 6)."
    # An answer the house rule does not change does not name it.
    phone.fill("#calc-fall-height", "5")
    live(phone, "calc-fall")
    assert phone.locator("#calc-fall .calc-house").count() == 0
    phone.locator("#calc-jump-down .calc-headline").scroll_into_view_if_needed()
    shot(phone, "table-house-ruled-answer")
    link = phone.evaluate("location.href")
    assert "house=mordheim-1999~jump_down.max_height~8" in unquote(link)
    # Opened in a fresh profile: the answer is the sharer's, said so, and the player chooses.
    fresh = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    try:
        other = fresh.new_page()
        # Before Python arrives, an answer built into the page says it is the rules as written.
        server.hold(lambda path: path.startswith(("/assets/pyodide/", "/assets/py/", "/assets/snapshot/")))
        try:
            other.goto(link)
            other.locator(".calc-status", has_text="The rules as written").first.wait_for(timeout=30_000)
        finally:
            server.release()
        live(other, "calc-jump-down")
        assert other.inner_text("#calc-jump-down .calc-house") == house[0].words
        offer = other.locator(".calc-house-offer")
        assert "jump_down.max_height 8" in offer.inner_text()
        other.get_by_role("button", name="Play the rules as written").click()
        other.wait_for_function("() => !location.search.includes('house=')")
        other.wait_for_function(
            "() => document.querySelector('#calc-jump-down .calc-error')?.textContent.includes('at most 6')",
            timeout=60_000,
        )
        assert other.evaluate("localStorage.getItem('skirmish-table')") is None
        other.goto(link)
        other.get_by_role("button", name="Keep them on this phone").click()
        other.locator(".calc-house-offer", has_text="Kept:").wait_for(timeout=30_000)
        kept = other.evaluate("JSON.parse(localStorage.getItem('skirmish-table')).house_rules")
        assert kept == stored
    finally:
        fresh.close()


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
        assert "lasts for this visit only" in page.inner_text(".table-message")
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


def check(page, name: str, found: dict, saved: Path) -> None:
    """axe's violations on the page as it stands, and the page kept for the Nu checker."""
    (saved / f"{name}.html").write_text("<!doctype html>" + page.evaluate("document.documentElement.outerHTML"))
    page.add_script_tag(path=str(AXE))  # after the page is kept: the checker's own script is not ours
    violations = page.evaluate(AXE_RUN, AXE_TAGS)
    if violations:
        found[name] = violations


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_table_the_picker_and_a_house_ruled_answer_have_no_axe_or_nu_errors(browser, server, scheme, tmp_path):
    """The states the build never writes (a model listed, a card, the picker, a house rule named): axe at
    360 px in both schemes, and the Nu checker over each page as the player has it."""
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True, color_scheme=scheme, bypass_csp=True
    )
    found, saved = {}, tmp_path / "pages"
    saved.mkdir()
    try:
        page = context.new_page()
        page.goto(server.origin + "/table/")
        add_model(page, "Aldric", "mordheim-1999", "mine", ALDRIC)
        page.locator(".table-house[data-ruleset='mordheim-1999'] summary").click()
        page.fill("#house-mordheim-1999-jump_down-max_height", "8")
        page.locator(".table-house[data-ruleset='mordheim-1999'] button[type=submit]").click()
        page.locator(".table-message", has_text="In play").wait_for(timeout=60_000)
        page.get_by_role("button", name="Card of Aldric").click()
        page.locator(".table-card .card-rolls").wait_for(timeout=60_000)
        check(page, "table", found, saved)
        page.goto(server.origin + RULES + "?calc-jump-down.height=7#jumping-down")
        page.select_option("#calc-fall-pick-model", "Aldric")
        live(page, "calc-jump-down")
        page.locator("#calc-jump-down .calc-house").wait_for()
        check(page, "rules", found, saved)
    finally:
        context.close()
    assert found == {}, found
    errors = [m for m in run_checker(saved) if not any(re.fullmatch(p, m["message"]) for p, _ in MATERIAL)]
    assert errors == [], [(m["url"].rsplit("/", 1)[-1], m.get("lastLine"), m["message"]) for m in errors[:10]]


MARKUP = '<img src=x onerror="window.hacked=1">'


def test_markup_in_a_name_or_a_forged_house_rule_link_is_shown_as_text_and_changes_nothing(phone, server):
    phone.goto(server.origin + "/table/")
    add_model(phone, MARKUP[:40], "mordheim-1999", "mine", ALDRIC)
    assert MARKUP[:40] in phone.inner_text(".table-models")
    phone.get_by_role("button", name=f"Card of {MARKUP[:40]}").click()
    phone.locator(".table-card .card-rolls").wait_for(timeout=60_000)
    assert phone.inner_text(".table-card h2") == MARKUP[:40]
    phone.goto(server.origin + RULES + "#falling")
    phone.select_option("#calc-fall-pick-model", MARKUP[:40])
    live(phone, "calc-fall")
    # A link that forges a house rule the rules cannot take: refused by Python, said, and not kept.
    forged = "house=mordheim-1999~jump_down.max_height~" + "%3Cb%3Ebig%3C%2Fb%3E"
    phone.goto(server.origin + RULES + f"?calc-jump-down.height=4&{forged}#jumping-down")
    phone.wait_for_function(
        "() => document.querySelector('#calc-jump-down .calc-status').textContent.includes('could not be used')",
        timeout=60_000,
    )
    assert "<b>big</b>" in phone.inner_text(".calc-house-offer")  # the link's words, as text
    phone.get_by_role("button", name="Keep them on this phone").click()
    phone.locator(".calc-house-offer", has_text="Not kept").wait_for(timeout=30_000)
    assert "must be a whole number" in phone.inner_text(".calc-house-offer")
    assert phone.evaluate("JSON.parse(localStorage.getItem('skirmish-table')).house_rules") == []
    assert phone.evaluate("window.hacked") is None and phone.locator(".md-content b").count() == 0
    assert phone.console_errors == []
