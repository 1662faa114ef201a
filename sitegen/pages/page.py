"""One page of the docs tree, built once: where it is, how its links lead back to the site root for
the engine at hand, and the rulesets its calculators answer in (a page with calculators loads their
script and carries those rulesets' game terms). Templates call the page for its calculators, and the page
keeps where each is opened, which its front matter then tells the theme (`near`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from markupsafe import Markup

from rulescore import RULESETS
from rulescore.compare import rulesets_for
from rulescore.entry import describe
from rulescore.reading.folder import RulesFileError
from rulescore.web.address import section_href
from sitegen.pages import markup
from sitegen.pages.calculators import every_placed, render_all, render_calculator, render_compare


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
    # "anchor:file" for each place a calculator is opened from, as the templates render them (see opens)
    opened: list[str] = field(default_factory=list, compare=False)

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

    def calculator(self, name: str, ruleset_id: str, first: bool = False) -> Markup:
        """One ruleset's calculator, its answer worked out now; `first`: the page opens with it."""
        self._answers(ruleset_id)
        section = describe(name, RULESETS[ruleset_id]).get("section")
        rule = section_href(RULESETS[ruleset_id], section, page=True) if section else ""
        # Its rule's own anchor opens it too when the rule is the section it sits in, on this page.
        here = rule.partition("#")[2] if rule.startswith(f"{self.path}#") else None
        self.opens(f"calc-{name}", f"{ruleset_id}-{name}", first, here)
        return markup.safe(render_calculator(name, ruleset_id, self.root, f"calc-{name}", self.links))

    def compare(self, name: str) -> Markup:
        """One calculator for every ruleset that has it, side by side: what its page is for (it opens with it)."""
        for ruleset_id in rulesets_for(name):
            self._answers(ruleset_id)
        self.opens(f"compare-{name}", f"compare-{name}", first=True)
        return markup.safe(render_compare(name, self.root, f"compare-{name}", self.links))

    def every_calculator(self) -> Markup:
        for ruleset_id in RULESETS:
            self._answers(ruleset_id)
        for ruleset_id, name, element_id in every_placed():
            self.opens(element_id, f"{ruleset_id}-{name}", first=not self.opened)
        return markup.safe(render_all(self.root, self.links))

    def opens(self, element_id: str, file: str, first: bool = False, anchor: str | None = None) -> None:
        """Where a calculator is opened from (its own id; its rule's anchor; the page's top, when the page
        opens with it, #51) and the file of its stored answers: the page asks for that file at once when
        opened there."""
        self.opened.extend([f":{file}"] * first + [f"{element_id}:{file}"] + [f"{anchor}:{file}"] * bool(anchor))

    def told(self, markdown: str) -> str:
        """The page's Markdown with where its calculators are opened in its front matter, for the theme."""
        if not self.opened:
            return markdown
        start, _, rest = markdown.partition("\n")
        if start != "---":  # the theme reads `calculators: true` there too: a page without it is our bug
            raise RulesFileError(self.source, 1, f"{self.path} shows calculators but has no front matter")
        return f'{start}\nnear: "{" ".join(self.opened)}"\n{rest}'

    def _answers(self, ruleset_id: str) -> None:
        # The script and the terms are decided with the page; a calculator it was not made for is our bug.
        if ruleset_id not in self.answers_in:
            raise RulesFileError(self.source, None, f"{self.path} shows a {ruleset_id} calculator it was not made for")
