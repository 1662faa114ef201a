"""Everything the build reads from rules/, parsed and rendered once per build."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sitegen.calculators import placements
from sitegen.glossary import Term, load_glossary
from sitegen.pages import RenderedChapter, chapter_slug, render_chapter, render_glossary, render_index
from sitegen.parse import Document, parse
from sitegen.sources import Ruleset, load_rulesets


@dataclass
class RulesetPages:
    """One ruleset: its parsed text, glossary and the Markdown of its pages by site path."""

    ruleset: Ruleset
    document: Document
    terms: list[Term]
    chapter: RenderedChapter
    pages: dict[str, str]


def load_content(rules_dir: Path) -> list[RulesetPages]:
    """Parse and render every ruleset; the first broken file raises SourceError."""
    loaded = []
    for ruleset in load_rulesets(rules_dir):
        document = parse(ruleset)
        terms = load_glossary(ruleset, rules_dir)
        chapter = render_chapter(document, terms, placements(ruleset.id))
        pages = {
            f"{ruleset.id}/index.md": render_index(document, terms),
            f"{ruleset.id}/{chapter_slug(ruleset)}.md": chapter.markdown,
        }
        if terms:
            pages[f"{ruleset.id}/glossary.md"] = render_glossary(ruleset, terms, chapter.term_uses)
        loaded.append(RulesetPages(ruleset, document, terms, chapter, pages))
    return loaded
