"""What search costs a phone (`python build.py bench --search [--before REF]`): the bytes it downloads
(the index and the script, raw and gzip) beside another ref's, in Chromium with the CPU slowed 4x the
time from opening the box to the first results and the time each keystroke takes to show its results
(median and 95th percentile over the questions of #46, typed letter by letter), and how the index grows
with the number of rulesets (copies of the five texts, up to 50)."""

from __future__ import annotations

import gzip
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page

from benchmarks.common import ROOT, build_site, kib
from tests.helpers import CHROMIUM, CHROMIUM_ARGS, copy_project
from tests.server import StaticServer

QUESTIONS = (
    "how far can I charge",
    "fall damage",
    "can I climb during a charge",
    "hide after running",
    "what happens if I fail a climb",
    "jump from a roof to charge",
    "charge bonus",
    "how far does a fleeing unit run",
)
# What each build's search downloads: ours (the index the build makes, our script with its library) or
# Material's (its worker, its index, the script that rearranged its results).
DOWNLOADS = (
    "assets/search.json",
    "assets/search.js",
    "search/search_index.json",
    "assets/javascripts/workers/search.*.js",
)

# Each keystroke as the page gets it: the box's value one letter longer, its input event, and the
# results laid out (offsetHeight forces layout), timed inside the page.
KEYSTROKES = """questions => questions.flatMap((question) => {
  const box = document.querySelector('#site-search-box');
  const list = document.querySelector('.site-search__results');
  const times = [];
  for (let end = 1; end <= question.length; end += 1) {
    box.value = question.slice(0, end);
    const started = performance.now();
    box.dispatchEvent(new Event('input', { bubbles: true }));
    void list.offsetHeight;
    times.push(performance.now() - started);
  }
  return times;
})"""


# The index read and each keystroke of the questions asked, in Node on this machine (no page, not slowed).
NODE_TIMING = """
import { readFileSync } from "node:fs";
import { Search, indexShape } from "./search/engine.js";
const [file, ...questions] = process.argv.slice(1);
let started = performance.now();
const search = new Search(indexShape(JSON.parse(readFileSync(file, "utf-8"))));
const read = performance.now() - started;
const times = [];
for (const question of questions) for (let end = 1; end <= question.length; end += 1) {
  started = performance.now();
  search.ask(question.slice(0, end), { typing: true });
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const at = (share) => times[Math.min(times.length - 1, Math.round(share * (times.length - 1)))].toFixed(1);
console.log(`index read in ${read.toFixed(0)} ms, a keystroke median ${at(0.5)} ms, 95th percentile ${at(0.95)} ms`);
"""


def downloads(site: Path) -> list[tuple[str, int, int]]:
    found = []
    ours = (site / "assets" / "search.json").is_file()  # since #46; Material's files are then copied but unused
    for pattern in DOWNLOADS[:2] if ours else DOWNLOADS[1:]:
        for path in sorted(site.glob(pattern)):
            data = path.read_bytes()
            found.append((path.relative_to(site).as_posix(), len(data), len(gzip.compress(data, 9))))
    return found


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def window_opening(page: Page) -> float:
    return float(page.evaluate("() => window.opening"))


def typing(site: Path, reps: int) -> dict[str, list[float]]:
    """The figures of `reps` runs in Chromium with the CPU slowed 4x: opening, indexing, each keystroke."""
    from playwright.sync_api import sync_playwright

    server = StaticServer(site)
    opened: list[float] = []
    indexed: list[float] = []
    strokes: list[float] = []
    loads: list[float] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for _ in range(reps):
                context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
                page = context.new_page()
                page.goto(server.base, wait_until="load")
                page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
                loads.append(os.getloadavg()[0])
                # From the tap to the first question's results: the index fetched and indexed on a first open.
                page.evaluate("() => { window.opening = performance.now(); }")
                page.locator(".site-search__open").click()
                page.locator("#site-search-box").fill("charge")
                page.wait_for_function("() => /found/.test(document.querySelector('.site-search__status').textContent)")
                marks = page.evaluate(
                    "() => ['search-load', 'search-ready'].map((name) => performance.getEntriesByName(name)[0].startTime)"
                )
                opened.append(marks[1] - window_opening(page))
                indexed.append(marks[1] - marks[0])
                strokes += page.evaluate(KEYSTROKES, list(QUESTIONS))
                context.close()
            browser.close()
    finally:
        server.stop()
    return {"opened": opened, "indexed": indexed, "strokes": strokes, "loads": loads}


