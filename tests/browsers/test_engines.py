"""The key journeys (tests/browsers/journeys.py) in the three browser engines players carry: Chromium,
Firefox ESR and WebKitGTK (the engine of every iPhone browser). Each engine runs against its own
server, since the offline journey stops it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.browsers.engines import firefox, webkit
from tests.browsers.engines.chromium import assert_all_pass, assert_journeys_pass_in_chromium, journey_server
from tests.browsers.journeys import journeys

pytestmark = pytest.mark.browser


def test_journeys_in_chromium(playwright, built_site):
    assert_journeys_pass_in_chromium(playwright, built_site)


def run_journeys(engine, program: str, package: str, built_site: Path) -> None:
    """Every journey in one engine driven by WebDriver, against a server of its own."""
    if not Path(program).exists():
        pytest.fail(f"{program} is not installed: ./dev test installs Debian's {package}")
    server = journey_server(built_site)
    try:
        results = engine.run(journeys(), server.base)
    finally:
        server.stop()
    assert_all_pass(results)


def test_journeys_in_firefox(built_site):
    run_journeys(firefox, "/usr/bin/firefox-esr", "firefox-esr", built_site)


@pytest.fixture(scope="module")
def screen():
    if not shutil.which("Xvfb"):
        pytest.fail("Xvfb is not installed: ./dev test installs Debian's xvfb")
    with webkit.virtual_screen():
        yield


def test_journeys_in_webkit(built_site, screen):
    run_journeys(webkit, webkit.MINIBROWSER, "webkit2gtk-driver", built_site)
