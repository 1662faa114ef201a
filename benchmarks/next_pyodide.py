"""Another Pyodide beside the pinned one, before moving to it (#65): the bytes a first visit downloads (raw and
with gzip), and a start in Node (the runtime loaded, Python up, the modules our answers import), alternating
one with the other so that the machine's load falls on both alike; the memory Python starts with, which is
what a saved start keeps. `python benchmarks/bench.py --next-pyodide PACKAGE`, PACKAGE an unpacked npm
`pyodide` (`npm pack pyodide@314.0.7`). Not the browsers' first answer: the site builds on the pinned one."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
from pathlib import Path

from benchmarks.common import ROOT, spread

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
