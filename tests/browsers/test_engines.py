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


def test_journeys_in_firefox(built_site):
    if not Path("/usr/bin/firefox-esr").exists():
        pytest.fail("Firefox ESR is not installed: ./dev test installs Debian's firefox-esr")
    server = journey_server(built_site)
    try:
        results = firefox.run(journeys(), server.base)
    finally:
        server.stop()
    assert_all_pass(results)


@pytest.fixture(scope="module")
def screen():
    if not shutil.which("Xvfb"):
        pytest.fail("Xvfb is not installed: ./dev test installs Debian's xvfb")
    with webkit.virtual_screen():
        yield


def test_journeys_in_webkit(built_site, screen):
    if not Path(webkit.MINIBROWSER).exists():
        pytest.fail("WebKitGTK is not installed: ./dev test installs Debian's webkit2gtk-driver")
    server = journey_server(built_site)
    try:
        results = webkit.run(journeys(), server.base)
    finally:
        server.stop()
    assert_all_pass(results)
