"""Lighthouse's performance figures for the rules page, where Lighthouse is installed."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from benchmarks.common import ROOT
from benchmarks.pages import RULES_PAGE
from tests.helpers import CHROMIUM, CHROMIUM_ARGS
from tests.server import StaticServer


def lighthouse(site: Path) -> None:
    """Lighthouse's mobile scores for a rules page, with the system Chromium (npm lighthouse, installed on demand)."""

    tools = ROOT / "build" / "bench-tools"
    binary = tools / "node_modules" / ".bin" / "lighthouse"
    if not binary.exists():
        tools.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["npm", "install", "--prefix", str(tools), "--no-audit", "--no-fund", "--loglevel=error", "lighthouse@12"],
            check=True,
            capture_output=True,
        )
    server = StaticServer(site, compress=True)
    report = tools / "report.json"
    try:
        for path in ("", RULES_PAGE):
            subprocess.run(
                [
                    str(binary),
                    server.origin + "/" + path,
                    "--quiet",
                    "--form-factor=mobile",
                    "--output=json",
                    f"--output-path={report}",
                    "--chrome-flags=--headless=new " + " ".join(CHROMIUM_ARGS),
                ],
                env={**os.environ, "CHROME_PATH": CHROMIUM},
                check=True,
                capture_output=True,
                timeout=300,
            )
            scores = json.loads(report.read_text())["categories"]
            print(
                f"lighthouse mobile /{path}: " + ", ".join(f"{k} {round(v['score'] * 100)}" for k, v in scores.items())
            )
    finally:
        server.stop()
