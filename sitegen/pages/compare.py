"""Compare pages: each shared topic across rulesets, and each ruleset's quick reference."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from rulescore import RULESETS
from rulescore.framework.mechanic import CHARACTERISTIC_TEST
from rulescore.reading.folder import RulesFileError, RulesFolder, line_of
from rulescore.reference import lines
from rulescore.rulebooks import CALCULATORS, MECHANICS
from rulescore.web.terms import Term
from sitegen.pages import markup
from sitegen.pages.editions import Editions
from sitegen.pages.escape import escape_text
from sitegen.pages.house_marks import house_marks
from sitegen.pages.inline import explain_terms
from sitegen.pages.page import Page
from sitegen.pages.parse import Document, Section

TOPICS = "topics.toml"


class Topic(NamedTuple):
    id: str
    title: str
    calculator: str | None
    sections: dict[str, list[str]]  # ruleset id -> section anchors, in the order shown

    @property
    def compared(self) -> bool:
        """Held by two rulesets or more: only then has it a compare page and links to one."""
        return len(self.sections) > 1


def load_topics(rules: RulesFolder, documents: dict[str, Document]) -> tuple[list[Topic], dict[str, list[str]]]:
    """The topic map and the ruleset-only sections; every anchor named must exist."""
    if TOPICS not in rules:
        raise RulesFileError(rules.root / TOPICS, None, "missing: the topics the compare pages are made of")
    path, raw, data = rules[TOPICS].path, rules[TOPICS].raw, rules[TOPICS].data
    for key in data:
        if key not in ("topic", "ruleset_only"):
            raise RulesFileError(path, line_of(raw, key), f"unknown key '{key}' (known: [[topic]], [ruleset_only])")
    topics = []
    seen: set[str] = set()
    for number, entry in enumerate(data.get("topic", []), start=1):
        where = line_of_topic(raw, number)
        for key in ("id", "title"):
            if not isinstance(entry.get(key), str) or not entry[key].strip():
                raise RulesFileError(
                    path, where, f'topic {number} needs {key} = "..." (every [[topic]] has an id and a title)'
                )
        if entry["id"] in seen:
            raise RulesFileError(path, where, f"topic id '{entry['id']}' is used twice")
        seen.add(entry["id"])
        if entry.get("calculator") is not None and entry["calculator"] not in CALCULATORS:
            raise RulesFileError(
                path,
                line_of(raw, f'calculator = "{entry["calculator"]}"'),
                f"unknown calculator '{entry['calculator']}' (known: {', '.join(CALCULATORS)})",
            )
        sections = {key: value for key, value in entry.items() if key not in ("id", "title", "calculator")}
        _check_sections(path, raw, sections, documents, f"topic '{entry['id']}'")
        topics.append(Topic(entry["id"], entry["title"], entry.get("calculator"), sections))
    only = data.get("ruleset_only", {})
    _check_sections(path, raw, only, documents, "[ruleset_only]")
    _check_lines(path, {topic.id for topic in topics})
    return topics, only


def _check_lines(path: Path, known: set[str]) -> None:
    """Each mechanic's quick-reference lines name a topic here: one that named nothing would be left out of
    every compare table without a word."""
    for rules in RULESETS.values():
        for mechanic in MECHANICS:
            for line in mechanic.lines(rules):
                if line.topic != CHARACTERISTIC_TEST and line.topic not in known:
                    raise RulesFileError(
                        path,
                        None,
                        f"the {mechanic.name} mechanic's line '{line.label}' ({rules.title}) names topic "
                        f"'{line.topic}', which no [[topic]] here has: add it, or name one of {', '.join(sorted(known))}",
                    )


def line_of_topic(raw: str, number: int) -> int | None:
    """The line of the `number`-th [[topic]] header."""
    headers = [n for n, line in enumerate(raw.splitlines(), start=1) if line.strip() == "[[topic]]"]
    return headers[number - 1] if number <= len(headers) else None


def _check_sections(path: Path, raw: str, sections: dict[str, Any], documents: dict[str, Document], where: str) -> None:
    for ruleset_id, anchors in sections.items():
        if ruleset_id not in documents:
            raise RulesFileError(
                path,
                line_of(raw, f"{ruleset_id} ="),
                f"unknown ruleset '{ruleset_id}' in {where} (known: {', '.join(documents)})",
            )
        if not isinstance(anchors, list) or not all(isinstance(anchor, str) for anchor in anchors):
            raise RulesFileError(
                path,
                line_of(raw, f"{ruleset_id} ="),
                f'{ruleset_id} in {where} must be a list of section anchors, e.g. ["charge"]',
            )
        for anchor in anchors:
            if anchor not in documents[ruleset_id].anchors():
                raise RulesFileError(
                    path,
                    line_of(raw, f'"{anchor}"'),
                    f"{ruleset_id} has no section '{anchor}' (its anchors are on its contents page)",
                )


def topics_by_section(topics: list[Topic]) -> dict[str, dict[str, list[Topic]]]:
    """ruleset id -> section anchor -> the topics it belongs to (for the links on rule pages)."""
    found: dict[str, dict[str, list[Topic]]] = {}
    for topic in (topic for topic in topics if topic.compared):
        for ruleset_id, anchors in topic.sections.items():
            for anchor in anchors:
                found.setdefault(ruleset_id, {}).setdefault(anchor, []).append(topic)
    return found


def _section_text(section: Section, source_is_markdown: bool, terms: list[Term]) -> list[str]:
    """A section's text, escaped, as Markdown lines, its game terms explained on tap (first use)."""
    seen: set[str] = set()

    def text(words: str) -> str:
        return explain_terms(words, terms, True, seen, source_is_markdown)

    out = []
    for block in section.blocks:
        if block.kind == "list":
            out += [f"- {text(line.strip()[1:].strip())}" for _, line in block.lines]
        elif block.kind == "figure":
            out.append(f"*{escape_text(block.text, True, False)}*")
        else:
            out.append(text(block.text.strip()))
        out.append("")
    return out


