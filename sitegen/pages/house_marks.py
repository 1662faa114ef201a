"""Where a house rule changes the text: each value a ruleset's numbers quote (`says`), in the section that
states it, with the words Your table uses for it. A page carries those of its sections; the page's script
marks, beside the words, what a table that plays the value otherwise plays instead (#63)."""

from __future__ import annotations

from functools import cache

from rulescore import RULESETS
from rulescore.table.house_rules import offered, said_value


@cache
def house_marks(ruleset_id: str) -> dict[str, list[dict[str, str]]]:
    """Section anchor -> the values a table may change there: the rule, the text's words that state it, the
    rule's name and its value as Your table says them."""
    playable = {rule["rule"]: rule for rule in offered(ruleset_id) if rule["kind"] != "reading"}
    found: dict[str, list[dict[str, str]]] = {}
    for citation in RULESETS[ruleset_id].citations:
        rule = playable.get(citation.rule)
        if citation.says and rule:
            # How the table's own value is said beside the text's: as Your table says values (said_value).
            way = (
                "choice" if rule["kind"] == "choice" else "inches" if said_value(citation.rule, 1).endswith('"') else ""
            )
            found.setdefault(citation.section, []).append(
                {
                    "rule": citation.rule,
                    "says": " ".join(citation.says.split()),
                    "label": rule["label"].removesuffix(", in inches"),
                    "said": rule["said"],
                    "way": way,
                }
            )
    return found
