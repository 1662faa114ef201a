"""What the calculators' worker answers the page, declared for Python as types/protocol.d.ts declares it
for the page's scripts: the replies are built as these types (mypy checks them) and
tests/core/test_protocol.py checks both files name the same fields, each required or not alike."""

# No `from __future__ import annotations`: TypedDict reads NotRequired from evaluated annotations.
import functools
import json
from collections.abc import Callable
from typing import Any, NotRequired, ParamSpec, TypedDict

from rulescore.answers.result import Refusal

Asked = ParamSpec("Asked")


class Reading(TypedDict):
    """A refusal that rests on our reading of the text, and where that reading is explained."""

    field: str
    title: str
    href: str
    switch: NotRequired[str]  # where a table plays this reading otherwise (a house rule), if it may


class HouseRuleJson(TypedDict):
    """One rule a table plays otherwise, as a link or the phone's storage carries it (HouseRule on the page)."""

    ruleset: str
    rule: str
    value: str


# What respond (and respond_compare) answer a form with; a stored answer is the same, made at build time.
Reply = TypedDict(
    "Reply",
    {
        "ok": bool,
        "errors": dict[str, str],
        "html": NotRequired[str],
        "for": NotRequired[str],  # the values it is for, in words ("for" is Python's own word: this form)
        "inputs": NotRequired[dict[str, str | list[str]]],
        "unfinished": NotRequired[bool],
        "forbidden": NotRequired[bool],  # the rules forbid it: `html` says so as the answer
        "readings": NotRequired[list[Reading]],
        "house_rules": NotRequired[list[HouseRuleJson]],
    },
)


class TableReply(TypedDict):
    """What rulescore.web.table answers: a table checked (with its house rules in words), or a card."""

    ok: bool
    errors: dict[str, str]
    table: NotRequired[dict[str, Any]]
    words: NotRequired[dict[str, str]]
    html: NotRequired[str]


def sent(reply: "Reply | TableReply") -> str:
    """A reply as the worker sends it, its shape checked against the page's (types/protocol.d.ts)."""
    return json.dumps(reply)


def answered(respond: "Callable[Asked, str]") -> "Callable[Asked, str]":
    """A reply made whole inside the handling, its wording too: a bug of ours is said as one, never as a
    worker that took too long (#64, item 4: a chance too long to say escaped as a ValueError)."""

    @functools.wraps(respond)
    def reply(*args: Asked.args, **kwargs: Asked.kwargs) -> str:
        try:
            return respond(*args, **kwargs)
        except Exception as error:
            return sent({"ok": False, "errors": Refusal.of_bug("", "", error).errors})

    return reply
