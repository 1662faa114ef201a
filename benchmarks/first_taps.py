"""First visit, first taps (#40), in Chromium, Firefox ESR and WebKitGTK, this build beside another
(--before), in alternating runs on a slow link shared by every response (10, 4 and 1.6 Mbit/s, gzip).

Each run is a fresh browser with nothing kept: a rules page opened at the fall calculator (so Python
starts on its way at once, as for a player who scrolls to it), then "+" on Toughness tapped three times,
each timed from the tap to the answer for the value it makes (stored on the page or live, whichever
comes first). The runs are the browser journeys' own runners. Then, in Chromium, the bytes a rules page
costs before any calculator is touched (opened at its top, left for 3 s, its offline copy apart) and
the size of the stored answers' files a first touch adds beside the runtime."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Playwright

from benchmarks.common import kib
from benchmarks.next_page import alternate
from benchmarks.startup import Link
from tests.browsers.journeys import TAPPED, answered_at_once, timed_tap
from tests.server import StaticServer

PLUS = "#calc-fall [data-field=toughness] .calc-step[data-step='1']"
FIGURES = ("tap 1 -> answer", "tap 2 -> answer", "tap 3 -> answer")
LINKS: dict[str, Link] = {  # (bytes per second, seconds per request, one link shared by every response, compressed)
    "10 Mbit/s, 40 ms, gzip": (10_000_000 // 8, 0.04, True, True),
    "4 Mbit/s, 80 ms, gzip": (4_000_000 // 8, 0.08, True, True),  # #62, item 5: a cheap phone's link
    "1.6 Mbit/s, 150 ms, gzip": (1_600_000 // 8, 0.15, True, True),
}


def journey() -> dict[str, list[list[object]]]:
    taps = [answered_at_once(figure, PLUS, "calc-fall", "toughness", str(4 + n)) for n, figure in enumerate(FIGURES)]
    return {"next page": [["goto", "mordheim-1999/movement/#falling"], ["wait_for", "#calc-fall[data-ready]"], *taps]}


# The route planner (#51): its first leg's + tapped twice (climb up 3", then 4"); both are stored now (#62,
# item 5: the second waited for Python).
ROUTE_PLUS = "#calc-route .calc-leg:nth-child(1) [data-leg=more]"
ROUTE_FIGURES = ("route tap 1 -> answer", "route tap 2 -> answer")


def route_journey() -> dict[str, list[list[object]]]:
    at = "Math.min(...[window.journeyStored, window.journeyAnswered].filter((moment) => moment > " + TAPPED + "))"
    taps = [
        timed_tap(
            figure,
            ROUTE_PLUS,
            "document.getElementById('calc-route').dataset.state.match(/^(page|live)$/) && "
            f"document.querySelector('#calc-route input[name=legs]').value.startsWith('[\"climb up {3 + n}') && "
            f"Number.isFinite({at})",
            f"{at} - {TAPPED}",
        )
        for n, figure in enumerate(ROUTE_FIGURES)
    ]
    return {"next page": [["goto", "mordheim-1999/route/"], ["wait_for", "#calc-route[data-ready]"], *taps]}


def untouched_bytes(site: Path, playwright: Playwright) -> tuple[int, int]:
    """(bytes sent for a rules page opened at its top and left alone, bytes of stored answers among them)."""
    from tests.helpers import CHROMIUM, CHROMIUM_ARGS

    server = StaticServer(site, compress=True)
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        # The page's own requests: the service worker's offline copy, made when the page is idle, is apart.
        context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, service_workers="block")
        page = context.new_page()
        page.goto(server.base + "mordheim-1999/movement/")
        page.wait_for_timeout(3000)
        sent = list(server.sent)
        return sum(size for _, size in sent), sum(size for path, size in sent if "/assets/answers/" in path)
    finally:
        browser.close()
        server.stop()


def answers_bytes(site: Path) -> str:
    """The stored answers' files as a host sends them (gzip): the largest and all together."""
    import gzip

    sizes = [len(gzip.compress(path.read_bytes(), 9)) for path in site.glob("assets/answers/*/*.json")]
    if not sizes:
        return "none"
    return f"{len(sizes)} files, largest {kib(max(sizes))}, median {kib(sorted(sizes)[len(sizes) // 2])} (gzip)"


def main(sites: dict[str, Path], reps: int, engines: list[str]) -> None:
    from playwright.sync_api import sync_playwright

    from tests.browsers.engines import webkit

    with sync_playwright() as playwright, webkit.virtual_screen():
        for name, site in sites.items():
            total, answers = untouched_bytes(site, playwright)
            print(f"{name}: a rules page untouched for 3 s: {kib(total)} sent ({kib(answers)} of stored answers)")
            print(f"{name}: stored answers: {answers_bytes(site)}")
        alternate(playwright, sites, LINKS, engines, reps, journey, FIGURES, "cold (nothing kept)")
        alternate(playwright, sites, LINKS, engines, reps, route_journey, ROUTE_FIGURES, "cold (nothing kept)")
