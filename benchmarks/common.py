"""What every figure shares: the project's root, a site built from this checkout or from another git
ref, and figures said as medians with their spread."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the tests' server and helpers, from a plain `python benchmarks/bench.py`


def kib(size: float) -> str:
    return f"{size / 1024:.1f} KiB"


def spread(values: list[float], digits: int = 0) -> str:
    """Median and interquartile range."""
    if len(values) < 2:
        return f"{values[0]:.{digits}f} ms"
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return f"median {q2:.{digits}f} ms (IQR {q1:.{digits}f}-{q3:.{digits}f})"


def report(
    title: str,
    times: dict[str, list[float]],
    downloaded: Mapping[str, Sequence[float]] | None,
    loads: list[float],
    starts: dict[str, Counter[str]] | None = None,
) -> None:
    print(f"{title} [load average {min(loads):.2f}-{max(loads):.2f}]:")
    bare = statistics.median(times["bare"]) if "bare" in times else None  # two builds side by side have none
    for name, values in times.items():
        ratio = ""
        if bare is not None and name != "bare":
            # Runs alternate, so each run has its bare start beside it: the worst of those ratios, and the medians'.
            worst = max(value / other for value, other in zip(values, times["bare"], strict=False))
            ratio = f", x{statistics.median(values) / bare:.2f} of bare (worst run x{worst:.2f})"
        got = f"; downloaded {kib(statistics.median(downloaded[name]))}" if downloaded else ""
        how = (
            ", ".join(f"{kind} {count}" for kind, count in starts[name].items()) if starts and starts.get(name) else ""
        )
        print(f"  {name:7} {spread(values)}{ratio}{got}" + (f"; started: {how}" if how else ""))


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
