"""The same start in Firefox ESR and WebKitGTK, beside a bare Pyodide in each."""

from __future__ import annotations

import json
import os
import subprocess
import time
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

from benchmarks.baselines import BENCH_PAGES
from benchmarks.common import ROOT, report
from benchmarks.startup import LINKS as ALL_LINKS
from benchmarks.startup import LIVE_PAGE, Link, rotated
from tests.server import StaticServer

# On localhost, and on one phone's 10 Mbit/s link (startup.py's, gzip as GitHub Pages sends).
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
        loads = [os.getloadavg()[0]]
        done = subprocess.run(
            ["node", str(ROOT / "benchmarks" / "firefox.mjs"), site_url, bare_url, str(reps), runtime_url],
            capture_output=True,
            text=True,
            timeout=3600,
            cwd=ROOT,
        )
        loads.append(os.getloadavg()[0])
        if done.returncode != 0:
            print(f"firefox: could not run ({done.stderr.strip()[-300:]})")
        else:
            figures = json.loads(done.stdout.strip().splitlines()[-1])
            for kind in ("warm", "cold"):
                starts = {"site": Counter(figures["starts"][kind])} if kind in figures["starts"] else None
                report(f"Firefox ESR, {kind}, {link}, {reps} alternating runs", figures[kind], None, loads, starts)
        webkit_figures(site_url, bare_url, reps, link, runtime_url)
    finally:
        server.stop()


def webkit_figures(
    site_url: str, bare_url: str, reps: int, link: str = "localhost", runtime_url: str | None = None
) -> None:
    """Warm (one session each, site and bare) and cold (a new session each visit; with `runtime_url`, the
    runtime alone too)."""
    from tests.browsers.engines import webkit

    flags = {
        "site": "return performance.getEntriesByName('calculators:first-live')[0]?.startTime || null;",
        "bare": "return window.bareReady || null;",
        "runtime": "return window.bareReady || null;",
    }
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
            deadline = time.monotonic() + 300
            while not warm["site"].execute_script(saved) and time.monotonic() < deadline:
                time.sleep(0.25)
            starts: dict[str, Counter[str]] = {"site": Counter()}
            for rep in range(reps):
                for name in ["site", "bare"] if rep % 2 == 0 else ["bare", "site"]:
                    times[name].append(visit(warm[name], name))
                    if name == "site":
                        starts["site"][
                            warm["site"].execute_script("return document.documentElement.dataset.calculatorsStart;")
                        ] += 1
        finally:
            for browser in warm.values():
                browser.quit()
        loads.append(os.getloadavg()[0])
        report(f"WebKitGTK, warm (same session), {link}, {reps} alternating runs", times, None, loads, starts)
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
        report(f"WebKitGTK, cold (new session), {link}, {reps} alternating runs", times, None, loads)
