"""The calculators' start in Chromium: from opening a shared link to the first live answer, warm and
cold, at localhost and 10 Mbit/s, beside a bare Pyodide and (with --before) another ref's build; and
the live answer's latency."""

from __future__ import annotations

import os
import shutil
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page, Playwright

from benchmarks.baselines import BENCH_PAGES
from benchmarks.common import report, spread
from tests.helpers import CHROMIUM, CHROMIUM_ARGS, STARTED
from tests.host import packed
from tests.server import StaticServer

T = TypeVar("T")
Sizes = list[tuple[float, int]]  # (when, bytes) of each response, as a page's requests finish

# Joined by "|" as links were before the legs were kept one by one: a --before build reads the same four legs.
ROUTE_PAGE = "/mordheim-1999/route/?calc-route.legs=" + "%7C".join(
    ["climb+up+2%22", "gap+1%22", "move+1%22", "jump+down+4%22"]
)
LIVE_PAGE = "/mordheim-1999/movement/?calc-fall.height=4#falling"  # a shared link: computes at once


# Recorded in every page: when the first live answer arrived (site) and when bare Pyodide was ready.
FIRST_LIVE = "document.addEventListener('calculators:result', () => { window.firstLive ??= performance.now(); });"


# True once a returning visit can start from the saved snapshot (or the build has none to save).
SNAPSHOT_SAVED = (
    "() => !document.querySelector('script[data-snapshot]') || document.documentElement.dataset.snapshot === 'saved'"
)


class Variant:
    """One thing to time: a built site's shared link, or one of BENCH_PAGES (`page`) from the same runtime;
    a `cold_only` one is left out of the warm figures."""

    def __init__(self, name: str, site: Path, page: str | None = None, cold_only: bool = False) -> None:
        self.name, self.site, self.page, self.cold_only = name, site, page, cold_only
        self.bare = page is not None  # timed by window.bareReady, not by a calculator's answer
        self.servers: dict[str, StaticServer] = {}

    def server(self, link: str) -> StaticServer:
        if link not in self.servers:
            rate, latency, shared, compress = LINKS[link]
            if compress == "br":  # compressed before timing starts, as a host precompresses its static files
                for path in self.site.rglob("*"):
                    if path.is_file() and path.stat().st_size > 50_000:
                        packed(path.read_bytes(), "br")
            self.servers[link] = StaticServer(self.site, compress=compress, rate=rate, latency=latency, shared=shared)
        return self.servers[link]

    def url(self, link: str) -> str:
        return self.server(link).origin + (BENCH_PAGES[self.page] if self.page else LIVE_PAGE)

    def stop(self) -> None:
        for server in self.servers.values():
            server.stop()


# name -> (bytes per second, seconds per request, whether all responses share the rate, compression).
# A phone has one link: downloads at once share its 10 Mbit/s. Hosts compress: brotli where they can
# (Netlify, Cloudflare; CONTRIBUTING.md asks for it), gzip where they cannot (GitHub Pages). The per-request
# link (each download with 10 Mbit/s of its own, gzip) is how this benchmark measured before.
MBIT_10 = 10_000_000 // 8


# (bytes per second, seconds per request, one link shared by every response, compression: gzip, "br" or none)
Link = tuple[int, float, bool, bool | str]
LINKS: dict[str, Link] = {
    "localhost": (0, 0.0, False, True),
    "10 Mbit/s, 40 ms, brotli": (MBIT_10, 0.04, True, "br"),
    "10 Mbit/s, 40 ms, gzip": (MBIT_10, 0.04, True, True),
    "10 Mbit/s per request, 40 ms, gzip": (MBIT_10, 0.04, False, True),
}


# (link, CPU slowdown, warm figures, cold figures)
SCENARIOS = [
    ("localhost", 1, True, True),
    ("localhost", 4, True, False),
    ("10 Mbit/s, 40 ms, brotli", 1, True, True),
    ("10 Mbit/s, 40 ms, gzip", 1, False, True),
    ("10 Mbit/s per request, 40 ms, gzip", 1, False, True),
]


def open_profile(playwright: Playwright, profile: str) -> tuple[BrowserContext, Page, Sizes]:
    # A persistent profile keeps the HTTP cache and compiled wasm as a phone's browser does.
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport={"width": 360, "height": 740}
    )
    page = context.pages[0] if context.pages else context.new_page()
    page.add_init_script(FIRST_LIVE)
    sizes: Sizes = []
    page.on(
        "requestfinished",
        lambda request: sizes.append((time.perf_counter(), max(0, request.sizes()["responseBodySize"]))),
    )
    return context, page, sizes


