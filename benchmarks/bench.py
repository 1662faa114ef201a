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
    from playwright.sync_api import sync_playwright

    manifest = __import__("json").loads((ROOT / "build" / "assets" / "manifest.json").read_text())
    bench_dir = site / "__bench__"
    bench_dir.mkdir(exist_ok=True)
    (bench_dir / "bare.html").write_text(BARE_PAGE.format(runtime=manifest["runtime"]))
    server = StaticServer(site)
    try:
        with sync_playwright() as playwright:
            for label in ("ours", "bare"):
                profile = tempfile.mkdtemp(prefix="bench-profile-")
                # A persistent profile keeps the HTTP cache like a phone's browser does.
                context = playwright.chromium.launch_persistent_context(
                    profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport={"width": 360, "height": 740})
                page = context.pages[0] if context.pages else context.new_page()
                page.add_init_script("document.addEventListener('calculators:ready', e => { window.bootTimings = e.detail; })")
                sizes: list[tuple[float, int]] = []
                page.on("requestfinished", lambda request: sizes.append((time.perf_counter(), max(0, request.sizes()["responseBodySize"]))))
                for visit in ("cold", "warm"):
                    sizes.clear()
                    if label == "ours":
                        page.goto(server.origin + LIVE_PAGE)
                        page.wait_for_function("() => document.getElementById('calc-fall').dataset.state === 'live'", timeout=120_000)
                        done = time.perf_counter()
                        first = page.evaluate("performance.now()")
                        page.wait_for_timeout(1500)
                        before = sum(size for at, size in sizes if at <= done)
                        after = sum(size for at, size in sizes if at > done)
                        boot = page.evaluate("window.bootTimings")
                        print(f"ours, {visit}: first live result {first:.0f} ms after navigation "
                              f"(runtime {boot['runtime']:.0f} ms, wheel unpack + import {boot['wheel']:.0f} ms); "
                              f"downloaded {kib(before)} before it, {kib(after)} after")
                    else:
                        page.goto(server.origin + "/__bench__/bare.html")
                        page.wait_for_function("() => window.bareReady", timeout=120_000)
                        print(f"bare loadPyodide() in a worker, {visit}: ready {page.evaluate('window.bareReady'):.0f} ms "
                              f"after navigation; downloaded {kib(sum(s for _, s in sizes))}")
                if label == "ours":
                    latency(page)
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


def main() -> int:
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
