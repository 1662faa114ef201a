"""Benchmark: build time, page weight, and the calculators' start-up and latency in Chromium.

Run on demand with `python build.py bench` (not part of the tests' pass/fail). Prints figures.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.helpers import CHROMIUM, CHROMIUM_ARGS, STARTED, later  # noqa: E402
from tests.server import StaticServer, packed  # noqa: E402

RULES_PAGE = "mordheim-1999/movement/"
LIVE_PAGE = "/mordheim-1999/movement/?calc-fall.height=4#falling"  # a shared link: computes at once
# Recorded in every page: when the first live answer arrived (site) and when bare Pyodide was ready.
FIRST_LIVE = "document.addEventListener('calculators:result', () => { window.firstLive ??= performance.now(); });"
# True once a returning visit can start from the saved snapshot (or the build has none to save).
SNAPSHOT_SAVED = (
    "() => !document.querySelector('script[data-snapshot]') || document.documentElement.dataset.snapshot === 'saved'"
)


# Bare loadPyodide() of the same runtime, in a worker, with Pyodide's own standard library: the baseline.
BARE_PAGE = """<!doctype html><meta charset="utf-8"><title>bare</title><script>
const runtime = new URL("../{runtime}", location.href).href;
const stdlib = new URL("python_stdlib.zip", location.href).href;
const source = `importScripts("${{runtime}}pyodide.js");
loadPyodide({{indexURL: "${{runtime}}", stdLibURL: "${{stdlib}}"}}).then(() => postMessage("ready"));`;
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


class Variant:
    """One thing to time: a built site's shared link, or bare loadPyodide() from the same runtime."""

    def __init__(self, name: str, site: Path, bare: bool = False) -> None:
        self.name, self.site, self.bare = name, site, bare
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
        return self.server(link).origin + ("/__bench__/bare.html" if self.bare else LIVE_PAGE)

    def stop(self) -> None:
        for server in self.servers.values():
            server.stop()


# name -> (bytes per second, seconds per request, whether all responses share the rate, compression).
# A phone has one link: downloads at once share its 10 Mbit/s. Hosts compress: brotli where they can
# (Netlify, Cloudflare; README asks for it), gzip where they cannot (GitHub Pages). The per-request
# link (each download with 10 Mbit/s of its own, gzip) is how this benchmark measured before.
MBIT_10 = 10_000_000 // 8
LINKS = {
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


def open_profile(playwright, profile: str):
    # A persistent profile keeps the HTTP cache and compiled wasm as a phone's browser does.
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport={"width": 360, "height": 740}
    )
    page = context.pages[0] if context.pages else context.new_page()
    page.add_init_script(FIRST_LIVE)
    sizes: list[tuple[float, int]] = []
    page.on(
        "requestfinished",
        lambda request: sizes.append((time.perf_counter(), max(0, request.sizes()["responseBodySize"]))),
    )
    return context, page, sizes


