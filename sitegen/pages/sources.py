"""The rulesets on disk: one folder each under rules/, holding a text and ruleset.toml."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from rulescore.reading.folder import RulesFileError, RulesFolder, TomlFile, line_of, read_toml

METADATA = "ruleset.toml"
ID_PATTERN = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
FORMATS = ("text", "markdown")
HEADING_STYLES = ("title", "numbered", "lowercase", "allcaps", "titlecase", "markdown")

# Field name -> (type, required). Anything else in the file is a typo we refuse.
FIELDS: dict[str, tuple[type | tuple[type, ...], bool]] = {
    "id": (str, True),
    "title": (str, True),
    "game": (str, True),
    "edition": (str, True),
    "year": (int, False),
    "document": (str, True),
    "dice": (list, True),
    "order": (int, False),
    "source": (str, True),
    "format": (str, True),
    "chapter": (str, True),
    "incomplete": (str, False),
    "parse": (dict, False),
    "cited_as": (dict, False),
    "not_held": (list, False),  # references to parts of the book the site does not hold (tests/test_references.py)
}


@dataclass(frozen=True)
class HeadingRule:
    """A line of the text that is a heading at a given level, named in the metadata."""

    text: str
    level: int


@dataclass(frozen=True)
class AddedHeading:
    """A heading the source lost, put back before the paragraph starting with `before`."""

    before: str
    title: str
    level: int


@dataclass(frozen=True)
class RulesText:
    """One rules text and what we know about it."""

    id: str
    title: str
    game: str
    edition: str
    document: str
    dice: tuple[str, ...]
    source_path: Path
    metadata_path: Path
    format: str
    chapter: str
    order: int = 100
    year: int | None = None
    incomplete: str | None = None
    provenance_lines: tuple[str, ...] = ()
    heading_styles: dict[str, int] = field(default_factory=dict)
    headings: tuple[HeadingRule, ...] = ()
    added_headings: tuple[AddedHeading, ...] = ()
    cited_as: dict[str, tuple[str, ...]] = field(default_factory=dict)  # section anchor -> other names it is cited by
    not_held: tuple[str, ...] = ()  # references to parts of the book this site does not hold

    @property
    def folder(self) -> Path:
        return self.metadata_path.parent

    def text(self) -> str:
        data = self.source_path.read_bytes()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            line = data[: error.start].count(b"\n") + 1
            raise RulesFileError(self.source_path, line, f"not UTF-8 text ({error.reason})") from None
        if self.format == "markdown":
            check_markdown(self.source_path, text)
        return text


# What a contributed Markdown text may not carry onto a page: raw HTML, a link that runs or reads
# something (javascript:, data:, file:), an image from anywhere (images are never held from outside),
# attributes of its own (attr_list's `{: onclick=... }`). Each built page is checked again as a whole
# (sitegen/finishing/page_safety.py); these name the line.
RAW_HTML = re.compile(r"<[A-Za-z!/?]")
LINK = re.compile(r"(!?)\[[^\]]*\]\(\s*<?([^)\s>]*)")
IMAGE = re.compile(r"!\[[^\]]*\](?:\(\s*<?([^)\s>]*)|\[([^\]]*)\])?")
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?([^\s>]*)")
ATTRIBUTES = re.compile(r"(?<!\\)\{[^}]*\}")
SAFE_SCHEME = re.compile(r"^(https?:|mailto:|#|\.{0,2}/|[\w.-]+(/|\.md|#|$))", re.IGNORECASE)


def _unsafe_target(target: str) -> bool:
    return ":" in target.split("/")[0] and not SAFE_SCHEME.match(target)


def check_markdown(path: Path, text: str) -> None:
    """Refuse, naming the line, what a Markdown source must not put on a page."""
    for number, line in enumerate(text.splitlines(), start=1):
        if RAW_HTML.search(line):
            raise RulesFileError(path, number, "raw HTML in a Markdown text: write it as plain Markdown")
        image = IMAGE.search(line)
        if image:
            shown = image.group(1) or image.group(2) or image.group(0)
            raise RulesFileError(path, number, f"an image ({shown[:40]}): a rules text may not show images")
        targets = [target for _, target in LINK.findall(line)]
        reference = REFERENCE.match(line)
        if reference:
            targets.append(reference.group(1))
        for target in targets:
            if _unsafe_target(target):
                raise RulesFileError(path, number, f"a link to '{target[:40]}': only http(s) and mailto links")
        braces = ATTRIBUTES.search(line)
        if braces:
            raise RulesFileError(
                path,
                number,
                f"an attribute list ({braces.group(0)[:40]}): a rules text sets no attributes of its own; "
                "write a brace as \\{ to show it",
            )


def _check_level(path: Path, raw: str, what: str, level: object) -> int:
    if not isinstance(level, int) or isinstance(level, bool) or not 1 <= level <= 4:
        raise RulesFileError(path, line_of(raw, what), f"{what}: level must be a whole number from 1 to 4")
    return level


def load_ruleset(folder: Path, file: TomlFile | None = None) -> RulesText:
    """Check one ruleset folder's ruleset.toml (`file`, as rules/ was read; else read now); a problem
    raises RulesFileError naming file and line."""
    path = folder / METADATA
    if file is None:
        if not path.is_file():
            raise RulesFileError(path, None, f"missing {METADATA} (every folder in rules/ needs one)")
        file = read_toml(path)
    raw, data = file.raw, file.data

    for name in data:
        if name not in FIELDS:
            raise RulesFileError(path, line_of(raw, name), f"unknown field '{name}'")
    for name, (kind, required) in FIELDS.items():
        if name not in data:
            if required:
                raise RulesFileError(path, 1, f"missing required field '{name}'")  # at the top, where it goes
            continue
        value = data[name]
        if not isinstance(value, kind) or isinstance(value, bool):
            raise RulesFileError(
                path, line_of(raw, name), f"field '{name}' must be a {getattr(kind, '__name__', kind)}"
            )

    if data["id"] != folder.name or not ID_PATTERN.match(data["id"]):
        raise RulesFileError(
            path,
            line_of(raw, "id"),
            f"id '{data['id']}' must equal the folder name '{folder.name}' (lowercase words and dashes)",
        )
    if data["format"] not in FORMATS:
        raise RulesFileError(path, line_of(raw, "format"), f"format must be one of {', '.join(FORMATS)}")
    source_path = folder / data["source"]
    if not source_path.is_file() or source_path.parent != folder:
        raise RulesFileError(path, line_of(raw, "source"), f"source file '{data['source']}' is not in {folder}")

    parse = data.get("parse", {})
    for name in parse:
        if name not in ("provenance_lines", "heading_styles", "headings", "added_headings"):
            raise RulesFileError(path, line_of(raw, name), f"unknown field 'parse.{name}'")
    styles = parse.get("heading_styles", {})
    for style, level in styles.items():
        if style not in HEADING_STYLES:
            raise RulesFileError(
                path, line_of(raw, style), f"unknown heading style '{style}' (known: {', '.join(HEADING_STYLES)})"
            )
        _check_level(path, raw, style, level)
    headings = []
    for entry in parse.get("headings", []):
        if not isinstance(entry.get("text"), str) or set(entry) != {"text", "level"}:
            raise RulesFileError(
                path, line_of(raw, "[[parse.headings]]"), "each [[parse.headings]] needs exactly text and level"
            )
        headings.append(HeadingRule(entry["text"], _check_level(path, raw, entry["text"], entry["level"])))
    added = []
    for entry in parse.get("added_headings", []):
        if set(entry) != {"before", "title", "level"} or not all(
            isinstance(entry[k], str) for k in ("before", "title")
        ):
            raise RulesFileError(
                path,
                line_of(raw, "[[parse.added_headings]]"),
                "each [[parse.added_headings]] needs before, title and level",
            )
        added.append(
            AddedHeading(entry["before"], entry["title"], _check_level(path, raw, entry["before"], entry["level"]))
        )

    cited_as = {}
    for anchor, names in data.get("cited_as", {}).items():
        if not isinstance(names, list) or not all(isinstance(name, str) and name.strip() for name in names):
            raise RulesFileError(
                path, line_of(raw, anchor), f'[cited_as] {anchor} must be a list of names, e.g. ["Rush"]'
            )
        cited_as[anchor] = tuple(names)

    return RulesText(
        id=data["id"],
        title=data["title"],
        game=data["game"],
        edition=data["edition"],
        document=data["document"],
        dice=tuple(data["dice"]),
        source_path=source_path,
        metadata_path=path,
        format=data["format"],
        chapter=data["chapter"],
        order=data.get("order", 100),
        year=data.get("year"),
        incomplete=data.get("incomplete"),
        provenance_lines=tuple(parse.get("provenance_lines", ())),
        heading_styles=dict(styles),
        headings=tuple(headings),
        added_headings=tuple(added),
        cited_as=cited_as,
        not_held=tuple(data.get("not_held", ())),
    )


def load_rulesets(rules: RulesFolder) -> list[RulesText]:
    """Every ruleset folder of rules/, in the order players see them."""
    if not rules.folders:
        raise RulesFileError(rules.root, None, "no ruleset folders found")
    rulesets = [load_ruleset(rules.root / name, rules.get(f"{name}/{METADATA}")) for name in rules.folders]
    return sorted(rulesets, key=lambda r: (r.order, r.id))
