"""Benchmark: build time, page weight, and the calculators' start-up and latency in Chromium.

Run on demand with `python build.py bench` (not part of the tests' pass/fail). Prints figures.
"""

from __future__ import annotations

import gzip
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.helpers import CHROMIUM, CHROMIUM_ARGS, StaticServer  # noqa: E402

RULES_PAGE = "mordheim-1999/movement/"
LIVE_PAGE = "/mordheim-1999/movement/?calc-fall.height=4#falling"  # a shared link: computes at once

BARE_PAGE = """<!doctype html><meta charset="utf-8"><title>bare</title><script>
const runtime = new URL("../{runtime}", location.href).href;
const source = `importScripts("${{runtime}}pyodide.js");
loadPyodide({{indexURL: "${{runtime}}"}}).then(() => postMessage("ready"));`;
const worker = new Worker(URL.createObjectURL(new Blob([source], {{type: "text/javascript"}})));
worker.onmessage = () => {{ window.bareReady = performance.now(); }};
</script>"""


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.assets: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "script" and attributes.get("src"):
            self.assets.append(attributes["src"])
        if tag == "link" and attributes.get("rel") == "stylesheet":
            self.assets.append(attributes["href"])


def kib(size: int) -> str:
    return f"{size / 1024:.1f} KiB"


def page_weight(site: Path) -> None:
    page = site / RULES_PAGE / "index.html"
    links = Links()
    links.feed(page.read_text(encoding="utf-8"))
    parts = {"html": [page]}
    for href in links.assets:
        path = (page.parent / href.split("?")[0]).resolve()
        parts.setdefault(path.suffix.lstrip("."), []).append(path)
    print(f"rules page /{RULES_PAGE} (what loads before any calculator starts):")
    for kind, paths in parts.items():
        raw = sum(p.stat().st_size for p in paths)
        packed = sum(len(gzip.compress(p.read_bytes(), 9)) for p in paths)
        print(f"  {kind:5} {len(paths)} file(s): {kib(raw)} raw, {kib(packed)} gzip")


def browser_figures(site: Path) -> None:
    """First live result, cold and warm, against bare loadPyodide() from the same files in the same run."""
    from playwright.sync_api import sync_playwright

    manifest = __import__("json").loads((ROOT / "build" / "assets" / "manifest.json").read_text())
    bench_dir = site / "__bench__"
    bench_dir.mkdir(exist_ok=True)
    (bench_dir / "bare.html").write_text(BARE_PAGE.format(runtime=manifest["runtime"]))
    server = StaticServer(site, compress=True)

    def ours(page, sizes) -> tuple[float, int, int, dict]:
        sizes.clear()
        page.goto(server.origin + LIVE_PAGE)
        page.wait_for_function("() => document.getElementById('calc-fall').dataset.state === 'live'", timeout=120_000)
        done, first = time.perf_counter(), page.evaluate("performance.now()")
        page.wait_for_timeout(1000)
        before = sum(size for at, size in sizes if at <= done)
        return first, before, sum(size for at, size in sizes if at > done), page.evaluate("window.bootTimings")

    def bare(page, sizes) -> tuple[float, int]:
        sizes.clear()
        page.goto(server.origin + "/__bench__/bare.html")
        page.wait_for_function("() => window.bareReady", timeout=120_000)
        return page.evaluate("window.bareReady"), sum(size for _, size in sizes)

    def open_profile(playwright):
        profile = tempfile.mkdtemp(prefix="bench-profile-")
        # A persistent profile keeps the HTTP cache as a phone's browser does (a fresh context does not).
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport={"width": 360, "height": 740})
        page = context.pages[0] if context.pages else context.new_page()
        page.add_init_script("document.addEventListener('calculators:ready', e => { window.bootTimings = e.detail; })")
        sizes: list[tuple[float, int]] = []
        page.on("requestfinished", lambda request: sizes.append((time.perf_counter(), max(0, request.sizes()["responseBodySize"]))))
        return profile, context, page, sizes

    try:
        with sync_playwright() as playwright:
            profile, context, page, sizes = open_profile(playwright)
            first, before, after, boot = ours(page, sizes)
            print(f"ours, cold: first live result {first:.0f} ms after navigation (runtime {boot['runtime']:.0f} ms, "
                  f"wheel unpack + import {boot['wheel']:.0f} ms); downloaded {kib(before)} before it, {kib(after)} after")
            page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=120_000)
            for _ in range(2):  # let Chromium's compiled-wasm cache settle for both pages first
                ours(page, sizes)
                bare(page, sizes)
            warm_ours, warm_bare, wheel = [], [], []
            for _ in range(5):  # alternate, so both see the same machine load
                first, before, _, boot = ours(page, sizes)
                warm_ours.append(first)
                wheel.append(boot["wheel"])
                warm_bare.append(bare(page, sizes)[0])
            print(f"ours, warm (median of 5): first live result {statistics.median(warm_ours):.0f} ms "
                  f"(wheel unpack + import {statistics.median(wheel):.0f} ms); downloaded {kib(before)}")
            print(f"bare loadPyodide() in a worker, warm (median of 5, same profile): "
                  f"{statistics.median(warm_bare):.0f} ms; overhead of ours: "
                  f"{statistics.median(warm_ours) - statistics.median(warm_bare):+.0f} ms")
            ours(page, sizes)  # back on the calculator page for the latency run
            latency(page)
            context.close()
            shutil.rmtree(profile, ignore_errors=True)

            profile, context, page, sizes = open_profile(playwright)
            ready, downloaded = bare(page, sizes)
            print(f"bare loadPyodide() in a worker, cold: ready {ready:.0f} ms after navigation; downloaded {kib(downloaded)}")
            context.close()
            shutil.rmtree(profile, ignore_errors=True)
    finally:
        server.stop()
        shutil.rmtree(bench_dir, ignore_errors=True)