# When each step of the worker's start ended, in ms after navigation (calculators:ready's steps).
START_STEPS = """() => {
    const ready = performance.getEntriesByName('calculators:ready')[0];
    const live = performance.getEntriesByName('calculators:first-live')[0];
    if (!ready || !ready.detail || !ready.detail.steps || !live) return null;
    const out = {};
    for (const [name, at] of Object.entries(ready.detail.steps)) out[name] = at - performance.timeOrigin;
    out['first live'] = live.startTime;
    return out;
}"""


def print_steps(name: str, runs: list[dict[str, float]]) -> None:
    """The median time at which each step of the start ended, in the order they end."""
    runs = [run for run in runs if run]
    if not runs:
        return
    medians = {step: statistics.median(run[step] for run in runs if step in run) for step in runs[0]}
    ordered = ", ".join(f"{step} {ms:.0f}" for step, ms in sorted(medians.items(), key=lambda item: item[1]))
    print(f"where {name}'s start goes (ms after navigation, medians of {len(runs)}): {ordered}")


def first_result(
    page: Page, sizes: Sizes, variant: Variant, link: str, cpu: int = 1, starts: Counter[str] | None = None
) -> tuple[float, int]:
    """Milliseconds from navigation to the first live answer (or bare Pyodide ready), and bytes before it;
    counts in `starts` how the page's calculators started."""
    sizes.clear()
    if cpu > 1:
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    page.goto(variant.url(link))
    flag = "window.bareReady" if variant.bare else "window.firstLive"
    page.wait_for_function(f"() => {flag}", timeout=300_000)
    done = time.perf_counter()
    if starts is not None and not variant.bare:
        page.wait_for_function(STARTED, timeout=60_000)
        starts[page.evaluate(STARTED)] += 1
    return page.evaluate(flag), sum(size for at, size in sizes if at <= done)


def settle(page: Page, sizes: Sizes, variant: Variant, link: str) -> None:
    """Two visits, then wait until the offline copy (and the snapshot, if the page has one) is saved:
    what a returning visitor's browser holds."""
    for _ in range(2):
        first_result(page, sizes, variant, link)
    page.wait_for_function(SNAPSHOT_SAVED, timeout=300_000)


def browser_figures(variants: list[Variant], reps: int, warm_only: bool = False) -> None:
    """First live result, warm and cold, on localhost, a 10 Mbit/s link and a CPU slowed 4x: every
    variant in turn within each repetition (the order rotating), so they share the machine's load."""
    from playwright.sync_api import sync_playwright

    everything = variants
    variants = [variant for variant in everything if not variant.cold_only]
    with sync_playwright() as playwright:
        scenarios = [("localhost", 1, True, False)] if warm_only else SCENARIOS
        for link, cpu, warm, cold in scenarios:
            label = f"{link}{', CPU slowed 4x' if cpu > 1 else ''}"
            if not warm:
                cold_figures(playwright, everything, reps, link, label)
                continue
            # Warm: one profile per variant, visited twice first so the HTTP and compiled-wasm caches settle.
            profiles = {v.name: tempfile.mkdtemp(prefix="bench-profile-") for v in variants}
            opened = {v.name: open_profile(playwright, profiles[v.name]) for v in variants}
            for variant in variants:
                _, page, sizes = opened[variant.name]
                settle(page, sizes, variant, link)
            times: dict[str, list[float]] = {v.name: [] for v in variants}
            got: dict[str, list[int]] = {v.name: [] for v in variants}
            starts: dict[str, Counter[str]] = {v.name: Counter() for v in variants}
            steps: dict[str, list[dict[str, float]]] = {v.name: [] for v in variants if not v.bare}
            loads = [os.getloadavg()[0]]
            for rep in range(reps):
                for variant in rotated(variants, rep):
                    _, page, sizes = opened[variant.name]
                    ms, size = first_result(page, sizes, variant, link, cpu, starts[variant.name])
                    times[variant.name].append(ms)
                    got[variant.name].append(size)
                    if not variant.bare:
                        steps[variant.name].append(page.evaluate(START_STEPS))
                loads.append(os.getloadavg()[0])
            if link == "localhost" and cpu == 1:
                builds = [v for v in variants if not v.bare]
                latencies(builds, {v.name: opened[v.name] for v in builds}, link, reps)
            for context, _, _ in opened.values():
                context.close()
            for profile in profiles.values():
                shutil.rmtree(profile, ignore_errors=True)
            report(f"warm, {label}, {reps} alternating runs", times, got, loads, starts)
            for name, runs in steps.items():
                print_steps(f"{name} (warm, {label})", runs)
            if cold:
                cold_figures(playwright, everything, reps, link, label)


