"""One calculator, the same inputs, every ruleset whose text defines it: side by side."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from rulescore.answers.result import Refusal, Result
from rulescore.entry import answer, describe
from rulescore.rulebooks import CALCULATORS, RULESETS


def rulesets_for(name: str) -> list[str]:
    calc = CALCULATORS[name]
    return [r.id for r in RULESETS.values() if calc.supports(r)]


def compare_fields(name: str) -> list[dict[str, Any]]:
    """The form's fields: one per input that means the same in every ruleset.

    An input that means something else in one ruleset (Coreheim's Initiative is a D12 target
    number) gets a field of its own, named after that ruleset, so no number is silently reused.
    """
    fields: dict[tuple[str, str], dict[str, Any]] = {}
    taken: set[str] = set()
    for ruleset_id in rulesets_for(name):
        for field in describe(name, RULESETS[ruleset_id])["fields"]:
            key = (field["name"], field["label"])
            if key not in fields:
                form_name = field["name"] if field["name"] not in taken else f"{field['name']}-{ruleset_id}"
                taken.add(form_name)
                label = (
                    field["label"] if form_name == field["name"] else f"{field['label']}, {RULESETS[ruleset_id].title}"
                )
                fields[key] = {**field, "name": form_name, "label": label, "source": field["name"], "rulesets": []}
            entry = fields[key]
            entry["rulesets"].append(ruleset_id)
            for option in field.get("choices", []):  # the widest list of choices, each value once
                if option["value"] not in [known["value"] for known in entry["choices"]]:
                    entry["choices"].append(option)
    return list(fields.values())


class Compared(NamedTuple):
    """Each ruleset's answer to the same inputs (a Refusal where its text forbids them), or the fields refused."""

    errors: dict[str, str]
    rows: tuple[tuple[str, str, Result | Refusal], ...] = ()  # (ruleset id, its title, its answer)

    @property
    def ok(self) -> bool:
        return not self.errors

    def to_json(self) -> dict[str, Any]:
        if self.errors:
            return {"ok": False, "errors": self.errors}
        rows = [
            {"ruleset": ruleset_id, "title": title, "result": result.to_json()}
            for ruleset_id, title, result in self.rows
        ]
        return {"ok": True, "errors": {}, "rows": rows}


def compare(name: str, values: Mapping[str, str]) -> dict[str, Any]:
    """Each ruleset's result for the same form values, as JSON; a field no ruleset accepts is refused."""
    return compare_answers(name, values).to_json()


def compare_answers(name: str, values: Mapping[str, str | list[str]]) -> Compared:
    """compare(), typed."""
    if name not in CALCULATORS:
        return Compared({"calculator": f"Unknown calculator '{str(name)[:30]}'."})
    fields = compare_fields(name)
    unknown = {
        k: f"This comparison has no field '{str(k)[:30]}'." for k in values if k not in {f["name"] for f in fields}
    }
    if unknown:
        return Compared(unknown)
    rows: list[tuple[str, str, Result | Refusal]] = []
    failures: dict[str, dict[str, str]] = {}  # form field -> ruleset -> its refusal
    for ruleset_id in rulesets_for(name):
        own = {f["source"]: str(values.get(f["name"], f["default"])) for f in fields if ruleset_id in f["rulesets"]}
        result = answer(name, ruleset_id, own, percentages=True)  # one scale down the column
        rows.append((ruleset_id, RULESETS[ruleset_id].title, result))
        if not result.ok:
            for source, message in result.errors.items():
                form_name = next(f["name"] for f in fields if f["source"] == source and ruleset_id in f["rulesets"])
                failures.setdefault(form_name, {})[ruleset_id] = message
    # Refuse a field only when every ruleset that reads it refuses it; otherwise the row says why.
    errors = {
        form_name: next(iter(by_ruleset.values()))
        for form_name, by_ruleset in failures.items()
        if set(by_ruleset) == set(next(f["rulesets"] for f in fields if f["name"] == form_name))
    }
    return Compared(errors, () if errors else tuple(rows))
