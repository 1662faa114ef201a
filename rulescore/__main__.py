"""Command line: `python -m rulescore fall --ruleset mordheim-1999 height=4 toughness=3 wounds=1`.

As strict as the page: every bad argument, like every bad value, answers with JSON field messages
and exit code 2; nothing is guessed (a field given twice is an error, not "the last one wins").
"""

from __future__ import annotations

import json
import os
import sys

from rulescore.entry import calculate, catalogue
from rulescore.routes import NAME as ROUTE
from rulescore.routes import route_defaults

USAGE = """usage: python -m rulescore CALCULATOR --ruleset RULESET [name=value ...]
       python -m rulescore route --ruleset RULESET [name=value ...] LEG [LEG ...]
       python -m rulescore --list

Movement rules calculators, exact odds as JSON. --list shows every calculator, the rulesets that
have it and its fields. A field not given takes the page's default: the answer lists those first
("defaults_used") and says so on stderr. Exit code 0 for a result, 2 (with messages by field) for
anything refused, even when --help or --list is given too.

route plans a whole activation: move=, activation=move|half-move|run|charge, start_height=, initiative=,
toughness=, wounds=, then its legs in order, each one argument: "move 4" ("move 2 difficult"), "climb up 3"
"climb down 3" "gap 2" ("gap 2 drop 6"; without a drop it falls from the height the route is at)
"jump down 4" "barrier 0.5" "charge 3" ("charge 3 difficult") ("diving charge 4 enemy 1"); with no legs, the
page's first route. A leg the rules forbid is refused by name."""


def read_arguments(argv: list[str]) -> tuple[dict, dict[str, str]]:
    """The calculator, ruleset and field values in `argv`, and what is wrong with them by field."""
    found: dict = {"calculator": None, "ruleset": None, "values": {}, "legs": [], "help": False, "list": False}
    errors: dict[str, str] = {}
    rest = iter(argv)
    for arg in rest:
        if arg == "--ruleset" or arg.startswith("--ruleset="):
            value = arg.partition("=")[2] if "=" in arg else next(rest, None)
            if value is None or not value.strip():
                errors["ruleset"] = "--ruleset needs a ruleset id, e.g. --ruleset mordheim-1999 (see --list)."
            elif found["ruleset"] is not None:
                errors["ruleset"] = (
                    f"--ruleset is given twice ({found['ruleset'][:30]} and {value[:30]}): give it once."
                )
            else:
                found["ruleset"] = value
        elif arg in ("-h", "--help"):
            found["help"] = True
        elif arg == "--list":
            found["list"] = True
        elif arg.startswith("-"):
            errors["arguments"] = f"Unknown option '{arg[:30]}'. Options: --ruleset, --list, --help."
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
        elif found["calculator"] == ROUTE:
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


def said(value: str | list[str]) -> str:
    """A value as stderr says it: a list (a route's legs) as its items in brackets."""
    return value if isinstance(value, str) else "[" + ", ".join(value) + "]"


def emit(data: dict) -> None:
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
    if found["list"]:
        emit(catalogue())
        return 0
    values = found["values"] | ({"legs": found["legs"]} if found["legs"] else {})
    result = calculate(found["calculator"], found["ruleset"], values)
    if result["ok"]:
        given = set(values)
        defaults = {name: value for name, value in result["inputs"].items() if name not in given}
        if found["calculator"] == ROUTE:  # a leg's own defaults (a diving charge's enemy distance)
            defaults |= route_defaults(found["legs"])
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
