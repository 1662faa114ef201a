"""A rules text as a tree of sections: chapter, section, subsection, each with its own text.

The texts mark headings in several ways (numbered lines, lowercase lines, ALL-CAPS lines, Title
Case lines, markdown `#`); each ruleset's metadata says which of those count and at what level.
Nothing in the body is dropped or changed: a block keeps its source lines and line numbers.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from rulescore.reading.anchors import slugify
from rulescore.reading.folder import RulesFileError, line_of
from sitegen.pages.inline import normalise
from sitegen.pages.sources import RulesText

MAX_HEADING_WORDS = 6
FIGURE = re.compile(r"^\[\s*image\s*\]\s*", re.IGNORECASE)
BULLET = re.compile(r"^\s*[-*+]\s+")
MARKDOWN_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
# "3. Charge!" or "1.3 Rushing": a number with a dot, or numbers joined by dots.
NUMBERED = re.compile(r"^\d+(?:\.\d+)*\.\s+\S|^\d+(?:\.\d+)+\s+\S")
# The numbering a player leaves out when citing a section: "see Rushing" for "1.3 Rushing".
NUMBERING = re.compile(r"^\d+(?:\.\d+)*\.?\s+")


@dataclass
class Block:
    """A paragraph, a bulleted list or a figure caption, with its source line numbers."""

    kind: str
    lines: list[tuple[int, str]]

    @property
    def text(self) -> str:
        return "\n".join(text for _, text in self.lines)


@dataclass
class Section:
    """A heading and what stands under it until the next heading of the same or a higher level."""

    title: str
    level: int
    anchor: str = ""
    line: int | None = None
    added: bool = False
    blocks: list[Block] = field(default_factory=list)
    children: list[Section] = field(default_factory=list)

    def walk(self) -> Iterator[Section]:
        yield self
        for child in self.children:
            yield from child.walk()


@dataclass
class Document:
    """One parsed rules text: its chapter (the root section) and what the copy says about itself."""

    ruleset: RulesText
    root: Section
    provenance: list[str]
    front_matter: list[tuple[str, str]]

    def sections(self) -> list[Section]:
        return list(self.root.walk())

    def anchors(self) -> dict[str, Section]:
        return {section.anchor: section for section in self.root.walk()}

    def cited_names(self) -> dict[str, str]:
        """Every name the text may cite a section by, normalised, and that section's anchor: its
        title without numbering, its whole title (which wins over a bare one), and the other names
        ruleset.toml gives under [cited_as]."""
        names: dict[str, str] = {}
        for section in self.root.walk():
            names.setdefault(normalise(NUMBERING.sub("", section.title)), section.anchor)
        for section in self.root.walk():
            names[normalise(section.title)] = section.anchor
        for anchor, others in self.ruleset.cited_as.items():
            if anchor not in self.anchors():
                raise RulesFileError(
                    self.ruleset.metadata_path,
                    line_of(self.ruleset.metadata_path.read_text(encoding="utf-8"), anchor),
                    f"[cited_as] names '{anchor}', which is not a section of the text",
                )
            for other in others:
                names[normalise(other)] = anchor
        return names


def _short(line: str) -> bool:
    return len(line.split()) <= MAX_HEADING_WORDS and not re.search(r"[.,;:?]$", line)


def _style_of(line: str, isolated: bool) -> str | None:
    """Which heading look a line has, if any; body sentences never pass these checks."""
    if NUMBERED.match(line) and isolated and _short(line):
        return "numbered"
    if not isolated or not _short(line) or not line[0].isalpha():
        return None
    letters = [c for c in line if c.isalpha()]
    if line[0].islower():
        return "lowercase"
    if all(c.isupper() for c in letters):
        return "allcaps"
    words = [w for w in line.split() if w.isalpha() and len(w) > 3]
    if "," not in line and all(w[0].isupper() for w in words):
        return "titlecase"
    return None


def _split_front_matter(lines: list[str], ruleset: RulesText) -> tuple[list[tuple[str, str]], int]:
    """Front matter between `---` lines at the top: (key, value) pairs and the first body index."""
    if not lines or lines[0].strip() != "---":
        return [], 0
    for end in range(1, len(lines)):
        if lines[end].strip() == "---":
            pairs = []
            for number in range(1, end):
                key, sep, value = lines[number].partition(":")
                if not sep:
                    raise RulesFileError(ruleset.source_path, number + 1, "front matter line is not 'key: value'")
                pairs.append((key.strip(), value.strip().strip('"')))
            return pairs, end + 1
    raise RulesFileError(ruleset.source_path, 1, "front matter opened with '---' is never closed")


def parse(ruleset: RulesText, text: str | None = None) -> Document:
    """Parse a ruleset's text into its section tree; raise RulesFileError on what we cannot read."""
    text = ruleset.text() if text is None else text
    if not text.strip():
        raise RulesFileError(ruleset.source_path, 1, "the rules text is empty")
    lines = text.split("\n")
    front_matter, start = _split_front_matter(lines, ruleset)

    provenance = []
    while start < len(lines) and (not lines[start].strip() or lines[start].strip() in ruleset.provenance_lines):
        if lines[start].strip():
            provenance.append(lines[start].strip())
        start += 1

    explicit = {rule.text: rule.level for rule in ruleset.headings}
    found_explicit: set[str] = set()
    pending_added = list(ruleset.added_headings)
    styles = ruleset.heading_styles

    root: Section | None = None
    stack: list[Section] = []
    markdown_depths: list[int] = []
    orphans: list[Block] = []  # body before any heading: belongs to the chapter
    anchors: dict[str, int | None] = {}  # each section's anchor, and the line that opened it

    def open_section(title: str, level: int, number: int | None, added: bool = False) -> None:
        nonlocal root
        anchor = slugify(title)
        if anchor in anchors:  # a link, a citation and a search result could not tell the two apart
            first = f" (line {anchors[anchor]} has it)" if anchors[anchor] else ""
            raise RulesFileError(
                ruleset.source_path, number, f"a second heading '{title}'{first}: give each its own title"
            )
        anchors[anchor] = number
        section = Section(title=title, level=level, anchor=anchor, line=number, added=added)
        if level == 1:
            if root is not None:
                raise RulesFileError(
                    ruleset.source_path, number, f"a second chapter title '{title}' (only one level-1 heading per text)"
                )
            root = section
            section.blocks.extend(orphans)
            stack[:] = [section]
            return
        if root is None:
            root = Section(title=ruleset.chapter, level=1, anchor=slugify(ruleset.chapter), added=True)
            anchors[root.anchor] = None
            root.blocks.extend(orphans)
            stack[:] = [root]
        while stack[-1].level >= level:
            stack.pop()
        stack[-1].children.append(section)
        stack.append(section)

    def add_body(kind: str, number: int, line: str) -> None:
        target = stack[-1].blocks if stack else orphans
        if kind == "list-item":
            if target and target[-1].kind == "list" and target[-1].lines[-1][0] == number - 1:
                target[-1].lines.append((number, line))
            else:
                target.append(Block("list", [(number, line)]))
        elif (
            kind == "paragraph"
            and ruleset.format == "markdown"
            and target
            and target[-1].kind == "paragraph"
            and target[-1].lines[-1][0] == number - 1
        ):
            target[-1].lines.append((number, line))  # markdown joins wrapped lines into one paragraph
        else:
            target.append(Block(kind, [(number, line)]))

    first_content = True
    for index in range(start, len(lines)):
        raw = lines[index]
        line = raw.strip()
        number = index + 1
        if not line:
            continue
        isolated = (index == start or not lines[index - 1].strip()) and (
            index + 1 >= len(lines) or not lines[index + 1].strip()
        )

        for added in list(pending_added):
            if line.startswith(added.before):
                open_section(added.title, added.level, None, added=True)
                pending_added.remove(added)

        heading_level = None
        title = line
        md = MARKDOWN_HEADING.match(line)
        if line in explicit:
            heading_level = explicit[line]
            found_explicit.add(line)
        elif md and "markdown" in styles:
            depth = len(md.group(1))
            while markdown_depths and markdown_depths[-1] >= depth:
                markdown_depths.pop()
            heading_level = styles["markdown"] + len(markdown_depths)
            markdown_depths.append(depth)
            title = md.group(2)
        elif first_content and "title" in styles:
            heading_level = styles["title"]
        else:
            style = _style_of(line, isolated)
            if style in styles:
                heading_level = styles[style]
        first_content = False

        if heading_level is not None:
            open_section(title, heading_level, number)
        elif BULLET.match(raw):
            add_body("list-item", number, raw)
        elif FIGURE.match(line):
            add_body("figure", number, line)
        else:
            add_body("paragraph", number, raw)

    metadata_text = ruleset.metadata_path.read_text(encoding="utf-8")
    for rule in ruleset.headings:
        if rule.text not in found_explicit:
            raise RulesFileError(
                ruleset.metadata_path,
                line_of(metadata_text, f'"{rule.text}"'),
                f"heading '{rule.text}' is not a line of {ruleset.source_path.name}",
            )
    for added in pending_added:
        raise RulesFileError(
            ruleset.metadata_path,
            line_of(metadata_text, f'"{added.before}"'),
            f"no paragraph of {ruleset.source_path.name} starts with '{added.before}'",
        )
    if root is None or not root.children:
        raise RulesFileError(
            ruleset.source_path, start + 1, "found no section headings (check heading_styles in ruleset.toml)"
        )
    return Document(ruleset=ruleset, root=root, provenance=provenance, front_matter=front_matter)


def check_outline(document: Document, path: Path) -> None:
    """The text's section tree against the one its outline.txt expects (when it has one): the first line
    that differs, with what the text gives there. Where each section starts (@line) is left out: an edit
    that adds a paragraph moves it, and the tree is what the pages, links and topics are made from."""
    if not path.is_file():
        return

    def tree(text: str) -> list[str]:
        return [re.sub(r" @\d+$", "", line) for line in text.splitlines()]

    expected, found = tree(path.read_text(encoding="utf-8")), tree(outline(document))
    for number, (want, got) in enumerate(
        zip(expected + [""] * len(found), found + [""] * len(expected), strict=True), 1
    ):
        if want != got:
            raise RulesFileError(
                path, number, f"the text's sections differ here: the text gives '{got or '(nothing)'}'"
            )


def outline(document: Document) -> str:
    """The section tree as indented text: what the golden tests compare."""
    rows = []
    for section in document.root.walk():
        mark = " (added)" if section.added else ""
        where = f" @{section.line}" if section.line else ""
        rows.append(f"{'  ' * (section.level - 1)}{section.title} #{section.anchor}{mark}{where}")
    return "\n".join(rows) + "\n"
