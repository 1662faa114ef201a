"""Build figures: a full build with each engine (and with git ref REF, side by side), and how long
`serve` takes to show an edit, in alternating repetitions with medians, spread and the machine's load.

`python build.py bench --builds [--before REF] [--reps N]`.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.helpers import copy_project, serve_project  # noqa: E402

TEXT = Path("rules/trench-crusade/002_7d830321182f7f65.txt")
NUMBERS = Path("rules/trench-crusade/numbers.toml")  # the numbers are data: an edit there rebuilds the answers
CAP, OTHER_CAP = "cap = { value = 12,", "cap = { value = 11,"


def seconds(values: list[float]) -> str:
    if len(values) < 2:
        return f"{values[0]:.2f} s"
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return f"median {q2:.2f} s (IQR {q1:.2f}-{q3:.2f}, n={len(values)})"


def timed_build(project: Path, engine: str, site: Path) -> float:
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "build.py", "--site-dir", str(site), *(["--engine", engine] if engine != "mkdocs" else [])],
        cwd=project,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise SystemExit(f"{engine} build failed in {project}:\n{done.stderr[-2000:]}")
    return time.perf_counter() - started


def full_builds(reps: int, before: Path | None, folder: Path) -> None:
    runs = {"mkdocs": (ROOT, "mkdocs"), "zensical": (ROOT, "zensical")}
    if before is not None:
        runs["before (mkdocs)"] = (before, "mkdocs")
    for project, engine in runs.values():  # one untimed build each: caches (wheel, compiled stdlib) filled
        timed_build(project, engine, folder / "warm")
    times: dict[str, list[float]] = {name: [] for name in runs}
    loads = []
    for rep in range(reps):
        order = list(runs)[rep % len(runs) :] + list(runs)[: rep % len(runs)]
        for name in order:
            project, engine = runs[name]
            times[name].append(timed_build(project, engine, folder / f"site-{rep}-{engine}"))
            shutil.rmtree(folder / f"site-{rep}-{engine}", ignore_errors=True)
        loads.append(os.getloadavg()[0])
    print(f"full build, python build.py, {reps} alternating runs [load average {min(loads):.2f}-{max(loads):.2f}]:")
    for name, values in times.items():
        print(f"  {name:16} {seconds(values)}")


def serve_edits(reps: int, folder: Path) -> None:
    """Edit a rules text, then a number in numbers.toml, and time until the served page shows each."""
    (folder / "project").mkdir()
    project = copy_project(folder / "project")
    server, port = serve_project(project)

    def page() -> str:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/trench-crusade/movement/", timeout=5) as response:
                return str(response.read().decode())
        except OSError:
            return ""

    def shows(words: str) -> Callable[[str], bool]:
        return lambda html: words in html

    def until(predicate: Callable[[str], bool], limit: float = 180) -> float:
        started = time.perf_counter()
        while time.perf_counter() - started < limit:
            if predicate(page()):
                return time.perf_counter() - started
            time.sleep(0.1)
        raise SystemExit("serve did not show the edit in time")

    text, code = project / TEXT, project / NUMBERS
    good_text, good_code = text.read_text(encoding="utf-8"), code.read_text(encoding="utf-8")
    times: dict[str, list[float]] = {"rules text": [], "numbers.toml": []}
    loads = []
    try:
        until(shows("Charge Bonus"))
        for rep in range(reps):
            marker = f"EDIT NUMBER {rep}"
            text.write_text(good_text.replace("Taking a Retreat", f"Taking a Retreat\n{marker}"), encoding="utf-8")
            times["rules text"].append(until(shows(marker)))
            cap = OTHER_CAP if rep % 2 == 0 else CAP
            code.write_text(good_code.replace(CAP, cap), encoding="utf-8")
            shown = "at most 11&quot;" if rep % 2 == 0 else "at most 12&quot;"
            times["numbers.toml"].append(until(shows(shown)))
            loads.append(os.getloadavg()[0])
    finally:
        text.write_text(good_text, encoding="utf-8")
        code.write_text(good_code, encoding="utf-8")
        server.terminate()
        server.wait(timeout=10)
    print(
        f"serve, from saving an edit to the page showing it, {reps} runs [load average {min(loads):.2f}-{max(loads):.2f}]:"
    )
    for name, values in times.items():
        print(f"  {name:16} {seconds(values)}")


def main(reps: int, before: Path | None) -> None:
    with tempfile.TemporaryDirectory() as folder:
        full_builds(reps, before, Path(folder))
        serve_edits(max(3, reps // 2), Path(folder))
