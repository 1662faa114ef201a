"""The bounds the page's search keeps on its index, read from the one place they are declared
(search/limits.js), and a rules text held to them at its file and line: past one, the page would refuse
the whole index and search would not start on any page (#64, item 2)."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from rulescore.reading.folder import RulesFileError

DECLARED = Path(__file__).resolve().parents[2] / "search" / "limits.js"
_OBJECT = re.compile(r"export const LIMITS = Object\.freeze\((\{.*?\})\);", re.DOTALL)


@cache
def limits() -> dict[str, int]:
    found = _OBJECT.search(DECLARED.read_text(encoding="utf-8"))
    if not found:
        raise RuntimeError(f"{DECLARED}: no `export const LIMITS = Object.freeze({{...}});` to read")
    return {str(key): int(value) for key, value in json.loads(found.group(1)).items()}


def _line_of(source: Path, sentence: str, after: int | None) -> int | None:
    """The line of `source` where `sentence` begins (its first words), at or after the section's heading."""
    words = " ".join(sentence.split()[:6])
    lines = source.read_text(encoding="utf-8").splitlines()
    for number in range((after or 1), len(lines) + 1):
        if words and words in " ".join(lines[number - 1].split()):
            return number
    return after


def check_section(source: Path, line: int | None, title: str, place: str, sentences: list[str]) -> None:
    """One section of a rules text as search holds it: RulesFileError at the section (or the sentence)."""
    most = limits()
    if len(title) > most["title"] or len(place) > most["place"]:
        raise RulesFileError(
            source,
            line,
            f"the heading '{title[:40]}…' and those above it are longer than search holds "
            f"({most['title']} characters a heading, {most['place']} the headings above it)",
        )
    if len(sentences) > most["sentences"]:
        raise RulesFileError(
            source,
            line,
            f"the section '{title[:40]}' has {len(sentences)} sentences: search holds at most "
            f"{most['sentences']} a section (give it subsections)",
        )
    for sentence in sentences:
        if len(sentence) > most["sentence"]:
            raise RulesFileError(
                source,
                _line_of(source, sentence, line),
                f"a sentence of {len(sentence)} characters: search holds at most {most['sentence']} "
                f"(it begins '{sentence[:40]}…')",
            )


def check_index(rules: Path, entries: list[dict[str, Any]], rulesets: int, words: dict[str, list[str]]) -> None:
    """The whole index as the page reads it, after each text's sections were checked at their lines: what
    is left (a glossary's definition, a reading, the count of entries, the players' words) said at rules/."""
    most = limits()
    if len(entries) > most["entries"] or rulesets > most["entries"]:
        raise RulesFileError(
            rules,
            None,
            f"the texts have {len(entries)} sections and entries to search: search holds at most {most['entries']}",
        )
    for entry in entries:
        check_section(rules, None, entry["title"], entry["place"], entry["sentences"])
    if len(words) > most["words"] or any(
        len(word) > most["word"] or len(terms) > most["said"] or any(len(t) > most["word"] for t in terms)
        for word, terms in words.items()
    ):
        raise RulesFileError(rules, None, f"the texts reach more players' words than search holds ({most['words']})")
