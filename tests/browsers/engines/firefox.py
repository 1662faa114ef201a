"""Runs journeys in Firefox ESR through firefox.mjs (puppeteer-core, no browser downloaded): the one
place that hands it the journeys and reads its answer, for the engine tests and the benchmark."""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path

from tests.browsers.journeys import ARM_TAP
from tests.helpers import ROOT


def run(journeys: dict[str, list], base: str) -> dict[str, dict]:
    """Each journey in a fresh Firefox against `base`; {journey: {ok, error, consoleErrors, timings}}."""
    with tempfile.TemporaryDirectory() as folder:
        spec = Path(folder) / "journeys.json"
        spec.write_text(json.dumps({"journeys": journeys, "armTap": ARM_TAP}))
        done = subprocess.run(
            ["node", str(ROOT / "tests" / "browsers" / "engines" / "firefox.mjs"), str(spec), base],
            capture_output=True,
            text=True,
            timeout=900,
            cwd=ROOT,
        )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])