def print_typing(name: str, figures: dict[str, list[float]]) -> None:
    opened, indexed, strokes, loads = (figures[key] for key in ("opened", "indexed", "strokes", "loads"))
    print(
        f"search in Chromium, {name}, CPU slowed 4x, {len(opened)} runs [load average {min(loads):.2f}-{max(loads):.2f}]:"
    )
    print(
        f"  first tap to an index ready to ask: median {statistics.median(opened):.0f} ms"
        f" (range {min(opened):.0f}-{max(opened):.0f}); of which fetched, read and indexed:"
        f" median {statistics.median(indexed):.0f} ms (range {min(indexed):.0f}-{max(indexed):.0f})"
    )
    print(
        f"  per keystroke ({len(strokes)} over the {len(QUESTIONS)} questions): median {statistics.median(strokes):.1f} ms,"
        f" 95th percentile {percentile(strokes, 0.95):.1f} ms, slowest {max(strokes):.1f} ms"
    )


def growth(counts: tuple[int, ...] = (5, 25, 50)) -> None:
    """The index with the five texts copied under new names until the site holds `count` rulesets."""
    print("index growth with rulesets (copies of the five texts):")
    with tempfile.TemporaryDirectory() as folder:
        for count in counts:
            (Path(folder) / f"p{count}").mkdir()
            project = copy_project(Path(folder) / f"p{count}")
            rules = project / "rules"
            originals = sorted(p.name for p in rules.iterdir() if p.is_dir())
            topics = (rules / "topics.toml").read_text(encoding="utf-8").splitlines()
            for number in range(count - len(originals)):
                source = originals[number % len(originals)]
                copy = f"copy{number}-{source}"
                shutil.copytree(rules / source, rules / copy)
                (rules / copy / "assumptions.toml").unlink(
                    missing_ok=True
                )  # ids are the whole site's: the original's hold
                toml = rules / copy / "ruleset.toml"
                text = toml.read_text(encoding="utf-8").replace(f'id = "{source}"', f'id = "{copy}"', 1)
                text = text.replace('title = "', f'title = "Copy {number} of ', 1)
                text = "\n".join(
                    f"order = {100 + number}" if line.startswith("order = ") else line for line in text.splitlines()
                )
                toml.write_text(text + "\n", encoding="utf-8")
                # The copy's sections sit in the same topics as its original's.
                topics = [
                    out
                    for line in topics
                    for out in ([line, copy + line[len(source) :]] if line.startswith(f"{source} = ") else [line])
                ]
            (rules / "topics.toml").write_text("\n".join(topics) + "\n", encoding="utf-8")
            site = project / "site"
            done = subprocess.run(
                [sys.executable, "build.py", "--site-dir", str(site)], cwd=project, capture_output=True, text=True
            )
            if done.returncode != 0:
                print(f"  {count} rulesets: the copy does not build ({done.stderr.strip()[-400:]})")
                continue
            data = (site / "assets" / "search.json").read_bytes()
            entries = len(json.loads(data)["entries"])
            timed = subprocess.run(
                ["node", "--input-type=module", "-e", NODE_TIMING, str(site / "assets" / "search.json"), *QUESTIONS],
                cwd=ROOT,
                capture_output=True,
                text=True,
            )
            print(
                f"  {count:2} rulesets: {entries} entries, {kib(len(data))} ({kib(len(gzip.compress(data, 9)))} gzip);"
                f" in Node, not slowed: {timed.stdout.strip() or timed.stderr.strip()[-300:]}"
            )


def questions_answered(site: Path) -> None:
    """#61's corpus on this checkout's index, as each engine's build writes it (the same bytes on both)."""
    from tests.questions.corpus import report

    with tempfile.TemporaryDirectory() as folder:
        zensical = Path(folder) / "site"
        done = subprocess.run(
            [sys.executable, "build.py", "--engine", "zensical", "--site-dir", str(zensical)],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        for name, built in (("MkDocs + Material", site), ("Zensical", zensical)):
            if built is zensical and done.returncode != 0:
                print(f"questions as players type them, {name}: the build failed ({done.stderr.strip()[-300:]})")
                continue
            print(f"questions as players type them ({name}'s build; tests/questions/):")
            for line in report(built / "assets" / "search.json").splitlines():
                print(f"  {line}")


def main(site: Path, before: Path | None, reps: int) -> None:
    for name, folder in (("before", before), ("now", site)):
        if folder is None:
            continue
        files = downloads(folder)
        raw, packed = sum(f[1] for f in files), sum(f[2] for f in files)
        print(f"search downloads, {name}: {kib(raw)} ({kib(packed)} gzip)")
        for path, size, small in files:
            print(f"  {path:48} {kib(size):>10} ({kib(small)} gzip)")
    questions_answered(site)
    # Before and now alternate, a run each, so both meet the same load.
    runs: dict[str, dict[str, list[float]]] = {}
    for _ in range(reps):
        for name, folder in (("before", before), ("now", site)):
            if folder is not None:
                for key, values in typing(folder, 1).items():
                    runs.setdefault(name, {}).setdefault(key, []).extend(values)
    for name, figures in runs.items():
        print_typing(name, figures)
    growth()


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as scratch:
        built = Path(scratch) / "site"
        build_site(ROOT, built)
        main(built, None, 3)