def summary_table(topic: Topic, glossaries: dict[str, list[Term]], root: str = "../../") -> str:
    """The numbers that differ, from rulescore's definitions, a column per ruleset (a card each on a
    phone); each cell's game terms explained on tap as its own ruleset means them."""
    columns = [RULESETS[r] for r in RULESETS if r in topic.sections]
    by_label: dict[str, dict[str, object]] = {}
    for rules in columns:
        for line in lines(rules):
            if line.topic == topic.id:
                by_label.setdefault(line.label, {})[rules.id] = (
                    line,
                    markup.safe(explain_terms(line.text, glossaries.get(rules.id, []))),
                )
    if not by_label:
        return ""
    return markup.render("compare-table.html", columns=columns, rows=list(by_label.items()), root=root)


def render_topic(topic: Topic, documents: dict[str, Document], glossaries: dict[str, list[Term]], page: Page) -> str:
    """One topic: summary of numbers, a calculator for all, each ruleset's text (one under the other on a
    phone, side by side when wide)."""
    texts = []
    for ruleset_id in [r for r in RULESETS if r in topic.sections]:
        document = documents[ruleset_id]
        markdown = document.ruleset.format == "markdown"
        sections = [
            (
                document.anchors()[anchor],
                [
                    markup.safe(line)
                    for line in _section_text(document.anchors()[anchor], markdown, glossaries[ruleset_id])
                ],
                house_marks(ruleset_id).get(anchor, []),  # what a table plays otherwise here, marked as on its page
            )
            for anchor in topic.sections[ruleset_id]
        ]
        texts.append((RULESETS[ruleset_id], sections))
    return markup.render(
        "compare-topic.md",
        page=page,
        topic=topic,
        texts=texts,
        # A text a table may play otherwise is marked by the calculators' script: loaded for that alone too.
        marked=any(marks for _, sections in texts for _, _, marks in sections),
        table=markup.safe(summary_table(topic, glossaries, page.links)),
    )


def render_quick(ruleset_id: str, document: Document, terms: list[Term], planner: bool = False) -> str:
    """One phone screen (and one printed page) with every number of the movement phase, its game
    terms explained on tap (first use in each row)."""
    rows = []
    for line in lines(RULESETS[ruleset_id]):
        seen: set[str] = set()
        label, text = (markup.safe(explain_terms(words, terms, True, seen)) for words in (line.label, line.text))
        rows.append((label, text, document.anchors()[line.rule.section] if line.rule and line.rule.section else None))
    return markup.render("quick.md", ruleset=document.ruleset, rows=rows, planner=planner)


def render_index(topics: list[Topic], documents: dict[str, Document], editions: Editions | None) -> str:
    """Every compared topic, then the topics only one text holds, linked to that text."""
    return markup.render(
        "compare-index.md",
        quick=[r for r in RULESETS.values() if lines(r)],
        editions=editions,
        old_title=RULESETS[editions.old].title if editions else "",
        topics=[(t, [RULESETS[r] for r in RULESETS if r in t.sections]) for t in topics if t.compared],
        alone=[
            (t, RULESETS[r], documents[r].anchors()[t.sections[r][0]])
            for t in topics
            if not t.compared
            for r in t.sections
        ],
    )
