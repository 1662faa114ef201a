"""What setting up Your table costs a player (`python build.py bench --table [--before REF]`), in Chromium at
360 px with the CPU slowed 4x, this build beside another ref's, rounds alternating: the time from a house
rule switched to it being said in play (Python already up: a first switch warms it), how far below the tapped
field a jump-down answer's odds stand after a tap on + (and whether a line on screen says them), and the
bytes of the two page scripts (raw and gzip)."""

from __future__ import annotations

import gzip
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

from benchmarks.common import kib, spread
from tests.helpers import CHROMIUM, CHROMIUM_ARGS
from tests.server import StaticServer

SCRIPTS = ("calculators.js", "your-table.js")  # under assets/calculators/<hash>/
SAID = "[...document.querySelectorAll('.table-said, .table-message')].some(p => p.textContent.startsWith('In play'))"

# After a tap on the jump down's height +: where the tapped button, the answer's odds and a line saying them
# stand on the screen (px from its top; the screen is 740 px high).
WHERE = """() => {
  const top = (selector) => { const e = document.querySelector(selector); return e && !e.hidden ? Math.round(e.getBoundingClientRect().top) : null; };
  return { tapped: top('#calc-jump-down [data-step="1"]'), odds: top('#calc-jump-down .calc-headline'),
           line: top('#calc-jump-down .calc-glance') };
}"""


def _switch(page: Page, origin: str, rule: str, value: str) -> float:
    """One house rule typed and played as that build plays it (its button, or leaving the box); seconds."""
    box = f"#house-mordheim-1999-{rule}"
    page.evaluate(
        "(box) => document.querySelector(box).closest('details.table-house-group')?.setAttribute('open', '')", box
    )
    page.fill(box, value)
    started = time.perf_counter()
    button = page.locator(".table-house[data-ruleset='mordheim-1999'] button[type=submit]")
    if button.count():
        button.click()  # the build before: "Play these house rules" at the foot of the form
    else:
        page.press(box, "Enter")
    page.wait_for_function(f"() => {SAID}", timeout=120_000)
    return time.perf_counter() - started


def _round(browser: Browser, origin: str) -> tuple[float, dict[str, Any]]:
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        session = context.new_cdp_session(page)
        session.send("Emulation.setCPUThrottlingRate", {"rate": 4})
        page.goto(origin + "/table/")
        page.locator(".table-house[data-ruleset='mordheim-1999'] > summary").click()
        _switch(page, origin, "jump_down-max_height", "8")  # warms Python: not counted
        page.evaluate("document.querySelectorAll('.table-said, .table-message').forEach(p => { p.textContent = ''; })")
        switched = _switch(page, origin, "gap-max_gap", "4")
        page.goto(origin + "/mordheim-1999/movement/#calc-jump-down")
        page.locator("#calc-jump-down [data-step='1']").first.scroll_into_view_if_needed()
        page.locator("#calc-jump-down [data-step='1']").first.tap()
        page.wait_for_function(
            "() => document.getElementById('calc-jump-down').dataset.state === 'live'", timeout=120_000
        )
        return switched, page.evaluate(WHERE)
    finally:
        context.close()


def main(site: Path, before: Path | None, reps: int) -> None:
    from playwright.sync_api import sync_playwright

    builds = {"now": site} | ({"before": before} if before else {})
    for name, folder in builds.items():
        for script in SCRIPTS:
            found = sorted((folder / "assets" / "calculators").glob(f"*/{script}"))
            body = found[0].read_bytes() if found else b""
            print(f"{name:6} {script}: {kib(len(body))} raw, {kib(len(gzip.compress(body, 9)))} gzip")
    servers = {name: StaticServer(folder, compress=True) for name, folder in builds.items()}
    times: dict[str, list[float]] = {name: [] for name in builds}
    places: dict[str, list[dict[str, Any]]] = {name: [] for name in builds}
    loads = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for _ in range(reps):
                loads.append(os.getloadavg()[0])
                for name, server in servers.items():  # alternating, so load falls on both alike
                    switched, where = _round(browser, server.origin)
                    times[name].append(switched * 1000)
                    places[name].append(where)
            browser.close()
    finally:
        for server in servers.values():
            server.stop()
    print(f"A house rule switched, to 'In play' said, CPU 4x [load average {min(loads):.2f}-{max(loads):.2f}]:")
    for name in builds:
        print(f"  {name:6} {spread(times[name])}")
    print("After a tap on the jump down's height +, at 360x740 (px from the top of the screen):")
    for name in builds:
        where = places[name][-1]
        line = f"a line says them at {where['line']}" if where["line"] is not None else "no line says them"
        print(f"  {name:6} tapped at {where['tapped']}, the odds at {where['odds']}; {line}")
