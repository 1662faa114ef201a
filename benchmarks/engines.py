"""The same start in Firefox ESR and WebKitGTK, beside a bare Pyodide in each."""

from __future__ import annotations

import json
import os
import subprocess
import time
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

from benchmarks.baselines import BENCH_PAGES
from benchmarks.common import ROOT, report
from benchmarks.startup import LINKS as ALL_LINKS
from benchmarks.startup import LIVE_PAGE, Link, rotated
from tests.server import StaticServer

# On localhost, and on one phone's 10 Mbit/s link (startup.py's, gzip as GitHub Pages sends).
T = TypeVar("T")
LINKS: dict[str, Link] = {name: ALL_LINKS[name] for name in ("localhost", "10 Mbit/s, 40 ms, gzip")}


def engine_figures(site: Path, reps: int) -> None:
    """The same first-live-result figures in Firefox ESR and WebKitGTK, site against bare, warm and
    cold, on localhost and at 10 Mbit/s."""
    for link, (rate, latency, shared, compress) in LINKS.items():
        server = StaticServer(site, compress=compress, rate=rate, latency=latency, shared=shared)
        link_figures(server, reps, link)


def link_figures(server: StaticServer, reps: int, link: str) -> None:
    site_url, bare_url, runtime_url = (server.origin + page for page in (LIVE_PAGE, *BENCH_PAGES.values()))
    try:
        firefox_figures(site_url, bare_url, reps, link, runtime_url)
        webkit_figures(site_url, bare_url, reps, link, runtime_url)
    finally:
        server.stop()


def two_builds(sites: dict[str, Path], reps: int) -> None:
    """Two builds of the site side by side (named by the Pyodide each runs on), warm and cold, in Firefox ESR
    and WebKitGTK, on localhost and at 10 Mbit/s: where the bare runtime was, the second build."""
    (first, one), (second, other) = sites.items()
    for link, (rate, latency, shared, compress) in LINKS.items():
        servers = [
            StaticServer(site, compress=compress, rate=rate, latency=latency, shared=shared) for site in (one, other)
        ]
        try:
            urls = [server.origin + LIVE_PAGE for server in servers]
            firefox_figures(urls[0], urls[1], reps, link, names=(first, second))
            webkit_figures(urls[0], urls[1], reps, link, names=(first, second))
        finally:
            for server in servers:
                server.stop()


def named(figures: dict[str, T], names: tuple[str, str] | None) -> dict[str, T]:
    """The runs' "site" and "bare" as the two builds' names, when two builds are timed."""
    if names is None:
        return figures
    return {{"site": names[0], "bare": names[1]}.get(key, key): value for key, value in figures.items()}


def firefox_figures(
    site_url: str,
    bare_url: str,
    reps: int,
    link: str,
    runtime_url: str | None = None,
    names: tuple[str, str] | None = None,
) -> None:
    """Warm (one profile each, visited twice first) and cold (a new profile each visit); with `names`, `bare_url`
    is a second build of the site, timed as the site is."""
    loads = [os.getloadavg()[0]]
    second = f"site:{bare_url}" if names else bare_url
    done = subprocess.run(
        [
            "node",
            str(ROOT / "benchmarks" / "firefox.mjs"),
            site_url,
            second,
            str(reps),
            *([runtime_url] if runtime_url else []),
        ],
        capture_output=True,
        text=True,
        timeout=3600,
        cwd=ROOT,
    )
    loads.append(os.getloadavg()[0])
    if done.returncode != 0:
        print(f"firefox: could not run ({done.stderr.strip()[-300:]})")
        return
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    for kind in ("warm", "cold"):
        starts = None
        if kind == "warm":
            starts = named(
                {"site": Counter(figures["starts"]["warm"]), "bare": Counter(figures["starts"]["bare"])}, names
            )
        report(
            f"Firefox ESR, {kind}, {link}, {reps} alternating runs", named(figures[kind], names), None, loads, starts
        )


def webkit_figures(
    site_url: str,
    bare_url: str,
    reps: int,
    link: str = "localhost",
    runtime_url: str | None = None,
    names: tuple[str, str] | None = None,
) -> None:
    """Warm (one session each, site and bare) and cold (a new session each visit; with `runtime_url`, the
    runtime alone too); with `names`, `bare_url` is a second build of the site, timed as the site is."""
    from tests.browsers.engines import webkit

    live = "return performance.getEntriesByName('calculators:first-live')[0]?.startTime || null;"
    flags = {"site": live, "bare": live if names else "return window.bareReady || null;"}
    flags["runtime"] = "return window.bareReady || null;"
    urls = {"site": site_url, "bare": bare_url, "runtime": runtime_url or ""}

    def visit(browser: WebDriver, name: str) -> float:
        browser.get(urls[name])
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            found = browser.execute_script(flags[name])
            if found:
                return float(found)
            time.sleep(0.05)
        raise TimeoutError(name)

    with webkit.virtual_screen():
        loads = [os.getloadavg()[0]]
        warm = {name: webkit.open_browser() for name in ("site", "bare")}
        times: dict[str, list[float]] = {name: [] for name in warm}
        try:
            for name, browser in warm.items():
                for _ in range(2):
                    visit(browser, name)
            saved = "return document.documentElement.dataset.snapshot === 'saved';"  # a returning visitor's browser
            saving = ["site", "bare"] if names else ["site"]
            deadline = time.monotonic() + 300
            while not all(warm[name].execute_script(saved) for name in saving) and time.monotonic() < deadline:
                time.sleep(0.25)
            starts: dict[str, Counter[str]] = {name: Counter() for name in saving}
            for rep in range(reps):
                for name in ["site", "bare"] if rep % 2 == 0 else ["bare", "site"]:
                    times[name].append(visit(warm[name], name))
                    if name in saving:
                        starts[name][
                            warm[name].execute_script("return document.documentElement.dataset.calculatorsStart;")
                        ] += 1
        finally:
            for browser in warm.values():
                browser.quit()
        loads.append(os.getloadavg()[0])
        title = f"WebKitGTK, warm (same session), {link}, {reps} alternating runs"
        report(title, named(times, names), None, loads, named(starts, names))
        cold = [name for name in urls if urls[name]]
        times = {name: [] for name in cold}
        for rep in range(reps):
            for name in rotated(cold, rep):
                browser = webkit.open_browser()
                try:
                    times[name].append(visit(browser, name))
                finally:
                    browser.quit()
        loads.append(os.getloadavg()[0])
        report(f"WebKitGTK, cold (new session), {link}, {reps} alternating runs", named(times, names), None, loads)
