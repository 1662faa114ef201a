"""Markdown for the generated pages: each ruleset's index, its chapter and its glossary."""

from __future__ import annotations

import html
from dataclasses import dataclass, field

from sitegen.glossary import Term
from sitegen.inline import Reference, escape_text, normalise, render_inline
from sitegen.parse import Block, Document, Section, slugify
from sitegen.sources import Ruleset

ADDED_NOTE = "Heading added by this site: the source text has none here."


@dataclass
class RenderedChapter:
    """A chapter page and what rendering it found, for the glossary page and the tests."""

    markdown: str
    references: list[tuple[Section, Reference]] = field(default_factory=list)
    term_uses: dict[str, list[Section]] = field(default_factory=dict)


def chapter_slug(ruleset: Ruleset) -> str:
    return slugify(ruleset.chapter)


def banner(ruleset: Ruleset) -> str:
    """The strip at the top of every page of a ruleset: which game, edition and document."""
    year = f" ({ruleset.year})" if ruleset.year else ""
    return (
        f'<div class="ruleset-banner" data-ruleset="{ruleset.id}">'
        f"<strong>{html.escape(ruleset.game)}</strong> · {html.escape(ruleset.edition)}{year}"
        f' · <span class="ruleset-document">{html.escape(ruleset.document)}</span></div>\n\n'
    )


def _front(title: str, boost: float | None = None) -> str:
    lines = ["---", f"title: {title!r}".replace("'", '"') if '"' not in title else f"title: '{title}'"]
    if boost is not None:
        lines += ["search:", f"  boost: {boost}"]
    return "\n".join(lines + ["---", "", ""])


def _heading(section: Section) -> str:
    title = escape_text(section.title, markdown=True, source_is_markdown=False)
    classes = " .added-heading" if section.added and section.level > 1 else ""
    marker = "#" * section.level
    return f"{marker} {title} {{ #{section.anchor}{classes} }}\n\n"


def _block(block: Block, render) -> str:
    if block.kind == "list":
        items = []
        for _, line in block.lines:
            bullet, _, rest = line.strip().partition(" ")
            items.append(f"- {render(rest.strip(), True)}")
        return "\n".join(items) + "\n\n"
    if block.kind == "figure":
        marker, caption = block.text[: block.text.index("]") + 1], block.text[block.text.index("]") + 1 :].strip()
        return (
            '<figure class="figure-missing">'
            f'<div class="figure-placeholder" role="img" aria-label="Picture not included">'
            f"{html.escape(marker)} picture not included in this text</div>"
            f"<figcaption>{render(caption, False)}</figcaption></figure>\n\n"
        )
    return render(block.text.strip(), True) + "\n\n"


def render_chapter(document: Document, terms: list[Term], calculators: dict[str, list[str]] | None = None,
                   topics: dict | None = None, edition_changes: dict[str, str] | None = None) -> RenderedChapter:
    """The whole text of one ruleset as one page, a heading with a permalink per section.

    `edition_changes` maps a section that reads differently in the other Mordheim edition to its
    place on the edition diff page, so the reader can see what changed from where they are.
    """
    ruleset = document.ruleset
    titles = {normalise(s.title): s.anchor for s in document.root.walk()}
    result = RenderedChapter("")
    parts = [_front(f"{ruleset.chapter} · {ruleset.title}", boost=2), banner(ruleset)]
    for section in document.root.walk():
        seen: set[str] = set()

        def render(text: str, markdown: bool, section=section, seen=seen) -> str:
            out, refs, marked = render_inline(
                text, titles, terms, seen, "../glossary/", ruleset.document,
                markdown=markdown, source_is_markdown=ruleset.format == "markdown",
            )
            result.references.extend((section, ref) for ref in refs)
            for term in marked:
                result.term_uses.setdefault(term.name, []).append(section)
            return out

        parts.append(_heading(section))
        if section.added and section.level > 1:
            parts.append(f'<p class="added-note">{ADDED_NOTE}</p>\n\n')
        for topic in (topics or {}).get(section.anchor, []):
            parts.append(f"[Compare {html.escape(topic.title.lower())} across rulesets](../compare/{topic.id}.md){{ .compare-link }}\n\n")
        if section.anchor in (edition_changes or {}):
            parts.append(f"[What changed between the Mordheim editions](../compare/mordheim-editions.md#{edition_changes[section.anchor]})"
                         "{ .compare-link .edition-link }\n\n")
        if section.level == 1 and ruleset.incomplete:
            parts.append(f'!!! warning "Incomplete source text"\n    {html.escape(ruleset.incomplete)}\n\n')
        for block in section.blocks:
            parts.append(_block(block, render))
        for name in (calculators or {}).get(section.anchor, []):
            parts.append(f"<!-- calc:{name} -->\n\n")
    parts.append(_about(document))
    result.markdown = "".join(parts)
    return result


