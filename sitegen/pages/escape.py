"""Plain text made safe to put in a page: HTML-escaped, and Markdown-escaped where Markdown will read it."""

from __future__ import annotations

import html
import re

MARKDOWN_SPECIALS = re.compile(r"([\\`*_\[\]{}#|])")


def escape_text(text: str, markdown: bool, source_is_markdown: bool) -> str:
    """Escape plain text for HTML, and for Markdown too unless the source is Markdown itself."""
    escaped = html.escape(text, quote=False)
    if markdown and not source_is_markdown:
        escaped = MARKDOWN_SPECIALS.sub(r"\\\1", escaped)
    return escaped
