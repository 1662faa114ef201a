"""A cheap phone's main thread before the first live answer (#51): `python build.py bench --main-thread
[--before REF]`. Chromium, a warm start (visited twice, its saved start kept), the CPU slowed 4x, a shared
link to the Mordheim 1999 movement page (ten calculators) that answers at once: the long tasks (over 50 ms)
the page runs before its first live answer, summed, this build beside another ref's, runs alternating; then,
from one profiled run of each, where that time goes by script."""

from __future__ import annotations

import collections
import os
import shutil
import statistics
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Page

from benchmarks.common import spread
from tests.helpers import CHROMIUM, CHROMIUM_ARGS
from tests.server import StaticServer

PAGE = "/mordheim-1999/movement/?calc-fall.height=4#falling"
OBSERVE = """
window.longTasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push([e.startTime, e.duration]); })
  .observe({ type: 'longtask', buffered: true });
document.addEventListener('calculators:result', () => { window.firstLive ??= performance.now(); });
"""
SAVED = (
    "() => !document.querySelector('script[data-snapshot]') || document.documentElement.dataset.snapshot === 'saved'"
)


def _visit(page: Page, origin: str) -> tuple[float, float, int]:
    """(ms of long tasks before the first live answer, when it came, how many long tasks)."""
    page.goto(origin + PAGE)
    page.wait_for_function("() => window.firstLive", timeout=300_000)
    page.wait_for_timeout(200)  # a long task still running when the answer came is reported once it ends
    live, tasks = page.evaluate("[window.firstLive, window.longTasks]")
    before = [duration for start, duration in tasks if start < live]
    return sum(before), live, len(before)


def _by_script(profile: dict[str, Any], until_ms: float) -> list[tuple[str, float]]:
    """Self time per script (file name) in the profile's first `until_ms`."""
    nodes = {node["id"]: node for node in profile["nodes"]}
    spent: collections.Counter[str] = collections.Counter()
    at = 0.0
    for sample, delta in zip(profile["samples"], profile["timeDeltas"], strict=True):
        at += delta / 1000
        if at > until_ms:
            break
        frame = nodes[sample]["callFrame"]
        where = frame["url"].rsplit("/", 1)[-1] or frame["functionName"] or "(page)"
        spent[where] += delta / 1000
    return [(name, ms) for name, ms in spent.most_common(8) if name not in ("(idle)", "(program)")]


def main(site: Path, before: Path | None, reps: int) -> None:
    from playwright.sync_api import sync_playwright

    sites = {"site": site, **({"before": before} if before else {})}
    servers = {name: StaticServer(path) for name, path in sites.items()}
    profiles = {name: tempfile.mkdtemp(prefix="bench-main-") for name in sites}
    found: dict[str, dict[str, list[float]]] = {name: {"long": [], "live": [], "count": []} for name in sites}
    with sync_playwright() as playwright:
        opened = {}
        for name in sites:
            context = playwright.chromium.launch_persistent_context(
                profiles[name], executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport={"width": 360, "height": 740}
            )
            page = context.pages[0] if context.pages else context.new_page()
            page.add_init_script(OBSERVE)
            for _ in range(2):  # warm: the HTTP cache, the compiled wasm and the saved start kept
                _visit(page, servers[name].origin)
            page.wait_for_function(SAVED, timeout=300_000)
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
            opened[name] = (context, page)
        loads = [os.getloadavg()[0]]
        for rep in range(reps):
            for name in list(sites) if rep % 2 == 0 else list(reversed(sites)):
                long, live, count = _visit(opened[name][1], servers[name].origin)
                found[name]["long"].append(long)
                found[name]["live"].append(live)
                found[name]["count"].append(count)
            loads.append(os.getloadavg()[0])
        print(
            f"Chromium, warm, CPU slowed 4x, {PAGE}, {reps} alternating runs "
            f"[load average {min(loads):.2f}-{max(loads):.2f}]:"
        )
        for name in sites:
            print(
                f"  {name:7} long tasks before the first live answer: {spread(found[name]['long'])}, "
                f"{statistics.median(found[name]['count']):.0f} of them; first live answer {spread(found[name]['live'])}"
            )
        for name in sites:
            context, page = opened[name]
            session = context.new_cdp_session(page)
            session.send("Profiler.enable")
            session.send("Profiler.setSamplingInterval", {"interval": 200})
            session.send("Profiler.start")
            _, live, _ = _visit(page, servers[name].origin)
            spent = _by_script(session.send("Profiler.stop")["profile"], live)
            print(f"  {name:7} where the main thread's time goes before it (one profiled run, self ms by script): ")
            print("          " + ", ".join(f"{script} {ms:.0f}" for script, ms in spent))
            context.close()
    for server in servers.values():
        server.stop()
    for folder in profiles.values():
        shutil.rmtree(folder, ignore_errors=True)
