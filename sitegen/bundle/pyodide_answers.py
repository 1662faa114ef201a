"""What a player's calculator session does, run once over every calculator: inside Pyodide at build
time it tells which standard-library modules the browser needs; in the tests it proves the trimmed
standard library is enough and gives the same answers as CPython.

Standard library and rulescore only: this file is read by Pyodide's Python as well as CPython's.
"""

from __future__ import annotations

import json
import sys
from typing import Any

# Values no field accepts: every refusal path (field messages) is run too.
NONSENSE = ("", "abc", "-1", "99999", "2.25", "1e5")


def _variants(field: dict[str, Any]) -> list[str]:
    """The default, both ends, a middle value and nonsense for one field."""
    if field["kind"] == "choice":
        return [option["value"] for option in field["choices"]] + ["nonsense"]
    values = [field["default"], field.get("min", "0"), field.get("max", "24")]
    if field["kind"] == "inches":
        values.append("2.5")
    return values + list(NONSENSE)


def cases() -> list[tuple[str, str, str, str]]:
    """(kind, calculator, ruleset, form values as JSON): each field varied on its own, plus a bad form."""
    from rulescore.compare import compare_fields
    from rulescore.entry import catalogue

    found = []
    for name, entry in catalogue().items():
        for ruleset_id, described in entry["rulesets"].items():
            found.append(("calculate", name, ruleset_id, "{}"))
            for field in described["fields"]:
                for value in _variants(field):
                    found.append(("calculate", name, ruleset_id, json.dumps({field["name"]: value})))
        for field in compare_fields(name):
            for value in _variants(field):
                found.append(("compare", name, "", json.dumps({field["name"]: value})))
    found.append(("calculate", "fall", "mordheim-1999", "not json"))
    found.append(("calculate", "no-such-calculator", "mordheim-1999", "{}"))
    return found


def answers() -> list[str]:
    """Every case's answer, as the page's script receives it."""
    from rulescore.web.answer import respond, respond_compare
    from rulescore.web.table import card_html, respond_table

    out = []
    for kind, name, ruleset_id, values in cases():
        if kind == "compare":
            out.append(respond_compare(name, values, "../../"))
        else:
            out.append(respond(name, ruleset_id, values, "../../"))
    # Your table: a table checked, a card, an answer and a route under house rules, a table refused.
    out += [
        respond_table(TABLE),
        respond_table("not a table"),
        card_html(TABLE, "mordheim-1999", "Aldric"),
        respond("jump-down", "mordheim-1999", json.dumps({"height": "7"}), "../../", json.dumps(HOUSE)),
        respond(
            "route",
            "mordheim-1999",
            json.dumps({"activation": "charge", "legs": ["climb up 2", "charge 3"]}),
            "",
            json.dumps(HOUSE),
        ),
        respond("fall", "mordheim-1999", "{}", "", "[{}]"),
    ]
    return out


HOUSE = [
    {"ruleset": "mordheim-1999", "rule": "jump_down.max_height", "value": "8"},
    {"ruleset": "mordheim-1999", "rule": "charge-no-climb", "value": "otherwise"},
]
TABLE = json.dumps(
    {
        "format": "skirmish-rules-table",
        "version": 1,
        "models": [{"name": "Aldric", "ruleset": "mordheim-1999", "side": "mine", "profile": {"initiative": "4"}}],
        "house_rules": HOUSE,
    }
)


def stdlib_modules(prefix: str) -> list[str]:
    """Files (relative to the standard library zip at `prefix`) of every module imported so far,
    leaving out those the interpreter has frozen in (it never reads them from the zip)."""
    files = set()
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None) or ""
        spec = getattr(module, "__spec__", None)
        if path.startswith(prefix + "/") and getattr(spec, "origin", None) != "frozen":
            files.add(path[len(prefix) + 1 :])
    return sorted(files)
