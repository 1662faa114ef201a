"""Fixtures: the real site built once per run, served on 127.0.0.1, and headless Chromium."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import CHROMIUM, CHROMIUM_ARGS, ROOT, copy_project, later
from tests.server import StaticServer


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: drives the built site in headless Chromium (slow; CI runs it)")


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    site = tmp_path_factory.mktemp("built") / "site"
    done = subprocess.run(
        [sys.executable, "build.py", "--site-dir", str(site)], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return site


@pytest.fixture(scope="session")
def zensical_site(tmp_path_factory) -> Path:
    """The same site rendered by Zensical, built once per run."""
    if not (ROOT / ".venv-zensical" / "bin" / "zensical").exists():
        pytest.fail("Zensical is not installed: ./dev test installs it from requirements-zensical.txt")
    site = tmp_path_factory.mktemp("zensical") / "site"
    done = subprocess.run(
        [sys.executable, "build.py", "--engine", "zensical", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "with zensical" in done.stdout
    return site


@pytest.fixture(scope="session")
def server(built_site):
    running = StaticServer(built_site)
    yield running
    running.stop()


@pytest.fixture(scope="session")
def playwright():
    playwright_api = pytest.importorskip("playwright.sync_api")
    with playwright_api.sync_playwright() as running:
        yield running


@pytest.fixture(scope="session")
def browser(playwright):
    launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield launched
    launched.close()


@pytest.fixture
def phone(browser, server):
    """A 360x740 touch page that records every request it makes and every console error."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.requests = []
    page.console_errors = []
    page.on("request", lambda request: page.requests.append(request.url))
    page.on("console", lambda message: message.type == "error" and page.console_errors.append(message.text))
    page.on("pageerror", lambda error: page.console_errors.append(str(error)))
    yield page
    foreign = [url for url in page.requests if not url.startswith(server.origin) and not url.startswith("data:")]
    context.close()
    assert foreign == [], f"requests to other origins: {foreign}"
    # Chromium reports every Content Security Policy violation as a console error.
    assert [e for e in page.console_errors if "Content Security Policy" in e] == []


@pytest.fixture(scope="session")
def rules_changed(built_site, tmp_path_factory) -> Path:
    """Build 2 with one rules number changed (Mordheim falls take D3+1 hits): a new wheel and new answers."""
    project = copy_project(tmp_path_factory.mktemp("rules-changed"))
    numbers = project / "rules" / "mordheim-1999" / "numbers.toml"
    text = numbers.read_text(encoding="utf-8")
    assert 'hits = { value = "D3",' in text  # a change here that finds nothing would build the same site
    numbers.write_text(text.replace('hits = { value = "D3",', 'hits = { value = "D3+1",'), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "build.py", "--site-dir", str(project / "site")], cwd=project, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-2000:]
    site = project / "site"
    later(*[p for p in site.rglob("*") if p.is_file()])
    return site
