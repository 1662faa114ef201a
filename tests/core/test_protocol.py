"""The worker's replies are declared twice, for each language's checker: rulescore/web/protocol.py for
Python (mypy), types/protocol.d.ts for the page's scripts (tsc). The two must name the same fields, each
required or optional alike, or one side builds what the other does not read."""

from __future__ import annotations

import re

import pytest

from rulescore.web import protocol
from tests.helpers import ROOT

DECLARED = (ROOT / "types" / "protocol.d.ts").read_text(encoding="utf-8")
# Python's name -> the page's, where Python's would clash with the house rule it carries.
PAGE_NAMES = {"HouseRuleJson": "HouseRule"}
TYPES = ["Reply", "Reading", "HouseRuleJson", "TableReply"]


def page_fields(name: str) -> dict[str, bool]:
    """An interface of protocol.d.ts: each field, and whether it is required (no `?`)."""
    body = re.search(rf"interface {name} \{{(.*?)\n\}}", DECLARED, re.S)
    assert body, f"types/protocol.d.ts declares no interface {name}"
    without_comments = re.sub(r"/\*\*.*?\*/", "", body.group(1), flags=re.S)
    fields = re.findall(r"^\s*(\w+)(\??):", without_comments, re.M)
    return {field: optional != "?" for field, optional in fields}


@pytest.mark.parametrize("name", TYPES)
def test_python_and_the_page_declare_the_same_reply(name):
    declared = getattr(protocol, name)
    python = {field: field in declared.__required_keys__ for field in declared.__annotations__}
    assert python == page_fields(PAGE_NAMES.get(name, name))


def test_a_field_the_page_does_not_declare_is_seen():
    # The check reads what it says: a field only one side has would fail it.
    assert page_fields("Reading") == {"field": True, "title": True, "href": True, "switch": False}
    assert "table" not in page_fields("Reply")
