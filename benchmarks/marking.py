"""What marking a search result's sentence costs on its page (`python -m benchmarks.marking [--before REF]`):
sections of growing length, up to the longest the search index holds (search/limits.js: 400 sentences of
4,000 characters), each marked at its last sentence in Chromium with the CPU slowed 4x; this checkout's
search/mark.js beside REF's, run after run, medians and spread, with the load. A REF whose marking grows with
the square of the section is not run on the sections past --before-most (it took minutes: #64, item 3)."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser

from benchmarks.common import ROOT, spread
from sitegen.bundle.assets import esbuild
from sitegen.pages.search_limits import limits
from tests.helpers import CHROMIUM, CHROMIUM_ARGS
from tests.server import StaticServer

WORD = "climbs "  # a sentence of words and single spaces; every tenth paragraph splits a word with <em>


def sentence(number: int, length: int) -> str:
    words = f"Sentence {number} " + WORD * ((length - 20) // len(WORD))
    return words.strip()[: length - 1] + "."


def page(sentences: list[str]) -> str:
    paragraphs = []
    for number, text in enumerate(sentences):
        if number % 10 == 0:  # several text nodes in one paragraph, and white space runs, as pages have
            head, _, tail = text.partition(" ")
            paragraphs.append(f"<p>{head}  <em>{tail[:30]}</em>\n  {tail[30:]}</p>")
        else:
            paragraphs.append(f"<p>{text}</p>")
    return (
        '<!doctype html><html lang="en"><meta charset="utf-8"><title>Marking</title>'
        '<script src="mark.js"></script><h2 id="worst">Worst</h2>' + "".join(paragraphs) + "</html>"
    )


def bundled(source: Path, folder: Path) -> None:
    """mark.js (this checkout's, or a ref's copy) as one script that sets window.Marking."""
    (folder / "mark.js").write_text(
        esbuild(ROOT, source.relative_to(ROOT), "--bundle", "--format=iife", "--global-name=Marking"),
        encoding="utf-8",
    )


def mark_once(browser: Browser, base: str, count: int) -> float:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        tab = context.new_page()
        tab.goto(f"{base}page-{count}.html", wait_until="load")
        context.new_cdp_session(tab).send("Emulation.setCPUThrottlingRate", {"rate": 4})
        took, marked = tab.evaluate(
            """async ([base, count]) => {
              const search = await (await fetch(`${base}page-${count}.json`)).json();
              const href = `${base}page-${count}.html?sentence=${count - 1}#worst`;
              const started = performance.now();
              const marked = Marking.markSentence(search, base, href, { id: "worst", sentence: count - 1 });
              return [performance.now() - started, marked];
            }""",
            [base, count],
        )
        if not marked:
            raise SystemExit(f"the sentence of a section of {count} was not marked ({base})")
        return float(took)
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--before", help="a git ref whose search/mark.js to run beside this checkout's")
    parser.add_argument("--before-most", type=int, default=50, help="the longest section (sentences) REF is run on")
    parser.add_argument("--reps", type=int, default=5)
    arguments = parser.parse_args()
    most = limits()
    counts = [25, 50, 100, 200, most["sentences"]]
    longest = most["sentence"]
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as scratch:
        folders = {"now": Path(scratch) / "now"}
        if arguments.before:
            folders = {"before": Path(scratch) / "before", **folders}
        for name, folder in folders.items():
            folder.mkdir()
            source = ROOT / "search" / "mark.js"
            if name == "before":
                source = ROOT / "benchmarks" / ".mark-before.js"
                shown = subprocess.run(
                    ["git", "show", f"{arguments.before}:search/mark.js"], cwd=ROOT, capture_output=True, check=True
                )
                source.write_bytes(shown.stdout)
            try:
                bundled(source, folder)
            finally:
                if name == "before":
                    source.unlink()
            for count in counts:
                sentences = [sentence(number, longest) for number in range(count)]
                (folder / f"page-{count}.html").write_text(page(sentences), encoding="utf-8")
                entry = {"url": f"page-{count}.html#worst", "sentences": sentences}
                (folder / f"page-{count}.json").write_text(json.dumps({"entries": [entry]}), encoding="utf-8")
        servers = {name: StaticServer(folder) for name, folder in folders.items()}
        times: dict[tuple[str, int], list[float]] = {}
        loads: list[float] = []
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for _ in range(arguments.reps):  # before and now alternate, a section at a time
                    for count in counts:
                        for name, server in servers.items():
                            if name == "before" and count > arguments.before_most:
                                continue
                            loads.append(os.getloadavg()[0])
                            times.setdefault((name, count), []).append(mark_once(browser, server.base, count))
                browser.close()
        finally:
            for server in servers.values():
                server.stop()
    print(f"marking a section's last sentence, CPU 4x [load average {min(loads):.2f}-{max(loads):.2f}]:")
    for (name, count), values in sorted(times.items(), key=lambda item: (item[0][1], item[0][0])):
        size = count * longest / 1000
        print(f"  {count:4} sentences ({size:6.0f} KB) {name:6} {spread(values, 1)}")


if __name__ == "__main__":
    main()
