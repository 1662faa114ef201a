"""The last look at every built page before it replaces the site: nothing on it runs script from an
attribute, links to a script URL, or loads a file from another origin.

The rules files are checked where they are read (`file:line: reason`); this catches whatever gets past
those checks through a template or a Markdown extension of either engine, so no page carries it.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

# Attributes whose value is an address the browser follows or loads.
ADDRESSES = {"href", "src", "action", "formaction", "poster", "data", "srcset", "xlink:href", "manifest", "background"}
# Of those, the ones that load a file into the page rather than lead to another page.
LOADED = {"src", "poster", "data", "srcset", "manifest", "background"}
SCRIPT_SCHEMES = re.compile(r"^(javascript|vbscript|data|file):", re.IGNORECASE)
ELSEWHERE = re.compile(r"^([a-z][a-z0-9+.-]*:|//)", re.IGNORECASE)
# A <link> that loads into the page; rel="canonical" or "alternate" only names an address.
LOADING_LINKS = {"stylesheet", "icon", "preload", "modulepreload", "prefetch", "manifest", "apple-touch-icon"}
# Browsers drop these from a URL before they read its scheme ("java\tscript:" is still javascript:).
IGNORED_IN_URLS = re.compile(r"[\x00-\x20\x7f]")


class UnsafePage(Exception):
    """A built page that carries what no page of the site may: where, and what."""


class _Checker(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        rels = set()
        for name, value in attrs:
            if name == "rel" and value:
                rels = set(value.lower().split())
        for name, value in attrs:
            value = value or ""
            if name.startswith("on"):
                self.found.append(f"<{tag} {name}=...> (an event handler)")
                continue
            if tag == "meta" and name == "http-equiv" and value.lower() == "refresh":
                self.found.append("<meta http-equiv=refresh> (a redirect)")
            if name not in ADDRESSES:
                continue
            address = IGNORED_IN_URLS.sub("", value)
            if SCRIPT_SCHEMES.match(address):
                self.found.append(f"<{tag} {name}={address[:40]!r}> (a script or data address)")
            elif ELSEWHERE.match(address) and (name in LOADED or (tag == "link" and rels & LOADING_LINKS)):
                self.found.append(f"<{tag} {name}={address[:60]!r}> (a file from another origin)")
        if tag == "base":
            self.found.append("<base> (it would move every link)")

    handle_startendtag = handle_starttag


def problems(html: str) -> list[str]:
    """What on one page no page of the site may carry, each said once."""
    checker = _Checker()
    checker.feed(html)
    checker.close()
    return list(dict.fromkeys(checker.found))


def check_site(site: Path) -> None:
    """Raise UnsafePage naming the first page (and all it carries) that fails."""
    for page in sorted(site.rglob("*.html")):
        found = problems(page.read_text(encoding="utf-8"))
        if found:
            raise UnsafePage(f"{page.relative_to(site)}: {'; '.join(found)}")