def _about(document: Document) -> str:
    """Where the copy came from: lines that belong to the copy, not to the rules."""
    ruleset = document.ruleset
    rows = [f"Source file: `{ruleset.source_path.name}`, kept byte for byte as it came."]
    for line in document.provenance:
        rows.append(f"The copy starts with the line “{html.escape(line)}”, the name of the site it was copied from; it is not part of the rules.")
    for key, value in document.front_matter:
        rows.append(f"The copy's front matter sets `{html.escape(key)}` to `{html.escape(value)}` (its place in the original site's sidebar).")
    body = "\n".join(f"    - {row}" for row in rows)
    return f'??? info "About this source text"\n{body}\n'


def render_index(document: Document, terms: list[Term], quick: bool = False) -> str:
    """A ruleset's start page: what the document is, its quick reference and glossary, and every
    section, one tap away."""
    ruleset = document.ruleset
    chapter = chapter_slug(ruleset)
    lines = [_front(ruleset.title, boost=0.5), banner(ruleset), f"# {html.escape(ruleset.title)}\n"]
    year = f", {ruleset.year}" if ruleset.year else ""
    lines.append(f"{html.escape(ruleset.document)}{year}. Dice used: {', '.join(ruleset.dice)}.\n")
    shortcuts = ["[Quick reference: every number on one page](quick.md)"] if quick else []
    if terms:
        shortcuts.append(f"[Glossary: {len(terms)} terms](glossary.md)")
    if shortcuts:
        lines.append('<div class="ruleset-shortcuts" markdown>\n\n' + "\n".join(f"- {link}" for link in shortcuts) + "\n\n</div>\n")
    lines.append('<nav class="section-list" aria-label="Sections" markdown>\n')
    for section in document.root.walk():
        indent = "    " * (section.level - 1)
        title = escape_text(section.title, markdown=True, source_is_markdown=False)
        lines.append(f"{indent}- [{title}]({chapter}.md#{section.anchor})")
    lines.append("\n</nav>\n")
    return "\n".join(lines) + "\n"


def render_glossary(ruleset: Ruleset, terms: list[Term], uses: dict[str, list[Section]]) -> str:
    """Every term with its definition in our words and the sections that use it."""
    chapter = chapter_slug(ruleset)
    parts = [_front(f"Glossary · {ruleset.title}", boost=0.5), banner(ruleset), f"# Glossary: {html.escape(ruleset.title)}\n\n"]
    parts.append("Definitions in our own words, for quick reference; the rules text is what counts.\n\n")
    for term in terms:
        parts.append(f"## {html.escape(term.name)} {{ #{term.anchor} }}\n\n{html.escape(term.definition)}\n\n")
        sections = list(dict.fromkeys(s.anchor for s in uses.get(term.name, [])))
        titles = {s.anchor: s.title for s in uses.get(term.name, [])}
        if sections:
            links = ", ".join(f"[{escape_text(titles[a], True, False)}]({chapter}.md#{a})" for a in sections)
            parts.append(f"Used in: {links}\n\n")
    return "".join(parts)


def render_home_list(rulesets: list[tuple[Ruleset, Document]]) -> str:
    """The ruleset picker on the home page."""
    rows = ['<div class="grid cards ruleset-picker" markdown>\n']
    for ruleset, document in rulesets:
        year = f" ({ruleset.year})" if ruleset.year else ""
        count = len(document.sections()) - 1
        rows.append(
            f"-   **[{html.escape(ruleset.title)}]({ruleset.id}/index.md)**\n\n"
            f"    {html.escape(ruleset.game)}, {html.escape(ruleset.edition)}{year}: {count} sections"
            f" · [read]({ruleset.id}/{chapter_slug(ruleset)}.md)\n"
        )
    rows.append("</div>\n")
    return "\n".join(rows)


def render_assumptions() -> str:
    """Each assumption the calculators may use, with an anchor a result can link to."""
    from rulescore.assumptions import ASSUMPTIONS

    parts = []
    for item in ASSUMPTIONS.values():
        parts.append(f"## {html.escape(item.title)} {{ #{item.id} }}\n\n{html.escape(item.text)}\n\n*Source: {html.escape(item.source)}.*\n")
    return "\n".join(parts)
