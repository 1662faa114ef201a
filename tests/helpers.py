"""Shared test helpers: where the project is, Chromium's flags, an HTML reader, a copy of the project."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit
from xml.etree import ElementTree

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
]

# A game term explained on tap (rulescore.web.terms): a test that reads an answer's words reads through it.
TERM = re.compile(r'<abbr class="term" title="[^"]*" tabindex="0">(.*?)</abbr>')


def unmarked(html: str) -> str:
    """An answer's HTML with its game terms' marks taken off, their words kept."""
    return TERM.sub(r"\1", html)


# How the page's calculators started: "fresh", "snapshot" or "fresh, the snapshot failed" (older
# builds do not say); empty until they have.
STARTED = """() => {
    const html = document.documentElement;
    return html.dataset.calculatorsStart || (html.dataset.calculators === 'ready' ? 'not reported' : '');
}"""


class PageText(HTMLParser):
    """Visible text, link targets and element ids of one HTML page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.links: list[str] = []
        self.ids: set[str] = set()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        self.tags.append((tag, attributes))
        if tag in ("script", "style"):
            self._skip += 1
        if attributes.get("id"):
            self.ids.add(attributes["id"])
        for name in ("href", "src"):
            if tag in ("a", "link", "script", "img") and attributes.get(name):
                self.links.append(attributes[name])

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.text.append(data)


def read_page(path: Path) -> PageText:
    reader = PageText()
    reader.feed(path.read_text(encoding="utf-8"))
    return reader


def broken_links(site: Path) -> tuple[int, list[str]]:
    """How many pages `site` has, and each internal link or anchor on them that leads nowhere."""
    pages = {page: read_page(page) for page in sorted(site.rglob("*.html"))}
    broken = []
    for page, parsed in pages.items():
        for link in parsed.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("mailto:", "data:")):
                continue
            base = site if parts.path.startswith("/") else page.parent  # 404.html uses root paths
            target = (base / unquote(parts.path).lstrip("/")).resolve() if parts.path else page
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{page.relative_to(site)} -> {link}")
                continue
            if parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else read_page(target).ids
                if parts.fragment not in ids:
                    broken.append(f"{page.relative_to(site)} -> {link} (no such anchor)")
    return len(pages), broken


# A second build of a site that differs in one hand-written page's text (the About page), as a
# maintainer fixing a typo makes; `html[data-test-build='two']` marks it for the tests.
CHANGED_PAGE = "about/index.html"
CHANGED_WORDS = ("A rules reference for players at the table.", "A rules reference for players at the table, updated.")


def bundle():
    """What the newest build staged (build/assets/manifest.json): every build of this checkout in a test
    session stages the same bundle, whichever engine renders it."""
    from sitegen.bundle.assets import Assets

    return Assets.read(ROOT / "build" / "assets")


def one_page_changed(site: Path) -> Path:
    """`site` copied beside itself with the About page's text changed and its service worker made
    anew (as build.py makes it), once per build of the site: a copy made from an earlier build of the
    same folder is made again (its pages and files are another build's, and no update would be one)."""
    from sitegen.finishing.offline import service_worker

    folder = site.parent / f"{site.name}-one-page-changed"
    made_from = folder / ".made-from"
    first = (site / "sw.js").read_text(encoding="utf-8")  # names every file of the build, by its digest
    if not (folder / "sw.js").exists() or not made_from.exists() or made_from.read_text(encoding="utf-8") != first:
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(site, folder)
        page = folder / CHANGED_PAGE
        html = page.read_text(encoding="utf-8")
        assert CHANGED_WORDS[0] in html
        page.write_text(
            html.replace(CHANGED_WORDS[0], CHANGED_WORDS[1]).replace("<html ", '<html data-test-build="two" ', 1),
            encoding="utf-8",
        )
        (folder / "sw.js").write_text(service_worker(folder, bundle()), encoding="utf-8")
        later(page, folder / "sw.js")
        made_from.write_text(first, encoding="utf-8")  # written last: a copy cut off halfway is made again
    return folder


