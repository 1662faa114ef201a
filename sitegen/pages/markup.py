"""The one Jinja environment for the site's blocks and pages (sitegen/pages/templates/) and the
calculators' forms (calculators/): autoescaped, so a
value from a rules text or a TOML file is HTML-escaped unless it is already safe Markup."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import jinja2
import markupsafe
from markupsafe import Markup

from rulescore import RULESETS
from rulescore.web.address import section_href
from sitegen.pages.escape import MARKDOWN_SPECIALS, escape_text

TEMPLATES = Path(__file__).resolve().parent / "templates"
CALCULATOR_TEMPLATES = Path(__file__).resolve().parents[2] / "calculators"  # form.html, tabs.html


def _yaml(value: str) -> Markup:
    """A front matter string: JSON's double-quoted form is valid YAML."""
    return Markup(json.dumps(value, ensure_ascii=False))


def _md(value: str) -> Markup:
    """A plain-text title as Markdown inline text (escaped for both Markdown and HTML)."""
    return Markup(escape_text(value, True, False))


def _plain(value: str) -> Markup:
    """A rules file's plain text (a title, a definition) where Markdown reads it: every character shows as
    written, so `[x](javascript:...)` or `{: onclick=... }` in a value is text, not a link or an attribute."""
    return Markup(markupsafe.escape(MARKDOWN_SPECIALS.sub(r"\\\1", str(value))))


_environment = jinja2.Environment(
    loader=jinja2.FileSystemLoader(TEMPLATES),
    autoescape=True,
    undefined=jinja2.StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
    keep_trailing_newline=True,
)
_environment.filters["yaml"] = _yaml
_environment.filters["md"] = _md
_environment.filters["plain"] = _plain


def address(ruleset_id: str, section: str | None = None, root: str = "", page: bool = True) -> str:
    """A section of a ruleset's text, as a template links it: its Markdown page by default, its URL
    with `page=False` (in raw HTML). `root` leads from the page's folder to the docs root."""
    return section_href(RULESETS[ruleset_id], section, root, page)


_environment.globals["address"] = address


# The calculators' HTML keeps its template's own line breaks (no block trimming).
_forms = jinja2.Environment(
    loader=jinja2.FileSystemLoader(CALCULATOR_TEMPLATES), autoescape=True, undefined=jinja2.StrictUndefined
)


def render(template: str, /, **values: Any) -> str:
    return _environment.get_template(template).render(**values)


def render_form(template: str, /, **values: Any) -> str:
    """A template of calculators/ (form.html, tabs.html)."""
    return _forms.get_template(template).render(**values)


def safe(html: str) -> Markup:
    """HTML made by our own code (already escaped where it needed to be)."""
    return Markup(html)


@functools.cache
def macros(name: str) -> Any:
    """A template's macros, to call from Python (each returns Markup)."""
    return _environment.get_template(name).module
