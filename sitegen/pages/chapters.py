"""Markdown for the generated pages: each ruleset's index, its chapter and its glossary."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rulescore import RULESETS
from rulescore.rulebooks import CALCULATORS
from rulescore.web.address import section_href
from rulescore.web.terms import Term
from sitegen.pages import markup
from sitegen.pages.editions import Editions
from sitegen.pages.house_marks import house_marks
from sitegen.pages.inline import Reference, render_inline
from sitegen.pages.page import Page
from sitegen.pages.parse import Block, Document, Section
from sitegen.pages.sources import RulesText

ADDED_NOTE = "Heading added by this site: the source text has none here."


@dataclass
class RenderedChapter:
    """A chapter page and what rendering it found, for the glossary page and the tests."""

    markdown: str
    references: list[tuple[Section, Reference]] = field(default_factory=list)
    term_uses: dict[str, list[Section]] = field(default_factory=dict)
    # Each section's text as the page shows it, block by block (figures left out): what search reads.
    texts: dict[str, list[tuple[str, str]]] = field(default_factory=dict)


def chapter_page(ruleset: RulesText) -> str:
    """The chapter's page in the docs tree: `mordheim-1999/movement.md`."""
    return section_href(RULESETS[ruleset.id], page=True)


def banner(ruleset: RulesText) -> str:
    """The strip at the top of every page of a ruleset: which game, edition and document."""
    return markup.render("banner.html", ruleset=ruleset)


# How a piece of the text is rendered: (its text, as Markdown or not) -> the page's Markdown.
Render = Callable[[str, bool], str]


def _block(block: Block, render: Render) -> str:
    if block.kind == "list":
        items = []
        for _, line in block.lines:
            bullet, _, rest = line.strip().partition(" ")
            items.append(f"- {render(rest.strip(), True)}")
        return "\n".join(items) + "\n\n"
    if block.kind == "figure":
        marker, caption = block.text[: block.text.index("]") + 1], block.text[block.text.index("]") + 1 :].strip()
        return markup.render("figure.html", marker=marker, caption=markup.safe(render(caption, False)))
    return render(block.text.strip(), True) + "\n\n"


def render_chapter(
    document: Document,
    terms: list[Term],
    page: Page,
    calculators: dict[str, list[str]] | None = None,
    topics: dict[str, Any] | None = None,
    edition_changes: dict[str, str] | None = None,
    editions: Editions | None = None,
    planner: bool = False,
) -> RenderedChapter:
    """The whole text of one ruleset as one page, a heading with a permalink per section.

    `edition_changes` maps a section that reads differently in the other edition (`editions`) to
    its place on the edition diff page, so the reader can see what changed from where they are.
    """
    ruleset = document.ruleset
    titles = document.cited_names()
    result = RenderedChapter("")
    parts: list[dict[str, Any]] = []
    for section in document.root.walk():
        seen: set[str] = set()

        def render(text: str, markdown: bool, section: Section = section, seen: set[str] = seen) -> str:
            out, refs, marked = render_inline(
                text,
                titles,
                terms,
                seen,
                "../glossary/",
                ruleset.document,
                markdown=markdown,
                source_is_markdown=ruleset.format == "markdown",
            )
            result.references.extend((section, ref) for ref in refs)
            for term in marked:
                result.term_uses.setdefault(term.name, []).append(section)
            return out

        blocks = [(block.kind, _block(block, render)) for block in section.blocks]
        result.texts[section.anchor] = [(kind, text) for kind, text in blocks if kind != "figure"]
        parts.append(
            {
                "section": section,
                "added": section.added and section.level > 1,
                # A topic linked by the section just before is not linked again (no run of the same link).
                "topics": [
                    t for t in (topics or {}).get(section.anchor, []) if not parts or t not in parts[-1]["all_topics"]
                ],
                "all_topics": (topics or {}).get(section.anchor, []),
                "edition_anchor": (edition_changes or {}).get(section.anchor),
                "incomplete": ruleset.incomplete if section.level == 1 else None,
                "text": markup.safe("".join(text for _, text in blocks)),
                "calculators": (calculators or {}).get(section.anchor, []),
                "house": house_marks(ruleset.id).get(section.anchor, []),
            }
        )
    result.markdown = markup.render(
        "chapter.md",
        page=page,
        planner=planner,
        ruleset=ruleset,
        parts=parts,
        added_note=ADDED_NOTE,
        editions=editions,
        provenance=document.provenance,
        front_matter=document.front_matter,
    )
    return result


def render_index(document: Document, terms: list[Term], quick: bool = False, planner: bool = False) -> str:
    """A ruleset's start page: what the document is, its quick reference, glossary and calculators
    (each where it sits in the rules), and every section, one tap away."""
    rules = RULESETS.get(document.ruleset.id)
    # Each links to the calculator itself (its title links the rule): a player who taps "Charge" wants to roll.
    calculators = [(calc.title, name) for name, calc in CALCULATORS.items() if rules and calc.supports(rules)]
    return markup.render(
        "ruleset-index.md",
        ruleset=document.ruleset,
        terms=terms,
        quick=quick,
        planner=planner,
        calculators=calculators,
        sections=list(document.root.walk()),
    )


def render_glossary(ruleset: RulesText, terms: list[Term], uses: dict[str, list[Section]]) -> str:
    """Every term with its definition in our words and the sections that use it."""
    used_in = [(term, list({s.anchor: s for s in uses.get(term.name, [])}.values())) for term in terms]
    return markup.render("glossary.md", ruleset=ruleset, terms=used_in)


def render_home_list(rulesets: list[tuple[RulesText, Document]]) -> str:
    """The ruleset picker on the home page."""
    return markup.render(
        "home-list.md", rulesets=[(ruleset, len(document.sections()) - 1) for ruleset, document in rulesets]
    )


def render_assumptions() -> str:
    """Each assumption the calculators may use, with an anchor a result can link to."""
    from rulescore.rulebooks import ASSUMPTIONS, PLAYED_OTHERWISE

    return markup.render("assumptions.md", assumptions=list(ASSUMPTIONS.values()), otherwise=PLAYED_OTHERWISE)
