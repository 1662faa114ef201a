"""Offline and updates: what a visit saves for offline use, and what a returning phone downloads when
the site changed."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.common import ROOT, build_site, kib
from benchmarks.startup import LIVE_PAGE, SNAPSHOT_SAVED, open_profile
from tests.helpers import CHROMIUM, CHROMIUM_ARGS, later
from tests.host import packed
from tests.server import StaticServer


def offline_figures(site: Path) -> None:
    """What a first visit stores for offline use, and how long until the site says it is ready."""
    from playwright.sync_api import sync_playwright

    from sitegen.finishing.offline import written_manifest

    manifest = written_manifest((site / "sw.js").read_text())
    lists = {name: list(manifest[name.lower()]) for name in ("PAGES", "RUNTIME", "SNAPSHOT")}
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
            "import sys; from pathlib import Path; from sitegen.finishing.offline import service_worker; "
            "from sitegen.bundle.assets import Assets; p = Path(sys.argv[1]); "
            "(p / 'sw.js').write_text(service_worker(p, Assets.read(Path('build/assets'))), encoding='utf-8')",
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
