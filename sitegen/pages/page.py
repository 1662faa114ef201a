"""One page of the docs tree, built once: where it is, how its links lead back to the site root for
the engine at hand, and the rulesets its calculators answer in (a page with calculators loads their
script and carries those rulesets' game terms). Templates call the page for its calculators."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from markupsafe import Markup

from rulescore import RULESETS
from rulescore.compare import rulesets_for
from rulescore.reading.folder import RulesFileError
from sitegen.pages import markup
from sitegen.pages.calculators import render_all, render_calculator, render_compare


def root_of(path: str) -> str:
    """The way back to the site root from a page's URL: "mordheim-1999/movement.md" -> "../../"."""
    if path == "index.md":
        return ""
    depth = path.count("/") + (0 if path.endswith("/index.md") else 1)
    return "../" * depth


def links_root(path: str, engine: str) -> str:
    """The root as the engine reads links in raw HTML. MkDocs leaves them as written (so from the
    page's URL); Zensical reads them from the Markdown file, as it does Markdown links."""
    return root_of(path) if engine == "mkdocs" else "../" * path.count("/")


@dataclass(frozen=True)
class Page:
    path: str  # in the docs tree: "mordheim-1999/movement.md"
    source: Path  # what it is made from, named in a build error
    engine: str
    answers_in: tuple[str, ...] = ()  # rulesets its calculators answer in, in the players' order

    @property
    def root(self) -> str:
        return root_of(self.path)

    @property
    def links(self) -> str:
        return links_root(self.path, self.engine)

    @property
    def calculators(self) -> bool:
        """Does it carry a calculator (the theme then starts Python for it)."""
        return bool(self.answers_in)

    def calculator(self, name: str, ruleset_id: str) -> Markup:
        """One ruleset's calculator, its answer worked out now."""
        self._answers(ruleset_id)
        return markup.safe(render_calculator(name, ruleset_id, self.root, f"calc-{name}", self.links))

    def compare(self, name: str) -> Markup:
        """One calculator for every ruleset that has it, side by side."""
        for ruleset_id in rulesets_for(name):
            self._answers(ruleset_id)
        return markup.safe(render_compare(name, self.root, f"compare-{name}", self.links))

    def every_calculator(self) -> Markup:
        for ruleset_id in RULESETS:
            self._answers(ruleset_id)
        return markup.safe(render_all(self.root, self.links))

    def _answers(self, ruleset_id: str) -> None:
        # The script and the terms are decided with the page; a calculator it was not made for is our bug.
        if ruleset_id not in self.answers_in:
            raise RulesFileError(self.source, None, f"{self.path} shows a {ruleset_id} calculator it was not made for")
