"""`python -m rulescore`: the same entry point from a shell."""

import json
import subprocess
import sys

from tests.helpers import ROOT


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rulescore", *args], cwd=ROOT, capture_output=True, text=True)


def test_fall_example():
    done = run("fall", "--ruleset", "mordheim-1999", "height=4", "toughness=3", "wounds=1")
    assert done.returncode == 0
    result = json.loads(done.stdout)
    assert {r["outcome"]: r["probability"] for r in result["outcomes"]}["unhurt"] == "13/81"


def test_invalid_input_exits_2_with_messages():
    done = run("charge", "--ruleset", "trench-crusade", "move=fast")
    assert done.returncode == 2
    assert json.loads(done.stdout)["errors"] == {"move": "Movement must be a number, not 'fast'."}


def test_list():
    done = run("--list")
    assert done.returncode == 0
    listing = json.loads(done.stdout)
    assert set(listing["charge"]["rulesets"]) == {"mordheim-1999", "mordheim-lrb", "whfb-6", "trench-crusade"}
    assert set(listing["fall"]["rulesets"]) == {"mordheim-1999", "mordheim-lrb", "coreheim-v10"}
    names = [f["name"] for f in listing["fall"]["rulesets"]["mordheim-1999"]["fields"]]
    assert names == ["height", "toughness", "wounds"]
