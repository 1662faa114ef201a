"""Command line: `python -m rulescore fall --ruleset mordheim-1999 height=4 toughness=3 wounds=1`.

As strict as the page: every bad argument, like every bad value, answers with JSON field messages
and exit code 2; nothing is guessed (a field given twice is an error, not "the last one wins").
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from rulescore.doors import DOORS
from rulescore.entry import answer, catalogue, fields_of
from rulescore.table.file import LONGEST, PlayersTable, TableError, read_table
from rulescore.table.house_rules import HouseRule
from rulescore.table.models import fill

USAGE = """usage: python -m rulescore CALCULATOR --ruleset RULESET [name=value ...]
       python -m rulescore route --ruleset RULESET [name=value ...] LEG [LEG ...]
       python -m rulescore --list
  options: --model FILE [--name NAME] [--target NAME]  fill the fields from a model of a table file
           --house-rules FILE                          play a table file's house rules

Movement rules calculators, exact odds as JSON. --list shows every calculator, the rulesets that
have it and its fields. A field not given takes the page's default: the answer lists those first
("defaults_used") and says so on stderr. Exit code 0 for a result, 2 (with messages by field) for
anything refused, even when --help or --list is given too.

route plans a whole activation: move=, activation=move|half-move|run|charge, start_height=, nearest_enemy=
(a run), animal=yes|no (Mordheim), initiative=, toughness=, wounds=; a charge's target=seen|unseen|unseen-far|hidden,
interceptor=no|yes|fears (leadership= of one that fears), others=no|yes (more than one enemy in reach); then its
legs in order, each one argument: "move 4" ("move 2 difficult"), "climb up 3"
"climb down 3" "gap 2" ("gap 2 drop 6"; without a drop it falls from the height the route is at)
"jump down 4" "barrier 0.5" "charge 3" ("charge 3 difficult") ("diving charge 4 enemy 1"); with no legs, the
page's first route. A leg the rules forbid is refused by name."""


# The options that take a value, and what that value is.
OPTIONS = {
    "--ruleset": "a ruleset id, e.g. --ruleset mordheim-1999 (see --list)",
    "--model": "a table file (the site's export) that holds the model",
    "--name": "the name of the model in the --model file",
    "--target": "the name of the enemy model in the --model file",
    "--house-rules": "a table file (the site's export) whose house rules to play",
}


def _free(calculator: str | None) -> bool:
    """Does this calculator take words without "=" (the route planner: its legs, in order)."""
    door = DOORS.get(calculator or "")
    return bool(door and door.free)


def read_arguments(argv: list[str]) -> tuple[dict[str, Any], dict[str, str]]:
    """The calculator, ruleset and field values in `argv`, and what is wrong with them by field."""
    found: dict[str, Any] = {
        "calculator": None,
        "ruleset": None,
        "values": {},
        "legs": [],
        "help": False,
        "list": False,
    }
    errors: dict[str, str] = {}
    rest = iter(argv)
    for arg in rest:
        option = arg.partition("=")[0]
        if option in OPTIONS:
            key = option[2:].replace("-", "_")
            value = arg.partition("=")[2] if "=" in arg else next(rest, None)
            if value is None or not value.strip():
                errors[key] = f"{option} needs {OPTIONS[option]}."
            elif found.get(key) is not None:
                errors[key] = f"{option} is given twice ({found[key][:30]} and {value[:30]}): give it once."
            else:
                found[key] = value
        elif arg in ("-h", "--help"):
            found["help"] = True
        elif arg == "--list":
            found["list"] = True
        elif arg.startswith("-"):
            errors["arguments"] = f"Unknown option '{arg[:30]}'. Options: {', '.join(OPTIONS)}, --list, --help."
        elif "=" in arg:
            name, _, value = arg.partition("=")
            name = name.strip()
            if not name:
                errors["arguments"] = f"'{arg[:30]}' has no field name before '='."
            elif name in found["values"]:
                errors[name[:30]] = f"{name[:30]} is given twice: give each field once."
            else:
                found["values"][name] = value
        elif found["calculator"] is None:
            found["calculator"] = arg
        elif _free(found["calculator"]):  # the route planner's legs
            found["legs"].append(arg)
        else:
            errors["arguments"] = f"'{arg[:30]}' is not name=value (for example height=4)."
    if found["help"] or found["list"]:
        if found["list"] and (found["calculator"] or found["ruleset"] or found["values"]):
            errors.setdefault("arguments", "--list takes no calculator, ruleset or values: it lists them all.")
        return found, errors
    if found["calculator"] is None:
        errors.setdefault("calculator", "Give a calculator name first, e.g. fall (see --list).")
    if found["ruleset"] is None:
        errors.setdefault("ruleset", "Give --ruleset, e.g. --ruleset mordheim-1999 (see --list).")
    return found, errors


