"""Answers a tap or two away, worked out at build time: a first visit answers its first taps at once
while Python is still on its way (#40).

For each calculator (one per ruleset, one per comparison), every form a player reaches from the
defaults with one or two taps (a - or + on any field, any choice), found by the page's own taps
(calculators/src/taps.js), is answered by the same function the worker calls, `rulescore.web.answer.respond`,
and kept in one JSON file the page fetches when the calculator is first touched or scrolled to, under the key
the page looks it up by. The answers' links are written for a placeholder root that the page swaps for its
own, so one file serves every page the calculator sits on. A route planner's forms are those one tap away (its
legs as the legs editor changes them): already some eighty a ruleset (#51); and the second taps a player
makes most, the same tap again and the Movement after a tap on the legs (#62, item 5): about 150 answers
a ruleset, some 36 KB as a host compresses them.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from rulescore import RULESETS
from rulescore.compare import compare_fields
from rulescore.doors import DOORS
from rulescore.reading.folder import RulesFileError
from rulescore.rulebooks import CALCULATORS
from rulescore.web.answer import respond, respond_compare

FOLDER = "assets/answers/"  # then the wheel's digest: a page reads only its own build's answers
ROOT = "@root@/"  # never in an answer's own text: the page puts its root where this stands
HERE = Path(__file__).resolve().parent

Values = dict[str, str | list[str]]


def forms_near(fields_of: dict[str, list[dict[str, Any]]]) -> dict[str, list[tuple[str, Values]]]:
    """For each calculator (file -> its form's fields), the defaults and every form a tap or two from them,
    nearest first, each with the key the page looks it up by: made by the page's own taps
    (calculators/src/taps.js, run in Node by taps.mjs), so the build never imitates them."""
    done = subprocess.run(
        ["node", str(HERE / "taps.mjs")], input=json.dumps(fields_of), capture_output=True, text=True, timeout=600
    )
    if done.returncode != 0:
        raise RulesFileError(HERE / "taps.mjs", None, f"the page's taps could not run: {done.stderr.strip()[-600:]}")
    return {file: [(key, values) for key, values in forms] for file, forms in json.loads(done.stdout).items()}


def near(fields: list[dict[str, Any]]) -> list[tuple[str, Values]]:
    """One calculator's forms a tap or two from its defaults, with their keys (forms_near, for one)."""
    return forms_near({"one": fields})["one"]


def calculators() -> Iterator[tuple[str, list[dict[str, Any]], Callable[[Values, str], str]]]:
    """(file name, the form's fields, how Python answers it for a root) for every calculator."""
    for ruleset_id, rules in RULESETS.items():
        for name, door in DOORS.items():  # the route planner among them
            if door.supports(rules):
                yield (
                    f"{ruleset_id}-{name}",
                    door.describe(rules)["fields"],
                    _asking(name, ruleset_id),
                )
    for name in CALCULATORS:
        yield (
            f"compare-{name}",
            compare_fields(name),
            _comparing(name),
        )


def _asking(name: str, ruleset_id: str) -> Callable[[Values, str], str]:
    """How Python answers one ruleset's calculator for a root, as the page's worker asks it."""
    return lambda values, root: respond(name, ruleset_id, json.dumps(values), root)


def _comparing(name: str) -> Callable[[Values, str], str]:
    """How Python answers a comparison for a root."""
    return lambda values, root: respond_compare(name, json.dumps(values), root)


def answers(forms: list[tuple[str, Values]], ask: Callable[[Values, str], str]) -> dict[str, list[str]]:
    """Form key -> [the result's HTML, the values it is for in words], for each nearby form Python answers
    (a refused one is left to it)."""
    kept = {}
    for key, values in forms:
        reply = json.loads(ask(values, ROOT))
        if reply["ok"]:
            kept[key] = [reply["html"], reply["for"]]
    return kept


def write(folder: Path) -> list[Path]:
    """One file per calculator in `folder`: {"root": placeholder, "answers": {key: [html, values said]}}."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    every = list(calculators())
    forms = forms_near({name: fields for name, fields, _ in every})
    for name, _, ask in every:
        path = folder / f"{name}.json"
        data = {"root": ROOT, "answers": answers(forms[name], ask)}
        path.write_text(json.dumps(data, separators=(",", ":"), ensure_ascii=False, sort_keys=True), encoding="utf-8")
        written.append(path)
    return written
