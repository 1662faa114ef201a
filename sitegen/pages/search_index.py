"""What the site's search reads: every rules section, glossary entry, compare page, reading of ours and
route planner, as plain sentences in one JSON file (assets/search.json) that the page indexes.

Made from what the build parsed and rendered, never from an engine's pages, so both engines' sites
carry the same bytes; each sentence is the text as the page shows it, so a result's sentence can be
found and marked on the page it opens.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, NamedTuple

import markdown

from rulescore import RULESETS
from rulescore.route.read import plannable
from rulescore.rulebooks import ASSUMPTIONS
from rulescore.web.address import assumption_href, section_href
from sitegen.pages.content import Content
from sitegen.pages.house_marks import house_marks
from sitegen.pages.parse import NUMBERING, Section
from sitegen.pages.search_limits import check_index, check_section

# A sentence ends at . ! or ? (and a closing quote or bracket) before the capital or number that opens the
# next: "8" rather than 4"). Note that" splits, "eg, because" and "4.5" do not.
SENTENCE_END = re.compile(r"(?<=[.!?])([\"”’)]*)\s+(?=[\"“‘(]?[A-Z0-9])")
# Blocks whose text is read as one piece each: a paragraph, a list item, a table cell.
PIECES = {"p", "li", "td", "th", "dd", "dt"}
LISTS = {"ul", "ol"}
# Version of this file's shape: the page refuses a file of another shape rather than misreading it.
SHAPE = 2
ROUTE_PLANNER = (
    "Plan a whole move leg by leg (moving, climbing, jumping a gap or down, charging) "
    "and see the chance to complete it."
)


class Piece(NamedTuple):
    """A paragraph, list item or table cell as a reader sees it; for a list item, the place among the block's
    pieces of the piece before its list (-1: the piece before the block), which leads the list in where it
    ends with ":" ("A hidden warrior is spotted if:")."""

    text: str
    led_by: int | None = None


class _Text(HTMLParser):
    """The text of rendered Markdown, one piece per paragraph or list item, as a reader sees it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.pieces: list[Piece] = []
        self._open: list[str] = []
        self._lists: list[int | None] = []  # each open list's lead-in, innermost last
        self._items: list[int | None] = []  # each open list item's lead-in, innermost last

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in PIECES:
            self.flush()
        if tag in LISTS:
            # The piece before the list, a lead-in if it ends with ":" (read where the section is put together);
            # -1 is the piece before the block. A list inside an item is led by none: the item is no piece yet.
            self._lists.append(None if self._items else len(self.pieces) - 1)
        if tag == "li":
            self._items.append(self._lists[-1] if self._lists else None)

    def handle_endtag(self, tag: str) -> None:
        if tag in PIECES:
            self.flush()
        if tag in LISTS and self._lists:
            self._lists.pop()
        if tag == "li" and self._items:
            self._items.pop()

    def handle_data(self, data: str) -> None:
        self._open.append(data)

    def flush(self) -> None:
        text = " ".join("".join(self._open).split())
        if text:
            self.pieces.append(Piece(text, self._items[-1] if self._items else None))
        self._open = []


_MARKDOWN = markdown.Markdown(extensions=["abbr", "attr_list", "md_in_html"])


def pieces(markdown_text: str) -> list[Piece]:
    """A block of a page's Markdown (inline HTML included) as the text a reader sees, piece by piece."""
    _MARKDOWN.reset()
    parser = _Text()
    parser.feed(_MARKDOWN.convert(markdown_text))
    parser.close()
    parser.flush()  # the text after the last block's end
    return parser.pieces


def sentences(text: str) -> list[str]:
    """A piece of text, sentence by sentence."""
    parts = SENTENCE_END.split(text)
    # split() keeps the closing quotes it matched between the sentences: they belong to the one before.
    found = [parts[0]]
    for index in range(1, len(parts), 2):
        found[-1] += parts[index]
        found.append(parts[index + 1])
    return [sentence.strip() for sentence in found if sentence.strip()]


def _entry(kind: str, ruleset: str, title: str, place: str, url: str, texts: list[Piece]) -> dict[str, Any]:
    said: list[str] = []
    ends: list[int] = []  # where each piece's last sentence is
    leads: list[list[int]] = []  # [a list item's sentence, its lead-in's]
    for piece in texts:
        for sentence in sentences(piece.text):
            if piece.led_by is not None:
                leads.append([len(said), ends[piece.led_by]])
            said.append(sentence)
        ends.append(len(said) - 1)
    entry: dict[str, Any] = {"kind": kind, "ruleset": ruleset, "title": title, "place": place, "url": url}
    return entry | {"sentences": said} | ({"leads": leads} if leads else {})


