"""Where a section of a ruleset's text is on the site: the one place its address is made."""

from __future__ import annotations

import re


def slugify(title: str) -> str:
    """Readable anchor: `Jumping Down` -> `jumping-down`, `1. Charge!` -> `1-charge`."""
    plain = re.sub(r"[’'`]", "", title.lower())
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-") or "section"


def section_href(ruleset_id: str, chapter: str, section: str | None = None, root: str = "", page: bool = False) -> str:
    """`mordheim-1999/movement/#falling` from the site root (`root` leads there from a page); with
    `page`, the chapter's Markdown file (`mordheim-1999/movement.md#falling`), which is how a page's
    Markdown links it and how the docs tree names it."""
    return f"{root}{ruleset_id}/{chapter}" + (".md" if page else "/") + (f"#{section}" if section else "")