def first_result(
    page, sizes, variant: Variant, link: str, cpu: int = 1, starts: Counter | None = None
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


def settle(page, sizes, variant: Variant, link: str) -> None:
    """Two visits, then wait until the offline copy (and the snapshot, if the page has one) is saved:
    what a returning visitor's browser holds."""
    for _ in range(2):
        first_result(page, sizes, variant, link)
    page.wait_for_function(SNAPSHOT_SAVED, timeout=300_000)


def spread(values: list[float]) -> str:
    """Median and interquartile range."""
    if len(values) < 2:
        return f"{values[0]:.0f} ms"
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return f"median {q2:.0f} ms (IQR {q1:.0f}-{q3:.0f})"


def report(
    title: str,
    times: dict[str, list[float]],
    downloaded: dict[str, list[int]] | None,
    loads: list[float],
    starts: dict[str, Counter] | None = None,
) -> None:
    print(f"{title} [load average {min(loads):.2f}-{max(loads):.2f}]:")
    bare = statistics.median(times["bare"])
    for name, values in times.items():
        ratio = f", x{statistics.median(values) / bare:.2f} of bare" if name != "bare" else ""
        got = f"; downloaded {kib(statistics.median(downloaded[name]))}" if downloaded else ""
        how = (
            ", ".join(f"{kind} {count}" for kind, count in starts[name].items()) if starts and starts.get(name) else ""
        )
        print(f"  {name:7} {spread(values)}{ratio}{got}" + (f"; started: {how}" if how else ""))


def browser_figures(variants: list[Variant], reps: int, warm_only: bool = False) -> None:
    """First live result, warm and cold, on localhost, a 10 Mbit/s link and a CPU slowed 4x: every
    variant in turn within each repetition (the order rotating), so they share the machine's load."""
    from playwright.sync_api import sync_playwright

    def rotate(rep: int) -> list[Variant]:
        return variants[rep % len(variants) :] + variants[: rep % len(variants)]

    with sync_playwright() as playwright:
        scenarios = [("localhost", 1, True, False)] if warm_only else SCENARIOS
        for link, cpu, warm, cold in scenarios:
            label = f"{link}{', CPU slowed 4x' if cpu > 1 else ''}"
            if not warm:
                cold_figures(playwright, variants, reps, link, label, rotate)
                continue
            # Warm: one profile per variant, visited twice first so the HTTP and compiled-wasm caches settle.
            profiles = {v.name: tempfile.mkdtemp(prefix="bench-profile-") for v in variants}
            opened = {v.name: open_profile(playwright, profiles[v.name]) for v in variants}
            for variant in variants:
                _, page, sizes = opened[variant.name]
                settle(page, sizes, variant, link)
            times: dict[str, list[float]] = {v.name: [] for v in variants}
            got: dict[str, list[int]] = {v.name: [] for v in variants}
            starts = {v.name: Counter() for v in variants}
            loads = [os.getloadavg()[0]]
            for rep in range(reps):
                for variant in rotate(rep):
                    _, page, sizes = opened[variant.name]
                    ms, size = first_result(page, sizes, variant, link, cpu, starts[variant.name])
                    times[variant.name].append(ms)
                    got[variant.name].append(size)
                loads.append(os.getloadavg()[0])
            if link == "localhost" and cpu == 1:
                site_page = opened[variants[0].name][1]
                first_result(site_page, opened[variants[0].name][2], variants[0], link)
                latency(site_page)
            for context, _, _ in opened.values():
                context.close()
            for profile in profiles.values():
                shutil.rmtree(profile, ignore_errors=True)
            report(f"warm, {label}, {reps} alternating runs", times, got, loads, starts)
            if cold:
                cold_figures(playwright, variants, reps, link, label, rotate)


def cold_figures(playwright, variants: list[Variant], reps: int, link: str, label: str, rotate) -> None:
    """A new profile for every visit: nothing cached, the service worker installing."""
    times: dict[str, list[float]] = {v.name: [] for v in variants}
    got: dict[str, list[int]] = {v.name: [] for v in variants}
    loads = [os.getloadavg()[0]]
    for rep in range(reps):
        for variant in rotate(rep):
            profile = tempfile.mkdtemp(prefix="bench-profile-")
            context, page, sizes = open_profile(playwright, profile)
            ms, size = first_result(page, sizes, variant, link)
            times[variant.name].append(ms)
            got[variant.name].append(size)
            context.close()
            shutil.rmtree(profile, ignore_errors=True)
        loads.append(os.getloadavg()[0])
    report(f"cold, {label}, {reps} alternating runs", times, got, loads)


def engine_figures(site: Path, reps: int) -> None:
    """The same first-live-result figures in Firefox ESR and WebKitGTK, site against bare, warm and cold."""
    server = StaticServer(site, compress=True)
    site_url, bare_url = server.origin + LIVE_PAGE, server.origin + "/__bench__/bare.html"
    try:
        loads = [os.getloadavg()[0]]
        done = subprocess.run(
            ["node", str(ROOT / "benchmarks" / "firefox.mjs"), site_url, bare_url, str(reps)],
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
                report(f"Firefox ESR, {kind}, localhost, {reps} alternating runs", figures[kind], None, loads, starts)
        webkit_figures(site_url, bare_url, reps)
    finally:
        server.stop()


def webkit_figures(site_url: str, bare_url: str, reps: int) -> None:
    from tests.engines import webkit

    flags = {
        "site": "return performance.getEntriesByName('calculators:first-live')[0]?.startTime || null;",
        "bare": "return window.bareReady || null;",
    }
    urls = {"site": site_url, "bare": bare_url}

    def visit(browser, name: str) -> float:
        browser.get(urls[name])
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            found = browser.execute_script(flags[name])
            if found:
                return found
            time.sleep(0.05)
        raise TimeoutError(name)

    with webkit.virtual_screen():
        loads = [os.getloadavg()[0]]
        warm = {name: webkit.open_browser() for name in urls}
        times: dict[str, list[float]] = {name: [] for name in urls}
        try:
            for name, browser in warm.items():
                for _ in range(2):
                    visit(browser, name)
            saved = "return document.documentElement.dataset.snapshot === 'saved';"  # a returning visitor's browser
            deadline = time.monotonic() + 300
            while not warm["site"].execute_script(saved) and time.monotonic() < deadline:
                time.sleep(0.25)
            starts = {"site": Counter()}
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
        report(f"WebKitGTK, warm (same session), localhost, {reps} alternating runs", times, None, loads, starts)
        times = {name: [] for name in urls}
        for rep in range(reps):
            for name in ["site", "bare"] if rep % 2 == 0 else ["bare", "site"]:
                browser = webkit.open_browser()
                try:
                    times[name].append(visit(browser, name))
                finally:
                    browser.quit()
        loads.append(os.getloadavg()[0])
        report(f"WebKitGTK, cold (new session), localhost, {reps} alternating runs", times, None, loads)


def build_site(project: Path, site: Path) -> float:
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "build.py", "--site-dir", str(site)], cwd=project, capture_output=True, text=True
    )
    if done.returncode != 0:
        raise SystemExit(f"build failed in {project}:\n{done.stderr}")
    return time.perf_counter() - started


