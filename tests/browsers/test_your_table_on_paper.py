"""Your table checked as it is typed, before the runtime, and printed whole on one A4 sheet (#63), in
Chromium at 360 px (the sheet's pages counted in a PDF laid out at the paper's width)."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser


RUNTIME = ("/assets/pyodide/", "/assets/py/", "/assets/snapshot/")


def test_a_model_is_checked_as_it_is_typed_before_the_runtime_arrives(phone, server):
    """#63: adding a model waited for Python ("Checking the model…"), on a first visit for the whole runtime.
    A value surely at fault is said as the box is left, and at "Add", in Python's words, with no runtime byte
    arrived; nothing is kept. Python still decides what is kept once it is up."""
    server.hold(lambda path: path.startswith(RUNTIME))
    try:
        phone.goto(server.origin + "/table/")
        phone.select_option("#table-ruleset", "mordheim-lrb")
        phone.fill("#table-name", "Youngblood")
        move = "#table-mordheim-lrb-move"
        phone.fill(move, "25")
        phone.locator("#table-mordheim-lrb-initiative").focus()  # the box left
        assert phone.inner_text("#table-add-error") == "Movement must be at most 20."
        assert phone.get_attribute(move, "aria-invalid") == "true"
        phone.fill(move, "four")
        phone.locator("#table-add button[type=submit], .table-add button[type=submit]").first.tap()
        assert phone.inner_text("#table-add-error") == "Movement must be a number, not 'four'."
        assert phone.evaluate("localStorage.getItem('skirmish-table')") is None  # nothing kept
        phone.fill(move, '4"')  # as a profile prints it: not at fault
        phone.locator("#table-mordheim-lrb-initiative").focus()
        assert phone.inner_text("#table-add-error") == ""
        assert phone.get_attribute(move, "aria-invalid") == "false"
    finally:
        server.release()
    phone.locator(".table-add button[type=submit]").tap()
    phone.locator(".table-models li", has_text="Youngblood").wait_for(timeout=120_000)
    assert phone.console_errors == []


def sheet_shown(page, server) -> None:
    """#63's warband kept, Your table opened, and "Print the whole table" tapped: the sheet worked out."""
    from tests.core.test_table import WARBAND, WARBAND_HOUSE

    table = {"format": "skirmish-rules-table", "version": 1, "models": WARBAND, "house_rules": WARBAND_HOUSE}
    page.goto(server.origin + "/table/")
    page.evaluate("t => localStorage.setItem('skirmish-table', JSON.stringify(t))", table)
    page.reload()
    # No dialog in a test: the page's print is counted instead (wrapped: a function given alone is called).
    page.evaluate("() => { window.print = () => { window.printed = (window.printed || 0) + 1; }; }")
    page.locator(".table-sheet-print").click()
    page.wait_for_function("() => window.printed === 1", timeout=120_000)


def test_the_whole_table_prints_on_one_a4_sheet_in_ink_with_no_controls(phone, server, browser):
    """#63: every model's card and the table's house rules on one A4 sheet, no controls printed, in ink."""
    sheet_shown(phone, server)
    assert phone.locator(".table-sheet .card").count() == 5
    phone.emulate_media(media="print")
    try:
        shown = phone.evaluate(
            """() => [...document.querySelectorAll('button, select, input, textarea, a.site-table-link')]
                 .filter((e) => e.getClientRects().length > 0).map((e) => e.textContent || e.name)"""
        )
        assert shown == [], shown  # no control on paper
        ink = phone.evaluate(
            "[...document.querySelectorAll('.table-sheet td, .table-sheet th, .table-sheet h2, .table-sheet li')]"
            ".map((e) => getComputedStyle(e).color)"
        )
        assert ink and set(ink) == {"rgb(0, 0, 0)"}, set(ink)
    finally:
        phone.emulate_media(media="screen")
    # After printing the sheet is put away: a table changed later would leave it showing odds it no longer has.
    phone.evaluate("window.dispatchEvent(new Event('afterprint'))")
    assert phone.locator(".table-sheet").is_hidden()
    assert phone.console_errors == []
    # On A4, laid out at the paper's width as a printer does (a phone's emulated screen would lay it out at 360 px).
    context = browser.new_context()
    try:
        page = context.new_page()
        sheet_shown(page, server)
        pdf = page.pdf(format="A4", print_background=False)
    finally:
        context.close()
    pages = re.findall(rb"/Type\s*/Page(?!s)", pdf)  # each page of the PDF Chromium prints
    assert len(pages) == 1, len(pages)
