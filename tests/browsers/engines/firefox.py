"""Runs journeys in Firefox ESR through firefox.mjs (puppeteer-core, no browser downloaded): the one
place that hands it the journeys and reads its answer, for the engine tests and the benchmark."""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path

from tests.browsers.journeys import ARM_LANDED, ARM_TAP, LANDED, SHOWING, STILL
from tests.helpers import ROOT


def run(journeys: dict[str, list], base: str) -> dict[str, dict]:
    """Each journey in a fresh Firefox against `base`; {journey: {ok, error, consoleErrors, timings}}."""
    with tempfile.TemporaryDirectory() as folder:
        spec = Path(folder) / "journeys.json"
        spec.write_text(
            json.dumps(
                {
                    "journeys": journeys,
                    "armTap": ARM_TAP,
                    "still": STILL,
                    "showing": SHOWING,
                    "armLanded": ARM_LANDED,
                    "landed": LANDED,
                }
            )
        )
        said = Path(folder) / "stderr.txt"  # each journey's start is noted there: where an overrun was
        with said.open("w") as stderr:
            try:
                done = subprocess.run(
                    ["node", str(ROOT / "tests" / "browsers" / "engines" / "firefox.mjs"), str(spec), base],
                    stdout=subprocess.PIPE,
                    stderr=stderr,
                    text=True,
                    timeout=840,  # under pytest's own limit, so the journey it stopped in is said
                    cwd=ROOT,
                )
            except subprocess.TimeoutExpired:
                raise AssertionError(
                    f"Firefox's journeys overran; the last begun:\n{said.read_text()[-1500:]}"
                ) from None
        assert done.returncode == 0, said.read_text()[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])
