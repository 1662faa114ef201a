"""Where a section of a ruleset's text is on the site: the one place its address is made."""

from __future__ import annotations

from rulescore.ruleset import Ruleset


def section_href(rules: Ruleset, section: str | None = None, root: str = "", page: bool = False) -> str:
    """`mordheim-1999/movement/#falling` from the site root (`root` leads there from a page); with
    `page`, the chapter's Markdown file (`mordheim-1999/movement.md#falling`), which is how a page's
    Markdown links it and how the docs tree names it."""
    return f"{root}{rules.id}/{rules.chapter}" + (".md" if page else "/") + (f"#{section}" if section else "")


def assumption_href(assumption: str, root: str = "") -> str:
    """Our reading of the text where the assumptions page explains it (and lets a player see its source)."""
    return f"{root}assumptions/#{assumption}"
