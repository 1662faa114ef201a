"""First page and next page (#26), in Chromium, Firefox ESR and WebKitGTK, this build beside another
(--before), in alternating runs. Each run is a fresh browser made warm first (the site kept offline,
Python's snapshot saved, the page visited again), then: the first page's live answer (from navigation),
a tap on a link to another ruleset's rules page (to the page in place) and a tap on + there (to the
live answer). The runs are the browser journeys' own runners, so a figure is what a journey does."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Playwright

from benchmarks.common import spread
from benchmarks.startup import LINKS as ALL_LINKS
from benchmarks.startup import Link
from tests.browsers.journeys import answered_live, page_shown
from tests.server import StaticServer

FIRST = "compare/falling/?compare-fall.height=5"  # a shared link: its calculator answers at once
LIVE = "performance.getEntriesByName('calculators:first-live').length > 0"
FIRST_LIVE = "performance.getEntriesByName('calculators:first-live')[0].startTime"
FIGURES = (
    "first page: navigation -> live answer",
    "next page: tap on a link -> page shown",
    "next page: tap on + -> live answer",
)
LINKS: dict[str, Link] = {name: ALL_LINKS[name] for name in ("localhost", "10 Mbit/s, 40 ms, gzip")}


def journey() -> dict[str, list[list[object]]]:
    return {
        "next page": [
            ["goto", FIRST],
            ["wait_offline_ready"],
            ["wait_for", "html[data-snapshot='saved']"],  # a returning visit starts Python from it
            ["goto", FIRST],
            ["timed", [FIGURES[0], "", LIVE, FIRST_LIVE]],
            page_shown(
                FIGURES[1],
                "a.compare-section[href$='mordheim-lrb/movement/#falling']",
                "/mordheim-lrb/movement/",
                "#calc-fall",
            ),
            answered_live(FIGURES[2], "#calc-fall .calc-step[data-step='1']"),
        ]
    }


def run_once(
    engine: str, base: str, playwright: Playwright | None = None, chosen: dict[str, list[list[object]]] | None = None
) -> dict[str, float]:
    """One run of a journey named "next page" (this module's warm one unless `chosen`) in `engine`
    against the site at `base`: its figures."""
    chosen = chosen or journey()
    if engine == "Chromium":
        from tests.browsers.engines.chromium import chromium_run

        result = chromium_run(playwright, base, chosen=chosen)["next page"]
    elif engine == "Firefox ESR":
        from tests.browsers.engines import firefox

        result = firefox.run(chosen, base)["next page"]
    else:
        from tests.browsers.engines import webkit

        result = webkit.run(chosen, base)["next page"]
    if not result["ok"]:
        raise RuntimeError(f"{engine}: {result['error']}")
    timings: dict[str, float] = result["timings"]
    return timings


def alternate(
    playwright: Playwright | None,
    sites: dict[str, Path],
    links: dict[str, Link],
    engines: list[str],
    reps: int,
    chosen: Callable[[], dict[str, list[list[object]]]],
    figures: Sequence[str],
    kind: str,
) -> None:
    """Each figure of the journey `chosen()` over each link (name -> rate, latency, shared, compress), in each
    engine, the builds in alternating order, printed as medians and spreads with the machine's load."""
    for link, (rate, latency, shared, compress) in links.items():
        servers = {
            name: StaticServer(site, compress=compress, rate=rate, latency=latency, shared=shared)
            for name, site in sites.items()
        }
        try:
            for engine in engines:
                found: dict[str, dict[str, list[float]]] = {name: {figure: [] for figure in figures} for name in sites}
                loads = [os.getloadavg()[0]]
                for rep in range(reps):
                    for name in list(sites) if rep % 2 == 0 else list(reversed(sites)):
                        for figure, ms in run_once(engine, servers[name].base, playwright, chosen()).items():
                            found[name][figure].append(ms)
                    loads.append(os.getloadavg()[0])
                print(
                    f"{engine}, {kind}, {link}, {reps} alternating runs [load average {min(loads):.2f}-{max(loads):.2f}]:"
                )
                for figure in figures:
                    print(f"  {figure}:")
                    for name in sites:
                        print(f"    {name:7} {spread(found[name][figure])}")
        finally:
            for server in servers.values():
                server.stop()


def main(sites: dict[str, Path], reps: int, engines: list[str]) -> None:
    """`sites`: name -> built site (this build first). Prints each figure per engine, link and build."""
    from playwright.sync_api import sync_playwright

    from tests.browsers.engines import webkit

    with sync_playwright() as playwright, webkit.virtual_screen():
        alternate(playwright, sites, LINKS, engines, reps, journey, FIGURES, "warm")
