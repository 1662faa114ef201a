"""The line that says which values an answer is for ("For: Height of the fall 4", Toughness 3."): printed
under a result, and shown beside a result the form has moved away from. Made here, for the page built
and for every answer the worker gives, so the page's script only puts it in place."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

# A label's hint in brackets ("Initiative (target number: lower is better)") is for the form, not the line.
HINT = re.compile(r"\s*\(.*\)$")


def values_said(fields: list[dict[str, Any]], values: Mapping[str, str | list[str]]) -> str:
    """Each field as the form labels it, with its value (a field not given, its default)."""
    parts = []
    for field in fields:
        label = HINT.sub("", field["label"])
        value = values.get(field["name"], field["default"])
        if field["kind"] == "list":  # a route's legs, in order
            parts.append(f"{label}: {'; '.join(value) if value else 'none'}")
            continue
        if field["kind"] == "choice":
            value = next((c["label"] for c in field["choices"] if c["value"] == value), value)
        elif field["kind"] == "inches":
            value = f'{value}"'
        parts.append(f"{label} {value}")
    return ", ".join(parts)


def answer_said(fields: list[dict[str, Any]], inputs: Mapping[str, str | list[str]]) -> str:
    """The values an answer was worked out from, as the form labels them: a field it did not use is not said
    (a route's nearest enemy counts only in a run)."""
    return values_said([field for field in fields if field["name"] in inputs], inputs)