def _read_file(path: str) -> PlayersTable:
    # "utf-8-sig": a byte-order mark (an editor's, as the site accepts) is not part of the table.
    try:
        with open(path, encoding="utf-8-sig") as file:
            return read_table(file.read(LONGEST + 1))
    except UnicodeDecodeError:  # bytes that are no text: said as any table refused is (#64, item 8)
        raise TableError(f"cannot read {path}: it is not UTF-8 text, as the site's export is") from None


def _table(found: dict[str, Any]) -> tuple[dict[str, str], tuple[HouseRule, ...]]:
    """The values a --model file's model (and --target) fill, and a --house-rules file's house rules."""
    filled: dict[str, str] = {}
    if found.get("model"):
        table = _read_file(found["model"])
        model = table.model(found["ruleset"], found.get("name"))
        target = table.model(found["ruleset"], found["target"]) if found.get("target") else None
        filled = fill(fields_of(found["calculator"], found["ruleset"]), model, target)
        if table.house_rules and not found.get("house_rules"):  # said, not dropped without a word (#47)
            print(
                f"The --model file holds {len(table.house_rules)} house rule(s), not played: "
                "add --house-rules with the same file to play them.",
                file=sys.stderr,
            )
    elif found.get("name") or found.get("target"):
        raise TableError("--name and --target pick models from a --model file: give one.")
    house = _read_file(found["house_rules"]).house_rules if found.get("house_rules") else ()
    return filled, house


def said(value: str | list[str]) -> str:
    """A value as stderr says it: a list (a route's legs) as its items in brackets."""
    return value if isinstance(value, str) else "[" + ", ".join(value) + "]"


def emit(data: dict[str, Any]) -> None:
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader (`| head`) stopped early: end quietly, with no traceback at exit either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    found, errors = read_arguments(argv)
    if errors:  # before any --help or --list, so neither hides what is wrong
        emit({"ok": False, "calculator": found["calculator"], "ruleset": found["ruleset"], "errors": errors})
        return 2
    if found["help"]:
        print(USAGE)
        return 0
    if found["list"]:  # every calculator, and the route planner where a ruleset's legs can be planned
        emit(catalogue(planner=True))
        return 0
    try:
        filled, house = _table(found)
    except (OSError, TableError) as error:
        reason = f"cannot read {error.filename}: {error.strerror}" if isinstance(error, OSError) else str(error)
        emit({"ok": False, "calculator": found["calculator"], "ruleset": found["ruleset"], "errors": {"table": reason}})
        return 2
    # A value given on the command line wins over the model's, as a field changed by hand on the page.
    values = filled | found["values"] | ({"legs": found["legs"]} if found["legs"] else {})
    result = answer(found["calculator"], found["ruleset"], values, house=house).to_json()
    if result["ok"]:
        given = set(found["values"]) | set(filled) | set(found["legs"] and ["legs"])
        if filled:
            result = {"from_model": filled, **result}
        defaults = {name: value for name, value in result["inputs"].items() if name not in given}
        defaults |= DOORS[found["calculator"]].assumed(found["legs"])  # a leg's own (a diving charge's enemy)
        # The values the answer is for come first, so a field left out is never a silent assumption.
        result = {"inputs": result["inputs"], "defaults_used": defaults, **result}
        if defaults:
            print(
                "Not given, so the page's default was used: "
                + ", ".join(f"{k}={said(v)}" for k, v in defaults.items()),
                file=sys.stderr,
            )
    emit(result)
    return 0 if result["ok"] else 2


if __name__ == "__main__":
    sys.exit(main())
