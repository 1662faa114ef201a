"""Everything a reader sees, written down so a refactor can be compared with what came before it:
every calculator's JSON and HTML over the grid, every comparison, seeded routes, and the built site's
articles and search index.

    python -m tests.outputs write DIR [--site site]   # the outputs of this checkout
    python -m tests.outputs compare OLD NEW           # what differs, named by key
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from pathlib import Path

from rulescore import RULESETS
from rulescore.compare import compare_fields
from rulescore.entry import calculate
from rulescore.route.plan import plan
from rulescore.route.read import plannable
from rulescore.rulebooks import CALCULATORS
from rulescore.web import answer as present
from tests.core.grid import PAIRS, grid

LEGS = ["move {}", "move {} difficult", "climb up {}", "climb down {}", "gap {}", "gap {} drop 4", "jump down {}",
        "barrier {}", "charge {}", "diving charge {}"]  # fmt: skip
ARTICLE = re.compile(r"<article[^>]*>.*?</article>", re.S)


def _respond(name: str, ruleset: str, values: dict) -> dict:
    return json.loads(present.respond(name, ruleset, json.dumps(values), "../../"))


def _route_json(ruleset: str, values: dict, legs: list[str]) -> dict:
    return plan(ruleset, values, legs).to_json()


def answers() -> dict[str, object]:
    found: dict[str, object] = {}
    for name, ruleset in PAIRS:
        for number, values in enumerate(grid(name, ruleset, randoms=20)):
            key = f"{name}/{ruleset}/{number}"
            found[key + "/json"] = calculate(name, ruleset, values)
            found[key + "/page"] = _respond(name, ruleset, values)
    for name, calc in CALCULATORS.items():
        if sum(calc.supports(r) for r in RULESETS.values()) < 2:
            continue
        defaults = {f["name"]: f["default"] for f in compare_fields(name)}
        found[f"compare/{name}"] = json.loads(present.respond_compare(name, json.dumps(defaults), "../../"))
    for ruleset in (r for r, rules in RULESETS.items() if plannable(rules)):
        pick = random.Random(f"outputs/{ruleset}")
        for number in range(60):
            legs = [pick.choice(LEGS).format(pick.choice(["1", "2", "3", "6"])) for _ in range(pick.randint(1, 4))]
            values = {"move": pick.choice(["4", "5", "6"]), "activation": pick.choice(["move", "run", "charge"])}
            if pick.random() < 0.5:
                legs[-1] = "charge 2"
            found[f"route/{ruleset}/{number}/json"] = _route_json(ruleset, values, legs)
            found[f"route/{ruleset}/{number}/page"] = _respond("route", ruleset, {**values, "legs": legs})
    return found


def site_outputs(site: Path) -> dict[str, object]:
    found: dict[str, object] = {}
    for page in sorted(site.rglob("*.html")):
        if "__bench__" in page.parts:
            continue
        found[f"article/{page.relative_to(site)}"] = ARTICLE.findall(page.read_text(encoding="utf-8"))
    # The answers stored for a first tap, worked out by Python under Pyodide at build time.
    for stored in sorted((site / "assets" / "answers").glob("*/*.json")):
        found[f"stored/{stored.name}"] = json.loads(stored.read_text(encoding="utf-8"))
    index = json.loads((site / "assets" / "search.json").read_text(encoding="utf-8"))
    for entry in index["entries"]:
        found[f"search/{entry['kind']}/{entry['url']}"] = entry
    return found


def write(folder: Path, site: Path | None) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "answers.json").write_text(json.dumps(answers(), indent=0, sort_keys=True, default=str))
    if site:
        (folder / "site.json").write_text(json.dumps(site_outputs(site), indent=0, sort_keys=True))


def where(a: object, b: object, path: str = "") -> str:
    """The first place two outputs part: a key path, then both values in short."""
    if isinstance(a, dict) and isinstance(b, dict):
        keys = [key for key in sorted(set(a) | set(b), key=str) if a.get(key) != b.get(key)]
        if len(keys) > 1:  # several parts differ: name them all
            return f"{path}.{{{','.join(map(str, keys))}}}: {where(a.get(keys[0]), b.get(keys[0]), '')}"
        for key in keys:
            return where(a.get(key), b.get(key), f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for number, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return where(x, y, f"{path}[{number}]")
    if isinstance(a, str) and isinstance(b, str):
        start = next((n for n, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
        a, b = a[max(0, start - 40) : start + 80], b[max(0, start - 40) : start + 80]
    return f"{path}: {str(a)[:120]!r} -> {str(b)[:120]!r}"


def compare(old: Path, new: Path) -> int:
    differ = 0
    for name in ("answers.json", "site.json"):
        if not (old / name).exists() or not (new / name).exists():
            continue
        a, b = json.loads((old / name).read_text()), json.loads((new / name).read_text())
        keys = sorted(set(a) | set(b))
        changed = [k for k in keys if a.get(k) != b.get(k)]
        differ += len(changed)
        print(f"{name}: {len(keys)} outputs, {len(changed)} differ")
        # Grouped by what kind of output and which part of it differs, so a named change reads as one line.
        groups: dict[str, list[str]] = {}
        for key in changed:
            kind = key.split("/")[0] + "/" + key.rsplit("/", 1)[-1] if key.count("/") > 1 else key.split("/")[0]
            part = re.sub(r"\[\d+\]", "[]", where(a.get(key), b.get(key)).split(":", 1)[0])
            groups.setdefault(f"{kind} {part}", []).append(key)
        for group, keys in sorted(groups.items()):
            print(f"   {len(keys):5d} x {group}  e.g. {keys[0]}: {where(a.get(keys[0]), b.get(keys[0]))[:200]}")
    return 1 if differ else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["write", "compare"])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--site", type=Path, default=None)
    args = parser.parse_args(argv)
    if args.command == "write":
        write(args.folders[0], args.site)
        return 0
    return compare(*args.folders[:2])


if __name__ == "__main__":
    sys.exit(main())
