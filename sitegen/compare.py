"""Compare pages: each shared topic across rulesets, the diff of two editions, quick references."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import NamedTuple

from rulescore import RULESETS
from rulescore.mechanics import CALCULATORS
from rulescore.reference import lines
from rulescore.rule import RulesFileError
from rulescore.rules_folder import RulesFolder, line_of
from sitegen import markup
from sitegen.escape import escape_text
from sitegen.glossary import Term
from sitegen.inline import explain_terms
from sitegen.parse import Document, Section

TOPICS = "topics.toml"
EDITION_NOTES = "edition-notes.toml"
EDITION_FIELDS = ("old", "new", "page", "title", "old_label", "new_label")


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
    return topics, only


def line_of_topic(raw: str, number: int) -> int | None:
    """The line of the `number`-th [[topic]] header."""
    headers = [n for n, line in enumerate(raw.splitlines(), start=1) if line.strip() == "[[topic]]"]
    return headers[number - 1] if number <= len(headers) else None


def _check_sections(path: Path, raw: str, sections: dict, documents: dict[str, Document], where: str) -> None:
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


def render_topic(topic: Topic, documents: dict[str, Document], glossaries: dict[str, list[Term]]) -> str:
    """One topic: summary of numbers, each ruleset's text (tabs on a phone, side by side when wide)."""
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
            )
            for anchor in topic.sections[ruleset_id]
        ]
        texts.append((RULESETS[ruleset_id], sections))
    return markup.render("compare-topic.md", topic=topic, texts=texts)


def _normalise(word: str) -> str:
    # Typography is not a rules change: curly and straight quotes, dashes and hyphens compare equal.
    return word.translate(str.maketrans("‘’“”–—", "''\"\"--"))


def word_diff(old: str, new: str) -> list[tuple[str, str]]:
    """(kind, words) runs: "equal", "delete" (only in the old text) or "insert" (only in the new)."""
    a, b = old.split(), new.split()
    matcher = difflib.SequenceMatcher(a=[_normalise(w) for w in a], b=[_normalise(w) for w in b], autojunk=False)
    runs = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            runs.append(("equal", " ".join(b[j1:j2])))
        if op in ("delete", "replace"):
            runs.append(("delete", " ".join(a[i1:i2])))
        if op in ("insert", "replace"):
            runs.append(("insert", " ".join(b[j1:j2])))
    return runs


def section_words(section: Section) -> str:
    return " ".join(block.text for block in section.blocks)


class EditionChange(NamedTuple):
    """One pair of matching sections of the two editions, word-diffed, with our notes."""

    old_anchor: str
    new_anchor: str
    runs: list
    notes: list[str]

    @property
    def changed(self) -> bool:
        return bool(self.notes) or any(kind != "equal" for kind, _ in self.runs)


class Editions(NamedTuple):
    """Two editions of one game, diffed: which rulesets (edition-notes.toml says), the page and its words."""

    old: str
    new: str
    page: str
    title: str
    old_label: str
    new_label: str
    changes: list[EditionChange]

    @property
    def path(self) -> str:
        return f"compare/{self.page}.md"

    @property
    def game(self) -> str:
        return RULESETS[self.old].game


def edition_changes(rules: RulesFolder, documents: dict[str, Document]) -> Editions | None:
    """Every matching section pair of the two editions edition-notes.toml names, diffed once per
    build (the diff page and the chapters' links to it both read this); None without that file."""
    if EDITION_NOTES not in rules:
        return None
    path, raw, data = rules[EDITION_NOTES].path, rules[EDITION_NOTES].raw, rules[EDITION_NOTES].data
    for field in EDITION_FIELDS:
        if not isinstance(data.get(field), str) or not data[field].strip():
            raise RulesFileError(
                path, line_of(raw, field), f'needs {field} = "..." (one of {", ".join(EDITION_FIELDS)})'
            )
    for field in ("old", "new"):
        if data[field] not in documents:
            raise RulesFileError(
                path, line_of(raw, f"{field} ="), f"{field}: '{data[field]}' is not a ruleset in rules/"
            )
    old, new = documents[data["old"]].anchors(), documents[data["new"]].anchors()
    pairs = {anchor: anchor for anchor in old if anchor in new} | data.get("pairs", {})
    notes: dict[str, list[str]] = {}
    for change in data.get("change", []):
        if not isinstance(change.get("section"), str) or not isinstance(change.get("note"), str):
            raise RulesFileError(path, line_of(raw, "[[change]]"), "each [[change]] needs section and note")
        if change["section"] not in pairs:
            raise RulesFileError(
                path, line_of(raw, f'section = "{change["section"]}"'), f"no matching sections '{change['section']}'"
            )
        notes.setdefault(change["section"], []).append(change["note"])
    changes = [
        EditionChange(o, n, word_diff(section_words(old[o]), section_words(new[n])), notes.get(o, []))
        for o, n in pairs.items()
    ]
    return Editions(*(data[field] for field in EDITION_FIELDS), changes)


def changed_sections(editions: Editions | None) -> dict[str, dict[str, str]]:
    """ruleset id -> section anchor -> its place on the edition diff page, for each section that changed."""
    found: dict[str, dict[str, str]] = {}
    for change in editions.changes if editions else []:
        if change.changed:
            found.setdefault(editions.old, {})[change.old_anchor] = change.new_anchor
            found.setdefault(editions.new, {})[change.new_anchor] = change.new_anchor
    return found


def render_editions(documents: dict[str, Document], editions: Editions) -> str:
    """The older edition against the newer, section by section, changes marked."""
    new = documents[editions.new].anchors()
    changed = [(change, new[change.new_anchor].title) for change in editions.changes if change.changed]
    paired = {change.new_anchor for change in editions.changes}
    return markup.render(
        "editions.md",
        changed=changed,
        unchanged=len(editions.changes) - len(changed),
        editions=editions,
        old=RULESETS[editions.old],
        new=RULESETS[editions.new],
        only_new=[(a, section) for a, section in new.items() if a not in paired],
    )


def render_quick(ruleset_id: str, document: Document, terms: list[Term]) -> str:
    """One phone screen (and one printed page) with every number of the movement phase, its game
    terms explained on tap (first use in each row)."""
    rows = []
    for line in lines(RULESETS[ruleset_id]):
        seen: set[str] = set()
        label, text = (markup.safe(explain_terms(words, terms, True, seen)) for words in (line.label, line.text))
        rows.append((label, text, document.anchors()[line.rule.section] if line.rule and line.rule.section else None))
    return markup.render("quick.md", ruleset=document.ruleset, rows=rows)


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
