"""The text of a paragraph made into page markup: escaped, with links and glossary terms.

Finds cross-references ("see the Falling section", "see Facing, p41", "Shooting section") and
glossary terms in the raw source text, then escapes everything else, so a `<script>` or a stray
`*` in a rules text shows as the characters it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rulescore.web.terms import Term, find_terms, term_html
from sitegen.pages import markup
from sitegen.pages.escape import escape_text

NAME = r"[A-Z][\w-]*(?: (?:[A-Z][\w-]*|&))*"
XREF = re.compile(
    rf"\b[Ss]ee (?:the )?(?P<see>{NAME})(?: section)?(?:,? p\.?\s?\d+)?"
    rf"|\b(?:the )?(?P<named>{NAME}) section\b"
    r"|\(see diagram\)|\bdiagrams? (?:above|below)\b"
)


def normalise(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", name.lower()).strip()


@dataclass(frozen=True)
class Reference:
    """A place where the text points at another part of the rulebook."""

    text: str
    name: str  # the part it names, or "diagram"
    anchor: str | None  # the section here it resolves to, if this site holds it


def find_references(text: str, sections: dict[str, str]) -> list[tuple[int, int, Reference]]:
    """Spans of `text` that refer elsewhere; `sections` maps normalised titles to anchors."""
    found = []
    for match in XREF.finditer(text):
        name = match.group("see") or match.group("named") or "diagram"
        anchor = sections.get(normalise(name)) if name != "diagram" else None
        found.append((match.start(), match.end(), Reference(match.group(0), name, anchor)))
    return found


def marks() -> Any:
    """The macros of templates/inline.html."""
    return markup.macros("inline.html")


def render_inline(
    text: str,
    sections: dict[str, str],
    terms: list[Term],
    seen_terms: set[str],
    glossary_url: str,
    document: str,
    markdown: bool = True,
    source_is_markdown: bool = False,
) -> tuple[str, list[Reference], list[Term]]:
    """Markup for one block of text, plus the references and terms it marked."""
    spans: list[tuple[int, int, Reference | Term]] = list(find_references(text, sections))
    taken = [(a, b) for a, b, _ in spans]
    for start, stop, term in find_terms(text, terms, seen_terms):
        if all(stop <= a or start >= b for a, b in taken):
            spans.append((start, stop, term))
        else:
            seen_terms.discard(term.name)
    spans.sort(key=lambda span: span[0])

    out: list[str] = []
    references: list[Reference] = []
    marked: list[Term] = []
    cursor = 0
    for start, stop, item in spans:
        out.append(escape_text(text[cursor:start], markdown, source_is_markdown))
        shown = text[start:stop]
        if isinstance(item, Reference):
            references.append(item)
            if item.anchor:
                out.append(marks().xref(item.anchor, shown))
            else:
                what = "A diagram" if item.name == "diagram" else f"The {item.name} section"
                out.append(
                    marks().elsewhere(f"{what} is in a part of the {document} that this site does not hold.", shown)
                )
        else:
            marked.append(item)
            out.append(term_html(item, shown))
        cursor = stop
    out.append(escape_text(text[cursor:], markdown, source_is_markdown))
    return "".join(out), references, marked


def explain_terms(
    text: str, terms: list[Term], markdown: bool = False, seen: set[str] | None = None, source_is_markdown: bool = False
) -> str:
    """A text escaped, the first use of each game term in it explained on tap as on the rule pages
    (for our labels and numbers, and a rules text shown away from its page, where its references
    would lead nowhere); `seen` carries "first" across several texts."""
    out, cursor = [], 0
    for start, stop, term in find_terms(text, terms, set() if seen is None else seen):
        out.append(escape_text(text[cursor:start], markdown, source_is_markdown))
        out.append(term_html(term, text[start:stop]))
        cursor = stop
    out.append(escape_text(text[cursor:], markdown, source_is_markdown))
    return "".join(out)
