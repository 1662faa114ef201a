"""Benchmark: build time, page weight, the calculators' start-up and latency in three engines, offline
and updates. Run on demand with `python build.py bench` (not part of the tests' pass/fail); it prints
figures. One module per figure: common.py (shared), baselines.py (bare Pyodide and the runtime alone,
what the start is timed against), pages.py, startup.py, engines.py, updates.py, lighthouse.py,
builds.py, next_page.py (first page and next page, #26), first_taps.py (a first visit's first taps, #40),
search.py (search's downloads, keystrokes and growth, #46).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.baselines import add_bare  # noqa: E402
from benchmarks.common import build_before, build_site, remove_before  # noqa: E402
from benchmarks.engines import engine_figures  # noqa: E402
from benchmarks.lighthouse import lighthouse  # noqa: E402
from benchmarks.pages import page_weight  # noqa: E402
from benchmarks.startup import Variant, browser_figures  # noqa: E402
from benchmarks.updates import offline_figures, update_figures  # noqa: E402


def beside_before(args: argparse.Namespace, run: Callable[[dict[str, Path], int, list[str]], None]) -> int:
    """`run` over this build (and the --before one) in the engines asked for: sites, reps, engines."""
    with tempfile.TemporaryDirectory() as folder:
        sites = {"site": Path(folder) / "site"}
        build_site(ROOT, sites["site"])
        if args.before:
            sites["before"] = build_before(args.before, Path(folder))
        engines = ["Chromium"] if args.chromium_only else ["Chromium", "Firefox ESR", "WebKitGTK"]
        try:
            run(sites, args.reps, engines)
        finally:
            if args.before:
                remove_before(Path(folder))
    return 0


def on_sites(measure: Callable[[Path, Path | None, int], object], before: str | None, reps: int) -> int:
    """`measure(site, before_site, reps)` over this checkout's site and, with --before, that ref's."""
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "site"
        build_site(ROOT, site)
        try:
            measure(site, build_before(before, Path(folder)) if before else None, reps)
        finally:
            if before:
                remove_before(Path(folder))
    return 0


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
    parser.add_argument(
        "--next-page",
        action="store_true",
        help="only first page and next page in the three engines (and --before), localhost and 10 Mbit/s",
    )
    parser.add_argument(
        "--first-taps",
        action="store_true",
        help="only a first visit's first taps in the three engines (and --before), 10, 4 and 1.6 Mbit/s",
    )
    parser.add_argument(
        "--house-rules", action="store_true", help="only what a table's house rules cost an answer (CPython)"
    )
    parser.add_argument(
        "--search",
        action="store_true",
        help="only search: its downloads (and --before's), each keystroke with the CPU slowed 4x, the index's growth",
    )
    parser.add_argument(
        "--table",
        action="store_true",
        help="only Your table: a house rule switched to said, the odds after a tap at 360 px, the page scripts",
    )
    parser.add_argument(
        "--main-thread",
        action="store_true",
        help="only the long tasks before the first live answer, warm, CPU slowed 4x (and --before), Chromium",
    )
    parser.add_argument(
        "--next-pyodide",
        metavar="PACKAGE",
        help="only another Pyodide beside the pinned one (an unpacked npm pyodide): its bytes, a start in Node, and the site built on each in three browsers",
    )
    args = parser.parse_args()
    if args.next_pyodide:
        from benchmarks import next_pyodide

        next_pyodide.main(Path(args.next_pyodide).resolve(), args.reps)
        next_pyodide.browsers(Path(args.next_pyodide).resolve(), args.reps)
        return 0
    if args.main_thread:
        from benchmarks import main_thread

        return on_sites(main_thread.main, args.before, args.reps)
    if args.table:
        from benchmarks import table

        return on_sites(table.main, args.before, args.reps)
    if args.house_rules:
        from benchmarks import house_rules

        house_rules.main(args.reps)
        return 0
    if args.search:
        from benchmarks import search

        return on_sites(search.main, args.before, args.reps)
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
    if args.first_taps:
        from benchmarks import first_taps

        return beside_before(args, first_taps.main)
    if args.next_page:
        from benchmarks import next_page

        return beside_before(args, next_page.main)
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
            trees: tuple[Path, Path] | None = None
            if args.before:
                build_before(args.before, Path(folder))
                trees = (Path(folder) / "before", Path(folder) / "site-before")
            try:
                update_figures(site, Path(folder), trees)
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
        variants = [
            Variant("site", site),
            Variant("bare", site, page="bare"),
            Variant("runtime", site, page="runtime", cold_only=True),
        ]
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
