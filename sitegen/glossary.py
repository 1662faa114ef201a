"""Per-ruleset glossaries: game terms in our own words, shown as tap definitions on the pages."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rulescore.address import slugify
from sitegen.errors import SourceError, line_of, read_toml
from sitegen.sources import GLOSSARY, Ruleset


@dataclass(frozen=True)
class Term:
    """A game term as this ruleset means it."""

    name: str
    definition: str
    forms: tuple[str, ...]  # the spellings that stand for it in the text

    @property
    def anchor(self) -> str:
        return slugify(self.name)


def load_glossary(ruleset: Ruleset, rules_dir: Path) -> list[Term]:
    """The ruleset's terms, its own first, then those it inherits that it does not redefine."""
    path = ruleset.folder / GLOSSARY
    if not path.is_file():
        return []
    raw, data = read_toml(path)
    terms: dict[str, Term] = {}
    for entry in data.get("term", []):
        if not isinstance(entry.get("name"), str) or not isinstance(entry.get("definition"), str):
            raise SourceError(path, line_of(raw, "[[term]]"), "each [[term]] needs a name and a definition")
        forms = (entry["name"], *entry.get("also", ()))
        terms[entry["name"].lower()] = Term(entry["name"], entry["definition"].strip(), forms)
    parent = data.get("inherit")
    if parent:
        parent_path = rules_dir / parent / GLOSSARY
        if not parent_path.is_file():
            raise SourceError(path, line_of(raw, "inherit"), f"inherits from '{parent}', which has no {GLOSSARY}")
        for entry in read_toml(parent_path)[1].get("term", []):
            if entry["name"].lower() not in terms and entry["name"] not in data.get("drop", ()):
                forms = (entry["name"], *entry.get("also", ()))
                terms[entry["name"].lower()] = Term(entry["name"], entry["definition"].strip(), forms)
    return sorted(terms.values(), key=lambda t: t.name.lower())
