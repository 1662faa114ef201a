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
    assert set(listing["charge"]["rulesets"]) >= {"mordheim-1999", "mordheim-lrb", "whfb-6", "trench-crusade"}
    assert "coreheim-v10" not in listing["charge"]["rulesets"]  # its text has no charge rules
    assert set(listing["fall"]["rulesets"]) >= {"mordheim-1999", "mordheim-lrb", "coreheim-v10"}
    assert not {"whfb-6", "trench-crusade"} & set(listing["fall"]["rulesets"])  # no falls in their texts
    names = [f["name"] for f in listing["fall"]["rulesets"]["mordheim-1999"]["fields"]]
    assert names == ["height", "toughness", "wounds"]


def test_every_bad_argument_is_a_field_message_and_exit_2():
    cases = {
        ("fall", "--ruleset", "mordheim-1999", "height4"): {
            "arguments": "'height4' is not name=value (for example height=4)."
        },
        ("fall", "height=4"): {"ruleset": "Give --ruleset, e.g. --ruleset mordheim-1999 (see --list)."},
        ("fall", "--ruleset", "mordheim-1999", "=4"): {"arguments": "'=4' has no field name before '='."},
        ("fall", "--ruleset", "mordheim-1999", "height=4", "height=5"): {
            "height": "height is given twice: give each field once."
        },
        ("fall", "--ruleset", "mordheim-1999", "height=99999999999"): {
            "height": "Height of the fall must be at most 24."
        },
        ("fall", "--ruleset", "mordheim-1999", "height=0"): {"height": "Height of the fall must be more than 0."},
        ("--ruleset", "mordheim-1999"): {"calculator": "Give a calculator name first, e.g. fall (see --list)."},
    }
    for args, expected in cases.items():
        done = run(*args)
        assert done.returncode == 2, args
        assert json.loads(done.stdout)["errors"] == expected, args
        assert done.stderr == ""


def test_output_piped_into_head_ends_quietly():
    done = subprocess.run(
        f"{sys.executable} -m rulescore --list | head -n 1", shell=True, cwd=ROOT, capture_output=True, text=True
    )
    assert done.stdout == "{\n"
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr


def test_fields_left_out_are_listed_first_and_said_on_stderr():
    done = run("fall", "--ruleset", "mordheim-1999", "height=5")
    assert done.returncode == 0
    result = json.loads(done.stdout)
    assert list(result)[:2] == ["inputs", "defaults_used"]
    assert result["inputs"] == {"height": "5", "toughness": "3", "wounds": "1"}
    assert result["defaults_used"] == {"toughness": "3", "wounds": "1"}
    assert done.stderr == "Not given, so the page's default was used: toughness=3, wounds=1\n"
    complete = run("fall", "--ruleset", "mordheim-1999", "height=5", "toughness=3", "wounds=1")
    assert json.loads(complete.stdout)["defaults_used"] == {} and complete.stderr == ""


def test_help_or_list_after_a_bad_argument_does_not_hide_it():
    for flag in ("--help", "-h", "--list"):
        done = run("fall", "--ruleset", "mordheim-1999", "height4", flag)
        assert done.returncode == 2, flag
        assert json.loads(done.stdout)["errors"] == {"arguments": "'height4' is not name=value (for example height=4)."}
    assert run("--bogus", "--list").returncode == 2
    assert run("fall", "--list").returncode == 2  # --list lists everything: a calculator beside it is a mistake
    assert run("--help").returncode == 0 and "usage:" in run("--help").stdout


def test_a_point_before_or_after_the_digits_is_a_number():
    def unhurt(height: str) -> str:
        done = run("fall", "--ruleset", "mordheim-1999", f"height={height}", "toughness=3", "wounds=1")
        assert done.returncode == 0, done.stdout
        return {r["outcome"]: r["probability"] for r in json.loads(done.stdout)["outcomes"]}["unhurt"]

    assert unhurt("4.") == unhurt("4") == "13/81"
    assert unhurt(".5") == unhurt("0.5") == "1/1"  # under an inch: no hit (fall-under-an-inch)
    done = run("fall", "--ruleset", "mordheim-1999", "height=.")
    assert json.loads(done.stdout)["errors"] == {"height": "Height of the fall must be a number, not '.'."}
