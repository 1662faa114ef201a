"""#62, item 3, in Chromium at 360 px: the route planner opens on its legs and its answer; the model and what
is settled before the first inch fold into one line each that says the current choice; a field no choice
asks is not shown; a field with a message opens its fold and is marked beyond colour."""

from __future__ import annotations

import pytest

from tests.browsers.test_accessibility import AXE, RUN, STILL, TAGS
from tests.helpers import CHROMIUM, CHROMIUM_ARGS

pytestmark = pytest.mark.browser
SCREEN = 740
# The fields a route planner shows now, by name (those folded count: they are shown once unfolded).
SHOWN = "() => [...document.querySelectorAll('#calc-route .calc-field:not([hidden])')].map((f) => f.dataset.field)"


def said(page, fold: str) -> str:
    return page.inner_text(f"#calc-route [data-fold={fold}] > summary")


def test_it_opens_on_its_legs_and_its_answer(phone, server):
    phone.goto(server.origin + "/mordheim-lrb/route/")
    phone.wait_for_function("() => !document.querySelector('#calc-route .calc-glance').hidden")
    # On the first screen, with nothing scrolled: the first leg's kind and inches, and the answer's headline.
    for where in (
        "#calc-route .calc-leg-kind >> nth=0",
        "#calc-route .calc-leg-inches >> nth=0",
        "#calc-route .calc-glance",
    ):
        box = phone.locator(where).bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= SCREEN, (where, box)
    headline = phone.inner_text("#calc-route .calc-headline")
    assert phone.inner_text("#calc-route .calc-glance") == headline == "1 in 8 that it completes the route"
    # Folded, each saying what it holds; the fields inside not shown until a thumb opens the fold.
    assert said(phone, "model") == 'The model: Movement 4" · An animal: no · Initiative 3 · Toughness 3 · Wounds 1'
    assert said(phone, "before") == 'Before the first inch: A normal move · Height it starts at 0"'
    assert not phone.is_visible("#calc-route-move") and not phone.is_visible("#calc-route-activation")
    phone.locator("#calc-route [data-fold=model] > summary").tap()
    assert phone.is_visible("#calc-route-move")


def test_a_field_no_choice_asks_is_not_shown(phone, server):
    phone.goto(server.origin + "/mordheim-lrb/route/")
    phone.locator("#calc-route [data-fold=before] > summary").tap()
    moving = phone.evaluate(SHOWN)
    assert "nearest_enemy" not in moving and not {"target", "interceptor", "leadership", "others"} & set(moving)
    # A run is decided by the nearest enemy: asked, and said on the fold's line.
    phone.select_option("#calc-route-activation", "run")
    assert "nearest_enemy" in phone.evaluate(SHOWN)
    assert said(phone, "before") == (
        'Before the first inch: A run · Height it starts at 0" · Nearest enemy at the start of the turn 12"'
    )
    # A charge asks its own: the target, an enemy near the route, more than one in reach; a run's not.
    phone.select_option("#calc-route-activation", "charge")
    charging = set(phone.evaluate(SHOWN))
    assert {"target", "interceptor", "others"} <= charging and not {"nearest_enemy", "leadership"} & charging
    # The enemy's Leadership only when it fears the charger.
    phone.select_option("#calc-route-interceptor", "fears")
    assert "leadership" in phone.evaluate(SHOWN)
    assert "That enemy's Leadership 7" in said(phone, "before")
    # Being an animal is asked only by a climb: a route with none leaves it out, and the line says so.
    phone.locator("#calc-route [data-leg=clear]").tap()
    assert "animal" not in phone.evaluate(SHOWN)
    assert said(phone, "model") == 'The model: Movement 4" · Initiative 3 · Toughness 3 · Wounds 1'
    # The answer is for what the form shows: Python reads the same declaration.
    phone.locator("#calc-route [data-leg=add]").tap()
    phone.select_option("#calc-route-activation", "run")
    phone.wait_for_function(
        "() => document.getElementById('calc-route').dataset.state === 'live'"
        " && !document.getElementById('calc-route').dataset.asking",
        timeout=90_000,
    )
    answered = phone.text_content("#calc-route .calc-print-for")
    assert "Nearest enemy at the start of the turn 12" in answered, answered
    assert "An animal" not in answered and "target" not in answered, answered


def test_a_value_at_fault_opens_its_fold_and_marks_its_field(phone, server):
    phone.goto(server.origin + "/mordheim-lrb/route/?calc-route.move=abc")
    phone.wait_for_function("() => document.querySelector('#calc-route-move-error').textContent !== ''", timeout=90_000)
    assert phone.evaluate("document.querySelector('#calc-route [data-fold=model]').open")
    assert phone.is_visible("#calc-route-move")
    assert phone.get_attribute("#calc-route-move", "aria-invalid") == "true"
    # Marked beyond colour: a sign before the message, and the message beside the field.
    sign = phone.evaluate("getComputedStyle(document.querySelector('#calc-route-move-error'), '::before').content")
    assert "!" in sign or "⚠" in sign, sign
    assert phone.inner_text("#calc-route .calc-status") == "Fix the marked field."


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_fold_open_and_shut_has_no_axe_violation(playwright, server, scheme):
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    context = browser.new_context(
        viewport={"width": 360, "height": SCREEN}, is_mobile=True, has_touch=True, color_scheme=scheme, bypass_csp=True
    )
    page = context.new_page()
    try:
        page.goto(server.origin + "/mordheim-lrb/route/")
        page.add_script_tag(path=str(AXE))
        shut = page.evaluate(RUN, TAGS)
        page.locator("#calc-route [data-fold=model] > summary").tap()
        page.locator("#calc-route [data-fold=before] > summary").tap()
        page.select_option("#calc-route-activation", "charge")
        page.select_option("#calc-route-interceptor", "fears")
        assert page.evaluate("document.querySelector('#calc-route [data-fold=before]').open")
        # Checked once Python has answered these values: a shown answer for others is dimmed on purpose.
        page.wait_for_function(
            "() => !['stale', 'built'].includes(document.getElementById('calc-route').dataset.state)"
            " && !document.getElementById('calc-route').dataset.asking",
            timeout=90_000,
        )
        page.wait_for_function(STILL)  # the theme's header fades its title in after a scroll
        opened = page.evaluate(RUN, TAGS)
    finally:
        context.close()
        browser.close()
    assert shut == [] and opened == [], (shut, opened)
