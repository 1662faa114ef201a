"""What setting up Your table costs a thumb (`python -m benchmarks.table_setup`): #63's five Living Rulebook
models and two house rules entered in Chromium at 360 px, the taps and characters counted as they are made,
model by model in the add form as before #63 (the ruleset chosen again for each model, since it went back to
Mordheim 1999), and now (the roster typed a line a model, a repeated profile copied, the ruleset chosen once).
Both end with the same table kept; the time each took is printed beside them."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page

from benchmarks.common import ROOT, build_site
from tests.helpers import CHROMIUM, CHROMIUM_ARGS
from tests.server import StaticServer

LRB = "mordheim-lrb"
PROFILE = ("move", "initiative", "toughness", "wounds", "leadership")
MODELS = (
    ("Captain", ("4", "4", "3", "1", "8")),
    ("Champion", ("4", "3", "3", "1", "7")),
    ("Youngblood", ("4", "3", "3", "1", "6")),
    ("Youngblood 2", ("4", "3", "3", "1", "6")),
    ("Warhound", ("6", "4", "3", "1", "5")),
)
HOUSE = (("jump_down.max_height", "8"), ("gap.max_gap", "4"))


class Thumb:
    """A page driven as a thumb does, each tap and each character counted."""

    def __init__(self, page: Page) -> None:
        self.page, self.taps, self.characters = page, 0, 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).first.tap()
        self.taps += 1

    def choose(self, selector: str, value: str) -> None:  # a select: a tap to open it, one on the choice
        self.page.select_option(selector, value)
        self.taps += 2

    def type(self, selector: str, text: str) -> None:  # a tap in the box, then each character
        self.page.locator(selector).tap()
        self.page.locator(selector).fill(text)
        self.taps += 1
        self.characters += len(text)

    def house_rules(self) -> None:
        self.tap(f".table-house[data-ruleset='{LRB}'] > summary")
        for rule, value in HOUSE:
            group = self.page.locator(".table-house-group", has=self.page.locator(f"[data-row='{rule}']"))
            if group.count() and group.get_attribute("open") is None:  # each kind of rule folded (#63)
                group.locator("> summary").tap()
                self.taps += 1
            box = f".table-house[data-ruleset='{LRB}'] [data-row='{rule}'] input[type=text]"
            self.type(box, value)
            self.page.locator(box).press("Enter")
            self.characters += 1  # the keyboard's Enter
            self.page.locator(f"[data-row='{rule}'] .table-said", has_text="In play").wait_for(timeout=90_000)


def form_by_form(thumb: Thumb) -> None:
    for name, values in MODELS:
        thumb.type("#table-name", name)
        thumb.choose("#table-ruleset", LRB)
        for key, value in zip(PROFILE, values, strict=True):
            thumb.type(f"#table-{LRB}-{key}", value)
        thumb.tap(".table-add button[type=submit]")
        thumb.page.locator(".table-models li", has_text=f"{name} (").wait_for(timeout=90_000)


def by_roster(thumb: Thumb) -> None:
    thumb.choose("#table-ruleset", LRB)
    thumb.tap(".table-roster summary")
    lines = [f"{name} {' '.join(values)}" for name, values in MODELS if name != "Youngblood 2"]
    thumb.type("#table-roster-lines", "\n".join(lines))
    thumb.tap(".table-roster-form button[type=submit]")
    thumb.page.locator(".table-roster-read li").first.wait_for(timeout=90_000)
    thumb.tap(".table-roster-read button[data-roster=keep]")
    thumb.page.locator(".table-models li", has_text="Warhound (").wait_for(timeout=90_000)
    thumb.tap(".table-models button[aria-label='Copy Youngblood']")
    thumb.page.locator(".table-models li", has_text="Youngblood 2 (").wait_for(timeout=90_000)


def main() -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as scratch:
        site = Path(scratch) / "site"
        build_site(ROOT, site)
        server = StaticServer(site)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for name, enter in (
                    ("before (the form, a model at a time)", form_by_form),
                    ("now (roster and copy)", by_roster),
                ):
                    context = browser.new_context(
                        viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True
                    )
                    page = context.new_page()
                    page.goto(server.base + "table/")
                    page.locator("#players-table[data-ready]").wait_for(timeout=60_000)
                    page.evaluate(
                        "() => window.playersTable.boot()"
                    )  # Python up: the thumb's work is timed, not the download
                    thumb, started = Thumb(page), time.perf_counter()
                    enter(thumb)
                    thumb.house_rules()
                    took = time.perf_counter() - started
                    kept = page.evaluate("JSON.parse(localStorage.getItem('skirmish-table'))")
                    assert sorted(m["name"] for m in kept["models"]) == sorted(n for n, _ in MODELS), kept
                    assert len(kept["house_rules"]) == len(HOUSE)
                    print(f"{name:38} {thumb.taps:3} taps, {thumb.characters:3} characters, {took:5.1f} s")
                    context.close()
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