def _pieces(blocks: Iterable[str]) -> list[Piece]:
    """A section's blocks as one run of pieces, each list item led by the piece before its list where that
    piece is a lead-in (ends with ":"), counted where it stands in the run."""
    found: list[Piece] = []
    for block in blocks:
        start = len(found)
        for piece in pieces(block):
            lead = None if piece.led_by is None else start + piece.led_by
            led = lead is not None and lead >= 0 and found[lead].text.endswith(":")
            found.append(piece._replace(led_by=lead if led else None))
    return found


def _sections(root: Section) -> Iterator[tuple[Section, list[str]]]:
    """Every section under `root` with the titles of the sections it stands in (the chapter's first)."""
    stack: list[tuple[Section, list[str]]] = [(root, [])]
    while stack:
        section, above = stack.pop()
        yield section, above
        stack.extend((child, [*above, section.title]) for child in reversed(section.children))


def _house(ruleset: str, anchor: str, said: list[str]) -> list[list[int | str]]:
    """[sentence, rule, its name] for each value of the section a table may play otherwise, at the sentence
    that states it: a result showing that sentence says the table plays it otherwise (#63)."""
    found: list[list[int | str]] = []
    for mark in house_marks(ruleset).get(anchor, []):
        at = next((n for n, sentence in enumerate(said) if mark["says"] in " ".join(sentence.split())), None)
        if at is not None:
            found.append([at, mark["rule"], mark["label"]])
    return found


def entries(content: Content) -> list[dict[str, Any]]:
    """Everything search finds, rules sections first, each ruleset in the site's order."""
    found: list[dict[str, Any]] = []
    for item in content.rulesets:
        ruleset = item.ruleset.id
        for section, above in _sections(item.document.root):
            texts = _pieces(text for _, text in item.chapter.texts.get(section.anchor, []))
            if not texts and section.children:
                continue  # a heading over its subsections: they are found themselves
            place = " › ".join(NUMBERING.sub("", title) for title in above)
            entry = _entry(
                "rule", ruleset, section.title, place, section_href(RULESETS[ruleset], section.anchor), texts or []
            )
            check_section(item.ruleset.source_path, section.line, section.title, place, entry["sentences"])
            house = _house(ruleset, section.anchor, entry["sentences"])
            found.append(entry | ({"house": house} if house else {}))
    for item in content.rulesets:
        for term in item.terms:
            url = f"{item.ruleset.id}/glossary/#{term.anchor}"
            found.append(_entry("term", item.ruleset.id, term.name, "Glossary", url, [Piece(term.definition)]))
    titles = {item.ruleset.id: item.ruleset.title for item in content.rulesets}
    for topic in content.topics:
        if topic.compared:
            held = ", ".join(titles[ruleset] for ruleset in topic.sections if ruleset in titles)
            text = f"{topic.title} side by side, as {held} each write it."
            found.append(_entry("compare", "", topic.title, "Compare", f"compare/{topic.id}/", [Piece(text)]))
    for assumption in ASSUMPTIONS.values():
        url = assumption_href(assumption.id)
        found.append(_entry("reading", "", assumption.title, "Assumptions", url, [Piece(assumption.text)]))
    return found


def search_index(content: Content, words: Callable[[list[str]], dict[str, list[str]]]) -> bytes:
    """assets/search.json: the rulesets in the site's order, every entry, and the players' words for the
    texts' (`words`, given every text the index holds), the same bytes for the same texts."""
    found = entries(content)
    for item in content.rulesets:
        if plannable(RULESETS[item.ruleset.id]):
            url = f"{item.ruleset.id}/route/"
            found.append(_entry("tool", item.ruleset.id, "Plan a move", "Route planner", url, [Piece(ROUTE_PLANNER)]))
    said = words([text for entry in found for text in [entry["title"], *entry["sentences"]]])
    rules = content.rulesets[0].ruleset.folder.parent if content.rulesets else Path("rules")
    check_index(rules, found, len(content.rulesets), said)
    index = {
        "shape": SHAPE,
        "rulesets": [
            {"id": item.ruleset.id, "title": item.ruleset.title, "document": item.ruleset.document}
            for item in content.rulesets
        ],
        "entries": found,
        "words": said,
    }
    return json.dumps(index, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
