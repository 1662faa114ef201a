"""The key journeys (tests/browsers/journeys.py) in the three browser engines players carry: Chromium,
Firefox ESR and WebKitGTK (the engine of every iPhone browser). Each engine runs against its own
server, since the offline journey stops it."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.browsers.engines import webkit
from tests.browsers.engines.chromium import assert_all_pass, assert_journeys_pass_in_chromium, journey_server
from tests.browsers.journeys import ARM_TAP, journeys
from tests.helpers import ROOT

pytestmark = pytest.mark.browser


def test_journeys_in_chromium(playwright, built_site):
    assert_journeys_pass_in_chromium(playwright, built_site)


def test_journeys_in_firefox(built_site, tmp_path):
    if not Path("/usr/bin/firefox-esr").exists():
        pytest.fail("Firefox ESR is not installed: ./dev test installs Debian's firefox-esr")
    spec = tmp_path / "journeys.json"
    spec.write_text(json.dumps({"journeys": journeys(), "armTap": ARM_TAP}))
    server = journey_server(built_site)
    try:
        done = subprocess.run(
            ["node", str(ROOT / "tests" / "browsers" / "engines" / "firefox.mjs"), str(spec), server.base],
            capture_output=True,
            text=True,
            timeout=900,
            cwd=ROOT,
        )
    finally:
        server.stop()
    assert done.returncode == 0, done.stderr[-3000:]
    assert_all_pass(json.loads(done.stdout.strip().splitlines()[-1]))


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
