"""Per-ruleset glossaries: game terms in our own words, shown as tap definitions on the pages."""

from __future__ import annotations

from dataclasses import dataclass

from rulescore.address import slugify
from rulescore.rules_folder import RulesFileError, RulesFolder, line_of
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


def load_glossary(ruleset: Ruleset, rules: RulesFolder) -> list[Term]:
    """The ruleset's terms, its own first, then those it inherits that it does not redefine."""
    file = rules.get(f"{ruleset.id}/{GLOSSARY}")
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
        inherited = rules.get(f"{parent}/{GLOSSARY}")
        if inherited is None:
            raise RulesFileError(path, line_of(raw, "inherit"), f"inherits from '{parent}', which has no {GLOSSARY}")
        for entry in inherited.data.get("term", []):
            if entry["name"].lower() not in terms and entry["name"] not in data.get("drop", ()):
                forms = (entry["name"], *entry.get("also", ()))
                terms[entry["name"].lower()] = Term(entry["name"], entry["definition"].strip(), forms)
    return sorted(terms.values(), key=lambda t: t.name.lower())
