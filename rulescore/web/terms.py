"""A ruleset's game terms (glossary.toml, in our own words) and where a text uses them: the rules pages mark
a term's first use in each section at build time, a calculator's answer its first use in the answer, here
and live in the worker alike."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import NamedTuple

from rulescore.reading.anchors import slugify
from rulescore.reading.folder import GLOSSARY, RulesFileError, TomlFile, line_of, rules_files

# html.escape's table, without importing html (whose html.entities costs 30-40 ms of a browser start).
_HTML = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def escape(text: str) -> str:
    """Text made safe inside HTML and attribute values, as html.escape does."""
    return str(text).translate(_HTML)


class Term(NamedTuple):
    """A game term as this ruleset means it (a NamedTuple, not a dataclass: dataclasses would add 44 KB of
    standard library to the browser's download)."""

    name: str
    definition: str
    forms: tuple[str, ...]  # the spellings that stand for it in the text

    @property
    def pattern(self) -> re.Pattern[str]:
        return _pattern(self.forms)

    @property
    def anchor(self) -> str:
        return slugify(self.name)


@cache
def _pattern(forms: tuple[str, ...]) -> re.Pattern[str]:
    # Longest spelling first, so "charge bonus" is found before "charge".
    spelled = "|".join(re.escape(form) for form in sorted(forms, key=len, reverse=True))
    return re.compile(rf"\b(?:{spelled})\b", re.IGNORECASE)


def load_glossary(ruleset_id: str, files: Mapping[str, TomlFile]) -> list[Term]:
    """The ruleset's terms, its own first, then those it inherits that it does not redefine."""
    file = files.get(f"{ruleset_id}/{GLOSSARY}")
    if file is None:
        return []
    path, raw, data = file.path, file.raw, file.data
    terms: dict[str, Term] = {}
    for entry in data.get("term", []):
        if not isinstance(entry.get("name"), str) or not isinstance(entry.get("definition"), str):
            raise RulesFileError(path, line_of(raw, "[[term]]"), "each [[term]] needs a name and a definition")
        if entry["name"].lower() in terms:  # the second would silently replace the first
            line = [n for n, text in enumerate(raw.splitlines(), start=1) if entry["name"] in text and "name" in text]
            raise RulesFileError(path, line[-1] if line else None, f"the term '{entry['name']}' is defined twice")
        forms = (entry["name"], *entry.get("also", ()))
        terms[entry["name"].lower()] = Term(entry["name"], entry["definition"].strip(), forms)
    parent = data.get("inherit")
    if parent:
        inherited = files.get(f"{parent}/{GLOSSARY}")
        if inherited is None:
            raise RulesFileError(path, line_of(raw, "inherit"), f"inherits from '{parent}', which has no {GLOSSARY}")
        for entry in inherited.data.get("term", []):
            if entry["name"].lower() not in terms and entry["name"] not in data.get("drop", ()):
                forms = (entry["name"], *entry.get("also", ()))
                terms[entry["name"].lower()] = Term(entry["name"], entry["definition"].strip(), forms)
    return sorted(terms.values(), key=lambda t: t.name.lower())


@cache
def glossary(ruleset_id: str) -> tuple[Term, ...]:
    """A ruleset's terms as the wheel (or the checkout's rules/) holds them, read once; their patterns and
    index are made now, so a saved start holds them too."""
    terms = tuple(load_glossary(ruleset_id, rules_files()))
    for term in terms:
        _ = term.pattern
    _by_first_word(terms)
    return terms


# A text's words as \b sees them: a term's spelling can only match where its first word stands whole.
WORD = re.compile(r"\w+")


@cache
def _by_first_word(terms: tuple[Term, ...]) -> dict[str, tuple[Term, ...]]:
    """Each spelling's first word (lower case) -> the terms that may start there."""
    found: dict[str, list[Term]] = {}
    for term in terms:
        for form in term.forms:
            words = WORD.findall(form.lower())
            if words and term not in found.setdefault(words[0], []):
                found[words[0]].append(term)
    return {word: tuple(near) for word, near in found.items()}


def find_terms(text: str, terms: tuple[Term, ...] | list[Term], already: set[str]) -> list[tuple[int, int, Term]]:
    """First use of each term in `text` not yet marked (`already`, which this adds to); where two overlap,
    the one that starts first (or, starting together, the longer) is kept."""
    return _find(text, terms, _by_first_word(tuple(terms)), already)


def _find(
    text: str, terms: tuple[Term, ...] | list[Term], starts: dict[str, tuple[Term, ...]], already: set[str]
) -> list[tuple[int, int, Term]]:
    # Only the terms whose first word the text holds are searched (most texts of an answer hold none).
    near = {term.name for word in set(WORD.findall(text.lower())) & starts.keys() for term in starts[word]}
    found = []
    for term in terms:
        if term.name not in near or term.name in already:
            continue
        match = term.pattern.search(text)
        if match:
            found.append((match.start(), match.end(), term))
    found.sort(key=lambda span: (span[0], -(span[1] - span[0])))
    kept, end = [], -1
    for start, stop, term in found:
        if start >= end:
            kept.append((start, stop, term))
            already.add(term.name)
            end = stop
    return kept


# A definition in an attribute stays text where Markdown reads the page (a rules text written in Markdown):
# its characters that Markdown acts on, even inside a tag, are written as character references.
MARKDOWN_IN_ATTRIBUTE = str.maketrans({c: f"&#{ord(c)};" for c in "\\`*_[]{}|"})


def term_html(term: Term, shown: str) -> str:
    """A term explained on tap (assets/terms.js shows the title on hover, tap and keyboard focus)."""
    title = escape(term.definition).translate(MARKDOWN_IN_ATTRIBUTE)
    return f'<abbr class="term" title="{title}" tabindex="0">{escape(shown)}</abbr>'


class Marker:
    """Escapes the texts of one answer in the order the page shows them, marking each term's first use."""

    def __init__(self, terms: tuple[Term, ...] | list[Term]) -> None:
        self.terms, self.seen = tuple(terms), set[str]()
        self.starts = _by_first_word(self.terms)

    def __call__(self, text: str) -> str:
        text = str(text)
        out, cursor = [], 0
        for start, stop, term in _find(text, self.terms, self.starts, self.seen):
            out += [escape(text[cursor:start]), term_html(term, text[start:stop])]
            cursor = stop
        out.append(escape(text[cursor:]))
        return "".join(out)