def build_before(ref: str, folder: Path) -> Path:
    """The site as `ref` built it, from a git worktree sharing this checkout's installed runtime."""
    tree = folder / "before"
    subprocess.run(["git", "worktree", "add", "--detach", str(tree), ref], cwd=ROOT, check=True, capture_output=True)
    (tree / "node_modules").symlink_to(ROOT / "node_modules")
    site = folder / "site-before"
    build_site(tree, site)
    return site


def remove_before(folder: Path) -> None:
    """The worktree `build_before` made in `folder`, gone (its site goes with the folder)."""
    subprocess.run(["git", "worktree", "remove", "--force", str(folder / "before")], cwd=ROOT, capture_output=True)


def add_bare(site: Path) -> None:
    manifest = json.loads((ROOT / "build" / "assets" / "manifest.json").read_text())
    bench = site / "__bench__"
    bench.mkdir(exist_ok=True)
    (bench / "bare.html").write_text(BARE_PAGE.format(runtime=manifest["runtime"]))
    shutil.copyfile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip", bench / "python_stdlib.zip")


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
    print(
        f"input -> result over {len(times)} changes: median {statistics.median(times):.1f} ms, "
        f"95th percentile {times[int(len(times) * 0.95) - 1]:.1f} ms"
    )


def offline_figures(site: Path) -> None:
    """What a first visit stores for offline use, and how long until the site says it is ready."""
    import json
    import re

    from playwright.sync_api import sync_playwright

    worker = (site / "sw.js").read_text()
    lists = {
        name: list(json.loads(re.search(rf"const {name} = (\[.*?\]|\{{.*?\}});", worker).group(1)))
        for name in ("PAGES", "RUNTIME", "SNAPSHOT")
    }
    for name, urls in lists.items():
        size = sum(((site / u / "index.html") if u.endswith("/") else (site / u)).stat().st_size for u in urls)
        print(f"offline cache, {name.lower()}: {len(urls)} files, {kib(size)}")
    server = StaticServer(site, compress=True)
    try:
        with sync_playwright() as playwright:
            profile = tempfile.mkdtemp(prefix="bench-profile-")
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport={"width": 360, "height": 740}
            )
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(server.origin + "/")
            page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=180_000)
            print(f"first visit to the home page -> 'ready offline': {page.evaluate('performance.now()'):.0f} ms")
            context.close()
            shutil.rmtree(profile, ignore_errors=True)
    finally:
        server.stop()


def changed_copy(project: Path, site: Path, folder: Path) -> Path:
    """`site` with the About page's text changed and its service worker made anew by `project`'s own
    generator (so a --before tree is measured with its own worker)."""
    copy = folder / f"{site.name}-changed"
    shutil.copytree(site, copy)
    page = copy / "about" / "index.html"
    page.write_text(
        page.read_text(encoding="utf-8").replace("A rules reference", "A rules reference, updated,", 1),
        encoding="utf-8",
    )
    subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from pathlib import Path; from sitegen.offline import service_worker; "
            "p = Path(sys.argv[1]); (p / 'sw.js').write_text(service_worker(p), encoding='utf-8')",
            str(copy),
        ],
        cwd=project,
        check=True,
    )
    later(page, copy / "sw.js")
    return copy


