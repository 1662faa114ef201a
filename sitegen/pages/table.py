"""Your table's page: the form that adds a model (each ruleset's characteristics, as its calculators read
them) and the house rules a group may switch, written at build time; the page script keeps them."""

from __future__ import annotations

from typing import Any

from rulescore import RULESETS
from rulescore.table.house_rules import offered
from rulescore.table.models import NAME_LONGEST, SIDES, profile
from sitegen.pages import markup


def _grouped(rules: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """House rules under the kind of rule each belongs to, kinds in the order the rules first name them."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for rule in rules:
        groups.setdefault(rule["group"], []).append(rule)
    return [{"title": title, "rules": found} for title, found in groups.items()]


def render_table(root: str) -> str:
    rulesets = [
        {
            "id": rules.id,
            "title": rules.title,
            "profile": [field.describe() | {"checks": field.checks()} for field in profile(rules)],
            "house": _grouped(offered(rules.id)),
        }
        for rules in RULESETS.values()
    ]
    return markup.render_form(
        "table.html", root=root, rulesets=rulesets, sides=list(SIDES.items()), name_longest=NAME_LONGEST
    )
