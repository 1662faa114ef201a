"""Everything the build reads from rules/, parsed and rendered once per build."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rulescore import RULESETS
from rulescore.compare import rulesets_for
from rulescore.reading.folder import RulesFileError, RulesFolder
from rulescore.reference import lines
from rulescore.route.read import plannable
from rulescore.ruleset import Ruleset
from rulescore.web.terms import Term, load_glossary
from sitegen.pages import compare, markup
from sitegen.pages.calculators import placements
from sitegen.pages.chapters import RenderedChapter, chapter_page, render_chapter, render_glossary, render_index
from sitegen.pages.editions import Editions, changed_sections, edition_changes, render_editions
from sitegen.pages.page import Page
from sitegen.pages.parse import Document, Section, check_outline, parse
from sitegen.pages.sources import RulesText, load_rulesets


@dataclass
class RulesetPages:
    """One ruleset: its parsed text, glossary and the Markdown of its pages by site path."""

    ruleset: RulesText
    document: Document
    terms: list[Term]
    chapter: RenderedChapter
    pages: dict[str, str]


@dataclass
class Content:
    """The rulesets' own pages, and the pages that compare them."""

    rulesets: list[RulesetPages]
    topics: list[compare.Topic]
    compare_pages: dict[str, str] = field(default_factory=dict)
    editions: Editions | None = None

    @property
    def glossaries(self) -> dict[str, list[Term]]:
        """Each ruleset's game terms, for the pages that show its words away from its own."""
        return {item.ruleset.id: item.terms for item in self.rulesets}


def check_citations(documents: dict[str, Document], rulesets: Mapping[str, Ruleset] = RULESETS) -> None:
    """Every section a ruleset's numbers cite is a section of its text (an inherited number, of the
    inheriting ruleset's text too), and what a value says is written there."""
    for ruleset_id, document in documents.items():
        anchors = document.anchors()
        for citation in rulesets[ruleset_id].citations:
            section, path = citation.section, citation.path
            inherited = "" if path.parent.name == ruleset_id else f" (inherited by {ruleset_id})"
            if section not in anchors:
                raise RulesFileError(
                    path,
                    citation.line,
                    f"no section '{section}' in the {ruleset_id} text{inherited}; "
                    f"its sections are listed on its contents page",
                )
            # What a value says is where a house rule marks the text: its words must be there, as written.
            if citation.says and _plain(citation.says) not in section_text(anchors[section]):
                raise RulesFileError(
                    path,
                    citation.says_line,
                    f"'{citation.says[:60]}' is not in section '{section}' of the {ruleset_id} text{inherited}: "
                    "says quotes the text's own words",
                )


def _plain(text: str) -> str:
    return " ".join(text.split())


def section_text(section: Section) -> str:
    """A section's own text as one line, its words as the source writes them."""
    return _plain(" ".join(block.text for block in section.blocks))


def load_content(rules: RulesFolder, engine: str = "mkdocs") -> Content:
    """Parse and render every ruleset and the compare pages, each page once for this engine; the first
    broken file raises RulesFileError."""
    rulesets = load_rulesets(rules)
    documents = {ruleset.id: parse(ruleset) for ruleset in rulesets}
    for ruleset in rulesets:
        check_outline(documents[ruleset.id], ruleset.folder / "outline.txt")
    check_citations(documents)
    topics, _ = compare.load_topics(rules, documents)
    by_section = compare.topics_by_section(topics)
    editions = edition_changes(rules, documents)
    changed = changed_sections(editions)
    glossaries = {ruleset.id: load_glossary(ruleset.id, rules) for ruleset in rulesets}
    loaded = []
    for ruleset in rulesets:
        document, terms, source = documents[ruleset.id], glossaries[ruleset.id], rules.root / ruleset.id
        placed = placements(ruleset.id)
        chapter_at = Page(chapter_page(ruleset), source, engine, (ruleset.id,) if placed else ())
        chapter = render_chapter(
            document,
            terms,
            chapter_at,
            placed,
            by_section.get(ruleset.id, {}),
            changed.get(ruleset.id, {}),
            editions,
            plannable(RULESETS[ruleset.id]),
        )
        quick = bool(lines(RULESETS[ruleset.id]))  # a text without numbers.toml has no quick reference yet
        planner = plannable(RULESETS[ruleset.id])
        pages = {
            f"{ruleset.id}/index.md": render_index(document, terms, quick=quick, planner=planner),
            chapter_at.path: chapter_at.told(chapter.markdown),
        }
        if quick:
            pages[f"{ruleset.id}/quick.md"] = compare.render_quick(ruleset.id, document, terms, planner)
        if planner:
            route_at = Page(f"{ruleset.id}/route.md", source, engine, (ruleset.id,))
            pages[route_at.path] = route_at.told(markup.render("route.md", page=route_at, ruleset=ruleset))
        if terms:
            pages[f"{ruleset.id}/glossary.md"] = render_glossary(ruleset, terms, chapter.term_uses)
        loaded.append(RulesetPages(ruleset, document, terms, chapter, pages))
    content = Content(loaded, topics, editions=editions)
    pages = {"compare/index.md": compare.render_index(topics, documents, editions)}
    for topic in topics:
        if topic.compared:
            page = Page(
                f"compare/{topic.id}.md",
                rules.root / compare.TOPICS,
                engine,
                tuple(rulesets_for(topic.calculator)) if topic.calculator else (),
            )
            pages[page.path] = page.told(compare.render_topic(topic, documents, glossaries, page))
    if editions:
        pages[editions.path] = render_editions(documents, editions)
    content.compare_pages = pages
    return content