def rules_changed_copy(project: Path, folder: Path) -> Path:
    """`project` built with one rules number changed (Mordheim falls take D3+1 hits): a new wheel."""
    from tests.helpers import copy_project

    tree = folder / f"rules-{project.name}"
    tree.mkdir()
    if project == ROOT:
        copy_project(tree)
    else:
        shutil.copytree(
            project, tree, dirs_exist_ok=True, ignore=shutil.ignore_patterns("node_modules", "site", ".git", "build")
        )
        (tree / "node_modules").symlink_to(ROOT / "node_modules")
    numbers = tree / "rules" / "mordheim-1999" / "numbers.toml"
    numbers.write_text(numbers.read_text(encoding="utf-8").replace('hits = "D3"', 'hits = "D3+1"'), encoding="utf-8")
    build_site(tree, tree / "site")
    later(*[p for p in (tree / "site").rglob("*") if p.is_file()])
    return tree / "site"


def update_bytes(first: Path, second: Path, day_later: bool) -> tuple[int, int]:
    """A returning phone: build 1 visited and kept offline (snapshot too); build 2 goes up; minutes
    later (the HTTP cache still fresh under max-age=600) or a day later (cleared), the phone opens one
    page and stays until the update is ready or the server has been quiet for 3 s. Files and bytes sent."""
    from playwright.sync_api import sync_playwright

    server = StaticServer(first, compress=True, cache_control="max-age=600")
    profile = tempfile.mkdtemp(prefix="bench-update-")
    try:
        with sync_playwright() as playwright:
            context, page, _ = open_profile(playwright, profile)
            page.goto(server.base + LIVE_PAGE.lstrip("/"))
            page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=180_000)
            page.wait_for_function(SNAPSHOT_SAVED, timeout=180_000)
            context.close()
            server.serve(second)
            server.sent.clear()
            context, page, _ = open_profile(playwright, profile)
            if day_later:
                context.new_cdp_session(page).send("Network.clearBrowserCache")
            page.goto(server.base + "about/")
            # Until the update is ready (this worker says so), or the server has been quiet for 3 s after it began.
            started, quiet, seen = time.monotonic(), time.monotonic(), 0
            while time.monotonic() - started < 120:
                page.wait_for_timeout(250)
                if len(server.sent) != seen:
                    seen, quiet = len(server.sent), time.monotonic()
                try:
                    ready = page.evaluate("document.documentElement.dataset.update === 'ready'")
                except Exception:  # the old worker reloads the page when it takes over
                    ready = False
                if (ready or seen) and time.monotonic() - quiet > 3:
                    break
            context.close()
        return len(server.sent), sum(size for _, size in server.sent)
    finally:
        server.stop()
        shutil.rmtree(profile, ignore_errors=True)


def update_figures(site: Path, folder: Path, before: tuple[Path, Path] | None = None) -> None:
    """What a returning phone downloads for a one-page update and a rules-number update, gzip as a host
    sends it, against the runtime's size; with --before, the same for that tree's site."""
    runtime = sum(
        len(packed(p.read_bytes(), "gzip"))
        for prefix in ("assets/pyodide", "assets/py")
        for p in (site / prefix).rglob("*")
        if p.is_file()
    )
    print(f"updates (a returning phone, gzip; the runtime is {kib(runtime)} gzip):")
    for name, (project, built) in {"site": (ROOT, site), **({"before": before} if before else {})}.items():
        work = folder / f"updates-{name}"
        work.mkdir()
        one_page, rules = changed_copy(project, built, work), rules_changed_copy(project, work)
        for when, day_later in (("minutes later", False), ("a day later", True)):
            one = update_bytes(built, one_page, day_later)
            numbers = update_bytes(built, rules, day_later)
            print(
                f"  {name}, {when}: one-page update {one[0]} files, {kib(one[1])}; "
                f"rules-number update {numbers[0]} files, {kib(numbers[1])}"
            )


