"""Two editions of one game side by side: which sections changed, word by word, with our notes."""

from __future__ import annotations

import difflib
from typing import NamedTuple

from rulescore import RULESETS
from rulescore.reading.folder import RulesFileError, RulesFolder, line_of
from sitegen.pages import markup
from sitegen.pages.parse import Document, Section

EDITION_NOTES = "edition-notes.toml"
EDITION_FIELDS = ("old", "new", "page", "title", "old_label", "new_label")


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
    runs: list[tuple[str, str]]
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
    old_id, new_id, page, title, old_label, new_label = (str(data[field]) for field in EDITION_FIELDS)
    return Editions(old_id, new_id, page, title, old_label, new_label, changes)


def changed_sections(editions: Editions | None) -> dict[str, dict[str, str]]:
    """ruleset id -> section anchor -> its place on the edition diff page, for each section that changed."""
    found: dict[str, dict[str, str]] = {}
    if editions is None:
        return found
    for change in editions.changes:
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