def latency(page) -> None:
    """Input -> result over 50 changes, measured inside the page."""
    times = page.evaluate("""async () => {
        const calc = document.getElementById('calc-fall');
        const input = calc.querySelector('[name=height]');
        const times = [];
        for (let i = 0; i < 50; i++) {
            const done = new Promise(resolve => calc.addEventListener('calculators:result', resolve, { once: true }));
            const start = performance.now();
            input.value = String(1 + (i % 12));
            input.dispatchEvent(new Event('input', { bubbles: true }));
            await done;
            times.push(performance.now() - start);
        }
        return times;
    }""")
    times.sort()
    print(f"input -> result over {len(times)} changes: median {statistics.median(times):.1f} ms, "
          f"95th percentile {times[int(len(times) * 0.95) - 1]:.1f} ms")


def offline_figures(site: Path) -> None:
    """What a first visit stores for offline use, and how long until the site says it is ready."""
    import json
    import re

    from playwright.sync_api import sync_playwright

    worker = (site / "sw.js").read_text()
    lists = {name: json.loads(re.search(rf"const {name} = (\[.*?\]);", worker).group(1)) for name in ("PAGES", "RUNTIME")}
    for name, urls in lists.items():
        size = sum(((site / u / "index.html") if u.endswith("/") else (site / u)).stat().st_size for u in urls)
        print(f"offline cache, {name.lower()}: {len(urls)} files, {kib(size)}")
    server = StaticServer(site, compress=True)
    try:
        with sync_playwright() as playwright:
            profile = tempfile.mkdtemp(prefix="bench-profile-")
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport={"width": 360, "height": 740})
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(server.origin + "/")
            page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=180_000)
            print(f"first visit to the home page -> 'ready offline': {page.evaluate('performance.now()'):.0f} ms")
            context.close()
            shutil.rmtree(profile, ignore_errors=True)
    finally:
        server.stop()


def lighthouse(site: Path) -> None:
    """Lighthouse's mobile scores for a rules page, with the system Chromium (npm lighthouse, installed on demand)."""
    import json
    import os

    tools = ROOT / "build" / "bench-tools"
    binary = tools / "node_modules" / ".bin" / "lighthouse"
    if not binary.exists():
        tools.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "install", "--prefix", str(tools), "--no-audit", "--no-fund", "--loglevel=error", "lighthouse@12"],
                       check=True, capture_output=True)
    server = StaticServer(site, compress=True)
    report = tools / "report.json"
    try:
        for path in ("", RULES_PAGE):
            subprocess.run(
                [str(binary), server.origin + "/" + path, "--quiet", "--form-factor=mobile", "--output=json",
                 f"--output-path={report}", "--chrome-flags=--headless=new " + " ".join(CHROMIUM_ARGS)],
                env={**os.environ, "CHROME_PATH": CHROMIUM}, check=True, capture_output=True, timeout=300,
            )
            scores = json.loads(report.read_text())["categories"]
            print(f"lighthouse mobile /{path}: " + ", ".join(f"{k} {round(v['score'] * 100)}" for k, v in scores.items()))
    finally:
        server.stop()


def main() -> int:
    print("(the benchmark's server gzips every response, as a real host should)")
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "site"
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "build.py", "--site-dir", str(site)], cwd=ROOT, capture_output=True, text=True)
        if done.returncode != 0:
            print(done.stderr)
            return 1
        print(f"full build (python build.py): {time.perf_counter() - started:.1f} s")
        total = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
        print(f"site/: {sum(1 for p in site.rglob('*') if p.is_file())} files, {total / 1e6:.1f} MB")
        page_weight(site)
        browser_figures(site)
        offline_figures(site)
        lighthouse(site)
    return 0


if __name__ == "__main__":
    sys.exit(main())