def lighthouse(site: Path) -> None:
    """Lighthouse's mobile scores for a rules page, with the system Chromium (npm lighthouse, installed on demand)."""
    import json
    import os

    tools = ROOT / "build" / "bench-tools"
    binary = tools / "node_modules" / ".bin" / "lighthouse"
    if not binary.exists():
        tools.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["npm", "install", "--prefix", str(tools), "--no-audit", "--no-fund", "--loglevel=error", "lighthouse@12"],
            check=True,
            capture_output=True,
        )
    server = StaticServer(site, compress=True)
    report = tools / "report.json"
    try:
        for path in ("", RULES_PAGE):
            subprocess.run(
                [
                    str(binary),
                    server.origin + "/" + path,
                    "--quiet",
                    "--form-factor=mobile",
                    "--output=json",
                    f"--output-path={report}",
                    "--chrome-flags=--headless=new " + " ".join(CHROMIUM_ARGS),
                ],
                env={**os.environ, "CHROME_PATH": CHROMIUM},
                check=True,
                capture_output=True,
                timeout=300,
            )
            scores = json.loads(report.read_text())["categories"]
            print(
                f"lighthouse mobile /{path}: " + ", ".join(f"{k} {round(v['score'] * 100)}" for k, v in scores.items())
            )
    finally:
        server.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description="Print the site's build, weight and speed figures.")
    parser.add_argument("--before", metavar="REF", help="also time the site as this git ref built it, side by side")
    parser.add_argument("--reps", type=int, default=7, help="alternating repetitions per figure (default 7)")
    parser.add_argument("--only-live", action="store_true", help="only the calculators' start-up figures")
    parser.add_argument("--chromium-only", action="store_true", help="leave out Firefox and WebKit")
    parser.add_argument("--engines-only", action="store_true", help="only Firefox and WebKit")
    parser.add_argument("--warm-only", action="store_true", help="only the warm localhost start (a quick A/B)")
    parser.add_argument(
        "--builds", action="store_true", help="only build figures: each engine (and --before), serve's rebuild"
    )
    parser.add_argument(
        "--updates", action="store_true", help="only what a returning phone downloads for an update (and --before)"
    )
    parser.add_argument("--pages", action="store_true", help="only the key pages' weights (and --before)")
    args = parser.parse_args()
    if args.builds:
        from benchmarks import builds

        with tempfile.TemporaryDirectory() as folder:
            before = None
            if args.before:
                tree = Path(folder) / "before"
                subprocess.run(
                    ["git", "worktree", "add", "--detach", str(tree), args.before],
                    cwd=ROOT,
                    check=True,
                    capture_output=True,
                )
                (tree / "node_modules").symlink_to(ROOT / "node_modules")
                before = tree
            try:
                builds.main(args.reps, before)
            finally:
                if before:
                    remove_before(Path(folder))
        return 0
    if args.pages:
        from benchmarks import pages

        with tempfile.TemporaryDirectory() as folder:
            site = Path(folder) / "site"
            build_site(ROOT, site)
            try:
                pages.main(site, build_before(args.before, Path(folder)) if args.before else None)
            finally:
                if args.before:
                    remove_before(Path(folder))
        return 0
    if args.updates:
        with tempfile.TemporaryDirectory() as folder:
            site = Path(folder) / "site"
            build_site(ROOT, site)
            before = None
            if args.before:
                build_before(args.before, Path(folder))
                before = (Path(folder) / "before", Path(folder) / "site-before")
            try:
                update_figures(site, Path(folder), before)
            finally:
                if args.before:
                    remove_before(Path(folder))
        return 0
    print(
        f"(the benchmark's server compresses every response, as a real host should: gzip, or brotli where a link"
        f" says so; {os.cpu_count()} cores)"
    )
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "site"
        seconds = build_site(ROOT, site)
        print(f"full build (python build.py): {seconds:.1f} s")
        total = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
        print(f"site/: {sum(1 for p in site.rglob('*') if p.is_file())} files, {total / 1e6:.1f} MB")
        if not args.only_live:
            page_weight(site)
        add_bare(site)
        variants = [Variant("site", site), Variant("bare", site, bare=True)]
        try:
            if args.before:
                variants.insert(1, Variant("before", build_before(args.before, Path(folder))))
            if not args.engines_only:
                browser_figures(variants, args.reps, args.warm_only)
            if not args.chromium_only:
                engine_figures(site, max(5, args.reps))
        finally:
            for variant in variants:
                variant.stop()
            if args.before:
                remove_before(Path(folder))
        shutil.rmtree(site / "__bench__", ignore_errors=True)
        if not args.only_live:
            offline_figures(site)
            update_figures(site, Path(folder))
            lighthouse(site)
    return 0


if __name__ == "__main__":
    sys.exit(main())
