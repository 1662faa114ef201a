"""Another Pyodide beside the pinned one, before moving to it (#65): the bytes a first visit downloads (raw and
with gzip), and a start in Node (the runtime loaded, Python up, the modules our answers import), alternating
one with the other so that the machine's load falls on both alike; the memory Python starts with, which is
what a saved start keeps. `python benchmarks/bench.py --next-pyodide PACKAGE`, PACKAGE an unpacked npm
`pyodide` (`npm pack pyodide@314.0.7`). Then the site built on each (this commit, in a worktree whose
node_modules has the other runtime): what a first visit downloads and the saved start it keeps, and the first
live answer warm and cold in Chromium, Firefox ESR and WebKitGTK, the two builds alternating, with how each
returning visit started (a saved start restored, or Python started afresh)."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import tempfile
from pathlib import Path

from benchmarks.baselines import add_bare
from benchmarks.common import ROOT, build_site, kib, spread

PINNED = ROOT / "node_modules" / "pyodide"
# What a first visit downloads of the runtime; 0.29 ships its module as .js, the Pyodide after it as .mjs.
DOWNLOADED = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
START = """
const { loadPyodide } = await import(process.argv[1] + "/pyodide.mjs");
const began = performance.now();
const pyodide = await loadPyodide({ indexURL: process.argv[1] + "/" });
pyodide.runPython("import fractions, json, dataclasses");
console.log(JSON.stringify({ ms: performance.now() - began, memory: pyodide._module.HEAP8.length }));
"""


def version(package: Path) -> str:
    return str(json.loads((package / "package.json").read_text())["version"])


def downloaded(package: Path) -> tuple[int, int]:
    files = [package / name for name in DOWNLOADED if (package / name).is_file()]
    return sum(f.stat().st_size for f in files), sum(len(gzip.compress(f.read_bytes(), 9)) for f in files)


def start(package: Path) -> dict[str, float]:
    done = subprocess.run(
        ["node", "--input-type=module", "-e", START, str(package)], capture_output=True, text=True, timeout=300
    )
    if done.returncode != 0:
        raise SystemExit(f"{package}: {done.stderr.strip()[-400:]}")
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def main(other: Path, rounds: int) -> None:
    packages = (PINNED, other)
    for package in packages:
        raw, packed = downloaded(package)
        print(f"{version(package):>9}: runtime {raw / 2**20:.2f} MiB, {packed / 2**20:.2f} MiB with gzip")
    times: dict[Path, list[float]] = {package: [] for package in packages}
    memory: dict[Path, float] = {}
    loads = []
    for _ in range(rounds):
        for package in packages:
            figures = start(package)
            times[package].append(figures["ms"])
            memory[package] = figures["memory"]
            loads.append(os.getloadavg()[0])
    for package in packages:
        print(
            f"{version(package):>9}: start in Node {spread(times[package])}, memory at start {memory[package] / 2**20:.0f} MiB"
        )
    print(f"load average {min(loads):.1f}-{max(loads):.1f} over {rounds} alternating rounds")


def built_on(package: Path, folder: Path) -> Path:
    """This commit's site built on `package`: a worktree whose node_modules is this checkout's, but for pyodide."""
    tree = folder / "next"
    subprocess.run(["git", "worktree", "add", "--detach", str(tree), "HEAD"], cwd=ROOT, check=True, capture_output=True)
    (tree / "node_modules").mkdir()
    for entry in (ROOT / "node_modules").iterdir():
        (tree / "node_modules" / entry.name).symlink_to(package if entry.name == "pyodide" else entry)
    site = folder / "site-next"
    build_site(tree, site)
    return site


def site_bytes(site: Path) -> None:
    """What a first visit's worker downloads (the runtime as the site ships it: trimmed standard library, empty
    lock file; our wheel), and the saved start a returning phone keeps, raw and with gzip."""
    runtime = next((site / "assets" / "pyodide").iterdir())
    first = [*runtime.iterdir(), *(site / "assets" / "py").rglob("*.whl")]
    saved = sorted((site / "assets" / "snapshot").glob("*.bin"))
    for what, files in (("first visit's runtime and wheel", first), ("saved start", saved)):
        raw = sum(f.stat().st_size for f in files)
        packed = sum(len(gzip.compress(f.read_bytes(), 6)) for f in files)
        print(f"  {runtime.name:>9}: {what} {kib(raw)}, {kib(packed)} with gzip")


def browsers(other: Path, reps: int) -> None:
    """The site on each runtime, side by side in the three engines."""
    from benchmarks.engines import two_builds
    from benchmarks.startup import Variant, browser_figures

    with tempfile.TemporaryDirectory() as folder:
        pinned = Path(folder) / "site"
        build_site(ROOT, pinned)
        try:
            other_site = built_on(other, Path(folder))
            for site in (pinned, other_site):
                site_bytes(site)
            add_bare(pinned)  # the pinned runtime alone, as the other figures' floor
            variants = [
                Variant(version(PINNED), pinned),
                Variant("bare", pinned, page="bare"),
                Variant(version(other), other_site),
            ]
            try:
                browser_figures(variants, reps)
            finally:
                for variant in variants:
                    variant.stop()
            two_builds({version(PINNED): pinned, version(other): other_site}, reps)
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(Path(folder) / "next")], cwd=ROOT, capture_output=True
            )
