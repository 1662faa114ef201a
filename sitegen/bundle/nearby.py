"""Answers a tap or two away, worked out at build time: a first visit answers its first taps at once
while Python is still on its way (#40).

For each calculator (one per ruleset, one per comparison), every form a player reaches from the
defaults with one or two taps (a - or + on any field, any choice) is answered by the same function the
worker calls, `rulescore.web.answer.respond`, and kept in one JSON file the page fetches when the calculator is first
touched or scrolled to. The answers' links are written for a placeholder root that the page swaps for
its own, so one file serves every page the calculator sits on. A route planner's forms are those one tap
away (its legs as the legs editor changes them, leg_taps.py): already some eighty a ruleset (#51).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

from rulescore import RULESETS
from rulescore.compare import compare_fields
from rulescore.doors import DOORS
from rulescore.rulebooks import CALCULATORS
from rulescore.web.answer import respond, respond_compare
from sitegen.bundle.leg_taps import leg_taps

FOLDER = "assets/answers/"  # then the wheel's digest: a page reads only its own build's answers
ROOT = "@root@/"  # never in an answer's own text: the page puts its root where this stands
TAPS = 2

Values = dict[str, str | list[str]]


def _number(text: str) -> float | None:
    """What calculators.js's step reads from a box (parseFloat): "+1" -> 1.0, "7+" -> 7.0."""
    found = re.match(r"\s*[+-]?(\d+\.?\d*|\.\d+)", text.replace("\u2212", "-").replace(",", "."))
    return float(found.group(0)) if found else None


def _shown(number: float, signed: bool) -> str:
    """A number as the page's script writes it (JavaScript's String(), "+" before a modifier's 0 and up)."""
    text = str(int(number)) if number.is_integer() else repr(number)
    return f"+{text}" if signed and number >= 0 else text


def one_tap(fields: list[dict], values: Values) -> Iterator[Values]:
    """Each form one tap from `values`: a choice picked, or a number stepped as the page steps it."""
    for field in fields:
        name, now = field["name"], values[field["name"]]
        if field["kind"] == "list":  # a route's legs, as the legs editor changes them
            yield from ({**values, name: legs} for legs in leg_taps(field["choices"], list(now)))
            continue
        if field["kind"] == "choice":
            yield from ({**values, name: c["value"]} for c in field["choices"] if c["value"] != now)
            continue
        number = _number(now)
        if number is None:
            continue
        for step in (-1, 1):
            moved = number + step
            if "min" in field:
                moved = max(moved, float(field["min"]))
            if "max" in field:
                moved = min(moved, float(field["max"]))
            shown = _shown(moved, field["kind"] == "modifier")
            if shown != now:
                yield {**values, name: shown}


def near(fields: list[dict], taps: int | None = None) -> list[Values]:
    """The defaults and every form within `taps` taps of them, each once, nearest first: two taps, one for a
    form with a list (a route: each leg's taps already make it some eighty forms)."""
    if taps is None:
        taps = 1 if any(field["kind"] == "list" for field in fields) else TAPS
    start = {field["name"]: field["default"] for field in fields}
    found = {key(start): start}
    ring = [start]
    for _ in range(taps):
        ring = [moved for values in ring for moved in one_tap(fields, values) if key(moved) not in found]
        for values in ring:
            found.setdefault(key(values), values)
    return list(found.values())


def key(values: Values) -> str:
    """The form's values as the page looks them up: "name=value" in name order, joined by "&"; a list as
    JSON, as the page's JSON.stringify writes it."""
    return "&".join(f"{name}={_said(values[name])}" for name in sorted(values))


def _said(value: str | list[str]) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")) if isinstance(value, list) else value


def calculators() -> Iterator[tuple[str, list[dict], Callable[[Values, str], str]]]:
    """(file name, the form's fields, how Python answers it for a root) for every calculator."""
    for ruleset_id, rules in RULESETS.items():
        for name, door in DOORS.items():  # the route planner among them
            if door.supports(rules):
                yield (
                    f"{ruleset_id}-{name}",
                    door.describe(rules)["fields"],
                    lambda values, root, name=name, ruleset_id=ruleset_id: respond(
                        name, ruleset_id, json.dumps(values), root
                    ),
                )
    for name in CALCULATORS:
        yield (
            f"compare-{name}",
            compare_fields(name),
            lambda values, root, name=name: respond_compare(name, json.dumps(values), root),
        )


def answers(fields: list[dict], ask: Callable[[Values, str], str]) -> dict[str, list[str]]:
    """Form key -> [the result's HTML, the values it is for in words], for each nearby form Python answers
    (a refused one is left to it)."""
    kept = {}
    for values in near(fields):
        reply = json.loads(ask(values, ROOT))
        if reply["ok"]:
            kept[key(values)] = [reply["html"], reply["for"]]
    return kept


def write(folder: Path) -> list[Path]:
    """One file per calculator in `folder`: {"root": placeholder, "answers": {key: [html, values said]}}."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, fields, ask in calculators():
        path = folder / f"{name}.json"
        data = {"root": ROOT, "answers": answers(fields, ask)}
        path.write_text(json.dumps(data, separators=(",", ":"), ensure_ascii=False, sort_keys=True), encoding="utf-8")
        written.append(path)
    return written