def later(*paths: Path) -> None:
    """Date changed files a minute on, as a deploy after the last one would be: a server compares
    dates to the second, and a test makes its second build within the first's second."""
    for path in paths:
        stamp = path.stat().st_mtime + 60
        os.utime(path, (stamp, stamp))


# The type checks of the site's scripts: the page's globals, the worker's, the service worker's.
TYPE_CHECKS = ["tsconfig.json", "tsconfig.worker.json", "tsconfig.service-worker.json"]
PROJECT_FILES = ["build.py", "mkdocs.yml", "pyproject.toml", "package.json", "eslint.config.mjs", *TYPE_CHECKS]
PROJECT_DIRS = ["rules", "sitegen", "docs", "rulescore", "calculators", "search", "overrides", "types", "benchmarks"]


def copy_project(target: Path) -> Path:
    """The project's sources copied into `target` (the installed runtime linked), to build or break there."""
    for name in PROJECT_FILES:
        if (ROOT / name).exists():
            shutil.copy(ROOT / name, target / name)
    for name in PROJECT_DIRS:
        if (ROOT / name).exists():
            shutil.copytree(ROOT / name, target / name, ignore=shutil.ignore_patterns("__pycache__"))
    (target / "node_modules").symlink_to(ROOT / "node_modules")  # the installed Pyodide runtime
    return target


# A whole suite run in a copy (the two tests that make such copies) is bounded as a suite, not as one test:
# on a machine busy with other work it took over the 900 s a single test is given.
SUITE_SECONDS = 2400


def suite_but_browsers(project: Path) -> tuple[subprocess.CompletedProcess[str], Counter[str]]:
    """Every test that does not drive a browser, run in a copy of the project (the tests that make such copies
    left out), and how many ran in each of its suites (core, generation, site) and each test file ("core.test_dice")."""
    if (ROOT / ".venv-zensical").exists() and not (project / ".venv-zensical").exists():
        (project / ".venv-zensical").symlink_to(ROOT / ".venv-zensical")  # the other engine's build, as installed
    report = project / "ran.xml"
    copies = ["tests/generation/test_new_ruleset.py", "tests/core/test_new_mechanic.py"]
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "not browser", f"--junitxml={report}"]
        + [argument for test in copies for argument in ("--deselect", test)],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=SUITE_SECONDS,
    )
    cases = ElementTree.parse(report).iter("testcase") if report.exists() else iter(())
    ran: Counter[str] = Counter()
    for case in cases:
        parts = case.get("classname", "").split(".")[1:3]
        ran.update([parts[0], ".".join(parts)])
    return done, ran


def serve_project(project: Path) -> tuple[subprocess.Popen, int]:
    """`python build.py serve` in a copy of the project, on a free port: the process and its port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "build.py", "serve", "--dev-addr", f"127.0.0.1:{port}"],
        cwd=project,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return server, port


# Serialise HTML through the browser with links made absolute (Material's instant navigation
# rewrites links in the page), so both sides are compared in the same form.
NORMALISE = """html => {
    const t = document.createElement('template');
    t.innerHTML = html;
    for (const a of t.content.querySelectorAll('a[href]')) a.setAttribute('href', new URL(a.getAttribute('href'), document.baseURI).href);
    // Game terms are marked by assets/terms.js after Python answers (tested on their own): unwrapped here.
    for (const term of t.content.querySelectorAll('abbr.term')) term.replaceWith(...term.childNodes);
    t.innerHTML = t.innerHTML;  // the text nodes split around a term, joined again
    return t.innerHTML;
}"""


def save_outline(folder: Path) -> None:
    """A ruleset's outline.txt saved from the parser's reading (CONTRIBUTING.md, step 3), after its text changed."""
    from sitegen.pages.parse import outline, parse
    from sitegen.pages.sources import load_ruleset

    (folder / "outline.txt").write_text(outline(parse(load_ruleset(folder))), encoding="utf-8")


def shipped_parts(site: Path) -> list[Path]:
    """The saved start's parts as a site serves them, in the order the worker joins them."""
    found = (site / "assets" / "snapshot").glob("pyodide-*.bin")
    return sorted(found, key=lambda path: int(path.stem.rsplit("-", 1)[1]))