def rotated(variants: list[T], rep: int) -> list[T]:
    """Every variant once, starting at a different one each repetition."""
    return variants[rep % len(variants) :] + variants[: rep % len(variants)]


def cold_figures(playwright: Playwright, variants: list[Variant], reps: int, link: str, label: str) -> None:
    """A new profile for every visit: nothing cached, the service worker installing."""
    times: dict[str, list[float]] = {v.name: [] for v in variants}
    got: dict[str, list[int]] = {v.name: [] for v in variants}
    loads = [os.getloadavg()[0]]
    for rep in range(reps):
        for variant in rotated(variants, rep):
            profile = tempfile.mkdtemp(prefix="bench-profile-")
            context, page, sizes = open_profile(playwright, profile)
            ms, size = first_result(page, sizes, variant, link)
            times[variant.name].append(ms)
            got[variant.name].append(size)
            context.close()
            shutil.rmtree(profile, ignore_errors=True)
        loads.append(os.getloadavg()[0])
    report(f"cold, {label}, {reps} alternating runs", times, got, loads)


# The calculators whose input -> result is timed: (what, address, calculator, field, values it cycles through).
TIMED = [
    ("the fall calculator", None, "calc-fall", "height", [str(1 + i) for i in range(12)]),
    ("a four-leg route", ROUTE_PAGE, "calc-route", "move", ["4", "5", "6", "7"]),  # #25
]
CHANGES = 50  # per calculator, per way, per build: in rounds of ten, the builds alternating


def latencies(builds: list[Variant], opened: dict[str, Any], link: str, reps: int) -> None:
    """Input -> result for each build side by side: rounds of ten changes, the builds taking turns."""
    for what, address, calc_id, field, values in TIMED:
        for variant in builds:
            _, page, sizes = opened[variant.name]
            if address is None:
                first_result(page, sizes, variant, link)
            else:
                page.goto(variant.server(link).origin + address)
                page.wait_for_function(
                    f"() => document.getElementById('{calc_id}').dataset.state === 'live'", timeout=120_000
                )
        for paced in (True, False):
            answered: dict[str, list[float]] = {v.name: [] for v in builds}
            painted: dict[str, list[float]] = {v.name: [] for v in builds}
            for round_ in range(CHANGES // 10):
                for variant in rotated(builds, round_):
                    got = latency(opened[variant.name][1], calc_id, field, values, paced, 10)
                    answered[variant.name] += got[0]
                    painted[variant.name] += got[1]
            how = "as taps come" if paced else "back to back"
            for variant in builds:
                times = answered[variant.name]
                print(
                    f"input -> result, {what}, {how}, {variant.name}, over {len(times)} changes: {spread(times, 1)}, "
                    f"95th percentile {sorted(times)[int(len(times) * 0.95) - 1]:.1f} ms"
                )
                if painted[variant.name]:
                    print(
                        f"input -> answer on screen (the next frame), {what}, {variant.name}: {spread(painted[variant.name], 1)}"
                    )


def latency(
    page: Page, calc_id: str, field: str, values: list[str], paced: bool, count: int
) -> tuple[list[float], list[float]]:
    """Input -> result over `count` changes of one field, measured inside the page: as taps come (each
    change after the previous answer is painted; also to the first frame that shows the answer), or back
    to back (each change as soon as the previous answer is in the page, before it is painted, so its
    rendering is counted in the next change's time)."""
    answered, painted = page.evaluate(
        """async ([id, field, values, paced, count]) => {
        const calc = document.getElementById(id);
        const input = calc.querySelector(`[name=${field}]`);
        const frame = () => new Promise(resolve => requestAnimationFrame(() => resolve(performance.now())));
        const answered = [], painted = [];
        for (let i = 0; i < count; i++) {
            if (paced) { await frame(); await frame(); }
            const done = new Promise(resolve => calc.addEventListener('calculators:result', () => resolve(performance.now()), { once: true }));
            const start = performance.now();
            input.value = values[i % values.length];
            input.dispatchEvent(new Event('input', { bubbles: true }));
            answered.push(await done - start);
            if (paced) painted.push(await frame() - start);
        }
        return [answered, painted];
    }""",
        [calc_id, field, values, paced, count],
    )
    return answered, painted
